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

# ---------------------------------------------------------------------------
# Merged targets (issue 35): the named dims B and T, chains that may start
# with a view merging them (then permutes, transposes, cuts and unsqueezes,
# which keep a `Permuted` view's strides in the type), then a view to a target holding merged dims
# (written `Merged<..>`, or `Infer` over named dims), whose result type this
# file states; then, for most row-major results, a second view (no
# `Result`). A separate random stream, so that the cases above stay as
# they were.

RNG = random.Random(41)
NAMES = ("B", "T")
# named sizes for the verdict (a named dim holds at least 2) ...
VERDICT_SIZES = ({"B": 2, "T": 3}, {"B": 3, "T": 2}, {"B": 2, "T": 2})
# ... and for the run: batches 0 to 3 (T the other way round)
RUN_SIZES = "[(0usize, 3usize), (1, 2), (2, 1), (3, 0), (2, 3)]"


def mtext(d):
    if isinstance(d, tuple):
        return "Merged<(" + ", ".join(mtext(f) for f in d) + ",)>"
    if d == "Infer":
        return "Infer"
    if isinstance(d, str):
        return d
    return "One" if d == 1 else f"D<{d}>"


def mtup(ds):
    return "(" + "".join(mtext(d) + ", " for d in ds) + ")"


def msize(d, sizes):
    if isinstance(d, tuple):
        p = 1
        for f in d:
            p *= msize(f, sizes)
        return p
    if isinstance(d, str):
        return sizes[d]
    return d


def rust_size(d):
    """A dim's size in the generated test, from `b` and `t`."""
    if isinstance(d, tuple):
        return " * ".join(rust_size(f) for f in d)
    if isinstance(d, str):
        return d.lower()
    return str(d)


def canon(atoms):
    """The dim a group of atoms (names and static sizes) is."""
    out = []
    for a in atoms:
        if isinstance(a, str):
            out.append(a)
        elif a == 1:
            continue
        elif out and not isinstance(out[-1], str):
            out[-1] *= a
        else:
            out.append(a)
    if not out:
        return 1
    return out[0] if len(out) == 1 else tuple(out)


def atoms_of(dims):
    out = []
    for d in dims:
        if isinstance(d, tuple):
            out += list(d)
        elif isinstance(d, str) or d != 1:
            out.append(d)
    return out


def group_target(dims):
    """A random target: the input's atoms (static sizes cut into random
    factors) grouped at random into dims, each group its canonical dim."""
    atoms = []
    for a in atoms_of(dims):
        if isinstance(a, str):
            atoms.append(a)
        else:
            atoms += random_parts(a)
    groups, i = [], 0
    while i < len(atoms):
        n = RNG.choice([1, 1, 2, 2, 3])
        groups.append(atoms[i:i + n])
        i += n
    target = [canon(g) for g in groups]
    target = [t for t in target if t != 1]
    if RNG.random() < 0.15:
        target.insert(RNG.randrange(len(target) + 1), 1)
    if not target:
        target = [1]
    return target


def random_parts(n):
    fs = factors(n)
    RNG.shuffle(fs)
    parts, cur = [], 1
    for f in fs:
        cur *= f
        if RNG.random() < 0.5:
            parts.append(cur)
            cur = 1
    if cur > 1 or not parts:
        parts.append(cur)
    return parts


def with_infer(target):
    """The target as written: one dim (a merged one, preferably) as `Infer`."""
    merged = [i for i, d in enumerate(target) if isinstance(d, tuple)]
    others = [i for i, d in enumerate(target) if d != 1]
    if merged and RNG.random() < 0.6:
        i = RNG.choice(merged)
    elif RNG.random() < 0.3 and others:
        i = RNG.choice(others)
    else:
        return list(target)
    written = list(target)
    written[i] = "Infer"
    return written


def names_in(dims):
    return [a for a in atoms_of(dims) if isinstance(a, str)]


