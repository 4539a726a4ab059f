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
/// Integers are `isize` (literals infer it; cast `usize` variables with `as isize`).
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
        $crate::s!(@items [$($out,)* $crate::IndexItem::from($range).step($step),] $($($rest)*)?)
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
}
