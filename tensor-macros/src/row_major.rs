//! Whether a slicing op's result is row-major when its input is: the rule
//! behind typing the results of `narrow!`, `select!`, `index!`, the split
//! family and `unbind!` as `Shape![..]` rather than `Strided<Shape![..]>`.
//!
//! A row-major input of sizes `s` has strides `prod(max(s[j], 1), j > i)`;
//! a result dim taken from input dim `i` with step `k` has `k` times
//! stride `i`, and a new axis (`None` in `index!`) the size times the
//! stride of the input dim it is inserted before (1 at the end), as
//! PyTorch's `unsqueeze`.
//!
//! - A static result (every size a literal, whatever the input's) is typed
//!   `Shape![..]`, which promises exactly the row-major strides: every dim,
//!   size-1 dims included, must have them.
//! - A partly-dynamic result (`Shape![B, ..]`) promises row-major strides
//!   except on size-1 dims, as PyTorch's `is_contiguous`: those are left
//!   out. Named dims are symbols: a stride is a static number times a list
//!   of named input dims, and two strides are equal when both parts are
//!   (so for every size of the named dims). A named dim is taken to be of a
//!   size other than 1, so the rule holds for every size.

use crate::slicing_rules::Item;

/// A stride: a static factor times named input dims (by position, sorted).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Product {
    number: u128,
    named: Vec<usize>,
}

impl Product {
    fn one() -> Product {
        Product {
            number: 1,
            named: Vec::new(),
        }
    }

    /// Times `number`; `None` on overflow.
    fn times(mut self, number: u128) -> Option<Product> {
        self.number = self.number.checked_mul(number)?;
        Some(self)
    }

    /// Times one dim's factor in a row-major stride: `max(size, 1)`, or the
    /// named input dim `source`; `None` on overflow.
    fn times_dim(mut self, size: Option<u128>, source: usize) -> Option<Product> {
        match size {
            Some(size) => self.times(size.max(1)),
            None => {
                self.named.push(source);
                self.named.sort_unstable();
                Some(self)
            }
        }
    }
}

/// Where a result dim comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Input dim `dim`, sliced with `step`.
    Input { dim: usize, step: u128 },
    /// A new axis inserted before input dim `before` (the input's rank at the end).
    NewAxis { before: usize },
}

/// One result dim: its size (`None` for a named dim kept whole) and source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultDim {
    pub size: Option<u128>,
    pub source: Source,
}

impl ResultDim {
    /// The input dim a result dim is (`None` for a new axis).
    pub fn input_dim(&self) -> Option<usize> {
        match self.source {
            Source::Input { dim, .. } => Some(dim),
            Source::NewAxis { .. } => None,
        }
    }
}

/// The result dims of an op that keeps every input dim but maybe changes
/// the sizes (`narrow`, a piece of a split), step 1.
pub fn same_dims(result: &[Option<u128>]) -> Vec<ResultDim> {
    result
        .iter()
        .enumerate()
        .map(|(dim, &size)| ResultDim {
            size,
            source: Source::Input { dim, step: 1 },
        })
        .collect()
}

/// The result dims of an op that removes input dim `removed` (`select`,
/// `unbind`), step 1.
pub fn without_dim(result: &[Option<u128>], removed: usize) -> Vec<ResultDim> {
    result
        .iter()
        .enumerate()
        .map(|(i, &size)| ResultDim {
            size,
            source: Source::Input {
                dim: if i < removed { i } else { i + 1 },
                step: 1,
            },
        })
        .collect()
}

/// Whether the result is row-major when the input of sizes `input` is:
/// exactly for a static result, but on size-1 dims for a partly-dynamic one.
pub fn keeps_row_major(input: &[Option<u128>], result: &[ResultDim]) -> bool {
    let exact = result.iter().all(|dim| dim.size.is_some());
    let input_stride =
        |i: usize| (i + 1..input.len()).try_fold(Product::one(), |p, j| p.times_dim(input[j], j));
    let stride = |dim: &ResultDim| match dim.source {
        Source::Input { dim, step } => input_stride(dim)?.times(step),
        Source::NewAxis { before } if before < input.len() => {
            input_stride(before)?.times(input[before]?)
        }
        Source::NewAxis { .. } => Some(Product::one()),
    };
    let mut expected = Some(Product::one());
    for dim in result.iter().rev() {
        let Some(wanted) = expected else {
            return false;
        };
        if (exact || dim.size != Some(1)) && stride(dim) != Some(wanted.clone()) {
            return false;
        }
        expected = wanted.times_dim(dim.size, dim.input_dim().unwrap_or(usize::MAX));
    }
    true
}

