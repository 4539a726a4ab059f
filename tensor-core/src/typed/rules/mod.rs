//! PyTorch's shape rules as traits, decided while compiling. Each rule
//! dispatches on its dims' kinds so that exactly one impl applies, and a
//! mistake is reported by a leaf trait whose parameters are the sizes
//! (decimal) and names involved, in PyTorch's words.
//!
//! - `broadcast`: [`Broadcast`], two shapes' broadcast.
//! - `reduce`: [`Along`], a shape along one literal dim (wrapped as PyTorch
//!   wraps it): without it, or with a `One` there.

mod broadcast;
mod reduce;

pub use broadcast::Broadcast;
#[doc(hidden)]
pub use broadcast::{
    Absent, DimPair, NamedMeetsStatic, NamesMatch, StaticMeetsNamed, StaticSizesMatch,
};
pub use reduce::Along;
#[doc(hidden)]
pub use reduce::DimInRange;
