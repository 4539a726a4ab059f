//! The GPT-2 block example's model code stays shorter than candle's: its
//! non-blank, non-comment lines between the `// model code` markers of
//! `examples/gpt2_block.rs` (whose causal mask is the crate's), against the
//! forward pass, attention and causal mask of the same block written with candle in
//! `benches/block/src/theirs.rs` (struct and functions, without imports and
//! weight loading), counted the same way.

/// Non-blank lines that are not comments.
fn code_lines<'a>(lines: impl Iterator<Item = &'a str>) -> usize {
    lines
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count()
}

/// The lines of the item that starts on the first line containing `start`,
/// to its closing brace.
fn item<'a>(source: &'a str, start: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = source.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.contains(start))
        .unwrap_or_else(|| panic!("no `{start}`"));
    let mut depth = 0i32;
    let mut out = Vec::new();
    for line in &lines[first..] {
        out.push(*line);
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        if depth == 0 && line.contains('}') {
            break;
        }
    }
    out
}

#[test]
fn the_typed_gpt2_block_is_shorter_than_candles() {
    let ours = include_str!("../examples/gpt2_block.rs");
    let model = ours
        .split("// model code\n")
        .nth(1)
        .and_then(|rest| rest.split("// end of model code").next())
        .expect("the example marks its model code");
    // The causal mask is the crate's (`typed::causal_mask`); candle's user
    // writes it, so it is counted there.
    let ours_lines = code_lines(model.lines());

    let candle = include_str!("../benches/block/src/theirs.rs");
    let candle_lines: usize = [
        "pub struct Block",
        "pub fn forward",
        "fn attention",
        "pub fn causal_mask",
    ]
    .iter()
    .map(|start| code_lines(item(candle, start).into_iter()))
    .sum::<usize>()
        + 2; // `impl Block {` and its `}`
    eprintln!("GPT-2 block model code: {ours_lines} lines typed, {candle_lines} with candle");
    assert!(
        ours_lines <= 38,
        "{ours_lines} lines of model code, over the issue's 38"
    );
    assert!(
        ours_lines < candle_lines,
        "{ours_lines} lines against candle's {candle_lines}"
    );
}
