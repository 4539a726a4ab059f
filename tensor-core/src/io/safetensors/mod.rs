//! `.safetensors` files, read and written with the `safetensors` crate
//! (feature `safetensors`, on by default).
//!
//! # How a file is read: each tensor its own, no memory map
//!
//! [`SafetensorsFile::open`] reads the whole file once into a buffer of
//! its own, and the `safetensors` crate checks its header against the
//! file's length before any tensor is made. Each tensor
//! [`SafetensorsFile::get`] returns is then copied out of that buffer into
//! a storage of its own (its bytes put in native order), as Python's
//! `safetensors.torch.load_file` gives them: storage offset 0, a storage of
//! exactly its own bytes, shared with no other tensor. So writing,
//! resizing or `as_strided` of one weight can never read or change another
//! weight, the file's header or a later `get` of the same file. The buffer
//! lives as long as the `SafetensorsFile`: drop it once the weights are
//! loaded.
//!
//! The file is not memory-mapped. A map is only sound while no one changes
//! the file (a file truncated or rewritten under a map is undefined
//! behaviour for the `&[u8]` that reads it, or a `SIGBUS`), which no
//! library can promise for its users; `memmap2` marks its map `unsafe` for
//! that reason, and this crate adds no `unsafe` code. Reading costs one
//! copy more than a map followed by a copy into each tensor's storage
//! would (the file into the buffer), and a file changed while it is read
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
