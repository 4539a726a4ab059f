//! Leaving the CPU's vector registers clean after a kernel that may use
//! AVX or AVX-512 without doing so itself.
//!
//! On x86-64, code that writes the upper halves of the `ymm`/`zmm`
//! registers and returns without a `vzeroupper` leaves that state "dirty":
//! every later SSE instruction on the thread (libm's `exp`, most of the
//! standard library) then carries a false dependency on the upper bits, and
//! on recent Intel cores runs many times slower (BENCHMARKS.md, section 7:
//! `softmax` 13× slower after one `faer` matmul). Functions compiled with
//! `#[target_feature(enable = "avx")]` get their `vzeroupper` from the
//! compiler; hand-written assembly kernels, such as those of `faer`'s GEMM,
//! may not. [`clean_upper_state`] runs after each call into such a kernel,
//! on the thread that made it.
//!
//! The state it clears is XINUSE bits 2 (AVX upper halves of `ymm0`–`ymm15`)
//! and 6 (`ZMM_Hi256`, the upper halves of `zmm0`–`zmm15`): the registers
//! SSE instructions write. Bits 5 (opmask) and 7 (`zmm16`–`zmm31`) are set
//! by the C library at process start on AVX-512 machines, no instruction
//! short of `xrstor` clears them, and SSE code never touches those
//! registers, so they cost nothing and are left alone.

/// Executes `vzeroupper` where the CPU has AVX (nothing elsewhere), so the
/// SSE code that follows on this thread runs at full speed.
#[inline]
pub(crate) fn clean_upper_state() {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: `zero_upper` only needs AVX, which was just detected.
        unsafe { zero_upper() }
    }
}

/// `vzeroupper`: zeroes bits 128 and up of `ymm0`–`ymm15`/`zmm0`–`zmm15`.
/// The System V ABI treats every vector register as caller-saved and no
/// vector value lives across this call, so nothing live is lost.
///
/// # Safety
/// The CPU must support AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn zero_upper() {
    std::arch::x86_64::_mm256_zeroupper();
}

/// [`clean_upper_state`] on every thread of rayon's pool, after a kernel
/// that split its work across it (each worker may have run part of it).
#[cfg(feature = "parallel")]
pub(crate) fn clean_upper_state_on_workers() {
    rayon::broadcast(|_| clean_upper_state());
}

/// XINUSE (`xgetbv` with `ecx = 1`): which parts of the extended register
/// state are not in their initial configuration, or `None` where the CPU
/// does not report it (CPUID leaf 0xD, sub-leaf 1, EAX bit 2). For tests.
#[cfg(test)]
#[inline(never)]
pub(crate) fn xinuse() -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid_count;
        if !std::arch::is_x86_feature_detected!("xsave") {
            return None;
        }
        // leaf 0xD exists where XSAVE does (checked above)
        let leaf = __cpuid_count(0xD, 1);
        if leaf.eax & (1 << 2) == 0 {
            return None;
        }
        // SAFETY: XSAVE is available and the CPU supports `xgetbv` with
        // `ecx = 1` (the CPUID bit just read).
        Some(unsafe { read_xinuse() })
    }
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// # Safety
/// The CPU must support XSAVE and `xgetbv` with `ecx = 1`.
#[cfg(all(test, target_arch = "x86_64"))]
#[target_feature(enable = "xsave")]
unsafe fn read_xinuse() -> u64 {
    // SAFETY: the caller's contract.
    unsafe { std::arch::x86_64::_xgetbv(1) }
}

/// XINUSE bits of the state SSE code is slowed by: 2 (`ymm0`–`ymm15`
/// upper halves) and 6 (`zmm0`–`zmm15` upper halves).
#[cfg(test)]
pub(crate) const DIRTY_UPPER: u64 = (1 << 2) | (1 << 6);

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes all 256 bits of `ymm0`, as a kernel without `vzeroupper`
    /// leaves them (in assembly: the compiler adds no `vzeroupper` after it).
    ///
    /// # Safety
    /// The CPU must support AVX.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn dirty_ymm0() {
        // SAFETY: AVX (the caller's contract); `ymm0` is declared clobbered.
        unsafe {
            std::arch::asm!(
                "vpcmpeqd ymm0, ymm0, ymm0",
                out("ymm0") _,
                options(nomem, nostack, preserves_flags)
            )
        };
    }

    /// Where the CPU reports XINUSE: a written `ymm0` shows as bit 2, and
    /// [`clean_upper_state`] clears it, so the GEMM tests' check can fail.
    #[test]
    fn clean_upper_state_clears_a_dirty_upper_half() {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") && xinuse().is_some() {
            // SAFETY: AVX was detected.
            unsafe { dirty_ymm0() };
            let dirty = xinuse().unwrap();
            clean_upper_state();
            let clean = xinuse().unwrap();
            assert_ne!(
                dirty & DIRTY_UPPER,
                0,
                "XINUSE {dirty:#b} after a ymm write"
            );
            assert_eq!(clean & DIRTY_UPPER, 0, "XINUSE {clean:#b} after vzeroupper");
        }
    }
}
