//! Reductions along dims, with `keepdim`: `sum`, `mean`, `max`/`min`
//! (values and indices), `argmax` and `argmin`, as PyTorch computes them.
//!
//! Each reads the input where it lies (any strided view, lazy conjugation
//! and negation applied), in one pass in its memory order, into state the
//! size of the output (`walk.rs`, `runs.rs`): the extra memory is about the
//! output's, never the input's, and an input with no element returns at
//! once. The result is a fresh contiguous tensor, as PyTorch's. Integer
//! sums are `i64`, as PyTorch promotes them; float sums and means
//! accumulate in a wider type (`f64`; `f32` for `f16`/`bf16` sums), in
//! vector lanes, so they can differ from PyTorch's in the last bits.
//! `max`, `min`, `argmax` and `argmin` return the first NaN when there is one, else
//! the first extreme value (PyTorch's ties and NaN rules), whatever order
//! the walk visits the elements in.
//!
//! Every buffer comes from `fresh.rs`: sizes PyTorch refuses and memory the
//! allocator refuses are errors, not panics or aborts.

mod runs;
mod walk;

use super::fresh::{result_vec, try_filled};
use super::Tensor;
use crate::kernels::bounds::assert_in_bounds;
use crate::layout::{wrap_dim, Layout};
use crate::numeric::{Arithmetic, Float, Ordered};
use crate::{Element, ViewError};
use runs::NO_INDEX;
use walk::Walk;

impl<T: Element> Tensor<T> {
    /// Running totals of the lanes of `dims` (`A`, from `zero`, each
    /// element read with `read` and folded in by `add`, two totals joined
    /// by `merge`), each turned into an output element by `finish`.
    fn fold_lanes<A: Copy, U: Element>(
        &self,
        dims: &[isize],
        keepdim: bool,
        zero: A,
        add: impl Fn(A, T) -> A + Copy,
        merge: impl Fn(A, A) -> A + Copy,
        finish: impl Fn(A, usize) -> U,
    ) -> Result<Tensor<U>, ViewError> {
        let walk = Walk::new::<U>(&self.layout, dims, keepdim)?;
        let mut out = result_vec::<U>(&walk.out_shape)?;
        let mut acc = try_filled(walk.out_numel, zero)?;
        if !walk.plan.empty {
            let bytes = self.storage.read();
            let data = bytes.as_elements::<T::Repr>();
            assert_in_bounds(&self.layout, data.len());
            // a stored zero pads the last chunk of a run: it adds nothing
            let pad = <T::Repr as bytemuck::Zeroable>::zeroed();
            if self.lazy.conj() || self.lazy.neg() {
                let add = |a, r| add(a, self.read_repr(r));
                runs::totals(&walk, data, &mut acc, pad, zero, add, merge);
            } else {
                let add = |a, r| add(a, T::from_repr(r));
                runs::totals(&walk, data, &mut acc, pad, zero, add, merge);
            }
        }
        out.extend(
            acc.into_iter()
                .map(|a| finish(a, walk.lane_len).into_repr()),
        );
        Ok(Tensor::from_raw(
            crate::storage::Storage::from_vec(out)?,
            Layout::contiguous(&walk.out_shape),
            false,
        ))
    }

    /// The empty-lane error of `max`, `min` and `argmax` along `dim`.
    fn check_lane_not_empty(&self, op: &str, dim: isize) -> Result<(), ViewError> {
        let d = wrap_dim(dim, self.dim())?;
        if self.dim() > 0 && self.shape()[d] == 0 {
            return Err(ViewError::with_kind(
                crate::ErrorKind::IndexError,
                format!("{op}(): Expected reduction dim {d} to have non-zero size."),
            ));
        }
        Ok(())
    }
}

