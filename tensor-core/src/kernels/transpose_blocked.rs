//! The blocked loop of the transposing copy over whole register tiles
//! (results that stay in cache; big ones stream, see `transpose_streaming.rs`).
//!
//! The `n_i × n_k` block (both multiples of the tile edge) is cut:
//! - into *outer blocks* of 1 KiB per row (256 × 256 `f32`), so the pages
//!   both sides touch stay in the second-level TLB and their lines in L2;
//! - each into *inner blocks* of one cache line per row (16 × 16 `f32`), so
//!   every source line is read whole and every destination line written
//!   whole while they sit in L1;
//! - and while one inner block is moved, the lines of the next are
//!   prefetched: both sides jump a row stride between lines, which the
//!   hardware prefetchers do not follow.

use std::arch::x86_64::*;

/// Edge of an outer block in bytes per row.
const OUTER_BLOCK_BYTES: usize = 1024;

/// Cache line size assumed for inner blocks.
const LINE_BYTES: usize = 64;

/// A square register tile: reads `SIZE` source rows of `SIZE` elements
/// (dense along `k`), writes them as `SIZE` destination rows (dense along `i`).
pub(super) trait Tile {
    /// The element moved (by bits only).
    type E: Copy;
    /// Edge of the tile in elements.
    const SIZE: usize;
    /// Transposes one tile.
    ///
    /// # Safety
    /// The tile's instruction set is available; `src + a·src_i + b` is
    /// readable and `dst + a + b·dst_k` writable for `a, b < SIZE`.
    unsafe fn tile(dst: *mut Self::E, dst_k: isize, src: *const Self::E, src_i: isize);
}

/// Asks for the cache line holding `at` (a hint: never faults, any address).
#[inline(always)]
fn prefetch(at: *const i8) {
    // SAFETY: SSE is part of x86-64's baseline; a prefetch never faults and
    // does not dereference its address in the language's sense.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(at) }
}

/// The loop of the module docs, compiled into each entry point below.
///
/// # Safety
/// The tile's instruction set is available; `n_i` and `n_k` are multiples of
/// `K::SIZE`; for `i < n_i`, `k < n_k`, `src + i·src_i + k` is readable and
/// `dst + i + k·dst_k` writable, the two regions do not overlap, and no two
/// `(i, k)` write the same place.
#[inline(always)]
unsafe fn blocked<K: Tile>(
    dst: *mut K::E,
    dst_k: isize,
    src: *const K::E,
    src_i: isize,
    n_i: usize,
    n_k: usize,
) {
    let size = std::mem::size_of::<K::E>();
    let inner = (LINE_BYTES / size).max(K::SIZE);
    let outer = (OUTER_BLOCK_BYTES / size).max(inner);
    for k0 in (0..n_k).step_by(outer) {
        let k0_end = (k0 + outer).min(n_k);
        for i0 in (0..n_i).step_by(outer) {
            let i0_end = (i0 + outer).min(n_i);
            for k1 in (k0..k0_end).step_by(inner) {
                let k1_end = (k1 + inner).min(k0_end);
                for i1 in (i0..i0_end).step_by(inner) {
                    let i1_end = (i1 + inner).min(i0_end);
                    // Ask for the destination lines the next inner block
                    // writes, and the source lines the next column of inner
                    // blocks reads. Prefetches never fault, and their
                    // addresses are only computed (wrapping), never dereferenced.
                    for k in k1..k1_end {
                        let next = dst.wrapping_offset(k as isize * dst_k + (i1 + inner) as isize);
                        prefetch(next.cast());
                    }
                    for i in i1..i1_end {
                        let next = src.wrapping_offset(i as isize * src_i + (k1 + inner) as isize);
                        prefetch(next.cast());
                    }
                    for i in (i1..i1_end).step_by(K::SIZE) {
                        for k in (k1..k1_end).step_by(K::SIZE) {
                            let (i, k) = (i as isize, k as isize);
                            // SAFETY: the tile's rows `i..i+SIZE <= n_i` and
                            // columns `k..k+SIZE <= n_k` are inside the block
                            // (caller); the instruction set is the caller's.
                            unsafe {
                                K::tile(
                                    dst.offset(i + k * dst_k),
                                    dst_k,
                                    src.offset(i * src_i + k),
                                    src_i,
                                )
                            };
                        }
                    }
                }
            }
        }
    }
}

/// [`blocked`] compiled for AVX (the 8 × 8 and 4 × 4 tiles of `tiles_avx.rs`).
///
/// (AVX-512 16 × 16 tiles in this loop measured no faster: 0.32–0.69 of
/// memcpy against 0.36–0.78 for 8 × 8 at 256²–1024².)
///
/// # Safety
/// AVX is available, and [`blocked`]'s contract holds.
#[target_feature(enable = "avx")]
pub(super) unsafe fn blocked_avx<K: Tile>(
    dst: *mut K::E,
    dst_k: isize,
    src: *const K::E,
    src_i: isize,
    n_i: usize,
    n_k: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { blocked::<K>(dst, dst_k, src, src_i, n_i, n_k) }
}
