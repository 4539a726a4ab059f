//! `view_dtype::<U>()` of a typed tensor: the element types are in the
//! types, so PyTorch's conditions on the rank and on the last dim are
//! checked while compiling, in its words with the element types spelled as
//! in Rust (`self.dim() cannot be 0 to view f32 as i16 (different element
//! sizes)`; PyTorch writes `Float as Short`: a type named in a compile
//! error prints with its full path when another crate has an item of the
//! same name, so no type can stand in for PyTorch's names reliably).
//!
//! Between element types of one size the layout is unchanged and the
//! result keeps the input's shape type. Between sizes the last dim is
//! scaled, and with it the element count, which stable Rust cannot compute
//! as a static shape's const count: the result is a dynamic tensor. Either
//! way it is a `Result`, since PyTorch also refuses a tensor whose lazy
//! conjugate or negative bit is set, and (between sizes) a storage offset or
//! strides that do not divide, which only run time knows.
//!
//! ```
//! use tensor_view::{Shape, Tensor};
//! let x = Tensor::<f32, Shape![2, 4]>::ones();
//! let bits: Tensor<u32, Shape![2, 4]> = x.view_dtype::<u32>()?;
//! assert_eq!(bits.to_vec()[0], 0x3f80_0000);
//! let bytes: Tensor<u8> = x.view_dtype::<u8>()?;
//! assert_eq!(bytes.shape(), &[2, 16]);
//! # Ok::<(), tensor_view::ViewError>(())
//! ```

use typenum::{U1, U16, U2, U4, U8};

use super::checked::Marked;
use super::diagnostics::{Checked, Rank};

use super::dim_verdicts::{DimFits, SplitsBy};
use super::source::ShapeKind;
use super::symbolic::TypedShape;
use super::typed_views::InputDims;
use crate::tensor::{Dyn, Tensor};
use crate::{bf16, f16, Complex, Element, ViewError};

/// An element type's size in bytes, as a `typenum` number.
///
/// ```
/// use tensor_view::static_shape::ElementFacts;
/// let _: <f32 as ElementFacts>::Bytes = typenum::U4::default();
/// ```
pub trait ElementFacts {
    /// The size in bytes.
    type Bytes;
}

macro_rules! facts {
    ($($t:ty => $bytes:ty;)*) => {$(
        impl ElementFacts for $t {
            type Bytes = $bytes;
        }
    )*};
}

facts! {
    bool => U1;
    u8 => U1;
    i8 => U1;
    i16 => U2;
    u16 => U2;
    i32 => U4;
    u32 => U4;
    i64 => U8;
    u64 => U8;
    f16 => U2;
    bf16 => U2;
    f32 => U4;
    f64 => U8;
    Complex<f16> => U4;
    Complex<f32> => U8;
    Complex<f64> => U16;
}

/// The ratio of two element sizes, `Self` (the input's) to `To`, as PyTorch
/// uses it: `Up<K>` when `To` is `K` times larger (the last dim must divide
/// by `K`), `Down<K>` when `K` times smaller, `EqualSizes` when equal.
///
/// ```
/// use tensor_view::static_shape::{SizeRatio, Up};
/// use typenum::{U1, U4};
/// let _: <U1 as SizeRatio<U4>>::Ratio = Up::<4>;
/// ```
pub trait SizeRatio<To> {
    /// `Up<K>`, `Down<K>` or [`EqualSizes`].
    type Ratio;
}

/// The target element is `K` times larger.
///
/// ```
/// let _ = tensor_view::static_shape::Up::<2>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Up<const K: usize>;

/// The target element is `K` times smaller (the last dim grows `K` times).
///
/// ```
/// let _ = tensor_view::static_shape::Down::<4>;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Down<const K: usize>;

/// The elements have the same size.
///
/// ```
/// let _ = tensor_view::static_shape::EqualSizes;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EqualSizes;

macro_rules! ratios {
    ($($from:ty => $to:ty: $ratio:ty;)*) => {$(
        impl SizeRatio<$to> for $from {
            type Ratio = $ratio;
        }
    )*};
}

ratios! {
    U1 => U1: EqualSizes; U1 => U2: Up<2>; U1 => U4: Up<4>; U1 => U8: Up<8>; U1 => U16: Up<16>;
    U2 => U1: Down<2>; U2 => U2: EqualSizes; U2 => U4: Up<2>; U2 => U8: Up<4>; U2 => U16: Up<8>;
    U4 => U1: Down<4>; U4 => U2: Down<2>; U4 => U4: EqualSizes; U4 => U8: Up<2>; U4 => U16: Up<4>;
    U8 => U1: Down<8>; U8 => U2: Down<4>; U8 => U4: Down<2>; U8 => U8: EqualSizes; U8 => U16: Up<2>;
    U16 => U1: Down<16>; U16 => U2: Down<8>; U16 => U4: Down<4>; U16 => U8: Down<2>; U16 => U16: EqualSizes;
}

