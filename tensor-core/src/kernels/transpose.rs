//! A cache-aware 2-D transposing copy: the heart of `contiguous()` on
//! transposed and permuted tensors.
//!
//! The copy writes `dst[i·dst_i + k·dst_k] = src[i·src_i + k·src_k]` for an
//! `n_i × n_k` block where the destination is dense along `i` and the source
//! along `k`. Walking either side in order would touch the other side one
//! cache line per element; instead the block goes by tiles:
//! - on x86-64 with AVX, 4- and 8-byte elements move through registers as
//!   8 × 8 and 4 × 4 tiles (`tiles_avx.rs`) in the blocked loop of
//!   `transpose_blocked.rs`, whose blocks start on the source's cache lines
//!   and whose edge tiles overlap their neighbours (any block of at least
//!   one tile each way, no scalar edges);
//! - a big result (the caller says so: [`Destination::Streamed`]) of 4-byte
//!   elements with long source rows goes, on CPUs with AVX-512F, by strips
//!   of 16 × 16 tiles with non-temporal stores (`transpose_streaming.rs`),
//!   faster than the blocked loop once the result is bigger than the caches,
//!   most of all for power-of-two row strides, where every line of a block
//!   falls in one cache set. Its first rows go to the edge loop so that its
//!   destination rows start on cache lines;
//! - other element sizes, blocks narrower than a tile, the streaming
//!   kernel's edges and other CPUs take a blocked loop of scalar moves
//!   (strips of one destination line, `k` in blocks of [`K_BLOCK`]).

/// Length of a `k` block, in elements.
const K_BLOCK: usize = 256;

/// Cache line size assumed for strip heights and tile alignment.
const LINE_BYTES: usize = 64;

/// Source rows shorter than this (in elements) are not streamed; nor are
/// blocks with fewer than a quarter as many rows.
const STREAM_MIN_ROW: usize = 256;

/// Where a copy's destination should go: through the caches (the result is
/// small enough to be read back from them), or straight to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Destination {
    /// Ordinary stores.
    Cached,
    /// Non-temporal stores where the kernel can (see `transpose_streaming.rs`).
    Streamed,
}

/// Copies the `n_i × n_k` block described in the module docs, through the caches.
///
/// # Safety
/// For every `i < n_i`, `k < n_k`: `src + i·src_i + k·src_k` is valid for
/// reads and `dst + i·dst_i + k·dst_k` valid for writes of an `R`, the two
/// regions do not overlap, and no two `(i, k)` write the same place.
pub(crate) unsafe fn transpose_2d<R: Copy>(
    dst: *mut R,
    dst_strides: [isize; 2],
    src: *const R,
    src_strides: [isize; 2],
    n_i: usize,
    n_k: usize,
) {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        transpose_2d_to(
            Destination::Cached,
            dst,
            dst_strides,
            src,
            src_strides,
            n_i,
            n_k,
        )
    }
}

