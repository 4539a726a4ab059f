//! The model-block ops checked while compiling: `matmul!`, `add!`, `sub!`,
//! `mul!`, `div!`, `sum!`, `mean!`, `softmax!`, `log_softmax!`,
//! `masked_fill!` and `where_!` (the
//! macros are in `tensor-macros`; this is what their expansions call).
//!
//! The macros apply PyTorch's shape rules to the operands' *stated* shapes
//! (`matmul!(a: [B, T, 768], b: [768, 3072])`), report a mistake as a
//! compile error in PyTorch's words, write the result's type, and have the
//! compiler check that each tensor's type is its stated shape. The values
//! are computed at run time by the dynamic ops (the same code, the same
//! messages); the functions here give their results the macro's type:
//!
//! - `results`: [`typed_result`] (a row-major result, typed, directly or in
//!   a `Result`) and [`RowMajorForm`] (the row-major type of a shape, for
//!   the ops that keep their input's shape);
//! - `operators`: `+ - * /` of two tensors of one fully static row-major
//!   type, typed and infallible;
//! - `calls`: the typed calls of the dynamic ops ([`matmul_typed`],
//!   [`binary_typed`], [`sum_typed`], [`softmax_typed`], ...) and
//!   [`MatmulElement`], the element types `torch.matmul` multiplies.
//!
//! ```
//! use tensor_view::{matmul, Shape, Tensor};
//! let a = Tensor::<f32, Shape![2, 3]>::ones();
//! let b = Tensor::<f32, Shape![3, 4]>::ones();
//! let c: Tensor<f32, Shape![2, 4]> = matmul!(a: [2, 3], b: [3, 4]);
//! assert_eq!(c.to_vec(), vec![3.0; 8]);
//! ```

mod calls;
mod operators;
mod results;

pub use calls::{
    binary_typed, div_typed, log_softmax_typed, masked_fill_typed, matmul_typed, mean_typed,
    softmax_typed, sum_typed, where_typed, BinaryOp, MatmulElement,
};
pub use results::{typed_result, RowMajorForm, Settle};
