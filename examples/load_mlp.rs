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
//! same text as PyTorch's `print(model(x))`. Each weight is loaded as the
//! shape the model states (`Shape![16, 8]`), so a file with another shape
//! fails at load time, naming the weight; the batch of inputs is
//! `Shape![B, 8]` for any batch size `B`.
//!
//! Run with `cargo run --example load_mlp`.

use tensor_view::io::SafetensorsFile;
use tensor_view::{dims, Shape, Tensor};

dims!(pub B);

/// A batch of inputs.
pub type Input = Shape![B, 8];
/// The model's outputs for a batch.
pub type Output = Shape![B, 4];

/// The first layer's weight: 16 outputs of 8 inputs, as `nn.Linear` keeps it.
type Fc1Weight = Shape![16, 8];
/// The first layer's bias.
type Fc1Bias = Shape![16];
/// The second layer's weight.
type Fc2Weight = Shape![4, 16];
/// The second layer's bias.
type Fc2Bias = Shape![4];

/// `nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))`.
pub struct Mlp {
    fc1_weight: Tensor<f32, Fc1Weight>,
    fc1_bias: Tensor<f32, Fc1Bias>,
    fc2_weight: Tensor<f32, Fc2Weight>,
    fc2_bias: Tensor<f32, Fc2Bias>,
}

/// Any error of loading or running the model.
pub type Error = Box<dyn std::error::Error>;

impl Mlp {
    /// The weights PyTorch's state dict names, each checked against its shape.
    pub fn load(file: &SafetensorsFile) -> Result<Mlp, Error> {
        Ok(Mlp {
            fc1_weight: file.get("fc1.weight")?,
            fc1_bias: file.get("fc1.bias")?,
            fc2_weight: file.get("fc2.weight")?,
            fc2_bias: file.get("fc2.bias")?,
        })
    }

    /// `relu(x @ fc1.weight.T + fc1.bias) @ fc2.weight.T + fc2.bias`.
    pub fn forward(&self, x: &Tensor<f32, Input>) -> Result<Tensor<f32, Output>, Error> {
        let hidden = linear(x.clone().into_dyn(), &self.fc1_weight, &self.fc1_bias)?;
        let hidden = hidden.map(|v| v.max(0.0));
        let out = linear(hidden, &self.fc2_weight, &self.fc2_bias)?;
        Ok(out.into_static()?)
    }
}

/// `nn.Linear`: `x @ weight.T + bias`, the bias broadcast over the rows.
fn linear<S, B>(
    x: Tensor<f32>,
    weight: &Tensor<f32, S>,
    bias: &Tensor<f32, B>,
) -> Result<Tensor<f32>, Error> {
    let weight_t = weight.clone().into_dyn().t()?;
    let bias = bias.clone().into_dyn();
    Ok(x.matmul(&weight_t)?.zip_map(&bias, |a, b| a + b)?)
}

/// Loads the model and its input from the file at `path` and runs it.
pub fn run(path: &std::path::Path) -> Result<Tensor<f32, Output>, Error> {
    let file = SafetensorsFile::open(path)?;
    let model = Mlp::load(&file)?;
    let input: Tensor<f32, Input> = file.get("input")?;
    model.forward(&input)
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
