//! Little-endian bytes (what safetensors files hold) to and from the
//! host's native order, in place. A no-op on little-endian hosts.

use crate::DType;

/// Swaps each number in `bytes` of `dtype` between little-endian and
/// native order (its own inverse). Complex numbers are two numbers.
pub(crate) fn little_endian_to_native(bytes: &mut [u8], dtype: DType) {
    if cfg!(target_endian = "little") {
        return;
    }
    reverse_each(bytes, dtype);
}

/// Reverses the bytes of each number (each part of a complex number) of
/// `dtype` in `bytes`: the swap between the two byte orders.
pub(crate) fn reverse_each(bytes: &mut [u8], dtype: DType) {
    let width = if dtype.is_complex() {
        dtype.size() / 2
    } else {
        dtype.size()
    };
    if width > 1 {
        for number in bytes.chunks_exact_mut(width) {
            number.reverse();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverses_each_number_and_each_complex_part() {
        let mut b = [1, 2, 3, 4, 5, 6, 7, 8];
        reverse_each(&mut b, DType::I32);
        assert_eq!(b, [4, 3, 2, 1, 8, 7, 6, 5]);
        let mut c = [1, 2, 3, 4];
        reverse_each(&mut c, DType::C32);
        assert_eq!(c, [2, 1, 4, 3]);
        let mut u = [1, 2];
        reverse_each(&mut u, DType::U8);
        assert_eq!(u, [1, 2]);
    }
}
