//! Writing a view's handle once, sixteen bytes at a time.
//!
//! A view is built by editing a copy of its input's layout. When that copy
//! was the returned handle itself, the handle ended up written by a mix of
//! 16-byte stores (the copy) and 8-byte stores (the edit). The caller then
//! moves the returned handle with 16-byte loads, and a load that needs bytes
//! from two stores still in flight cannot be served from the store buffer:
//! it waits until both reach the cache (a store-forwarding stall, 2–4 ns of
//! a 10 ns view here, BENCHMARKS.md section 1, session 6).
//!
//! [`Tensor::with_inline_layout`] is the other half of the cure: the view
//! edits a layout of its own (see `Tensor::view_with`), and the new handle
//! is then written as eight 16-byte stores, one per aligned pair of 8-byte
//! words, so that every aligned 16-byte load of it is served by exactly one
//! store. The layout's words are read back one at a time (each read is
//! served by the store that wrote the word).
//!
//! `transpose` only exchanges words of its input's layout, so it skips the
//! edited copy: [`Tensor::with_dims_swapped`] writes the new handle straight
//! from the input's words, each pair of words chosen in registers (7.0 ->
//! 6.0 ns, BENCHMARKS.md section 1, session 8). Two ways of choosing them
//! measured slower with dims known only at run time: a copy of the words
//! with the four exchanged in memory (8.3 ns: the stores and the loads that
//! read them back cost more than the choices), and one computed read index
//! per word (15.7 ns out of line).

use std::mem::{offset_of, size_of, MaybeUninit};

use super::Tensor;
use crate::layout::{Layout, INLINE_DIMS, INLINE_SIZES_AT, INLINE_STRIDES_AT};
use crate::Element;

/// 8-byte words in a handle: the layout's, then the lazy bits, then the
/// storage pointer (`Tensor` is `repr(C)`).
const HANDLE_WORDS: usize = 16;

/// 8-byte words in a [`Layout`] (its inline dim lists, length and offset).
const LAYOUT_WORDS: usize = 14;

// The word positions `with_inline_layout` and `with_dims_swapped` rely on.
const _: () = {
    assert!(size_of::<Tensor<f32>>() == HANDLE_WORDS * 8);
    assert!(size_of::<Layout>() == LAYOUT_WORDS * 8);
    assert!(offset_of!(Tensor<f32>, layout) == 0);
    assert!(offset_of!(Tensor<f32>, lazy) == LAYOUT_WORDS * 8);
    assert!(offset_of!(Tensor<f32>, storage) == (LAYOUT_WORDS + 1) * 8);
    // the inline size and stride slots are layout words
    assert!(size_word(INLINE_DIMS) <= LAYOUT_WORDS && stride_word(INLINE_DIMS) <= LAYOUT_WORDS);
};

impl<T: Element> Tensor<T> {
    /// A handle to this tensor's storage (one more count on it) with
    /// `layout` and this handle's lazy bits, written as eight 16-byte
    /// stores (see the module docs).
    ///
    /// # Safety
    /// `layout` must keep its dims inline (`layout.is_inline()`): a layout
    /// with its dims on the heap is not all plain words.
    #[inline(always)]
    pub(crate) unsafe fn with_inline_layout(&self, layout: &Layout) -> Tensor<T> {
        debug_assert!(layout.is_inline());
        let layout_words = layout as *const Layout as *const u64;
        let own_words = self as *const Tensor<T> as *const u64;
        let word = |i: usize| -> u64 {
            // SAFETY: an inline layout (the caller's promise) is
            // `LAYOUT_WORDS` initialised plain words (no padding, no
            // pointer: sizes checked above), and a handle is `HANDLE_WORDS` initialised words;
            // both are 8-byte aligned. The read is volatile so that it stays
            // one 8-byte load (see `dim_lists::read_word`).
            unsafe {
                if i < LAYOUT_WORDS {
                    std::ptr::read_volatile(layout_words.add(i))
                } else {
                    std::ptr::read_volatile(own_words.add(i))
                }
            }
        };
        // SAFETY: the layout's words are a bitwise copy of an inline layout
        // (which owns no heap memory, so the copy is an independent value);
        // the lazy bits and the storage pointer are this handle's.
        unsafe { self.handle_of_words(word) }
    }

