//! Judging generated code with `cargo check`: a temporary crate that depends
//! on `tensor-view`, checked once, and each error's first line filed under
//! the line of the generated file it points at. The rule tests
//! (`tests/view_rule.rs`, `tests/broadcast_rule.rs`,
//! `tests/typed_view_rule.rs`) write one call per case, judge each line's
//! errors against a run-time oracle, and hand the verdicts to
//! [`assert_judged`].
//!
//! ```no_run
//! let errors = tensor_view_ui_tests::cargo_check::check(
//!     std::path::Path::new("/tmp/x"),
//!     "example",
//!     "pub fn f() {}",
//! );
//! assert!(errors.is_empty());
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// What `cargo check` said of each line of `source` (the crate `name`'s
/// `src/lib.rs`, built under `tmp`) with an error: the first line of each
/// error there. The crate shares its target directory with the compile
/// budget's, whose dependencies it needs too.
pub fn check(tmp: &Path, name: &str, source: &str) -> BTreeMap<usize, Vec<String>> {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = tmp.join(name);
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntensor-view = {{ path = {:?} }}\n\n[workspace]\n",
            workspace.canonicalize().unwrap()
        ),
    );
    // The workspace's lock file: the dependencies the workspace is tested with.
    let lock = std::fs::read_to_string(workspace.join("Cargo.lock")).unwrap();
    write(&dir.join("Cargo.lock"), &lock);
    write(&dir.join("src/lib.rs"), source);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["check", "--quiet", "--message-format=json"])
        .current_dir(&dir)
        .env(
            "CARGO_TARGET_DIR",
            tmp.join("compile-budget").join("target"),
        )
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut errors: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for line in stdout.lines() {
        let Some(message) = json_field(line, "\"rendered\":") else {
            continue;
        };
        if !line.contains("\"level\":\"error\"") || !line.contains(name) {
            continue;
        }
        // The primary span's line, from the rendered ` --> src/lib.rs:L:C`.
        let Some(at) = message.split(" --> src/lib.rs:").nth(1) else {
            continue;
        };
        let line_no: usize = at.split(':').next().unwrap().parse().unwrap();
        let first = message.lines().next().unwrap_or_default().to_string();
        errors.entry(line_no).or_default().push(first);
    }
    errors
}

/// The first JSON string value after `key` in `line` (the message's own
/// `rendered`; its children's are `null`), unescaped enough for messages
/// (`\n`, `\"`, `\\`).
fn json_field(line: &str, key: &str) -> Option<String> {
    line.match_indices(key).find_map(|(at, _)| {
        let rest = line[at + key.len()..].strip_prefix('"')?;
        let mut out = String::new();
        let mut chars = rest.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out),
                '\\' => match chars.next()? {
                    'n' => out.push('\n'),
                    other => out.push(other),
                },
                c => out.push(c),
            }
        }
        None
    })
}

/// One case of a rule test as `cargo check` judged it: the line of its call
/// in the generated file, whether the errors there (or their absence) agree
/// with the run-time oracle, and how to report it if not.
pub struct Judged {
    /// The line of the case's call in the generated `src/lib.rs`.
    pub line: usize,
    /// Whether `cargo check` decided as the oracle did.
    pub agrees: bool,
    /// The case and both verdicts, for the failure's list.
    pub report: String,
}

/// Panics unless every case agrees with the oracle and no error of
/// `errors` (from [`check`]) lies off a case's line; `what` names the
/// cases in the messages ("views", "sums").
pub fn assert_judged(errors: &BTreeMap<usize, Vec<String>>, judged: &[Judged], what: &str) {
    let stray: Vec<_> = errors
        .iter()
        .filter(|(line, _)| !judged.iter().any(|j| j.line == **line))
        .collect();
    assert!(stray.is_empty(), "errors off the {what}' lines: {stray:?}");
    let wrong: Vec<&str> = judged
        .iter()
        .filter(|j| !j.agrees)
        .map(|j| j.report.as_str())
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} {what} judged unlike the oracle:\n{}",
        wrong.len(),
        judged.len(),
        wrong.join("\n")
    );
}
