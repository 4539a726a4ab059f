//! `view!` dispatch: one generated call works for every kind of input.
//!
//! - a static tensor with [`ContiguousStrides`]: the result is built from
//!   constants (the target dims and their row-major strides); no check runs;
//! - a static tensor with [`RuntimeStrides`]: counts were checked while
//!   compiling, PyTorch's stride rule runs now (`Result`);
//! - a dynamic tensor: `x.view(..)`;
//! - a partly-dynamic tensor: the view's per-call plan (see `symbolic`).
//!
//! Every `view!` whose dims are known while compiling goes through
//! [`view_checked`], which states the input's check as a bound of its own
//! (none for most inputs; the plan's counts and order for a partly-dynamic
//! one; PyTorch's stride rule for strides recorded in the type): a failed
//! check is then reported on the check's readable type (symbols, verdicts,
//! decimal sizes), never on the input's full shape type, whose `typenum`
//! numbers nobody can read.

use std::marker::PhantomData;

use typenum::Unsigned;

use super::checked::Marked;
use super::dims::StaticDims;
use super::markers::{ContiguousStrides, RuntimeStrides, Static};
use super::outcome::{Fallible, Infallible, Outcome};
use super::source::ShapeKind;
use super::symbolic::NoSymbols;
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// The dims a `view!` produces from an input of `typenum` element count `Numel`.
/// `view!` implements it for a type of its own when the target has a `-1`
/// (the dim is `Numel` divided by the others); [`Literal`] covers the rest.
///
/// ```
/// use tensor_view::static_shape::{Literal, TargetDims};
/// use typenum::{U2, U8, U16};
/// let _: <Literal<(U2, U8)> as TargetDims<U16>>::Dims = (U2::default(), U8::default());
/// ```
#[diagnostic::on_unimplemented(
    message = "this view names run-time dims, but its input's shape is fully static",
    label = "names run-time dims"
)]
pub trait TargetDims<Numel> {
    /// The resulting dims (a tuple of `typenum` numbers for a static input).
    type Dims;
}

/// A `view!` target whose dims are all literal: `D` itself.
///
/// ```
/// use tensor_view::static_shape::{Literal, StaticDims, TargetDims};
/// use typenum::{U4, U9};
/// assert_eq!(<<Literal<(U4,)> as TargetDims<U9>>::Dims as StaticDims>::DIMS, &[4]);
/// ```
pub struct Literal<D>(PhantomData<D>);

impl<Numel, D: StaticDims> TargetDims<Numel> for Literal<D> {
    type Dims = D;
}

impl<D> NoSymbols for Literal<D> {}

/// A shape marker that `view!` can view as `Target`.
///
/// ```
/// use tensor_view::{view, Shape, Tensor};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let y: Tensor<f32, Shape![2, 8]> = view!(x, [-1, 8]);
/// assert_eq!(y.stride(), &[8, 1]);
/// ```
pub trait ViewTo<Target>: ShapeKind + Sized {
    /// The viewed tensor, or a `Result` of it when something is checked at run time.
    type Output<T: Element>;
    /// What [`view_checked`] requires of the view while compiling: a
    /// check the target must pass, [`PassesCheck`] ([`NoCheck`] for every
    /// input but a partly-dynamic one).
    type Check;
    /// Whether the view can fail at run time ([`Fallible`] wraps the result
    /// in a `Result`).
    type Outcome: Outcome;
    /// The view; `dims` is the target as written, for the run-time paths.
    fn view<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T>;
    /// The same view with the shape marker `M` (what [`view_checked`] gives
    /// its result: the marker passed through the check).
    ///
    /// `M` comes out of the check, whose impls a macro writes in the user's
    /// crate (or a user by hand): the result is checked against it at run
    /// time unless it is the marker the library computed (see `checked`).
    fn view_marked<T: Element, M: Marked>(
        src: &Tensor<T, Self>,
        dims: &[isize],
    ) -> <Self::Outcome as Outcome>::Wrap<Tensor<T, M>>;
    /// The shape marker of the result.
    type Marker: Marked;
}

impl<Target: NoSymbols> ViewTo<Target> for Dyn {
    type Output<T: Element> = Result<Tensor<T>, ViewError>;
    type Check = NoCheck;
    type Outcome = Fallible;
    type Marker = Dyn;

    #[inline]
    fn view<T: Element>(src: &Tensor<T>, dims: &[isize]) -> Self::Output<T> {
        src.view(dims)
    }

    #[inline]
    fn view_marked<T: Element, M: Marked>(
        src: &Tensor<T>,
        dims: &[isize],
    ) -> Result<Tensor<T, M>, ViewError> {
        <Self as ViewTo<Target>>::view(src, dims).and_then(Tensor::remarked)
    }
}

