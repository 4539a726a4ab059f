//! Complex parts and lazy conjugation: `real`, `imag`, `view_as_real`,
//! `view_as_complex`, `conj`, `resolve_conj`, `resolve_neg`.
//!
//! These change the element type between a complex type and its real parts
//! ([`Element::Real`], [`Element::Complex`]). Where PyTorch raises an error for
//! a dtype (say `imag` of a float tensor), the method still has a fixed result
//! type and always returns that error.

use super::Tensor;
use crate::{DType, Element, ErrorKind, ViewError};

impl<T: Element> Tensor<T> {
    /// A handle of element type `U` to the same storage with `layout`, keeping
    /// the neg bit and dropping the conj bit (PyTorch's `view_tensor`).
    fn retyped<U: Element>(&self, layout: crate::layout::Layout, neg: bool) -> Tensor<U> {
        let mut out = Tensor::from_raw(self.storage.clone(), layout, false);
        out.lazy.set_neg(neg);
        out
    }

    /// `tensor.real`: for a complex tensor, a view of the real parts (strides
    /// and offset in units of the real type); for a real tensor, the tensor itself.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f32, -2.0), Complex::new(3.0, 4.0)], &[2]).unwrap();
    /// let re = z.real().unwrap();
    /// assert_eq!((re.stride(), re.to_vec()), (&[2isize][..], vec![1.0, 3.0]));
    /// re.set(&[0], 9.0).unwrap();
    /// assert_eq!(z.get(&[0]).unwrap(), Complex::new(9.0, -2.0));
    /// let x = Tensor::<f32>::arange(3);
    /// assert!(x.real().unwrap().shares_storage(&x));
    /// ```
    pub fn real(&self) -> Result<Tensor<T::Real>, ViewError> {
        self.part(0)
    }

    /// `tensor.imag`: a view of the imaginary parts of a complex tensor. Of a
    /// conjugated view, the result carries PyTorch's negative bit (it reads the
    /// negated stored parts). Real tensors raise PyTorch's `TypeError`.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f64, -2.0)], &[1]).unwrap();
    /// assert_eq!(z.imag().unwrap().to_vec(), vec![-2.0]);
    /// let e = Tensor::<f32>::arange(2).imag().unwrap_err();
    /// assert_eq!(e.to_string(), "imag is not implemented for tensors with non-complex dtypes.");
    /// ```
    pub fn imag(&self) -> Result<Tensor<T::Real>, ViewError> {
        if !T::DTYPE.is_complex() {
            return Err(ViewError::with_kind(
                ErrorKind::TypeError,
                "imag is not implemented for tensors with non-complex dtypes.",
            ));
        }
        self.part(1)
    }

    /// The real (`which` = 0) or imaginary (1) parts: `view_as_real` without
    /// the conj check, then `select(-1, which)`.
    fn part(&self, which: usize) -> Result<Tensor<T::Real>, ViewError> {
        if !T::DTYPE.is_complex() {
            // `real` of a real tensor is the tensor itself: T::Real == T here.
            return Ok(self.retyped(self.layout.clone(), self.lazy.neg()));
        }
        let mut layout = self.layout.view_as_real()?;
        *layout.parts_mut().2 += which;
        layout.remove_dim(layout.ndim() - 1);
        let neg = if which == 1 && self.lazy.conj() {
            !self.lazy.neg()
        } else {
            self.lazy.neg()
        };
        Ok(self.retyped(layout, neg))
    }

    /// `torch.view_as_real`: a complex tensor as its real type with a new last
    /// dim of size 2 (real, imaginary). Refuses real tensors (`TypeError`) and
    /// conjugated views, with PyTorch's messages.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::<Complex<f32>>::zeros(&[3]).unwrap();
    /// let r = z.view_as_real().unwrap();
    /// assert_eq!((r.shape(), r.stride()), (&[3usize, 2][..], &[2isize, 1][..]));
    /// assert_eq!(
    ///     Tensor::<f32>::zeros(&[3]).unwrap().view_as_real().unwrap_err().to_string(),
    ///     "view_as_real is only supported for complex tensors"
    /// );
    /// ```
    pub fn view_as_real(&self) -> Result<Tensor<T::Real>, ViewError> {
        if self.lazy.conj() {
            return Err(ViewError::runtime(
                "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you can view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT alias the original.",
            ));
        }
        if !T::DTYPE.is_complex() {
            return Err(ViewError::with_kind(
                ErrorKind::TypeError,
                "view_as_real is only supported for complex tensors",
            ));
        }
        Ok(self.retyped(self.layout.view_as_real()?, self.lazy.neg()))
    }

