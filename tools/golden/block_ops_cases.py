"""Golden cases of the model-block ops that had none (format `ops-golden/1`,
tests/golden/FORMAT.md): `sigmoid`, `gelu_tanh` (`F.gelu(x,
approximate='tanh')`), `rsqrt`, `abs`, `pow` by a scalar, the comparisons
`eq ne lt le gt ge` (tensor with tensor, broadcast, and with a scalar),
`argmin`, `index_select` and `embedding`, run through real PyTorch:

    $PY block_ops_cases.py > ../../tests/golden/block_ops.jsonl

Inputs follow `ops_cases.value_of`, or, for edge values (signed zeros,
infinities, NaN, subnormals, integer extremes) and indices, give their
`values` explicitly; those are stored as the dtype holds them, so any
reader converts them exactly.
"""

import json
import math
import sys

import torch
import torch.nn.functional as F

from ops_cases import FLOATS, INTS, ORDERED, PAIRS, SHAPES, encode, make, record, scalar, spec

INF, NAN = math.inf, math.nan
# the smallest subnormals' neighbourhood of each float dtype
SUBNORMAL = {"float16": 3e-6, "bfloat16": 1e-39, "float32": 1e-40, "float64": 1e-310}
COMPARISONS = ["eq", "ne", "lt", "le", "gt", "ge"]


def edge_values(dtype):
    s = SUBNORMAL[dtype]
    return [0.0, -0.0, INF, -INF, NAN, s, -s, 2.5, -2.5, 0.75, -0.75, 30.0, -30.0, 1.0]


def given(dtype, shape, values, *ops):
    """An input of explicit values, stored as `dtype` holds them."""
    held = torch.tensor(values, dtype=getattr(torch, dtype)).reshape(-1).tolist()
    return {"dtype": dtype, "shape": shape, "values": [encode(v) for v in held],
            "ops": list(ops)}


def build(s, i):
    if "values" not in s:
        return make(s, i)[1]
    values = [v if not isinstance(v, str) else float(v) for v in s["values"]]
    t = torch.tensor(values, dtype=getattr(torch, s["dtype"])).reshape(s["shape"])
    return apply_ops(t, s["ops"])


def apply_ops(t, ops):
    for op in ops:
        if op["op"] == "transpose":
            t = t.transpose(op["dim0"], op["dim1"])
        elif op["op"] == "narrow":
            t = t.narrow(op["dim"], op["start"], op["length"])
        elif op["op"] == "expand":
            t = t.expand(op["sizes"])
        elif op["op"] == "permute":
            t = t.permute(op["dims"])
        else:
            raise ValueError(op["op"])
    return t


def run(op, args, ts):
    a = ts[0]
    if op in ("sigmoid", "rsqrt", "abs"):
        return [getattr(torch, op)(a)]
    if op == "gelu_tanh":
        return [F.gelu(a, approximate="tanh")]
    if op == "pow_scalar":
        return [torch.pow(a, args["exponent"])]
    if op in COMPARISONS:
        return [getattr(torch, op)(a, ts[1])]
    if op.endswith("_scalar") and op.removesuffix("_scalar") in COMPARISONS:
        value = args["value"]
        value = float(value) if isinstance(value, str) else value  # "inf", "nan"
        return [getattr(torch, op.removesuffix("_scalar"))(a, value)]
    if op == "argmin":
        return [torch.argmin(a, args["dim"], keepdim=args["keepdim"])]
    if op == "index_select":
        return [torch.index_select(a, args["dim"], ts[1])]
    if op == "embedding":
        return [F.embedding(a, ts[1])]
    raise ValueError(op)


def case(n, op, inputs, **args):
    line = {"id": f"op-{op}-{n}", "op": op, "args": args, "inputs": inputs}
    try:
        ts = [build(s, i) for i, s in enumerate(inputs)]
        line["result"] = {"outputs": [record(t) for t in run(op, args, ts)]}
    except Exception as e:  # PyTorch's error, recorded
        line["result"] = {"error": {"kind": type(e).__name__,
                                    "message": str(e).split("\n")[0]}}
    return line


