//! Element types a [`Tensor`](crate::Tensor) can hold, and their PyTorch dtype names.
//!
//! Storage is kept as raw bytes so that `view_dtype` can reinterpret it as any
//! other element type, exactly as PyTorch does. Every element type therefore
//! names a plain-old-data representation ([`Element::Repr`]) that any byte
//! pattern is valid for: it is the type itself for numbers, and `u8` for
//! `bool` (PyTorch keeps bools as one byte and reads any non-zero byte as
//! `True`).

use half::{bf16, f16};
use num_complex::Complex;

/// PyTorch's element types (`torch.dtype`), one per [`Element`] type.
///
/// ```
/// use tensor_core::DType;
/// assert_eq!(DType::F32.torch_name(), "float32");
/// assert_eq!(DType::F32.scalar_type_name(), "Float");
/// assert_eq!(DType::C64.size(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    /// `torch.bool`
    Bool,
    /// `torch.uint8`
    U8,
    /// `torch.int8`
    I8,
    /// `torch.int16`
    I16,
    /// `torch.uint16`
    U16,
    /// `torch.int32`
    I32,
    /// `torch.uint32`
    U32,
    /// `torch.int64`
    I64,
    /// `torch.uint64`
    U64,
    /// `torch.float16`
    F16,
    /// `torch.bfloat16`
    BF16,
    /// `torch.float32`
    F32,
    /// `torch.float64`
    F64,
    /// `torch.complex32` (two `float16`)
    C32,
    /// `torch.complex64` (two `float32`)
    C64,
    /// `torch.complex128` (two `float64`)
    C128,
}

impl DType {
    /// Every dtype, in PyTorch's listing order.
    ///
    /// ```
    /// assert_eq!(tensor_core::DType::ALL.len(), 16);
    /// ```
    pub const ALL: [DType; 16] = [
        DType::Bool,
        DType::U8,
        DType::I8,
        DType::I16,
        DType::U16,
        DType::I32,
        DType::U32,
        DType::I64,
        DType::U64,
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::C32,
        DType::C64,
        DType::C128,
    ];

    /// The name after `torch.` (`float32`, `complex64`, ...), as the golden files spell it.
    ///
    /// ```
    /// assert_eq!(tensor_core::DType::C32.torch_name(), "complex32");
    /// ```
    pub fn torch_name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::U8 => "uint8",
            DType::I8 => "int8",
            DType::I16 => "int16",
            DType::U16 => "uint16",
            DType::I32 => "int32",
            DType::U32 => "uint32",
            DType::I64 => "int64",
            DType::U64 => "uint64",
            DType::F16 => "float16",
            DType::BF16 => "bfloat16",
            DType::F32 => "float32",
            DType::F64 => "float64",
            DType::C32 => "complex32",
            DType::C64 => "complex64",
            DType::C128 => "complex128",
        }
    }

    /// Parses a name as [`DType::torch_name`] prints it.
    ///
    /// ```
    /// use tensor_core::DType;
    /// assert_eq!(DType::from_torch_name("int16"), Some(DType::I16));
    /// assert_eq!(DType::from_torch_name("int128"), None);
    /// ```
    pub fn from_torch_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.torch_name() == name)
    }

    /// PyTorch's C++ `ScalarType` name (`Float`, `ComplexHalf`, ...), used in its error messages.
    ///
    /// ```
    /// assert_eq!(tensor_core::DType::I8.scalar_type_name(), "Char");
    /// ```
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::U8 => "Byte",
            DType::I8 => "Char",
            DType::I16 => "Short",
            DType::U16 => "UInt16",
            DType::I32 => "Int",
            DType::U32 => "UInt32",
            DType::I64 => "Long",
            DType::U64 => "UInt64",
            DType::F16 => "Half",
            DType::BF16 => "BFloat16",
            DType::F32 => "Float",
            DType::F64 => "Double",
            DType::C32 => "ComplexHalf",
            DType::C64 => "ComplexFloat",
            DType::C128 => "ComplexDouble",
        }
    }

    /// Size of one element in bytes (`itemsize`).
    ///
    /// ```
    /// assert_eq!(tensor_core::DType::C128.size(), 16);
    /// ```
    pub fn size(self) -> usize {
        match self {
            DType::Bool | DType::U8 | DType::I8 => 1,
            DType::I16 | DType::U16 | DType::F16 | DType::BF16 => 2,
            DType::I32 | DType::U32 | DType::F32 | DType::C32 => 4,
            DType::I64 | DType::U64 | DType::F64 | DType::C64 => 8,
            DType::C128 => 16,
        }
    }

    /// Whether the dtype is complex.
    ///
    /// ```
    /// assert!(tensor_core::DType::C64.is_complex());
    /// assert!(!tensor_core::DType::F64.is_complex());
    /// ```
    pub fn is_complex(self) -> bool {
        matches!(self, DType::C32 | DType::C64 | DType::C128)
    }

    /// Whether the dtype is a floating-point (real) type.
    ///
    /// ```
    /// assert!(tensor_core::DType::BF16.is_floating_point());
    /// ```
    pub fn is_floating_point(self) -> bool {
        matches!(self, DType::F16 | DType::BF16 | DType::F32 | DType::F64)
    }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "torch.{}", self.torch_name())
    }
}

