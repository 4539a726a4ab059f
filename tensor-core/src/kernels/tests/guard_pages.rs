//! Every kernel path with its buffers flush against inaccessible pages, so
//! that any read or write one element outside a buffer faults at once.
//!
//! valgrind checks the kernels' memory accesses, but it hides AVX-512 from
//! the program, so the AVX-512 streaming kernel never runs under it. These
//! tests run natively instead: each source and destination lives in its own
//! `mmap` with a `PROT_NONE` page right before and right after it, the
//! buffer's last byte against the page after (`Flush::End`) or its first
//! byte against the page before (`Flush::Start`), and holds exactly the
//! elements its layout addresses. The kernels then run at many sizes,
//! strides and start addresses, and their results are compared with plain
//! loops. Each test also asserts that the kernel paths it aims at really ran
//! ([`super::super::paths`]); a path this CPU cannot run (no AVX-512F, no
//! AVX) is reported on stderr, past the test harness's capture, not passed
//! silently.

use std::io::Write;

use super::*;
use crate::copy::{
    copy_strided, fill_strided, gather_to_raw, map_strided_to_raw, zip_strided_to_raw,
};
use crate::kernels::bounds::index_range;
use crate::kernels::paths::{self, Path};
use crate::kernels::transpose::{transpose_2d_to, Destination};

/// Where a buffer sits in its mapping.
#[derive(Clone, Copy, Debug)]
enum Flush {
    /// Its first byte right after an inaccessible page.
    Start,
    /// Its last byte right before an inaccessible page.
    End,
}

const FLUSHES: [Flush; 2] = [Flush::Start, Flush::End];

/// `len` elements in a private mapping between two `PROT_NONE` pages.
struct Guarded<R> {
    map: *mut libc::c_void,
    map_len: usize,
    at: *mut R,
    len: usize,
}

fn page_size() -> usize {
    // SAFETY: `sysconf` reads a constant of the system.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page).expect("a page size")
}

impl<R: Copy> Guarded<R> {
    /// A buffer of `len` elements whose element `i` is `make(i)`.
    fn new(len: usize, flush: Flush, make: impl Fn(usize) -> R) -> Guarded<R> {
        let buffer = Guarded::<R>::untouched(len, flush);
        for i in 0..len {
            // SAFETY: `i < len`, inside the buffer (`untouched`).
            unsafe { buffer.at.add(i).write(make(i)) };
        }
        buffer
    }

    /// A buffer of `len` elements that nothing has written (fresh pages).
    fn untouched(len: usize, flush: Flush) -> Guarded<R> {
        let page = page_size();
        let bytes = len * std::mem::size_of::<R>();
        let data_len = bytes.next_multiple_of(page);
        let map_len = data_len + 2 * page;
        // SAFETY: a fresh anonymous private mapping; no existing memory is touched.
        let map = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(map, libc::MAP_FAILED, "mmap of {map_len} bytes");
        let base = map.cast::<u8>();
        // SAFETY: the first and the last page lie inside the mapping just made.
        unsafe {
            assert_eq!(libc::mprotect(map, page, libc::PROT_NONE), 0);
            let last = base.add(page + data_len).cast();
            assert_eq!(libc::mprotect(last, page, libc::PROT_NONE), 0);
        }
        let start = match flush {
            Flush::Start => page,
            Flush::End => page + data_len - bytes,
        };
        // `start` is a multiple of `R`'s alignment: pages are, and so is
        // `bytes` (a multiple of `R`'s size).
        // SAFETY: `start + bytes <= page + data_len`, inside the mapping.
        let at = unsafe { base.add(start) }.cast::<R>();
        Guarded {
            map,
            map_len,
            at,
            len,
        }
    }

