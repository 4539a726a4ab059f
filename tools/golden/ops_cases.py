"""Golden cases of the tensor ops (format `ops-golden/1`, tests/golden/FORMAT.md):
element-wise arithmetic, unary ops, in-place forms, masked_fill/where,
reductions, softmax and cat/stack, run through real PyTorch. A case may
also view its first output afterwards (`then`), since whether that view
succeeds depends on the result's strides.

    $PY ops_cases.py > ../../tests/golden/ops.jsonl

Every case names its inputs (dtype, shape, view ops applied to a fresh
tensor whose values follow `value_of`) and records PyTorch's outputs (dtype,
shape, strides, values) or its error.
"""

import json
import math
import sys

import torch

INTS = ["uint8", "int8", "int16", "int32", "int64"]
FLOATS = ["float16", "bfloat16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
ARITH = INTS + FLOATS + COMPLEX
ORDERED = INTS + FLOATS


def value_of(dtype, j, i):
    """Element j (row-major) of input number i, before its view ops."""
    k = (j * 7 + 3 * i + 2) % 13
    if dtype == "bool":
        return k % 3 == 0
    if dtype.startswith("uint"):
        return k
    if dtype.startswith("int"):
        return k - 6
    if dtype.startswith("complex"):
        return complex((k - 6) * 0.5, ((j * 5 + i) % 7 - 3) * 0.5)
    return (k - 6) * 0.5


def make(spec, i):
    dtype = getattr(torch, spec["dtype"])
    n = math.prod(spec["shape"])
    values = [value_of(spec["dtype"], j, i) for j in range(n)]
    base = torch.tensor(values, dtype=dtype).reshape(spec["shape"])
    t = base
    for op in spec.get("ops", []):
        name = op["op"]
        if name == "transpose":
            t = t.transpose(op["dim0"], op["dim1"])
        elif name == "narrow":
            t = t.narrow(op["dim"], op["start"], op["length"])
        elif name == "expand":
            t = t.expand(op["sizes"])
        elif name == "permute":
            t = t.permute(op["dims"])
        else:
            raise ValueError(name)
    return base, t


def encode(v):
    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, complex):
        return [encode(v.real), encode(v.imag)]
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def record(t):
    stride = list(t.stride())
    t = t.resolve_conj().resolve_neg()
    return {
        "dtype": str(t.dtype).removeprefix("torch."),
        "shape": list(t.shape),
        "stride": stride,
        "values": [encode(v) for v in t.reshape(-1).tolist()],
    }


def scalar(dtype, value):
    return value if dtype in INTS else float(value)


def run(op, args, tensors, bases):
    """PyTorch's outputs of `op`, as a list of tensors."""
    a = tensors[0]
    v = args.get("value")
    if op in ("add", "sub", "mul", "div"):
        return [getattr(torch, op)(a, tensors[1])]
    if op.endswith("_scalar"):
        return [getattr(torch, op.removesuffix("_scalar"))(a, v)]
    if op in ("neg", "exp", "log", "sqrt", "tanh", "relu"):
        return [getattr(torch, op)(a)]
    if op == "gelu":
        return [torch.nn.functional.gelu(a)]
    if op.endswith("_"):  # in-place: the view written, then its base
        name = op.removesuffix("_")
        if name.endswith("_scalar"):
            getattr(a, name.removesuffix("_scalar") + "_")(v)
        elif name == "gelu":  # PyTorch has no gelu_: the result written back
            a.copy_(torch.nn.functional.gelu(a))
        elif name == "masked_fill":
            a.masked_fill_(tensors[1], v)
        elif len(tensors) > 1:
            getattr(a, name + "_")(tensors[1])
        else:
            getattr(a, name + "_")()
        return [a, bases[0]]
    if op == "masked_fill":
        return [a.masked_fill(tensors[1], v)]
    if op == "where":
        return [torch.where(a, tensors[1], tensors[2])]
    if op in ("sum", "mean"):
        return [getattr(torch, op)(a, tuple(args["dims"]), keepdim=args["keepdim"])]
    if op in ("max", "min"):
        r = getattr(torch, op)(a, args["dim"], keepdim=args["keepdim"])
        return [r.values, r.indices]
    if op == "argmax":
        return [torch.argmax(a, args["dim"], keepdim=args["keepdim"])]
    if op in ("softmax", "log_softmax"):
        return [getattr(torch, op)(a, args["dim"])]
    if op in ("cat", "stack"):
        return [getattr(torch, op)(tensors, args["dim"])]
    raise ValueError(op)


def view_after(t, then):
    """`t` after the view ops of `then` (only `view` so far)."""
    for v in then:
        if v["op"] != "view":
            raise ValueError(v["op"])
        t = t.view(v["shape"])
    return t