    /// `torch.view_as_complex`: a `f16`/`f32`/`f64` tensor whose last dim has
    /// size 2 and stride 1, as complex numbers. Other dtypes, and layouts
    /// PyTorch cannot view, give PyTorch's errors in its order.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let x = Tensor::<f32>::arange(4).view(&[2, 2]).unwrap();
    /// let z = x.view_as_complex().unwrap();
    /// assert_eq!(z.to_vec(), vec![Complex::new(0.0, 1.0), Complex::new(2.0, 3.0)]);
    /// let e = Tensor::<i32>::zeros(&[2]).unwrap().view_as_complex().unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar type: Int"
    /// );
    /// ```
    pub fn view_as_complex(&self) -> Result<Tensor<T::Complex>, ViewError> {
        if T::DTYPE.is_complex() {
            return Err(ViewError::with_kind(
                ErrorKind::TypeError,
                "view_as_complex is not supported for complex tensors",
            ));
        }
        if !matches!(T::DTYPE, DType::F16 | DType::F32 | DType::F64) {
            return Err(ViewError::with_kind(
                ErrorKind::NotImplementedError,
                format!(
                    "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar type: {}",
                    T::DTYPE.scalar_type_name()
                ),
            ));
        }
        Ok(self.retyped(self.layout.view_as_complex()?, self.lazy.neg()))
    }

    /// `tensor.conj()`: for a complex tensor, a view with the conjugate bit
    /// flipped (reads conjugate, writes store the conjugate); for a real
    /// tensor, the tensor itself.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1]).unwrap();
    /// let c = z.conj();
    /// assert!(c.is_conj() && c.shares_storage(&z));
    /// assert_eq!(c.get(&[0]).unwrap(), Complex::new(1.0, -2.0));
    /// assert!(!c.conj().is_conj());
    /// assert!(!Tensor::<f32>::arange(2).conj().is_conj());
    /// ```
    pub fn conj(&self) -> Tensor<T> {
        let mut out = self.clone();
        if T::DTYPE.is_complex() {
            out.lazy.set_conj(!out.lazy.conj());
        }
        out
    }

    /// `tensor.resolve_conj()`: the tensor itself when its conj bit is clear,
    /// else a fresh copy holding the conjugated values (no longer aliasing).
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1]).unwrap();
    /// let r = z.conj().resolve_conj().unwrap();
    /// assert!(!r.is_conj() && !r.shares_storage(&z));
    /// assert_eq!(r.to_vec(), vec![Complex::new(1.0, -2.0)]);
    /// assert!(z.resolve_conj().unwrap().shares_storage(&z));
    /// ```
    pub fn resolve_conj(&self) -> Result<Tensor<T>, ViewError> {
        if !self.lazy.conj() {
            return Ok(self.clone());
        }
        self.materialized(true, false)
    }

    /// `tensor.resolve_neg()`: the tensor itself when its neg bit is clear,
    /// else a fresh copy holding the negated values.
    ///
    /// ```
    /// use tensor_core::{Complex, Tensor};
    /// let z = Tensor::from_vec(vec![Complex::new(1.0f32, 2.0)], &[1, 1]).unwrap();
    /// let im = z.mH().unwrap().imag().unwrap();
    /// let r = im.resolve_neg().unwrap();
    /// assert!(!r.is_neg() && !r.shares_storage(&z));
    /// assert_eq!(r.to_vec(), vec![-2.0]);
    /// ```
    pub fn resolve_neg(&self) -> Result<Tensor<T>, ViewError> {
        if !self.lazy.neg() {
            return Ok(self.clone());
        }
        self.materialized(false, true)
    }

    /// A copy (same shape and strides kind as `clone()`: row-major) in which
    /// the chosen lazy bits are applied to the data and cleared; the others stay.
    fn materialized(&self, conj: bool, neg: bool) -> Result<Tensor<T>, ViewError> {
        let mut lazy = self.clone();
        lazy.lazy.set_conj(conj && self.lazy.conj());
        lazy.lazy.set_neg(neg && self.lazy.neg());
        let mut copy = lazy.copy_contiguous()?;
        copy.lazy.set_conj(self.lazy.conj() && !conj);
        copy.lazy.set_neg(self.lazy.neg() && !neg);
        Ok(copy)
    }
}

#[cfg(test)]
mod tests {
    use crate::{f16, Complex, ErrorKind, Tensor};

    fn z23() -> Tensor<Complex<f32>> {
        Tensor::from_fn(6, |i| Complex::new(i as f32, -(i as f32)))
            .view(&[2, 3])
            .unwrap()
    }

