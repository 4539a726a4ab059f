//! `.safetensors` files, read and written with the `safetensors` crate
//! (feature `safetensors`, on by default).
//!
//! # How a file is read: one copy, no memory map
//!
//! [`SafetensorsFile::open`] reads the whole file once into one tensor
//! storage (an 8-byte-aligned buffer), and the `safetensors` crate checks
//! its header against the file's length before any tensor is made. Each
//! tensor is then a view of that storage, without a further copy, when its
//! bytes start at a multiple of its element size and the host is
//! little-endian (as every file PyTorch's `safetensors` writes is laid out,
//! and as every x86 and ARM host is). A tensor that starts elsewhere, or
//! any tensor on a big-endian host, is copied into a storage of its own
//! (and its bytes put in native order).
//!
//! So all tensors loaded from one file share one storage (unlike those of
//! Python's `safetensors.torch.load_file`, which copies each tensor into a
//! storage of its own): keeping any of them alive keeps the file's bytes
//! in memory, and `shares_storage` is true between them. For a tensor with a storage of
//! its own, copy it: `Tensor::from_vec(t.to_vec(), t.shape())`.
//!
//! The file is not memory-mapped. A map is only sound while no one changes
//! the file (a file truncated or rewritten under a map is undefined
//! behaviour for the `&[u8]` that reads it, or a `SIGBUS`), which no
//! library can promise for its users; `memmap2` marks its map `unsafe` for
//! that reason, and this crate adds no `unsafe` code. Reading costs the
//! same one copy a map followed by a copy into a tensor's storage would
//! (the storage owns its buffer), and a file changed while it is read
//! gives an error or the bytes read, never undefined behaviour.
//!
//! # Hostile files
//!
//! The allocation is the file's length, which the file really has (a
//! header claiming more than the file holds is an error, before anything
//! else is allocated); the header is at most 100 MB; the crate checks that
//! the tensors' offsets tile the data exactly, with overflow-checked sizes.
//! Every failure is a [`WeightsError::Malformed`](super::WeightsError), never a panic.
//!
//! # Dtypes
//!
//! The format has 14 of the 16 dtypes: every one but `complex32` and
//! `complex128` (as in Python, where saving those fails too). Its float8,
//! float6 and float4 types have no [`DType`](crate::DType): loading one is a
//! wrong-dtype error naming the file's dtype.

mod dtype;
mod read;
mod write;

pub use read::SafetensorsFile;
pub use write::SafetensorsWriter;
