#!/usr/bin/env python3
"""Golden view-case generator (format `view-golden/1`, see tests/golden/FORMAT.md).

Runs op chains through real PyTorch and records what PyTorch did: the layout,
bytes, aliasing and conjugation of the result, or the error it raised.

Usage (with a Python that has torch, e.g. /tmp/torchenv/bin/python):

    generate.py random --seed 11 --count 3000 --out /tmp/s11.jsonl [--deep]
        random chains over the 16 dtypes (ids `s11-N`); --deep: ranks up
        to 7, bigger dims, chains of 3 to 8 ops
    generate.py edges --out tests/golden/edges.jsonl [--limit N]
        hand-targeted edge families (0-d, zero-size, out-of-range, conj/neg
        chains, split edge rules, index items, writes through views ...)
    generate.py verify tests/golden/views.jsonl [more.jsonl ...]
        re-runs every case of existing files from its `base` and `ops` and
        checks that this generator writes the very same line, byte for byte

Then replay the files through the Rust runner:

    GOLDEN_CASES=/tmp/s11.jsonl cargo test --test golden -- --nocapture

The recording rules (the parts FORMAT.md leaves to the generator):
- `data` is the hex of the elements in logical row-major order, little-endian,
  with conjugation and negation resolved; null over 4,096 elements;
- `shares_storage` compares the result's StorageImpl with the base's;
- `exact` is false only for messages that name sparse tensors (PyTorch's text
  for a dense tensor is odd there) or PyTorch's SymInt limits (ints below
  -2^62, reported with the path of a generated source file);
- lines are compact JSON in the key order of the bundled files.
"""

import argparse
import json
import sys

import torch

from cases_edges import edge_cases
from cases_random import random_cases

MAX_DATA = 4096


def dtype_of(name):
    """The torch dtype of a FORMAT.md dtype name."""
    return getattr(torch, name)


def make_base(dtype, shape):
    """The base tensor of FORMAT.md: element i holds i % 97 (bool: i odd;
    complex: i % 97 - (i % 89)j, so element 0 has imaginary part -0.0)."""
    n = 1
    for d in shape:
        n *= d
    i = torch.arange(n, dtype=torch.int64)
    if dtype == "bool":
        t = (i % 2) == 1
    elif dtype.startswith("complex"):
        re = (i % 97).to(torch.float64)
        im = -((i % 89).to(torch.float64))
        t = torch.complex(re, im).to(dtype_of(dtype))
    else:
        t = (i % 97).to(dtype_of(dtype))
    return t.reshape(shape).contiguous()


def elem_hex(t):
    """Hex of `t`'s elements in logical row-major order, conj/neg resolved."""
    r = t.resolve_conj().resolve_neg()
    if r.numel() == 0:
        return ""
    flat = torch.empty(r.numel(), dtype=r.dtype)
    flat.copy_(r.reshape(-1))
    return bytes(flat.view(torch.uint8).tolist()).hex()


def storage_id(t):
    return t.untyped_storage()._cdata


def record(t, base):
    """The FORMAT.md record of one result tensor."""
    return {
        "dtype": str(t.dtype).replace("torch.", ""),
        "shape": list(t.shape),
        "stride": list(t.stride()),
        "offset": t.storage_offset(),
        "contiguous": t.is_contiguous(),
        "shares_storage": storage_id(t) == storage_id(base),
        "conj": t.is_conj(),
        "data": elem_hex(t) if t.numel() <= MAX_DATA else None,
    }


def write_value(v):
    if isinstance(v, list):
        return complex(v[0], v[1])
    return v


def index_key(items):
    key = []
    for it in items:
        if "int" in it:
            key.append(it["int"])
        elif "slice" in it:
            key.append(slice(*it["slice"]))
        elif "none" in it:
            key.append(None)
        elif "ellipsis" in it:
            key.append(Ellipsis)
        else:
            raise ValueError(f"bad index item {it}")
    return tuple(key)


def sections(op):
    return op["sections"] if "sections" in op else op["indices"]


