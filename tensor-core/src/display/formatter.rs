//! How one element is written: PyTorch's `_Formatter` rules.
//!
//! PyTorch looks at every value it will print (the summarised ones for big
//! tensors) and picks one style for the whole tensor, so that the columns
//! line up:
//!
//! - integers and bools: Python's `str` (`7`, `-3`, `True`), right-aligned to
//!   the widest;
//! - floats whose non-zero finite values are all whole: `3.` ("int mode");
//! - floats otherwise: four decimals, `0.1235`;
//! - scientific notation, `1.2346e+08`, when the largest non-zero magnitude
//!   is over 1e8, or over 1000 times the smallest, or (not in int mode) the
//!   smallest is under 1e-4.
//!
//! Numbers are formatted as Python formats doubles (`{:.4f}`, `{:.4e}`, with
//! `nan`, `inf`, `-inf`), right-aligned to the widest non-zero finite value.

/// Digits after the point (`torch.set_printoptions(precision=4)`, the default).
pub(crate) const PRECISION: usize = 4;

/// Python's `"{:.{prec}f}".format(value)`: fixed point, half-even on the exact
/// binary value, `nan`/`inf`/`-inf` spelled as Python spells them.
pub(crate) fn python_fixed(value: f64, precision: usize) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    format!("{value:.precision$}")
}

/// Python's `"{:.{prec}e}".format(value)`: one digit, the point, `prec`
/// digits, then `e`, the exponent's sign and at least two exponent digits
/// (`1.0000e-05`).
pub(crate) fn python_scientific(value: f64, precision: usize) -> String {
    if let Some(text) = non_finite(value) {
        return text.to_string();
    }
    let rust = format!("{value:.precision$e}");
    let (mantissa, exponent) = rust
        .split_once('e')
        .expect("Rust's LowerExp always writes an exponent");
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(digits) => ('-', digits),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

/// Python's spelling of a non-finite double, `None` for a finite one.
fn non_finite(value: f64) -> Option<&'static str> {
    if value.is_nan() {
        Some("nan")
    } else if value.is_infinite() {
        Some(if value > 0.0 { "inf" } else { "-inf" })
    } else {
        None
    }
}

/// The style chosen for one tensor (or one part of a complex tensor), and the
/// width every element is padded to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ElementFormatter {
    floating: bool,
    int_mode: bool,
    sci_mode: bool,
    max_width: usize,
}

impl ElementFormatter {
    /// For integer and bool tensors: the texts are Python's `str` of each value.
    pub(crate) fn for_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> ElementFormatter {
        let max_width = texts.into_iter().map(str::len).fold(1, usize::max);
        ElementFormatter {
            floating: false,
            int_mode: true,
            sci_mode: false,
            max_width,
        }
    }

    /// For floating values (read as doubles, as PyTorch's `.item()` gives them).
    pub(crate) fn for_floats(values: &[f64]) -> ElementFormatter {
        let mut f = ElementFormatter {
            floating: true,
            int_mode: true,
            sci_mode: false,
            max_width: 1,
        };
        let shown: Vec<f64> = values
            .iter()
            .copied()
            .filter(|v| v.is_finite() && *v != 0.0)
            .collect();
        if shown.is_empty() {
            return f;
        }
        let (min, max) = shown.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v.abs()), hi.max(v.abs()))
        });
        f.int_mode = shown.iter().all(|v| *v == v.ceil());
        let spread = max / min > 1000.0 || max > 1.0e8;
        f.sci_mode = if f.int_mode {
            spread
        } else {
            spread || min < 1.0e-4
        };
        f.max_width = shown
            .iter()
            .map(|&v| {
                if f.sci_mode {
                    python_scientific(v, PRECISION).len()
                } else if f.int_mode {
                    python_fixed(v, 0).len() + 1
                } else {
                    python_fixed(v, PRECISION).len()
                }
            })
            .fold(1, usize::max);
        f
    }

    /// Width every element is padded to.
    pub(crate) fn width(&self) -> usize {
        self.max_width
    }

    /// A float in the chosen style, right-aligned to [`width`](Self::width).
    pub(crate) fn format_float(&self, value: f64) -> String {
        debug_assert!(self.floating);
        let text = if self.sci_mode {
            python_scientific(value, PRECISION)
        } else if self.int_mode {
            let mut text = python_fixed(value, 0);
            if value.is_finite() {
                text.push('.');
            }
            text
        } else {
            python_fixed(value, PRECISION)
        };
        self.pad(&text)
    }

    /// A ready text (integer or bool) right-aligned to [`width`](Self::width).
    pub(crate) fn pad(&self, text: &str) -> String {
        format!("{text:>width$}", width = self.max_width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_number_spellings() {
        assert_eq!(python_scientific(1e-5, 4), "1.0000e-05");
        assert_eq!(python_scientific(123456789.0, 4), "1.2346e+08");
        assert_eq!(python_scientific(1e100, 4), "1.0000e+100");
        assert_eq!(python_scientific(-0.0, 4), "-0.0000e+00");
        assert_eq!(python_fixed(f64::NAN, 4), "nan");
        assert_eq!(python_fixed(f64::NEG_INFINITY, 0), "-inf");
        // half-even on the exact binary value, as Python
        assert_eq!(python_fixed(0.03125, 4), "0.0312");
        assert_eq!(python_fixed(2.5, 0), "2");
        assert_eq!(python_fixed(2.675, 2), "2.67");
    }

    #[test]
    fn whole_floats_use_int_mode() {
        let f = ElementFormatter::for_floats(&[0.0, 1.0, 15.0]);
        assert_eq!(f.width(), 3);
        assert_eq!(f.format_float(1.0), " 1.");
        assert_eq!(f.format_float(0.0), " 0.");
        assert_eq!(f.format_float(f64::NAN), "nan");
    }

    #[test]
    fn scientific_when_the_range_is_wide() {
        let f = ElementFormatter::for_floats(&[1e-5, 1.0]);
        assert_eq!(f.format_float(1.0), "1.0000e+00");
        let f = ElementFormatter::for_floats(&[1.0, 1001.0]);
        assert_eq!(f.format_float(1.0), "1.0000e+00");
        let f = ElementFormatter::for_floats(&[1.0, 1000.0]);
        assert_eq!(f.format_float(1.0), "   1.");
        let f = ElementFormatter::for_floats(&[0.5, 1.5e8]);
        assert_eq!(f.format_float(0.5), "5.0000e-01");
    }

    #[test]
    fn nothing_finite_and_non_zero_keeps_the_defaults() {
        let f = ElementFormatter::for_floats(&[0.0, f64::INFINITY, -0.0]);
        assert_eq!(f.width(), 1);
        assert_eq!(f.format_float(-0.0), "-0.");
        assert_eq!(f.format_float(f64::INFINITY), "inf");
        assert_eq!(ElementFormatter::for_floats(&[]).format_float(3.0), "3.");
    }

    #[test]
    fn texts_pad_to_the_widest() {
        let f = ElementFormatter::for_texts(["True", "False"]);
        assert_eq!(f.pad("True"), " True");
        assert_eq!(ElementFormatter::for_texts([]).width(), 1);
    }
}
