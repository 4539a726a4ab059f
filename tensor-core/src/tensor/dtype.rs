//! `view_dtype`: the same bytes read as another element type.

use super::Tensor;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// `tensor.view(dtype)`: a view of the same storage whose elements are
    /// `U`, reinterpreting the bytes (no conversion). With a smaller `U` the
    /// last dim grows by the size ratio; with a larger one it shrinks, with
    /// PyTorch's checks and messages. Writes through the view change the base's
    /// bytes. PyTorch refuses conjugated and negated views here, whatever `U` is.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(16).view(&[4, 4]).unwrap();
    /// let bits = x.view_dtype::<i32>().unwrap();
    /// assert_eq!(bits.get(&[0, 1]).unwrap(), 1.0f32.to_bits() as i32);
    /// bits.set(&[0, 0], 1_000_000_000).unwrap();
    /// assert_eq!(format!("{:.4}", x.get(&[0, 0]).unwrap()), "0.0047");
    ///
    /// let bytes = x.view_dtype::<u8>().unwrap();
    /// assert_eq!((bytes.shape(), bytes.stride()), (&[4usize, 16][..], &[16isize, 1][..]));
    /// let e = Tensor::scalar(1.0f32).view_dtype::<i16>().unwrap_err();
    /// assert_eq!(e.to_string(), "self.dim() cannot be 0 to view Float as Short (different element sizes)");
    /// ```
    pub fn view_dtype<U: Element>(&self) -> Result<Tensor<U>, ViewError> {
        if self.lazy.conj() {
            return Err(ViewError::runtime(
                "torch.Tensor.view is not supported for conjugate view tensors when converting to a different dtype.",
            ));
        }
        if self.lazy.neg() {
            return Err(ViewError::runtime(
                "torch.Tensor.view is not supported for tensors with negative bit set when converting to a different dtype.",
            ));
        }
        let layout = self.layout.view_dtype(T::DTYPE, U::DTYPE)?;
        Ok(Tensor::from_raw(self.storage.clone(), layout, false))
    }
}

#[cfg(test)]
mod tests {
    use crate::{bf16, f16, Complex, Tensor};

    #[test]
    fn writes_through_a_dtype_view_change_the_base_bytes() {
        let x = Tensor::<f32>::zeros(&[2, 2]).unwrap();
        let b = x.view_dtype::<u8>().unwrap();
        assert!(b.shares_storage(&x));
        b.set(&[1, 7], 0x3f).unwrap();
        b.set(&[1, 6], 0x80).unwrap();
        assert_eq!(x.get(&[1, 1]).unwrap(), 1.0);
    }

    #[test]
    fn bool_reads_bytes_as_pytorch_does() {
        let x = Tensor::from_vec(vec![0u8, 1, 2, 0], &[4]).unwrap();
        let b = x.view_dtype::<bool>().unwrap();
        assert_eq!(b.to_vec(), vec![false, true, true, false]);
    }

    #[test]
    fn round_trip_through_every_size() {
        let x = Tensor::<Complex<f64>>::arange(6).view(&[2, 3]).unwrap();
        let h = x.view_dtype::<f16>().unwrap();
        assert_eq!(h.shape(), &[2, 24]);
        let back = h.view_dtype::<bf16>().unwrap().view_dtype::<Complex<f64>>();
        assert!(back.unwrap().equal(&x));
        // columns 1.. as bytes: offset 16 bytes, 32 bytes per row
        let bytes = x.view_dtype::<u8>().unwrap();
        let tail = bytes.with_layout::<crate::Dyn>(crate::layout::Layout::from_parts(
            &[2, 32],
            &[48, 1],
            16,
        ));
        let c = tail.view_dtype::<Complex<f64>>().unwrap();
        assert_eq!(
            (c.shape(), c.stride(), c.storage_offset()),
            (&[2usize, 2][..], &[3isize, 1][..], 1)
        );
        assert_eq!(c.get(&[1, 1]).unwrap(), Complex::new(5.0, 0.0));
    }

    #[test]
    fn conjugated_views_are_refused() {
        let z = Tensor::<Complex<f32>>::zeros(&[2, 2]).unwrap();
        let e = z.mH().unwrap().view_dtype::<f64>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "torch.Tensor.view is not supported for conjugate view tensors when converting to a different dtype."
        );
        let e = z
            .mH()
            .unwrap()
            .imag()
            .unwrap()
            .view_dtype::<i32>()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "torch.Tensor.view is not supported for tensors with negative bit set when converting to a different dtype."
        );
    }

    /// Raw bytes of a tensor's elements in logical order (lazy bits ignored).
    fn raw<T: crate::Element>(t: &Tensor<T>) -> Vec<u8> {
        bytemuck::cast_slice(&t.to_repr_vec()).to_vec()
    }

    fn between<T: crate::Element, U: crate::Element>(bytes: &Tensor<u8>) {
        let x = bytes.view_dtype::<T>().unwrap();
        let y = x.view_dtype::<U>().unwrap();
        assert_eq!(raw(&y), raw(bytes), "{:?} -> {:?}", T::DTYPE, U::DTYPE);
        assert_eq!(y.shape()[1] * U::DTYPE.size(), 32);
        assert!(y.shares_storage(bytes));
        let back = y.view_dtype::<T>().unwrap();
        assert_eq!((back.shape(), back.stride()), (x.shape(), x.stride()));
    }

    macro_rules! all_pairs {
        ($bytes:expr; $($t:ty),*) => {
            all_pairs!(@rows $bytes; [$($t),*]; $($t),*);
        };
        (@rows $bytes:expr; $all:tt; $($t:ty),*) => {
            $( all_pairs!(@row $bytes; $t; $all); )*
        };
        (@row $bytes:expr; $t:ty; [$($u:ty),*]) => {
            $( between::<$t, $u>(&$bytes); )*
        };
    }

    #[test]
    fn every_pair_of_the_16_types_round_trips_the_same_bytes() {
        let bytes = Tensor::<u8>::arange(64).view(&[2, 32]).unwrap();
        all_pairs!(bytes; bool, u8, i8, i16, u16, i32, u32, i64, u64, f16, bf16, f32, f64,
            Complex<f16>, Complex<f32>, Complex<f64>);
    }
}
