//! Samples of a closure's time, each on a fresh thread, and the peak
//! floating-point rate of this machine's core.
//!
//! A fresh thread per sample keeps the contenders apart: CPU state one
//! leaves behind (such as dirty upper halves of the vector registers after
//! AVX-512 code, which slows later SSE code on the same thread) cannot slow
//! the other down. Within one sample, each contender meets its own state, as
//! in a program that runs only it.

use std::time::{Duration, Instant};

/// The times of `samples` runs of `f`, after `warmup` runs not counted,
/// sorted.
pub fn sample<R>(f: &(dyn Fn() -> R + Sync), warmup: usize, samples: usize) -> Vec<Duration> {
    for _ in 0..warmup {
        on_fresh_thread(f);
    }
    let mut times: Vec<Duration> = (0..samples).map(|_| on_fresh_thread(f)).collect();
    times.sort();
    times
}

/// One run of `f` on a new thread, timed on it.
pub fn on_fresh_thread<R>(f: &(dyn Fn() -> R + Sync)) -> Duration {
    std::thread::scope(|s| {
        s.spawn(|| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .join()
        .expect("a sample ran")
    })
}

/// The smallest and the median of sorted times, in milliseconds.
pub fn min_median(sorted: &[Duration]) -> (f64, f64) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(sorted[0]), ms(sorted[sorted.len() / 2]))
}

/// This core's peak single-precision rate in GFLOP/s, and how it was
/// reckoned: FMA units x lanes x 2 x clock. The lanes are read from the CPU
/// flags (16 with AVX-512F, 8 with AVX2), the clock from `cpu MHz` in
/// `/proc/cpuinfo` (under a hypervisor, the nominal clock: turbo is not
/// visible); two FMA units is an assumption (true of Xeon Scalable cores
/// from Skylake-SP Gold 6xxx on, and of Zen 4/5 for 256-bit halves).
pub fn peak_gflops() -> (f64, String) {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split(':').nth(1))
            .map(|v| v.trim().to_owned())
            .unwrap_or_default()
    };
    let mhz: f64 = field("cpu MHz").parse().unwrap_or(0.0);
    let flags = field("flags");
    let lanes = if flags.split(' ').any(|f| f == "avx512f") {
        16.0
    } else if flags.split(' ').any(|f| f == "avx2") {
        8.0
    } else {
        4.0
    };
    let units = 2.0;
    let peak = units * lanes * 2.0 * mhz / 1e3;
    let how = format!(
        "{units} FMA units x {lanes} f32 lanes x 2 x {mhz:.0} MHz = {peak:.1} GFLOP/s \
         ({}; the FMA unit count assumed, the clock as /proc/cpuinfo reports it)",
        field("model name")
    );
    (peak, how)
}
