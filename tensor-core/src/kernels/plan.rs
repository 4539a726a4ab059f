//! Loop planning for strided element-wise work, after PyTorch's `TensorIterator`.
//!
//! Given one shape and the strides of `N` operands (operand 0 is the one
//! written, if any), a [`Plan`] lists the loop dims *innermost first* so that:
//! 1. size-1 dims are gone (they never move any pointer);
//! 2. dims are sorted by stride, smallest first, comparing operand 0 first and
//!    the next operand when strides tie or one of them is a broadcast 0
//!    (PyTorch's `reorder_dimensions`), so the innermost loop walks memory as
//!    densely as possible;
//! 3. neighbouring dims that every operand walks as one (`stride[outer] ==
//!    stride[inner] * size[inner]`) are merged (PyTorch's `coalesce_dimensions`),
//!    so views sharing a permutation become a single contiguous run.
//!
//! Reordering never changes which element pairs with which; it only changes
//! the order of visits. That order matters only when operand 0 writes the
//! same place twice (an overlapping destination), so a destination that may
//! overlap keeps logical order (then "the last write in row-major order wins",
//! as in a naive loop).

use smallvec::SmallVec;

/// Dims kept inline in a plan (more dims spill to the heap).
const INLINE: usize = 8;

/// Loop dims of `N` operands over one shape, innermost first (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan<const N: usize> {
    /// Size of each loop dim, innermost first; all > 1.
    pub(crate) sizes: SmallVec<[usize; INLINE]>,
    /// Stride of each loop dim for each operand, innermost first, in elements.
    pub(crate) strides: SmallVec<[[isize; N]; INLINE]>,
    /// Storage index of each operand's first element.
    pub(crate) offsets: [usize; N],
    /// Whether there is no element at all (some size is 0).
    pub(crate) empty: bool,
    /// Whether operand 0 visits each place at most once, so that visiting in
    /// any order (tiles, threads) gives the same result.
    pub(crate) distinct: bool,
}

impl<const N: usize> Plan<N> {
    /// Plans the loops over `shape` for operands with `strides` and `offsets`.
    /// With `reorder`, dims are sorted by stride (see the module docs), unless
    /// operand 0 might write one place twice.
    pub(crate) fn new(
        shape: &[usize],
        strides: [&[isize]; N],
        offsets: [usize; N],
        reorder: bool,
    ) -> Plan<N> {
        debug_assert!(strides.iter().all(|s| s.len() == shape.len()));
        let mut plan = Plan {
            sizes: SmallVec::new(),
            strides: SmallVec::new(),
            offsets,
            empty: shape.contains(&0),
            distinct: true,
        };
        if plan.empty {
            return plan;
        }
        for d in (0..shape.len()).rev() {
            if shape[d] != 1 {
                plan.sizes.push(shape[d]);
                plan.strides.push(std::array::from_fn(|op| strides[op][d]));
            }
        }
        plan.distinct = plan.writes_each_place_once();
        if reorder && plan.distinct && plan.sizes.len() > 1 {
            plan.sort_by_stride();
        }
        plan.coalesce();
        plan
    }

    /// Number of loop dims.
    pub(crate) fn ndim(&self) -> usize {
        self.sizes.len()
    }

    /// Number of elements visited.
    pub(crate) fn numel(&self) -> usize {
        if self.empty {
            0
        } else {
            self.sizes.iter().product()
        }
    }

    /// Whether dim `outer` should move inside dim `inner` (PyTorch's
    /// `should_swap`): the first operand whose strides differ (ignoring
    /// broadcast zeros) walks `outer` more densely.
    fn outer_is_denser(&self, inner: usize, outer: usize) -> bool {
        for op in 0..N {
            let (si, so) = (self.strides[inner][op], self.strides[outer][op]);
            if si == 0 || so == 0 {
                continue;
            }
            let (si, so) = (si.unsigned_abs(), so.unsigned_abs());
            if si != so {
                return so < si;
            }
        }
        false
    }

