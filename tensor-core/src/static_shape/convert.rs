//! Moving between the dynamic and static kinds of [`Tensor`]: `into_dyn()`
//! (free) and `into_static()` (checked at run time), plus the constructor of
//! static tensors.

use super::markers::StaticShape;
use super::symbolic::TypedShape;
use crate::layout::Layout;
use crate::storage::Storage;
use crate::tensor::Tensor;
use crate::{Element, ViewError};

impl<T: Element, S> Tensor<T, S> {
    /// This tensor as a dynamic `Tensor<T>`: the same handle, no check, no copy.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<f32, Shape![2, 3]>::zeros();
    /// let d: Tensor<f32> = x.into_dyn();
    /// assert_eq!(d.shape(), &[2, 3]);
    /// ```
    #[inline(always)]
    pub fn into_dyn(self) -> Tensor<T> {
        let mut dynamic: Tensor<T> = self.keeping_bits();
        // A dynamic tensor carries no named sizes: its views are free to
        // change any dim, so sizes read before would not hold after.
        dynamic.symbols = Default::default();
        dynamic
    }
}

impl<T: Element> Tensor<T> {
    /// This tensor as a typed `Tensor<T, S>`, checked now: the shape must be
    /// `S`'s (for a partly-dynamic `Shape![B, 3]`, the rank and the static
    /// dims; a symbol named alone in two dims must have one size there); for
    /// a row-major shape (`Shape![..]`) the strides must be its row-major
    /// strides too (use `Strided<Shape![..]>` for any strides).
    ///
    /// ```
    /// use tensor_view::{Shape, Strided, Tensor};
    /// let d = Tensor::<f32>::arange(16);
    /// let s: Tensor<f32, Shape![2, 2, 4]> = d.view(&[2, 2, 4]).unwrap().into_static().unwrap();
    /// assert_eq!(s.stride(), &[8, 4, 1]);
    /// let e = d.view(&[4, 4]).unwrap().into_static::<Shape![2, 8]>().unwrap_err();
    /// assert_eq!(e.to_string(), "into_static(): expected a tensor of shape [2, 8], but got shape [4, 4]");
    /// let t = d.view(&[4, 4]).unwrap().transpose(0, 1).unwrap();
    /// assert!(t.clone().into_static::<Shape![4, 4]>().is_err());
    /// assert!(t.into_static::<Strided<Shape![4, 4]>>().is_ok());
    /// ```
    pub fn into_static<S: TypedShape>(self) -> Result<Tensor<T, S>, ViewError> {
        S::check(self.shape(), self.stride())?;
        let symbols = S::named_sizes(self.shape(), &self.symbols)?;
        let mut typed: Tensor<T, S> = self.keeping_bits();
        typed.symbols = symbols;
        Ok(typed)
    }
}

impl<T: Element> Tensor<T> {
    /// This result of a dynamic op typed `R`, for the support the macros
    /// call: checked as `into_static` checks it (a row-major partly-dynamic
    /// type takes PyTorch's contiguity, see `TypedShape::check_result`),
    /// the sizes of named dims it carries kept (a piece of a `[B, 3]` still
    /// knows `B`). No public item gives a tensor a type without this check.
    #[inline]
    pub(crate) fn checked_as<R: TypedShape>(self) -> Result<Tensor<T, R>, ViewError> {
        self.marked::<R>()
    }
}

/// Constructors of tensors whose shape is a static `Shape![..]` type:
/// `Tensor::<f32, Shape![4, 4]>::zeros()`.
///
/// The trait is named `Shape` on purpose: `use tensor_view::Shape`, which every
/// user of static shapes writes to get the `Shape!` macro, brings it into scope
/// too (a macro and a trait of the same name live in different namespaces).
/// It is a trait rather than inherent functions because an inherent static
/// `zeros()` next to the dynamic `Tensor::zeros(&[..])` would make
/// `let x: Tensor<f32> = Tensor::zeros(&[2, 3])?` ambiguous for the compiler.
///
/// ```
/// use tensor_view::{Shape, Tensor};
/// let x = Tensor::<f32, Shape![4, 4]>::zeros();
/// assert_eq!(x.shape(), &[4, 4]);
/// let d: Tensor<f32> = Tensor::zeros(&[2, 3]).unwrap(); // the dynamic one, unambiguous
/// assert_eq!(d.shape(), &[2, 3]);
/// ```
pub trait Shape: Sized {
    /// The element type.
    type Elem: Element;

