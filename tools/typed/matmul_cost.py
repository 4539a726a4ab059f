#!/usr/bin/env python3
"""Writes a crate of 75 typed `matmul`s (static and named tuple shapes, ranks
1 to 4) for measuring `cargo check` cost:
    python3 tools/typed/matmul_cost.py /tmp/matmul_cost
    cd /tmp/matmul_cost && cargo check   # warm the dependencies once
    touch src/main.rs && time CARGO_INCREMENTAL=0 cargo check
"""
import os
import random
import sys

random.seed(75)
root = sys.argv[1]
repo = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
os.makedirs(os.path.join(root, "src"), exist_ok=True)
with open(os.path.join(root, "Cargo.toml"), "w") as f:
    f.write(f"""[package]
name = "matmul_cost"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
tensor-view = {{ path = "{repo}" }}

[workspace]
""")

SIZES = [64, 128, 256, 512, 768, 1024, 3072, 4096]


def d(n):
    return f"D<{n}>"


fns = []
for i in range(75):
    named = i % 2 == 1
    kind = random.choice(["mm", "mv", "batched", "folded", "vm"])
    m, n, p = (random.choice(SIZES) for _ in range(3))
    if kind == "mm":
        a, b = [d(n) if not named else "B", d(m)], [d(m), d(p)]
    elif kind == "mv":
        a, b = [d(n) if not named else "T", d(m)], [d(m)]
    elif kind == "vm":
        a, b = [d(m)], [d(m), d(p) if not named else "T"]
    elif kind == "folded":
        a, b = (["B", "T", d(m)] if named else [d(2), d(n), d(m)]), [d(m), d(p)]
    else:
        a = (["B", d(12), "T", d(m)] if named else [d(2), d(12), d(n), d(m)])
        b = (["B", d(12), d(m), "T"] if named else [d(2), d(12), d(m), d(p)])
    q = "?" if named else ""
    fns.append(
        f"fn f{i}(a: &Tensor<f32, ({', '.join(a)},)>, b: &Tensor<f32, ({', '.join(b)},)>) -> Result<(), ViewError> {{\n"
        f"    let _c = a.matmul(b){q};\n    Ok(())\n}}\n"
    )

with open(os.path.join(root, "src", "main.rs"), "w") as f:
    f.write("#![allow(dead_code)]\nuse tensor_view::{dims, Tensor, ViewError, D};\n\ndims!(B, T);\n\n")
    f.write("\n".join(fns))
    f.write("\nfn main() {}\n")
print("wrote", root)
