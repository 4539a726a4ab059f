#!/usr/bin/env python3
"""Prints what PyTorch does for the behaviours that have no golden op (copy_,
fill_, index_select, masked_select / x[mask], index_put_, resize_, reshape
copy-vs-view, contiguous of conj/neg views). tests/pytorch_parity_writes.rs
holds these outcomes as expectations; re-run this script (with the same torch)
to check them:

    /tmp/torchenv/bin/python tools/golden/parity_writes.py
"""

import warnings

import torch

warnings.filterwarnings("ignore")


def show(name, f):
    try:
        r = f()
    except Exception as e:
        print(f"{name}: {type(e).__name__}: {str(e).splitlines()[0]}")
        return
    if isinstance(r, torch.Tensor):
        v = r.resolve_conj().resolve_neg()
        print(f"{name}: shape={list(r.shape)} stride={list(r.stride())} offset={r.storage_offset()} "
              f"conj={r.is_conj()} neg={r.is_neg()} values={v.flatten().tolist()}")
    else:
        print(f"{name}: {r}")


def cplx(n):
    return torch.complex(torch.arange(n, dtype=torch.float32), torch.arange(n, dtype=torch.float32) + 10)


def copy_cases():
    def a1():
        x = torch.zeros(2, 3)
        x.copy_(torch.arange(3.0))
        return x
    show("copy broadcast row", a1)

    def a2():
        x = torch.zeros(2, 3)
        x.copy_(torch.arange(2.0).view(2, 1))
        return x
    show("copy broadcast column", a2)
    show("copy wrong size", lambda: torch.zeros(2, 2).copy_(torch.arange(3.0)))
    show("copy more dims", lambda: torch.zeros(2, 3).copy_(torch.zeros(1, 2, 3)))
    show("copy more dims not 1", lambda: torch.zeros(3).copy_(torch.zeros(2, 3)))

    def a6():
        x = torch.arange(10)
        x[1:].copy_(x[:-1])
        return x
    show("copy partial overlap dense", a6)

    def a7():
        x = torch.arange(10)
        x[:5].copy_(x[5:])
        return x
    show("copy disjoint halves", a7)

    def a8():
        x = torch.arange(10)
        v = x.view(2, 5)
        v[:, 1:].copy_(v[:, :4])
        return x
    show("copy overlap non-dense", a8)

    def a8b():
        x = torch.arange(16)
        v = x.view(4, 4)
        v[1:, :].copy_(v[:3, :])
        return x
    show("copy overlap dense rows", a8b)

    def a8c():
        x = torch.arange(12)
        v = x.view(3, 4)
        v[:, ::2].copy_(v[:, 1::2])
        return x
    show("copy interleaved disjoint", a8c)

    def a13():
        y = torch.arange(4).view(2, 2)
        y.copy_(y.t())
        return y
    show("copy transpose onto itself", a13)

    def a13b():
        y = torch.arange(9).view(3, 3)
        y.copy_(y.t())
        return y
    show("copy transpose 3x3 onto itself", a13b)

    def a9():
        z = cplx(3)
        z.conj().copy_(torch.tensor([1 + 2j, 3 + 4j, 5 + 6j]))
        return z
    show("copy into conj view", a9)

    def a10():
        out = torch.zeros(3, dtype=torch.complex64)
        out.copy_(cplx(3).conj())
        return out
    show("copy from conj view", a10)

    def a11():
        z = cplx(3)
        z.conj().imag.copy_(torch.tensor([1.0, 2.0, 3.0]))
        return z
    show("copy into neg view", a11)

    def a11b():
        out = torch.zeros(3)
        out.copy_(cplx(3).conj().imag)
        return out
    show("copy from neg view", a11b)

    def a11c():
        z = cplx(3)
        z.conj().imag.copy_(z.conj().imag.flip(0).clone())
        return z
    show("copy neg view into neg view", a11c)

    def a11e():
        z = cplx(3)
        z.imag.copy_(z.conj().imag)
        return z
    show("copy neg view of the same elements", a11e)

    def a11f():
        z = cplx(3)
        z.conj().imag.copy_(z.imag)
        return z
    show("copy into neg view from the same elements", a11f)

    def a11g():
        z = cplx(3)
        z.conj().imag.copy_(z.conj().imag)
        return z
    show("copy neg view onto itself", a11g)

    def a11h():
        z = cplx(3)
        z.copy_(z.conj())
        return z
    show("copy conj view of the same elements", a11h)

    def a11d():
        z = cplx(2)
        z.conj().copy_(z.conj().flip(0).clone().conj().conj())
        return z
    show("copy conj view into conj view", a11d)
    show("copy into expanded", lambda: torch.zeros(1, 3).expand(2, 3).copy_(torch.ones(2, 3)))
    show("copy 0-d into vector", lambda: torch.zeros(3).copy_(torch.tensor(7.0)))
    show("copy into empty", lambda: torch.zeros(0, 2).copy_(torch.zeros(2)))
    # empty views with sizes, strides and offsets at 2^63 - 1: copy_ broadcasts
    # by sizes alone, so it succeeds where expand's stride arithmetic wraps
    m = (1 << 63) - 1
    def empty(size, stride, offset=0):
        return torch.arange(0).as_strided(size, stride, offset)
    show("expand empty huge", lambda: empty([m, 0], [2, 1]).expand(1, m, 0))
    show("copy empty huge broadcast", lambda: empty([1, m, 0], [1, 1, 1]).copy_(empty([m, 0], [2, 1])))
    a = empty([1, m, 0, 2], [m, 1, 1, 1], m)
    show("copy empty huge squeezed", lambda: a.copy_(a.squeeze()))
    show("copy empty huge flattened", lambda: a.flatten().copy_(a.transpose(0, 1).flatten()))
    p0 = torch.arange(1).as_strided([1, 3, 0], [m, m, 1 << 32])
    show("expand empty huge select", lambda: p0.select(-3, 0).expand(1, 3, 0))
    show("copy empty huge select", lambda: p0.copy_(p0.select(-3, 0)))
    show("copy empty huge wrong size", lambda: a.copy_(empty([m, 0, 3], [1, 1, 1])))


