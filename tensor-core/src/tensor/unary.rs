//! Element-wise functions of one tensor, as PyTorch computes them: `neg`,
//! `relu`, `abs`, and for float types `exp`, `log`, `sqrt`, `rsqrt`,
//! `tanh`, `sigmoid`, `gelu` (PyTorch's exact, erf form), `gelu_tanh` (its
//! `approximate='tanh'` form) and `pow` by a scalar. Each runs through [`Tensor::map`], so it
//! reads any strided view without copying it first and lays the result out
//! as PyTorch does. The transcendental ones compute in the element type
//! (`f16`/`bf16` in `f32`) with the branch-free kernels of
//! `kernels/math.rs`, which `map`'s loop vectorises; their accuracy (a few
//! ulp) is stated there.
//!
//! They return no `Result`: when memory for the result runs out they abort
//! the process, as a `Vec` does (the ops that return a `Result` return
//! PyTorch's allocator error instead).

use super::Tensor;
use crate::numeric::{Arithmetic, Float, Ordered};

impl<T: Arithmetic> Tensor<T> {
    /// `torch.neg(x)` (`-x`); integers wrap (`-(-128i8)` is `-128`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![1i8, -128], &[2]).unwrap();
    /// assert_eq!(x.neg().to_vec(), vec![-1, -128]);
    /// ```
    pub fn neg(&self) -> Tensor<T> {
        self.map_trusted(T::neg)
    }
}

impl<T: Ordered> Tensor<T> {
    /// `torch.relu(x)`: `max(x, 0)`, keeping NaN and `-0.0` as PyTorch does.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![-2.0f32, 3.0, f32::NAN], &[3]).unwrap();
    /// let y = x.relu().to_vec();
    /// assert_eq!(&y[..2], &[0.0, 3.0]);
    /// assert!(y[2].is_nan());
    /// ```
    pub fn relu(&self) -> Tensor<T> {
        let zero = T::zero();
        self.map_trusted(move |v| if v < zero { zero } else { v })
    }

    /// `torch.abs(x)`: `-0.0` becomes `0.0`, NaN stays NaN, and integers
    /// wrap as PyTorch's do (`abs(-128i8)` is `-128`).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![-3i8, 4, -128], &[3]).unwrap();
    /// assert_eq!(x.abs().to_vec(), vec![3, 4, -128]);
    /// ```
    pub fn abs(&self) -> Tensor<T> {
        let zero = T::zero();
        self.map_trusted(move |v| {
            if v < zero {
                v.neg()
            } else if v == zero {
                zero
            } else {
                v
            }
        })
    }
}

impl<T: Float> Tensor<T> {
    /// `torch.exp(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f64>::zeros(&[2]).unwrap().exp().to_vec(), vec![1.0, 1.0]);
    /// ```
    pub fn exp(&self) -> Tensor<T> {
        self.map_math(T::exp, T::exp_fused)
    }

    /// `torch.log(x)` (natural; `-inf` at 0, NaN below).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let y = Tensor::from_vec(vec![1.0f32, 0.0], &[2]).unwrap().log();
    /// assert_eq!(y.to_vec(), vec![0.0, f32::NEG_INFINITY]);
    /// ```
    pub fn log(&self) -> Tensor<T> {
        self.map_math(T::log, T::log_fused)
    }

    /// `torch.sqrt(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::from_vec(vec![4.0f32, 9.0], &[2]).unwrap().sqrt().to_vec(), vec![2.0, 3.0]);
    /// ```
    pub fn sqrt(&self) -> Tensor<T> {
        self.map_trusted(T::sqrt)
    }

    /// `torch.tanh(x)`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// assert_eq!(Tensor::<f32>::zeros(&[1]).unwrap().tanh().to_vec(), vec![0.0]);
    /// ```
    pub fn tanh(&self) -> Tensor<T> {
        self.map_math(T::tanh, T::tanh_fused)
    }

