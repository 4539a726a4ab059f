//! The number traits behind the arithmetic, unary, reduction and softmax ops:
//! which element types support which op, and how each computes it as
//! PyTorch does.
//!
//! - [`Arithmetic`]: `+ - *`, `neg` and `sum`, for every integer, float and
//!   complex type except `complex32`. Integers wrap on overflow as PyTorch's
//!   do (`int32` `2147483647 + 1` is `-2147483648`). `bool` is left out:
//!   PyTorch refuses `-` and unary `-` on bool tensors.
//! - [`Ordered`]: the real types (integers and floats): `relu`, `max`, `min`,
//!   `argmax`.
//! - [`Divide`]: true division (`/`), for the float and complex types.
//!   PyTorch's `/` of integer tensors gives a float tensor; an API whose
//!   results keep the operands' dtype offers it only where the result has
//!   the operands' dtype (convert first, e.g. with `map(|v| v as f32)`).
//! - [`Float`]: `f16`, `bf16`, `f32`, `f64`: `exp`, `log`, `sqrt`, `tanh`,
//!   `sigmoid`, `gelu`, `gelu_tanh`, `mean`, `softmax` (PyTorch's of
//!   integers are float tensors, as for `/`). `f32` and `f64` compute in
//!   their own type with the vectorising kernels of `kernels/math.rs`
//!   (within a few ulp; accuracy stated there); `f16` and `bf16` compute in
//!   `f32` and round once, as PyTorch's CPU kernels do.

// The `f64` reference for GELU in the kernels' accuracy tests.
#[cfg(test)]
pub(crate) mod erf;

use crate::kernels::math::{self, Fused};

use crate::Element;
use half::{bf16, f16};
use num_complex::Complex;

/// Element types with PyTorch's `+`, `-`, `*`, negation and `sum`.
///
/// ```
/// use tensor_core::numeric::Arithmetic;
/// assert_eq!(i32::MAX.add(1), i32::MIN); // wraps, as PyTorch's int32
/// assert_eq!(<u8 as Arithmetic>::accumulate(0, 200u8), 200i64);
/// ```
pub trait Arithmetic: Element {
    /// The element type of `sum`: `i64` for every integer type (PyTorch
    /// promotes integer sums to `int64`), the type itself for floats and
    /// complex types.
    type Sum: Arithmetic;
    /// The running total `sum` keeps (wider than `Self` for `f16`, `bf16`
    /// and `f32`, so long sums do not drift).
    type Acc: Copy;
    /// Zero.
    fn zero() -> Self;
    /// `self + other` (wrapping for integers).
    fn add(self, other: Self) -> Self;
    /// `self - other` (wrapping for integers).
    fn sub(self, other: Self) -> Self;
    /// `self * other` (wrapping for integers).
    fn mul(self, other: Self) -> Self;
    /// The empty running total.
    fn acc_zero() -> Self::Acc;
    /// `acc + value`.
    fn accumulate(acc: Self::Acc, value: Self) -> Self::Acc;
    /// The sum a running total stands for.
    fn acc_finish(acc: Self::Acc) -> Self::Sum;
    /// Two running totals as one (`a + b`, wrapping for integers): how a
    /// reduction joins the partial sums it keeps side by side.
    fn acc_merge(a: Self::Acc, b: Self::Acc) -> Self::Acc;
}

/// Real element types, ordered as PyTorch orders them for `max`, `min` and
/// `relu` (a NaN wins every comparison, so it propagates).
///
/// ```
/// use tensor_core::numeric::Ordered;
/// assert!(Ordered::is_nan(f32::NAN));
/// assert!(!Ordered::is_nan(3u8));
/// ```
pub trait Ordered: Arithmetic + PartialOrd {
    /// Whether the value is a NaN (never for integers).
    fn is_nan(self) -> bool;
}

/// Element types with true division: floats and complex numbers.
///
/// ```
/// use tensor_core::{numeric::Divide, Complex};
/// assert_eq!(Divide::div(1.0f32, 4.0), 0.25);
/// let z = Divide::div(Complex::new(1.0f64, 1.0), Complex::new(0.0, 2.0));
/// assert_eq!(z, Complex::new(0.5, -0.5));
/// ```
pub trait Divide: Arithmetic {
    /// `self / other`.
    fn div(self, other: Self) -> Self;
}

