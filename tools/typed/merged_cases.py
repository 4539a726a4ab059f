#!/usr/bin/env python3
"""Writes tests/typed_merged_oracle.rs: the run-time oracle of merged named
dims in the tuple form (`typed::Merged`, the view rule of typed::rules::view).

ACCEPTED: a random row-major tuple of static dims, `One` and the named dims
`B` and `T` is viewed with an `Infer` (PyTorch's -1) over a random span that
holds at least one named dim, or with the span written as its `Merged` dim;
the test states the result type this file computes (the span's factors in
order, adjacent static sizes multiplied, 1s dropped, one name alone itself),
so it must compile, with no `Result`. Then the merged tensor goes through an
element-wise op (a fresh tensor, which must carry the factors' sizes) or not,
and is split back to a random refactoring of the input shape. Each step is
compared with the dynamic view (shape, strides, offset, values) for batches
0 to 3, and with real PyTorch's shape.

REJECTED: a typed target of the wrong size for a merged tensor, viewed at run
time (`view_typed`), fails with real PyTorch's message for batches 2 and 3.

Fixed seed; run from the repository root:
    /work/venv/bin/python tools/typed/merged_cases.py
"""
import random

import torch

random.seed(40)
OUT = "tests/typed_merged_oracle.rs"
NAMES = ["B", "T"]


def dim_text(d):
    if isinstance(d, str):
        return d
    if isinstance(d, tuple):
        return "Merged<(" + ", ".join(dim_text(f) for f in d) + ")>"
    return "One" if d == 1 else f"D<{d}>"


def tup(ds):
    return "(" + "".join(dim_text(d) + ", " for d in ds) + ")"


def size(d, sizes):
    if isinstance(d, str):
        return sizes[d]
    if isinstance(d, tuple):
        p = 1
        for f in d:
            p *= size(f, sizes)
        return p
    return d


def canon(span):
    """The dim a span of dims merges into."""
    out = []
    for d in span:
        if isinstance(d, str):
            out.append(d)
        elif d == 1:
            continue
        elif out and not isinstance(out[-1], str):
            out[-1] *= d
        else:
            out.append(d)
    if len(out) == 1:
        return out[0]
    return tuple(out)


def random_shape():
    rank = random.randint(2, 5)
    names = random.sample(NAMES, random.randint(1, 2))
    slots = sorted(random.sample(range(rank), len(names)))
    random.shuffle(names)
    shape = []
    for i in range(rank):
        if i in slots:
            shape.append(names[slots.index(i)])
        else:
            shape.append(random.choice([1, 2, 2, 3, 4, 5, 6]))
    return shape


def refactor(shape):
    """A random target with the same skeleton: static runs refactored."""
    out, run = [], 1
    for d in shape + ["END"]:
        if isinstance(d, str):
            out += split_run(run)
            run = 1
            if d != "END":
                out.append(d)
        else:
            run *= d
    return out


def split_run(p):
    if p == 1:
        return random.choice([[], [], [1]])
    fs, n, q = [], p, 2
    while n > 1:
        while n % q == 0:
            fs.append(q)
            n //= q
        q += 1
    random.shuffle(fs)
    parts = []
    for f in fs:
        if parts and random.random() < 0.5:
            parts[-1] *= f
        else:
            parts.append(f)
    return parts


def torch_view(shape_sizes, target_sizes):
    x = torch.arange(max(1, int(torch.tensor(shape_sizes).prod())), dtype=torch.float32)
    x = x[: int(torch.tensor(shape_sizes).prod())].reshape(shape_sizes)
    try:
        return list(x.view(target_sizes).shape), None
    except RuntimeError as e:
        return None, str(e)


accepted, rejected = [], []
while len(accepted) < 60:
    shape = random_shape()
    if len(shape) > 6:
        continue
    name_at = [i for i, d in enumerate(shape) if isinstance(d, str)]
    lo = random.randint(0, name_at[0])
    first = random.choice(name_at)
    lo = random.randint(0, first)
    last = random.choice([i for i in name_at if i >= first])
    hi = random.randint(last, len(shape) - 1)
    span = shape[lo:hi + 1]
    if len(span) < 2:
        continue
    merged = canon(span)
    explicit = random.random() < 0.3
    target = shape[:lo] + ([merged] if explicit else ["Infer"]) + shape[hi + 1:]
    result = shape[:lo] + [merged] + shape[hi + 1:]
    back = refactor(shape)
    if len(back) > 6:
        continue
    op = random.choice(["none", "exp", "none"])
    t = random.choice([1, 2, 3])
    # real PyTorch agrees on the shapes for a batch of 2 and 3
    for b in [2, 3]:
        sizes = {"B": b, "T": t}
        s_in = [size(d, sizes) for d in shape]
        want = [size(d, sizes) for d in result]
        got, err = torch_view(s_in, [(-1 if d == "Infer" else size(d, sizes)) for d in target])
        assert got == want, (shape, target, got, want, err)
        got, err = torch_view(want, [size(d, sizes) for d in back])
        assert got == [size(d, sizes) for d in back], (result, back, err)
    accepted.append((shape, target, result, back, op, t))