    /// `torch.nn.functional.gelu(x)` with its default `approximate='none'`:
    /// `x * (1 + erf(x / √2)) / 2`.
    ///
    /// At the top of the `f32` range the result follows PyTorch's two CPU
    /// kernels: on a contiguous tensor of two or more elements PyTorch
    /// runs its vectorised kernel, where `gelu(+inf)` is NaN and inputs
    /// from `2^127` on overflow to `+inf`, else its scalar kernel, where
    /// `gelu(+inf)` is `+inf` (`bf16` and `f16` as `f32`; `f64` is `+inf`
    /// either way).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let y = Tensor::from_vec(vec![1.0f64], &[1]).unwrap().gelu();
    /// assert!((y.to_vec()[0] - 0.8413447460685429).abs() < 1e-12);
    /// // torch.nn.functional.gelu(torch.tensor([inf, 1.])) and of torch.tensor([inf])
    /// let two = Tensor::from_vec(vec![f32::INFINITY, 1.0], &[2]).unwrap().gelu();
    /// assert!(two.to_vec()[0].is_nan());
    /// let one = Tensor::from_vec(vec![f32::INFINITY], &[1]).unwrap().gelu();
    /// assert_eq!(one.to_vec(), vec![f32::INFINITY]);
    /// ```
    pub fn gelu(&self) -> Tensor<T> {
        if self.gelu_runs_vectorized() {
            self.map_math(T::gelu_vectorized, T::gelu_vectorized_fused)
        } else {
            self.map_math(T::gelu, T::gelu_fused)
        }
    }

    /// Whether PyTorch's `gelu` of this tensor runs its vectorised kernel
    /// (see [`Tensor::gelu`]): a contiguous tensor of two or more elements.
    pub(super) fn gelu_runs_vectorized(&self) -> bool {
        self.is_contiguous() && self.numel() >= 2
    }

    /// `torch.nn.functional.gelu(x, approximate='tanh')`:
    /// `0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³)))`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// // torch.nn.functional.gelu(torch.tensor([1.], dtype=torch.float64), approximate='tanh')
    /// let y = Tensor::from_vec(vec![1.0f64], &[1]).unwrap().gelu_tanh();
    /// assert!((y.to_vec()[0] - 0.8411919906082768).abs() < 1e-15);
    /// ```
    pub fn gelu_tanh(&self) -> Tensor<T> {
        self.map_math(T::gelu_tanh, T::gelu_tanh_fused)
    }

    /// `torch.sigmoid(x)`: `1 / (1 + e^{-x})`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let y = Tensor::from_vec(vec![0.0f32, f32::NEG_INFINITY], &[2]).unwrap().sigmoid();
    /// assert_eq!(y.to_vec(), vec![0.5, 0.0]);
    /// ```
    pub fn sigmoid(&self) -> Tensor<T> {
        self.map_math(T::sigmoid, T::sigmoid_fused)
    }

    /// `torch.rsqrt(x)`: `1 / sqrt(x)`, as PyTorch computes it (`inf` at
    /// `0.0`, `-inf` at `-0.0`, NaN below zero).
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::from_vec(vec![4.0f32, 0.0], &[2]).unwrap();
    /// assert_eq!(x.rsqrt().to_vec(), vec![0.5, f32::INFINITY]);
    /// ```
    pub fn rsqrt(&self) -> Tensor<T> {
        let one = T::from_f64(1.0);
        self.map_trusted(move |v| one.div(v.sqrt()))
    }

