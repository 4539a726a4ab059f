//! The golden-case runner: replays op chains recorded from real PyTorch
//! (format `view-golden/1`, see tests/golden/FORMAT.md) and compares every field.
//!
//! - `any_tensor`: a tensor of any of the 16 dtypes, since `view_dtype` changes the type mid-chain;
//! - `ops`: one golden op applied to an `AnyTensor`;
//! - `case`: running one case and judging its outcome against PyTorch's;
//! - `compare`: field-by-field comparison of a tensor with PyTorch's record;
//! - `matmul`: the `matmul-golden/1` cases of `torch.matmul`;
//! - `op_case`: the cases of the tensor ops (format `ops-golden/1`).

#[macro_use]
pub mod any_tensor;
pub mod case;
pub mod compare;
pub mod matmul;
pub mod op_case;
pub mod ops;
