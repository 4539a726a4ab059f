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

FLATTENS: a random tuple of static sizes (0 and `One` among them) and the
named dims, row-major or permuted (`permute!`), flattened over a random range
(`flatten_dims`); the stated result type is the merge a view's `Infer` makes
(`AnyStrides` for a permuted input), compared with the dynamic `flatten`
(shape, strides, offset, values), then split back to the input's dims with
`view_to` and no `Result`.

JOINS: two to four merged tensors (by `flatten_dims` or a view to `Infer`)
stacked or concatenated along a static dim, then the merged dim split back
with `view_to` and no `Result` (the join carries the factors' sizes), each
compared with the dynamic ops; and joins of merged tensors of one size whose
factors differ by input, refused with PyTorch's message for the tensors the
merged dims stand for.

Shared helpers: tools/typed/common.py.

Fixed seed; run from the repository root:
    /work/venv/bin/python tools/typed/merged_cases.py
"""
import random

import torch

from common import dim_text, random_dims, tup

random.seed(40)
OUT = "tests/typed_merged_oracle.rs"
NAMES = ["B", "T"]


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


# FLATTENS: a random tuple of static sizes (0 and `One` among them) and the
# named dims B and T, row-major or permuted (`permute!`), flattened over a
# random range (negative ends half of the time). The result's type is the
# merge a view's `Infer` makes (`flat_canon`); PyTorch confirms its shape.
# A row-major input gives a view of it; a permuted one PyTorch's reshape,
# typed `AnyStrides`. Then an element-wise op or none, and a split back to
# the input's dims.


def flat_canon(span):
    """The one dim a flatten of `span` gives: `canon`, static-only as its
    product (1 as `One`)."""
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
    if not out:
        return 1
    if len(out) == 1:
        return out[0]
    return tuple(out)


def in_table(d):
    """Every static size of `d` is in the size table (to 2048 here)."""
    if isinstance(d, tuple):
        return all(in_table(f) for f in d)
    return isinstance(d, str) or d <= 2048


def sizes_of(ds, sizes):
    return [size(d, sizes) for d in ds]


flattens = []
while len(flattens) < 48:
    rank = random.randint(1, 6)
    dims = random_dims(rank, [0, 1, 1, 2, 3, 4, "B", "T", "B"])
    layout = random.choice(["tuple", "tuple", "permuted"])
    perm = list(range(rank))
    if layout == "permuted":
        random.shuffle(perm)
        if perm == sorted(perm):  # permute! of the identity is the tuple itself
            layout = "tuple"
    viewed = [dims[p] for p in perm]
    lo = random.randrange(rank)
    hi = random.randrange(lo, rank)
    start = lo - rank if random.random() < 0.5 else lo
    end = hi - rank if random.random() < 0.5 else hi
    merged = flat_canon(viewed[lo:hi + 1])
    if not in_table(merged):
        continue
    result = viewed[:lo] + [merged] + viewed[hi + 1:]
    op = random.choice(["none", "exp"]) if layout == "tuple" else "none"
    t = random.choice([1, 2, 3])
    for b in [2, 3]:
        sizes = {"B": b, "T": t}
        x = torch.zeros(sizes_of(dims, sizes)).permute(*perm)
        assert list(x.flatten(start, end).shape) == sizes_of(result, sizes)
    flattens.append((dims, layout, perm, viewed, start, end, result, op, t))


# JOINS: `n` tensors of one random shape (or, for a cat, of sizes differing
# along a static dim), each merged over a span holding a named dim by
# `flatten_dims` or a view to `Infer`, then stacked or concatenated
# (a `Result`: named dims), then the merged dim split back with `view_to`
# and no `Result` (the sizes carried through the join).
joins = []
while len(joins) < 24:
    rank = random.randint(2, 5)
    dims = random_dims(rank, [1, 2, 3, 4, "B", "T"])
    name_at = [i for i, d in enumerate(dims) if isinstance(d, str)]
    if not name_at:
        continue
    lo = random.randint(0, random.choice(name_at))
    hi = random.randint(max(lo + 1, name_at[-1] if random.random() < 0.5 else lo + 1), rank - 1) if lo + 1 < rank else None
    if hi is None:
        continue
    merged = flat_canon(dims[lo:hi + 1])
    if not isinstance(merged, tuple):
        continue
    m = dims[:lo] + [merged] + dims[hi + 1:]
    how = random.choice(["flatten", "infer"])
    n = random.randint(2, 4)
    kind = random.choice(["stack", "cat"])
    if kind == "stack":
        k = random.randint(0, len(m))
        dim = k - (len(m) + 1) if random.random() < 0.5 else k
        inputs = [dims] * n
        out = m[:k] + [n] + m[k:]
    else:
        statics = [i for i, d in enumerate(m) if not isinstance(d, (str, tuple))]
        if not statics:
            continue
        k = random.choice(statics)
        dim = k - len(m) if random.random() < 0.5 else k
        at = k if k < lo else k + (hi - lo)  # the same dim before the merge
        cuts = [random.choice([1, 2, 3]) for _ in range(n)]
        inputs = [dims[:at] + [c] + dims[at + 1:] for c in cuts]
        out = m[:k] + [sum(cuts)] + m[k + 1:]
    pos = out.index(merged)
    back = out[:pos] + dims[lo:hi + 1] + out[pos + 1:]
    if len(back) > 6:
        continue
    t = random.choice([1, 2, 3])
    for b in [2, 3]:
        sizes = {"B": b, "T": t}
        ms = [torch.zeros(sizes_of(d, sizes)).flatten(lo, hi) for d in inputs]
        y = torch.stack(ms, dim) if kind == "stack" else torch.cat(ms, dim)
        assert list(y.shape) == sizes_of(out, sizes)
        assert list(y.view(sizes_of(back, sizes)).shape) == sizes_of(back, sizes)
    joins.append((inputs, lo, hi, how, kind, dim, out, back, t))


def torch_error(f):
    try:
        f()
    except RuntimeError as e:
        return str(e)
    raise AssertionError("PyTorch took it")


# Joins of merged tensors of one size whose factors differ by input: each
# refused with PyTorch's message for the tensors the merged dims stand for.
JOIN_REFUSALS = [
    ("stack", 0, [(2, 3), (3, 2)],
     torch_error(lambda: torch.stack([torch.zeros(2, 3, 4), torch.zeros(3, 2, 4)], 0))),
    ("stack", -1, [(2, 3), (2, 3), (1, 6)],
     torch_error(lambda: torch.stack([torch.zeros(2, 3, 4), torch.zeros(2, 3, 4), torch.zeros(1, 6, 4)], -1))),
    ("cat", 1, [(2, 3), (3, 2)],
     torch_error(lambda: torch.cat([torch.zeros(2, 3, 4), torch.zeros(3, 2, 4)], 2))),
    ("cat", -1, [(2, 3), (2, 3), (6, 1)],
     torch_error(lambda: torch.cat([torch.zeros(2, 3, 4), torch.zeros(2, 3, 4), torch.zeros(6, 1, 4)], -1))),
]


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
    "//! real PyTorch's message. Then `flatten_dims` of row-major and permuted",
    "//! tuples (the merged dim a view's `Infer` gives), and stacks and cats of",
    "//! merged tensors, each split back with no `Result`, equal to the dynamic",
    "//! ops; and joins whose merged factors differ by input, refused in",
    "//! PyTorch's words.",
    "use tensor_view::typed::{AnyStrides, Cat, Infer, Merged, Stack};",
    "use tensor_view::{dims, permute, One, Tensor, D};",
    "",
    "dims!(B, T);",
    "",
    "fn filled(shape: &[usize]) -> Tensor<f32> {",
    "    filled_from(shape, 0)",
    "}",
    "",
    "fn filled_from(shape: &[usize], from: usize) -> Tensor<f32> {",
    "    let n: usize = shape.iter().product();",
    "    Tensor::<f32>::from_vec((from..from + n).map(|i| i as f32 / 16.0).collect(), shape).unwrap()",
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
lines.append("")
lines.append("#[test]")
lines.append("fn flattens_merge_as_views_do_and_split_back() {")
for k, (dims, layout, perm, viewed, start, end, result, op, t) in enumerate(flattens):
    permuted = layout == "permuted"
    typed = f"AnyStrides<{tup(result)}>" if permuted else tup(result)
    lines.append(f"    // flatten {k}: {tup(dims)} {layout} {perm} -> flatten_dims::<{start}, {end}>() = {typed}, {op}")
    lines.append(f"    let t = {t}usize;")
    lines.append("    for b in [0usize, 1, 2, 3] {")
    lines.append(f"        let d = filled({sizes_expr(dims)});")
    lines.append(f"        let x: Tensor<f32, {tup(dims)}> = d.clone().into_static().unwrap();")
    if permuted:
        lines.append(f"        let (x, d) = (permute!(x, {perm}), d.permute(&{perm}).unwrap());")
    lines.append(f"        let f: Tensor<f32, {typed}> = x.flatten_dims::<{start}, {end}>();")
    lines.append(f"        let df = d.flatten({start}, {end}).unwrap();")
    lines.append("        same(&f, &df);")
    if not permuted:
        lines.append("        assert!(f.shares_storage(&x));")
    if op == "exp":
        lines.append("        let (f, df) = (f.exp(), df.exp());")
    if permuted:
        # `view_to` of an `AnyStrides` tensor is typed row-major: split the
        # row-major copy (which carries the sizes too).
        lines.append("        let (f, df) = (f.contiguous(), df.contiguous().unwrap());")
    lines.append(f"        let s: Tensor<f32, {tup(viewed)}> = f.view_to::<{tup(viewed)}>();")
    lines.append(f"        same(&s, &df.view({sizes_expr(viewed)}).unwrap());")
    lines.append("    }")
lines.append("}")
lines.append("")
lines.append("#[test]")
lines.append("fn joins_of_merged_tensors_carry_the_sizes_to_split_back() {")
for k, (inputs, lo, hi, how, kind, dim, out, back, t) in enumerate(joins):
    lines.append(f"    // join {k}: {kind}::<{dim}> of {' '.join(tup(d) for d in inputs)} merged over {lo}..={hi} by {how} = {tup(out)} -> {tup(back)}")
    lines.append(f"    let t = {t}usize;")
    lines.append("    for b in [0usize, 1, 2, 3] {")
    for j, d in enumerate(inputs):
        lines.append(f"        let d{j} = filled_from({sizes_expr(d)}, {100 * j});")
        lines.append(f"        let x{j}: Tensor<f32, {tup(d)}> = d{j}.clone().into_static().unwrap();")
        if how == "flatten":
            lines.append(f"        let m{j} = x{j}.flatten_dims::<{lo}, {hi}>();")
        else:
            target = d[:lo] + ["Infer"] + d[hi + 1:]
            lines.append(f"        let m{j} = x{j}.view_to::<{tup(target)}>();")
        lines.append(f"        let e{j} = d{j}.flatten({lo}, {hi}).unwrap();")
    refs = ", ".join(f"&m{j}" for j in range(len(inputs)))
    dyns = ", ".join(f"e{j}" for j in range(len(inputs)))
    if kind == "stack":
        lines.append(f"        let y: Tensor<f32, {tup(out)}> = [{refs}].stack::<{dim}>().unwrap();")
        lines.append(f"        let dy = Tensor::stack(&[{dyns}], {dim}).unwrap();")
    else:
        lines.append(f"        let y: Tensor<f32, {tup(out)}> = ({refs},).cat::<{dim}>().unwrap();")
        lines.append(f"        let dy = Tensor::cat(&[{dyns}], {dim}).unwrap();")
    lines.append("        same(&y, &dy);")
    lines.append(f"        let s: Tensor<f32, {tup(back)}> = y.view_to::<{tup(back)}>();")
    lines.append(f"        same(&s, &dy.view({sizes_expr(back)}).unwrap());")
    lines.append("    }")
lines.append("}")
lines.append("")
lines.append("#[test]")
lines.append("fn joins_whose_factors_differ_by_input_are_pytorchs_errors() {")
for k, (kind, dim, pairs, msg) in enumerate(JOIN_REFUSALS):
    lines.append(f"    // refusal {k}: {kind}::<{dim}> of [B*T, 4] with (B, T) = {pairs}")
    lines.append("    {")
    for j, (b, t) in enumerate(pairs):
        lines.append(f"        let x{j}: Tensor<f32, (B, T, D<4>)> = filled(&[{b}, {t}, 4]).into_static().unwrap();")
        lines.append(f"        let m{j}: Tensor<f32, (Merged<(B, T)>, D<4>)> = x{j}.flatten_dims::<0, 1>();")
    refs = ", ".join(f"&m{j}" for j in range(len(pairs)))
    if kind == "stack":
        lines.append(f"        let e = [{refs}].stack::<{dim}>().unwrap_err();")
    else:
        lines.append(f"        let e = ({refs},).cat::<{dim}>().unwrap_err();")
    lines.append('        assert_eq!(e.to_string(), "' + msg.replace('"', '\\"') + '");')
    lines.append("    }")
lines.append("}")
open(OUT, "w").write("\n".join(lines) + "\n")
print(f"{len(accepted)} accepted, {len(rejected)} rejected, {len(flattens)} flattens, {len(joins)} joins, {len(JOIN_REFUSALS)} join refusals")
