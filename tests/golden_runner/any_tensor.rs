//! `AnyTensor`: a tensor whose element type is chosen at run time by a dtype name.

use tensor_view::{bf16, f16, Complex, Element, Tensor};

/// Runs `$body` with `$bind` bound to the typed tensor inside an `AnyTensor`.
macro_rules! with_tensor {
    ($any:expr, $bind:ident => $body:expr) => {
        match $any {
            $crate::golden_runner::any_tensor::AnyTensor::Bool($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::U8($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::I8($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::I16($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::U16($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::I32($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::U32($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::I64($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::U64($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::F16($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::BF16($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::F32($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::F64($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::C32($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::C64($bind) => $body,
            $crate::golden_runner::any_tensor::AnyTensor::C128($bind) => $body,
        }
    };
}

/// Runs `$body` with the type alias `$ty` naming the element type of a torch
/// dtype name; `None` for an unknown name.
macro_rules! with_dtype {
    ($name:expr, $ty:ident => $body:expr) => {
        match $name {
            n if n == <bool as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = bool;
                Some($body)
            }
            n if n == <u8 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = u8;
                Some($body)
            }
            n if n == <i8 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = i8;
                Some($body)
            }
            n if n == <i16 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = i16;
                Some($body)
            }
            n if n == <u16 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = u16;
                Some($body)
            }
            n if n == <i32 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = i32;
                Some($body)
            }
            n if n == <u32 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = u32;
                Some($body)
            }
            n if n == <i64 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = i64;
                Some($body)
            }
            n if n == <u64 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = u64;
                Some($body)
            }
            n if n == <tensor_view::f16 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = tensor_view::f16;
                Some($body)
            }
            n if n == <tensor_view::bf16 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = tensor_view::bf16;
                Some($body)
            }
            n if n == <f32 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = f32;
                Some($body)
            }
            n if n == <f64 as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = f64;
                Some($body)
            }
            n if n
                == <tensor_view::Complex<tensor_view::f16> as tensor_view::Element>::DTYPE
                    .torch_name() =>
            {
                #[allow(dead_code)]
                type $ty = tensor_view::Complex<tensor_view::f16>;
                Some($body)
            }
            n if n == <tensor_view::Complex<f32> as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = tensor_view::Complex<f32>;
                Some($body)
            }
            n if n == <tensor_view::Complex<f64> as tensor_view::Element>::DTYPE.torch_name() => {
                #[allow(dead_code)]
                type $ty = tensor_view::Complex<f64>;
                Some($body)
            }
            _ => None,
        }
    };
}

/// A tensor of one of the 16 element types.
#[derive(Clone, Debug)]
pub enum AnyTensor {
    Bool(Tensor<bool>),
    U8(Tensor<u8>),
    I8(Tensor<i8>),
    I16(Tensor<i16>),
    U16(Tensor<u16>),
    I32(Tensor<i32>),
    U32(Tensor<u32>),
    I64(Tensor<i64>),
    U64(Tensor<u64>),
    F16(Tensor<f16>),
    BF16(Tensor<bf16>),
    F32(Tensor<f32>),
    F64(Tensor<f64>),
    C32(Tensor<Complex<f16>>),
    C64(Tensor<Complex<f32>>),
    C128(Tensor<Complex<f64>>),
}

impl From<Tensor<bool>> for AnyTensor {
    fn from(t: Tensor<bool>) -> AnyTensor {
        AnyTensor::Bool(t)
    }
}

impl From<Tensor<u8>> for AnyTensor {
    fn from(t: Tensor<u8>) -> AnyTensor {
        AnyTensor::U8(t)
    }
}

impl From<Tensor<i8>> for AnyTensor {
    fn from(t: Tensor<i8>) -> AnyTensor {
        AnyTensor::I8(t)
    }
}

impl From<Tensor<i16>> for AnyTensor {
    fn from(t: Tensor<i16>) -> AnyTensor {
        AnyTensor::I16(t)
    }
}

impl From<Tensor<u16>> for AnyTensor {
    fn from(t: Tensor<u16>) -> AnyTensor {
        AnyTensor::U16(t)
    }
}

impl From<Tensor<i32>> for AnyTensor {
    fn from(t: Tensor<i32>) -> AnyTensor {
        AnyTensor::I32(t)
    }
}

impl From<Tensor<u32>> for AnyTensor {
    fn from(t: Tensor<u32>) -> AnyTensor {
        AnyTensor::U32(t)
    }
}

impl From<Tensor<i64>> for AnyTensor {
    fn from(t: Tensor<i64>) -> AnyTensor {
        AnyTensor::I64(t)
    }
}

impl From<Tensor<u64>> for AnyTensor {
    fn from(t: Tensor<u64>) -> AnyTensor {
        AnyTensor::U64(t)
    }
}

impl From<Tensor<f16>> for AnyTensor {
    fn from(t: Tensor<f16>) -> AnyTensor {
        AnyTensor::F16(t)
    }
}

impl From<Tensor<bf16>> for AnyTensor {
    fn from(t: Tensor<bf16>) -> AnyTensor {
        AnyTensor::BF16(t)
    }
}

impl From<Tensor<f32>> for AnyTensor {
    fn from(t: Tensor<f32>) -> AnyTensor {
        AnyTensor::F32(t)
    }
}

impl From<Tensor<f64>> for AnyTensor {
    fn from(t: Tensor<f64>) -> AnyTensor {
        AnyTensor::F64(t)
    }
}

impl From<Tensor<Complex<f16>>> for AnyTensor {
    fn from(t: Tensor<Complex<f16>>) -> AnyTensor {
        AnyTensor::C32(t)
    }
}

impl From<Tensor<Complex<f32>>> for AnyTensor {
    fn from(t: Tensor<Complex<f32>>) -> AnyTensor {
        AnyTensor::C64(t)
    }
}

impl From<Tensor<Complex<f64>>> for AnyTensor {
    fn from(t: Tensor<Complex<f64>>) -> AnyTensor {
        AnyTensor::C128(t)
    }
}

/// Value of element `i` of a golden base tensor (FORMAT.md, "The base tensor").
fn base_value<T: Element>(i: usize) -> T {
    if T::DTYPE == tensor_view::DType::Bool {
        T::from_parts((i % 2) as f64, 0.0)
    } else {
        T::from_parts((i % 97) as f64, -((i % 89) as f64))
    }
}

impl AnyTensor {
    /// The golden base tensor of `dtype` and `shape`, or `None` for an unknown dtype.
    pub fn base(dtype: &str, shape: &[usize]) -> Option<AnyTensor> {
        with_dtype!(dtype, T => {
            let numel: usize = shape.iter().product();
            let data: Vec<T> = (0..numel).map(base_value::<T>).collect();
            AnyTensor::from(Tensor::from_vec(data, shape).expect("base shape matches its data"))
        })
    }

    /// The torch dtype name.
    pub fn dtype_name(&self) -> &'static str {
        with_tensor!(self, t => t.dtype().torch_name())
    }

    /// Whether both share one storage.
    pub fn shares_storage(&self, other: &AnyTensor) -> bool {
        with_tensor!(self, a => with_tensor!(other, b => a.shares_storage(b)))
    }
}
