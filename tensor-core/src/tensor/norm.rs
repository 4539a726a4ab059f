//! `layer_norm` and `rms_norm` over the last dims, numerically as PyTorch's
//! CPU kernels compute them, with PyTorch's checks and messages.
//!
//! Both compute in PyTorch's *opmath* type (`f32` for `f16`, `bf16` and
//! `f32`; `f64` for `f64`) and round once to the element type:
//!
//! - `layer_norm`: per row of the normalized dims, the mean and the biased
//!   variance (two passes), `rstd = 1 / sqrt(var + eps)`, then
//!   `(x * rstd + (-mean * rstd)) * weight + bias`, the form of PyTorch's
//!   kernel (`(x - mean) / sqrt(var + eps) * weight + bias` up to rounding);
//! - `rms_norm`: `x * rsqrt(mean(x²) + eps)` rounded to the element type,
//!   then times `weight` (PyTorch's composite does the same, so a half
//!   weight multiplies a half value); `eps` defaults to the opmath type's
//!   epsilon.
//!
//! The result is a fresh contiguous tensor; the input is read in its logical
//! order whatever its strides.

use super::Tensor;
use crate::error::IntList;
use crate::numeric::Float;
use crate::{DType, ErrorKind, ViewError};

impl<T: Float> Tensor<T> {
    /// `torch.nn.functional.layer_norm(x, normalized_shape, weight, bias, eps)`:
    /// each row of the last `normalized_shape.len()` dims normalized to mean
    /// 0 and (biased) variance 1, then scaled by `weight` and shifted by
    /// `bias` (each of shape `normalized_shape`, or absent).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0, 4.0, 4.0], &[2, 3]).unwrap();
    /// let w = Tensor::from_vec(vec![1.0f32, 1.0, 2.0], &[3]).unwrap();
    /// let y = x.layer_norm(&[3], Some(&w), None, 0.0).unwrap().to_vec();
    /// let r = 1.5f32.sqrt(); // 1 / sqrt(var) with var = 2/3
    /// assert!((y[0] + r).abs() < 1e-6 && (y[2] - 2.0 * r).abs() < 1e-6);
    /// assert!(y[3].is_nan()); // a constant row with eps = 0, as PyTorch
    /// assert_eq!(
    ///     x.layer_norm(&[4], None, None, 1e-5).unwrap_err().to_string(),
    ///     "Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]"
    /// );
    /// ```
    pub fn layer_norm(
        &self,
        normalized_shape: &[usize],
        weight: Option<&Tensor<T>>,
        bias: Option<&Tensor<T>>,
        eps: f64,
    ) -> Result<Tensor<T>, ViewError> {
        check_affine(normalized_shape, weight, bias)?;
        if !ends_with(self.shape(), normalized_shape) {
            return Err(ViewError::runtime(format!(
                "Given normalized_shape={}, expected input with shape [*, {}], but got input of size{}",
                IntList(normalized_shape),
                Joined(normalized_shape),
                IntList(self.shape()),
            )));
        }
        let rows = Rows::read(self, normalized_shape, weight, bias);
        let out = match T::DTYPE {
            DType::F64 => rows.layer_norm::<f64>(eps),
            _ => rows.layer_norm::<f32>(eps),
        };
        Tensor::from_vec(out, self.shape())
    }

