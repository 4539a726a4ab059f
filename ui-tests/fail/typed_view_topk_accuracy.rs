// pytorch/examples #820, the top-k accuracy of the ImageNet example, with a
// run-time batch as the original has it: `pred.t()` is `[maxk, B]`, and
// `correct[:k].view(-1)` merges the cut `k` rows with the batch (`3*B`),
// which the transpose left apart: a copy for every k above 1 (PyTorch's
// run-time error), here a compile error. (The fix, `reshape_to`, is in
// `ui-tests/pass/typed_view_fixes.rs`.)
use tensor_view::{dims, typed::Infer, Tensor, D};

dims!(B);

fn correct_top3(pred: &Tensor<f32, (B, D<5>)>) {
    let correct = pred.t();
    let _correct_k = correct.narrow_to::<0, 0, 3>().view_to::<(Infer,)>();
}

fn main() {}
