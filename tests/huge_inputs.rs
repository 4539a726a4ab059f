//! Every public op that returns a `Result` and allocates, run on huge
//! expanded views (2^48 elements over one stored element) and on huge empty
//! tensors: each returns PyTorch's error (its allocator's `can't allocate
//! memory`, `Storage size calculation overflowed`, `Stride calculation
//! overflowed`, `numel: integer multiplication overflow`) or the right empty
//! result at once; none panics, aborts or walks the 2^48 elements.
//!
//! Expected texts and shapes: PyTorch 2.15 on the same calls (the scripts
//! that ran them are quoted beside each group). Where PyTorch's allocator
//! asks for other bytes than ours (it lists int64 positions first for
//! `masked_select`) only the error's kind is compared.
//!
//! Not here: `copy_from` between overlapping views, whose copy of its
//! source is bounded by the destination, which exists (noted in
//! BENCHMARKS.md's section on this work).

use tensor_view::{Complex, Tensor, ViewError};

/// 2^48 elements: 1 PiB of `f32`, more than any address space gives.
const E: usize = 1 << 48;

/// PyTorch's allocator refusing `bytes`.
fn oom(bytes: usize) -> String {
    format!(
        "[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate {bytes} bytes. Error code 12 (Cannot allocate memory)"
    )
}

fn text<X: std::fmt::Debug>(r: Result<X, ViewError>) -> String {
    r.unwrap_err().to_string()
}

/// `torch.zeros(1).expand(2**48)`.
fn big() -> Tensor<f32> {
    Tensor::<f32>::zeros(&[1])
        .unwrap()
        .expand(&[E as isize])
        .unwrap()
}

/// `torch.zeros(1, 1).expand(2**48, 2)`.
fn wide() -> Tensor<f32> {
    Tensor::<f32>::zeros(&[1, 1])
        .unwrap()
        .expand(&[E as isize, 2])
        .unwrap()
}

fn idx(v: &[i64]) -> Tensor<i64> {
    Tensor::from_vec(v.to_vec(), &[v.len()]).unwrap()
}

// PyTorch: big + big, big - big, ... -> can't allocate 2**50 bytes
#[test]
fn element_wise_results_of_huge_views_are_allocation_errors() {
    let (big, wide) = (big(), wide());
    let bytes = 4 * E;
    assert_eq!(text(big.add(&big)), oom(bytes));
    assert_eq!(text(big.sub(&big)), oom(bytes));
    assert_eq!(text(big.mul(&big)), oom(bytes));
    assert_eq!(text(big.div(&big)), oom(bytes));
    assert_eq!(text(&big + &big), oom(bytes));
    assert_eq!(text(big.zip_map(&big, |a, b| a + b)), oom(bytes));
    let truth = Tensor::scalar(true);
    assert_eq!(text(big.masked_fill(&truth, 1.0)), oom(bytes));
    assert_eq!(text(Tensor::where_(&truth, &big, &big)), oom(bytes));
    // col + row: [2**48, 2**48] cannot be counted
    let col = Tensor::<f32>::zeros(&[1, 1])
        .unwrap()
        .expand(&[E as isize, 1])
        .unwrap();
    let row = col.t().unwrap();
    assert_eq!(
        text(col.add(&row)),
        format!("Storage size calculation overflowed with sizes=[{E}, {E}]")
    );
    let mask_row = Tensor::<bool>::zeros(&[1, 1])
        .unwrap()
        .expand(&[1, E as isize])
        .unwrap();
    assert_eq!(
        text(col.masked_fill(&mask_row, 1.0)),
        "numel: integer multiplication overflow"
    );
    assert_eq!(
        text(Tensor::where_(
            &mask_row.t().unwrap(),
            &row,
            &Tensor::<f32>::zeros(&[1]).unwrap()
        )),
        "numel: integer multiplication overflow"
    );
    // in place on a view with broadcast dims: refused before anything
    assert!(big.add_(&big).unwrap_err().to_string().starts_with(
        "unsupported operation: more than one element of the written-to tensor refers to a single memory location."
    ));
    assert!(big.exp_().is_err() && big.masked_fill_(&truth, 1.0).is_err());
    drop(wide);
}

