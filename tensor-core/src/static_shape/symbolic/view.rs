//! `view!` of a partly-dynamic tensor: the facts the macro writes per call,
//! the method that checks them, and the view built at run time from the
//! sizes of the input's symbols.
//!
//! The macro writes, at each call, a type implementing [`SymbolicTarget`]
//! (the view's verdicts and result dims, computed from the input's dims by
//! total type functions, so it holds for every input) and the
//! [`ViewCheck`](crate::static_shape::ViewCheck) of a [`SymCheck`] that turns a failed verdict into
//! PyTorch's message. `view_to` requires the check on its own, so a failed
//! one is reported with the input's symbols and decimal sizes only: no note
//! names the input's full type, whose `typenum` numbers are unreadable. At
//! run time nothing is checked: the symbols' sizes are read from the input
//! and the result's dims and row-major strides written into a new handle.

use std::marker::PhantomData;

use super::convert::TypedShape;
use super::shape::{DimDesc, Sym, SymDims};
use super::skeleton::Skeleton;
use super::verdicts::Select;
use crate::static_shape::diagnostics::{InputSize, Unchecked};
use crate::static_shape::source::ShapeKind;
use crate::static_shape::view::ViewTo;
use crate::tensor::Tensor;
use crate::Element;
use typenum::B1;

/// What one `view!` of a partly-dynamic input with dims `D` (static product
/// `NT`) comes to: whether its counts and its order agree with the input's
/// (`typenum` bits), and the result's dims. The macro implements it per call
/// from total type functions, so it holds for every input.
///
/// ```
/// use tensor_view::{dims, Shape};
/// use tensor_view::static_shape::{ExactVerdicts, SCons, SNil, SymbolicTarget, TypedShape};
/// use typenum::{B1, U1, U6};
/// dims!(B);
/// type D = <Shape![B, 2, 3] as TypedShape>::Dims;
/// /// `[B, 6]`, as a `view!` call would describe it.
/// struct ToB6;
/// impl<NT, D: ExactVerdicts<NT, U6, U1, SCons<B, SNil>, SCons<U1, SCons<U6, SNil>>>> SymbolicTarget<NT, D> for ToB6 {
///     type Messages = Self;
///     type Count = <D as ExactVerdicts<NT, U6, U1, SCons<B, SNil>, SCons<U1, SCons<U6, SNil>>>>::Count;
///     type Order = <D as ExactVerdicts<NT, U6, U1, SCons<B, SNil>, SCons<U1, SCons<U6, SNil>>>>::Order;
///     type Dims = <Shape![B, 6] as TypedShape>::Dims;
/// }
/// let _: <ToB6 as SymbolicTarget<U6, D>>::Count = B1;
/// ```
pub trait SymbolicTarget<NT, D> {
    /// The type whose [`ViewCheck`](crate::static_shape::ViewCheck) impls
    /// report a failed verdict: the plan itself, whose messages quote the
    /// view, or [`FixedTarget`](super::FixedTarget) for a view whose dims are all static.
    type Messages;
    /// `B1` when the static parts and the number of symbols agree.
    type Count;
    /// `B1` when the view keeps the input's order.
    type Order;
    /// The result's dims.
    type Dims;
}

/// The checks of one `view!` of a partly-dynamic input, as one readable
/// type: the input's symbols `L` (a list), the view's verdicts `C` (counts)
/// and `O` (order, `B1` when the counts already fail), and the input's
/// static product `N`. The macro implements
/// [`ViewCheck`](crate::static_shape::ViewCheck) for it per call, bounded by traits whose messages are
/// PyTorch's; a failed check is then reported with this type alone, which
/// prints as the user's symbols and decimal numbers.
///
/// ```
/// use tensor_view::static_shape::{SCons, SNil, SymCheck, ViewCheck};
/// use typenum::B1;
/// struct Plan;
/// impl<S0> ViewCheck<Plan> for SymCheck<SCons<S0, SNil>, B1, B1, 6> {
///     type Pass<X> = X;
///     fn pass<X>(x: X) -> X { x }
/// }
/// let y: u32 = <SymCheck<SCons<u8, SNil>, B1, B1, 6> as ViewCheck<Plan>>::pass(7u32);
/// assert_eq!(y, 7);
/// ```
#[allow(clippy::type_complexity)] // a marker of the four facts, never built
pub struct SymCheck<L, C, O, const N: usize>(PhantomData<fn() -> (L, C, O)>);

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
    type Range = D::Range;
    type InsertRange = D::InsertRange;
    type Rank = D::Rank;
}

impl<Target, const N: usize, NT: 'static, D> ViewTo<Target> for Sym<N, NT, D>
where
    D: SymDims + Skeleton,
    Target: SymbolicTarget<NT, D>,
    Target::Count: Select<Target::Order, B1>,
    Target::Dims: SymDims,
{
    type Output<T: Element> = Tensor<T, Sym<N, NT, Target::Dims>>;
    // The order is reported only for views whose counts agree (one error
    // per mistake): a failed count makes the order verdict `B1`.
    type Check =
        SymCheck<D::FwdSyms, Target::Count, <Target::Count as Select<Target::Order, B1>>::Out, N>;
    type CheckedBy = Target::Messages;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        view_symbolic::<Sym<N, NT, Target::Dims>, T, N, NT, D>(src)
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
