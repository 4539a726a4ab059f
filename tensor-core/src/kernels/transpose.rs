//! A cache-aware 2-D transposing copy: the heart of `contiguous()` on
//! transposed and permuted tensors.
//!
//! The copy writes `dst[i·dst_i + k·dst_k] = src[i·src_i + k·src_k]` for an
//! `n_i × n_k` block where the destination is dense along `i` and the source
//! along `k`. Walking either side in order would touch the other side one
//! cache line per element. Instead the block is cut twice:
//! - into *outer blocks* of 1 KiB per row (256 × 256 `f32`), so the pages
//!   both sides touch stay in the second-level TLB and their lines in L2;
//! - each into *inner blocks* of one cache line per row (16 × 16 `f32`), so
//!   every source line is read whole and every destination line written whole
//!   while they sit in L1;
//! - and while one inner block is moved, the lines of the next are
//!   prefetched: both sides jump a row stride between lines, which the
//!   hardware prefetchers do not follow.
//!
//! On x86-64 with AVX, 4- and 8-byte elements move through registers as
//! 8 × 8 and 4 × 4 micro-tiles (unpack/shuffle/permute: bit-exact, no float
//! arithmetic); other element sizes, the edges and other CPUs take a blocked
//! loop of scalar moves (strips of one destination line, `k` in blocks of
//! [`K_BLOCK`]).

/// Length of a `k` block, in elements.
const K_BLOCK: usize = 256;

/// Edge of an outer block in bytes per row (register-tile path): 256 × 256
/// `f32` keeps both sides' pages in the second-level TLB and lines in L2.
const OUTER_BLOCK_BYTES: usize = 1024;

/// Cache line size assumed for strip heights.
const LINE_BYTES: usize = 64;

