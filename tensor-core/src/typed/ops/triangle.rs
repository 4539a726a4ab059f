//! `tril` and `triu` of a typed tensor (shape-preserving; the rank checked
//! while compiling, [`Matrices`]) and [`causal_mask`], the `(T, T)` mask of
//! a causal self-attention of a named length `T`.

use super::retype::carry;
use crate::static_shape::{typed_result, Infallible, Symbol};
use crate::tensor::Tensor;
use crate::typed::list::TypedDims;
use crate::typed::rules::{tril, triu, Matrices};
use crate::Element;

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `torch.tril(x, diagonal)` of a typed tensor of rank 2 or more: the
    /// elements with `j - i <= diagonal` in each matrix, the rest zero; a
    /// fresh row-major tensor of the same dims.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<i32, (D<2>, D<2>)>::ones();
    /// let y: Tensor<i32, (D<2>, D<2>)> = x.tril(0);
    /// assert_eq!(y.to_vec(), vec![1, 0, 1, 1]);
    /// ```
    pub fn tril(&self, diagonal: i64) -> Tensor<T, S::List>
    where
        S::List: Matrices<tril>,
    {
        typed_result::<S::List, Infallible, T>(carry(
            self.clone().into_dyn().tril(diagonal),
            &self.symbols,
        ))
    }

    /// `torch.triu(x, diagonal)` of a typed tensor of rank 2 or more: the
    /// elements with `j - i >= diagonal` in each matrix, the rest zero.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor, D};
    /// let x = Tensor::<i32, (D<2>, D<2>)>::ones();
    /// let y: Tensor<i32, (D<2>, D<2>)> = x.triu(1);
    /// assert_eq!(y.to_vec(), vec![0, 1, 0, 0]);
    /// ```
    pub fn triu(&self, diagonal: i64) -> Tensor<T, S::List>
    where
        S::List: Matrices<triu>,
    {
        typed_result::<S::List, Infallible, T>(carry(
            self.clone().into_dyn().triu(diagonal),
            &self.symbols,
        ))
    }
}

/// The causal mask of `t` positions of the named length `N`, a `bool`
/// `(N, N)` tensor: `true` where a query at row `i` must not see the key at
/// column `j` (`j > i`, a future position), which is what
/// `masked_fill(mask, -inf)` takes; PyTorch's
/// `torch.ones(t, t, dtype=torch.bool).triu(1)`.
///
/// ```
/// use tensor_view::{dims, typed::causal_mask, Tensor};
/// dims!(T);
/// let mask: Tensor<bool, (T, T)> = causal_mask::<T>(3);
/// assert_eq!(
///     mask.to_vec(),
///     vec![false, true, true, false, false, true, false, false, false]
/// );
/// ```
pub fn causal_mask<N: Symbol>(t: usize) -> Tensor<bool, (N, N)> {
    let future = Tensor::<bool>::full(&[t, t], true).and_then(|ones| ones.triu(1));
    typed_result::<(N, N), Infallible, bool>(future)
}

#[cfg(test)]
mod tests {
    use super::causal_mask;
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::typed::{AnyStrides, D};
    use crate::Tensor;

    test_symbol!(T, crate::typenum::U1);

    #[test]
    fn typed_triangles_equal_the_dynamic_ones() {
        let d = Tensor::<f32>::arange(24).view(&[2, 4, 3]).unwrap();
        let x: Tensor<f32, AnyStrides<(D<2>, D<3>, T)>> =
            d.transpose(1, 2).unwrap().into_static().unwrap();
        let lower: Tensor<f32, (D<2>, D<3>, T)> = x.tril(-1);
        let upper: Tensor<f32, (D<2>, D<3>, T)> = x.triu(1);
        let dx = x.clone().into_dyn();
        assert_eq!(lower.to_vec(), dx.tril(-1).unwrap().to_vec());
        assert_eq!(upper.to_vec(), dx.triu(1).unwrap().to_vec());
    }

    #[test]
    fn causal_mask_is_the_strict_upper_triangle() {
        for t in [0, 1, 5] {
            let m: Tensor<bool, (T, T)> = causal_mask::<T>(t);
            assert_eq!(m.shape(), &[t, t]);
            let v = m.to_vec();
            for (k, &b) in v.iter().enumerate() {
                assert_eq!(b, k % t > k / t);
            }
        }
    }
}