    /// `torch.nn.functional.rms_norm(x, normalized_shape, weight, eps)`:
    /// each row of the last `normalized_shape.len()` dims divided by its
    /// root mean square, `x * rsqrt(mean(x²) + eps)`, then scaled by
    /// `weight`. `eps = None` is PyTorch's default, the epsilon of the type
    /// it computes in (`f32::EPSILON` for `f16`, `bf16` and `f32`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![3.0f32, 4.0], &[1, 2]).unwrap();
    /// let y = x.rms_norm(&[2], None, Some(0.0)).unwrap().to_vec();
    /// let rms = 12.5f32.sqrt();
    /// assert!((y[0] - 3.0 / rms).abs() < 1e-6 && (y[1] - 4.0 / rms).abs() < 1e-6);
    /// assert_eq!(
    ///     x.rms_norm(&[3, 1, 2], None, None).unwrap_err().to_string(),
    ///     "Input tensor must have at least 3 dimensions, but got 2"
    /// );
    /// ```
    pub fn rms_norm(
        &self,
        normalized_shape: &[usize],
        weight: Option<&Tensor<T>>,
        eps: Option<f64>,
    ) -> Result<Tensor<T>, ViewError> {
        check_affine(normalized_shape, weight, None)?;
        let (ndim, want) = (self.dim(), normalized_shape.len());
        if ndim < want {
            return Err(ViewError::Message {
                kind: ErrorKind::ValueError,
                message: format!(
                    "Input tensor must have at least {want} dimensions, but got {ndim}"
                ),
            });
        }
        if !ends_with(self.shape(), normalized_shape) {
            return Err(ViewError::runtime(format!(
                "Given normalized_shape={}, expected input with shape [*{}], but got input of size{}",
                IntList(normalized_shape),
                Joined(normalized_shape),
                IntList(self.shape()),
            )));
        }
        let rows = Rows::read(self, normalized_shape, weight, None);
        let out = match T::DTYPE {
            DType::F64 => rows.rms_norm::<f64>(eps.unwrap_or(f64::EPSILON)),
            _ => rows.rms_norm::<f32>(eps.unwrap_or(f64::from(f32::EPSILON))),
        };
        Tensor::from_vec(out, self.shape())
    }
}

/// PyTorch's first checks (`_check_layer_norm_inputs`): a normalized shape
/// of at least one dim, then the weight's and the bias's shapes.
fn check_affine<T: Float>(
    normalized_shape: &[usize],
    weight: Option<&Tensor<T>>,
    bias: Option<&Tensor<T>>,
) -> Result<(), ViewError> {
    if normalized_shape.is_empty() {
        return Err(ViewError::runtime(
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []",
        ));
    }
    for (name, t) in [("weight", weight), ("bias", bias)] {
        if let Some(t) = t.filter(|t| t.shape() != normalized_shape) {
            return Err(ViewError::runtime(format!(
                "Expected {name} to be of same shape as normalized_shape, but got {name} of shape {} and normalized_shape = {}",
                IntList(t.shape()),
                IntList(normalized_shape),
            )));
        }
    }
    Ok(())
}

fn ends_with(shape: &[usize], tail: &[usize]) -> bool {
    shape.len() >= tail.len() && &shape[shape.len() - tail.len()..] == tail
}

/// Sizes joined by `", "` with no brackets: `2, 3`.
struct Joined<'a>(&'a [usize]);

impl std::fmt::Display for Joined<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = IntList(self.0).to_string();
        f.write_str(&text[1..text.len() - 1])
    }
}

/// The type a norm computes in: `f32` or `f64`.
trait Opmath:
    Copy + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self> + std::ops::Mul<Output = Self>
{
    const ZERO: Self;
    fn of<T: Float>(v: T) -> Self;
    fn from_f64(v: f64) -> Self;
    fn from_usize(n: usize) -> Self;
    fn div(self, other: Self) -> Self;
    fn rsqrt(self) -> Self;
    fn to<T: Float>(self) -> T;
}

macro_rules! opmath {
    ($t:ty) => {
        impl Opmath for $t {
            const ZERO: $t = 0.0;
            #[inline(always)]
            fn of<T: Float>(v: T) -> $t {
                v.to_f64() as $t
            }
            fn from_f64(v: f64) -> $t {
                v as $t
            }
            fn from_usize(n: usize) -> $t {
                n as $t
            }
            #[inline(always)]
            fn div(self, other: $t) -> $t {
                self / other
            }
            fn rsqrt(self) -> $t {
                1.0 / self.sqrt()
            }
            #[inline(always)]
            fn to<T: Float>(self) -> T {
                T::from_f64(f64::from(self))
            }
        }
    };
}
opmath!(f32);
opmath!(f64);

