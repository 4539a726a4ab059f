//! Tests of the sparse COO layout against hand-computed PyTorch results.

use super::SparseTensor;
use crate::{Complex, Tensor, ViewError};

fn i64s(data: &[i64], shape: &[usize]) -> Tensor<i64> {
    Tensor::from_vec(data.to_vec(), shape).unwrap()
}

fn f32s(data: &[f32], shape: &[usize]) -> Tensor<f32> {
    Tensor::from_vec(data.to_vec(), shape).unwrap()
}

fn message<T>(r: Result<T, ViewError>) -> String {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

mod construct {
    use super::*;

    #[test]
    fn messages_are_pytorchs() {
        let v = f32s(&[1.0, 2.0, 3.0], &[3]);
        let i = i64s(&[0, 1, 2], &[3]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&i, &v, None, None)),
            "indices must be sparse_dim x nnz, but got: [3]"
        );
        let i = i64s(&[0, 1, 1, 2, 0, 2], &[2, 3]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 3, 4]), None)),
            "'len(size) == sparse_dim + dense_dim' is not satisfied: len(size) = 3, sparse_dim = 2, dense_dim = 0"
        );
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&i, &v, Some(&[1, 3]), None)),
            "size is inconsistent with indices: for dim 0, size is 1 but found index 1"
        );
        let neg = i64s(&[0, 1, 1, 2, -4, 2], &[2, 3]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(
                &neg,
                &v,
                Some(&[2, 3]),
                None
            )),
            "found negative index -4 for dim 1"
        );
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&neg, &v, None, None)),
            "found negative index -4 for dim 1"
        );
        let two = f32s(&[1.0, 2.0], &[2]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&i, &two, Some(&[2, 3]), None)),
            "indices and values must have same nnz, but got nnz from indices: 3, nnz from values: 2"
        );
        let hybrid = f32s(&[0.0; 12], &[3, 4]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(
                &i,
                &hybrid,
                Some(&[2, 3, 5]),
                None
            )),
            "values has incorrect size, expected [3, 5], got [3, 4]"
        );
        let i32_indices = Tensor::from_vec(vec![0i32, 1, 1, 2, 0, 2], &[2, 3]).unwrap();
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(
                &i32_indices,
                &v,
                Some(&[2, 3]),
                None
            )),
            "indices must be an int64 tensor"
        );
        let dup = i64s(&[0, 0, 1, 1, 1, 0], &[2, 3]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(
                &dup,
                &v,
                Some(&[2, 3]),
                Some(true)
            )),
            "cannot set is_coalesced to true if indices correspond to uncoalesced COO tensor"
        );
        let huge = i64s(&[0], &[1, 1]);
        let one = f32s(&[0.0], &[1, 1, 1]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(
                &huge,
                &one,
                Some(&[1 << 21, 1 << 21, 1 << 21]),
                None
            )),
            "numel: integer multiplication overflow"
        );
    }

    #[test]
    fn bounds_are_checked_before_nnz() {
        // PyTorch validates indices against size before it compares nnz.
        let i = i64s(&[0, 5], &[1, 2]);
        let v = f32s(&[1.0, 2.0, 3.0], &[3]);
        assert_eq!(
            message(SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2]), None)),
            "size is inconsistent with indices: for dim 0, size is 2 but found index 5"
        );
    }

    #[test]
    fn size_is_inferred_from_indices_and_values() {
        let i = i64s(&[0, 3, 1, 2, 0, 0], &[2, 3]);
        let v = f32s(&[0.0; 6], &[3, 2]);
        let s = SparseTensor::sparse_coo_tensor(&i, &v, None, None).unwrap();
        assert_eq!(s.shape(), &[4, 3, 2]);
        assert_eq!((s.sparse_dim(), s.dense_dim(), s.nnz()), (2, 1, 3));
        let empty =
            SparseTensor::sparse_coo_tensor(&i64s(&[], &[3, 0]), &f32s(&[], &[0, 5]), None, None)
                .unwrap();
        assert_eq!(empty.shape(), &[0, 0, 0, 5]);
    }

    #[test]
    fn coalesced_flag_defaults_to_at_most_one_entry() {
        let v = f32s(&[1.0, 2.0], &[2]);
        let i = i64s(&[0, 1], &[1, 2]);
        assert!(!SparseTensor::sparse_coo_tensor(&i, &v, None, None)
            .unwrap()
            .is_coalesced());
        assert!(SparseTensor::sparse_coo_tensor(&i, &v, None, Some(true))
            .unwrap()
            .is_coalesced());
        let one =
            SparseTensor::sparse_coo_tensor(&i64s(&[4], &[1, 1]), &f32s(&[1.0], &[1]), None, None);
        assert!(one.unwrap().is_coalesced());
        let forced = SparseTensor::sparse_coo_tensor(
            &i64s(&[4], &[1, 1]),
            &f32s(&[1.0], &[1]),
            None,
            Some(false),
        );
        assert!(!forced.unwrap().is_coalesced());
        let zeros = SparseTensor::<u8>::zeros(&[3, 0]).unwrap();
        assert!(zeros.is_coalesced());
        assert_eq!(zeros._indices().shape(), &[2, 0]);
        assert_eq!(zeros._indices().stride(), &[1, 1]);
    }

    #[test]
    fn zero_d_values_are_broadcast_to_one_entry() {
        let v = Tensor::scalar(7i16);
        let s = SparseTensor::sparse_coo_tensor(&i64s(&[2], &[1, 1]), &v, None, None).unwrap();
        assert_eq!(s.shape(), &[3]);
        let values = s.values().unwrap();
        assert_eq!(
            (values.shape(), values.stride()),
            (&[1usize][..], &[0isize][..])
        );
        assert!(values.shares_storage(&v));
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![0, 0, 7]);
    }

    #[test]
    fn the_given_tensors_are_kept_not_copied() {
        let i = i64s(&[0, 2], &[1, 2]);
        let v = f32s(&[1.0, 2.0], &[2]);
        let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[3]), Some(true)).unwrap();
        v.set(&[1], 20.0).unwrap();
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![1.0, 0.0, 20.0]);
        assert!(s.indices().unwrap().shares_storage(&i));
    }
}

