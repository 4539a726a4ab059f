//! Conversions to and from other array libraries, each behind its own feature.
//!
//! - `ndarray` (feature `ndarray`, on by default in the `tensor-view` crate):
//!   zero-copy `From<ndarray::Array>`, read-locked zero-copy views as
//!   `ndarray::ArrayViewD`, and copying `to_ndarray()`.

#[cfg(feature = "ndarray")]
mod ndarray;

#[cfg(feature = "ndarray")]
pub use self::ndarray::NdarrayView;
