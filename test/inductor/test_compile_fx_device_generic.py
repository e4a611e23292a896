# Owner(s): ["module: inductor"]
"""Graph passes must run with the graph's GPU current, whatever its type."""

import contextlib

import torch
from torch._dynamo import device_interface as di
from torch._inductor import compile_fx
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _recording_interface(available: bool = True) -> type[di.DeviceInterface]:
    class RecordingInterface(di.DeviceInterface):
        """Its device context records the device; nothing runs on it."""

        entered: list[torch.device] = []

        class device(contextlib.AbstractContextManager):
            def __init__(self, device):
                self.device = device

            def __enter__(self):
                RecordingInterface.entered.append(self.device)

            def __exit__(self, *exc):
                return False

        @staticmethod
        def is_available() -> bool:
            return available

    return RecordingInterface


def _graph_on(*devices: str) -> torch.fx.GraphModule:
    """A graph whose inputs are fake tensors on ``devices``."""
    graph = torch.fx.Graph()
    with FakeTensorMode():
        outs = []
        for i, device in enumerate(devices):
            x = graph.placeholder(f"x{i}")
            x.meta["val"] = torch.empty(4, device=device)
            outs.append(x)
        graph.output(tuple(outs))
    return torch.fx.GraphModule(torch.nn.Module(), graph)


class TestDeviceContext(TestCase):
    def setUp(self):
        super().setUp()
        saved = di.device_interfaces.get("xpu")

        def restore():
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def _register(self, available: bool = True) -> type[di.DeviceInterface]:
        interface = _recording_interface(available)
        di.register_interface_for_device("xpu", interface)
        return interface

    def test_single_xpu_graph_makes_its_device_current(self):
        interface = self._register()
        with compile_fx.get_device_context(_graph_on("xpu:1", "xpu:1")):
            pass
        self.assertEqual(interface.entered, [torch.device("xpu", 1)])

    def test_old_name_follows_the_graph_device(self):
        interface = self._register()
        with compile_fx.get_cuda_device_context(_graph_on("xpu:1")):
            pass
        self.assertEqual(interface.entered, [torch.device("xpu", 1)])

    def test_no_context_without_single_gpu(self):
        interface = self._register()
        for devices in (("cpu",), ("xpu:0", "xpu:1"), ()):
            ctx = compile_fx.get_cuda_device_context(_graph_on(*devices))
            self.assertIsInstance(ctx, contextlib.nullcontext)
        self.assertEqual(interface.entered, [])

    def test_no_context_when_device_unavailable(self):
        interface = self._register(available=False)
        ctx = compile_fx.get_cuda_device_context(_graph_on("xpu:1"))
        self.assertIsInstance(ctx, contextlib.nullcontext)
        self.assertEqual(interface.entered, [])

    def test_cuda_device_context(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        ctx = compile_fx.get_cuda_device_context(_graph_on("cuda:0"))
        self.assertIsInstance(ctx, torch.cuda.device)
        self.assertEqual(ctx.idx, 0)


if __name__ == "__main__":
    run_tests()
