"""Edge-case families for generate.py (`edges` mode).

Each family enumerates the corners that random chains hit rarely: 0-d
tensors, zero-size and size-1 dims, negative and out-of-range dims and
indices, the split family's size rules, every kind of index item, unflatten
with -1 and 0, movedim lists, far diagonals, complex views of conj/neg views,
conjugate-transpose chains, writes through complex/conj/dtype views, and long
chains that mix dtype views with layout ops.

`edge_cases()` yields `(id, base, ops)`; ids are `e-<family>-<n>`.
"""

import itertools
import random

from cases_random import DTYPES, build_chain, write_value_for

SHAPES = [[], [0], [1], [5], [0, 3], [3, 0], [1, 1], [2, 3], [1, 4, 1], [2, 0, 3], [2, 3, 4], [3, 1, 2, 2]]
FEW_DTYPES = ["float32", "complex64", "bool", "int16"]


def wv(dtype):
    if dtype == "bool":
        return True
    if dtype.startswith("complex"):
        return [42.0, 7.0]
    return 42


def dims_around(nd):
    """Every dim from just below -nd to just above nd-1."""
    return list(range(-nd - 2, nd + 2)) if nd else [-2, -1, 0, 1]


def fam_dims():
    """Every dim-taking op with every dim, in and out of range."""
    for shape in SHAPES:
        nd = len(shape)
        dt = "float32"
        for d in dims_around(nd):
            yield dt, shape, [{"op": "squeeze", "dim": d}]
            yield dt, shape, [{"op": "unsqueeze", "dim": d}]
            yield dt, shape, [{"op": "select", "dim": d, "index": 0}]
            yield dt, shape, [{"op": "select", "dim": d, "index": -1}]
            yield dt, shape, [{"op": "narrow", "dim": d, "start": 0, "length": 1}]
            yield dt, shape, [{"op": "unbind", "dim": d}]
            yield dt, shape, [{"op": "unfold", "dimension": d, "size": 1, "step": 1}]
            yield dt, shape, [{"op": "flatten", "start_dim": d, "end_dim": -1}]
            yield dt, shape, [{"op": "flatten", "start_dim": 0, "end_dim": d}]
            yield dt, shape, [{"op": "transpose", "dim0": d, "dim1": 0}]
            yield dt, shape, [{"op": "swapdims", "dim0": -1, "dim1": d}]
            yield dt, shape, [{"op": "movedim", "source": d, "destination": 0}]
            yield dt, shape, [{"op": "movedim", "source": 0, "destination": d}]
            yield dt, shape, [{"op": "diagonal", "offset": 0, "dim1": d, "dim2": -1}]
            yield dt, shape, [{"op": "unflatten", "dim": d, "sizes": [-1]}]
            yield dt, shape, [{"op": "chunk", "chunks": 2, "dim": d}]
            yield dt, shape, [{"op": "split", "split_size": 1, "dim": d}]
            yield dt, shape, [{"op": "tensor_split", "sections": 2, "dim": d}]
            yield dt, shape, [{"op": "squeeze", "dims": [d]}]
            yield dt, shape, [{"op": "squeeze", "dims": [0, d]}]


def fam_select_narrow():
    """select/narrow indices and starts around every boundary."""
    for shape in [[0], [1], [4], [3, 0], [2, 5]]:
        size = shape[-1]
        for i in range(-size - 2, size + 2):
            yield "int32", shape, [{"op": "select", "dim": -1, "index": i}]
            for length in sorted({-1, 0, 1, size - 1, size, size + 1}):
                yield "int32", shape, [{"op": "narrow", "dim": -1, "start": i, "length": length}]


def fam_zero_d():
    """Every op on a 0-d tensor (and on a 0-d select of a vector)."""
    singles = [
        {"op": "view", "shape": []}, {"op": "view", "shape": [1]}, {"op": "view", "shape": [-1]},
        {"op": "view", "shape": [1, 1, -1]}, {"op": "view", "shape": [2]}, {"op": "reshape", "shape": []},
        {"op": "reshape", "shape": [-1, 1]}, {"op": "flatten", "start_dim": 0, "end_dim": -1},
        {"op": "flatten", "start_dim": -1, "end_dim": 0}, {"op": "t"}, {"op": "T"}, {"op": "mT"},
        {"op": "mH"}, {"op": "H"}, {"op": "adjoint"}, {"op": "real"}, {"op": "imag"},
        {"op": "view_as_real"}, {"op": "view_as_complex"}, {"op": "contiguous"}, {"op": "detach"},
        {"op": "expand", "sizes": []}, {"op": "expand", "sizes": [3]}, {"op": "expand", "sizes": [2, -1]},
        {"op": "expand", "sizes": [0]}, {"op": "expand", "sizes": [-1]}, {"op": "permute", "dims": []},
        {"op": "permute", "dims": [0]}, {"op": "squeeze"}, {"op": "squeeze", "dims": []},
        {"op": "unsqueeze", "dim": 0}, {"op": "unsqueeze", "dim": -1}, {"op": "unfold", "dimension": 0, "size": 1, "step": 1},
        {"op": "unfold", "dimension": 0, "size": 0, "step": 1}, {"op": "unfold", "dimension": -1, "size": 2, "step": 1},
        {"op": "unfold", "dimension": 0, "size": 1, "step": 0},
        {"op": "as_strided", "size": [], "stride": [], "offset": 0}, {"op": "as_strided", "size": [2], "stride": [0], "offset": 0},
        {"op": "as_strided", "size": [1], "stride": [1], "offset": 1},
        {"op": "index", "items": []}, {"op": "index", "items": [{"none": True}]},
        {"op": "index", "items": [{"ellipsis": True}]}, {"op": "index", "items": [{"ellipsis": True}, {"none": True}]},
        {"op": "index", "items": [{"int": 0}]}, {"op": "index", "items": [{"slice": [None, None, None]}]},
        {"op": "index", "items": [{"none": True}, {"slice": [None, None, 2]}, {"int": 0}]},
        {"op": "movedim", "source": [], "destination": []}, {"op": "movedim", "source": 0, "destination": 0},
        {"op": "diagonal", "offset": 0, "dim1": 0, "dim2": 1}, {"op": "unflatten", "dim": 0, "sizes": [1]},
        {"op": "split", "split_size": 1, "dim": 0}, {"op": "chunk", "chunks": 1, "dim": 0},
        {"op": "tensor_split", "sections": 1, "dim": 0}, {"op": "tensor_split", "indices": [], "dim": 0},
        {"op": "hsplit", "sections": 1}, {"op": "vsplit", "sections": 1}, {"op": "dsplit", "indices": [1]},
        {"op": "unbind", "dim": 0}, {"op": "split_with_sizes", "split_sizes": [1], "dim": 0},
        {"op": "view_dtype", "dtype": "float32"}, {"op": "view_dtype", "dtype": "int8"},
        {"op": "view_dtype", "dtype": "complex128"}, {"op": "view_dtype", "dtype": "uint32"},
    ]
    for dt in ["float32", "complex64", "bool", "int64", "complex32", "bfloat16"]:
        for op in singles:
            yield dt, [], [op]
        yield dt, [], [{"op": "write", "index": [], "value": wv(dt)}]
        yield dt, [], [{"op": "write", "index": [0], "value": wv(dt)}]
        yield dt, [], [{"op": "mH"}, {"op": "write", "index": [], "value": wv(dt)}]
        yield dt, [3], [{"op": "select", "dim": 0, "index": -1}, {"op": "mT"}, {"op": "unsqueeze", "dim": 0}]
        yield dt, [3], [{"op": "select", "dim": 0, "index": 1}, {"op": "expand", "sizes": [2, 2]}]
        yield dt, [3], [{"op": "index", "items": [{"int": 2}]}, {"op": "view", "shape": [1, 1]}]
        yield dt, [3], [{"op": "select", "dim": 0, "index": 2}, {"op": "mH"}, {"op": "write", "index": [], "value": wv(dt)}]


