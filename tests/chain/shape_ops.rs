//! The shape-changing views of the chains: narrow, select, squeeze,
//! unsqueeze, expand, diagonal, unfold, unflatten, movedim, the matrix
//! transposes and as_strided. One function per op, as in [`super::ops`].

use tensor_view::Tensor;

use super::{caught, Ctx, Outcome, Pair};
use crate::reference_model::ops as model;
use crate::reference_model::shape_ops as shape;

pub fn narrow(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    let around = x.shape().iter().copied().max().unwrap_or(1);
    let (start, length) = (c.src.index(around), c.src.size(around));
    Outcome::one(
        format!("narrow({dim}, {start}, {length})"),
        caught(|| x.lib.narrow(dim, start, length)),
        shape::narrow(&x.model, dim, start, length),
    )
}

pub fn select(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    let around = x.shape().iter().copied().max().unwrap_or(1);
    let index = c.src.index(around);
    Outcome::one(
        format!("select({dim}, {index})"),
        caught(|| x.lib.select(dim, index)),
        shape::select(&x.model, dim, index),
    )
}

pub fn squeeze(_: &mut Ctx, x: &Pair) -> Outcome {
    Outcome::one(
        "squeeze()".into(),
        caught(|| x.lib.squeeze()),
        shape::squeeze(&x.model),
    )
}

pub fn squeeze_dim(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    Outcome::one(
        format!("squeeze_dim({dim})"),
        caught(|| x.lib.squeeze_dim(dim)),
        shape::squeeze_dims(&x.model, &[dim]),
    )
}

pub fn squeeze_dims(c: &mut Ctx, x: &Pair) -> Outcome {
    let len = c.src.below(x.ndim() + 2);
    let dims = c.src.dims(len, x.ndim());
    Outcome::one(
        format!("squeeze_dims({dims:?})"),
        caught(|| x.lib.squeeze_dims(&dims)),
        shape::squeeze_dims(&x.model, &dims),
    )
}

pub fn unsqueeze(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim() + 1);
    Outcome::one(
        format!("unsqueeze({dim})"),
        caught(|| x.lib.unsqueeze(dim)),
        shape::unsqueeze(&x.model, dim),
    )
}

pub fn expand(c: &mut Ctx, x: &Pair) -> Outcome {
    let sizes = c.src.expand_sizes(x.shape());
    Outcome::one(
        format!("expand({sizes:?})"),
        caught(|| x.lib.expand(&sizes)),
        shape::expand(&x.model, &sizes),
    )
}

pub fn expand_as(c: &mut Ctx, x: &Pair) -> Outcome {
    let sizes: Vec<usize> = c
        .src
        .expand_sizes(x.shape())
        .iter()
        .map(|&s| s.clamp(0, 5) as usize)
        .collect();
    let like = Tensor::<bool>::zeros(&sizes).expect("small");
    let dims: Vec<isize> = sizes.iter().map(|&s| s as isize).collect();
    Outcome::one(
        format!("expand_as(zeros({sizes:?}))"),
        caught(|| x.lib.expand_as(&like)),
        shape::expand(&x.model, &dims),
    )
}

pub fn diagonal(c: &mut Ctx, x: &Pair) -> Outcome {
    let around = x.shape().iter().copied().max().unwrap_or(1);
    let offset = c.src.index(around);
    let (d1, d2) = (c.src.dim(x.ndim()), c.src.dim(x.ndim()));
    Outcome::one(
        format!("diagonal({offset}, {d1}, {d2})"),
        caught(|| x.lib.diagonal(offset, d1, d2)),
        shape::diagonal(&x.model, offset, d1, d2),
    )
}

pub fn unfold(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    let around = x.shape().iter().copied().max().unwrap_or(1);
    let (size, step) = (c.src.size(around), c.src.size(3));
    Outcome::one(
        format!("unfold({dim}, {size}, {step})"),
        caught(|| x.lib.unfold(dim, size, step)),
        shape::unfold(&x.model, dim, size, step),
    )
}

pub fn unflatten(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    let size = x
        .shape()
        .get(dim.rem_euclid(x.ndim().max(1) as isize) as usize);
    let sizes = c.src.shape_for(size.copied().unwrap_or(1));
    Outcome::one(
        format!("unflatten({dim}, {sizes:?})"),
        caught(|| x.lib.unflatten(dim, &sizes)),
        shape::unflatten(&x.model, dim, &sizes),
    )
}

pub fn movedim(c: &mut Ctx, x: &Pair) -> Outcome {
    let len = c.src.below(x.ndim() + 1);
    let mut source = c.src.permutation(x.ndim());
    let mut destination = c.src.permutation(x.ndim());
    source.truncate(len);
    destination.truncate(len + usize::from(c.src.chance(16)));
    Outcome::one(
        format!("movedim({source:?}, {destination:?})"),
        caught(|| x.lib.movedim(&source, &destination)),
        shape::movedim(&x.model, &source, &destination),
    )
}

pub fn swapaxes(c: &mut Ctx, x: &Pair) -> Outcome {
    let (a, b) = (c.src.dim(x.ndim()), c.src.dim(x.ndim()));
    Outcome::one(
        format!("swapaxes({a}, {b})"),
        caught(|| x.lib.swapaxes(a, b)),
        model::transpose(&x.model, a, b),
    )
}

pub fn swapdims(c: &mut Ctx, x: &Pair) -> Outcome {
    let (a, b) = (c.src.dim(x.ndim()), c.src.dim(x.ndim()));
    Outcome::one(
        format!("swapdims({a}, {b})"),
        caught(|| x.lib.swapdims(a, b)),
        model::transpose(&x.model, a, b),
    )
}

/// `t`, `T`, `mT`, `mH`, `H` or `adjoint()` (of real tensors: no conjugation).
pub fn matrix_transposes(c: &mut Ctx, x: &Pair) -> Outcome {
    let (name, lib, model) = match c.src.below(6) {
        0 => ("t", caught(|| x.lib.t()), shape::t(&x.model)),
        1 => ("T", caught(|| x.lib.T()), shape::big_t(&x.model)),
        2 => (
            "mT",
            caught(|| x.lib.mT()),
            shape::matrix_transpose(&x.model, "mT"),
        ),
        3 => (
            "mH",
            caught(|| x.lib.mH()),
            shape::matrix_transpose(&x.model, "mH"),
        ),
        4 => (
            "adjoint",
            caught(|| x.lib.adjoint()),
            shape::matrix_transpose(&x.model, "adjoint()"),
        ),
        _ => ("H", caught(|| x.lib.H()), shape::big_h(&x.model)),
    };
    Outcome::one(format!("{name}()"), lib, model)
}

pub fn as_strided(c: &mut Ctx, x: &Pair) -> Outcome {
    let (size, stride, offset) = c.src.strided_layout(x.model.storage.len());
    Outcome::one(
        format!("as_strided({size:?}, {stride:?}, {offset:?})"),
        caught(|| x.lib.as_strided(&size, &stride, offset)),
        shape::as_strided(&x.model, &size, &stride, offset),
    )
}
