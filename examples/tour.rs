//! A tour of tensor-view: the view examples of PyTorch's documentation
//! (`Tensor.view`, "Tensor Views"), each line as PyTorch writes it, then what
//! tensor-view gives for the same call.
//!
//! Run with `cargo run --example tour`.

use std::io::Write;

use tensor_view::{dims, view, Shape, Tensor, ViewError};

dims!(B, T);

/// What `cargo check` reports for `view!(q, [B, T, 10, -1])` on a
/// `Shape![B, T, 768]` tensor (`ui-tests/fail/partly_dynamic_head_count_does_not_divide.stderr`
/// holds the compiler's full output; `tests/tour.rs` checks they agree).
pub const WRONG_HEADS_MESSAGE: &str =
    "error[E0277]: shape '[B, T, 10, -1]' is invalid for input of size B*T*768";

/// nanoGPT's head split on a batch and sequence length known only at run
/// time: checked while compiling, no `Result`.
/// A batch of token embeddings.
type Tokens = Shape![B, T, 768];
/// The same split into 12 heads of 64.
type Heads = Shape![B, T, 12, 64];

fn split_heads(q: &Tensor<f32, Tokens>) -> Tensor<f32, Heads> {
    view!(q, [B, T, 12, -1])
}

/// `torch.Size([..])`, as PyTorch prints a shape.
fn size<T: tensor_view::Element>(t: &Tensor<T>) -> String {
    let dims: Vec<String> = t.shape().iter().map(|d| d.to_string()).collect();
    format!("torch.Size([{}])", dims.join(", "))
}

