//! `exp`, `log`, `tanh`, `sigmoid` and both GELUs of one `f32` or `f64`,
//! branch-free, so that a loop of them over a slice vectorises.
//!
//! Each function is plain arithmetic, bit operations and selects (no
//! calls, no branches, no tables), written once over [`Real`] and
//! `#[inline(always)]`: inside `map`'s loop over contiguous runs, LLVM
//! turns it into SIMD code for whatever the build targets (SSE2 on baseline
//! x86-64: four `f32` per instruction), with no `unsafe` and no run-time
//! dispatch. Calling libm instead (`f32::exp`) costs a call per element and
//! keeps the loop scalar.
//!
//! Why not a crate: `rten-vecmath` is `f32`-only and brings its own SIMD
//! layer; `simdeez` states 35 ulp for its `f64` and hyperbolic kernels;
//! `sleef` bindings need nightly Rust or a C library. None covers both
//! types at a few ulp.
//!
//! Methods (coefficients fitted for this module by Chebyshev interpolation
//! in 60-digit arithmetic, `mpmath`, then checked in the target type):
//! - `exp`: `x = n ln2 + r`, `|r| <= ln2/2` (`ln2` split in two so `n ln2`
//!   is exact), `e^r = 1 + r + r² Q(r)`, scaled by `2^n` in two halves so
//!   results that underflow to subnormals round once. For `x <= 0`
//!   (softmax's `x - max`, GELU's `e^{-a²}`) `exp_nonpositive_in` skips
//!   the overflow side and the halves: it scales by `2^(n + 64)`, read
//!   off the bits of the rounding sum with one shift (exact: the product
//!   stays normal), then by `2^-64`, the one rounding where the result is
//!   subnormal; inputs below the underflow bound are raised to it, where
//!   the result already rounds to 0. Same bound as `exp`, fewer steps.
//! - `log`: `x = m 2^e` with `m` in `[√½, √2)` (subnormals scaled first),
//!   `f = m - 1`, `s = f / (2 + f)`: `log(1 + f) = f - f²/2 + s (f²/2 + R(s²))`
//!   with `R` the series of `2 atanh(s)` (its Taylor coefficients suffice
//!   for `|s| < 0.172`).
//! - `tanh`: `x + x³ P(x²)` for `|x| < 0.625`, else `1 - 2 / (e^{2|x|} + 1)`.
//! - `sigmoid`: `1 / (1 + e^{-x})` for `x >= 0`, `e^x / (1 + e^x)` below,
//!   so neither overflows nor loses the subnormal tail.
//! - `gelu` (erf form): `x Φ(x)`. For `f32`, one form on the whole range
//!   (no second branch computed per lane): `x/2 · erfc(a)`, `a = |x|/√2`,
//!   subtracted from `x` for `x > 0`, with `erfc(a) = e^{-a²} 2t S(t)`,
//!   `t = 1 / (1 + 0.45 a)` (`S` of degree 9, fitted on all of `a` up to
//!   `GELU_LIMIT/√2`). For `f64`, for `|x|/√2 < 0.5`,
//!   `Φ = (1 + erf(x/√2)) / 2` with `erf(a) = a P(a²)`; beyond,
//!   `erfc(a) = e^{-a²} t R(t)`, `t = 1 / (1 + a/2)`. Both split `x²/2`
//!   into the rounded value and its error (exact with an FMA, else from
//!   `x` cut in halves) so `e^{-a²}` keeps its relative accuracy where
//!   the result is tiny.
//! - `gelu_tanh`: PyTorch's `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`,
//!   computed as `x · sigmoid(2u)`, which is equal and does not cancel for
//!   negative `x`.
//!
//! Each kernel comes in two modes ([`Mode`]): [`Plain`] (a product and a
//! sum, each rounded) for every build, and [`Fused`] (`mul_add`, one FMA
//! instruction in the loops `wide.rs` compiles with FMA), which the wide
//! levels use: about a fifth fewer instructions in the polynomial steps.
//! The bounds below hold for both (tested for both).
//!
//! Accuracy against an `f64` (for `f64`: 60-digit) reference, measured by
//! the tests in `math/tests.rs` over edge values (±0, ±inf, NaN,
//! subnormals, the largest finite inputs) and a million random inputs per
//! function and type, stated there as `MAX_ULP_*`: at most 2 ulp for
//! `exp` and `log`, 3 for `tanh` and `sigmoid`, 6 for `gelu` (3 measured
//! for `f64`). `gelu_tanh`
//! is within 3 ulp for `x >= 0`; for negative `x` the rounding of its
//! argument `2u` (a few ulp of `2u`) is amplified `|2u|`-fold by the
//! sigmoid's tail, so its relative error is at most `(|2u| + 2) · 2^(1-p)`
//! (`p` = 23 or 52), as for any evaluation of PyTorch's formula in the
//! element type. Edge values follow PyTorch: `log` of a
//! negative number is NaN, `gelu(-inf)` and `gelu_tanh(-inf)` are NaN
//! (`-inf · 0`), `gelu(inf)` is `inf`; [`gelu_vectorized_f32`] is PyTorch's
//! vectorised `f32` GELU, whose `gelu(inf)` is NaN and which overflows from
//! `2^127` on.

