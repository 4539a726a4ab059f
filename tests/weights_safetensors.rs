//! `.safetensors` files in and out, against files PyTorch wrote
//! (tests/weights, written by tools/weights/weights.py) and against
//! truncated, malformed and hostile files built here: each must end in an
//! error, never a panic, and never allocate more than the file's length.

// `Shape![..]` types expand to typenum types clippy finds complex.
#![allow(clippy::type_complexity)]

#[allow(dead_code)] // not every helper of the probe is used here
#[path = "hostile/alloc_probe.rs"]
mod alloc_probe;

use std::path::PathBuf;

use serde_json::Value;
use tensor_view::io::{SafetensorsFile, SafetensorsWriter, WeightsError};
use tensor_view::{bf16, dims, f16, Complex, Shape, Tensor};

#[global_allocator]
static PROBE: alloc_probe::Probe = alloc_probe::Probe;

fn weights_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/weights")
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(weights_dir().join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Calls `$body` with `$t` bound to the element type named `$dtype`
/// (a `torch_name`), for the 14 dtypes safetensors can hold.
macro_rules! with_dtype {
    ($dtype:expr, $t:ident => $body:expr) => {
        match $dtype {
            "bool" => {
                type $t = bool;
                $body
            }
            "uint8" => {
                type $t = u8;
                $body
            }
            "int8" => {
                type $t = i8;
                $body
            }
            "int16" => {
                type $t = i16;
                $body
            }
            "uint16" => {
                type $t = u16;
                $body
            }
            "int32" => {
                type $t = i32;
                $body
            }
            "uint32" => {
                type $t = u32;
                $body
            }
            "int64" => {
                type $t = i64;
                $body
            }
            "uint64" => {
                type $t = u64;
                $body
            }
            "float16" => {
                type $t = f16;
                $body
            }
            "bfloat16" => {
                type $t = bf16;
                $body
            }
            "float32" => {
                type $t = f32;
                $body
            }
            "float64" => {
                type $t = f64;
                $body
            }
            "complex64" => {
                type $t = Complex<f32>;
                $body
            }
            other => panic!("no safetensors dtype {other}"),
        }
    };
}

/// The dtype name, shape and bytes of tensor `name` of `file`, loaded as
/// the element type `dtype` names.
fn load_described(file: &SafetensorsFile, name: &str, dtype: &str) -> Value {
    with_dtype!(dtype, T => {
        let t: Tensor<T> = file.get(name).unwrap();
        serde_json::json!({"dtype": t.dtype().torch_name(), "shape": t.shape(), "hex": hex(&t.to_bytes())})
    })
}

#[test]
fn files_pytorch_wrote_load_with_identical_tensors() {
    let file = SafetensorsFile::open(weights_dir().join("reference.safetensors")).unwrap();
    let manifest = read_json("reference.json");
    let manifest = manifest.as_object().unwrap();
    assert_eq!(manifest.len(), 17);
    let mut names = file.names();
    names.sort();
    assert_eq!(names, manifest.keys().cloned().collect::<Vec<_>>());
    for (name, want) in manifest {
        let got = load_described(&file, name, want["dtype"].as_str().unwrap());
        assert_eq!(&got, want, "{name}");
    }
    assert_eq!(file.metadata("format"), None); // save_file(t) stores no metadata
}

#[test]
fn rewriting_a_pytorch_file_gives_the_same_bytes() {
    let path = weights_dir().join("reference.safetensors");
    let file = SafetensorsFile::open(&path).unwrap();
    let mut out = SafetensorsWriter::new();
    for name in file.names() {
        let (dtype, _) = file.info(&name).unwrap();
        with_dtype!(dtype.unwrap().torch_name(), T => {
            out.add(&name, &file.get::<Tensor<T>>(&name).unwrap()).unwrap();
        });
    }
    assert_eq!(out.to_bytes().unwrap(), std::fs::read(&path).unwrap());
}

/// Each weight is a tensor of its own, as `safetensors.torch.load_file`
/// gives them (checked there: every tensor of reference.safetensors has
/// storage offset 0 and a storage of exactly its own bytes, shared with no
/// other): no weight sees another's bytes or the file's header.
#[test]
fn each_loaded_weight_is_a_tensor_of_its_own() {
    let file = SafetensorsFile::open(weights_dir().join("reference.safetensors")).unwrap();
    for name in file.names() {
        let (dtype, _) = file.info(&name).unwrap();
        with_dtype!(dtype.unwrap().torch_name(), T => {
            let t = file.get::<Tensor<T>>(&name).unwrap();
            assert_eq!(t.storage_offset(), 0, "{name}");
            assert_eq!(t.storage_nbytes(), t.numel() * t.element_size(), "{name}");
        });
    }
    let a: Tensor<f64> = file.get("float64").unwrap();
    let b: Tensor<u8> = file.get("uint8").unwrap();
    assert!(!a.shares_storage(&b));
    let again: Tensor<f64> = file.get("float64").unwrap();
    assert!(!a.shares_storage(&again));
    // as_strided stays inside the weight's own 48 bytes (PyTorch's message).
    let e = a.as_strided(&[7], &[1], Some(0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "setStorage: sizes [7], strides [1], storage offset 0, and itemsize 8 requiring a \
         storage size of 56 are out of bounds for storage of size 48"
    );
}

/// Growing one weight and writing past its old end changes no other
/// weight, neither as loaded nor as the file gives it again.
#[test]
fn writing_a_resized_weight_changes_no_other() {
    let file = SafetensorsFile::open(weights_dir().join("reference.safetensors")).unwrap();
    let names = file.names();
    let values = |file: &SafetensorsFile| -> Vec<String> {
        names
            .iter()
            .map(|n| {
                let (dtype, _) = file.info(n).unwrap();
                with_dtype!(dtype.unwrap().torch_name(), T => {
                    format!("{:?}", file.get::<Tensor<T>>(n).unwrap().to_vec())
                })
            })
            .collect()
    };
    let before = values(&file);
    let other: Tensor<f64> = file.get("float64").unwrap();
    let other_before = other.to_vec();
    let mut first: Tensor<u8> = file.get("uint8").unwrap();
    let numel = first.numel();
    first.resize_(&[numel + 64]).unwrap();
    for i in numel..numel + 64 {
        first.set(&[i as isize], 0xAB).unwrap();
    }
    first.fill(0xCD).unwrap();
    assert_eq!(other.to_vec(), other_before);
    assert_eq!(before, values(&file));
}

/// Adds one tensor of any element type to a writer.
type Adder = Box<dyn Fn(&mut SafetensorsWriter)>;

/// The tensors of tests/weights/from_rust.safetensors: every dtype the
/// format holds, in views that are not contiguous, conjugated or negated.
fn rust_tensors() -> Vec<(&'static str, Adder)> {
    fn add<T: tensor_view::Element, S: 'static>(
        name: &'static str,
        t: Tensor<T, S>,
    ) -> (&'static str, Adder) {
        (
            name,
            Box::new(move |w: &mut SafetensorsWriter| {
                w.add(name, &t).unwrap();
            }),
        )
    }
    let base = Tensor::<f64>::from_fn(24, |i| i as f64 * 1.25 - 7.0);
    let grid = base.view(&[2, 3, 4]).unwrap();
    let z = Tensor::<Complex<f32>>::from_fn(6, |i| Complex::new(i as f32, 1.0 - i as f32));
    vec![
        add("bool", Tensor::<bool>::from_fn(5, |i| i % 2 == 0)),
        add(
            "uint8",
            Tensor::<u8>::from_fn(6, |i| (i * 50) as u8)
                .view(&[2, 3])
                .unwrap(),
        ),
        add("int8", Tensor::<i8>::from_fn(4, |i| -(i as i8) * 40)),
        add("int16", Tensor::<i16>::from_fn(4, |i| i as i16 * -9000)),
        add("uint16", Tensor::<u16>::from_fn(3, |i| 65535 - i as u16)),
        add("int32", Tensor::<i32>::from_fn(3, |i| i32::MIN + i as i32)),
        add("uint32", Tensor::<u32>::from_fn(3, |i| u32::MAX - i as u32)),
        add("int64", Tensor::<i64>::from_fn(3, |i| i64::MIN + i as i64)),
        add("uint64", Tensor::<u64>::from_fn(3, |i| u64::MAX - i as u64)),
        add(
            "float16",
            Tensor::<f16>::from_fn(3, |i| f16::from_f32(i as f32 / 3.0)),
        ),
        add(
            "bfloat16",
            Tensor::<bf16>::from_fn(3, |i| bf16::from_f32(-(i as f32) / 3.0)),
        ),
        add("float32", Tensor::<f32>::from_fn(4, |i| 0.1 * i as f32)),
        add("float64_permuted", grid.permute(&[2, 0, 1]).unwrap()),
        add(
            "float64_strided",
            grid.transpose(0, 2).unwrap().narrow(0, 1, 2).unwrap(),
        ),
        add(
            "float64_expanded",
            Tensor::<f64>::arange(3).expand(&[2, 3]).unwrap(),
        ),
        add("float64_scalar", Tensor::<f64>::scalar(-0.5)),
        add("float64_empty", Tensor::<f64>::zeros(&[3, 0]).unwrap()),
        add("complex64_conj", z.conj()),
        add(
            "complex64_transposed",
            z.view(&[2, 3]).unwrap().t().unwrap(),
        ),
        add("float32_typed", Tensor::<f32, Shape![2, 2]>::full(2.5)),
    ]
}

#[test]
fn files_written_here_are_the_checked_in_ones() {
    let mut out = SafetensorsWriter::new();
    let mut manifest = serde_json::Map::new();
    for (name, add) in rust_tensors() {
        add(&mut out);
        let mut one = SafetensorsWriter::new();
        add(&mut one);
        let file = SafetensorsFile::from_bytes(&one.to_bytes().unwrap()).unwrap();
        let dtype = file.info(name).unwrap().0.unwrap().torch_name();
        manifest.insert(name.to_owned(), load_described(&file, name, dtype));
    }
    let bytes = out.to_bytes().unwrap();
    let manifest = serde_json::to_string_pretty(&Value::Object(manifest)).unwrap() + "\n";
    let file_path = weights_dir().join("from_rust.safetensors");
    let manifest_path = weights_dir().join("from_rust.json");
    if std::env::var_os("WEIGHTS_REGENERATE").is_some() {
        std::fs::write(&file_path, &bytes).unwrap();
        std::fs::write(&manifest_path, &manifest).unwrap();
    }
    // tools/weights/weights.py verify checked these two files with PyTorch.
    assert_eq!(bytes, std::fs::read(&file_path).unwrap());
    assert_eq!(manifest, std::fs::read_to_string(&manifest_path).unwrap());
}

#[test]
fn non_contiguous_views_are_written_in_logical_order() {
    let grid = Tensor::<f64>::arange(24).view(&[2, 3, 4]).unwrap();
    let p = grid.permute(&[2, 0, 1]).unwrap();
    let mut out = SafetensorsWriter::new();
    out.add("p", &p).unwrap();
    let file = SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap();
    let back: Tensor<f64, Shape![4, 2, 3]> = file.get("p").unwrap();
    assert!(back.into_dyn().equal(&p));
}

fn file_with_mlp_weight() -> SafetensorsFile {
    let mut out = SafetensorsWriter::new();
    let w = Tensor::<f32>::zeros(&[3072, 768]).unwrap();
    out.add("h.0.mlp.c_fc.weight", &w).unwrap();
    SafetensorsFile::from_bytes(&out.to_bytes().unwrap()).unwrap()
}

#[test]
fn typed_loads_check_the_shape_and_name_the_tensor() {
    let file = file_with_mlp_weight();
    let e = file
        .get::<Tensor<f32, Shape![768, 3072]>>("h.0.mlp.c_fc.weight")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.0.mlp.c_fc.weight: expected shape [768, 3072], but the file holds [3072, 768]"
    );
    assert!(matches!(e, WeightsError::WrongShape { .. }));
    let w: Tensor<f32, Shape![3072, 768]> = file.get("h.0.mlp.c_fc.weight").unwrap();
    assert_eq!(w.stride(), &[768, 1]);

    dims!(B);
    let e = file
        .get::<Tensor<f32, Shape![B, 3072]>>("h.0.mlp.c_fc.weight")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.0.mlp.c_fc.weight: expected shape [B, 3072], but the file holds [3072, 768]"
    );
    let e = file
        .get::<Tensor<f32, Shape![768]>>("h.0.mlp.c_fc.weight")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.0.mlp.c_fc.weight: expected shape [768], but the file holds [3072, 768]"
    );
    let w: Tensor<f32, Shape![B, 768]> = file.get("h.0.mlp.c_fc.weight").unwrap();
    assert_eq!(w.shape(), &[3072, 768]);
}