/// [`transpose_2d`], with the destination written as `destination` says.
///
/// # Safety
/// As [`transpose_2d`].
pub(crate) unsafe fn transpose_2d_to<R: Copy>(
    destination: Destination,
    dst: *mut R,
    [dst_i, dst_k]: [isize; 2],
    src: *const R,
    [src_i, src_k]: [isize; 2],
    n_i: usize,
    n_k: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if dst_i == 1 && src_k == 1 {
        use super::tiles_avx::{Tile4x4x8, Tile8x8x4};
        use super::transpose_blocked::{blocked_avx, line_head, Tile};
        use super::transpose_streaming::{strips_avx512, EDGE};
        use std::arch::is_x86_feature_detected;
        let size = std::mem::size_of::<R>();
        let stream_head = match size {
            4 if is_x86_feature_detected!("avx512f") => {
                streaming_rows(destination, dst as usize, dst_k, n_i, n_k)
            }
            _ => None,
        };
        // The casts only rename the element type: the kernels move bits (no
        // float arithmetic), so any `R` of the tile's element size is copied
        // exactly.
        if let Some(head) = stream_head {
            let whole = cast_kernel(strips_avx512 as WholeTiles<f32>);
            // SAFETY: the caller's contract with `dst_i = 1`, `src_k = 1`;
            // AVX-512F was detected for `stream_head`, and `streaming_rows`
            // chose `head <= n_i` so that the tiles' destination rows start
            // on 64-byte lines.
            unsafe { tiled(whole, EDGE, head, dst, dst_k, src, src_i, n_i, n_k) };
            #[cfg(test)]
            super::paths::ran(super::paths::Path::Avx512Streaming);
            return;
        }
        let blocked: Option<(BlockedTiles<R>, usize)> = match size {
            4 if is_x86_feature_detected!("avx") => Some((
                cast_blocked(blocked_avx::<Tile8x8x4> as BlockedTiles<f32>),
                Tile8x8x4::SIZE,
            )),
            8 if is_x86_feature_detected!("avx") => Some((
                cast_blocked(blocked_avx::<Tile4x4x8> as BlockedTiles<f64>),
                Tile4x4x8::SIZE,
            )),
            _ => None,
        };
        if let Some((blocked, edge)) = blocked
            && n_i >= edge
            && n_k >= edge
        {
            let k_head = line_head(src as usize, src_i, size, n_k);
            // SAFETY: the caller's contract with `dst_i = 1`, `src_k =
            // 1`, both dims at least one tile, `line_head` at most `n_k`;
            // AVX was detected just above.
            unsafe { blocked(dst, dst_k, src, src_i, n_i, n_k, k_head) };
            #[cfg(test)]
            super::paths::ran(match size {
                4 => super::paths::Path::AvxTiles8x8x4,
                _ => super::paths::Path::AvxTiles4x4x8,
            });
            return;
        }
    }
    // Only the x86-64 kernels stream; elsewhere the destination is a hint unused.
    let _ = destination;
    #[cfg(test)]
    super::paths::ran(super::paths::Path::ScalarTranspose);
    // SAFETY: the caller's contract, passed on.
    unsafe { transpose_scalar(dst, [dst_i, dst_k], src, [src_i, src_k], n_i, n_k) }
}

/// When the streaming kernel applies to a block of 4-byte elements with
/// `dst_i = 1`, the number of leading rows to leave out so that its
/// destination rows start on 64-byte lines: asked for, long source rows
/// (short ones copy slower streamed), and a destination whose rows can all
/// be line-aligned together.
#[cfg(target_arch = "x86_64")]
fn streaming_rows(
    destination: Destination,
    dst: usize,
    dst_k: isize,
    n_i: usize,
    n_k: usize,
) -> Option<usize> {
    const SIZE: usize = 4;
    let row_bytes = dst_k.unsigned_abs() * SIZE;
    if destination != Destination::Streamed
        || n_k < STREAM_MIN_ROW
        || !row_bytes.is_multiple_of(LINE_BYTES)
        || !dst.is_multiple_of(SIZE)
    {
        return None;
    }
    let head = (LINE_BYTES - dst % LINE_BYTES) % LINE_BYTES / SIZE;
    (n_i >= head + STREAM_MIN_ROW / 4).then_some(head)
}

/// A blocked loop over whole tiles (see `transpose_blocked.rs`): `(dst,
/// dst_k, src, src_i, n_i, n_k)` with `n_i`, `n_k` multiples of the tile edge.
#[cfg(target_arch = "x86_64")]
type WholeTiles<R> = unsafe fn(*mut R, isize, *const R, isize, usize, usize);

/// The blocked loop of `transpose_blocked.rs`: `(dst, dst_k, src, src_i,
/// n_i, n_k, k_head)`, any `n_i`, `n_k` of at least one tile, `k_head` the
/// source's line head (`line_head`).
#[cfg(target_arch = "x86_64")]
type BlockedTiles<R> = unsafe fn(*mut R, isize, *const R, isize, usize, usize, usize);