def fam_view_reshape():
    """view/reshape with -1, 0 and wrong shapes on odd layouts."""
    shapes = [[0], [2, 0], [6], [2, 3], [1, 1]]
    targets = [[0], [-1], [0, -1], [-1, 0], [2, -1], [-1, 2], [3, 0], [0, 0], [-1, -1], [-2], [6, 0],
               [1, -1, 1], [2, 3], [3, 2], [6, 1], [1, 6], [7], [], [1], [-1, 3, 2], [0, 5, -1]]
    prefixes = [[], [{"op": "t"}], [{"op": "expand", "sizes": [2, -1]}], [{"op": "unsqueeze", "dim": 0}, {"op": "T"}]]
    for shape in shapes:
        for pre in prefixes:
            for tgt in targets:
                for name in ["view", "reshape"]:
                    yield "int8", shape, pre + [{"op": name, "shape": tgt}]
    # view on layouts with size-1 dims and odd strides (computeStride corners)
    odd = [
        [{"op": "as_strided", "size": [2, 1, 3], "stride": [3, 7, 1], "offset": 1}],
        [{"op": "as_strided", "size": [2, 3], "stride": [0, 1], "offset": 0}],
        [{"op": "as_strided", "size": [3, 2], "stride": [1, 3], "offset": 0}],
        [{"op": "narrow", "dim": 1, "start": 1, "length": 2}],
        [{"op": "unfold", "dimension": 1, "size": 2, "step": 1}],
        [{"op": "index", "items": [{"slice": [None, None, 2]}]}],
    ]
    for pre in odd:
        for tgt in [[-1], [6], [2, 3], [3, 2], [1, 6], [2, 1, 3], [-1, 1], [1, -1, 1, 1], [4], [2, 2], [2, 4], [4, 2], [1, 2, 2]]:
            for name in ["view", "reshape"]:
                yield "int16", [4, 4], pre + [{"op": name, "shape": tgt}]
                yield "int16", [4, 4], pre + [{"op": "flatten", "start_dim": 0, "end_dim": -1}]


def fam_split():
    """The split family's size rules: odd, zero, negative sizes and sections."""
    for n in [0, 1, 2, 5, 7]:
        shape = [n, 2]
        for s in [-1, 0, 1, 2, 3, n, n + 1]:
            yield "uint8", shape, [{"op": "split", "split_size": s, "dim": 0}]
        for sizes in [[], [n], [0, n], [n, 0], [0, 0, n], [1, n - 1], [n - 1, 1], [n + 1], [-1, n + 1], [1] * n, [0]]:
            yield "uint8", shape, [{"op": "split_with_sizes", "split_sizes": sizes, "dim": 0}]
            yield "uint8", shape, [{"op": "split", "split_sizes": sizes, "dim": 0}]
        for c in [-1, 0, 1, 2, 3, 4, n, n + 1, 8]:
            yield "uint8", shape, [{"op": "chunk", "chunks": c, "dim": 0}]
        for sec in [-1, 0, 1, 2, 3, 4, n, n + 1, 8]:
            yield "uint8", shape, [{"op": "tensor_split", "sections": sec, "dim": 0}]
        for idx in [[], [0], [n], [n + 3], [-1], [-n - 3], [3, 1], [1, 1], [0, 0, 0], [-2, 2], [2, -2], [1, n + 5, 2]]:
            yield "uint8", shape, [{"op": "tensor_split", "indices": idx, "dim": 0}]
    for shape in [[], [4], [0], [6, 4], [4, 6], [2, 4, 6], [2, 3, 0], [3, 0, 5], [1, 1, 1, 1]]:
        for name in ["hsplit", "vsplit", "dsplit"]:
            for sec in [0, 1, 2, 3, 4, -2]:
                yield "float64", shape, [{"op": name, "sections": sec}]
            for idx in [[], [1], [0, 3], [-1], [2, 1], [7]]:
                yield "float64", shape, [{"op": name, "indices": idx}]
    for shape in [[0], [3, 0], [0, 3]]:
        for d in [0, -1]:
            yield "int32", shape, [{"op": "unbind", "dim": d}]
    # pieces of transposed / offset / dtype-viewed tensors
    pre = [[{"op": "t"}], [{"op": "narrow", "dim": 0, "start": 1, "length": 3}], [{"op": "view_dtype", "dtype": "int16"}],
           [{"op": "expand", "sizes": [2, -1, -1]}], [{"op": "mH"}]]
    for p in pre:
        yield "complex64", [4, 5], p + [{"op": "split", "split_size": 2, "dim": -1}]
        yield "complex64", [4, 5], p + [{"op": "chunk", "chunks": 3, "dim": 0}]
        yield "complex64", [4, 5], p + [{"op": "tensor_split", "indices": [1, 3], "dim": -1}]
        yield "complex64", [4, 5], p + [{"op": "unbind", "dim": -1}]