    /// A handle to this tensor's storage (one more count on it, owned by
    /// the storage pointer written) whose word `i` is `word(i)`, written as
    /// eight 16-byte stores (see the module docs).
    ///
    /// # Safety
    /// `word` gives, in this handle's word order, the words of an inline
    /// layout that addresses only elements of this storage, then this
    /// handle's lazy bits and storage pointer unchanged.
    #[inline(always)]
    unsafe fn handle_of_words(&self, word: impl Fn(usize) -> u64) -> Tensor<T> {
        std::mem::forget(self.storage.clone());
        let mut out = MaybeUninit::<Tensor<T>>::uninit();
        let out_words = out.as_mut_ptr() as *mut u64;
        for pair in 0..HANDLE_WORDS / 2 {
            // SAFETY: `out_words` spans `HANDLE_WORDS` writable words.
            unsafe { store_pair(out_words.add(2 * pair), word(2 * pair), word(2 * pair + 1)) };
        }
        // SAFETY: every word is written, as the caller promises: plain
        // layout words owning nothing, the lazy bits (plain data), and the
        // storage pointer, which carries the count taken first.
        unsafe { out.assume_init() }
    }
}

/// The handle word holding the size of dim `dim` of an inline layout.
const fn size_word(dim: usize) -> usize {
    (offset_of!(Tensor<f32>, layout) + INLINE_SIZES_AT) / 8 + dim
}

/// The handle word holding the stride of dim `dim` of an inline layout.
const fn stride_word(dim: usize) -> usize {
    (offset_of!(Tensor<f32>, layout) + INLINE_STRIDES_AT) / 8 + dim
}

impl<T: Element> Tensor<T> {
    /// A handle to this tensor's storage whose layout is this one's with
    /// dims `a` and `b` exchanged (the layout of `transpose`).
    ///
    /// # Safety
    /// The layout's dims must be inline and `a`, `b` below its rank.
    #[inline(always)]
    pub(crate) unsafe fn with_dims_swapped(&self, a: usize, b: usize) -> Tensor<T> {
        debug_assert!(a < self.layout.ndim() && b < self.layout.ndim());
        let own_words = self as *const Tensor<T> as *const u64;
        // SAFETY: a handle is `HANDLE_WORDS` initialised 8-byte-aligned
        // words and every index read is one of them; volatile keeps each
        // read one 8-byte load.
        let read = |i: usize| unsafe { std::ptr::read_volatile(own_words.add(i % HANDLE_WORDS)) };
        let (sizes, strides) = (size_word(0), stride_word(0));
        let (size_a, size_b) = (read(sizes + a), read(sizes + b));
        let (stride_a, stride_b) = (read(strides + a), read(strides + b));
        let word = |i: usize| -> u64 {
            let w = read(i);
            let (list, a_value, b_value) = if (sizes..sizes + INLINE_DIMS).contains(&i) {
                (sizes, size_a, size_b)
            } else if (strides..strides + INLINE_DIMS).contains(&i) {
                (strides, stride_a, stride_b)
            } else {
                return w;
            };
            if i - list == a {
                b_value
            } else if i - list == b {
                a_value
            } else {
                w
            }
        };
        // SAFETY: this handle's words with two dims exchanged: an inline
        // layout (the caller's promise) addressing the same elements, the
        // lazy bits and the storage pointer unchanged.
        unsafe { self.handle_of_words(word) }
    }
}

/// Writes `lo` and `hi` to `dst` and the word after it with one 16-byte store.
///
/// # Safety
/// `dst` must be valid for writing two 8-byte-aligned words.
#[inline(always)]
unsafe fn store_pair(dst: *mut u64, lo: u64, hi: u64) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{__m128i, _mm_set_epi64x, _mm_storeu_si128};
        // SAFETY: SSE2 is part of x86_64; `dst` is valid for 16 bytes (the
        // caller's promise) and the store is unaligned.
        unsafe { _mm_storeu_si128(dst as *mut __m128i, _mm_set_epi64x(hi as i64, lo as i64)) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // SAFETY: the caller's promise.
        unsafe { std::ptr::write(dst as *mut [u64; 2], [lo, hi]) };
    }
}

