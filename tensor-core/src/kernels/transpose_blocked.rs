//! The blocked loop of the transposing copy over register tiles (results
//! that stay in cache; big ones stream, see `transpose_streaming.rs`).
//!
//! The `n_i × n_k` block (at least one tile each way) is cut:
//! - into *outer blocks* of 1 KiB per row (256 × 256 `f32`), so the pages
//!   both sides touch stay in the second-level TLB and their lines in L2;
//! - each into *inner blocks* of one cache line per row (16 × 16 `f32`),
//!   which start on the source's lines when every source row starts at the
//!   same place in a line ([`line_head`]). A block straddling two lines per
//!   row would read each line in two passes down the rows, the second from
//!   L2, and `malloc` puts big buffers 16 bytes into a line. The columns
//!   before the first line join the first block, and a last block shorter
//!   than a line joins the one before it: each pass down the rows costs a
//!   read of every row's line, so one wider block beats a narrow one of its
//!   own. Not
//!   where the destination rows share few L1 sets (row strides of many KiB,
//!   as in NHWC → NCHW): there a wider block evicts its own lines, so the
//!   blocks stay one line wide from column 0;
//! - each into square register tiles. Where a block's side is not a whole
//!   number of tiles (the first and last column blocks, the last rows), its
//!   last tile is shifted back to end with the block (or, narrower than a
//!   tile, to start with it) and overlaps its neighbour: the overlap is
//!   written twice with the same bits, so no element goes through a scalar
//!   loop.
//!
//! No software prefetch: both sides jump a row stride between lines, which
//! the hardware prefetchers do not follow, yet prefetching the next inner
//! block does not pay (BENCHMARKS.md has the measurements).

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

/// How many elements of `size` bytes come before the first cache line of
/// a row starting at address `at`, when every row (`row_stride` elements
/// apart) starts at the same place in a line and a row of `n` elements
/// reaches past that line's end; otherwise 0.
///
/// ```text
/// line_head(0x1010, 256, 4, 256) == 12   // 16 bytes into a line: 12 floats to its end
/// line_head(0x1010, 255, 4, 256) == 0    // rows start at different places
/// ```
pub(super) fn line_head(at: usize, row_stride: isize, size: usize, n: usize) -> usize {
    let row_bytes = row_stride.unsigned_abs().wrapping_mul(size);
    if size == 0 || !row_bytes.is_multiple_of(LINE_BYTES) || !at.is_multiple_of(size) {
        return 0;
    }
    let head = (LINE_BYTES - at % LINE_BYTES) % LINE_BYTES / size;
    if n < head + LINE_BYTES / size {
        return 0;
    }
    head
}

/// L1 sets assumed (of 64-byte lines: 48 KiB and 12 ways on Zen 5, 32 KiB
/// and 8 ways on older cores).
const L1_SETS: usize = 64;

/// Rows must spread their lines over at least this many L1 sets for the
/// blocked loop to widen its column blocks past one line.
const MIN_SETS_FOR_WIDE_BLOCKS: usize = 4;

/// How many L1 sets hold the lines at one column of successive rows
/// `row_stride` elements of `size` bytes apart (all of them when the rows
/// are not whole lines apart; one when they are a multiple of 4 KiB apart).
fn l1_sets_of_rows(row_stride: isize, size: usize) -> usize {
    let row_bytes = row_stride.unsigned_abs().wrapping_mul(size);
    if !row_bytes.is_multiple_of(LINE_BYTES) {
        return L1_SETS;
    }
    let lines = row_bytes / LINE_BYTES % L1_SETS;
    if lines == 0 {
        return 1;
    }
    L1_SETS >> lines.trailing_zeros().min(L1_SETS.trailing_zeros())
}

/// Start of the tile covering `at` in a block ending at `end`: `at`, or
/// shifted back so that the tile ends with the block, but never before 0
/// (a block narrower than a tile gets one starting with it, which the
/// caller's `SIZE <= n` keeps inside the dim).
#[inline(always)]
fn tile_start(at: usize, end: usize, size: usize) -> usize {
    at.min(end.max(size) - size)
}

