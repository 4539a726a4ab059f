//! The shape-changing views checked element by element against their
//! definitions, over every small shape (rank up to 3, sizes 0 to 3), several
//! input layouts and every argument in a small range: whenever an op accepts
//! its arguments, each element of the result must be the element of the input
//! that the op's definition names (read through the input's own `get`).

use tensor_core::Tensor;

/// Every multi-index of `shape`, in row-major order.
fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &size in shape {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..size).map(move |i| {
                    let mut next = prefix.clone();
                    next.push(i);
                    next
                })
            })
            .collect();
    }
    out
}

fn at(t: &Tensor<i32>, index: &[usize]) -> i32 {
    let index: Vec<isize> = index.iter().map(|&i| i as isize).collect();
    t.get(&index).expect("index in range")
}

/// Every shape of rank 0 to 3 with sizes 0 to 3.
fn shapes() -> Vec<Vec<usize>> {
    (0..=3).flat_map(|rank| indices(&vec![4; rank])).collect()
}

/// Inputs of `shape` with distinct values: contiguous, with all dims
/// reversed (non-contiguous strides), and at an offset inside a larger storage.
fn inputs(shape: &[usize]) -> Vec<Tensor<i32>> {
    let n: usize = shape.iter().product();
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    let contiguous = Tensor::<i32>::arange(n).view(&dims).unwrap();
    let mut reversed_shape = dims.clone();
    reversed_shape.reverse();
    let reversed = Tensor::<i32>::arange(n)
        .view(&reversed_shape)
        .unwrap()
        .T()
        .unwrap();
    let offset = Tensor::<i32>::arange(n + 3)
        .narrow(0, 3, n as isize)
        .unwrap()
        .view(&dims)
        .unwrap();
    vec![contiguous, reversed, offset]
}

fn wrap(dim: isize, n: usize) -> usize {
    if dim < 0 {
        (dim + n as isize) as usize
    } else {
        dim as usize
    }
}

