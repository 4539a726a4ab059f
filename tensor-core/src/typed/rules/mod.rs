//! PyTorch's shape rules as traits, decided while compiling. Each rule
//! dispatches on its dims' kinds so that exactly one impl applies, and a
//! mistake is reported by a leaf trait whose parameters are the sizes
//! (decimal) and names involved, in PyTorch's words.
//!
//! - `broadcast`: [`Broadcast`], two shapes' broadcast;
//! - `matmul`: [`Matmul`], `torch.matmul`'s result shape; its leaf checks
//!   are generated in `matmul_checks` (`tools/typed/matmul_checks.py`);
//! - `reduce`: [`Along`], a shape along one literal dim (wrapped as PyTorch
//!   wraps it): without it, or with a `One` there;
//! - `last_dim`: [`ReplaceLast`] (a linear layer's last dim), [`EndsWith`]
//!   (a norm's last dim) and [`AppendDim`] (an embedding's added dim);
//! - `view`: [`ViewAs`], a view's element count and named dims, and its `-1`
//!   ([`Infer`](super::Infer));
//! - `rank`: [`Matrices`], a batch of matrices (`tril`, `triu`);
//! - `at`: [`At`], one literal dim of a shape (to cut along it);
//! - `cut`: [`Narrow`], [`Select`], [`Split`], [`Chunk`], the bounds of a cut along a
//!   static dim, and [`StackCount`];
//! - `insert`: [`Insert`], a new dim at a literal position (`stack`);
//! - `expand`: [`ExpandTo`], `expand`'s rule to a written tuple;
//! - `cat`: [`CatWith`], `cat`'s rule for two shapes, folded over more;
//! - `flatten`: [`Flatten`], dims merged into one as a view's `Infer` merges
//!   them;
//! - `squeeze`: [`Squeeze`] and [`SqueezeAll`], which dims of one element
//!   `squeeze` removes;
//! - `strides`: [`StrideVerdict`], PyTorch's stride rule for a view of a
//!   [`Permuted`](super::Permuted) layout (tables in `strides_tables`, written
//!   by `tools/typed/strides_tables.py`).

mod at;
mod broadcast;
mod cat;
mod cut;
mod expand;
mod flatten;
mod insert;
mod last_dim;
mod matmul;
mod matmul_checks;
mod rank;
mod reduce;
mod squeeze;
mod strides;
pub(crate) mod view;

pub use at::At;
#[doc(hidden)]
pub use at::{DimAt, Inner, LeadKind, Leading, Pos};
pub use broadcast::Broadcast;
#[doc(hidden)]
pub use broadcast::{
    Absent, DimPair, NamedMeetsStatic, NamesMatch, StaticMeetsNamed, StaticSizesMatch,
};
pub use cat::CatWith;
#[doc(hidden)]
pub use cat::{
    CatAlongStatic, CatDims, CatLists, CatNamesMatch, CatRanks, CatSame, CatSizesMatch, CatSum,
    Next, Nth, Sized_,
};
#[doc(hidden)]
pub use cut::{
    Above, AtMostSixteenChunks, AtMostSixteenPieces, Below, ChunkAlongStatic, ChunkGate, ChunkLane,
    ChunkStart, ChunksPositive, EndOrder, NarrowFits, NarrowLane, NarrowVerdict, NonEmptyList,
    NonZero, Order, Prepend, Repeat, Same, SelectInRange, SelectLane, SplitAlongStatic, SplitGate,
    SplitLane, SplitRest, SplitSizeNonZero, SplitStart, SplitStep, StartInRange,
    Verdict as CutVerdict, Zero, Zeroness,
};
pub use cut::{Chunk, Narrow, Select, Split, StackCount, MAX_TYPED_PIECES};
pub use expand::ExpandTo;
#[doc(hidden)]
pub use expand::{
    ExpandDim, ExpandNamed, ExpandOneToNamed, ExpandRank, ExpandSizesMatch, ExpandStaticToNamed,
    NamedNewDim, NewDim, Size,
};
pub use flatten::Flatten;
#[doc(hidden)]
pub use flatten::{FlattenRange, MergeRun, RunFactors};
pub use insert::Insert;
#[doc(hidden)]
pub use insert::InsertAt;
pub use last_dim::{AppendDim, EndsWith, ReplaceLast};
#[doc(hidden)]
pub use last_dim::{
    InFeaturesMatch, LastDim, LastNormalized, NamedInFeatures, NamedNormalized, NormalizedMatch,
};
pub use matmul::Matmul;
#[doc(hidden)]
pub use matmul::{
    AtLeast1D, BatchedCheck, DotCheck, FoldedMmCheck, FoldedMvCheck, MmCheck, MvCheck, Push,
    SizeKind, VmCheck,
};
#[doc(hidden)]
pub use matmul_checks::*;
pub use rank::{tril, triu, Matrices};
pub use reduce::Along;
#[doc(hidden)]
pub use reduce::DimInRange;
#[doc(hidden)]
pub use squeeze::{
    AtRunTime, Front, IsOne, KeepIf, Kept, Removed, ScalarDim, SqueezeLane, StaticSqueeze,
};
pub use squeeze::{Squeeze, SqueezeAll};
pub use strides::StrideVerdict;
#[doc(hidden)]
pub use strides::{
    Align, AllOnes, Block, Both, Class, Close, CopyVerdict, Copyless, Decide, Either, EndsAtOne,
    Extend, Fill, FullOf, Gap, Joins, Label, Last, NeedsCopy, NoPrev, Pair, SizeClass, SrcAt, Tail,
    ViewNeedsNoCopy, Visit, VisitStatic, Walk,
};
pub use view::ViewAs;
#[doc(hidden)]
pub use view::{
    AtMostOne, Checked, Compare, Cons, CountInfers, CountNames, CountVerdict, End, Grow, InTable,
    InferCount, Inferred, IsName, Mode, Name, Nil, No, OneInferred, Run, RunPair, Seg, Several,
    SizeInTable, Skeleton, Step, Target, TargetDim, Verdict, ViewFits, ViewOf, ViewVerdict, Yes,
};
