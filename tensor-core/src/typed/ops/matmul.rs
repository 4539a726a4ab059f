//! `a.matmul(&b)` of typed tensors: `torch.matmul` at every pair of ranks
//! 1 to 6, its result's type computed from the operands' by the
//! [`Matmul`] rule (nothing restated). `matmul!(a, b)` (no stated shapes)
//! expands to it; its operands are routed by type first, so that another
//! kind of operand is one readable error (never its `typenum` type).
//!
//! Two all-static operands give the tensor itself. When a named dim is in
//! either operand the result is a `Result`: two tensors typed `B` may hold
//! different sizes for it, so the one check left (an inner dim, a batch dim)
//! is done at run time with PyTorch's message.

use crate::static_shape::{matmul_typed, MatmulElement, Outcome};
use crate::tensor::Tensor;
use crate::typed::dim::Dim;
use crate::typed::list::{AnyStrides, DimList, Join, TypedDims};
use crate::typed::permuted::{MapList, Permuted};
use crate::typed::rules::Matmul;

/// The shape of `a.matmul(&b)` for typed operands of shapes `A` and `B`.
type Out<A, B> = <<A as TypedDims>::List as Matmul<<B as TypedDims>::List>>::Out;
/// Whether `a.matmul(&b)` can fail at run time.
type Fails<A, B> = <<<A as TypedDims>::List as DimList>::Outcome as Join>::With<
    <<B as TypedDims>::List as DimList>::Outcome,
>;
/// What `a.matmul(&b)` returns: `Tensor<T, Out>`, or a `Result` of it.
type Returned<T, A, B> = <Fails<A, B> as Outcome>::Wrap<Tensor<T, Out<A, B>>>;

impl<T: MatmulElement, A: TypedDims> Tensor<T, A> {
    /// `torch.matmul(self, other)` of typed tensors (any strides), typed
    /// from the operands' shapes: dot (1-D · 1-D), matrix-vector,
    /// vector-matrix, `mm`, and batched products whose batch dims broadcast.
    /// All-static operands give the tensor; with a named dim, a `Result`
    /// (the sizes behind the names are compared at run time).
    ///
    /// Mismatched inner dims are a compile error in PyTorch's words, such as
    /// `mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)`.
    ///
    /// ```
    /// use tensor_view::{dims, Shape, Tensor, D};
    /// dims!(B, T);
    /// let w = Tensor::<f32, (D<4>, D<3>)>::ones();
    /// let v = Tensor::<f32, (D<3>,)>::full(2.0);
    /// let y: Tensor<f32, (D<4>,)> = w.matmul(&v);
    /// assert_eq!(y.to_vec(), vec![6.0; 4]);
    ///
    /// let x: Tensor<f32, (B, T, D<4>)> = Tensor::<f32>::ones(&[2, 5, 4])?.into_static()?;
    /// let h: Tensor<f32, (B, T, D<3>)> = x.matmul(&w)?;
    /// assert_eq!(h.shape(), &[2, 5, 3]);
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor, D};
    /// let a = Tensor::<f32, (D<4>, D<3>)>::ones();
    /// let b = Tensor::<f32, (D<4>, D<5>)>::ones();
    /// let c = a.matmul(&b); // mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)
    /// ```
    #[inline]
    pub fn matmul<B: TypedDims>(&self, other: &Tensor<T, B>) -> Returned<T, A, B>
    where
        A::List: Matmul<B::List>,
    {
        matmul_typed::<Out<A, B>, Fails<A, B>, T, A, B>(self, other)
    }
}

/// An operand of `matmul!(a, b)` (no stated shapes): a tensor typed by a
/// tuple of dims, row-major, a [`Permuted`] view of one, or [`AnyStrides`].
#[doc(hidden)]
pub trait MatmulOperand: TypedDims {}
impl<Src: DimList, Map: MapList> MatmulOperand for Permuted<Src, Map> {}
macro_rules! operand {
    ($($d:ident)*) => {
        impl<$($d: Dim),*> MatmulOperand for ($($d,)*) {}
        impl<$($d: Dim),*> MatmulOperand for AnyStrides<($($d,)*)> {}
    };
}
operand!();
operand!(A0);
operand!(A0 A1);
operand!(A0 A1 A2);
operand!(A0 A1 A2 A3);
operand!(A0 A1 A2 A3 A4);
operand!(A0 A1 A2 A3 A4 A5);

