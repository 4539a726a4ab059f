"""Helpers the typed oracles' generators share (tools/typed/*_cases.py):
how a dim is written in a typed shape, a tuple of them, and a random list
of dims. Each keeps the random stream it is given unchanged in use, so the
generators' outputs do not move when they call it.
"""
import random


def dim_text(d, one_as_one=True):
    """A dim as Rust writes it: a name (`B`), `One` (the string "One", or
    the size 1 when `one_as_one`), `D<n>`, or a merged dim (a tuple of
    factors) as `Merged<(..)>`."""
    if isinstance(d, str):
        return d
    if isinstance(d, tuple):
        return "Merged<(" + ", ".join(dim_text(f) for f in d) + ")>"
    return "One" if d == 1 and one_as_one else f"D<{d}>"


def tup(ds, one_as_one=True):
    """A typed tuple shape: `(B, D<4>, )`."""
    return "(" + "".join(dim_text(d, one_as_one) + ", " for d in ds) + ")"


def random_dims(rank, choices):
    """`rank` dims, each a random choice of `choices`."""
    return [random.choice(choices) for _ in range(rank)]