def fam_index():
    """index with every item kind: steps, bounds, ellipsis + new axes, errors."""
    shapes = [[5], [0], [3, 4], [2, 0, 3], [1, 2, 3]]
    items = [
        [], [{"int": 0}], [{"int": -1}], [{"int": 5}], [{"int": -6}], [{"int": 3}], [{"int": -4}],
        [{"slice": [None, None, -1]}], [{"slice": [None, None, 0]}], [{"slice": [None, None, 7]}],
        [{"slice": [1, None, 100]}], [{"slice": [-100, 100, None]}], [{"slice": [3, 1, None]}],
        [{"slice": [-1, None, None]}], [{"slice": [None, -1, 2]}], [{"slice": [10, 20, None]}],
        [{"slice": [-2, -1, None]}], [{"slice": [None, None, 2]}, {"int": 1}],
        [{"ellipsis": True}], [{"ellipsis": True}, {"none": True}], [{"none": True}, {"ellipsis": True}],
        [{"none": True}, {"none": True}], [{"ellipsis": True}, {"int": 0}], [{"int": 0}, {"ellipsis": True}, {"int": 0}],
        [{"ellipsis": True}, {"ellipsis": True}], [{"none": True}, {"int": -1}, {"none": True}],
        [{"int": 0}, {"int": 0}, {"int": 0}, {"int": 0}], [{"slice": [None, None, None]}] * 4,
        [{"ellipsis": True}, {"slice": [1, None, 2]}, {"none": True}],
        [{"none": True}, {"ellipsis": True}, {"none": True}, {"int": -1}],
        [{"slice": [None, None, 3]}, {"ellipsis": True}, {"slice": [None, None, -2]}],
    ]
    for shape in shapes:
        for it in items:
            yield "float16", shape, [{"op": "index", "items": it}]
    for it in items[:12]:
        yield "float16", [], [{"op": "index", "items": it}]
    # indexing transposed / expanded / offset views
    for it in items:
        yield "int64", [3, 4], [{"op": "t"}, {"op": "index", "items": it}]
        yield "int64", [3, 4], [{"op": "narrow", "dim": 1, "start": 1, "length": 2}, {"op": "index", "items": it}]
        yield "complex128", [3, 4], [{"op": "mH"}, {"op": "index", "items": it}]


def fam_unflatten():
    """unflatten with -1, 0, empty and wrong sizes."""
    for n in [0, 1, 4, 6]:
        for sizes in [[-1], [0], [0, -1], [-1, 0], [2, -1], [-1, 2], [-1, -1], [1, -1, 1], [2, 3], [3, 2], [n],
                      [0, 0], [1, 0], [n, 0], [], [-2, -3], [1, 1, n], [-1, 3], [7, -1]]:
            yield "float64", [2, n], [{"op": "unflatten", "dim": -1, "sizes": sizes}]
            yield "float64", [n, 2], [{"op": "t"}, {"op": "unflatten", "dim": 1, "sizes": sizes}]


def fam_movedim():
    """movedim with lists: repeats, length mismatches, negatives, empties."""
    pairs = [([], []), ([0], [1]), ([0, 1], [1, 0]), ([0, 1], [2, 0]), ([-1, 0], [0, -1]), ([0, 0], [1, 2]),
             ([0, 1], [2, 2]), ([0, 1], [1]), ([3], [0]), ([0], [-4]), ([0, -3], [1, 2]), ([2, 1, 0], [0, 1, 2]),
             ([1], [-1]), ([0, 2], [-1, -3]), ([-1], [-2])]
    for shape in [[2, 3, 4], [1, 0, 2], []]:
        for s, d in pairs:
            yield "int8", shape, [{"op": "movedim", "source": s, "destination": d}]
        for s in range(-4, 4):
            yield "int8", shape, [{"op": "movedim", "source": s, "destination": -1}]
    for dims in [[], [0], [0, 1], [1, 0, 2], [2, 1, 0], [0, 0, 1], [0, 1, 3], [0, 1, -1], [-3, -2, -1], [0, 1, 2, 3], [-4, 0, 1]]:
        yield "int8", [2, 3, 4], [{"op": "permute", "dims": dims}]


def fam_diagonal():
    """diagonal with big offsets on square, wide, tall, empty and 3-d shapes."""
    for shape in [[3, 3], [2, 5], [5, 2], [0, 4], [4, 0], [1, 1], [2, 3, 4]]:
        for off in [-7, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 100, -100]:
            yield "bfloat16", shape, [{"op": "diagonal", "offset": off, "dim1": 0, "dim2": 1}]
            yield "bfloat16", shape, [{"op": "diagonal", "offset": off, "dim1": -1, "dim2": 0}]
        yield "bfloat16", shape, [{"op": "diagonal", "offset": 0, "dim1": 0, "dim2": -len(shape)}]
    yield "complex64", [3, 4], [{"op": "mH"}, {"op": "diagonal", "offset": 1, "dim1": 0, "dim2": 1}]
    yield "complex64", [3, 4], [{"op": "diagonal", "offset": -1, "dim1": 1, "dim2": 0}, {"op": "write", "index": [0], "value": [42.0, 7.0]}]


