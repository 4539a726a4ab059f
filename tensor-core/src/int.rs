//! [`Int`]: the integer types the dynamic ops accept wherever PyTorch takes
//! an `int` (dims, sizes, starts, lengths, indices, counts).
//!
//! PyTorch's `int` is a 64-bit signed integer. Rust code has sizes as
//! `usize` (from `shape()`, `len()`), dims as `isize` or `i64`, and literals
//! that default to `i32`; each of them is accepted as it is, so
//! `x.split(768usize, 2)` and `x.narrow(1, start, len)` with `usize` values
//! compile without casts. Negative values keep PyTorch's meaning (a dim or a
//! start counted from the end, `-1` inferred in `view`) wherever PyTorch
//! allows them. A value that does not fit PyTorch's `int` (an unsigned one
//! above `isize::MAX`) is PyTorch's error for a Python int too large for
//! `int64`, `Overflow when unpacking long`, never a panic and never a
//! wrapped value.
//!
//! The conversion is one comparison for unsigned types and none for `isize`,
//! so the view ops keep their speed. The trait is sealed: it is implemented
//! for the primitive integer types only.
//!
//! An empty list (`x.view(&[])`) has no element to tell its type; write it
//! `x.view::<isize>(&[])`.
//!
//! ```
//! use tensor_core::Tensor;
//! let x = Tensor::<f32>::arange(2 * 3 * 768).view(&[2, 3, 768])?;
//! let (start, len) = (1usize, 2usize);
//! assert_eq!(x.narrow(1, start, len)?.shape(), &[2, 2, 768]);
//! assert_eq!(x.split(256usize, 2)?.len(), 3);
//! let b = x.shape()[0];
//! assert_eq!(x.view(&[b, 3 * 768])?.shape(), &[2, 2304]);
//! assert_eq!(
//!     x.narrow(0, usize::MAX, 1).unwrap_err().to_string(),
//!     "Overflow when unpacking long"
//! );
//! # Ok::<(), tensor_core::ViewError>(())
//! ```

use std::ops::Deref;

use smallvec::SmallVec;

use crate::{Sections, SplitSize, ViewError};

/// An integer type accepted where PyTorch takes an `int`: `isize`, `i64`,
/// `i32`, `usize` and the other primitive integers (sealed).
///
/// Negative values keep PyTorch's meaning wherever PyTorch allows them. A
/// value beyond PyTorch's `int64` (`isize` here) is PyTorch's error
/// `Overflow when unpacking long`, never a panic nor a wrapped value. An
/// untyped literal is an `i32`, as everywhere in Rust (write `1isize << 40`
/// for a larger one), and an empty list needs its type:
/// `x.view::<isize>(&[])`.
///
/// ```
/// use tensor_core::Int;
/// assert_eq!(7usize.to_int(), Ok(7));
/// assert_eq!((-1i32).to_int(), Ok(-1));
/// assert!(u64::MAX.to_int().is_err());
/// ```
pub trait Int: Copy + sealed::Sealed {
    /// The value as PyTorch's `int` (`isize` here), or PyTorch's error
    /// `Overflow when unpacking long` when it does not fit.
    ///
    /// ```
    /// use tensor_core::Int;
    /// assert_eq!(3u8.to_int(), Ok(3));
    /// ```
    fn to_int(self) -> Result<isize, ViewError>;

    /// The value as a bound of a Python slice: clamped into PyTorch's `int`
    /// range, never an error (Python clips slice bounds beyond it, so
    /// `x[0:2**70]` is `x[0:]`).
    ///
    /// ```
    /// use tensor_core::Int;
    /// assert_eq!(u64::MAX.to_slice_bound(), isize::MAX);
    /// assert_eq!(i128::MIN.to_slice_bound(), isize::MIN);
    /// assert_eq!((-3i32).to_slice_bound(), -3);
    /// ```
    fn to_slice_bound(self) -> isize;

