"""Reference weight files written and read by real PyTorch and safetensors.

    write DIR          writes the reference files the Rust tests load:
                       reference.safetensors (one tensor per dtype, plus a
                       0-d, an empty and a non-contiguous one) and
                       reference.json (each tensor's dtype, shape and
                       bytes, as torch holds them); mlp.safetensors (a
                       two-layer MLP and its input) and mlp_expected.json
                       (PyTorch's output of it)
    verify FILE JSON   loads FILE, written by the Rust tests, with
                       safetensors.torch.load_file (numpy.load for .npz)
                       and checks that each tensor has the dtype, shape
                       and bytes JSON lists

`write` also writes the numpy references: numpy_savez.npz and
numpy_compressed.npz (one array per numpy dtype, plus column-major,
big-endian, 0-d and empty ones), c_order.npy and fortran_big_endian.npy,
and numpy.json (each array's dtype, shape and row-major little-endian bytes).

See README.md for how to run it.
"""

import json
import sys

import numpy as np
import torch
from safetensors.torch import load_file, save_file

# torch dtype -> the name tensor-view's DType::torch_name prints
DTYPES = [
    torch.bool, torch.uint8, torch.int8, torch.int16, torch.uint16,
    torch.int32, torch.uint32, torch.int64, torch.uint64, torch.float16,
    torch.bfloat16, torch.float32, torch.float64, torch.complex64,
]


def name_of(dtype):
    return str(dtype).removeprefix("torch.")


def raw_bytes(t):
    """The tensor's bytes in row-major order (bool as 0/1 bytes)."""
    t = t.contiguous()
    if t.numel() == 0:
        return b""
    return t.reshape(-1).view(torch.uint8).numpy().tobytes()


def describe(tensors):
    return {
        name: {"dtype": name_of(t.dtype), "shape": list(t.shape), "hex": raw_bytes(t).hex()}
        for name, t in tensors.items()
    }


def sample(dtype, shape, gen):
    """Values that exercise the dtype: signs, extremes, fractions."""
    n = 1
    for s in shape:
        n *= s
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=gen).bool()
    if dtype.is_complex:
        return torch.randn(shape + [2], generator=gen).view(torch.complex64).reshape(shape).to(dtype)
    if dtype.is_floating_point:
        x = torch.randn(shape, generator=gen, dtype=torch.float64) * 100
        return x.to(dtype)
    info = torch.iinfo(dtype)
    lo, hi = max(info.min, -(2**62)), min(info.max, 2**62)
    x = torch.randint(lo, hi, shape, generator=gen, dtype=torch.int64)
    if dtype == torch.uint64:
        x = x.abs()
    return x.to(dtype)


def reference_tensors():
    gen = torch.Generator().manual_seed(23)
    tensors = {}
    for i, dtype in enumerate(DTYPES):
        tensors[f"{name_of(dtype)}"] = sample(dtype, [2, 3 + i % 3], gen)
    tensors["scalar_f32"] = torch.tensor(1.5)
    tensors["empty_i64"] = torch.zeros(0, 3, dtype=torch.int64)
    # written contiguous: save_file refuses views, so PyTorch users call .contiguous()
    tensors["transposed_f64"] = sample(torch.float64, [3, 4], gen).t().contiguous()
    return tensors


def mlp():
    """A two-layer MLP, x -> relu(x @ W1^T + b1) @ W2^T + b2, whose weights
    and input are multiples of 1/8 small enough that every product and
    sum is exact in float32: the output is the same in any summation
    order, so Rust's matmul must match PyTorch's bit for bit."""
    gen = torch.Generator().manual_seed(4)

    def eighths(*shape):
        return torch.randint(-8, 9, shape, generator=gen).float() / 8

    weights = {
        "fc1.weight": eighths(16, 8),
        "fc1.bias": eighths(16),
        "fc2.weight": eighths(4, 16),
        "fc2.bias": eighths(4),
        "input": eighths(3, 8),
    }
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    with torch.no_grad():
        model[0].weight.copy_(weights["fc1.weight"])
        model[0].bias.copy_(weights["fc1.bias"])
        model[2].weight.copy_(weights["fc2.weight"])
        model[2].bias.copy_(weights["fc2.bias"])
        out = model(weights["input"])
    return weights, out


