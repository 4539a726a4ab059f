//! Deterministic pseudo-random inputs for the model examples (xorshift; no
//! dependency), shared so that each example shows only its model code.

/// `n` deterministic values in [-1, 1) from `seed`.
pub fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}