#[test]
fn wrong_dtypes_and_missing_names_name_the_tensor() {
    let file = file_with_mlp_weight();
    let e = file
        .get::<Tensor<bf16, Shape![3072, 768]>>("h.0.mlp.c_fc.weight")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.0.mlp.c_fc.weight: expected dtype torch.bfloat16, but the file holds torch.float32"
    );
    let e = file
        .get::<Tensor<f32>>("h.0.mlp.c_proj.weight")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "h.0.mlp.c_proj.weight: the file holds no tensor of this name"
    );
    let e = file.info("nope").unwrap_err();
    assert!(matches!(e, WeightsError::Missing { .. }));
}

#[test]
fn the_two_complex_dtypes_the_format_lacks_are_refused_when_written() {
    let mut out = SafetensorsWriter::new();
    let e = out
        .add("z", &Tensor::<Complex<f16>>::zeros(&[1]).unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "z: safetensors files cannot hold dtype torch.complex32"
    );
    assert!(out
        .add("z", &Tensor::<Complex<f64>>::zeros(&[1]).unwrap())
        .is_err());
}

/// A file from a header written by hand and the data after it.
fn hand_made(header: &str, data: &[u8]) -> Vec<u8> {
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend_from_slice(header.as_bytes());
    bytes.extend_from_slice(data);
    bytes
}

