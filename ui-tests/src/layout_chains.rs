//! Random chains of typed layout ops, written out as the test
//! `tests/static_layouts.rs` of the workspace's root crate: each chain starts
//! from a row-major static tensor and applies `transpose!`, `permute!`,
//! `movedim!`, `unsqueeze!`, `squeeze!`, `view!`, `reshape!` and `contiguous()`, and
//! every step is compared with the dynamic op on the dynamic tensor (shape,
//! strides, offset, values, aliasing, and the strides the type records).
//! On a tensor typed row-major (the source, or after `contiguous()`), a
//! step may also be a `narrow!` or `select!` whose result is row-major,
//! which the types must then know: the next steps take it as `Shape![..]`.
//!
//! The generator runs the dynamic ops to choose the steps: a target the
//! dynamic `view` accepts is written as `view!` (so the file compiles only
//! if the types accept it too), one it refuses as `reshape!` (whose copy the
//! types must choose while compiling). The file is regenerated with
//! `TV_REGENERATE=1 cargo test -p tensor-view-ui-tests --test layout_chains`.
//!
//! ```
//! let a = tensor_view_ui_tests::layout_chains::generate(4, 1);
//! assert_eq!(a, tensor_view_ui_tests::layout_chains::generate(4, 1));
//! assert_eq!(a.matches("fn chain_").count(), 4);
//! ```

use tensor_view::Tensor;

/// xorshift64*, as in the budget file's generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn list<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A random shape of `numel` elements, rank 1 to 4, sometimes with a `-1`.
fn target(numel: usize, rng: &mut Rng) -> Vec<isize> {
    let rank = 1 + rng.below(4);
    let mut left = numel;
    let mut dims = Vec::new();
    for _ in 1..rank {
        let divisors: Vec<usize> = (1..=left)
            .filter(|&d| left.is_multiple_of(d) && d <= 6)
            .collect();
        let d = divisors[rng.below(divisors.len())];
        dims.push(d as isize);
        left /= d;
    }
    dims.push(left as isize);
    for k in (1..dims.len()).rev() {
        dims.swap(k, rng.below(k + 1));
    }
    if rng.below(3) == 0 {
        let at = rng.below(dims.len());
        dims[at] = -1;
    }
    dims
}

/// A `narrow!` or `select!` of `current` (typed row-major) whose result is
/// row-major, so typed `Shape![..]` (`None` when the drawn one is not).
fn row_major_slice(
    current: &Tensor<f32>,
    step: usize,
    rng: &mut Rng,
) -> Option<(String, String, Tensor<f32>)> {
    let shape = current.shape().to_vec();
    let r = shape.len();
    if r == 0 {
        return None;
    }
    let dim = rng.below(r);
    let size = shape[dim];
    let (typed, dynamic, next) = if rng.below(2) == 0 && size > 0 {
        let index = rng.below(size);
        (
            format!("select!(t{step}: [{}], {dim}, {index})", list(&shape)),
            format!("e{step}.select({dim}, {index}).unwrap()"),
            current.select(dim, index).expect("in range"),
        )
    } else {
        // not empty: the view targets the chains draw need elements
        if size == 0 {
            return None;
        }
        let start = rng.below(size);
        let length = 1 + rng.below(size - start);
        (
            format!(
                "narrow!(t{step}: [{}], {dim}, {start}, {length})",
                list(&shape)
            ),
            format!("e{step}.narrow({dim}, {start}, {length}).unwrap()"),
            current.narrow(dim, start, length).expect("in range"),
        )
    };
    let row_major = tensor_view::layout::contiguous_strides(next.shape());
    (next.stride() == row_major.as_slice()).then_some((typed, dynamic, next))
}