def fill_cases():
    def b1():
        x = torch.zeros(1, 3)
        x.expand(2, 3).fill_(4)
        return x
    show("fill expanded", b1)

    def b2():
        z = cplx(2)
        z.conj().fill_(1 + 2j)
        return z
    show("fill conj view", b2)

    def b3():
        z = cplx(2)
        z.conj().imag.fill_(5)
        return z
    show("fill neg view", b3)

    def b3b():
        z = cplx(2)
        z.mH if False else z.view(1, 2).mH.imag.fill_(5)
        return z
    show("fill neg view of mH", b3b)

    def b4():
        x = torch.zeros(2, dtype=torch.int32)
        x.view(torch.int16).fill_(1)
        return x
    show("fill int16 view of int32", b4)

    def b5():
        x = torch.zeros(4)
        x[1::2].fill_(3)
        return x
    show("fill strided", b5)


def index_select_cases():
    x = torch.arange(12).view(3, 4)
    show("index_select rows", lambda: x.index_select(0, torch.tensor([2, 0, 2])))
    show("index_select cols neg dim", lambda: x.index_select(-1, torch.tensor([3, 1])))
    show("index_select negative index", lambda: x.index_select(0, torch.tensor([-1])))
    show("index_select out of range", lambda: x.index_select(0, torch.tensor([3])))
    show("index_select 0-d index", lambda: x.index_select(1, torch.tensor(2)))
    show("index_select 2-d index", lambda: x.index_select(1, torch.tensor([[1]])))
    show("index_select 0-d input", lambda: torch.tensor(5).index_select(0, torch.tensor([0])))
    show("index_select empty index", lambda: x.index_select(0, torch.tensor([], dtype=torch.int64)))
    show("index_select transposed", lambda: x.t().index_select(0, torch.tensor([1, 1])))
    show("index_select conj", lambda: cplx(4).view(2, 2).conj().index_select(1, torch.tensor([1, 0])))
    show("index_select dim out of range", lambda: x.index_select(2, torch.tensor([0])))


def mask_cases():
    x = torch.arange(12).view(3, 4)
    m = torch.tensor([True, False, True, True])
    show("masked_select broadcast row", lambda: x.masked_select(m))
    show("masked_select broadcast column", lambda: x.masked_select(torch.tensor([[True], [False], [True]])))
    show("masked_select bigger mask", lambda: torch.arange(4).masked_select(torch.tensor([[True] * 4, [False, True, False, True]])))
    show("masked_select bad mask", lambda: x.masked_select(torch.tensor([True, False, True])))
    show("x[mask] same shape", lambda: x[x % 3 == 0])
    show("x[mask] rows", lambda: x[torch.tensor([True, False, True])])
    show("x[mask] bad shape", lambda: x[torch.tensor([True, False])])
    show("x[mask] 0-d true", lambda: x[torch.tensor(True)])
    show("x[mask] transposed", lambda: x.t()[x.t() > 6])
    show("masked_select conj", lambda: cplx(3).conj().masked_select(torch.tensor([True, False, True])))