#[test]
fn tensors_that_start_off_their_alignment_are_copied() {
    // "b" starts one byte into the data, which starts 8-aligned: not f32-aligned.
    let mut header =
        r#"{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]},"b":{"dtype":"F32","shape":[2],"data_offsets":[1,9]}}"#
            .to_owned();
    while !(8 + header.len()).is_multiple_of(8) {
        header.push(' '); // JSON allows trailing spaces; the data starts 8-aligned
    }
    let mut data = vec![7u8];
    data.extend_from_slice(&1.5f32.to_le_bytes());
    data.extend_from_slice(&(-2.0f32).to_le_bytes());
    let file = SafetensorsFile::from_bytes(&hand_made(&header, &data)).unwrap();
    let a: Tensor<u8> = file.get("a").unwrap();
    let b: Tensor<f32, Shape![2]> = file.get("b").unwrap();
    assert_eq!(a.to_vec(), vec![7]);
    assert_eq!(b.to_vec(), vec![1.5, -2.0]);
    assert!(!b.into_dyn().shares_storage(&a));
}

#[test]
fn float8_tensors_are_a_wrong_dtype_naming_the_files_dtype() {
    let header = r#"{"f8":{"dtype":"F8_E4M3","shape":[2],"data_offsets":[0,2]}}"#;
    let file = SafetensorsFile::from_bytes(&hand_made(header, &[1, 2])).unwrap();
    let e = file.get::<Tensor<u8>>("f8").unwrap_err().to_string();
    assert!(
        e.starts_with("f8: expected dtype torch.uint8, but the file holds F8_E4M3"),
        "{e}"
    );
}

