//! The [`s!`](crate::s) macro: basic index keys written like Python's.

/// Builds a basic index key (an array of [`IndexItem`](crate::IndexItem)s)
/// that reads like a Python index, for [`Tensor::index`](crate::Tensor::index).
///
/// | Python | `s![..]` |
/// |---|---|
/// | `i` (int, may be negative) | `i` |
/// | `a:b`, `a:`, `:b`, `:` | `a..b`, `a..`, `..b`, `..` |
/// | `a:b:k`, `::k` | `a..b;k`, `..;k` |
/// | `a:b+1` | `a..=b` (`..=-1` runs to the end) |
/// | `None` (new axis) | `None` or `NewAxis` |
/// | `...` | `...` |
///
/// Integers, bounds and steps may be of any integer type (`usize`, `isize`,
/// `i32`, `i64`, ...; an untyped literal is an `i32`), as PyTorch takes any
/// Python int. An integer index beyond PyTorch's `int` (`int64`) is
/// [`IndexItem::IntOverflow`](crate::IndexItem::IntOverflow), whose use is
/// PyTorch's `Overflow when unpacking long`; a slice bound or step beyond it
/// is clamped into it, as Python clamps slice bounds. The key stays a plain
/// array, so building it never fails: the error comes from `index`.
/// A `;k` step applies to ranges; after an integer it has no effect.
///
/// ```
/// use tensor_core::{s, IndexItem, Tensor};
/// let x = Tensor::<f32>::arange(2 * 5 * 8).view(&[2, 5, 8]).unwrap();
/// // x[0, 2:, None, 1:7:2]
/// let y = x.index(&s![0, 2.., None, 1..7;2]).unwrap();
/// assert_eq!(y.shape(), &[3, 1, 3]);
/// assert_eq!(y.stride(), &[8, 8, 2]);
/// assert_eq!(y.storage_offset(), 17);
/// // x[..., -1]
/// assert_eq!(x.index(&s![..., -1]).unwrap().shape(), &[2, 5]);
/// assert_eq!(s![..;2, NewAxis], [IndexItem::full().step(2), IndexItem::NewAxis]);
/// // sizes as Rust has them: x[b, :t]
/// let (b, t) = (1usize, 3usize);
/// assert_eq!(x.index(&s![b, ..t]).unwrap().shape(), &[3, 8]);
/// assert_eq!(
///     x.index(&s![u64::MAX]).unwrap_err().to_string(),
///     "Overflow when unpacking long"
/// );
/// ```
#[macro_export]
macro_rules! s {
    (@items [$($out:expr,)*]) => {
        [$($out,)*]
    };
    (@items [$($out:expr,)*] ... $(, $($rest:tt)*)?) => {
        $crate::s!(@items [$($out,)* $crate::IndexItem::Ellipsis,] $($($rest)*)?)
    };
    (@items [$($out:expr,)*] NewAxis $(, $($rest:tt)*)?) => {
        $crate::s!(@items [$($out,)* $crate::IndexItem::NewAxis,] $($($rest)*)?)
    };
    (@items [$($out:expr,)*] None $(, $($rest:tt)*)?) => {
        $crate::s!(@items [$($out,)* $crate::IndexItem::NewAxis,] $($($rest)*)?)
    };
    (@items [$($out:expr,)*] $range:expr ; $step:expr $(, $($rest:tt)*)?) => {
        $crate::s!(@items [$($out,)* $crate::IndexItem::from($range).step($crate::Int::to_slice_bound($step)),] $($($rest)*)?)
    };
    (@items [$($out:expr,)*] $item:expr $(, $($rest:tt)*)?) => {
        $crate::s!(@items [$($out,)* $crate::IndexItem::from($item),] $($($rest)*)?)
    };
    ($($key:tt)*) => {
        $crate::s!(@items [] $($key)*)
    };
}

#[cfg(test)]
mod tests {
    use crate::IndexItem;

    #[test]
    fn every_form_reads_like_python() {
        let (i, n) = (1isize, 3isize);
        let key = s![i, ..n, -2.., 1..=2, ..=-1, ..;3, 0..n;2, ..., None, NewAxis,];
        let slice = |start, stop, step| IndexItem::Slice { start, stop, step };
        assert_eq!(
            key,
            [
                IndexItem::Int(1),
                slice(None, Some(3), None),
                slice(Some(-2), None, None),
                slice(Some(1), Some(3), None),
                slice(None, None, None),
                slice(None, None, Some(3)),
                slice(Some(0), Some(3), Some(2)),
                IndexItem::Ellipsis,
                IndexItem::NewAxis,
                IndexItem::NewAxis,
            ]
        );
        let empty: [IndexItem; 0] = s![];
        assert!(empty.is_empty());
    }

    #[test]
    fn integers_of_any_type_mean_what_an_isize_means() {
        let x = crate::Tensor::<f32>::arange(5 * 8).view(&[5, 8]).unwrap();
        let by_isize = x.index(&s![1isize, 2isize..7isize;2isize]).unwrap();
        let (i, a, b, k) = (1usize, 2i64, 7i32, 2u8);
        for y in [
            x.index(&s![i, a as usize..b as usize;k]).unwrap(),
            x.index(&s![a - 1, a..i64::from(b);k]).unwrap(),
            x.index(&s![1, 2..7;2]).unwrap(),
        ] {
            assert_eq!(
                (y.shape(), y.stride(), y.storage_offset()),
                (
                    by_isize.shape(),
                    by_isize.stride(),
                    by_isize.storage_offset()
                )
            );
        }
        assert_eq!(s![-1i64, ..=2u32], s![-1, ..=2]);
    }

    #[test]
    fn an_index_beyond_int64_is_pytorchs_overflow_error_where_the_key_reaches_it() {
        let x = crate::Tensor::<f32>::zeros(&[3, 4]).unwrap();
        let big = isize::MAX as u64 + 1;
        assert_eq!(s![big], [IndexItem::IntOverflow]);
        let e = x.index(&s![0, big]).unwrap_err();
        assert_eq!(e.to_string(), "Overflow when unpacking long");
        assert_eq!(e.kind(), crate::ErrorKind::RuntimeError);
        // PyTorch counts the indices first, and reads the items in order.
        let e = x.index(&s![0, 0, big]).unwrap_err();
        assert_eq!(e.to_string(), "too many indices for tensor of dimension 2");
        let e = x.index(&s![7, big]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "index 7 is out of bounds for dimension 0 with size 3"
        );
    }

    #[test]
    fn slice_bounds_and_steps_beyond_int64_are_clamped_as_python_clamps_them() {
        let x = crate::Tensor::<f32>::arange(6);
        let huge = u64::MAX;
        assert_eq!(x.index(&s![2..huge]).unwrap().shape(), &[4]);
        assert_eq!(x.index(&s![huge..]).unwrap().shape(), &[0]);
        assert_eq!(x.index(&s![i128::MIN..3]).unwrap().shape(), &[3]);
        // A step clamped to int64's largest: PyTorch's own (wrapping) arithmetic for it.
        let (y, z) = (x.index(&s![..;huge]), x.index(&s![..;isize::MAX]));
        let layout = |t: &crate::Tensor<f32>| (t.shape().to_vec(), t.stride().to_vec());
        assert_eq!(y.as_ref().map(layout), z.as_ref().map(layout));
    }
}
