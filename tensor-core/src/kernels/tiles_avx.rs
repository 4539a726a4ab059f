//! AVX register tiles for the blocked transpose: 8 × 8 `f32` and 4 × 4
//! `f64` (one 32-byte register per row).
//!
//! Moves bits only (unpack, shuffle, permute; no float arithmetic), so any
//! element of the tile's size, NaN payloads included, is copied exactly.

use std::arch::x86_64::*;

use super::transpose_blocked::Tile;

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
