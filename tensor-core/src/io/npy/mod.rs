//! `.npy` files (one array, as `numpy.save` writes it), read and written
//! without a dependency: a strict parser of the header's dict literal, with
//! numpy's 10000-byte header cap, and the data's length checked against
//! the header before anything is allocated for it.
//!
//! Every numpy dtype tensor-view has is read and written: all 16 but
//! `bfloat16` and `complex32`. Both byte orders and both memory orders are
//! read; files are written little-endian and row-major, as `numpy.save`
//! writes a C-contiguous array on a little-endian host.

mod dtype;
mod header;
mod read;
mod write;

#[cfg(feature = "npz")]
pub(crate) use read::read_from;
pub use read::{npy_from_bytes, read_npy};
#[cfg(feature = "npz")]
pub(crate) use write::encode;
pub use write::{npy_bytes, write_npy};