/// The last of a tuple of dims (`()` for none).
///
/// ```
/// use tensor_view::static_shape::LastDim;
/// let _: <(typenum::U2, typenum::U3) as LastDim>::Last = typenum::U3::default();
/// ```
pub trait LastDim {
    /// The last dim.
    type Last;
}

macro_rules! last_dim {
    ($($d:ident),* ; $last:ident) => {
        impl<$($d,)* $last> LastDim for ($($d,)* $last,) {
            type Last = $last;
        }
    };
}

impl LastDim for () {
    type Last = ();
}
last_dim!(; A);
last_dim!(A; B);
last_dim!(A, B; C);
last_dim!(A, B, C; D);
last_dim!(A, B, C, D; E);
last_dim!(A, B, C, D, E; F);
last_dim!(A, B, C, D, E, F; G);
last_dim!(A, B, C, D, E, F, G; H);

/// Whether the last dim `Self` divides by the ratio `Ratio` (only `Up<K>`
/// asks); a 0-d tensor's `()` is left to the rank check.
///
/// ```
/// use tensor_view::static_shape::{DimFits, LastDimDivides, Up};
/// let _: <typenum::U8 as LastDimDivides<Up<4>>>::Verdict = DimFits;
/// ```
pub trait LastDimDivides<Ratio> {
    /// The verdict.
    type Verdict;
}

macro_rules! divides_up {
    ($($k:literal => $kt:ty),*) => {$(
        impl<D: SplitsBy<$kt>> LastDimDivides<Up<$k>> for D {
            type Verdict = D::Verdict;
        }
    )*};
}

divides_up!(2 => U2, 4 => U4, 8 => U8, 16 => U16);

impl<const K: usize> LastDimDivides<Up<K>> for () {
    type Verdict = DimFits;
}

impl<D, const K: usize> LastDimDivides<Down<K>> for D {
    type Verdict = DimFits;
}

impl<D> LastDimDivides<EqualSizes> for D {
    type Verdict = DimFits;
}

/// The ranks `view_dtype` accepts between `From` and `To` of `Ratio`: any
/// but 0 between sizes.
///
/// ```
/// use tensor_view::static_shape::{Checked, Down, Rank, ViewDtypeRank};
/// fn accepts<R: ViewDtypeRank<f32, i16, Down<2>>>() {}
/// accepts::<Rank<1, Checked>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.dim() cannot be 0 to view {From} as {To} (different element sizes)",
    label = "a 0-d tensor"
)]
pub trait ViewDtypeRank<From, To, Ratio> {}

#[diagnostic::do_not_recommend]
impl<const R: usize, From, To, Ratio> ViewDtypeRank<From, To, Ratio> for Rank<R, Checked> where
    Rank<R, Checked>: NonZeroRankOr<Ratio>
{
}

/// Rank 0 passes only between elements of one size.
///
/// ```
/// use tensor_view::static_shape::{Checked, NonZeroRankOr, Rank, EqualSizes};
/// fn accepts<R: NonZeroRankOr<EqualSizes>>() {}
/// accepts::<Rank<0, Checked>>();
/// ```
pub trait NonZeroRankOr<Ratio> {}

impl<Ratio> NonZeroRankOr<Ratio> for Rank<1, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<2, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<3, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<4, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<5, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<6, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<7, Checked> {}
impl<Ratio> NonZeroRankOr<Ratio> for Rank<8, Checked> {}
impl NonZeroRankOr<EqualSizes> for Rank<0, Checked> {}

/// The verdicts of the last-dim check `view_dtype` accepts while compiling.
///
/// ```
/// use tensor_view::static_shape::{DimFits, LastDimDividesBy};
/// fn accepts<V: LastDimDividesBy<4, i8, f32>>() {}
/// accepts::<DimFits>();
/// ```
#[diagnostic::on_unimplemented(
    message = "self.size(-1) must be divisible by {K} to view {From} as {To} (different element sizes)",
    label = "the last dim of this tensor does not divide by {K}",
    note = "PyTorch's message ends `, but got ..` with the size, which the compiler cannot print here"
)]
pub trait LastDimDividesBy<const K: usize, From, To> {}

#[diagnostic::do_not_recommend]
impl<const K: usize, From, To> LastDimDividesBy<K, From, To> for DimFits {}

#[diagnostic::do_not_recommend]
impl<const K: usize, From, To> LastDimDividesBy<K, From, To> for super::dim_verdicts::DimAtRunTime {}

/// The last-dim check of a ratio, whose verdict is `V`: only `Up<K>` asks,
/// and names its `K` for the message.
///
/// ```
/// use tensor_view::static_shape::{DimFits, RatioCheck, Up};
/// fn accepts<R: RatioCheck<u8, f32, DimFits>>() {}
/// accepts::<Up<4>>();
/// ```
pub trait RatioCheck<From, To, V> {}

