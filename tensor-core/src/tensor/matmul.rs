//! `torch.matmul`: products of vectors, matrices and batches of them, read
//! from any strided views without copying them first.
//!
//! `plan` applies PyTorch's dispatch (`dot`, `mv`, `mm`, folded or
//! broadcast `bmm`) to the shapes and strides, for its errors and the
//! result's shape; `kernels` computes the product. The result is a new
//! row-major tensor, as PyTorch's is.

mod kernels;
mod plan;

use super::construct::storage_bytes;
use super::Tensor;
use crate::layout::Layout;
use crate::storage::{read_in_order, Storage};
use crate::{DType, Element, ViewError};

impl<T: Element> Tensor<T> {
    /// `torch.matmul(self, other)`: the dot product of two vectors, a
    /// matrix times a vector (or a vector times a matrix), a matrix product,
    /// or a batch of them with the batch dims broadcast, under PyTorch's
    /// rules and with its messages. Any strides are read in place
    /// (transposed, sliced and expanded operands need no `contiguous()`);
    /// the result is a new row-major tensor.
    ///
    /// PyTorch multiplies `u8`, `i8`, `i16`, `i32`, `i64` (sums wrap), `f16`
    /// and `bf16` (here summed in `f32`, then rounded), `f32`, `f64` and
    /// both complex types of them; the others are its error.
    ///
    /// The product runs on the calling thread, unless the `parallel`
    /// feature is on and it has 2^21 multiply-adds or more (from
    /// 128x128x128): then it runs on rayon's threads, as PyTorch's runs on
    /// its intra-op threads.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let a = Tensor::<f32>::arange(6).view(&[2, 3])?;
    /// let b = Tensor::<f32>::arange(6).view(&[2, 3])?.t()?; // a transposed view
    /// assert_eq!(a.matmul(&b)?.to_vec(), vec![5.0, 14.0, 14.0, 50.0]);
    /// let batch = Tensor::<f32>::ones(&[4, 1, 2, 3])?;
    /// assert_eq!(batch.matmul(&b)?.shape(), &[4, 1, 2, 2]);
    /// assert_eq!(
    ///     a.matmul(&a).unwrap_err().to_string(),
    ///     "mm: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)"
    /// );
    /// assert_eq!(
    ///     Tensor::<bool>::ones(&[2, 2])?.matmul(&Tensor::<bool>::ones(&[2, 2])?).unwrap_err().to_string(),
    ///     "\"addmm_impl_cpu_\" not implemented for 'Bool'"
    /// );
    /// # Ok::<(), tensor_core::ViewError>(())
    /// ```
    pub fn matmul(&self, other: &Tensor<T>) -> Result<Tensor<T>, ViewError> {
        let plan = plan::plan(&self.layout, &other.layout)?;
        match T::DTYPE {
            DType::Bool | DType::U16 | DType::U32 | DType::U64 | DType::C32 => {
                return Err(ViewError::runtime(format!(
                    "\"{}\" not implemented for '{}'",
                    plan.kernel,
                    T::DTYPE.scalar_type_name()
                )))
            }
            // Summed in f32 and rounded once, as PyTorch's CPU kernels do.
            DType::F16 | DType::BF16 => {
                let widen = |x: &Tensor<T>| x.try_map_trusted(|v| v.to_parts().0 as f32);
                let product = widen(self)?.matmul(&widen(other)?)?;
                return product.try_map_trusted(|v| T::from_parts(f64::from(v), 0.0));
            }
            _ => {}
        }
        // A lazily conjugated or negated operand is read as it shows: the
        // GEMM takes no such flags, so it is resolved first (as PyTorch does).
        let lazy = |x: &Tensor<T>| x.lazy.conj() || x.lazy.neg();
        if lazy(self) || lazy(other) {
            let resolve = |x: &Tensor<T>| {
                if lazy(x) {
                    x.try_map_trusted(|v| v)
                } else {
                    Ok(x.clone())
                }
            };
            return resolve(self)?.matmul(&resolve(other)?);
        }
        let nbytes = storage_bytes::<T>(&plan.shape)?;
        let bytes = {
            // both reads at once, in the global lock order (storage/mod.rs)
            let reads = read_in_order([&self.storage, &other.storage]);
            kernels::product::<T>(
                &plan,
                reads.bytes(0).as_elements::<T::Repr>(),
                reads.bytes(1).as_elements::<T::Repr>(),
                nbytes,
            )?
        };
        let storage = Storage::from_bytes(bytes);
        Ok(Tensor::from_raw(
            storage,
            Layout::contiguous(&plan.shape),
            false,
        ))
    }
}
