#!/usr/bin/env python3
"""PyTorch's printed tensors, as Rust tests for tensor-view's `Display`.

Run with a Python that has PyTorch (CPU is enough):

    /tmp/torchenv/bin/python tools/display/cases.py          # list and write
    /tmp/torchenv/bin/python tools/display/cases.py --list   # list only
    ... cases.py --fuzz 300 --seed 1   # add random cases (see fuzz.py)

For every case below the script builds the tensor in PyTorch, prints a
description of how to build the same tensor in Rust (dtype, shape, values or
a formula, the view ops) with PyTorch's `str(t)`, and writes
`tensor-core/src/display/pytorch_cases.rs`: one `#[test]` per case whose
expected string is PyTorch's output verbatim.

The Rust side builds identical bits: explicit values are read back from the
PyTorch tensor after it is built (so the Rust literals are the stored values,
exactly, whatever rounding PyTorch did to get there), and formulas are only
used where every value is exactly representable in the dtype (checked here).
"""

import math
import pathlib
import re
import struct
import subprocess
import sys
import warnings

import torch

warnings.filterwarnings("ignore")  # ComplexHalf is "experimental"

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "tensor-core" / "src" / "display" / "pytorch_cases.rs"

NAN, INF = math.nan, math.inf

# dtype name -> (torch dtype, Rust element type, kind)
DTYPES = {
    "bool": (torch.bool, "bool", "bool"),
    "uint8": (torch.uint8, "u8", "int"),
    "int8": (torch.int8, "i8", "int"),
    "int16": (torch.int16, "i16", "int"),
    "uint16": (torch.uint16, "u16", "int"),
    "int32": (torch.int32, "i32", "int"),
    "uint32": (torch.uint32, "u32", "int"),
    "int64": (torch.int64, "i64", "int"),
    "uint64": (torch.uint64, "u64", "int"),
    "float16": (torch.float16, "f16", "float"),
    "bfloat16": (torch.bfloat16, "bf16", "float"),
    "float32": (torch.float32, "f32", "float"),
    "float64": (torch.float64, "f64", "float"),
    "complex32": (torch.complex32, "Complex<f16>", "complex"),
    "complex64": (torch.complex64, "Complex<f32>", "complex"),
    "complex128": (torch.complex128, "Complex<f64>", "complex"),
}

# Formulas over the flat index i: (Python, Rust closure body). Real formulas
# give one f64, complex ones an (re, im) pair; integer and bool tensors take
# the real value (as `Element::from_parts` converts it).
FORMULAS = {
    "i": (lambda i: float(i), "i as f64"),
    "i % 97": (lambda i: float(i % 97), "(i % 97) as f64"),
    "i % 256": (lambda i: float(i % 256), "(i % 256) as f64"),
    "(i % 97) / 8": (lambda i: (i % 97) / 8.0, "(i % 97) as f64 / 8.0"),
    "(i % 33) / 16 - 1": (lambda i: (i % 33) / 16.0 - 1.0, "(i % 33) as f64 / 16.0 - 1.0"),
    "i % 3 == 0": (
        lambda i: 1.0 if i % 3 == 0 else 0.0,
        "if i % 3 == 0 { 1.0 } else { 0.0 }",
    ),
    "1e6 at 500, else i % 10": (
        lambda i: 1e6 if i == 500 else float(i % 10),
        "if i == 500 { 1e6 } else { (i % 10) as f64 }",
    ),
    "((i % 7) - 3) * 2^((i % 23) - 11)": (
        lambda i: ((i % 7) - 3.0) * 2.0 ** ((i % 23) - 11),
        "((i % 7) as f64 - 3.0) * 2f64.powi((i % 23) as i32 - 11)",
    ),
    "(i % 100) * 2^20 + 0.5": (
        lambda i: (i % 100) * 1048576.0 + 0.5,
        "(i % 100) as f64 * 1048576.0 + 0.5",
    ),
    "i * 1000000007 - 500000000000": (
        lambda i: float(i * 1000000007 - 500000000000),
        "i as f64 * 1000000007.0 - 500000000000.0",
    ),
    "(i % 5, -(i % 3))": (
        lambda i: (float(i % 5), 0.0 - (i % 3)),
        "((i % 5) as f64, 0.0 - (i % 3) as f64)",
    ),
    "((i % 9) / 4 - 1, (i % 7) / 8 - 0.5)": (
        lambda i: ((i % 9) / 4.0 - 1.0, (i % 7) / 8.0 - 0.5),
        "((i % 9) as f64 / 4.0 - 1.0, (i % 7) as f64 / 8.0 - 0.5)",
    ),
}


