//! The shown elements as padded texts, per dtype kind: PyTorch's
//! `_Formatter` fitted to the shown values, then `_val_formatter`.
//!
//! - bool: `True`/`False`, right-aligned;
//! - integers: Python's `str` of the exact value, right-aligned;
//! - floats: one [`ElementFormatter`] for all values;
//! - complex: one formatter for the real parts and one for the imaginary
//!   parts, joined as `re+imj` / `re-imj` (the imaginary text's own sign, or
//!   `+`, after its padding is stripped).

use super::formatter::ElementFormatter;
use crate::{DType, Element};

/// The formatted shown elements and the padded width of one element (for
/// complex: real width + imaginary width + 1 for the `j`, as `_vector_str`
/// counts it).
pub(crate) fn format_cells<T: Element>(values: &[T]) -> (Vec<String>, usize) {
    let dtype = T::DTYPE;
    if dtype.is_complex() {
        let parts: Vec<(f64, f64)> = values.iter().map(|v| v.to_parts()).collect();
        complex_cells(&parts)
    } else if dtype.is_floating_point() {
        let floats: Vec<f64> = values.iter().map(|v| v.to_parts().0).collect();
        let f = ElementFormatter::for_floats(&floats);
        let cells = floats.iter().map(|&v| f.format_float(v)).collect();
        (cells, f.width())
    } else if dtype == DType::Bool {
        let texts = values.iter().map(|v| {
            if v.to_parts().0 != 0.0 {
                "True".to_string()
            } else {
                "False".to_string()
            }
        });
        text_cells(texts.collect())
    } else {
        // Debug of a Rust integer is its exact decimal value, as Python's str
        text_cells(values.iter().map(|v| format!("{v:?}")).collect())
    }
}

/// Ready texts (integers, bools) right-aligned to the widest.
fn text_cells(texts: Vec<String>) -> (Vec<String>, usize) {
    let f = ElementFormatter::for_texts(texts.iter().map(String::as_str));
    (texts.iter().map(|t| f.pad(t)).collect(), f.width())
}

/// Complex values, each part with its own formatter.
fn complex_cells(parts: &[(f64, f64)]) -> (Vec<String>, usize) {
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
    (cells, fr.width() + fi.width() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Complex;

    #[test]
    fn each_kind_pads_to_its_widest() {
        assert_eq!(
            format_cells(&[true, false]),
            (vec![" True".to_string(), "False".to_string()], 5)
        );
        assert_eq!(
            format_cells(&[-128i8, 7]),
            (vec!["-128".to_string(), "   7".to_string()], 4)
        );
        assert_eq!(
            format_cells(&[0.5f32, -2.0]),
            (vec![" 0.5000".to_string(), "-2.0000".to_string()], 7)
        );
    }

    #[test]
    fn complex_parts_have_their_own_style() {
        let z = [Complex::new(100.0f32, 0.5), Complex::new(-1.0, -0.25)];
        let (cells, width) = format_cells(&z);
        assert_eq!(cells, vec!["100.+0.5000j", " -1.-0.2500j"]);
        assert_eq!(width, 4 + 7 + 1); // "100." and "-0.2500", then the `j`
    }
}