use std::ops::{Add, Div, Mul, Neg, Sub};

mod consts;
#[cfg(test)]
mod tests;

/// `f32` and `f64`: the operations and constants the kernels use.
pub(crate) trait Real:
    Copy
    + 'static
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// 0, ½, 1, 2, +∞, NaN.
    const ZERO: Self;
    /// ½.
    const HALF: Self;
    /// 1.
    const ONE: Self;
    /// 2.
    const TWO: Self;
    /// +∞.
    const INFINITY: Self;
    /// NaN.
    const NAN: Self;
    /// `1.5 · 2^p` (`p` mantissa bits): `y + ROUND` rounds `y` to an
    /// integer held in the low bits of the sum.
    const ROUND: Self;
    /// `1 / ln 2`.
    const LOG2E: Self;
    /// `ln 2` in two parts: `LN2_HI` has few enough bits that `n · LN2_HI`
    /// is exact for every `n` exp meets.
    const LN2_HI: Self;
    /// `ln 2 - LN2_HI`.
    const LN2_LO: Self;
    /// exp's input is clamped to `[EXP_MIN, EXP_MAX]`: the results there
    /// are already 0 and +∞.
    const EXP_MIN: Self;
    /// See `EXP_MIN`.
    const EXP_MAX: Self;
    /// `ROUND` plus the exponent bias plus 64: `y + ROUND_SCALED` rounds
    /// `y` to an integer `n` whose `2^(n + 64)` [`Real::pow2_scaled`]
    /// reads off the sum's bits with one shift (for `n` from exp's lowest
    /// down to 0).
    const ROUND_SCALED: Self;
    /// `2^-64`, which undoes the offset of [`Real::pow2_scaled`].
    const TWO_POW_NEG_64: Self;
    /// `Q(r) = (e^r - 1 - r) / r²` on `|r| <= ln2/2`, lowest degree first.
    const EXP_Q: &'static [Self];
    /// `R(z) / z`, the series of `2 atanh(s) / s - 2` in `z = s²` over `z`.
    const LOG_R: &'static [Self];
    /// `P(z) = (tanh(x) - x) / x³`, `z = x²`, on `|x| < TANH_SMALL`.
    const TANH_P: &'static [Self];
    /// Where `tanh` changes method.
    const TANH_SMALL: Self;
    /// `P(z) = erf(a) / a`, `z = a²`, on `a < 0.5`.
    const ERF_P: &'static [Self];
    /// `R(t) = erfcx(a) / t`, `t = 1 / (1 + a/2)`, on `0.5 <= a <= GELU_LIMIT/√2`.
    const ERFCX_R: &'static [Self];
    /// Beyond `±GELU_LIMIT`, `gelu(x)` rounds to `x` or `-0`.
    const GELU_LIMIT: Self;
    /// Whether `gelu` takes the `erfc` form on its whole range (`f32`),
    /// with [`Real::GELU_T_SCALE`] and [`Real::GELU_ERFCX_S`], instead of
    /// `erf` below `|x|/√2 = 0.5` and the `erfc` form of
    /// [`Real::ERFCX_R`] beyond (`f64`).
    const GELU_ERFC_ONLY: bool;
    /// `k/√2` of `t = 1 / (1 + k a)`, `a = |x|/√2`, for the one-form `gelu`.
    const GELU_T_SCALE: Self;
    /// `S(t) = erfcx(a) / (2t)` on `0 <= a <= GELU_LIMIT/√2`, for the
    /// one-form `gelu`.
    const GELU_ERFCX_S: &'static [Self];
    /// `1/√2`.
    const FRAC_1_SQRT_2: Self;
    /// `2 √(2/π)` and `2 √(2/π) · 0.044715`: `2u = x (K0 + K1 x²)`.
    const GELU_TANH_K0: Self;
    /// See `GELU_TANH_K0`.
    const GELU_TANH_K1: Self;

    /// `|self|`.
    fn abs(self) -> Self;
    /// Whether `self` is NaN.
    fn is_nan(self) -> bool;
    /// `self` with the sign of `sign`.
    fn copysign(self, sign: Self) -> Self;
    /// `(2^(n >> 1), 2^(n - (n >> 1)))` for `t = n + ROUND` (`n` an
    /// integer within exp's range).
    fn exp2_halves(t: Self) -> (Self, Self);
    /// `2^(n + 64)` for `t = n + ROUND_SCALED` (`n` an integer from
    /// `EXP_MIN · LOG2E - 1` to 0): the exponent field is the low bits of
    /// `t`'s, shifted into place.
    fn pow2_scaled(t: Self) -> Self;
    /// `(m, e)` with `x = m · 2^e`, `m` in `[√½, √2)`, for finite `x > 0`
    /// (subnormals included); other inputs give unspecified finite values.
    fn split_log(x: Self) -> (Self, Self);
    /// `x` with the low half of its mantissa cleared: its square is exact.
    fn high_half(x: Self) -> Self;
    /// `self · b + c` rounded once (see [`Fused`]).
    fn fma(self, b: Self, c: Self) -> Self;
}

