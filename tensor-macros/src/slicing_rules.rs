//! PyTorch's rules for `narrow`, `select`, `split`, `chunk`, `unbind`,
//! `tensor_split` and `hsplit`/`vsplit`/`dsplit` on a stated shape: the result's sizes, or PyTorch's message for the
//! mistake, made in PyTorch's order with the texts of tensor-core's layout
//! code (a test in this file runs both on the same inputs and compares).
//!
//! A size is `Some(n)` when static, `None` for a named run-time dim; an
//! argument is `Some(v)` when a literal, `None` when a run-time value. What
//! needs an unknown size or value is left to the run-time op: the result
//! then says `checked_at_run_time`.
//!
//! The checks and messages of `narrow`, `select`, `split`,
//! `split_with_sizes` and `chunk`, and dim wrapping, are
//! `tensor_rules::slicing`'s, those of `tensor_split`,
//! `hsplit`/`vsplit`/`dsplit` and `unbind` (and `tensor_split`'s section
//! sizes) `tensor_rules::sections`'s, which the runtime applies too; what
//! is here is what only a typed result needs (named dims, the piece limit,
//! `tensor_split`'s clamped indices and `index!`).

use tensor_rules::{sections, slicing};

/// A rule's error as the message the macros print.
fn text(e: tensor_rules::RuleError) -> String {
    e.to_string()
}

/// The sizes of one result and whether part of the op's checks remain for run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sliced {
    /// The result's sizes (`None` for a named dim kept from the input).
    pub sizes: Vec<Option<u128>>,
    /// Whether the run-time op still checks something (a `Result`).
    pub checked_at_run_time: bool,
}

/// The number of elements a row-major tensor of these sizes spans, size-0
/// dims counted as 1 (a bound on its strides and offsets), when every size
/// is static.
fn static_extent(sizes: &[Option<u128>]) -> Option<u128> {
    sizes
        .iter()
        .try_fold(1u128, |p, s| s.map(|s| p.saturating_mul(s.max(1))))
}

/// Whether PyTorch's int64 offset arithmetic may wrap for a row-major
/// tensor of these static sizes (an empty tensor whose other dims multiply
/// beyond 2^62): the op is then checked at run time. Named dims are sizes
/// of real tensors and are taken not to.
fn extent_may_wrap(sizes: &[Option<u128>]) -> bool {
    static_extent(sizes).is_some_and(|p| p >= 1 << 62)
}

/// PyTorch's wrap of `dim` for a tensor of `ndim` dims (a 0-d tensor takes
/// `-1` and `0`), or its message.
pub fn wrap_dim(dim: i128, ndim: usize) -> Result<usize, String> {
    tensor_rules::dims::wrap_or_message(dim, ndim)
}

/// A shape as PyTorch prints it, named dims by name: `[5, 8, 3]`, `[B, 768]`.
pub fn shape_text(sizes: &[Option<u128>], names: &[String]) -> String {
    let items: Vec<String> = sizes
        .iter()
        .zip(names)
        .map(|(s, name)| s.map_or_else(|| name.clone(), |v| v.to_string()))
        .collect();
    format!("[{}]", items.join(", "))
}

/// `narrow(dim, start, length)`; `dim` and `length` are literals.
pub fn narrow(
    sizes: &[Option<u128>],
    dim: i128,
    start: Option<i128>,
    length: i128,
) -> Result<Sliced, String> {
    let d = slicing::narrow_dim(sizes.len(), dim, length).map_err(text)?;
    let mut out = sizes.to_vec();
    out[d] = Some(length as u128);
    let (Some(size), Some(start)) = (sizes[d], start) else {
        return Ok(Sliced {
            sizes: out,
            checked_at_run_time: true,
        });
    };
    slicing::narrow_start(size as i128, start, length).map_err(text)?;
    Ok(Sliced {
        sizes: out,
        checked_at_run_time: extent_may_wrap(sizes),
    })
}

/// `select(dim, index)`; `dim` is a literal. `names` print the shape in the message.
pub fn select(
    sizes: &[Option<u128>],
    names: &[String],
    dim: i128,
    index: Option<i128>,
) -> Result<Sliced, String> {
    let d = slicing::select_dim(sizes.len(), dim).map_err(text)?;
    let mut out = sizes.to_vec();
    out.remove(d);
    let (Some(size), Some(index)) = (sizes[d], index) else {
        return Ok(Sliced {
            sizes: out,
            checked_at_run_time: true,
        });
    };
    slicing::select_index(size as i128, index, d, shape_text(sizes, names)).map_err(text)?;
    Ok(Sliced {
        sizes: out,
        checked_at_run_time: extent_may_wrap(sizes),
    })
}

