//! The split family as pure layout functions: `unbind`, `split`,
//! `split_with_sizes`, `tensor_split`, `hsplit`/`vsplit`/`dsplit` and `chunk`.
//! The checks and piece sizes of `split`, `split_with_sizes` and `chunk`
//! are `tensor_rules::slicing`'s, those of `tensor_split`,
//! `hsplit`/`vsplit`/`dsplit` and `unbind` `tensor_rules::sections`'s,
//! which the macros apply too.
//!
//! Each returns the layouts of the pieces (views of the same storage), in
//! order, with PyTorch's checks in PyTorch's order and its messages. Piece
//! counts that come from the caller (`chunk` and `tensor_split` of an empty
//! dim) are reserved fallibly: a count no memory can hold is an error, not an
//! abort.

use super::dims::rule_error;
use super::index::{remove_dim_at, shifted_offset};
use super::Layout;
use crate::ViewError;
use tensor_rules::sections;

/// How `tensor_split`, `hsplit`, `vsplit` and `dsplit` cut a dim: PyTorch's
/// `indices_or_sections` argument.
///
/// PyTorch overloads one Python argument on "int" versus "list of ints"; in
/// Rust the two meanings are two variants, and `From` lets calls read as in
/// PyTorch: an integer is a number of sections, a slice or array of integers
/// the indices to cut at.
///
/// ```
/// use tensor_core::Sections;
/// assert_eq!(Sections::from(3), Sections::Count(3));
/// assert_eq!(Sections::from(&[1, 4]), Sections::Indices(&[1, 4]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sections<'a> {
    /// This many pieces, as equal as possible (the first ones one longer).
    Count(isize),
    /// Cut before each of these indices (clamped like slice bounds).
    Indices(&'a [isize]),
}

impl From<isize> for Sections<'_> {
    /// A number of sections.
    ///
    /// ```
    /// assert_eq!(tensor_core::Sections::from(2), tensor_core::Sections::Count(2));
    /// ```
    fn from(count: isize) -> Self {
        Sections::Count(count)
    }
}

impl<'a> From<&'a [isize]> for Sections<'a> {
    /// Indices to cut at.
    ///
    /// ```
    /// let cuts: &[isize] = &[2];
    /// assert_eq!(tensor_core::Sections::from(cuts), tensor_core::Sections::Indices(&[2]));
    /// ```
    fn from(indices: &'a [isize]) -> Self {
        Sections::Indices(indices)
    }
}

impl<'a, const N: usize> From<&'a [isize; N]> for Sections<'a> {
    /// Indices to cut at, from an array.
    ///
    /// ```
    /// assert_eq!(tensor_core::Sections::from(&[1, 2]), tensor_core::Sections::Indices(&[1, 2]));
    /// ```
    fn from(indices: &'a [isize; N]) -> Self {
        Sections::Indices(indices)
    }
}

impl<'a> From<&'a Vec<isize>> for Sections<'a> {
    /// Indices to cut at, from a vector.
    ///
    /// ```
    /// let cuts = vec![1isize];
    /// assert_eq!(tensor_core::Sections::from(&cuts), tensor_core::Sections::Indices(&[1]));
    /// ```
    fn from(indices: &'a Vec<isize>) -> Self {
        Sections::Indices(indices)
    }
}

/// How `split` cuts a dim: PyTorch's `split_size_or_sections` argument.
///
/// As with [`Sections`], PyTorch's int-or-list argument becomes two variants
/// with `From` conversions, so `x.split(2, 0)` and `x.split(&[1, 3], 0)` read
/// as in PyTorch.
///
/// ```
/// use tensor_core::SplitSize;
/// assert_eq!(SplitSize::from(2), SplitSize::Each(2));
/// assert_eq!(SplitSize::from(&[1, 3]), SplitSize::Sizes(&[1, 3]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitSize<'a> {
    /// Pieces of this size (the last one shorter when it does not divide the dim).
    Each(isize),
    /// Pieces of exactly these sizes (`split_with_sizes`).
    Sizes(&'a [isize]),
}

impl From<isize> for SplitSize<'_> {
    /// A piece size.
    ///
    /// ```
    /// assert_eq!(tensor_core::SplitSize::from(4), tensor_core::SplitSize::Each(4));
    /// ```
    fn from(size: isize) -> Self {
        SplitSize::Each(size)
    }
}

