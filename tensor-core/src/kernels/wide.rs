//! Hot loops compiled for AVX-512 or AVX2 when the CPU has them, chosen at
//! run time.
//!
//! The crate builds for baseline x86-64, where LLVM vectorises the plain
//! loops of `map`, the reductions and `softmax` with SSE2 (four `f32` per
//! instruction, no blend, no wide compare-and-convert). [`Level::run`] calls
//! such a loop inside a function compiled with AVX-512 (sixteen `f32` per
//! instruction, when [`Level::detect`] found AVX-512 F, VL, BW and DQ) or
//! AVX2 (eight), so the same Rust source gets a second, wider compilation.
//! The operations are the same IEEE ones in the same order (Rust never
//! contracts `a * b + c` into an FMA, and no instruction set changes
//! rounding), so the results are bit-for-bit those of the SSE2 build
//! (tested in `kernels/tests.rs`, `wide_loops_give_the_base_loops_bits`,
//! for each level this CPU has); only the speed changes. The compute-bound
//! kernels of `math.rs` (GELU, sigmoid, `tanh`, softmax's `exp`) gain most
//! from the sixteen lanes: about 1.6 times the AVX2 speed for GELU
//! (BENCHMARKS.md section 12). [`Level::run_fma`] is the one exception to
//! "same bits": the math ops' loops (`exp`, `log`, `tanh`, `sigmoid`, both
//! GELUs through `map`, with `map::WithFma`, and `softmax`), written over
//! [`super::math::Mode`], run with FMA (`math::Fused`) where the level has
//! it (AVX-512, or AVX2 with FMA), and with plain products and sums
//! (`math::Plain`) elsewhere; an FMA rounds once where the pair rounds
//! twice, so those results differ in the last bits between levels, each
//! within the stated ulp bounds of the reference (tested per mode), and
//! each level gives the bits of the scalar kernel of its mode. LLVM ends an AVX function with `vzeroupper`,
//! so the SSE code that follows pays no state-transition penalty (issue 32).
//!
//! Only what is inlined into the wide function is compiled for it: the
//! closure given to [`Level::run`] is marked `#[inline(always)]` (else
//! LLVM, inlining bottom-up, may find it too big by then and call it as
//! compiled for the baseline), and so is everything its loop calls (the
//! math kernels, the element conversions).

/// The widest instruction set the loops may use on this CPU.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Level {
    /// AVX2 is present (only [`Level::detect`] sets it).
    avx2: bool,
    /// AVX-512 F, VL, BW and DQ are present, and AVX2 and FMA (only
    /// [`Level::detect`] sets it).
    avx512: bool,
    /// FMA is present beside AVX2 (only [`Level::detect`] sets it).
    fma: bool,
}

