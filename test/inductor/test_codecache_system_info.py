# Owner(s): ["module: inductor"]
"""CacheBase.get_system() must key Inductor's local cache on the GPU in use."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.codecache import CacheBase
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _props_interface(name: str, available: bool = True) -> type[di.DeviceInterface]:
    class PropsOnlyInterface(di.DeviceInterface):
        @staticmethod
        def is_available() -> bool:
            return available

        @staticmethod
        def current_device() -> int:
            return 0

        @classmethod
        def get_device_properties(cls, device=None):
            return types.SimpleNamespace(name=name)

    return PropsOnlyInterface


class TestCacheSystemInfo(TestCase):
    def setUp(self):
        super().setUp()
        CacheBase.get_system.cache_clear()
        saved = di.device_interfaces.get("xpu")

        def restore():
            CacheBase.get_system.cache_clear()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def _system_for(self, name: str, available: bool = True):
        di.register_interface_for_device("xpu", _props_interface(name, available))
        CacheBase.get_system.cache_clear()
        with mock.patch(
            "torch._inductor.utils.get_gpu_type", return_value="xpu"
        ), mock.patch.object(torch.version, "xpu", "20250101", create=True):
            return CacheBase.get_system()

    def test_xpu_device_in_system_key(self):
        system = self._system_for("Intel(R) Arc(TM) A770 Graphics")
        self.assertEqual(system["device"]["name"], "Intel(R) Arc(TM) A770 Graphics")
        self.assertEqual(system["version"]["xpu"], "20250101")

    def test_different_gpus_get_different_keys(self):
        a = self._system_for("Intel(R) Arc(TM) A770 Graphics")["hash"]
        b = self._system_for("Intel(R) Data Center GPU Max 1550")["hash"]
        self.assertNotEqual(a, b)

    def test_no_device_gives_no_device_key(self):
        system = self._system_for("unused", available=False)
        self.assertNotIn("device", system)

    def test_cuda_key_unchanged(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        CacheBase.get_system.cache_clear()
        system = CacheBase.get_system()
        prop = torch.cuda.get_device_properties(torch.cuda.current_device())
        if torch.version.hip is None:
            self.assertEqual(system["device"]["name"], prop.name)
            self.assertEqual(system["version"]["cuda"], torch.version.cuda)


if __name__ == "__main__":
    run_tests()
