//! `softmax` and `log_softmax` along a dim, numerically stable: each lane's
//! greatest value is subtracted before `exp`, so large inputs do not
//! overflow. The result is a fresh contiguous tensor, as PyTorch's.
//!
//! Values are computed in the element type (`f16` and `bf16` in `f32`),
//! with the vectorising `exp` of `kernels/math.rs`, straight into the
//! result, row by row while the row is in cache (`kernels/softmax.rs`): the
//! only memory beyond the result is a few rows' worth of maxima and sums,
//! whatever the size of the input. A contiguous input is read where it lies; any other view
//! (transposed, sliced, lazily negated) is first copied to a contiguous
//! one, so it costs one copy of the input more.

use super::construct::storage_bytes;
use super::Tensor;
use crate::kernels::softmax::{softmax_bytes, Lane};
use crate::layout::{wrap_dim, Layout};
use crate::numeric::Float;
use crate::storage::{Bytes, Storage};
use crate::{bf16, f16, DType, ViewError};

impl<T: Float> Tensor<T> {
    /// `torch.softmax(x, dim)`: `exp(x - max) / sum(exp(x - max))` along `dim`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1000.0f32, 1000.0, 0.0, 0.0], &[2, 2]).unwrap();
    /// assert_eq!(x.softmax(1).unwrap().to_vec(), vec![0.5, 0.5, 0.5, 0.5]);
    /// assert_eq!(
    ///     x.softmax(2).unwrap_err().to_string(),
    ///     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    /// );
    /// ```
    pub fn softmax(&self, dim: isize) -> Result<Tensor<T>, ViewError> {
        self.along_dim(dim, false)
    }

    /// `torch.log_softmax(x, dim)`: `x - max - log(sum(exp(x - max)))` along `dim`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![0.0f64, 0.0], &[2]).unwrap();
    /// let y = x.log_softmax(0).unwrap().to_vec();
    /// assert!((y[0] + std::f64::consts::LN_2).abs() < 1e-15);
    /// ```
    pub fn log_softmax(&self, dim: isize) -> Result<Tensor<T>, ViewError> {
        self.along_dim(dim, true)
    }

    /// The contiguous result of `softmax` (`log_softmax` with `log`) along `dim`.
    fn along_dim(&self, dim: isize, log: bool) -> Result<Tensor<T>, ViewError> {
        let shape = self.shape();
        let d = wrap_dim(dim, shape.len())?;
        // the size check of every new tensor (its error, not the size)
        storage_bytes::<T>(shape)?;
        // a contiguous input as it lies; any other view (or lazily negated
        // one) copied first, its values materialised
        let input = if self.is_contiguous() && !self.lazy.neg() && !self.lazy.conj() {
            self.clone()
        } else {
            self.copy_contiguous()?
        };
        let (n, inner) = match shape.len() {
            0 => (1, 1),
            _ => (shape[d], shape[d + 1..].iter().product()),
        };
        let numel = input.numel();
        let guard = input.storage.read();
        let offset = input.layout.offset();
        let src = &guard.as_elements::<T::Repr>()[offset..offset + numel];
        let bytes = match T::DTYPE {
            DType::F32 => bytes_of::<T, f32>(src, n, inner, log),
            DType::F64 => bytes_of::<T, f64>(src, n, inner, log),
            DType::F16 => bytes_of::<T, f16>(src, n, inner, log),
            DType::BF16 => bytes_of::<T, bf16>(src, n, inner, log),
            // `Float` is implemented for these four only
            _ => unreachable!("softmax of {:?}", T::DTYPE),
        }?;
        drop(guard);
        Ok(Tensor::from_raw(
            Storage::from_bytes(bytes),
            Layout::contiguous(shape),
            false,
        ))
    }
}

/// The kernel's result over `T`'s elements seen as `S` (the same type, as
/// `DType` says).
fn bytes_of<T: Float, S: Lane>(
    src: &[T::Repr],
    n: usize,
    inner: usize,
    log: bool,
) -> Result<Bytes, ViewError> {
    softmax_bytes::<S>(bytemuck::cast_slice(src), n, inner, log)
}

#[cfg(test)]
mod tests {
    use crate::{f16, Tensor};

