//! The ops chains are made of: one small function per op, each decoding its
//! arguments from the source and calling the library and the model.
//!
//! To add an op: write `fn name(c: &mut Ctx, x: &Pair) -> Outcome` (or the
//! two-input form) and add it to [`UNARY`] (or [`BINARY`]).

use tensor_view::Tensor;

use super::index_ops as index;
use super::shape_ops as shape;
use super::writes;
use super::{caught, Ctx, Outcome, Pair};
use crate::reference_model::ops as model;
use crate::reference_model::RefTensor;

/// A one-input op.
pub type UnaryOp = fn(&mut Ctx, &Pair) -> Outcome;
/// A two-input op (writes from one tensor into another).
pub type BinaryOp = fn(&mut Ctx, &Pair, &Pair) -> Outcome;

/// Every one-input op of the chains.
#[rustfmt::skip]
pub const UNARY: &[UnaryOp] = &[
    view,
    reshape,
    flatten,
    ravel,
    contiguous,
    detach,
    transpose,
    permute,
    view_as,
    reshape_as,
    set,
    set,
    super::dtype::view_dtype_round_trip,
    shape::narrow,
    shape::select,
    shape::squeeze,
    shape::squeeze_dim,
    shape::squeeze_dims,
    shape::unsqueeze,
    shape::expand,
    shape::expand_as,
    shape::diagonal,
    shape::unfold,
    shape::unflatten,
    shape::movedim,
    shape::swapaxes,
    shape::swapdims,
    shape::matrix_transposes,
    shape::as_strided,
    index::index,
    index::index,
    index::split_family,
    index::split_family,
    writes::fill,
    writes::resize,
];

/// Every two-input op of the chains.
pub const BINARY: &[BinaryOp] = &[writes::copy_from, writes::copy_from];

/// The start of a chain: a fresh tensor of random shape (0-d and empty
/// included), or a random strided layout over a fresh storage.
pub fn start(c: &mut Ctx) -> Outcome {
    let rank = c.src.below(5);
    let wide = c.src.chance(32);
    let shape: Vec<usize> = (0..rank)
        .map(|_| c.src.below(if wide { 8 } else { 5 }))
        .collect();
    let n: usize = shape.iter().product();
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    if c.src.chance(128) {
        let len = n + c.src.below(8);
        let (size, stride, offset) = c.src.strided_layout(len);
        return Outcome::one(
            format!("arange({len}).as_strided({size:?}, {stride:?}, {offset:?})"),
            caught(|| Tensor::<i64>::arange(len).as_strided(&size, &stride, offset)),
            crate::reference_model::shape_ops::as_strided(
                &RefTensor::arange(len),
                &size,
                &stride,
                offset,
            ),
        );
    }
    Outcome::one(
        format!("arange({n}).view({dims:?})"),
        caught(|| Tensor::<i64>::arange(n).view(&dims)),
        model::view(&RefTensor::arange(n), &dims),
    )
}

/// Applies a random op to random pool entries; returns the outcome and the
/// pool indices of its inputs.
pub fn apply_random(c: &mut Ctx, pool: &[Pair]) -> (Outcome, Vec<usize>) {
    let a = c.src.below(pool.len());
    let pick = c.src.below(UNARY.len() + BINARY.len());
    if pick < UNARY.len() {
        (UNARY[pick](c, &pool[a]), vec![a])
    } else {
        let b = c.src.below(pool.len());
        (
            BINARY[pick - UNARY.len()](c, &pool[a], &pool[b]),
            vec![a, b],
        )
    }
}

fn view(c: &mut Ctx, x: &Pair) -> Outcome {
    let shape = c.src.shape_for(x.model.numel());
    Outcome::one(
        format!("view({shape:?})"),
        caught(|| x.lib.view(&shape)),
        model::view(&x.model, &shape),
    )
}