mod sealed {
    pub trait Sealed {}
}

/// A type a tensor can hold: one of PyTorch's 16 dtypes.
///
/// The trait is sealed: the set of element types is PyTorch's.
///
/// ```
/// use tensor_core::{DType, Element};
/// assert_eq!(<f32 as Element>::DTYPE, DType::F32);
/// assert_eq!(f32::from_parts(3.0, 0.0), 3.0);
/// assert!(!bool::from_repr(0));
/// assert!(bool::from_repr(2)); // any non-zero byte reads as true, as in PyTorch
///
/// // the types `real()` / `view_as_complex()` produce
/// use tensor_core::Complex;
/// let re: <Complex<f32> as Element>::Real = 1.5f32;
/// let z: <f64 as Element>::Complex = Complex::new(re as f64, 0.0);
/// assert_eq!(<<f64 as Element>::Complex as Element>::DTYPE, DType::C128);
/// assert_eq!(z.neg(), Complex::new(-1.5, -0.0));
/// ```
pub trait Element:
    sealed::Sealed + Copy + Send + Sync + PartialEq + std::fmt::Debug + Default + 'static
{
    /// Plain-old-data form the element is stored as; every bit pattern is valid.
    type Repr: bytemuck::Pod + PartialEq + Send + Sync + std::fmt::Debug;
    /// The element type of the real and imaginary parts: what `real`, `imag`
    /// and `view_as_real` return. A real type is its own `Real` (`real` of a
    /// real tensor is the tensor itself; `imag` and `view_as_real` of it are
    /// PyTorch's errors, so the type only fixes the signature).
    type Real: Element;
    /// The element type `view_as_complex` returns: `Complex<f16/f32/f64>` for
    /// `f16`/`f32`/`f64`. For every other type `view_as_complex` is PyTorch's
    /// error, so this is a fixed placeholder (`Complex<f32>` for the other real
    /// types, the type itself for complex types) that no value ever has.
    type Complex: Element;
    /// The PyTorch dtype.
    const DTYPE: DType;
    /// Converts from the stored form.
    fn from_repr(repr: Self::Repr) -> Self;
    /// Converts to the stored form.
    fn into_repr(self) -> Self::Repr;
    /// Builds a value from a real and an imaginary part; real types drop the
    /// imaginary part and convert like PyTorch's `tensor.to(dtype)` for small integers.
    fn from_parts(re: f64, im: f64) -> Self;
    /// The value as (real, imaginary) parts.
    fn to_parts(self) -> (f64, f64);
    /// Complex conjugate (identity for real types).
    fn conj(self) -> Self;
    /// Negation, as PyTorch's lazy negative bit applies it (only float and
    /// complex tensors ever carry that bit; integers wrap, bool is unchanged).
    fn neg(self) -> Self;
    /// Complex conjugate of the stored form (identity for real types).
    fn conj_repr(repr: Self::Repr) -> Self::Repr {
        Self::from_repr(repr).conj().into_repr()
    }
    /// The element one (`true` for bool).
    fn one() -> Self {
        Self::from_parts(1.0, 0.0)
    }
}

macro_rules! real_element {
    ($($t:ty => $d:ident, $c:ty, $from:expr, $to:expr, $neg:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Element for $t {
            type Repr = $t;
            type Real = $t;
            type Complex = $c;
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn from_repr(repr: $t) -> $t { repr }
            #[inline(always)]
            fn into_repr(self) -> $t { self }
            #[inline]
            fn from_parts(re: f64, _im: f64) -> $t { ($from)(re) }
            #[inline]
            fn to_parts(self) -> (f64, f64) { (($to)(self), 0.0) }
            #[inline(always)]
            fn conj(self) -> $t { self }
            #[inline(always)]
            fn neg(self) -> $t { ($neg)(self) }
            #[inline(always)]
            fn conj_repr(repr: $t) -> $t { repr }
        }
    )*};
}