/// Floating-point element types: the transcendental ops.
///
/// ```
/// use tensor_core::numeric::Float;
/// assert!((Float::gelu(1.0f64) - 0.8413447460685429).abs() < 1e-12);
/// ```
pub trait Float: Ordered + Divide {
    /// `e^self`.
    fn exp(self) -> Self;
    /// The natural logarithm.
    fn log(self) -> Self;
    /// The square root.
    fn sqrt(self) -> Self;
    /// The hyperbolic tangent.
    fn tanh(self) -> Self;
    /// PyTorch's default (`approximate='none'`) GELU: `x * Φ(x)`, with
    /// `Φ(x) = (1 + erf(x / √2)) / 2`.
    fn gelu(self) -> Self;
    /// [`Float::gelu`] as PyTorch's vectorised CPU kernel computes it, which
    /// its `gelu` runs on contiguous tensors of two or more elements: for
    /// the types it computes in `f32` (`f32`, `bf16`, `f16`) that kernel
    /// forms `x (1 + erf(x/√2))` before halving it, so `x >= 2^127` gives
    /// `+inf`, and its `erf(+inf)` is NaN, so `gelu(+inf)` is NaN.
    #[doc(hidden)]
    fn gelu_vectorized(self) -> Self {
        self.gelu()
    }
    /// PyTorch's `gelu(x, approximate='tanh')`:
    /// `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`.
    fn gelu_tanh(self) -> Self;
    /// The logistic sigmoid, `1 / (1 + e^{-x})`.
    fn sigmoid(self) -> Self;
    /// [`Float::exp`] with `a · b + c` computed as one FMA
    /// (`kernels::math::Fused`), for the loops compiled with FMA
    /// (elsewhere `mul_add` is a call to libm); the same for the types
    /// that do not use it. So are the `_fused` forms below.
    #[doc(hidden)]
    fn exp_fused(self) -> Self {
        self.exp()
    }
    #[doc(hidden)]
    fn log_fused(self) -> Self {
        self.log()
    }
    #[doc(hidden)]
    fn tanh_fused(self) -> Self {
        self.tanh()
    }
    #[doc(hidden)]
    fn gelu_fused(self) -> Self {
        self.gelu()
    }
    #[doc(hidden)]
    fn gelu_vectorized_fused(self) -> Self {
        self.gelu_vectorized()
    }
    #[doc(hidden)]
    fn gelu_tanh_fused(self) -> Self {
        self.gelu_tanh()
    }
    #[doc(hidden)]
    fn sigmoid_fused(self) -> Self {
        self.sigmoid()
    }
    /// The value as an `f64` (exact).
    fn to_f64(self) -> f64;
    /// The nearest value to `v`.
    fn from_f64(v: f64) -> Self;
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl Arithmetic for $t {
            type Sum = i64;
            type Acc = i64;
            #[inline(always)]
            fn zero() -> $t { 0 }
            #[inline(always)]
            fn add(self, other: $t) -> $t { self.wrapping_add(other) }
            #[inline(always)]
            fn sub(self, other: $t) -> $t { self.wrapping_sub(other) }
            #[inline(always)]
            fn mul(self, other: $t) -> $t { self.wrapping_mul(other) }
            #[inline(always)]
            fn acc_zero() -> i64 { 0 }
            #[inline(always)]
            fn accumulate(acc: i64, value: $t) -> i64 { acc.wrapping_add(value as i64) }
            #[inline(always)]
            fn acc_finish(acc: i64) -> i64 { acc }
            #[inline(always)]
            fn acc_merge(a: i64, b: i64) -> i64 { a.wrapping_add(b) }
        }
        impl Ordered for $t {
            #[inline(always)]
            fn is_nan(self) -> bool { false }
        }
    )*};
}
integer!(u8, i8, i16, u16, i32, u32, i64, u64);

