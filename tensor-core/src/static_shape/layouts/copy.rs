//! `contiguous()` of a static tensor and `reshape!`: the typed row-major
//! tensor, a view or a copy, with no `Result`.
//!
//! The only way these can fail is running out of memory for the copy; a
//! static tensor's size is a constant, so that is treated as `Vec` treats
//! it: the process aborts through [`std::alloc::handle_alloc_error`]
//! (no panic, no `Result` for an error no input can cause).

use std::alloc::{handle_alloc_error, Layout as AllocLayout};

use super::marker::KnownStrides;
use super::view::{KnownView, MarkerOf, Miscounted, NoCopy, SpansSubspaces, VerdictOf};
use crate::layout::Layout;
use crate::static_shape::dims::StaticDims;
use crate::static_shape::markers::{Contiguity, ContiguousStrides, RuntimeStrides, Static};
use crate::static_shape::outcome::{Infallible, Outcome};
use crate::static_shape::source::ShapeKind;
use crate::static_shape::symbolic::{PlanOutput, Sym, SymDims, SymStrided, SymbolicPlan};
use crate::static_shape::view::{NoCheck, PassesCheck, TargetDims, ViewCheck, ViewTo};
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

/// A row-major copy of `src` (PyTorch's `clone` layout), aborting when the
/// memory cannot be allocated.
fn row_major_copy<T: Element, S>(src: &Tensor<T, S>) -> Tensor<T> {
    let handle: Tensor<T> = src.with_layout(src.layout.clone());
    match handle.copy_contiguous() {
        // The copy keeps the sizes of the named dims its source carried.
        Ok(copy) => copy.with_sizes_of(src),
        Err(_) => handle_alloc_error(
            AllocLayout::array::<T>(src.numel()).unwrap_or(AllocLayout::new::<T>()),
        ),
    }
}

impl<T: Element, const N: usize, Numel: 'static, D: StaticDims, C: Contiguity>
    Tensor<T, Static<N, Numel, D, C>>
{
    /// `tensor.contiguous()`: the typed row-major tensor. It is this tensor
    /// (the same storage) when its strides are row-major, else a row-major
    /// copy, as in PyTorch. One difference: PyTorch returns a tensor
    /// unchanged when it is contiguous except for the strides of size-1 dims;
    /// here that tensor is the same storage with the row-major strides (the
    /// type promises them), so only `stride()` on those dims differs.
    ///
    /// No `Result`: the copy can fail only when memory runs out, which aborts
    /// as `Vec` does.
    ///
    /// ```
    /// use tensor_view::{permute, view, Shape, Tensor};
    /// let x = Tensor::<f32, Shape![5, 4, 3, 2]>::zeros();
    /// let c: Tensor<f32, Shape![5, 3, 2, 4]> = permute!(x, [0, 2, 3, 1]).contiguous();
    /// let v: Tensor<f32, Shape![30, 4]> = view!(c, [-1, 4]);
    /// assert!(!c.shares_storage(&x) && v.shares_storage(&c));
    /// assert!(x.contiguous().shares_storage(&x));
    /// ```
    pub fn contiguous(&self) -> Tensor<T, Static<N, Numel, D, ContiguousStrides>> {
        if self.stride() == D::STRIDES {
            return self.with_layout(self.layout.clone());
        }
        if self.is_contiguous() {
            let mut layout = self.layout.clone();
            layout.set_dims(D::DIMS, D::STRIDES);
            return self.with_layout(layout);
        }
        let copy = row_major_copy(self);
        copy.with_layout(copy.layout.clone())
    }
}

/// `layout`, when its shape is the static `dims` a result is typed with;
/// else the error `into_static` gives (a call written by hand whose dims
/// are not its target's).
pub(super) fn of_dims(layout: Layout, dims: &[usize]) -> Result<Layout, ViewError> {
    if layout.shape() != dims {
        return Err(ViewError::StaticShapeMismatch {
            expected: dims.to_vec(),
            actual: layout.shape().to_vec(),
        });
    }
    Ok(layout)
}

/// The dims `dims` written over the row-major copy `copy` of an input: a
/// panic when they do not hold its elements (a call written by hand; the
/// macros' targets were counted while compiling).
fn rows_as<T: Element>(copy: &Tensor<T>, dims: &[usize], strides: &[isize]) -> Layout {
    assert!(
        dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d)) == Some(copy.numel()),
        "reshape_to: the target's dims {dims:?} do not hold the input's {} elements",
        copy.numel()
    );
    let mut layout = copy.layout.clone();
    layout.set_dims(dims, strides);
    layout
}

