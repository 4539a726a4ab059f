//! numpy's type strings (`descr`: `<f4`, `>i8`, `|b1`, `<c16`) for each
//! [`DType`], and back. numpy has no `bfloat16` and no `complex32`.

use crate::DType;

/// The kind letter and size numpy writes for `dtype`, or `None`.
fn kind(dtype: DType) -> Option<&'static str> {
    Some(match dtype {
        DType::Bool => "b1",
        DType::U8 => "u1",
        DType::I8 => "i1",
        DType::I16 => "i2",
        DType::U16 => "u2",
        DType::I32 => "i4",
        DType::U32 => "u4",
        DType::I64 => "i8",
        DType::U64 => "u8",
        DType::F16 => "f2",
        DType::F32 => "f4",
        DType::F64 => "f8",
        DType::C64 => "c8",
        DType::C128 => "c16",
        DType::BF16 | DType::C32 => return None,
    })
}

/// numpy's type string for `dtype` in the given byte order (`|` for
/// one-byte types, as numpy writes them), or `None` when numpy has no such type.
pub(super) fn descr(dtype: DType, little_endian: bool) -> Option<String> {
    let kind = kind(dtype)?;
    let order = match (dtype.size(), little_endian) {
        (1, _) => '|',
        (_, true) => '<',
        (_, false) => '>',
    };
    Some(format!("{order}{kind}"))
}

/// The dtype and byte order (little-endian?) of a type string. `=` is the
/// host's order; one-byte types take any order character.
pub(super) fn parse_descr(text: &str) -> Option<(DType, bool)> {
    let mut chars = text.chars();
    let little_endian = match chars.next()? {
        '<' => true,
        '>' => false,
        '|' | '=' => cfg!(target_endian = "little"),
        _ => return None,
    };
    let kind_text = chars.as_str();
    let dtype = DType::ALL
        .into_iter()
        .find(|&d| kind(d) == Some(kind_text))?;
    if text.starts_with('|') && dtype.size() != 1 {
        return None;
    }
    Some((dtype, little_endian))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fourteen_dtypes_round_trip_in_both_orders() {
        let mut n = 0;
        for d in DType::ALL {
            for le in [true, false] {
                if let Some(text) = descr(d, le) {
                    let (back, back_le) = parse_descr(&text).unwrap();
                    assert_eq!(back, d);
                    assert!(d.size() == 1 || back_le == le);
                    n += 1;
                }
            }
        }
        assert_eq!(n, 28);
        assert_eq!(descr(DType::C128, false).unwrap(), ">c16");
        assert_eq!(parse_descr("|f4"), None);
        assert_eq!(parse_descr("<U3"), None);
    }
}
