//! Element arithmetic the sparse kernels need, computed as PyTorch's CPU
//! kernels compute it for each dtype:
//!
//! - `to_dense` and `coalesce` accumulate with `acc += 1 * x` (an `axpy` with
//!   scale one). For integers that is a wrapping add; for `bool` a logical or;
//!   for floats one correctly rounded addition (done in `f64`, which is exact
//!   for the sum of two `f16`/`bf16`/`f32` values before the final rounding);
//!   for complex the scale is the complex `1 + 0i`, so `0 * x.im` and
//!   `0 * x.re` enter the sum, which turns an infinite part into NaN exactly
//!   as PyTorch does.
//! - `to_sparse` keeps the elements PyTorch's `nonzero` finds: `x != 0`, so
//!   NaN is kept and `-0.0` dropped.

use crate::{DType, Element};

/// `acc + 1 * x` in `T`'s own arithmetic, as PyTorch's CPU `axpy` computes it.
pub(crate) fn add_scaled_by_one<T: Element>(acc: T, x: T) -> T {
    match T::DTYPE {
        DType::U8
        | DType::I8
        | DType::I16
        | DType::U16
        | DType::I32
        | DType::U32
        | DType::I64
        | DType::U64 => wrapping_add(acc, x),
        DType::Bool | DType::F16 | DType::BF16 | DType::F32 | DType::F64 => {
            // For bool the parts are 0 or 1 and any non-zero sum reads back as `true`.
            T::from_parts(acc.to_parts().0 + x.to_parts().0, 0.0)
        }
        DType::C32 | DType::C64 | DType::C128 => {
            let (acc_re, acc_im) = acc.to_parts();
            let (re, im) = x.to_parts();
            // (1 + 0i) * (re + im i), term by term as c10::complex multiplies.
            let scaled_re = 1.0 * re - 0.0 * im;
            let scaled_im = 1.0 * im + 0.0 * re;
            T::from_parts(acc_re + scaled_re, acc_im + scaled_im)
        }
    }
}

/// Two's-complement wrapping addition of two integer elements of any width,
/// done on their stored bytes (the same bits for signed and unsigned types).
fn wrapping_add<T: Element>(a: T, b: T) -> T {
    let width = std::mem::size_of::<T::Repr>();
    let a = widen(bytemuck::bytes_of(&a.into_repr()));
    let b = widen(bytemuck::bytes_of(&b.into_repr()));
    let sum = a.wrapping_add(b).to_ne_bytes();
    let bytes = &sum[low_bytes(width)];
    T::from_repr(bytemuck::pod_read_unaligned(bytes))
}

/// Where the `width` low-order bytes of a native-endian `u64` lie.
fn low_bytes(width: usize) -> std::ops::Range<usize> {
    if cfg!(target_endian = "little") {
        0..width
    } else {
        8 - width..8
    }
}

/// A native-endian unsigned integer of up to 8 bytes, zero-extended to `u64`.
fn widen(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[low_bytes(bytes.len())].copy_from_slice(bytes);
    u64::from_ne_bytes(word)
}

/// Whether `x` is one of the elements PyTorch's `nonzero` reports (`x != 0`).
pub(crate) fn is_nonzero<T: Element>(x: T) -> bool {
    let (re, im) = x.to_parts();
    re != 0.0 || im != 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::{bf16, f16};
    use num_complex::Complex;

    #[test]
    fn integers_wrap_like_cpp() {
        assert_eq!(add_scaled_by_one(127i8, 1), -128);
        assert_eq!(add_scaled_by_one(250u8, 10), 4);
        assert_eq!(add_scaled_by_one(i64::MAX, 1), i64::MIN);
        assert_eq!(add_scaled_by_one(u64::MAX, 2), 1);
        assert_eq!(add_scaled_by_one(-3i16, -4), -7);
        assert_eq!(add_scaled_by_one(u32::MAX, 1), 0);
        // exact beyond 2^53, where an f64 detour would round
        assert_eq!(add_scaled_by_one((1i64 << 60) + 1, 2), (1i64 << 60) + 3);
    }

    #[test]
    fn bool_sum_is_logical_or() {
        assert!(add_scaled_by_one(true, true));
        assert!(add_scaled_by_one(false, true));
        assert!(!add_scaled_by_one(false, false));
    }

    #[test]
    fn floats_round_once_in_their_own_type() {
        assert_eq!(add_scaled_by_one(0.1f32, 0.2f32), 0.1f32 + 0.2f32);
        assert_eq!(add_scaled_by_one(1e16f64, 1.0), 1e16 + 1.0);
        let h = add_scaled_by_one(f16::from_f32(1.0), f16::from_f32(0.0004));
        assert_eq!(h, f16::from_f32(1.0));
        let b = add_scaled_by_one(bf16::from_f32(1.0), bf16::from_f32(1.0));
        assert_eq!(b, bf16::from_f32(2.0));
        // 0 + -0 is +0, as adding into a zero-filled dense tensor gives
        assert!(add_scaled_by_one(0.0f32, -0.0).is_sign_positive());
    }

    #[test]
    fn complex_scale_by_one_plus_zero_i() {
        let z = add_scaled_by_one(Complex::new(1.0f32, 2.0), Complex::new(3.0, -1.0));
        assert_eq!(z, Complex::new(4.0, 1.0));
        // (1 + 0i) * (inf + 1i) has imaginary part 1 + 0 * inf = NaN
        let w = add_scaled_by_one(Complex::new(0.0f64, 0.0), Complex::new(f64::INFINITY, 1.0));
        assert_eq!(w.re, f64::INFINITY);
        assert!(w.im.is_nan());
    }

    #[test]
    fn nonzero_follows_not_equal_zero() {
        assert!(is_nonzero(f32::NAN));
        assert!(!is_nonzero(-0.0f64));
        assert!(is_nonzero(Complex::new(0.0f32, -1.0)));
        assert!(is_nonzero(u64::MAX));
        assert!(!is_nonzero(false));
    }
}