    /// A list of these as PyTorch's `int[]`: borrowed as it is for `isize`,
    /// converted (without a heap allocation up to 8 items) for other types.
    ///
    /// ```
    /// use tensor_core::Int;
    /// assert_eq!(&*usize::to_ints(&[2, 3]).unwrap(), &[2isize, 3]);
    /// assert_eq!(&*isize::to_ints(&[-1]).unwrap(), &[-1isize]);
    /// ```
    fn to_ints(items: &[Self]) -> Result<Ints<'_>, ViewError> {
        items
            .iter()
            .map(|&i| i.to_int())
            .collect::<Result<SmallVec<_>, _>>()
            .map(Ints::Owned)
    }
}

/// A list of PyTorch `int`s converted from a list of [`Int`]s: the caller's
/// slice itself when it already holds `isize`.
///
/// ```
/// use tensor_core::Int;
/// let ints = i64::to_ints(&[4, -1]).unwrap();
/// assert_eq!(ints.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ints<'a> {
    /// The caller's own `isize` slice.
    Borrowed(&'a [isize]),
    /// The values converted.
    Owned(SmallVec<[isize; 8]>),
}

impl Deref for Ints<'_> {
    type Target = [isize];

    #[inline(always)]
    fn deref(&self) -> &[isize] {
        match self {
            Ints::Borrowed(items) => items,
            Ints::Owned(items) => items,
        }
    }
}

