#!/usr/bin/env python3
"""Records the strides PyTorch gives the results of element-wise ops, for
`map` (as `torch.exp(x)`) and `zip_map` (as `torch.add(a, b)`), over inputs
built with `as_strided` on a fresh storage: contiguous, transposed, permuted,
channels-last (with size-1 dims anywhere), sliced, expanded, size-1 dims
with odd strides, empty, 0-d, broadcast pairs, and seeded random layouts.

Both inputs of a case have one floating dtype: with mixed dtypes (or an
integer input to `exp`) PyTorch's CPU path first converts an input with
`.to(dtype)`, a copy that lays a non-dense input out afresh, so the result
follows that copy rather than the input; `zip_map` has no type promotion
and follows its inputs as they are.

One JSON object per line:
    {"op": "map" | "zip", "a": INPUT, "b": INPUT (zip only),
     "shape": [...], "stride": [...]}
where INPUT is {"shape", "stride", "offset", "dtype"} and "shape"/"stride"
are the result's. tests/elementwise_layouts.rs replays every case.

    PY=/tmp/torchenv/bin/python
    $PY tools/golden/elementwise_layouts.py > tests/elementwise/layouts.jsonl
    # check a file against the installed torch (prints the differing lines)
    $PY tools/golden/elementwise_layouts.py --check tests/elementwise/layouts.jsonl
"""

import itertools
import json
import random
import sys

import torch

DTYPES = {"f32": torch.float32, "f64": torch.float64}


def make(inp):
    """A tensor with the input's layout over a fresh storage just big enough."""
    shape, stride, offset = inp["shape"], inp["stride"], inp["offset"]
    if 0 in shape:
        need = offset + 1
    else:
        need = offset + sum((s - 1) * st for s, st in zip(shape, stride)) + 1
    base = torch.arange(need).to(DTYPES[inp["dtype"]])
    return base.as_strided(shape, stride, offset)


def record(op, a, b=None):
    if op == "map":
        out = torch.exp(make(a))
    else:
        out = torch.add(make(a), make(b))
    case = {"op": op, "a": a}
    if b is not None:
        case["b"] = b
    case["shape"] = list(out.shape)
    case["stride"] = list(out.stride())
    return case


def inp(shape, stride, offset=0, dtype="f32"):
    return {"shape": list(shape), "stride": list(stride), "offset": offset, "dtype": dtype}


def dense(shape, order, steps=None):
    """Strides of `shape` stored with its dims in `order` (outermost first),
    each dim stepped by `steps[d]` (a slice with a step)."""
    steps = steps or [1] * len(shape)
    stride = [0] * len(shape)
    running = 1
    for d in reversed(order):
        stride[d] = running * steps[d]
        running *= max(shape[d], 1) * steps[d]
    return stride


