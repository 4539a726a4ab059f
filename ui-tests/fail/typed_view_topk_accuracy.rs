// pytorch/examples #820, the top-k accuracy of the ImageNet example:
// `pred.t()` is `[maxk, batch]`, and `correct[:k].view(-1)` merges the cut
// `k` rows with the batch, which the transpose left apart: a copy for every
// k above 1 (PyTorch's run-time error), here a compile error. The batch is
// static (256): a typed view keeps each named dim whole, so flattening a
// named batch is the `Shape!` form's. (The fix, `reshape_to`, is in
// `ui-tests/pass/typed_view_fixes.rs`.)
use tensor_view::{typed::Infer, Tensor, D};

fn correct_top3(pred: &Tensor<f32, (D<256>, D<5>)>) {
    let correct = pred.t();
    let _correct_k = correct.narrow_to::<0, 0, 3>().view_to::<(Infer,)>();
}

fn main() {}
