//! `Display` for tensors, exactly as PyTorch prints them (`torch/_tensor_str.py`
//! with the default print options).
//!
//! - [`formatter`]: how one element is written (PyTorch's `_Formatter`);
//! - [`summarize`]: which elements are shown (all, or the edges past 1000);
//! - [`layout`]: the nested brackets and line wrapping.
//!
//! This module adds the `tensor(` ... `)` frame and the suffixes PyTorch
//! appends: `size=(0, 3)` for empty tensors that are not 1-D, and
//! `dtype=torch.int32` for every dtype but the defaults (`float32`,
//! `complex64`, `int64`, `bool`; an empty tensor names any dtype but `float32`).

mod formatter;
mod layout;
mod summarize;

use std::fmt;

use self::formatter::ElementFormatter;
use self::summarize::{gather_shown, select, THRESHOLD};
use crate::{DType, Element, Tensor};

/// Length of `tensor(`, the indent of every line after the first.
const PREFIX: &str = "tensor(";

/// The formatted shown elements and the padded width of one of them.
fn format_cells<T: Element>(values: &[T]) -> (Vec<String>, usize) {
    let dtype = T::DTYPE;
    if dtype == DType::Bool {
        let texts: Vec<&str> = values
            .iter()
            .map(|v| {
                if v.to_parts().0 != 0.0 {
                    "True"
                } else {
                    "False"
                }
            })
            .collect();
        let f = ElementFormatter::for_texts(texts.iter().copied());
        return (texts.iter().map(|t| f.pad(t)).collect(), f.width());
    }
    if dtype.is_complex() {
        let parts: Vec<(f64, f64)> = values.iter().map(|v| v.to_parts()).collect();
        let re: Vec<f64> = parts.iter().map(|p| p.0).collect();
        let im: Vec<f64> = parts.iter().map(|p| p.1).collect();
        let (fr, fi) = (
            ElementFormatter::for_floats(&re),
            ElementFormatter::for_floats(&im),
        );
        let cells = parts
            .iter()
            .map(|&(r, i)| {
                let real = fr.format_float(r);
                let imag = format!("{}j", fi.format_float(i));
                let imag = imag.trim_start();
                if imag.starts_with(['+', '-']) {
                    format!("{real}{imag}")
                } else {
                    format!("{real}+{imag}")
                }
            })
            .collect();
        return (cells, fr.width() + fi.width() + 1);
    }
    if dtype.is_floating_point() {
        let floats: Vec<f64> = values.iter().map(|v| v.to_parts().0).collect();
        let f = ElementFormatter::for_floats(&floats);
        return (
            floats.iter().map(|&v| f.format_float(v)).collect(),
            f.width(),
        );
    }
    // integers: Python's str of the exact value (Debug prints it in decimal)
    let texts: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    let f = ElementFormatter::for_texts(texts.iter().map(String::as_str));
    (texts.iter().map(|t| f.pad(t)).collect(), f.width())
}

/// Whether PyTorch leaves the dtype of a non-empty tensor unsaid.
fn is_default_dtype(dtype: DType) -> bool {
    matches!(dtype, DType::F32 | DType::C64 | DType::I64 | DType::Bool)
}

/// PyTorch's `_add_suffixes`: `, suffix` on the last line while it fits in 80
/// columns, else on a new line at the indent.
fn add_suffixes(mut text: String, suffixes: &[String], indent: usize) -> String {
    let mut last_line_len = match text.rfind('\n') {
        Some(at) => text.len() - at + 1,
        None => text.len() + 2, // Python: len - (-1) + 1
    };
    for suffix in suffixes {
        if last_line_len + suffix.len() + 2 > layout::LINE_WIDTH {
            text.push_str(",\n");
            text.push_str(&" ".repeat(indent));
            text.push_str(suffix);
            last_line_len = indent + suffix.len();
        } else {
            text.push_str(", ");
            text.push_str(suffix);
            last_line_len += suffix.len() + 2;
        }
    }
    text.push(')');
    text
}

/// Python's `str(tuple(shape))`: `(0, 3)`, `(0,)`.
fn python_tuple(shape: &[usize]) -> String {
    let items: Vec<String> = shape.iter().map(usize::to_string).collect();
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}

/// The whole printed form of `tensor`.
fn render<T: Element, S>(tensor: &Tensor<T, S>) -> String {
    let indent = PREFIX.len();
    let mut suffixes = Vec::new();
    let body = if tensor.numel() == 0 {
        if tensor.dim() != 1 {
            suffixes.push(format!("size={}", python_tuple(tensor.shape())));
        }
        if T::DTYPE != DType::F32 {
            suffixes.push(format!("dtype={}", T::DTYPE));
        }
        "[]".to_string()
    } else {
        if !is_default_dtype(T::DTYPE) {
            suffixes.push(format!("dtype={}", T::DTYPE));
        }
        let dims = select(tensor.shape(), tensor.numel() > THRESHOLD);
        let values = gather_shown(tensor, &dims);
        let (cells, width) = format_cells(&values);
        layout::nested(&cells, &dims, indent, width)
    };
    add_suffixes(format!("{PREFIX}{body}"), &suffixes, indent)
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
mod tests;
