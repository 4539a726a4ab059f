//! What a size is to the rules, and what a caller does with a comparison
//! its sizes cannot decide.
//!
//! The runtime's sizes (`usize`) and the macros' literal sizes (`u128`)
//! always decide: two numbers are equal or not. The macros' stated dims
//! may be a named run-time dim or a named constant, which decide only
//! against themselves; the rules then ask the caller, through
//! [`Undecided`], to leave the check to rustc or to run time (or to refuse).

/// How two sizes compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equality {
    /// Known to be equal.
    Equal,
    /// Known to differ.
    Different,
    /// Not known while the rule runs (a named dim, a constant).
    Undecided,
}

/// A size the rules can compare and print.
///
/// ```
/// use tensor_rules::{Equality, Size};
/// assert_eq!(3usize.equality(&3), Equality::Equal);
/// assert!(1u128.is_one());
/// assert_eq!(usize::product_text(&[2, 3, 4]), "24");
/// ```
pub trait Size: Clone {
    /// How `self` compares with `other`.
    fn equality(&self, other: &Self) -> Equality;
    /// Whether the size is known to be 1.
    fn is_one(&self) -> bool;
    /// The size as messages print it (`768`, `B*T`, `{N_EMBD}`).
    fn text(&self) -> String;
    /// The product of `sizes` as messages print it (PyTorch prints a batch
    /// size or a folded row count as one number).
    fn product_text(sizes: &[Self]) -> String;
}

impl Size for usize {
    #[inline]
    fn equality(&self, other: &Self) -> Equality {
        if self == other {
            Equality::Equal
        } else {
            Equality::Different
        }
    }

    #[inline]
    fn is_one(&self) -> bool {
        *self == 1
    }

    fn text(&self) -> String {
        self.to_string()
    }

    /// Wrapping, as PyTorch's `int64` products (only a broadcast of two
    /// real tensors' batch dims can exceed a `usize`).
    fn product_text(sizes: &[Self]) -> String {
        sizes
            .iter()
            .fold(1usize, |p, &s| p.wrapping_mul(s))
            .to_string()
    }
}

impl Size for u128 {
    #[inline]
    fn equality(&self, other: &Self) -> Equality {
        if self == other {
            Equality::Equal
        } else {
            Equality::Different
        }
    }

    #[inline]
    fn is_one(&self) -> bool {
        *self == 1
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn product_text(sizes: &[Self]) -> String {
        sizes
            .iter()
            .fold(1u128, |p, &s| p.saturating_mul(s))
            .to_string()
    }
}

/// What a caller does when a rule meets two sizes it cannot compare.
///
/// `message` gives PyTorch's message for the case where they differ.
pub trait Undecided<S> {
    /// `a` must equal `b`: `Err(message)` to refuse, `Ok` once the check is
    /// left to someone who can decide (rustc, the run time).
    fn require_equal(&mut self, a: &S, b: &S, message: &dyn Fn() -> String) -> Result<(), String>;

    /// `a` and `b` broadcast together (neither known to be 1): the result's
    /// dim, or `Err(message)` to refuse.
    fn broadcast(&mut self, a: &S, b: &S, message: &dyn Fn() -> String) -> Result<S, String>;
}

/// Refuses every comparison left open: for sizes that always decide (the
/// runtime's), where it is never asked.
///
/// ```
/// use tensor_rules::{Strict, Undecided};
/// let e = Strict.require_equal(&1usize, &2, &|| "differ".into());
/// assert_eq!(e, Err("differ".to_string()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Strict;

impl<S> Undecided<S> for Strict {
    fn require_equal(&mut self, _: &S, _: &S, message: &dyn Fn() -> String) -> Result<(), String> {
        Err(message())
    }

    fn broadcast(&mut self, _: &S, _: &S, message: &dyn Fn() -> String) -> Result<S, String> {
        Err(message())
    }
}

/// Applies [`Size::equality`] to `a` and `b`: `Ok` when equal, `Err(message)`
/// when different, the caller's choice when undecided.
///
/// ```
/// use tensor_rules::{size::require_equal, Strict};
/// assert!(require_equal(&4usize, &4, &mut Strict, &|| unreachable!()).is_ok());
/// assert_eq!(require_equal(&4usize, &5, &mut Strict, &|| "no".into()), Err("no".into()));
/// ```
#[inline]
pub fn require_equal<S: Size>(
    a: &S,
    b: &S,
    undecided: &mut impl Undecided<S>,
    message: &dyn Fn() -> String,
) -> Result<(), String> {
    match a.equality(b) {
        Equality::Equal => Ok(()),
        Equality::Different => Err(message()),
        Equality::Undecided => undecided.require_equal(a, b, message),
    }
}
