//! `+ - * /` between two tensors of one fully static row-major type
//! (`Shape![2, 3]` and `Shape![2, 3]`): no broadcasting is needed and no
//! check is left, so the result is that type itself, not a `Result`.
//!
//! Operands of different static shapes broadcast through `add!`, `sub!`,
//! `mul!`, `div!` (their shapes stated); partly-dynamic operands
//! (`Shape![B, 3]`) have no such operators, since two tensors typed with
//! `B` may hold different sizes (the macros compare them at run time).

use std::ops::{Add, Div, Mul, Sub};

use super::calls::{binary_typed, div_typed, BinaryOp};
use crate::numeric::{Arithmetic, Divide};
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, Static};
use crate::static_shape::outcome::Infallible;
use crate::tensor::Tensor;

/// A fully static row-major shape.
type RowMajor<const N: usize, NT, D> = Static<N, NT, D, ContiguousStrides>;

macro_rules! operator {
    ($Trait:ident, $op:ident, $bound:ident, $call:expr) => {
        impl<T: $bound, const N: usize, NT: typenum::Unsigned, D: StaticDims>
            $Trait<&Tensor<T, RowMajor<N, NT, D>>> for &Tensor<T, RowMajor<N, NT, D>>
        {
            type Output = Tensor<T, RowMajor<N, NT, D>>;
            fn $op(self, other: &Tensor<T, RowMajor<N, NT, D>>) -> Self::Output {
                $call(self, other)
            }
        }
        impl<T: $bound, const N: usize, NT: typenum::Unsigned, D: StaticDims>
            $Trait<Tensor<T, RowMajor<N, NT, D>>> for Tensor<T, RowMajor<N, NT, D>>
        {
            type Output = Tensor<T, RowMajor<N, NT, D>>;
            fn $op(self, other: Tensor<T, RowMajor<N, NT, D>>) -> Self::Output {
                $call(&self, &other)
            }
        }
        impl<T: $bound, const N: usize, NT: typenum::Unsigned, D: StaticDims>
            $Trait<Tensor<T, RowMajor<N, NT, D>>> for &Tensor<T, RowMajor<N, NT, D>>
        {
            type Output = Tensor<T, RowMajor<N, NT, D>>;
            fn $op(self, other: Tensor<T, RowMajor<N, NT, D>>) -> Self::Output {
                $call(self, &other)
            }
        }
        impl<T: $bound, const N: usize, NT: typenum::Unsigned, D: StaticDims>
            $Trait<&Tensor<T, RowMajor<N, NT, D>>> for Tensor<T, RowMajor<N, NT, D>>
        {
            type Output = Tensor<T, RowMajor<N, NT, D>>;
            fn $op(self, other: &Tensor<T, RowMajor<N, NT, D>>) -> Self::Output {
                $call(&self, other)
            }
        }
    };
}

operator!(Add, add, Arithmetic, |a, b| binary_typed::<
    _,
    Infallible,
    _,
    _,
    _,
>(BinaryOp::Add, a, b));
operator!(Sub, sub, Arithmetic, |a, b| binary_typed::<
    _,
    Infallible,
    _,
    _,
    _,
>(BinaryOp::Sub, a, b));
operator!(Mul, mul, Arithmetic, |a, b| binary_typed::<
    _,
    Infallible,
    _,
    _,
    _,
>(BinaryOp::Mul, a, b));
operator!(
    Div,
    div,
    Divide,
    |a, b| div_typed::<_, Infallible, _, _, _>(a, b)
);

#[cfg(test)]
mod tests {
    use crate::static_shape::{ContiguousStrides, Shape, Static};
    use crate::Tensor;
    use typenum::{U2, U3, U6};

    type S = Static<6, U6, (U2, U3), ContiguousStrides>;

    #[test]
    fn same_typed_operands_give_their_type() {
        let a = Tensor::<f32, S>::full(3.0);
        let b = Tensor::<f32, S>::full(2.0);
        let sum: Tensor<f32, S> = &a + &b;
        assert_eq!(sum.to_vec(), vec![5.0; 6]);
        assert_eq!((&a - b.clone()).to_vec(), vec![1.0; 6]);
        assert_eq!((a.clone() * &b).to_vec(), vec![6.0; 6]);
        assert_eq!((a / b).to_vec(), vec![1.5; 6]);
    }
}
