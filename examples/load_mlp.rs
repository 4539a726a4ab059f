//! A two-layer MLP whose weights PyTorch saved, loaded from a
//! `.safetensors` file into typed tensors and run with the crate's ops:
//!
//! ```python
//! model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
//! save_file({"fc1.weight": ..., "fc1.bias": ..., "fc2.weight": ...,
//!            "fc2.bias": ..., "input": x}, "mlp.safetensors")
//! print(model(x))
//! ```
//!
//! `tools/weights/weights.py` wrote `tests/weights/mlp.safetensors` and
//! PyTorch's output `tests/weights/mlp_expected.json`; this prints the
//! same text as PyTorch's `print(model(x))`. Each layer is the crate's
//! typed `Linear<f32, I, O>`, its weight loaded as the shape the model
//! states (`(D<16>, D<8>)`, `nn.Linear`'s `[out, in]`), so a file with
//! another shape fails at load time, naming the weight; the batch of inputs
//! is `(B, D<8>)` for any batch size `B`, and the forward pass is checked
//! while compiling (no `Result`).
//!
//! Run with `cargo run --example load_mlp`.

use tensor_view::io::SafetensorsFile;
use tensor_view::typed::layers::Linear;
use tensor_view::{dims, Tensor, D};

dims!(pub B);

/// A batch of inputs.
pub type Input = (B, D<8>);
/// The model's outputs for a batch.
pub type Output = (B, D<4>);

/// `nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))`.
pub struct Mlp {
    fc1: Linear<f32, 8, 16>,
    fc2: Linear<f32, 16, 4>,
}

/// Any error of loading or running the model.
pub type Error = Box<dyn std::error::Error>;

/// The `nn.Linear(I, O)` named `name`: weight `[O, I]` and bias `[O]`,
/// each checked against its shape as it loads.
fn linear<const I: usize, const O: usize>(
    file: &SafetensorsFile,
    name: &str,
) -> Result<Linear<f32, I, O>, Error> {
    let weight: Tensor<f32, (D<O>, D<I>)> = file.get(&format!("{name}.weight"))?;
    Ok(Linear::new(
        weight,
        Some(file.get(&format!("{name}.bias"))?),
    ))
}

impl Mlp {
    /// The layers PyTorch's state dict names.
    pub fn load(file: &SafetensorsFile) -> Result<Mlp, Error> {
        Ok(Mlp {
            fc1: linear(file, "fc1")?,
            fc2: linear(file, "fc2")?,
        })
    }

    /// `fc2(relu(fc1(x)))`.
    pub fn forward(&self, x: &Tensor<f32, Input>) -> Tensor<f32, Output> {
        self.fc2.forward(&self.fc1.forward(x).relu())
    }
}

/// Loads the model and its input from the file at `path` and runs it.
pub fn run(path: &std::path::Path) -> Result<Tensor<f32, Output>, Error> {
    let file = SafetensorsFile::open(path)?;
    let model = Mlp::load(&file)?;
    let input: Tensor<f32, Input> = file.get("input")?;
    Ok(model.forward(&input))
}

/// The file tools/weights/weights.py wrote.
pub fn weights_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/weights/mlp.safetensors")
}

#[allow(dead_code)] // run by `cargo run --example`, not by the test that includes this file
fn main() -> Result<(), Error> {
    let out = run(&weights_path())?;
    println!("{out}");
    Ok(())
}
