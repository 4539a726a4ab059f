//! [`LazyBits`]: PyTorch's lazy conjugate and negative bits of a handle.
//!
//! Kept in one 8-byte word rather than two `bool`s: a handle whose bytes
//! were written with one-byte stores and are then moved with the 16-byte
//! loads the compiler uses for whole structs stalls on the store buffer (a
//! load cannot take its bytes from two stores still in flight).

/// Whether reads through a handle conjugate (`conj`) and negate (`neg`)
/// the stored values; writes store the inverse, so both are involutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LazyBits(u64);

const CONJ: u64 = 1;
const NEG: u64 = 2;

impl LazyBits {
    pub(crate) fn new(conj: bool, neg: bool) -> LazyBits {
        LazyBits(if conj { CONJ } else { 0 } | if neg { NEG } else { 0 })
    }

    /// Reads conjugate (PyTorch's `is_conj()`).
    #[inline]
    pub(crate) fn conj(self) -> bool {
        self.0 & CONJ != 0
    }

    /// Reads negate (PyTorch's `is_neg()`, set on `imag` of a conjugated view).
    #[inline]
    pub(crate) fn neg(self) -> bool {
        self.0 & NEG != 0
    }

    pub(crate) fn set_conj(&mut self, conj: bool) {
        *self = LazyBits::new(conj, self.neg());
    }

    pub(crate) fn set_neg(&mut self, neg: bool) {
        *self = LazyBits::new(self.conj(), neg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bit_is_set_and_cleared_on_its_own() {
        let mut bits = LazyBits::default();
        assert!(!bits.conj() && !bits.neg());
        bits.set_neg(true);
        assert!(!bits.conj() && bits.neg());
        bits.set_conj(true);
        assert_eq!(bits, LazyBits::new(true, true));
        bits.set_neg(false);
        assert!(bits.conj() && !bits.neg());
    }
}
