//! `index_select_at::<DIM, _>(&ids)`: PyTorch's `x.index_select(DIM, ids)`
//! of a typed tensor. The dim `DIM` of the input is replaced by the one dim
//! of the `i64` ids (`[B, V, C]` with ids `[N]` along 1 gives `[B, N, C]`),
//! the dim checked while compiling ([`At`]); the ids' values are read only
//! at run time, so an id outside the dim is PyTorch's `index out of range
//! in self`, and the op returns a `Result`. The result is a fresh row-major
//! tensor, as PyTorch's is.
//!
//! The `_` of the turbofish stands for the ids' type, which the call infers:
//! Rust cannot take a literal dim without naming every generic parameter.

use super::retype::carry;
use crate::static_shape::{typed_result, Fallible};
use crate::tensor::Tensor;
use crate::typed::dim::Dim;
use crate::typed::list::TypedDims;
use crate::typed::rules::At;
use crate::{Element, ViewError};

/// A one-dim shape, as `index_select` takes its ids: its dim.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "index_select(): Index is supposed to be a vector",
    label = "ids of one dimension are needed here, not `{Self}`"
)]
pub trait Vector {
    /// The one dim.
    type Len: Dim;
}
impl<N: Dim> Vector for (N,) {
    type Len = N;
}

/// What `index_select_at::<DIM, _>(&ids)` of a tensor typed `S` with ids
/// typed `I` returns.
type Selected<T, S, I, const DIM: isize> =
    Tensor<T, <<S as TypedDims>::List as At<DIM>>::With<<<I as TypedDims>::List as Vector>::Len>>;

impl<T: Element, S: TypedDims> Tensor<T, S> {
    /// `x.index_select(DIM, ids)`: the rows of `x` along `DIM` at `ids`, in
    /// their order, repeats allowed; the dim takes the ids' length.
    ///
    /// ```
    /// use tensor_view::{dims, Tensor, D};
    /// dims!(N);
    /// let x: Tensor<f32, (D<2>, D<3>)> =
    ///     Tensor::from_vec(vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0], &[2, 3])?.into_static()?;
    /// let ids: Tensor<i64, (N,)> = Tensor::from_vec(vec![2i64, 0, 2, 1], &[4])?.into_static()?;
    /// let y: Tensor<f32, (D<2>, N)> = x.index_select_at::<1, _>(&ids)?;
    /// assert_eq!(y.to_vec(), vec![2.0, 0.0, 2.0, 1.0, 5.0, 3.0, 5.0, 4.0]);
    /// // Along dim 0 of size 2, the id 2 is PyTorch's IndexError.
    /// let bad: Tensor<i64, (D<2>,)> = Tensor::from_vec(vec![0i64, 2], &[2])?.into_static()?;
    /// let e = x.index_select_at::<0, _>(&bad).unwrap_err();
    /// assert_eq!(e.to_string(), "index out of range in self");
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    pub fn index_select_at<const DIM: isize, I: TypedDims>(
        &self,
        ids: &Tensor<i64, I>,
    ) -> Result<Selected<T, S, I, DIM>, ViewError>
    where
        S::List: At<DIM>,
        I::List: Vector,
    {
        let rows = self
            .clone()
            .into_dyn()
            .index_select(DIM, &ids.clone().into_dyn());
        typed_result::<_, Fallible, T>(carry(rows, &self.symbols))
    }
}

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::tensor::Tensor;
    use crate::typed::Generator;
    use crate::typed::D;

    test_symbol!(N, crate::typenum::U1);
    test_symbol!(B, crate::typenum::U2);

    /// Random ids (some out of range) along the literal dim of a typed
    /// tensor, against the dynamic `index_select`: same shape, values and
    /// error text, for every case.
    macro_rules! against_dynamic {
        ($rng:expr, $shape:ty, [$($size:expr),*], $dim:literal) => {{
            let sizes = [$($size),*];
            let numel: usize = sizes.iter().product();
            let data: Vec<f32> = (0..numel).map(|v| v as f32).collect();
            let x: Tensor<f32, $shape> = Tensor::from_vec(data, &sizes).unwrap().into_static().unwrap();
            let along = sizes[($dim as isize).rem_euclid(sizes.len() as isize) as usize];
            for _ in 0..10 {
                let len = ($rng.next_u32() % 5) as usize;
                let ids: Vec<i64> = (0..len)
                    .map(|_| ($rng.next_u32() % (along as u32 + 1)) as i64)
                    .collect();
                let ids_dyn = Tensor::from_vec(ids, &[len]).unwrap();
                let typed_ids: Tensor<i64, (N,)> = ids_dyn.clone().into_static().unwrap();
                let got = x.index_select_at::<$dim, _>(&typed_ids).map(|t| (t.shape().to_vec(), t.to_vec()));
                let want = x.clone().into_dyn().index_select($dim, &ids_dyn).map(|t| (t.shape().to_vec(), t.to_vec()));
                match (got, want) {
                    (Ok(g), Ok(w)) => assert_eq!(g, w),
                    (Err(g), Err(w)) => assert_eq!(g.to_string(), w.to_string()),
                    (g, w) => panic!("typed {g:?}, dynamic {w:?}"),
                }
            }
        }};
    }

    #[test]
    fn typed_index_select_agrees_with_the_dynamic_op() {
        let mut rng = Generator::manual_seed(34);
        against_dynamic!(rng, (D<4>,), [4], 0);
        against_dynamic!(rng, (D<3>, D<5>), [3, 5], 0);
        against_dynamic!(rng, (D<3>, D<5>), [3, 5], -1);
        against_dynamic!(rng, (B, D<4>, D<2>), [2, 4, 2], 1);
        against_dynamic!(rng, (B, D<4>, D<2>), [3, 4, 2], -3);
        against_dynamic!(rng, (D<2>, B, D<3>, D<2>), [2, 3, 3, 2], 2);
    }
}
