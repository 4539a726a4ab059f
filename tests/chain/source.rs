//! [`Source`]: turns arbitrary bytes into op arguments.
//!
//! The fuzz target and the proptest test both hand raw bytes to the chain
//! runner; this decoder makes them into dims, sizes and indices that are
//! mostly near the valid range (so chains get deep) and sometimes hostile
//! (`isize::MIN`, `isize::MAX`, huge sizes). Running out of bytes yields zeros,
//! so every byte string is a valid chain.

/// Values that break naive arithmetic: extremes, their neighbours, powers of two.
const HOSTILE: [isize; 12] = [
    isize::MIN,
    isize::MIN + 1,
    isize::MAX,
    isize::MAX - 1,
    isize::MAX / 2 + 1,
    -2,
    -(1 << 32),
    1 << 32,
    1 << 62,
    (1 << 31) - 1,
    i32::MIN as isize,
    1 << 40,
];

/// A cursor over the input bytes.
pub struct Source<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Source<'a> {
    /// A source reading `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Source<'a> {
        Source { bytes, at: 0 }
    }

    /// Whether every byte has been used.
    pub fn is_exhausted(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The next byte (0 once exhausted).
    pub fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let wide = u16::from(self.byte()) << 8 | u16::from(self.byte());
        usize::from(wide) % n
    }

    /// True with probability about `per_256 / 256`.
    pub fn chance(&mut self, per_256: u8) -> bool {
        self.byte() < per_256
    }

    /// One of the hostile values.
    pub fn hostile(&mut self) -> isize {
        HOSTILE[self.below(HOSTILE.len())]
    }

    /// A number in `lo..=hi` (within 65,536 of `lo`), or (rarely) a hostile one.
    pub fn int_in(&mut self, lo: isize, hi: isize) -> isize {
        if self.chance(6) {
            return self.hostile();
        }
        let span = (hi as i128 - lo as i128 + 1).clamp(1, 1 << 16) as usize;
        (lo as i128 + self.below(span) as i128) as isize
    }

    /// A dim argument for a tensor of rank `ndim`: mostly valid (negative
    /// forms included), sometimes one past either end, rarely hostile.
    pub fn dim(&mut self, ndim: usize) -> isize {
        let n = ndim.max(1) as isize;
        if self.chance(40) {
            self.int_in(-n - 1, n)
        } else {
            -n + self.below(2 * n as usize) as isize
        }
    }

    /// An element index into a dim of `size` (which may be huge in an empty
    /// tensor): mostly valid, in plain or negative form, sometimes one past
    /// either end, rarely hostile.
    pub fn index(&mut self, size: usize) -> isize {
        let s = size.min(isize::MAX as usize) as isize;
        if size == 0 || self.chance(24) {
            return self.int_in(-s - 1, s);
        }
        let k = self.below(size.min(1 << 15)) as isize;
        if self.chance(128) {
            k
        } else {
            k - s
        }
    }

    /// A size or length argument near `around` (including -1 and 0).
    pub fn size(&mut self, around: usize) -> isize {
        self.int_in(-1, around.min(1 << 15) as isize + 1)
    }

    /// A list of `len` dims for a tensor of rank `ndim`.
    pub fn dims(&mut self, len: usize, ndim: usize) -> Vec<isize> {
        (0..len).map(|_| self.dim(ndim)).collect()
    }

    /// Sizes for `expand` of `shape`: kept, `-1`, or (for size-1 dims) a new
    /// size, after up to two new leading dims; sometimes wrong or huge.
    pub fn expand_sizes(&mut self, shape: &[usize]) -> Vec<isize> {
        let mut out: Vec<isize> = (0..self.below(3)).map(|_| self.below(4) as isize).collect();
        for &size in shape {
            out.push(match self.below(4) {
                0 => -1,
                1 if size == 1 => self.size(3),
                2 if self.chance(16) => self.int_in(0, 5),
                _ => size as isize,
            });
        }
        if self.chance(8) && !out.is_empty() {
            let i = self.below(out.len());
            out[i] = 1 << (20 + self.below(30));
        }
        out
    }

    /// Arguments for `as_strided` over a storage of `len` elements: mostly in
    /// bounds, sometimes past the end, rarely hostile.
    pub fn strided_layout(&mut self, len: usize) -> (Vec<isize>, Vec<isize>, Option<isize>) {
        let rank = self.below(5);
        let size: Vec<isize> = (0..rank).map(|_| self.int_in(0, 4)).collect();
        let stride: Vec<isize> = (0..rank).map(|_| self.int_in(0, 6)).collect();
        let offset = if self.chance(64) {
            None
        } else {
            Some(self.int_in(0, len as isize))
        };
        (size, stride, offset)
    }

    /// A permutation of `0..n`, written with random negative forms, and
    /// sometimes damaged (a repeat, a missing or extra dim).
    pub fn permutation(&mut self, n: usize) -> Vec<isize> {
        let mut rest: Vec<isize> = (0..n as isize).collect();
        let mut out = Vec::with_capacity(n);
        while !rest.is_empty() {
            let d = rest.remove(self.below(rest.len()));
            out.push(if self.chance(96) { d - n as isize } else { d });
        }
        if self.chance(24) {
            match self.below(3) {
                0 => {
                    out.pop();
                }
                1 => out.push(self.dim(n)),
                _ => {
                    if let Some(first) = out.first_mut() {
                        *first = self.dim(n);
                    }
                }
            }
        }
        out
    }

    /// A shape for `numel` elements: a random factorisation, sometimes with a
    /// `-1`, sometimes wrong (an extra factor, a second `-1`, a negative dim).
    pub fn shape_for(&mut self, numel: usize) -> Vec<isize> {
        let rank = self.below(5);
        let mut left = numel;
        let mut shape = Vec::with_capacity(rank + 1);
        for _ in 0..rank {
            let divisors: Vec<usize> = (1..=left.clamp(1, 16))
                .filter(|d| left.is_multiple_of(*d))
                .collect();
            let d = if left == 0 && self.chance(64) {
                self.below(4)
            } else {
                divisors[self.below(divisors.len())]
            };
            left = left.checked_div(d).unwrap_or(left);
            shape.push(d as isize);
        }
        shape.push(left as isize);
        let len = shape.len();
        if self.chance(80) {
            shape[self.below(len)] = -1;
        }
        if self.chance(24) {
            let i = self.below(len);
            shape[i] = match self.below(4) {
                0 => -1,
                1 => shape[i] + 1,
                2 => self.hostile(),
                _ => -2,
            };
        }
        let at = self.below(shape.len() + 1);
        if self.chance(40) {
            shape.insert(at, 1);
        }
        shape
    }
}