mod access {
    use super::*;

    fn uncoalesced() -> SparseTensor<f64> {
        let i = i64s(&[1, 0, 1], &[1, 3]);
        let v = Tensor::from_vec(vec![1.0, 2.0, 3.0], &[3]).unwrap();
        SparseTensor::sparse_coo_tensor(&i, &v, None, None).unwrap()
    }

    #[test]
    fn uncoalesced_tensors_refuse_indices_and_values() {
        let s = uncoalesced();
        assert_eq!(
            message(s.indices()),
            "Cannot get indices on an uncoalesced tensor, please call .coalesce() first"
        );
        assert_eq!(
            message(s.values()),
            "Cannot get values on an uncoalesced tensor, please call .coalesce() first"
        );
        assert_eq!(s._indices().to_vec(), vec![1, 0, 1]);
        assert_eq!(s._values().to_vec(), vec![1.0, 2.0, 3.0]);
    }

    #[test]
    fn values_alias_the_stored_values() {
        let x = Tensor::from_vec(vec![0i32, 5, 0, 0, 6, 0], &[2, 3]).unwrap();
        let s = x.to_sparse().unwrap();
        let values = s.values().unwrap();
        assert!(values.shares_storage(&s._values()));
        assert_eq!(values.stride(), s._values().stride());
        assert_eq!(values.storage_offset(), s._values().storage_offset());
        values.set(&[0], -1).unwrap();
        s._values().set(&[1], 60).unwrap();
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![0, -1, 0, 0, 60, 0]);
        // the dense input is untouched: to_sparse copies
        assert_eq!(x.to_vec(), vec![0, 5, 0, 0, 6, 0]);
    }

    #[test]
    fn writes_through_a_hybrid_values_view_show() {
        let x = Tensor::from_vec(vec![0.0f32, 0.0, 1.0, 2.0], &[2, 2]).unwrap();
        let s = x.to_sparse_dim(1).unwrap();
        let row = s.values().unwrap().view(&[-1]).unwrap();
        row.set(&[0], 9.0).unwrap();
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![0.0, 0.0, 9.0, 2.0]);
    }

    #[test]
    fn clones_share_data() {
        let s = Tensor::from_vec(vec![1u8, 0, 2], &[3])
            .unwrap()
            .to_sparse()
            .unwrap();
        let t = s.clone();
        t.values().unwrap().set(&[1], 7).unwrap();
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![1, 0, 7]);
    }

    #[test]
    fn indices_written_out_of_bounds_are_errors_not_panics() {
        let s = Tensor::from_vec(vec![1u8, 0, 2], &[3])
            .unwrap()
            .to_sparse()
            .unwrap();
        s.indices().unwrap().set(&[0, 1], 3).unwrap();
        assert_eq!(
            message(s.to_dense()),
            "size is inconsistent with indices: for dim 0, size is 3 but found index 3"
        );
        s._indices().set(&[0, 1], -1).unwrap();
        let u =
            SparseTensor::sparse_coo_tensor(&s._indices(), &s._values(), Some(&[3]), Some(false));
        assert_eq!(message(u), "found negative index -1 for dim 0");
    }

    #[test]
    fn debug_names_the_parts() {
        let s = SparseTensor::<f32>::zeros(&[2]).unwrap();
        let text = format!("{s:?}");
        assert!(text.starts_with("SparseTensor { dtype: F32, shape: [2], sparse_dim: 1, nnz: 0"));
    }
}