// PyTorch: wide.sum(1), wide.mean(1), wide.max(1), wide.min(1), wide.argmax(1)
#[test]
fn reductions_keeping_a_huge_dim_are_allocation_errors() {
    let wide = wide();
    assert_eq!(text(wide.sum(&[1], false)), oom(4 * E));
    assert_eq!(text(wide.mean(&[1], true)), oom(4 * E));
    assert_eq!(text(wide.max(1, false)), oom(4 * E));
    assert_eq!(text(wide.min(1, false)), oom(4 * E));
    assert_eq!(text(wide.argmax(Some(1), false)), oom(8 * E));
    let ints = Tensor::<u8>::zeros(&[1, 1])
        .unwrap()
        .expand(&[E as isize, 2])
        .unwrap();
    assert_eq!(text(ints.sum(&[1], false)), oom(8 * E)); // int64 sums
}

// PyTorch: big.softmax(0), wide.softmax(0), wide.log_softmax(1), ...
// -> can't allocate 2**50 (or 2**51) bytes, the result's
#[test]
fn softmax_of_huge_views_is_an_allocation_error() {
    let (big, wide) = (big(), wide());
    assert_eq!(text(big.softmax(0)), oom(4 * E));
    assert_eq!(text(big.log_softmax(-1)), oom(4 * E));
    for dim in [0, 1] {
        assert_eq!(text(wide.softmax(dim)), oom(8 * E));
        assert_eq!(text(wide.log_softmax(dim)), oom(8 * E));
    }
}

// PyTorch: cat, stack, contiguous, reshape, flatten, resolve_conj/neg,
// matmul of huge views
#[test]
fn copies_and_products_of_huge_views_are_allocation_errors() {
    let (big, wide) = (big(), wide());
    assert_eq!(text(Tensor::cat(&[&wide, &wide], 1)), oom(16 * E));
    assert_eq!(text(Tensor::stack(&[&big, &big], 0)), oom(8 * E));
    assert_eq!(text(wide.t().unwrap().contiguous()), oom(8 * E));
    let rows = Tensor::<f32>::zeros(&[1, 2])
        .unwrap()
        .expand(&[E as isize, 2])
        .unwrap()
        .t()
        .unwrap();
    assert_eq!(text(rows.reshape(&[-1])), oom(8 * E));
    assert_eq!(text(rows.flatten(0, -1)), oom(8 * E));
    assert_eq!(text(rows.ravel()), oom(8 * E));
    let z = Tensor::<Complex<f32>>::zeros(&[1]).unwrap().conj();
    assert_eq!(
        text(z.expand(&[E as isize]).unwrap().resolve_conj()),
        oom(8 * E)
    );
    let neg = z.imag().unwrap().expand(&[E as isize]).unwrap();
    assert_eq!(text(neg.resolve_neg()), oom(4 * E));
    assert_eq!(text(wide.matmul(&Tensor::zeros(&[2]).unwrap())), oom(4 * E));
    assert_eq!(
        text(wide.matmul(&Tensor::zeros(&[2, 2]).unwrap())),
        oom(8 * E)
    );
    // a half matmul widens its operands to f32 first: refused there
    let halves = Tensor::<half::f16>::zeros(&[1, 1])
        .unwrap()
        .expand(&[E as isize, 2])
        .unwrap();
    let e = halves.matmul(&Tensor::zeros(&[2, 2]).unwrap()).unwrap_err();
    assert!(matches!(e, ViewError::OutOfMemory { .. }), "{e}");
    // constructors and resize_
    assert_eq!(text(Tensor::<f32>::zeros(&[E])), oom(4 * E));
    assert_eq!(text(Tensor::<f32>::full(&[E], 1.0)), oom(4 * E));
    let mut grown = Tensor::<f32>::zeros(&[0]).unwrap();
    assert_eq!(text(grown.resize_(&[E])), oom(4 * E));
    assert_eq!(grown.shape(), &[0]);
}

