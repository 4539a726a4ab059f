"""Random op chains for generate.py (`random` mode and the long-chain edge family).

Each chain is built step by step against the live PyTorch tensor so that most
arguments fit the current shape, with a steady share of wrong ones (dims and
indices out of range, bad sizes) so that errors are exercised too.
"""

import random

import torch

DTYPES = [
    "bool", "uint8", "int8", "int16", "uint16", "int32", "uint32", "int64",
    "uint64", "float16", "bfloat16", "float32", "float64", "complex32",
    "complex64", "complex128",
]

SINGLE = [
    "view", "reshape", "view_dtype", "flatten", "unflatten", "transpose", "swapaxes",
    "swapdims", "permute", "movedim", "narrow", "select", "squeeze", "unsqueeze",
    "expand", "diagonal", "unfold", "as_strided", "t", "T", "mT", "mH", "H",
    "adjoint", "real", "imag", "view_as_real", "view_as_complex", "contiguous",
    "detach", "index",
]
MULTI = ["split", "split_with_sizes", "chunk", "tensor_split", "hsplit", "vsplit", "dsplit", "unbind"]


def rand_shape(rng, max_rank=5):
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4, 5][: max_rank * 2 + 1])
    dims = []
    for _ in range(rank):
        r = rng.random()
        dims.append(0 if r < 0.05 else 1 if r < 0.25 else rng.randint(2, 6))
    return dims


def a_dim(rng, nd, wrong=0.08):
    """A dim for a tensor of `nd` dims, sometimes out of range."""
    if rng.random() < wrong or nd == 0:
        return rng.choice([nd, -nd - 1, nd + 1, 0, -1])
    return rng.randint(-nd, nd - 1)


def a_shape_for(rng, numel, shape):
    """A shape for view/reshape: a factorisation of numel, maybe with -1 or wrong."""
    r = rng.random()
    if r < 0.08:
        return [rng.randint(1, 7), -1]
    if r < 0.12:
        return [-1, -1]
    if r < 0.16:
        return [rng.randint(1, 5), rng.randint(1, 5)]
    if r < 0.2 and numel == 0:
        return rng.choice([[0, -1], [-1, 0], [0], [3, 0, 2]])
    dims = []
    rest = numel
    while rest > 1 and len(dims) < 5:
        ds = [d for d in range(2, min(rest, 12) + 1) if rest % d == 0]
        d = rng.choice(ds)
        dims.append(d)
        rest //= d
    if rest != 1 or numel == 0:
        dims.append(rest if numel else 0)
    for _ in range(rng.randint(0, 2)):
        dims.insert(rng.randint(0, len(dims)), 1)
    rng.shuffle(dims)
    if dims and rng.random() < 0.4:
        dims[rng.randrange(len(dims))] = -1
    return dims


