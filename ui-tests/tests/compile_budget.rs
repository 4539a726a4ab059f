//! The compile-time budget: a generated file of 300 `view!` calls (ranks up
//! to 6, dims up to 4096, a third with `-1`) passes `cargo check` in under
//! 10 s (and, where `/usr/bin/time` is there to measure it, 1.5 GB).
//!
//! The temporary crate depends on this workspace's `tensor-view`; its
//! dependencies are checked first with an empty library (not timed), then the
//! generated file is written and `cargo check` is timed on it alone.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const CALLS: usize = 300;
const TIME_BUDGET: Duration = Duration::from_secs(10);
const MEMORY_BUDGET_KB: u64 = 1_500_000;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// `cargo check` in `dir`; with `/usr/bin/time -v` when present, the peak
/// memory of the largest process (rustc) in kB.
fn cargo_check(dir: &Path) -> Option<u64> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let time = Path::new("/usr/bin/time");
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-v").arg(&cargo);
        c
    } else {
        Command::new(&cargo)
    };
    let output = command
        .arg("check")
        .arg("--quiet")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "cargo check failed:\n{stderr}");
    stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kb| kb.trim().parse().ok())
}

#[test]
fn three_hundred_views_check_within_budget() {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compile-budget");
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"compile-budget\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntensor-view = {{ path = {:?} }}\n\n[workspace]\n",
            workspace.canonicalize().unwrap()
        ),
    );
    let lib = dir.join("src/lib.rs");
    write(&lib, "//! Dependencies only.\n");
    cargo_check(&dir);

    write(&lib, &tensor_view_ui_tests::budget::generate(CALLS, 7));
    let start = Instant::now();
    let memory = cargo_check(&dir);
    let elapsed = start.elapsed();
    eprintln!("{CALLS} view! calls: cargo check {elapsed:.2?}, peak memory {memory:?} kB");
    assert!(elapsed < TIME_BUDGET, "{elapsed:?} is over the budget");
    if let Some(kb) = memory {
        assert!(kb < MEMORY_BUDGET_KB, "{kb} kB is over the budget");
    }
}