/// The result dims of a valid basic index `items` of a tensor of `ndim`
/// dims, in order, with the result's sizes `sizes` (as `slicing_rules::index`
/// gives them): PyTorch applies the items left to right, so a new axis is
/// inserted before the next input dim not yet indexed.
pub fn index_dims(ndim: usize, items: &[Item], sizes: &[Option<u128>]) -> Vec<ResultDim> {
    let specified = items
        .iter()
        .filter(|item| matches!(item, Item::Int(_) | Item::Slice { .. }))
        .count();
    let mut sources = Vec::new();
    let mut dim = 0;
    for item in items {
        match *item {
            Item::Int(_) => dim += 1,
            Item::Slice { step, .. } => {
                let step = step.unwrap_or(1) as u128;
                sources.push(Source::Input { dim, step });
                dim += 1;
            }
            Item::NewAxis => sources.push(Source::NewAxis { before: dim }),
            Item::Ellipsis => {
                for _ in 0..ndim - specified {
                    sources.push(Source::Input { dim, step: 1 });
                    dim += 1;
                }
            }
        }
    }
    sources.extend((dim..ndim).map(|dim| Source::Input { dim, step: 1 }));
    sizes
        .iter()
        .zip(sources)
        .map(|(&size, source)| ResultDim { size, source })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slicing_rules;
    use crate::test_rng::Lcg;
    use tensor_core::layout::{contiguous_strides, Layout};
    use tensor_core::IndexItem;

    fn known(shape: &[usize]) -> Vec<Option<u128>> {
        shape.iter().map(|&s| Some(s as u128)).collect()
    }

    /// Exactly the row-major strides, as a static `Shape![..]` promises.
    fn row_major(layout: &Layout) -> bool {
        layout.strides() == contiguous_strides(layout.shape()).as_slice()
    }

    /// Row-major but on size-1 dims, as a `Shape![B, ..]` promises.
    fn row_major_but_size_one(layout: &Layout) -> bool {
        let rows = contiguous_strides(layout.shape());
        layout
            .shape()
            .iter()
            .zip(layout.strides().iter().zip(&rows))
            .all(|(&size, (s, r))| size == 1 || s == r)
    }

    /// A random basic index key for `rank` dims (maybe invalid).
    fn random_key(rng: &mut Lcg, rank: usize) -> Vec<Item> {
        let bound = |rng: &mut Lcg| (rng.below(2) == 0).then(|| rng.below(7) as i128 - 3);
        (0..rng.below(rank as u64 + 2))
            .map(|_| match rng.below(6) {
                0 => Item::Int(rng.below(5) as i128 - 2),
                1 => Item::NewAxis,
                2 => Item::Ellipsis,
                _ => Item::Slice {
                    start: bound(rng),
                    stop: bound(rng),
                    step: (rng.below(2) == 0).then(|| 1 + rng.below(3) as i128),
                },
            })
            .collect()
    }

    fn as_index_item(item: &Item) -> IndexItem {
        match *item {
            Item::Int(i) => IndexItem::Int(i as isize),
            Item::Slice { start, stop, step } => IndexItem::Slice {
                start: start.map(|v| v as isize),
                stop: stop.map(|v| v as isize),
                step: step.map(|v| v as isize),
            },
            Item::NewAxis => IndexItem::NewAxis,
            Item::Ellipsis => IndexItem::Ellipsis,
        }
    }

    /// The result of op `which` on `shape` by the layout code, and its
    /// result dims as the macro describes them.
    fn random_op(rng: &mut Lcg, shape: &[usize]) -> Option<(Layout, Vec<ResultDim>)> {
        let x = Layout::contiguous(shape);
        let rank = shape.len();
        let d = rng.below(rank as u64) as usize;
        let size = shape[d];
        let sizes = |l: &Layout| known(l.shape());
        match rng.below(3) {
            0 => {
                let start = rng.below(size as u64 + 1) as isize;
                let length = rng.below((size as isize - start) as u64 + 1) as isize;
                let y = x.narrow(d as isize, start, length).unwrap();
                let dims = same_dims(&sizes(&y));
                Some((y, dims))
            }
            1 if size > 0 => {
                let y = x
                    .select(d as isize, rng.below(size as u64) as isize)
                    .unwrap();
                let dims = without_dim(&sizes(&y), d);
                Some((y, dims))
            }
            _ => {
                let items = random_key(rng, rank);
                let (sliced, _) = slicing_rules::index(&known(shape), &items).ok()?;
                let key: Vec<IndexItem> = items.iter().map(as_index_item).collect();
                let y = x.index(&key).unwrap();
                assert_eq!(sizes(&y), sliced.sizes);
                let dims = index_dims(rank, &items, &sliced.sizes);
                Some((y, dims))
            }
        }
    }

    /// The rule agrees with the layout code on random shapes (sizes 0 to 3,
    /// so size-1 and empty dims are common) and random narrows, selects and
    /// index keys of row-major tensors: exactly for static inputs; with a
    /// dim named, whenever the rule keeps a result row-major it is (but on
    /// size-1 dims) for every size of that dim.
    #[test]
    fn the_rule_agrees_with_the_layout_code() {
        let mut rng = Lcg(21);
        let (mut kept, mut kept_named) = (0, 0);
        for _ in 0..6000 {
            let rank = 1 + rng.below(4) as usize;
            let mut shape: Vec<usize> = (0..rank).map(|_| rng.below(4) as usize).collect();
            let Some((y, dims)) = random_op(&mut rng, &shape) else {
                continue;
            };
            let rule = keeps_row_major(&known(&shape), &dims);
            assert_eq!(
                rule,
                row_major(&y),
                "{shape:?} -> {:?} {:?}",
                y.shape(),
                dims
            );
            kept += rule as usize;
            // the same op with one dim kept whole named
            let named = rng.below(rank as u64) as usize;
            let mut input = known(&shape);
            input[named] = None;
            let whole: Vec<ResultDim> = dims
                .iter()
                .map(|d| match d.input_dim() {
                    Some(i) if i == named && d.size == Some(shape[i] as u128) => {
                        ResultDim { size: None, ..*d }
                    }
                    _ => *d,
                })
                .collect();
            if whole.iter().all(|d| d.size.is_some()) || !keeps_row_major(&input, &whole) {
                continue;
            }
            kept_named += 1;
            for size in [2, 3, 5] {
                shape[named] = size;
                let x = Layout::contiguous(&shape);
                let strides: Vec<isize> = whole
                    .iter()
                    .map(|d| match d.source {
                        Source::Input { dim, step } => x.strides()[dim] * step as isize,
                        Source::NewAxis { .. } => 0,
                    })
                    .collect();
                let sizes: Vec<usize> = whole
                    .iter()
                    .map(|d| d.size.map_or(size, |s| s as usize))
                    .collect();
                let layout = Layout::from_parts(&sizes, &strides, 0);
                assert!(row_major_but_size_one(&layout), "{shape:?} {whole:?}");
            }
        }
        assert!(kept > 300 && kept_named > 100, "{kept} {kept_named}");
    }

    #[test]
    fn named_dims_are_symbols() {
        let (b, t) = (None, None);
        // [B, T, 768] narrowed along 0, or along 2 (not row-major)
        let input = [b, t, Some(768)];
        assert!(keeps_row_major(&input, &same_dims(&[b, t, Some(768)])));
        assert!(!keeps_row_major(&input, &same_dims(&[b, t, Some(256)])));
        // [4, B, 8] narrowed along 0 keeps B whole
        let input = [Some(4), b, Some(8)];
        assert!(keeps_row_major(&input, &same_dims(&[Some(2), b, Some(8)])));
        // [1, B, 8] selected along 0 is [B, 8]; [1, B, 8] narrowed along 2 is not
        let input = [Some(1), b, Some(8)];
        assert!(keeps_row_major(&input, &without_dim(&[b, Some(8)], 0)));
        assert!(!keeps_row_major(&input, &same_dims(&[Some(1), b, Some(4)])));
        // [B, 4] selected along 1 is [B]: the stride of B is 4, not 1
        assert!(!keeps_row_major(&[b, Some(4)], &without_dim(&[b], 1)));
        // [1, 6, T] narrowed along 1 is row-major but on its size-1 dim; [1, T, 12]
        // narrowed along 1 is all static, and its size-1 dim has the stride T*12
        let input = [Some(1), Some(6), t];
        assert!(keeps_row_major(&input, &same_dims(&[Some(1), Some(3), t])));
        let input = [Some(1), t, Some(12)];
        assert!(!keeps_row_major(
            &input,
            &same_dims(&[Some(1), Some(2), Some(12)])
        ));
    }

    #[test]
    fn static_size_one_dims_need_their_row_major_strides() {
        // [1, 6] narrowed along 1 to 3: PyTorch calls it contiguous, but the
        // stride of the size-1 dim is 6, not 3
        assert!(!keeps_row_major(
            &[Some(1), Some(6)],
            &same_dims(&[Some(1), Some(3)])
        ));
        // [1, 6] selected along 0 is [6]
        assert!(keeps_row_major(
            &[Some(1), Some(6)],
            &without_dim(&[Some(6)], 0)
        ));
    }
}
