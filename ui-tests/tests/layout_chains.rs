//! `tests/static_layouts.rs` (in the root crate) is what
//! `layout_chains::generate` writes, formatted by rustfmt: the random chains
//! it tests are reproducible. `TV_REGENERATE=1` rewrites the file instead.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// How many chains, and the seed they are drawn from.
const CHAINS: usize = 120;
const SEED: u64 = 21;

/// `source` as `cargo fmt` leaves it.
fn rustfmt(source: &str) -> String {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rustfmt runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(source.as_bytes())
        .expect("rustfmt reads");
    let output = child.wait_with_output().expect("rustfmt finishes");
    assert!(output.status.success(), "rustfmt failed");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn the_committed_chains_are_the_generated_ones() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/static_layouts.rs");
    let generated = rustfmt(&tensor_view_ui_tests::layout_chains::generate(CHAINS, SEED));
    if std::env::var_os("TV_REGENERATE").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "tests/static_layouts.rs is not the generated file: run TV_REGENERATE=1 cargo test -p tensor-view-ui-tests --test layout_chains"
    );
}