impl<const K: usize, From, To, V: LastDimDividesBy<K, From, To>> RatioCheck<From, To, V> for Up<K> {}

impl<From, To, V, const K: usize> RatioCheck<From, To, V> for Down<K> {}

impl<From, To, V> RatioCheck<From, To, V> for EqualSizes {}

/// The result of `view_dtype` to `U` of a tensor of shape `S`: the same
/// shape type between elements of one size, a dynamic tensor otherwise.
///
/// ```
/// use tensor_view::static_shape::{DtypeResult, EqualSizes};
/// let _: fn() -> <EqualSizes as DtypeResult<tensor_view::Shape![2]>>::Output<u8>;
/// ```
pub trait DtypeResult<S> {
    /// The tensor type.
    type Output<U: Element>;
    /// Gives the dynamic op's result its type, checked against it (a call
    /// written by hand may pass any tensor).
    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError>;
}

impl<S: Marked> DtypeResult<S> for EqualSizes {
    type Output<U: Element> = Tensor<U, S>;

    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError> {
        result.marked()
    }
}

impl<S, const K: usize> DtypeResult<S> for Up<K> {
    type Output<U: Element> = Tensor<U>;

    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError> {
        Ok(result)
    }
}

impl<S, const K: usize> DtypeResult<S> for Down<K> {
    type Output<U: Element> = Tensor<U>;

    fn retype<U: Element>(result: Tensor<U>) -> Result<Self::Output<U>, ViewError> {
        Ok(result)
    }
}

/// The ratio between the element types `T` and `U`.
pub type RatioOf<T, U> =
    <<T as ElementFacts>::Bytes as SizeRatio<<U as ElementFacts>::Bytes>>::Ratio;

/// The verdict of `view_dtype`'s last-dim check for a tensor of shape `S`.
pub type LastDimVerdict<S, Ratio> =
    <<<S as InputDims>::Dims as LastDim>::Last as LastDimDivides<Ratio>>::Verdict;

impl<T: Element + ElementFacts, S: TypedShape + InputDims> Tensor<T, S> {
    /// `tensor.view(dtype)` of a typed tensor: the same shape type between
    /// element types of one size; between sizes the last dim is scaled and
    /// the result is a dynamic tensor (its element count changes). A 0-d
    /// tensor between sizes, and a last dim that does not divide when
    /// viewing as a larger type, are compile errors in PyTorch's words; the
    /// conditions on lazy bits, offset and strides are checked at run time.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<u8, Shape![3, 8]>::zeros();
    /// let b: Tensor<bool, Shape![3, 8]> = x.view_dtype::<bool>()?;
    /// let wide: Tensor<u64> = x.view_dtype::<u64>()?; // [3, 1]
    /// assert_eq!((b.shape(), wide.shape()), (&[3usize, 8][..], &[3usize, 1][..]));
    /// # Ok::<(), tensor_view::ViewError>(())
    /// ```
    ///
    /// ```compile_fail
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<u8, Shape![3, 6]>::zeros();
    /// let w = x.view_dtype::<f32>(); // self.size(-1) must be divisible by 4 to view Byte as Float ...
    /// ```
    #[allow(clippy::type_complexity)] // the result type names the element sizes' ratio
    pub fn view_dtype<U: Element + ElementFacts>(
        &self,
    ) -> Result<<RatioOf<T, U> as DtypeResult<S>>::Output<U>, ViewError>
    where
        T::Bytes: SizeRatio<U::Bytes>,
        S: ShapeKind,
        <S as ShapeKind>::Rank: ViewDtypeRank<T, U, RatioOf<T, U>>,
        <S as InputDims>::Dims: LastDim,
        <<S as InputDims>::Dims as LastDim>::Last: LastDimDivides<RatioOf<T, U>>,
        RatioOf<T, U>: DtypeResult<S> + RatioCheck<T, U, LastDimVerdict<S, RatioOf<T, U>>>,
    {
        let result = self
            .with_layout::<Dyn>(self.layout.clone())
            .view_dtype::<U>()?;
        <RatioOf<T, U> as DtypeResult<S>>::retype(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::static_shape::DimMismatch;

    fn verdict<D: LastDimDivides<R, Verdict = V>, R, V>() {}

    #[test]
    fn last_dims_must_divide_only_when_viewing_as_larger_elements() {
        verdict::<U8, Up<4>, DimFits>();
        verdict::<typenum::U6, Up<4>, DimMismatch>();
        verdict::<typenum::U6, Down<4>, DimFits>();
        verdict::<typenum::U0, Up<2>, DimFits>();
    }

    #[test]
    fn ratios_follow_the_sizes() {
        fn ratio<A: ElementFacts, B: ElementFacts, R>()
        where
            A::Bytes: SizeRatio<B::Bytes, Ratio = R>,
        {
        }
        ratio::<u8, Complex<f64>, Up<16>>();
        ratio::<f32, bf16, Down<2>>();
        ratio::<f16, i16, EqualSizes>();
    }
}
