//! The transposing copy for big results: strips of 32 source rows walked
//! along their whole length, with non-temporal stores.
//!
//! Each 16 × 16 AVX-512 tile reads one line of each of 16 source rows and
//! writes 16 whole destination lines. Walking a strip of 32 rows (two tiles
//! high) from left to right reads 32 sequential streams, which the hardware
//! prefetchers follow, and writes two neighbouring lines of each
//! destination row per step. The destination lines, a row stride apart, are
//! written with non-temporal stores: straight to memory, without first reading each line
//! for ownership (which doubles the traffic of ordinary stores) and without
//! evicting the source from the caches. Power-of-two row strides, which put
//! every line of a tile in one cache set, then cost nothing either.
//!
//! Used only for results too big to stay in cache (a result read back from
//! cache right after would lose by bypassing it), with destination rows that
//! can all start on a cache line (non-temporal stores need it).

use std::arch::x86_64::*;

use super::tiles_avx512::tile_16x16_streaming;

/// Edge of the tile, in elements.
pub(super) const EDGE: usize = 16;

/// Height of a strip, in source rows (a multiple of [`EDGE`]).
const STRIP: usize = 2 * EDGE;

/// Copies `dst[i + k·dst_k] = src[i·src_i + k]` for `i < n_i`, `k < n_k`
/// (multiples of [`EDGE`]) by strips of [`STRIP`] rows (the last may be
/// shorter), then fences the stores.
///
/// # Safety
/// AVX-512F is available; for `i < n_i`, `k < n_k`, `src + i·src_i + k` is
/// readable and `dst + i + k·dst_k` writable, the two regions do not overlap;
/// `dst` and `dst_k · 4` bytes are multiples of 64.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn strips_avx512(
    dst: *mut f32,
    dst_k: isize,
    src: *const f32,
    src_i: isize,
    n_i: usize,
    n_k: usize,
) {
    debug_assert!(n_i.is_multiple_of(EDGE) && n_k.is_multiple_of(EDGE));
    debug_assert!((dst as usize).is_multiple_of(64) && (dst_k * 4).rem_euclid(64) == 0);
    for strip in (0..n_i).step_by(STRIP) {
        let strip_end = (strip + STRIP).min(n_i);
        for k in (0..n_k).step_by(EDGE) {
            for i in (strip..strip_end).step_by(EDGE) {
                let (i, k) = (i as isize, k as isize);
                // SAFETY: the tile's rows `i..i+16 <= n_i` and columns
                // `k..k+16 <= n_k` are inside the block (both are multiples
                // of 16); its destination rows start at `dst + i + (k + b)·dst_k`,
                // 64-byte aligned since `dst` and `dst_k·4` are and `i` is a
                // multiple of 16 (caller).
                unsafe {
                    tile_16x16_streaming(
                        dst.offset(i + k * dst_k),
                        dst_k,
                        src.offset(i * src_i + k),
                        src_i,
                    )
                };
            }
        }
    }
    // Non-temporal stores are weakly ordered: make them visible before the
    // buffer is handed on (a lock release alone does not order them).
    _mm_sfence();
}
