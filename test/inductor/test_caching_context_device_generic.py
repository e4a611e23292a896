# Owner(s): ["module: inductor"]
"""The runtime-caching compile context must describe the GPU runtime in use."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.runtime.caching.context import _CompileContext
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _props_interface(name: str, available: bool = True) -> type[di.DeviceInterface]:
    class PropsOnlyInterface(di.DeviceInterface):
        """Answers property queries only; nothing can run on it."""

        props = types.SimpleNamespace(name=name, total_memory=64 << 30)

        @staticmethod
        def is_available() -> bool:
            return available

        @staticmethod
        def current_device() -> int:
            return 0

        @classmethod
        def get_device_properties(cls, device=None):
            return cls.props

    return PropsOnlyInterface


def _clear_caches() -> None:
    for form in ("runtime", "runtime_version", "accelerator_properties"):
        getattr(_CompileContext, form).cache_clear()


class TestCompileContextRuntime(TestCase):
    def setUp(self):
        super().setUp()
        _clear_caches()
        saved = di.device_interfaces.get("xpu")

        def restore():
            _clear_caches()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def _build(self, cuda=None, hip=None, xpu=None):
        """Pretend torch was built with the given runtime versions."""
        _clear_caches()
        return mock.patch.multiple(
            torch.version, cuda=cuda, hip=hip, xpu=xpu, create=True
        )

    def test_xpu_build_runtime(self):
        di.register_interface_for_device("xpu", _props_interface("Arc A770"))
        with self._build(xpu="20250101"):
            self.assertEqual(_CompileContext.runtime(), "XPU")
            self.assertEqual(_CompileContext.runtime_version(), "20250101")
            self.assertEqual(
                _CompileContext.accelerator_properties(),
                repr(di.get_interface_for_device("xpu").props),
            )

    def test_different_xpus_get_different_properties(self):
        seen = []
        for name in ("Intel(R) Arc(TM) A770 Graphics", "Intel(R) Data Center GPU Max"):
            di.register_interface_for_device("xpu", _props_interface(name))
            with self._build(xpu="20250101"):
                seen.append(_CompileContext.accelerator_properties())
        self.assertIsNotNone(seen[0])
        self.assertNotEqual(seen[0], seen[1])

    def test_xpu_build_without_device(self):
        di.register_interface_for_device("xpu", _props_interface("x", available=False))
        with self._build(xpu="20250101"):
            self.assertEqual(_CompileContext.runtime(), "XPU")
            self.assertIsNone(_CompileContext.accelerator_properties())

    def test_cuda_and_hip_builds_unchanged(self):
        with self._build(cuda="12.8"):
            self.assertEqual(_CompileContext.runtime(), "CUDA")
            self.assertEqual(_CompileContext.runtime_version(), "12.8")
        with self._build(hip="6.4"):
            self.assertEqual(_CompileContext.runtime(), "HIP")
            self.assertEqual(_CompileContext.runtime_version(), "6.4")

    def test_cpu_only_build(self):
        with self._build():
            self.assertIsNone(_CompileContext.runtime())
            self.assertIsNone(_CompileContext.runtime_version())
            self.assertIsNone(_CompileContext.accelerator_properties())

    def test_cuda_properties_unchanged(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        _clear_caches()
        self.assertEqual(
            _CompileContext.accelerator_properties(),
            repr(torch.cuda.get_device_properties()),
        )


if __name__ == "__main__":
    run_tests()
