"""Golden cases of the model-block ops `layer_norm`, `rms_norm`, `tril` and
`triu` (format `ops-golden/1`, tests/golden/FORMAT.md), run through real
PyTorch:

    $PY model_ops_cases.py > ../../tests/golden/model_ops.jsonl

Inputs follow `ops_cases.value_of`: input 0 is `x`, then (norms) the weight
and the bias when the case has them.
"""

import json
import sys

import torch
import torch.nn.functional as F

from ops_cases import FLOATS, make, record, spec


def run(op, args, tensors):
    x, rest = tensors[0], tensors[1:]
    weight = rest[0] if len(rest) > 0 else None
    if op == "layer_norm":
        bias = rest[1] if len(rest) > 1 else None
        return [F.layer_norm(x, args["normalized_shape"], weight, bias, args["eps"])]
    if op == "rms_norm":
        return [F.rms_norm(x, args["normalized_shape"], weight, args["eps"])]
    if op in ("tril", "triu"):
        return [getattr(torch, op)(x, args["diagonal"])]
    raise ValueError(op)


def case(n, op, inputs, **args):
    tensors = [make(s, i)[1] for i, s in enumerate(inputs)]
    line = {"id": f"op-{op}-{n}", "op": op, "args": args, "inputs": inputs}
    try:
        line["result"] = {"outputs": [record(t) for t in run(op, args, tensors)]}
    except Exception as e:  # PyTorch's error, recorded
        line["result"] = {"error": {"kind": type(e).__name__,
                                    "message": str(e).split("\n")[0]}}
    return line


T01 = {"op": "transpose", "dim0": 0, "dim1": 1}


def cases():
    n = 0
    out = []

    def add(op, inputs, **args):
        nonlocal n
        n += 1
        out.append(case(n, op, inputs, **args))

    for d in FLOATS:
        for shape, ops, norm in [([2, 5], [], [5]), ([3, 4], [T01], [3]),
                                 ([2, 3, 4], [], [3, 4]), ([7], [], [7]),
                                 ([0, 3], [], [3]), ([4, 6], [T01], [6, 4])]:
            x = spec(d, shape, *ops)
            w, b = spec(d, norm), spec(d, norm)
            add("layer_norm", [x], normalized_shape=norm, eps=1e-5)
            add("layer_norm", [x, w, b], normalized_shape=norm, eps=1e-5)
            add("layer_norm", [x, w], normalized_shape=norm, eps=0.1)
            add("rms_norm", [x], normalized_shape=norm, eps=None)
            add("rms_norm", [x, w], normalized_shape=norm, eps=1e-6)
    f = "float32"
    # PyTorch's checks and their order
    add("layer_norm", [spec(f, [2, 3])], normalized_shape=[4], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3])], normalized_shape=[2, 3, 4], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3])], normalized_shape=[], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3]), spec(f, [4])], normalized_shape=[3], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3]), spec(f, [1, 3])], normalized_shape=[3], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3]), spec(f, [3]), spec(f, [2])],
        normalized_shape=[3], eps=1e-5)
    add("layer_norm", [spec(f, [2, 3]), spec(f, [4]), spec(f, [5])],
        normalized_shape=[4], eps=1e-5)
    add("rms_norm", [spec(f, [2, 3])], normalized_shape=[4], eps=None)
    add("rms_norm", [spec(f, [4, 2, 3])], normalized_shape=[2, 4], eps=None)
    add("rms_norm", [spec(f, [2, 3])], normalized_shape=[2, 3, 4], eps=None)
    add("rms_norm", [spec(f, [3]), spec(f, [2])], normalized_shape=[2, 3], eps=None)
    add("rms_norm", [spec(f, [2, 3])], normalized_shape=[], eps=None)
    add("rms_norm", [spec(f, [2, 3]), spec(f, [1, 3])], normalized_shape=[3], eps=None)
    # tril and triu: every dtype class, batches, strided views, diagonals
    # past either edge, and PyTorch's rank error
    for d in ["bool", "int64", "uint8", "float16", "float32", "complex64"]:
        for shape, ops in [([3, 4], []), ([2, 3, 4], []), ([4, 3], [T01]),
                           ([2, 5, 3], [{"op": "transpose", "dim0": 1, "dim1": 2}]),
                           ([0, 3], [])]:
            for diagonal in [0, 1, -1, 5, -5]:
                for op in ("tril", "triu"):
                    add(op, [spec(d, shape, *ops)], diagonal=diagonal)
    add("tril", [spec(f, [3])], diagonal=0)
    add("triu", [spec(f, [])], diagonal=0)
    return out


def main():
    print(json.dumps({"format": "ops-golden/1", "generator": f"torch {torch.__version__}",
                      "seed": "model_ops"}))
    for line in cases():
        print(json.dumps(line, separators=(",", ":")))


if __name__ == "__main__":
    sys.exit(main())
