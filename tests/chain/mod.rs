//! Random op chains run on the library and on the reference model at once.
//!
//! [`run`] decodes a byte string (see [`source`]) into a start tensor and a
//! chain of ops, each applied to a tensor picked from a small pool of earlier
//! results (so views of views, copies and writes through siblings all mix),
//! and after every op checks the library against the model (see [`check`]):
//! same shape, strides, offset and contiguity, every element equal to the
//! model's index formula, every element inside the storage, aliasing exactly
//! as the model's, `Ok` exactly when the model succeeds and PyTorch's message
//! when it fails, and never a panic.
//!
//! The proptest test (`tests/prop_chains.rs`) and the fuzz target
//! (`fuzz/fuzz_targets/op_chain.rs`) both call [`run`]. Adding an op is one
//! function in [`ops`] and a line in its table.

pub mod check;
pub mod dtype;
pub mod index_ops;
pub mod ops;
pub mod shape_ops;
pub mod source;
pub mod writes;

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use tensor_view::{Tensor, ViewError};

use crate::reference_model::{Label, RefError, RefTensor};
use source::Source;

/// The element type of library tensors in chains: labels, as the model's.
pub type Elem = i64;

/// Ops per chain at most.
pub const MAX_OPS: usize = 16;
/// Tensors kept for later ops to pick from.
pub const POOL_SIZE: usize = 6;

/// A library tensor and the model tensor it must agree with.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The library's tensor.
    pub lib: Tensor<Elem>,
    /// The model's tensor.
    pub model: RefTensor,
}

impl Pair {
    /// Rank.
    pub fn ndim(&self) -> usize {
        self.model.ndim()
    }

    /// Shape (the model's, which the checks keep equal to the library's).
    pub fn shape(&self) -> &[usize] {
        self.model.shape()
    }
}

/// What a library call gave: its result, or the text of its panic.
pub type Caught<R> = Result<R, String>;

/// Runs `f`, turning a panic into `Err` with its message.
pub fn caught<R>(f: impl FnOnce() -> R) -> Caught<R> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "non-string panic".into())
    })
}

/// One op applied to both sides.
pub struct Outcome {
    /// The call, as text for failure reports.
    pub call: String,
    /// The library's tensors (one for most ops, several for splits, none for writes).
    pub lib: Caught<Result<Vec<Tensor<Elem>>, ViewError>>,
    /// The model's.
    pub model: Result<Vec<RefTensor>, RefError>,
    /// A disagreement found inside a composite op (before its final result).
    pub inner_failure: Option<String>,
}

impl Outcome {
    /// An op giving one tensor.
    pub fn one(
        call: String,
        lib: Caught<Result<Tensor<Elem>, ViewError>>,
        model: Result<RefTensor, RefError>,
    ) -> Outcome {
        Outcome {
            call,
            lib: lib.map(|r| r.map(|t| vec![t])),
            model: model.map(|t| vec![t]),
            inner_failure: None,
        }
    }

    /// An op giving several tensors (or none, for writes).
    pub fn many(
        call: String,
        lib: Caught<Result<Vec<Tensor<Elem>>, ViewError>>,
        model: Result<Vec<RefTensor>, RefError>,
    ) -> Outcome {
        Outcome {
            call,
            lib,
            model,
            inner_failure: None,
        }
    }
}

/// State an op may draw on besides its input: the byte source and fresh labels.
pub struct Ctx<'a> {
    /// Argument bytes.
    pub src: Source<'a>,
    next_label: Label,
}

impl Ctx<'_> {
    /// A label no storage holds yet (writes use these, so a misplaced write shows).
    pub fn fresh_label(&mut self) -> Label {
        self.next_label += 1;
        self.next_label
    }
}

/// A disagreement between the library and the model, with the chain that led to it.
#[derive(Debug)]
pub struct Failure {
    /// The calls made, in order (`#k` names pool entries).
    pub log: Vec<String>,
    /// What went wrong.
    pub what: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.what)?;
        writeln!(f, "chain:")?;
        for line in &self.log {
            writeln!(f, "  {line}")?;
        }
        Ok(())
    }
}

/// Decodes `bytes` into a chain, runs it on both sides and checks every step.
pub fn run(bytes: &[u8]) -> Result<(), Failure> {
    let mut ctx = Ctx {
        src: Source::new(bytes),
        next_label: 1 << 40,
    };
    let mut log = Vec::new();
    let fail = |log: &Vec<String>, what: String| Failure {
        log: log.clone(),
        what,
    };
    let start = ops::start(&mut ctx);
    log.push(format!("pool[0] = {}", start.call));
    let keep = |p: &Pair| p.model.numel() <= check::MAX_NUMEL;
    let mut pool: Vec<Pair> = check::outcome(&start, &[], &[])
        .map_err(|w| fail(&log, w))?
        .unwrap_or_default()
        .into_iter()
        .filter(keep)
        .collect();
    if pool.is_empty() {
        return Ok(());
    }
    for _ in 0..MAX_OPS {
        if ctx.src.is_exhausted() {
            break;
        }
        let (outcome, inputs) = ops::apply_random(&mut ctx, &pool);
        let names: Vec<String> = inputs.iter().map(|i| format!("pool[{i}]")).collect();
        log.push(format!("{}.{}", names.join(", "), outcome.call));
        let input_pairs: Vec<Pair> = inputs.iter().map(|&i| pool[i].clone()).collect();
        let produced = check::outcome(&outcome, &input_pairs, &pool).map_err(|w| fail(&log, w))?;
        // Writes (and failed ops) must leave every tensor's values as the model's.
        for (i, p) in pool.iter().enumerate() {
            check::values(p).map_err(|w| fail(&log, format!("pool[{i}] after the op: {w}")))?;
        }
        for p in produced.unwrap_or_default().into_iter().filter(keep) {
            let slot = if pool.len() < POOL_SIZE {
                pool.push(p);
                pool.len() - 1
            } else {
                let slot = ctx.src.below(POOL_SIZE);
                pool[slot] = p;
                slot
            };
            if let Some(last) = log.last_mut() {
                last.push_str(&format!(" -> pool[{slot}]"));
            }
        }
    }
    Ok(())
}
