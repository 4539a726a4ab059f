//! [`LazyBits`]: PyTorch's lazy conjugate and negative bits of a handle.

/// Whether reads through a handle conjugate (`conj`) and negate (`neg`)
/// the stored values; writes store the inverse, so both are involutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LazyBits {
    conj: bool,
    neg: bool,
}

impl LazyBits {
    pub(crate) fn new(conj: bool, neg: bool) -> LazyBits {
        LazyBits { conj, neg }
    }

    /// Reads conjugate (PyTorch's `is_conj()`).
    #[inline]
    pub(crate) fn conj(self) -> bool {
        self.conj
    }

    /// Reads negate (PyTorch's `is_neg()`, set on `imag` of a conjugated view).
    #[inline]
    pub(crate) fn neg(self) -> bool {
        self.neg
    }

    pub(crate) fn set_conj(&mut self, conj: bool) {
        self.conj = conj;
    }

    pub(crate) fn set_neg(&mut self, neg: bool) {
        self.neg = neg;
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