/// Copies the `n_i × n_k` block described in the module docs.
///
/// # Safety
/// For every `i < n_i`, `k < n_k`: `src + i·src_i + k·src_k` is valid for
/// reads and `dst + i·dst_i + k·dst_k` valid for writes of an `R`, the two
/// regions do not overlap, and no two `(i, k)` write the same place.
pub(crate) unsafe fn transpose_2d<R: Copy>(
    dst: *mut R,
    [dst_i, dst_k]: [isize; 2],
    src: *const R,
    [src_i, src_k]: [isize; 2],
    n_i: usize,
    n_k: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if dst_i == 1 && src_k == 1 && std::arch::is_x86_feature_detected!("avx") {
        match std::mem::size_of::<R>() {
            // SAFETY: the caller's contract, passed on; `R` has the size of the
            // micro-kernel's element, and the kernels move bits only (unaligned
            // loads and stores, no float arithmetic), so any `R` of that size is
            // copied exactly; AVX was detected just above.
            4 => unsafe {
                return avx::transpose::<avx::Tile8x8x4>(
                    dst.cast(),
                    dst_k,
                    src.cast(),
                    src_i,
                    n_i,
                    n_k,
                );
            },
            // SAFETY: as for 4 bytes.
            8 => unsafe {
                return avx::transpose::<avx::Tile4x4x8>(
                    dst.cast(),
                    dst_k,
                    src.cast(),
                    src_i,
                    n_i,
                    n_k,
                );
            },
            _ => {}
        }
    }
    // SAFETY: the caller's contract, passed on.
    unsafe { transpose_scalar(dst, [dst_i, dst_k], src, [src_i, src_k], n_i, n_k) }
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
                    // SAFETY: `i < n_i` and `k < n_k`, inside the caller's bounds.
                    unsafe {
                        *dst.offset(i * dst_i + k * dst_k) = *src.offset(i * src_i + k * src_k);
                    }
                }
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx {
    //! AVX register micro-tiles and the blocked loop around them.
    use std::arch::x86_64::*;

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
        /// AVX is available; `src + a·src_i + b` readable and `dst + a + b·dst_k`
        /// writable for `a, b < SIZE`.
        unsafe fn tile(dst: *mut Self::E, dst_k: isize, src: *const Self::E, src_i: isize);
    }

    /// 8 × 8 tile of 4-byte elements.
    pub(super) struct Tile8x8x4;
    /// 4 × 4 tile of 8-byte elements.
    pub(super) struct Tile4x4x8;

    impl Tile for Tile8x8x4 {
        type E = f32;
        const SIZE: usize = 8;
        #[inline(always)]
        unsafe fn tile(dst: *mut f32, dst_k: isize, src: *const f32, src_i: isize) {
            // SAFETY: AVX is available and the 8 rows are in bounds (the caller's contract).
            unsafe { tile_8x8(dst, dst_k, src, src_i) }
        }
    }

    impl Tile for Tile4x4x8 {
        type E = f64;
        const SIZE: usize = 4;
        #[inline(always)]
        unsafe fn tile(dst: *mut f64, dst_k: isize, src: *const f64, src_i: isize) {
            // SAFETY: AVX is available and the 4 rows are in bounds (the caller's contract).
            unsafe { tile_4x4(dst, dst_k, src, src_i) }
        }
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn tile_8x8(dst: *mut f32, dst_k: isize, src: *const f32, src_i: isize) {
        let mut r = [_mm256_setzero_ps(); 8];
        for (a, row) in r.iter_mut().enumerate() {
            // SAFETY: the 8 source rows of 8 elements are readable (caller).
            *row = unsafe { _mm256_loadu_ps(src.offset(a as isize * src_i)) };
        }
        let t0 = _mm256_unpacklo_ps(r[0], r[1]);
        let t1 = _mm256_unpackhi_ps(r[0], r[1]);
        let t2 = _mm256_unpacklo_ps(r[2], r[3]);
        let t3 = _mm256_unpackhi_ps(r[2], r[3]);
        let t4 = _mm256_unpacklo_ps(r[4], r[5]);
        let t5 = _mm256_unpackhi_ps(r[4], r[5]);
        let t6 = _mm256_unpacklo_ps(r[6], r[7]);
        let t7 = _mm256_unpackhi_ps(r[6], r[7]);
        let u0 = _mm256_shuffle_ps::<0x44>(t0, t2);
        let u1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
        let u2 = _mm256_shuffle_ps::<0x44>(t1, t3);
        let u3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
        let u4 = _mm256_shuffle_ps::<0x44>(t4, t6);
        let u5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
        let u6 = _mm256_shuffle_ps::<0x44>(t5, t7);
        let u7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
        let out = [
            _mm256_permute2f128_ps::<0x20>(u0, u4),
            _mm256_permute2f128_ps::<0x20>(u1, u5),
            _mm256_permute2f128_ps::<0x20>(u2, u6),
            _mm256_permute2f128_ps::<0x20>(u3, u7),
            _mm256_permute2f128_ps::<0x31>(u0, u4),
            _mm256_permute2f128_ps::<0x31>(u1, u5),
            _mm256_permute2f128_ps::<0x31>(u2, u6),
            _mm256_permute2f128_ps::<0x31>(u3, u7),
        ];
        for (b, row) in out.into_iter().enumerate() {
            // SAFETY: the 8 destination rows of 8 elements are writable (caller).
            unsafe { _mm256_storeu_ps(dst.offset(b as isize * dst_k), row) };
        }
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn tile_4x4(dst: *mut f64, dst_k: isize, src: *const f64, src_i: isize) {
        let mut r = [_mm256_setzero_pd(); 4];
        for (a, row) in r.iter_mut().enumerate() {
            // SAFETY: the 4 source rows of 4 elements are readable (caller).
            *row = unsafe { _mm256_loadu_pd(src.offset(a as isize * src_i)) };
        }
        let t0 = _mm256_unpacklo_pd(r[0], r[1]);
        let t1 = _mm256_unpackhi_pd(r[0], r[1]);
        let t2 = _mm256_unpacklo_pd(r[2], r[3]);
        let t3 = _mm256_unpackhi_pd(r[2], r[3]);
        let out = [
            _mm256_permute2f128_pd::<0x20>(t0, t2),
            _mm256_permute2f128_pd::<0x20>(t1, t3),
            _mm256_permute2f128_pd::<0x31>(t0, t2),
            _mm256_permute2f128_pd::<0x31>(t1, t3),
        ];
        for (b, row) in out.into_iter().enumerate() {
            // SAFETY: the 4 destination rows of 4 elements are writable (caller).
            unsafe { _mm256_storeu_pd(dst.offset(b as isize * dst_k), row) };
        }
    }

    /// The blocked loop of the module docs over whole tiles, then the scalar
    /// loop over the edges (the last `n_i % SIZE` rows, the last `n_k % SIZE` columns).
    ///
    /// # Safety
    /// AVX is available, and [`super::transpose_2d`]'s contract holds with
    /// `dst_i = 1`, `src_k = 1` for elements of `K::E`'s size.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn transpose<K: Tile>(
        dst: *mut K::E,
        dst_k: isize,
        src: *const K::E,
        src_i: isize,
        n_i: usize,
        n_k: usize,
    ) {
        let full_i = n_i / K::SIZE * K::SIZE;
        let full_k = n_k / K::SIZE * K::SIZE;
        let size = std::mem::size_of::<K::E>();
        let outer = (super::OUTER_BLOCK_BYTES / size).max(K::SIZE);
        let inner = (super::LINE_BYTES / size).max(K::SIZE);
        for k0 in (0..full_k).step_by(outer) {
            let k0_end = (k0 + outer).min(full_k);
            for i0 in (0..full_i).step_by(outer) {
                let i0_end = (i0 + outer).min(full_i);
                for k1 in (k0..k0_end).step_by(inner) {
                    let k1_end = (k1 + inner).min(k0_end);
                    for i1 in (i0..i0_end).step_by(inner) {
                        let i1_end = (i1 + inner).min(i0_end);
                        // Ask for the destination lines the next inner block
                        // writes, and the source lines the next column of
                        // inner blocks reads: both are rows apart, which the
                        // hardware prefetchers do not follow. Prefetches never
                        // fault, and their addresses are only computed
                        // (wrapping), never dereferenced.
                        for k in k1..k1_end {
                            let next =
                                dst.wrapping_offset(k as isize * dst_k + (i1 + inner) as isize);
                            _mm_prefetch::<_MM_HINT_T0>(next.cast());
                        }
                        for i in i1..i1_end {
                            let next =
                                src.wrapping_offset(i as isize * src_i + (k1 + inner) as isize);
                            _mm_prefetch::<_MM_HINT_T0>(next.cast());
                        }
                        for i in (i1..i1_end).step_by(K::SIZE) {
                            for k in (k1..k1_end).step_by(K::SIZE) {
                                let (i, k) = (i as isize, k as isize);
                                // SAFETY: the tile's rows `i..i+SIZE <= n_i` and
                                // columns `k..k+SIZE <= n_k` are inside the block (caller).
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
        // SAFETY: both edges are sub-blocks of the caller's block.
        unsafe {
            super::transpose_scalar(
                dst.add(full_i),
                [1, dst_k],
                src.offset(full_i as isize * src_i),
                [src_i, 1],
                n_i - full_i,
                n_k,
            );
            super::transpose_scalar(
                dst.offset(full_k as isize * dst_k),
                [1, dst_k],
                src.add(full_k),
                [src_i, 1],
                full_i,
                n_k - full_k,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the kernel on a `n_i × n_k` source with row stride `pad` and
    /// compares with the plain double loop.
    fn check<R: bytemuck::Pod>(n_i: usize, n_k: usize, make: impl Fn(usize) -> R) {
        let src_i = n_k + 3;
        let src: Vec<R> = (0..n_i * src_i + 1).map(&make).collect();
        let dst_k = n_i + 1;
        let fill = make(usize::MAX / 2);
        let mut got = vec![fill; dst_k * n_k + 2];
        // SAFETY: every index is within the vectors sized above.
        unsafe {
            transpose_2d(
                got.as_mut_ptr().add(1),
                [1, dst_k as isize],
                src.as_ptr(),
                [src_i as isize, 1],
                n_i,
                n_k,
            )
        };
        let mut want = vec![fill; dst_k * n_k + 2];
        for i in 0..n_i {
            for k in 0..n_k {
                want[1 + i + k * dst_k] = src[i * src_i + k];
            }
        }
        // compared as bytes: NaN payloads must survive bit for bit
        let (got, want): (&[u8], &[u8]) = (bytemuck::cast_slice(&got), bytemuck::cast_slice(&want));
        assert_eq!(
            got,
            want,
            "{n_i}x{n_k} of {} bytes",
            std::mem::size_of::<R>()
        );
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
