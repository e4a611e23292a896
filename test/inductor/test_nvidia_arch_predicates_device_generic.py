# Owner(s): ["module: inductor"]
"""NVIDIA architecture predicates must answer for the op's device through its
interface, and never ask torch.cuda about another GPU type."""

import contextlib
import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import (
    is_nvidia_sm100_or_later,
    is_triton_fp8_dtype_supported,
    needs_fallback_due_to_atomic_add_limitations,
    using_b200,
)
from torch.utils._triton import has_triton_package


_TRITON_SUPPORTED_FP8_DTYPES = utils._triton_supported_fp8_dtypes


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


class _XpuPropsOnlyInterface(di.XpuInterface):
    """An available XPU answering fixed properties; nothing runs on it."""

    props = types.SimpleNamespace(
        name="Intel(R) Data Center GPU Max 1550",
        gpu_subslice_count=64,
        max_work_group_size=1024,
    )

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls.props

    @staticmethod
    def get_compute_capability(device=None):
        return {"architecture": 13136561920, "has_fp64": True}


class _FakeCudaInterface(di.CudaInterface):
    """An available NVIDIA GPU of a chosen major version; nothing runs on it."""

    major = 10

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return types.SimpleNamespace(
            name="NVIDIA test GPU",
            major=cls.major,
            minor=0,
            multi_processor_count=132,
            max_threads_per_block=1024,
            warp_size=32,
        )

    @classmethod
    def get_compute_capability(cls, device=None):
        return cls.major * 10


class _NoGpuInterface(di.CudaInterface):
    @staticmethod
    def is_available() -> bool:
        return False


class TestNvidiaArchPredicatesDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        di.get_interface_for_device("cpu")  # register the built-in interfaces first
        saved = {t: di.device_interfaces.get(t) for t in ("xpu", "cuda")}
        di.register_interface_for_device("xpu", _XpuPropsOnlyInterface)
        self._clear_caches()

        def restore():
            for device_type, interface in saved.items():
                if interface is None:
                    di.device_interfaces.pop(device_type, None)
                else:
                    di.register_interface_for_device(device_type, interface)
            self._clear_caches()

        self.addCleanup(restore)

    @staticmethod
    def _clear_caches():
        DeviceProperties.create.cache_clear()
        using_b200.cache_clear()
        _TRITON_SUPPORTED_FP8_DTYPES.cache_clear()

    def _cuda(self, major):
        self._clear_caches()
        interface = type("_Cuda", (_FakeCudaInterface,), {"major": major})
        di.register_interface_for_device("cuda", interface)

    @contextlib.contextmanager
    def _xpu_in_use(self):
        with (
            mock.patch.object(utils, "get_gpu_type", return_value="xpu"),
            mock.patch.object(torch.cuda, "is_available", _fail),
            mock.patch.object(torch.cuda, "get_device_properties", _fail),
            mock.patch.object(torch.cuda, "get_device_capability", _fail),
            mock.patch.object(torch.cuda, "current_device", _fail),
        ):
            yield

    def test_xpu_is_not_nvidia(self):
        with self._xpu_in_use():
            self.assertFalse(using_b200())
            self.assertFalse(using_b200(torch.device("xpu", 0)))
            self.assertFalse(is_nvidia_sm100_or_later())
            self.assertFalse(is_nvidia_sm100_or_later("xpu:0"))

    def test_xpu_bf16_atomic_add_fallback(self):
        with self._xpu_in_use():
            self.assertTrue(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16, "xpu")
            )
            self.assertTrue(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16)
            )
            self.assertFalse(
                needs_fallback_due_to_atomic_add_limitations(torch.float32, "xpu")
            )
            self.assertTrue(
                needs_fallback_due_to_atomic_add_limitations(torch.int64, "xpu")
            )

    def test_cpu_tensors_ignore_the_gpu(self):
        self._cuda(8)
        self.assertFalse(
            needs_fallback_due_to_atomic_add_limitations(torch.bfloat16, "cpu")
        )
        self.assertFalse(is_nvidia_sm100_or_later("cpu"))
        self.assertTrue(is_triton_fp8_dtype_supported(torch.float8_e4m3fn, "cpu"))

    def test_no_gpu(self):
        di.register_interface_for_device("cuda", _NoGpuInterface)
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self.assertFalse(using_b200())
            self.assertFalse(is_nvidia_sm100_or_later())
            self.assertFalse(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16)
            )
            self.assertTrue(is_triton_fp8_dtype_supported(torch.float8_e4m3fn, "cuda"))

    def test_cuda_answers_as_before(self):
        if torch.version.hip is not None:
            self.skipTest("NVIDIA answers")
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self._cuda(10)
            self.assertTrue(using_b200())
            self.assertTrue(using_b200("cuda:0"))
            self.assertTrue(is_nvidia_sm100_or_later())
            self.assertFalse(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16, "cuda")
            )
            self._cuda(9)
            self.assertFalse(using_b200(torch.device("cuda", 0)))
            self.assertFalse(is_nvidia_sm100_or_later(torch.device("cuda", 0)))
            self.assertFalse(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16)
            )
            self._cuda(8)
            self.assertTrue(
                needs_fallback_due_to_atomic_add_limitations(torch.bfloat16, "cuda")
            )

    def test_fp8_asks_triton_with_the_device_target(self):
        if not has_triton_package():
            self.skipTest("needs triton")
        calls = []
        real = _TRITON_SUPPORTED_FP8_DTYPES

        def record(backend, arch, warp_size):
            calls.append((backend, arch, warp_size))
            return real(backend, arch, warp_size)

        with mock.patch.object(utils, "_triton_supported_fp8_dtypes", record):
            with self._xpu_in_use():
                # a Triton without the Intel backend cannot tell: supported
                self.assertTrue(
                    is_triton_fp8_dtype_supported(torch.float8_e4m3fn, "xpu:0")
                )
            self.assertEqual(calls[-1][0], "xpu")
            self.assertEqual(dict(calls[-1][1])["architecture"], 13136561920)
            self.assertEqual(calls[-1][2], 32)
            if torch.version.hip is None:
                self._cuda(8)
                # sm80 has no e4m3 in Triton
                self.assertFalse(
                    is_triton_fp8_dtype_supported(torch.float8_e4m3fn, "cuda")
                )
                self.assertEqual(calls[-1], ("cuda", 80, 32))
                self._cuda(9)
                self.assertTrue(
                    is_triton_fp8_dtype_supported(torch.float8_e4m3fn, "cuda")
                )


if __name__ == "__main__":
    run_tests()