def families():
    """Hand-picked inputs: each family names the rule it exercises."""
    maps = []
    # every permutation of a 3-d tensor, plain and with one dim stepped
    for order in itertools.permutations(range(3)):
        maps.append(inp([2, 3, 4], dense([2, 3, 4], list(order))))
        maps.append(inp([2, 3, 4], dense([2, 3, 4], list(order), [1, 2, 1])))
    # 4-d: channels-last (NHWC storage), with a size-1 dim in each place
    for shape in ([2, 3, 4, 5], [1, 3, 4, 5], [2, 1, 4, 5], [2, 3, 1, 5], [2, 3, 4, 1], [2, 3, 1, 1]):
        maps.append(inp(shape, dense(shape, [0, 2, 3, 1])))
        maps.append(inp(shape, dense(shape, [3, 2, 1, 0])))
        maps.append(inp(shape, dense(shape, [0, 2, 3, 1]), offset=3))
    # 5-d channels-last-3d storage
    maps.append(inp([2, 3, 2, 2, 2], dense([2, 3, 2, 2, 2], [0, 2, 3, 4, 1])))
    maps.append(inp([2, 1, 2, 2, 2], dense([2, 1, 2, 2, 2], [0, 2, 3, 4, 1])))
    # size-1 dims with odd strides (0, 7, huge) in dense and non-dense tensors
    for s1 in (0, 1, 7, 1000):
        maps.append(inp([3, 1, 4], [1, s1, 3]))
        maps.append(inp([3, 1, 4], [4, s1, 1]))
        maps.append(inp([1, 4, 3], [s1, 1, 4]))
        maps.append(inp([3, 1, 4], [2, s1, 6]))
    # sliced, expanded, overlapping
    maps.append(inp([4, 3], [6, 2]))  # x[:, ::2]
    maps.append(inp([4, 3], [1, 8]))  # x.t()[:, ::2]
    maps.append(inp([4, 3], [0, 1]))  # expand of a row
    maps.append(inp([4, 3], [1, 0]))  # expand of a column
    maps.append(inp([4, 3, 2], [0, 1, 3]))
    maps.append(inp([4, 3], [1, 1]))  # overlapping windows
    maps.append(inp([3, 4], [1, 1]))
    # empty and 0-d
    for shape, stride in (([0], [1]), ([0, 3], [1, 0]), ([3, 0], [1, 3]), ([3, 0, 2], [1, 6, 3]),
                          ([2, 0, 3], [1, 6, 2]), ([], []), ([1], [5]), ([1, 1], [0, 0])):
        maps.append(inp(shape, stride))
    zips = []
    for a, b in (
        (inp([4, 4], [1, 4]), inp([4, 4], [1, 4])),  # both transposed
        (inp([4, 4], [1, 4]), inp([4, 4], [4, 1])),  # first transposed
        (inp([4, 4], [4, 1]), inp([4, 4], [1, 4])),  # second transposed
        (inp([4, 4], [1, 4]), inp([4], [1])),  # transposed + row
        (inp([4], [1]), inp([4, 4], [1, 4])),  # row + transposed
        (inp([4, 1], [1, 1]), inp([4, 4], [1, 4])),  # column + transposed
        (inp([4, 1], [1, 1]), inp([1, 4], [4, 1])),  # column + row
        (inp([1, 4], [4, 1]), inp([4, 1], [1, 1])),  # row + column
        (inp([], []), inp([4, 4], [1, 4])),  # 0-d + transposed
        (inp([4, 4], [1, 4]), inp([], [])),
        (inp([2, 3, 4], dense([2, 3, 4], [2, 0, 1])), inp([3, 4], dense([3, 4], [1, 0]))),
        (inp([2, 3, 4], dense([2, 3, 4], [1, 2, 0])), inp([2, 3, 4], dense([2, 3, 4], [2, 1, 0]))),
        (inp([2, 3, 4], dense([2, 3, 4], [1, 2, 0])), inp([2, 3, 4], dense([2, 3, 4], [1, 2, 0]), 5)),
        (inp([2, 3, 4, 5], dense([2, 3, 4, 5], [0, 2, 3, 1])),
         inp([2, 3, 4, 5], dense([2, 3, 4, 5], [0, 2, 3, 1]))),
        (inp([2, 3, 4, 5], dense([2, 3, 4, 5], [0, 2, 3, 1])), inp([3, 1, 1], [1, 1, 1])),
        (inp([2, 3, 4, 5], dense([2, 3, 4, 5], [0, 2, 3, 1])), inp([5], [1])),
        (inp([3, 1, 4], [1, 0, 3]), inp([3, 1, 4], [1, 0, 3])),  # same dense strides
        (inp([3, 1, 4], [1, 0, 3]), inp([3, 1, 4], [1, 5, 3])),  # differ at size 1 only
        (inp([3, 4], [1, 3], dtype="f64"), inp([3, 4], [4, 1], dtype="f64")),
        (inp([4, 3], [6, 2]), inp([4, 3], [1, 4])),  # sliced + transposed
        (inp([4, 3], [0, 1]), inp([4, 3], [1, 4])),  # expanded + transposed
        (inp([4, 3], [1, 1]), inp([4, 3], [1, 4])),  # overlapping + transposed
        (inp([2, 0, 3], [1, 6, 2]), inp([3], [1])),  # empty
        (inp([0, 3], [1, 0]), inp([0, 3], [3, 1])),
        (inp([3, 2, 0], [1, 3, 6]), inp([3, 2, 1], [1, 3, 6])),
    ):
        zips.append((a, b))
    return maps, zips


def random_layout(rng, shape):
    """A permuted, maybe stepped layout of `shape`, with odd size-1 strides
    and some broadcast dims."""
    n = len(shape)
    order = list(range(n))
    rng.shuffle(order)
    steps = [rng.choice([1, 1, 1, 2]) for _ in range(n)] if rng.random() < 0.3 else None
    stride = dense(shape, order, steps)
    for d in range(n):
        if shape[d] == 1 and rng.random() < 0.5:
            stride[d] = rng.choice([0, 1, 2, 5, 100])
        if rng.random() < 0.08:
            stride[d] = 0
    return stride


def random_cases(seed, count):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([0, 1, 2, 3, 3, 4, 4, 5])
        sizes = [0, 1, 2, 3, 4] if rng.random() < 0.15 else [1, 1, 2, 3, 4]
        shape = [rng.choice(sizes) for _ in range(n)]
        a = inp(shape, random_layout(rng, shape), rng.choice([0, 0, 2]), rng.choice(["f32", "f64"]))
        if rng.random() < 0.35:
            out.append(("map", a, None))
            continue
        r = rng.random()
        if r < 0.45:
            b_shape = list(shape)
        elif r < 0.8:
            b_shape = [1 if rng.random() < 0.4 else v for v in shape]
        else:
            b_shape = shape[rng.randint(0, n):] if n else []
        if b_shape == shape and rng.random() < 0.4:
            b_stride = list(a["stride"])  # shared layout (the fast path)
        else:
            b_stride = random_layout(rng, b_shape)
        b = inp(b_shape, b_stride, rng.choice([0, 1]), a["dtype"])
        if rng.random() < 0.3:
            a, b = b, a
        out.append(("zip", a, b))
    return out


def all_cases():
    maps, zips = families()
    cases = [record("map", a) for a in maps]
    cases += [record("zip", a, b) for a, b in zips]
    cases += [record(op, a, b) for op, a, b in random_cases(6, 700)]
    return cases


def main():
    lines = [json.dumps(c, separators=(",", ":")) for c in all_cases()]
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            old = f.read().splitlines()
        bad = [(i, a, b) for i, (a, b) in enumerate(zip(old, lines)) if a != b]
        for i, a, b in bad[:10]:
            print(f"line {i + 1}:\n  file:  {a}\n  torch: {b}")
        print(f"{len(lines)} cases, {len(bad)} differ, {abs(len(old) - len(lines))} missing or extra")
        sys.exit(1 if bad or len(old) != len(lines) else 0)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