    /// `softmax` and `log_softmax` by their definition in `f64`, along a
    /// `dim` of a row-major `[outer, n, inner]`.
    fn reference(values: &[f64], shape: &[usize], dim: usize, log: bool) -> Vec<f64> {
        let n = shape[dim];
        let inner: usize = shape[dim + 1..].iter().product();
        let mut out = vec![0.0; values.len()];
        for start in (0..values.len()).filter(|i| (i / inner).is_multiple_of(n)) {
            let lane: Vec<f64> = (0..n).map(|k| values[start + k * inner]).collect();
            let max = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            // compensated (Neumaier) sum: a plain running sum of a long lane
            // is itself off by several ulp, more than the kernel's error
            let (mut total, mut lost) = (0.0f64, 0.0f64);
            for e in lane.iter().map(|v| (v - max).exp()) {
                let t = total + e;
                lost += if total.abs() >= e.abs() {
                    (total - t) + e
                } else {
                    (e - t) + total
                };
                total = t;
            }
            let total = total + lost;
            for k in 0..n {
                let x = lane[k] - max;
                out[start + k * inner] = if log { x - total.ln() } else { x.exp() / total };
            }
        }
        out
    }

    /// Results big enough for the recycled buffers (4 MiB and up): a
    /// result written into a buffer that held an earlier result (other
    /// values) has every element rewritten, along the last dim (rows of
    /// one chunk and of several) and dim 0, `softmax` and `log_softmax`.
    #[test]
    fn recycled_result_buffers_are_written_whole() {
        let numel = 1 << 20; // 4 MiB of f32
        for (shape, dim) in [
            ([1024usize, 1024], 1usize),
            ([256, 4096], 1),
            ([1024, 1024], 0),
        ] {
            for log in [false, true] {
                let old: Vec<f64> = (0..numel).map(|i| (i % 17) as f64 * 0.5).collect();
                // values an f32 holds exactly, so the reference sees the same input
                let new: Vec<f64> = (0..numel)
                    .map(|i| ((i * 7) % 101) as f32 as f64 * -0.03125)
                    .collect();
                let run = |v: &[f64]| {
                    let x =
                        Tensor::from_vec(v.iter().map(|&a| a as f32).collect(), &shape).unwrap();
                    let y = if log {
                        x.log_softmax(dim as isize)
                    } else {
                        x.softmax(dim as isize)
                    };
                    y.unwrap().to_vec()
                };
                drop(run(&old)); // its buffer goes to the recycled pool
                let got = run(&new);
                let want = reference(&new, &shape, dim, log);
                for (k, (&g, &w)) in got.iter().zip(&want).enumerate() {
                    assert!(
                        (g as f64 - w).abs() <= 1e-5 * w.abs() + 1e-9,
                        "{shape:?} dim {dim} log {log}: element {k} is {g}, not {w}"
                    );
                }
            }
        }
    }