/// How a kernel computes `a · b + c`: rounded twice ([`Plain`], every
/// build) or once ([`Fused`], an FMA). `Fused` is for loops compiled with
/// FMA (`wide.rs`, [`super::wide::Level::run_fma`]): anywhere else
/// `mul_add` is a call to libm's `fma`, correct but slow. The two give
/// different bits where the rounding differs; both are within the bounds
/// the tests state, against the reference (not against each other).
pub(crate) trait Mode: Copy + 'static {
    /// `a · b + c`.
    fn mul_add<F: Real>(a: F, b: F, c: F) -> F;

    /// `x²/2` as `hi + lo`, `hi` the rounded value and `lo` (small) what
    /// it lacks, exact for normal `x²`.
    #[inline(always)]
    fn half_square<F: Real>(x: F) -> (F, F) {
        // split `x` so the products of its halves are exact
        let xh = F::high_half(x);
        let xl = x - xh;
        (
            F::HALF * (xh * xh),
            Self::mul_add(xh, xl, F::HALF * (xl * xl)),
        )
    }
}

/// `a · b + c` as a product then a sum, each rounded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

/// `a · b + c` rounded once (`f32::mul_add`, an FMA instruction where the
/// loop is compiled with FMA).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fused;

impl Mode for Plain {
    #[inline(always)]
    fn mul_add<F: Real>(a: F, b: F, c: F) -> F {
        a * b + c
    }
}

impl Mode for Fused {
    #[inline(always)]
    fn mul_add<F: Real>(a: F, b: F, c: F) -> F {
        a.fma(b, c)
    }

    /// The FMA gives the product's rounding error exactly: two steps
    /// fewer than splitting `x`.
    #[inline(always)]
    fn half_square<F: Real>(x: F) -> (F, F) {
        let s = x * x;
        (F::HALF * s, F::HALF * x.fma(x, -s))
    }
}

/// `c[0] + x (c[1] + x (c[2] + ...))`.
#[inline(always)]
fn horner<F: Real, M: Mode>(x: F, c: &[F]) -> F {
    let mut acc = c[c.len() - 1];
    for &k in c[..c.len() - 1].iter().rev() {
        acc = M::mul_add(acc, x, k);
    }
    acc
}

/// `v` within `[lo, hi]`; NaN stays NaN.
#[inline(always)]
fn clamp<F: Real>(v: F, lo: F, hi: F) -> F {
    let v = if v < lo { lo } else { v };
    if v > hi {
        hi
    } else {
        v
    }
}

/// `q · e^(hi + lo)` for a small `lo`, rounded once where the result is
/// subnormal (`q` is a normal factor, or 1); `±0` when `hi < EXP_MIN`.
#[inline(always)]
fn exp_times<F: Real, M: Mode>(hi: F, lo: F, q: F) -> F {
    let h = clamp(hi, F::EXP_MIN, F::EXP_MAX);
    let t = M::mul_add(h + lo, F::LOG2E, F::ROUND);
    let n = t - F::ROUND;
    // `n · LN2_HI` is exact, so its FMA gives the same bits
    let r = M::mul_add(-n, F::LN2_HI, h) + M::mul_add(-n, F::LN2_LO, lo);
    let p = F::ONE + M::mul_add(r * r, horner::<F, M>(r, F::EXP_Q), r);
    let (s1, s2) = F::exp2_halves(t);
    let v = p * q * s1 * s2;
    // below EXP_MIN, e^hi rounds to 0 whatever q is
    if hi < F::EXP_MIN {
        q * F::ZERO
    } else {
        v
    }
}

