//! PyTorch's shape rules as traits, decided while compiling. Each rule
//! dispatches on its dims' kinds so that exactly one impl applies, and a
//! mistake is reported by a leaf trait whose parameters are the sizes
//! (decimal) and names involved, in PyTorch's words.
//!
//! - `broadcast`: [`Broadcast`], two shapes' broadcast;
//! - `view`: [`ViewAs`], a view's element count and named dims, and its `-1` ([`Infer`](super::Infer)).

mod broadcast;
pub(crate) mod view;

pub use broadcast::Broadcast;
#[doc(hidden)]
pub use broadcast::{
    Absent, DimPair, NamedMeetsStatic, NamesMatch, StaticMeetsNamed, StaticSizesMatch,
};
pub use view::ViewAs;
#[doc(hidden)]
pub use view::{
    AtMostOne, Checked, Compare, Cons, CountInfers, CountNames, CountVerdict, End, Grow,
    InferCount, Inferred, IsName, Mode, Name, Nil, No, OneInferred, Run, RunPair, Seg, Several,
    Skeleton, Step, Target, TargetDim, Verdict, ViewFits, ViewVerdict, Yes,
};
