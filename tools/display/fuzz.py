"""Random cases for a differential check of `Display` against PyTorch.

`cases.py --fuzz N [--seed S]` adds N of these to the named cases and writes
the test file with them; run the tests, turn every failure into a named case
in `cases_list.py`, and write the file again without `--fuzz`.
"""

import math
import random

from cases import DTYPES, INF, NAN, case

INT_RANGES = {
    "uint8": (0, 255), "int8": (-128, 127), "int16": (-32768, 32767), "uint16": (0, 65535),
    "int32": (-2**31, 2**31 - 1), "uint32": (0, 2**32 - 1),
    "int64": (-2**63, 2**63 - 1), "uint64": (0, 2**64 - 1),
}


def float_value(rng, style):
    """A double of one of a few magnitude styles (the dtype rounds it)."""
    roll = rng.random()
    if roll < 0.04:
        return rng.choice([NAN, INF, -INF, -0.0, 0.0])
    sign = rng.choice([1.0, -1.0])
    if style == "whole":
        return sign * rng.randint(0, 10 ** rng.randint(0, 9))
    if style == "unit":
        return sign * rng.random()
    if style == "tiny":
        return sign * rng.random() * 10.0 ** rng.randint(-12, -3)
    if style == "huge":
        return sign * rng.random() * 10.0 ** rng.randint(3, 40)
    return sign * rng.random() * 10.0 ** rng.randint(-6, 9)  # "wide"


def values_for(rng, dtype, n):
    kind = DTYPES[dtype][2]
    if kind == "bool":
        return [rng.random() < 0.5 for _ in range(n)]
    if kind == "int":
        lo, hi = INT_RANGES[dtype]
        scale = rng.choice([10, 1000, 10**6, None])
        if scale is None:
            return [rng.randint(lo, hi) for _ in range(n)]
        return [max(lo, min(hi, rng.randint(-scale, scale))) for _ in range(n)]
    style = rng.choice(["whole", "unit", "tiny", "huge", "wide"])
    if kind == "float":
        return [float_value(rng, style) for _ in range(n)]
    style2 = rng.choice(["whole", "unit", "tiny", "huge", "wide"])
    return [(float_value(rng, style), float_value(rng, style2)) for _ in range(n)]


def shape_for(rng):
    if rng.random() < 0.15:
        return rng.choice([(rng.randint(1001, 1300),), (rng.randint(7, 40), rng.randint(30, 60)),
                           (rng.randint(2, 9), rng.randint(7, 12), rng.randint(20, 30))])
    rank = rng.randint(0, 4)
    return tuple(rng.randint(0 if rng.random() < 0.05 else 1, 7) for _ in range(rank))


def ops_for(rng, dtype, shape):
    ops = []
    if shape and shape[0] > 2 and rng.random() < 0.2:
        ops.append(("narrow", 0, 1, shape[0] - 2))
    if len(shape) >= 2 and rng.random() < 0.3:
        ops.append(("transpose", 0, len(shape) - 1))
    if len(shape) >= 3 and rng.random() < 0.2:
        ops.append(("permute", tuple(reversed(range(len(shape))))))
    if shape and rng.random() < 0.1:
        ops.append(("unsqueeze", 0))
        ops.append(("expand", (rng.randint(2, 300),) + (-1,) * len(shape)))
    if DTYPES[dtype][2] == "complex" and rng.random() < 0.3:
        ops.append(("conj",))
        if rng.random() < 0.5:
            ops.append(("imag",))
    return ops


def add_fuzz_cases(n, seed):
    rng = random.Random(seed)
    for k in range(n):
        dtype = rng.choice(sorted(DTYPES))
        shape = shape_for(rng)
        values = values_for(rng, dtype, math.prod(shape))
        case(f"fuzz_{seed}_{k}", dtype, shape, values, ops=ops_for(rng, dtype, shape))
