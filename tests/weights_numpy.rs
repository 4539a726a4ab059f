//! `.npy` and `.npz` files in and out, against files numpy wrote
//! (tests/weights, written by tools/weights/weights.py: every numpy dtype,
//! column-major and big-endian arrays, `savez` and `savez_compressed`) and
//! against truncated, malformed and hostile files built here: each must
//! end in an error, never a panic, never a big allocation.

// `Shape![..]` types expand to typenum types clippy finds complex.
#![allow(clippy::type_complexity)]

#[allow(dead_code)] // not every helper of the probe is used here
#[path = "hostile/alloc_probe.rs"]
mod alloc_probe;

use std::path::PathBuf;

use serde_json::Value;
use tensor_view::io::{
    npy_bytes, npy_from_bytes, read_npy, write_npy, NpzFile, NpzWriter, WeightsError,
};
use tensor_view::{dims, f16, Complex, Shape, Tensor};

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

fn describe<T: tensor_view::Element>(t: &Tensor<T>) -> Value {
    serde_json::json!({"dtype": t.dtype().torch_name(), "shape": t.shape(), "hex": hex(&t.to_bytes())})
}

/// Calls `$body` with `$t` bound to the element type named `$dtype`, for
/// the 14 dtypes numpy has.
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
            "complex128" => {
                type $t = Complex<f64>;
                $body
            }
            other => panic!("no numpy dtype {other}"),
        }
    };
}

fn load_from_npz(npz: &mut NpzFile, name: &str, dtype: &str) -> Value {
    with_dtype!(dtype, T => describe(&npz.get::<Tensor<T>>(name).unwrap()))
}

#[test]
fn archives_numpy_wrote_load_with_identical_arrays() {
    let manifest = read_json("numpy.json");
    for archive in ["numpy_savez.npz", "numpy_compressed.npz"] {
        let mut npz = NpzFile::open(weights_dir().join(archive)).unwrap();
        let mut names = npz.names();
        names.sort();
        assert_eq!(names.len(), 20, "{archive}");
        for name in names {
            let want = &manifest[&name];
            let got = load_from_npz(&mut npz, &name, want["dtype"].as_str().unwrap());
            assert_eq!(&got, want, "{archive}: {name}");
        }
    }
}

/// Each array of an archive is a tensor of its own (as numpy and
/// `torch.from_numpy` give them): storage offset 0, a storage of exactly
/// its own bytes, shared with no other array nor a second load.
#[test]
fn each_array_of_an_archive_is_a_tensor_of_its_own() {
    let manifest = read_json("numpy.json");
    for archive in ["numpy_savez.npz", "numpy_compressed.npz"] {
        let mut npz = NpzFile::open(weights_dir().join(archive)).unwrap();
        let mut loaded: Vec<Tensor<u8>> = Vec::new();
        for name in npz.names() {
            let dtype = manifest[&name]["dtype"].as_str().unwrap();
            with_dtype!(dtype, T => {
                let t = npz.get::<Tensor<T>>(&name).unwrap();
                assert_eq!(t.storage_offset(), 0, "{archive}: {name}");
                assert_eq!(t.storage_nbytes(), t.numel() * t.element_size(), "{archive}: {name}");
                let again = npz.get::<Tensor<T>>(&name).unwrap();
                assert!(t.numel() == 0 || !t.shares_storage(&again), "{archive}: {name}");
                if t.numel() > 0 {
                    for other in &loaded {
                        assert!(!t.shares_storage(other), "{archive}: {name}");
                    }
                    // A byte view of its first element, to compare storages across dtypes.
                    loaded.push(t.as_strided(&[1], &[1], 0).unwrap().view_dtype::<u8>().unwrap());
                }
            });
        }
    }
}

#[test]
fn npy_files_numpy_wrote_load_and_write_back_identically() {
    let manifest = read_json("numpy.json");
    let path = weights_dir().join("c_order.npy");
    let x: Tensor<f32> = read_npy(&path).unwrap();
    assert_eq!(describe(&x), manifest["c_order"]);
    assert_eq!(npy_bytes(&x).unwrap(), std::fs::read(&path).unwrap());

    // column-major and big-endian at once, loaded into a typed tensor
    let y: Tensor<f64, Shape![3, 4]> =
        read_npy(weights_dir().join("fortran_big_endian.npy")).unwrap();
    assert_eq!(y.stride(), &[4, 1]);
    assert_eq!(describe(&y.into_dyn()), manifest["fortran_big_endian"]);
}

