//! Replays the golden PyTorch cases (tests/golden/*.jsonl, or the files named
//! by `GOLDEN_CASES`, colon-separated) and checks every recorded field: view
//! chains (`view-golden/1`) and `torch.matmul` cases (`matmul-golden/1`).
//!
//! Prints `golden: N passed, M failed, K unsupported` and the first mismatches
//! in full (12, or `GOLDEN_SHOW` of them); fails when any case fails, when any case could not be run (every op
//! of the format is implemented, so an unsupported case is a gap), or when no
//! case ran.

mod golden_runner;

use golden_runner::case::{run_case, Verdict};
use golden_runner::op_case::run_op_case;
use serde_json::Value;
use std::path::PathBuf;

fn case_files() -> Vec<PathBuf> {
    match std::env::var("GOLDEN_CASES") {
        Ok(list) if !list.trim().is_empty() => list.split(':').map(PathBuf::from).collect(),
        _ => {
            let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"));
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .expect("tests/golden exists")
                .map(|e| e.expect("readable dir entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
                .collect();
            files.sort();
            files
        }
    }
}

#[test]
fn golden_cases_match_pytorch() {
    let (mut passed, mut failed, mut unsupported) = (0usize, 0usize, 0usize);
    let mut shown = Vec::new();
    let show: usize = std::env::var("GOLDEN_SHOW")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let mut unsupported_ops = std::collections::BTreeMap::<String, usize>::new();
    for file in case_files() {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        // The header names the format: view chains, or `torch.matmul` cases.
        let mut format = String::from("view-golden/1");
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let case: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", file.display(), n + 1));
            if let Some(f) = case.get("format") {
                format = f.as_str().unwrap_or_default().to_string();
                continue; // the header line
            }
            let verdict = match format.as_str() {
                "matmul-golden/1" => golden_runner::matmul::run_case(&case),
                _ if case.get("inputs").is_some() => run_op_case(&case),
                _ => run_case(&case),
            };
            match verdict {
                Verdict::Pass => passed += 1,
                Verdict::Fail(why) => {
                    failed += 1;
                    if shown.len() < show {
                        shown.push(format!(
                            "{} {}: {why}\n  ops: {}",
                            file.display(),
                            case["id"],
                            case["ops"]
                        ));
                    }
                }
                Verdict::Unsupported(why) => {
                    unsupported += 1;
                    *unsupported_ops.entry(why).or_default() += 1;
                }
            }
        }
    }
    println!("golden: {passed} passed, {failed} failed, {unsupported} unsupported");
    for (why, n) in &unsupported_ops {
        println!("  unsupported x{n}: {why}");
    }
    for s in &shown {
        println!("MISMATCH {s}");
    }
    assert!(passed + failed > 0, "no golden case ran");
    assert_eq!(failed, 0, "{failed} golden cases differ from PyTorch");
    assert_eq!(
        unsupported, 0,
        "{unsupported} golden cases could not be run"
    );
}