/// A norm's operands, read in logical order: the input as rows of `n`
/// elements, and the weight and bias (`n` each) when given.
struct Rows<T> {
    x: Vec<T>,
    n: usize,
    weight: Option<Vec<T>>,
    bias: Option<Vec<T>>,
}

impl<T: Float> Rows<T> {
    fn read(
        x: &Tensor<T>,
        normalized_shape: &[usize],
        weight: Option<&Tensor<T>>,
        bias: Option<&Tensor<T>>,
    ) -> Rows<T> {
        Rows {
            x: x.to_vec(),
            n: normalized_shape.iter().product(),
            weight: weight.map(Tensor::to_vec),
            bias: bias.map(Tensor::to_vec),
        }
    }

    /// Each row's (weight, bias) at `j`: the identity where absent.
    fn affine<A: Opmath>(&self, j: usize) -> (A, A) {
        let w = self
            .weight
            .as_ref()
            .map_or(A::from_f64(1.0), |w| A::of(w[j]));
        let b = self.bias.as_ref().map_or(A::ZERO, |b| A::of(b[j]));
        (w, b)
    }

    fn layer_norm<A: Opmath>(&self, eps: f64) -> Vec<T> {
        let mut out = Vec::with_capacity(self.x.len());
        if self.n == 0 {
            return out;
        }
        let count = A::from_usize(self.n);
        for row in self.x.chunks_exact(self.n) {
            let mean = row.iter().fold(A::ZERO, |s, &v| s + A::of(v)).div(count);
            let var = row
                .iter()
                .fold(A::ZERO, |s, &v| {
                    let d = A::of(v) - mean;
                    s + d * d
                })
                .div(count);
            let rstd = (var + A::from_f64(eps)).rsqrt();
            let shift = A::ZERO - mean * rstd;
            out.extend(row.iter().enumerate().map(|(j, &v)| {
                let (w, b) = self.affine::<A>(j);
                ((A::of(v) * rstd + shift) * w + b).to::<T>()
            }));
        }
        out
    }

