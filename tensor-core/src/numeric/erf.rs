//! The error function, which Rust's standard library does not offer on
//! stable, in `f64`: a Taylor series near zero and a continued fraction for
//! the complement further out; both accurate to about 1e-13 (relative).
//! The reference the `f32` GELU kernel (`kernels/math.rs`) is tested against.

/// `erf(x)`.
pub(crate) fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let value = if a < 2.5 {
        series(a)
    } else {
        1.0 - complement(a)
    };
    value.copysign(x)
}

/// PyTorch's exact GELU: `x * (1 + erf(x / √2)) / 2`.
pub(crate) fn gelu(x: f64) -> f64 {
    x * 0.5 * (1.0 + erf(x * std::f64::consts::FRAC_1_SQRT_2))
}

/// `erf(x)` for `0 <= x < 2.5` by its Taylor series, summed until the terms
/// stop changing the total.
fn series(x: f64) -> f64 {
    let x2 = x * x;
    let mut power = x; // (-1)^n x^(2n+1) / n!
    let mut total = x;
    for n in 1..200 {
        power *= -x2 / n as f64;
        let term = power / (2 * n + 1) as f64;
        total += term;
        if term.abs() < total.abs() * 1e-17 {
            break;
        }
    }
    total * std::f64::consts::FRAC_2_SQRT_PI
}

/// `erfc(x)` for `x >= 2.5` by its continued fraction
/// `e^(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))`, evaluated from
/// a fixed depth upwards.
pub(crate) fn complement(x: f64) -> f64 {
    let mut tail = x;
    for k in (1..=60).rev() {
        tail = x + (k as f64 / 2.0) / tail;
    }
    (-x * x).exp() / (std::f64::consts::PI.sqrt() * tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_reference_values() {
        // Python's math.erf
        let cases = [
            (0.1, 0.112_462_916_018_284_9),
            (1.0, 0.842_700_792_949_714_9),
            (2.4, 0.999_311_486_103_355),
            (2.6, 0.999_763_965_583_470_7),
            (4.0, 0.999_999_984_582_742_1),
        ];
        for (x, want) in cases {
            assert!((erf(x) - want).abs() < 1e-14, "erf({x}) = {}", erf(x));
            assert!((erf(-x) + want).abs() < 1e-14);
        }
        assert_eq!(erf(40.0), 1.0);
        assert!(erf(f64::NAN).is_nan());
    }

    #[test]
    fn gelu_matches_pytorch() {
        // torch.nn.functional.gelu(torch.tensor([-3., -1., .5, 2.], dtype=torch.float64))
        let cases = [
            (-3.0, -0.004_049_694_094_890_31),
            (-1.0, -0.158_655_253_931_457_02),
            (0.5, 0.345_731_230_637_006_56),
            (2.0, 1.954_499_736_103_641_6),
        ];
        for (x, want) in cases {
            assert!((gelu(x) - want).abs() < 1e-14, "gelu({x}) = {}", gelu(x));
        }
    }
}
