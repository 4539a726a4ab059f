//! PyTorch's channels-last memory formats: a 4-d (N, C, H, W) tensor stored
//! with its channels innermost (N, H, W, C in memory), and the 5-d
//! (N, C, D, H, W) channels-last-3d one (N, D, H, W, C in memory). How a
//! layout is recognised as one, and the strides of a fresh tensor in one.

use crate::layout::{Layout, Strides};

/// The dims of a channels-last tensor of `ndim` dims, innermost first: C,
/// then the spatial dims from the last, then N. `None` for ranks without a
/// channels-last format.
fn innermost_first(ndim: usize) -> Option<&'static [usize]> {
    match ndim {
        4 => Some(&[1, 3, 2, 0]),
        5 => Some(&[1, 4, 3, 2, 0]),
        _ => None,
    }
}

/// PyTorch's `is_contiguous(memory_format=torch.channels_last)`: a 4-d layout
/// dense in the order C, W, H, N (innermost first), size-1 dims ignored.
pub(super) fn is_channels_last(layout: &Layout) -> bool {
    let (shape, strides) = (layout.shape(), layout.strides());
    if shape.len() != 4 {
        return false;
    }
    let mut expected: isize = 1;
    for d in [1, 3, 2, 0] {
        if shape[d] != 1 {
            if strides[d] != expected {
                return false;
            }
            expected = expected.wrapping_mul(shape[d] as isize);
        }
    }
    true
}

/// PyTorch's `suggest_memory_format()` is channels-last (4-d) or
/// channels-last-3d (5-d): the strides grow in the channels-last order
/// (`is_channels_last_strides_2d_s4` / `_3d_s5`), which a sliced
/// channels-last tensor also passes. Ambiguous layouts count as contiguous,
/// as in PyTorch: a stride-0 channel dim, a size-0 dim, or N's stride equal
/// to C's (an `[N, 1, 1, 1]` tensor).
pub(super) fn suggests_channels_last(layout: &Layout) -> bool {
    let (shape, strides) = (layout.shape(), layout.strides());
    let Some(order) = innermost_first(shape.len()) else {
        return false;
    };
    if strides[1] == 0 {
        return false;
    }
    let mut min: isize = 0;
    for &d in order {
        if shape[d] == 0 || strides[d] < min || (d == 0 && min == strides[1]) {
            return false;
        }
        min = strides[d];
        if shape[d] > 1 {
            min = min.wrapping_mul(shape[d] as isize);
        }
    }
    true
}

/// The strides PyTorch gives a fresh channels-last tensor of `shape` (4-d or
/// 5-d; any other rank gets row-major strides): dense in the channels-last
/// order, sizes taken as they are.
pub(super) fn channels_last_strides(shape: &[usize]) -> Strides {
    let mut out: Strides = smallvec::smallvec![0; shape.len()];
    let Some(order) = innermost_first(shape.len()) else {
        return crate::layout::contiguous_strides(shape);
    };
    let mut next: isize = 1;
    for &d in order {
        out[d] = next;
        next = next.wrapping_mul(shape[d] as isize);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suggests(shape: &[usize], strides: &[isize]) -> bool {
        suggests_channels_last(&Layout::from_parts(shape, strides, 0))
    }

    // Expected answers: PyTorch 2.15's `torch.cat([x, x])` of `as_strided`
    // inputs `x` (channels-last strides exactly when these say true); the
    // empty case by c10's `is_channels_last_strides_2d_s4`, as an empty
    // result's strides cannot show it.
    #[test]
    fn pytorchs_stride_order_test() {
        assert!(suggests(&[2, 3, 4, 5], &[60, 1, 15, 3]));
        assert!(suggests(&[2, 3, 2, 1, 2], &[12, 1, 6, 6, 3])); // 3d
        assert!(suggests(&[2, 2, 3, 2], &[24, 1, 8, 4])); // sliced channels
        assert!(suggests(&[2, 3, 1, 1], &[3, 1, 3, 3]));
        assert!(!suggests(&[2, 1, 1, 1], &[1, 1, 1, 1])); // ambiguous: N111
        assert!(!suggests(&[2, 3, 4, 5], &[60, 20, 5, 1])); // contiguous
        assert!(!suggests(&[2, 3, 4, 5], &[0, 0, 15, 3])); // broadcast C
        assert!(!suggests(&[2, 0, 4, 5], &[60, 1, 15, 3])); // empty
        assert!(!suggests(&[3, 4, 5], &[1, 15, 3])); // 3-d: never
    }

    #[test]
    fn fresh_strides() {
        assert_eq!(
            channels_last_strides(&[2, 3, 4, 5]).to_vec(),
            [60, 1, 15, 3]
        );
        assert_eq!(
            channels_last_strides(&[2, 3, 2, 1, 2]).to_vec(),
            [12, 1, 6, 6, 3]
        );
        assert_eq!(channels_last_strides(&[2, 3]).to_vec(), [3, 1]);
    }
}