    fn rms_norm<A: Opmath>(&self, eps: f64) -> Vec<T> {
        let mut out = Vec::with_capacity(self.x.len());
        if self.n == 0 {
            return out;
        }
        let count = A::from_usize(self.n);
        for row in self.x.chunks_exact(self.n) {
            let mean_sq = row
                .iter()
                .fold(A::ZERO, |s, &v| s + A::of(v) * A::of(v))
                .div(count);
            let r = (mean_sq + A::from_f64(eps)).rsqrt();
            out.extend(row.iter().enumerate().map(|(j, &v)| {
                let y: T = (A::of(v) * r).to();
                match &self.weight {
                    Some(w) => (A::of(y) * A::of(w[j])).to(),
                    None => y,
                }
            }));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{bf16, f16, Tensor};

    /// Layer norm by its definition in `f64`.
    fn reference(x: &[f64], n: usize, w: &[f64], b: &[f64], eps: f64) -> Vec<f64> {
        x.chunks(n)
            .flat_map(|row| {
                let mean = row.iter().sum::<f64>() / n as f64;
                let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n as f64;
                row.iter()
                    .enumerate()
                    .map(move |(j, v)| (v - mean) / (var + eps).sqrt() * w[j] + b[j])
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    #[test]
    fn layer_norm_of_a_transposed_input_matches_the_definition() {
        let values: Vec<f64> = (0..24).map(|i| ((i * 7 % 11) as f64 - 5.0) / 3.0).collect();
        let x = Tensor::from_vec(values.clone(), &[4, 6]).unwrap();
        let xt = x.t().unwrap(); // [6, 4], rows read through the strides
        let w = Tensor::from_vec(vec![0.5, -1.0, 2.0, 1.5], &[4]).unwrap();
        let b = Tensor::from_vec(vec![0.0, 0.25, -0.5, 1.0], &[4]).unwrap();
        let got = xt.layer_norm(&[4], Some(&w), Some(&b), 1e-5).unwrap();
        assert_eq!(got.shape(), &[6, 4]);
        assert!(got.is_contiguous());
        let logical = xt.contiguous().unwrap().to_vec();
        let want = reference(&logical, 4, &w.to_vec(), &b.to_vec(), 1e-5);
        for (g, r) in got.to_vec().iter().zip(&want) {
            assert!((g - r).abs() < 1e-12, "{g} vs {r}");
        }
    }

    #[test]
    fn layer_norm_over_two_dims_and_half_types() {
        let values: Vec<f32> = (0..12).map(|i| (i * 5 % 7) as f32 - 3.0).collect();
        let x = Tensor::from_vec(values.clone(), &[2, 2, 3]).unwrap();
        let y = x.layer_norm(&[2, 3], None, None, 1e-5).unwrap().to_vec();
        let want = reference(
            &values.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(),
            6,
            &[1.0; 6],
            &[0.0; 6],
            1e-5,
        );
        for (g, r) in y.iter().zip(&want) {
            assert!((f64::from(*g) - r).abs() < 1e-5, "{g} vs {r}");
        }
        let h = Tensor::from_vec(values.iter().map(|&v| f16::from_f32(v)).collect(), &[2, 6]);
        let hy = h
            .unwrap()
            .layer_norm(&[6], None, None, 1e-5)
            .unwrap()
            .to_vec();
        for (g, r) in hy.iter().zip(&want) {
            assert!((f64::from(g.to_f32()) - r).abs() < 2e-3 * r.abs() + 1e-3);
        }
        let bf = Tensor::from_vec(values.iter().map(|&v| bf16::from_f32(v)).collect(), &[12]);
        assert_eq!(
            bf.unwrap()
                .layer_norm(&[12], None, None, 1e-5)
                .unwrap()
                .shape(),
            &[12]
        );
    }

    #[test]
    fn checks_come_in_pytorchs_order() {
        let x = Tensor::<f32>::zeros(&[4, 2, 3]).unwrap();
        let w4 = Tensor::<f32>::ones(&[4]).unwrap();
        let b5 = Tensor::<f32>::ones(&[5]).unwrap();
        let text = |r: Result<Tensor<f32>, crate::ViewError>| r.unwrap_err().to_string();
        assert_eq!(
            text(x.layer_norm(&[], Some(&w4), None, 1e-5)),
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []"
        );
        assert_eq!(
            text(x.layer_norm(&[4], Some(&w4), Some(&b5), 1e-5)),
            "Expected bias to be of same shape as normalized_shape, but got bias of shape [5] and normalized_shape = [4]"
        );
        assert_eq!(
            text(x.layer_norm(&[1, 2, 3], None, None, 1e-5)),
            "Given normalized_shape=[1, 2, 3], expected input with shape [*, 1, 2, 3], but got input of size[4, 2, 3]"
        );
        assert_eq!(
            text(x.rms_norm(&[2, 4], None, None)),
            "Given normalized_shape=[2, 4], expected input with shape [*2, 4], but got input of size[4, 2, 3]"
        );
        let e = x.rms_norm(&[1, 4, 2, 3], None, None).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::ValueError);
        // empty rows and an empty batch give empty results
        let empty = Tensor::<f32>::zeros(&[0, 3]).unwrap();
        assert_eq!(
            empty.layer_norm(&[3], None, None, 1e-5).unwrap().shape(),
            &[0, 3]
        );
        let none = Tensor::<f32>::zeros(&[2, 0]).unwrap();
        assert_eq!(none.rms_norm(&[0], None, None).unwrap().shape(), &[2, 0]);
    }

    #[test]
    fn rms_norm_default_eps_is_the_opmath_epsilon() {
        // PyTorch 2.15: torch.rms_norm(torch.tensor([0.01, 0.02], dtype=torch.float16), (2,))
        // gives [0.6323, 1.2646] (f32's epsilon; f16's would give [0.2856, 0.5713]).
        let x = Tensor::from_vec(vec![f16::from_f32(0.01), f16::from_f32(0.02)], &[2]).unwrap();
        let y = x.rms_norm(&[2], None, None).unwrap().to_vec();
        assert_eq!(y, vec![f16::from_f32(0.6323), f16::from_f32(1.2646)]);
    }
}