/// A shape marker that `reshape!` can reshape to `Target`.
///
/// ```
/// use tensor_view::{reshape, transpose, Shape, Tensor};
/// let x = Tensor::<f32, Shape![2, 3]>::zeros();
/// let r: Tensor<f32, Shape![6]> = reshape!(transpose!(x, 0, 1), [6]); // a copy
/// assert!(!r.shares_storage(&x));
/// ```
pub trait ReshapeTo<Target>: ShapeKind + Sized {
    /// The reshaped tensor (a `Result` only for a dynamic input).
    type Output<T: Element>;
    /// What [`reshape_to`] requires while compiling: the view's check for a
    /// partly-dynamic input (whose size no literal shape fits), none else.
    type Check;
    /// The reshape; `dims` is the target as written.
    fn reshape<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T>;
}

impl<Target> ReshapeTo<Target> for Dyn {
    type Check = NoCheck;
    type Output<T: Element> = Result<Tensor<T>, ViewError>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T>, dims: &[isize]) -> Self::Output<T> {
        src.reshape(dims)
    }
}

impl<const N: usize, Numel: 'static, D: StaticDims, Target> ReshapeTo<Target>
    for Static<N, Numel, D, ContiguousStrides>
where
    Self: ViewTo<Target>,
{
    type Check = NoCheck;
    type Output<T: Element> = <Self as ViewTo<Target>>::Output<T>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        <Self as ViewTo<Target>>::view(src, dims)
    }
}

/// A partly-dynamic tensor: `reshape!`'s dims are literal or run-time
/// values, which a view of it refuses whatever its strides (its size
/// depends on named dims), so the call reports `view!`'s message for them.
impl<Target, const N: usize, NT: 'static, D> ReshapeTo<Target> for Sym<N, NT, D>
where
    Self: ViewTo<Target>,
{
    type Check = <Self as ViewTo<Target>>::Check;
    type Output<T: Element> = <Self as ViewTo<Target>>::Output<T>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        <Self as ViewTo<Target>>::view(src, dims)
    }
}

/// Run-time strides: the view when PyTorch's rule allows it, else the view
/// of a row-major copy (carrying the same named sizes), decided at run
/// time. As for [`Sym`], literal dims never fit.
impl<Target, const N: usize, NT: 'static, D: SymDims> ReshapeTo<Target> for SymStrided<N, NT, D>
where
    Target: SymbolicPlan<N, NT, D>,
    Target::Out: PlanOutput<N, NT, D>,
{
    type Check = Target::Check;
    type Output<T: Element> =
        Result<Tensor<T, <Target::Out as PlanOutput<N, NT, D>>::Strided>, ViewError>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T, Self>, _dims: &[isize]) -> Self::Output<T> {
        if let Ok(view) = <Target::Out as PlanOutput<N, NT, D>>::view_strided(src) {
            return Ok(view);
        }
        let copy: Tensor<T, Self> = row_major_copy(src).keeping_bits();
        <Target::Out as PlanOutput<N, NT, D>>::view_strided(&copy)
    }
}

/// Strides known only at run time: a view or a copy, decided then.
impl<const N: usize, Numel: 'static, D: StaticDims, Target: TargetDims<Numel>> ReshapeTo<Target>
    for Static<N, Numel, D, RuntimeStrides>
where
    Target::Dims: StaticDims,
{
    type Check = NoCheck;
    type Output<T: Element> = Tensor<T, Static<N, Numel, Target::Dims, RuntimeStrides>>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        let target = <Target::Dims as StaticDims>::DIMS;
        if let Ok(layout) = src.layout.view(dims).and_then(|l| of_dims(l, target)) {
            return src.with_layout(layout);
        }
        let copy = row_major_copy(src);
        let layout = rows_as(&copy, target, <Target::Dims as StaticDims>::STRIDES);
        copy.with_layout(layout)
    }
}

/// Known strides: the view when PyTorch's rule allows it, else a copy,
/// decided while compiling.
impl<const N: usize, Numel: 'static, D: StaticDims, L, Target> ReshapeTo<Target>
    for Static<N, Numel, D, KnownStrides<L>>
