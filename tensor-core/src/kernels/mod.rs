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
//! - `math.rs`: `exp`, `log`, `tanh`, `sigmoid`, GELU as branch-free kernels that vectorise;
//! - `softmax.rs`: `softmax`/`log_softmax` rows written once, computed with `math.rs`;
//! - `stage.rs`: the blocks and buffers `map.rs` stages transposed inputs through;
//! - `huge_pages.rs`: asking Linux for 2 MiB pages under big fresh results;
//! - `bounds.rs`: the layout-bounds check every safe entry point makes before
//!   a kernel indexes without checks;
//! - `vector_state.rs`: `vzeroupper` after kernels (the GEMM) that may leave
//!   the AVX upper register state dirty;
//! - `wide.rs`: the loops of map, reductions and softmax compiled a second
//!   time for AVX2, chosen at run time.
//!
//! The kernels take raw pointers and index without bounds checks; the safe
//! entry points live in `crate::copy`, each validating its layouts with
//! [`bounds::assert_in_bounds`] first.

pub(crate) mod bounds;
pub(crate) mod huge_pages;
pub(crate) mod map;
pub(crate) mod math;
pub(crate) mod plan;
pub(crate) mod runs;
pub(crate) mod softmax;
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
pub(crate) mod vector_state;
pub(crate) mod wide;

#[cfg(test)]
mod tests;

/// Which kernel paths ran on this thread, for tests that must reach them
/// (the guard-page tests assert each path they aim at ran).
#[cfg(test)]
pub(crate) mod paths {
    use std::cell::Cell;

    /// A kernel path chosen at run time (by element size, layout or CPU).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum Path {
        /// `transpose_streaming.rs`: AVX-512 16 × 16 tiles, non-temporal stores.
        Avx512Streaming = 1,
        /// `transpose_blocked.rs` with the AVX 8 × 8 tiles of 4-byte elements.
        AvxTiles8x8x4 = 2,
        /// `transpose_blocked.rs` with the AVX 4 × 4 tiles of 8-byte elements.
        AvxTiles4x4x8 = 4,
        /// The scalar blocked transpose (other sizes, narrow blocks, other CPUs).
        ScalarTranspose = 8,
        /// `map.rs`'s map through a staged (transposed) input.
        StagedMap = 16,
        /// `map.rs`'s zip through staged inputs.
        StagedZip = 32,
    }

    impl Path {
        /// What the CPU must have for the path to run.
        pub(crate) fn needs(self) -> &'static str {
            match self {
                Path::Avx512Streaming => "x86-64 AVX-512F",
                Path::AvxTiles8x8x4 | Path::AvxTiles4x4x8 => "x86-64 AVX",
                _ => "nothing",
            }
        }

        /// Whether this CPU runs the path (as the kernels' dispatch detects it).
        pub(crate) fn runs_here(self) -> bool {
            #[cfg(target_arch = "x86_64")]
            return match self {
                Path::Avx512Streaming => std::arch::is_x86_feature_detected!("avx512f"),
                Path::AvxTiles8x8x4 | Path::AvxTiles4x4x8 => {
                    std::arch::is_x86_feature_detected!("avx")
                }
                _ => true,
            };
            #[cfg(not(target_arch = "x86_64"))]
            return self.needs() == "nothing";
        }
    }

    thread_local! {
        static RAN: Cell<u32> = const { Cell::new(0) };
    }

    /// Records that `path` ran.
    pub(crate) fn ran(path: Path) {
        RAN.with(|ran| ran.set(ran.get() | path as u32));
    }

    /// The paths run since the last call, as a bit set of [`Path`]s.
    pub(crate) fn take() -> u32 {
        RAN.with(|ran| ran.replace(0))
    }
}
