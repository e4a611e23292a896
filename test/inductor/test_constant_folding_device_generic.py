# Owner(s): ["module: inductor"]
"""constant_fold_uniform_value must fold graphs of a device this process
cannot run kernels on (fake tensors only), deducing values on CPU."""

from __future__ import annotations

import torch
from torch._inductor.fx_passes.joint_graph import constant_fold_uniform_value
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx
from torch.testing._internal.common_utils import skipIfTorchDynamo


aten = torch.ops.aten


def _device_without_kernels() -> str | None:
    """A GPU device type this build has no ATen kernels for."""
    for device_type in ("xpu", "cuda", "mps"):
        key = torch._C._dispatch_key_for_device(device_type)
        if not torch._C._dispatch_has_kernel_for_dispatch_key("aten::empty.memory_format", key):
            return device_type
    return None


def masked_fill_with_full(x):
    # A uniform constant built on the input's device, then a pointwise op on it.
    return x + torch.full((8,), 2.0, device=x.device).mul(3.0)


def trace_with_fake(fn, device: str):
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    with mode:
        x = torch.empty(8, device=device)
    return make_fx(fn, tracing_mode="fake")(x)


def full_nodes(gm):
    return [n for n in gm.graph.nodes if n.target is aten.full.default]


@skipIfTorchDynamo("traces and folds FX graphs itself")
class TestConstantFoldingDeviceGeneric(TestCase):
    def fold(self, device: str):
        gm = trace_with_fake(masked_fill_with_full, device)
        self.assertTrue(any(n.target is aten.mul.Tensor for n in gm.graph.nodes))
        constant_fold_uniform_value(gm)
        gm.graph.eliminate_dead_code()
        gm.recompile()
        fulls = full_nodes(gm)
        self.assertEqual(len(fulls), 1, gm.code)
        node = fulls[0]
        # The folded constant: full([8], 6.0) on the graph's device.
        self.assertEqual(node.args[0], [8])
        self.assertEqual(node.args[1], 6.0)
        self.assertEqual(torch.device(node.kwargs["device"]).type, device)
        self.assertFalse(any(n.target is aten.mul.Tensor for n in gm.graph.nodes), gm.code)
        return gm

    def test_fold_on_device_without_kernels(self):
        device = _device_without_kernels()
        if device is None:
            self.skipTest("this build has kernels for every GPU device type")
        self.fold(device)

    def test_fold_on_cpu_unchanged(self):
        gm = self.fold("cpu")
        x = torch.randn(8)
        self.assertEqual(gm(x), x + 6.0)


if __name__ == "__main__":
    run_tests()
