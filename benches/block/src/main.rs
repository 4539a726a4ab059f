//! GPT-2 small's transformer block (LayerNorm, causal self-attention with
//! 12 heads of 64, MLP of 3072 with tanh-GELU, two residuals) with
//! tensor-view's public API and with candle, on the same weights from one
//! `.safetensors` file, timed side by side in one run.
//!
//! For each size (`[1, 64, 768]` and `[8, 128, 768]`, f32) it checks the two
//! outputs agree (largest difference at most 1e-4; the run stops otherwise),
//! then times, alternately on fresh threads: the whole block with each, and
//! the block's six matrix products alone with tensor-view. It prints a
//! markdown table: min and median times, ours / candle, block / matmuls and
//! the matmuls' GFLOP/s against the core's peak.
//!
//! Threads: tensor-view runs on the caller's thread unless built with
//! `--features parallel`; candle's GEMM uses `RAYON_NUM_THREADS` threads
//! (all cores if unset). See README.md.

mod matmuls;
mod ours;
mod theirs;
mod timing;
mod weights;

use std::error::Error;
use std::path::PathBuf;

use tensor_view::io::SafetensorsFile;

use matmuls::Matmuls;
use timing::{min_median, peak_gflops, sample};

/// The weights' seed; the inputs' seeds follow from the size.
const SEED: u64 = 2024;
/// The largest difference allowed between the two outputs.
const TOLERANCE: f32 = 1e-4;

fn main() -> Result<(), Box<dyn Error>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gpt2-block.safetensors");
    std::fs::create_dir_all(path.parent().expect("a parent"))?;
    weights::write(&path, SEED)?;
    let file = SafetensorsFile::open(&path)?;
    let ours = ours::Block::load(&file)?;
    let theirs = theirs::Block::load(&path)?;

    let parallel = cfg!(feature = "parallel");
    let candle_threads = candle_core::utils::get_num_threads();
    let (peak, how) = peak_gflops();
    println!("peak: {how}");
    println!(
        "threads: tensor-view {} (feature `parallel` {}), candle {candle_threads} \
         (RAYON_NUM_THREADS={})",
        if parallel { "rayon's pool" } else { "1" },
        if parallel { "on" } else { "off" },
        std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "unset".into()),
    );
    let samples: Option<usize> = std::env::var("BLOCK_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok());

    println!();
    println!(
        "| B, T | tensor-view min / median | candle min / median | ours / candle (min; median) \
         | matmuls alone min / median | block / matmuls (min) | matmuls GFLOP/s (% of peak) | max abs diff |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (batch, seq, default_samples) in [(1, 64, 30), (8, 128, 10)] {
        let values = weights::input(batch, seq, SEED + (batch * seq) as u64);
        let x = ours::tokens(values.clone(), batch, seq)?;
        let mask = ours::causal_mask(seq)?;
        let xc = theirs::tokens(values, batch, seq)?;
        let maskc = theirs::causal_mask(seq)?;
        let mm = Matmuls::new(&file, batch, seq, SEED + 1)?;

        let a = ours.forward(&x, &mask)?.to_vec();
        let b = theirs::values(&theirs.forward(&xc, &maskc)?)?;
        assert_eq!(a.len(), b.len());
        let diff = a
            .iter()
            .zip(&b)
            .map(|(p, q)| (p - q).abs())
            .fold(0.0f32, f32::max);
        if diff.is_nan() || diff > TOLERANCE {
            return Err(format!("B={batch}, T={seq}: the outputs differ by {diff}").into());
        }

        let n = samples.unwrap_or(default_samples);
        let ours_run = || ours.forward(&x, &mask).expect("ours runs");
        let theirs_run = || theirs.forward(&xc, &maskc).expect("candle runs");
        let mm_run = || mm.run().expect("the matmuls run");
        // Alternate the three in rounds, so a change of the machine's load
        // falls on all of them.
        let (mut t_ours, mut t_theirs, mut t_mm) = (Vec::new(), Vec::new(), Vec::new());
        sample(&ours_run, 2, 0);
        sample(&theirs_run, 2, 0);
        sample(&mm_run, 2, 0);
        for _ in 0..n {
            t_ours.extend(sample(&ours_run, 0, 1));
            t_theirs.extend(sample(&theirs_run, 0, 1));
            t_mm.extend(sample(&mm_run, 0, 1));
        }
        for t in [&mut t_ours, &mut t_theirs, &mut t_mm] {
            t.sort();
        }
        let (o_min, o_med) = min_median(&t_ours);
        let (c_min, c_med) = min_median(&t_theirs);
        let (m_min, m_med) = min_median(&t_mm);
        let gflops = Matmuls::flops(batch, seq) / (m_min * 1e-3) / 1e9;
        println!(
            "| {batch}, {seq} | {o_min:.2} / {o_med:.2} ms | {c_min:.2} / {c_med:.2} ms \
             | {:.2}x; {:.2}x | {m_min:.2} / {m_med:.2} ms | {:.2}x | {gflops:.1} ({:.0} %) | {diff:.1e} |",
            o_min / c_min,
            o_med / c_med,
            o_min / m_min,
            100.0 * gflops / peak,
        );
    }
    println!();
    println!("(min and median of the samples of each; each sample on a fresh thread)");
    Ok(())
}
