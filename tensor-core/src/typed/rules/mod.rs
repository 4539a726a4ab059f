//! PyTorch's shape rules as traits, decided while compiling. Each rule
//! dispatches on its dims' kinds so that exactly one impl applies, and a
//! mistake is reported by a leaf trait whose parameters are the sizes
//! (decimal) and names involved, in PyTorch's words.
//!
//! - `broadcast`: [`Broadcast`], two shapes' broadcast;
//! - `last_dim`: [`ReplaceLast`] (a linear layer's last dim), [`EndsWith`]
//!   (a norm's last dim) and [`AppendDim`] (an embedding's added dim);
//! - `rank`: [`Matrices`], a batch of matrices (`tril`, `triu`).

mod broadcast;
mod last_dim;
mod rank;

pub use broadcast::Broadcast;
#[doc(hidden)]
pub use broadcast::{
    Absent, DimPair, NamedMeetsStatic, NamesMatch, StaticMeetsNamed, StaticSizesMatch,
};
pub use last_dim::{AppendDim, EndsWith, ReplaceLast};
#[doc(hidden)]
pub use last_dim::{
    InFeaturesMatch, LastDim, LastNormalized, NamedInFeatures, NamedNormalized, NormalizedMatch,
};
pub use rank::{tril, triu, Matrices};
