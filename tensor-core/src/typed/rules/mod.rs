//! PyTorch's shape rules as traits, decided while compiling. Each rule
//! dispatches on its dims' kinds so that exactly one impl applies, and a
//! mistake is reported by a leaf trait whose parameters are the sizes
//! (decimal) and names involved, in PyTorch's words.
//!
//! - `broadcast`: [`Broadcast`], two shapes' broadcast.
//! - `matmul`: [`Matmul`], `torch.matmul`'s result shape; its leaf checks
//!   are generated in `matmul_checks` (`tools/typed/matmul_checks.py`).

mod broadcast;
mod matmul;
mod matmul_checks;

pub use broadcast::Broadcast;
#[doc(hidden)]
pub use broadcast::{
    Absent, DimPair, NamedMeetsStatic, NamesMatch, StaticMeetsNamed, StaticSizesMatch,
};
pub use matmul::Matmul;
#[doc(hidden)]
pub use matmul::{
    AtLeast1D, BatchedCheck, DotCheck, FoldedMmCheck, FoldedMvCheck, MmCheck, MvCheck, Push,
    SizeKind, VmCheck,
};
#[doc(hidden)]
pub use matmul_checks::*;