/// The operands of `matmul!(a, b)`, routed by their types: two tensors of
/// one element type typed by tuples take [`ByTuples`]; anything else
/// [`ByOther`] (autoref picks the first that applies).
#[doc(hidden)]
pub struct MatmulProbe<'a, X, Y>(pub &'a X, pub &'a Y);
/// The route of two tuple-typed tensors.
#[doc(hidden)]
pub struct TupleOperands;
/// The route of anything else: a compile error.
#[doc(hidden)]
pub struct OtherOperands;

/// The route of two tuple-typed tensors.
#[doc(hidden)]
pub trait ByTuples {
    /// [`TupleOperands`].
    fn route(&self) -> TupleOperands {
        TupleOperands
    }
}
impl<T: MatmulElement, A: MatmulOperand, B: MatmulOperand> ByTuples
    for MatmulProbe<'_, Tensor<T, A>, Tensor<T, B>>
{
}
/// The route of other operands.
#[doc(hidden)]
pub trait ByOther {
    /// [`OtherOperands`].
    fn route(&self) -> OtherOperands {
        OtherOperands
    }
}
impl<X, Y> ByOther for &MatmulProbe<'_, X, Y> {}

/// The routes `matmul!(a, b)` accepts.
#[diagnostic::on_unimplemented(
    message = "`matmul!(a, b)` without stated shapes takes two tensors of one element type typed by tuples of dims, such as `Tensor<f32, (B, T, D<768>)>`",
    label = "not two tensors typed by tuples of dims",
    note = "for `Shape![..]` tensors state both shapes, as in `matmul!(a: [4, 3], b: [3, 5])`; for dynamic tensors call the method: `a.matmul(&b)?`"
)]
#[doc(hidden)]
pub trait TupleRoute {}
impl TupleRoute for TupleOperands {}
/// Requires the route of two tuple-typed tensors.
#[doc(hidden)]
pub fn tuples_only<R: TupleRoute>(_: &R) {}

impl TupleOperands {
    /// What `matmul!(a, b)` expands to: `a.matmul(&b)`.
    ///
    /// ```
    /// use tensor_view::{matmul, Shape, Tensor, D};
    /// let a = Tensor::<f32, (D<2>, D<3>)>::ones();
    /// let b = Tensor::<f32, (D<3>,)>::ones();
    /// let c: Tensor<f32, (D<2>,)> = matmul!(a, b);
    /// assert_eq!(c.to_vec(), vec![3.0, 3.0]);
    /// ```
    #[inline]
    pub fn call<T: MatmulElement, A: MatmulOperand, B: MatmulOperand>(
        self,
        a: &Tensor<T, A>,
        b: &Tensor<T, B>,
    ) -> Returned<T, A, B>
    where
        A::List: Matmul<B::List>,
    {
        a.matmul(b)
    }
}

