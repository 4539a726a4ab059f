//! The model examples (`cargo run --example lenet_flatten`, `nanogpt_attention`,
//! `vit_patchify`, `typed_forward`) match their plain-loop references for
//! several run-time batch sizes and sequence lengths, and the typed static
//! block (`static_nanogpt_block`) matches the same block written with the
//! dynamic API, so CI runs them.

#[path = "../examples/lenet_flatten.rs"]
mod lenet_flatten;
#[path = "../examples/nanogpt_attention.rs"]
mod nanogpt_attention;
#[path = "../examples/static_nanogpt_block.rs"]
mod static_nanogpt_block;
#[path = "../examples/typed_forward.rs"]
mod typed_forward;
#[path = "../examples/vit_patchify.rs"]
mod vit_patchify;

#[test]
fn lenet_flatten_then_fc1_matches_plain_loops() {
    for batch in [1, 3, 8] {
        let diff = lenet_flatten::max_difference(batch).expect("the layer runs");
        assert!(diff < 1e-4, "batch {batch}: differs by {diff}");
    }
}

#[test]
fn nanogpt_attention_matches_plain_loops() {
    for (batch, seq) in [(1, 1), (2, 5), (3, 2), (1, 7)] {
        let diff = nanogpt_attention::max_difference(batch, seq).expect("the layer runs");
        assert!(diff < 1e-4, "batch {batch}, seq {seq}: differs by {diff}");
    }
}

/// The mask `nanogpt_attention` uses, `typed::causal_mask::<T>(seq)`, is
/// nanoGPT's `self.bias[:, :, :T, :T] == 0` for `bias =
/// torch.tril(torch.ones(1024, 1024))`.
#[test]
fn the_causal_mask_is_the_bias_buffer_narrowed_to_the_sequence() {
    let positions = tensor_view::Tensor::<i64>::arange(1024);
    let (queries, keys) = (
        positions.view(&[1024, 1]).unwrap(),
        positions.view(&[1, 1024]).unwrap(),
    );
    let bias_is_zero = keys.zip_map(&queries, |s, t| s > t).unwrap();
    for seq in [0usize, 1, 5, 1024] {
        let mask = tensor_view::typed::causal_mask::<nanogpt_attention::T>(seq);
        let expected = bias_is_zero
            .narrow(0, 0, seq)
            .unwrap()
            .narrow(1, 0, seq)
            .unwrap();
        assert_eq!(mask.shape(), expected.shape());
        assert_eq!(mask.to_vec(), expected.to_vec());
    }
}

#[test]
fn the_static_nanogpt_block_typed_end_to_end_matches_the_dynamic_one() {
    let diff = static_nanogpt_block::max_difference().expect("the block runs");
    assert!(diff < 1e-5, "differs by {diff}");
}

#[test]
fn merging_heads_without_contiguous_is_pytorchs_run_time_error() {
    let message = nanogpt_attention::missing_contiguous_error(2, 5).expect("tensors are made");
    assert_eq!(
        message.as_deref(),
        Some("view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    );
    // With one position the transposed dims are size 1 and PyTorch accepts the view.
    assert_eq!(
        nanogpt_attention::missing_contiguous_error(2, 1).expect("tensors are made"),
        None
    );
}

#[test]
fn vit_patchify_puts_every_pixel_in_its_patch() {
    for batch in [1, 2] {
        assert_eq!(vit_patchify::mismatches(batch).expect("patchify runs"), 0);
    }
}

#[test]
fn typed_forward_matches_plain_loops() {
    for batch in [1, 4, 9] {
        let diff = typed_forward::max_difference(batch).expect("the model runs");
        assert!(diff < 1e-4, "batch {batch}: differs by {diff}");
    }
}