impl Level {
    /// The level of this CPU (capped in tests that ask for it with
    /// [`force_base`] or [`force_avx2`]).
    #[inline]
    pub(crate) fn detect() -> Level {
        #[cfg(target_arch = "x86_64")]
        let level = {
            let avx2 = std::arch::is_x86_feature_detected!("avx2");
            let fma = avx2 && std::arch::is_x86_feature_detected!("fma");
            let avx512 = fma
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512vl")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512dq");
            Level { avx2, avx512, fma }
        };
        #[cfg(not(target_arch = "x86_64"))]
        let level = Level {
            avx2: false,
            avx512: false,
            fma: false,
        };
        #[cfg(test)]
        let level = match CAP.with(|c| c.get()) {
            Cap::Base => Level {
                avx2: false,
                avx512: false,
                fma: false,
            },
            Cap::Avx2 => Level {
                avx512: false,
                ..level
            },
            Cap::Avx2NoFma => Level {
                avx512: false,
                fma: false,
                ..level
            },
            Cap::None => level,
        };
        level
    }

    /// Whether the loops run compiled for AVX2 or wider.
    #[cfg(test)]
    pub(crate) fn is_wide(self) -> bool {
        self.avx2
    }

    /// Whether the loops of [`Level::run_fma`] run with FMA.
    #[cfg(test)]
    pub(crate) fn has_fma(self) -> bool {
        self.fma
    }

    /// Whether the loops run compiled for AVX-512.
    #[cfg(test)]
    pub(crate) fn is_avx512(self) -> bool {
        self.avx512
    }

    /// `body()`, compiled for the widest instruction set this level has.
    #[inline(always)]
    pub(crate) fn run<R>(self, body: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: `avx512` is set only by `detect`, from the CPU's
            // report that AVX2, FMA and AVX-512 F, VL, BW and DQ are present;
            // `with_avx512` needs nothing else.
            return unsafe { with_avx512(body) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only by `detect`, from the CPU's report
            // that AVX2 is present; `with_avx2` needs nothing else.
            return unsafe { with_avx2(body) };
        }
        body()
    }

    /// `body(fused)`, compiled for the widest instruction set this level
    /// has, with `fused` true where that set has FMA (AVX-512, or AVX2 with
    /// FMA): `body` then computes with [`super::math::Fused`], else with
    /// [`super::math::Plain`]. The results differ from the baseline's in
    /// the last bits where an FMA rounds once instead of twice; the tests
    /// hold each level to the reference, not to another level's bits.
    /// Every closure on the way is `#[inline(always)]`: a `Fused` kernel
    /// left outside the FMA function calls libm's `fma` per operation
    /// (thirty times slower: softmax took 490 ms for 2^24 elements so).
    #[inline(always)]
    pub(crate) fn run_fma<R>(self, body: impl FnOnce(bool) -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: as in `run`; `avx512` implies FMA too (`detect`).
            return unsafe {
                with_avx512(
                    #[inline(always)]
                    || body(true),
                )
            };
        }
        #[cfg(target_arch = "x86_64")]
        if self.fma {
            // SAFETY: `fma` is set only by `detect`, from the CPU's report
            // that AVX2 and FMA are present; `with_avx2_fma` needs nothing else.
            return unsafe {
                with_avx2_fma(
                    #[inline(always)]
                    || body(true),
                )
            };
        }
        self.run(
            #[inline(always)]
            || body(false),
        )
    }
}

/// `body()` in a function compiled with AVX2 and FMA (see [`Level::run_fma`]).
///
/// # Safety
/// The CPU supports AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn with_avx2_fma<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// `body()` in a function compiled with AVX2 (see the module docs).
///
/// # Safety
/// The CPU supports AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn with_avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// `body()` in a function compiled with AVX-512 (see the module docs).
///
/// # Safety
/// The CPU supports AVX2, FMA and AVX-512 F, VL, BW and DQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,avx512f,avx512vl,avx512bw,avx512dq")]
unsafe fn with_avx512<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// The widest level tests let [`Level::detect`] report on this thread.
#[cfg(test)]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cap {
    None,
    Avx2,
    Avx2NoFma,
    Base,
}

#[cfg(test)]
thread_local! {
    static CAP: std::cell::Cell<Cap> = const { std::cell::Cell::new(Cap::None) };
}

/// Runs `f` with [`Level::detect`] capped at `cap` on this thread.
#[cfg(test)]
fn capped<R>(cap: Cap, f: impl FnOnce() -> R) -> R {
    let before = CAP.with(|c| c.replace(cap));
    let r = f();
    CAP.with(|c| c.set(before));
    r
}

/// Runs `f` with [`Level::detect`] reporting the baseline on this thread,
/// so a test can compare the compilations of a loop.
#[cfg(test)]
pub(crate) fn force_base<R>(f: impl FnOnce() -> R) -> R {
    capped(Cap::Base, f)
}

/// Runs `f` with [`Level::detect`] reporting at most AVX2 on this thread.
#[cfg(test)]
pub(crate) fn force_avx2<R>(f: impl FnOnce() -> R) -> R {
    capped(Cap::Avx2, f)
}

/// Runs `f` with [`Level::detect`] reporting at most AVX2, without FMA,
/// on this thread.
#[cfg(test)]
pub(crate) fn force_avx2_no_fma<R>(f: impl FnOnce() -> R) -> R {
    capped(Cap::Avx2NoFma, f)
}
