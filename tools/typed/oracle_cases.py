#!/usr/bin/env python3
"""Random accepted cases (fixed seed) for the typed ops' oracle tests in
tensor-core/src/typed/ops/oracle.rs: reductions along a dim of ranks 1-6
and broadcasting comparisons. Each case is a line of Rust calling a test
helper with the typed shape(s) and the run-time sizes. Rerun and paste the
output between the markers of oracle.rs to change the cases.

    python3 tools/typed/oracle_cases.py
"""
import random

rng = random.Random(20261127)
NAMES = {"B": 3, "T": 2}  # the run-time size each name holds in the tests


def dim_type(kind):
    if kind == "One":
        return "One", 1
    if kind in NAMES:
        return kind, NAMES[kind]
    return f"D<{kind}>", kind


def tup(types):
    return "(" + ", ".join(types) + ("," if len(types) == 1 else "") + ")"


def random_dim():
    r = rng.random()
    if r < 0.15:
        return "One"
    if r < 0.35:
        return rng.choice(list(NAMES))
    return rng.randint(1, 5)


def reduce_cases(n):
    out = []
    for i in range(n):
        rank = 1 + i % 6
        dims = [dim_type(random_dim()) for _ in range(rank)]
        dim = rng.randint(-rank, rank - 1)
        types = [t for t, _ in dims]
        sizes = [s for _, s in dims]
        out.append(f"reduce::<{tup(types)}, {dim}>(&{sizes});")
    return out


def compare_cases(n):
    out = []
    while len(out) < n:
        ra, rb = rng.randint(0, 6), rng.randint(0, 6)
        res = max(ra, rb)
        a, b = [], []
        for p in range(res):
            base = random_dim()
            # each side: absent (if shorter), the same dim, or One
            da = base if rng.random() < 0.7 else "One"
            db = base if rng.random() < 0.7 else "One"
            a.append(da)
            b.append(db)
        a, b = a[res - ra:], b[res - rb:]
        ta, tb = [dim_type(k) for k in a], [dim_type(k) for k in b]
        out.append(
            f"compare::<{tup([t for t, _ in ta])}, {tup([t for t, _ in tb])}>"
            f"(&{[s for _, s in ta]}, &{[s for _, s in tb]});"
        )
    return out


print("// reductions: 60 cases")
print("\n".join(reduce_cases(60)))
print("// comparisons: 60 cases")
print("\n".join(compare_cases(60)))