def merged_chain():
    """A source of named and static dims, and steps: each (typed, dynamic,
    torch function)."""
    r = RNG.randint(2, 5)
    src = [RNG.choice([1, 2, 2, 3, 4, 4, 6]) for _ in range(r)]
    slots = RNG.sample(range(r), 2 if r >= 3 else 1)
    for name, k in zip(RNG.sample(NAMES, len(slots)), slots):
        src[k] = name
    dims, steps = list(src), []
    if RNG.random() < 0.4:
        target = group_target(dims)
        if len(target) <= 6:
            sh = ", ".join(rust_size(d) for d in target)
            steps.append((f"x.view_to::<{mtup(target)}>()", f"x.view(&[{sh}]).unwrap()",
                          lambda x, s, t=target: x.view([msize(d, s) for d in t])))
            dims = list(target)
    for _ in range(RNG.randint(1, 3)):
        op = RNG.choice(["permute", "permute", "transpose", "narrow", "narrow", "split", "select",
                         "unsqueeze"])
        statics = [i for i, d in enumerate(dims) if isinstance(d, int) and d >= 2]
        if op == "unsqueeze" and len(dims) < 6:
            k = RNG.randint(0, len(dims))
            steps.append((f"x.unsqueeze_at::<{k}>()", f"x.unsqueeze({k}).unwrap()",
                          lambda x, s, k=k: x.unsqueeze(k)))
            dims.insert(k, 1)
        elif op in ("permute", "transpose") and len(dims) >= 2:
            if op == "permute":
                perm = list(range(len(dims)))
                RNG.shuffle(perm)
                steps.append((f"permute!(x, {perm})", f"x.permute(&{perm}).unwrap()",
                              lambda x, s, p=perm: x.permute(*p)))
                dims = [dims[p] for p in perm]
            else:
                a, b = RNG.sample(range(len(dims)), 2)
                steps.append((f"transpose!(x, {a}, {b})", f"x.transpose({a}, {b}).unwrap()",
                              lambda x, s, a=a, b=b: x.transpose(a, b)))
                dims[a], dims[b] = dims[b], dims[a]
        elif op == "narrow" and statics:
            k = RNG.choice(statics)
            n = dims[k]
            length = RNG.randint(1, n)
            start = RNG.randint(0, n - length)
            steps.append((f"x.narrow_to::<{k}, {start}, {length}>()", f"x.narrow({k}, {start}, {length}).unwrap()",
                          lambda x, s, k=k, a=start, n=length: torch.narrow(x, k, a, n)))
            dims[k] = length
        elif op == "split" and statics:
            k = RNG.choice(statics)
            n = dims[k]
            sp = RNG.randint(1, n)
            pieces = [p.shape[0] for p in torch.zeros(n).split(sp)]
            i = RNG.randrange(len(pieces))
            steps.append((f"x.split_by::<{sp}, {k}>().{i}", f"x.split({sp}, {k}).unwrap()[{i}].clone()",
                          lambda x, s, sp=sp, k=k, i=i: torch.split(x, sp, k)[i]))
            dims[k] = pieces[i]
        elif op == "select" and statics and len(dims) >= 2:
            k = RNG.choice(statics)
            i = RNG.randrange(dims[k])
            steps.append((f"x.select_at::<{k}, {i}>()", f"x.select({k}, {i}).unwrap()",
                          lambda x, s, k=k, i=i: torch.select(x, k, i)))
            dims.pop(k)
    return src, steps, dims


def run_torch(src, steps, sizes):
    x = torch.zeros([msize(d, sizes) for d in src])
    for _, _, f in steps:
        x = f(x, sizes)
    return x


def torch_verdict(x_of, target):
    """PyTorch's verdict over the verdict sizes: True, False, or None."""
    seen = set()
    for sizes in VERDICT_SIZES:
        x = x_of(sizes)
        try:
            x.view([msize(d, sizes) for d in target])
            seen.add(True)
        except RuntimeError as e:
            assert str(e) == MESSAGE, str(e)
            seen.add(False)
    return seen.pop() if len(seen) == 1 else None


def row_major(x_of):
    """Whether the input is row-major for every verdict size."""
    return all(x_of(sizes).is_contiguous() for sizes in VERDICT_SIZES)


def merged_cases():
    accepted, rejected, tries = [], [], 0
    while (len(accepted) < 70 or len(rejected) < 40) and tries < 50000:
        tries += 1
        src, steps, dims = merged_chain()
        if not steps or not dims:
            continue
        target = group_target(dims)
        if len(target) > 6 or not any(isinstance(d, tuple) for d in target):
            continue
        x_of = lambda sizes: run_torch(src, steps, sizes)  # noqa: E731
        v = torch_verdict(x_of, target)
        case = (src, steps, dims, target, with_infer(target), row_major(x_of))
        if v is True and len(accepted) < 70:
            second = None
            # a second view of a row-major result (one of an `AnyStrides`
            # result is a `Result` typed as a row-major tuple, which fails
            # where PyTorch's view is not row-major: not tested here)
            if RNG.random() < 0.6 and case[-1]:
                again = group_target(target)
                if len(again) <= 6:
                    y_of = lambda sizes: x_of(sizes).view([msize(d, sizes) for d in target])  # noqa: E731
                    second = (again, with_infer(again), torch_verdict(y_of, again))
            accepted.append(case + (second,))
        elif v is False and len(rejected) < 40:
            rejected.append(case)
    return accepted, rejected


