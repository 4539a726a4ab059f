//! `view!` of a partly-dynamic tensor: the plan the macro writes per call,
//! the check it states apart, and the view built at run time from the sizes
//! of the input's symbols.
//!
//! The macro writes, at each call, a type implementing [`SymbolicPlan`]: the
//! result's shape and a [`SymCheck`] of the view's verdicts (counts, order),
//! both computed from the input's dims by total type functions, so the plan
//! holds for every input. The macro also implements
//! [`PassesCheck`](crate::static_shape::PassesCheck) of that `SymCheck`
//! for its target type, bounded
//! by traits whose messages are PyTorch's, and calls
//! [`view_checked`](crate::static_shape::view_checked), which requires it. A
//! failed check is so reported on the `SymCheck` alone, which prints as the
//! input's symbols and decimal sizes, never on the input's shape type. At run
//! time nothing is checked: the symbols' sizes are those the input carries
//! (see [`NamedSizes`]), and the result's dims and row-major strides are
//! written into a new handle.

use std::marker::PhantomData;

use super::convert::TypedShape;
use super::shape::{DimDesc, Sym, SymDims};
use super::sizes::NamedSizes;
use super::strided::SymStrided;
use crate::static_shape::checked::Marked;
use crate::static_shape::diagnostics::{InputSize, NamedDims, SizeWithoutNamedDims, Unchecked};
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{ContiguousStrides, RuntimeStrides, Static};
use crate::static_shape::outcome::{Infallible, Outcome};
use crate::static_shape::source::ShapeKind;
use crate::static_shape::view::{PassesCheck, ViewCheck, ViewTo};
use crate::tensor::Tensor;
use crate::{Element, ViewError};

/// What one `view!` of a [`Sym`] input of dims `D` with static part `N`
/// (`NT` as `typenum`) comes to, implemented by a type the macro writes per
/// call: the result's shape and the check the view must pass. Both are
/// computed by total type functions, so the plan holds for every input; a
/// failed check is reported by [`view_checked`](crate::static_shape::view_checked).
///
/// ```
/// use tensor_view::{dims, view, Shape, Tensor};
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 6]> = Tensor::<f32>::zeros(&[2, 6]).unwrap().into_static().unwrap();
/// let y: Tensor<f32, Shape![B, 2, 3]> = view!(x, [B, 2, -1]);
/// assert_eq!(y.shape(), &[2, 2, 3]);
/// ```
pub trait SymbolicPlan<const N: usize, NT, D> {
    /// The shape of the result.
    type Out;
    /// The check: a [`SymCheck`] of the view's verdicts.
    type Check;
}

/// A result shape of a `view!` of a partly-dynamic input (dims `D`, static
/// part `N`), and how the view is built: a partly-dynamic shape from the
/// sizes of the input's symbols, or the static shape a [`FixedTarget`] names.
///
/// ```
/// use tensor_view::{dims, Shape, Tensor};
/// use tensor_view::static_shape::{PlanOutput, TypedShape};
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 2, 3]> = Tensor::<f32>::zeros(&[4, 2, 3]).unwrap().into_static().unwrap();
/// type D = <Shape![B, 2, 3] as TypedShape>::Dims;
/// let y = <Shape![B, 6] as PlanOutput<6, _, D>>::view(&x);
/// assert_eq!(y.shape(), &[4, 6]);
/// ```
pub trait PlanOutput<const N: usize, NT, D>: Marked + Sized {
    /// The shape of the same view of a strided input.
    type Strided: Marked;
    /// The view of a row-major input: no run-time check.
    fn view<T: Element>(src: &Tensor<T, Sym<N, NT, D>>) -> Tensor<T, Self>;
    /// The view of a strided input, under PyTorch's stride rule.
    fn view_strided<T: Element>(
        src: &Tensor<T, SymStrided<N, NT, D>>,
    ) -> Result<Tensor<T, Self::Strided>, ViewError>;
}

