# Owner(s): ["module: inductor"]
"""Inductor's peak figures for the simulated Intel GPUs (patch 0008).

``torch._inductor.utils.get_device_tflops`` and ``get_gpu_dram_gbps`` feed
the scheduler's roofline runtime estimate.  For an xpu device that
``torch/_inductor/analysis/device_info.py``'s datasheet does not name they
answered 0.0 ("no Triton fallback available for xpu:0") and Triton's
CUDA-only bandwidth estimate, so the scheduler estimated 0 for every node.
With 0008 they are derived from the device's properties; the datasheet,
where it names the device, still answers.

Where this release's datasheet names the device, the expected figure is
its entry (the datasheet wins); elsewhere it is Intel's published figure (a
Max 1550 profile is one stack: half the card), not the formula's output,
checked to 1.5%.  Where Intel quotes a SKU at a lower clock than the one the
estimate takes for its architecture (the Max 1100's 1.55 GHz against Xe-HPC's
1.6 GHz; torch 2.13 has no Intel datasheet entry), the published figure is
scaled by that ratio.

Where no device is given (``get_gpu_dram_gbps()``, the scheduler's
``get_device_tflops(dtype)``), torch 2.15 asks ``torch.accelerator`` for the
device in use, which the simulation leaves alone (it tells nothing that
could run that a device exists): here it answers "xpu", as on an XPU
machine.
"""

from __future__ import annotations

import logging
from unittest import mock

import torch
from torch._dynamo.device_interface import get_interface_for_device
from torch._inductor import utils
from torch._inductor.analysis import device_info
from torch._inductor.analysis.device_info import lookup_device_info
from torch._inductor.scheduler import Scheduler
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.device import simulate


_F32, _F64, _F16, _BF16, _I8 = (
    torch.float32,
    torch.float64,
    torch.float16,
    torch.bfloat16,
    torch.int8,
)

# (profile, {dtype: TFLOPS}, DRAM GB/s or None where nothing is estimated,
#  the estimate's clock over the clock of the published figures)
PUBLISHED: tuple[tuple[str, dict[torch.dtype, float], float | None, float], ...] = (
    # Data Center GPU Max 1550, per card: 52 TFLOPS FP32/FP64 vector, 832
    # TFLOPS FP16/BF16 and 1664 TOPS INT8 on XMX, 3.2768 TB/s HBM2e
    # (Intel Data Center GPU Max Series product brief); one stack is half.
    (
        "max1550",
        {_F32: 26.0, _F64: 26.0, _F16: 416.0, _BF16: 416.0, _I8: 832.0},
        1638.4,
        1.0,
    ),
    # Arc A770 16GB (ark.intel.com; 2.1 GHz graphics clock): 17.2 TFLOPS FP32,
    # 138 FP16/BF16 and 275 INT8 on XMX, no FP64 hardware, 560 GB/s GDDR6.
    ("a770", {_F32: 17.2, _F64: 0.0, _F16: 138.0, _BF16: 138.0, _I8: 275.0}, 560.0, 1.0),
    # Arc B580 (ark.intel.com): 233 TOPS INT8 on XMX (half at FP16/BF16),
    # 456 GB/s GDDR6; Intel gives no FP32 figure.
    ("b580", {_F16: 116.5, _BF16: 116.5, _I8: 233.0}, 456.0, 1.0),
    # Data Center GPU Max 1100 at 1.55 GHz: 2.15's datasheet entry.
    ("max1100", {_F32: 22.2, _F16: 355.5, _BF16: 355.5, _I8: 711.1}, 1228.8, 1.6 / 1.55),
    # Arc 140V: 67 TOPS INT8 (Intel Core Ultra 200V); its LPDDR5X clock as
    # the device reports it was not checked on a device: no DRAM estimate.
    ("arc140v", {_I8: 67.0}, None, 1.0),
)


def xpu_in_use() -> mock._patch:
    """``torch.accelerator`` answers as on an XPU machine (device 0)."""
    return mock.patch.multiple(
        torch.accelerator,
        current_accelerator=lambda *args, **kwargs: torch.device("xpu"),
        current_device_index=lambda *args, **kwargs: 0,
    )


def mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a @ b


class TestXpuPeaks(TestCase):
    def assertNear(self, actual: float, expected: float, what: str) -> None:
        if expected == 0.0:
            self.assertEqual(actual, 0.0, msg=what)
        else:
            self.assertLess(abs(actual / expected - 1), 0.015, msg=f"{what}: {actual} vs {expected}")

    def test_published_figures(self):
        for key, tops, dram, clock_ratio in PUBLISHED:
            with self.subTest(profile=key), simulate(key), xpu_in_use():
                props = get_interface_for_device("xpu").Worker.get_device_properties(0)
                entry = lookup_device_info(props.name)
                for dtype, published in tops.items():
                    if entry is not None and dtype in entry.tops:
                        expected = entry.tops[dtype]
                    else:
                        expected = published * clock_ratio
                    self.assertNear(utils.get_device_tflops(dtype, "xpu"), expected, f"{key} {dtype}")
                if dram is None:
                    self.assertIsNone(device_info.properties_dram_bw_gbs(props))
                elif getattr(entry, "dram_bw_gbs", None) is not None and hasattr(device_info, "datasheet_dram_bw_gbs"):
                    self.assertEqual(utils.get_gpu_dram_gbps(), entry.dram_bw_gbs)
                else:
                    self.assertNear(utils.get_gpu_dram_gbps(), dram, f"{key} DRAM GB/s")

    def test_scheduler_estimates_an_mm(self):
        """The scheduler's roofline estimate of an mm is no longer 0 (it was
        while get_device_tflops answered 0.0), and nothing logs that the xpu
        has no estimate."""
        for key in ("max1550", "a770"):
            estimates: list[float] = []
            original = Scheduler.codegen

            def codegen(scheduler: Scheduler) -> None:
                estimates.extend(n.get_estimated_runtime() for n in scheduler.nodes if n.is_extern())
                return original(scheduler)

            with (
                self.subTest(profile=key),
                simulate(key) as sim,
                xpu_in_use(),
                mock.patch.object(Scheduler, "codegen", codegen),
                self.assertNoLogs(utils.log, level=logging.WARNING),
            ):
                sim.compile(mm, sim.tensor(256, 256), sim.tensor(256, 256), dynamic=False)
            self.assertTrue(estimates, f"{key}: no extern mm node was scheduled")
            self.assertTrue(all(e > 0 for e in estimates), f"{key}: {estimates}")


if __name__ == "__main__":
    run_tests()