while len(rejected) < 12:
    shape = random_shape()
    name_at = [i for i, d in enumerate(shape) if isinstance(d, str)]
    if len(shape) < 2:
        continue
    merged = canon(shape)
    if not isinstance(merged, tuple):
        continue
    wrong = random.choice([5, 7, 9])
    target = [merged, wrong] if random.random() < 0.5 else [wrong, merged]
    t = random.choice([2, 3])
    msgs = []
    for b in [2, 3]:
        sizes = {"B": b, "T": t}
        n = size(merged, sizes)
        got, err = torch_view([n], [size(d, sizes) for d in target])
        assert got is None
        msgs.append((b, err))
    rejected.append((shape, merged, target, t, msgs))


def rust_list(xs):
    return "&[" + ", ".join(xs) + "]"


def sizes_expr(ds):
    parts = []
    for d in ds:
        if isinstance(d, str):
            parts.append("b" if d == "B" else "t")
        elif isinstance(d, tuple):
            parts.append("(" + " * ".join("b" if f == "B" else "t" if f == "T" else str(f) for f in d) + ")")
        else:
            parts.append(str(d))
    return rust_list(parts)


lines = [
    "#![allow(clippy::type_complexity, clippy::identity_op, unused_variables)]",
    "//! GENERATED by `tools/typed/merged_cases.py` (seed 40): do not edit by hand.",
    "//!",
    "//! The run-time oracle of merged named dims (`typed::Merged`): views that",
    "//! merge named dims with `Infer` or a written `Merged` dim, typed as this",
    "//! file states (so they compile, with no `Result`), and split back after an",
    "//! element-wise op or none, each equal to the dynamic view for batches 0 to",
    "//! 3; and run-time views of a merged tensor to a wrong size, failing with",
    "//! real PyTorch's message.",
    "use tensor_view::typed::{Infer, Merged};",
    "use tensor_view::{dims, One, Tensor, D};",
    "",
    "dims!(B, T);",
    "",
    "fn filled(shape: &[usize]) -> Tensor<f32> {",
    "    let n: usize = shape.iter().product();",
    "    Tensor::<f32>::from_vec((0..n).map(|i| i as f32 / 16.0).collect(), shape).unwrap()",
    "}",
    "",
    "fn same<S, R>(v: &Tensor<f32, S>, w: &Tensor<f32, R>) {",
    "    assert_eq!(",
    "        (v.shape(), v.stride(), v.storage_offset()),",
    "        (w.shape(), w.stride(), w.storage_offset())",
    "    );",
    "    assert_eq!(v.to_vec(), w.to_vec());",
    "}",
    "",
    "#[test]",
    "fn accepted_merges_and_splits_equal_the_dynamic_views() {",
]
for k, (shape, target, result, back, op, t) in enumerate(accepted):
    lines.append(f"    // case {k}: {tup(shape)} -> {tup(target)} is {tup(result)}, {op}, -> {tup(back)}")
    lines.append(f"    let t = {t}usize;")
    lines.append("    for b in [0usize, 1, 2, 3] {")
    lines.append(f"        let d = filled({sizes_expr(shape)});")
    lines.append(f"        let x: Tensor<f32, {tup(shape)}> = d.clone().into_static().unwrap();")
    lines.append(f"        let m: Tensor<f32, {tup(result)}> = x.view_to::<{tup(target)}>();")
    lines.append(f"        let dm = d.view({sizes_expr(result)}).unwrap();")
    lines.append("        same(&m, &dm);")
    lines.append("        assert!(m.shares_storage(&x));")
    if op == "exp":
        lines.append("        let (m, dm) = (m.exp(), dm.exp());")
    lines.append(f"        let s: Tensor<f32, {tup(back)}> = m.view_to::<{tup(back)}>();")
    lines.append(f"        same(&s, &dm.view({sizes_expr(back)}).unwrap());")
    lines.append("    }")
lines.append("}")
lines.append("")
lines.append("#[test]")
lines.append("fn rejected_run_time_views_fail_with_pytorch_messages() {")
for k, (shape, merged, target, t, msgs) in enumerate(rejected):
    lines.append(f"    // case {k}: {tup(shape)} -> ({dim_text(merged)},) -> {tup(target)}")
    lines.append(f"    let t = {t}usize;")
    for b, msg in msgs:
        lines.append("    {")
        lines.append(f"        let b = {b}usize;")
        lines.append(f"        let x: Tensor<f32, {tup(shape)}> = filled({sizes_expr(shape)}).into_static().unwrap();")
        lines.append(f"        let m: Tensor<f32, ({dim_text(merged)},)> = x.view_to::<(Infer,)>();")
        lines.append(f"        let e = m.view_typed::<{tup(target)}>().unwrap_err();")
        lines.append(f"        assert_eq!(e.to_string(), {msg!r});".replace("{msg!r}", '"' + msg.replace('"', '\\"') + '"'))
        lines.append("    }")
lines.append("}")
open(OUT, "w").write("\n".join(lines) + "\n")
print(f"{len(accepted)} accepted, {len(rejected)} rejected")