impl<const N: usize, NT: 'static, D: SymDims, Out: SymDims> PlanOutput<N, NT, D>
    for Sym<N, NT, Out>
{
    type Strided = SymStrided<N, NT, Out>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Sym<N, NT, D>>) -> Tensor<T, Self> {
        view_symbolic::<Self, T, N, NT, D>(src)
    }

    #[inline]
    fn view_strided<T: Element>(
        src: &Tensor<T, SymStrided<N, NT, D>>,
    ) -> Result<Tensor<T, Self::Strided>, ViewError> {
        let mut sizes = [0usize; 8];
        let rank = target_sizes::<D, Out>(src.shape(), &src.symbols, &mut sizes);
        let mut dims = [0isize; 8];
        for (d, &s) in dims.iter_mut().zip(&sizes[..rank]) {
            *d = isize::try_from(s).unwrap_or(isize::MAX);
        }
        Ok(src.with_layout(src.layout.view(&dims[..rank])?))
    }
}

impl<const N: usize, NT, D, const K: usize, KT: typenum::Unsigned, Dims: StaticDims>
    PlanOutput<N, NT, D> for Static<K, KT, Dims, ContiguousStrides>
{
    type Strided = Static<K, KT, Dims, RuntimeStrides>;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Sym<N, NT, D>>) -> Tensor<T, Self> {
        // Never runs in a program that compiles: the count check `view!`
        // writes beside a fixed target rejects every partly-dynamic input.
        // The static dims are written as a static view writes them, for a
        // call written by hand only when they hold the input's elements.
        assert!(
            Dims::DIMS.iter().try_fold(1usize, |n, &d| n.checked_mul(d)) == Some(src.numel()),
            "view_checked: the target's dims {:?} do not hold the input's {} elements",
            Dims::DIMS,
            src.numel()
        );
        let mut layout = src.layout.clone();
        layout.set_dims(Dims::DIMS, Dims::STRIDES);
        src.with_layout(layout)
    }

    #[inline]
    fn view_strided<T: Element>(
        src: &Tensor<T, SymStrided<N, NT, D>>,
    ) -> Result<Tensor<T, Self::Strided>, ViewError> {
        let dims: Vec<isize> = Dims::DIMS.iter().map(|&d| d as isize).collect();
        Ok(src.with_layout(src.layout.view(&dims)?))
    }
}

/// The checks of one `view!` of a partly-dynamic input, as one readable
/// type: the input's symbols `L` (a tuple, `(B, T)`), the view's verdicts
/// `C` (size: [`Fits`](super::Fits) or [`DoesNotFit`](super::DoesNotFit))
/// and `O` (order: [`InOrder`](super::InOrder) or
/// [`Reordered`](super::Reordered), `InOrder` when the size already fails,
/// so that one mistake gives one error), and the input's static product
/// `N` (see [`Reported`](super::Reported)). The macro implements
/// [`PassesCheck`](crate::static_shape::PassesCheck) of it per call, for the
/// call's target type, bounded by traits whose messages are PyTorch's.
///
/// ```
/// use tensor_view::Dyn;
/// use tensor_view::static_shape::{Fits, Marked, InOrder, PassesCheck, SymCheck};
/// struct Plan;
/// impl<S0> PassesCheck<SymCheck<(S0,), Fits, InOrder, 6>> for Plan {
///     type Pass<X: Marked> = X;
/// }
/// let y: <Plan as PassesCheck<SymCheck<(u8,), Fits, InOrder, 6>>>::Pass<Dyn> = Dyn;
/// assert_eq!(y, Dyn);
/// ```
#[allow(clippy::type_complexity)] // a marker of the four facts, never built
pub struct SymCheck<L, C, O, const N: usize>(PhantomData<fn() -> (L, C, O)>);

// Decided by the target's per-call `PassesCheck` impl.
impl<L, C, O, const N: usize> ViewCheck for SymCheck<L, C, O, N> {
    type Pass<X: Marked> = X;
}

