//! Random fills of an all-static typed shape, reproducible from a seed:
//! [`Generator`] and `Tensor::<f32, (D<2>, D<3>)>::rand(&mut g)` / `randn`.
//!
//! The generator is PCG32 (O'Neill's PCG-XSH-RR, 64-bit state, 32-bit
//! output), a dozen lines here rather than a dependency: its output is fixed
//! by its definition (checked against the reference implementation's
//! published values), so a seed gives the same tensors in every version of
//! this crate, which `rand`'s `StdRng` does not promise across its releases.
//! The values are not PyTorch's (its Mersenne Twister and its kernels' draw
//! order are not reproduced); `rand` and `randn` follow PyTorch's
//! distributions: uniform on `[0, 1)` and standard normal.

use crate::numeric::Float;
use crate::static_shape::Infallible;
use crate::tensor::Tensor;
use crate::typed::list::DimList;
use crate::DType;

/// A seeded random generator (PCG32), as `torch.Generator().manual_seed(seed)`
/// is used: the same seed gives the same fills.
///
/// ```
/// use tensor_view::{typed::Generator, Tensor, D};
/// let a = Tensor::<f32, (D<2>, D<3>)>::rand(&mut Generator::manual_seed(7));
/// let b = Tensor::<f32, (D<2>, D<3>)>::rand(&mut Generator::manual_seed(7));
/// assert_eq!(a.to_vec(), b.to_vec());
/// assert!(a.to_vec().iter().all(|v| (0.0..1.0).contains(v)));
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    state: u64,
    increment: u64,
}

/// PCG's 64-bit LCG multiplier.
const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

impl Generator {
    /// The generator of `seed` (on PCG's stream 54, its demo's).
    ///
    /// ```
    /// use tensor_view::typed::Generator;
    /// let mut g = Generator::manual_seed(42);
    /// assert_eq!(g.next_u32(), 0xa15c02b7);
    /// ```
    pub fn manual_seed(seed: u64) -> Generator {
        Generator::with_stream(seed, 54)
    }

    /// PCG's `pcg32_srandom_r(seed, stream)`.
    fn with_stream(seed: u64, stream: u64) -> Generator {
        let mut g = Generator {
            state: 0,
            increment: (stream << 1) | 1,
        };
        g.next_u32();
        g.state = g.state.wrapping_add(seed);
        g.next_u32();
        g
    }

    /// The next 32 random bits (PCG-XSH-RR).
    ///
    /// ```
    /// use tensor_view::typed::Generator;
    /// let mut g = Generator::manual_seed(1);
    /// assert_ne!(g.next_u32(), g.next_u32());
    /// ```
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.increment);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }

    /// 64 random bits: two draws, the first the high half.
    fn next_u64(&mut self) -> u64 {
        (u64::from(self.next_u32()) << 32) | u64::from(self.next_u32())
    }

    /// Uniform on `[0, 1)` with `digits` bits of mantissa: exactly
    /// representable in a type of that precision, so never rounded up to 1.
    fn uniform(&mut self, digits: u32) -> f64 {
        (self.next_u64() >> (64 - digits)) as f64 / (1u64 << digits) as f64
    }

    /// A standard normal draw (Box–Muller, in `f64`).
    fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.uniform(53); // (0, 1]: its log is finite
        let u2 = self.uniform(53);
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

/// The mantissa digits of a float type.
fn digits<T: Float>() -> u32 {
    match T::DTYPE {
        DType::F16 => 11,
        DType::BF16 => 8,
        DType::F32 => 24,
        _ => 53,
    }
}

impl<T: Float, L: DimList<Outcome = Infallible>> Tensor<T, L> {
    /// `torch.rand(shape, generator=g)` of the all-static shape `L`: uniform
    /// on `[0, 1)`, row-major, drawn in row-major order.
    ///
    /// ```
    /// use tensor_view::{typed::Generator, Tensor, D};
    /// let x = Tensor::<f64, (D<1000>,)>::rand(&mut Generator::manual_seed(0));
    /// let mean = x.to_vec().iter().sum::<f64>() / 1000.0;
    /// assert!((mean - 0.5).abs() < 0.05);
    /// ```
    pub fn rand(generator: &mut Generator) -> Tensor<T, L> {
        let d = digits::<T>();
        Self::filled(|| generator.uniform(d))
    }

    /// `torch.randn(shape, generator=g)` of the all-static shape `L`:
    /// standard normal, row-major, drawn in row-major order.
    ///
    /// ```
    /// use tensor_view::{typed::Generator, Tensor, D};
    /// let x = Tensor::<f32, (D<2>, D<500>)>::randn(&mut Generator::manual_seed(0));
    /// let mean = x.to_vec().iter().sum::<f32>() / 1000.0;
    /// assert!(mean.abs() < 0.1);
    /// ```
    pub fn randn(generator: &mut Generator) -> Tensor<T, L> {
        Self::filled(|| generator.normal())
    }

    fn filled(mut draw: impl FnMut() -> f64) -> Tensor<T, L> {
        let x = super::convert::zeros::<T, L>();
        for v in x.storage.write().as_elements_mut::<T::Repr>() {
            *v = T::from_f64(draw()).into_repr();
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::Generator;
    use crate::typed::D;
    use crate::{bf16, f16, Tensor};

    #[test]
    fn pcg32_matches_the_reference_output() {
        // pcg-c-basic's pcg32-demo, pcg32_srandom_r(&rng, 42u, 54u), round 1
        let mut g = Generator::with_stream(42, 54);
        let got: Vec<u32> = (0..6).map(|_| g.next_u32()).collect();
        assert_eq!(
            got,
            vec![0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]
        );
    }

    #[test]
    fn fills_are_in_range_and_follow_their_distributions() {
        let mut g = Generator::manual_seed(3);
        let u = Tensor::<f64, (D<100>, D<100>)>::rand(&mut g).to_vec();
        assert!(u.iter().all(|v| (0.0..1.0).contains(v)));
        let mean = u.iter().sum::<f64>() / 1e4;
        let var = u.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 1e4;
        assert!((mean - 0.5).abs() < 0.01 && (var - 1.0 / 12.0).abs() < 0.005);
        let n = Tensor::<f64, (D<100>, D<100>)>::randn(&mut g).to_vec();
        let mean = n.iter().sum::<f64>() / 1e4;
        let var = n.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 1e4;
        assert!(mean.abs() < 0.03 && (var - 1.0).abs() < 0.05);
        // half types: never rounded up to 1
        let h = Tensor::<f16, (D<4096>,)>::rand(&mut g).to_vec();
        assert!(h.iter().all(|v| v.to_f32() < 1.0));
        let b = Tensor::<bf16, (D<4096>,)>::rand(&mut g).to_vec();
        assert!(b.iter().all(|v| v.to_f32() < 1.0));
    }
}