/// What `split` accepts as `split_size_or_sections`: a piece size, or a
/// list of sizes (a slice, an array or a `Vec`), of any [`Int`] type, or a
/// [`SplitSize`].
///
/// ```
/// use tensor_core::{IntoSplitSize, SplitSize};
/// let each = 768usize.with_split_size(|s| Ok(s == SplitSize::Each(768)));
/// assert_eq!(each, Ok(true));
/// let sizes = (&[1usize, 2]).with_split_size(|s| Ok(s == SplitSize::Sizes(&[1, 2])));
/// assert_eq!(sizes, Ok(true));
/// ```
pub trait IntoSplitSize<'a> {
    /// Calls `f` with the argument as a [`SplitSize`] (a list converted to
    /// PyTorch's ints first), or gives PyTorch's overflow error.
    ///
    /// ```
    /// use tensor_core::IntoSplitSize;
    /// assert!(u64::MAX.with_split_size(|_| Ok(())).is_err());
    /// assert!((&[1u64, u64::MAX]).with_split_size(|_| Ok(())).is_err());
    /// ```
    fn with_split_size<R>(
        self,
        f: impl FnOnce(SplitSize<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError>;
}

impl<'a, I: Int> IntoSplitSize<'a> for I {
    #[inline]
    fn with_split_size<R>(
        self,
        f: impl FnOnce(SplitSize<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError> {
        f(SplitSize::Each(self.to_int()?))
    }
}

impl<'a> IntoSplitSize<'a> for SplitSize<'a> {
    #[inline]
    fn with_split_size<R>(
        self,
        f: impl FnOnce(SplitSize<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError> {
        f(self)
    }
}

/// What `tensor_split`, `hsplit`, `vsplit` and `dsplit` accept as
/// `indices_or_sections`: a section count, or a list of indices (a slice, an
/// array or a `Vec`), of any [`Int`] type, or [`Sections`].
///
/// ```
/// use tensor_core::{IntoSections, Sections};
/// assert_eq!(3usize.with_sections(|s| Ok(s == Sections::Count(3))), Ok(true));
/// assert_eq!((&[1i64]).with_sections(|s| Ok(s == Sections::Indices(&[1]))), Ok(true));
/// ```
pub trait IntoSections<'a> {
    /// Calls `f` with the argument as [`Sections`] (a list converted to
    /// PyTorch's ints first), or gives PyTorch's overflow error.
    ///
    /// ```
    /// use tensor_core::IntoSections;
    /// assert!(u128::MAX.with_sections(|_| Ok(())).is_err());
    /// ```
    fn with_sections<R>(
        self,
        f: impl FnOnce(Sections<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError>;
}

impl<'a, I: Int> IntoSections<'a> for I {
    #[inline]
    fn with_sections<R>(
        self,
        f: impl FnOnce(Sections<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError> {
        f(Sections::Count(self.to_int()?))
    }
}

impl<'a> IntoSections<'a> for Sections<'a> {
    #[inline]
    fn with_sections<R>(
        self,
        f: impl FnOnce(Sections<'_>) -> Result<R, ViewError>,
    ) -> Result<R, ViewError> {
        f(self)
    }
}

/// The list forms of [`IntoSplitSize`] and [`IntoSections`]: slices, arrays
/// and `Vec`s of any [`Int`] type, converted to PyTorch's ints (borrowed as
/// they are for `isize`).
macro_rules! list_args {
    ($trait:ident, $method:ident, $target:ident, $variant:ident) => {
        impl<'a, I: Int> $trait<'a> for &'a [I] {
            #[inline]
            fn $method<R>(
                self,
                f: impl FnOnce($target<'_>) -> Result<R, ViewError>,
            ) -> Result<R, ViewError> {
                f($target::$variant(&I::to_ints(self)?))
            }
        }
        impl<'a, I: Int, const N: usize> $trait<'a> for &'a [I; N] {
            #[inline]
            fn $method<R>(
                self,
                f: impl FnOnce($target<'_>) -> Result<R, ViewError>,
            ) -> Result<R, ViewError> {
                f($target::$variant(&I::to_ints(self)?))
            }
        }
        impl<'a, I: Int> $trait<'a> for &'a Vec<I> {
            #[inline]
            fn $method<R>(
                self,
                f: impl FnOnce($target<'_>) -> Result<R, ViewError>,
            ) -> Result<R, ViewError> {
                f($target::$variant(&I::to_ints(self)?))
            }
        }
    };
}

list_args!(IntoSplitSize, with_split_size, SplitSize, Sizes);
list_args!(IntoSections, with_sections, Sections, Indices);

/// What `as_strided` accepts as `storage_offset`: `None` (the tensor's own
/// offset), `Some(offset)`, or an offset of any [`Int`] type.
///
/// ```
/// use tensor_core::IntoStorageOffset;
/// assert_eq!(None.into_storage_offset(), Ok(None));
/// assert_eq!(Some(2).into_storage_offset(), Ok(Some(2)));
/// assert_eq!(3usize.into_storage_offset(), Ok(Some(3)));
/// assert!(u64::MAX.into_storage_offset().is_err());
/// ```
pub trait IntoStorageOffset {
    /// The offset as PyTorch's optional `int`, or PyTorch's overflow error.
    ///
    /// ```
    /// use tensor_core::IntoStorageOffset;
    /// assert_eq!((-1i64).into_storage_offset(), Ok(Some(-1)));
    /// ```
    fn into_storage_offset(self) -> Result<Option<isize>, ViewError>;
}

/// `None` or `Some(isize)`: the one `Option` form, so that `None` and
/// `Some(4)` need no annotation (any other integer type is passed bare).
impl IntoStorageOffset for Option<isize> {
    #[inline]
    fn into_storage_offset(self) -> Result<Option<isize>, ViewError> {
        Ok(self)
    }
}

impl<I: Int> IntoStorageOffset for I {
    #[inline]
    fn into_storage_offset(self) -> Result<Option<isize>, ViewError> {
        Ok(Some(self.to_int()?))
    }
}

/// PyTorch's error for an integer argument beyond `int64`.
fn overflow() -> ViewError {
    ViewError::runtime("Overflow when unpacking long")
}

impl Int for isize {
    #[inline(always)]
    fn to_int(self) -> Result<isize, ViewError> {
        Ok(self)
    }

    #[inline(always)]
    fn to_slice_bound(self) -> isize {
        self
    }

    #[inline(always)]
    fn to_ints(items: &[isize]) -> Result<Ints<'_>, ViewError> {
        Ok(Ints::Borrowed(items))
    }
}

macro_rules! int_types {
    ($($t:ty),*) => {$(
        impl Int for $t {
            #[inline(always)]
            fn to_int(self) -> Result<isize, ViewError> {
                isize::try_from(self).map_err(|_| overflow())
            }

            #[inline(always)]
            fn to_slice_bound(self) -> isize {
                // Beyond `isize`, the value is far past one end or the other.
                isize::try_from(self).unwrap_or(if self > 0 { isize::MAX } else { isize::MIN })
            }
        }
    )*};
}

int_types!(i8, i16, i32, i64, i128, u8, u16, u32, u64, u128, usize);

mod sealed {
    pub trait Sealed {}
    macro_rules! sealed {
        ($($t:ty),*) => {$(impl Sealed for $t {})*};
    }
    sealed!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_beyond_isize_are_pytorchs_overflow_error() {
        let e = (isize::MAX as usize + 1).to_int().unwrap_err();
        assert_eq!(e.to_string(), "Overflow when unpacking long");
        assert_eq!(e.kind(), crate::ErrorKind::RuntimeError);
        assert_eq!((isize::MAX as usize).to_int(), Ok(isize::MAX));
        assert!(i128::MIN.to_int().is_err());
        assert_eq!(i64::MIN.to_int(), Ok(isize::MIN));
    }

    #[test]
    fn isize_lists_are_borrowed_and_others_converted() {
        let dims = [2isize, -1];
        assert!(matches!(isize::to_ints(&dims), Ok(Ints::Borrowed(_))));
        assert_eq!(&*u32::to_ints(&[2, 3]).unwrap(), &[2, 3]);
        assert!(usize::to_ints(&[1, usize::MAX]).is_err());
    }

    #[test]
    fn every_integer_type_reaches_the_same_view() {
        let x = crate::Tensor::<i32>::arange(24).view(&[2, 3, 4]).unwrap();
        let base = x.narrow(-1, -2, 2).unwrap();
        let mixed = x.narrow(-1i64, -2i32, 2usize).unwrap();
        assert_eq!(
            (mixed.shape(), mixed.stride()),
            (base.shape(), base.stride())
        );
        assert_eq!(mixed.storage_offset(), base.storage_offset());
        assert_eq!(
            x.select(0usize, -1i64).unwrap().to_vec(),
            x.select(0, -1).unwrap().to_vec()
        );
        assert_eq!(x.chunk(2u8, 2u16).unwrap().len(), 2);
        assert_eq!(x.transpose(0u32, 2i8).unwrap().shape(), &[4, 3, 2]);
        let (b, t) = (x.shape()[0], x.shape()[1]);
        assert_eq!(x.view(&[b * t, 4]).unwrap().shape(), &[6, 4]);
        assert_eq!(x.get(&[1usize, 2, 3]).unwrap(), 23);
    }

    #[test]
    fn lists_of_any_integer_type_split_alike() {
        let x = crate::Tensor::<i32>::arange(24).view(&[2, 3, 4]).unwrap();
        let sizes = |parts: Vec<crate::Tensor<i32>>| {
            parts.iter().map(|p| p.shape().to_vec()).collect::<Vec<_>>()
        };
        let by_isize = sizes(x.split(&[1isize, 3], -1).unwrap());
        let widths: Vec<usize> = vec![1, 3];
        assert_eq!(sizes(x.split(&widths, -1).unwrap()), by_isize);
        assert_eq!(sizes(x.split(&[1i64, 3][..], -1).unwrap()), by_isize);
        assert_eq!(sizes(x.split(&[1, 3], -1).unwrap()), by_isize); // literals
        let cuts = [1u32];
        assert_eq!(
            sizes(x.tensor_split(&cuts, 1).unwrap()),
            sizes(x.tensor_split(&[1isize], 1).unwrap())
        );
        assert_eq!(sizes(x.hsplit(&[2usize]).unwrap())[1], vec![2, 1, 4]);
        // negative indices keep PyTorch's meaning
        assert_eq!(
            sizes(x.tensor_split(&[-1i64], 2).unwrap()),
            vec![vec![2, 3, 3], vec![2, 3, 1]]
        );
        for e in [
            x.split(&[1usize, usize::MAX], -1).unwrap_err(),
            x.tensor_split(&vec![u64::MAX], 0).unwrap_err(),
        ] {
            assert_eq!(e.to_string(), "Overflow when unpacking long");
        }
    }

    #[test]
    fn too_large_arguments_fail_before_the_op_runs() {
        let x = crate::Tensor::<u8>::arange(6);
        for e in [
            x.split(u64::MAX, 0).unwrap_err(),
            x.tensor_split(usize::MAX, 0).unwrap_err(),
            x.narrow(0, 0, usize::MAX).unwrap_err(),
            x.view(&[u128::MAX]).unwrap_err(),
        ] {
            assert_eq!(e.to_string(), "Overflow when unpacking long");
        }
    }
}