/// Files that are not valid safetensors files, each built here.
fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    let f32_header = |offsets: &str, shape: &str| {
        format!(r#"{{"x":{{"dtype":"F32","shape":{shape},"data_offsets":{offsets}}}}}"#)
    };
    let mut huge_len = u64::MAX.to_le_bytes().to_vec();
    huge_len.extend_from_slice(b"{}");
    let mut claims_a_terabyte = (1u64 << 40).to_le_bytes().to_vec();
    claims_a_terabyte.extend_from_slice(b"{}");
    let mut not_utf8 = 2u64.to_le_bytes().to_vec();
    not_utf8.extend_from_slice(&[0xff, 0xfe]);
    let mut claims_more_than_it_has = 100u64.to_le_bytes().to_vec();
    claims_more_than_it_has.extend_from_slice(b"{}");
    vec![
        ("empty", vec![]),
        ("shorter than the length", vec![1, 0, 0]),
        ("header length u64::MAX", huge_len),
        ("header length 2^40", claims_a_terabyte),
        ("header longer than the file", claims_more_than_it_has),
        ("header not UTF-8", not_utf8),
        ("header not JSON", hand_made("{\"x\": [", &[])),
        ("header a JSON list", hand_made("[1, 2]", &[])),
        (
            "offsets past the end",
            hand_made(&f32_header("[0, 8]", "[2]"), &[0; 4]),
        ),
        (
            "offsets reversed",
            hand_made(&f32_header("[8, 0]", "[2]"), &[0; 8]),
        ),
        (
            "offsets not from 0",
            hand_made(&f32_header("[4, 12]", "[2]"), &[0; 12]),
        ),
        (
            "shape too big for its bytes",
            hand_made(&f32_header("[0, 8]", "[3]"), &[0; 8]),
        ),
        (
            "shape product overflows",
            hand_made(
                &f32_header("[0, 8]", "[4294967296, 4294967296, 16]"),
                &[0; 8],
            ),
        ),
        (
            "negative dim",
            hand_made(&f32_header("[0, 8]", "[-2]"), &[0; 8]),
        ),
        (
            "offset beyond usize",
            hand_made(&f32_header("[0, 18446744073709551616]", "[2]"), &[0; 8]),
        ),
        (
            "unknown dtype",
            hand_made(
                r#"{"x":{"dtype":"F128","shape":[1],"data_offsets":[0,16]}}"#,
                &[0; 16],
            ),
        ),
        (
            "trailing bytes",
            hand_made(&f32_header("[0, 8]", "[2]"), &[0; 9]),
        ),
        (
            "overlapping tensors",
            hand_made(
                r#"{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},"b":{"dtype":"U8","shape":[2],"data_offsets":[1,3]}}"#,
                &[0; 3],
            ),
        ),
        (
            "metadata not strings",
            hand_made(r#"{"__metadata__":{"a":[1]}}"#, &[]),
        ),
    ]
}

/// `bytes` read as a file, in memory and from disk: an error (checked
/// with `check`), with no single allocation beyond the file's length.
fn assert_refused(label: &str, bytes: &[u8]) {
    let limit = bytes.len() + alloc_probe::SMALL;
    let (r, largest) = alloc_probe::largest_allocation(|| SafetensorsFile::from_bytes(bytes));
    let e = r.expect_err(label);
    assert!(matches!(e, WeightsError::Malformed { .. }), "{label}: {e}");
    assert!(largest <= limit, "{label}: allocated {largest} bytes");

    let path = std::env::temp_dir().join(format!(
        "tensor_view_hostile_{}_{}.safetensors",
        std::process::id(),
        label.replace(' ', "_")
    ));
    std::fs::write(&path, bytes).unwrap();
    let (r, largest) = alloc_probe::largest_allocation(|| SafetensorsFile::open(&path));
    std::fs::remove_file(&path).unwrap();
    let e = r.expect_err(label);
    assert!(
        e.to_string().starts_with("not a valid safetensors file: "),
        "{label}: {e}"
    );
    assert!(
        largest <= limit,
        "{label}: allocated {largest} bytes from disk"
    );
}

#[test]
fn malformed_and_hostile_files_are_errors_without_big_allocations() {
    for (label, bytes) in hostile_files() {
        assert_refused(label, &bytes);
    }
}

#[test]
fn every_truncation_of_a_valid_file_is_an_error() {
    let valid = std::fs::read(weights_dir().join("reference.safetensors")).unwrap();
    for len in 0..valid.len() {
        let (r, largest) =
            alloc_probe::largest_allocation(|| SafetensorsFile::from_bytes(&valid[..len]));
        assert!(r.is_err(), "truncated to {len} bytes");
        assert!(largest <= len + alloc_probe::SMALL);
    }
}

#[test]
fn flipped_bytes_never_panic_and_loads_stay_in_bounds() {
    let valid = std::fs::read(weights_dir().join("reference.safetensors")).unwrap();
    let header_end = 8 + u64::from_le_bytes(valid[..8].try_into().unwrap()) as usize;
    for i in 0..header_end {
        for flip in [0x01u8, 0x20, 0x80] {
            let mut bytes = valid.clone();
            bytes[i] ^= flip;
            let Ok(file) = SafetensorsFile::from_bytes(&bytes) else {
                continue;
            };
            // A header still valid after the flip: every tensor loads or is refused.
            for name in file.names() {
                if let (Some(dtype), _) = file.info(&name).unwrap() {
                    let _ = with_dtype!(dtype.torch_name(), T => file.get::<Tensor<T>>(&name).map(|t| t.to_bytes()));
                }
            }
        }
    }
}