def case(n, op, inputs, then=None, **args):
    made = [make(spec, i) for i, spec in enumerate(inputs)]
    bases, tensors = [m[0] for m in made], [m[1] for m in made]
    line = {"id": f"op-{op}-{n}", "op": op, "args": args, "inputs": inputs}
    if then is not None:
        line["then"] = then
    try:
        outs = run(op, args, tensors, bases)
        if then is not None:
            outs = [view_after(outs[0], then)]
        line["result"] = {"outputs": [record(t) for t in outs]}
    except Exception as e:  # PyTorch's error, recorded
        line["result"] = {"error": {"kind": type(e).__name__,
                                    "message": str(e).split("\n")[0]}}
    return line


def spec(dtype, shape, *ops):
    return {"dtype": dtype, "shape": shape, "ops": list(ops)}


def t01(n=2):
    return {"op": "transpose", "dim0": 0, "dim1": n - 1}


# (shape a, ops a, shape b, ops b): broadcasting, strided views, 0-d, empty, errors
PAIRS = [
    ([2, 3], [], [3], []),
    ([3, 2], [t01()], [2, 3], []),
    ([3, 2], [t01()], [3, 2], [t01()]),
    ([2, 1, 3], [], [4, 1], []),
    ([4], [{"op": "narrow", "dim": 0, "start": 1, "length": 2}], [2, 1], []),
    ([], [], [2, 2], []),
    ([0, 3], [], [1], []),
    ([2, 3], [], [2], []),
    ([3, 1], [{"op": "expand", "sizes": [3, 4]}], [4], []),
]

SHAPES = [([2, 3], []), ([3, 2], [t01()]), ([], []), ([0, 2], []),
          ([2, 3, 2], [{"op": "permute", "dims": [2, 0, 1]}])]


