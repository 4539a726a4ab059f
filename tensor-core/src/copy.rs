//! Strided traversal: reading the elements a layout addresses, in logical
//! row-major order.

use crate::layout::Layout;

/// Calls `f` with the storage index of every element of `layout`, in logical
/// row-major order. The innermost dimension runs as a plain loop.
pub(crate) fn for_each_index(layout: &Layout, mut f: impl FnMut(usize)) {
    let shape = layout.shape();
    let strides = layout.strides();
    if shape.contains(&0) {
        return;
    }
    let ndim = shape.len();
    if ndim == 0 {
        f(layout.offset());
        return;
    }
    let inner_size = shape[ndim - 1];
    let inner_stride = strides[ndim - 1];
    let mut counter = smallvec::SmallVec::<[usize; 8]>::from_elem(0, ndim - 1);
    // Positions step with wrapping arithmetic: a size-1 dim may carry any
    // stride (PyTorch allows it), so stepping past the last element of a dim
    // may leave the isize range; such positions are never used.
    let mut base = layout.offset() as isize;
    loop {
        let mut at = base;
        for _ in 0..inner_size {
            f(at as usize);
            at = at.wrapping_add(inner_stride);
        }
        // advance the odometer over the outer dims
        let mut d = ndim - 1;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            counter[d] += 1;
            base = base.wrapping_add(strides[d]);
            if counter[d] < shape[d] {
                break;
            }
            base = base.wrapping_sub(strides[d].wrapping_mul(shape[d] as isize));
            counter[d] = 0;
        }
    }
}

/// The elements `layout` addresses in `src`, in logical row-major order.
pub(crate) fn gather<R: Copy>(src: &[R], layout: &Layout) -> Vec<R> {
    let mut out = Vec::with_capacity(layout.numel());
    // An empty view may sit past the storage's end (PyTorch's `x[5:]` keeps the
    // clamped offset), so it must not be sliced.
    if layout.numel() == 0 {
        return out;
    }
    if layout.is_contiguous() {
        let start = layout.offset();
        out.extend_from_slice(&src[start..start + layout.numel()]);
        return out;
    }
    for_each_index(layout, |i| out.push(src[i]));
    out
}

/// Writes `src`'s elements (addressed by `src_layout`) into `dst` at the
/// places `dst_layout` addresses, element by element in logical order. Both
/// layouts have the same shape (`src_layout` may be broadcast, with 0 strides).
/// `dst` and `src` are distinct buffers: callers copying within one storage
/// gather the source first.
pub(crate) fn copy_strided<R: Copy>(
    dst: &mut [R],
    dst_layout: &Layout,
    src: &[R],
    src_layout: &Layout,
) {
    debug_assert_eq!(dst_layout.shape(), src_layout.shape());
    let values = gather(src, src_layout);
    let mut next = values.into_iter();
    for_each_index(dst_layout, |i| {
        if let Some(v) = next.next() {
            dst[i] = v;
        }
    });
}

/// Writes `value` at every place `layout` addresses in `dst`.
pub(crate) fn fill_strided<R: Copy>(dst: &mut [R], layout: &Layout, value: R) {
    for_each_index(layout, |i| dst[i] = value);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathers_transposed_and_offset_layouts() {
        let src: Vec<u32> = (0..12).collect();
        let t = Layout::from_parts(&[3, 2], &[1, 3], 0);
        assert_eq!(gather(&src, &t), vec![0, 3, 1, 4, 2, 5]);
        let n = Layout::from_parts(&[2, 2], &[4, 2], 5);
        assert_eq!(gather(&src, &n), vec![5, 7, 9, 11]);
        let e = Layout::from_parts(&[2, 3], &[0, 1], 1);
        assert_eq!(gather(&src, &e), vec![1, 2, 3, 1, 2, 3]);
        assert_eq!(gather(&src, &Layout::from_parts(&[], &[], 7)), vec![7]);
        assert!(gather(&src, &Layout::from_parts(&[3, 0], &[1, 1], 0)).is_empty());
    }
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    #[test]
    fn empty_layouts_far_past_the_storage_read_nothing() {
        let src = [1u8, 2, 3];
        assert!(gather(&src, &Layout::from_parts(&[0], &[1], 1000)).is_empty());
        assert!(gather(&src, &Layout::from_parts(&[2, 0], &[5, 1], 1000)).is_empty());
    }

    #[test]
    fn huge_strides_of_size_one_dims_do_not_overflow() {
        let src = [1u8, 2, 3, 4];
        let l = Layout::from_parts(&[2, 1], &[2, isize::MAX], 0);
        assert_eq!(gather(&src, &l), vec![1, 3]);
        let l = Layout::from_parts(&[1, 2], &[isize::MAX, 2], 1);
        assert_eq!(gather(&src, &l), vec![2, 4]);
    }
}