/// `q · e^(hi + lo)` for `hi <= 0` (or `-inf`, or NaN), a small `lo` and
/// a factor `|q| <= 1`, with one scaling: `2^(n + 64)`, exact since the
/// product stays normal, then `2^-64`, the one rounding where the result
/// is subnormal. Cheaper than [`exp_times`] (no overflow side, no halves,
/// no select): `hi` below `EXP_MIN` is raised to it, where `e^hi · q`
/// already rounds to ±0. `lo = -0` adds nothing (LLVM drops the sum).
#[inline(always)]
fn exp_nonpositive_times<F: Real, M: Mode>(hi: F, lo: F, q: F) -> F {
    let h = if hi < F::EXP_MIN { F::EXP_MIN } else { hi };
    let t = M::mul_add(h + lo, F::LOG2E, F::ROUND_SCALED);
    let n = t - F::ROUND_SCALED;
    // `n · LN2_HI` is exact, so `h - n · LN2_HI` is too
    let r = M::mul_add(-n, F::LN2_LO, M::mul_add(-n, F::LN2_HI, h) + lo);
    let p = F::ONE + M::mul_add(r * r, horner::<F, M>(r, F::EXP_Q), r);
    p * q * F::pow2_scaled(t) * F::TWO_POW_NEG_64
}

/// `e^x` for `x <= 0`, `-inf` or NaN (softmax's `x - max`), within the
/// bound of [`exp`]; other inputs give unspecified values.
#[inline(always)]
pub(crate) fn exp_nonpositive_in<F: Real, M: Mode>(x: F) -> F {
    exp_nonpositive_times::<F, M>(x, -F::ZERO, F::ONE)
}

/// `e^x`.
#[inline(always)]
pub(crate) fn exp<F: Real>(x: F) -> F {
    exp_in::<F, Plain>(x)
}

/// [`exp`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn exp_in<F: Real, M: Mode>(x: F) -> F {
    exp_times::<F, M>(x, F::ZERO, F::ONE)
}

/// The natural logarithm: `-inf` at ±0, NaN below 0 and for NaN.
#[inline(always)]
pub(crate) fn log<F: Real>(x: F) -> F {
    log_in::<F, Plain>(x)
}

/// [`log`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn log_in<F: Real, M: Mode>(x: F) -> F {
    let (m, e) = F::split_log(x);
    let f = m - F::ONE;
    let s = f / (F::TWO + f);
    let z = s * s;
    let r = z * horner::<F, M>(z, F::LOG_R);
    let hfsq = F::HALF * f * f;
    let v = e * F::LN2_HI - ((hfsq - (s * (hfsq + r) + e * F::LN2_LO)) - f);
    let v = if x == F::INFINITY { x } else { v };
    if x > F::ZERO {
        v
    } else if x == F::ZERO {
        -F::INFINITY
    } else {
        F::NAN
    }
}

/// The hyperbolic tangent.
#[inline(always)]
pub(crate) fn tanh<F: Real>(x: F) -> F {
    tanh_in::<F, Plain>(x)
}

/// [`tanh`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn tanh_in<F: Real, M: Mode>(x: F) -> F {
    // on |x|, the sign put back last (so tanh(-0) = -0)
    let a = x.abs();
    let z = x * x;
    let small = M::mul_add(a * z, horner::<F, M>(z, F::TANH_P), a);
    let e = exp_in::<F, M>(F::TWO * a);
    let large = F::ONE - F::TWO / (e + F::ONE);
    let v = if a < F::TANH_SMALL { small } else { large };
    v.copysign(x)
}

/// `1 / (1 + e^{-x})`.
#[inline(always)]
pub(crate) fn sigmoid<F: Real>(x: F) -> F {
    sigmoid_in::<F, Plain>(x)
}

/// [`sigmoid`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn sigmoid_in<F: Real, M: Mode>(x: F) -> F {
    let e = exp_in::<F, M>(-x.abs());
    let top = if x < F::ZERO { e } else { F::ONE };
    top / (F::ONE + e)
}

/// PyTorch's exact GELU, `x Φ(x)` with `Φ(x) = (1 + erf(x/√2)) / 2`.
#[inline(always)]
pub(crate) fn gelu<F: Real>(x: F) -> F {
    gelu_in::<F, Plain>(x)
}