def cases():
    out = []
    n = 0

    def add(op, inputs, then=None, **args):
        nonlocal n
        out.append(case(n, op, inputs, then, **args))
        n += 1

    for op, dtypes in [("add", ARITH), ("sub", ARITH), ("mul", ARITH), ("div", FLOATS + COMPLEX)]:
        for d in dtypes:
            for sa, oa, sb, ob in PAIRS:
                add(op, [spec(d, sa, *oa), spec(d, sb, *ob)])
    for op, dtypes, value in [("add_scalar", ARITH, 3), ("sub_scalar", ARITH, 2),
                              ("mul_scalar", ARITH, 3), ("div_scalar", FLOATS + COMPLEX, 4)]:
        for d in dtypes:
            for s, o in SHAPES[:3]:
                add(op, [spec(d, s, *o)], value=scalar(d, value))
    for op, dtypes in [("neg", ARITH), ("relu", ORDERED), ("exp", FLOATS), ("log", FLOATS),
                       ("sqrt", FLOATS), ("tanh", FLOATS), ("gelu", FLOATS)]:
        for d in dtypes:
            for s, o in SHAPES:
                add(op, [spec(d, s, *o)])
    # in-place through views; errors: broadcast destination, partial overlap, shape
    inplace_pairs = [
        ([3, 2], [t01()], [3], []),
        ([2, 4], [{"op": "narrow", "dim": 1, "start": 1, "length": 2}], [2, 1], []),
        ([3], [], [2, 3], []),
        ([3, 1], [{"op": "expand", "sizes": [3, 3]}], [3], []),
        ([3], [], [4], []),
    ]
    for op, dtypes in [("add_", ARITH), ("sub_", ARITH), ("mul_", ARITH), ("div_", FLOATS + COMPLEX)]:
        for d in dtypes:
            for sa, oa, sb, ob in inplace_pairs:
                add(op, [spec(d, sa, *oa), spec(d, sb, *ob)])
    for op, dtypes, value in [("add_scalar_", ARITH, 2), ("mul_scalar_", ARITH, 3),
                              ("div_scalar_", FLOATS + COMPLEX, 2)]:
        for d in dtypes:
            add(op, [spec(d, [3, 2], t01())], value=scalar(d, value))
            add(op, [spec(d, [3, 1], {"op": "expand", "sizes": [3, 3]})], value=scalar(d, value))
    for op, dtypes in [("neg_", ARITH), ("relu_", ORDERED), ("exp_", FLOATS),
                       ("log_", FLOATS), ("sqrt_", FLOATS), ("tanh_", FLOATS), ("gelu_", FLOATS)]:
        for d in dtypes:
            add(op, [spec(d, [3, 2], t01())])
    # masked_fill and where
    for d in ["int32", "float32", "bfloat16", "complex64"]:
        value = scalar(d, 9)
        for sx, ox, sm in [([2, 3], [], [3]), ([3, 4], [], [2, 3, 4]), ([3, 4], [], [5]),
                           ([3, 2], [t01()], [2, 1])]:
            add("masked_fill", [spec(d, sx, *ox), spec("bool", sm)], value=value)
            add("masked_fill_", [spec(d, sx, *ox), spec("bool", sm)], value=value)
        for sc, sa, sb in [([3], [2, 1], [3]), ([2, 3], [3], []), ([3], [2, 1], [4]),
                           ([3], [2, 1], [2])]:
            add("where", [spec("bool", sc), spec(d, sa), spec(d, sb)])
    # reductions
    dims_list = [[1], [0], [-1], [0, 1], [], [1, -1], [2]]
    for d in ARITH:
        for s, o in SHAPES:
            for dims in dims_list:
                for keepdim in (False, True):
                    add("sum", [spec(d, s, *o)], dims=dims, keepdim=keepdim)
    for d in FLOATS:
        for s, o in SHAPES:
            for dims in dims_list[:5]:
                add("mean", [spec(d, s, *o)], dims=dims, keepdim=False)
    for d in ORDERED:
        for s, o in SHAPES + [([2, 0], [])]:
            for dim in (0, 1, -1, 2):
                for op in ("max", "min"):
                    add(op, [spec(d, s, *o)], dim=dim, keepdim=dim == 1)
                add("argmax", [spec(d, s, *o)], dim=dim, keepdim=dim == 0)
            add("argmax", [spec(d, s, *o)], dim=None, keepdim=False)
            add("argmax", [spec(d, s, *o)], dim=None, keepdim=True)
    # NaNs: log of the negative values makes some
    for op in ("max", "min", "argmax"):
        add(op, [spec("float32", [4, 3])], dim=0, keepdim=False)
    for d in FLOATS:
        for s, o in SHAPES:
            for dim in (0, 1, -1, 2):
                add("softmax", [spec(d, s, *o)], dim=dim)
                add("log_softmax", [spec(d, s, *o)], dim=dim)
    # cat and stack
    for d in ["bool", "uint8", "int64", "float16", "float32", "complex128"]:
        for inputs, dim in [
            ([spec(d, [2, 3]), spec(d, [2, 1])], 1),
            ([spec(d, [2, 3]), spec(d, [3, 2], t01())], 0),
            ([spec(d, [2, 3]), spec(d, [3, 3])], 1),
            ([spec(d, [2, 3]), spec(d, [3])], 0),
            ([spec(d, [2, 3]), spec(d, [0])], -1),
            ([spec(d, [0]), spec(d, [0])], 3),
            ([spec(d, [2, 3]), spec(d, [])], 0),
            ([spec(d, [2, 3])], 2),
            ([spec(d, [2, 3]), spec(d, [4, 3]), spec(d, [2, 4])], 0),
        ]:
            add("cat", inputs, dim=dim)
        for inputs, dim in [
            ([spec(d, [2, 3]), spec(d, [3, 2], t01())], 1),
            ([spec(d, [2, 3]), spec(d, [2, 3])], -3),
            ([spec(d, [2, 3]), spec(d, [2, 3])], 3),
            ([spec(d, []), spec(d, [])], 0),
            ([spec(d, [2, 3]), spec(d, [3, 2])], 0),
        ]:
            add("stack", inputs, dim=dim)
    layout_cases(add)
    return out


# 4-d channels-last and 5-d channels-last-3d inputs (dense, channels
# innermost), made by permuting a contiguous tensor; and a sliced one
CL = ([2, 3, 2, 3], [{"op": "permute", "dims": [0, 3, 1, 2]}])
CL3D = ([2, 2, 1, 2, 3], [{"op": "permute", "dims": [0, 4, 1, 2, 3]}])
CL_SLICED = ([2, 3, 2, 4], [{"op": "permute", "dims": [0, 3, 1, 2]},
                            {"op": "narrow", "dim": 1, "start": 1, "length": 2}])
# channels-last-like only by PyTorch's rule for size-1 dims: [2, 3, 1, 1]
CL_N_C_1_1 = ([2, 1, 1, 3], [{"op": "permute", "dims": [0, 3, 1, 2]}])
# ambiguous [N, 1, 1, 1]: PyTorch calls it contiguous
N111 = ([2, 1, 1, 1], [{"op": "permute", "dims": [0, 3, 1, 2]}])
PERM3 = ([2, 3, 2], [{"op": "permute", "dims": [2, 0, 1]}])
FLAT = [{"op": "view", "shape": [-1]}]


