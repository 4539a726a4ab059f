// Megatron-LM's grouped-query attention (NVIDIA/Megatron-LM #875), with a
// run-time sequence length and batch: the fused QKV projection
// `[sq, b, ng * (np/ng + 2) * hn]` is viewed as `[sq, b, ng, np/ng + 2, hn]`
// and split along the head dim into the queries (`np/ng` heads per group)
// and one key and one value head per group. Viewing the query part as
// `[sq, b, np, hn]` merges the group dim with the split dim, which the
// split left apart: the view needs a copy for every batch size, so it is a
// compile error with PyTorch's message. (The fix, `reshape_to`, is in
// `ui-tests/pass/typed_view_fixes.rs`.)
use tensor_view::{dims, Tensor, D};

dims!(Sq, Bt);

// 2 groups of 4 query heads of 16: 2 * (4 + 2) * 16 = 192.
fn queries(mixed: &Tensor<f32, (Sq, Bt, D<192>)>) {
    let grouped = mixed.view_to::<(Sq, Bt, D<2>, D<6>, D<16>)>();
    let (query, _key_value) = grouped.split_by::<4, 3>();
    let _query = query.view_to::<(Sq, Bt, D<8>, D<16>)>();
}

fn main() {}
