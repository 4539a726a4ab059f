//! Named constants in shapes: the value of a `usize` constant expression
//! (`{N_HEAD * 64}`) as a `typenum` number, and a division by such a number.
//!
//! A macro cannot see a constant's value, and a const generic parameter
//! cannot be taken apart on stable Rust ("generic parameters may not be used
//! in const operations"), but a concrete constant can: `Shape!` and `view!`
//! split it into its eight bytes with anonymous consts
//! (`Byte<{ (E as u64 >> 8) as u8 }>`), and each byte is mapped to its bits by
//! one of 256 impls of [`ByteBits`]. [`FromBytes`] appends the bytes, most
//! significant first, without leading zeros, so the number is the same type
//! as the literal's. Bytes rather than bits: 300 constants cost about 0.6 s
//! of `cargo check` this way, and about 5 s as 64 one-bit anonymous consts
//! each.
//!
//! ```
//! use tensor_view::static_shape::{Byte, FromBytes};
//! use typenum::{Unsigned, U768};
//! const N_EMBD: usize = 768;
//! type E = FromBytes<Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>,
//!     Byte<{ (N_EMBD as u64 >> 8) as u8 }>, Byte<{ N_EMBD as u8 }>>;
//! let _: E = U768::default();
//! assert_eq!(<E as Unsigned>::USIZE, 768);
//! ```

use std::marker::PhantomData;

use typenum::{Bit, UInt, UTerm, B0, B1};

use super::divide::{DivideBy, RemainderIf};
use super::symbolic::ExactDiv;

/// One byte of a constant, as a type.
///
/// ```
/// use tensor_view::static_shape::{Byte, ByteBits};
/// let _: <Byte<5> as ByteBits>::Canon = typenum::U5::default();
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Byte<const V: u8>;

/// The bits of a [`Byte`]: as a number of its own (`Canon`, no leading
/// zeros) and appended below a number (`Append<N>`, all eight bits).
///
/// ```
/// use tensor_view::static_shape::{Byte, ByteBits};
/// use typenum::{U1, U258};
/// let _: <Byte<2> as ByteBits>::Append<U1> = U258::default();
/// ```
pub trait ByteBits {
    /// The byte as a `typenum` number.
    type Canon;
    /// `N * 256 + byte`, for a non-zero `N`.
    type Append<N>;
}

/// The 256 impls of [`ByteBits`], generated bit by bit, most significant
/// first: `@zeros` while only zero bits were seen (the number is still 0),
/// `@ones` after the first one bit (`$canon` is the number so far).
macro_rules! byte_bits {
    (@zeros [$($bits:ident)*] ($value:expr) []) => {
        byte_bits!(@impl [$($bits)*] ($value) (UTerm));
    };
    (@zeros [$($bits:ident)*] ($value:expr) [$_next:tt $($rest:tt)*]) => {
        byte_bits!(@zeros [$($bits)* B0] ($value * 2) [$($rest)*]);
        byte_bits!(@ones [$($bits)* B1] ($value * 2 + 1) (UInt<UTerm, B1>) [$($rest)*]);
    };
    (@ones [$($bits:ident)*] ($value:expr) ($canon:ty) []) => {
        byte_bits!(@impl [$($bits)*] ($value) ($canon));
    };
    (@ones [$($bits:ident)*] ($value:expr) ($canon:ty) [$_next:tt $($rest:tt)*]) => {
        byte_bits!(@ones [$($bits)* B0] ($value * 2) (UInt<$canon, B0>) [$($rest)*]);
        byte_bits!(@ones [$($bits)* B1] ($value * 2 + 1) (UInt<$canon, B1>) [$($rest)*]);
    };
    (@impl [$b7:ident $b6:ident $b5:ident $b4:ident $b3:ident $b2:ident $b1:ident $b0:ident] ($value:expr) ($canon:ty)) => {
        impl ByteBits for Byte<{ $value }> {
            type Canon = $canon;
            type Append<N> =
                UInt<UInt<UInt<UInt<UInt<UInt<UInt<UInt<N, $b7>, $b6>, $b5>, $b4>, $b3>, $b2>, $b1>, $b0>;
        }
    };
}

byte_bits!(@zeros [] (0) [x x x x x x x x]);

/// Appends a [`Byte`] below a `typenum` number, without leading zeros
/// (below 0 the byte is the number).
///
/// ```
/// use tensor_view::static_shape::{Byte, PushByte};
/// use typenum::{U0, U1, U7, U263};
/// let _: <U0 as PushByte<Byte<7>>>::Out = U7::default();
/// let _: <U1 as PushByte<Byte<7>>>::Out = U263::default();
/// ```
pub trait PushByte<Y> {
    /// The number with the byte appended.
    type Out;
}

impl<Y: ByteBits> PushByte<Y> for UTerm {
    type Out = Y::Canon;
}

