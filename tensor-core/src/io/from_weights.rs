//! [`FromWeights`]: the tensor types a weight file can be loaded into, and
//! the shape check a typed one makes at load time.

use crate::static_shape::TypedShape;
use crate::tensor::{Dyn, Tensor};
use crate::{Element, ViewError};

use super::WeightsError;

/// A tensor type a named tensor of a weight file can be loaded into: a
/// dynamic `Tensor<T>` (any shape), or a typed `Tensor<T, S>` (a static
/// `Shape![768, 3072]` or a partly-dynamic `Shape![B, 768]`), whose shape
/// is checked as `into_static()` checks it.
///
/// ```
/// use tensor_core::io::FromWeights;
/// use tensor_core::Tensor;
/// use tensor_view::Shape;
/// let t = Tensor::<f32>::arange(6).view(&[3, 2]).unwrap();
/// let e = <Tensor<f32, Shape![2, 3]>>::from_weights("w", t.clone()).unwrap_err();
/// assert_eq!(e.to_string(), "w: expected shape [2, 3], but the file holds [3, 2]");
/// assert!(<Tensor<f32, Shape![3, 2]>>::from_weights("w", t).is_ok());
/// ```
pub trait FromWeights: Sized {
    /// The element type: the dtype the file must hold.
    type Elem: Element;

    /// The tensor `name` of the file, read as a row-major `Tensor<Elem>`,
    /// as this type: an error naming the tensor and both shapes when its
    /// shape is not this type's.
    fn from_weights(name: &str, tensor: Tensor<Self::Elem>) -> Result<Self, WeightsError>;
}

impl<T: Element> FromWeights for Tensor<T, Dyn> {
    type Elem = T;

    fn from_weights(_name: &str, tensor: Tensor<T>) -> Result<Self, WeightsError> {
        Ok(tensor)
    }
}

impl<T: Element, S: TypedShape> FromWeights for Tensor<T, S> {
    type Elem = T;

    fn from_weights(name: &str, tensor: Tensor<T>) -> Result<Self, WeightsError> {
        let found = tensor.shape().to_vec();
        tensor.into_static::<S>().map_err(|e| match e {
            ViewError::StaticShapeMismatch { expected, .. } => WeightsError::WrongShape {
                name: name.to_owned(),
                expected: format!("{expected:?}"),
                found,
            },
            ViewError::TypedShapeMismatch { expected, .. } => WeightsError::WrongShape {
                name: name.to_owned(),
                expected,
                found,
            },
            other => WeightsError::Tensor {
                name: name.to_owned(),
                source: other,
            },
        })
    }
}
