# Owner(s): ["module: inductor"]
"""lowering.get_threads_per_round must ask the device's interface, not torch.cuda."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.lowering import get_threads_per_round
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


class _PropsOnlyInterface(di.XpuInterface):
    """Answers property queries only; nothing can run on it.

    Derived from XpuInterface so that XPU's own reading of the compute-unit
    count (Xe-cores, gpu_subslice_count) stays in force.
    """

    props = types.SimpleNamespace(
        name="Intel(R) Data Center GPU Max 1550",
        gpu_subslice_count=64,
        max_work_group_size=1024,
    )

    @staticmethod
    def is_available() -> bool:
        return False

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls.props

    @staticmethod
    def get_compute_capability(device=None):
        return {}


class TestThreadsPerRound(TestCase):
    def setUp(self):
        super().setUp()
        DeviceProperties.create.cache_clear()
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _PropsOnlyInterface)

        def restore():
            DeviceProperties.create.cache_clear()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def test_cpu_grain_size(self):
        self.assertEqual(get_threads_per_round(torch.device("cpu")), 32768)

    def test_xpu_reads_device_interface(self):
        # 64 Xe-cores x 1024 work-items each; a CPU-like 32768 is wrong.
        self.assertEqual(get_threads_per_round(torch.device("xpu", 0)), 64 * 1024)

    def test_index_defaults_to_current_device(self):
        self.assertEqual(get_threads_per_round("xpu"), 64 * 1024)

    def test_threads_per_compute_unit_preferred(self):
        props = types.SimpleNamespace(
            multi_processor_count=132,
            max_threads_per_multi_processor=2048,
            max_work_group_size=1024,
        )
        with mock.patch.object(_PropsOnlyInterface, "props", props):
            self.assertEqual(get_threads_per_round("xpu:0"), 132 * 2048)

    def test_cuda_matches_device_properties(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        prop = torch.cuda.get_device_properties(torch.cuda.current_device())
        self.assertEqual(
            get_threads_per_round(torch.device("cuda")),
            prop.multi_processor_count * prop.max_threads_per_multi_processor,
        )


if __name__ == "__main__":
    run_tests()