/// Floats computed in their own precision (`f32`, `f64`).
macro_rules! native_float {
    ($($t:ty),*) => {$(
        impl Arithmetic for $t {
            type Sum = $t;
            type Acc = f64;
            #[inline(always)]
            fn zero() -> $t { 0.0 }
            #[inline(always)]
            fn add(self, other: $t) -> $t { self + other }
            #[inline(always)]
            fn sub(self, other: $t) -> $t { self - other }
            #[inline(always)]
            fn mul(self, other: $t) -> $t { self * other }
            #[inline(always)]
            fn acc_zero() -> f64 { 0.0 }
            #[inline(always)]
            fn accumulate(acc: f64, value: $t) -> f64 { acc + value as f64 }
            #[inline(always)]
            fn acc_finish(acc: f64) -> $t { acc as $t }
            #[inline(always)]
            fn acc_merge(a: f64, b: f64) -> f64 { a + b }
        }
        impl Ordered for $t {
            #[inline(always)]
            fn is_nan(self) -> bool { <$t>::is_nan(self) }
        }
        impl Divide for $t {
            #[inline(always)]
            fn div(self, other: $t) -> $t { self / other }
        }
        impl Float for $t {
            #[inline(always)]
            fn exp(self) -> $t { math::exp(self) }
            #[inline(always)]
            fn log(self) -> $t { math::log(self) }
            #[inline(always)]
            fn sqrt(self) -> $t { <$t>::sqrt(self) }
            #[inline(always)]
            fn tanh(self) -> $t { math::tanh(self) }
            #[inline(always)]
            fn gelu(self) -> $t { math::gelu(self) }
            #[inline(always)]
            fn gelu_vectorized(self) -> $t { <$t as VectorGelu>::gelu_vectorized(self) }
            #[inline(always)]
            fn gelu_tanh(self) -> $t { math::gelu_tanh(self) }
            #[inline(always)]
            fn sigmoid(self) -> $t { math::sigmoid(self) }
            #[inline(always)]
            fn exp_fused(self) -> $t { math::exp_in::<_, Fused>(self) }
            #[inline(always)]
            fn log_fused(self) -> $t { math::log_in::<_, Fused>(self) }
            #[inline(always)]
            fn tanh_fused(self) -> $t { math::tanh_in::<_, Fused>(self) }
            #[inline(always)]
            fn gelu_fused(self) -> $t { math::gelu_in::<_, Fused>(self) }
            #[inline(always)]
            fn gelu_vectorized_fused(self) -> $t {
                <$t as VectorGelu>::gelu_vectorized_fused(self)
            }
            #[inline(always)]
            fn gelu_tanh_fused(self) -> $t { math::gelu_tanh_in::<_, Fused>(self) }
            #[inline(always)]
            fn sigmoid_fused(self) -> $t { math::sigmoid_in::<_, Fused>(self) }
            #[inline(always)]
            fn to_f64(self) -> f64 { self as f64 }
            #[inline(always)]
            fn from_f64(v: f64) -> $t { v as $t }
        }
    )*};
}
native_float!(f32, f64);

/// [`Float::gelu_vectorized`] of the native floats: PyTorch's vectorised
/// `f32` kernel differs from its scalar one at the top of the range, its
/// `f64` kernel does not.
trait VectorGelu {
    fn gelu_vectorized(self) -> Self;
    fn gelu_vectorized_fused(self) -> Self;
}

impl VectorGelu for f32 {
    #[inline(always)]
    fn gelu_vectorized(self) -> f32 {
        math::gelu_vectorized_f32(self)
    }
    #[inline(always)]
    fn gelu_vectorized_fused(self) -> f32 {
        math::gelu_vectorized_f32_in::<Fused>(self)
    }
}

impl VectorGelu for f64 {
    #[inline(always)]
    fn gelu_vectorized(self) -> f64 {
        math::gelu(self)
    }
    #[inline(always)]
    fn gelu_vectorized_fused(self) -> f64 {
        math::gelu_in::<_, Fused>(self)
    }
}