#[cfg(test)]
mod tests {
    use crate::layout::Layout;
    use crate::{Complex, Tensor};

    /// Checks a handle written by `with_inline_layout` against the same
    /// layout given the ordinary way.
    fn check_against_with_layout<T: crate::Element>(x: &Tensor<T>, layout: &Layout) {
        assert!(layout.is_inline());
        // SAFETY: checked just above.
        let written = unsafe { x.with_inline_layout(layout) };
        let built: Tensor<T> = x.with_layout(layout.clone());
        assert_eq!(written.layout, built.layout);
        assert_eq!(written.lazy, built.lazy);
        assert!(written.shares_storage(x));
        drop(built);
        // The written handle keeps the storage alive on its own once every
        // other handle is gone (valgrind checks no count is lost or leaked).
        let copy = written.clone();
        drop(written);
        assert_eq!(copy.shape(), layout.shape());
    }

    #[test]
    fn writes_the_layout_the_lazy_bits_and_a_counted_storage_pointer() {
        let x = Tensor::<f32>::arange(720);
        for shape in [
            &[][..],
            &[720],
            &[6, 120],
            &[2, 3, 4, 5, 6],
            &[1, 2, 3, 4, 5, 6],
        ] {
            let layout = Layout::contiguous(shape);
            check_against_with_layout(&x, &layout);
            if shape.len() >= 2 {
                check_against_with_layout(&x, &layout.transpose(0, -1).unwrap());
                check_against_with_layout(&x, &layout.narrow(-1, 1, 1).unwrap());
            }
        }
        let z = Tensor::<Complex<f32>>::zeros(&[2, 3]).unwrap().conj();
        assert!(z.is_conj());
        let t = Layout::contiguous(&[2, 3]).transpose(0, 1).unwrap();
        check_against_with_layout(&z, &t);
        // SAFETY: two dims live inline.
        assert!(unsafe { z.with_inline_layout(&t) }.is_conj());
    }

    #[test]
    fn swapping_two_dims_word_by_word_matches_the_layout_transpose() {
        let x = Tensor::<f64>::arange(800);
        let shapes: [&[usize]; 6] = [
            &[720],
            &[24, 30],
            &[8, 9, 10],
            &[2, 3, 4, 30],
            &[2, 3, 4, 5, 6],
            &[1, 2, 3, 4, 5, 6],
        ];
        for shape in shapes {
            // a non-contiguous, offset input: every word of its layout differs
            let reversed = Layout::contiguous(shape).transpose(0, -1).unwrap();
            let sizes: Vec<isize> = reversed.shape().iter().map(|&s| s as isize).collect();
            let input = x.as_strided(&sizes, reversed.strides(), Some(37)).unwrap();
            for a in 0..shape.len() {
                for b in 0..shape.len() {
                    // SAFETY: inline dims (at most six), `a` and `b` below the rank.
                    let swapped = unsafe { input.with_dims_swapped(a, b) };
                    let expected = input.layout.transpose(a as isize, b as isize).unwrap();
                    assert_eq!(swapped.layout, expected, "{shape:?} swap {a} {b}");
                    assert_eq!(swapped.lazy, input.lazy);
                    assert!(swapped.shares_storage(&x));
                }
            }
        }
        let z = Tensor::<Complex<f32>>::zeros(&[2, 3]).unwrap().conj();
        // SAFETY: two inline dims.
        let zt = unsafe { z.with_dims_swapped(0, 1) };
        assert!(zt.is_conj());
        assert_eq!(zt.shape(), &[3, 2]);
    }

    #[test]
    fn the_written_handle_outlives_its_source() {
        let y = {
            let x = Tensor::<i64>::arange(12);
            let t = Layout::contiguous(&[3, 4]).transpose(0, 1).unwrap();
            // SAFETY: two dims live inline.
            unsafe { x.with_inline_layout(&t) }
        };
        assert_eq!(y.to_vec(), vec![0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    }
}
