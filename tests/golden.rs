//! Placeholder replaced by the golden runner in the next commit.
#[test]
fn golden_files_are_bundled() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/seeds.jsonl"
    ))
    .unwrap();
    assert!(text.starts_with("{\"format\": \"view-golden/1\""));
}
