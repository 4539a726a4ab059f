//! Symbols: named run-time dims, declared with `dims!(B, T);`.
//!
//! A symbol is a unit struct. It promises one thing: along one tensor's chain
//! of views, every dim named `B` has the same size. It is not a global
//! binding: two tensors of type `Shape![B, 4]` may have different `B`s, and
//! where two tensors meet, their symbols are checked at run time.

/// A named run-time dim, declared with `dims!`.
///
/// ```
/// use tensor_view::dims;
/// use tensor_view::static_shape::Symbol;
/// dims!(B);
/// assert_eq!(B::NAME, "B");
/// ```
pub trait Symbol: Copy + Default + 'static {
    /// The name as declared, for messages.
    const NAME: &'static str;
    /// An identity as a `typenum` number (a hash of the name, of where it
    /// was declared and of the declaration's number in its compilation, so
    /// that two `dims!` of one `macro_rules!` body differ), so that checks
    /// can compare symbols while compiling.
    type Id;
}

/// Declares a symbol by hand in this crate's unit tests (users write `dims!`).
#[cfg(test)]
macro_rules! test_symbol {
    ($name:ident, $id:ty) => {
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        struct $name;
        impl $crate::static_shape::Symbol for $name {
            const NAME: &'static str = stringify!($name);
            type Id = $id;
        }
    };
}
#[cfg(test)]
pub(crate) use test_symbol;
