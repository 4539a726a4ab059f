//! The typed calls the model-block macros expand to: the dynamic op on the
//! operands as they lie (any strides, no copy), its result typed by
//! [`typed_result`].

use half::{bf16, f16};
use num_complex::Complex;

use super::results::{typed_result, RowMajorForm, Settle};
use crate::numeric::{Arithmetic, Divide, Float};
use crate::static_shape::outcome::Infallible;
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// The element types `torch.matmul` multiplies: `u8`, `i8`, `i16`, `i32`,
/// `i64`, `f16`, `bf16`, `f32`, `f64` and both complex types of them.
/// PyTorch refuses the others (`"addmm_impl_cpu_" not implemented for
/// 'Bool'`); `matmul!` refuses them while compiling.
///
/// ```
/// use tensor_view::static_shape::MatmulElement;
/// fn multiplies<T: MatmulElement>() {}
/// multiplies::<f32>();
/// multiplies::<i64>();
/// ```
#[diagnostic::on_unimplemented(
    message = "\"matmul\" not implemented for '{Self}'",
    label = "PyTorch's matmul refuses this element type",
    note = "matmul multiplies u8, i8, i16, i32, i64, f16, bf16, f32, f64, Complex<f32> and Complex<f64>"
)]
pub trait MatmulElement: Element {}

macro_rules! matmul_elements {
    ($($t:ty),*) => {$(#[diagnostic::do_not_recommend] impl MatmulElement for $t {})*};
}
matmul_elements!(
    u8,
    i8,
    i16,
    i32,
    i64,
    f16,
    bf16,
    f32,
    f64,
    Complex<f32>,
    Complex<f64>
);

/// The same handle as a dynamic tensor (lazy bits kept), for the dynamic op.
fn dynamic<T: Element, S>(x: &Tensor<T, S>) -> Tensor<T> {
    x.with_layout::<Dyn>(x.layout.clone())
}

/// The result of a dynamic op on `from`, carrying the sizes of the named
/// dims `from` carries (the op's fresh tensor has none), so that its type
/// can name them even where they are merged (`[B*T, 3072]`).
fn carrying<T: Element, U: Element, S>(
    result: Result<Tensor<T>, ViewError>,
    from: &Tensor<U, S>,
) -> Result<Tensor<T>, ViewError> {
    result.map(|t| t.with_sizes_of(from))
}

/// The result of a broadcast of `a` and `b`, carrying their named sizes as
/// the broadcast gives them: a symbol both carry, 1 on one and 3 on the
/// other, is 3, in either order (a mismatch of two sizes above 1 is the
/// dynamic op's error, PyTorch's).
fn carrying_broadcast<T: Element, U: Element, V: Element, SA, SB>(
    result: Result<Tensor<T>, ViewError>,
    a: &Tensor<U, SA>,
    b: &Tensor<V, SB>,
) -> Result<Tensor<T>, ViewError> {
    result.map(|mut t| {
        t.symbols = a.symbols.broadcast(&b.symbols);
        t
    })
}

/// `torch.matmul(a, b)`, typed `R` (the macro's result shape), directly or
/// in a `Result` as `O` says.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{matmul_typed, Infallible};
/// let a = Tensor::<f32, Shape![2, 3]>::ones();
/// let b = Tensor::<f32, Shape![3]>::ones();
/// let c: Tensor<f32, Shape![2]> = matmul_typed::<_, Infallible, _, _, _>(&a, &b);
/// assert_eq!(c.to_vec(), vec![3.0, 3.0]);
/// ```
#[inline]
pub fn matmul_typed<R: crate::static_shape::TypedShape, O: Settle, T: MatmulElement, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> O::Wrap<Tensor<T, R>> {
    typed_result::<R, O, T>(carrying(carrying(dynamic(a).matmul(&dynamic(b)), a), b))
}

/// An element-wise op of two tensors, broadcast: which one.
///
/// ```
/// use tensor_view::static_shape::BinaryOp;
/// assert_eq!(BinaryOp::Add.name(), "add");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `torch.add`.
    Add,
    /// `torch.sub`.
    Sub,
    /// `torch.mul`.
    Mul,
}

impl BinaryOp {
    /// PyTorch's name of the op.
    ///
    /// ```
    /// assert_eq!(tensor_view::static_shape::BinaryOp::Mul.name(), "mul");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
        }
    }
}