def apply(op, t):
    """Applies one golden op with PyTorch; returns a tensor or a list."""
    name = op["op"]
    if name == "view":
        return t.view(op["shape"])
    if name == "reshape":
        return t.reshape(op["shape"])
    if name == "view_dtype":
        return t.view(dtype_of(op["dtype"]))
    if name == "flatten":
        return t.flatten(op["start_dim"], op["end_dim"])
    if name == "unflatten":
        return t.unflatten(op["dim"], op["sizes"])
    if name in ("transpose", "swapaxes", "swapdims"):
        return getattr(t, name)(op["dim0"], op["dim1"])
    if name == "permute":
        return t.permute(op["dims"])
    if name == "movedim":
        return t.movedim(op["source"], op["destination"])
    if name == "narrow":
        return t.narrow(op["dim"], op["start"], op["length"])
    if name == "select":
        return t.select(op["dim"], op["index"])
    if name == "squeeze":
        if "dims" in op:
            return t.squeeze(tuple(op["dims"]))
        if "dim" in op:
            return t.squeeze(op["dim"])
        return t.squeeze()
    if name == "unsqueeze":
        return t.unsqueeze(op["dim"])
    if name == "expand":
        return t.expand(op["sizes"])
    if name == "diagonal":
        return t.diagonal(op["offset"], op["dim1"], op["dim2"])
    if name == "unfold":
        return t.unfold(op["dimension"], op["size"], op["step"])
    if name == "as_strided":
        return t.as_strided(op["size"], op["stride"], op.get("offset"))
    if name == "t":
        return t.t()
    if name in ("T", "mT", "mH", "H", "real", "imag"):
        return getattr(t, name)
    if name == "adjoint":
        return t.adjoint()
    if name == "view_as_real":
        return torch.view_as_real(t)
    if name == "view_as_complex":
        return torch.view_as_complex(t)
    if name == "contiguous":
        return t.contiguous()
    if name == "detach":
        return t.detach()
    if name == "index":
        return t[index_key(op["items"])]
    if name == "split":
        size = op["split_sizes"] if "split_sizes" in op else op["split_size"]
        return list(t.split(size, op["dim"]))
    if name == "split_with_sizes":
        return list(t.split_with_sizes(op["split_sizes"], op["dim"]))
    if name == "chunk":
        return list(t.chunk(op["chunks"], op["dim"]))
    if name == "tensor_split":
        return list(t.tensor_split(sections(op), op["dim"]))
    if name in ("hsplit", "vsplit", "dsplit"):
        return list(getattr(t, name)(sections(op)))
    if name == "unbind":
        return list(t.unbind(op["dim"]))
    if name == "write":
        t[tuple(op["index"])] = write_value(op["value"])
        return t
    raise ValueError(f"unknown op {name}")


class Unreproducible(Exception):
    """A case whose PyTorch outcome no implementation can be held to."""


def index_reads_past_the_end(items, ndim):
    """Whether a key makes PyTorch read a size past the end of the tensor's
    sizes (undefined behaviour in 2.15: several ellipses each skip the
    unnamed dims again, so a later int or slice may land beyond the last
    dim; PyTorch then reads whatever follows the sizes array)."""
    specified = sum(1 for it in items if "int" in it or "slice" in it)
    if specified > ndim:
        return False  # "too many indices", raised before any item
    dim, cur = 0, ndim
    for it in items:
        if "int" in it:
            if dim >= cur:
                return True
            cur -= 1
        elif "slice" in it:
            if dim >= cur:
                return True
            dim += 1
        elif "none" in it:
            if dim > cur:
                return False  # unsqueeze refuses it: a well-defined error
            cur += 1
            dim += 1
        else:
            dim += ndim - specified
    return False


def check_reproducible(result):
    """Refuses results with a negative size (PyTorch 2.15 lets `expand` of a
    0-d or size-1 tensor keep a negative target when a zero size stops the
    element count from overflowing)."""
    records = result.get("outputs") or [result.get("view_after_write") or result]
    for r in records:
        if any(d < 0 for d in r.get("shape", [])):
            raise Unreproducible("negative size")


def odd_message(msg):
    """Messages no implementation should copy: PyTorch naming sparse tensors
    for a dense one, or its SymInt machinery refusing ints below -2^62 (with
    the path and line of a generated source file)."""
    return "sparse" in msg or "SymInt" in msg


def core_message(msg):
    """PyTorch's own text of an error. A few ops (unflatten) wrap the kernel's
    error as `<op> got an unexpected error:\n<text>\nException raised from ...`
    with the C++ backtrace; the record keeps `<text>`."""
    head, sep, rest = msg.partition(" got an unexpected error:\n")
    if sep and "\n" not in head:
        msg = rest
    return msg.split("\nException raised from ")[0]