/// The size of the dim a split acts on: it must be static for a typed result.
fn split_dim_size(sizes: &[Option<u128>], d: usize, op: &str) -> Result<u128, String> {
    sizes[d].ok_or_else(|| {
        format!(
            "{op}!: dim {d} is a named dim, whose size is known only at run time, so the number of pieces is too; call the dynamic `{op}` (and `into_static` on the pieces)"
        )
    })
}

/// The most pieces a typed split returns (a tuple or an array, written out
/// by the macro); more is a compile error that points to the dynamic op.
pub const MAX_TYPED_PIECES: u128 = 64;

/// The limit on typed pieces, checked before any piece is written.
fn piece_count(count: u128, op: &str) -> Result<(), String> {
    if count > MAX_TYPED_PIECES {
        return Err(format!(
            "{op}!: {count} pieces are more than a typed result holds ({MAX_TYPED_PIECES}); call the dynamic `{op}`"
        ));
    }
    Ok(())
}

/// The pieces of a dim of `dim_size` cut every `split_size` (the last shorter).
fn pieces_of(
    sizes: &[Option<u128>],
    d: usize,
    dim_size: u128,
    split_size: u128,
    op: &str,
) -> Result<Vec<Sliced>, String> {
    let cut = slicing::split_pieces(dim_size, split_size).map_err(text)?;
    piece_count(cut.count, op)?;
    Ok((0..cut.count)
        .map(|i| {
            let (_, len) = cut.piece(i);
            let mut out = sizes.to_vec();
            out[d] = Some(len);
            Sliced {
                sizes: out,
                checked_at_run_time: extent_may_wrap(sizes),
            }
        })
        .collect())
}

/// `split(split_size, dim)`; both literals.
pub fn split(sizes: &[Option<u128>], split_size: i128, dim: i128) -> Result<Vec<Sliced>, String> {
    let d = slicing::split_dim(sizes.len(), split_size, dim).map_err(text)?;
    let dim_size = split_dim_size(sizes, d, "split")?;
    pieces_of(sizes, d, dim_size, split_size as u128, "split")
}

/// `chunk(chunks, dim)`; both literals.
pub fn chunk(sizes: &[Option<u128>], chunks: i128, dim: i128) -> Result<Vec<Sliced>, String> {
    let d = slicing::chunk_dim(sizes.len(), chunks, dim).map_err(text)?;
    let dim_size = split_dim_size(sizes, d, "chunk")?;
    if dim_size == 0 {
        piece_count(chunks as u128, "chunk")?;
        let mut out = sizes.to_vec();
        out[d] = Some(0);
        let empty = Sliced {
            sizes: out,
            checked_at_run_time: extent_may_wrap(sizes),
        };
        return Ok(vec![empty; chunks as usize]);
    }
    let split_size = dim_size.div_ceil(chunks as u128);
    pieces_of(sizes, d, dim_size, split_size, "chunk")
}

/// The pieces of `d` from `start` of the given lengths (which fit the dim).
fn pieces_at(sizes: &[Option<u128>], d: usize, lengths: &[u128]) -> Vec<Sliced> {
    lengths
        .iter()
        .map(|&len| {
            let mut out = sizes.to_vec();
            out[d] = Some(len);
            Sliced {
                sizes: out,
                checked_at_run_time: extent_may_wrap(sizes),
            }
        })
        .collect()
}

/// `split_with_sizes(split_sizes, dim)` (and `split` with a list); all literals.
pub fn split_with_sizes(
    sizes: &[Option<u128>],
    split_sizes: &[i128],
    dim: i128,
) -> Result<Vec<Sliced>, String> {
    let d = slicing::split_with_sizes_dim(sizes.len(), dim).map_err(text)?;
    let dim_size = split_dim_size(sizes, d, "split_with_sizes")?;
    slicing::check_split_sizes(split_sizes, dim_size, dim).map_err(text)?;
    piece_count(split_sizes.len() as u128, "split_with_sizes")?;
    let lengths: Vec<u128> = split_sizes.iter().map(|&s| s as u128).collect();
    Ok(pieces_at(sizes, d, &lengths))
}