mod coalesce {
    use super::*;

    #[test]
    fn sorts_and_sums_duplicates() {
        // PyTorch: i = [[1, 0, 1, 0], [2, 1, 2, 0]], v = [1, 2, 3, 4], size (2, 3)
        let i = i64s(&[1, 0, 1, 0, 2, 1, 2, 0], &[2, 4]);
        let v = Tensor::from_vec(vec![1i32, 2, 3, 4], &[4]).unwrap();
        let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 3]), None).unwrap();
        let c = s.coalesce().unwrap();
        assert!(c.is_coalesced());
        assert_eq!(c.nnz(), 3);
        let indices = c.indices().unwrap();
        assert_eq!(indices.to_vec(), vec![0, 0, 1, 0, 1, 2]);
        assert_eq!(indices.stride(), &[4, 1]);
        assert_eq!(indices.storage_nbytes(), 8 * 8);
        let values = c.values().unwrap();
        assert_eq!(values.to_vec(), vec![4, 2, 4]);
        assert_eq!(values.storage_nbytes(), 4 * 4);
        // the input is left as it was
        assert!(!s.is_coalesced());
        assert_eq!(s._values().to_vec(), vec![1, 2, 3, 4]);
        assert_eq!(
            c.to_dense().unwrap().to_vec(),
            s.to_dense().unwrap().to_vec()
        );
    }

    #[test]
    fn sums_hybrid_blocks_and_wraps_integers() {
        let i = i64s(&[1, 1, 0], &[1, 3]);
        let v = Tensor::from_vec(vec![100i8, 1, 100, 2, 5, 6], &[3, 2]).unwrap();
        let c = SparseTensor::sparse_coo_tensor(&i, &v, None, None)
            .unwrap()
            .coalesce()
            .unwrap();
        assert_eq!(c.indices().unwrap().to_vec(), vec![0, 1]);
        assert_eq!(c.values().unwrap().to_vec(), vec![5, 6, -56, 3]);
        assert_eq!(c.values().unwrap().stride(), &[2, 1]);
    }

    #[test]
    fn bool_duplicates_combine_with_or() {
        let i = i64s(&[0, 0, 1, 1], &[1, 4]);
        let v = Tensor::from_vec(vec![true, false, false, false], &[4]).unwrap();
        let c = SparseTensor::sparse_coo_tensor(&i, &v, None, None)
            .unwrap()
            .coalesce()
            .unwrap();
        assert_eq!(c.values().unwrap().to_vec(), vec![true, false]);
        assert_eq!(c.to_dense().unwrap().to_vec(), vec![true, false]);
    }

    #[test]
    fn complex_duplicates_add() {
        let i = i64s(&[0, 0], &[1, 2]);
        let v = Tensor::from_vec(
            vec![Complex::new(1.0f32, 2.0), Complex::new(0.5, -4.0)],
            &[2],
        )
        .unwrap();
        let c = SparseTensor::sparse_coo_tensor(&i, &v, None, None)
            .unwrap()
            .coalesce()
            .unwrap();
        assert_eq!(c.values().unwrap().to_vec(), vec![Complex::new(1.5, -2.0)]);
    }

    #[test]
    fn zero_sparse_dims_sum_everything() {
        let v = f32s(&[1.0, 2.0, 3.0, 4.0], &[2, 2]);
        let s = SparseTensor::sparse_coo_tensor(&i64s(&[], &[0, 2]), &v, None, None).unwrap();
        assert_eq!(s.shape(), &[2]);
        let c = s.coalesce().unwrap();
        assert_eq!(c.nnz(), 1);
        assert_eq!(c.values().unwrap().to_vec(), vec![4.0, 6.0]);
        assert_eq!(s.to_dense().unwrap().to_vec(), vec![4.0, 6.0]);
    }

    #[test]
    fn one_entry_is_cloned_with_its_strides() {
        let v = Tensor::scalar(3.0f64);
        let s = SparseTensor::sparse_coo_tensor(&i64s(&[1], &[1, 1]), &v, Some(&[2]), Some(false))
            .unwrap();
        let c = s.coalesce().unwrap();
        assert!(c.is_coalesced());
        let values = c.values().unwrap();
        assert!(!values.shares_storage(&v));
        // the [1]-shaped, stride-0 values are dense, so their strides are kept
        assert_eq!(values.stride(), &[0]);
        assert_eq!(values.to_vec(), vec![3.0]);
        assert_eq!(c.to_dense().unwrap().to_vec(), vec![0.0, 3.0]);
    }

    #[test]
    fn coalesced_tensors_are_returned_as_they_are() {
        let s = Tensor::from_vec(vec![0i64, 3], &[2])
            .unwrap()
            .to_sparse()
            .unwrap();
        let c = s.coalesce().unwrap();
        assert!(c._values().shares_storage(&s._values()));
        assert!(c._indices().shares_storage(&s._indices()));
    }
}