def run(base_spec, ops, skip_ub=False):
    """Runs a chain through PyTorch; returns the FORMAT.md `result`. With
    `skip_ub`, raises `Unreproducible` for chains whose outcome is undefined
    or cannot be represented (see `index_reads_past_the_end`,
    `check_reproducible`)."""
    base = make_base(base_spec["dtype"], base_spec["shape"])
    cur = base
    for k, op in enumerate(ops):
        if skip_ub and op["op"] == "index" and index_reads_past_the_end(op["items"], cur.dim()):
            raise Unreproducible("index past the end")
        try:
            cur = apply(op, cur)
            if skip_ub and any(d < 0 for x in (cur if isinstance(cur, list) else [cur]) for d in x.shape):
                raise Unreproducible("negative size")
        except Unreproducible:
            raise
        except Exception as e:  # PyTorch's error is the record
            msg = core_message(str(e))
            return {
                "error": {
                    "kind": type(e).__name__,
                    "message": msg,
                    "exact": not odd_message(msg),
                },
                "at_op": k,
            }
    if ops and ops[-1]["op"] == "write":
        result = {"base_after_write": elem_hex(base), "view_after_write": record(cur, base)}
    elif isinstance(cur, list):
        result = {"outputs": [record(x, base) for x in cur]}
    else:
        result = record(cur, base)
    if skip_ub:
        check_reproducible(result)
    return result


def case_line(cid, base_spec, ops, skip_ub=False):
    result = run(base_spec, ops, skip_ub)
    case = {"id": cid, "base": base_spec, "ops": ops, "result": result}
    return json.dumps(case, separators=(",", ":"))


def header(seed):
    return json.dumps({"format": "view-golden/1", "generator": f"torch {torch.__version__}", "seed": seed})


def verify(paths):
    """Regenerates every case of `paths`; returns the number that differ."""
    total = bad = 0
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.rstrip("\n")
                if not line.strip():
                    continue
                case = json.loads(line)
                if "format" in case:
                    continue
                total += 1
                got = case_line(case["id"], case["base"], case["ops"])
                if got != line:
                    bad += 1
                    if bad <= 10:
                        print(f"DIFF {case['id']}\n  file: {line[:400]}\n  ours: {got[:400]}")
    print(f"verify: {total - bad} of {total} cases reproduced byte for byte")
    return bad


def curate(cases, limit):
    """At most `limit` cases with every family represented: small families
    whole, big ones sampled evenly (water-filling the budget)."""
    if not limit or len(cases) <= limit:
        return cases
    families = {}
    for c in cases:
        families.setdefault(c[0].rsplit("-", 1)[0], []).append(c)
    sizes = sorted(len(v) for v in families.values())
    budget, quota, left = limit, 0, len(sizes)
    for n in sizes:  # the largest quota that fits the budget
        if n * left > budget:
            quota = budget // left
            break
        budget -= n
        left -= 1
        quota = n
    kept = []
    for fam_cases in families.values():
        step = max(1, -(-len(fam_cases) // max(1, quota)))
        kept.extend(fam_cases[::step])
    return kept


def write_file(out, seed, cases):
    n = skipped = 0
    with open(out, "w") as f:
        f.write(header(seed) + "\n")
        for cid, base_spec, ops in cases:
            try:
                line = case_line(cid, base_spec, ops, skip_ub=True)
            except Unreproducible:
                skipped += 1
                continue
            f.write(line + "\n")
            n += 1
    print(f"wrote {n} cases to {out} (skipped {skipped} with undefined or unrepresentable outcomes)")


def main():
    import warnings

    warnings.filterwarnings("ignore")
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("random")
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--count", type=int, default=3000)
    r.add_argument("--out", required=True)
    r.add_argument("--deep", action="store_true", help="higher ranks, bigger dims, longer chains")
    e = sub.add_parser("edges")
    e.add_argument("--out", required=True)
    e.add_argument("--limit", type=int, default=0, help="at most this many cases, every family represented")
    v = sub.add_parser("verify")
    v.add_argument("files", nargs="+")
    a = p.parse_args()
    if a.cmd == "verify":
        sys.exit(1 if verify(a.files) else 0)
    if a.cmd == "random":
        write_file(a.out, a.seed, random_cases(a.seed, a.count, a.deep))
    else:
        write_file(a.out, "edges", curate(list(edge_cases()), a.limit))


if __name__ == "__main__":
    main()