impl<'a> From<&'a [isize]> for SplitSize<'a> {
    /// Piece sizes.
    ///
    /// ```
    /// let sizes: &[isize] = &[2, 2];
    /// assert_eq!(tensor_core::SplitSize::from(sizes), tensor_core::SplitSize::Sizes(&[2, 2]));
    /// ```
    fn from(sizes: &'a [isize]) -> Self {
        SplitSize::Sizes(sizes)
    }
}

impl<'a, const N: usize> From<&'a [isize; N]> for SplitSize<'a> {
    /// Piece sizes, from an array.
    ///
    /// ```
    /// assert_eq!(tensor_core::SplitSize::from(&[3]), tensor_core::SplitSize::Sizes(&[3]));
    /// ```
    fn from(sizes: &'a [isize; N]) -> Self {
        SplitSize::Sizes(sizes)
    }
}

impl<'a> From<&'a Vec<isize>> for SplitSize<'a> {
    /// Piece sizes, from a vector.
    ///
    /// ```
    /// let sizes = vec![1isize, 1];
    /// assert_eq!(tensor_core::SplitSize::from(&sizes), tensor_core::SplitSize::Sizes(&[1, 1]));
    /// ```
    fn from(sizes: &'a Vec<isize>) -> Self {
        SplitSize::Sizes(sizes)
    }
}

/// An empty list with room for `count` pieces, or PyTorch's error for a
/// `std::vector<Tensor>` of that length: past its `max_size()` (2^60 - 1
/// tensors of 8 bytes) `cannot create std::vector larger than max_size()`,
/// else, when the allocation fails, `std::bad_alloc`.
fn pieces(count: usize) -> Result<Vec<Layout>, ViewError> {
    const VECTOR_MAX: usize = isize::MAX as usize / 8;
    if count > VECTOR_MAX {
        return Err(ViewError::runtime(
            "cannot create std::vector larger than max_size()",
        ));
    }
    let mut out = Vec::new();
    out.try_reserve_exact(count)
        .map_err(|_| ViewError::runtime("std::bad_alloc"))?;
    Ok(out)
}

/// The piece `start..start + len` of `dim` (both in range), as `narrow`.
fn piece(layout: &Layout, dim: usize, start: usize, len: usize) -> Result<Layout, ViewError> {
    let offset = shifted_offset(layout, dim, start)?;
    let mut out = layout.clone();
    let (shape, _, out_offset) = out.parts_mut();
    *out_offset = offset;
    shape[dim] = len;
    Ok(out)
}

/// The piece `start..stop` of `dim` with slice clamping (for `tensor_split`'s indices).
fn clamped_piece(
    layout: &Layout,
    dim: usize,
    start: isize,
    stop: isize,
) -> Result<Layout, ViewError> {
    layout.slice(dim as isize, Some(start), Some(stop), 1)
}

impl Layout {
    /// The layouts of `unbind(dim)`: one `select(dim, i)` per index of the dim.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let rows = Layout::contiguous(&[2, 3]).unbind(-1).unwrap();
    /// assert_eq!(rows.len(), 3);
    /// assert_eq!((rows[2].shape(), rows[2].strides(), rows[2].offset()), (&[2usize][..], &[3isize][..], 2));
    /// ```
    pub fn unbind(&self, dim: isize) -> Result<Vec<Layout>, ViewError> {
        let d = sections::unbind_dim(self.ndim(), dim as i128).map_err(rule_error)?;
        let size = self.shape()[d];
        let mut out = pieces(size)?;
        for i in 0..size {
            out.push(remove_dim_at(self, d, i)?);
        }
        Ok(out)
    }

    /// The layouts of `split(split_size, dim)`: pieces of `split_size` along
    /// `dim`, the last one shorter (a split size beyond the dim gives one piece).
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let parts = Layout::contiguous(&[5]).split(2, 0).unwrap();
    /// let sizes: Vec<usize> = parts.iter().map(|p| p.shape()[0]).collect();
    /// assert_eq!(sizes, vec![2, 2, 1]);
    /// assert_eq!(parts[2].offset(), 4);
    /// ```
    pub fn split(&self, split_size: isize, dim: isize) -> Result<Vec<Layout>, ViewError> {
        let d = tensor_rules::slicing::split_dim(self.ndim(), split_size as i128, dim as i128)
            .map_err(rule_error)?;
        let cut = tensor_rules::slicing::split_pieces(self.shape()[d] as u128, split_size as u128)
            .map_err(rule_error)?;
        // At most the dim's size (or 1), so a `usize`.
        let count = cut.count as usize;
        let mut out = pieces(count)?;
        for i in 0..count {
            // Within the dim, so `usize`s.
            let (start, len) = cut.piece(i as u128);
            out.push(piece(self, d, start as usize, len as usize)?);
        }
        Ok(out)
    }

