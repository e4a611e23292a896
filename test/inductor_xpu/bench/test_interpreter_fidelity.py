# Owner(s): ["module: inductor"]
"""The classification of tools/bench/interpreter_fidelity_report.py (issue 33
item 4): the interpreter's and a device's bytes of a launch's outputs compared
(``compare_bytes``: ulp distance in fp32, fp16 and bf16) and classed bitwise,
within 1 ulp, within the summation-order bound of a reduction or a GEMM, or
beyond.  Made-up bytes: nothing is compiled, no GPU."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"
if str(BENCH) not in sys.path:  # run as a script: conftest.py has not put it there
    sys.path.insert(0, str(BENCH))

import interpreter_fidelity_report as report  # noqa: E402
from interpreter_fidelity_device import compare_bytes, POISON  # noqa: E402


def _bytes(values: Any, dtype: torch.dtype) -> torch.Tensor:
    return torch.tensor(values, dtype=dtype).view(torch.uint8).clone()


def _compare(interp: Any, device: Any, dtype: torch.dtype, before: Any = None) -> dict[str, Any]:
    """``compare_bytes`` of two value lists; ``before``: the storage's bytes
    before the launch (an input's: not a fresh allocation)."""
    a, b = _bytes(interp, dtype), _bytes(device, dtype)
    pre = torch.zeros_like(a) if before is None else before
    return compare_bytes(pre, a, b, str(dtype).removeprefix("torch."))


def _next(x: float, dtype: torch.dtype, steps: int = 1) -> float:
    """The float ``steps`` representable values of ``dtype`` above ``x``."""
    t = torch.tensor([x], dtype=dtype)
    for _ in range(steps):
        t = torch.nextafter(t, torch.tensor([math.inf], dtype=dtype))
    return float(t[0])


def _entry(kind: str, rnumel: int | None = None, args: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"kind": kind, "rnumel": rnumel, "args": args or []}


def _tensor(name: str, size: list[int]) -> dict[str, Any]:
    return {"kind": "tensor", "name": name, "size": size}


class UlpDistanceTest(TestCase):
    def test_adjacent_floats_are_one_ulp_apart(self) -> None:
        for dtype in (torch.float32, torch.float16, torch.bfloat16):
            with self.subTest(dtype=dtype):
                r = _compare([1.0, -3.5, 1e-3], [_next(1.0, dtype), _next(-3.5, dtype), 1e-3], dtype)
                self.assertFalse(r["bitwise"])
                self.assertEqual(r["max_ulp"], 1)
                self.assertEqual(r["differing"], 2)
                self.assertEqual(r["beyond_1ulp"], 0)
                r = _compare([1.0], [_next(1.0, dtype, 3)], dtype)
                self.assertEqual(r["max_ulp"], 3)
                self.assertEqual(r["beyond_1ulp"], 1)

    def test_the_dtypes_spacing(self) -> None:
        # 1 + 2**-k is one ulp above 1 for k the dtype's mantissa bits
        for dtype, bits in ((torch.float32, 23), (torch.float16, 10), (torch.bfloat16, 7)):
            with self.subTest(dtype=dtype):
                self.assertEqual(_compare([1.0], [1.0 + 2.0 ** -bits], dtype)["max_ulp"], 1)
                self.assertEqual(_compare([1.0], [1.0 + 2.0 ** -(bits - 2)], dtype)["max_ulp"], 4)

    def test_signed_zeros_and_crossing_zero(self) -> None:
        r = _compare([0.0], [-0.0], torch.float32)
        self.assertFalse(r["bitwise"])  # the bytes differ ...
        self.assertEqual(r["max_ulp"], 0)  # ... the values do not
        tiny = float(torch.finfo(torch.float16).smallest_normal) * 2.0 ** -10  # the least fp16 subnormal
        self.assertEqual(_compare([tiny], [-tiny], torch.float16)["max_ulp"], 2)

    def test_nan(self) -> None:
        self.assertEqual(_compare([math.nan, 1.0], [math.nan, 1.0], torch.float32)["max_ulp"], 0)
        r = _compare([math.nan, 1.0], [2.0, 1.0], torch.float32)
        self.assertEqual(r["max_ulp"], math.inf)
        self.assertEqual(r["nan_mismatch"], 1)

    def test_an_element_only_one_side_wrote(self) -> None:
        # a fresh allocation (POISON bytes: a NaN) the interpreter wrote one element of, the device two
        fresh = torch.full((8,), POISON, dtype=torch.uint8)
        interp, device = fresh.clone(), fresh.clone()
        interp[:4] = device[:4] = _bytes([1.0], torch.float32)
        device[4:] = _bytes([2.0], torch.float32)
        r = compare_bytes(fresh, interp, device, "float32")
        self.assertEqual((r["one_side_only"], r["nan_mismatch"]), (1, 1))
        self.assertEqual(report._classify(_entry("reduction", rnumel=8), [r])[0], report.BEYOND)


class ClassifyTest(TestCase):
    def _classify(self, entry: dict[str, Any], *pairs: tuple[list[float], list[float]],
                  dtype: torch.dtype = torch.float32) -> tuple[str, str]:
        return report._classify(entry, [_compare(a, b, dtype) for a, b in pairs])

    def test_bitwise_and_one_ulp(self) -> None:
        pointwise = _entry("pointwise")
        self.assertEqual(self._classify(pointwise, ([1.0, 2.0], [1.0, 2.0])), (report.BITWISE, ""))
        for dtype in (torch.float32, torch.float16, torch.bfloat16):
            with self.subTest(dtype=dtype):
                self.assertEqual(self._classify(pointwise, ([1.0, 2.0], [_next(1.0, dtype), 2.0]), dtype=dtype),
                                 (report.ULP1, ""))

    def test_a_pointwise_kernel_beyond_one_ulp_is_beyond(self) -> None:
        # 2 ulp on one element of an otherwise bitwise kernel: no normwise allowance
        values = [float(v) for v in torch.linspace(-1, 1, 64)]
        device = list(values)
        device[7] = _next(values[7], torch.float32, 2)
        self.assertEqual(self._classify(_entry("pointwise"), (values, device)), (report.BEYOND, "1 ulp"))
        self.assertEqual(self._classify(_entry("foreach"), (values, device))[0], report.BEYOND)

    def test_a_reduction_within_its_bound(self) -> None:
        # many ulps on a result near zero (cancellation), a tiny normwise difference
        n = 256
        values = [1.0, -2.0, 3.0, 1e-7]
        device = values[:3] + [_next(1e-7, torch.float32, 40)]
        cls, bound = self._classify(_entry("reduction", rnumel=n), (values, device))
        self.assertEqual(cls, report.BOUND)
        self.assertIn("n=256", bound)
        # the same difference in a pointwise kernel is beyond
        self.assertEqual(self._classify(_entry("pointwise"), (values, device))[0], report.BEYOND)

    def test_a_reduction_beyond_its_bound(self) -> None:
        values = [1.0, -2.0, 3.0, 4.0]
        device = [1.0, -2.0, 3.0, 4.0 * (1 + 1e-3)]  # normwise 7e-4 > the bound at n=256 (1.5e-5)
        cls, bound = self._classify(_entry("reduction", rnumel=256), (values, device))
        self.assertEqual(cls, report.BEYOND)
        self.assertEqual(bound, f"normwise bound {report.order_bound(256):.1e} (n=256)")
        # and a NaN on one side is beyond whatever the norms
        self.assertEqual(self._classify(_entry("reduction", rnumel=256), ([1.0, 2.0], [1.0, math.nan]))[0],
                         report.BEYOND)

    def test_the_worst_storage_decides(self) -> None:
        entry = _entry("reduction", rnumel=64)
        one_ulp = ([1.0], [_next(1.0, torch.float32)])
        far = ([1.0, 2.0], [1.0, 2.5])
        self.assertEqual(self._classify(entry, one_ulp, one_ulp)[0], report.ULP1)
        self.assertEqual(self._classify(entry, one_ulp, far)[0], report.BEYOND)

    def test_order_bound(self) -> None:
        self.assertIsNone(report.order_bound(None))
        self.assertIsNone(report.order_bound(1))
        self.assertEqual(report.order_bound(256), 2 * 8 * 2.0 ** -24 * 16)
        self.assertEqual(report.order_bound(768), 2 * 10 * 2.0 ** -24 * math.sqrt(768))

    def test_reduction_length(self) -> None:
        self.assertEqual(report._reduction_length(_entry("reduction", rnumel=768)), 768)
        self.assertIsNone(report._reduction_length(_entry("pointwise")))
        # a GEMM template's K is arg_A's inner dimension, also when a bias comes first
        addmm = _entry("template", args=[_tensor("in_ptr0", [64]), _tensor("arg_A", [128, 256]),
                                         _tensor("arg_B", [256, 64])])
        self.assertEqual(report._reduction_length(addmm), 256)
        self.assertEqual(report._reduction_length(_entry("template", args=[_tensor("a", [8, 64, 32])])), 32)


if __name__ == "__main__":
    run_tests()