def index_put_cases():
    def e1():
        x = torch.zeros(3, 2, dtype=torch.int32)
        x.index_put_((torch.tensor([2, -3]),), torch.tensor([7, 8], dtype=torch.int32))
        return x
    show("index_put rows broadcast", e1)

    def e2():
        x = torch.zeros(3, 3, dtype=torch.int32)
        x.index_put_((torch.tensor([0, 2]), torch.tensor([1, 0])), torch.tensor(5, dtype=torch.int32))
        return x
    show("index_put points scalar", e2)

    def e3():
        x = torch.zeros(3, dtype=torch.int32)
        return x.index_put_((torch.tensor([0]), torch.tensor([0])), torch.tensor(1, dtype=torch.int32))
    show("index_put too many", e3)

    def e4():
        x = torch.zeros(3, dtype=torch.int32)
        return x.index_put_((torch.tensor([5]),), torch.tensor(1, dtype=torch.int32))
    show("index_put out of range", e4)

    def e5():
        x = torch.zeros(3, 2, dtype=torch.int32)
        return x.index_put_((torch.tensor([0, 1]),), torch.tensor([1, 2, 3], dtype=torch.int32))
    show("index_put bad values", e5)

    def e6():
        x = torch.zeros(3, dtype=torch.int32)
        return x.index_put_((torch.tensor([0, 1]), ), x[1:])
    show("index_put overlapping values", e6)

    def e7():
        x = torch.zeros(4, dtype=torch.int32)
        x.index_put_((torch.tensor([1, 1, 1]),), torch.tensor([1, 2, 3], dtype=torch.int32))
        return x
    show("index_put duplicates", e7)

    def e8():
        x = torch.zeros(2, 3, dtype=torch.int32)
        x.t().index_put_((torch.tensor([2]),), torch.tensor([4, 5], dtype=torch.int32))
        return x
    show("index_put through transpose", e8)

    def e9():
        z = cplx(2)
        z.conj().index_put_((torch.tensor([1]),), torch.tensor([1 + 1j], dtype=torch.complex64))
        return z
    show("index_put conj view", e9)

    def e10():
        x = torch.zeros(2, 2, dtype=torch.int32)
        return x.index_put_((torch.tensor([0, 1]), torch.tensor([0, 1, 0])), torch.tensor(1, dtype=torch.int32))
    show("index_put unbroadcastable indices", e10)


def index_put_alias_cases():
    nine = torch.tensor(9)

    def g1():
        x = torch.tensor([0, 1, 2, 3])
        return x.index_put_((x[:2],), torch.tensor([7, 8]))
    show("index_put index overlaps", g1)

    def g2():
        x = torch.tensor([0, 1, 2, 3])
        return x.index_put_((x,), nine)
    show("index_put index is the tensor", g2)

    def g3():
        m = torch.tensor([[0, 1], [1, 0]])
        return m.t().index_put_((m[0],), nine)
    show("index_put index row of transposed", g3)

    def g4():
        x = torch.tensor([0, 1, 2, 3])
        return x.index_put_((x[:2],), torch.tensor([1, 2, 3]))
    show("index_put index overlaps, bad values", g4)

    def g5():
        x = torch.tensor([5, 1, 2, 3])
        return x.index_put_((x[:1],), nine)
    show("index_put index overlaps, out of range", g5)

    def g6():
        x = torch.tensor([0, 1, 2, 3])
        return x.index_put_((x[:2], x[:1]), nine)
    show("index_put index overlaps, too many", g6)

    def g7():
        x = torch.zeros(8)
        return x.index_put_((x.view(torch.int64)[:1],), torch.tensor(9.0))
    show("index_put dtype view index", g7)

    def g8():
        x = torch.zeros(8)
        return x[:4].index_put_((x.view(torch.int64)[1:2],), torch.tensor(9.0))
    show("index_put dtype view index, bytes overlap", g8)

    def g9():
        x = torch.zeros(8)
        x[:4].index_put_((x.view(torch.int64)[2:3],), torch.tensor(9.0))
        return x
    show("index_put dtype view index, disjoint bytes", g9)

    def g10():
        x = torch.tensor([0, 1, 0, 1, 2, 3, 4, 5])
        x[:4].index_put_((x[4:6],), nine)
        return x
    show("index_put index elsewhere in the storage", g10)

    def g11():
        x = torch.tensor([0, 1, 0, 1, 2, 3, 0, 0]).view(4, 2)
        x.index_put_((x[:, 0],), nine)
        return x
    show("index_put non-dense index", g11)

    def g12():
        x = torch.tensor([0, 1, 2, 3])
        x.index_put_((x[:0],), nine)
        return x
    show("index_put empty index", g12)


def neg_view_cases():
    z = torch.complex(torch.arange(4.0), torch.arange(4.0) + 10)
    n = z.conj().imag
    show("neg index_select", lambda: n.index_select(0, torch.tensor([3, 0])))
    show("neg masked_select", lambda: n.masked_select(torch.tensor([True, False, True, False])))
    show("neg x[mask]", lambda: n[torch.tensor([False, True, True, False])])

    def put():
        n.index_put_((torch.tensor([1, 2]),), torch.tensor([7.0, 8.0]))
        return z
    show("neg index_put", put)


