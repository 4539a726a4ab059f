//! `tril` and `triu`: the lower or upper triangle of the last two dims
//! (matrices, batched over the dims before), the rest zero. The result is a
//! fresh contiguous tensor, as PyTorch's, whatever the input's strides.

use super::Tensor;
use crate::{Element, ViewError};

impl<T: Element> Tensor<T> {
    /// `torch.tril(x, diagonal)`: the elements on and below the `diagonal`-th
    /// diagonal of each matrix (`j - i <= diagonal`), the others zero.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.tril(0).unwrap().to_vec(), vec![0, 0, 0, 3, 4, 0]);
    /// assert_eq!(
    ///     Tensor::<i32>::arange(3).tril(0).unwrap_err().to_string(),
    ///     "tril: input tensor must have at least 2 dimensions"
    /// );
    /// ```
    pub fn tril(&self, diagonal: i64) -> Result<Tensor<T>, ViewError> {
        self.triangle("tril", |i, j| j - i <= diagonal)
    }

    /// `torch.triu(x, diagonal)`: the elements on and above the `diagonal`-th
    /// diagonal of each matrix (`j - i >= diagonal`), the others zero.
    ///
    /// ```
    /// use tensor_core::Tensor;
    /// let x = Tensor::<i32>::arange(6).view(&[2, 3]).unwrap();
    /// assert_eq!(x.triu(1).unwrap().to_vec(), vec![0, 1, 2, 0, 0, 5]);
    /// ```
    pub fn triu(&self, diagonal: i64) -> Result<Tensor<T>, ViewError> {
        self.triangle("triu", |i, j| j - i >= diagonal)
    }

    /// The elements at `(i, j)` of each matrix where `keep(i, j)`, zero elsewhere.
    fn triangle(
        &self,
        name: &str,
        keep: impl Fn(i64, i64) -> bool,
    ) -> Result<Tensor<T>, ViewError> {
        let shape = self.shape();
        let [.., rows, cols] = *shape else {
            return Err(ViewError::runtime(format!(
                "{name}: input tensor must have at least 2 dimensions"
            )));
        };
        let mut values = self.to_vec();
        for (k, v) in values.iter_mut().enumerate() {
            // sizes fit in i64: the tensor's element count fits in isize
            let (i, j) = (
                ((k / cols.max(1)) % rows.max(1)) as i64,
                (k % cols.max(1)) as i64,
            );
            if !keep(i, j) {
                *v = T::default();
            }
        }
        Tensor::from_vec(values, shape)
    }
}

#[cfg(test)]
mod tests {
    use crate::Tensor;

    #[test]
    fn batched_transposed_and_empty_inputs() {
        // PyTorch 2.15: x = torch.arange(24.).reshape(2, 3, 4)
        // torch.tril(x, -1)[0] = [[0,0,0,0],[4,0,0,0],[8,9,0,0]]
        // torch.triu(x, 2)[1] = [[0,0,14,15],[0,0,0,19],[0,0,0,0]]
        let x = Tensor::<f32>::arange(24).view(&[2, 3, 4]).unwrap();
        let lower = x.tril(-1).unwrap().to_vec();
        assert_eq!(
            &lower[..12],
            &[0., 0., 0., 0., 4., 0., 0., 0., 8., 9., 0., 0.]
        );
        let upper = x.triu(2).unwrap().to_vec();
        assert_eq!(
            &upper[12..],
            &[0., 0., 14., 15., 0., 0., 0., 19., 0., 0., 0., 0.]
        );
        // a transposed input: the triangle of the logical matrix, contiguous
        let t = x.transpose(1, 2).unwrap(); // [2, 4, 3]
        let got = t.tril(0).unwrap();
        assert_eq!(got.stride(), &[12, 3, 1]);
        let logical = t.contiguous().unwrap().to_vec();
        for (k, (&g, &v)) in got.to_vec().iter().zip(&logical).enumerate() {
            let (i, j) = ((k / 3) % 4, k % 3);
            assert_eq!(g, if j <= i { v } else { 0.0 });
        }
        // a diagonal past the matrix keeps all (bool: false is the zero)
        let ones = Tensor::<bool>::full(&[2, 3], true).unwrap();
        assert_eq!(ones.tril(100).unwrap().to_vec(), vec![true; 6]);
        assert_eq!(ones.triu(100).unwrap().to_vec(), vec![false; 6]);
        assert_eq!(
            Tensor::<f32>::zeros(&[0, 3])
                .unwrap()
                .tril(0)
                .unwrap()
                .shape(),
            &[0, 3]
        );
        assert_eq!(
            Tensor::<f32>::scalar(1.0).triu(0).unwrap_err().to_string(),
            "triu: input tensor must have at least 2 dimensions"
        );
    }
}