/// `torch.add`, `torch.sub` or `torch.mul` of `a` and `b`, broadcast,
/// typed `R` (the broadcast shape).
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{binary_typed, BinaryOp, Infallible};
/// let a = Tensor::<i32, Shape![2, 1]>::ones();
/// let b = Tensor::<i32, Shape![3]>::full(2);
/// let c: Tensor<i32, Shape![2, 3]> = binary_typed::<_, Infallible, _, _, _>(BinaryOp::Add, &a, &b);
/// assert_eq!(c.to_vec(), vec![3; 6]);
/// ```
#[inline]
pub fn binary_typed<R: crate::static_shape::TypedShape, O: Settle, T: Arithmetic, SA, SB>(
    op: BinaryOp,
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> O::Wrap<Tensor<T, R>> {
    let (da, db) = (dynamic(a), dynamic(b));
    let result = match op {
        BinaryOp::Add => da.add(&db),
        BinaryOp::Sub => da.sub(&db),
        BinaryOp::Mul => da.mul(&db),
    };
    typed_result::<R, O, T>(carrying_broadcast(result, a, b))
}

/// `torch.div(a, b)` (true division), broadcast, typed `R`.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{div_typed, Infallible};
/// let a = Tensor::<f32, Shape![2]>::ones();
/// let b = Tensor::<f32, Shape![2]>::full(4.0);
/// let c: Tensor<f32, Shape![2]> = div_typed::<_, Infallible, _, _, _>(&a, &b);
/// assert_eq!(c.to_vec(), vec![0.25, 0.25]);
/// ```
#[inline]
pub fn div_typed<R: crate::static_shape::TypedShape, O: Settle, T: Divide, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> O::Wrap<Tensor<T, R>> {
    typed_result::<R, O, T>(carrying_broadcast(dynamic(a).div(&dynamic(b)), a, b))
}

/// `torch.masked_fill(x, mask, value)` of a typed tensor and a typed mask,
/// broadcast (the mask first, as PyTorch), typed `R`: what `masked_fill!`
/// calls after checking the broadcast while compiling.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{masked_fill_typed, Infallible};
/// let x = Tensor::<f32, Shape![2, 2]>::ones();
/// let upper = Tensor::<bool>::from_vec(vec![false, true], &[1, 2])?.into_static::<Shape![1, 2]>()?;
/// let y: Tensor<f32, Shape![2, 2]> = masked_fill_typed::<_, Infallible, _, _, _>(&x, &upper, 0.0);
/// assert_eq!(y.to_vec(), vec![1.0, 0.0, 1.0, 0.0]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[inline]
pub fn masked_fill_typed<R: crate::static_shape::TypedShape, O: Settle, T: Element, SA, SB>(
    x: &Tensor<T, SA>,
    mask: &Tensor<bool, SB>,
    value: T,
) -> O::Wrap<Tensor<T, R>> {
    let result = dynamic(x).masked_fill(&dynamic(mask), value);
    typed_result::<R, O, T>(carrying_broadcast(result, mask, x))
}

/// `torch.where(condition, x, y)` of typed tensors, broadcast, typed `R`:
/// what `where_!` calls after checking the broadcast while compiling.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::{where_typed, Infallible};
/// let c = Tensor::<bool>::from_vec(vec![true, false], &[2])?.into_static::<Shape![2]>()?;
/// let x = Tensor::<i32, Shape![2, 2]>::ones();
/// let y = Tensor::<i32, Shape![1]>::zeros();
/// let z: Tensor<i32, Shape![2, 2]> = where_typed::<_, Infallible, _, _, _, _>(&c, &x, &y);
/// assert_eq!(z.to_vec(), vec![1, 0, 1, 0]);
/// # Ok::<(), tensor_view::ViewError>(())
/// ```
#[inline]
pub fn where_typed<R: crate::static_shape::TypedShape, O: Settle, T: Element, SC, SA, SB>(
    condition: &Tensor<bool, SC>,
    x: &Tensor<T, SA>,
    y: &Tensor<T, SB>,
) -> O::Wrap<Tensor<T, R>> {
    let result = Tensor::where_(&dynamic(condition), &dynamic(x), &dynamic(y));
    let result = carrying_broadcast(result, condition, x);
    let result = result.map(|mut t| {
        t.symbols = t.symbols.broadcast(&y.symbols);
        t
    });
    typed_result::<R, O, T>(result)
}

/// `torch.sum(x, dims, keepdim)`, typed `R` (integers sum to `i64`, as in
/// PyTorch). The macro checked the dims while compiling.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::sum_typed;
/// let x = Tensor::<u8, Shape![2, 3]>::ones();
/// let s: Tensor<i64, Shape![2]> = sum_typed(&x, &[1], false);
/// assert_eq!(s.to_vec(), vec![3, 3]);
/// ```
#[inline]
pub fn sum_typed<R: crate::static_shape::TypedShape, T: Arithmetic, S>(
    x: &Tensor<T, S>,
    dims: &[isize],
    keepdim: bool,
) -> Tensor<T::Sum, R> {
    typed_result::<R, Infallible, T::Sum>(carrying(dynamic(x).sum(dims, keepdim), x))
}

/// `torch.mean(x, dims, keepdim)` of a float tensor, typed `R`.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::mean_typed;
/// let x = Tensor::<f32, Shape![2, 3]>::ones();
/// let m: Tensor<f32, Shape![1, 3]> = mean_typed(&x, &[0], true);
/// assert_eq!(m.to_vec(), vec![1.0; 3]);
/// ```
#[inline]
pub fn mean_typed<R: crate::static_shape::TypedShape, T: Float, S>(
    x: &Tensor<T, S>,
    dims: &[isize],
    keepdim: bool,
) -> Tensor<T, R> {
    typed_result::<R, Infallible, T>(carrying(dynamic(x).mean(dims, keepdim), x))
}

/// `torch.softmax(x, dim)`: the row-major tensor of `x`'s shape. The macro
/// checked the dim against the rank while compiling.
///
/// ```
/// use tensor_view::{transpose, Shape, Tensor};
/// use tensor_view::static_shape::softmax_typed;
/// let x = Tensor::<f32, Shape![2, 2]>::ones();
/// let p: Tensor<f32, Shape![2, 2]> = softmax_typed(&transpose!(x, 0, 1), -1);
/// assert_eq!(p.to_vec(), vec![0.5; 4]);
/// ```
#[inline]
pub fn softmax_typed<T: Float, S: RowMajorForm>(
    x: &Tensor<T, S>,
    dim: isize,
) -> Tensor<T, S::RowMajor> {
    typed_result::<S::RowMajor, Infallible, T>(carrying(dynamic(x).softmax(dim), x))
}

/// `torch.log_softmax(x, dim)`: the row-major tensor of `x`'s shape.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// use tensor_view::static_shape::log_softmax_typed;
/// let x = Tensor::<f64, Shape![2]>::zeros();
/// let p: Tensor<f64, Shape![2]> = log_softmax_typed(&x, 0);
/// assert!((p.to_vec()[0] + std::f64::consts::LN_2).abs() < 1e-15);
/// ```
#[inline]
pub fn log_softmax_typed<T: Float, S: RowMajorForm>(
    x: &Tensor<T, S>,
    dim: isize,
) -> Tensor<T, S::RowMajor> {
    typed_result::<S::RowMajor, Infallible, T>(carrying(dynamic(x).log_softmax(dim), x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::{ContiguousStrides, Fallible, Static, TypedShape};
    use crate::ViewError;

    /// A result typed by the caller's annotation: `Err` when the dynamic op failed.
    fn retyped<R: TypedShape, T: Element>(
        result: Result<Tensor<T>, ViewError>,
    ) -> Result<Tensor<T, R>, ViewError> {
        typed_result::<R, Fallible, T>(result)
    }
    use typenum::{U1, U2, U3, U6};

    type S23 = Static<6, U6, (U2, U3), ContiguousStrides>;
    type S213 = Static<6, U6, (U2, U1, U3), ContiguousStrides>;

    #[test]
    fn a_result_whose_size_one_strides_differ_is_retyped_in_place() {
        // [2, 1, 3] with an unusual stride on its size-1 dim: contiguous as
        // PyTorch defines it, so the typed result shares its storage.
        let x = Tensor::<f32>::arange(6);
        let odd = x.as_strided(&[2, 1, 3], &[3, 7, 1], Some(0)).unwrap();
        let t: Tensor<f32, S213> = retyped(Ok(odd)).unwrap();
        assert!(t.shares_storage(&x));
        assert_eq!(t.stride(), &[3, 3, 1]);
        let transposed = x.view(&[3, 2]).unwrap().t().unwrap();
        let copied: Tensor<f32, S23> = retyped(Ok(transposed.clone())).unwrap();
        assert!(!copied.shares_storage(&x));
        assert_eq!(copied.to_vec(), transposed.to_vec());
        assert_eq!(copied.stride(), &[3, 1]);
    }

    #[test]
    fn errors_pass_through_a_fallible_result() {
        let e = Tensor::<f32>::ones(&[2, 3])
            .unwrap()
            .matmul(&Tensor::<f32>::ones(&[2, 3]).unwrap());
        let message = retyped::<S23, f32>(e).unwrap_err().to_string();
        assert_eq!(
            message,
            "mm: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"
        );
    }
}