def sample_op(rng, t, allow_multi=True, allow_write=True, names=None):
    """A random op (dict) for the current tensor `t` (drawn from `names`)."""
    shape = list(t.shape)
    nd = len(shape)
    names = (names or SINGLE) + (MULTI if allow_multi else []) + (["write"] * 2 if allow_write else [])
    name = rng.choice(names)
    op = {"op": name}
    if name in ("view", "reshape"):
        op["shape"] = a_shape_for(rng, t.numel(), shape)
    elif name == "view_dtype":
        op["dtype"] = rng.choice(DTYPES)
    elif name == "flatten":
        op["start_dim"] = a_dim(rng, nd)
        op["end_dim"] = a_dim(rng, nd)
    elif name == "unflatten":
        d = a_dim(rng, nd)
        op["dim"] = d
        size = shape[d] if -nd <= d < nd and nd else rng.randint(1, 6)
        sizes = a_shape_for(rng, size, [])
        op["sizes"] = sizes if sizes else [1]
    elif name in ("transpose", "swapaxes", "swapdims"):
        op["dim0"] = a_dim(rng, nd)
        op["dim1"] = a_dim(rng, nd)
    elif name == "permute":
        dims = list(range(nd))
        rng.shuffle(dims)
        dims = [d - nd if rng.random() < 0.3 else d for d in dims]
        r = rng.random()
        if r < 0.06 and dims:
            dims[0] = dims[-1] if len(dims) > 1 else nd
        elif r < 0.1:
            dims = dims[:-1] if dims else [0]
        op["dims"] = dims
    elif name == "movedim":
        if rng.random() < 0.5 or nd < 2:
            op["source"] = a_dim(rng, nd)
            op["destination"] = a_dim(rng, nd)
        else:
            k = rng.randint(1, nd)
            src = rng.sample(range(nd), k)
            dst = rng.sample(range(nd), k)
            if rng.random() < 0.1:
                dst = dst[:-1]
            if rng.random() < 0.1 and k > 1:
                src[1] = src[0]
            op["source"] = [s - nd if rng.random() < 0.3 else s for s in src]
            op["destination"] = dst
    elif name == "narrow":
        d = a_dim(rng, nd)
        op["dim"] = d
        size = shape[d] if nd and -nd <= d < nd else 3
        start = rng.randint(-size - 1, size + 1)
        op["start"] = start
        op["length"] = rng.randint(-1, size + 1) if rng.random() < 0.2 else rng.randint(0, max(0, size - max(start, 0) if start >= 0 else -start))
    elif name == "select":
        d = a_dim(rng, nd)
        op["dim"] = d
        size = shape[d] if nd and -nd <= d < nd else 3
        op["index"] = rng.randint(-size - 1, size) if size else rng.choice([0, -1])
    elif name == "squeeze":
        r = rng.random()
        if r < 0.3:
            pass
        elif r < 0.65:
            op["dim"] = a_dim(rng, nd)
        else:
            op["dims"] = sorted({a_dim(rng, nd) for _ in range(rng.randint(0, 3))})
    elif name == "unsqueeze":
        op["dim"] = a_dim(rng, nd + 1)
    elif name == "expand":
        sizes = []
        for s in shape:
            r = rng.random()
            sizes.append(-1 if r < 0.3 else (rng.randint(0, 4) if s == 1 else (s if r < 0.9 else s + 1)))
        for _ in range(rng.choice([0, 0, 1, 2])):
            sizes.insert(0, rng.choice([1, 2, 3, 0, -1]))
        op["sizes"] = sizes
    elif name == "diagonal":
        op["offset"] = rng.randint(-4, 4)
        op["dim1"] = a_dim(rng, nd)
        op["dim2"] = a_dim(rng, nd)
    elif name == "unfold":
        d = a_dim(rng, max(nd, 1)) if nd else rng.choice([0, -1, 1])
        op["dimension"] = d
        size = shape[d] if nd and -nd <= d < nd else 1
        op["size"] = rng.randint(0, size + 1)
        op["step"] = rng.randint(0 if rng.random() < 0.05 else 1, 3)
    elif name == "as_strided":
        k = rng.randint(0, 3)
        op["size"] = [rng.randint(0, 4) for _ in range(k)]
        op["stride"] = [rng.randint(0, 6) for _ in range(k)]
        op["offset"] = rng.randint(0, max(0, t.untyped_storage().nbytes() // max(1, t.element_size()) - 1))
    elif name == "index":
        items = []
        for _ in range(rng.randint(0, min(nd + 2, 5))):
            r = rng.random()
            if r < 0.3:
                items.append({"int": rng.randint(-4, 4)})
            elif r < 0.7:
                items.append({"slice": [rng.choice([None, rng.randint(-6, 6)]), rng.choice([None, rng.randint(-6, 7)]), rng.choice([None, None, 1, 2, 3])]})
            elif r < 0.85:
                items.append({"none": True})
            else:
                items.append({"ellipsis": True})
        if rng.random() < 0.03:
            items.append({"slice": [None, None, rng.choice([0, -1])]})
        op["items"] = items
    elif name in ("split", "split_with_sizes"):
        d = a_dim(rng, nd)
        op_dim = d
        size = shape[d] if nd and -nd <= d < nd else 3
        if name == "split" and rng.random() < 0.6:
            op["split_size"] = rng.randint(0, size + 2) if rng.random() < 0.2 else rng.randint(1, max(1, size))
        else:
            parts = []
            rest = size
            while rest > 0:
                p = rng.randint(0, rest)
                parts.append(p)
                rest -= p
            if rng.random() < 0.15:
                parts.append(1)
            key = "split_sizes"
            op[key] = parts
        op["dim"] = op_dim
    elif name == "chunk":
        op["chunks"] = rng.randint(0 if rng.random() < 0.05 else 1, 7)
        op["dim"] = a_dim(rng, nd)
    elif name in ("tensor_split", "hsplit", "vsplit", "dsplit"):
        if rng.random() < 0.5:
            op["sections"] = rng.randint(0 if rng.random() < 0.1 else 1, 6)
        else:
            op["indices"] = sorted(rng.randint(-6, 7) for _ in range(rng.randint(0, 3)))
        if name == "tensor_split":
            op["dim"] = a_dim(rng, nd)
    elif name == "unbind":
        op["dim"] = a_dim(rng, nd)
    elif name == "write":
        idx = []
        for s in shape:
            idx.append(rng.randint(-s, s - 1) if s else 0)
        if rng.random() < 0.1 and idx:
            idx[rng.randrange(len(idx))] = rng.choice([s for s in shape] or [1])
        op["index"] = idx
        op["value"] = write_value_for(t)
    return op


def write_value_for(t):
    if t.dtype == torch.bool:
        return True
    if t.dtype.is_complex:
        return [42.0, 7.0]
    return 42


def build_chain(rng, apply, base, length, names=None):
    """A chain of `length` ops built against the live tensor (stops at an error)."""
    ops = []
    cur = base
    for k in range(length):
        last = k == length - 1
        op = sample_op(rng, cur, allow_multi=last, allow_write=last, names=names)
        ops.append(op)
        if last:
            break
        try:
            cur = apply(op, cur)
        except Exception:
            break
    return ops


def random_cases(seed, count, deep=False):
    """`count` random cases; `deep` gives higher ranks (up to 7), bigger dims
    and longer chains."""
    from generate import apply, make_base

    rng = random.Random(seed)
    for n in range(count):
        dtype = rng.choice(DTYPES)
        if deep:
            shape = [rng.choice([1, 1, 2, 2, 3, 4, 5, 8]) for _ in range(rng.randint(3, 7))]
        else:
            shape = rand_shape(rng)
        base = make_base(dtype, shape)
        length = rng.randint(3, 8) if deep else rng.choice([1, 1, 2, 2, 3, 3, 4, 5])
        ops = build_chain(rng, apply, base, length)
        yield f"s{seed}-{n}", {"dtype": dtype, "shape": shape}, ops