def fam_unfold_expand():
    """unfold sizes/steps at the limits; expand with -1, 0 and new dims."""
    for n in [0, 1, 3, 5]:
        for size in [-1, 0, 1, 2, n, n + 1]:
            for step in [-1, 0, 1, 2, 5]:
                yield "uint16", [2, n], [{"op": "unfold", "dimension": -1, "size": size, "step": step}]
    for shape in [[1], [3], [1, 3], [3, 1], [0], [0, 1]]:
        for sizes in [[-1], [2], [0], [3], [2, -1], [-1, 2], [2, 3, -1], [-1, -1, -1], [1, 0, -1], [4, 1, 3], [-2], [3, -1, 3]]:
            yield "int32", shape, [{"op": "expand", "sizes": sizes}]


def fam_as_strided():
    """as_strided sizes/strides/offsets around the storage limits."""
    for size, stride, off in [([4], [1], 12), ([4], [1], 13), ([2, 2], [0, 0], 15), ([2, 2], [8, 1], 7),
                              ([2, 2], [8, 1], 8), ([0], [1], 100), ([0, 5], [5, 1], 16), ([3], [-1], 0),
                              ([-1], [1], 0), ([2], [1], -1), ([2, 2], [1], 0), ([16], [1], 0), ([17], [1], 0),
                              ([1, 1, 1], [100, 100, 100], 15), ([2, 1], [1, 0], 14), ([], [], 15), ([], [], 16)]:
        yield "float32", [4, 4], [{"op": "as_strided", "size": size, "stride": stride, "offset": off}]
        yield "float32", [4, 4], [{"op": "narrow", "dim": 0, "start": 1, "length": 2}, {"op": "as_strided", "size": size, "stride": stride, "offset": off}]
        yield "complex64", [4, 4], [{"op": "view_as_real"}, {"op": "as_strided", "size": size, "stride": stride, "offset": off}]
        yield "float32", [4, 4], [{"op": "view_dtype", "dtype": "complex128"}, {"op": "as_strided", "size": size, "stride": stride, "offset": off}]


def fam_as_strided_default_offset():
    """as_strided without an offset keeps the input's storage offset."""
    pres = [[], [{"op": "narrow", "dim": 0, "start": 1, "length": 2}], [{"op": "select", "dim": 1, "index": 3}],
            [{"op": "mH"}, {"op": "narrow", "dim": 1, "start": 2, "length": 1}], [{"op": "view_dtype", "dtype": "int8"}, {"op": "narrow", "dim": 1, "start": 3, "length": 5}]]
    for pre in pres:
        for size, stride in [([2, 2], [1, 2]), ([3], [5]), ([], []), ([4, 4], [4, 1]), ([2], [0])]:
            yield "complex64", [4, 4], pre + [{"op": "as_strided", "size": size, "stride": stride}]


def fam_complex():
    """view_as_complex/real and real/imag on conj, neg, offset and dtype views."""
    pre = [
        [], [{"op": "mH"}], [{"op": "mT"}], [{"op": "mH"}, {"op": "mH"}], [{"op": "adjoint"}, {"op": "contiguous"}],
        [{"op": "mH"}, {"op": "imag"}], [{"op": "mH"}, {"op": "real"}], [{"op": "imag"}],
        [{"op": "mH"}, {"op": "view_as_real"}], [{"op": "view_as_real"}], [{"op": "view_as_real"}, {"op": "narrow", "dim": -1, "start": 1, "length": 1}],
        [{"op": "index", "items": [{"ellipsis": True}, {"slice": [1, None, None]}]}],
        [{"op": "view_dtype", "dtype": "float32"}], [{"op": "view_dtype", "dtype": "float64"}], [{"op": "view_dtype", "dtype": "float16"}],
        [{"op": "mH"}, {"op": "view_dtype", "dtype": "float32"}], [{"op": "mH"}, {"op": "view_dtype", "dtype": "complex64"}],
        [{"op": "mH"}, {"op": "imag"}, {"op": "mT"}], [{"op": "mH"}, {"op": "imag"}, {"op": "contiguous"}],
        [{"op": "mH"}, {"op": "detach"}], [{"op": "H"}, {"op": "T"}], [{"op": "mH"}, {"op": "expand", "sizes": [2, -1, -1]}],
    ]
    posts = [[], [{"op": "view_as_real"}], [{"op": "view_as_complex"}], [{"op": "real"}], [{"op": "imag"}],
             [{"op": "mH"}], [{"op": "view_as_real"}, {"op": "view_as_complex"}], [{"op": "imag"}, {"op": "view_as_complex"}],
             [{"op": "view_dtype", "dtype": "int32"}], [{"op": "contiguous"}], [{"op": "reshape", "shape": [-1]}]]
    for dt in ["complex64", "complex32", "complex128", "float32", "float16", "bfloat16", "float64"]:
        for p in pre:
            for q in posts:
                yield dt, [2, 4], p + q
    for shape in [[2], [3, 2], [0, 2], [2, 1], [1, 2, 2], [4]]:
        for dt in ["float32", "float64", "float16", "int32"]:
            yield dt, shape, [{"op": "view_as_complex"}]
            yield dt, shape, [{"op": "narrow", "dim": 0, "start": 1, "length": 0 if shape[0] < 2 else 1}, {"op": "view_as_complex"}]
    yield "float32", [3, 2], [{"op": "t"}, {"op": "view_as_complex"}]
    yield "float32", [4, 2], [{"op": "index", "items": [{"slice": [None, None, 2]}]}, {"op": "view_as_complex"}]
    yield "float32", [8], [{"op": "as_strided", "size": [3, 2], "stride": [2, 1], "offset": 1}, {"op": "view_as_complex"}]
    yield "float32", [8], [{"op": "as_strided", "size": [3, 2], "stride": [3, 1], "offset": 0}, {"op": "view_as_complex"}]
    yield "float32", [8], [{"op": "as_strided", "size": [2, 2], "stride": [0, 1], "offset": 2}, {"op": "view_as_complex"}]
    yield "float32", [8], [{"op": "as_strided", "size": [1, 2], "stride": [3, 1], "offset": 2}, {"op": "view_as_complex"}]
    yield "float32", [2], [{"op": "as_strided", "size": [], "stride": [], "offset": 0}, {"op": "view_as_complex"}]


