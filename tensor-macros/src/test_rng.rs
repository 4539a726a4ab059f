//! A small deterministic generator for the rule tests, which compare each
//! rule with the layout code on random cases (no dependency for tests).

/// A linear congruential generator; `Lcg(seed)`.
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    /// A number in `lo..=hi`.
    pub(crate) fn int(&mut self, lo: i128, hi: i128) -> i128 {
        lo + self.below((hi - lo + 1) as u64) as i128
    }

    /// A shape of rank `0..=max_rank` whose sizes are drawn from `sizes`.
    pub(crate) fn shape(&mut self, max_rank: u64, sizes: &[usize]) -> Vec<usize> {
        (0..self.below(max_rank + 1))
            .map(|_| sizes[self.below(sizes.len() as u64) as usize])
            .collect()
    }
}
