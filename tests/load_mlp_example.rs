//! `examples/load_mlp.rs` loads the MLP PyTorch saved and prints what
//! PyTorch printed (`tests/weights/mlp_expected.json`, written by
//! tools/weights/weights.py), with the very same values.

#[path = "../examples/load_mlp.rs"]
mod load_mlp;

use serde_json::Value;
use tensor_view::io::{SafetensorsFile, SafetensorsWriter};
use tensor_view::Tensor;

fn expected() -> Value {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/weights/mlp_expected.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_mlp_prints_what_pytorch_printed() {
    let out = load_mlp::run(&load_mlp::weights_path()).unwrap();
    let want = expected();
    assert_eq!(out.to_string(), want["printed"].as_str().unwrap());
    let shape: Vec<usize> = serde_json::from_value(want["shape"].clone()).unwrap();
    assert_eq!(out.shape(), shape.as_slice());
    // The weights are multiples of 1/8, so every sum is exact: equal, not close.
    let values: Vec<f32> = serde_json::from_value(want["values"].clone()).unwrap();
    assert_eq!(out.to_vec(), values);
}

#[test]
fn a_weight_of_another_shape_fails_at_load_naming_it() {
    let file = SafetensorsFile::open(load_mlp::weights_path()).unwrap();
    let mut out = SafetensorsWriter::new();
    for name in file.names() {
        let t: Tensor<f32> = file.get(&name).unwrap();
        let t = if name == "fc2.weight" {
            t.t().unwrap()
        } else {
            t
        };
        out.add(&name, &t).unwrap();
    }
    let swapped = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    let e = load_mlp::Mlp::load(&swapped).err().unwrap();
    assert_eq!(
        e.to_string(),
        "fc2.weight: expected shape [4, 16], but the file holds [16, 4]"
    );
}