#[test]
fn files_written_here_are_the_checked_in_ones() {
    let grid = Tensor::<f64>::from_fn(24, |i| i as f64 * 0.75 - 3.0)
        .view(&[2, 3, 4])
        .unwrap();
    let z = Tensor::<Complex<f64>>::from_fn(6, |i| Complex::new(i as f64, -(i as f64) / 4.0));
    let mut out = NpzWriter::new();
    let mut manifest = serde_json::Map::new();
    macro_rules! add {
        ($name:expr, $t:expr) => {{
            let t = $t;
            out.add($name, &t).unwrap();
            manifest.insert($name.to_owned(), describe(&t.contiguous().unwrap()));
        }};
    }
    add!("bool", Tensor::<bool>::from_fn(5, |i| i % 3 == 0));
    add!("int8", Tensor::<i8>::from_fn(4, |i| -(i as i8) * 40));
    add!("uint16", Tensor::<u16>::from_fn(3, |i| 65535 - i as u16));
    add!("int64", Tensor::<i64>::from_fn(3, |i| i64::MIN + i as i64));
    add!("uint64", Tensor::<u64>::from_fn(3, |i| u64::MAX - i as u64));
    add!(
        "float16",
        Tensor::<f16>::from_fn(3, |i| f16::from_f32(i as f32 / 3.0))
    );
    add!("float64_permuted", grid.permute(&[2, 0, 1]).unwrap());
    add!(
        "float64_expanded",
        Tensor::<f64>::arange(3).expand(&[2, 3]).unwrap()
    );
    add!("float64_scalar", Tensor::<f64>::scalar(-0.5));
    add!("float64_empty", Tensor::<f64>::zeros(&[3, 0]).unwrap());
    add!(
        "complex128_conj_transposed",
        z.view(&[2, 3]).unwrap().t().unwrap().conj()
    );
    let bytes = out.to_bytes().unwrap();
    let manifest = serde_json::to_string_pretty(&Value::Object(manifest)).unwrap() + "\n";
    let file_path = weights_dir().join("from_rust.npz");
    let manifest_path = weights_dir().join("from_rust_npz.json");
    if std::env::var_os("WEIGHTS_REGENERATE").is_some() {
        std::fs::write(&file_path, &bytes).unwrap();
        std::fs::write(&manifest_path, &manifest).unwrap();
    }
    // tools/weights/weights.py verify checked these two files with numpy.
    assert_eq!(bytes, std::fs::read(&file_path).unwrap());
    assert_eq!(manifest, std::fs::read_to_string(&manifest_path).unwrap());
    // and they load back here as written
    let mut npz = NpzFile::from_bytes(bytes).unwrap();
    let back: Tensor<Complex<f64>, Shape![3, 2]> = npz.get("complex128_conj_transposed").unwrap();
    assert!(back
        .into_dyn()
        .equal(&z.view(&[2, 3]).unwrap().t().unwrap().conj()));
}

#[test]
fn typed_loads_check_dtype_and_shape_naming_the_array() {
    let path = std::env::temp_dir().join(format!("tensor_view_typed_{}.npy", std::process::id()));
    write_npy(&path, &Tensor::<f32>::zeros(&[3072, 768]).unwrap()).unwrap();
    let shown = path.display().to_string();
    let e = read_npy::<Tensor<f32, Shape![768, 3072]>>(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{shown}: expected shape [768, 3072], but the file holds [3072, 768]")
    );
    dims!(B);
    let w: Tensor<f32, Shape![B, 768]> = read_npy(&path).unwrap();
    assert_eq!(w.shape(), &[3072, 768]);
    let e = read_npy::<Tensor<f16>>(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{shown}: expected dtype torch.float16, but the file holds torch.float32")
    );
    std::fs::remove_file(&path).unwrap();

    let mut npz = NpzFile::open(weights_dir().join("numpy_savez.npz")).unwrap();
    let e = npz
        .get::<Tensor<i32, Shape![3, 2]>>("big_endian_i32")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "big_endian_i32: expected shape [3, 2], but the file holds [2, 3]"
    );
    let e = npz.get::<Tensor<i32>>("arr_0").unwrap_err();
    assert!(matches!(e, WeightsError::Missing { .. }));
}

