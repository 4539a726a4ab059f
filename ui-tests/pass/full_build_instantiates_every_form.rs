//! Built in full (not only checked) and run: every form instantiated, so any
//! check that only code generation would run is exercised too.
use tensor_view::{flatten, permute, reshape, squeeze, transpose, unsqueeze, view, Shape, Tensor};

fn main() {
    let x = Tensor::<i64, Shape![2, 3, 4]>::zeros();
    let a = view!(x, [6, 4]);
    let b = view!(a, [-1]);
    let c = view!(b, [2, -1, 3]).into_dyn();
    let t = transpose!(x, 1, 2);
    let v = view!(t, [2, 2, 2, 3]);
    let r = reshape!(t, [2, 12]);
    let kept = reshape!(t, [2, 4, 3, 1]);
    let tc = view!(t.contiguous(), [24]);
    let p = permute!(x, [1, 2, 0]);
    let u = unsqueeze!(x, -1);
    let s = squeeze!(u, 3);
    let f = flatten!(p, 1).unwrap();
    let n = 2;
    let m = view!(s, [n, -1]).unwrap();
    let d = view!(c, [-1, 12]).unwrap();
    assert_eq!(v.stride(), &[12, 2, 1, 4]);
    assert!(!r.shares_storage(&x) && kept.shares_storage(&x) && !tc.shares_storage(&x));
    assert_eq!(f.shape(), &[3, 8]);
    assert_eq!(
        (m.shape(), d.shape()),
        (&[2usize, 12][..], &[2usize, 12][..])
    );
}
