"""Golden cases for torch.matmul: operands built from base tensors by view
ops (so they are strided: transposed, narrowed, expanded), the result's
shape and values, or PyTorch's exact error text.

Usage: python matmul.py > ../../tests/golden/matmul.jsonl

Base tensors hold the values of FORMAT.md (element i is i % 97, complex
i % 97 - (i % 89)j). Products of such small integers sum exactly in every
floating type but f16/bf16, whose results the test compares within a
relative 1e-2 (one rounding of the exact sum).
"""
import json
import random
import sys

import torch

DTYPES = {
    "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
    "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
    "complex64": torch.complex64, "complex128": torch.complex128, "bool": torch.bool,
    "uint16": torch.uint16, "complex32": torch.complex32,
}


def base(dtype, shape):
    n = 1
    for s in shape:
        n *= s
    i = torch.arange(n, dtype=torch.int64)
    if dtype.is_complex:
        if dtype == torch.complex32:
            t = torch.complex((i % 97).half(), -(i % 89).half())
        else:
            t = torch.complex((i % 97).double(), -(i % 89).double()).to(dtype)
    elif dtype == torch.bool:
        t = (i % 2) == 1
    else:
        t = (i % 97).to(dtype)
    return t.reshape(shape)


def apply(t, ops):
    for op in ops:
        name = op["op"]
        if name == "transpose":
            t = t.transpose(op["dim0"], op["dim1"])
        elif name == "narrow":
            t = t.narrow(op["dim"], op["start"], op["length"])
        elif name == "expand":
            t = t.expand(op["sizes"])
        elif name == "unsqueeze":
            t = t.unsqueeze(op["dim"])
        elif name == "conj":
            t = t.conj()
        else:
            raise ValueError(name)
    return t


def values(t):
    flat = t.reshape(-1)
    if t.dtype.is_complex:
        return [[float(v.real), float(v.imag)] for v in flat.tolist()]
    if t.dtype.is_floating_point:
        return [float(v) for v in flat.float().tolist()]
    return [int(v) for v in flat.tolist()]


def case(cid, dtype, a, b):
    ta = apply(base(DTYPES[dtype], a["shape"]), a["ops"])
    tb = apply(base(DTYPES[dtype], b["shape"]), b["ops"])
    line = {"id": cid, "dtype": dtype, "a": a, "b": b}
    try:
        r = torch.matmul(ta, tb)
        line["result"] = {"shape": list(r.shape), "values": values(r)}
    except RuntimeError as e:
        line["result"] = {"error": str(e).split("\n")[0]}
    return line


def operand(rng, shape):
    """A base shape and view ops that give a strided operand of `shape`."""
    kind = rng.choice(["plain", "transposed", "narrowed", "expanded"])
    if kind == "transposed" and len(shape) >= 2:
        base_shape = shape[:-2] + [shape[-1], shape[-2]]
        d = len(shape)
        return {"shape": base_shape, "ops": [{"op": "transpose", "dim0": d - 2, "dim1": d - 1}]}
    if kind == "narrowed" and len(shape) >= 1:
        d = rng.randrange(len(shape))
        extra = rng.randint(1, 3)
        base_shape = list(shape)
        base_shape[d] += extra
        start = rng.randint(0, extra)
        return {"shape": base_shape, "ops": [{"op": "narrow", "dim": d, "start": start, "length": shape[d]}]}
    if kind == "expanded" and len(shape) >= 3 and shape[0] > 1:
        return {"shape": [1] + shape[1:], "ops": [{"op": "expand", "sizes": shape}]}
    return {"shape": list(shape), "ops": []}


def shapes(rng):
    """Operand shapes for every matmul path, mostly compatible."""
    n, k, p = rng.randint(0, 4), rng.randint(0, 5), rng.randint(1, 4)
    k2 = k if rng.random() < 0.8 else k + rng.randint(1, 2)
    batch = [rng.randint(1, 3) for _ in range(rng.randint(1, 2))]
    batch_b = [b if rng.random() < 0.7 else 1 for b in batch]
    if rng.random() < 0.1:
        batch_b = [b + 1 for b in batch]
    forms = [
        ([k], [k2]), ([n, k], [k2]), ([k], [k2, p]), ([n, k], [k2, p]),
        (batch + [n, k], [k2]), ([k], batch + [k2, p]), (batch + [n, k], [k2, p]),
        ([n, k], batch + [k2, p]), (batch + [n, k], batch_b + [k2, p]),
        (batch + [n, k], batch_b[1:] + [k2, p]),
    ]
    if rng.random() < 0.03:
        return rng.choice([([], [k]), ([k], [])])
    return rng.choice(forms)


def main():
    rng = random.Random(22)
    out = sys.stdout
    out.write(json.dumps({"format": "matmul-golden/1", "generator": "tools/golden/matmul.py", "torch": torch.__version__}) + "\n")
    count = 0
    real = ["float32", "float64", "int64", "int32", "int8", "uint8", "int16", "complex64", "complex128", "float16", "bfloat16"]
    for i in range(500):
        a_shape, b_shape = shapes(rng)
        dtype = rng.choice(real)
        out.write(json.dumps(case(f"m-{i}", dtype, operand(rng, a_shape), operand(rng, b_shape))) + "\n")
        count += 1
    # Fixed cases: the dtypes PyTorch refuses on each path, conjugated
    # operands, and a batch whose dims are apart (no fold).
    plain = lambda s: {"shape": s, "ops": []}
    fixed = [
        ("bool", plain([3]), plain([3])), ("bool", plain([2, 3]), plain([3])),
        ("bool", plain([2, 3]), plain([3, 2])), ("bool", plain([2, 2, 3]), plain([2, 3, 2])),
        ("uint16", plain([2, 3]), plain([3, 2])), ("complex32", plain([2, 2, 3]), plain([3, 2])),
        ("bool", plain([2, 3]), plain([2, 2])),
        ("complex64", {"shape": [2, 3], "ops": [{"op": "conj"}]}, plain([3, 2])),
        ("float32", {"shape": [2, 8, 3], "ops": [{"op": "narrow", "dim": 1, "start": 0, "length": 4}]}, plain([4])),
        ("float32", {"shape": [2, 8, 3], "ops": [{"op": "narrow", "dim": 1, "start": 0, "length": 4}]}, plain([3])),
        ("int64", plain([1, 2]), plain([2, 1])),
        # Folding skips size-1 dims and follows the row dims' strides.
        ("float32", {"shape": [2, 3, 8], "ops": [{"op": "narrow", "dim": 2, "start": 0, "length": 4}]}, plain([5, 2])),
        ("float32", {"shape": [2, 3, 4], "ops": [{"op": "transpose", "dim0": 1, "dim1": 2}]}, plain([5, 2])),
        ("float32", {"shape": [2, 5, 3, 4], "ops": [{"op": "narrow", "dim": 1, "start": 1, "length": 1}]}, plain([5, 2])),
        ("float32", plain([5]), {"shape": [2, 4, 8], "ops": [{"op": "narrow", "dim": 2, "start": 0, "length": 3}]}),
        ("float32", plain([5]), {"shape": [2, 3, 4], "ops": [{"op": "transpose", "dim0": 1, "dim1": 2}]}),
        ("float32", {"shape": [2, 3, 8], "ops": [{"op": "narrow", "dim": 2, "start": 0, "length": 4}]}, plain([4, 2])),
    ]
    for j, (dtype, a, b) in enumerate(fixed):
        out.write(json.dumps(case(f"f-{j}", dtype, a, b)) + "\n")


if __name__ == "__main__":
    main()