def layout_cases(add):
    """Result layouts on permuted, channels-last, sliced and expanded
    inputs, and views of results whose success depends on them."""
    f = "float32"
    # (shape, view ops, the view's last size)
    for s, o, last in [(*CL, 2), (*CL3D, 2), (*PERM3, 3)]:
        add("sum", [spec(f, s, *o)], dims=[1], keepdim=True)
        add("sum", [spec(f, s, *o)], dims=[0, -1], keepdim=True)
        add("mean", [spec(f, s, *o)], dims=[-1], keepdim=False)
        add("max", [spec(f, s, *o)], dim=1, keepdim=True)
        add("argmax", [spec(f, s, *o)], dim=-1, keepdim=True)
        add("softmax", [spec(f, s, *o)], dim=1)
        add("log_softmax", [spec(f, s, *o)], dim=-1)
        add("masked_fill", [spec(f, s, *o), spec("bool", [last])], value=1.0)
        add("exp", [spec(f, s, *o)])
    for s, o in [CL, CL3D, CL_SLICED, CL_N_C_1_1, N111, PERM3]:
        for dim in (0, 1, -1):
            add("cat", [spec(f, s, *o), spec(f, s, *o)], dim=dim)
        add("stack", [spec(f, s, *o), spec(f, s, *o)], dim=0)
        add("stack", [spec(f, s, *o), spec(f, s, *o)], dim=2)
        add("stack", [spec(f, s, *o), spec(f, s, *o)], dim=-1)
    cl_shape = [CL[0][i] for i in CL[1][0]["dims"]]
    add("cat", [spec(f, CL[0], *CL[1]), spec(f, cl_shape)], dim=1)  # one contiguous input
    add("cat", [spec(f, cl_shape), spec(f, CL[0], *CL[1])], dim=0)
    add("cat", [spec(f, CL[0], *CL[1]), spec(f, [0])], dim=3)  # a legacy empty input
    add("cat", [spec(f, [0]), spec(f, CL[0], *CL[1])], dim=0)
    add("cat", [spec(f, CL[0], *CL[1]), spec(f, CL_SLICED[0], *CL_SLICED[1])], dim=1)
    # where: TensorIterator's order, condition first
    t = t01()
    for c, a, b in [
        (spec("bool", [3, 2], t), spec(f, [3, 2], t), spec(f, [3, 2], t)),
        (spec("bool", [3, 2], t), spec(f, [2, 3]), spec(f, [2, 3])),
        (spec("bool", [2, 3]), spec(f, [3, 2], t), spec(f, [3, 2], t)),
        (spec("bool", [3]), spec(f, [3, 2], t), spec(f, [2, 3])),
        (spec("bool", [3, 1], {"op": "expand", "sizes": [3, 2]}), spec(f, [2, 3], t),
         spec(f, [])),
        (spec("bool", CL[0], *CL[1]), spec(f, CL[0], *CL[1]), spec(f, [1])),
        (spec("bool", PERM3[0], *PERM3[1]), spec(f, PERM3[0], *PERM3[1]), spec(f, PERM3[0], *PERM3[1])),
    ]:
        add("where", [c, a, b])
    # views of results: they succeed or fail as the result's strides allow
    add("softmax", [spec(f, [3, 2], t)], then=FLAT, dim=-1)
    add("sum", [spec(f, PERM3[0], *PERM3[1])], then=FLAT, dims=[1], keepdim=True)
    add("max", [spec(f, PERM3[0], *PERM3[1])], then=FLAT, dim=0, keepdim=True)
    add("masked_fill", [spec(f, [3, 2], t), spec("bool", [3])], then=FLAT, value=0.0)
    add("exp", [spec(f, [3, 2], t)], then=FLAT)
    add("add", [spec(f, [3, 2], t), spec(f, [3, 2], t)], then=FLAT)
    add("add", [spec(f, [2, 3]), spec(f, [3, 2], t)], then=FLAT)
    add("where", [spec("bool", [3, 2], t), spec(f, [3, 2], t), spec(f, [3, 2], t)], then=FLAT)
    add("where", [spec("bool", [2, 3]), spec(f, [3, 2], t), spec(f, [3, 2], t)], then=FLAT)
    add("cat", [spec(f, CL[0], *CL[1]), spec(f, CL[0], *CL[1])], then=FLAT, dim=0)
    add("cat", [spec(f, CL[0], *CL[1]), spec(f, cl_shape)], then=FLAT, dim=0)
    add("stack", [spec(f, CL[0], *CL[1]), spec(f, CL[0], *CL[1])], then=FLAT, dim=1)
    add("cat", [spec(f, PERM3[0], *PERM3[1]), spec(f, PERM3[0], *PERM3[1])], then=FLAT, dim=2)


def main():
    print(json.dumps({"format": "ops-golden/1", "generator": f"torch {torch.__version__}",
                      "seed": "ops"}))
    for line in cases():
        print(json.dumps(line, separators=(",", ":")))


if __name__ == "__main__":
    sys.exit(main())
