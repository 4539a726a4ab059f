//! Writes the table that bridges readable dims to computable numbers
//! (`src/typed/numbers.rs`): one impl per size, from `D<N>` to its `typenum`
//! number and back. The sizes are listed in `sizes()`; a table of impls is
//! checked by rustc in quadratic time, so it holds what models use rather
//! than every number (docs/readable-shapes.md has the measured costs).

use std::fmt::Write as _;

/// Every size the table holds, ascending.
fn sizes() -> Vec<usize> {
    let mut sizes: Vec<usize> = (0..=2048).collect();
    sizes.extend((2048..=32768).step_by(32));
    sizes.extend((32768..=262144).step_by(256));
    // Vocabularies and hidden sizes of public models that no step above
    // reaches: GPT-2 (50257), BERT (30522), LLaMA 1/2 (32000, 11008 is a
    // multiple of 32), LLaMA 3 (128256), Qwen 2 (151646, 151936, 152064),
    // Mistral (32768), Gemma (256000, 24576), Falcon (65024), T5 (32128),
    // OPT (50272), CLIP (49408), Whisper (51865, 51866).
    sizes.extend([
        30522, 32000, 32128, 49408, 50257, 50272, 51865, 51866, 65024, 128256, 151646, 151936,
        152064, 256000, 262144,
    ]);
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// `n` as a `typenum` number, most significant bit innermost.
fn typenum(n: usize) -> String {
    if n == 0 {
        return "UTerm".into();
    }
    let mut out = String::from("UTerm");
    for bit in format!("{n:b}").chars() {
        out = format!("UInt<{out}, B{bit}>");
    }
    out
}

fn main() {
    let mut table = String::from("// Written by tensor-core/build.rs.\n");
    for n in sizes() {
        let num = typenum(n);
        writeln!(table, "impl InSizeTable for D<{n}> {{ type Num = {num}; }}").unwrap();
        // A computed 1 is `One` (its own impl), which broadcasts.
        if n != 1 {
            writeln!(table, "impl Readable for {num} {{ type Dim = D<{n}>; }}").unwrap();
        }
    }
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("size_table.rs");
    std::fs::write(out, table).unwrap();
    println!("cargo:rerun-if-changed=build.rs");
}
