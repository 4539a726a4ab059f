//! Results of the slicing macros (`narrow!`, `select!`, `index!`, the split
//! family, `unbind!`) that stay row-major: a narrow or a select along dim 0
//! of a row-major tensor, say, is row-major with a storage offset (as is
//! one along a dim whose leading dims are of size 1, for a partly-dynamic
//! shape, which promises row-major strides but on size-1 dims). The macro
//! decides that from the stated sizes while compiling, with the rule the
//! layout code's results are tested against; the input's kind, known from
//! the stated-shape verdict, decides whether the result is typed row-major
//! ([`KeepsRowMajor`]). The layout is the dynamic op's, unchanged.
//!
//! ```
//! use tensor_view::{narrow, select, view, Shape, Tensor};
//! let x = Tensor::<f32, Shape![5, 8, 3]>::zeros();
//! let rows: Tensor<f32, Shape![2, 8, 3]> = narrow!(x: [5, 8, 3], 0, 1, 2);
//! let flat: Tensor<f32, Shape![48]> = view!(rows, [-1]); // no Result, no copy
//! let last: Tensor<f32, Shape![8, 3]> = select!(x: [5, 8, 3], 0, -1);
//! assert_eq!((flat.storage_offset(), last.storage_offset()), (24, 96));
//! ```

use super::markers::{ContiguousStrides, RuntimeStrides, StridedForm};

/// The marker of a result of the row-major shape `R` that the macro found
/// row-major, by what the input's strides are (`Self`): `R` for row-major
/// ones, `R`'s `Strided` form for any other.
///
/// ```
/// use tensor_view::{Shape, Strided};
/// use tensor_view::static_shape::{ContiguousStrides, KeepsRowMajor, RuntimeStrides};
/// let _: Option<<ContiguousStrides as KeepsRowMajor>::Of<Shape![2, 3]>> = None::<Shape![2, 3]>;
/// let _: Option<<RuntimeStrides as KeepsRowMajor>::Of<Shape![2, 3]>> = None::<Strided<Shape![2, 3]>>;
/// ```
pub trait KeepsRowMajor {
    /// The result's marker.
    type Of<R: StridedForm>;
}

impl KeepsRowMajor for ContiguousStrides {
    type Of<R: StridedForm> = R;
}

impl KeepsRowMajor for RuntimeStrides {
    type Of<R: StridedForm> = R::Strided;
}
