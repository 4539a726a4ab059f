//! Into and out of typed shapes: `into_static()` checks a dynamic tensor
//! against a tuple once, at run time; `zeros()`/`full()` build a tensor of
//! an all-static tuple.

use super::list::{AnyStrides, DimList};
use crate::layout::{contiguous_strides, is_contiguous, Layout};
use crate::static_shape::{Infallible, TypedShape};
use crate::storage::Storage;
use crate::tensor::Tensor;
use crate::{Element, ViewError};

impl<L: DimList> crate::static_shape::markers::sealed::Sealed for AnyStrides<L> {}

/// The check of `into_static()` into a row-major tuple `L`: the dims, and
/// PyTorch's contiguity (a size-1 dim's stride is free, as `is_contiguous()`
/// has it). Each named dim is a dim of its own, so no sizes are carried.
pub(crate) fn check_row_major<L: DimList>(
    shape: &[usize],
    strides: &[isize],
) -> Result<(), ViewError> {
    L::check_dims(shape)?;
    if !is_contiguous(shape, strides) {
        return Err(ViewError::StaticStridesMismatch {
            expected: contiguous_strides(shape).to_vec(),
            actual: strides.to_vec(),
        });
    }
    Ok(())
}

/// A tuple with any strides: the dims only.
impl<L: DimList> TypedShape for AnyStrides<L> {
    type Dims = L;

    fn check(shape: &[usize], _: &[isize]) -> Result<(), ViewError> {
        L::check_dims(shape)
    }

    fn named_sizes(
        shape: &[usize],
        seed: &crate::static_shape::NamedSizes,
    ) -> Result<crate::static_shape::NamedSizes, ViewError> {
        super::merged::named_sizes::<L>(shape, seed)
    }
}

/// `torch.zeros` of the all-static shape `L`, row-major. It panics only if
/// memory runs out, as `Vec` does.
pub(crate) fn zeros<T: Element, L: DimList<Outcome = Infallible>>() -> Tensor<T, L> {
    let dims = L::static_dims().expect("an infallible shape's dims are static");
    let bytes = dims
        .iter()
        .try_fold(T::DTYPE.size(), |n, &d| n.checked_mul(d))
        .expect("a static shape's byte size overflows usize");
    let storage = Storage::zeroed(bytes).expect("out of memory allocating a static tensor");
    let layout = Layout::from_parts(&dims, &contiguous_strides(&dims), 0);
    Tensor::from_raw(storage, layout, false)
}

/// `torch.full` of the all-static shape `L`.
pub(crate) fn full<T: Element, L: DimList<Outcome = Infallible>>(value: T) -> Tensor<T, L> {
    let x = zeros::<T, L>();
    x.storage
        .write()
        .as_elements_mut::<T::Repr>()
        .fill(value.into_repr());
    x
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{AnyStrides, One, D};
    use crate::Tensor;

    test_symbol!(B, crate::typenum::U1);
    test_symbol!(T, crate::typenum::U2);

    #[test]
    fn into_static_checks_rank_sizes_names_and_strides() {
        let x = Tensor::<f32>::zeros(&[2, 3, 4]).unwrap();
        assert!(x.clone().into_static::<(B, T, D<4>)>().is_ok());
        assert!(x.clone().into_static::<(B, B, D<4>)>().is_err());
        assert!(x.clone().into_static::<(B, D<3>, One)>().is_err());
        let e = x.clone().into_static::<(B, D<4>)>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "into_static(): expected a tensor of shape [B, 4], but got shape [2, 3, 4]"
        );
        let t = x.transpose(0, 2).unwrap();
        assert!(t.clone().into_static::<(D<4>, T, B)>().is_err());
        assert!(t.into_static::<AnyStrides<(D<4>, T, B)>>().is_ok());
        let same = Tensor::<f32>::zeros(&[3, 3]).unwrap();
        assert!(same.into_static::<(B, B)>().is_ok());
    }

    #[test]
    fn zeros_of_a_static_tuple_is_row_major() {
        use crate::static_shape::Shape;
        let x = Tensor::<f32, (D<2>, One, D<3>)>::zeros();
        assert_eq!(x.shape(), &[2, 1, 3]);
        assert_eq!(x.stride(), &[3, 3, 1]);
        let y = Tensor::<i32, ()>::full(7);
        assert_eq!(y.to_vec(), vec![7]);
    }
}