T01 = {"op": "transpose", "dim0": 0, "dim1": 1}


def unary_cases(add):
    for op, dtypes in [("sigmoid", FLOATS), ("gelu_tanh", FLOATS), ("rsqrt", FLOATS),
                       ("abs", ORDERED)]:
        for d in dtypes:
            for s, o in SHAPES:
                add(op, [spec(d, s, *o)])
            if d in FLOATS:
                add(op, [given(d, [14], edge_values(d))])
                add(op, [given(d, [7, 2], edge_values(d), T01)])
    for d in ["int8", "int16", "int32", "int64"]:
        bits = int(d.removeprefix("int"))
        add("abs", [given(d, [4], [-2 ** (bits - 1), 2 ** (bits - 1) - 1, 0, -1])])
    add("abs", [given("uint8", [3], [0, 255, 7])])
    # large inputs: the tanh form's cube overflows, sigmoid saturates
    for d in FLOATS:
        big = [-1e4, -88.0, -10.0, 10.0, 88.0, 1e4, 6e4]
        add("sigmoid", [given(d, [7], big)])
        add("gelu_tanh", [given(d, [7], big)])
    for d in FLOATS:
        for exponent in [2.0, 3.0, 0.5, -0.5, -1.0, -2.0, 1.5, 0.0, 1.0, 4.0, -3.0, 2.5]:
            add("pow_scalar", [spec(d, [3, 2], T01)], exponent=exponent)
            add("pow_scalar", [given(d, [14], edge_values(d))], exponent=exponent)
        add("pow_scalar", [spec(d, [2, 3, 2], *SHAPES[4][1])], exponent=2.0)
        add("pow_scalar", [spec(d, [0, 2])], exponent=3.0)
        add("pow_scalar", [spec(d, [])], exponent=-0.5)


def comparison_cases(add):
    for op in COMPARISONS:
        for d in ["bool", "uint8", "int32", "int64", "float16", "bfloat16", "float32",
                  "float64"]:
            if d == "bool" and op not in ("eq", "ne"):
                continue
            for sa, oa, sb, ob in PAIRS:
                add(op, [spec(d, sa, *oa), spec(d, sb, *ob)])
            if d in INTS or d == "bool":
                continue
            # every pair of edge values, both ways
            e = edge_values(d)
            add(op, [given(d, [14, 1], e), given(d, [14], e)])
            add(op, [given(d, [14, 1], e, {"op": "expand", "sizes": [14, 3]}),
                     given(d, [3, 14], e * 3, T01)])
        for d in ["int64", "float32", "bfloat16"]:
            for s, o in SHAPES:
                add(op + "_scalar", [spec(d, s, *o)], value=scalar(d, 1))
            add(op + "_scalar", [spec(d, [3, 4])], value=scalar(d, -2))
        for value in [0.0, -0.0, INF, -INF, NAN, 2.5]:
            add(op + "_scalar", [given("float32", [14], edge_values("float32"))],
                value=encode(value))


def argmin_cases(add):
    for d in ORDERED:
        for s, o in SHAPES + [([2, 0], [])]:
            for dim in (0, 1, -1, 2, -3):
                add("argmin", [spec(d, s, *o)], dim=dim, keepdim=dim == 1)
            add("argmin", [spec(d, s, *o)], dim=-1, keepdim=True)
            add("argmin", [spec(d, s, *o)], dim=None, keepdim=False)
            add("argmin", [spec(d, s, *o)], dim=None, keepdim=True)
    for d in FLOATS:
        e = edge_values(d)
        for dim in (0, 1, None):
            add("argmin", [given(d, [7, 2], e)], dim=dim, keepdim=False)
            add("argmin", [given(d, [2, 7], e, T01)], dim=dim, keepdim=True)
        # ties, -0.0 against 0.0, and -inf first or last
        add("argmin", [given(d, [6], [1.0, -0.0, 0.0, -INF, 5.0, -INF])], dim=0, keepdim=False)
        add("argmin", [given(d, [4], [0.0, -0.0, 0.0, 1.0])], dim=0, keepdim=False)