    fn as_slice(&self) -> &[R] {
        // SAFETY: `len` elements at `at`, every one written (by `new`, or by
        // the kernel under test before this is called, or zero pages read as
        // the plain-old-data types used here), borrowed with `self`.
        unsafe { std::slice::from_raw_parts(self.at, self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [R] {
        // SAFETY: as in `as_slice`, with `&mut self` making the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.at, self.len) }
    }
}

impl<R> Drop for Guarded<R> {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `untouched`, unmapped once, here.
        unsafe { libc::munmap(self.map, self.map_len) };
    }
}

/// Writes past the test harness's output capture, so that it shows in
/// `cargo test`'s output even when the test passes.
fn report(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Which of `wanted` this CPU can run; the others are reported as not run.
fn runnable(test: &str, wanted: &[Path]) -> Vec<Path> {
    let (can, cannot): (Vec<Path>, Vec<Path>) = wanted.iter().partition(|p| p.runs_here());
    for path in cannot {
        report(&format!(
            "{test}: NOT RUN on this CPU (it lacks {}): {path:?}",
            path.needs()
        ));
    }
    can
}

/// Asserts that every path of `wanted` that this CPU can run ran since the
/// last [`paths::take`].
fn assert_ran(test: &str, wanted: &[Path]) {
    let ran = paths::take();
    for path in runnable(test, wanted) {
        assert!(ran & path as u32 != 0, "{test}: {path:?} never ran");
    }
}

/// A layout as `l` (same shape and strides) whose elements span exactly
/// `0..len`, and that `len`: its storage can be flush at both ends.
fn tight(l: &Layout) -> (Layout, usize) {
    match index_range(l) {
        Some((low, high)) => (
            Layout::from_parts(l.shape(), l.strides(), l.offset() - low),
            high - low,
        ),
        None => (l.clone(), 0),
    }
}

/// The transposing copy of an `n_i × n_k` block from a guarded source (row
/// stride `src_i`) into a guarded destination (row stride `dst_k`), both
/// holding exactly the block's span, checked against the double loop.
fn check_transpose<R: bytemuck::Pod>(
    destination: Destination,
    (n_i, n_k): (usize, usize),
    (src_i, dst_k): (usize, usize),
    (src_flush, dst_flush): (Flush, Flush),
    make: &impl Fn(usize) -> R,
) {
    let span = |rows: usize, stride: usize, cols: usize| {
        if rows == 0 || cols == 0 {
            0
        } else {
            (rows - 1) * stride + cols
        }
    };
    let src = Guarded::new(span(n_i, src_i, n_k), src_flush, make);
    let filler = make(usize::MAX / 3);
    let mut dst = Guarded::new(span(n_k, dst_k, n_i), dst_flush, |_| filler);
    // SAFETY: for `i < n_i`, `k < n_k`, `i·src_i + k` and `i + k·dst_k` are
    // below the spans the buffers were made with; distinct buffers; distinct
    // `(i, k)` write distinct places (`dst_k >= n_i`).
    unsafe {
        transpose_2d_to(
            destination,
            dst.at,
            [1, dst_k as isize],
            src.at,
            [src_i as isize, 1],
            n_i,
            n_k,
        )
    };
    let mut want = vec![filler; dst.len];
    for i in 0..n_i {
        for k in 0..n_k {
            want[i + k * dst_k] = src.as_slice()[i * src_i + k];
        }
    }
    // compared as bytes: NaN payloads must survive bit for bit
    let got: &[u8] = bytemuck::cast_slice(dst.as_mut_slice());
    assert_eq!(
        got,
        bytemuck::cast_slice::<R, u8>(&want),
        "{n_i}x{n_k} of {} bytes, strides {src_i}/{dst_k}, {destination:?}, {src_flush:?}/{dst_flush:?}",
        std::mem::size_of::<R>()
    );
}

/// Every block size and stride of the transposing copy for one element type.
fn check_transposes<R: bytemuck::Pod>(make: impl Fn(usize) -> R) {
    let sizes: [(usize, usize); 12] = [
        (1, 1),
        (3, 5),
        (7, 9),
        (8, 8),
        (9, 23),
        (16, 16),
        (17, 33),
        (40, 70),
        (64, 256),
        (79, 300),
        (100, 257),
        (96, 272),
    ];
    for (n_i, n_k) in sizes {
        // tight rows, and rows padded to whole cache lines (what the tiled and
        // streaming kernels look for), plus odd padding
        let strides = [
            (n_k, n_i),
            (n_k.next_multiple_of(16), n_i.next_multiple_of(16)),
            (n_k + 3, n_i + 1),
        ];
        for stride in strides {
            for destination in [Destination::Cached, Destination::Streamed] {
                for src_flush in FLUSHES {
                    for dst_flush in FLUSHES {
                        let flush = (src_flush, dst_flush);
                        check_transpose(destination, (n_i, n_k), stride, flush, &make);
                    }
                }
            }
        }
    }
}

#[test]
fn transposes_stay_inside_buffers_between_guard_pages() {
    let test = "transposes_stay_inside_buffers_between_guard_pages";
    paths::take();
    let nan = |v: usize| f32::from_bits(0x7fc0_0001u32.wrapping_add(v as u32));
    check_transposes(nan);
    check_transposes(|v| v as u64);
    check_transposes(|v| v as u8);
    check_transposes(|v| v as u16);
    check_transposes(|v| Complex::new(v as f64, -(v as f64)));
    assert_ran(
        test,
        &[
            Path::Avx512Streaming,
            Path::AvxTiles8x8x4,
            Path::AvxTiles4x4x8,
            Path::ScalarTranspose,
        ],
    );
}

/// Gather, map, copy and fill between guarded buffers, over the layouts of
/// the kernel tests (permuted, sliced, broadcast, empty, 0-d, offset).
fn check_plans<R: Copy + PartialEq + std::fmt::Debug + Send + Sync>(make: impl Fn(usize) -> R) {
    let all = layouts(true);
    for (n, l) in all.iter().enumerate() {
        let (l, len) = tight(l);
        let numel = l.numel();
        for flush in FLUSHES {
            let src = Guarded::new(len, flush, &make);
            let want = naive_gather(src.as_slice(), &l);
            let out = Guarded::<R>::untouched(numel, flush);
            // SAFETY: `out` holds `numel` places and is its own mapping.
            unsafe { gather_to_raw(out.at, src.as_slice(), &l) };
            assert_eq!(out.as_slice(), &want[..], "gather {l:?} {flush:?}");
            for result in [Layout::contiguous(l.shape()), reversed_dense(l.shape())] {
                let out = Guarded::<(R, u8)>::untouched(numel, flush);
                // SAFETY: as above.
                unsafe { map_strided_to_raw(out.at, src.as_slice(), &l, &result, |v| (v, 1)) };
                let got: Vec<R> = naive_gather(out.as_slice(), &result)
                    .iter()
                    .map(|p| p.0)
                    .collect();
                assert_eq!(got, want, "map {l:?} into {result:?} {flush:?}");
            }
            // zip with a sample of the other layouts of this shape
            for other in all
                .iter()
                .filter(|o| o.shape() == l.shape())
                .skip(n % 5)
                .step_by(5)
            {
                let (other, other_len) = tight(other);
                let b = Guarded::new(other_len, flush, |v| v as u16);
                let want_b = naive_gather(b.as_slice(), &other);
                let result = Layout::contiguous(l.shape());
                let out = Guarded::<(R, u16)>::untouched(numel, flush);
                // SAFETY: as above.
                unsafe {
                    zip_strided_to_raw(
                        out.at,
                        src.as_slice(),
                        &l,
                        b.as_slice(),
                        &other,
                        &result,
                        |x, y| (x, y),
                    )
                };
                let want: Vec<(R, u16)> = want.iter().copied().zip(want_b).collect();
                assert_eq!(out.as_slice(), &want[..], "zip {l:?} {other:?} {flush:?}");
            }
            // fill, and copy into this layout where it writes distinct places
            let filler = make(9_999_991);
            let mut dst = Guarded::new(len, flush, |_| filler);
            fill_strided(dst.as_mut_slice(), &l, make(5));
            let mut filled = vec![filler; len];
            for f in 0..numel {
                filled[naive_index(&l, f)] = make(5);
            }
            assert_eq!(dst.as_mut_slice(), &filled[..], "fill {l:?} {flush:?}");
            if !l.strides().contains(&0) {
                let from = Guarded::new(numel, flush, |v| make(v + 7));
                let from_l = Layout::contiguous(l.shape());
                copy_strided(dst.as_mut_slice(), &l, from.as_slice(), &from_l);
                for f in 0..numel {
                    filled[naive_index(&l, f)] = from.as_slice()[f];
                }
                assert_eq!(dst.as_mut_slice(), &filled[..], "copy into {l:?} {flush:?}");
                let back = Guarded::<R>::untouched(numel, flush);
                // SAFETY: as above.
                unsafe { gather_to_raw(back.at, dst.as_slice(), &l) };
                assert_eq!(
                    back.as_slice(),
                    from.as_slice(),
                    "copy back {l:?} {flush:?}"
                );
            }
        }
    }
}

#[test]
fn planned_copies_maps_and_fills_stay_inside_buffers_between_guard_pages() {
    let test = "planned_copies_maps_and_fills_stay_inside_buffers_between_guard_pages";
    paths::take();
    check_plans(|v| v as u8);
    check_plans(|v| v as u16);
    check_plans(|v| f32::from_bits(0x7fc0_0001u32.wrapping_add(v as u32)).to_bits());
    check_plans(|v| v as u64);
    check_plans(|v| Complex::new(v as f64, 0.5));
    assert_ran(
        test,
        &[
            Path::AvxTiles8x8x4,
            Path::AvxTiles4x4x8,
            Path::ScalarTranspose,
            Path::StagedMap,
            Path::StagedZip,
        ],
    );
}

/// Staged map and zip (a transposed input read by blocks) from guarded
/// inputs into a guarded result, past both block edges.
fn check_staged_guarded<R: Copy + PartialEq + std::fmt::Debug>(
    (r, c): (usize, usize),
    flush: Flush,
    make: impl Fn(usize) -> R,
) {
    let t = Layout::from_parts(&[r, c], &[1, r as isize], 0);
    let a = Guarded::new(r * c, flush, &make);
    let want = naive_gather(a.as_slice(), &t);
    let result = Layout::contiguous(&[r, c]);
    let out = Guarded::<R>::untouched(r * c, flush);
    // SAFETY: `out` holds `r·c` places and is its own mapping.
    unsafe { map_strided_to_raw(out.at, a.as_slice(), &t, &result, |v| v) };
    assert_eq!(out.as_slice(), &want[..], "map {r}x{c} {flush:?}");
    let padded = Layout::from_parts(&[r, c], &[1, (r + 3) as isize], 0);
    let contiguous = Layout::from_parts(&[r, c], &[c as isize, 1], 0);
    let col = Layout::from_parts(&[r, c], &[1, 0], 0);
    for other in [&t, &padded, &contiguous, &col] {
        let (other, len) = tight(other);
        let b = Guarded::new(len, flush, |v| v as u32);
        let want_b = naive_gather(b.as_slice(), &other);
        let out = Guarded::<(R, u32)>::untouched(r * c, flush);
        // SAFETY: as above.
        unsafe {
            zip_strided_to_raw(
                out.at,
                a.as_slice(),
                &t,
                b.as_slice(),
                &other,
                &result,
                |x, y| (x, y),
            )
        };
        let want: Vec<(R, u32)> = want.iter().copied().zip(want_b).collect();
        assert_eq!(out.as_slice(), &want[..], "zip {r}x{c} {other:?} {flush:?}");
    }
}

#[test]
fn staged_blocks_stay_inside_buffers_between_guard_pages() {
    let test = "staged_blocks_stay_inside_buffers_between_guard_pages";
    paths::take();
    for shape in [(1030, 37), (5, 1030), (513, 17), (129, 70)] {
        for flush in FLUSHES {
            check_staged_guarded(shape, flush, |v| v as u8);
            check_staged_guarded(shape, flush, |v| v as f32);
            check_staged_guarded(shape, flush, |v| v as u64);
            check_staged_guarded(shape, flush, |v| Complex::new(v as f64, 1.0));
        }
    }
    assert_ran(
        test,
        &[Path::StagedMap, Path::StagedZip, Path::AvxTiles8x8x4],
    );
}

#[test]
fn a_streamed_gather_stays_inside_buffers_between_guard_pages() {
    // 4.3 MB of f32 with rows of whole cache lines (1040 = 65 × 16): above
    // the streaming threshold, so `contiguous()`'s copy takes the AVX-512
    // strips (where the CPU has them) through the whole plan path.
    let test = "a_streamed_gather_stays_inside_buffers_between_guard_pages";
    paths::take();
    let (r, c) = (1024usize, 1040usize);
    let l = Layout::from_parts(&[r, c], &[1, r as isize], 0);
    for flush in FLUSHES {
        let src = Guarded::new(r * c, flush, |v| v as f32);
        let out = Guarded::<f32>::untouched(r * c, flush);
        // SAFETY: `out` holds `r·c` places and is its own mapping.
        unsafe { gather_to_raw(out.at, src.as_slice(), &l) };
        for i in 0..r {
            for k in 0..c {
                assert_eq!(
                    out.as_slice()[i * c + k],
                    src.as_slice()[i + k * r],
                    "{flush:?}"
                );
            }
        }
    }
    // The `parallel` feature splits this copy across rayon's threads, whose
    // paths are not recorded here; the transposes test covers the path then.
    if cfg!(not(feature = "parallel")) {
        assert_ran(test, &[Path::Avx512Streaming]);
    }
}