def fam_conj_chains():
    """mH/H/adjoint chains on every rank, with layout ops between them."""
    mids = [[], [{"op": "t"}], [{"op": "contiguous"}], [{"op": "unsqueeze", "dim": 0}], [{"op": "select", "dim": 0, "index": -1}],
            [{"op": "reshape", "shape": [-1]}], [{"op": "view", "shape": [-1]}], [{"op": "expand", "sizes": [3, -1, -1]}],
            [{"op": "diagonal", "offset": 0, "dim1": 0, "dim2": 1}], [{"op": "unfold", "dimension": 0, "size": 2, "step": 1}]]
    for shape in [[2, 3], [1, 1], [0, 2], [2, 2, 2]]:
        for a, b in itertools.product(["mH", "H", "adjoint", "mT"], ["mH", "H", "adjoint"]):
            for m in mids:
                yield "complex64", shape, [{"op": a}] + m + [{"op": b}]
        for a in ["mH", "H", "adjoint", "T", "mT", "t"]:
            yield "float32", shape, [{"op": a}]
            yield "complex32", shape, [{"op": a}, {"op": "contiguous"}]
    for shape in [[], [3], [2, 3, 4, 5]]:
        for a in ["mH", "H", "adjoint", "T", "mT", "t"]:
            yield "complex128", shape, [{"op": a}]
            yield "int8", shape, [{"op": a}]


def fam_writes():
    """Writes through complex, conj, neg, dtype, expanded and strided views."""
    views = [
        ("complex64", [2, 3], [{"op": "mH"}]), ("complex64", [2, 3], [{"op": "adjoint"}, {"op": "select", "dim": 0, "index": 1}]),
        ("complex64", [2, 3], [{"op": "mH"}, {"op": "real"}]), ("complex64", [2, 3], [{"op": "mH"}, {"op": "imag"}]),
        ("complex64", [2, 3], [{"op": "imag"}]), ("complex64", [2, 3], [{"op": "real"}]),
        ("complex64", [2, 3], [{"op": "view_as_real"}]), ("complex64", [2, 3], [{"op": "mT"}, {"op": "view_as_real"}]),
        ("complex128", [2, 3], [{"op": "mH"}, {"op": "mH"}]), ("complex32", [2, 2], [{"op": "H"}]),
        ("complex32", [2, 2], [{"op": "H"}, {"op": "imag"}]), ("complex64", [2, 3], [{"op": "view_dtype", "dtype": "float32"}]),
        ("complex64", [2, 3], [{"op": "view_dtype", "dtype": "int16"}]), ("complex64", [2, 3], [{"op": "view_dtype", "dtype": "complex32"}]),
        ("float32", [2, 4], [{"op": "view_as_complex"}]), ("float32", [2, 4], [{"op": "view_as_complex"}, {"op": "mH"}]),
        ("float32", [2, 4], [{"op": "view_dtype", "dtype": "complex64"}, {"op": "H"}]),
        ("float32", [2, 4], [{"op": "view_dtype", "dtype": "int32"}]), ("float32", [2, 4], [{"op": "view_dtype", "dtype": "float16"}]),
        ("float32", [2, 4], [{"op": "view_dtype", "dtype": "bool"}]), ("int16", [2, 4], [{"op": "view_dtype", "dtype": "bfloat16"}]),
        ("uint8", [2, 4], [{"op": "view_dtype", "dtype": "bool"}]), ("bool", [2, 4], [{"op": "view_dtype", "dtype": "uint8"}]),
        ("int64", [2, 4], [{"op": "view_dtype", "dtype": "uint64"}]), ("uint64", [2, 4], [{"op": "view_dtype", "dtype": "float64"}]),
        ("float16", [2, 4], [{"op": "view_dtype", "dtype": "complex32"}]),
        ("float32", [3, 4], [{"op": "expand", "sizes": [2, -1, -1]}]), ("float32", [3, 4], [{"op": "unfold", "dimension": 1, "size": 2, "step": 1}]),
        ("float32", [3, 4], [{"op": "diagonal", "offset": 1, "dim1": 0, "dim2": 1}]),
        ("float32", [3, 4], [{"op": "as_strided", "size": [2, 2], "stride": [0, 3], "offset": 5}]),
        ("float32", [3, 4], [{"op": "index", "items": [{"slice": [None, None, 2]}, {"slice": [1, None, 2]}]}]),
        ("float32", [3, 4], [{"op": "t"}, {"op": "reshape", "shape": [-1]}]), ("float32", [3, 4], [{"op": "t"}, {"op": "contiguous"}]),
        ("uint16", [3, 4], [{"op": "unsqueeze", "dim": 1}, {"op": "T"}]),
    ]
    for dt, shape, ops in views:
        from generate import apply, make_base

        t = make_base(dt, shape)
        try:
            for op in ops:
                t = apply(op, t)
        except Exception:
            yield dt, shape, ops + [{"op": "write", "index": [0] * 2, "value": wv(dt)}]
            continue
        s = list(t.shape)
        val = write_value_for(t)
        yield dt, shape, ops + [{"op": "write", "index": [x - 1 for x in s], "value": val}]
        yield dt, shape, ops + [{"op": "write", "index": [0 for _ in s], "value": val}]
        yield dt, shape, ops + [{"op": "write", "index": [-x for x in s], "value": val}]
        yield dt, shape, ops + [{"op": "write", "index": [x for x in s], "value": val}]
        yield dt, shape, ops + [{"op": "write", "index": [-x - 1 for x in s], "value": val}]
        yield dt, shape, ops + [{"op": "write", "index": [0 for _ in s] + [0], "value": val}]
    # other in-range values (FORMAT.md's writes are 42, true and [42, 7])
    for dt, v in [("int32", 1000000000), ("uint64", 42), ("bfloat16", 3), ("float16", -2)]:
        yield dt, [3], [{"op": "write", "index": [1], "value": v}]