where
    Self: ShapeKind,
    Target: TargetDims<Numel>,
    Target::Dims: StaticDims,
    Numel: KnownView<D, L, Target::Dims>,
    VerdictOf<Numel, D, L, Target::Dims>:
        ReshapeBy<N, Numel, Target::Dims, MarkerOf<Numel, D, L, Target::Dims>>,
{
    type Check = NoCheck;
    type Output<T: Element> = <VerdictOf<Numel, D, L, Target::Dims> as ReshapeBy<
        N,
        Numel,
        Target::Dims,
        MarkerOf<Numel, D, L, Target::Dims>,
    >>::Output<T>;

    #[inline]
    fn reshape<T: Element>(src: &Tensor<T, Self>, dims: &[isize]) -> Self::Output<T> {
        <VerdictOf<Numel, D, L, Target::Dims> as ReshapeBy<
            N,
            Numel,
            Target::Dims,
            MarkerOf<Numel, D, L, Target::Dims>,
        >>::reshape(src, dims)
    }
}

/// How a verdict of PyTorch's rule reshapes to dims `TD` (marker `Marker`
/// when viewed): [`NoCopy`] views, [`SpansSubspaces`] copies.
///
/// ```
/// use tensor_view::{transpose, reshape, Shape, Tensor};
/// let t = transpose!(Tensor::<f32, Shape![2, 3]>::zeros(), 0, 1);
/// let copy: Tensor<f32, Shape![6]> = reshape!(t, [6]); // SpansSubspaces: a copy
/// assert_eq!(copy.stride(), &[1]);
/// ```
pub trait ReshapeBy<const N: usize, Numel, TD, Marker> {
    /// The result.
    type Output<T: Element>;
    /// The reshape of `src` to `dims`.
    fn reshape<T: Element, S>(src: &Tensor<T, S>, dims: &[isize]) -> Self::Output<T>;
}

impl<const N: usize, Numel, TD: StaticDims, Marker> ReshapeBy<N, Numel, TD, Marker> for NoCopy {
    type Output<T: Element> = Tensor<T, Static<N, Numel, TD, Marker>>;

    #[inline]
    fn reshape<T: Element, S>(src: &Tensor<T, S>, dims: &[isize]) -> Self::Output<T> {
        Infallible::wrap(
            src.layout
                .view(dims)
                .and_then(|layout| of_dims(layout, TD::DIMS))
                .map(|layout| src.with_layout(layout)),
        )
    }
}

/// The count check reports this one; the type is the view's.
impl<const N: usize, Numel, TD: StaticDims, Marker> ReshapeBy<N, Numel, TD, Marker> for Miscounted {
    type Output<T: Element> = Tensor<T, Static<N, Numel, TD, Marker>>;

    #[inline]
    fn reshape<T: Element, S>(src: &Tensor<T, S>, dims: &[isize]) -> Self::Output<T> {
        Infallible::wrap(
            src.layout
                .view(dims)
                .and_then(|layout| of_dims(layout, TD::DIMS))
                .map(|layout| src.with_layout(layout)),
        )
    }
}

impl<const N: usize, Numel, TD: StaticDims, Marker> ReshapeBy<N, Numel, TD, Marker>
    for SpansSubspaces
{
    type Output<T: Element> = Tensor<T, Static<N, Numel, TD, ContiguousStrides>>;

    #[inline]
    fn reshape<T: Element, S>(src: &Tensor<T, S>, _dims: &[isize]) -> Self::Output<T> {
        let copy = row_major_copy(src);
        let layout = rows_as(&copy, TD::DIMS, TD::STRIDES);
        copy.with_layout(layout)
    }
}

/// `reshape!` with every dim literal: `src` reshaped to `Target`, typed by
/// `src`'s kind (see [`ReshapeTo`]).
///
/// ```
/// use tensor_view::{permute, reshape, Shape, Tensor};
/// let x = Tensor::<f32, Shape![5, 4, 3, 2]>::zeros();
/// let r: Tensor<f32, Shape![30, 4]> = reshape!(permute!(x, [0, 2, 3, 1]), [-1, 4]);
/// assert_eq!(r.stride(), &[4, 1]);
/// ```
#[inline(always)]
pub fn reshape_to<Target, T: Element, S: ReshapeTo<Target>>(
    src: &Tensor<T, S>,
    dims: &[isize],
) -> S::Output<T>
where
    S::Check: ViewCheck,
    Target: PassesCheck<S::Check>,
{
    S::reshape(src, dims)
}

/// `reshape!` with some dims known only at run time: the dynamic reshape.
///
/// ```
/// use tensor_view::{reshape, Shape, Tensor};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// let n = 8;
/// assert_eq!(reshape!(x, [n, -1]).unwrap().shape(), &[8, 2]);
/// ```
#[inline]
pub fn reshape_runtime<T: Element, S>(
    src: &Tensor<T, S>,
    dims: &[isize],
) -> Result<Tensor<T>, ViewError> {
    let handle: Tensor<T> = src.with_layout(src.layout.clone());
    handle.reshape(dims)
}