def resize_cases():
    def f1():
        x = torch.arange(4, dtype=torch.int32)
        alias = x.view(2, 2)
        x.resize_(2, 3)
        return (list(x.shape), list(x.stride()), x.untyped_storage().nbytes(), alias.untyped_storage().nbytes(), list(alias.shape), x.flatten()[:4].tolist())
    show("resize grow", f1)

    def f2():
        x = torch.arange(6, dtype=torch.int32).view(2, 3).t()
        x.resize_(3, 2)
        return (list(x.shape), list(x.stride()))
    show("resize same shape keeps strides", f2)

    def f3():
        x = torch.arange(6, dtype=torch.int32).view(2, 3).t()
        x.resize_(2, 3)
        return (list(x.shape), list(x.stride()), x.flatten().tolist())
    show("resize transposed to other shape", f3)

    def f4():
        x = torch.arange(10, dtype=torch.int16)
        v = x[4:6]
        v.resize_(3, 3)
        return (list(v.shape), list(v.stride()), v.storage_offset(), x.untyped_storage().nbytes(), v.flatten()[:6].tolist())
    show("resize view with offset", f4)

    def f5():
        x = torch.arange(10, dtype=torch.int16)
        v = x[4:6]
        v.resize_(0)
        return (list(v.shape), list(v.stride()), v.storage_offset(), x.untyped_storage().nbytes())
    show("resize to empty", f5)

    def f6():
        x = torch.arange(3, dtype=torch.int16)
        x.resize_(2 ** 62, 2 ** 62)
    show("resize overflow", f6)

    def f7():
        x = torch.arange(3, dtype=torch.int64)
        x.resize_(2 ** 60)
    show("resize storage overflow", f7)

    def f8():
        x = torch.arange(3, dtype=torch.int64)
        x.resize_(())
        return (list(x.shape), list(x.stride()), x.item())
    show("resize to 0-d", f8)


def reshape_cases():
    x = torch.arange(12)

    def vc(t):
        return lambda: (list(t.shape), list(t.stride()), t.storage_offset(), t.untyped_storage()._cdata == x.untyped_storage()._cdata, t.flatten().tolist())
    e = x[:3].view(3, 1).expand(3, 4)
    show("reshape expanded flat", vc(e.reshape(-1)))
    show("reshape expanded split last", vc(e.reshape(3, 2, 2)))
    show("reshape expanded merge", vc(e.reshape(12, 1)))
    show("reshape expanded transposed", vc(e.t().reshape(2, 6)))
    t = x.view(3, 4).t()
    show("reshape transposed split", vc(t.reshape(2, 2, 3)))
    show("reshape transposed flat", vc(t.reshape(-1)))
    n = x.view(3, 4)[:, 1:3]
    show("reshape narrowed split", vc(n.reshape(3, 2, 1)))
    show("reshape narrowed flat", vc(n.reshape(6)))
    u = x.unfold(0, 4, 2)
    show("reshape unfold flat", vc(u.reshape(-1)))
    show("reshape unfold same", vc(u.reshape(5, 4)))
    s1 = x.as_strided((2, 1, 3), (6, 100, 2), 1)
    show("reshape size1 odd stride", vc(s1.reshape(2, 3)))
    show("reshape size1 odd stride split", vc(s1.reshape(2, 3, 1, 1)))
    show("reshape 0 elements", vc(x[:0].view(0, 1).expand(0, 5).reshape(5, 0)))
    z = cplx(4).view(2, 2)
    show("reshape conj transposed", lambda: z.mH.reshape(-1))
    show("reshape conj is view", lambda: z.conj().reshape(4).is_conj())


def contiguous_cases():
    z = cplx(4).view(2, 2)

    def info(t):
        return lambda: (t.is_conj(), t.is_neg(), t.untyped_storage()._cdata == z.untyped_storage()._cdata, list(t.stride()), t.resolve_conj().resolve_neg().flatten().tolist())
    show("contiguous conj", info(z.conj().contiguous()))
    show("contiguous mH", info(z.mH.contiguous()))
    show("contiguous neg", info(z.conj().imag.contiguous()))
    show("contiguous neg transposed", info(z.conj().imag.t().contiguous()))
    show("contiguous conj of conj", info(z.conj().conj().contiguous()))


if __name__ == "__main__":
    for f in [copy_cases, fill_cases, index_select_cases, mask_cases, index_put_cases, index_put_alias_cases, neg_view_cases, resize_cases, reshape_cases, contiguous_cases]:
        print(f"== {f.__name__}")
        f()
