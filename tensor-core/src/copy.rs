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
    let mut base = layout.offset() as isize;
    loop {
        let mut at = base;
        for _ in 0..inner_size {
            f(at as usize);
            at += inner_stride;
        }
        // advance the odometer over the outer dims
        let mut d = ndim - 1;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            counter[d] += 1;
            base += strides[d];
            if counter[d] < shape[d] {
                break;
            }
            base -= strides[d] * shape[d] as isize;
            counter[d] = 0;
        }
    }
}

/// The elements `layout` addresses in `src`, in logical row-major order.
pub(crate) fn gather<R: Copy>(src: &[R], layout: &Layout) -> Vec<R> {
    let mut out = Vec::with_capacity(layout.numel());
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
#[allow(dead_code)] // first used by `copy_from`
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
#[allow(dead_code)] // first used by `fill`
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