def fam_dtype():
    """view(dtype) for every pair of dtypes over layouts that stress its rules:
    last-dim stride, size-1 and empty last dims, offsets, 0-d, broadcast
    dims, conj views."""
    layouts = [
        ("shape", [2, 4], []),
        ("t", [4, 4], [{"op": "t"}]),
        ("offset", [2, 8], [{"op": "narrow", "dim": 1, "start": 1, "length": 4}]),
        ("size1", [8], [{"op": "as_strided", "size": [2, 1], "stride": [4, 7], "offset": 0}]),
        ("empty", [3, 0], []),
        ("zerod", [], []),
        ("expand", [1, 4], [{"op": "expand", "sizes": [3, 4]}]),
        ("bcast_last", [4, 1], [{"op": "expand", "sizes": [4, 4]}]),
        ("conj", [4, 4], [{"op": "mH"}, {"op": "mT"}]),
    ]
    for src in DTYPES:
        for dst in DTYPES:
            for _, shape, pre in layouts:
                yield src, shape, pre + [{"op": "view_dtype", "dtype": dst}]
    for src, dst in [("uint8", "int32"), ("int32", "uint8"), ("complex128", "int8"), ("int8", "complex128")]:
        for shape in [[4, 8], [8], [2, 2, 8]]:
            yield src, shape, [{"op": "view_dtype", "dtype": dst}, {"op": "view_dtype", "dtype": src}]
            yield src, shape, [{"op": "view_dtype", "dtype": dst}, {"op": "t"} if len(shape) == 2 else {"op": "detach"}, {"op": "view_dtype", "dtype": src}]
            yield src, shape, [{"op": "view_dtype", "dtype": dst}, {"op": "narrow", "dim": -1, "start": 1, "length": 1}, {"op": "view_dtype", "dtype": src}]


def fam_misc():
    """Assorted corners: squeeze with repeated dims, narrow with negative
    lengths, flatten of 0-d and single dims, reshape of broadcast views."""
    for dims in [[0, 0], [1, -3], [], [0, 1, 2], [5], [-4], [2, 2, 0]]:
        yield "int64", [1, 3, 1], [{"op": "squeeze", "dims": dims}]
    for start, length in [(0, -1), (-4, 1), (-3, 3), (3, 0), (4, 0), (-1, 2), (2, -2)]:
        yield "int64", [3, 2], [{"op": "narrow", "dim": 0, "start": start, "length": length}]
    for shape in [[], [1], [0], [2, 3], [2, 1, 3]]:
        for s, e in [(0, 0), (0, -1), (-1, -1), (1, 0), (0, 1), (-1, 0), (1, 1)]:
            yield "float32", shape, [{"op": "flatten", "start_dim": s, "end_dim": e}]
            yield "float32", shape, [{"op": "t"} if len(shape) <= 2 else {"op": "mT"}, {"op": "flatten", "start_dim": s, "end_dim": e}]
    bcast = [{"op": "unsqueeze", "dim": 1}, {"op": "expand", "sizes": [-1, 3, -1]}]
    for tgt in [[-1], [2, 9], [6, 3], [2, 3, 3], [18], [2, 1, 3, 3], [3, 6], [2, 3, 1, 3]]:
        yield "int32", [2, 3], bcast + [{"op": "reshape", "shape": tgt}]
        yield "int32", [2, 3], bcast + [{"op": "view", "shape": tgt}]
    for shape in [[2, 0, 3], [0, 4]]:
        yield "int32", shape, [{"op": "t"} if len(shape) == 2 else {"op": "mT"}, {"op": "contiguous"}]
        yield "int32", shape, [{"op": "expand", "sizes": [2] + [-1] * len(shape)}, {"op": "contiguous"}]
    for sizes in [[2, -1, 2], [-2, 6], [0, -1], [1, 1, 1, 12], [3, 4, 1], [12, 0]]:
        yield "int32", [2, 12], [{"op": "unflatten", "dim": 1, "sizes": sizes}]
    for d in [0, 1, -1]:
        yield "int32", [0, 3], [{"op": "select", "dim": d, "index": 0}]
        yield "int32", [0, 3], [{"op": "index", "items": [{"int": 0}] if d == 0 else [{"slice": [None, None, None]}, {"int": 0}]}]


