# Owner(s): ["module: inductor"]
"""Triton rand/randn must use the 4x Philox helpers on XPU as on CUDA."""

import contextlib
from unittest import mock

import torch
from torch._inductor import config, select_algorithm  # noqa: F401 (used by the check)
from torch._inductor.codegen.triton import TritonKernel, TritonOverrides
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V


class TestTritonRandom4x(TestCase):
    def random_exprs(self, device, ndim=1, use_rand4x=True):
        """The (rand, randn) expressions for a ``ndim``-D Triton kernel on ``device``."""
        # torch >= 2.15 uses the 4x helpers only under config.use_rand4x.
        enable = (
            config.patch(use_rand4x=use_rand4x)
            if hasattr(config, "use_rand4x")
            else contextlib.nullcontext()
        )
        kernel = mock.MagicMock(spec=TritonKernel)
        kernel.triton_tensor_ndim.return_value = ndim
        kernel.dense_size_list.return_value = ["XBLOCK"]
        graph = mock.MagicMock()
        graph.get_current_device_or_throw.return_value = torch.device(device)
        with enable, V.set_graph_handler(graph), V.set_kernel_handler(kernel):
            return (
                TritonOverrides.rand("seed", "offset"),
                TritonOverrides.randn("seed", "offset"),
            )

    def test_xpu_uses_4x_helpers(self):
        rand, randn = self.random_exprs("xpu:0")
        self.assertIn("triton_helpers.rand4x(seed", rand)
        self.assertIn("triton_helpers.randn4x(seed", randn)

    def test_cuda_uses_4x_helpers(self):
        rand, randn = self.random_exprs("cuda:0")
        self.assertIn("triton_helpers.rand4x(seed", rand)
        self.assertIn("triton_helpers.randn4x(seed", randn)

    def test_2d_kernels_and_eager_alignment_keep_tl_rand(self):
        self.assertTrue(self.random_exprs("xpu:0", ndim=2)[0].startswith("tl.rand("))
        with config.patch(align_random_eager=True):
            self.assertTrue(self.random_exprs("xpu:0")[0].startswith("tl.rand("))

    def test_disabled_by_config_keeps_tl_rand(self):
        if not hasattr(config, "use_rand4x"):
            self.skipTest("this torch has no config.use_rand4x")
        for device in ("xpu:0", "cuda:0"):
            rand = self.random_exprs(device, use_rand4x=False)[0]
            self.assertTrue(rand.startswith("tl.rand("), rand)

    def test_cpu_keeps_tl_rand(self):
        self.assertTrue(self.random_exprs("cpu")[0].startswith("tl.rand("))


if __name__ == "__main__":
    run_tests()
