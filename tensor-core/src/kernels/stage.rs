//! Staging of inputs that read across the destination's rows, for the
//! element-wise kernels of `map.rs`.
//!
//! When the destination is dense along loop dim 0 but an input is dense
//! along another dim `j` (a transposed input), the work goes by blocks of
//! `bi` elements along dim 0 by `bk` along dim `j`: the input's block is
//! first transposed into a small buffer (the blocked transpose kernel, AVX
//! register tiles), then the closure runs over whole rows of the buffer, the
//! destination and the other inputs.
//!
//! The block shape comes from two cache effects, strongest when rows are
//! 4 KiB apart (a 1024 × 1024 `f32`):
//! - `bk` is one cache line of the staged input, and blocks advance along
//!   `j` first, so each staged line is read whole, once;
//! - `bi` makes block rows 2 KiB long. With short rows, a destination store
//!   and the load of the same column of the next row of an unstaged input
//!   (rows 4 KiB apart have the same low 12 address bits) meet in the store
//!   buffer, and the load waits for the store ("4K aliasing"); long rows put
//!   the two far apart in time.
//!
//! The buffer is at most 32 KiB, so it stays in L1 between its two passes.

use super::plan::Plan;
use super::transpose::transpose_2d;

/// Length of a block row in bytes of the staged element (see the module docs).
const ROW_BYTES: usize = 2048;

/// Cache line size: a block is one line of the staged input wide.
const LINE_BYTES: usize = 64;

/// Largest staging buffer, in bytes.
const BUFFER_BYTES: usize = 32 * 1024;

/// The shape of the staged blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Blocks {
    /// Edge along loop dim 0 (dense for the destination), in elements.
    pub(crate) bi: usize,
    /// Edge along the staged input's dense dim, in elements.
    pub(crate) bk: usize,
}

impl Blocks {
    /// Blocks for staged elements of `size` bytes (the largest staged size).
    pub(crate) fn for_size(size: usize) -> Blocks {
        let size = size.max(1);
        let bk = (LINE_BYTES / size).max(1);
        let bi = (ROW_BYTES / size).min(BUFFER_BYTES / (bk * size)).max(1);
        Blocks { bi, bk }
    }
}

/// A buffer holding one staged block: `bk` rows of `bi` elements.
pub(crate) struct Stage<A> {
    buf: Vec<A>,
    bi: usize,
}

impl<A: Copy> Stage<A> {
    /// An empty buffer for blocks of `blocks`' shape.
    pub(crate) fn new(blocks: Blocks) -> Stage<A> {
        Stage {
            buf: Vec::with_capacity(blocks.bi * blocks.bk),
            bi: blocks.bi,
        }
    }

    /// Transposes the `bi × bk` block at `at` (steps `step_i`, `step_k`) into
    /// the buffer: row `kl` then holds elements `(0..bi, kl)`.
    ///
    /// # Safety
    /// `bi` and `bk` are at most the edges the buffer was made for, and
    /// `at + il·step_i + kl·step_k` is readable for `il < bi`, `kl < bk`.
    #[inline]
    pub(crate) unsafe fn fill(&mut self, at: *const A, steps: [isize; 2], bi: usize, bk: usize) {
        debug_assert!(bi <= self.bi && bi * bk <= self.buf.capacity());
        let buf = self.buf.as_mut_ptr();
        // SAFETY: the buffer's capacity holds `bk` rows of `self.bi >= bi`
        // elements, distinct places for distinct `(il, kl)`; it is this
        // stage's own allocation, so it does not overlap the source, which is
        // readable over the block (caller).
        unsafe { transpose_2d(buf, [1, self.bi as isize], at, steps, bi, bk) }
    }

    /// Row `kl` of the last block filled.
    ///
    /// # Safety
    /// `kl` is below the `bk` of the last [`Stage::fill`], and the row is read
    /// only over the `bi` elements that fill wrote.
    #[inline(always)]
    pub(crate) unsafe fn row(&self, kl: usize) -> *const A {
        // SAFETY: row `kl` starts inside the buffer's capacity (caller).
        unsafe { self.buf.as_ptr().add(kl * self.bi) }
    }
}

/// Calls `block(base, i0, bi, k0, bk)` for the blocks of `blocks`' shape
/// covering loop dims 0 and `j` of `plan`, at every position `base` of the
/// other dims; blocks advance along `j` first (see the module docs).
pub(crate) fn for_each_block<const N: usize>(
    plan: &Plan<N>,
    j: usize,
    blocks: Blocks,
    mut block: impl FnMut([isize; N], usize, usize, usize, usize),
) {
    let (n0, nj) = (plan.sizes[0], plan.sizes[j]);
    plan.for_each_outer(1 | 1 << j, |base| {
        for i0 in (0..n0).step_by(blocks.bi) {
            let bi = blocks.bi.min(n0 - i0);
            for k0 in (0..nj).step_by(blocks.bk) {
                block(base, i0, bi, k0, blocks.bk.min(nj - k0));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_one_line_wide_and_rows_two_kib_within_32_kib() {
        assert_eq!(Blocks::for_size(4), Blocks { bi: 512, bk: 16 });
        assert_eq!(Blocks::for_size(8), Blocks { bi: 256, bk: 8 });
        assert_eq!(Blocks::for_size(1), Blocks { bi: 512, bk: 64 });
        assert_eq!(Blocks::for_size(16), Blocks { bi: 128, bk: 4 });
        assert_eq!(Blocks::for_size(128), Blocks { bi: 16, bk: 1 });
        assert_eq!(Blocks::for_size(0), Blocks::for_size(1));
    }

    #[test]
    fn blocks_cover_every_element_once_past_the_edges() {
        // loop dims (innermost first): 1030 × 1, 21 × 1031, 3 × 30000 (no merging)
        let plan = Plan::<1>::new(&[3, 21, 1030], [&[30000, 1031, 1]], [5], true);
        assert_eq!(plan.sizes.as_slice(), &[1030, 21, 3]);
        let mut seen = vec![0u8; 5 + 2 * 30000 + 20 * 1031 + 1030];
        for_each_block(
            &plan,
            1,
            Blocks { bi: 512, bk: 4 },
            |[base], i0, bi, k0, bk| {
                assert!(bi <= 512 && bk <= 4 && bi > 0 && bk > 0);
                for il in 0..bi {
                    for kl in 0..bk {
                        seen[base as usize + i0 + il + (k0 + kl) * 1031] += 1;
                    }
                }
            },
        );
        let visits: usize = seen.iter().map(|&n| n as usize).sum();
        assert_eq!(visits, 3 * 21 * 1030);
        assert!(seen.iter().all(|&n| n <= 1));
    }

    #[test]
    fn fill_transposes_a_block_into_rows() {
        let src: Vec<u16> = (0..100).collect();
        let mut stage = Stage::<u16>::new(Blocks { bi: 4, bk: 3 });
        // block (il, kl) at 7 + il·10 + kl
        // SAFETY: max index 7 + 3·10 + 2 = 39 < 100; 4 × 3 fits the buffer.
        unsafe { stage.fill(src.as_ptr().add(7), [10, 1], 4, 3) };
        for kl in 0..3 {
            // SAFETY: rows below bk = 3, 4 elements each were written.
            let row = unsafe { std::slice::from_raw_parts(stage.row(kl), 4) };
            let want: Vec<u16> = (0..4).map(|il| (7 + il * 10 + kl) as u16).collect();
            assert_eq!(row, want.as_slice());
        }
    }
}
