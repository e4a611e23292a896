"""Where the series shows on an xpu device: device paths of Inductor that a
stock wheel sends to torch.cuda (or to nothing) on xpu, exercised on a real
xpu device (the emulated one here, Intel's runners upstream).  Each test
names its patch; with stock Inductor (INDUCTOR_XPU_DISABLE=1) it is an
expected failure, so `make test-emulated` shows both sides.

    python -m inductor_xpu emulate --devices 2 -- python -m pytest test/emulated
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import unittest
from collections.abc import Callable
from typing import Any
from unittest import mock

import torch
from torch._inductor import config
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_GPU


STOCK = os.environ.get("INDUCTOR_XPU_DISABLE") == "1"
requires_xpu = unittest.skipUnless(HAS_GPU and GPU_TYPE == "xpu", "needs an xpu device (inductor_xpu emulate)")


def fixed_by(patch: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The series' ``patch`` makes this pass: stock Inductor fails it."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__doc__ = f"{fn.__doc__ or ''} (torch_patches/{patch})"
        return unittest.expectedFailure(fn) if STOCK and not os.environ.get("SHOW_STOCK_FAILURES") else fn

    return decorate


@requires_xpu
class TestSeriesDevicePathsXpu(TestCase):
    @fixed_by("0048-compile-fx-device-generic-device-context.patch")
    def test_post_grad_passes_run_under_the_graphs_device(self):
        """A graph on xpu:1 is compiled with xpu:1 current."""
        if torch.xpu.device_count() < 2:
            self.skipTest("needs two xpu devices (emulate --devices 2)")
        from torch._inductor.custom_graph_pass import CustomGraphPass

        seen: list[int] = []

        class RecordDevice(CustomGraphPass):
            def __call__(self, graph: torch.fx.Graph) -> None:
                seen.append(torch.xpu.current_device())

            def uuid(self) -> Any:
                return "record-current-xpu-device"

        x = torch.randn(8, device="xpu:1")
        with config.patch(post_grad_custom_post_pass=RecordDevice(), fx_graph_cache=False):
            torch._dynamo.reset()
            out = torch.compile(lambda t: t.sin() + 1)(x)
        self.assertEqual(out.device, torch.device("xpu:1"))
        self.assertEqual(seen, [1])

    @fixed_by("0026-wrapper-benchmark-device-generic-memory-stats.patch")
    def test_benchmark_harness_reports_xpu_peak_memory(self):
        """`python output_code.py` (compiled_module_main) reports the xpu's peak memory."""
        from torch._inductor import wrapper_benchmark

        x = torch.randn(64, 64, device="xpu")

        def bench(times: int, repeat: int) -> float:
            y = x @ x
            return float(y.sum().item() * 0)

        out = io.StringIO()
        with mock.patch.object(sys, "argv", ["output_code.py", "--times", "1", "--repeat", "1"]), \
                contextlib.redirect_stdout(out):
            wrapper_benchmark.compiled_module_main("bench", bench)
        self.assertIn("Peak GPU memory usage", out.getvalue())

    @fixed_by("0002-device-properties-launch-limits.patch")
    def test_device_properties_have_the_xpu_warp_size(self):
        """Inductor's DeviceProperties of an xpu device carry a warp size (stock: None)."""
        from torch._inductor.runtime.hints import DeviceProperties

        props = DeviceProperties.create(torch.device("xpu:0"))
        self.assertIsNotNone(props.warp_size)
        self.assertIn(props.warp_size, (8, 16, 32))

    @fixed_by("0030-codecache-device-generic-system-info.patch")
    def test_code_cache_key_names_the_xpu(self):
        """The code cache's system info names the xpu it compiled for, so one
        Intel GPU's cached code is not served on another (stock: no device)."""
        from torch._inductor.codecache import CacheBase

        system = CacheBase.get_system()
        self.assertIn(torch.xpu.get_device_name(), str(system.get("device")))

    def _compiled_with_only(self, template: str, conv2d: torch.nn.Module, x: torch.Tensor) -> str:
        """``conv2d(x)`` compiled with max-autotune, given only ``template``'s
        first choice, checked against eager: the code."""
        from torch._inductor.kernel import conv
        from torch._inductor.utils import run_and_get_code

        offered: list[str] = []
        select = conv.autotune_select_algorithm

        def only(name: str, choices: list[Any], *args: Any, **kwargs: Any) -> Any:
            offered.extend(c.name for c in choices)
            kept = [c for c in choices if template in c.name][:1]  # one: nothing is benchmarked
            if not kept:  # stock: autotuning the generic template here would take minutes
                raise AssertionError(f"no {template} choice among {offered}")
            return select(name, kept, *args, **kwargs)

        with config.patch(max_autotune=True, max_autotune_conv_backends="TRITON", fx_graph_cache=False), \
                mock.patch.object(conv, "autotune_select_algorithm", only), torch.no_grad():
            torch._dynamo.reset()
            out, code = run_and_get_code(torch.compile(conv2d), x)
        self.assertEqual(out, conv2d(x), atol=1e-4, rtol=1e-4)
        return code[0]

    @fixed_by("0068-conv-lowering-xpu-depthwise-conv2d-template.patch")
    def test_depthwise_conv2d_gets_the_depthwise_template(self):
        """max-autotune offers a depthwise conv2d on xpu the depthwise template,
        and it matches eager in Triton's interpreter (stock: only the generic
        template, whose tl.dot spills on DG2)."""
        conv2d = torch.nn.Conv2d(16, 16, (5, 3), stride=(1, 2), padding=(2, 1), groups=16, device="xpu")
        x = torch.randn(2, 16, 10, 9, device="xpu").to(memory_format=torch.channels_last)
        code = self._compiled_with_only("depthwise_conv2d", conv2d, x)
        self.assertIn("BLOCK_C : tl.constexpr", code)

    @fixed_by("0069-conv-lowering-xpu-few-input-channels-conv2d-template.patch")
    def test_stem_conv2d_gets_the_few_input_channels_template(self):
        """max-autotune offers a 3-channel 7x7 stride-2 stem conv on xpu the
        few-input-channels template, and it matches eager in Triton's
        interpreter (stock: only the generic template, which spills on DG2)."""
        conv2d = torch.nn.Conv2d(3, 24, 7, stride=2, padding=3, device="xpu")
        x = torch.randn(2, 3, 15, 13, device="xpu").to(memory_format=torch.channels_last)
        code = self._compiled_with_only("conv2d_few_in_channels", conv2d, x)
        self.assertNotIn("tl.dot", code)


if __name__ == "__main__":
    run_tests()
