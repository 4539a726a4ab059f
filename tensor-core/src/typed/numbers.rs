//! The bridge from readable dims to computable numbers: `D<768>` to the
//! `typenum` number 768 ([`InSizeTable`]) and back ([`Readable`]), so that rules
//! that multiply or divide sizes (a view's `-1`) compute while compiling.
//!
//! Stable Rust cannot compute with a const generic, so each size is one impl
//! of a table that `build.rs` writes: every size to 2,048, every multiple of
//! 32 to 32,768 and of 256 to 262,144, and the vocabularies of common models
//! (50,257, 128,256, ...). A size outside the table is a compile error at
//! the call that needs it, which says what to write instead.

use typenum::{UInt, UTerm, B0, B1};

use super::dim::{One, D};

/// A dim's size as a `typenum` number.
#[diagnostic::on_unimplemented(
    message = "the size {Self} is outside the sizes a typed view computes with",
    label = "this view needs the size of a dim the table does not hold",
    note = "the table holds every size to 2048, multiples of 32 to 32768 and of 256 to 262144, and common vocabulary sizes",
    note = "name the dim instead (`dims!(V)`), or view at run time: `x.view_typed::<(..)>()?`"
)]
#[doc(hidden)]
pub trait InSizeTable {
    /// The size.
    type Num: typenum::Unsigned;
}

/// A computed size as a dim: `One` for 1, `D<N>` else.
#[diagnostic::on_unimplemented(
    message = "a computed size is outside the sizes a typed view computes with",
    label = "this view infers a dim the table does not hold",
    note = "the table holds every size to 2048, multiples of 32 to 32768 and of 256 to 262144, and common vocabulary sizes",
    note = "write the dim instead of -1, or view at run time: `x.view_typed::<(..)>()?`"
)]
#[doc(hidden)]
pub trait Readable {
    /// The dim.
    type Dim: super::Dim;
}

impl InSizeTable for One {
    type Num = UInt<UTerm, B1>;
}
// `D<1>`'s number is in the table; `U1` reads back as `One`.
impl Readable for UInt<UTerm, B1> {
    type Dim = One;
}

// `B0` is used by the generated table's even numbers.
const _: Option<B0> = None;

include!(concat!(env!("OUT_DIR"), "/size_table.rs"));

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    fn number<X: InSizeTable>() -> usize {
        X::Num::USIZE
    }

    #[test]
    fn sizes_round_trip() {
        assert_eq!(number::<D<0>>(), 0);
        assert_eq!(number::<One>(), 1);
        assert_eq!(number::<D<768>>(), 768);
        assert_eq!(number::<D<50257>>(), 50257);
        assert_eq!(number::<D<128256>>(), 128256);
        assert_eq!(number::<D<11008>>(), 11008);
        fn dim<U: Readable<Dim = X>, X>() {}
        dim::<typenum::U768, D<768>>();
        dim::<typenum::U1, One>();
    }
}
