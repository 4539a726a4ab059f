//! Hot loops compiled for AVX2 when the CPU has it, chosen at run time.
//!
//! The crate builds for baseline x86-64, where LLVM vectorises the plain
//! loops of `map`, the reductions and `softmax` with SSE2 (four `f32` per
//! instruction, no blend, no wide compare-and-convert). [`Level::run`] calls
//! such a loop inside a function compiled with AVX2 enabled (eight `f32` per
//! instruction), when [`Level::detect`] found AVX2, so the same Rust source
//! gets a second, wider compilation. The operations are the same IEEE ones
//! in the same order (Rust never contracts `a * b + c` into an FMA, and
//! neither instruction set changes rounding), so the results are
//! bit-for-bit those of the SSE2 build (tested in `kernels/tests.rs`,
//! `wide_loops_give_the_base_loops_bits`); only the speed changes. LLVM
//! ends an AVX function with `vzeroupper`, so the SSE code that follows pays
//! no state-transition penalty (issue 32).
//!
//! Only what is inlined into the AVX2 function is compiled for AVX2: the
//! closure given to [`Level::run`] is marked `#[inline(always)]` (else
//! LLVM, inlining bottom-up, may find it too big by then and call it as
//! compiled for the baseline), and so is everything its loop calls (the
//! math kernels, the element conversions).

/// The widest instruction set the loops may use on this CPU.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Level {
    /// AVX2 is present (only [`Level::detect`] sets it).
    avx2: bool,
}

impl Level {
    /// The level of this CPU (baseline in tests that ask for it with
    /// [`force_base`]).
    #[inline]
    pub(crate) fn detect() -> Level {
        #[cfg(test)]
        if FORCE_BASE.with(|f| f.get()) {
            return Level { avx2: false };
        }
        #[cfg(target_arch = "x86_64")]
        return Level {
            avx2: std::arch::is_x86_feature_detected!("avx2"),
        };
        #[cfg(not(target_arch = "x86_64"))]
        return Level { avx2: false };
    }

    /// Whether the loops run compiled for AVX2.
    #[cfg(test)]
    pub(crate) fn is_wide(self) -> bool {
        self.avx2
    }

    /// `body()`, compiled for AVX2 when this level has it.
    #[inline(always)]
    pub(crate) fn run<R>(self, body: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only by `detect`, from the CPU's report
            // that AVX2 is present; `with_avx2` needs nothing else.
            return unsafe { with_avx2(body) };
        }
        body()
    }
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

#[cfg(test)]
thread_local! {
    static FORCE_BASE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with [`Level::detect`] reporting the baseline on this thread,
/// so a test can compare the two compilations of a loop.
#[cfg(test)]
pub(crate) fn force_base<R>(f: impl FnOnce() -> R) -> R {
    FORCE_BASE.with(|b| b.set(true));
    let r = f();
    FORCE_BASE.with(|b| b.set(false));
    r
}