    /// Every dim of a 3-d tensor, contiguous and transposed, `f32` and
    /// `f64`, long lanes (past the kernels' 8-wide and 1024-long chunks)
    /// and wide blocks (past their 512 columns): within a few ulp of the
    /// definition, plus the rounding of `x - max` in the element type.
    #[test]
    fn every_dim_matches_the_definition() {
        for shape in [[3usize, 5, 7], [2, 1100, 3], [2, 3, 600]] {
            let numel: usize = shape.iter().product();
            let values: Vec<f64> = (0..numel)
                .map(|i| ((i * 7919) % 1009) as f64 * 0.013 - 6.0)
                .collect();
            let x32 = Tensor::from_vec(values.iter().map(|&v| v as f32).collect(), &shape).unwrap();
            let x64 = Tensor::from_vec(values.clone(), &shape).unwrap();
            let wide32: Vec<f64> = x32.to_vec().into_iter().map(f64::from).collect();
            for dim in 0..3 {
                for log in [false, true] {
                    let run32 = |t: &Tensor<f32>| {
                        if log {
                            t.log_softmax(dim as isize)
                        } else {
                            t.softmax(dim as isize)
                        }
                    };
                    let run64 = |t: &Tensor<f64>| {
                        if log {
                            t.log_softmax(dim as isize)
                        } else {
                            t.softmax(dim as isize)
                        }
                    };
                    let want32 = reference(&wide32, &shape, dim, log);
                    let want64 = reference(&values, &shape, dim, log);
                    // `x - max` is rounded in the element type: e^(x - max)
                    // is off by up to |x - max| ulp of it, as in PyTorch
                    let bound = |want: f64, eps: f64| {
                        let spread = if log { want.abs() } else { want.ln().abs() };
                        eps * (4.0 + spread) * if log { 1.0 } else { want }
                    };
                    for (got, &want) in run32(&x32).unwrap().to_vec().into_iter().zip(&want32) {
                        let error = (got as f64 - want).abs();
                        let eps = f32::EPSILON as f64;
                        assert!(
                            error <= bound(want, eps),
                            "{shape:?} dim {dim} log {log}: {got} vs {want}"
                        );
                    }
                    for (got, &want) in run64(&x64).unwrap().to_vec().into_iter().zip(&want64) {
                        let error = (got - want).abs();
                        let eps = f64::EPSILON;
                        assert!(
                            error <= bound(want, eps),
                            "{shape:?} dim {dim} log {log}: {got} vs {want}"
                        );
                    }
                    // a transposed view: the same values as its contiguous copy's
                    let t = x32.transpose(0, 2).unwrap();
                    let c = t.contiguous().unwrap();
                    assert_eq!(run32(&t).unwrap().to_vec(), run32(&c).unwrap().to_vec());
                }
            }
        }
    }

    /// A NaN turns its lane (only) into NaNs; a lane of `-inf` is NaN, as
    /// PyTorch's (`torch.tensor([[nan, 1.], [2., 3.]]).softmax(1)`).
    #[test]
    fn nan_lanes_stay_in_their_lane() {
        let x = Tensor::from_vec(vec![f32::NAN, 1.0, 2.0, 3.0], &[2, 2]).unwrap();
        let y = x.softmax(1).unwrap().to_vec();
        assert!(y[0].is_nan() && y[1].is_nan());
        assert!((y[2] as f64 - 1.0 / (1.0 + 1f64.exp())).abs() < 1e-7);
        let z = x.softmax(0).unwrap().to_vec();
        assert!(z[0].is_nan() && z[2].is_nan() && !z[1].is_nan() && !z[3].is_nan());
        let n = Tensor::from_vec(vec![f64::NEG_INFINITY; 3], &[3]).unwrap();
        assert!(n.softmax(0).unwrap().to_vec().iter().all(|v| v.is_nan()));
    }

    #[test]
    fn transposed_input_gives_contiguous_rows_that_sum_to_one() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        let y = x.t().unwrap().softmax(1).unwrap(); // [3, 2]
        assert_eq!(y.stride(), &[2, 1]);
        let e = 1.0 / (1.0 + 3.0f64.exp());
        let want = [e, 1.0 - e];
        for (got, want) in y.to_vec().iter().zip(want.iter().cycle()) {
            assert!((*got as f64 - want).abs() < 1e-6);
        }
    }

    #[test]
    fn infinities_and_halves_follow_pytorch() {
        // torch.tensor([inf, 1.]).softmax(0) -> [nan, nan];
        // torch.tensor([-inf, -inf]).log_softmax(0) -> [nan, nan]
        let x = Tensor::from_vec(vec![f32::INFINITY, 1.0], &[2]).unwrap();
        assert!(x.softmax(0).unwrap().to_vec().iter().all(|v| v.is_nan()));
        let y = Tensor::from_vec(vec![f32::NEG_INFINITY; 2], &[2]).unwrap();
        assert!(y
            .log_softmax(0)
            .unwrap()
            .to_vec()
            .iter()
            .all(|v| v.is_nan()));
        let h = Tensor::from_vec(vec![f16::from_f32(0.0); 4], &[4]).unwrap();
        assert_eq!(
            h.softmax(-1).unwrap().to_vec(),
            vec![f16::from_f32(0.25); 4]
        );
        assert_eq!(
            Tensor::<f32>::zeros(&[2, 0])
                .unwrap()
                .softmax(1)
                .unwrap()
                .shape(),
            &[2, 0]
        );
        assert_eq!(
            Tensor::scalar(3.0f64).softmax(0).unwrap().to_vec(),
            vec![1.0]
        );
    }
}
