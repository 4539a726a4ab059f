//! Symbols across tensors: where two partly-dynamic tensors meet.
//!
//! A symbol promises one size along one tensor's chain of views: in
//! `view!(x, [B, T, 12, -1])`, `B` and `T` are the sizes `x` was checked
//! with. It is not a global binding: two tensors typed `Shape![B, T, 768]`
//! may hold different batches. So where two tensors meet, their sizes are
//! compared once, at run time, with PyTorch's message, and the result takes
//! the type of the tensor whose shape it takes.

use super::shape::{Sym, SymDims};
use crate::tensor::Tensor;
use crate::{Element, ViewError};

impl<T: Element, const N: usize, NT: 'static, D: SymDims> Tensor<T, Sym<N, NT, D>> {
    /// `tensor.view_as(other)` between partly-dynamic tensors: this tensor
    /// viewed with `other`'s shape, typed as `other`. The element counts are
    /// compared now (the symbols of the two tensors need not hold the same
    /// sizes), failing with PyTorch's message. The input is row-major, so
    /// the view always has `other`'s row-major strides.
    ///
    /// ```
    /// use tensor_view::{dims, view, Shape, Tensor};
    /// dims!(B, T);
    /// let x: Tensor<f32, Shape![B, T, 768]> =
    ///     Tensor::<f32>::zeros(&[2, 5, 768]).unwrap().into_static().unwrap();
    /// let flat: Tensor<f32, Shape![B * T, 768]> = view!(x, [-1, 768]);
    /// // Back to [B, T, 768], with B and T read from `x`:
    /// let back: Tensor<f32, Shape![B, T, 768]> = flat.view_as(&x).unwrap();
    /// assert_eq!(back.shape(), &[2, 5, 768]);
    /// // Another tensor's B and T need not match:
    /// let other: Tensor<f32, Shape![B, T, 768]> =
    ///     Tensor::<f32>::zeros(&[3, 5, 768]).unwrap().into_static().unwrap();
    /// assert_eq!(
    ///     flat.view_as(&other).unwrap_err().to_string(),
    ///     "shape '[3, 5, 768]' is invalid for input of size 7680"
    /// );
    /// ```
    pub fn view_as<U: Element, const N2: usize, NT2: 'static, D2: SymDims>(
        &self,
        other: &Tensor<U, Sym<N2, NT2, D2>>,
    ) -> Result<Tensor<T, Sym<N2, NT2, D2>>, ViewError> {
        let shape: smallvec::SmallVec<[isize; 8]> =
            other.shape().iter().map(|&d| d as isize).collect();
        let view: Tensor<T, Sym<N2, NT2, D2>> = self.with_layout(self.layout.view(&shape)?);
        Ok(view.with_sizes_first_of(other))
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::{SCons, SNil, Sym, SymDim};
    use crate::Tensor;
    use typenum::{U1, U12, U4};

    test_symbol!(B, typenum::U7);

    type B4 = Sym<4, U4, (SymDim<U1, SCons<B, SNil>>, U4)>;
    type B2x2 = Sym<4, U4, (SymDim<U1, SCons<B, SNil>>, typenum::U2, typenum::U2)>;
    type B12 = Sym<12, U12, (SymDim<U1, SCons<B, SNil>>, U12)>;

    fn typed<S: crate::static_shape::TypedShape>(shape: &[usize]) -> Tensor<f32, S> {
        let n = shape.iter().product::<usize>();
        let flat = Tensor::<f32>::arange(n);
        let shape: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
        flat.view(&shape).unwrap().into_static().unwrap()
    }

    #[test]
    fn view_as_takes_the_other_tensors_shape_and_aliases() {
        let x: Tensor<f32, B4> = typed(&[3, 4]);
        let like: Tensor<f32, B2x2> = typed(&[3, 2, 2]);
        let y = x.view_as(&like).unwrap();
        assert_eq!(y.shape(), &[3, 2, 2]);
        assert_eq!(y.stride(), &[4, 2, 1]);
        assert!(y.shares_storage(&x));
        assert_eq!(y.to_vec(), x.to_vec());
    }

    #[test]
    fn view_as_compares_the_sizes_at_run_time_with_pytorchs_message() {
        let x: Tensor<f32, B4> = typed(&[3, 4]);
        let like: Tensor<f32, B2x2> = typed(&[5, 2, 2]);
        let error = x.view_as(&like).unwrap_err().to_string();
        let dynamic = x
            .clone()
            .into_dyn()
            .view(&[5, 2, 2])
            .unwrap_err()
            .to_string();
        assert_eq!(error, dynamic);
        assert_eq!(error, "shape '[5, 2, 2]' is invalid for input of size 12");
        // Symbols of the same name in different tensors: the counts decide.
        let wide: Tensor<f32, B12> = typed(&[1, 12]);
        assert_eq!(x.view_as(&wide).unwrap().shape(), &[1, 12]);
    }
}