real_element! {
    u8 => U8, Complex<f32>, |x: f64| x as u8, |x: u8| x as f64, u8::wrapping_neg;
    i8 => I8, Complex<f32>, |x: f64| x as i8, |x: i8| x as f64, i8::wrapping_neg;
    i16 => I16, Complex<f32>, |x: f64| x as i16, |x: i16| x as f64, i16::wrapping_neg;
    u16 => U16, Complex<f32>, |x: f64| x as u16, |x: u16| x as f64, u16::wrapping_neg;
    i32 => I32, Complex<f32>, |x: f64| x as i32, |x: i32| x as f64, i32::wrapping_neg;
    u32 => U32, Complex<f32>, |x: f64| x as u32, |x: u32| x as f64, u32::wrapping_neg;
    i64 => I64, Complex<f32>, |x: f64| x as i64, |x: i64| x as f64, i64::wrapping_neg;
    u64 => U64, Complex<f32>, |x: f64| x as u64, |x: u64| x as f64, u64::wrapping_neg;
    f16 => F16, Complex<f16>, f16::from_f64, |x: f16| x.to_f64(), |x: f16| -x;
    bf16 => BF16, Complex<f32>, bf16::from_f64, |x: bf16| x.to_f64(), |x: bf16| -x;
    f32 => F32, Complex<f32>, |x: f64| x as f32, |x: f32| x as f64, |x: f32| -x;
    f64 => F64, Complex<f64>, |x: f64| x, |x: f64| x, |x: f64| -x;
}

impl sealed::Sealed for bool {}
impl Element for bool {
    type Repr = u8;
    type Real = bool;
    type Complex = Complex<f32>;
    const DTYPE: DType = DType::Bool;
    #[inline(always)]
    fn from_repr(repr: u8) -> bool {
        repr != 0
    }
    #[inline(always)]
    fn into_repr(self) -> u8 {
        self as u8
    }
    fn from_parts(re: f64, im: f64) -> bool {
        re != 0.0 || im != 0.0
    }
    fn to_parts(self) -> (f64, f64) {
        (f64::from(u8::from(self)), 0.0)
    }
    #[inline(always)]
    fn conj(self) -> bool {
        self
    }
    #[inline(always)]
    fn neg(self) -> bool {
        self
    }
    #[inline(always)]
    fn conj_repr(repr: u8) -> u8 {
        repr
    }
}

macro_rules! complex_element {
    ($($p:ty => $d:ident, $from:expr, $to:expr;)*) => {$(
        impl sealed::Sealed for Complex<$p> {}
        impl Element for Complex<$p> {
            type Repr = Complex<$p>;
            type Real = $p;
            type Complex = Complex<$p>;
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn from_repr(repr: Self) -> Self { repr }
            #[inline(always)]
            fn into_repr(self) -> Self { self }
            #[inline]
            fn from_parts(re: f64, im: f64) -> Self { Complex::new(($from)(re), ($from)(im)) }
            #[inline]
            fn to_parts(self) -> (f64, f64) { (($to)(self.re), ($to)(self.im)) }
            #[inline(always)]
            fn conj(self) -> Self { Complex::new(self.re, -self.im) }
            #[inline(always)]
            fn neg(self) -> Self { Complex::new(-self.re, -self.im) }
        }
    )*};
}

complex_element! {
    f16 => C32, f16::from_f64, |x: f16| x.to_f64();
    f32 => C64, |x: f64| x as f32, |x: f32| x as f64;
    f64 => C128, |x: f64| x, |x: f64| x;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<T: Element>() {
        assert_eq!(std::mem::size_of::<T::Repr>(), T::DTYPE.size());
        assert!(std::mem::align_of::<T::Repr>() <= 8);
    }

    #[test]
    fn sizes_match_torch_itemsize() {
        check::<bool>();
        check::<u8>();
        check::<i8>();
        check::<i16>();
        check::<u16>();
        check::<i32>();
        check::<u32>();
        check::<i64>();
        check::<u64>();
        check::<f16>();
        check::<bf16>();
        check::<f32>();
        check::<f64>();
        check::<Complex<f16>>();
        check::<Complex<f32>>();
        check::<Complex<f64>>();
    }

    #[test]
    fn names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_torch_name(d.torch_name()), Some(d));
        }
    }

    #[test]
    fn complex_conjugates() {
        let z = Complex::<f32>::from_parts(1.0, -2.0);
        assert_eq!(z.conj(), Complex::new(1.0, 2.0));
        assert_eq!(z.to_parts(), (1.0, -2.0));
    }
}