impl<const N: usize, Numel: Unsigned, D: StaticDims, Target: TargetDims<Numel>> ViewTo<Target>
    for Static<N, Numel, D, ContiguousStrides>
where
    Target::Dims: StaticDims,
{
    type Output<T: Element> = Tensor<T, Static<N, Numel, Target::Dims, ContiguousStrides>>;
    type Check = NoCheck;
    type Outcome = Infallible;
    type Marker = Static<N, Numel, Target::Dims, ContiguousStrides>;

    #[inline(always)]
    fn view_marked<T: Element, M: Marked>(src: &Tensor<T, Self>, dims: &[isize]) -> Tensor<T, M> {
        Infallible::wrap(<Self as ViewTo<Target>>::view(src, dims).remarked())
    }

    #[inline(always)]
    fn view<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        // `view!` checked the counts while compiling; a call written by
        // hand with another target is refused here rather than typed
        // wrongly (constants on both sides: the check compiles to nothing).
        assert!(
            count(<Target::Dims as StaticDims>::DIMS) == Some(N),
            "view_checked: the target's dims do not hold the input's {N} elements"
        );
        // A copy of the handle whose dim lists are overwritten in place by
        // the constant ones, so the view costs what a new handle costs.
        let mut layout = src.layout.clone();
        layout.set_dims(
            <Target::Dims as StaticDims>::DIMS,
            <Target::Dims as StaticDims>::STRIDES,
        );
        src.with_layout(layout)
    }
}

impl<const N: usize, Numel: Unsigned, D: StaticDims, Target: TargetDims<Numel>> ViewTo<Target>
    for Static<N, Numel, D, RuntimeStrides>
where
    Target::Dims: StaticDims,
{
    type Output<T: Element> =
        Result<Tensor<T, Static<N, Numel, Target::Dims, RuntimeStrides>>, ViewError>;
    type Check = NoCheck;
    type Outcome = Fallible;
    type Marker = Static<N, Numel, Target::Dims, RuntimeStrides>;

    #[inline]
    fn view_marked<T: Element, M: Marked>(
        src: &Tensor<T, Self>,
        dims: &[isize],
    ) -> Result<Tensor<T, M>, ViewError> {
        <Self as ViewTo<Target>>::view(src, dims).and_then(Tensor::remarked)
    }

    #[inline]
    fn view<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        let layout = src.layout.view(dims)?;
        // The dims passed are the target's for `view!`'s own calls; a call
        // written by hand with others gets the error `into_static` gives.
        let target = <Target::Dims as StaticDims>::DIMS;
        if layout.shape() != target {
            return Err(ViewError::StaticShapeMismatch {
                expected: target.to_vec(),
                actual: layout.shape().to_vec(),
            });
        }
        Ok(src.with_layout(layout))
    }
}

/// The product of `dims`, `None` on overflow.
const fn count(dims: &[usize]) -> Option<usize> {
    let mut product: usize = 1;
    let mut i = 0;
    while i < dims.len() {
        product = match product.checked_mul(dims[i]) {
            Some(p) => p,
            None => return None,
        };
        i += 1;
    }
    Some(product)
}

/// `view!` with dims known while compiling: the view of `src` as `Target`,
/// typed by `src`'s kind (see [`ViewTo`]), once the input's
/// [`ViewTo::Check`] holds (the target passes it). The check is stated here rather than inside the
/// impls so that its failure names only readable types; the result's type
/// goes through it, so a failed view leaves no second error about it.
///
/// ```
/// use tensor_view::{dims, view, Shape, Tensor};
/// use tensor_view::static_shape::{view_checked, Literal};
/// use typenum::{U2, U8};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let y: Tensor<f32, Shape![2, 8]> = view_checked::<Literal<(U2, U8)>, _, _>(&x, &[2, 8]);
/// assert_eq!(y.shape(), &[2, 8]);
/// dims!(B);
/// let x: Tensor<f32, Shape![B, 16, 5, 5]> =
///     Tensor::<f32>::zeros(&[2, 16, 5, 5]).unwrap().into_static().unwrap();
/// let flat: Tensor<f32, Shape![B, 400]> = view!(x, [-1, 400]); // calls view_checked
/// assert_eq!(flat.shape(), &[2, 400]);
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)] // the result's marker, passed through the check
pub fn view_checked<Target, T: Element, S: ViewTo<Target>>(
    src: &Tensor<T, S>,
    dims: &[isize],
) -> <S::Outcome as Outcome>::Wrap<Tensor<T, Passed<Target, S::Check, S::Marker>>>
where
    S::Check: ViewCheck,
    Target: PassesCheck<S::Check>,
{
    S::view_marked(src, dims)
}

