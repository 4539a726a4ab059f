//! The AVX-512 register tile of the streaming transpose: 16 × 16 `f32`, one
//! 64-byte line per row on both sides, so each source line is read whole
//! and each destination line written whole by one instruction; with
//! non-temporal stores ([`tile_16x16_streaming`]), straight to memory,
//! without reading the line first.
//!
//! Moves bits only (unpack, shuffle, lane shuffles; no float arithmetic), so
//! any 4-byte element, NaN payloads included, is copied exactly.

use std::arch::x86_64::*;

/// Reads 16 source rows of 16 `f32` (`src + a·src_i`), writes them
/// transposed as 16 destination rows (`dst + b·dst_k`) with non-temporal
/// stores: each destination line goes to memory whole, bypassing the caches
/// (no read for ownership). Callers end a run of these with `_mm_sfence`
/// before the buffer is handed on.
///
/// # Safety
/// AVX-512F is available; `src + a·src_i + b` is readable and
/// `dst + a + b·dst_k` writable for `a, b < 16`; each `dst + b·dst_k` is
/// 64-byte aligned.
#[target_feature(enable = "avx512f")]
#[inline]
pub(super) unsafe fn tile_16x16_streaming(
    dst: *mut f32,
    dst_k: isize,
    src: *const f32,
    src_i: isize,
) {
    let mut r = [_mm512_setzero_ps(); 16];
    for (a, row) in r.iter_mut().enumerate() {
        // SAFETY: the 16 source rows of 16 elements are readable (caller).
        *row = unsafe { _mm512_loadu_ps(src.offset(a as isize * src_i)) };
    }
    // Within each 128-bit lane `l`, pairs of rows interleaved ...
    let mut t = [_mm512_setzero_ps(); 16];
    for j in 0..8 {
        t[2 * j] = _mm512_unpacklo_ps(r[2 * j], r[2 * j + 1]);
        t[2 * j + 1] = _mm512_unpackhi_ps(r[2 * j], r[2 * j + 1]);
    }
    // ... then 4 × 4 transposes: `u[4g + c]`'s lane `l` is column `4l + c`
    // of rows `4g .. 4g + 4`.
    let mut u = [_mm512_setzero_ps(); 16];
    for g in 0..4 {
        u[4 * g] = _mm512_shuffle_ps::<0x44>(t[4 * g], t[4 * g + 2]);
        u[4 * g + 1] = _mm512_shuffle_ps::<0xEE>(t[4 * g], t[4 * g + 2]);
        u[4 * g + 2] = _mm512_shuffle_ps::<0x44>(t[4 * g + 1], t[4 * g + 3]);
        u[4 * g + 3] = _mm512_shuffle_ps::<0xEE>(t[4 * g + 1], t[4 * g + 3]);
    }
    // Column `4l + c` gathers lane `l` of `u[c], u[4 + c], u[8 + c], u[12 + c]`:
    // a 4 × 4 transpose of 128-bit lanes.
    for c in 0..4 {
        let v0 = _mm512_shuffle_f32x4::<0x44>(u[c], u[4 + c]);
        let v1 = _mm512_shuffle_f32x4::<0xEE>(u[c], u[4 + c]);
        let v2 = _mm512_shuffle_f32x4::<0x44>(u[8 + c], u[12 + c]);
        let v3 = _mm512_shuffle_f32x4::<0xEE>(u[8 + c], u[12 + c]);
        let out = [
            _mm512_shuffle_f32x4::<0x88>(v0, v2),
            _mm512_shuffle_f32x4::<0xDD>(v0, v2),
            _mm512_shuffle_f32x4::<0x88>(v1, v3),
            _mm512_shuffle_f32x4::<0xDD>(v1, v3),
        ];
        for (l, row) in out.into_iter().enumerate() {
            let b = (4 * l + c) as isize;
            // SAFETY: the 16 destination rows of 16 elements are writable
            // and 64-byte aligned (caller).
            unsafe { _mm512_stream_ps(dst.offset(b * dst_k), row) };
        }
    }
}
