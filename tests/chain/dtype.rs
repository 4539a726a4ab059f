//! The dtype-view op of the chains: `view_dtype::<U>()` of a label tensor,
//! sometimes a transpose and a write in `U` elements, and `view_dtype::<i64>()`
//! back. The `U` tensor is checked against the model's byte-level view
//! ([`RefTyped`]); the tensor back in `i64` joins the pool like any result.

use tensor_view::{Complex, Element, Tensor};

use super::{caught, Ctx, Outcome, Pair};
use crate::reference_model::dtype_ops::{self, RefTyped};
use crate::reference_model::layout::positions;
use crate::reference_model::ops as model;

/// `view_dtype` to a random element type and back.
pub fn view_dtype_round_trip(c: &mut Ctx, x: &Pair) -> Outcome {
    match c.src.below(5) {
        0 => round_trip::<u8>(c, x, "Byte"),
        1 => round_trip::<i16>(c, x, "Short"),
        2 => round_trip::<f32>(c, x, "Float"),
        3 => round_trip::<f64>(c, x, "Double"),
        _ => round_trip::<Complex<f64>>(c, x, "ComplexDouble"),
    }
}

fn round_trip<U: Element>(c: &mut Ctx, x: &Pair, name: &'static str) -> Outcome {
    let itemsize = U::DTYPE.size();
    let mut call = format!("view_dtype::<{name}>()");
    let there_lib = caught(|| x.lib.view_dtype::<U>());
    let there_model = dtype_ops::view_dtype(&RefTyped::of(&x.model), itemsize, name);
    let (mut y_lib, mut y_model) = match (there_lib, there_model) {
        (Ok(Ok(y)), Ok(m)) => (y, m),
        // A disagreement or an agreed error: the usual comparison reports it
        // (the library's tensor stands in for itself: only Ok/Err matters then).
        (lib, model) => {
            return Outcome::one(
                call,
                lib.map(|r| r.map(|_| x.lib.clone())),
                model.map(|_| x.model.clone()),
            )
        }
    };
    let ndim = y_model.layout.shape.len();
    let mut inner_failure = None;
    if ndim >= 2 && c.src.chance(100) {
        let (a, b) = (c.src.below(ndim) as isize, c.src.below(ndim) as isize);
        call.push_str(&format!(".transpose({a}, {b})"));
        let as_labels = crate::reference_model::RefTensor {
            storage: y_model.storage.clone(),
            layout: y_model.layout.clone(),
        };
        let want = model::transpose(&as_labels, a, b)
            .ok()
            .filter(|t| !model::numel_overflows(t.shape()));
        match (caught(|| y_lib.transpose(a, b)), want) {
            (Ok(Ok(t)), Some(m)) => {
                y_lib = t;
                y_model.layout = m.layout;
            }
            (Ok(Err(_)), None) => {} // agreed: sizes PyTorch refuses
            (got, want) => {
                inner_failure = Some(format!("transpose gave {got:?}, model {want:?}"));
            }
        }
    }
    inner_failure = inner_failure.or_else(|| typed_agree(&y_lib, &y_model, x).err());
    let numel = y_model.layout.numel();
    if inner_failure.is_none() && numel > 0 && c.src.chance(128) {
        let all = positions(&y_model.layout.shape);
        let at = &all[c.src.below(all.len())];
        let mut bytes = c.fresh_label().to_le_bytes().to_vec();
        bytes.resize(itemsize, 0);
        let value = U::from_repr(bytemuck::pod_read_unaligned(&bytes));
        let index: Vec<isize> = at.iter().map(|&i| i as isize).collect();
        call.push_str(&format!(".set({index:?}, bytes {bytes:?})"));
        y_model.write(at, &bytes);
        inner_failure = match caught(|| y_lib.set(&index, value)) {
            Ok(Ok(())) => typed_agree(&y_lib, &y_model, x).err(),
            other => Some(format!("set failed: {other:?}")),
        };
    }
    call.push_str(".view_dtype::<i64>()");
    let back_model = dtype_ops::view_dtype(&y_model, 8, "Long").map(RefTyped::into_labels);
    let mut outcome = Outcome::one(call, caught(|| y_lib.view_dtype::<i64>()), back_model);
    outcome.inner_failure = inner_failure;
    outcome
}

/// The `U` tensor is the model's byte-level view: layout, bounds, aliasing, bytes.
fn typed_agree<U: Element>(y: &Tensor<U>, m: &RefTyped, x: &Pair) -> Result<(), String> {
    let l = &m.layout;
    let strides_agree = y.stride().len() == l.strides.len()
        && y.stride()
            .iter()
            .zip(&l.strides)
            .all(|(&s, want)| want.is_none_or(|w| w == s));
    if y.shape() != l.shape.as_slice() || !strides_agree || y.storage_offset() != l.offset {
        return Err(format!(
            "layout {:?}, model {l:?}",
            (y.shape(), y.stride(), y.storage_offset())
        ));
    }
    if !y.shares_storage(&x.lib) {
        return Err("a dtype view does not share its input's storage".into());
    }
    let (got, want) = (y.to_bytes(), m.bytes());
    if got != want {
        return Err(format!("bytes {got:?}, model {want:?}"));
    }
    Ok(())
}