// PyTorch: wide.index_select(0, [0, 1]) is [2, 2]; along dim 1, 2**51 bytes;
// big.masked_select(True), big[True]
#[test]
fn selections_read_in_place_and_allocate_only_their_result() {
    let (big, wide) = (big(), wide());
    let picked = wide.index_select(0, &idx(&[0, 1])).unwrap();
    assert_eq!(
        (picked.shape(), picked.to_vec()),
        (&[2usize, 2][..], vec![0.0; 4])
    );
    assert_eq!(
        big.index_select(0, &idx(&[3, 1 << 47])).unwrap().to_vec(),
        vec![0.0; 2]
    );
    assert_eq!(text(wide.index_select(1, &idx(&[0, 1]))), oom(8 * E));
    let e = big.masked_select(&Tensor::scalar(true)).unwrap_err();
    assert!(matches!(e, ViewError::OutOfMemory { .. }), "{e}");
    assert_eq!(text(big.index_by_mask(&Tensor::scalar(true))), oom(4 * E));
    // An all-false mask selects nothing: counted without a walk (PyTorch
    // allocates int64 positions for every element first and fails).
    let none = big.masked_select(&Tensor::scalar(false)).unwrap();
    assert_eq!(none.shape(), &[0]);
    assert_eq!(
        big.index_by_mask(&Tensor::scalar(false)).unwrap().shape(),
        &[0, E]
    );
    // index_put_: the values must fit the indexing result first
    let x = Tensor::<f32>::zeros(&[4]).unwrap();
    assert_eq!(
        text(x.index_put_(&[&idx(&[0])], &big)),
        format!("shape mismatch: value tensor of shape [{E}] cannot be broadcast to indexing result of shape [1]")
    );
    let positions = Tensor::<i64>::zeros(&[1])
        .unwrap()
        .expand(&[E as isize])
        .unwrap();
    let e = x
        .index_put_(&[&positions], &Tensor::scalar(1.0))
        .unwrap_err();
    assert!(matches!(e, ViewError::OutOfMemory { .. }), "{e}");
    assert_eq!(x.to_vec(), vec![0.0; 4]);
}

/// `torch.zeros(0, 2**31, 2**31)`: accepted (its strides fit in int64).
fn empty() -> Tensor<f32> {
    Tensor::<f32>::zeros(&[0, S31, S31]).unwrap()
}

/// `torch.zeros(0).view(0, 2**62, 2**62)`: a view PyTorch accepts, with
/// strides [0, 2**62, 1]; a new tensor of its shape overflows its strides.
fn odd() -> Tensor<f32> {
    Tensor::<f32>::zeros(&[0])
        .unwrap()
        .view(&[0isize, 1 << 62, 1 << 62])
        .unwrap()
}

const S31: usize = 1 << 31;
const S62: usize = 1 << 62;

// PyTorch: z = torch.zeros(0, 2**31, 2**31); z.sum(1), z.max(1), ...
#[test]
fn huge_empty_tensors_give_empty_results_at_once() {
    let z = empty();
    assert_eq!(z.sum(&[1], false).unwrap().shape(), &[0, S31]);
    assert_eq!(z.sum(&[1, 2], false).unwrap().shape(), &[0]);
    assert_eq!(z.sum(&[], false).unwrap().to_vec(), vec![0.0]);
    assert_eq!(z.mean(&[1], false).unwrap().shape(), &[0, S31]);
    let (v, i) = z.max(1, false).unwrap();
    assert_eq!((v.shape(), i.shape()), (&[0, S31][..], &[0, S31][..]));
    assert_eq!(z.min(2, true).unwrap().0.shape(), &[0, S31, 1]);
    assert_eq!(z.argmax(Some(2), false).unwrap().shape(), &[0, S31]);
    assert_eq!(
        text(z.max(0, false)),
        "max(): Expected reduction dim 0 to have non-zero size."
    );
    assert_eq!(
        text(z.argmax(None, false)),
        "argmax(): Expected reduction dim to be specified for input.numel() == 0."
    );
    assert_eq!(
        text(z.sum(&[0], false)),
        format!("Storage size calculation overflowed with sizes=[{S31}, {S31}]")
    );
    let full = [0, S31, S31];
    assert_eq!(z.add(&z).unwrap().shape(), &full);
    assert_eq!(
        z.mul(&Tensor::zeros(&[1]).unwrap()).unwrap().stride(),
        &[1 << 62, 1 << 31, 1]
    );
    let truth = Tensor::scalar(true);
    assert_eq!(z.masked_fill(&truth, 1.0).unwrap().shape(), &full);
    z.masked_fill_(&truth, 1.0).unwrap();
    assert_eq!(Tensor::where_(&truth, &z, &z).unwrap().shape(), &full);
    assert_eq!(
        z.index_select(1, &idx(&[0, 1])).unwrap().shape(),
        &[0, 2, S31]
    );
    assert_eq!(z.index_select(0, &idx(&[])).unwrap().shape(), &full);
    assert_eq!(z.masked_select(&truth).unwrap().shape(), &[0]);
    assert_eq!(z.index_by_mask(&truth).unwrap().shape(), &[1, 0, S31, S31]);
    z.index_put_(&[&idx(&[])], &Tensor::scalar(1.0)).unwrap();
    assert_eq!(Tensor::cat(&[&z, &z], 0).unwrap().shape(), &full);
    assert_eq!(
        text(Tensor::cat(&[&z, &z], 1)),
        "Stride calculation overflowed"
    );
    assert_eq!(
        Tensor::stack(&[&z, &z], 0).unwrap().shape(),
        &[2, 0, S31, S31]
    );
    assert_eq!(z.matmul(&z).unwrap().shape(), &full);
    let t = z.transpose(1, 2).unwrap();
    assert_eq!(t.contiguous().unwrap().stride(), &[1 << 62, 1, 1 << 31]);
    assert_eq!(t.reshape(&[-1]).unwrap().shape(), &[0]);
    assert_eq!(z.resolve_conj().unwrap().shape(), &full);
    z.add_(&z).unwrap();
    z.exp_().unwrap();
    z.copy_from(&z).unwrap();
    z.fill(1.0).unwrap();
    assert_eq!(z.softmax(1).unwrap().shape(), &full);
    let mut r = Tensor::<f32>::zeros(&[0]).unwrap();
    assert_eq!(
        text(r.resize_(&[0, S62, S62])),
        "Stride calculation overflowed"
    );
}

