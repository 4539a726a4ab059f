#!/usr/bin/env python3
"""Writes tests/typed_stride_oracle.rs: the run-time oracle of the stride rule
of `view_to` for `Permuted` layouts (typed::rules::strides).

Random chains of `permute!`, `transpose!`, `narrow_to`, `split_by` (one
piece) and `select_at` on row-major tuples of static dims, `One` and the
named dim `B`, then a random view target that keeps the element count and
the named dim (the count rule's), split and merged at random. Real PyTorch
decides each case with the batch at 2 and at 3 (a named dim holds at least
2): where it views both, the case is ACCEPTED and the test calls
`view_to` (which must compile, with no `Result`) and compares its shape,
strides and values with the dynamic view's for batches 0 to 3; where it
refuses both, the case is REJECTED and the test checks that the dynamic
view fails with PyTorch's message and that `reshape_to` (decided by the
same rule while compiling) copies. Fixed seed; run from the repository root:
    /work/venv/bin/python tools/typed/stride_cases.py
"""
import random

import torch

random.seed(35)
OUT = "tests/typed_stride_oracle.rs"
MESSAGE = ("view size is not compatible with input tensor's size and stride (at least one "
           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")


def dim_text(d):
    if d == "B":
        return "B"
    return "One" if d == 1 else f"D<{d}>"


def tup(ds):
    return "(" + "".join(dim_text(d) + ", " for d in ds) + ")"


def size(d, b):
    return b if d == "B" else d


def factors(n):
    out, p = [], 2
    while n > 1:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


def random_run(product):
    """A random target run of static sizes with this product."""
    if product == 0:
        return [0]
    fs = factors(product)
    random.shuffle(fs)
    parts, cur = [], 1
    for f in fs:
        cur *= f
        if random.random() < 0.5:
            parts.append(cur)
            cur = 1
    if cur > 1 or not parts:
        parts.append(cur)
    if random.random() < 0.2:
        parts.insert(random.randrange(len(parts) + 1), 1)
    return parts


def random_target(dims):
    runs, cur = [], 1
    for d in dims:
        if d == "B":
            runs.append(cur)
            cur = 1
        else:
            cur *= d
    runs.append(cur)
    target = []
    for i, p in enumerate(runs):
        target += random_run(p) if (p != 1 or random.random() < 0.3) else []
        if i < len(runs) - 1:
            target.append("B")
    return target


def chain():
    """A source shape and a list of (typed call, dynamic call, dims after)."""
    r = random.randint(2, 5)
    src = [random.choice([1, 2, 2, 3, 3, 4, 4, 5, 6]) for _ in range(r)]
    if random.random() < 0.7:
        src[random.randrange(r)] = "B"
    dims, steps = list(src), []
    for _ in range(random.randint(1, 3)):
        op = random.choice(["permute", "permute", "transpose", "narrow", "narrow", "split", "select"])
        statics = [i for i, d in enumerate(dims) if d != "B" and d >= 1]
        if op in ("permute", "transpose") and len(dims) >= 2:
            if op == "permute":
                perm = list(range(len(dims)))
                random.shuffle(perm)
                steps.append((f"permute!(x, {perm})", f"x.permute(&{perm}).unwrap()"))
                dims = [dims[p] for p in perm]
            else:
                a, b = random.sample(range(len(dims)), 2)
                steps.append((f"transpose!(x, {a}, {b})", f"x.transpose({a}, {b}).unwrap()"))
                dims[a], dims[b] = dims[b], dims[a]
        elif op == "narrow" and statics:
            k = random.choice(statics)
            n = dims[k]
            length = random.randint(1, n) if random.random() < 0.95 else 0
            start = random.randint(0, n - length)
            steps.append((f"x.narrow_to::<{k}, {start}, {length}>()", f"x.narrow({k}, {start}, {length}).unwrap()"))
            dims[k] = length
        elif op == "split" and statics:
            k = random.choice(statics)
            n = dims[k]
            s = random.randint(1, n)
            pieces = [p.shape[0] for p in torch.zeros(n).split(s)]
            i = random.randrange(len(pieces))
            steps.append((f"x.split_by::<{s}, {k}>().{i}", f"x.split({s}, {k}).unwrap()[{i}].clone()"))
            dims[k] = pieces[i]
        elif op == "select" and statics and len(dims) >= 2:
            k = random.choice(statics)
            if dims[k] == 0:
                continue
            i = random.randrange(dims[k])
            steps.append((f"x.select_at::<{k}, {i}>()", f"x.select({k}, {i}).unwrap()"))
            dims.pop(k)
    return src, steps, dims


def verdict(src, steps, target):
    """PyTorch's verdict for batches 2 and 3: True (views), False (refuses), None (differs)."""
    seen = set()
    for b in (2, 3):
        x = torch.zeros([size(d, b) for d in src])
        for _, dyn in steps:
            x = eval(dyn.replace(".unwrap()", "").replace("&", "").replace(".clone()", "")
                     .replace("x.split(", "torch.split(x, ").replace("x.permute(", "x.permute(*")
                     .replace("x.narrow(", "torch.narrow(x, ").replace("x.select(", "torch.select(x, "))
        shape = [size(d, b) for d in target]
        try:
            x.view(shape)
            seen.add(True)
        except RuntimeError as e:
            assert str(e) == MESSAGE, str(e)
            seen.add(False)
    return seen.pop() if len(seen) == 1 else None


accepted, rejected = [], []
tries = 0
while (len(accepted) < 60 or len(rejected) < 40) and tries < 20000:
    tries += 1
    src, steps, dims = chain()
    if not steps or len(dims) == 0:
        continue
    target = random_target(dims)
    if len(target) > 6 or len(target) == 0:
        continue
    v = verdict(src, steps, target)
    if v is True and len(accepted) < 60:
        accepted.append((src, steps, dims, target))
    elif v is False and len(rejected) < 40:
        rejected.append((src, steps, dims, target))

lines = [
    "#![allow(clippy::type_complexity, unused_variables)]",
    "//! GENERATED by `tools/typed/stride_cases.py` (seed 35): do not edit by hand.",
    "//!",
    "//! The run-time oracle of `view_to`'s stride rule for `Permuted` layouts:",
    "//! chains of permutes, transposes and cuts of row-major tuples, then a view",
    "//! that PyTorch takes (ACCEPTED: `view_to` compiles with no `Result` and",
    "//! equals the dynamic view for batches 0 to 3) or refuses for every batch of at least 2",
    "//! (REJECTED: the dynamic view fails with PyTorch's message, and",
    "//! `reshape_to`, decided by the same rule while compiling, copies).",
    "use tensor_view::{dims, permute, transpose, One, Tensor, D};",
    "",
    "dims!(B);",
    "",
    "fn filled(shape: &[usize]) -> Tensor<f32> {",
    "    let n: usize = shape.iter().product();",
    "    Tensor::<f32>::from_vec((0..n).map(|i| i as f32).collect(), shape).unwrap()",
    "}",
    "",
    "const MESSAGE: &str = \"" + MESSAGE + "\";",
    "",
]


def body(src, steps, b_expr):
    out = [f"        let d = filled(&[{', '.join(str(size(s, 'b')) if s == 'B' else str(s) for s in src)}]);",
           f"        let x: Tensor<f32, {tup(src)}> = d.clone().into_static().unwrap();"]
    for typed, dyn in steps:
        out.append(f"        let x = {typed};")
    out.append("        let y = d;")
    for typed, dyn in steps:
        out.append(f"        let y = {{ let x = y; {dyn} }};")
    return out


lines.append("#[test]")
lines.append("fn accepted_views_equal_the_dynamic_ones() {")
for n, (src, steps, dims, target) in enumerate(accepted):
    shape = ", ".join("b" if t == "B" else str(t) for t in target)
    lines.append(f"    // case {n}: {tup(src)} -> {tup(dims)} as {tup(target)}")
    lines.append("    for b in [0usize, 1, 2, 3] {")
    lines += body(src, steps, "b")
    lines.append(f"        let v: Tensor<f32, _> = x.view_to::<{tup(target)}>();")
    lines.append(f"        let w = y.view(&[{shape}]).unwrap();")
    lines.append("        assert_eq!((v.shape(), v.stride(), v.storage_offset()), (w.shape(), w.stride(), w.storage_offset()));")
    lines.append("        assert_eq!(v.to_vec(), w.to_vec());")
    lines.append(f"        assert!(x.reshape_to::<{tup(target)}>().shares_storage(&v));")
    lines.append("    }")
lines.append("}")
lines.append("")
lines.append("#[test]")
lines.append("fn rejected_views_fail_and_reshape_copies() {")
for n, (src, steps, dims, target) in enumerate(rejected):
    shape = ", ".join("b" if t == "B" else str(t) for t in target)
    lines.append(f"    // case {n}: {tup(src)} -> {tup(dims)} as {tup(target)}")
    lines.append("    for b in [2usize, 3] {")
    lines += body(src, steps, "b")
    lines.append(f"        let e = y.view(&[{shape}]).unwrap_err();")
    lines.append("        assert_eq!(e.to_string(), MESSAGE);")
    lines.append(f"        let r: Tensor<f32, {tup(target)}> = x.reshape_to::<{tup(target)}>();")
    lines.append("        assert!(!r.shares_storage(&x));")
    lines.append(f"        assert_eq!(r.to_vec(), y.reshape(&[{shape}]).unwrap().to_vec());")
    lines.append("    }")
lines.append("}")

with open(OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print(f"wrote {len(accepted)} accepted and {len(rejected)} rejected cases in {tries} tries")
