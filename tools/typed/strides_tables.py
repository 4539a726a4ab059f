#!/usr/bin/env python3
"""Writes tensor-core/src/typed/rules/strides_tables.rs: the source-dim
tables the stride rule of `view_to` reads (`typed::rules::strides`).

For each rank 1..=6 of a source shape (A0, .., A{r-1}):
- `SrcAt<K>`: the source dim K;
- `Gap<P, K>`: whether the view dim from source dim K follows the one
  from source dim P in memory as far as the source dims go: P < K and
  every source dim strictly between them is a static 1;
- `Tail<K>`: whether every source dim after K is a static 1 (the stride
  of source dim K is then 1).

Run from the repository root: python3 tools/typed/strides_tables.py
"""

MAX_RANK = 6
OUT = "tensor-core/src/typed/rules/strides_tables.rs"


def tup(xs):
    return "(" + "".join(x + ", " for x in xs).rstrip(" ") + ")" if xs else "()"


def main():
    lines = [
        "// Written by tools/typed/strides_tables.py; do not edit.",
        "//",
        "// `rank: a0 a1 ..` then `at K => dim`, `gap P K => dims strictly between`",
        "// (none when P >= K: `no`), `tail K => dims after K`.",
        "",
    ]
    for r in range(1, MAX_RANK + 1):
        params = [f"A{i}" for i in range(r)]
        head = " ".join(params)
        for k in range(r):
            lines.append(f"tables!(at [{head}] {k} => A{k});")
        for p in range(r):
            for k in range(r):
                if p < k:
                    lines.append(f"tables!(gap [{head}] {p} {k} => {tup(params[p + 1:k])});")
                else:
                    lines.append(f"tables!(gap [{head}] {p} {k} => no);")
        for k in range(r):
            lines.append(f"tables!(tail [{head}] {k} => {tup(params[k + 1:])});")
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
