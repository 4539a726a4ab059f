//! Basic indexing and the split family in chains: random keys and sections,
//! checked against the model's `index_ops`.

use tensor_view::{IndexItem, Sections, Tensor};

use super::check::MAX_NUMEL;
use super::{caught, Ctx, Outcome, Pair};
use crate::reference_model::index_ops::{self as model, Item};

/// A random basic index: ints, slices, new axes, rarely an ellipsis (or two).
pub fn index(c: &mut Ctx, x: &Pair) -> Outcome {
    let count = c.src.below(x.ndim() + 3);
    let mut items = Vec::with_capacity(count);
    let mut dim = 0;
    for _ in 0..count {
        let size = x.shape().get(dim).copied().unwrap_or(3);
        let item = match c.src.below(8) {
            0..=2 => {
                dim += 1;
                Item::Int(c.src.index(size))
            }
            3..=5 => {
                dim += 1;
                let bound = |c: &mut Ctx| c.src.chance(160).then(|| c.src.index(size));
                let (start, stop) = (bound(c), bound(c));
                let step = c.src.chance(128).then(|| c.src.int_in(-1, 3));
                Item::Slice(start, stop, step)
            }
            6 => Item::NewAxis,
            _ => Item::Ellipsis,
        };
        items.push(item);
    }
    let key: Vec<IndexItem> = items
        .iter()
        .map(|&i| match i {
            Item::Int(i) => IndexItem::Int(i),
            Item::Slice(start, stop, step) => IndexItem::Slice { start, stop, step },
            Item::NewAxis => IndexItem::NewAxis,
            Item::Ellipsis => IndexItem::Ellipsis,
        })
        .collect();
    Outcome::one(
        format!("index({items:?})"),
        caught(|| x.lib.index(&key)),
        model::index(&x.model, &items),
    )
}

/// One of the split family, with small random arguments.
pub fn split_family(c: &mut Ctx, x: &Pair) -> Outcome {
    let dim = c.src.dim(x.ndim());
    let around = x.shape().iter().copied().max().unwrap_or(1).min(8);
    let m = &x.model;
    let sizes: Vec<isize> = (0..c.src.below(4) + 1)
        .map(|_| c.src.size(around))
        .collect();
    let cuts: Vec<isize> = (0..c.src.below(4)).map(|_| c.src.index(around)).collect();
    let n = c.src.int_in(-1, around as isize + 2);
    let count = Sections::Count(n);
    let pick = c.src.below(11);
    // `split(n)` and `unbind` give a tensor per few elements of the dim, and
    // a dim of an empty tensor can be 2^29 long: gigabytes of handles on both
    // sides (PyTorch would make them too), so those calls are skipped there.
    let wrapped = if dim < 0 {
        dim + x.ndim() as isize
    } else {
        dim
    };
    let dim_size = usize::try_from(wrapped)
        .ok()
        .and_then(|d| x.shape().get(d).copied());
    if let Some(size) = dim_size.filter(|&size| matches!(pick, 0 | 4) && size > MAX_NUMEL) {
        return Outcome::many(
            format!("split or unbind along dim {dim} (skipped: a dim of {size})"),
            Ok(Ok(vec![])),
            Ok(vec![]),
        );
    }
    let (name, lib, model): (String, Caught, _) = match pick {
        0 => (
            format!("split({n}, {dim})"),
            caught(|| x.lib.split(n, dim)),
            model::split(m, n, dim),
        ),
        1 => (
            format!("split({sizes:?}, {dim})"),
            caught(|| x.lib.split(sizes.as_slice(), dim)),
            model::split_with_sizes(m, &sizes, dim),
        ),
        2 => (
            format!("split_with_sizes({sizes:?}, {dim})"),
            caught(|| x.lib.split_with_sizes(&sizes, dim)),
            model::split_with_sizes(m, &sizes, dim),
        ),
        3 => (
            format!("chunk({n}, {dim})"),
            caught(|| x.lib.chunk(n, dim)),
            model::chunk(m, n, dim),
        ),
        4 => (
            format!("unbind({dim})"),
            caught(|| x.lib.unbind(dim)),
            model::unbind(m, dim),
        ),
        5 => (
            format!("tensor_split({n}, {dim})"),
            caught(|| x.lib.tensor_split(n, dim)),
            model::tensor_split(m, model::Sections::Count(n), dim),
        ),
        6 => (
            format!("tensor_split({cuts:?}, {dim})"),
            caught(|| x.lib.tensor_split(cuts.as_slice(), dim)),
            model::tensor_split(m, model::Sections::Indices(&cuts), dim),
        ),
        7 => (
            format!("hsplit({n})"),
            caught(|| x.lib.hsplit(count)),
            model::directional_split(m, "h", model::Sections::Count(n)),
        ),
        8 => (
            format!("vsplit({n})"),
            caught(|| x.lib.vsplit(n)),
            model::directional_split(m, "v", model::Sections::Count(n)),
        ),
        9 => (
            format!("dsplit({n})"),
            caught(|| x.lib.dsplit(n)),
            model::directional_split(m, "d", model::Sections::Count(n)),
        ),
        _ => (
            format!("hsplit({cuts:?})"),
            caught(|| x.lib.hsplit(cuts.as_slice())),
            model::directional_split(m, "h", model::Sections::Indices(&cuts)),
        ),
    };
    Outcome::many(name, lib, model)
}

type Caught = super::Caught<Result<Vec<Tensor<super::Elem>>, tensor_view::ViewError>>;
