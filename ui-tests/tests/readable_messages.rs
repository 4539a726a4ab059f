//! Issue 33, item 2: no compiler output the ui-tests expect shows the
//! type-level machinery. Every `.stderr` under `ui-tests/fail/` and
//! `ui-tests/fail_at_build/` is read and
//! must not contain `typenum`'s numbers (`UInt<`, `UTerm`, the bits `B0`
//! and `B1` as whole words) or the internal lists and markers (`SCons`,
//! `SNil`, `Sym<`): a shape prints as its dims in decimal and the user's
//! names.

use std::path::{Path, PathBuf};

/// Text that must not appear anywhere in an expected output.
const FORBIDDEN: &[&str] = &["UInt<", "UTerm", "SCons", "SNil", "Sym<"];

/// Words that must not appear as whole words (`B0` in `B0x` or `AB1` is
/// another name).
const FORBIDDEN_WORDS: &[&str] = &["B0", "B1"];

/// The cases whose program itself writes `typenum` types, which rustc
/// prints back: `sealed_disagreeing_static_zeros.rs` names a hand-written
/// `Static<7, U16, (U4, U4)>`, whose `zeros()` fails in a constant's
/// evaluation, and rustc's note names the constant's path with the type the
/// program wrote. Only a case that writes `typenum` itself may be listed.
const WRITES_TYPENUM: &[&str] = &["sealed_disagreeing_static_zeros.stderr"];

/// The forbidden names in `text`, with the line each was found on.
fn machinery_in(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for &name in FORBIDDEN {
            if line.contains(name) {
                found.push((number + 1, name));
            }
        }
        for &word in FORBIDDEN_WORDS {
            if whole_word(line, word) {
                found.push((number + 1, word));
            }
        }
    }
    found
}

/// Whether `word` occurs in `line` with no identifier character on either side.
fn whole_word(line: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// The expected outputs of every compile-fail set, sorted.
fn stderr_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ["fail", "fail_at_build"]
        .iter()
        .flat_map(|dir| {
            std::fs::read_dir(root.join(dir)).expect("a ui-tests case folder is readable")
        })
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "stderr"))
        .collect();
    files.sort();
    files
}

#[test]
fn no_expected_message_shows_typenum_or_internal_lists() {
    let files = stderr_files();
    assert!(
        files.len() > 100,
        "only {} .stderr files found in ui-tests",
        files.len()
    );
    let mut report = String::new();
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if WRITES_TYPENUM.contains(&name) {
            let program = std::fs::read_to_string(path.with_extension("rs"))
                .expect("the case's program is readable");
            assert!(
                program.contains("typenum::"),
                "{name} is listed as a case that writes typenum, but its program does not"
            );
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a .stderr file is text");
        for (line, name) in machinery_in(&text) {
            report += &format!("{}:{line}: `{name}`\n", path.display());
        }
    }
    assert!(
        report.is_empty(),
        "expected compiler output shows type-level machinery (issue 33 item 2):\n{report}"
    );
}

#[test]
fn the_scan_finds_each_forbidden_name() {
    for text in [
        "expected `UInt<UTerm, B1>`",
        "for `UTerm`",
        "PassesCheck<SymCheck<SCons<B, SNil>, Fits, Ordered, 4>>",
        "`Sym<4, U4, (B,)>`",
        "is not implemented for `B0`",
        "(B1, ())",
    ] {
        assert!(!machinery_in(text).is_empty(), "not found in {text:?}");
    }
    for text in [
        "is not implemented for `Reordered`",
        "SymCheck<(B, T), DoesNotFit, Ordered, 768>",
        "dims!(B0x, AB1, B1_);",
        "Tensor<f32, (B, D<768>)>",
        "SymDim",
    ] {
        assert!(machinery_in(text).is_empty(), "found in {text:?}");
    }
}