// PyTorch: torch.zeros(0, 2**31, 4) @ torch.zeros(0, 4, 2**31) (float32
// and int32), an empty batch of 2**40 x 2**40 matrices (Stride calculation
// overflowed), torch.zeros(0, 2**32, 1) @ torch.zeros(0, 1, 2**32) (the
// same: its product's `n * p` would wrap a usize to 0)
#[test]
fn empty_batches_of_huge_matrices_multiply_to_empty_results() {
    let a = Tensor::<f32>::zeros(&[0, S31, 4]).unwrap();
    let b = Tensor::<f32>::zeros(&[0, 4, S31]).unwrap();
    let c = a.matmul(&b).unwrap();
    assert_eq!(
        (c.shape(), c.stride()),
        (&[0, S31, S31][..], &[1 << 62, 1 << 31, 1][..])
    );
    let a = Tensor::<i32>::zeros(&[0, S31, 4]).unwrap();
    let b = Tensor::<i32>::zeros(&[0, 4, S31]).unwrap();
    assert_eq!(a.matmul(&b).unwrap().shape(), &[0, S31, S31]);
    let n = 1isize << 40;
    let stride = "Stride calculation overflowed";
    let a = Tensor::<f32>::zeros(&[0, 1, 1])
        .unwrap()
        .expand(&[0, n, n])
        .unwrap();
    assert_eq!(text(a.matmul(&a)), stride);
    let ints = Tensor::<i32>::zeros(&[0, 1, 1])
        .unwrap()
        .expand(&[0, n, n])
        .unwrap();
    assert_eq!(text(ints.matmul(&ints)), stride);
    let tall = Tensor::<f32>::zeros(&[0, 1usize << 32, 1]).unwrap();
    let flat = Tensor::<f32>::zeros(&[0, 1, 1usize << 32]).unwrap();
    assert_eq!(text(tall.matmul(&flat)), stride);
}

// PyTorch: v = torch.zeros(0).view(0, 2**62, 2**62); v.sum(1), v + v, ...
#[test]
fn views_whose_new_tensors_overflow_their_strides_fail_as_pytorchs() {
    let v = odd();
    assert_eq!(v.stride(), &[0, 1 << 62, 1]);
    assert_eq!(v.sum(&[1], false).unwrap().shape(), &[0, S62]);
    assert_eq!(v.sum(&[], false).unwrap().to_vec(), vec![0.0]);
    assert_eq!(v.max(1, false).unwrap().1.shape(), &[0, S62]);
    assert_eq!(
        text(v.sum(&[0], false)),
        format!("Storage size calculation overflowed with sizes=[{S62}, {S62}]")
    );
    let stride = "Stride calculation overflowed";
    let truth = Tensor::scalar(true);
    assert_eq!(text(v.add(&v)), stride);
    assert_eq!(text(v.mul(&Tensor::zeros(&[1]).unwrap())), stride);
    assert_eq!(text(v.masked_fill(&truth, 1.0)), stride);
    assert_eq!(text(Tensor::where_(&truth, &v, &v)), stride);
    assert_eq!(text(v.index_select(1, &idx(&[0, 1]))), stride);
    assert_eq!(text(v.index_select(0, &idx(&[]))), stride);
    assert_eq!(text(v.index_by_mask(&truth)), stride);
    assert_eq!(text(Tensor::cat(&[&v, &v], 0)), stride);
    assert_eq!(text(Tensor::stack(&[&v, &v], 0)), stride);
    assert_eq!(text(v.matmul(&v)), stride);
    assert_eq!(v.masked_select(&truth).unwrap().shape(), &[0]);
    v.masked_fill_(&truth, 1.0).unwrap();
    v.index_put_(&[&idx(&[])], &Tensor::scalar(1.0)).unwrap();
    assert!(v.contiguous().unwrap().shares_storage(&v));
    assert_eq!(v.reshape(&[-1]).unwrap().shape(), &[0]);
    v.add_(&v).unwrap();
    v.fill(1.0).unwrap();
}