fn reshape(c: &mut Ctx, x: &Pair) -> Outcome {
    let shape = c.src.shape_for(x.model.numel());
    Outcome::one(
        format!("reshape({shape:?})"),
        caught(|| x.lib.reshape(&shape)),
        model::reshape(&x.model, &shape),
    )
}

fn view_as(c: &mut Ctx, x: &Pair) -> Outcome {
    let shape = c.src.shape_for(x.model.numel());
    let like_shape: Vec<usize> = shape.iter().map(|&d| d.clamp(0, 4) as usize).collect();
    let like = Tensor::<u8>::zeros(&like_shape).expect("small");
    let dims: Vec<isize> = like_shape.iter().map(|&d| d as isize).collect();
    Outcome::one(
        format!("view_as(zeros({like_shape:?}))"),
        caught(|| x.lib.view_as(&like)),
        model::view(&x.model, &dims),
    )
}

fn reshape_as(c: &mut Ctx, x: &Pair) -> Outcome {
    let shape = c.src.shape_for(x.model.numel());
    let like_shape: Vec<usize> = shape.iter().map(|&d| d.clamp(0, 4) as usize).collect();
    let like = Tensor::<f64>::zeros(&like_shape).expect("small");
    let dims: Vec<isize> = like_shape.iter().map(|&d| d as isize).collect();
    Outcome::one(
        format!("reshape_as(zeros({like_shape:?}))"),
        caught(|| x.lib.reshape_as(&like)),
        model::reshape(&x.model, &dims),
    )
}

fn flatten(c: &mut Ctx, x: &Pair) -> Outcome {
    let (s, e) = (c.src.dim(x.ndim()), c.src.dim(x.ndim()));
    Outcome::one(
        format!("flatten({s}, {e})"),
        caught(|| x.lib.flatten(s, e)),
        model::flatten(&x.model, s, e),
    )
}

fn ravel(_: &mut Ctx, x: &Pair) -> Outcome {
    Outcome::one(
        "ravel()".into(),
        caught(|| x.lib.ravel()),
        model::ravel(&x.model),
    )
}

fn contiguous(_: &mut Ctx, x: &Pair) -> Outcome {
    Outcome::one(
        "contiguous()".into(),
        caught(|| x.lib.contiguous()),
        Ok(model::contiguous(&x.model)),
    )
}

fn detach(_: &mut Ctx, x: &Pair) -> Outcome {
    Outcome::one(
        "detach()".into(),
        caught(|| Ok(x.lib.detach())),
        Ok(x.model.clone()),
    )
}

fn transpose(c: &mut Ctx, x: &Pair) -> Outcome {
    let (a, b) = (c.src.dim(x.ndim()), c.src.dim(x.ndim()));
    Outcome::one(
        format!("transpose({a}, {b})"),
        caught(|| x.lib.transpose(a, b)),
        model::transpose(&x.model, a, b),
    )
}

fn permute(c: &mut Ctx, x: &Pair) -> Outcome {
    let dims = c.src.permutation(x.ndim());
    Outcome::one(
        format!("permute({dims:?})"),
        caught(|| x.lib.permute(&dims)),
        model::permute(&x.model, &dims),
    )
}

/// `t[index] = label` through this tensor (fewer indices than dims fill a
/// sub-tensor); the runner then checks that every tensor sharing the storage
/// (and no other) sees it.
fn set(c: &mut Ctx, x: &Pair) -> Outcome {
    let mut index: Vec<isize> = x.shape().iter().map(|&s| c.src.index(s)).collect();
    if c.src.chance(12) {
        index.push(0);
    }
    let label = c.fresh_label();
    if c.src.chance(48) {
        index.truncate(c.src.below(index.len() + 1));
    }
    let model = model::element_slots(&x.model, &index).map(|slots| {
        for slot in slots {
            x.model.storage.set(slot, label);
        }
        vec![]
    });
    Outcome::many(
        format!("set({index:?}, {label})"),
        caught(|| x.lib.set(&index, label).map(|()| vec![])),
        model,
    )
}
