//! The safetensors dtype of each [`DType`], and back.

use safetensors::Dtype;

use crate::DType;

/// The file's dtype for `dtype`, or `None` for the two the format lacks
/// (`complex32`, `complex128`).
pub(super) fn to_file(dtype: DType) -> Option<Dtype> {
    Some(match dtype {
        DType::Bool => Dtype::BOOL,
        DType::U8 => Dtype::U8,
        DType::I8 => Dtype::I8,
        DType::I16 => Dtype::I16,
        DType::U16 => Dtype::U16,
        DType::I32 => Dtype::I32,
        DType::U32 => Dtype::U32,
        DType::I64 => Dtype::I64,
        DType::U64 => Dtype::U64,
        DType::F16 => Dtype::F16,
        DType::BF16 => Dtype::BF16,
        DType::F32 => Dtype::F32,
        DType::F64 => Dtype::F64,
        DType::C64 => Dtype::C64,
        DType::C32 | DType::C128 => return None,
    })
}

/// The [`DType`] of a file's dtype, or `None` for its 4-, 6- and 8-bit floats.
pub(super) fn from_file(dtype: Dtype) -> Option<DType> {
    DType::ALL.into_iter().find(|&d| to_file(d) == Some(dtype))
}

/// How an error names a file's dtype: as PyTorch does when there is a
/// [`DType`] for it (`torch.float16`), else as the file does (`F8_E4M3`).
pub(super) fn describe(dtype: Dtype) -> String {
    match from_file(dtype) {
        Some(d) => d.to_string(),
        None => format!("{dtype} (a safetensors dtype tensor-view has no type for)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fourteen_dtypes_map_both_ways() {
        let mapped: Vec<DType> = DType::ALL
            .into_iter()
            .filter(|&d| to_file(d).is_some())
            .collect();
        assert_eq!(mapped.len(), 14);
        for d in mapped {
            let f = to_file(d).unwrap();
            assert_eq!(from_file(f), Some(d));
            assert_eq!(f.bitsize(), 8 * d.size());
        }
        assert_eq!(from_file(Dtype::F8_E4M3), None);
        assert!(describe(Dtype::F8_E4M3).starts_with("F8_E4M3"));
    }
}