/// Half-precision floats, computed in `f32` and rounded once.
macro_rules! half_float {
    ($($t:ty),*) => {$(
        impl Arithmetic for $t {
            type Sum = $t;
            type Acc = f32;
            #[inline(always)]
            fn zero() -> $t { <$t>::ZERO }
            #[inline(always)]
            fn add(self, other: $t) -> $t { <$t>::from_f32(self.to_f32() + other.to_f32()) }
            #[inline(always)]
            fn sub(self, other: $t) -> $t { <$t>::from_f32(self.to_f32() - other.to_f32()) }
            #[inline(always)]
            fn mul(self, other: $t) -> $t { <$t>::from_f32(self.to_f32() * other.to_f32()) }
            #[inline(always)]
            fn acc_zero() -> f32 { 0.0 }
            #[inline(always)]
            fn accumulate(acc: f32, value: $t) -> f32 { acc + value.to_f32() }
            #[inline(always)]
            fn acc_finish(acc: f32) -> $t { <$t>::from_f32(acc) }
            #[inline(always)]
            fn acc_merge(a: f32, b: f32) -> f32 { a + b }
        }
        impl Ordered for $t {
            #[inline(always)]
            fn is_nan(self) -> bool { <$t>::is_nan(self) }
        }
        impl Divide for $t {
            #[inline(always)]
            fn div(self, other: $t) -> $t { <$t>::from_f32(self.to_f32() / other.to_f32()) }
        }
        impl Float for $t {
            #[inline(always)]
            fn exp(self) -> $t { <$t>::from_f32(math::exp(self.to_f32())) }
            #[inline(always)]
            fn log(self) -> $t { <$t>::from_f32(math::log(self.to_f32())) }
            #[inline(always)]
            fn sqrt(self) -> $t { <$t>::from_f32(self.to_f32().sqrt()) }
            #[inline(always)]
            fn tanh(self) -> $t { <$t>::from_f32(math::tanh(self.to_f32())) }
            #[inline(always)]
            fn gelu(self) -> $t { <$t>::from_f32(math::gelu(self.to_f32())) }
            #[inline(always)]
            fn gelu_vectorized(self) -> $t {
                <$t>::from_f32(math::gelu_vectorized_f32(self.to_f32()))
            }
            #[inline(always)]
            fn gelu_tanh(self) -> $t { <$t>::from_f32(math::gelu_tanh(self.to_f32())) }
            #[inline(always)]
            fn sigmoid(self) -> $t { <$t>::from_f32(math::sigmoid(self.to_f32())) }
            #[inline(always)]
            fn exp_fused(self) -> $t { <$t>::from_f32(math::exp_in::<_, Fused>(self.to_f32())) }
            #[inline(always)]
            fn log_fused(self) -> $t { <$t>::from_f32(math::log_in::<_, Fused>(self.to_f32())) }
            #[inline(always)]
            fn tanh_fused(self) -> $t { <$t>::from_f32(math::tanh_in::<_, Fused>(self.to_f32())) }
            #[inline(always)]
            fn gelu_fused(self) -> $t { <$t>::from_f32(math::gelu_in::<_, Fused>(self.to_f32())) }
            #[inline(always)]
            fn gelu_vectorized_fused(self) -> $t {
                <$t>::from_f32(math::gelu_vectorized_f32_in::<Fused>(self.to_f32()))
            }
            #[inline(always)]
            fn gelu_tanh_fused(self) -> $t {
                <$t>::from_f32(math::gelu_tanh_in::<_, Fused>(self.to_f32()))
            }
            #[inline(always)]
            fn sigmoid_fused(self) -> $t {
                <$t>::from_f32(math::sigmoid_in::<_, Fused>(self.to_f32()))
            }
            #[inline(always)]
            fn to_f64(self) -> f64 { <$t>::to_f64(self) }
            #[inline(always)]
            fn from_f64(v: f64) -> $t { <$t>::from_f64(v) }
        }
    )*};
}
half_float!(f16, bf16);

macro_rules! complex {
    ($($p:ty),*) => {$(
        impl Arithmetic for Complex<$p> {
            type Sum = Complex<$p>;
            type Acc = Complex<$p>;
            #[inline(always)]
            fn zero() -> Self { Complex::new(0.0, 0.0) }
            #[inline(always)]
            fn add(self, other: Self) -> Self { self + other }
            #[inline(always)]
            fn sub(self, other: Self) -> Self { self - other }
            #[inline(always)]
            fn mul(self, other: Self) -> Self { self * other }
            #[inline(always)]
            fn acc_zero() -> Self { Complex::new(0.0, 0.0) }
            #[inline(always)]
            fn accumulate(acc: Self, value: Self) -> Self { acc + value }
            #[inline(always)]
            fn acc_finish(acc: Self) -> Self { acc }
            #[inline(always)]
            fn acc_merge(a: Self, b: Self) -> Self { a + b }
        }
        impl Divide for Complex<$p> {
            /// PyTorch's (and NumPy's) scaled division, which keeps
            /// `c² + d²` from overflowing.
            fn div(self, other: Self) -> Self {
                let (a, b, c, d) = (self.re, self.im, other.re, other.im);
                if c.abs() >= d.abs() {
                    if c == 0.0 && d == 0.0 {
                        return Complex::new(a / c.abs(), b / d.abs());
                    }
                    let ratio = d / c;
                    let scale = 1.0 / (c + d * ratio);
                    Complex::new((a + b * ratio) * scale, (b - a * ratio) * scale)
                } else {
                    let ratio = c / d;
                    let scale = 1.0 / (d + c * ratio);
                    Complex::new((a * ratio + b) * scale, (b * ratio - a) * scale)
                }
            }
        }
    )*};
}
complex!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_wrap_and_sum_to_i64() {
        assert_eq!(200u8.add(100), 44);
        assert_eq!(0u8.sub(1), 255);
        assert_eq!(i64::MIN.mul(-1), i64::MIN);
        let acc = [u8::MAX; 3]
            .iter()
            .fold(u8::acc_zero(), |a, &v| u8::accumulate(a, v));
        assert_eq!(u8::acc_finish(acc), 765);
    }

    #[test]
    fn halves_round_once_from_f32() {
        let third = Divide::div(f16::from_f32(1.0), f16::from_f32(3.0));
        assert_eq!(third, f16::from_f32(1.0 / 3.0));
        assert!(Ordered::is_nan(bf16::NAN));
    }
}
