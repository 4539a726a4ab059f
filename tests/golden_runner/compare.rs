//! Field-by-field comparison of a tensor with PyTorch's record of it.

use serde_json::Value;

use super::any_tensor::AnyTensor;

/// Lower-case hex of bytes, as the golden files write `data`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn as_ints(v: &Value) -> Option<Vec<i64>> {
    v.as_array()?.iter().map(Value::as_i64).collect()
}

/// Compares `t` (whose base tensor is `base`) with the record `want`; returns
/// one line per field that differs.
pub fn tensor_mismatches(t: &AnyTensor, base: &AnyTensor, want: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |field: &str, got: String, expected: Option<String>| {
        if let Some(expected) = expected {
            if got != expected {
                out.push(format!("{field}: got {got}, PyTorch {expected}"));
            }
        } else {
            out.push(format!("{field}: missing in the record"));
        }
    };
    let (shape, stride, offset, contiguous, conj, data): (
        Vec<i64>,
        Vec<i64>,
        i64,
        bool,
        bool,
        Option<String>,
    ) = with_tensor!(t, x => (
        x.shape().iter().map(|&d| d as i64).collect(),
        x.stride().iter().map(|&d| d as i64).collect(),
        x.storage_offset() as i64,
        x.is_contiguous(),
        x.is_conj(),
        want.get("data").filter(|d| !d.is_null()).map(|_| hex(&x.to_bytes())),
    ));
    check(
        "dtype",
        t.dtype_name().to_string(),
        want["dtype"].as_str().map(str::to_string),
    );
    check(
        "shape",
        format!("{shape:?}"),
        as_ints(&want["shape"]).map(|v| format!("{v:?}")),
    );
    check(
        "stride",
        format!("{stride:?}"),
        as_ints(&want["stride"]).map(|v| format!("{v:?}")),
    );
    check(
        "offset",
        offset.to_string(),
        want["offset"].as_i64().map(|v| v.to_string()),
    );
    check(
        "contiguous",
        contiguous.to_string(),
        want["contiguous"].as_bool().map(|v| v.to_string()),
    );
    check(
        "shares_storage",
        t.shares_storage(base).to_string(),
        want["shares_storage"].as_bool().map(|v| v.to_string()),
    );
    check(
        "conj",
        conj.to_string(),
        want["conj"].as_bool().map(|v| v.to_string()),
    );
    if let Some(data) = data {
        check("data", data, want["data"].as_str().map(str::to_string));
    }
    out
}