#[test]
fn narrow_and_select_read_the_named_entries() {
    let mut checked = 0;
    for shape in shapes() {
        for x in inputs(&shape) {
            let n = shape.len() as isize;
            for dim in -n..n {
                let d = wrap(dim, shape.len());
                for start in -4..=4 {
                    for length in 0..=4 {
                        let Ok(y) = x.narrow(dim, start, length) else {
                            continue;
                        };
                        checked += 1;
                        let first = if start < 0 {
                            start + shape[d] as isize
                        } else {
                            start
                        };
                        assert!(first >= 0 && first + length <= shape[d] as isize);
                        for i in indices(y.shape()) {
                            let mut src = i.clone();
                            src[d] += first as usize;
                            assert_eq!(
                                at(&y, &i),
                                at(&x, &src),
                                "{shape:?} narrow({dim}, {start}, {length})"
                            );
                        }
                    }
                    let Ok(y) = x.select(dim, start) else {
                        continue;
                    };
                    checked += 1;
                    let index = if start < 0 {
                        start + shape[d] as isize
                    } else {
                        start
                    } as usize;
                    for i in indices(y.shape()) {
                        let mut src = i.clone();
                        src.insert(d, index);
                        assert_eq!(at(&y, &i), at(&x, &src), "{shape:?} select({dim}, {start})");
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} accepted calls");
}

#[test]
fn diagonal_walks_the_shifted_diagonal() {
    let mut checked = 0;
    for shape in shapes() {
        for x in inputs(&shape) {
            let n = shape.len() as isize;
            for dim1 in -n..n {
                for dim2 in -n..n {
                    for offset in -4isize..=4 {
                        let Ok(y) = x.diagonal(offset, dim1, dim2) else {
                            continue;
                        };
                        checked += 1;
                        let (d1, d2) = (wrap(dim1, shape.len()), wrap(dim2, shape.len()));
                        let diag = *y.shape().last().unwrap();
                        // the diagonal is as long as its first entry leaves room for
                        let (row0, col0) = (offset.min(0).unsigned_abs(), offset.max(0) as usize);
                        let room = shape[d1]
                            .saturating_sub(row0)
                            .min(shape[d2].saturating_sub(col0));
                        assert_eq!(diag, room, "{shape:?} diagonal({offset}, {dim1}, {dim2})");
                        for i in indices(y.shape()) {
                            let k = *i.last().unwrap();
                            let mut rest = i[..i.len() - 1].iter().copied();
                            let src: Vec<usize> = (0..shape.len())
                                .map(|axis| match axis {
                                    a if a == d1 => k + row0,
                                    a if a == d2 => k + col0,
                                    _ => rest.next().unwrap(),
                                })
                                .collect();
                            assert_eq!(at(&y, &i), at(&x, &src));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} accepted calls");
}

#[test]
fn unfold_windows_start_step_apart() {
    let mut checked = 0;
    for shape in shapes().into_iter().filter(|s| !s.is_empty()) {
        for x in inputs(&shape) {
            let n = shape.len() as isize;
            for dim in -n..n {
                let d = wrap(dim, shape.len());
                for size in 0..=4 {
                    for step in 1..=4 {
                        let Ok(y) = x.unfold(dim, size, step) else {
                            continue;
                        };
                        checked += 1;
                        let windows = (shape[d] - size as usize) / step as usize + 1;
                        assert_eq!(y.shape()[d], windows);
                        for i in indices(y.shape()) {
                            let j = *i.last().unwrap();
                            let mut src = i[..i.len() - 1].to_vec();
                            src[d] = src[d] * step as usize + j;
                            assert_eq!(
                                at(&y, &i),
                                at(&x, &src),
                                "{shape:?} unfold({dim}, {size}, {step})"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} accepted calls");
}

#[test]
fn expand_repeats_size_one_dims() {
    let mut checked = 0;
    for shape in shapes() {
        for x in inputs(&shape) {
            for target in shapes() {
                for keep_first in [false, true] {
                    let mut sizes: Vec<isize> = target.iter().map(|&d| d as isize).collect();
                    let lead = sizes.len().saturating_sub(shape.len());
                    if keep_first && sizes.len() > lead {
                        sizes[lead] = -1;
                    }
                    let Ok(y) = x.expand(&sizes) else { continue };
                    checked += 1;
                    for i in indices(y.shape()) {
                        let src: Vec<usize> = (0..shape.len())
                            .map(|d| if shape[d] == 1 { 0 } else { i[lead + d] })
                            .collect();
                        assert_eq!(at(&y, &i), at(&x, &src), "{shape:?} expand({sizes:?})");
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} accepted calls");
}

#[test]
fn movedim_agrees_with_an_explicit_permutation() {
    for shape in shapes() {
        for x in inputs(&shape) {
            let n = shape.len();
            for source in 0..n {
                for destination in 0..n {
                    let y = x
                        .movedim(&[source as isize], &[destination as isize - n as isize])
                        .unwrap();
                    let mut order: Vec<usize> = (0..n).filter(|&d| d != source).collect();
                    order.insert(destination, source);
                    for i in indices(y.shape()) {
                        let mut src = vec![0; n];
                        for (pos, &axis) in order.iter().enumerate() {
                            src[axis] = i[pos];
                        }
                        assert_eq!(at(&y, &i), at(&x, &src));
                    }
                }
            }
        }
    }
}

#[test]
fn reshaping_views_keep_the_logical_order() {
    for shape in shapes() {
        for x in inputs(&shape) {
            let values = x.to_vec();
            assert_eq!(x.squeeze().unwrap().to_vec(), values);
            let n = shape.len() as isize;
            for dim in -n - 1..=n {
                assert_eq!(x.unsqueeze(dim).unwrap().to_vec(), values);
            }
            for dim in -n..n {
                assert_eq!(x.squeeze_dim(dim).unwrap().to_vec(), values);
                let size = shape[wrap(dim, shape.len())] as isize;
                let y = x.unflatten(dim, &[1, size, 1]).unwrap();
                assert_eq!(y.to_vec(), values);
                assert!(y.shares_storage(&x));
            }
        }
    }
}
