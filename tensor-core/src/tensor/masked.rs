//! Choosing elements by a boolean mask: `masked_fill`, `masked_fill_` (for
//! causal masks) and `where_` (`torch.where(condition, input, other)`), with
//! PyTorch's broadcasting and error texts. `bool` is the only mask type, so
//! PyTorch's `masked_fill_ only supports boolean masks` error cannot arise.

use super::construct::storage_bytes;
use super::fresh::try_filled;
use super::result_layout::elementwise_strides;
use super::Tensor;
use crate::kernels::plan::Plan;
use crate::kernels::runs::for_each_run;
use crate::layout::overlap::has_internal_overlap;
use crate::layout::{broadcast_shapes, check_numel, output_shape_mismatch, stretch_to, Layout};
use crate::storage::{read_in_order, Storage};
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// `torch.masked_fill(self, mask, value)`: `value` where `mask` is true,
    /// else `self`, both broadcast to their common shape (checked as PyTorch
    /// does, mask first: `The size of tensor a (5) must match the size of
    /// tensor b (4) at non-singleton dimension 1`). The result is contiguous,
    /// as PyTorch's, even for a transposed `self`.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// // a causal mask: true above the diagonal
    /// let mask = Tensor::from_vec(vec![false, true, false, false], &[2, 2]).unwrap();
    /// let scores = Tensor::<f32>::ones(&[2, 2]).unwrap();
    /// let masked = scores.masked_fill(&mask, f32::NEG_INFINITY).unwrap();
    /// assert_eq!(masked.to_vec(), vec![1.0, f32::NEG_INFINITY, 1.0, 1.0]);
    /// ```
    pub fn masked_fill(&self, mask: &Tensor<bool>, value: T) -> Result<Tensor<T>, ViewError> {
        let shape = broadcast_shapes(mask.shape(), self.shape())?;
        // PyTorch expands `self` to the broadcast shape first
        check_numel(&shape)?;
        storage_bytes::<T>(&shape)?;
        // contiguous whatever the inputs' layouts: PyTorch fills a
        // contiguous clone of the broadcast input
        let out = Layout::contiguous(&shape);
        self.zip_map_into(mask, out, move |v, m| if m { value } else { v })
    }

    /// `self.masked_fill_(mask, value)`: writes `value` through this view
    /// where `mask` (broadcast to this shape) is true. The mask must
    /// broadcast to this view's own shape (`output with shape [3] doesn't
    /// match the broadcast shape [2, 3]`). A view with broadcast (stride-0)
    /// dims is refused with PyTorch's `unsupported operation: more than one
    /// element of the written-to tensor refers to a single memory location.
    /// ...`, where PyTorch only warns that this use is deprecated.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::zeros(&[2, 2]).unwrap();
    /// let row = Tensor::from_vec(vec![true, false], &[2]).unwrap();
    /// x.t().unwrap().masked_fill_(&row, 7).unwrap();
    /// assert_eq!(x.to_vec(), vec![7, 7, 0, 0]);
    /// ```
    pub fn masked_fill_(&self, mask: &Tensor<bool>, value: T) -> Result<(), ViewError> {
        let shape = broadcast_shapes(self.shape(), mask.shape())?;
        if shape.as_slice() != self.shape() {
            return Err(output_shape_mismatch(self.shape(), &shape));
        }
        if has_internal_overlap(&self.layout) {
            return Err(super::write::internal_overlap_error());
        }
        if self.numel() == 0 {
            return Ok(()); // nothing to write (and no copy to make)
        }
        self.copy_from(&self.masked_fill(mask, value)?)
    }

    /// `torch.where(condition, input, other)`: `input` where `condition` is
    /// true, else `other`, all three broadcast to their common shape
    /// (`condition` with `input` first, then with `other`, as PyTorch
    /// checks). The result is laid out as PyTorch's `TensorIterator` lays
    /// it out: in the inputs' memory order, `condition` first (so
    /// `where_(&c.t(), &x.t(), &y.t())` is transposed); the inputs are read
    /// in place.
    /// Named `where_` because `where` is a Rust keyword; it is not an
    /// in-place op.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let cond = Tensor::from_vec(vec![true, false, true], &[3]).unwrap();
    /// let x = Tensor::<i64>::arange(3);
    /// let y = Tensor::from_vec(vec![-1i64], &[1]).unwrap();
    /// assert_eq!(Tensor::where_(&cond, &x, &y).unwrap().to_vec(), vec![0, -1, 2]);
    /// let e = Tensor::where_(&cond, &x, &Tensor::<i64>::zeros(&[2]).unwrap()).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"
    /// );
    /// ```
    pub fn where_(
        condition: &Tensor<bool>,
        input: &Tensor<T>,
        other: &Tensor<T>,
    ) -> Result<Tensor<T>, ViewError> {
        let shape = broadcast_shapes(condition.shape(), input.shape())?;
        let shape = broadcast_shapes(&shape, other.shape())?;
        // PyTorch expands the inputs to the broadcast shape first
        check_numel(&shape)?;
        storage_bytes::<T>(&shape)?;
        let strides =
            elementwise_strides(&shape, &[&condition.layout, &input.layout, &other.layout]);
        let (c, a, b) = (
            stretch_to(&condition.layout, &shape),
            stretch_to(&input.layout, &shape),
            stretch_to(&other.layout, &shape),
        );
        // the result is operand 0, written once per place, so the loops may
        // walk it in memory order
        let plan = Plan::new(
            &shape,
            [&strides, c.strides(), a.strides(), b.strides()],
            [0, c.offset(), a.offset(), b.offset()],
            true,
        );
        // Three reads at once, in the global lock order, each storage once
        // (storage/mod.rs), so no cycle of waits can form.
        let reads = read_in_order([&condition.storage, &input.storage, &other.storage]);
        let cv = reads.bytes(0).as_elements::<u8>();
        let av = reads.bytes(1).as_elements::<T::Repr>();
        let bv = reads.bytes(2).as_elements::<T::Repr>();
        let mut values = try_filled(plan.numel(), T::default().into_repr())?;
        for_each_run(&plan, |[io, ic, ia, ib], len, [so, sc, sa, sb]| {
            for t in 0..len as isize {
                let pick = condition.read_repr(cv[(ic + t * sc) as usize]);
                let v = if pick {
                    input.read_repr(av[(ia + t * sa) as usize])
                } else {
                    other.read_repr(bv[(ib + t * sb) as usize])
                };
                values[(io + t * so) as usize] = v.into_repr();
            }
        });
        drop(reads);
        let layout = Layout::from_parts(&shape, &strides, 0);
        Ok(Tensor::from_raw(Storage::from_vec(values)?, layout, false))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn masked_fill_broadcasts_both_ways_with_pytorchs_errors() {
        let x = Tensor::<f32>::zeros(&[3, 4]).unwrap();
        let m = Tensor::<bool>::zeros(&[2, 3, 4]).unwrap();
        assert_eq!(x.masked_fill(&m, 1.0).unwrap().shape(), &[2, 3, 4]);
        let five = Tensor::<bool>::zeros(&[5]).unwrap();
        assert_eq!(
            x.masked_fill(&five, 1.0).unwrap_err().to_string(),
            "The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 1"
        );
        assert_eq!(
            x.masked_fill_(&m, 1.0).unwrap_err().to_string(),
            "output with shape [3, 4] doesn't match the broadcast shape [2, 3, 4]"
        );
    }

    #[test]
    fn where_reads_views_sharing_one_storage() {
        let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
        let cond = Tensor::from_vec(vec![true, false], &[2, 1]).unwrap();
        let t = x.index(&crate::s![.., ..;2]).unwrap(); // [[0, 2], [3, 5]]
        let y = Tensor::where_(&cond, &t, &x.index(&crate::s![.., 1..]).unwrap()).unwrap();
        assert_eq!(y.to_vec(), vec![0, 2, 4, 5]);
        let e = Tensor::where_(
            &Tensor::<bool>::zeros(&[3]).unwrap(),
            &Tensor::<i32>::zeros(&[2, 1]).unwrap(),
            &Tensor::<i32>::zeros(&[4]).unwrap(),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
        );
    }

    // Expected strides: PyTorch 2.15 (tests/golden/ops.jsonl records more)
    #[test]
    fn results_are_laid_out_as_pytorchs() {
        let x = Tensor::<i32>::arange(6).view(&[3, 2]).unwrap();
        let xt = x.t().unwrap(); // [2, 3], strides [1, 2]
        let cond = xt.map(|v| v % 2 == 0);
        let filled = xt.masked_fill(&cond, -1).unwrap();
        assert_eq!(filled.stride(), &[3, 1]); // a contiguous clone, filled
        assert_eq!(filled.to_vec(), vec![-1, -1, -1, 1, 3, 5]);
        // where: the inputs' memory order, condition first
        let ones = Tensor::<i32>::ones(&[2, 3]).unwrap();
        let y = Tensor::where_(&cond, &ones, &xt).unwrap();
        assert_eq!(y.stride(), &[1, 2]);
        assert_eq!(y.to_vec(), vec![1, 1, 1, 1, 3, 5]);
        assert!(y.view(&[-1]).is_err()); // as PyTorch's: not contiguous
        let rowmajor_cond = cond.contiguous().unwrap();
        let z = Tensor::where_(&rowmajor_cond, &xt, &xt).unwrap();
        assert_eq!(z.stride(), &[3, 1]);
        assert_eq!(z.to_vec(), xt.to_vec());
        let scalar = Tensor::where_(&Tensor::scalar(true), &Tensor::scalar(4), &xt).unwrap();
        assert_eq!(scalar.stride(), &[1, 2]); // a 0-d input lets the next decide
        assert_eq!(scalar.to_vec(), vec![4; 6]);
    }
}