/// The kernel for elements of `E` as one for elements `R` of the same size.
#[cfg(target_arch = "x86_64")]
fn cast_kernel<E, R>(kernel: WholeTiles<E>) -> WholeTiles<R> {
    assert_eq!(std::mem::size_of::<E>(), std::mem::size_of::<R>());
    // SAFETY: the two function pointer types differ only in the pointee of
    // their pointer arguments (same ABI: thin pointers); the kernel reads and
    // writes elements with unaligned loads and stores of `size_of::<E>()`
    // bytes (equal to `R`'s, asserted), moving bits only.
    unsafe { std::mem::transmute::<WholeTiles<E>, WholeTiles<R>>(kernel) }
}

/// [`cast_kernel`] for the blocked loop.
#[cfg(target_arch = "x86_64")]
fn cast_blocked<E, R>(kernel: BlockedTiles<E>) -> BlockedTiles<R> {
    assert_eq!(std::mem::size_of::<E>(), std::mem::size_of::<R>());
    // SAFETY: as in `cast_kernel`: only the pointees of the pointer
    // arguments differ, and the kernel moves `size_of::<E>()`-byte elements
    // (equal to `R`'s, asserted) by their bits.
    unsafe { std::mem::transmute::<BlockedTiles<E>, BlockedTiles<R>>(kernel) }
}

/// The whole tiles of the block, from row `i_head` on, through `whole`,
/// and the rows and columns around them through the scalar loop.
///
/// # Safety
/// `whole` runs on this CPU, moves tiles of `edge × edge` elements, and its
/// own requirements on where its block starts hold; `i_head <= n_i`; the
/// contract of [`transpose_2d`] holds with `dst_i = 1`, `src_k = 1`.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)] // the block's full description
unsafe fn tiled<R: Copy>(
    whole: WholeTiles<R>,
    edge: usize,
    i_head: usize,
    dst: *mut R,
    dst_k: isize,
    src: *const R,
    src_i: isize,
    n_i: usize,
    n_k: usize,
) {
    let i_tail = i_head + (n_i - i_head) / edge * edge;
    let k_tail = n_k / edge * edge;
    // An empty part computes no pointer: its corner may lie past the buffer
    // (`offset` past the allocation would be undefined behaviour).
    let part = |i_lo: usize, i_hi: usize, k_lo: usize, k_hi: usize| {
        if i_lo == i_hi || k_lo == k_hi {
            return;
        }
        // SAFETY: every part is a non-empty sub-block of the caller's block
        // (rows `i_lo..i_hi <= n_i`, columns `k_lo..k_hi <= n_k`), so its
        // corner is one of the block's elements; the parts are disjoint.
        unsafe {
            transpose_scalar(
                dst.add(i_lo).offset(k_lo as isize * dst_k),
                [1, dst_k],
                src.offset(i_lo as isize * src_i).add(k_lo),
                [src_i, 1],
                i_hi - i_lo,
                k_hi - k_lo,
            )
        }
    };
    part(0, i_head, 0, n_k);
    part(i_tail, n_i, 0, n_k);
    part(i_head, i_tail, k_tail, n_k);
    // SAFETY: rows `i_head..i_tail` and columns `0..k_tail` are a sub-block
    // of the caller's, of whole tiles; `whole` runs here (caller).
    unsafe {
        whole(
            dst.add(i_head),
            dst_k,
            src.offset(i_head as isize * src_i),
            src_i,
            i_tail - i_head,
            k_tail,
        )
    };
}

