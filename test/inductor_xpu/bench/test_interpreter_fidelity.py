# Owner(s): ["module: inductor"]
"""The classification of tools/bench/interpreter_fidelity_report.py (issue 33
item 4): the interpreter's and a device's bytes of a launch's outputs compared
(``compare_bytes``: ulp distance in fp32, fp16 and bf16) and classed bitwise,
within 1 ulp, within the summation-order bound of a reduction or a GEMM, or
beyond.  Made-up bytes: nothing is compiled, no GPU."""

from __future__ import annotations

import contextlib
import io
import json
import math
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"
if str(BENCH) not in sys.path:  # run as a script: conftest.py has not put it there
    sys.path.insert(0, str(BENCH))

import interpreter_fidelity_report as report  # noqa: E402
import interpreter_fidelity_device as device_side  # noqa: E402
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


KERNEL = """
import triton
import triton.language as tl

@triton.jit
def add_one(in_ptr, out_ptr):
    tl.store(out_ptr, tl.load(in_ptr) + 1)
"""


class TestKernelFiles(TestCase):
    """Issue 45 R15: the device run wrote each kernel's source to the fixed
    /tmp/interpreter_fidelity_kernels/<key>.py, following links: a link
    planted there by another user had its target overwritten."""

    def test_a_planted_link_is_not_followed(self):
        with tempfile.TemporaryDirectory() as tmp:
            victim = Path(tmp) / "victim"
            victim.write_text("precious")
            planted = Path(tmp) / "kernel.py"
            planted.symlink_to(victim)
            with self.assertRaises(OSError):
                device_side.load_jit_function("add_one", KERNEL, planted, None)
            self.assertEqual(victim.read_text(), "precious")
            # an existing file is not written over either
            (Path(tmp) / "there.py").write_text("x = 1")
            with self.assertRaises(FileExistsError):
                device_side.load_jit_function("add_one", KERNEL, Path(tmp) / "there.py", None)
            fresh = Path(tmp) / "fresh.py"
            self.assertTrue(callable(device_side.load_jit_function("add_one", KERNEL, fresh, None).run))
            self.assertEqual(fresh.stat().st_mode & 0o777, 0o600)

    def test_the_run_writes_kernels_in_a_private_directory(self):
        written: list[tuple[Path, int]] = []

        def capture(name: str, source: str, path: Path, helpers: Any) -> Any:
            written.append((path, path.parent.stat().st_mode & 0o777))
            raise RuntimeError("stop here")

        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "data"
            (data / "sources").mkdir(parents=True)
            (data / "sources" / "k.py").write_text(KERNEL)
            launch = {"id": "g0/add_one/0", "kernel": "add_one", "source": "k", "storages": [], "options": {}}
            (data / "manifest.json").write_text(json.dumps({"launches": [launch]}))
            with mock.patch.object(device_side, "DEVICE", "cpu"), \
                    mock.patch.object(device_side, "load_jit_function", capture), \
                    contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(device_side._device_run(data, Path(tmp) / "out"), 0)
            results = json.loads((Path(tmp) / "out" / "device_results.json").read_text())
        ((path, mode),) = written
        self.assertIn("stop here", results["launches"]["g0/add_one/0"]["status"])
        self.assertEqual(path.name, "k.py")
        self.assertNotEqual(path.parent, Path("/tmp/interpreter_fidelity_kernels"))
        self.assertTrue(path.parent.name.startswith("interpreter_fidelity_kernels_"), path)
        self.assertEqual(mode, 0o700)
        self.assertFalse(path.parent.exists())  # removed after the run


if __name__ == "__main__":
    run_tests()