impl<T: Arithmetic> Tensor<T> {
    /// `torch.sum(x, dims, keepdim)`: the sum over `dims` (all dims when
    /// empty). Integer tensors sum to `i64`, as in PyTorch.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<u8>::arange(6).view(&[2, 3]).unwrap();
    /// let rows: Tensor<i64> = x.sum(&[1], false).unwrap();
    /// assert_eq!(rows.to_vec(), vec![3, 12]);
    /// assert_eq!(x.sum(&[0], true).unwrap().shape(), &[1, 3]);
    /// assert_eq!(x.sum(&[], false).unwrap().to_vec(), vec![15]);
    /// assert_eq!(
    ///     x.sum(&[1, -1], false).unwrap_err().to_string(),
    ///     "dim 1 appears multiple times in the list of dims"
    /// );
    /// ```
    pub fn sum(&self, dims: &[isize], keepdim: bool) -> Result<Tensor<T::Sum>, ViewError> {
        self.fold_lanes(
            dims,
            keepdim,
            T::acc_zero(),
            T::accumulate,
            T::acc_merge,
            |acc, _| T::acc_finish(acc),
        )
    }
}

impl<T: Float> Tensor<T> {
    /// `torch.mean(x, dims, keepdim)` (float types: PyTorch refuses
    /// integer means). The mean of no elements is NaN.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.mean(&[1], false).unwrap().to_vec(), vec![1.0, 4.0]);
    /// let columns = x.t().unwrap().mean(&[-1], true).unwrap();
    /// assert_eq!(columns.shape(), &[3, 1]);
    /// assert_eq!(columns.to_vec(), vec![1.5, 2.5, 3.5]);
    /// ```
    pub fn mean(&self, dims: &[isize], keepdim: bool) -> Result<Tensor<T>, ViewError> {
        self.fold_lanes(
            dims,
            keepdim,
            0.0f64,
            |acc, v| acc + v.to_f64(),
            |a, b| a + b,
            |total, n| T::from_f64(total / n as f64),
        )
    }
}

impl<T: Ordered> Tensor<T> {
    /// `torch.max(x, dim, keepdim)`: the greatest values along `dim` and
    /// their indices (the first on ties; the first NaN if any).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1i32, 3, 3, 0], &[2, 2]).unwrap();
    /// let (values, indices) = x.max(1, false).unwrap();
    /// assert_eq!(values.to_vec(), vec![3, 3]);
    /// assert_eq!(indices.to_vec(), vec![1, 0]);
    /// let e = Tensor::<f32>::zeros(&[2, 0]).unwrap().max(-1, false).unwrap_err();
    /// assert_eq!(e.to_string(), "max(): Expected reduction dim 1 to have non-zero size.");
    /// ```
    pub fn max(&self, dim: isize, keepdim: bool) -> Result<(Tensor<T>, Tensor<i64>), ViewError> {
        self.extremes("max", dim, keepdim, |v, best| v > best)
    }

    /// `torch.min(x, dim, keepdim)`: the least values along `dim` and their
    /// indices (the first on ties; the first NaN if any).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![2.0f64, f64::NAN, 1.0], &[3]).unwrap();
    /// let (values, indices) = x.min(0, false).unwrap();
    /// assert!(values.to_vec()[0].is_nan());
    /// assert_eq!(indices.to_vec(), vec![1]);
    /// ```
    pub fn min(&self, dim: isize, keepdim: bool) -> Result<(Tensor<T>, Tensor<i64>), ViewError> {
        self.extremes("min", dim, keepdim, |v, best| v < best)
    }

    /// `torch.argmax(x, dim, keepdim)`: the indices of the greatest values
    /// along `dim`, or, with `dim` `None`, the flat (row-major) index of the
    /// greatest element.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1u8, 9, 4, 7], &[2, 2]).unwrap();
    /// assert_eq!(x.argmax(Some(0), false).unwrap().to_vec(), vec![1, 0]);
    /// assert_eq!(x.argmax(None, false).unwrap().to_vec(), vec![1]);
    /// assert_eq!(x.argmax(None, true).unwrap().shape(), &[1, 1]);
    /// ```
    pub fn argmax(&self, dim: Option<isize>, keepdim: bool) -> Result<Tensor<i64>, ViewError> {
        self.arg_extreme("argmax", dim, keepdim, |v, best| v > best)
    }