/// [`gelu`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn gelu_in<F: Real, M: Mode>(x: F) -> F {
    if F::GELU_ERFC_ONLY {
        return gelu_erfc_in::<F, M>(x);
    }
    let xc = clamp(x, -F::GELU_LIMIT, F::GELU_LIMIT);
    let b = xc * F::FRAC_1_SQRT_2; // erf's argument, signed
    let a = b.abs();
    let small = x * M::mul_add(F::HALF, b * horner::<F, M>(b * b, F::ERF_P), F::HALF);
    // erfc(a) = e^{-a²} t R(t); a² = x²/2, its high part exact
    let (sq_hi, sq_lo) = M::half_square(xc);
    let t = F::ONE / M::mul_add(F::HALF, a, F::ONE);
    // x/2 · erfc(a), rounded once (-a² <= 0 and |x/2 · t R(t)| < 1)
    let tail = exp_nonpositive_times::<F, M>(
        -sq_hi,
        -sq_lo,
        F::HALF * xc * t * horner::<F, M>(t, F::ERFCX_R),
    );
    let large = if x < F::ZERO { tail } else { x - tail };
    let v = if a < F::HALF { small } else { large };
    if x == -F::INFINITY {
        F::NAN
    } else {
        v
    }
}

/// [`gelu`] for `f32`, in one form on the whole range (no second branch
/// per lane): `x/2 · erfc(a)`, `a = |x|/√2`, taken from `x` for `x > 0`,
/// with `erfc(a) = e^{-a²} · 2t S(t)`, `t = 1 / (1 + k a)`. It keeps its
/// relative accuracy at both ends: `erfc(a)` is near 1 for small `|x|`
/// (no cancellation in `x - tail`, which is then about `x/2`) and carries
/// its own `e^{-a²}` where it is tiny.
#[inline(always)]
fn gelu_erfc_in<F: Real, M: Mode>(x: F) -> F {
    let xc = clamp(x, -F::GELU_LIMIT, F::GELU_LIMIT);
    let t = F::ONE / M::mul_add(F::GELU_T_SCALE, xc.abs(), F::ONE);
    let (sq_hi, sq_lo) = M::half_square(xc);
    // x/2 · erfc(a), rounded once (-a² <= 0 and |x/2 · erfcx(a)| < 0.4)
    let tail = exp_nonpositive_times::<F, M>(
        -sq_hi,
        -sq_lo,
        xc * (t * horner::<F, M>(t, F::GELU_ERFCX_S)),
    );
    // `x > 0`, not `x >= 0`: gelu(-0) is the tail's -0
    let v = if x > F::ZERO { x - tail } else { tail };
    if x == -F::INFINITY {
        F::NAN
    } else {
        v
    }
}

/// [`gelu`] as PyTorch's vectorised `f32` kernel computes it (its `gelu`
/// of a contiguous tensor of two or more elements): that kernel forms
/// `x (1 + erf(x/√2))` before halving, which overflows to `+inf` from
/// `x = 2^127` on, and its `erf(+inf)` is NaN, so `+inf` gives NaN (real
/// PyTorch 2.15: `F.gelu(torch.tensor([inf, 2.**127, 1.]))` is
/// `[nan, inf, 0.8413]`; its scalar kernel gives `inf` and `2^127`). Below
/// `2^127` it is [`gelu`].
#[inline(always)]
pub(crate) fn gelu_vectorized_f32(x: f32) -> f32 {
    gelu_vectorized_f32_in::<Plain>(x)
}

/// [`gelu_vectorized_f32`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn gelu_vectorized_f32_in<M: Mode>(x: f32) -> f32 {
    const TWO_POW_127: f32 = f32::from_bits(0x7f00_0000);
    let v = gelu_in::<f32, M>(x);
    let v = if x >= TWO_POW_127 { f32::INFINITY } else { v };
    if x == f32::INFINITY {
        f32::NAN
    } else {
        v
    }
}

/// PyTorch's `gelu(x, approximate='tanh')`:
/// `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`, as `x · sigmoid(2u)`:
/// `x / (1 + e^{-2u})` for `x >= 0`, `x e^{2u} / (1 + e^{2u})` below, with
/// `x e^{2u}` rounded once where it is subnormal.
#[inline(always)]
pub(crate) fn gelu_tanh<F: Real>(x: F) -> F {
    gelu_tanh_in::<F, Plain>(x)
}

/// [`gelu_tanh`] computing `a · b + c` as `M` says.
#[inline(always)]
pub(crate) fn gelu_tanh_in<F: Real, M: Mode>(x: F) -> F {
    let two_u = x * M::mul_add(F::GELU_TANH_K1, x * x, F::GELU_TANH_K0);
    let negative = x < F::ZERO;
    let scaled = exp_times::<F, M>(-two_u.abs(), F::ZERO, if negative { x } else { F::ONE });
    let e = if negative { scaled / x } else { scaled };
    let top = if negative { scaled } else { x };
    top / (F::ONE + e)
}