mod dense {
    use super::*;

    #[test]
    fn to_dense_adds_duplicates_into_zeros() {
        let i = i64s(&[0, 1, 0, 2, 0, 2], &[2, 3]);
        let v = f32s(&[1.0, 2.0, 3.0], &[3]);
        let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&[2, 3]), None).unwrap();
        let d = s.to_dense().unwrap();
        assert_eq!(d.stride(), &[3, 1]);
        assert_eq!(d.to_vec(), vec![0.0, 0.0, 4.0, 2.0, 0.0, 0.0]);
        // +0 + -0 is +0: the zero fill wins the sign, as in PyTorch
        let z =
            SparseTensor::sparse_coo_tensor(&i64s(&[0], &[1, 1]), &f32s(&[-0.0], &[1]), None, None)
                .unwrap()
                .to_dense()
                .unwrap();
        assert!(z.to_vec()[0].is_sign_positive());
    }

    #[test]
    fn zero_d_tensors_convert_both_ways() {
        let s = Tensor::scalar(2.5f32).to_sparse().unwrap();
        assert_eq!((s.sparse_dim(), s.nnz()), (0, 1));
        assert_eq!(s.indices().unwrap().shape(), &[0, 1]);
        assert_eq!(s.indices().unwrap().stride(), &[1, 1]);
        assert_eq!(s.values().unwrap().to_vec(), vec![2.5]);
        let d = s.to_dense().unwrap();
        assert_eq!((d.dim(), d.to_vec()), (0, vec![2.5]));
        let zero = Tensor::scalar(0u16).to_sparse().unwrap();
        assert_eq!(zero.nnz(), 0);
        assert_eq!(zero.values().unwrap().shape(), &[0]);
        assert_eq!(zero.to_dense().unwrap().to_vec(), vec![0]);
    }

    #[test]
    fn all_zero_inputs_give_no_entries() {
        let x = Tensor::<f64>::zeros(&[2, 3, 4]).unwrap();
        let s = x.to_sparse().unwrap();
        assert_eq!((s.nnz(), s.is_coalesced()), (0, true));
        assert_eq!(s.indices().unwrap().shape(), &[3, 0]);
        let h = x.to_sparse_dim(1).unwrap();
        assert_eq!(h.values().unwrap().shape(), &[0, 3, 4]);
        assert_eq!(h.values().unwrap().stride(), &[12, 4, 1]);
        assert!(h.to_dense().unwrap().equal(&x));
        let empty = Tensor::<i8>::zeros(&[3, 0]).unwrap().to_sparse().unwrap();
        assert_eq!((empty.nnz(), empty.shape()), (0, &[3usize, 0][..]));
    }

    #[test]
    fn to_sparse_picks_nonzero_elements() {
        let x = Tensor::from_vec(vec![0.0f32, f32::NAN, -0.0, 0.0, 1.0, 0.0], &[2, 3]).unwrap();
        let s = x.to_sparse().unwrap();
        assert_eq!(s.indices().unwrap().to_vec(), vec![0, 1, 1, 1]);
        let values = s.values().unwrap().to_vec();
        assert!(values[0].is_nan());
        assert_eq!(values[1], 1.0);
        // nonzero()'s [nnz, ndim] transposed: strides [1, ndim]
        assert_eq!(s.indices().unwrap().stride(), &[1, 2]);
    }

    #[test]
    fn hybrid_blocks_are_kept_whole() {
        // [3, 2, 2]: block 0 all zero, block 1 one non-zero, block 2 full
        let data = vec![0, 0, 0, 0, 0, 0, 7, 0, 1, 2, 3, 4];
        let x = Tensor::from_vec(data, &[3, 2, 2]).unwrap();
        let s = x.to_sparse_dim(1).unwrap();
        assert_eq!(s.indices().unwrap().to_vec(), vec![1, 2]);
        assert_eq!(s.indices().unwrap().stride(), &[2, 1]);
        assert_eq!(s.values().unwrap().to_vec(), vec![0, 0, 7, 0, 1, 2, 3, 4]);
        assert_eq!(s.values().unwrap().stride(), &[4, 2, 1]);
        let t = x.to_sparse_dim(2).unwrap();
        assert_eq!(t.indices().unwrap().to_vec(), vec![1, 2, 2, 1, 0, 1]);
        assert_eq!(t.values().unwrap().to_vec(), vec![7, 0, 1, 2, 3, 4]);
        assert!(t.to_dense().unwrap().equal(&x));
    }

    #[test]
    fn hybrid_values_follow_the_input_dim_order() {
        // dense dims transposed in the input: advanced indexing keeps that order
        let base = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
        let x = base.transpose(1, 2).unwrap(); // [2, 4, 3], strides [12, 1, 4]
        let s = x.to_sparse_dim(1).unwrap();
        let values = s.values().unwrap();
        assert_eq!(values.shape(), &[2, 4, 3]);
        assert_eq!(values.stride(), &[12, 1, 4]);
        assert!(values.equal(&x));
    }

    #[test]
    fn sparse_dim_is_checked() {
        let x = Tensor::<f32>::ones(&[2, 2]).unwrap();
        assert_eq!(
            message(x.to_sparse_dim(0)),
            "dense_to_sparse: sparse_dim argument must be in >0 when self.dim()>0"
        );
        assert_eq!(
            message(x.to_sparse_dim(-1)),
            "dense_to_sparse: sparse_dim argument must be in [0,2] range, but -1 is given"
        );
        assert!(Tensor::scalar(1.0f32).to_sparse_dim(0).is_ok());
    }

    #[test]
    fn conjugate_views_convert_resolved() {
        let z = Tensor::from_vec(
            vec![Complex::new(1.0f64, 2.0), Complex::new(0.0, 0.0)],
            &[2],
        )
        .unwrap();
        let conj: Tensor<Complex<f64>> =
            Tensor::from_raw(z.storage.clone(), z.layout.clone(), true);
        let s = conj.to_sparse().unwrap();
        assert!(!s.values().unwrap().is_conj());
        assert_eq!(s.values().unwrap().to_vec(), vec![Complex::new(1.0, -2.0)]);
    }
}