/// How `tensor_split` cuts: a number of sections or the indices to cut at.
pub enum Sections<'a> {
    /// As many pieces, as equal as possible.
    Count(i128),
    /// Cut before each index (clamped like slice bounds).
    Indices(&'a [i128]),
}

/// `tensor_split(indices_or_sections, dim)`; all literals.
pub fn tensor_split(
    sizes: &[Option<u128>],
    sections: Sections<'_>,
    dim: i128,
) -> Result<Vec<Sliced>, String> {
    let d = sections::tensor_split_dim(sizes.len(), dim).map_err(text)?;
    match sections {
        Sections::Count(count) => {
            let count = sections::section_count(count).map_err(text)?;
            let dim_size = split_dim_size(sizes, d, "tensor_split")?;
            piece_count(count, "tensor_split")?;
            let lengths: Vec<u128> = (0..count)
                .map(|i| sections::section_length(dim_size, count, i))
                .collect();
            Ok(pieces_at(sizes, d, &lengths))
        }
        Sections::Indices(indices) => {
            let dim_size = split_dim_size(sizes, d, "tensor_split")? as i128;
            piece_count(indices.len() as u128 + 1, "tensor_split")?;
            let clamp = |bound: i128| {
                let bound = if bound < 0 { bound + dim_size } else { bound };
                bound.clamp(0, dim_size)
            };
            let mut lengths = Vec::new();
            let mut start = 0i128;
            for &stop in indices {
                let (a, b) = (clamp(start), clamp(stop));
                lengths.push((b.max(a) - a) as u128);
                start = stop;
            }
            let a = clamp(start);
            lengths.push((dim_size - a) as u128);
            Ok(pieces_at(sizes, d, &lengths))
        }
    }
}

/// `hsplit`, `vsplit`, `dsplit` (`name`): a tensor of at least `min_dims`
/// dims, split along `dim` (for `hsplit`, dim 0 of a 1-d tensor instead of
/// dim 1) by `tensor_split`, once a section count is found to divide it.
pub fn directional_split(
    sizes: &[Option<u128>],
    name: &str,
    sections: Sections<'_>,
) -> Result<Vec<Sliced>, String> {
    let dim = sections::directional_dim(name, sizes.len()).map_err(text)?;
    let size = split_dim_size(sizes, dim, name)?;
    match sections {
        Sections::Indices(indices) => {
            sections::directional_indices(indices.iter().copied()).map_err(text)?;
            piece_count(indices.len() as u128 + 1, name)?;
        }
        Sections::Count(count) => {
            sections::directional_count(name, dim, size, count).map_err(text)?;
            if count > 0 {
                piece_count(count as u128, name)?;
            }
        }
    }
    tensor_split(sizes, sections, dim as i128)
}

/// `unbind(dim)`; a literal. The pieces' sizes and how many there are.
pub fn unbind(sizes: &[Option<u128>], dim: i128) -> Result<(Sliced, u128), String> {
    let d = sections::unbind_dim(sizes.len(), dim).map_err(text)?;
    let count = split_dim_size(sizes, d, "unbind")?;
    piece_count(count, "unbind")?;
    let mut out = sizes.to_vec();
    out.remove(d);
    Ok((
        Sliced {
            sizes: out,
            checked_at_run_time: extent_may_wrap(sizes),
        },
        count,
    ))
}

/// One item of a basic index with literal parts, as `IndexItem`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// An integer: selects and removes the dim.
    Int(i128),
    /// `start:stop:step`, each part optional.
    Slice {
        /// First index.
        start: Option<i128>,
        /// One past the last index.
        stop: Option<i128>,
        /// The step (default 1).
        step: Option<i128>,
    },
    /// `None`: a new dim of size 1.
    NewAxis,
    /// `...`: the dims the other items leave unnamed.
    Ellipsis,
}

/// The largest step `index!` types: beyond it the stride times the step
/// may wrap PyTorch's int64 arithmetic, which only the run time can tell.
pub const MAX_TYPED_STEP: i128 = 1 << 31;

