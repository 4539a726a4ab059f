//! Strided loops that run near memory speed: the insides of `contiguous()`,
//! `reshape`'s copy, `to_vec`, `copy_from`, `fill`, `map` and `zip_map`.
//!
//! - `plan.rs`: dim dropping, sorting and merging, after PyTorch's `TensorIterator`;
//! - `runs.rs`: a plan cut into 1-D runs, and the test for a transposed input;
//! - `transpose.rs`: the cache-aware 2-D transposing copy (tiles, alignment, edges),
//!   with `transpose_blocked.rs` (its blocked loop), `transpose_streaming.rs`
//!   (its loop for big results) and `tiles_avx.rs`,
//!   `tiles_avx512.rs` (its register tiles);
//! - `strided_copy.rs`: the N-d copy and fill built on the three above;
//! - `map.rs`: element-wise map and zip loops;
//! - `stage.rs`: the blocks and buffers `map.rs` stages transposed inputs through;
//! - `huge_pages.rs`: asking Linux for 2 MiB pages under big fresh results;
//! - `bounds.rs`: the layout-bounds check every safe entry point makes before
//!   a kernel indexes without checks.
//!
//! The kernels take raw pointers and index without bounds checks; the safe
//! entry points live in `crate::copy`, each validating its layouts with
//! [`bounds::assert_in_bounds`] first.

pub(crate) mod bounds;
pub(crate) mod huge_pages;
pub(crate) mod map;
pub(crate) mod plan;
pub(crate) mod runs;
pub(crate) mod stage;
pub(crate) mod strided_copy;
#[cfg(target_arch = "x86_64")]
mod tiles_avx;
#[cfg(target_arch = "x86_64")]
mod tiles_avx512;
pub(crate) mod transpose;
#[cfg(target_arch = "x86_64")]
mod transpose_blocked;
#[cfg(target_arch = "x86_64")]
mod transpose_streaming;

#[cfg(test)]
mod tests;