    /// `torch.pow(x, exponent)` by a scalar. As PyTorch, the exponents 2,
    /// 3, 0.5, -0.5, -1 and -2 are computed as products, `sqrt`, `rsqrt` or
    /// reciprocals (0.5 and -0.5 not for `f16`, where PyTorch's kernel
    /// calls `pow`: `pow(-inf, 0.5)` is `inf` there, NaN through `sqrt`);
    /// others as `powf` (in `f64`, rounded once to the element type).
    ///
    /// ```
    /// use tensor_core::{f16, Tensor};
    /// let x = Tensor::from_vec(vec![4.0f32, -1.0, f32::NEG_INFINITY], &[3]).unwrap();
    /// assert_eq!(x.pow(2.0).to_vec()[..2], [16.0, 1.0]);
    /// assert_eq!(x.pow(-0.5).to_vec()[0], 0.5);
    /// assert!(x.pow(1.5).to_vec()[1].is_nan());
    /// // torch.pow(x, 0.5) of -inf: NaN in float32, inf in float16
    /// assert!(x.pow(0.5).to_vec()[2].is_nan());
    /// let h = Tensor::from_vec(vec![f16::NEG_INFINITY], &[1]).unwrap();
    /// assert_eq!(h.pow(0.5).to_vec(), vec![f16::INFINITY]);
    /// ```
    pub fn pow(&self, exponent: f64) -> Tensor<T> {
        let one = T::from_f64(1.0);
        let roots = T::DTYPE != crate::DType::F16;
        if exponent == 2.0 {
            self.map_trusted(|v| v.mul(v))
        } else if exponent == 3.0 {
            self.map_trusted(|v| v.mul(v).mul(v))
        } else if exponent == 0.5 && roots {
            self.map_trusted(T::sqrt)
        } else if exponent == -0.5 && roots {
            self.map_trusted(move |v| one.div(v.sqrt()))
        } else if exponent == -1.0 {
            self.map_trusted(move |v| one.div(v))
        } else if exponent == -2.0 {
            self.map_trusted(move |v| one.div(v.mul(v)))
        } else {
            self.map_trusted(move |v| T::from_f64(v.to_f64().powf(exponent)))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{f16, Tensor};

    #[test]
    fn strided_views_are_read_in_place() {
        let x = Tensor::<f32>::arange(6).view(&[2, 3]).unwrap();
        let t = x.t().unwrap();
        let y = t.exp();
        assert_eq!(y.shape(), &[3, 2]);
        assert_eq!(y.stride(), &[1, 3]);
        assert_eq!(y.get(&[2, 1]).unwrap(), 5.0f32.exp());
        assert_eq!(t.neg().get(&[1, 1]).unwrap(), -4.0);
    }

    /// `torch.sigmoid` and `F.gelu(x, approximate='tanh')` of
    /// `[-3, -0.5, 0, 0.5, 3]` in PyTorch 2.15, within the golden cases'
    /// tolerances (tests/golden/FORMAT.md) for `f32`, `bf16` and `f16`.
    /// (PyTorch's `f32` `gelu_tanh(-3)` is itself 1e-5 off the `f64` value,
    /// -0.0036373920817..., which ours is within 1 ulp of.)
    #[test]
    fn sigmoid_and_tanh_gelu_match_pytorch() {
        use crate::bf16;
        let x = [-3.0f64, -0.5, 0.0, 0.5, 3.0];
        type Row = (&'static str, f64, f64, [f64; 5], [f64; 5]);
        let rows: [Row; 3] = [
            (
                "f32",
                1e-5,
                1e-6,
                [
                    0.04742587357759476,
                    0.3775406777858734,
                    0.5,
                    0.622459352016449,
                    0.9525741338729858,
                ],
                [
                    -0.0036374330520629883,
                    -0.1542859971523285,
                    0.0,
                    0.3457140028476715,
                    2.9963626861572266,
                ],
            ),
            (
                "bf16",
                1.6e-2,
                1e-2,
                [0.04736328125, 0.376953125, 0.5, 0.62109375, 0.953125],
                [-0.003631591796875, -0.154296875, 0.0, 0.345703125, 3.0],
            ),
            (
                "f16",
                2e-3,
                1e-3,
                [
                    0.04742431640625,
                    0.37744140625,
                    0.5,
                    0.62255859375,
                    0.95263671875,
                ],
                [
                    -0.0036373138427734375,
                    -0.154296875,
                    0.0,
                    0.345703125,
                    2.99609375,
                ],
            ),
        ];
        for (dtype, rtol, atol, sigmoid, gelu_tanh) in rows {
            let (s, g): (Vec<f64>, Vec<f64>) = match dtype {
                "f32" => {
                    let t = Tensor::from_vec(x.map(|v| v as f32).to_vec(), &[5]).unwrap();
                    let wide = |t: Tensor<f32>| t.to_vec().into_iter().map(f64::from).collect();
                    (wide(t.sigmoid()), wide(t.gelu_tanh()))
                }
                "bf16" => {
                    let t = Tensor::from_vec(x.map(bf16::from_f64).to_vec(), &[5]).unwrap();
                    let wide = |t: Tensor<bf16>| t.to_vec().into_iter().map(bf16::to_f64).collect();
                    (wide(t.sigmoid()), wide(t.gelu_tanh()))
                }
                _ => {
                    let t = Tensor::from_vec(x.map(f16::from_f64).to_vec(), &[5]).unwrap();
                    let wide = |t: Tensor<f16>| t.to_vec().into_iter().map(f16::to_f64).collect();
                    (wide(t.sigmoid()), wide(t.gelu_tanh()))
                }
            };
            for (got, want) in s
                .into_iter()
                .zip(sigmoid)
                .chain(g.into_iter().zip(gelu_tanh))
            {
                assert!(
                    (got - want).abs() <= atol + rtol * want.abs(),
                    "{dtype}: {got} vs {want}"
                );
            }
        }
    }

    /// PyTorch 2.15's `F.gelu` (and `torch._C._nn.gelu_`) at the top of
    /// the range: its vectorised kernel (contiguous, two or more elements)
    /// gives `[nan, inf, inf, 2^127 - ulp, 0.8413, -0, nan]` for
    /// `[inf, 3e38, 2^127, 2^127 - ulp, 1, -3e38, -inf]` in `f32`; `bf16`
    /// `[3e38, 2^127, inf]` gives `[inf, inf, nan]`, `f16` `[inf, 1]`
    /// `[nan, 0.8413]`; its scalar kernel (one element, or strided) gives
    /// `inf`, `3e38`, `2^127`; `f64` gives `inf` and `x` in both.
    #[test]
    fn gelu_of_huge_inputs_follows_pytorchs_two_kernels() {
        use crate::bf16;
        let big = f32::from_bits(0x7f00_0000); // 2^127
        let below = f32::from_bits(0x7eff_ffff);
        let x = vec![
            f32::INFINITY,
            3e38,
            big,
            below,
            1.0,
            -3e38,
            f32::NEG_INFINITY,
        ];
        let y = Tensor::from_vec(x.clone(), &[7]).unwrap().gelu().to_vec();
        assert!(y[0].is_nan() && y[6].is_nan());
        assert_eq!(&y[1..4], &[f32::INFINITY, f32::INFINITY, below]);
        assert!((y[4] - 0.841_344_7).abs() < 1e-6);
        assert_eq!(y[5].to_bits(), (-0.0f32).to_bits());
        // the in-place form runs the same kernel
        let t = Tensor::from_vec(x.clone(), &[7]).unwrap();
        t.gelu_().unwrap();
        assert!(t.to_vec()[0].is_nan());
        assert_eq!(t.to_vec()[2], f32::INFINITY);
        // one element, a strided view, a transposed view: the scalar kernel
        for v in [f32::INFINITY, 3e38, big] {
            let one = Tensor::from_vec(vec![v], &[1]).unwrap();
            assert_eq!(one.gelu().to_vec(), vec![v]);
            let s = Tensor::from_vec(vec![v, 1.0, 2.0, 3.0], &[4]).unwrap();
            let strided = s.as_strided(&[2], &[2], 0).unwrap();
            assert_eq!(strided.gelu().to_vec()[0], v);
            let t = s.view(&[2, 2]).unwrap().t().unwrap();
            assert_eq!(t.gelu().to_vec()[0], v);
            let inplace = Tensor::from_vec(vec![v], &[1]).unwrap();
            inplace.gelu_().unwrap();
            assert_eq!(inplace.to_vec(), vec![v]);
        }
        let b = Tensor::from_vec(
            vec![bf16::from_f32(3e38), bf16::from_f32(big), bf16::INFINITY],
            &[3],
        )
        .unwrap()
        .gelu()
        .to_vec();
        assert_eq!(&b[..2], &[bf16::INFINITY, bf16::INFINITY]);
        assert!(b[2].is_nan());
        let h = Tensor::from_vec(vec![f16::INFINITY, f16::ONE], &[2])
            .unwrap()
            .gelu();
        assert!(h.to_vec()[0].is_nan());
        let d = Tensor::from_vec(vec![f64::INFINITY, 1.7e308, 1.0], &[3]).unwrap();
        assert_eq!(&d.gelu().to_vec()[..2], &[f64::INFINITY, 1.7e308]);
        // the tanh form is +inf in every kernel
        let g = Tensor::from_vec(vec![f32::INFINITY, 3e38, 1.0], &[3]).unwrap();
        assert_eq!(&g.gelu_tanh().to_vec()[..2], &[f32::INFINITY, 3e38]);
    }

    #[test]
    fn relu_of_integers_and_halves() {
        let i = Tensor::from_vec(vec![-3i64, 0, 7], &[3]).unwrap();
        assert_eq!(i.relu().to_vec(), vec![0, 0, 7]);
        let h = Tensor::from_vec(vec![f16::from_f32(-1.0), f16::from_f32(2.5)], &[2]).unwrap();
        assert_eq!(h.relu().to_vec(), vec![f16::ZERO, f16::from_f32(2.5)]);
        assert_eq!(h.sqrt().to_vec()[1], f16::from_f32(2.5f32.sqrt()));
    }
}