/// The type `X` after a view of target `Target` passed the check `Check`
/// (both halves: [`ViewCheck`] and [`PassesCheck`]).
///
/// ```
/// use tensor_view::static_shape::{NoCheck, Passed};
/// use tensor_view::Dyn;
/// let x: Passed<(), NoCheck, Dyn> = Dyn;
/// assert_eq!(x, Dyn);
/// ```
pub type Passed<Target, Check, X> =
    <Target as PassesCheck<Check>>::Pass<<Check as ViewCheck>::Pass<X>>;

/// A check a view must pass while compiling, whatever its target: `Pass<X>`
/// is `X` once it holds. The library's checks ([`NoCheck`], the stride check
/// of a typed layout, the check of a literal view of a partly-dynamic
/// tensor) hold here or fail with their messages; a partly-dynamic view's
/// `SymCheck` passes here and is decided by [`PassesCheck`]. Where a bound
/// fails, `Pass` has no type, so the failed view's result has none either
/// and causes no second error.
///
/// ```
/// use tensor_view::static_shape::{NoCheck, ViewCheck};
/// use tensor_view::Dyn;
/// let x: <NoCheck as ViewCheck>::Pass<Dyn> = Dyn;
/// assert_eq!(x, Dyn);
/// ```
pub trait ViewCheck {
    /// `X`, once the check holds.
    type Pass<X: Marked>: Marked;
}

/// The half of a check that depends on the view's target (`Self`): `view!`
/// implements it per call, for its own target type, for the `SymCheck` of a
/// partly-dynamic input, bounded by traits whose messages are PyTorch's. The
/// target is the implementing type, a new type at each call, so that the
/// compiler files each call's impls apart instead of comparing every pair.
/// Every other check passes here.
///
/// ```
/// use tensor_view::static_shape::{NoCheck, PassesCheck};
/// struct AnyTarget;
/// let x: <AnyTarget as PassesCheck<NoCheck>>::Pass<tensor_view::Dyn> = tensor_view::Dyn;
/// assert_eq!(x, tensor_view::Dyn);
/// ```
pub trait PassesCheck<Check> {
    /// `X`, once the check holds (any shape marker: the result of
    /// [`view_checked`] is checked against it at run time).
    type Pass<X: Marked>: Marked;
}

/// The check of inputs that need none beyond their impl and the count
/// checks `view!` writes as statements (dynamic and fully static inputs).
///
/// ```
/// use tensor_view::static_shape::{NoCheck, PassesCheck};
/// use tensor_view::Dyn;
/// let s: <() as PassesCheck<NoCheck>>::Pass<Dyn> = Dyn;
/// assert_eq!(s, Dyn);
/// ```
pub struct NoCheck;

impl ViewCheck for NoCheck {
    type Pass<X: Marked> = X;
}

impl<Target> PassesCheck<NoCheck> for Target {
    type Pass<X: Marked> = X;
}

/// `view!` with some dims known only at run time: `x.view(dims)` on any kind
/// of tensor, as a dynamic tensor (what the compiler could check it has).
///
/// ```
/// use tensor_view::{view, Shape, Tensor};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let batch = 2;
/// let y = view!(x, [batch, -1]).unwrap();
/// assert_eq!(y.shape(), &[2, 8]);
/// ```
#[inline]
pub fn view_runtime<T: Element, S>(
    src: &Tensor<T, S>,
    dims: &[isize],
) -> Result<Tensor<T>, ViewError> {
    Ok(src.with_layout(src.layout.view(dims)?))
}

#[cfg(test)]
mod tests {
    use crate::layout::{compute_stride, contiguous_strides, infer_size};

    /// The static contiguous path builds row-major strides instead of running
    /// `computeStride`; this checks that the two agree for row-major inputs.
    #[test]
    fn compute_stride_of_row_major_inputs_is_row_major() {
        let shapes: &[&[usize]] = &[
            &[4, 4],
            &[2, 8],
            &[16],
            &[1, 16, 1],
            &[2, 1, 8],
            &[0, 3],
            &[3, 0, 2],
            &[0],
            &[1],
            &[],
            &[2, 2, 2, 2],
            &[1, 1],
            &[6, 0],
            &[24],
            &[2, 3, 4],
            &[4, 1, 6],
        ];
        for &old in shapes {
            for &new in shapes {
                let Ok(new) = infer_size(
                    &new.iter().map(|&d| d as isize).collect::<Vec<_>>(),
                    old.iter().product(),
                ) else {
                    continue;
                };
                let got = compute_stride(old, &contiguous_strides(old), &new).unwrap();
                assert_eq!(got, contiguous_strides(&new), "{old:?} -> {new:?}");
            }
        }
    }
}
