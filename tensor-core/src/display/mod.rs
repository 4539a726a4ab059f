//! `Display` for tensors, exactly as PyTorch prints them (`torch/_tensor_str.py`
//! with the default print options), checked against real PyTorch by the
//! generated tests in `pytorch_cases.rs` (`tools/display/cases.py`).
//!
//! - [`summarize`]: which elements are shown (all, or the edges past 1000);
//! - [`formatter`]: how one number is written (PyTorch's `_Formatter`);
//! - [`cells`]: the shown elements as padded texts, per dtype kind;
//! - [`layout`]: the nested brackets and line wrapping;
//! - [`suffixes`]: `size=` and `dtype=` after the elements.
//!
//! This module puts them together inside the `tensor(` ... `)` frame.

mod cells;
mod formatter;
mod layout;
mod suffixes;
mod summarize;

use std::fmt;

use self::summarize::{gather_shown, select, THRESHOLD};
use crate::{Element, Tensor};

/// The opening of every printed tensor; its length is the indent of every
/// line after the first.
const PREFIX: &str = "tensor(";

/// The whole printed form of `tensor`.
fn render<T: Element, S>(tensor: &Tensor<T, S>) -> String {
    let indent = PREFIX.len();
    let body = if tensor.numel() == 0 {
        "[]".to_string()
    } else {
        let dims = select(tensor.shape(), tensor.numel() > THRESHOLD);
        let values = gather_shown(tensor, &dims);
        let (cells, width) = cells::format_cells(&values);
        layout::nested(&cells, &dims, indent, width)
    };
    let suffixes = suffixes::suffixes(T::DTYPE, tensor.shape());
    suffixes::add_suffixes(format!("{PREFIX}{body}"), &suffixes, indent)
}

/// Prints like PyTorch's `print(tensor)` with the default print options.
///
/// ```
/// use tensor_core::Tensor;
/// let x = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
/// assert_eq!(x.to_string(), "tensor([[0., 1.],\n        [2., 3.]])");
/// assert_eq!(Tensor::<i32>::arange(3).to_string(), "tensor([0, 1, 2], dtype=torch.int32)");
/// assert_eq!(Tensor::scalar(3.0f32).to_string(), "tensor(3.)");
/// assert_eq!(Tensor::<f32>::zeros(&[0, 3]).unwrap().to_string(), "tensor([], size=(0, 3))");
/// ```
impl<T: Element, S> fmt::Display for Tensor<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self))
    }
}

#[cfg(test)]
mod pytorch_cases;
#[cfg(test)]
mod tests;
