//! The comparisons made after every op of a chain: the library's results
//! against the model's, field by field and element by element.

use tensor_view::Tensor;

use super::{Elem, Outcome, Pair};
use crate::reference_model::layout::positions;
use crate::reference_model::ops as model_ops;
use crate::reference_model::{RefError, RefTensor};

/// Most elements read one by one with `get` per result (all are read by `to_vec`).
const MAX_GETS: usize = 512;

/// Results with more elements (broadcast views) are checked at their corners
/// only, and not kept for later ops.
pub const MAX_NUMEL: usize = 1 << 14;

/// Checks one op's outcome. `Ok(Some(pairs))` are the results to keep (free
/// model strides filled in from the library), `Ok(None)` an agreed error.
pub fn outcome(o: &Outcome, inputs: &[Pair], pool: &[Pair]) -> Result<Option<Vec<Pair>>, String> {
    let call = &o.call;
    if let Some(inner) = &o.inner_failure {
        return Err(format!("inside `{call}`: {inner}"));
    }
    let lib = o
        .lib
        .as_ref()
        .map_err(|panic| format!("`{call}` panicked: {panic}"))?;
    // PyTorch checks the sizes of every tensor it makes, after the op's own checks.
    let model = match &o.model {
        Ok(ts) if ts.iter().any(|t| model_ops::numel_overflows(t.shape())) => {
            Err(RefError::exact(model_ops::NUMEL_OVERFLOW))
        }
        other => other.clone(),
    };
    match (lib, &model) {
        (Ok(libs), Ok(models)) => {
            if libs.len() != models.len() {
                return Err(format!(
                    "`{call}` gave {} tensors, the model {}",
                    libs.len(),
                    models.len()
                ));
            }
            let mut out = Vec::with_capacity(libs.len());
            for (k, (lib, model)) in libs.iter().zip(models).enumerate() {
                let pair = agree(lib, model, inputs, pool)
                    .map_err(|w| format!("`{call}` result {k}: {w}"))?;
                out.push(pair);
            }
            Ok(Some(out))
        }
        (Err(e), Err(RefError::Exact(expected))) => {
            if e.to_string() == *expected {
                Ok(None)
            } else {
                Err(format!(
                    "`{call}` failed with\n  {e}\nbut PyTorch says\n  {expected}"
                ))
            }
        }
        (Err(_), Err(RefError::Any | RefError::Undefined)) => Ok(None),
        (Ok(libs), Err(RefError::Undefined)) => {
            for lib in libs {
                in_bounds(lib).map_err(|w| format!("`{call}`: {w}"))?;
            }
            Ok(None)
        }
        (Ok(libs), Err(expected)) => Err(format!(
            "`{call}` succeeded ({:?}) where the model expects the error {expected:?}",
            libs.first()
        )),
        (Err(e), Ok(models)) => Err(format!(
            "`{call}` failed with `{e}` where the model gives {:?}",
            models.first().map(|m| &m.layout)
        )),
    }
}

/// Checks that `lib` is `model` and returns them as a pair.
fn agree(
    lib: &Tensor<Elem>,
    model: &RefTensor,
    inputs: &[Pair],
    pool: &[Pair],
) -> Result<Pair, String> {
    let m = &model.layout;
    if lib.shape() != m.shape.as_slice() || lib.dim() != m.shape.len() || lib.numel() != m.numel() {
        return Err(format!(
            "shape {:?} (numel {}), model {:?}",
            lib.shape(),
            lib.numel(),
            m.shape
        ));
    }
    let strides_agree = lib.stride().len() == m.strides.len()
        && lib
            .stride()
            .iter()
            .zip(&m.strides)
            .all(|(&s, want)| want.is_none_or(|w| w == s));
    if !strides_agree || lib.storage_offset() != m.offset {
        return Err(format!(
            "layout {:?}, model {m:?}",
            (lib.shape(), lib.stride(), lib.storage_offset())
        ));
    }
    if lib.is_contiguous() != m.is_contiguous() {
        return Err(format!(
            "is_contiguous() is {} for {lib:?}, model {m:?}",
            lib.is_contiguous()
        ));
    }
    in_bounds(lib)?;
    for (i, p) in inputs.iter().chain(pool).enumerate() {
        let lib_shares = lib.shares_storage(&p.lib);
        let model_shares = model.storage.same(&p.model.storage);
        if lib_shares != model_shares {
            return Err(format!(
                "shares_storage with tensor {i} is {lib_shares}, model {model_shares} (a {} that should be a {})",
                if lib_shares { "view" } else { "copy" },
                if model_shares { "view" } else { "copy" },
            ));
        }
    }
    let mut model = model.clone();
    for (d, s) in model.layout.strides.iter_mut().enumerate() {
        s.get_or_insert(lib.stride()[d]);
    }
    let pair = Pair {
        lib: lib.clone(),
        model,
    };
    values(&pair)?;
    Ok(pair)
}

/// Every element the library's own layout addresses lies inside its storage.
fn in_bounds(lib: &Tensor<Elem>) -> Result<(), String> {
    if lib.numel() == 0 {
        return Ok(());
    }
    let (mut lo, mut hi) = (lib.storage_offset() as i128, lib.storage_offset() as i128);
    for (&size, &stride) in lib.shape().iter().zip(lib.stride()) {
        let reach = (size as i128 - 1) * stride as i128;
        if reach < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    let len = (lib.storage_nbytes() / std::mem::size_of::<Elem>()) as i128;
    if lo < 0 || hi >= len {
        return Err(format!(
            "{lib:?} reaches slots {lo}..={hi} of a storage of {len} elements"
        ));
    }
    Ok(())
}

/// The library's elements (by `to_vec` and by `get`) equal the model's.
pub fn values(p: &Pair) -> Result<(), String> {
    if p.model.numel() > MAX_NUMEL {
        return corners(p);
    }
    let want = p.model.values();
    let got = p.lib.to_vec();
    if got != want {
        return Err(format!(
            "to_vec() of {:?} is {got:?}, model {want:?}",
            p.lib
        ));
    }
    for (k, (pos, want)) in positions(p.shape())
        .iter()
        .zip(&want)
        .take(MAX_GETS)
        .enumerate()
    {
        // Alternate plain and negative (from the end) indices.
        let index: Vec<isize> = pos
            .iter()
            .zip(p.shape())
            .map(|(&i, &size)| {
                if k % 2 == 1 {
                    i as isize - size as isize
                } else {
                    i as isize
                }
            })
            .collect();
        match p.lib.get(&index) {
            Ok(v) if v == *want => {}
            other => {
                return Err(format!(
                    "get({index:?}) of {:?} is {other:?}, model {want}",
                    p.lib
                ))
            }
        }
    }
    Ok(())
}

/// For a tensor too big to read whole: the first and last element, and the
/// element at the middle of every dim.
fn corners(p: &Pair) -> Result<(), String> {
    let shape = p.shape();
    let picks: [&dyn Fn(usize) -> usize; 3] = [&|_| 0, &|n| n - 1, &|n| n / 2];
    for pick in picks {
        let position: Vec<usize> = shape.iter().map(|&n| pick(n)).collect();
        let want = p.model.storage.get(p.model.slot(&position));
        let index: Vec<isize> = position.iter().map(|&i| i as isize).collect();
        match p.lib.get(&index) {
            Ok(v) if v == want => {}
            other => {
                return Err(format!(
                    "get({index:?}) of {:?} is {other:?}, model {want}",
                    p.lib
                ))
            }
        }
    }
    Ok(())
}
