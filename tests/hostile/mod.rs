//! The hostile-input tests, one file per kind of input.

pub mod alloc_probe;
mod constructors;
mod dims_and_indices;
mod empty_and_0d;
mod shapes;
mod view_ops;

use tensor_view::ViewError;

/// The error's text, failing the test when `r` is `Ok`.
pub fn err_text<T: std::fmt::Debug>(r: Result<T, ViewError>) -> String {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e.to_string(),
    }
}