/// A `.npy` file from a header written by hand and the data after it.
fn npy(version: u8, header: &str, data: &[u8]) -> Vec<u8> {
    let mut bytes = b"\x93NUMPY".to_vec();
    bytes.extend_from_slice(&[version, 0]);
    match version {
        1 => bytes.extend_from_slice(&(header.len() as u16).to_le_bytes()),
        _ => bytes.extend_from_slice(&(header.len() as u32).to_le_bytes()),
    }
    bytes.extend_from_slice(header.as_bytes());
    bytes.extend_from_slice(data);
    bytes
}

fn hostile_npy_files() -> Vec<(&'static str, Vec<u8>)> {
    let f4 =
        |shape: &str| format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}\n");
    let mut huge_header = b"\x93NUMPY\x02\x00".to_vec();
    huge_header.extend_from_slice(&u32::MAX.to_le_bytes());
    let mut header_past_end = b"\x93NUMPY\x01\x00".to_vec();
    header_past_end.extend_from_slice(&9000u16.to_le_bytes());
    header_past_end.extend_from_slice(b"{'descr'");
    vec![
        ("empty", vec![]),
        ("no magic", b"PK\x03\x04 not numpy at all".to_vec()),
        ("version 9", npy(9, &f4("(1,)"), &[0; 4])),
        ("header length u32::MAX", huge_header),
        ("header past the end", header_past_end),
        ("header not UTF-8", npy(1, "\u{ff}", &[])),
        ("header not a dict", npy(1, "['descr', '<f4']\n", &[])),
        (
            "structured dtype",
            npy(
                1,
                "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }\n",
                &[0; 4],
            ),
        ),
        (
            "object dtype",
            npy(
                1,
                "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }\n",
                &[0; 8],
            ),
        ),
        ("data shorter than the shape", npy(1, &f4("(3,)"), &[0; 8])),
        ("data longer than the shape", npy(1, &f4("(1,)"), &[0; 8])),
        (
            "shape product overflows",
            npy(1, &f4("(4294967296, 4294967296, 4)"), &[0; 4]),
        ),
        (
            "shape of a terabyte",
            npy(2, &f4("(1099511627776,)"), &[0; 4]),
        ),
        ("negative dim", npy(1, &f4("(-1,)"), &[0; 4])),
        (
            "missing shape",
            npy(1, "{'descr': '<f4', 'fortran_order': False}\n", &[0; 4]),
        ),
    ]
}

#[test]
fn malformed_and_hostile_npy_files_are_errors_without_big_allocations() {
    for (label, bytes) in hostile_npy_files() {
        let (r, largest) =
            alloc_probe::largest_allocation(|| npy_from_bytes::<Tensor<f32>>(&bytes));
        let e = r.expect_err(label);
        assert!(
            e.to_string().starts_with("not a valid npy file: "),
            "{label}: {e}"
        );
        assert!(
            largest <= bytes.len() + alloc_probe::SMALL,
            "{label}: allocated {largest}"
        );
    }
}

#[test]
fn every_truncation_of_a_valid_npy_file_is_an_error() {
    let valid = std::fs::read(weights_dir().join("fortran_big_endian.npy")).unwrap();
    for len in 0..valid.len() {
        let (r, largest) =
            alloc_probe::largest_allocation(|| npy_from_bytes::<Tensor<f64>>(&valid[..len]));
        assert!(r.is_err(), "truncated to {len} bytes");
        assert!(
            largest <= len + alloc_probe::SMALL,
            "truncated to {len}: allocated {largest}"
        );
    }
    assert!(npy_from_bytes::<Tensor<f64>>(&valid).is_ok());
}

#[test]
fn flipped_bytes_of_an_archive_never_panic_nor_allocate_much() {
    let valid = std::fs::read(weights_dir().join("numpy_compressed.npz")).unwrap();
    let limit = valid.len() + (1 << 20);
    for i in 0..valid.len() {
        let mut bytes = valid.clone();
        bytes[i] ^= 0x5a;
        let ((), largest) = alloc_probe::largest_allocation(|| {
            let Ok(mut npz) = NpzFile::from_bytes(bytes) else {
                return;
            };
            for name in npz.names() {
                let _ = npz.get::<Tensor<f64>>(&name);
                let _ = npz.get::<Tensor<u8>>(&name);
            }
        });
        assert!(largest <= limit, "byte {i} flipped: allocated {largest}");
    }
    for len in (0..valid.len()).step_by(7) {
        assert!(
            NpzFile::from_bytes(valid[..len].to_vec()).is_err(),
            "truncated to {len}"
        );
    }
}