    /// The layouts of `split_with_sizes(split_sizes, dim)`: consecutive pieces of
    /// exactly these sizes, which must be non-negative and sum to the dim's size.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let l = Layout::contiguous(&[2, 5]);
    /// let parts = l.split_with_sizes(&[1, 4], -1).unwrap();
    /// assert_eq!((parts[1].shape(), parts[1].offset()), (&[2usize, 4][..], 1));
    /// assert_eq!(
    ///     l.split_with_sizes(&[5, 1], 1).unwrap_err().to_string(),
    ///     "split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 1), but got split_sizes=[5, 1]"
    /// );
    /// ```
    pub fn split_with_sizes(
        &self,
        split_sizes: &[isize],
        dim: isize,
    ) -> Result<Vec<Layout>, ViewError> {
        let d = tensor_rules::slicing::split_with_sizes_dim(self.ndim(), dim as i128)
            .map_err(rule_error)?;
        tensor_rules::slicing::check_split_sizes(split_sizes, self.shape()[d] as u128, dim)
            .map_err(rule_error)?;
        let mut out = pieces(split_sizes.len())?;
        let mut start = 0usize;
        for &length in split_sizes {
            out.push(piece(self, d, start, length as usize)?);
            start += length as usize; // the sizes sum to the dim's size
        }
        Ok(out)
    }

    /// The layouts of `tensor_split(indices_or_sections, dim)`: `Count(n)`
    /// pieces as equal as possible (the first `size % n` one longer), or the
    /// pieces between the given `Indices` (clamped like slice bounds).
    ///
    /// ```
    /// use tensor_core::{layout::Layout, Sections};
    /// let l = Layout::contiguous(&[7]);
    /// let sizes = |p: Vec<Layout>| p.iter().map(|p| p.shape()[0]).collect::<Vec<_>>();
    /// assert_eq!(sizes(l.tensor_split(Sections::Count(3), 0).unwrap()), vec![3, 2, 2]);
    /// assert_eq!(sizes(l.tensor_split(Sections::Indices(&[2, 20, 1]), 0).unwrap()), vec![2, 5, 0, 6]);
    /// ```
    pub fn tensor_split(
        &self,
        indices_or_sections: Sections<'_>,
        dim: isize,
    ) -> Result<Vec<Layout>, ViewError> {
        let d = sections::tensor_split_dim(self.ndim(), dim as i128).map_err(rule_error)?;
        match indices_or_sections {
            Sections::Count(count) => {
                // Positive and from an `isize`, so a `usize`.
                let count = sections::section_count(count as i128).map_err(rule_error)? as usize;
                let dim_size = self.shape()[d];
                let mut out = pieces(count)?;
                let mut start = 0usize;
                for i in 0..count {
                    // At most the dim's size, so a `usize`.
                    let len = sections::section_length(dim_size as u128, count as u128, i as u128)
                        as usize;
                    out.push(piece(self, d, start, len)?);
                    start += len;
                }
                Ok(out)
            }
            Sections::Indices(indices) => {
                let mut out = pieces(indices.len().saturating_add(1))?;
                let mut start = 0isize;
                for &stop in indices {
                    out.push(clamped_piece(self, d, start, stop)?);
                    start = stop;
                }
                out.push(self.slice(d as isize, Some(start), None, 1)?);
                Ok(out)
            }
        }
    }

    /// The layouts of `chunk(chunks, dim)`: pieces of `ceil(size / chunks)`
    /// (PyTorch's rule, so 6 into 4 chunks gives 3 pieces of 2); an empty dim
    /// gives `chunks` empty pieces. PyTorch computes the piece size as
    /// `(size + chunks - 1) / chunks` in wrapping int64 arithmetic, so
    /// `chunks` near 2^63 gives a piece size of 0 or -1 and `split`'s errors.
    ///
    /// ```
    /// use tensor_core::layout::Layout;
    /// let parts = Layout::contiguous(&[6]).chunk(4, 0).unwrap();
    /// assert_eq!(parts.len(), 3);
    /// assert_eq!(Layout::contiguous(&[0]).chunk(4, 0).unwrap().len(), 4);
    /// ```
    pub fn chunk(&self, chunks: isize, dim: isize) -> Result<Vec<Layout>, ViewError> {
        let d = tensor_rules::slicing::chunk_dim(self.ndim(), chunks as i128, dim as i128)
            .map_err(rule_error)?;
        let dim_size = self.shape()[d];
        if dim_size == 0 {
            let mut out = pieces(chunks as usize)?;
            let empty = piece(self, d, 0, 0)?;
            out.extend((0..chunks).map(|_| empty.clone()));
            return Ok(out);
        }
        let split_size = (dim_size as isize).wrapping_add(chunks - 1) / chunks;
        self.split(split_size, dim)
    }