    /// Insertion sort of the dims, densest innermost (stable for ties).
    fn sort_by_stride(&mut self) {
        for i in 1..self.ndim() {
            let mut j = i;
            while j > 0 && self.outer_is_denser(j - 1, j) {
                self.sizes.swap(j - 1, j);
                self.strides.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Whether operand 0 visits distinct places (sufficient test: each dim,
    /// densest first, steps past everything the inner dims span).
    fn writes_each_place_once(&self) -> bool {
        let mut order: SmallVec<[usize; INLINE]> = (0..self.ndim()).collect();
        order.sort_by_key(|&d| self.strides[d][0].unsigned_abs());
        let mut span: usize = 0; // highest index offset reached by the inner dims
        for d in order {
            let stride = self.strides[d][0].unsigned_abs();
            if stride <= span || stride == 0 {
                return false;
            }
            span = match stride
                .checked_mul(self.sizes[d] - 1)
                .and_then(|s| s.checked_add(span))
            {
                Some(s) => s,
                None => return false,
            };
        }
        true
    }

    /// Merges neighbouring dims every operand walks as one.
    fn coalesce(&mut self) {
        if self.ndim() < 2 {
            return;
        }
        let mut kept = 0;
        for d in 1..self.ndim() {
            let (size_in, strides_in) = (self.sizes[kept], self.strides[kept]);
            let mergeable = (0..N)
                .all(|op| strides_in[op].wrapping_mul(size_in as isize) == self.strides[d][op]);
            if mergeable {
                self.sizes[kept] *= self.sizes[d];
            } else {
                kept += 1;
                self.sizes[kept] = self.sizes[d];
                self.strides[kept] = self.strides[d];
            }
        }
        self.sizes.truncate(kept + 1);
        self.strides.truncate(kept + 1);
    }

    /// Calls `f` with the storage index of every operand at each position of
    /// the dims *not* in `inner` (a bit mask of loop dims the callee walks
    /// itself), outer dims in order. With no dims left it calls `f` once.
    pub(crate) fn for_each_outer(&self, inner: u64, mut f: impl FnMut([isize; N])) {
        if self.empty {
            return;
        }
        let outer: SmallVec<[usize; INLINE]> = (0..self.ndim())
            .filter(|&d| d >= 64 || inner & (1 << d) == 0)
            .collect();
        let mut at: [isize; N] = std::array::from_fn(|op| self.offsets[op] as isize);
        let mut counter: SmallVec<[usize; INLINE]> = SmallVec::from_elem(0, outer.len());
        loop {
            f(at);
            // advance the odometer, innermost outer dim first
            let mut k = 0;
            loop {
                if k == outer.len() {
                    return;
                }
                let d = outer[k];
                counter[k] += 1;
                for (a, s) in at.iter_mut().zip(self.strides[d]) {
                    *a += s;
                }
                if counter[k] < self.sizes[d] {
                    break;
                }
                for (a, s) in at.iter_mut().zip(self.strides[d]) {
                    *a -= s * self.sizes[d] as isize;
                }
                counter[k] = 0;
                k += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan1(shape: &[usize], strides: &[isize]) -> (Vec<usize>, Vec<isize>) {
        let p = Plan::<1>::new(shape, [strides], [0], true);
        (p.sizes.to_vec(), p.strides.iter().map(|s| s[0]).collect())
    }

    #[test]
    fn contiguous_layouts_become_one_run() {
        assert_eq!(plan1(&[2, 3, 4], &[12, 4, 1]), (vec![24], vec![1]));
        assert_eq!(plan1(&[2, 1, 4], &[4, 99, 1]), (vec![8], vec![1]));
        assert_eq!(plan1(&[], &[]), (vec![], vec![]));
    }

    #[test]
    fn permuted_layouts_are_sorted_back_and_merged() {
        // permute(2, 0, 1) of a contiguous [2, 3, 4]
        assert_eq!(plan1(&[4, 2, 3], &[1, 12, 4]), (vec![24], vec![1]));
        // a transposed [4, 6] viewed with a gap: stays two dims, densest inside
        assert_eq!(plan1(&[4, 3], &[1, 8]), (vec![4, 3], vec![1, 8]));
    }

    #[test]
    fn shared_permutations_merge_and_mixed_ones_do_not() {
        let shape = [3, 4];
        let same = Plan::<2>::new(&shape, [&[1, 3], &[1, 3]], [0, 0], true);
        assert_eq!(same.sizes.as_slice(), &[12]);
        let mixed = Plan::<2>::new(&shape, [&[4, 1], &[1, 3]], [0, 0], true);
        assert_eq!(mixed.sizes.as_slice(), &[4, 3]);
        assert_eq!(mixed.strides.as_slice(), &[[1, 3], [4, 1]]);
    }

    #[test]
    fn broadcast_operands_do_not_decide_the_order() {
        let p = Plan::<2>::new(&[3, 4], [&[4, 1], &[0, 1]], [0, 0], true);
        assert_eq!(p.sizes.as_slice(), &[4, 3]);
        assert_eq!(p.strides.as_slice(), &[[1, 1], [4, 0]]);
    }

    #[test]
    fn overlapping_destinations_keep_logical_order() {
        // operand 0 writes each place of a [2, 2] twice via a 0 stride
        let p = Plan::<2>::new(&[3, 2], [&[0, 1], &[1, 3]], [0, 0], true);
        assert_eq!(p.sizes.as_slice(), &[2, 3]);
        assert_eq!(p.strides.as_slice(), &[[1, 3], [0, 1]]);
        let q = Plan::<1>::new(&[2, 2], [&[1, 1]], [0], true);
        assert_eq!(q.sizes.as_slice(), &[2, 2]);
        assert_eq!(q.strides.as_slice(), &[[1], [1]]);
    }

    #[test]
    fn empty_and_outer_iteration() {
        let e = Plan::<1>::new(&[3, 0], [&[1, 1]], [0], true);
        assert!(e.empty);
        assert_eq!(e.numel(), 0);
        let p = Plan::<1>::new(&[2, 3], [&[1, 2]], [5], false);
        let mut seen = vec![];
        p.for_each_outer(1, |[at]| seen.push(at));
        assert_eq!(seen, vec![5, 6]);
        let mut all = vec![];
        p.for_each_outer(0, |[at]| all.push(at));
        assert_eq!(all, vec![5, 7, 9, 6, 8, 10]);
    }
}