def index_cases(add):
    i64 = "int64"
    for d in ["bool", "uint8", "int64", "float16", "float32", "float64", "complex64"]:
        for dim in (0, 1, -1, -2):
            add("index_select", [spec(d, [4, 3]), given(i64, [3], [2, 0, 2])], dim=dim)
            add("index_select", [spec(d, [3, 4], T01), given(i64, [4], [1, 1, 0, 2])],
                dim=dim)
        add("index_select", [spec(d, [2, 3, 4], {"op": "permute", "dims": [2, 0, 1]}),
                             given(i64, [2], [1, 0])], dim=2)
        add("index_select", [spec(d, [5]), given(i64, [0], [])], dim=0)
        add("index_select", [spec(d, [4, 3]), given(i64, [0], [])], dim=1)
        add("index_select", [spec(d, []), given(i64, [1], [0])], dim=0)
        add("index_select", [spec(d, []), given(i64, [], [0])], dim=-1)
        add("index_select", [spec(d, [6]), given(i64, [], [5])], dim=0)
    f = "float32"
    # PyTorch's checks, in order
    for x, index, dim in [
        (spec(f, [4, 3]), given(i64, [2], [0, 4]), 0),
        (spec(f, [4, 3]), given(i64, [2], [0, 3]), 1),
        (spec(f, [4, 3]), given(i64, [1], [-1]), 0),
        (spec(f, [4, 3]), given(i64, [1], [-1]), 1),
        (spec(f, [5]), given(i64, [1], [5]), 0),
        (spec(f, [2, 3, 4]), given(i64, [1], [3]), 1),
        (spec(f, [2, 3, 4]), given(i64, [1], [4]), 2),
        (spec(f, [4, 3]), given(i64, [2], [0, 1]), 2),
        (spec(f, [4, 3]), given(i64, [2], [0, 1]), -3),
        (spec(f, [4, 3]), given(i64, [2, 1], [0, 1]), 0),
        (spec(f, []), given(i64, [2], [0, 0]), 0),
        (spec(f, []), given(i64, [1], [1]), 0),
        (spec(f, [0, 3]), given(i64, [1], [0]), 0),
        (spec(f, [2, 0]), given(i64, [1], [2]), 0),
    ]:
        add("index_select", [x, index], dim=dim)


def embedding_cases(add):
    """`F.embedding(ids, weight)` with a [5, 4] table (our `Embedding<T, 5,
    4>`), ids of rank 1 or 2."""
    i64 = "int64"
    for d in ["float16", "bfloat16", "float32", "float64", "int32"]:
        for weight in [spec(d, [5, 4]), spec(d, [4, 5], T01)]:
            add("embedding", [given(i64, [2, 3], [4, 0, 2, 2, 1, 3]), weight])
            add("embedding", [given(i64, [3, 2], [4, 0, 2, 2, 1, 3], T01), weight])
            add("embedding", [given(i64, [4], [0, 0, 4, 1]), weight])
            add("embedding", [given(i64, [0, 3], []), weight])
    f = "float32"
    for ids in [[5], [-1], [0, 7]]:
        add("embedding", [given(i64, [1, len(ids)], ids), spec(f, [5, 4])])


def cases():
    out = []
    n = 0

    def add(op, inputs, **args):
        nonlocal n
        n += 1
        out.append(case(n, op, inputs, **args))

    unary_cases(add)
    comparison_cases(add)
    argmin_cases(add)
    index_cases(add)
    embedding_cases(add)
    return out


def main():
    print(json.dumps({"format": "ops-golden/1", "generator": f"torch {torch.__version__}",
                      "seed": "block_ops"}))
    for line in cases():
        print(json.dumps(line, separators=(",", ":")))


if __name__ == "__main__":
    sys.exit(main())