    /// The layouts of `hsplit(indices_or_sections)`: `tensor_split` along dim 1
    /// (dim 0 for 1-d tensors); a count must divide that dim.
    ///
    /// ```
    /// use tensor_core::{layout::Layout, Sections};
    /// let l = Layout::contiguous(&[2, 5]);
    /// assert_eq!(
    ///     l.hsplit(Sections::Count(2)).unwrap_err().to_string(),
    ///     "torch.hsplit attempted to split along dimension 1, but the size of the dimension 5 is not divisible by the split_size 2!"
    /// );
    /// assert_eq!(l.hsplit(Sections::Indices(&[1])).unwrap()[1].shape(), &[2, 4]);
    /// ```
    pub fn hsplit(&self, indices_or_sections: Sections<'_>) -> Result<Vec<Layout>, ViewError> {
        self.directional_split("hsplit", indices_or_sections)
    }

    /// The layouts of `vsplit(indices_or_sections)`: `tensor_split` along dim 0
    /// of a tensor of at least 2 dims; a count must divide that dim.
    ///
    /// ```
    /// use tensor_core::{layout::Layout, Sections};
    /// let parts = Layout::contiguous(&[4, 3]).vsplit(Sections::Count(2)).unwrap();
    /// assert_eq!((parts[1].shape(), parts[1].offset()), (&[2usize, 3][..], 6));
    /// ```
    pub fn vsplit(&self, indices_or_sections: Sections<'_>) -> Result<Vec<Layout>, ViewError> {
        self.directional_split("vsplit", indices_or_sections)
    }

    /// The layouts of `dsplit(indices_or_sections)`: `tensor_split` along dim 2
    /// of a tensor of at least 3 dims; a count must divide that dim.
    ///
    /// ```
    /// use tensor_core::{layout::Layout, Sections};
    /// assert_eq!(
    ///     Layout::contiguous(&[2, 2]).dsplit(Sections::Count(1)).unwrap_err().to_string(),
    ///     "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!"
    /// );
    /// ```
    pub fn dsplit(&self, indices_or_sections: Sections<'_>) -> Result<Vec<Layout>, ViewError> {
        self.directional_split("dsplit", indices_or_sections)
    }

