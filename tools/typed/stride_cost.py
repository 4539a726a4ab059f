#!/usr/bin/env python3
"""Counts what `view_to` of a `Permuted` layout costs rustc (issue 35, item
4): 100 views of partly-dynamic tensors after a `permute!` against 100
plain views of partly-dynamic row-major tensors, each file's count minus
its baseline (the same file without the views), in instructions counted by
valgrind's cachegrind (as ui-tests/tests/compile_budget.rs counts).

Run from the repository root (valgrind installed):
    python3 tools/typed/stride_cost.py
"""
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.dirname(__file__) + "/../..")
CRATE = os.path.join(ROOT, "target", "stride-cost")
N = 100
random.seed(44)


def cases():
    out = []
    for _ in range(N):
        a, b, c = (random.choice([2, 3, 4, 6, 8, 12, 16, 32, 64]) for _ in range(3))
        out.append((a, b, c))
    return out


def generate(form):
    lines = ["#![allow(unused)]", "use tensor_view::{dims, permute, typed::Infer, Tensor, D};", "dims!(pub B);", ""]
    for i, (a, b, c) in enumerate(cases()):
        ty = f"(B, D<{a}>, D<{b}>, D<{c}>)"
        body = []
        if form in ("permutes", "after_permute"):
            body.append("let p = permute!(x, [0, 1, 3, 2]);")
        if form == "plain":
            body.append(f"let v = x.view_to::<(B, D<{a * b}>, Infer)>();")
        if form == "plain_keep":
            body.append(f"let v = x.view_to::<(B, D<{a}>, D<{b}>, D<{c}>)>();")
        if form == "after_permute":
            # no two dims of the permute merge (b lies between a and c): the
            # view keeping them is the one that needs no copy; the rule walks
            # every dim all the same
            body.append(f"let v = p.view_to::<(B, D<{a}>, D<{c}>, D<{b}>)>();")
        lines.append(f"pub fn f{i}(x: &Tensor<f32, {ty}>) {{ {' '.join(body)} }}")
    return "\n".join(lines) + "\n"


def check(src):
    with open(os.path.join(CRATE, "src", "lib.rs"), "w") as f:
        f.write(src)
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(ROOT, "target"))
    out = subprocess.run(["cargo", "check", "-v"], cwd=CRATE, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(out.stderr[-3000:])
    rustc = [l for l in out.stderr.splitlines() if "Running `" in l and "--crate-name stride_cost" in l][-1]
    cmd = rustc.split("Running `", 1)[1].rstrip("`")
    # An empty incremental cache of its own (the shared one stays).
    cache = os.path.join(CRATE, "incremental")
    shutil.rmtree(cache, ignore_errors=True)
    cmd = re.sub(r"incremental=\S+", f"incremental={cache}", cmd)
    vg = subprocess.run(f"valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null {cmd}",
                        shell=True, cwd=CRATE, capture_output=True, text=True, env=env)
    m = re.search(r"I\s+refs:\s+([\d,]+)", vg.stderr)
    return float(m.group(1).replace(",", ""))


def main():
    os.makedirs(os.path.join(CRATE, "src"), exist_ok=True)
    with open(os.path.join(CRATE, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "stride-cost"\nversion = "0.0.0"\nedition = "2021"\n\n'
                f'[dependencies]\ntensor-view = {{ path = "{ROOT}" }}\n\n[workspace]\n')
    forms = ("sources", "plain", "plain_keep", "permutes", "after_permute")
    counts = {form: check(generate(form)) for form in forms}
    plain = (counts["plain"] - counts["sources"]) / N
    permuted = (counts["after_permute"] - counts["permutes"]) / N
    permute = (counts["permutes"] - counts["sources"]) / N
    keep = (counts["plain_keep"] - counts["sources"]) / N
    print(f"per plain partly-dynamic view (a merge and Infer): {plain / 1e6:.1f} million instructions")
    print(f"per plain partly-dynamic view keeping the dims: {keep / 1e6:.1f} million")
    print(f"per view after a permute, keeping the dims: {permuted / 1e6:.1f} million "
          f"({permuted / plain:.2f}x the merge, {permuted / keep:.2f}x the plain view keeping them)")
    print(f"per permute: {permute / 1e6:.1f} million")


if __name__ == "__main__":
    main()
