//! `view!` of a partly-dynamic tensor: the plan the macro writes per call,
//! and the view built at run time from the sizes of the input's symbols.
//!
//! The macro writes, at each call, a type implementing [`SymbolicPlan`] whose
//! where-clauses are the compile-time checks (counts, order) and whose `Dims`
//! is the result's dims. At run time nothing is checked: the symbols' sizes
//! are read from the input and the result's dims and row-major strides
//! written into a new handle.

use super::convert::TypedShape;
use super::shape::{DimDesc, Sym, SymDims};
use crate::static_shape::diagnostics::{DimRange, InputSize, Rank, Unchecked};
use crate::static_shape::source::ShapeKind;
use crate::static_shape::view::ViewTo;
use crate::tensor::Tensor;
use crate::Element;

/// The result of a `view!` of a [`Sym`] input of dims `D` with static part
/// `N` (`NT` as `typenum`), implemented by a type the macro writes per call.
/// Its where-clauses are the checks: when one fails, the compiler reports its
/// message (PyTorch's) at the call.
///
/// ```
/// use tensor_view::{dims, view, Shape, Tensor};
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 6]> = Tensor::<f32>::zeros(&[2, 6]).unwrap().into_static().unwrap();
/// let y: Tensor<f32, Shape![B, 2, 3]> = view!(x, [B, 2, -1]);
/// assert_eq!(y.shape(), &[2, 2, 3]);
/// ```
pub trait SymbolicPlan<const N: usize, NT, D> {
    /// The shape of the result: `Sym<N, NT, result dims>`, derived through
    /// the checks, so a failed check leaves no second error about it.
    type Out: TypedShape;
}

/// A `view!` target that names no symbol, so a dynamic tensor can take it.
/// A target with symbols needs a typed input.
///
/// ```
/// use tensor_view::static_shape::{Literal, NoSymbols};
/// fn plain<P: NoSymbols>() {}
/// plain::<Literal<(typenum::U4,)>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "this view names run-time dims, but its input is a dynamic tensor: convert it first with `.into_static::<Shape![..]>()`",
    label = "names run-time dims"
)]
pub trait NoSymbols {}

impl<const N: usize, NT: 'static, D: SymDims> ShapeKind for Sym<N, NT, D> {
    type InputSize = InputSize<N, Unchecked>;
    type Numel = Unchecked;
    type Range = DimRange<0, 0, Unchecked>;
    type InsertRange = DimRange<0, 0, Unchecked>;
    type Rank = Rank<0, Unchecked>;
}

impl<Target, const N: usize, NT: 'static, D: SymDims> ViewTo<Target> for Sym<N, NT, D>
where
    Target: SymbolicPlan<N, NT, D>,
    <Target::Out as TypedShape>::Dims: SymDims,
{
    type Output<T: Element> = Tensor<T, Target::Out>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        view_symbolic::<Target::Out, T, N, NT, D>(src)
    }
}

/// The view of `src` (row-major, dims `D`) with the dims `Out`, whose
/// skeleton the compiler has checked against `D`'s (what `view!` calls).
///
/// ```
/// use tensor_view::{dims, Shape, Tensor};
/// use tensor_view::static_shape::view_symbolic;
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 2, 3]> = Tensor::<f32>::zeros(&[4, 2, 3]).unwrap().into_static().unwrap();
/// let y = view_symbolic::<Shape![B, 6], _, 6, _, _>(&x);
/// assert_eq!(y.shape(), &[4, 6]);
/// ```
#[inline]
pub fn view_symbolic<Out, T: Element, const N: usize, NT, D: SymDims>(
    src: &Tensor<T, Sym<N, NT, D>>,
) -> Tensor<T, Out>
where
    Out: TypedShape,
    Out::Dims: SymDims,
{
    let mut sizes = [0usize; 8];
    let rank = symbolic_sizes(src.shape(), D::descs(), Out::Dims::descs(), &mut sizes);
    let mut strides = [0isize; 8];
    let mut running: isize = 1;
    for i in (0..rank).rev() {
        strides[i] = running;
        running = running.wrapping_mul(sizes[i].max(1) as isize);
    }
    let mut layout = src.layout.clone();
    layout.set_dims(&sizes[..rank], &strides[..rank]);
    src.with_layout(layout)
}

/// The sizes of a view's dims `out` of an input of sizes `shape` and dims
/// `input`, written to `sizes`; returns the rank.
///
/// The compiler has checked that each symbolic dim of `out` covers whole
/// symbolic dims of the input, in order, so each is its coefficient times
/// the sizes of those input dims divided by their coefficients.
pub(crate) fn symbolic_sizes(
    shape: &[usize],
    input: &[DimDesc],
    out: &[DimDesc],
    sizes: &mut [usize; 8],
) -> usize {
    // The input's symbolic dims as (symbol count, product of the symbols).
    let mut groups = shape
        .iter()
        .zip(input)
        .filter(|(_, d)| d.symbols > 0)
        .map(|(&size, d)| (d.symbols, size.checked_div(d.coefficient).unwrap_or(0)));
    let rank = out.len().min(sizes.len());
    for (size, d) in sizes.iter_mut().zip(&out[..rank]) {
        let mut value = d.coefficient;
        let mut needed = d.symbols;
        while needed > 0 {
            let Some((count, product)) = groups.next() else {
                break;
            };
            needed = needed.saturating_sub(count);
            value = value.saturating_mul(product);
        }
        *size = value;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn stat(v: usize) -> DimDesc {
        DimDesc {
            coefficient: v,
            symbols: 0,
        }
    }
    const fn sym(c: usize, n: usize) -> DimDesc {
        DimDesc {
            coefficient: c,
            symbols: n,
        }
    }

    #[test]
    fn merged_and_split_static_parts_follow_the_input_symbols() {
        let mut sizes = [0; 8];
        // [B, T, 768] as [B*T, 768] with B = 3, T = 5.
        let rank = symbolic_sizes(
            &[3, 5, 768],
            &[sym(1, 1), sym(1, 1), stat(768)],
            &[sym(1, 2), stat(768)],
            &mut sizes,
        );
        assert_eq!(&sizes[..rank], &[15, 768]);
        // [B*T, 768] back to [B*T, 12, 64].
        let rank = symbolic_sizes(
            &[15, 768],
            &[sym(1, 2), stat(768)],
            &[sym(1, 2), stat(12), stat(64)],
            &mut sizes,
        );
        assert_eq!(&sizes[..rank], &[15, 12, 64]);
        // [4*B, 2] as [B, 8]: the coefficient moves out.
        let rank = symbolic_sizes(
            &[12, 2],
            &[sym(4, 1), stat(2)],
            &[sym(1, 1), stat(8)],
            &mut sizes,
        );
        assert_eq!(&sizes[..rank], &[3, 8]);
        // An empty batch stays empty.
        let rank = symbolic_sizes(
            &[0, 400],
            &[sym(1, 1), stat(400)],
            &[sym(1, 1), stat(16), stat(25)],
            &mut sizes,
        );
        assert_eq!(&sizes[..rank], &[0, 16, 25]);
    }
}