def merged_body(src, steps):
    sh = ", ".join(rust_size(d) for d in src)
    out = [f"        let d = filled(&[{sh}]);",
           f"        let x: Tensor<f32, {mtup(src)}> = d.clone().into_static().unwrap();"]
    for typed, _, _ in steps:
        out.append(f"        let x = {typed};")
    out.append("        let y = d;")
    for _, dyn, _ in steps:
        out.append(f"        let y = {{ let x = y; {dyn} }};")
    return out


def merged_lines():
    accepted, rejected = merged_cases()
    out = ["", "#[test]", "fn accepted_merged_views_equal_the_dynamic_ones() {"]
    for n, (src, steps, dims, target, written, rm, second) in enumerate(accepted):
        sh = ", ".join(rust_size(d) for d in target)
        ty = mtup(target) if rm else f"AnyStrides<{mtup(target)}>"
        out.append(f"    // case {n}: {mtup(src)} -> {mtup(dims)} as {mtup(written)}: {ty}")
        out.append(f"    for (b, t) in {RUN_SIZES} {{")
        out += merged_body(src, steps)
        out.append(f"        let v: Tensor<f32, {ty}> = x.view_to::<{mtup(written)}>();")
        out.append(f"        let w = y.view(&[{sh}]).unwrap();")
        out.append("        assert_eq!((v.shape(), v.stride(), v.storage_offset()), (w.shape(), w.stride(), w.storage_offset()));")
        out.append("        assert_eq!(v.to_vec(), w.to_vec());")
        out.append(f"        assert!(x.reshape_to::<{mtup(written)}>().shares_storage(&v));")
        if second is not None:
            again, written2, ok = second
            sh2 = ", ".join(rust_size(d) for d in again)
            out.append(f"        // then as {mtup(written2)}: PyTorch {'views' if ok else 'refuses'}")
            out.append(f"        let w2 = w.view(&[{sh2}]);")
            out.append(f"        let v2: Tensor<f32, {mtup(again)}> = v.view_to::<{mtup(written2)}>();")
            out.append("        let w2 = w2.unwrap();")
            out.append("        assert_eq!((v2.shape(), v2.stride(), v2.storage_offset()), (w2.shape(), w2.stride(), w2.storage_offset()));")
            out.append("        assert_eq!(v2.to_vec(), w2.to_vec());")
        out.append("    }")
    out.append("}")
    out += ["", "#[test]", "fn rejected_merged_views_fail_and_reshape_copies() {"]
    for n, (src, steps, dims, target, written, rm, *_) in enumerate(rejected):
        sh = ", ".join(rust_size(d) for d in target)
        out.append(f"    // case {n}: {mtup(src)} -> {mtup(dims)} as {mtup(written)}")
        out.append("    for (b, t) in [(2usize, 3usize), (3, 2), (2, 2)] {")
        out += merged_body(src, steps)
        out.append(f"        let e = y.view(&[{sh}]).unwrap_err();")
        out.append("        assert_eq!(e.to_string(), MESSAGE);")
        out.append(f"        let r: Tensor<f32, {mtup(target)}> = x.reshape_to::<{mtup(written)}>();")
        out.append("        assert!(!r.shares_storage(&x));")
        out.append(f"        assert_eq!(r.to_vec(), y.reshape(&[{sh}]).unwrap().to_vec());")
        out.append("    }")
    out.append("}")
    print(f"merged: {len(accepted)} accepted and {len(rejected)} rejected")
    return out



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
    "use tensor_view::typed::{AnyStrides, Infer, Merged};",
    "use tensor_view::{dims, permute, transpose, One, Tensor, D};",
    "",
    "dims!(B, T);",
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

lines += merged_lines()

with open(OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print(f"wrote {len(accepted)} accepted and {len(rejected)} rejected cases in {tries} tries")