// PyTorch: torch.zeros(0, 2**62, 2**62) -> Stride calculation overflowed;
// torch.zeros(0, 2**32, 2**31 - 1) is accepted, torch.zeros(0, 2**32, 2**31)
// is not; torch.zeros(2**62, 2**62, 0) overflows its storage size first
#[test]
fn constructors_check_strides_as_pytorch() {
    let stride = "Stride calculation overflowed";
    assert_eq!(text(Tensor::<f32>::zeros(&[0, S62, S62])), stride);
    assert_eq!(text(Tensor::<i8>::ones(&[0, S62, S62])), stride);
    assert_eq!(text(Tensor::<f32>::full(&[0, S62, S62], 1.0)), stride);
    assert_eq!(
        text(Tensor::<f32>::from_vec(vec![], &[0, S62, S62])),
        stride
    );
    assert_eq!(
        text(Tensor::<f32>::zeros(&[0usize, 2, (1 << 63) - 1])),
        stride
    );
    assert_eq!(
        text(Tensor::<f32>::zeros(&[0usize, 1 << 32, 1 << 31])),
        stride
    );
    let fits = Tensor::<f32>::zeros(&[0usize, 1 << 32, (1 << 31) - 1]).unwrap();
    assert_eq!(fits.stride(), &[9223372032559808512, 2147483647, 1]);
    assert_eq!(
        Tensor::<f32>::zeros(&[0, S62]).unwrap().stride(),
        &[1 << 62, 1]
    );
    assert_eq!(
        text(Tensor::<f32>::zeros(&[S62, S62, 0])),
        format!("Storage size calculation overflowed with sizes=[{S62}, {S62}, 0]")
    );
}

/// A `.safetensors` file holding one `F32` tensor `w` of `shape`, no data.
fn safetensors_of(shape: &str) -> Vec<u8> {
    let header = format!(r#"{{"w":{{"dtype":"F32","shape":{shape},"data_offsets":[0,0]}}}}"#);
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend_from_slice(header.as_bytes());
    bytes
}

/// A version 1.0 `.npy` file of `<f4` and `shape`, no data.
fn npy_of(shape: &str) -> Vec<u8> {
    let mut header =
        format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}").into_bytes();
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(b' ');
    }
    header.push(b'\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&header);
    bytes
}

// PyTorch 2.15: safetensors.torch.load of the file (the bytes) raises
// `Stride calculation overflowed`, as torch.zeros(0, 2**62, 2**62) does
// (numpy refuses the .npy too: `array is too big`); files of shape
// (0, 2**31, 2**31) load as empty tensors
#[test]
fn files_of_shapes_whose_strides_overflow_are_refused() {
    use tensor_view::io::{npy_from_bytes, SafetensorsFile};
    let shape = format!("[0,{S62},{S62}]");
    let file = SafetensorsFile::from_bytes(&safetensors_of(&shape)).unwrap();
    let e = file.get::<Tensor<f32>>("w").unwrap_err();
    assert_eq!(e.to_string(), "w: Stride calculation overflowed");
    let e = npy_from_bytes::<Tensor<f32>>(&npy_of(&format!("(0, {S62}, {S62})"))).unwrap_err();
    assert!(
        e.to_string().ends_with(": Stride calculation overflowed"),
        "{e}"
    );
    let shape = format!("[0,{S31},{S31}]");
    let file = SafetensorsFile::from_bytes(&safetensors_of(&shape)).unwrap();
    let w = file.get::<Tensor<f32>>("w").unwrap();
    assert_eq!(w.sum(&[1], false).unwrap().shape(), &[0, S31]);
    let w = npy_from_bytes::<Tensor<f32>>(&npy_of(&format!("(0, {S31}, {S31})"))).unwrap();
    assert_eq!(w.max(2, true).unwrap().1.shape(), &[0, S31, 1]);
}