/// One chain as a test function.
fn chain(index: usize, rng: &mut Rng) -> String {
    let rank = 1 + rng.below(4);
    let dims: Vec<usize> = (0..rank).map(|_| 1 + rng.below(4)).collect();
    let numel: usize = dims.iter().product();
    let mut out = format!(
        "#[test]\nfn chain_{index}() {{\n    let x = Tensor::<f32>::arange({numel}).view(&[{d}]).unwrap().into_static::<Shape![{d}]>().unwrap();\n    let d = x.clone().into_dyn();\n    check(&x, &d, &x, &d, true);\n    let (t0, e0) = (x.clone(), d.clone());\n",
        d = list(&dims)
    );
    let mut current = Tensor::<f32>::arange(numel)
        .view(&dims.iter().map(|&d| d as isize).collect::<Vec<_>>())
        .expect("a row-major source");
    // Whether the typed strides of size-1 dims may differ from PyTorch's:
    // after a `contiguous()` of a tensor PyTorch calls contiguous but whose
    // size-1 dims have other strides (the typed one gives them row-major ones).
    let mut size_one_strides_differ = false;
    // Whether the typed tensor is `Shape![..]` (the source, or a `contiguous()`).
    let mut typed_row_major = true;
    let steps = 1 + rng.below(5);
    for step in 0..steps {
        let r = current.dim();
        let slicing = (typed_row_major && !size_one_strides_differ && rng.below(3) == 0)
            .then(|| row_major_slice(&current, step, rng))
            .flatten();
        typed_row_major = slicing.is_some();
        let (typed, dynamic, next) = match slicing {
            Some(slice) => slice,
            None => match rng.below(9) {
                7 if r > 1 => {
                    let (a, b) = (rng.below(r) as isize, rng.below(r) as isize - r as isize);
                    (
                        format!("movedim!(t{step}, {a}, {b})"),
                        format!("e{step}.movedim(&[{a}], &[{b}]).unwrap()"),
                        current.movedim(&[a], &[b]).expect("in range"),
                    )
                }
                0 if r > 1 => {
                    let (a, b) = (rng.below(r) as isize, rng.below(r) as isize - r as isize);
                    (
                        format!("transpose!(t{step}, {a}, {b})"),
                        format!("e{step}.transpose({a}, {b}).unwrap()"),
                        current.transpose(a, b).expect("in range"),
                    )
                }
                1 | 2 if r > 1 => {
                    let mut perm: Vec<isize> = (0..r as isize).collect();
                    for k in (1..r).rev() {
                        perm.swap(k, rng.below(k + 1));
                    }
                    (
                        format!("permute!(t{step}, [{}])", list(&perm)),
                        format!("e{step}.permute(&[{}]).unwrap()", list(&perm)),
                        current.permute(&perm).expect("a permutation"),
                    )
                }
                3 if r < 6 => {
                    let at = rng.below(r + 1) as isize;
                    (
                        format!("unsqueeze!(t{step}, {at})"),
                        format!("e{step}.unsqueeze({at}).unwrap()"),
                        current.unsqueeze(at).expect("in range"),
                    )
                }
                4 if r > 0 => {
                    let at = rng.below(r) as isize;
                    (
                        format!("squeeze!(t{step}, {at})"),
                        format!("e{step}.squeeze_dim({at}).unwrap()"),
                        current.squeeze_dim(at).expect("in range"),
                    )
                }
                5 | 6 => {
                    let shape = target(current.numel(), rng);
                    match current.view(&shape) {
                        Ok(viewed) if rng.below(4) > 0 => (
                            format!("view!(t{step}, [{}])", list(&shape)),
                            format!("e{step}.view(&[{}]).unwrap()", list(&shape)),
                            viewed,
                        ),
                        _ => (
                            format!("reshape!(t{step}, [{}])", list(&shape)),
                            format!("e{step}.reshape(&[{}]).unwrap()", list(&shape)),
                            current.reshape(&shape).expect("a reshape"),
                        ),
                    }
                }
                _ => {
                    let row_major = tensor_view::layout::contiguous_strides(current.shape());
                    size_one_strides_differ |=
                        current.is_contiguous() && current.stride() != row_major.as_slice();
                    typed_row_major = true;
                    (
                        format!("t{step}.contiguous()"),
                        format!("e{step}.contiguous().unwrap()"),
                        current.contiguous().expect("a copy"),
                    )
                }
            },
        };
        let n = step + 1;
        out.push_str(&format!(
            "    let t{n} = {typed};\n    let e{n} = {dynamic};\n    check(&t{n}, &e{n}, &x, &d, {exact});\n",
            exact = !size_one_strides_differ
        ));
        current = next;
    }
    out.push_str("}\n\n");
    out
}

/// The test file: `chains` chains drawn from `seed`.
pub fn generate(chains: usize, seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = String::from(
        "//! Typed layout chains against the dynamic ops. Generated by\n\
         //! `tensor_view_ui_tests::layout_chains::generate` (see there); do not edit.\n\
         #![allow(clippy::redundant_clone)]\n\n\
         use tensor_view::static_shape::StaticShape;\n\
         use tensor_view::{movedim, narrow, permute, reshape, select, squeeze, transpose, unsqueeze, view, Shape, Tensor};\n\n\
         /// The typed step agrees with the dynamic one: shape, strides, offset,\n\
         /// values, aliasing of the source, and the strides its type records.\n\
         /// All strides are compared when `exact`; after a `contiguous()` of a tensor\n\
         /// PyTorch calls contiguous but whose size-1 dims have other strides (the\n\
         /// typed one gives them row-major strides), those of the other dims.\n\
         fn check<S: StaticShape, X>(typed: &Tensor<f32, S>, dynamic: &Tensor<f32>, x: &Tensor<f32, X>, d: &Tensor<f32>, exact: bool) {\n\
         \x20   assert_eq!(typed.shape(), dynamic.shape());\n\
         \x20   assert_eq!(typed.storage_offset(), dynamic.storage_offset());\n\
         \x20   assert_eq!(typed.to_vec(), dynamic.to_vec());\n\
         \x20   assert_eq!(typed.shares_storage(x), dynamic.shares_storage(d));\n\
         \x20   if let Some(known) = S::known_strides() {\n\
         \x20       assert_eq!(known, typed.stride(), \"the type's strides\");\n\
         \x20   }\n\
         \x20   let sized: Vec<(usize, isize)> = typed.shape().iter().copied().zip(typed.stride().iter().copied()).filter(|&(n, _)| n != 1).collect();\n\
         \x20   let expected: Vec<(usize, isize)> = dynamic.shape().iter().copied().zip(dynamic.stride().iter().copied()).filter(|&(n, _)| n != 1).collect();\n\
         \x20   assert_eq!(sized, expected);\n\
         \x20   if exact {\n\
         \x20       assert_eq!(typed.stride(), dynamic.stride());\n\
         \x20   }\n\
         }\n\n",
    );
    for index in 0..chains {
        out.push_str(&chain(index, &mut rng));
    }
    out
}
