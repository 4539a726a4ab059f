//! `.npz` files (a zip archive of `.npy` files, as `numpy.savez` and
//! `numpy.savez_compressed` write them), read and written with the `zip`
//! crate (feature `npz`, on by default). Each array is read as a `.npy`
//! file is ([`crate::io::read_npy`]): its header capped, its length
//! checked before its data is allocated, and the zip entry's checksum
//! checked after it. Written archives store the arrays uncompressed, as
//! `numpy.savez` does.

mod read;
mod write;

pub use read::NpzFile;
pub use write::NpzWriter;
