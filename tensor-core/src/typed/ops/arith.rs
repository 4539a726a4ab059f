//! `+ - * /` between typed tensors, broadcast as PyTorch does, the result's
//! type computed from the operands' (nothing restated).
//!
//! Two all-static operands give the tensor itself; when a named dim is
//! involved the result is a `Result`, because two tensors typed with `B` may
//! hold different sizes for it (a name is not a global binding): the one
//! check left, done at run time with PyTorch's message. This is `candle`'s
//! `(&a + &b)?`.

use std::ops::{Add, Div, Mul, Sub};

use crate::numeric::{Arithmetic, Divide};
use crate::static_shape::{binary_typed, div_typed, BinaryOp, Outcome};
use crate::tensor::Tensor;
use crate::typed::list::{DimList, Join, TypedDims};
use crate::typed::rules::Broadcast;

/// The shape of `a ∘ b` for typed operands of shapes `A` and `B`.
type Out<A, B> = <<A as TypedDims>::List as Broadcast<<B as TypedDims>::List>>::Out;
/// Whether `a ∘ b` can fail at run time.
type Fails<A, B> = <<<A as TypedDims>::List as DimList>::Outcome as Join>::With<
    <<B as TypedDims>::List as DimList>::Outcome,
>;
/// What `a ∘ b` returns.
type Returned<T, A, B> = <Fails<A, B> as Outcome>::Wrap<Tensor<T, Out<A, B>>>;

macro_rules! operator {
    ($Trait:ident, $method:ident, $bound:ident, |$a:ident, $b:ident| $call:expr) => {
        impl<T: $bound, A: TypedDims, B: TypedDims> $Trait<&Tensor<T, B>> for &Tensor<T, A>
        where
            A::List: Broadcast<B::List>,
        {
            type Output = Returned<T, A, B>;
            #[inline]
            fn $method(self, other: &Tensor<T, B>) -> Self::Output {
                let ($a, $b) = (self, other);
                $call
            }
        }
        impl<T: $bound, A: TypedDims, B: TypedDims> $Trait<Tensor<T, B>> for Tensor<T, A>
        where
            A::List: Broadcast<B::List>,
        {
            type Output = Returned<T, A, B>;
            #[inline]
            fn $method(self, other: Tensor<T, B>) -> Self::Output {
                (&self).$method(&other)
            }
        }
        impl<T: $bound, A: TypedDims, B: TypedDims> $Trait<&Tensor<T, B>> for Tensor<T, A>
        where
            A::List: Broadcast<B::List>,
        {
            type Output = Returned<T, A, B>;
            #[inline]
            fn $method(self, other: &Tensor<T, B>) -> Self::Output {
                (&self).$method(other)
            }
        }
        impl<T: $bound, A: TypedDims, B: TypedDims> $Trait<Tensor<T, B>> for &Tensor<T, A>
        where
            A::List: Broadcast<B::List>,
        {
            type Output = Returned<T, A, B>;
            #[inline]
            fn $method(self, other: Tensor<T, B>) -> Self::Output {
                self.$method(&other)
            }
        }
    };
}

operator!(Add, add, Arithmetic, |a, b| binary_typed::<
    Out<A, B>,
    Fails<A, B>,
    T,
    A,
    B,
>(BinaryOp::Add, a, b));
operator!(Sub, sub, Arithmetic, |a, b| binary_typed::<
    Out<A, B>,
    Fails<A, B>,
    T,
    A,
    B,
>(BinaryOp::Sub, a, b));
operator!(Mul, mul, Arithmetic, |a, b| binary_typed::<
    Out<A, B>,
    Fails<A, B>,
    T,
    A,
    B,
>(BinaryOp::Mul, a, b));
operator!(Div, div, Divide, |a, b| div_typed::<
    Out<A, B>,
    Fails<A, B>,
    T,
    A,
    B,
>(a, b));

#[cfg(test)]
mod tests {
    use crate::static_shape::symbolic::symbol::test_symbol;
    use crate::static_shape::Shape;
    use crate::typed::{One, D};
    use crate::Tensor;

    test_symbol!(B, crate::typenum::U1);

    #[test]
    fn static_operands_broadcast_to_a_typed_tensor() {
        let a = Tensor::<f32, (D<2>, One, D<3>)>::full(2.0);
        let b = Tensor::<f32, (D<4>, One)>::full(3.0);
        let c: Tensor<f32, (D<2>, D<4>, D<3>)> = &a * &b;
        assert_eq!(c.shape(), &[2, 4, 3]);
        assert_eq!(c.to_vec(), vec![6.0; 24]);
        let d: Tensor<f32, (D<2>, One, D<3>)> = a.clone() - a;
        assert_eq!(d.to_vec(), vec![0.0; 6]);
    }

    #[test]
    fn named_operands_check_their_sizes_at_run_time() {
        let x: Tensor<f32, (B, D<3>)> =
            Tensor::<f32>::ones(&[2, 3]).unwrap().into_static().unwrap();
        let y: Tensor<f32, (B, D<3>)> =
            Tensor::<f32>::ones(&[5, 3]).unwrap().into_static().unwrap();
        let one: Tensor<f32, (B, D<3>)> =
            Tensor::<f32>::ones(&[1, 3]).unwrap().into_static().unwrap();
        let bias = Tensor::<f32, (D<3>,)>::full(0.5);
        let s: Tensor<f32, (B, D<3>)> = (&x + &bias).unwrap();
        assert_eq!(s.to_vec(), vec![1.5; 6]);
        assert_eq!(
            (&x / &y).unwrap_err().to_string(),
            "The size of tensor a (2) must match the size of tensor b (5) at non-singleton dimension 0"
        );
        // B = 1 against B = 5 broadcasts, as PyTorch does, in either order.
        assert_eq!((&one + &y).unwrap().shape(), &[5, 3]);
        assert_eq!((&y + &one).unwrap().shape(), &[5, 3]);
    }
}
