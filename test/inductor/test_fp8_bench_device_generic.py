# Owner(s): ["module: inductor"]
"""fp8_bench must time on the GPU in use through its device interface."""

from unittest import mock

import torch
from torch._inductor import utils
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _no_cuda(*args, **kwargs):
    raise AssertionError("fp8_bench used torch.cuda for a non-CUDA device")


class TestFp8Bench(TestCase):
    def test_runs_on_device_interface(self):
        # get_gpu_type() names the device fp8_bench measures.  The CPU device
        # interface has timing events and a no-op synchronize, so this runs
        # everywhere; any torch.cuda use fails the test.
        calls = []

        def fn():
            calls.append(None)

        with mock.patch.object(
            utils, "get_gpu_type", return_value="cpu"
        ), mock.patch.object(
            torch.cuda, "synchronize", _no_cuda
        ), mock.patch.object(torch.cuda, "Event", _no_cuda):
            ms = utils.fp8_bench(fn, warmup=1, rep=1)

        self.assertIsInstance(ms, float)
        self.assertGreaterEqual(ms, 0.0)
        # one warm-up call before estimating, five estimating calls, then
        # at least one warm-up and one measured call
        self.assertGreaterEqual(len(calls), 8)

    def test_cuda(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        x = torch.randn(1024, 1024, device="cuda")
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            ms = utils.fp8_bench(lambda: x @ x, warmup=1, rep=5)
        self.assertGreater(ms, 0.0)


if __name__ == "__main__":
    run_tests()