mod round_trips {
    //! Random strided inputs (permuted, gapped, offset) over several dtypes:
    //! dense -> sparse -> dense returns the input; uncoalesced tensors agree
    //! with their coalesced form and with a direct dense accumulation.

    use super::*;
    use crate::layout::Layout;
    use crate::storage::Storage;
    use crate::Element;
    use half::f16;

    /// SplitMix64: small, deterministic, good enough to pick shapes and values.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random element, zero about half of the time.
    fn sparse_value<T: Element>(rng: &mut Rng) -> T {
        if rng.below(2) == 0 {
            return T::default();
        }
        let re = rng.below(9) as f64 - 4.0;
        let im = rng.below(5) as f64 - 2.0;
        T::from_parts(re, im)
    }

    /// A random tensor of up to 4 dims viewing a larger storage through a
    /// permuted, gapped layout at a random offset.
    fn random_strided<T: Element>(rng: &mut Rng) -> Tensor<T> {
        let ndim = rng.below(5);
        let shape: Vec<usize> = (0..ndim).map(|_| rng.below(4)).collect();
        let mut order: Vec<usize> = (0..ndim).collect();
        for i in (1..ndim).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut strides = vec![0isize; ndim];
        let mut running = 1isize;
        for &d in order.iter().rev() {
            strides[d] = running;
            running *= (shape[d].max(1) + rng.below(2)) as isize;
        }
        let offset = rng.below(3);
        let layout = Layout::from_parts(&shape, &strides, offset);
        let len = layout.required_storage().unwrap() + rng.below(2);
        let data: Vec<T::Repr> = (0..len)
            .map(|_| sparse_value::<T>(rng).into_repr())
            .collect();
        Tensor::from_raw(Storage::from_elements(&data).unwrap(), layout, false)
    }

