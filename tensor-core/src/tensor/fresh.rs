//! The one way an op that returns a `Result` asks for memory: the sizes of
//! a new tensor are checked as PyTorch checks them
//! ([`storage_bytes`](super::construct::storage_bytes): `Storage size
//! calculation overflowed ..`, `Stride calculation overflowed`), then the
//! buffer is asked of the allocator fallibly, so a refusal is PyTorch's
//! allocator error ([`ViewError::OutOfMemory`]) instead of an abort.
//!
//! Storages written whole by the copy kernels come from
//! `storage::Bytes::zeroed` and `Bytes::filled_by`, which are fallible in
//! the same way; everything else an op allocates in proportion to its
//! input or output (result buffers, running totals, index lists) comes from
//! here. Ops that return no `Result` (`exp`, `map`, a typed
//! `contiguous()`) abort when the allocator refuses, as a `Vec` does.

use super::construct::storage_bytes;
use crate::{Element, ViewError};

/// An empty `Vec` with room for exactly `len` elements, or
/// [`ViewError::OutOfMemory`] when the allocator refuses (or the bytes
/// overflow).
pub(crate) fn try_vec<R>(len: usize) -> Result<Vec<R>, ViewError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| ViewError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<R>()),
        })?;
    Ok(v)
}

/// `len` copies of `value` in a fallibly allocated `Vec`.
pub(crate) fn try_filled<R: Clone>(len: usize, value: R) -> Result<Vec<R>, ViewError> {
    let mut v = try_vec(len)?;
    v.resize(len, value);
    Ok(v)
}

/// Room for the elements of a new contiguous tensor of `shape`, after
/// PyTorch's checks of its sizes.
pub(crate) fn result_vec<T: Element>(shape: &[usize]) -> Result<Vec<T::Repr>, ViewError> {
    let bytes = storage_bytes::<T>(shape)?;
    try_vec(bytes / T::DTYPE.size())
}

/// The value of `result`, or the abort of a `Vec` that cannot grow: for
/// ops whose signature promises no error (`map`, `exp`).
pub(crate) fn or_abort<X>(result: Result<X, ViewError>) -> X {
    match result {
        Ok(x) => x,
        Err(ViewError::OutOfMemory { bytes }) => std::alloc::handle_alloc_error(
            std::alloc::Layout::from_size_align(bytes, 8)
                .unwrap_or(std::alloc::Layout::new::<u64>()),
        ),
        Err(e) => panic!("capacity overflow: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_pytorchs_allocator_error() {
        let e = try_vec::<f32>(1 << 60).unwrap_err();
        assert_eq!(
            e,
            ViewError::OutOfMemory {
                bytes: 1usize << 62
            }
        );
        assert!(matches!(
            try_vec::<u64>(usize::MAX),
            Err(ViewError::OutOfMemory { bytes: usize::MAX })
        ));
        assert_eq!(try_filled(3, 7u8).unwrap(), vec![7, 7, 7]);
    }

    #[test]
    fn result_sizes_are_checked_first() {
        assert_eq!(
            result_vec::<f32>(&[0, 1 << 62, 1 << 62])
                .unwrap_err()
                .to_string(),
            "Stride calculation overflowed"
        );
        assert!(matches!(
            result_vec::<f32>(&[1 << 62, 4]),
            Err(ViewError::SizeOverflow { .. })
        ));
        assert!(result_vec::<f32>(&[0, 1 << 31, 1 << 31])
            .unwrap()
            .is_empty());
    }
}