impl OtherOperands {
    /// Never reached: [`tuples_only`] refused this route while compiling.
    pub fn call<X, Y>(self, _: &X, _: &Y) -> ! {
        unreachable!("matmul!(a, b) of operands not typed by tuples does not compile")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::Shape;
    use crate::typed::{One, D};
    use crate::ViewError;

    test_symbol!(B, crate::typenum::U1);
    test_symbol!(T, crate::typenum::U2);

    /// A typed op's value as a `Result`, whether the op returned one or not.
    trait IntoResult<X> {
        fn into_result(self) -> Result<X, ViewError>;
    }
    impl<S> IntoResult<Tensor<f64, S>> for Tensor<f64, S> {
        fn into_result(self) -> Result<Tensor<f64, S>, ViewError> {
            Ok(self)
        }
    }
    impl<S> IntoResult<Tensor<f64, S>> for Result<Tensor<f64, S>, ViewError> {
        fn into_result(self) -> Result<Tensor<f64, S>, ViewError> {
            self
        }
    }

    /// A dynamic tensor of `shape` holding small distinct integers.
    fn filled(shape: &[usize], salt: usize) -> Tensor<f64> {
        let n: usize = shape.iter().product();
        let values = (0..n).map(|i| ((i * 7 + salt) % 11) as f64 - 5.0).collect();
        Tensor::<f64>::from_vec(values, shape).unwrap()
    }

    /// `a.matmul(&b)` typed `(A, B) -> R`, against the dynamic op on the
    /// same values: the type `R` is the rule's, the shape and values PyTorch's.
    fn case<A, B: DimList, R: DimList>(sa: &[usize], sb: &[usize])
    where
        A: Matmul<B, Out = R>,
        Returned<f64, A, B>: IntoResult<Tensor<f64, R>>,
    {
        let (da, db) = (filled(sa, 1), filled(sb, 2));
        let ta: Tensor<f64, A> = da.clone().into_static().unwrap();
        let tb: Tensor<f64, B> = db.clone().into_static().unwrap();
        let typed = ta.matmul(&tb).into_result().unwrap();
        let dynamic = da.matmul(&db).unwrap();
        assert_eq!(typed.shape(), dynamic.shape(), "{sa:?} @ {sb:?}");
        assert_eq!(typed.to_vec(), dynamic.to_vec(), "{sa:?} @ {sb:?}");
    }

    #[test]
    fn typed_results_match_the_dynamic_op_on_random_accepted_shapes() {
        include!("matmul_cases.rs");
    }

    #[test]
    fn static_operands_give_the_tensor_and_any_strides_are_read() {
        let a = Tensor::<f32, (D<2>, D<3>)>::full(1.0);
        let b = Tensor::<f32, (D<3>, D<4>)>::full(2.0);
        let c: Tensor<f32, (D<2>, D<4>)> = a.matmul(&b);
        assert_eq!(c.to_vec(), vec![6.0; 8]);
        let at: Tensor<f32, crate::typed::AnyStrides<(D<3>, D<2>)>> =
            a.into_dyn().t().unwrap().into_static().unwrap();
        let d: Tensor<f32, (D<3>, D<3>)> = at.matmul(&Tensor::<f32, (D<2>, D<3>)>::ones());
        assert_eq!(d.to_vec(), vec![2.0; 9]);
        let one = Tensor::<f32, (One, D<3>, D<3>)>::ones();
        let e: Tensor<f32, (One, D<3>, D<3>)> = one.matmul(&d);
        assert_eq!(e.to_vec(), vec![6.0; 9]);
    }

    #[test]
    fn named_dims_are_compared_at_run_time_with_pytorchs_message() {
        let x: Tensor<f32, (B, D<3>)> =
            Tensor::<f32>::ones(&[2, 3]).unwrap().into_static().unwrap();
        let w: Tensor<f32, (D<3>, B)> =
            Tensor::<f32>::ones(&[3, 5]).unwrap().into_static().unwrap();
        let y: Result<Tensor<f32, (B, B)>, _> = x.matmul(&w);
        assert_eq!(
            y.unwrap_err().to_string(),
            "into_static(): expected a tensor of shape [B, B], but got shape [2, 5]"
        );
        let w5: Tensor<f32, (D<3>, T)> =
            Tensor::<f32>::ones(&[3, 5]).unwrap().into_static().unwrap();
        let y: Tensor<f32, (B, T)> = x.matmul(&w5).unwrap();
        assert_eq!((y.shape(), y.to_vec()), (&[2usize, 5][..], vec![3.0; 10]));
        // the same name on the inner dims, different sizes at run time
        let p: Tensor<f32, (D<4>, T)> =
            Tensor::<f32>::ones(&[4, 3]).unwrap().into_static().unwrap();
        let q: Tensor<f32, (T, D<5>)> =
            Tensor::<f32>::ones(&[4, 5]).unwrap().into_static().unwrap();
        assert_eq!(
            p.matmul(&q).unwrap_err().to_string(),
            "mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"
        );
        // batch dims of one name and different sizes
        let u: Tensor<f32, (B, D<2>, D<2>)> = Tensor::<f32>::ones(&[2, 2, 2])
            .unwrap()
            .into_static()
            .unwrap();
        let v: Tensor<f32, (B, D<2>, D<2>)> = Tensor::<f32>::ones(&[3, 2, 2])
            .unwrap()
            .into_static()
            .unwrap();
        assert_eq!(
            u.matmul(&v).unwrap_err().to_string(),
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
        );
    }
}