    fn dense_round_trips<T: Element>(seed: u64) {
        let mut rng = Rng(seed);
        for _ in 0..200 {
            let x = random_strided::<T>(&mut rng);
            let s = x.to_sparse().unwrap();
            assert!(s.is_coalesced());
            assert!(s.to_dense().unwrap().equal(&x), "{x:?}");
            let expected_nnz = x
                .to_vec()
                .into_iter()
                .filter(|&v| v != T::default())
                .count();
            assert_eq!(s.nnz(), expected_nnz);
            if x.dim() > 0 {
                let sparse_dim = 1 + rng.below(x.dim());
                let h = x.to_sparse_dim(sparse_dim as isize).unwrap();
                assert_eq!(h.dense_dim(), x.dim() - sparse_dim);
                assert!(h.to_dense().unwrap().equal(&x), "{x:?} at {sparse_dim}");
                let again = h.coalesce().unwrap();
                assert!(again._values().shares_storage(&h._values()));
            }
        }
    }

    #[test]
    fn dense_to_sparse_to_dense_is_the_identity() {
        dense_round_trips::<f32>(1);
        dense_round_trips::<i64>(2);
        dense_round_trips::<bool>(3);
        dense_round_trips::<u8>(4);
        dense_round_trips::<f16>(5);
        dense_round_trips::<Complex<f64>>(6);
    }

    /// The dense tensor a list of (position, value) entries stands for, summed directly.
    fn accumulate(shape: &[usize], entries: &[(Vec<i64>, i64)]) -> Vec<i64> {
        let mut out = vec![0i64; shape.iter().product()];
        for (position, value) in entries {
            let at = position
                .iter()
                .zip(shape)
                .fold(0usize, |acc, (&p, &size)| acc * size + p as usize);
            out[at] += value;
        }
        out
    }

    #[test]
    fn uncoalesced_tensors_agree_with_their_coalesced_form() {
        let mut rng = Rng(42);
        for _ in 0..200 {
            let ndim = 1 + rng.below(3);
            let shape: Vec<usize> = (0..ndim).map(|_| 1 + rng.below(3)).collect();
            let nnz = rng.below(8);
            let entries: Vec<(Vec<i64>, i64)> = (0..nnz)
                .map(|_| {
                    let position = shape.iter().map(|&s| rng.below(s) as i64).collect();
                    (position, rng.below(20) as i64 - 10)
                })
                .collect();
            let index_data: Vec<i64> = (0..ndim)
                .flat_map(|d| entries.iter().map(move |(p, _)| p[d]))
                .collect();
            let i = i64s(&index_data, &[ndim, nnz]);
            let v = Tensor::from_vec(entries.iter().map(|e| e.1).collect(), &[nnz]).unwrap();
            let s = SparseTensor::sparse_coo_tensor(&i, &v, Some(&shape), None).unwrap();
            let expected = accumulate(&shape, &entries);
            assert_eq!(s.to_dense().unwrap().to_vec(), expected);
            let c = s.coalesce().unwrap();
            assert_eq!(c.to_dense().unwrap().to_vec(), expected);
            let positions = c.indices().unwrap();
            for k in 1..c.nnz() {
                let column = |k: usize| -> Vec<i64> {
                    (0..ndim as isize)
                        .map(|d| positions.get(&[d, k as isize]).unwrap())
                        .collect()
                };
                assert!(column(k - 1) < column(k));
            }
            // a tensor built coalesced from the result is accepted as such
            let rebuilt = SparseTensor::sparse_coo_tensor(
                &c.indices().unwrap(),
                &c.values().unwrap(),
                Some(&shape),
                Some(true),
            );
            assert!(rebuilt.unwrap().is_coalesced());
        }
    }
}
