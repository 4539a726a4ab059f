// sgan #22, the trajectory encoder, with a run-time pedestrian count as the
// original has it: the observed part of a batch of sequences
// `[peds, 2, seq_len]` is cut to `obs_len` steps and permuted to
// `[obs_len, peds, 2]`, then viewed as `[-1, 2]` for the spatial embedding
// (`8*B` rows). The permute left the steps and the pedestrians apart, so
// the view needs a copy: PyTorch's run-time error, here a compile error.
// (The fix, `.contiguous()` first, is in `ui-tests/pass/typed_view_fixes.rs`.)
use tensor_view::{dims, permute, typed::Infer, Tensor, D};

dims!(B);

fn embed_input(seq: &Tensor<f32, (B, D<2>, D<20>)>) {
    let obs_traj = permute!(seq.narrow_to::<2, 0, 8>(), [2, 0, 1]);
    let _flat = obs_traj.view_to::<(Infer, D<2>)>();
}

fn main() {}