/// A `view!` target whose dims are all literal (no `-1`, no named dim),
/// implemented by `view!` only: `Shape` is what it makes of a static input.
/// Such a view never fits a partly-dynamic input; its count check reports
/// that (see [`NamedDims`]), and the plan below gives the call the result
/// type a static input would, so that no second error follows.
#[doc(hidden)]
pub trait FixedTarget {
    /// The result's shape for a static input (row-major `Static<..>`).
    type Shape;
}

impl<Target: FixedTarget, const N: usize, NT, D> SymbolicPlan<N, NT, D> for Target {
    type Out = Target::Shape;
    type Check = FixedCheck<N>;
}

/// The check of a [`FixedTarget`] view of a partly-dynamic input whose
/// static part is `N`: it never holds (see [`SizeWithoutNamedDims`]).
///
/// ```
/// use tensor_view::static_shape::FixedCheck;
/// let _check: Option<FixedCheck<400>> = None;
/// ```
pub struct FixedCheck<const N: usize>;

impl<const N: usize> ViewCheck for FixedCheck<N>
where
    NamedDims: SizeWithoutNamedDims<N>,
{
    // Through the failing trait, so the result has no type (no second error).
    type Pass<X: Marked> = <NamedDims as SizeWithoutNamedDims<N>>::Pass<X>;
}

impl<Target, const N: usize> PassesCheck<FixedCheck<N>> for Target {
    type Pass<X: Marked> = X;
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
    type InputSize = InputSize<N, NamedDims>;
    type Numel = Unchecked;
    type Range = D::Range;
    type InsertRange = D::InsertRange;
    type Rank = D::Rank;
}

impl<Target, const N: usize, NT: 'static, D: SymDims> ViewTo<Target> for Sym<N, NT, D>
where
    Target: SymbolicPlan<N, NT, D>,
    Target::Out: PlanOutput<N, NT, D>,
{
    type Output<T: Element> = Tensor<T, Target::Out>;
    type Check = Target::Check;
    type Outcome = Infallible;
    type Marker = Target::Out;

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        <Target::Out as PlanOutput<N, NT, D>>::view(src)
    }

    #[inline]
    fn view_marked<T: Element, M: Marked>(src: &Tensor<T, Self>, dims: &[isize]) -> Tensor<T, M> {
        Infallible::wrap(<Self as ViewTo<Target>>::view(src, dims).remarked())
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
    let rank = target_sizes::<D, Out::Dims>(src.shape(), &src.symbols, &mut sizes);
    // `view!` checked the view's skeleton while compiling, so the sizes hold
    // the input's elements; a plan or a call written by hand may not.
    assert!(
        sizes[..rank]
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            == Some(src.numel()),
        "view_checked: the view's dims {} (sizes {:?}) do not hold the input's {} elements",
        <Out::Dims as SymDims>::text(),
        &sizes[..rank],
        src.numel()
    );
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

/// The sizes of a view's dims `Out` of an input of sizes `shape`, dims `D`,
/// carrying the named sizes `symbols`, written to `sizes`; returns the rank.
/// Each dim is its coefficient times the sizes of its symbols. A tensor
/// always carries them once typed; the shape is the fallback for a handle
/// that does not, and gives the same sizes for every view that does not
/// split a merged dim.
#[inline]
fn target_sizes<D: SymDims, Out: SymDims>(
    shape: &[usize],
    symbols: &NamedSizes,
    sizes: &mut [usize; 8],
) -> usize {
    match Out::sizes_in(symbols, sizes) {
        Some(rank) => rank,
        None => symbolic_sizes(shape, D::descs(), Out::descs(), sizes),
    }
}

/// The sizes of a view's dims `out` of an input of sizes `shape` and dims
/// `input`, written to `sizes`; returns the rank.
///
/// For a view that covers whole symbolic dims of the input in order (one
/// that splits no merged dim), each symbolic dim of `out` is its
/// coefficient times the sizes of those input dims divided by their
/// coefficients.
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
        // [B*4, 2] as [B, 8]: the static factor joins the next dim.
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
