//! What PyTorch appends after the elements: `size=(0, 3)` for empty tensors
//! that are not 1-D, `dtype=torch.int32` for every dtype but the defaults
//! (`float32`, `complex64`, `int64`, `bool`; an empty tensor names any dtype
//! but `float32`), each after `, ` on the last line while it fits in 80
//! columns, else on a new line at the indent (`_add_suffixes`).

use super::layout::LINE_WIDTH;
use crate::DType;

/// The suffixes of a tensor of `dtype` and `shape`.
pub(crate) fn suffixes(dtype: DType, shape: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    if shape.contains(&0) {
        if shape.len() != 1 {
            out.push(format!("size={}", python_tuple(shape)));
        }
        if dtype != DType::F32 {
            out.push(format!("dtype={dtype}"));
        }
    } else if !is_default_dtype(dtype) {
        out.push(format!("dtype={dtype}"));
    }
    out
}

/// Whether PyTorch leaves the dtype of a non-empty tensor unsaid.
fn is_default_dtype(dtype: DType) -> bool {
    matches!(dtype, DType::F32 | DType::C64 | DType::I64 | DType::Bool)
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

/// `text` with the suffixes and the closing `)` (PyTorch's `_add_suffixes`).
pub(crate) fn add_suffixes(mut text: String, suffixes: &[String], indent: usize) -> String {
    // Python: len(s) - s.rfind("\n") + 1, where rfind gives -1 without a newline
    let mut last_line_len = match text.rfind('\n') {
        Some(at) => text.len() - at + 1,
        None => text.len() + 2,
    };
    for suffix in suffixes {
        if last_line_len + suffix.len() + 2 > LINE_WIDTH {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_tensors_name_size_and_dtype() {
        assert_eq!(suffixes(DType::F32, &[0]), Vec::<String>::new());
        assert_eq!(suffixes(DType::I64, &[0]), vec!["dtype=torch.int64"]);
        assert_eq!(
            suffixes(DType::U8, &[2, 0]),
            vec!["size=(2, 0)", "dtype=torch.uint8"]
        );
        assert_eq!(suffixes(DType::I64, &[2]), Vec::<String>::new());
        assert_eq!(suffixes(DType::C128, &[]), vec!["dtype=torch.complex128"]);
    }

    #[test]
    fn a_suffix_that_passes_column_80_starts_a_line() {
        let s = vec!["dtype=torch.int32".to_string()];
        // 59 columns + ", " + 17 + ")" ends at column 80 (Python counts 2 for the `)`)
        let fits = format!("tensor([{}]", "x".repeat(50));
        assert_eq!(
            add_suffixes(fits.clone(), &s, 7),
            format!("{fits}, dtype=torch.int32)")
        );
        let wraps = format!("tensor([{}]", "x".repeat(51));
        assert_eq!(
            add_suffixes(wraps.clone(), &s, 7),
            format!("{wraps},\n       dtype=torch.int32)")
        );
    }
}
