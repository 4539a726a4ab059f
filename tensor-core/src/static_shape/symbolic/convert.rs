//! `into_static()` into any typed shape: fully static (`Shape![2, 8]`) or
//! partly dynamic (`Shape![B, 8]`), checked once at run time.

use std::any::TypeId;

use super::shape::{Sym, SymDims};
use super::sizes::NamedSizes;
use crate::layout::contiguous_strides;
use crate::static_shape::markers::StaticShape;
use crate::ViewError;

/// A shape type a dynamic tensor can be converted into with `into_static()`.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::TypedShape;
/// dims!(B);
/// assert!(<Shape![B, 3] as TypedShape>::check(&[5, 3], &[3, 1]).is_ok());
/// let e = <Shape![B, 3] as TypedShape>::check(&[5, 4], &[4, 1]).unwrap_err();
/// assert_eq!(e.to_string(), "into_static(): expected a tensor of shape [B, 3], but got shape [5, 4]");
/// ```
///
/// Sealed: implemented by the library's shape types only.
pub trait TypedShape: crate::static_shape::markers::sealed::Sealed + 'static {
    /// The dims, for partly-dynamic shapes (`()` for fully static ones).
    type Dims;
    /// Whether a tensor of this shape and these strides has the type.
    fn check(shape: &[usize], strides: &[isize]) -> Result<(), ViewError>;

    /// The sizes of the type's named dims for a tensor of `shape` that
    /// carried `seed` (see [`NamedSizes`]); none for static shapes.
    #[doc(hidden)]
    fn named_sizes(_shape: &[usize], _seed: &NamedSizes) -> Result<NamedSizes, ViewError> {
        Ok(NamedSizes::default())
    }

    /// The check of a result the typed slicing ops computed: [`check`](Self::check),
    /// except that a row-major partly-dynamic type takes PyTorch's
    /// contiguity (a size-1 dim's stride is free), which the macros type
    /// row-major where they cannot see the dims' sizes.
    #[doc(hidden)]
    fn check_result(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
        Self::check(shape, strides)
    }

    /// Whether the sizes of named dims a tensor of `shape` carries agree
    /// with the type: each dim whose symbols all have a size is their
    /// product times its static factor. Nothing to agree for static shapes.
    #[doc(hidden)]
    fn check_carried(_shape: &[usize], _sizes: &NamedSizes) -> Result<(), ViewError> {
        Ok(())
    }
}

impl<S: StaticShape> TypedShape for S {
    type Dims = ();

    fn check(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
        if !S::AGREES {
            return Err(ViewError::runtime(
                "into_static(): this static shape type was not written by `Shape!` or `Layout!`: its element count, dims and strides disagree",
            ));
        }
        if shape != S::dims() {
            return Err(ViewError::StaticShapeMismatch {
                expected: S::dims().to_vec(),
                actual: shape.to_vec(),
            });
        }
        let expected = S::known_strides();
        if let Some(expected) = expected.filter(|_| !S::KNOWN_CONTIGUOUS)
            && strides != expected
        {
            return Err(ViewError::runtime(format!(
                "into_static(): the type's layout needs strides {}, but the tensor has strides {}",
                crate::error::IntList(expected),
                crate::error::IntList(strides),
            )));
        }
        if expected.is_some_and(|expected| strides != expected) {
            return Err(ViewError::StaticStridesMismatch {
                expected: expected.unwrap_or_default().to_vec(),
                actual: strides.to_vec(),
            });
        }
        Ok(())
    }
}

impl<const N: usize, NT: 'static, D: SymDims> TypedShape for Sym<N, NT, D> {
    type Dims = D;

    fn check(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
        check_symbolic_shape::<D>(shape)?;
        let expected = contiguous_strides(shape);
        if strides != expected.as_slice() {
            return Err(ViewError::StaticStridesMismatch {
                expected: expected.to_vec(),
                actual: strides.to_vec(),
            });
        }
        Ok(())
    }

    fn named_sizes(shape: &[usize], seed: &NamedSizes) -> Result<NamedSizes, ViewError> {
        NamedSizes::solve::<D>(shape, seed)
    }

    fn check_carried(shape: &[usize], sizes: &NamedSizes) -> Result<(), ViewError> {
        check_carried_sizes::<D>(shape, sizes)
    }

    fn check_result(shape: &[usize], strides: &[isize]) -> Result<(), ViewError> {
        if crate::layout::is_contiguous(shape, strides) {
            check_symbolic_shape::<D>(shape)
        } else {
            Self::check(shape, strides)
        }
    }
}

/// Whether the named sizes `sizes` a tensor of `shape` carries agree with
/// the dims `D` (see [`TypedShape::check_carried`]): else the tensor's
/// type would name a size it does not have.
pub(crate) fn check_carried_sizes<D: SymDims>(
    shape: &[usize],
    sizes: &NamedSizes,
) -> Result<(), ViewError> {
    if D::sizes_agree(shape, sizes) {
        return Ok(());
    }
    Err(ViewError::runtime(format!(
        "into_static(): expected a tensor of shape {} with the sizes of named dims it carries, but got shape {}",
        D::text(),
        crate::error::IntList(shape)
    )))
}

/// Whether `shape` has the dims `D`: the rank, the static dims, a multiple
/// of the coefficient for each named dim, and one size for a symbol named
/// alone in two dims. The strides are the caller's business.
pub(crate) fn check_symbolic_shape<D: SymDims>(shape: &[usize]) -> Result<(), ViewError> {
    let mismatch = || ViewError::TypedShapeMismatch {
        expected: D::text(),
        actual: shape.to_vec(),
    };
    let descs = D::descs();
    if shape.len() != descs.len() {
        return Err(mismatch());
    }
    for (&size, d) in shape.iter().zip(descs) {
        let fits = match d.symbols {
            0 => size == d.coefficient,
            _ => size % d.coefficient == 0,
        };
        if !fits {
            return Err(mismatch());
        }
    }
    // A symbol named alone in two dims must have one size.
    let singles = D::single_symbols();
    let mut seen: Vec<(TypeId, usize)> = Vec::new();
    for (&size, single) in shape.iter().zip(&singles) {
        if let Some(id) = single {
            match seen.iter().find(|(other, _)| other == id) {
                Some(&(_, first)) if first != size => return Err(mismatch()),
                Some(_) => {}
                None => seen.push((*id, size)),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::{SCons, SNil, SymDim};
    use typenum::{U1, U3, U32};

    crate::static_shape::symbolic::symbol::test_symbol!(B, typenum::U5);
    type D = (SymDim<U1, SCons<B, SNil>>, U3, U32, U32);
    type S = Sym<3072, typenum::Prod<U3, typenum::U1024>, D>;

    #[test]
    fn rank_static_dims_and_strides_are_checked() {
        let good = [8usize, 3, 32, 32];
        assert!(S::check(&good, &contiguous_strides(&good)).is_ok());
        let e = S::check(&[8, 1, 28, 28], &[784, 784, 28, 1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [B, 3, 32, 32], but got shape [8, 1, 28, 28]"
        );
        assert!(S::check(&[8, 3, 32], &[96, 32, 1]).is_err());
        assert!(S::check(&good, &[1, 8, 24, 768]).is_err());
    }

    #[test]
    fn a_repeated_symbol_has_one_size() {
        type Square = Sym<1, U1, (SymDim<U1, SCons<B, SNil>>, SymDim<U1, SCons<B, SNil>>)>;
        assert!(Square::check(&[4, 4], &[4, 1]).is_ok());
        let e = Square::check(&[4, 5], &[5, 1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [B, B], but got shape [4, 5]"
        );
    }
}