/// A zip archive of one uncompressed entry, written by hand so that the
/// sizes it declares can lie (both say `declared` bytes).
fn stored_zip(name: &str, data: &[u8], declared: u32) -> Vec<u8> {
    let u16le = |v: u16| v.to_le_bytes();
    let u32le = |v: u32| v.to_le_bytes();
    let mut out = Vec::new();
    // local file header
    out.extend_from_slice(&u32le(0x0403_4b50));
    for v in [20u16, 0, 0, 0, 0x21] {
        out.extend_from_slice(&u16le(v)); // version, flags, stored, time, date
    }
    out.extend_from_slice(&u32le(0)); // crc (never reached: the sizes fail first)
    out.extend_from_slice(&u32le(declared));
    out.extend_from_slice(&u32le(declared));
    out.extend_from_slice(&u16le(name.len() as u16));
    out.extend_from_slice(&u16le(0));
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(data);
    // central directory
    let cd_start = out.len() as u32;
    out.extend_from_slice(&u32le(0x0201_4b50));
    for v in [20u16, 20, 0, 0, 0, 0x21] {
        out.extend_from_slice(&u16le(v));
    }
    out.extend_from_slice(&u32le(0));
    out.extend_from_slice(&u32le(declared));
    out.extend_from_slice(&u32le(declared));
    for v in [name.len() as u16, 0, 0, 0, 0] {
        out.extend_from_slice(&u16le(v)); // name, extra, comment, disk, attrs
    }
    out.extend_from_slice(&u32le(0)); // external attributes
    out.extend_from_slice(&u32le(0)); // local header at 0
    out.extend_from_slice(name.as_bytes());
    let cd_len = out.len() as u32 - cd_start;
    // end of central directory
    out.extend_from_slice(&u32le(0x0605_4b50));
    for v in [0u16, 0, 1, 1] {
        out.extend_from_slice(&u16le(v));
    }
    out.extend_from_slice(&u32le(cd_len));
    out.extend_from_slice(&u32le(cd_start));
    out.extend_from_slice(&u16le(0));
    out
}

#[test]
fn an_archive_claiming_gigabytes_it_lacks_allocates_only_what_is_there() {
    // 500 million f64 (4 GB) claimed by the header and by the zip entry; 8 bytes there.
    let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (500000000,), }\n";
    let entry = npy(1, header, &[0; 8]);
    let declared = (10 + header.len() + 4_000_000_000) as u32;
    let bytes = stored_zip("w.npy", &entry, declared);
    let limit = bytes.len() + alloc_probe::SMALL;
    let (r, largest) = alloc_probe::largest_allocation(|| {
        let mut npz = NpzFile::from_bytes(bytes.clone())?;
        npz.get::<Tensor<f64>>("w")
    });
    let e = r.unwrap_err().to_string();
    // the zip reader reports the entry cut short (its checksum fails)
    assert!(e.starts_with("w: ") || e.starts_with("not a valid"), "{e}");
    assert!(largest <= limit, "allocated {largest} bytes: {e}");
    // the same archive, honest, loads
    let honest = stored_zip(
        "w.npy",
        &npy(1, &header.replace("500000000", "1"), &[0; 8]),
        0,
    );
    assert!(NpzFile::from_bytes(honest).is_ok());
}

#[test]
fn an_archive_claiming_more_entries_than_it_holds_is_an_error() {
    let mut out = NpzWriter::new();
    out.add("x", &Tensor::<u8>::arange(4)).unwrap();
    let valid = out.to_bytes().unwrap();
    let eocd = valid.len() - 22;
    assert_eq!(&valid[eocd..eocd + 4], b"PK\x05\x06");
    for (field, value) in [(8, 0xffffu16), (10, 0xffff), (8, 2), (10, 2)] {
        let mut bytes = valid.clone();
        bytes[eocd + field..eocd + field + 2].copy_from_slice(&value.to_le_bytes());
        let (r, largest) = alloc_probe::largest_allocation(|| NpzFile::from_bytes(bytes));
        assert!(r.is_err(), "entries field {field} = {value}");
        assert!(
            largest <= 1 << 20,
            "entries field {field} = {value}: allocated {largest}"
        );
    }
}