    /// `torch.argmin(x, dim, keepdim)`: the indices of the least values
    /// along `dim` (the first on ties, the first NaN if any), or, with
    /// `dim` `None`, the flat (row-major) index of the least element.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1u8, 9, 4, 0], &[2, 2]).unwrap();
    /// assert_eq!(x.argmin(Some(1), true).unwrap().to_vec(), vec![0, 1]);
    /// assert_eq!(x.argmin(None, false).unwrap().to_vec(), vec![3]);
    /// let e = Tensor::<f32>::zeros(&[2, 0]).unwrap().argmin(Some(1), false).unwrap_err();
    /// assert_eq!(e.to_string(), "argmin(): Expected reduction dim 1 to have non-zero size.");
    /// ```
    pub fn argmin(&self, dim: Option<isize>, keepdim: bool) -> Result<Tensor<i64>, ViewError> {
        self.arg_extreme("argmin", dim, keepdim, |v, best| v < best)
    }

    /// `argmax` or `argmin` (named `op` in its errors).
    fn arg_extreme(
        &self,
        op: &str,
        dim: Option<isize>,
        keepdim: bool,
        better: impl Fn(T, T) -> bool + Copy,
    ) -> Result<Tensor<i64>, ViewError> {
        let dims: &[isize] = match &dim {
            Some(d) => {
                self.check_lane_not_empty(op, *d)?;
                std::slice::from_ref(d)
            }
            None if self.numel() == 0 => {
                return Err(ViewError::with_kind(
                    crate::ErrorKind::IndexError,
                    format!(
                        "{op}(): Expected reduction dim to be specified for input.numel() == 0."
                    ),
                ))
            }
            None => &[],
        };
        Ok(self.extreme_lanes(dims, keepdim, true, better)?.1)
    }

    /// `max` or `min`: values and indices, each a contiguous tensor.
    fn extremes(
        &self,
        op: &str,
        dim: isize,
        keepdim: bool,
        better: impl Fn(T, T) -> bool + Copy,
    ) -> Result<(Tensor<T>, Tensor<i64>), ViewError> {
        self.check_lane_not_empty(op, dim)?;
        self.extreme_lanes(&[dim], keepdim, false, better)
    }

