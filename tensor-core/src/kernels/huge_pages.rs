//! Asking Linux to back big fresh buffers with 2 MiB pages.
//!
//! A copy into a fresh buffer of many MiB pays one page fault per 4 KiB page
//! it first writes (the kernel maps and zeroes each page on first touch): a
//! 64 MiB result takes 16,384 faults, which costs several times the copy
//! itself. With transparent huge pages in `madvise` mode (the common default)
//! the kernel backs a range with 2 MiB pages only when asked: one fault per
//! 2 MiB, ~500× fewer, and ~500× fewer TLB entries for the kernels' strided
//! walks. [`advise_huge_pages`] asks for the 2 MiB-aligned part of a buffer.
//! It is a hint: contents are unchanged, and where it is refused or not
//! available (other systems, THP off) nothing changes but speed.

/// Buffers smaller than this are left alone: at a few 2 MiB pages the
/// faults saved are not worth a system call (and the heap reuses small
/// buffers without faulting anyway).
pub(crate) const HUGE_PAGE_MIN_BYTES: usize = 4 << 20;

/// Size (and alignment) of an x86-64 / AArch64 transparent huge page.
#[cfg(target_os = "linux")]
const HUGE_PAGE_BYTES: usize = 2 << 20;

/// The whole 2 MiB pages inside `[start, start + len)`, as (start, length).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn whole_huge_pages(start: usize, len: usize, page: usize) -> Option<(usize, usize)> {
    let first = start.checked_next_multiple_of(page)?;
    let end = start.checked_add(len)? / page * page;
    (end > first).then(|| (first, end - first))
}

/// Asks the kernel to back the whole 2 MiB pages of the `len` bytes at
/// `ptr` with huge pages, when `len` is at least [`HUGE_PAGE_MIN_BYTES`].
/// Call it on a buffer the caller owns, before writing to it.
pub(crate) fn advise_huge_pages(ptr: *mut u8, len: usize) {
    if len < HUGE_PAGE_MIN_BYTES {
        return;
    }
    #[cfg(target_os = "linux")]
    if let Some((start, len)) = whole_huge_pages(ptr as usize, len, HUGE_PAGE_BYTES) {
        // SAFETY: `madvise(MADV_HUGEPAGE)` only changes how the kernel backs
        // the range with physical pages; it never changes contents or access
        // rights, and on failure (THP unsupported) it does nothing. The range
        // lies inside the caller's buffer; its start is page-aligned.
        unsafe { libc::madvise(start as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = ptr;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_aligned_pages_are_advised() {
        const P: usize = 2 << 20;
        assert_eq!(whole_huge_pages(P, 3 * P, P), Some((P, 3 * P)));
        assert_eq!(whole_huge_pages(P + 16, 3 * P, P), Some((2 * P, 2 * P)));
        assert_eq!(whole_huge_pages(P + 16, P, P), None);
        assert_eq!(whole_huge_pages(usize::MAX - 10, 5, P), None);
    }

    #[test]
    fn advised_buffers_keep_their_contents() {
        let mut v: Vec<u8> = (0..HUGE_PAGE_MIN_BYTES + 12345).map(|i| i as u8).collect();
        advise_huge_pages(v.as_mut_ptr(), v.len());
        assert!(v.iter().enumerate().all(|(i, &b)| b == i as u8));
        // small buffers are left alone
        let mut w = vec![7u8; 100];
        advise_huge_pages(w.as_mut_ptr(), w.len());
        assert_eq!(w, vec![7u8; 100]);
    }
}