class Case:
    def __init__(self, name, dtype, shape, values=None, fn=None, ops=(), note=""):
        assert (values is None) != (fn is None), name
        self.name, self.dtype, self.shape = name, dtype, tuple(shape)
        self.values, self.fn, self.ops, self.note = values, fn, list(ops), note


CASES = []


def case(name, dtype, shape, values=None, fn=None, ops=(), note=""):
    assert all(c.name != name for c in CASES), name
    CASES.append(Case(name, dtype, shape, values, fn, ops, note))


# --- view ops: (Python applied to t, Rust method call) ----------------------


def _t(xs):
    return "(" + ", ".join(map(str, xs)) + ("," if len(xs) == 1 else "") + ")"


def _a(xs):
    return "&[" + ", ".join(map(str, xs)) + "]"


def op_code(op):
    """(Python expression with `t`, Rust method-call suffix) of one view op."""
    kind, *a = op
    if kind in ("transpose", "narrow", "select", "unsqueeze", "diagonal", "unfold"):
        args = ", ".join(map(str, a))
        return f"t.{kind}({args})", f".{kind}({args}).unwrap()"
    if kind in ("permute", "expand", "view"):
        return f"t.{kind}{_t(a[0])}", f".{kind}({_a(a[0])}).unwrap()"
    if kind == "as_strided":
        size, stride, offset = a
        return (
            f"t.as_strided({_t(size)}, {_t(stride)}, {offset})",
            f".as_strided({_a(size)}, {_a(stride)}, Some({offset})).unwrap()",
        )
    if kind in ("mH", "mT", "H", "T", "imag", "real"):
        return f"t.{kind}", f".{kind}().unwrap()"
    if kind == "conj":
        return "t.conj()", ".conj()"
    if kind == "view_dtype":
        torch_dtype, rust = DTYPES[a[0]][0], DTYPES[a[0]][1]
        return f"t.view({torch_dtype})", f".view_dtype::<{rust}>().unwrap()"
    if kind == "index":
        py_key, rust_key = a
        return f"t[{py_key}]", f".index(&crate::s![{rust_key}]).unwrap()"
    raise ValueError(op)


# --- building the tensors -----------------------------------------------------


def base_values(c):
    """The flat values the case asks for (before PyTorch stores them)."""
    if c.values is not None:
        return list(c.values)
    n = math.prod(c.shape)
    f = FORMULAS[c.fn][0]
    return [f(i) for i in range(n)]


def build_base(c):
    dtype, _, kind = DTYPES[c.dtype]
    vals = base_values(c)
    if kind == "complex":
        z = [complex(*v) if isinstance(v, tuple) else complex(v) for v in vals]
        t = torch.tensor(z, dtype=torch.complex128).to(dtype)
    elif kind == "float":
        t = torch.tensor(vals, dtype=torch.float64).to(dtype)
    elif kind == "bool":
        t = torch.tensor([bool(v) for v in vals], dtype=torch.bool)
    else:
        t = torch.tensor([int(v) for v in vals], dtype=dtype)
    return t.reshape(c.shape)


def stored(c, t):
    """The stored values of the base tensor, exactly (doubles, pairs, ints)."""
    kind = DTYPES[c.dtype][2]
    flat = t.reshape(-1)
    if kind == "complex":
        return [(z.real, z.imag) for z in flat.to(torch.complex128).tolist()]
    if kind == "float":
        return flat.to(torch.float64).tolist()
    return flat.tolist()