impl<U, B: Bit, Y: ByteBits> PushByte<Y> for UInt<U, B> {
    type Out = Y::Append<UInt<U, B>>;
}

/// The `typenum` number of eight [`Byte`]s, most significant first.
///
/// ```
/// use tensor_view::static_shape::{Byte, FromBytes};
/// let _: FromBytes<Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<1>, Byte<0>, Byte<0>> =
///     typenum::U65536::default();
/// ```
pub type FromBytes<Y7, Y6, Y5, Y4, Y3, Y2, Y1, Y0> = <<<<<<<<UTerm as PushByte<Y7>>::Out as PushByte<
    Y6,
>>::Out as PushByte<Y5>>::Out as PushByte<Y4>>::Out as PushByte<Y3>>::Out as PushByte<
    Y2,
>>::Out as PushByte<Y1>>::Out as PushByte<Y0>>::Out;

/// A named constant's `typenum` number, behind a type of the macro's own.
/// `view!` names constants this way inside the where-clauses of its generic
/// impls, where a [`FromBytes`] written in place is rejected.
///
/// ```
/// use tensor_view::static_shape::{Byte, ConstNumber, FromBytes};
/// struct Twelve;
/// impl ConstNumber for Twelve {
///     type Number = FromBytes<Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<0>, Byte<12>>;
/// }
/// let _: <Twelve as ConstNumber>::Number = typenum::U12::default();
/// ```
pub trait ConstNumber {
    /// The number.
    type Number;
}

/// A divisor that is a constant's value `K`, which may be any number, 0
/// included: the remainder of [`DivideBy`] is `Remainder<0>` when `K`
/// divides the count, else [`NonZeroRemainder`](super::NonZeroRemainder),
/// so a view beside a constant that is 0 gets its own message, never an
/// error inside `typenum` (and its notes print no `typenum` bit).
///
/// ```
/// use tensor_view::static_shape::{DivideBy, Exact, NonZeroRemainder, Remainder};
/// use typenum::{U0, U12, U3, U4, U5};
/// let _: <U12 as DivideBy<Exact<U4>>>::Quot = U3::default();
/// let _: <U12 as DivideBy<Exact<U4>>>::Rem = Remainder::<0>;
/// let _: <U12 as DivideBy<Exact<U5>>>::Rem = NonZeroRemainder;
/// let _: <U12 as DivideBy<Exact<U0>>>::Rem = NonZeroRemainder;
/// ```
pub struct Exact<K>(PhantomData<K>);

impl<K: ExactDiv<UTerm>> DivideBy<Exact<K>> for UTerm
where
    K::Fits: RemainderIf,
{
    type Quot = K::Quot;
    type Rem = <K::Fits as RemainderIf>::Rem;
}

impl<U, B, K: ExactDiv<UInt<U, B>>> DivideBy<Exact<K>> for UInt<U, B>
where
    K::Fits: RemainderIf,
{
    type Quot = K::Quot;
    type Rem = <K::Fits as RemainderIf>::Rem;
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::Unsigned;

    /// The number of `value` as `Shape!` and `view!` write it for a constant.
    macro_rules! number {
        ($value:expr) => {
            FromBytes<
                Byte<{ ($value as u64 >> 56) as u8 }>,
                Byte<{ ($value as u64 >> 48) as u8 }>,
                Byte<{ ($value as u64 >> 40) as u8 }>,
                Byte<{ ($value as u64 >> 32) as u8 }>,
                Byte<{ ($value as u64 >> 24) as u8 }>,
                Byte<{ ($value as u64 >> 16) as u8 }>,
                Byte<{ ($value as u64 >> 8) as u8 }>,
                Byte<{ $value as u64 as u8 }>,
            >
        };
    }

    #[test]
    fn constants_become_their_numbers() {
        assert_eq!(<number!(0) as Unsigned>::U64, 0);
        assert_eq!(<number!(1) as Unsigned>::U64, 1);
        assert_eq!(<number!(255) as Unsigned>::U64, 255);
        assert_eq!(<number!(256) as Unsigned>::U64, 256);
        assert_eq!(<number!(50257) as Unsigned>::U64, 50257);
        assert_eq!(<number!(65536) as Unsigned>::U64, 65536);
        assert_eq!(
            <number!(0x0123_4567_89ab_cdef_u64) as Unsigned>::U64,
            0x0123_4567_89ab_cdef
        );
        assert_eq!(<number!(u64::MAX) as Unsigned>::U64, u64::MAX);
    }

    #[test]
    fn a_dynamic_count_is_left_unchecked() {
        let _: <crate::static_shape::Unchecked as DivideBy<Exact<typenum::U3>>>::Rem =
            crate::static_shape::Unchecked;
    }

    #[test]
    fn constants_are_the_literals_types() {
        let _: number!(768) = typenum::U768::default();
        let _: number!(4096) = typenum::U4096::default();
        let _: number!(0) = UTerm;
    }
}