/// A tuple as Python prints it: `(4, 1)`, `(1,)`.
fn tuple<I: std::fmt::Display>(items: &[I]) -> String {
    let parts: Vec<String> = items.iter().map(|d| d.to_string()).collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

/// Where the tour writes: stdout when run, a buffer in `tests/tour.rs`.
pub type Out<'a> = &'a mut dyn Write;

fn python(out: Out, line: &str) -> std::io::Result<()> {
    writeln!(out, ">>> {line}")
}

fn section(out: Out, title: &str) -> std::io::Result<()> {
    writeln!(out, "\n# {title}")
}

/// Failure of the tour: a tensor error (a bug) or a failed write to `out`.
#[derive(Debug)]
pub enum TourError {
    /// An op failed that should not have.
    View(ViewError),
    /// Writing the output failed.
    Io(std::io::Error),
}

impl std::fmt::Display for TourError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TourError::View(e) => write!(f, "{e}"),
            TourError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TourError {}

impl From<ViewError> for TourError {
    fn from(e: ViewError) -> Self {
        TourError::View(e)
    }
}

impl From<std::io::Error> for TourError {
    fn from(e: std::io::Error) -> Self {
        TourError::Io(e)
    }
}

#[allow(dead_code)] // `tests/tour.rs` includes this file for `tour` only
fn main() -> Result<(), TourError> {
    tour(&mut std::io::stdout().lock())
}

/// Writes the whole tour to `out`.
#[allow(clippy::approx_constant)] // 3.14 is the value PyTorch's docs write
pub fn tour(out: Out) -> Result<(), TourError> {
    section(out, "Tensor.view: the same data with another shape")?;
    python(out, "x = torch.arange(16.).view(4, 4)")?;
    let x = Tensor::<f32>::arange(16).view(&[4, 4])?;
    python(out, "x")?;
    writeln!(out, "{x}")?;
    python(out, "x.size()")?;
    writeln!(out, "{}", size(&x))?;
    python(out, "y = x.view(16)")?;
    let y = x.view(&[16])?;
    python(out, "y.size()")?;
    writeln!(out, "{}", size(&y))?;
    python(
        out,
        "z = x.view(-1, 8)  # the size -1 is inferred from other dimensions",
    )?;
    let z = x.view(&[-1, 8])?;
    python(out, "z.size()")?;
    writeln!(out, "{}", size(&z))?;
    python(out, "z")?;
    writeln!(out, "{z}")?;

    section(
        out,
        "transpose swaps dims without moving data; view keeps the memory order",
    )?;
    python(out, "a = torch.arange(24.).view(1, 2, 3, 4)")?;
    let a = Tensor::<f32>::arange(24).view(&[1, 2, 3, 4])?;
    python(out, "b = a.transpose(1, 2)  # Swaps 2nd and 3rd dimension")?;
    let b = a.transpose(1, 2)?;
    python(out, "b.size(), b.stride()")?;
    writeln!(out, "({}, {})", size(&b), tuple(b.stride()))?;
    python(
        out,
        "c = a.view(1, 3, 2, 4)  # Does not change tensor layout in memory",
    )?;
    let c = a.view(&[1, 3, 2, 4])?;
    python(out, "c.size(), c.stride()")?;
    writeln!(out, "({}, {})", size(&c), tuple(c.stride()))?;
    python(out, "torch.equal(b, c)")?;
    writeln!(out, "{}", if b.equal(&c) { "True" } else { "False" })?;

    section(
        out,
        "a view needs compatible strides; contiguous() copies when it must",
    )?;
    python(out, "p = torch.zeros(5, 4, 3, 2).permute(0, 2, 3, 1)")?;
    let p = Tensor::<f32>::zeros(&[5, 4, 3, 2])?.permute(&[0, 2, 3, 1])?;
    python(out, "p.stride(), p.is_contiguous()")?;
    writeln!(
        out,
        "({}, {})",
        tuple(p.stride()),
        if p.is_contiguous() { "True" } else { "False" }
    )?;
    python(out, "p.view(-1, 4)")?;
    match p.view(&[-1, 4]) {
        Ok(v) => writeln!(out, "{}", size(&v)),
        Err(e) => writeln!(out, "RuntimeError: {e}"),
    }?;
    python(out, "p.contiguous().view(-1, 4).size()")?;
    writeln!(out, "{}", size(&p.contiguous()?.view(&[-1, 4])?))?;
    python(out, "x.view(3, 3)")?;
    if let Err(e) = x.view(&[3, 3]) {
        writeln!(out, "RuntimeError: {e}")?;
    }
    python(out, "x.view(-1, -1)")?;
    if let Err(e) = x.view(&[-1, -1]) {
        writeln!(out, "RuntimeError: {e}")?;
    }

    section(
        out,
        "Tensor.view(dtype): the same bytes read as another element type",
    )?;
    python(out, "x = torch.tensor([[0.9482, -0.0310, 1.4999, -0.5316], ...])  # the docs' torch.randn(4, 4)")?;
    let x = Tensor::<f32>::from_vec(
        vec![
            0.9482, -0.0310, 1.4999, -0.5316, -0.1520, 0.7472, 0.5617, -0.8649, -2.4724, -0.0334,
            -0.2976, -0.8499, -0.2109, 1.9913, -0.9607, -0.6123,
        ],
        &[4, 4],
    )?;
    python(out, "x")?;
    writeln!(out, "{x}")?;
    python(out, "x.dtype")?;
    writeln!(out, "{}", x.dtype())?;
    python(out, "y = x.view(torch.int32)")?;
    let y = x.view_dtype::<i32>()?;
    python(out, "y")?;
    writeln!(out, "{y}")?;
    python(out, "y[0, 0] = 1000000000")?;
    y.set(&[0, 0], 1_000_000_000)?;
    python(out, "x")?;
    writeln!(out, "{x}")?;
    python(out, "x.view(torch.cfloat)")?;
    let c = x.view_dtype::<tensor_view::Complex<f32>>()?;
    writeln!(out, "{c}")?;
    python(out, "x.view(torch.cfloat).size()")?;
    writeln!(out, "{}", size(&c))?;
    python(out, "x.view(torch.uint8).size()")?;
    writeln!(out, "{}", size(&x.view_dtype::<u8>()?))?;

    section(
        out,
        "-1 inferred: the 18 elements of torch.arange(18) in every 2-D view",
    )?;
    python(out, "t = torch.arange(18)")?;
    let t = Tensor::<i64>::arange(18);
    for shape in [
        [1, -1],
        [2, -1],
        [3, -1],
        [6, -1],
        [9, -1],
        [18, -1],
        [-1, 1],
        [-1, 2],
        [-1, 3],
        [-1, 6],
        [-1, 9],
        [-1, 18],
    ] {
        let v = t.view(&shape)?;
        writeln!(
            out,
            "t.view{:<10} -> shape {:<8} stride {}",
            tuple(&shape),
            tuple(v.shape()),
            tuple(v.stride())
        )?;
    }

    section(
        out,
        "views share storage: a write through one shows in the other",
    )?;
    python(out, "t = torch.arange(16.).view(4, 4)")?;
    let t = Tensor::<f32>::arange(16).view(&[4, 4])?;
    python(out, "b = t.view(2, 8)")?;
    let b = t.view(&[2, 8])?;
    python(
        out,
        "t.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()",
    )?;
    writeln!(
        out,
        "{}",
        if t.storage_ptr() == b.storage_ptr() {
            "True"
        } else {
            "False"
        }
    )?;
    python(out, "b[0][0] = 3.14")?;
    b.set(&[0, 0], 3.14)?; // the docs' value, not an approximation of pi
    python(out, "t[0][0]")?;
    writeln!(out, "{}", t.select(0, 0)?.select(0, 0)?)?;

    section(
        out,
        "transpose is a view; contiguous() of a non-contiguous view is a copy",
    )?;
    python(out, "base = torch.tensor([[0, 1], [2, 3]])")?;
    let base = Tensor::<i64>::arange(4).view(&[2, 2])?;
    python(out, "base")?;
    writeln!(out, "{base}")?;
    python(out, "base.is_contiguous()")?;
    writeln!(
        out,
        "{}",
        if base.is_contiguous() {
            "True"
        } else {
            "False"
        }
    )?;
    python(out, "t = base.transpose(0, 1)")?;
    let t = base.transpose(0, 1)?;
    python(out, "t.is_contiguous()")?;
    writeln!(out, "{}", if t.is_contiguous() { "True" } else { "False" })?;
    python(out, "t")?;
    writeln!(out, "{t}")?;
    python(out, "c = t.contiguous()")?;
    let c = t.contiguous()?;
    python(
        out,
        "c.is_contiguous(), c.untyped_storage().data_ptr() == base.untyped_storage().data_ptr()",
    )?;
    writeln!(
        out,
        "({}, {})",
        if c.is_contiguous() { "True" } else { "False" },
        if c.shares_storage(&base) {
            "True"
        } else {
            "False"
        }
    )?;

    section(
        out,
        "Shapes checked while compiling, with a run-time batch and sequence length",
    )?;
    writeln!(out, "dims!(B, T);  // named run-time dims")?;
    writeln!(out, "fn split_heads(q: &Tensor<f32, Shape![B, T, 768]>) -> Tensor<f32, Shape![B, T, 12, 64]> {{")?;
    writeln!(
        out,
        "    view!(q, [B, T, 12, -1])  // -1 is 64, checked by cargo check; no Result"
    )?;
    writeln!(out, "}}")?;
    let (batch, length) = (2, 5);
    let q: Tensor<f32, Tokens> = Tensor::<f32>::zeros(&[batch, length, 768])?.into_static()?;
    let heads = split_heads(&q);
    writeln!(
        out,
        "split_heads(q) for B = {batch}, T = {length}: shape {:?}, strides {:?}",
        heads.shape(),
        heads.stride()
    )?;
    writeln!(
        out,
        "With 10 heads instead of 12, `cargo check` stops at the view:"
    )?;
    writeln!(out, "{WRONG_HEADS_MESSAGE}")?;
    Ok(())
}