/// The loop of the module docs, compiled into each entry point below.
///
/// # Safety
/// The tile's instruction set is available; `K::SIZE <= n_i`, `K::SIZE <=
/// n_k` and `k_head <= n_k`; for `i < n_i`, `k < n_k`, `src + i·src_i + k`
/// is readable and `dst + i + k·dst_k` writable, and the two regions do
/// not overlap (overlapping tiles write some places twice, with the same
/// bits).
#[inline(always)]
unsafe fn blocked<K: Tile>(
    dst: *mut K::E,
    dst_k: isize,
    src: *const K::E,
    src_i: isize,
    n_i: usize,
    n_k: usize,
    k_head: usize,
) {
    let edge = K::SIZE;
    let size = std::mem::size_of::<K::E>();
    let inner = (LINE_BYTES / size).max(edge);
    let blocks_per_outer = (OUTER_BLOCK_BYTES / size / inner).max(1);
    let outer = blocks_per_outer * inner;
    // A block writes one destination line per column, spread over the L1
    // sets successive destination rows fall in; over few of them, blocks
    // wider than a line evict their own lines (module docs).
    let spread = l1_sets_of_rows(dst_k, size) >= MIN_SETS_FOR_WIDE_BLOCKS;
    let k_head = if spread { k_head } else { 0 };
    // End of the inner column block starting at `k`: one line past the
    // head, or the end of the dim if less than a line would be left.
    let column_block_end = |k: usize| {
        let end = k.max(k_head) + inner;
        if spread && end + inner > n_k {
            n_k
        } else {
            end.min(n_k)
        }
    };
    let mut k0 = 0;
    while k0 < n_k {
        let mut k0_end = k0;
        for _ in 0..blocks_per_outer {
            if k0_end < n_k {
                k0_end = column_block_end(k0_end);
            }
        }
        for i0 in (0..n_i).step_by(outer) {
            let i0_end = (i0 + outer).min(n_i);
            let mut k1 = k0;
            while k1 < k0_end {
                let k1_end = column_block_end(k1);
                for i1 in (i0..i0_end).step_by(inner) {
                    let i1_end = (i1 + inner).min(i0_end);
                    for i in (i1..i1_end).step_by(edge) {
                        let i = tile_start(i, i1_end, edge);
                        for k in (k1..k1_end).step_by(edge) {
                            let k = tile_start(k, k1_end, edge);
                            let (i, k) = (i as isize, k as isize);
                            // SAFETY: `tile_start` keeps the tile's rows
                            // `i..i+SIZE` within `0..n_i` and columns
                            // `k..k+SIZE` within `0..n_k` (block ends are at
                            // most the dims, which are at least `SIZE`);
                            // the instruction set is the caller's.
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
                k1 = k1_end;
            }
        }
        k0 = k0_end;
    }
}

/// [`blocked`] compiled for AVX (the 8 × 8 and 4 × 4 tiles of `tiles_avx.rs`).
///
/// AVX-512 16 × 16 tiles gain nothing in this loop (BENCHMARKS.md); they
/// serve the streaming kernel only.
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
    k_head: usize,
) {
    // SAFETY: the caller's contract.
    unsafe { blocked::<K>(dst, dst_k, src, src_i, n_i, n_k, k_head) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_heads_count_to_the_next_line_only_when_every_row_shares_it() {
        assert_eq!(line_head(0x1010, 256, 4, 256), 12);
        assert_eq!(line_head(0x1000, 256, 4, 256), 0);
        assert_eq!(line_head(0x103c, 16, 4, 100), 1);
        assert_eq!(line_head(0x1010, -256, 4, 256), 12);
        assert_eq!(line_head(0x1008, 8, 8, 100), 7);
        assert_eq!(line_head(0x1010, 255, 4, 256), 0); // rows at different places
        assert_eq!(line_head(0x1011, 256, 4, 256), 0); // misaligned elements
        assert_eq!(line_head(0x1010, 256, 4, 27), 0); // too short to reach the line
        assert_eq!(line_head(0x1010, 256, 4, 28), 12);
        assert_eq!(line_head(0x1010, 256, 0, 256), 0);
    }

    #[test]
    fn rows_a_power_of_two_of_lines_apart_share_few_sets() {
        assert_eq!(l1_sets_of_rows(256, 4), 4); // 1 KiB rows
        assert_eq!(l1_sets_of_rows(16384, 4), 1); // 64 KiB rows
        assert_eq!(l1_sets_of_rows(1024, 4), 1); // 4 KiB rows
        assert_eq!(l1_sets_of_rows(16, 4), 64); // one line per row
        assert_eq!(l1_sets_of_rows(48, 4), 64); // three lines: odd, every set
        assert_eq!(l1_sets_of_rows(-512, 4), 2);
        assert_eq!(l1_sets_of_rows(1000, 4), 64); // 4000 bytes: rows drift across lines
    }

    #[test]
    fn shifted_tiles_stay_inside_the_block_or_start_with_it() {
        assert_eq!(tile_start(0, 12, 8), 0);
        assert_eq!(tile_start(8, 12, 8), 4);
        assert_eq!(tile_start(0, 4, 8), 0); // narrower than a tile
        assert_eq!(tile_start(24, 28, 8), 20);
        assert_eq!(tile_start(16, 32, 8), 16);
    }
}
