# Owner(s): ["module: inductor"]
"""use_two_step_variance must treat Triton reductions on XPU like those on CUDA."""

import types

import torch
from torch._dynamo import device_interface as di
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.lowering import use_two_step_variance
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


XPU_PROPS = types.SimpleNamespace(
    name="Intel(R) Data Center GPU Max 1550",
    gpu_subslice_count=64,
    max_work_group_size=1024,
)


def _props_only_interface(props):
    # Derived from XpuInterface so that XPU's own reading of the compute-unit
    # count (Xe-cores, gpu_subslice_count) stays in force.
    class PropsOnly(di.XpuInterface):
        @staticmethod
        def is_available() -> bool:
            return False

        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return props

        @staticmethod
        def get_compute_capability(device=None):
            return {}

    return PropsOnly


class TestTwoStepVariance(TestCase):
    def setUp(self):
        super().setUp()
        DeviceProperties.create.cache_clear()
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _props_only_interface(XPU_PROPS))

        def restore():
            DeviceProperties.create.cache_clear()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def two_step(self, device, dtype=torch.bfloat16, rows=1024, cols=4096):
        """use_two_step_variance for a var over the last dim of a rows x cols buffer."""
        graph = GraphLowering(torch.fx.symbolic_trace(lambda x: x))
        layout = ir.FixedLayout(torch.device(device), dtype, [rows, cols], [cols, 1])
        x = ir.TensorBox.create(ir.InputBuffer(name="x", layout=layout))
        with V.set_graph_handler(graph):
            return use_two_step_variance(x, [1], False, dtype)

    def test_xpu_half_precision_uses_two_step(self):
        self.assertTrue(self.two_step("xpu:0"))
        self.assertTrue(self.two_step("xpu:0", dtype=torch.float16))

    def test_cuda_half_precision_uses_two_step(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        self.assertTrue(self.two_step(f"cuda:{torch.cuda.current_device()}"))

    def test_welford_elsewhere(self):
        # float32, too large a reduction, or below min_numel: Welford.
        self.assertFalse(self.two_step("xpu:0", dtype=torch.float32))
        self.assertFalse(self.two_step("xpu:0", cols=65536))
        self.assertFalse(self.two_step("xpu:0", cols=512))


if __name__ == "__main__":
    run_tests()