    /// `torch.zeros(shape)` of the static shape. It checks no shape; it panics
    /// only if memory runs out, as `Vec` does.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<f32, Shape![4, 4]>::zeros();
    /// assert_eq!(x.to_vec(), vec![0.0; 16]);
    /// ```
    fn zeros() -> Self;

    /// `torch.full(shape, value)` of the static shape.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<i32, Shape![2, 3]>::full(7);
    /// assert_eq!(x.to_vec(), vec![7; 6]);
    /// ```
    fn full(value: Self::Elem) -> Self;

    /// `torch.ones(shape)` of the static shape.
    ///
    /// ```
    /// use tensor_view::{Shape, Tensor};
    /// let x = Tensor::<u8, Shape![3]>::ones();
    /// assert_eq!(x.to_vec(), vec![1, 1, 1]);
    /// ```
    fn ones() -> Self {
        Self::full(Self::Elem::one())
    }
}

impl<T: Element, S: StaticShape> Shape for Tensor<T, S> {
    type Elem = T;

    /// The tensor of `S`'s dims with `S`'s strides: row-major for
    /// `Shape![..]` and `Strided<Shape![..]>`, the recorded ones for a
    /// `Layout![[dims], [strides]]` (as `torch.empty_strided(dims,
    /// strides)` lays it out: a storage as large as the strides reach).
    /// A shape type whose parameters disagree (written by hand, not by
    /// `Shape!` or `Layout!`) does not build.
    fn zeros() -> Tensor<T, S> {
        const {
            assert!(
                S::AGREES,
                "this static shape type was not written by `Shape!` or `Layout!`: its element count, dims and strides disagree"
            )
        };
        let strides = S::known_strides().unwrap_or(S::contiguous_strides());
        let bytes = storage_elements(S::dims(), strides)
            .and_then(|n| n.checked_mul(T::DTYPE.size()))
            .expect("a static shape's byte size overflows usize");
        let storage = Storage::zeroed(bytes).expect("out of memory allocating a static tensor");
        let layout = Layout::from_parts(S::dims(), strides, 0);
        Tensor::from_raw(storage, layout, false)
    }

    fn full(value: T) -> Tensor<T, S> {
        let x = <Self as Shape>::zeros();
        x.storage
            .write()
            .as_elements_mut::<T::Repr>()
            .fill(value.into_repr());
        x
    }
}

/// The elements a storage needs for `dims` laid out with the (non-negative)
/// `strides` from offset 0: one past the farthest element, 0 when empty.
fn storage_elements(dims: &[usize], strides: &[isize]) -> Option<usize> {
    if dims.contains(&0) {
        return Some(0);
    }
    dims.iter().zip(strides).try_fold(1usize, |end, (&d, &s)| {
        let s = usize::try_from(s).ok()?;
        end.checked_add((d - 1).checked_mul(s)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dyn;

    #[test]
    fn storage_elements_reach_the_farthest_element() {
        assert_eq!(storage_elements(&[2, 3], &[1, 2]), Some(6));
        assert_eq!(storage_elements(&[2, 3], &[3, 1]), Some(6));
        assert_eq!(storage_elements(&[2, 2], &[1, 1]), Some(3));
        assert_eq!(storage_elements(&[4, 0], &[1, 4]), Some(0));
        assert_eq!(storage_elements(&[], &[]), Some(1));
        assert_eq!(storage_elements(&[3, 2], &[isize::MAX, 1]), None);
        // The definition, against every element's offset.
        let (dims, strides) = ([3usize, 2, 4], [1isize, 24, 3]);
        let d: Tensor<u8, Dyn> = Tensor::<u8>::zeros(&[100]).unwrap();
        let v = d.as_strided(&dims, &strides, 0).unwrap();
        let farthest = (0..24)
            .map(|i| {
                let idx = [i / 8, (i / 4) % 2, i % 4];
                (0..3).map(|k| idx[k] * strides[k] as usize).sum::<usize>()
            })
            .max()
            .unwrap();
        assert_eq!(storage_elements(v.shape(), v.stride()), Some(farthest + 1));
    }
}