    #[test]
    fn parts_of_a_transposed_view_have_doubled_strides() {
        let t = z23().transpose(0, 1).unwrap();
        let re = t.real().unwrap();
        let im = t.imag().unwrap();
        assert_eq!((re.stride(), re.storage_offset()), (&[2isize, 6][..], 0));
        assert_eq!((im.stride(), im.storage_offset()), (&[2isize, 6][..], 1));
        assert_eq!(im.to_vec(), vec![0.0, -3.0, -1.0, -4.0, -2.0, -5.0]);
        assert!(!im.is_neg());
    }

    #[test]
    fn imag_of_a_conjugated_view_is_negated_and_writes_back() {
        let z = z23();
        let im = z.conj().imag().unwrap();
        assert!(im.is_neg() && !im.is_conj());
        assert_eq!(im.to_vec(), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        im.set(&[1, 2], 10.0).unwrap();
        assert_eq!(z.get(&[1, 2]).unwrap(), Complex::new(5.0, -10.0));
        // real of a conjugated view is plain
        let re = z.conj().real().unwrap();
        assert!(!re.is_neg() && !re.is_conj());
        // the neg bit survives a retyping view, and a copy resolves it
        let pairs = im.retyped::<f32>(
            crate::layout::Layout::from_parts(&[2, 2], &[2, 1], 0),
            im.lazy.neg(),
        );
        let back = pairs.view_as_complex().unwrap();
        assert!(back.is_neg() && !back.is_conj());
        assert_eq!(back.get(&[0]).unwrap(), Complex::new(-0.0, -0.0));
        let flat = im.transpose(0, 1).unwrap().reshape(&[-1]).unwrap();
        assert!(!flat.is_neg() && !flat.shares_storage(&z));
        assert_eq!(flat.to_vec(), vec![0.0, 3.0, 1.0, 4.0, 2.0, 10.0]);
    }

    #[test]
    fn view_as_real_and_back_alias() {
        let z = z23();
        let r = z.view_as_real().unwrap();
        assert_eq!(
            (r.shape(), r.stride()),
            (&[2usize, 3, 2][..], &[6isize, 2, 1][..])
        );
        let c = r.view_as_complex().unwrap();
        assert!(c.equal(&z) && c.shares_storage(&z));
        let s = Tensor::scalar(Complex::new(f16::from_f32(1.0), f16::from_f32(2.0)));
        let r = s.view_as_real().unwrap();
        assert_eq!(r.shape(), &[2]);
        assert_eq!(r.view_as_complex().unwrap().shape(), &[] as &[usize]);
    }

    #[test]
    fn errors_have_pytorchs_kinds_and_order() {
        let e = z23().view_as_complex().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeError);
        assert_eq!(
            e.to_string(),
            "view_as_complex is not supported for complex tensors"
        );
        let e = Tensor::<crate::bf16>::zeros(&[2])
            .unwrap()
            .view_as_complex()
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotImplementedError);
        assert!(e.to_string().ends_with("scalar type: BFloat16"));
        // dtype is checked before the layout
        let e = Tensor::<bool>::zeros(&[3])
            .unwrap()
            .view_as_complex()
            .unwrap_err();
        assert!(e.to_string().ends_with("scalar type: Bool"));
        let e = Tensor::<f64>::zeros(&[3])
            .unwrap()
            .view_as_complex()
            .unwrap_err();
        assert_eq!(e.to_string(), "Tensor must have a last dimension of size 2");
        let e = Tensor::scalar(1.0f32).view_as_complex().unwrap_err();
        assert_eq!(
            e.to_string(),
            "Input tensor must have one or more dimensions"
        );
        let e = z23().conj().view_as_real().unwrap_err();
        assert!(e
            .to_string()
            .starts_with("view_as_real doesn't work on unresolved conjugated tensors."));
        let e = Tensor::<u8>::zeros(&[2])
            .unwrap()
            .view_as_real()
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeError);
        let e = Tensor::<i64>::zeros::<usize>(&[])
            .unwrap()
            .imag()
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TypeError);
    }

    #[test]
    fn real_of_a_real_tensor_is_itself() {
        let x = Tensor::<u16>::arange(4)
            .view(&[2, 2])
            .unwrap()
            .transpose(0, 1)
            .unwrap();
        let r = x.real().unwrap();
        assert_eq!((r.stride(), r.to_vec()), (x.stride(), x.to_vec()));
    }

    #[test]
    fn resolving_copies_only_when_a_bit_is_set() {
        let z = z23();
        let c = z.conj();
        let r = c.resolve_conj().unwrap();
        assert!(!r.shares_storage(&z) && !r.is_conj());
        assert!(r.equal(&c));
        let n = c.imag().unwrap();
        assert!(n.resolve_conj().unwrap().shares_storage(&z));
        let rn = n.resolve_neg().unwrap();
        assert!(!rn.is_neg() && rn.equal(&n));
    }
}
