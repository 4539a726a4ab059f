//! Conjugate transposes: `mH`, `adjoint`, `H`.
//!
//! On a complex tensor each is a transpose of the last two dims with the
//! conjugate bit flipped (a view: reads conjugate, writes store the
//! conjugate); on a real tensor it is a plain transpose.

use super::Tensor;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// The last two dims swapped and, for complex tensors, conjugated; a 0-d
    /// tensor is only conjugated. Shared by `mH`, `adjoint` and `H`.
    fn conj_transpose_last_two(&self) -> Result<Tensor<T>, ViewError> {
        let swapped = if self.dim() == 0 {
            self.clone()
        } else {
            self.with_layout(self.layout.transpose(-2, -1)?)
        };
        Ok(swapped.conj())
    }

    /// `tensor.mH`: the conjugate transpose of the last two dims (batches of
    /// matrices). 1-D tensors are refused with PyTorch's message; a 0-d tensor
    /// is conjugated (PyTorch deprecates, but allows, that case).
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_fn(6, |i| Complex::new(i as f32, 1.0)).view(&[1, 2, 3]).unwrap();
    /// let h = z.mH().unwrap();
    /// assert_eq!((h.shape(), h.stride()), (&[1usize, 3, 2][..], &[6isize, 1, 3][..]));
    /// assert!(h.is_conj() && h.shares_storage(&z));
    /// assert_eq!(h.get(&[0, 2, 1]).unwrap(), Complex::new(5.0, -1.0));
    /// let e = Tensor::<f32>::arange(3).mH().unwrap_err();
    /// assert_eq!(e.to_string(), "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.");
    /// ```
    #[allow(non_snake_case)]
    pub fn mH(&self) -> Result<Tensor<T>, ViewError> {
        self.batched_adjoint("mH")
    }

    /// `tensor.adjoint()`: the same view as [`Tensor::mH`], with PyTorch's
    /// `adjoint()` wording in its error.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f64>::arange(6).view(&[2, 3]).unwrap();
    /// let a = x.adjoint().unwrap();
    /// assert_eq!((a.shape(), a.is_conj()), (&[3usize, 2][..], false));
    /// let e = Tensor::<f64>::arange(3).adjoint().unwrap_err();
    /// assert_eq!(e.to_string(), "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.");
    /// ```
    pub fn adjoint(&self) -> Result<Tensor<T>, ViewError> {
        self.batched_adjoint("adjoint()")
    }

    /// `mH` and `adjoint`: every rank but 1.
    fn batched_adjoint(&self, name: &str) -> Result<Tensor<T>, ViewError> {
        if self.dim() == 1 {
            return Err(ViewError::runtime(format!(
                "tensor.{name} is only supported on matrices or batches of matrices. Got 1-D tensor."
            )));
        }
        self.conj_transpose_last_two()
    }

    /// `tensor.H`: the conjugate transpose of a matrix (2-D only; a 0-d tensor
    /// is conjugated). Other ranks get PyTorch's message, which points batches
    /// (rank above 2) to `mH`.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::<Complex<f64>>::zeros(&[2, 3]).unwrap();
    /// assert_eq!(z.H().unwrap().shape(), &[3, 2]);
    /// let e = Tensor::<f32>::zeros(&[2, 2, 2]).unwrap().H().unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of matrices, consider using tensor.mH"
    /// );
    /// ```
    #[allow(non_snake_case)]
    pub fn H(&self) -> Result<Tensor<T>, ViewError> {
        let ndim = self.dim();
        if ndim != 2 && ndim != 0 {
            let hint = if ndim > 2 {
                " For batches of matrices, consider using tensor.mH"
            } else {
                ""
            };
            return Err(ViewError::runtime(format!(
                "tensor.H is only supported on matrices (2-D tensors). Got {ndim}-D tensor.{hint}"
            )));
        }
        self.conj_transpose_last_two()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Complex, Tensor};

    #[test]
    fn rank_errors_match_pytorch() {
        let v = Tensor::<Complex<f32>>::zeros(&[4]).unwrap();
        assert_eq!(
            v.H().unwrap_err().to_string(),
            "tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor."
        );
        let b = Tensor::<u8>::zeros(&[1, 1, 1, 1, 1]).unwrap();
        assert!(b
            .H()
            .unwrap_err()
            .to_string()
            .ends_with("Got 5-D tensor. For batches of matrices, consider using tensor.mH"));
        assert_eq!(b.mH().unwrap().shape(), &[1, 1, 1, 1, 1]);
    }

    #[test]
    fn zero_d_is_conjugated_only() {
        let s = Tensor::scalar(Complex::new(1.0f64, 2.0));
        for h in [s.mH().unwrap(), s.H().unwrap(), s.adjoint().unwrap()] {
            assert!(h.is_conj() && h.shares_storage(&s));
            assert_eq!(h.get::<isize>(&[]).unwrap(), Complex::new(1.0, -2.0));
        }
        assert!(!Tensor::scalar(2i32).mH().unwrap().is_conj());
    }

    #[test]
    fn twice_is_the_original_and_writes_store_the_conjugate() {
        let z = Tensor::from_fn(4, |i| Complex::new(i as f32, i as f32))
            .view(&[2, 2])
            .unwrap();
        let h = z.mH().unwrap();
        let hh = h.mH().unwrap();
        assert!(!hh.is_conj());
        assert_eq!((hh.stride(), hh.to_vec()), (z.stride(), z.to_vec()));
        h.set(&[0, 1], Complex::new(7.0, 8.0)).unwrap();
        assert_eq!(z.get(&[1, 0]).unwrap(), Complex::new(7.0, -8.0));
        assert_eq!(h.get(&[0, 1]).unwrap(), Complex::new(7.0, 8.0));
    }

    #[test]
    fn empty_and_size_one_dims() {
        let e = Tensor::<Complex<f32>>::zeros(&[0, 3]).unwrap();
        let h = e.H().unwrap();
        assert_eq!(
            (h.shape(), h.stride()),
            (&[3usize, 0][..], &[1isize, 3][..])
        );
        assert!(h.is_conj());
    }
}
