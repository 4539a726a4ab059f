//! [`Real`] for `f32` and `f64`: the bit-level steps and the constants
//! (fitted polynomial coefficients, lowest degree first; see the parent
//! module for how they were fitted).

use super::Real;

impl Real for f32 {
    const ZERO: f32 = 0.0;
    const HALF: f32 = 0.5;
    const ONE: f32 = 1.0;
    const TWO: f32 = 2.0;
    const INFINITY: f32 = f32::INFINITY;
    const NAN: f32 = f32::NAN;
    const ROUND: f32 = 12_582_912.0; // 1.5 · 2^23
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    const LN2_HI: f32 = 355.0 / 512.0; // 9 bits
    const LN2_LO: f32 = -2.121_944_4e-4;
    const EXP_MIN: f32 = -106.0;
    const EXP_MAX: f32 = 89.0;
    const ROUND_SCALED: f32 = 12_583_103.0; // 1.5 · 2^23 + 127 + 64
    const TWO_POW_NEG_64: f32 = f32::from_bits(0x1F80_0000); // (127 - 64) << 23
    const EXP_Q: &'static [f32] = &[0.5, 0.16666576, 0.041666556, 0.008363178, 0.0013926182];
    const LOG_R: &'static [f32] = &[2.0 / 3.0, 2.0 / 5.0, 2.0 / 7.0, 2.0 / 9.0];
    const TANH_P: &'static [f32] = &[
        -0.33333334,
        0.13333304,
        -0.053959258,
        0.021768918,
        -0.008343945,
        0.0022927448,
    ];
    const TANH_SMALL: f32 = 0.625;
    // fitted: the first is close to, not equal to, 2/√π
    #[allow(clippy::approx_constant)]
    const ERF_P: &'static [f32] = &[
        1.1283791,
        -0.37612608,
        0.112828314,
        -0.026757732,
        0.0047190827,
    ];
    const ERFCX_R: &'static [f32] = &[
        0.28207326,
        0.2826484,
        0.24075787,
        0.21358632,
        -0.05666403,
        0.32851934,
        -0.53781426,
        0.31240195,
        -0.06550894,
    ];
    const GELU_LIMIT: f32 = 14.5;
    const GELU_ERFC_ONLY: bool = true;
    const GELU_T_SCALE: f32 = 0.318_198_06; // 0.45 / √2
                                            // fitted (Chebyshev, weighted for relative error) on `t` in
                                            // `[1 / (1 + 0.45 · 14.5 / √2), 1]`, the whole of gelu's range
    const GELU_ERFCX_S: &'static [f32] = &[
        0.126_936_05,
        0.127_087_32,
        0.112_787_11,
        0.094_511_76,
        0.038_538_71,
        0.031_184_105,
        0.017_838_608,
        -0.108_810_44,
        0.077_218_53,
        -0.017_291_77,
    ];
    const FRAC_1_SQRT_2: f32 = std::f32::consts::FRAC_1_SQRT_2;
    const GELU_TANH_K0: f32 = 1.595_769_2; // 2 √(2/π)
    const GELU_TANH_K1: f32 = 0.071_354_814; // 2 √(2/π) · 0.044715

    #[inline(always)]
    fn abs(self) -> f32 {
        f32::abs(self)
    }

    #[inline(always)]
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }

    #[inline(always)]
    fn copysign(self, sign: f32) -> f32 {
        f32::copysign(self, sign)
    }

    #[inline(always)]
    fn exp2_halves(t: f32) -> (f32, f32) {
        let n = (t.to_bits() as i32).wrapping_sub(Self::ROUND.to_bits() as i32);
        let half = n >> 1;
        let pow2 = |k: i32| f32::from_bits((k.wrapping_add(127) << 23) as u32);
        (pow2(half), pow2(n.wrapping_sub(half)))
    }

    #[inline(always)]
    fn pow2_scaled(t: f32) -> f32 {
        // `ROUND_SCALED`'s bits end in nine zeros, so only `n + 191` stays
        f32::from_bits(t.to_bits() << 23)
    }

    #[inline(always)]
    fn split_log(x: f32) -> (f32, f32) {
        const SQRT_HALF: i32 = 0x3F35_04F3; // bits of √½
        let subnormal = x < f32::MIN_POSITIVE;
        let scaled = if subnormal { x * 8_388_608.0 } else { x }; // 2^23
        let k = (scaled.to_bits() as i32).wrapping_sub(SQRT_HALF);
        let e = (k >> 23).wrapping_sub(if subnormal { 23 } else { 0 });
        let m = f32::from_bits(((k & 0x007F_FFFF).wrapping_add(SQRT_HALF)) as u32);
        (m, e as f32)
    }

    #[inline(always)]
    fn high_half(x: f32) -> f32 {
        f32::from_bits(x.to_bits() & 0xFFFF_F000)
    }

    #[inline(always)]
    fn fma(self, b: f32, c: f32) -> f32 {
        f32::mul_add(self, b, c)
    }
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    const HALF: f64 = 0.5;
    const ONE: f64 = 1.0;
    const TWO: f64 = 2.0;
    const INFINITY: f64 = f64::INFINITY;
    const NAN: f64 = f64::NAN;
    const ROUND: f64 = 6_755_399_441_055_744.0; // 1.5 · 2^52
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const LN2_HI: f64 = 0.693_147_180_369_123_8; // 32 bits
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    const EXP_MIN: f64 = -746.0;
    const EXP_MAX: f64 = 710.0;
    const ROUND_SCALED: f64 = 6_755_399_441_056_831.0; // 1.5 · 2^52 + 1023 + 64
    const TWO_POW_NEG_64: f64 = f64::from_bits(0x3BF0_0000_0000_0000); // (1023 - 64) << 52
    const EXP_Q: &'static [f64] = &[
        0.5000000000000001,
        0.16666666666666669,
        0.041666666666624136,
        0.008333333333330063,
        0.001388888891720967,
        0.00019841269863050506,
        2.4801521302241082e-05,
        2.7557268464831627e-06,
        2.7620085455018414e-07,
        2.510038319586702e-08,
    ];
    const LOG_R: &'static [f64] = &[
        2.0 / 3.0,
        2.0 / 5.0,
        2.0 / 7.0,
        2.0 / 9.0,
        2.0 / 11.0,
        2.0 / 13.0,
        2.0 / 15.0,
        2.0 / 17.0,
        2.0 / 19.0,
        2.0 / 21.0,
    ];
    const TANH_P: &'static [f64] = &[
        -0.3333333333333333,
        0.13333333333333042,
        -0.05396825396789699,
        0.021869488519008305,
        -0.008863235103240878,
        0.0035921217511549622,
        -0.0014557754120478055,
        0.0005896606577757043,
        -0.0002375906496055562,
        9.257116129556769e-05,
        -3.12011014257974e-05,
        6.485163482793113e-06,
    ];
    const TANH_SMALL: f64 = 0.625;
    // fitted: the first equals 2/√π to the last bit
    const ERF_P: &'static [f64] = &[
        std::f64::consts::FRAC_2_SQRT_PI,
        -0.3761263890318375,
        0.1128379167095487,
        -0.02686617064499972,
        0.0052239776220169365,
        -0.0008548326510724796,
        0.00012055286202005714,
        -1.4923003368152099e-05,
        1.637123442577e-06,
        -1.462091340945175e-07,
    ];
    const ERFCX_R: &'static [f64] = &[
        0.28209479178317554,
        0.28209479091256134,
        0.24683297922806777,
        0.17630830907450296,
        0.08376328756669936,
        -0.00461628157422299,
        -0.054748701655247624,
        -0.0682903109586709,
        0.0828409379279315,
        -0.3519993146599432,
        1.54157555583804,
        -4.411507271543635,
        10.28188745144451,
        -19.245563278908385,
        27.395914659949174,
        -28.906638091172756,
        22.27456679731808,
        -12.236816275092714,
        4.560888609770305,
        -1.0377417327909249,
        0.1091531041729927,
    ];
    const GELU_LIMIT: f64 = 39.0;
    const GELU_ERFC_ONLY: bool = false;
    const GELU_T_SCALE: f64 = 0.0; // unused (`GELU_ERFC_ONLY` is false)
    const GELU_ERFCX_S: &'static [f64] = &[0.0];
    const FRAC_1_SQRT_2: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const GELU_TANH_K0: f64 = 1.595_769_121_605_730_8; // 2 √(2/π)
    const GELU_TANH_K1: f64 = 0.071_354_816_272_600_25; // 2 √(2/π) · 0.044715

    #[inline(always)]
    fn abs(self) -> f64 {
        f64::abs(self)
    }

    #[inline(always)]
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }

    #[inline(always)]
    fn copysign(self, sign: f64) -> f64 {
        f64::copysign(self, sign)
    }

    #[inline(always)]
    fn exp2_halves(t: f64) -> (f64, f64) {
        let n = (t.to_bits() as i64).wrapping_sub(Self::ROUND.to_bits() as i64);
        let half = n >> 1;
        let pow2 = |k: i64| f64::from_bits((k.wrapping_add(1023) << 52) as u64);
        (pow2(half), pow2(n.wrapping_sub(half)))
    }

    #[inline(always)]
    fn pow2_scaled(t: f64) -> f64 {
        // `ROUND_SCALED`'s bits end in twelve zeros, so only `n + 1087` stays
        f64::from_bits(t.to_bits() << 52)
    }

    #[inline(always)]
    fn split_log(x: f64) -> (f64, f64) {
        const SQRT_HALF: i64 = 0x3FE6_A09E_667F_3BCD; // bits of √½
        let subnormal = x < f64::MIN_POSITIVE;
        let scaled = if subnormal {
            x * 18_014_398_509_481_984.0
        } else {
            x
        }; // 2^54
        let k = (scaled.to_bits() as i64).wrapping_sub(SQRT_HALF);
        let e = (k >> 52).wrapping_sub(if subnormal { 54 } else { 0 });
        let m = f64::from_bits(((k & 0x000F_FFFF_FFFF_FFFF).wrapping_add(SQRT_HALF)) as u64);
        // `e as f64` without an int-to-float conversion SSE2 lacks for i64
        let e = f64::from_bits((Self::ROUND.to_bits() as i64).wrapping_add(e) as u64) - Self::ROUND;
        (m, e)
    }

    #[inline(always)]
    fn high_half(x: f64) -> f64 {
        f64::from_bits(x.to_bits() & 0xFFFF_FFFF_F800_0000)
    }

    #[inline(always)]
    fn fma(self, b: f64, c: f64) -> f64 {
        f64::mul_add(self, b, c)
    }
}
