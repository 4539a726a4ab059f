//! `softmax` and `log_softmax` along a dim, numerically stable: each lane's
//! greatest value is subtracted before `exp`, so large inputs do not
//! overflow. The input is read where it lies (any strided view); the result
//! is a fresh contiguous tensor, as PyTorch's. Values are computed in `f64`
//! and rounded once to the element type.

use super::reduce::Lanes;
use super::Tensor;
use crate::copy::for_each_index;
use crate::layout::Layout;
use crate::numeric::Float;
use crate::ViewError;

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
        self.along_lanes(dim, |lane, out| {
            let max = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let max = if lane.iter().any(|v| v.is_nan()) {
                f64::NAN
            } else {
                max
            };
            let mut total = 0.0;
            for (o, &v) in out.iter_mut().zip(lane) {
                *o = (v - max).exp();
                total += *o;
            }
            out.iter_mut().for_each(|o| *o /= total);
        })
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
        self.along_lanes(dim, |lane, out| {
            let max = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let max = if lane.iter().any(|v| v.is_nan()) {
                f64::NAN
            } else {
                max
            };
            let total: f64 = lane.iter().map(|&v| (v - max).exp()).sum();
            let shift = max + total.ln();
            for (o, &v) in out.iter_mut().zip(lane) {
                *o = v - shift;
            }
        })
    }

    /// `f(lane, out)` for each lane along `dim`: the lane's values (as `f64`)
    /// in, the lane's results out, into a contiguous tensor of this shape.
    fn along_lanes(
        &self,
        dim: isize,
        mut f: impl FnMut(&[f64], &mut [f64]),
    ) -> Result<Tensor<T>, ViewError> {
        let input = Lanes::new(&self.layout, &[dim], true)?;
        let output = Lanes::new(&Layout::contiguous(self.shape()), &[dim], true)?;
        let mut out_starts = Vec::with_capacity(output.kept.numel());
        for_each_index(&output.kept, |start| out_starts.push(start));
        let mut result = vec![T::default(); self.numel()];
        let (mut lane, mut done) = (Vec::new(), Vec::new());
        let bytes = self.storage.read();
        let data = bytes.as_elements::<T::Repr>();
        let mut next = out_starts.iter();
        for_each_index(&input.kept, |start| {
            lane.clear();
            lane.extend(
                input
                    .lane
                    .iter()
                    .map(|&at| self.read_repr(data[start + at]).to_f64()),
            );
            done.clear();
            done.resize(lane.len(), 0.0);
            f(&lane, &mut done);
            if let Some(&out) = next.next() {
                for (&at, &v) in output.lane.iter().zip(&done) {
                    result[out + at] = T::from_f64(v);
                }
            }
        });
        drop(bytes);
        Tensor::from_vec(result, self.shape())
    }
}

#[cfg(test)]
mod tests {
    use crate::{f16, Tensor};

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