# numpy dtype -> tensor-view's torch_name
NUMPY_DTYPES = {
    "bool": "bool", "uint8": "uint8", "int8": "int8", "int16": "int16",
    "uint16": "uint16", "int32": "int32", "uint32": "uint32", "int64": "int64",
    "uint64": "uint64", "float16": "float16", "float32": "float32",
    "float64": "float64", "complex64": "complex64", "complex128": "complex128",
}


def numpy_arrays():
    rng = np.random.default_rng(23)
    arrays = {}
    for i, name in enumerate(NUMPY_DTYPES):
        shape = (2, 3 + i % 3)
        if name == "bool":
            a = rng.integers(0, 2, shape).astype(bool)
        elif name.startswith("complex"):
            a = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(name)
        elif name.startswith("float"):
            a = (rng.standard_normal(shape) * 100).astype(name)
        else:
            info = np.iinfo(name)
            a = rng.integers(info.min, info.max, shape, dtype=name, endpoint=True)
        arrays[name] = a
    arrays["fortran_f64"] = np.asfortranarray(rng.standard_normal((3, 4)))
    arrays["big_endian_i32"] = np.arange(-3, 3, dtype=">i4").reshape(2, 3)
    arrays["big_endian_c128"] = (np.arange(4) + 0.5j).astype(">c16")
    arrays["fortran_big_endian_f16"] = np.asfortranarray(np.arange(6, dtype=">f2").reshape(2, 3))
    arrays["scalar_f32"] = np.array(1.5, dtype=np.float32)
    arrays["empty_i64"] = np.zeros((0, 3), dtype=np.int64)
    return arrays


def numpy_name(dtype):
    return NUMPY_DTYPES[dtype.newbyteorder("=").name]


def describe_numpy(arrays):
    return {
        name: {
            "dtype": numpy_name(a.dtype),
            "shape": list(a.shape),
            "hex": np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex(),
        }
        for name, a in arrays.items()
    }


def write_numpy(out_dir):
    arrays = numpy_arrays()
    np.savez(f"{out_dir}/numpy_savez.npz", **arrays)
    np.savez_compressed(f"{out_dir}/numpy_compressed.npz", **arrays)
    np.save(f"{out_dir}/c_order.npy", arrays["float32"])
    np.save(f"{out_dir}/fortran_big_endian.npy",
            np.asfortranarray(np.linspace(-1, 1, 12, dtype=">f8").reshape(3, 4)))
    loaded = {"c_order": np.load(f"{out_dir}/c_order.npy"),
              "fortran_big_endian": np.load(f"{out_dir}/fortran_big_endian.npy")}
    with open(f"{out_dir}/numpy.json", "w") as f:
        json.dump(describe_numpy({**arrays, **loaded}), f, indent=1, sort_keys=True)
        f.write("\n")


def verify_npz(path, manifest):
    with np.load(path) as npz:
        arrays = {name: npz[name] for name in npz.files}
    if sorted(arrays) != sorted(manifest):
        sys.exit(f"names differ: file {sorted(arrays)}, manifest {sorted(manifest)}")
    got = describe_numpy(arrays)
    for name, want in manifest.items():
        if got[name] != want:
            sys.exit(f"{name}: file {got[name]}, manifest {want}")
    print(f"{path}: {len(manifest)} arrays identical to the manifest")


def write(out_dir):
    write_numpy(out_dir)
    tensors = reference_tensors()
    save_file(tensors, f"{out_dir}/reference.safetensors")
    with open(f"{out_dir}/reference.json", "w") as f:
        json.dump(describe(tensors), f, indent=1, sort_keys=True)
        f.write("\n")
    weights, out = mlp()
    save_file(weights, f"{out_dir}/mlp.safetensors")
    with open(f"{out_dir}/mlp_expected.json", "w") as f:
        json.dump({"shape": list(out.shape), "values": out.reshape(-1).tolist(),
                   "printed": str(out)}, f, indent=1)
        f.write("\n")


def verify(path, manifest_path):
    with open(manifest_path) as f:
        manifest = json.load(f)
    if path.endswith(".npz"):
        return verify_npz(path, manifest)
    loaded = load_file(path)
    if sorted(loaded) != sorted(manifest):
        sys.exit(f"names differ: file {sorted(loaded)}, manifest {sorted(manifest)}")
    for name, want in manifest.items():
        t = loaded[name]
        got = {"dtype": name_of(t.dtype), "shape": list(t.shape), "hex": raw_bytes(t).hex()}
        if got != want:
            sys.exit(f"{name}: file {got}, manifest {want}")
    print(f"{path}: {len(manifest)} tensors identical to {manifest_path}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        write(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
