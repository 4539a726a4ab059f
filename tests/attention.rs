//! The attention example (`cargo run --example attention`) matches its
//! plain-loop reference for several run-time batch sizes and sequence lengths.

#[path = "../examples/attention.rs"]
mod attention_example;

#[test]
fn attention_with_views_matches_plain_loops() {
    for (batch, seq) in [(1, 1), (2, 5), (3, 1), (1, 9), (4, 3)] {
        let diff = attention_example::max_difference(batch, seq).expect("the layer runs");
        assert!(diff < 1e-4, "batch {batch}, seq {seq}: differs by {diff}");
    }
}