    /// `hsplit`/`vsplit`/`dsplit` (`name`): the rank check (which also
    /// gives the dim), the indices' or the count's check, then
    /// `tensor_split` along the dim (`tensor_rules::sections`).
    fn directional_split(
        &self,
        name: &str,
        indices_or_sections: Sections<'_>,
    ) -> Result<Vec<Layout>, ViewError> {
        let dim = sections::directional_dim(name, self.ndim()).map_err(rule_error)?;
        match indices_or_sections {
            Sections::Indices(indices) => {
                sections::directional_indices(indices.iter().map(|&v| v as i128))
            }
            Sections::Count(count) => {
                sections::directional_count(name, dim, self.shape()[dim] as u128, count as i128)
            }
        }
        .map_err(rule_error)?;
        self.tensor_split(indices_or_sections, dim as isize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    fn sizes(parts: &[Layout], dim: usize) -> Vec<usize> {
        parts.iter().map(|p| p.shape()[dim]).collect()
    }

    fn offsets(parts: &[Layout]) -> Vec<usize> {
        parts.iter().map(|p| p.offset()).collect()
    }

    #[test]
    fn unbind_selects_every_index() {
        let l = Layout::contiguous(&[2, 3]);
        let parts = l.unbind(0).unwrap();
        assert_eq!(offsets(&parts), vec![0, 3]);
        assert_eq!(parts[0].shape(), &[3]);
        assert!(Layout::contiguous(&[0, 3]).unbind(0).unwrap().is_empty());
        assert_eq!(
            Layout::contiguous(&[1]).unbind(-1).unwrap()[0].shape(),
            &[] as &[usize]
        );
        let e = Layout::contiguous(&[]).unbind(0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Dimension specified as 0 but tensor has no dimensions"
        );
        assert_eq!(e.kind(), ErrorKind::IndexError);
        assert_eq!(
            Layout::contiguous(&[]).unbind(1).unwrap_err().to_string(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
        );
    }

    #[test]
    fn split_sizes_and_errors() {
        let l = Layout::contiguous(&[4, 5]);
        let parts = l.split(2, 1).unwrap();
        assert_eq!(sizes(&parts, 1), vec![2, 2, 1]);
        assert_eq!(offsets(&parts), vec![0, 2, 4]);
        assert_eq!(sizes(&l.split(9, 0).unwrap(), 0), vec![4]);
        assert_eq!(sizes(&l.split(isize::MAX, 0).unwrap(), 0), vec![4]);
        assert_eq!(
            l.split(0, 0).unwrap_err().to_string(),
            "split_size can only be 0 if dimension size is 0, but got dimension size of 4"
        );
        assert_eq!(
            l.split(-1, 0).unwrap_err().to_string(),
            "split expects split_size be non-negative, but got split_size=-1"
        );
        let z = Layout::contiguous(&[0, 2]);
        assert_eq!(sizes(&z.split(0, 0).unwrap(), 0), vec![0]);
        assert_eq!(sizes(&z.split(3, 0).unwrap(), 0), vec![0]);
        assert_eq!(
            Layout::contiguous(&[]).split(1, 0).unwrap_err().to_string(),
            "split expects at least a 1-dimensional tensor"
        );
        assert!(l.split(1, 2).is_err());
    }

    #[test]
    fn split_with_sizes_checks_each_entry_then_the_sum() {
        let l = Layout::contiguous(&[3]);
        assert_eq!(
            l.split_with_sizes(&[4, -1], 0).unwrap_err().to_string(),
            "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[4, -1]"
        );
        assert_eq!(
            l.split_with_sizes(&[isize::MAX, isize::MAX, 2], -1)
                .unwrap_err()
                .to_string(),
            format!(
                "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension -1), but got split_sizes=[{m}, {m}, 2]",
                m = isize::MAX
            )
        );
        let parts = l.split_with_sizes(&[0, 3, 0], 0).unwrap();
        assert_eq!(sizes(&parts, 0), vec![0, 3, 0]);
        assert_eq!(offsets(&parts), vec![0, 0, 3]);
        assert!(Layout::contiguous(&[0])
            .split_with_sizes(&[], 0)
            .unwrap()
            .is_empty());
    }

    #[test]
    fn tensor_split_sections_and_indices() {
        let l = Layout::contiguous(&[2, 5]);
        assert_eq!(
            sizes(&l.tensor_split(Sections::Count(3), 1).unwrap(), 1),
            vec![2, 2, 1]
        );
        assert_eq!(
            sizes(&l.tensor_split(Sections::Count(7), -1).unwrap(), 1),
            vec![1, 1, 1, 1, 1, 0, 0]
        );
        let parts = l.tensor_split(Sections::Indices(&[-2, 1, 9]), 1).unwrap();
        assert_eq!(sizes(&parts, 1), vec![3, 0, 4, 0]);
        assert_eq!(offsets(&parts), vec![0, 3, 1, 5]);
        assert_eq!(
            sizes(&l.tensor_split(Sections::Indices(&[]), 0).unwrap(), 0),
            vec![2]
        );
        assert_eq!(
            l.tensor_split(Sections::Count(0), 0)
                .unwrap_err()
                .to_string(),
            "number of sections must be larger than 0, got 0"
        );
        assert_eq!(
            Layout::contiguous(&[])
                .tensor_split(Sections::Count(1), 0)
                .unwrap_err()
                .to_string(),
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
        );
        assert!(l
            .tensor_split(Sections::Indices(&[isize::MIN, isize::MAX]), 0)
            .is_ok());
    }

    #[test]
    fn huge_empty_dims_are_errors_not_wraps() {
        let widest = Layout::from_parts(&[usize::MAX, 0], &[4, 1], 0);
        assert!(matches!(
            widest.tensor_split(Sections::Count(2), 0),
            Err(ViewError::SizeOverflow { .. })
        ));
        let m = isize::MAX;
        assert!(widest.split_with_sizes(&[m, m, 1], 0).is_err());
        assert!(widest.unbind(0).is_err());
        let ones = Layout::from_parts(&[usize::MAX, 0], &[1, 1], 0);
        assert!(ones.split_with_sizes(&[m, m, 1], 0).is_err());
        let parts = ones.split_with_sizes(&[1, m - 1, m, 1], 0);
        assert!(matches!(parts, Err(ViewError::SizeOverflow { .. })));
        let strided = Layout::from_parts(&[4, 1 << 62, 0], &[1 << 62, 1, 1], 0);
        assert!(strided.split(1, 0).is_err());
        let narrower = Layout::from_parts(&[4, 1 << 61, 0], &[1 << 61, 1, 1], 0);
        assert_eq!(narrower.split(1, 0).unwrap().len(), 4);
    }

    #[test]
    fn chunk_uses_pytorchs_uneven_rule() {
        let l = Layout::contiguous(&[6]);
        assert_eq!(sizes(&l.chunk(4, 0).unwrap(), 0), vec![2, 2, 2]);
        assert_eq!(sizes(&l.chunk(5, 0).unwrap(), 0), vec![2, 2, 2]);
        assert_eq!(sizes(&l.chunk(1 << 62, -1).unwrap(), 0), vec![1; 6]);
        // PyTorch 2.15: torch.zeros(6).chunk(2**63 - 1) and torch.zeros(2).chunk(2**63 - 1)
        assert_eq!(
            l.chunk(isize::MAX, -1).unwrap_err().to_string(),
            "split_size can only be 0 if dimension size is 0, but got dimension size of 6"
        );
        assert_eq!(
            Layout::contiguous(&[2])
                .chunk(isize::MAX, 0)
                .unwrap_err()
                .to_string(),
            "split expects split_size be non-negative, but got split_size=-1"
        );
        assert_eq!(
            sizes(&Layout::contiguous(&[0]).chunk(3, 0).unwrap(), 0),
            vec![0, 0, 0]
        );
        assert_eq!(
            l.chunk(0, 0).unwrap_err().to_string(),
            "chunk expects `chunks` to be greater than 0, got: 0"
        );
        assert_eq!(
            Layout::contiguous(&[]).chunk(1, 0).unwrap_err().to_string(),
            "chunk expects at least a 1-dimensional tensor"
        );
        // torch.zeros(0).chunk(2**62) and torch.zeros(0).chunk(2**59)
        assert_eq!(
            Layout::contiguous(&[0])
                .chunk(1 << 62, 0)
                .unwrap_err()
                .to_string(),
            "cannot create std::vector larger than max_size()"
        );
        assert_eq!(
            Layout::contiguous(&[0])
                .chunk(1 << 59, 0)
                .unwrap_err()
                .to_string(),
            "std::bad_alloc"
        );
    }

    #[test]
    fn directional_splits() {
        let l = Layout::contiguous(&[4, 6, 2]);
        // PyTorch 2.15: torch.zeros(4, 6, 2).hsplit([-2**62 - 1]); -2**62 itself passes
        assert_eq!(
            l.hsplit(Sections::Indices(&[-(1 << 62) - 1])).unwrap_err().to_string(),
            "IntArrayRef contains an int that cannot be represented as a SymInt: -4611686018427387905"
        );
        assert_eq!(l.dsplit(Sections::Indices(&[-(1 << 62)])).unwrap().len(), 2);
        assert_eq!(
            sizes(&l.hsplit(Sections::Count(3)).unwrap(), 1),
            vec![2, 2, 2]
        );
        assert_eq!(
            sizes(&l.vsplit(Sections::Indices(&[1])).unwrap(), 0),
            vec![1, 3]
        );
        assert_eq!(sizes(&l.dsplit(Sections::Count(2)).unwrap(), 2), vec![1, 1]);
        assert_eq!(
            sizes(
                &Layout::contiguous(&[6]).hsplit(Sections::Count(2)).unwrap(),
                0
            ),
            vec![3, 3]
        );
        assert_eq!(
            Layout::contiguous(&[]).hsplit(Sections::Count(1)).unwrap_err().to_string(),
            "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 dimensions!"
        );
        assert_eq!(
            Layout::contiguous(&[5, 2]).vsplit(Sections::Count(2)).unwrap_err().to_string(),
            "torch.vsplit attempted to split along dimension 0, but the size of the dimension 5 is not divisible by the split_size 2!"
        );
        assert_eq!(
            l.vsplit(Sections::Count(0)).unwrap_err().to_string(),
            "torch.vsplit attempted to split along dimension 0, but the size of the dimension 4 is not divisible by the split_size 0!"
        );
        assert_eq!(
            l.vsplit(Sections::Count(-2)).unwrap_err().to_string(),
            "number of sections must be larger than 0, got -2"
        );
        assert!(l.vsplit(Sections::Count(isize::MIN)).is_err());
    }
}
