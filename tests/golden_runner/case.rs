//! Running one golden case and judging it against PyTorch's outcome.

use serde_json::Value;
use tensor_view::ViewError;

use super::any_tensor::AnyTensor;
use super::compare::{hex, tensor_mismatches};
use super::ops::{apply, Applied, OpFailure};

/// The verdict on one case.
pub enum Verdict {
    /// Every recorded field matched.
    Pass,
    /// Something differed; the text says what.
    Fail(String),
    /// The runner could not run the case (an op it does not know).
    Unsupported(String),
}

fn base_of(case: &Value) -> Result<AnyTensor, String> {
    let dtype = case["base"]["dtype"].as_str().ok_or("base without dtype")?;
    let shape: Vec<usize> = case["base"]["shape"]
        .as_array()
        .and_then(|s| s.iter().map(|d| d.as_u64().map(|d| d as usize)).collect())
        .ok_or("base without shape")?;
    AnyTensor::base(dtype, &shape).ok_or_else(|| format!("unknown dtype {dtype}"))
}

/// Runs `case` (one parsed line) and compares with its `result`.
pub fn run_case(case: &Value) -> Verdict {
    let base = match base_of(case) {
        Ok(b) => b,
        Err(e) => return Verdict::Unsupported(e),
    };
    let ops = case["ops"].as_array().cloned().unwrap_or_default();
    let want = &case["result"];
    let mut current = base.clone();
    let mut many: Option<Vec<AnyTensor>> = None;
    for (k, op) in ops.iter().enumerate() {
        if many.is_some() {
            return Verdict::Unsupported(format!("op {k} follows a multi-output op"));
        }
        match apply(op, &current) {
            Ok(Applied::One(t)) => current = t,
            Ok(Applied::Many(ts)) => many = Some(ts),
            Err(OpFailure::Unsupported(why)) => return Verdict::Unsupported(why),
            Err(OpFailure::Error(e)) => return judge_error(want, k, &e, op),
        }
    }
    if let Some(err) = want.get("error") {
        return Verdict::Fail(format!(
            "PyTorch raised at op {}: {}; we raised nothing",
            want["at_op"], err["message"]
        ));
    }
    if let Some(outputs) = want.get("outputs").and_then(Value::as_array) {
        let Some(got) = many else {
            return Verdict::Fail("PyTorch gave several tensors; we gave one".into());
        };
        if got.len() != outputs.len() {
            return Verdict::Fail(format!("{} outputs, PyTorch {}", got.len(), outputs.len()));
        }
        let mut problems = Vec::new();
        for (i, (g, w)) in got.iter().zip(outputs).enumerate() {
            for p in tensor_mismatches(g, &base, w) {
                problems.push(format!("output {i}: {p}"));
            }
        }
        return verdict(problems);
    }
    if many.is_some() {
        return Verdict::Fail("we gave several tensors; PyTorch one".into());
    }
    if let Some(after) = want.get("base_after_write") {
        let mut problems = tensor_mismatches(&current, &base, &want["view_after_write"]);
        let base_hex = with_tensor!(&base, b => hex(&b.to_bytes()));
        if Some(base_hex.as_str()) != after.as_str() {
            problems.push(format!("base after write: got {base_hex}, PyTorch {after}"));
        }
        return verdict(problems);
    }
    verdict(tensor_mismatches(&current, &base, want))
}

fn verdict(problems: Vec<String>) -> Verdict {
    if problems.is_empty() {
        Verdict::Pass
    } else {
        Verdict::Fail(problems.join("; "))
    }
}

fn judge_error(want: &Value, k: usize, error: &ViewError, op: &Value) -> Verdict {
    let got = error.to_string();
    let Some(err) = want.get("error") else {
        return Verdict::Fail(format!(
            "we raised at op {k} ({op}): {got}; PyTorch succeeded"
        ));
    };
    if want["at_op"].as_u64() != Some(k as u64) {
        return Verdict::Fail(format!(
            "we raised at op {k} ({got}); PyTorch at op {}",
            want["at_op"]
        ));
    }
    let exact = err["exact"].as_bool().unwrap_or(true);
    let message = err["message"].as_str().unwrap_or("");
    if exact && got != message {
        return Verdict::Fail(format!(
            "error text at op {k} ({op}):\n    ours:    {got}\n    PyTorch: {message}"
        ));
    }
    // The Python exception class, where PyTorch's text is its own.
    let kind = error.kind().to_string();
    if exact && err["kind"].as_str().is_some_and(|want| want != kind) {
        return Verdict::Fail(format!(
            "error kind at op {k} ({op}): ours {kind}, PyTorch {}",
            err["kind"]
        ));
    }
    Verdict::Pass
}
