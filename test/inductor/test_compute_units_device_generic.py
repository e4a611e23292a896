# Owner(s): ["module: inductor"]
"""get_max_num_sms/get_num_sms must ask the GPU's device interface, not torch.cuda."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


class _PropsOnlyInterface(di.XpuInterface):
    """Answers property queries only; nothing can run on it.

    Derived from XpuInterface so that XPU's own reading of the compute-unit
    count (Xe-cores, gpu_subslice_count) stays in force.
    """

    current = 0
    # Xe-cores per device, as torch.xpu reports them (gpu_subslice_count).
    subslices = {0: 64, 1: 56}

    @staticmethod
    def is_available() -> bool:
        return False

    @classmethod
    def current_device(cls) -> int:
        return cls.current

    @classmethod
    def get_device_properties(cls, device=None):
        if isinstance(device, torch.device):
            device = device.index
        index = cls.current if device is None else device
        return types.SimpleNamespace(
            name="Intel(R) Data Center GPU Max 1550",
            gpu_subslice_count=cls.subslices[index],
            max_work_group_size=1024,
        )

    @staticmethod
    def get_compute_capability(device=None):
        return {}


class TestComputeUnits(TestCase):
    def setUp(self):
        super().setUp()
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _PropsOnlyInterface)
        self._clear_caches()

        def restore():
            self._clear_caches()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)
        patcher = mock.patch.object(utils, "get_gpu_type", return_value="xpu")
        patcher.start()
        self.addCleanup(patcher.stop)

    @staticmethod
    def _clear_caches():
        utils.get_max_num_sms.cache_clear()
        DeviceProperties.create.cache_clear()

    def test_xpu_reads_device_interface(self):
        # torch.xpu is not available here: the answer can only come from the
        # registered interface (before: torch.cuda, which raises on CPU builds).
        self.assertEqual(utils.get_max_num_sms(), 64)

    def test_xpu_num_sms(self):
        self.assertEqual(utils.get_num_sms(), 64)

    def test_current_device_is_used(self):
        with mock.patch.object(_PropsOnlyInterface, "current", 1):
            self._clear_caches()
            self.assertEqual(utils.get_max_num_sms(), 56)

    def test_cuda_matches_device_properties(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self._clear_caches()
            self.assertEqual(
                utils.get_max_num_sms(),
                torch.cuda.get_device_properties("cuda").multi_processor_count,
            )


if __name__ == "__main__":
    run_tests()