def fam_huge():
    """Sizes near the limits: stride-0 views of 2^40..2^63-1 elements (no
    memory behind them), element counts that overflow, copies that cannot be
    allocated, and offsets far past the storage."""
    big = [1 << 40, 1 << 62, (1 << 63) - 1]
    for n in big:
        yield "float32", [1], [{"op": "expand", "sizes": [n]}]
        yield "float32", [1], [{"op": "expand", "sizes": [2, n]}]
        yield "float32", [], [{"op": "expand", "sizes": [n, 1]}]
        yield "float32", [1, 1], [{"op": "as_strided", "size": [n, 2], "stride": [0, 0], "offset": 0}]
        yield "float32", [1, 1], [{"op": "as_strided", "size": [n], "stride": [1], "offset": 0}]
        yield "float32", [4], [{"op": "as_strided", "size": [2], "stride": [1], "offset": n}]
        yield "float32", [4], [{"op": "view", "shape": [n, -1]}]
        yield "float32", [0], [{"op": "view", "shape": [n, 0]}]
        yield "float32", [0], [{"op": "view", "shape": [n, -1]}]
        yield "float32", [0], [{"op": "reshape", "shape": [0, n, n]}]
        yield "float32", [4], [{"op": "narrow", "dim": 0, "start": n, "length": 1}]
        yield "float32", [4], [{"op": "select", "dim": 0, "index": -n}]
        yield "float32", [4], [{"op": "unfold", "dimension": 0, "size": 2, "step": n}]
        yield "float32", [4, 4], [{"op": "diagonal", "offset": n, "dim1": 0, "dim2": 1}]
        yield "float32", [4, 4], [{"op": "diagonal", "offset": -n, "dim1": 0, "dim2": 1}]
        # steps near 2^63: PyTorch's size and stride arithmetic wraps in int64
        yield "float32", [4], [{"op": "index", "items": [{"slice": [-n, n, n]}]}]
        yield "float32", [4], [{"op": "index", "items": [{"slice": [1, None, n]}]}]
        yield "float32", [5, 2], [{"op": "index", "items": [{"slice": [None, None, n]}]}]
        yield "float32", [8], [{"op": "index", "items": [{"slice": [None, None, 3]}]}, {"op": "index", "items": [{"slice": [None, None, n]}]}]
        yield "float32", [1], [{"op": "expand", "sizes": [1 << 62]}, {"op": "index", "items": [{"slice": [None, None, n + 5 if n + 5 < (1 << 63) else n]}]}]
        yield "float32", [4], [{"op": "split", "split_size": n, "dim": 0}]
        yield "float32", [4], [{"op": "tensor_split", "indices": [n, -n], "dim": 0}]
    e = [{"op": "expand", "sizes": [1 << 20, 1 << 20, 1 << 10]}]
    yield "int8", [1], e
    for tail in [[{"op": "view", "shape": [-1]}], [{"op": "reshape", "shape": [1 << 30, -1]}], [{"op": "flatten", "start_dim": 0, "end_dim": 1}],
                 [{"op": "unfold", "dimension": 0, "size": 1 << 19, "step": 1 << 19}], [{"op": "diagonal", "offset": 5, "dim1": 0, "dim2": 1}],
                 [{"op": "permute", "dims": [2, 0, 1]}, {"op": "view", "shape": [1 << 30, 1 << 20]}],
                 [{"op": "view_dtype", "dtype": "uint8"}], [{"op": "unsqueeze", "dim": 3}, {"op": "expand", "sizes": [-1, -1, -1, 1 << 14]}],
                 [{"op": "unsqueeze", "dim": 3}, {"op": "expand", "sizes": [-1, -1, -1, 1 << 13]}, {"op": "view", "shape": [-1]}],
                 [{"op": "index", "items": [{"slice": [None, None, 1 << 19]}, {"int": -1}]}], [{"op": "contiguous"}]]:
        yield "int8", [1], e + tail
    yield "complex128", [1], [{"op": "expand", "sizes": [1 << 48]}, {"op": "contiguous"}]
    yield "complex128", [1], [{"op": "expand", "sizes": [1 << 48]}, {"op": "reshape", "shape": [1 << 24, 1 << 24]}]
    yield "complex128", [1], [{"op": "expand", "sizes": [1 << 48]}, {"op": "mH" if False else "view_as_real"}]
    yield "complex128", [1], [{"op": "expand", "sizes": [1 << 48, 1]}, {"op": "mH"}, {"op": "contiguous"}]


def fam_regressions():
    """The cases that found gaps in tensor-view (kept whole in edges.jsonl)."""
    for dt in ["float32", "complex64", "uint8"]:
        yield dt, [], [{"op": "mT"}]
        yield dt, [], [{"op": "mT"}, {"op": "mH"}, {"op": "unsqueeze", "dim": 0}]
        yield dt, [3], [{"op": "select", "dim": 0, "index": 1}, {"op": "mT"}, {"op": "write", "index": [], "value": wv(dt)}]
        yield dt, [], [{"op": "write", "index": [0], "value": wv(dt)}]
        yield dt, [2, 3], [{"op": "mH"}, {"op": "write", "index": [0, 0, 0], "value": wv(dt)}]
        yield dt, [2, 3], [{"op": "index", "items": [{"slice": [None, None, 0]}]}]
        yield dt, [2, 3], [{"op": "index", "items": [{"int": 1}, {"slice": [1, None, 0]}]}]
        yield dt, [2, 3], [{"op": "index", "items": [{"int": 5}, {"slice": [1, None, 0]}]}]
        yield dt, [2, 3], [{"op": "index", "items": [{"slice": [None, None, -1]}]}]
    for sizes in [[-1], [2, -1], [-1, 2], [-2], [3, -2], [-1, -1]]:
        yield "int64", [], [{"op": "expand", "sizes": sizes}]
        yield "int64", [1], [{"op": "expand", "sizes": sizes}]
    for dt in DTYPES:
        yield dt, [3, 1], [{"op": "expand", "sizes": [2]}]
    yield "float32", [1, 1], [{"op": "mH"}, {"op": "expand", "sizes": [4]}]
    yield "float32", [1], [{"op": "expand", "sizes": [1 << 48]}, {"op": "contiguous"}]
    yield "float32", [1], [{"op": "expand", "sizes": [1 << 61]}, {"op": "contiguous"}]
    yield "float32", [1], [{"op": "expand", "sizes": [1 << 30, 1 << 20]}, {"op": "t"}, {"op": "reshape", "shape": [-1]}]
    yield "float32", [1], [{"op": "expand", "sizes": [1 << 30, 1 << 20]}, {"op": "unfold", "dimension": 0, "size": 2, "step": 1}, {"op": "reshape", "shape": [-1]}]
    yield "complex128", [1], [{"op": "expand", "sizes": [1 << 48, 1]}, {"op": "mH"}, {"op": "contiguous"}]
    # writes naming fewer dims than the view has fill a sub-tensor (x[i] = v)
    for dt, shape, pre in [("float32", [2, 3], []), ("complex64", [2, 3], [{"op": "mH"}]), ("complex64", [2, 3], [{"op": "mH"}, {"op": "imag"}]),
                           ("int16", [1, 3], [{"op": "expand", "sizes": [2, 3]}]), ("int32", [2, 4], [{"op": "view_dtype", "dtype": "int16"}, {"op": "t"}])]:
        for index in [[], [0], [-1], [5]]:
            v = wv(dt) if not (pre and pre[-1]["op"] == "imag") else 42
            yield dt, shape, pre + [{"op": "write", "index": index, "value": v}]
    # empty views with sizes, strides and offsets at 2^63 - 1, as the random
    # chains made them for a copy_ the reference model once refused (copy_
    # itself has no golden op: tests/pytorch_parity_writes.rs holds it)
    m = (1 << 63) - 1
    huge = [{"op": "as_strided", "size": [1, m, 0, 2], "stride": [m, 1, 1, 1], "offset": m}]
    flat = {"op": "flatten", "start_dim": 0, "end_dim": -1}
    for tail in [[], [flat], [{"op": "squeeze"}], [{"op": "transpose", "dim0": 0, "dim1": 1}],
                 [{"op": "transpose", "dim0": 0, "dim1": 1}, flat], [{"op": "transpose", "dim0": 1, "dim1": 3}, {"op": "squeeze", "dim": 0}]]:
        yield "int64", [0], huge + tail
    yield "int64", [0], [{"op": "as_strided", "size": [m, 0], "stride": [2, 1], "offset": 0}, {"op": "unsqueeze", "dim": 0}]
    found = [{"op": "as_strided", "size": [1, 3, 0], "stride": [m, m, 1 << 32]}]
    for tail in [[], [{"op": "select", "dim": -3, "index": 0}], [{"op": "select", "dim": -3, "index": 0}, {"op": "unsqueeze", "dim": 0}]]:
        yield "int64", [1], found + tail