/// The blocked loop with one element moved at a time (any size, any strides).
///
/// # Safety
/// As [`transpose_2d`].
unsafe fn transpose_scalar<R: Copy>(
    dst: *mut R,
    [dst_i, dst_k]: [isize; 2],
    src: *const R,
    [src_i, src_k]: [isize; 2],
    n_i: usize,
    n_k: usize,
) {
    let strip = (LINE_BYTES / std::mem::size_of::<R>().max(1)).max(1);
    for k0 in (0..n_k).step_by(K_BLOCK) {
        let k_end = (k0 + K_BLOCK).min(n_k);
        for i0 in (0..n_i).step_by(strip) {
            let i_end = (i0 + strip).min(n_i);
            for k in k0..k_end {
                let k = k as isize;
                for i in i0 as isize..i_end as isize {
                    // SAFETY: `i < n_i` and `k < n_k`, inside the caller's
                    // bounds; the destination (maybe uninitialised) is only written.
                    unsafe {
                        let v = *src.offset(i * src_i + k * src_k);
                        dst.offset(i * dst_i + k * dst_k).write(v);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the kernel on a `n_i × n_k` source with row stride `n_k + 3`
    /// into a destination with row stride `n_i + 1`, and compares with the
    /// plain double loop.
    fn check<R: bytemuck::Pod>(n_i: usize, n_k: usize, make: impl Fn(usize) -> R) {
        check_to(Destination::Cached, n_i, n_k, n_i + 1, 1, make);
    }

    /// Runs the kernel on a `n_i × n_k` source (row stride `n_k + 3`) into a
    /// destination starting `dst_at` elements into its buffer with row stride
    /// `dst_k`, and compares the whole buffer (untouched places included)
    /// with the plain double loop.
    fn check_to<R: bytemuck::Pod>(
        destination: Destination,
        n_i: usize,
        n_k: usize,
        dst_k: usize,
        dst_at: usize,
        make: impl Fn(usize) -> R,
    ) {
        check_between(destination, n_i, n_k, (n_k + 3, 0), (dst_k, dst_at), make);
    }

    /// As [`check_to`], with the source's row stride and start given too:
    /// `(src_i, src_at)` and `(dst_k, dst_at)`.
    fn check_between<R: bytemuck::Pod>(
        destination: Destination,
        n_i: usize,
        n_k: usize,
        (src_i, src_at): (usize, usize),
        (dst_k, dst_at): (usize, usize),
        make: impl Fn(usize) -> R,
    ) {
        let src: Vec<R> = (0..src_at + n_i * src_i + 1).map(&make).collect();
        let src = &src[src_at..];
        let fill = make(usize::MAX / 2);
        let len = dst_at + dst_k * n_k + 2;
        let mut got = vec![fill; len];
        // SAFETY: every index is within the vectors sized above.
        unsafe {
            transpose_2d_to(
                destination,
                got.as_mut_ptr().add(dst_at),
                [1, dst_k as isize],
                src.as_ptr(),
                [src_i as isize, 1],
                n_i,
                n_k,
            )
        };
        let mut want = vec![fill; len];
        for i in 0..n_i {
            for k in 0..n_k {
                want[dst_at + i + k * dst_k] = src[i * src_i + k];
            }
        }
        // compared as bytes: NaN payloads must survive bit for bit
        let (got, want): (&[u8], &[u8]) = (bytemuck::cast_slice(&got), bytemuck::cast_slice(&want));
        assert_eq!(
            got,
            want,
            "{n_i}x{n_k} of {} bytes into rows of {dst_k} at {dst_at}, {destination:?}",
            std::mem::size_of::<R>()
        );
    }

    #[test]
    fn streamed_blocks_match_the_double_loop_at_every_alignment() {
        // Long source rows and destination rows of whole cache lines take the
        // streaming kernel (where AVX-512F is); each start offset gives
        // another number of leading rows for the edge loop. Sizes below the
        // thresholds, odd row strides and 8-byte elements take the others.
        let nan = |v: usize| f32::from_bits(0x7fc0_0001u32.wrapping_add(v as u32));
        for dst_at in 0..17 {
            check_to(Destination::Streamed, 79, 300, 96, dst_at, nan);
        }
        for dst_at in [0, 7] {
            for &(n_i, n_k, dst_k) in &[
                (64, 256, 64),
                (200, 260, 208),
                (63, 256, 64),
                (100, 255, 112),
                (100, 300, 101),
            ] {
                check_to(Destination::Streamed, n_i, n_k, dst_k, dst_at, nan);
            }
        }
        check_to(Destination::Streamed, 80, 300, 96, 3, |v| v as u64);
        check_to(Destination::Streamed, 80, 300, 96, 3, |v| v as u16);
        check_to(Destination::Streamed, 0, 300, 96, 0, |v| v as u32);
        check_to(Destination::Streamed, 80, 0, 96, 0, |v| v as u32);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn streaming_applies_only_to_long_rows_of_whole_lines() {
        let s = Destination::Streamed;
        assert_eq!(streaming_rows(s, 64, 64, 64, 256), Some(0));
        assert_eq!(streaming_rows(s, 68, 64, 80, 256), Some(15));
        assert_eq!(streaming_rows(s, 68, 64, 78, 256), None); // too few rows after the head
        assert_eq!(streaming_rows(s, 64, 65, 64, 256), None); // rows not whole lines
        assert_eq!(streaming_rows(s, 64, 64, 64, 255), None); // short source rows
        assert_eq!(streaming_rows(s, 66, 64, 64, 256), None); // misaligned elements
        assert_eq!(streaming_rows(Destination::Cached, 64, 64, 64, 256), None);
    }

    #[test]
    fn line_aligned_tiles_match_the_double_loop_at_every_offset() {
        // Source rows of whole cache lines: every start offset of the
        // source gives another line head (a narrower first block of
        // columns, its tiles overlapping); sizes that are not whole tiles
        // give overlapping tiles at the far ends of both dims.
        let nan = |v: usize| f32::from_bits(0x7fc0_0001u32.wrapping_add(v as u32));
        for src_at in 0..16 {
            for dst_at in 0..16 {
                check_between(Destination::Cached, 40, 70, (80, src_at), (48, dst_at), nan);
            }
            // destination rows 4 KiB apart: blocks stay one line wide
            check_between(Destination::Cached, 40, 70, (80, src_at), (1024, 3), nan);
        }
        for &(n_i, n_k) in &[(8usize, 8usize), (9, 23), (16, 16), (30, 33), (256, 256)] {
            for (src_at, dst_at) in [(0, 0), (4, 4), (1, 15), (12, 3)] {
                let strides = (n_k.next_multiple_of(16), n_i.next_multiple_of(16));
                let (src, dst) = ((strides.0, src_at), (strides.1, dst_at));
                check_between(Destination::Cached, n_i, n_k, src, dst, nan);
                let strides8 = (n_k.next_multiple_of(8), n_i.next_multiple_of(8));
                let (src, dst) = ((strides8.0, src_at), (strides8.1, dst_at));
                check_between(Destination::Cached, n_i, n_k, src, dst, |v| v as u64);
            }
        }
    }

    #[test]
    fn matches_the_double_loop_for_every_size_and_edge() {
        for &(n_i, n_k) in &[
            (0, 5),
            (5, 0),
            (1, 1),
            (7, 9),
            (8, 8),
            (16, 16),
            (17, 33),
            (40, 300),
            (300, 12),
            (260, 270),
        ] {
            check(n_i, n_k, |v| v as u8);
            check(n_i, n_k, |v| v as u16);
            check(n_i, n_k, |v| v as u32);
            check(n_i, n_k, |v| {
                f32::from_bits(0x7fc0_0001u32.wrapping_add(v as u32))
            }); // NaN payloads survive
            check(n_i, n_k, |v| v as u64);
            check(n_i, n_k, |v| {
                num_complex::Complex::new(v as f64, -(v as f64))
            });
            check(n_i, n_k, |v| {
                num_complex::Complex::new(half::f16::from_bits(v as u16), half::f16::ZERO)
            });
        }
    }

    #[test]
    fn general_strides_take_the_scalar_path() {
        let src: Vec<u32> = (0..64).collect();
        let mut dst = vec![0u32; 64];
        // dst[i*2 + k*16] = src[i*8 + k*1]: neither side unit along the other's dim
        // SAFETY: max indices 3*2+3*16 = 54 and 3*8+3 = 27 are in bounds.
        unsafe { transpose_2d(dst.as_mut_ptr(), [2, 16], src.as_ptr(), [8, 1], 4, 4) };
        for i in 0..4 {
            for k in 0..4 {
                assert_eq!(dst[i * 2 + k * 16], src[i * 8 + k]);
            }
        }
    }
}
