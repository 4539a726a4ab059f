#!/usr/bin/env python3
"""Writes tests/typed_stack_expand.rs: random `[&a, ..].stack::<DIM>()`,
`expand_to::<(..)>()`, `(&a, &b).cat::<DIM>()` and `unsqueeze_at::<DIM>()`
and `flatten_dims::<S, E>()` calls on typed tuples (static dims, `One`, the
names B and T; `AnyStrides` sources for expand, unsqueeze and flatten), each with the result type the rules must
give (by PyTorch's definition: stack inserts a dim of the count, expand
keeps each dim or widens a `One`, new leading dims static, cat adds the
sizes at its dim, unsqueeze inserts a `One`, flatten multiplies) and compared with
the dynamic op: shape, strides, offset and values. Fixed seed; run from the
repository root:
    python3 tools/typed/join_cases.py
"""
import random

random.seed(38)
NAMES = {"B": 2, "T": 3}


def rand_dim():
    r = random.random()
    if r < 0.15:
        return "B"
    if r < 0.25:
        return "T"
    if r < 0.45:
        return "One"
    return f"D<{random.randint(0, 4)}>"


def size(d):
    return NAMES[d] if d in NAMES else 1 if d == "One" else int(d[2:-1])


def tup(ds):
    return "(" + "".join(d + ", " for d in ds).rstrip(" ") + ")"


blocks = []
for n in range(50):
    r = random.randint(0, 5)
    dims = [rand_dim() for _ in range(r)]
    shape = [size(d) for d in dims]
    k = random.randint(1, 4)
    pos = random.randint(-(r + 1), r)
    at = pos + r + 1 if pos < 0 else pos
    out = dims[:at] + ["One" if k == 1 else f"D<{k}>"] + dims[at:]
    named = any(d in NAMES for d in dims)
    lines = []
    for i in range(k):
        lines.append(f"let d{i} = filled(&{shape}, {i * 100});")
        lines.append(f"let x{i}: Tensor<f32, {tup(dims)}> = d{i}.clone().into_static().unwrap();")
    refs = ", ".join(f"&x{i}" for i in range(k))
    drefs = ", ".join(f"&d{i}" for i in range(k))
    lines.append(f"let y: Tensor<f32, {tup(out)}> = [{refs}].stack::<{pos}>(){'.unwrap()' if named else ''};")
    lines.append(f"same(&y.into_dyn(), &Tensor::stack(&[{drefs}], {pos}).unwrap());")
    blocks.append(lines)

for n in range(50):
    r = random.randint(0, 4)
    dims = [rand_dim() for _ in range(r)]
    shape = [size(d) for d in dims]
    target = []
    for d in dims:
        if d == "One" and random.random() < 0.7:
            target.append(random.choice(["One", "D<0>", "D<2>", "D<3>", "D<4>"]))
        else:
            target.append(d)
    new = [random.choice(["One", "D<2>", "D<3>"]) for _ in range(random.randint(0, 6 - r if r < 6 else 0) if random.random() < 0.6 else 0)]
    new = new[: 6 - r]
    target = new + target
    sizes = [size(d) for d in target]
    strided = r >= 2 and random.random() < 0.4
    lines = []
    if strided:
        rev = list(reversed(shape))
        perm = list(reversed(range(r)))
        lines.append(f"let d = filled(&{rev}, 0).permute(&{perm}).unwrap();")
        ty = f"AnyStrides<{tup(dims)}>"
    else:
        lines.append(f"let d = filled(&{shape}, 0);")
        ty = tup(dims)
    lines.append(f"let x: Tensor<f32, {ty}> = d.clone().into_static().unwrap();")
    lines.append(f"let y: Tensor<f32, AnyStrides<{tup(target)}>> = x.expand_to::<{tup(target)}>();")
    lines.append(f"same(&y.into_dyn(), &d.expand::<usize>(&{sizes}).unwrap());")
    blocks.append(lines)

for n in range(50):
    r = random.randint(1, 5)
    dims = [rand_dim() for _ in range(r)]
    k = random.randrange(r)
    a, b = list(dims), list(dims)
    na, nb = random.randint(0, 4), random.randint(0, 4)
    a[k] = "One" if na == 1 else f"D<{na}>"
    b[k] = "One" if nb == 1 else f"D<{nb}>"
    out = list(dims)
    out[k] = "One" if na + nb == 1 else f"D<{na + nb}>"
    named = any(d in NAMES for d in a)
    pos = k - r if random.random() < 0.4 else k
    lines = [
        f"let da = filled(&{[size(d) for d in a]}, 0);",
        f"let db = filled(&{[size(d) for d in b]}, 1000);",
        f"let xa: Tensor<f32, {tup(a)}> = da.clone().into_static().unwrap();",
        f"let xb: Tensor<f32, {tup(b)}> = db.clone().into_static().unwrap();",
        f"let y: Tensor<f32, {tup(out)}> = (&xa, &xb).cat::<{pos}>(){'.unwrap()' if named else ''};",
        f"same(&y.into_dyn(), &Tensor::cat(&[&da, &db], {pos}).unwrap());",
    ]
    blocks.append(lines)