def same(a, b):
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b and (not isinstance(a, float) or math.copysign(1, a) == math.copysign(1, b))


def build(c):
    t = build_base(c)
    values = stored(c, t)
    if c.fn is not None:
        wanted = base_values(c)
        if DTYPES[c.dtype][2] in ("int", "bool"):
            wanted = [int(v) if DTYPES[c.dtype][2] == "int" else bool(v) for v in wanted]
        elif DTYPES[c.dtype][2] == "complex":
            wanted = [v if isinstance(v, tuple) else (v, 0.0) for v in wanted]
        bad = [i for i, (a, b) in enumerate(zip(wanted, values)) if not same(a, b)]
        assert not bad, f"{c.name}: formula not exact in {c.dtype} at {bad[:5]}"
    for op in c.ops:
        t = eval(op_code(op)[0], {"torch": torch, "t": t})
    return t, values


# --- Rust code -----------------------------------------------------------------


def rust_f64(x):
    if math.isnan(x):
        return "f64::NAN"
    if math.isinf(x):
        return "f64::INFINITY" if x > 0 else "f64::NEG_INFINITY"
    text = repr(x)
    return text if any(ch in text for ch in ".en") else text + ".0"


def as_f32(x):
    """`x as f32` in Rust: IEEE round to nearest, ties to even (C's cast)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def rust_part(x, dtype):
    """A literal that builds `x` (a stored value) in the dtype exactly.

    float32 values get the shortest decimal that rounds to them (Rust's
    `as f32` rounds correctly, as `struct` does here); other values are
    written exactly (`repr` of the double), which converts without rounding.
    """
    if dtype in ("float32", "complex64") and math.isfinite(x) and x != 0.0:
        for digits in range(1, 18):
            text = f"{x:.{digits}g}"
            try:
                if as_f32(float(text)) == x:
                    return rust_f64(float(text))
            except OverflowError:  # a short candidate past float32's range
                continue
    return rust_f64(x)


def rust_values(c, values):
    kind = DTYPES[c.dtype][2]
    if kind == "complex":
        return [f"({rust_part(r, c.dtype)}, {rust_part(i, c.dtype)})" for r, i in values]
    if kind == "float":
        return [rust_part(v, c.dtype) for v in values]
    if kind == "bool":
        return ["true" if v else "false" for v in values]
    return [str(v) for v in values]


def rust_base(c, values):
    rust_type, kind = DTYPES[c.dtype][1], DTYPES[c.dtype][2]
    shape = _a(c.shape)
    if c.fn is not None:
        helper = "complex_fn" if kind == "complex" else "real_fn"
        return f"{helper}::<{rust_type}>({shape}, |i| {FORMULAS[c.fn][1]})"
    items = ", ".join(rust_values(c, values))
    if kind == "complex":
        return f"complexes::<{rust_type}>(&[{items}], {shape})"
    if kind == "float":
        return f"reals::<{rust_type}>(&[{items}], {shape})"
    return f"Tensor::<{rust_type}>::from_vec(vec![{items}], {shape}).unwrap()"


def rust_expected(text):
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'r{hashes}"{text}"{hashes}'


def description(c, values):
    if c.fn is not None:
        data = f"formula {c.fn} over i in 0..{math.prod(c.shape)}"
    else:
        shown = rust_values(c, values)
        data = "values [" + ", ".join(shown[:12]) + (", ..." if len(shown) > 12 else "") + "]"
    expr = "t"
    for op in c.ops:
        expr += op_code(op)[0][1:]  # every op's Python code starts with `t`
    views = f", viewed as {expr}" if c.ops else ""
    return f"{c.dtype} {_t(c.shape)} from {data}{views}"


HEADER = '''//! PyTorch's own printing of tensors, as tests of `Display`.
//!
//! GENERATED by `tools/display/cases.py` from PyTorch {version}: every expected
//! string is `str(t)` of the same tensor in PyTorch, verbatim. Do not edit by
//! hand; change the cases in the script and run it again.

// values such as the docs' 3.14 are data, not approximations of constants
#![allow(clippy::approx_constant)]

use crate::{{{imports}}};

/// A real tensor from exact values (each read as the dtype stores it).
fn reals<T: Element>(values: &[f64], shape: &[usize]) -> Tensor<T> {{
    let data = values.iter().map(|&v| T::from_parts(v, 0.0)).collect();
    Tensor::from_vec(data, shape).unwrap()
}}

/// A complex tensor from exact (real, imaginary) pairs.
fn complexes<T: Element>(values: &[(f64, f64)], shape: &[usize]) -> Tensor<T> {{
    let data = values.iter().map(|&(r, i)| T::from_parts(r, i)).collect();
    Tensor::from_vec(data, shape).unwrap()
}}

/// A tensor whose flat element `i` is `f(i)` (exact in the dtype).
fn real_fn<T: Element>(shape: &[usize], f: impl Fn(usize) -> f64) -> Tensor<T> {{
    let n = shape.iter().product();
    Tensor::from_fn(n, |i| T::from_parts(f(i), 0.0))
        .view(&shape.iter().map(|&d| d as isize).collect::<Vec<_>>())
        .unwrap()
}}

/// A complex tensor whose flat element `i` is `f(i)` (exact in the dtype).
fn complex_fn<T: Element>(shape: &[usize], f: impl Fn(usize) -> (f64, f64)) -> Tensor<T> {{
    let n = shape.iter().product();
    Tensor::from_fn(n, |i| {{
        let (r, im) = f(i);
        T::from_parts(r, im)
    }})
    .view(&shape.iter().map(|&d| d as isize).collect::<Vec<_>>())
    .unwrap()
}}

/// Asserts PyTorch's text, showing both texts whole when they differ.
fn check<T: Element>(t: &Tensor<T>, expected: &str) {{
    let got = t.to_string();
    assert!(got == expected, "\\nPyTorch:\\n{{expected}}\\nours:\\n{{got}}\\n");
}}
'''


def rust_test(c, values, text):
    ops = "".join(op_code(op)[1] for op in c.ops)
    lines = [f"/// {description(c, values)}"]
    if c.note:
        lines.append(f"/// ({c.note})")
    lines += [
        "#[test]",
        f"fn {c.name}() {{",
        f"    let t = {rust_base(c, values)}{ops};",
        f"    check(&t, {rust_expected(text)});",
        "}",
    ]
    return "\n".join(lines)


def main():
    import cases_list  # noqa: F401  (fills CASES)

    if "--fuzz" in sys.argv:
        import fuzz

        count = int(sys.argv[sys.argv.index("--fuzz") + 1])
        seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 0
        fuzz.add_fuzz_cases(count, seed)

    tests = []
    for c in CASES:
        t, values = build(c)
        text = str(t)
        print(f"== {c.name}: {description(c, values)}")
        if c.note:
            print(f"   ({c.note})")
        print(text)
        print()
        tests.append(rust_test(c, values, text))
    print(f"{len(CASES)} cases from PyTorch {torch.__version__}", file=sys.stderr)
    if "--list" not in sys.argv:
        code = "\n".join(tests)
        names = [n for n in ("bf16", "f16", "Complex") if re.search(rf"\b{n}\b", code)]
        imports = ", ".join(names + ["Element", "Tensor"])
        header = HEADER.format(version=torch.__version__, imports=imports)
        body = header + "\n" + "\n\n".join(tests) + "\n"
        OUT.write_text(body)
        # leave the file as `cargo fmt` would (no-op if rustfmt is missing)
        subprocess.run(["rustfmt", "--edition", "2021", str(OUT)], check=False)
        print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    sys.modules["cases"] = sys.modules["__main__"]
    main()