    /// The extreme value (by `better`: "more extreme than") of every lane
    /// of `dims` and its index in the lane, PyTorch's first-NaN and
    /// first-on-ties rules applied. Every lane holds an element (checked by
    /// the callers). The indices are allocated first for `argmax`
    /// (`indices_first`), the values first for `max` and `min`, so that a
    /// refusal names the bytes PyTorch's does.
    fn extreme_lanes(
        &self,
        dims: &[isize],
        keepdim: bool,
        indices_first: bool,
        better: impl Fn(T, T) -> bool + Copy,
    ) -> Result<(Tensor<T>, Tensor<i64>), ViewError> {
        let walk = Walk::new::<T>(&self.layout, dims, keepdim)?;
        let (mut values, mut indices) = if indices_first {
            let indices = result_vec::<i64>(&walk.out_shape)?;
            (result_vec::<T>(&walk.out_shape)?, indices)
        } else {
            let values = result_vec::<T>(&walk.out_shape)?;
            (values, result_vec::<i64>(&walk.out_shape)?)
        };
        let mut best = try_filled(walk.out_numel, T::default())?;
        indices.resize(walk.out_numel, NO_INDEX);
        if !walk.plan.empty {
            let bytes = self.storage.read();
            let data = bytes.as_elements::<T::Repr>();
            assert_in_bounds(&self.layout, data.len());
            if self.lazy.conj() || self.lazy.neg() {
                let read = |r| self.read_repr(r);
                runs::extremes(&walk, data, &mut best, &mut indices, read, better);
            } else {
                runs::extremes(&walk, data, &mut best, &mut indices, T::from_repr, better);
            }
        }
        values.extend(best.into_iter().map(T::into_repr));
        let layout = Layout::contiguous(&walk.out_shape);
        let storage = |v| crate::storage::Storage::from_vec(v);
        Ok((
            Tensor::from_raw(storage(values)?, layout.clone(), false),
            Tensor::from_raw(crate::storage::Storage::from_vec(indices)?, layout, false),
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::{bf16, Tensor};

    #[test]
    fn strided_views_reduce_in_place() {
        let x = Tensor::<i32>::arange(24).view(&[2, 3, 4]).unwrap();
        let p = x.permute(&[2, 0, 1]).unwrap(); // [4, 2, 3]
        let s = p.sum(&[0, 2], false).unwrap();
        assert_eq!(
            s.to_vec(),
            vec![(0..12).sum::<i64>(), (12..24).sum::<i64>()]
        );
        let (v, i) = p.max(-1, true).unwrap();
        assert_eq!(v.shape(), &[4, 2, 1]);
        assert_eq!(v.get(&[3, 1, 0]).unwrap(), 23);
        assert_eq!(i.to_vec(), vec![2; 8]);
    }

    #[test]
    fn zero_d_empty_and_nan_rules() {
        let s = Tensor::scalar(5.0f32);
        assert_eq!(s.sum(&[0], true).unwrap().shape(), &[] as &[usize]);
        assert_eq!(
            s.sum(&[-1, 0], false).unwrap_err().to_string(),
            "dim 0 appears multiple times in the list of dims"
        );
        assert_eq!(s.max(-1, false).unwrap().1.to_vec(), vec![0]);
        assert_eq!(
            s.sum(&[1], false).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
        let e = Tensor::<f32>::zeros(&[2, 0]).unwrap();
        assert_eq!(e.sum(&[1], false).unwrap().to_vec(), vec![0.0, 0.0]);
        assert!(e.mean(&[1], false).unwrap().to_vec()[0].is_nan());
        assert_eq!(
            Tensor::<f32>::zeros(&[0, 3])
                .unwrap()
                .max(1, false)
                .unwrap()
                .0
                .shape(),
            &[0]
        );
        assert_eq!(
            e.argmax(None, false).unwrap_err().to_string(),
            "argmax(): Expected reduction dim to be specified for input.numel() == 0."
        );
        let n = Tensor::from_vec(vec![1.0f32, f32::NAN, 3.0, f32::NAN], &[4]).unwrap();
        assert_eq!(n.argmax(Some(0), false).unwrap().to_vec(), vec![1]);
    }

    /// The reductions of one lane by definition: row-major order, first
    /// NaN, else first extreme.
    fn naive(lane: &[f32]) -> (f64, f32, i64) {
        let total = lane.iter().map(|&v| v as f64).sum();
        let mut best = (lane[0], 0);
        for (i, &v) in lane.iter().enumerate() {
            if !best.0.is_nan() && (v.is_nan() || v > best.0) {
                best = (v, i as i64);
            }
        }
        (total, best.0, best.1)
    }

    // Random shapes, permutations, expansions and values with many ties
    // and some NaNs: the walk in memory order gives what a row-major loop
    // over each lane gives.
    #[test]
    fn any_walk_order_reduces_as_the_definition() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let ndim = 1 + next(3) as usize;
            let shape: Vec<usize> = (0..ndim).map(|_| 1 + next(5) as usize).collect();
            let numel: usize = shape.iter().product();
            let values: Vec<f32> = (0..numel)
                .map(|_| match next(9) {
                    0 => f32::NAN,
                    k => (k % 3) as f32,
                })
                .collect();
            let base = Tensor::from_vec(values, &shape).unwrap();
            let mut perm: Vec<isize> = (0..ndim as isize).collect();
            for i in (1..ndim).rev() {
                perm.swap(i, next(i as u64 + 1) as usize);
            }
            let x = base.permute(&perm).unwrap();
            let x = if next(4) == 0 {
                let mut sizes: Vec<isize> = vec![2];
                sizes.extend(x.shape().iter().map(|&d| d as isize));
                x.unsqueeze(0).unwrap().expand(&sizes).unwrap()
            } else {
                x
            };
            let dim = next(x.dim() as u64) as usize;
            // the lanes along `dim`, by definition
            let moved = x
                .movedim(&[dim as isize], &[-1])
                .unwrap()
                .contiguous()
                .unwrap();
            let flat = moved.to_vec();
            let len = x.shape()[dim];
            let sums = x.sum(&[dim as isize], false).unwrap().to_vec();
            let (values, indices) = x.max(dim as isize, false).unwrap();
            let argmax = x.argmax(Some(dim as isize), false).unwrap().to_vec();
            for (k, lane) in flat.chunks(len).enumerate() {
                let (total, best, at) = naive(lane);
                let ours = values.to_vec()[k];
                assert!((sums[k] as f64 - total).abs() <= 1e-4 || total.is_nan());
                assert!(
                    ours == best || (ours.is_nan() && best.is_nan()),
                    "{ours} {best}"
                );
                assert_eq!(
                    (indices.to_vec()[k], argmax[k]),
                    (at, at),
                    "{:?} {perm:?} dim {dim}",
                    x.shape()
                );
            }
        }
    }

    // Lanes longer than the loops' blocks (1024) and chunks (512), more
    // rows than a group (16), each layout, with ties, signed zeros and
    // (in half the cases) NaNs: the same answers as the definition, and
    // the AVX-512 and AVX2 compilations of the loops give the baseline's bits.
    #[test]
    fn long_lanes_and_many_rows_reduce_as_the_definition() {
        use crate::kernels::wide::{force_avx2, force_base};
        for (rows, cols, nans) in [
            (37, 1100, false),
            (37, 1100, true),
            (3, 2500, true),
            (70, 3, false),
            (40, 530, true),
        ] {
            let values: Vec<f32> = (0..rows * cols)
                .map(|i| match (i * 7919) % 1009 {
                    k if nans && k == 3 => f32::NAN,
                    k if k % 5 == 0 => -0.0,
                    k => (k % 13) as f32 - 6.0 + (k / 1000) as f32,
                })
                .collect();
            let base = Tensor::from_vec(values, &[rows, cols]).unwrap();
            for x in [base.clone(), base.t().unwrap(), base.neg()] {
                for dim in 0..2isize {
                    let moved = x.movedim(&[dim], &[-1]).unwrap().contiguous().unwrap();
                    let flat = moved.to_vec();
                    let len = x.shape()[dim as usize];
                    let sums = x.sum(&[dim], false).unwrap().to_vec();
                    let (values, indices) = x.max(dim, false).unwrap();
                    let (values, indices) = (values.to_vec(), indices.to_vec());
                    let (low, low_at) = x.neg().min(dim, false).unwrap();
                    let argmax = x.argmax(Some(dim), false).unwrap().to_vec();
                    for (k, lane) in flat.chunks(len).enumerate() {
                        let (total, best, at) = naive(lane);
                        let tolerance = 1e-5 * lane.len() as f64;
                        assert!((sums[k] as f64 - total).abs() <= tolerance || total.is_nan());
                        assert_eq!(values[k].to_bits(), best.to_bits(), "lane {k} dim {dim}");
                        assert_eq!((indices[k], argmax[k]), (at, at), "lane {k} dim {dim}");
                        assert_eq!(low_at.to_vec()[k], at);
                        let want_low = -best;
                        assert_eq!(low.to_vec()[k].to_bits(), want_low.to_bits());
                    }
                    let bits =
                        |t: Tensor<f32>| t.to_vec().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                    let wide = (
                        bits(x.sum(&[dim], false).unwrap()),
                        bits(x.mean(&[dim], false).unwrap()),
                        x.max(dim, false).unwrap(),
                    );
                    let each = || {
                        (
                            bits(x.sum(&[dim], false).unwrap()),
                            bits(x.mean(&[dim], false).unwrap()),
                            x.max(dim, false).unwrap(),
                        )
                    };
                    for narrow in [force_base(each), force_avx2(each)] {
                        assert_eq!((&wide.0, &wide.1), (&narrow.0, &narrow.1));
                        assert_eq!(bits(wide.2 .0.clone()), bits(narrow.2 .0));
                        assert_eq!(wide.2 .1.to_vec(), narrow.2 .1.to_vec());
                    }
                }
            }
        }
    }

    // Each row's sum is the documented order's bits: lane `k` of 16 takes
    // elements `k`, `k + 16`, ... in `f64` from `+0`, the lanes then joined
    // pairwise (`k` with `k + 8`, then `k + 4`, ...). Rows of every length
    // up to three chunks (partial last chunks padded), rows of `-0.0`
    // (`+0`, as the lanes start there), more rows than one call sums.
    /// Rows of 1 to 49 elements and around the block size (1024, one
    /// pass over the lanes below it, the block search above), with ties,
    /// `-0.0` beside `0.0` and NaNs: `max`, `min`, `argmax` and `argmin`
    /// of each row are PyTorch's (the first NaN, else the first extreme),
    /// found here by a plain scan; `i32` rows too.
    #[test]
    fn short_and_block_sized_rows_find_the_first_extreme() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // the first NaN, else the first value no other beats
        let scan = |row: &[f32], greater: bool| -> (u32, i64) {
            if let Some(p) = row.iter().position(|v| v.is_nan()) {
                return (row[p].to_bits(), p as i64);
            }
            let mut p = 0;
            for (i, &v) in row.iter().enumerate() {
                if (greater && v > row[p]) || (!greater && v < row[p]) {
                    p = i;
                }
            }
            (row[p].to_bits(), p as i64)
        };
        for len in (1..50usize).chain([1023, 1024, 1025]) {
            let rows = 40;
            let values: Vec<f32> = (0..rows * len)
                .map(|i| match (i / len, next() % 9) {
                    (r, 0) if r % 3 == 0 => f32::NAN,
                    (_, 1) => -0.0,
                    (_, 2) => 0.0,
                    (_, k) => (k % 4) as f32 - 1.5,
                })
                .collect();
            let x = Tensor::from_vec(values.clone(), &[rows, len]).unwrap();
            for greater in [true, false] {
                let (v, i) = if greater {
                    x.max(1, false).unwrap()
                } else {
                    x.min(1, false).unwrap()
                };
                let arg = if greater {
                    x.argmax(Some(1), false).unwrap()
                } else {
                    x.argmin(Some(1), false).unwrap()
                };
                let got: Vec<(u32, i64)> = v
                    .to_vec()
                    .iter()
                    .map(|v| v.to_bits())
                    .zip(i.to_vec())
                    .collect();
                let want: Vec<(u32, i64)> = values.chunks(len).map(|r| scan(r, greater)).collect();
                assert_eq!(got, want, "length {len}, max {greater}");
                let firsts: Vec<i64> = want.iter().map(|w| w.1).collect();
                assert_eq!(arg.to_vec(), firsts, "length {len}, arg, max {greater}");
            }
            let ints: Vec<i32> = values
                .iter()
                .map(|&v| if v.is_nan() { 7 } else { v as i32 })
                .collect();
            let xi = Tensor::from_vec(ints.clone(), &[rows, len]).unwrap();
            let want: Vec<i64> = ints
                .chunks(len)
                .map(|r| r.iter().position(|v| v == r.iter().max().unwrap()).unwrap() as i64)
                .collect();
            assert_eq!(
                xi.argmax(Some(1), false).unwrap().to_vec(),
                want,
                "i32, length {len}"
            );
        }
    }

    #[test]
    fn row_sums_follow_the_documented_order() {
        use crate::kernels::wide::{force_avx2, force_base};
        let lanes_sum = |row: &[f32]| {
            let mut lanes = [0.0f64; 16];
            for (i, &v) in row.iter().enumerate() {
                lanes[i % 16] += v as f64;
            }
            let mut width = 16;
            while width > 1 {
                width /= 2;
                for k in 0..width {
                    lanes[k] += lanes[k + width];
                }
            }
            lanes[0]
        };
        let mut seed = 0x1234_5678_9abc_def1u64;
        for len in 0..50usize {
            let rows = 70;
            let values: Vec<f32> = (0..rows * len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match (i / len.max(1), seed % 7) {
                        (3, _) | (_, 0) => -0.0,
                        (_, k) => (seed % 100_000) as f32 * 1e-3 * (k as f32 - 3.5),
                    }
                })
                .collect();
            let x = Tensor::from_vec(values.clone(), &[rows, len]).unwrap();
            let bits = |t: Tensor<f32>| t.to_vec().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            let sums = || {
                (
                    bits(x.sum(&[1], false).unwrap()),
                    bits(x.mean(&[1], false).unwrap()),
                )
            };
            let want_sum: Vec<u32> = values
                .chunks(len.max(1))
                .map(|r| (lanes_sum(r) as f32).to_bits())
                .chain(std::iter::repeat_n(0, if len == 0 { rows } else { 0 }))
                .collect();
            let want_mean: Vec<u32> = values
                .chunks(len.max(1))
                .map(|r| ((lanes_sum(r) / len as f64) as f32).to_bits())
                .chain(std::iter::repeat_n(
                    f32::NAN.to_bits(),
                    if len == 0 { rows } else { 0 },
                ))
                .collect();
            let got = sums();
            assert_eq!(got.0, want_sum, "sum, length {len}");
            if len > 0 {
                assert_eq!(got.1, want_mean, "mean, length {len}");
            }
            assert_eq!(got, force_base(sums), "length {len}");
            assert_eq!(got, force_avx2(sums), "length {len}");
        }
    }