for n in range(50):
    r = random.randint(0, 5)
    dims = [rand_dim() for _ in range(r)]
    shape = [size(d) for d in dims]
    pos = random.randint(-(r + 1), r)
    at = pos + r + 1 if pos < 0 else pos
    out = dims[:at] + ["One"] + dims[at:]
    strided = r >= 2 and random.random() < 0.4
    if strided:
        rev = list(reversed(shape))
        perm = list(reversed(range(r)))
        first = f"let d = filled(&{rev}, 0).permute(&{perm}).unwrap();"
        ty, oty = f"AnyStrides<{tup(dims)}>", f"AnyStrides<{tup(out)}>"
    else:
        first = f"let d = filled(&{shape}, 0);"
        ty, oty = tup(dims), tup(out)
    blocks.append([
        first,
        f"let x: Tensor<f32, {ty}> = d.clone().into_static().unwrap();",
        f"let y: Tensor<f32, {oty}> = x.unsqueeze_at::<{pos}>();",
        f"same(&y.into_dyn(), &d.unsqueeze({pos}).unwrap());",
    ])

n = 0
while n < 50:
    r = random.randint(1, 5)
    dims = [rand_dim() for _ in range(r)]
    s0 = random.randrange(r)
    e0 = random.randrange(s0, r)
    if any(d in NAMES for d in dims[s0:e0 + 1]):
        continue
    prod = 1
    for d in dims[s0:e0 + 1]:
        prod *= size(d)
    out = dims[:s0] + ["One" if prod == 1 else f"D<{prod}>"] + dims[e0 + 1:]
    ws = s0 - r if random.random() < 0.4 else s0
    we = e0 - r if random.random() < 0.4 else e0
    shape = [size(d) for d in dims]
    strided = r >= 2 and random.random() < 0.4
    if strided:
        rev = list(reversed(shape))
        perm = list(reversed(range(r)))
        first = f"let d = filled(&{rev}, 0).permute(&{perm}).unwrap();"
        ty, oty = f"AnyStrides<{tup(dims)}>", f"AnyStrides<{tup(out)}>"
    else:
        first = f"let d = filled(&{shape}, 0);"
        ty, oty = tup(dims), tup(out)
    blocks.append([
        first,
        f"let x: Tensor<f32, {ty}> = d.clone().into_static().unwrap();",
        f"let y: Tensor<f32, {oty}> = x.flatten_dims::<{ws}, {we}>();",
        f"same(&y.into_dyn(), &d.flatten({ws}, {we}).unwrap());",
    ])
    n += 1

print("""#![allow(clippy::type_complexity)] // six-dim result types, written out
//! GENERATED by `tools/typed/join_cases.py` (seed 38): do not edit by hand.
//!
//! `[&a, ..].stack::<DIM>()`, `expand_to::<(..)>()`, `(&a, &b).cat::<DIM>()` and
//! `unsqueeze_at::<DIM>()`, `flatten_dims::<S, E>()` on typed tuples: each
//! result's type is written here (the rule's answer, by PyTorch's definition
//! of the op on the dims) and its shape, strides, offset and values are
//! compared with the dynamic op's on the same tensors.
use tensor_view::typed::{AnyStrides, Cat, Stack};
use tensor_view::{dims, One, Tensor, D};

dims!(B, T);

fn filled(shape: &[usize], from: usize) -> Tensor<f32> {
    let n: usize = shape.iter().product();
    Tensor::<f32>::from_vec((from..from + n).map(|i| i as f32).collect(), shape).unwrap()
}

fn same(a: &Tensor<f32>, b: &Tensor<f32>) {
    assert_eq!(
        (a.shape(), a.stride(), a.storage_offset()),
        (b.shape(), b.stride(), b.storage_offset())
    );
    assert_eq!(a.to_vec(), b.to_vec());
}

#[test]
#[allow(unused_imports, unused_variables)]
fn typed_stack_and_expand_match_the_dynamic_ops() {""")
for lines in blocks:
    print("    {")
    for l in lines:
        print("        " + l)
    print("    }")
print("}")