/// `tensor[items]` (basic indexing) with literal items, in PyTorch's order;
/// with the result, for each of its dims the input dim it comes from (`None`
/// for a new axis).
pub fn index(
    sizes: &[Option<u128>],
    items: &[Item],
) -> Result<(Sliced, Vec<Option<usize>>), String> {
    let ndim = sizes.len();
    let specified = items
        .iter()
        .filter(|item| matches!(item, Item::Int(_) | Item::Slice { .. }))
        .count();
    if specified > ndim {
        return Err(format!("too many indices for tensor of dimension {ndim}"));
    }
    let mut out = sizes.to_vec();
    let mut sources: Vec<Option<usize>> = (0..ndim).map(Some).collect();
    let mut checked_at_run_time = extent_may_wrap(sizes);
    let mut dim = 0usize;
    for (position, item) in items.iter().enumerate() {
        match *item {
            Item::Int(index) => {
                if dim >= out.len() {
                    wrap_dim(dim as i128, out.len())?;
                }
                match out[dim] {
                    Some(size) => {
                        let wrapped = index + if index < 0 { size as i128 } else { 0 };
                        if wrapped < 0 || wrapped >= size as i128 {
                            return Err(format!(
                                "index {index} is out of bounds for dimension {position} with size {size}"
                            ));
                        }
                    }
                    None => checked_at_run_time = true,
                }
                out.remove(dim);
                sources.remove(dim);
            }
            Item::Slice { start, stop, step } => {
                let step = step.unwrap_or(1);
                if step == 0 {
                    return Err("slice step cannot be zero".into());
                }
                if step < 0 {
                    return Err("step must be greater than zero".into());
                }
                if step > MAX_TYPED_STEP {
                    return Err(format!(
                        "index!: a step of {step} (item {position}) may wrap PyTorch's int64 stride arithmetic, whose result then depends on the strides; index the dynamic tensor"
                    ));
                }
                if out.is_empty() {
                    return Err("slice() cannot be applied to a 0-dim tensor.".into());
                }
                let d = wrap_dim(dim as i128, out.len())?;
                if start.is_some() || stop.is_some() || step != 1 {
                    let Some(size) = out[d] else {
                        return Err(format!(
                            "index!: item {position} slices a named dim, whose size is known only at run time, so the result's is too; keep it whole (`..`) or index the dynamic tensor"
                        ));
                    };
                    let size = size as i128;
                    let clamp = |bound: i128| {
                        let bound = if bound < 0 { bound + size } else { bound };
                        bound.clamp(0, size)
                    };
                    let a = clamp(start.unwrap_or(0));
                    let b = clamp(stop.unwrap_or(size)).max(a);
                    // PyTorch's int64 arithmetic, which wraps for steps near
                    // 2^63 (the layout code does the same)
                    let len = (b - a) as i64;
                    let step64 = step as i64;
                    let rounded_up = len.wrapping_add(step64 - 1);
                    let new_size = if step64 == 1 {
                        len
                    } else if (step64 as u64).is_power_of_two() && rounded_up >= 0 {
                        rounded_up >> step64.trailing_zeros()
                    } else {
                        rounded_up / step64
                    };
                    if new_size < 0 {
                        return Err(format!(
                            "index!: the step {step} of item {position} wraps PyTorch's int64 size arithmetic (the view then fails at run time); index the dynamic tensor"
                        ));
                    }
                    // the stride times the step may wrap too: bounded by the
                    // extent for static sizes, unknown with named dims
                    if step > 1 && static_extent(sizes).is_none_or(|p| p * step as u128 >= 1 << 62)
                    {
                        checked_at_run_time = true;
                    }
                    out[d] = Some(new_size as u128);
                }
                dim += 1;
            }
            Item::NewAxis => {
                let d = wrap_dim(dim as i128, out.len() + 1)?;
                out.insert(d, Some(1));
                sources.insert(d, None);
                dim += 1;
            }
            Item::Ellipsis => dim += ndim - specified,
        }
    }
    Ok((
        Sliced {
            sizes: out,
            checked_at_run_time,
        },
        sources,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Lcg;
    use tensor_core::layout::Layout;

    fn known(shape: &[usize]) -> Vec<Option<u128>> {
        shape.iter().map(|&s| Some(s as u128)).collect()
    }

    fn names(shape: &[usize]) -> Vec<String> {
        shape.iter().map(|s| s.to_string()).collect()
    }

    fn shape_of(sliced: &Sliced) -> Vec<usize> {
        sliced.sizes.iter().map(|s| s.unwrap() as usize).collect()
    }

    /// Each rule agrees with the layout code on random literal arguments:
    /// the same error text, or the same result shapes.
    #[test]
    fn rules_agree_with_the_layout_code() {
        let mut rng = Lcg(21);
        for _ in 0..4000 {
            let shape = rng.shape(3, &[0, 1, 2, 3, 4, 5]);
            let layout = Layout::contiguous(&shape);
            let sizes = known(&shape);
            let (a, b, c) = (rng.int(-7, 7), rng.int(-7, 7), rng.int(-2, 7));
            match (
                narrow(&sizes, a, Some(b), c),
                layout.narrow(a as isize, b as isize, c as isize),
            ) {
                (Ok(s), Ok(l)) => assert_eq!(shape_of(&s), l.shape()),
                (Err(m), Err(e)) => assert_eq!(m, e.to_string()),
                (ours, theirs) => panic!("narrow{shape:?} {a} {b} {c}: {ours:?} vs {theirs:?}"),
            }
            match (
                select(&sizes, &names(&shape), a, Some(b)),
                layout.select(a as isize, b as isize),
            ) {
                (Ok(s), Ok(l)) => assert_eq!(shape_of(&s), l.shape()),
                (Err(m), Err(e)) => assert_eq!(m, e.to_string()),
                (ours, theirs) => panic!("select{shape:?} {a} {b}: {ours:?} vs {theirs:?}"),
            }
            match (split(&sizes, c, a), layout.split(c as isize, a as isize)) {
                (Ok(s), Ok(l)) => {
                    let ours: Vec<Vec<usize>> = s.iter().map(shape_of).collect();
                    let theirs: Vec<Vec<usize>> = l.iter().map(|p| p.shape().to_vec()).collect();
                    assert_eq!(ours, theirs);
                }
                (Err(m), Err(e)) => assert_eq!(m, e.to_string()),
                (ours, theirs) => panic!("split{shape:?} {c} {a}: {ours:?} vs {theirs:?}"),
            }
            match (chunk(&sizes, c, a), layout.chunk(c as isize, a as isize)) {
                (Ok(s), Ok(l)) => {
                    let ours: Vec<Vec<usize>> = s.iter().map(shape_of).collect();
                    let theirs: Vec<Vec<usize>> = l.iter().map(|p| p.shape().to_vec()).collect();
                    assert_eq!(ours, theirs);
                }
                (Err(m), Err(e)) => assert_eq!(m, e.to_string()),
                (ours, theirs) => panic!("chunk{shape:?} {c} {a}: {ours:?} vs {theirs:?}"),
            }
            let mut list: Vec<i128> = (0..rng.below(4)).map(|_| rng.int(-2, 6)).collect();
            if let (Ok(d), true) = (wrap_dim(a, shape.len()), rng.below(2) == 0) {
                // a partition of the dim, so that split_with_sizes succeeds too
                let mut left = *shape.get(d).unwrap_or(&0) as i128;
                list.clear();
                while left > 0 {
                    let part = rng.int(0, left);
                    list.push(part);
                    left -= part;
                }
            }
            let isizes: Vec<isize> = list.iter().map(|&v| v as isize).collect();
            let same_pieces = |ours: Result<Vec<Sliced>, String>,
                               theirs: Result<Vec<Layout>, tensor_core::ViewError>,
                               what: &str| match (ours, theirs) {
                (Ok(s), Ok(l)) => {
                    let ours: Vec<Vec<usize>> = s.iter().map(shape_of).collect();
                    let theirs: Vec<Vec<usize>> = l.iter().map(|p| p.shape().to_vec()).collect();
                    assert_eq!(ours, theirs, "{what}");
                }
                (Err(m), Err(e)) => assert_eq!(m, e.to_string(), "{what}"),
                (ours, theirs) => panic!("{what}: {ours:?} vs {theirs:?}"),
            };
            let what = format!("{shape:?} {list:?} {a}");
            same_pieces(
                split_with_sizes(&sizes, &list, a),
                layout.split_with_sizes(&isizes, a as isize),
                &what,
            );
            same_pieces(
                tensor_split(&sizes, Sections::Indices(&list), a),
                layout.tensor_split(tensor_core::Sections::Indices(&isizes), a as isize),
                &what,
            );
            same_pieces(
                tensor_split(&sizes, Sections::Count(c), a),
                layout.tensor_split(tensor_core::Sections::Count(c as isize), a as isize),
                &what,
            );
            for name in ["hsplit", "vsplit", "dsplit"] {
                let (count, indices) = match name {
                    "hsplit" => (
                        layout.hsplit(tensor_core::Sections::Count(c as isize)),
                        layout.hsplit(tensor_core::Sections::Indices(&isizes)),
                    ),
                    "vsplit" => (
                        layout.vsplit(tensor_core::Sections::Count(c as isize)),
                        layout.vsplit(tensor_core::Sections::Indices(&isizes)),
                    ),
                    _ => (
                        layout.dsplit(tensor_core::Sections::Count(c as isize)),
                        layout.dsplit(tensor_core::Sections::Indices(&isizes)),
                    ),
                };
                let what = format!("{name} {what}");
                same_pieces(
                    directional_split(&sizes, name, Sections::Count(c)),
                    count,
                    &what,
                );
                same_pieces(
                    directional_split(&sizes, name, Sections::Indices(&list)),
                    indices,
                    &what,
                );
            }
            let items: Vec<Item> = (0..rng.below(5))
                .map(|_| match rng.below(7) {
                    0 | 1 => Item::Int(rng.int(-6, 6)),
                    2 => Item::NewAxis,
                    3 => Item::Ellipsis,
                    4 => Item::Slice {
                        start: None,
                        stop: None,
                        step: None,
                    },
                    _ => {
                        let bound = |rng: &mut Lcg| (rng.below(2) == 0).then(|| rng.int(-7, 7));
                        Item::Slice {
                            start: bound(&mut rng),
                            stop: bound(&mut rng),
                            step: match rng.below(8) {
                                0 => Some(i64::MAX as i128 - rng.int(0, 2)),
                                1..=3 => Some(rng.int(-1, 3)),
                                _ => None,
                            },
                        }
                    }
                })
                .collect();
            let key: Vec<tensor_core::IndexItem> = items
                .iter()
                .map(|item| match *item {
                    Item::Int(i) => tensor_core::IndexItem::Int(i as isize),
                    Item::Slice { start, stop, step } => tensor_core::IndexItem::Slice {
                        start: start.map(|v| v as isize),
                        stop: stop.map(|v| v as isize),
                        step: step.map(|v| v as isize),
                    },
                    Item::NewAxis => tensor_core::IndexItem::NewAxis,
                    Item::Ellipsis => tensor_core::IndexItem::Ellipsis,
                })
                .collect();
            match (index(&sizes, &items), layout.index(&key)) {
                (Ok((s, _)), Ok(l)) => assert_eq!(shape_of(&s), l.shape(), "{shape:?} {items:?}"),
                // a step beyond the typed limit: a compile error whatever the run time does
                (Err(m), _) if m.starts_with("index!: a step") => {}
                (Err(m), Err(e)) => assert_eq!(m, e.to_string(), "{shape:?} {items:?}"),
                (ours, theirs) => panic!("index{shape:?} {items:?}: {ours:?} vs {theirs:?}"),
            }
            match (unbind(&sizes, a), layout.unbind(a as isize)) {
                (Ok((s, n)), Ok(l)) => {
                    assert_eq!(n as usize, l.len());
                    assert!(l.iter().all(|p| p.shape() == shape_of(&s)));
                }
                (Err(m), Err(e)) => assert_eq!(m, e.to_string()),
                (ours, theirs) => panic!("unbind{shape:?} {a}: {ours:?} vs {theirs:?}"),
            }
        }
    }

    #[test]
    fn named_dims_leave_checks_to_run_time() {
        let sizes = [None, Some(768)];
        let n = narrow(&sizes, 0, Some(0), 4).unwrap();
        assert_eq!(
            (n.sizes, n.checked_at_run_time),
            (vec![Some(4), Some(768)], true)
        );
        let n = narrow(&sizes, 1, None, 256).unwrap();
        assert!(n.checked_at_run_time);
        let n = narrow(&sizes, 1, Some(512), 256).unwrap();
        assert_eq!(
            (n.sizes, n.checked_at_run_time),
            (vec![None, Some(256)], false)
        );
        assert!(split(&sizes, 2, 0).unwrap_err().contains("named dim"));
        let names = ["B".to_string(), "768".to_string()];
        assert_eq!(
            select(&sizes, &names, 1, Some(768)).unwrap_err(),
            "select(): index 768 out of range for tensor of size [B, 768] at dimension 1"
        );
    }
}