def fam_extreme_ints():
    """Every integer argument at the ends of int64 (never a panic, PyTorch's text)."""
    lo, hi = -(1 << 63), (1 << 63) - 1
    for v in [lo, lo + 1, hi, hi - 1, -(1 << 62), 1 << 62]:
        for dt, shape in [("float32", [2, 3]), ("complex64", [0, 3]), ("int8", [])]:
            ops = [
                {"op": "view", "shape": [v]}, {"op": "view", "shape": [v, -1]}, {"op": "reshape", "shape": [-1, v]},
                {"op": "flatten", "start_dim": v, "end_dim": -1}, {"op": "unflatten", "dim": 0, "sizes": [v, -1]},
                {"op": "unflatten", "dim": v, "sizes": [-1]}, {"op": "transpose", "dim0": v, "dim1": 0},
                {"op": "permute", "dims": [v, 0][: len(shape)]}, {"op": "movedim", "source": v, "destination": 0},
                {"op": "narrow", "dim": 0, "start": v, "length": 1}, {"op": "narrow", "dim": 0, "start": 0, "length": v},
                {"op": "narrow", "dim": v, "start": 0, "length": 0}, {"op": "select", "dim": 0, "index": v},
                {"op": "select", "dim": v, "index": 0}, {"op": "squeeze", "dim": v}, {"op": "squeeze", "dims": [v]},
                {"op": "unsqueeze", "dim": v}, {"op": "expand", "sizes": [v] + [-1] * len(shape)},
                {"op": "diagonal", "offset": v, "dim1": 0, "dim2": -1}, {"op": "diagonal", "offset": 0, "dim1": v, "dim2": 0},
                {"op": "unfold", "dimension": 0, "size": v, "step": 1}, {"op": "unfold", "dimension": 0, "size": 1, "step": v},
                {"op": "unfold", "dimension": v, "size": 1, "step": 1},
                {"op": "as_strided", "size": [v], "stride": [1], "offset": 0}, {"op": "as_strided", "size": [2], "stride": [v], "offset": 0},
                {"op": "as_strided", "size": [2], "stride": [1], "offset": v}, {"op": "as_strided", "size": [2, 2], "stride": [v, v], "offset": 0},
                {"op": "index", "items": [{"int": v}]}, {"op": "index", "items": [{"slice": [v, None, None]}]},
                {"op": "index", "items": [{"slice": [None, v, None]}]}, {"op": "index", "items": [{"slice": [v, v, 2]}]},
                {"op": "split", "split_size": v, "dim": 0}, {"op": "split", "split_sizes": [v, 2 - v], "dim": 0},
                {"op": "split_with_sizes", "split_sizes": [v], "dim": 0}, {"op": "chunk", "chunks": v, "dim": 0},
                {"op": "tensor_split", "sections": v, "dim": 0}, {"op": "tensor_split", "indices": [v], "dim": 0},
                {"op": "tensor_split", "indices": [1, v], "dim": -1}, {"op": "hsplit", "indices": [v]},
                {"op": "unbind", "dim": v}, {"op": "write", "index": [v] * len(shape), "value": wv(dt)},
            ]
            for op in ops:
                if op["op"] == "split" and "split_sizes" in op and not (lo <= 2 - v <= hi):
                    continue
                yield dt, shape, [op]


CHAIN_OPS = ["view_dtype"] * 4 + ["transpose", "mT", "t", "narrow", "narrow", "expand", "expand", "unfold", "unfold",
                                  "as_strided", "view", "reshape", "select", "mH", "view_as_real", "view_as_complex",
                                  "real", "imag", "index", "permute", "diagonal", "contiguous"]


def fam_long_chains():
    """Long random chains mixing dtype views with layout ops."""
    from generate import apply, make_base

    rng = random.Random(2026)
    for n in range(700):
        dt = rng.choice(DTYPES)
        shape = [rng.choice([1, 2, 2, 3, 4, 4, 6]) for _ in range(rng.randint(2, 4))]
        if rng.random() < 0.1:
            shape[rng.randrange(len(shape))] = 0
        yield dt, shape, build_chain(rng, apply, make_base(dt, shape), rng.randint(5, 9), names=CHAIN_OPS)


FAMILIES = [
    ("dims", fam_dims), ("selnar", fam_select_narrow), ("zerod", fam_zero_d), ("view", fam_view_reshape),
    ("split", fam_split), ("index", fam_index), ("unflatten", fam_unflatten), ("movedim", fam_movedim),
    ("diag", fam_diagonal), ("unfold", fam_unfold_expand), ("strided", fam_as_strided), ("strided0", fam_as_strided_default_offset), ("complex", fam_complex),
    ("conj", fam_conj_chains), ("write", fam_writes), ("chain", fam_long_chains), ("dtype", fam_dtype),
    ("misc", fam_misc), ("huge", fam_huge), ("regress", fam_regressions), ("extreme", fam_extreme_ints),
]


def edge_cases():
    for fam, gen in FAMILIES:
        for n, (dt, shape, ops) in enumerate(gen()):
            yield f"e-{fam}-{n}", {"dtype": dt, "shape": shape}, ops
