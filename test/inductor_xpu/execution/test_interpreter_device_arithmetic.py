# Owner(s): ["module: inductor"]
"""Triton's interpreter under ``interpreter.device_arithmetic`` computes what
a compiled kernel computes, for the conversions and atomics where the
interpreter (triton 3.7 to 3.9) does not.  Found by running the engine's
kernels on a GPU against the interpreter
(benchmarks/results/interpreter_fidelity.md): a conversion to bf16 from
anything but fp32/fp16 stored the source's bits (``x.to(tl.bfloat16)`` of
an int32 2 gave 1.8e-40, of a bool True loaded from memory 9.2e-41, of an fp64 -1.0
NaN), and a
bf16 ``tl.atomic_add`` (scatter_add, index_put with accumulate) could not
run at all.  Each kernel is tiny and runs in the interpreter in
milliseconds.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.execution.interpreter import _bf16_bits_rne_f64, device_arithmetic


def interpreted(fn):
    """``fn`` as an interpreted ``@triton.jit`` function (the process
    otherwise compiles)."""
    with triton.knobs.runtime.scope():
        triton.knobs.runtime.interpret = True
        return triton.jit(fn)


@interpreted
def to_bf16(x_ptr, o_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(o_ptr + r, tl.load(x_ptr + r).to(tl.bfloat16))


@interpreted
def bool_to_bf16(x_ptr, o_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(o_ptr + r, (tl.load(x_ptr + r) > 0).to(tl.bfloat16))


@interpreted
def atomic_add_at(out_ptr, index_ptr, src_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.atomic_add(out_ptr + tl.load(index_ptr + r), tl.load(src_ptr + r), r < N - 1, sem="relaxed")


class TestConversionsToBf16(TestCase):
    VALUES = [-300.7, -3.5, -1.0, -0.0, 0.0, 1.0, 2.5, 7.0, 255.0, 257.0, 1e30, 1.0 + 2**-8, 1.0 + 3 * 2**-8]

    def check(self, x: torch.Tensor) -> None:
        """``x.to(tl.bfloat16)`` in a kernel gives torch's bits."""
        x = torch.cat([x, torch.zeros((1 << (x.numel() - 1).bit_length()) - x.numel(), dtype=x.dtype)])
        out = torch.zeros(x.numel(), dtype=torch.bfloat16)
        with device_arithmetic():
            to_bf16[(1,)](x, out, N=x.numel())
        self.assertEqual(out.view(torch.int16), x.to(torch.bfloat16).view(torch.int16), msg=f"from {x.dtype}")

    def test_integers(self):
        for dtype in (torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64):
            values = torch.tensor([-100, -3, -1, 0, 1, 2, 7, 100, 127, 0, 0, 0, 0, 0, 0, 0], dtype=torch.int64)
            if dtype == torch.uint8:
                values = values.abs()
            if dtype in (torch.int32, torch.int64):  # beyond bf16's 8 bits: rounded to nearest even
                values[9:] = torch.tensor([257, 259, 65535, -65537, 2**24 + 1, 2**30 + 2**22, -(2**31)])
            self.check(values.to(dtype))

    def test_bool(self):
        self.check(torch.tensor([True, False, True, True, False, False, True, False]))
        # a comparison's result (the interpreter converted this one right)
        x = torch.tensor([-1.0, 0.0, 2.0, 3.0, -5.0, 0.5, 0.0, 1.0])
        out = torch.zeros(8, dtype=torch.bfloat16)
        with device_arithmetic():
            bool_to_bf16[(1,)](x, out, N=8)
        self.assertEqual(out, (x > 0).to(torch.bfloat16))

    def test_fp64(self):
        # one rounding, fp64 -> bf16 (torch rounds through fp32: the values
        # here round the same both ways)
        self.check(torch.tensor(self.VALUES + [-1e-40, 3.4e38, float("inf"), float("-inf")], dtype=torch.float64))

    def test_fp64_rounds_once(self):
        # 1 + 2**-8 + 2**-30: above the tie between 1 and 1 + 2**-7; through
        # fp32 it becomes the tie (1 + 2**-8) and rounds to even, 1.0
        x = torch.tensor([1.0 + 2**-8 + 2**-30, -(1.0 + 2**-8 + 2**-30)], dtype=torch.float64)
        bits = _bf16_bits_rne_f64(x.numpy())
        self.assertEqual(torch.from_numpy(bits.view("int16")).view(torch.bfloat16).tolist(), [1.0078125, -1.0078125])

    def test_fp16_and_fp32_unchanged(self):
        for dtype in (torch.float16, torch.float32):
            self.check(torch.tensor(self.VALUES[:11] + [65504.0 if dtype == torch.float16 else 1e30], dtype=dtype))