    #[test]
    fn half_sums_accumulate_wide() {
        // 4096 ones: an f16/bf16 running total would stop at 256 for bf16
        let x = Tensor::<bf16>::ones(&[4096]).unwrap();
        assert_eq!(
            x.sum(&[], false).unwrap().to_vec(),
            vec![bf16::from_f32(4096.0)]
        );
    }

    // PyTorch 2.15 allocates reduction results with no memory format:
    // contiguous even for permuted or channels-last inputs
    #[test]
    fn results_are_contiguous_whatever_the_input_layout() {
        let x = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
        let p = x.permute(&[2, 0, 1]).unwrap(); // [4, 2, 3]
        let s = p.sum(&[1], true).unwrap();
        assert_eq!(
            (s.shape(), s.stride()),
            (&[4usize, 1, 3][..], &[3isize, 3, 1][..])
        );
        assert_eq!(s.get(&[1, 0, 2]).unwrap(), 9.0 + 21.0);
        let (values, indices) = p.max(0, true).unwrap();
        assert_eq!(values.stride(), &[6, 3, 1]);
        assert_eq!(indices.stride(), &[6, 3, 1]);
        assert_eq!(p.argmax(Some(-1), true).unwrap().stride(), &[2, 1, 1]);
        let cl = Tensor::<f32>::zeros(&[2, 4, 5, 3])
            .unwrap()
            .permute(&[0, 3, 1, 2])
            .unwrap();
        assert_eq!(cl.mean(&[1], true).unwrap().stride(), &[20, 20, 5, 1]);
    }
}