@interpreted
def fma(a_ptr, b_ptr, c_ptr, o_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(o_ptr + r, tl.fma(tl.load(a_ptr + r), tl.load(b_ptr + r), tl.load(c_ptr + r)))


class TestFma(TestCase):
    def test_rounds_once(self):
        # triton 3.7 rounded the product and the sum (256 of these 1024 fp32
        # triples, 230 fp16 ones, differ); 3.7 to 3.9 multiplied a bf16 fma's
        # bit patterns
        for dtype in (torch.float32, torch.float16, torch.bfloat16):
            gen = torch.Generator().manual_seed(0)
            a, b, c = (torch.randn(1024, generator=gen).to(dtype) for _ in range(3))
            out = torch.zeros(1024, dtype=dtype)
            with device_arithmetic():
                fma[(1,)](a, b, c, out, N=1024)
            bits = torch.int32 if dtype == torch.float32 else torch.int16
            self.assertEqual(out.view(bits), _round_once(a, b, c), msg=str(dtype))

    def test_a_sum_just_off_a_tie(self):
        # a*b + c = 1 + 2**-23 + 2**-24 - 2**-70 exactly: just below the fp32
        # tie between 1 + 2**-23 and 1 + 2**-22, so 1 + 2**-23; rounded in
        # float64 first it becomes the tie and rounds to even, 1 + 2**-22
        a = torch.tensor([2**-24 + 2**-47, -(2**-24 + 2**-47)], dtype=torch.float32)
        b = torch.tensor([1.0 - 2**-23] * 2, dtype=torch.float32)
        c = torch.tensor([1.0 + 2**-23, -(1.0 + 2**-23)], dtype=torch.float32)
        out = torch.zeros(2, dtype=torch.float32)
        with device_arithmetic():
            fma[(1,)](a, b, c, out, N=2)
        self.assertEqual(out.tolist(), [1.0 + 2**-23, -(1.0 + 2**-23)], atol=0, rtol=0)


def _round_once(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    """``a * b + c`` computed exactly (Python's rationals) and rounded once
    to nearest even in the tensors' dtype, as bit patterns."""
    from fractions import Fraction

    bits_dtype = torch.int32 if a.dtype == torch.float32 else torch.int16
    out = []
    for x, y, z in zip(a.tolist(), b.tolist(), c.tolist()):
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        near = torch.tensor(float(exact)).to(a.dtype).view(bits_dtype)  # within an ulp of the answer
        candidates = [(near + step).view(a.dtype) for step in (-1, 0, 1)]
        best = min(candidates, key=lambda t: (abs(Fraction(t.item()) - exact), int(t.view(bits_dtype)) & 1))
        out.append(best.view(bits_dtype))
    return torch.stack(out)


class TestBf16AtomicAdd(TestCase):
    def test_adds_in_order_rounding_each_add(self):
        # index 1 three times: 1.0 + 2**-8 (a tie: stays 1.0), + 2**-8 (a tie
        # again: 1.0), + 3.0 -> 4.0; the last lane is masked off
        out = torch.tensor([0.5, 1.0, -2.0, 7.0], dtype=torch.bfloat16)
        index = torch.tensor([0, 1, 1, 1, 3, 2, 2, 0])
        src = torch.tensor([0.25, 2**-8, 2**-8, 3.0, 1.0, 1.5, -0.125, 100.0], dtype=torch.bfloat16)
        expected = out.clone()
        for i in range(7):
            expected[index[i]] = (expected[index[i]].float() + src[i].float()).bfloat16()
        with device_arithmetic():
            atomic_add_at[(1,)](out, index, src, N=8)
        self.assertEqual(out.view(torch.int16), expected.view(torch.int16))
        self.assertEqual(out.tolist(), [0.75, 4.0, -0.625, 8.0])

    def test_fp32_atomic_add_is_the_interpreters(self):
        out = torch.zeros(4)
        index = torch.tensor([0, 1, 1, 1, 3, 2, 2, 0])
        src = torch.arange(8, dtype=torch.float32)
        with device_arithmetic():
            atomic_add_at[(1,)](out, index, src, N=8)
        self.assertEqual(out.tolist(), [0.0, 6.0, 11.0, 4.0])


if __name__ == "__main__":
    run_tests()
