# Owner(s): ["module: inductor"]
"""get_device_tflops and datasheet_tops must estimate for the device in use,
through its interface, and take TF32 from its own math library."""

import types
import unittest
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.analysis import device_info
from torch._inductor.analysis.device_info import datasheet_tops, DeviceInfo
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import get_device_tflops


_XPU_NAME = "Intel(R) Test GPU"
# Made-up figures for the test, not a datasheet.
_XPU_INFO = DeviceInfo(
    tops={torch.float32: 10.0, "torch.tf32": 80.0, torch.bfloat16: 160.0},
    dram_bw_gbs=1000.0,
    dram_gb=16.0,
)


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


class _XpuPropsOnlyInterface(di.XpuInterface):
    """An available XPU answering fixed properties; nothing runs on it."""

    name = _XPU_NAME

    @classmethod
    def _props(cls):
        return types.SimpleNamespace(
            name=cls.name, gpu_subslice_count=64, max_work_group_size=1024
        )

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls._props()

    @staticmethod
    def get_compute_capability(device=None):
        return {}

    class Worker:
        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return _XpuPropsOnlyInterface._props()


class _FakeNvidiaInterface(di.CudaInterface):
    """An available NVIDIA GPU by its properties; nothing runs on it."""

    name = "NVIDIA H100"
    major = 9

    @classmethod
    def _props(cls):
        return types.SimpleNamespace(
            name=cls.name,
            major=cls.major,
            minor=0,
            multi_processor_count=132,
            max_threads_per_block=1024,
            warp_size=32,
        )

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls._props()

    @classmethod
    def get_compute_capability(cls, device=None):
        return cls.major * 10

    class Worker:
        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return _FakeNvidiaInterface._props()


def _tensorcore_tflops(dtype, clock_rate=None, device=None):
    return ("tensorcore", dtype)


def _simd_tflops(dtype, clock_rate=None, device=None):
    return ("simd", dtype)


class TestDeviceTflopsDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        di.get_interface_for_device("cpu")  # register the built-in interfaces first
        saved = {t: di.device_interfaces.get(t) for t in ("xpu", "cuda")}
        di.register_interface_for_device("xpu", _XpuPropsOnlyInterface)
        self._precisions = (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        )
        self._clear_caches()

        def restore():
            for device_type, interface in saved.items():
                if interface is None:
                    di.device_interfaces.pop(device_type, None)
                else:
                    di.register_interface_for_device(device_type, interface)
            self._clear_caches()

        self.addCleanup(restore)
        patcher = mock.patch.dict(
            device_info._device_mapping, {_XPU_NAME.upper(): _XPU_INFO}
        )
        patcher.start()
        self.addCleanup(patcher.stop)
        self._use_gpu("xpu")
        torch.backends.cuda.matmul.fp32_precision = "tf32"
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"

    def tearDown(self):
        # before TestCase.tearDown, which checks that the flags were restored
        torch.backends.cuda.matmul.fp32_precision = self._precisions[0]
        torch.backends.mkldnn.matmul.fp32_precision = self._precisions[1]
        super().tearDown()

    def _use_gpu(self, device_type):
        """Make ``device_type`` the GPU type and accelerator in use (device 0)."""
        for patcher in (
            mock.patch.multiple(
                torch.accelerator,
                current_accelerator=lambda *args, **kwargs: torch.device(device_type),
                current_device_index=lambda *args, **kwargs: 0,
            ),
            mock.patch.object(utils, "get_gpu_type", return_value=device_type),
        ):
            patcher.start()
            self.addCleanup(patcher.stop)

    @staticmethod
    def _clear_caches():
        DeviceProperties.create.cache_clear()
        # the cached function is get_device_tflops itself up to 2.14, a helper
        # keyed on the resolved device from 2.15 on
        for name in ("get_device_tflops", "_get_device_tflops"):
            cache_clear = getattr(getattr(utils, name, None), "cache_clear", None)
            if cache_clear is not None:
                cache_clear()

    def _no_cuda(self):
        return mock.patch.multiple(
            torch.cuda,
            is_available=_fail,
            get_device_name=_fail,
            get_device_capability=_fail,
            get_device_properties=_fail,
            current_device=_fail,
        )

    def _triton_estimates(self):
        """Triton's (NVIDIA-only) estimates, answering which one was asked."""
        import triton.testing

        return mock.patch.multiple(
            triton.testing,
            get_max_tensorcore_tflops=_tensorcore_tflops,
            get_max_simd_tflops=_simd_tflops,
        )

    def test_xpu_datasheet_and_onednn_tf32(self):
        with self._no_cuda():
            self.assertEqual(get_device_tflops(torch.float32), 10.0)
            self.assertEqual(get_device_tflops(torch.bfloat16, "xpu:0"), 160.0)
            torch.backends.mkldnn.matmul.fp32_precision = "tf32"
            self._clear_caches()
            # oneDNN's matmul precision decides, not cuBLAS's
            self.assertEqual(get_device_tflops(torch.float32), 80.0)
            torch.backends.cuda.matmul.fp32_precision = "ieee"
            self._clear_caches()
            self.assertEqual(
                get_device_tflops(torch.float32, torch.device("xpu")), 80.0
            )

    def test_datasheet_tops_names_the_device_in_use(self):
        with self._no_cuda():
            self.assertEqual(datasheet_tops(torch.bfloat16), 160.0)
            self.assertEqual(datasheet_tops(torch.float32, is_tf32=True), 80.0)
            self.assertEqual(
                datasheet_tops(torch.float32, device_name="NVIDIA H100"), 67.0 / 2
            )

    def test_datasheet_dram_bw_names_the_device_in_use(self):
        datasheet_dram_bw_gbs = getattr(device_info, "datasheet_dram_bw_gbs", None)
        if datasheet_dram_bw_gbs is None:
            raise unittest.SkipTest("no datasheet_dram_bw_gbs in this release")
        with self._no_cuda():
            self.assertEqual(datasheet_dram_bw_gbs(), 1000.0)
            self.assertEqual(datasheet_dram_bw_gbs("NVIDIA H100"), 3350)

    def test_xpu_without_datasheet_entry(self):
        with (
            self._no_cuda(),
            self._triton_estimates(),
            mock.patch.object(_XpuPropsOnlyInterface, "name", "Intel(R) Other GPU"),
        ):
            self.assertIsNone(datasheet_tops(torch.float32))
            # no Triton (NVIDIA) estimate for an XPU
            self.assertEqual(get_device_tflops(torch.float32), 0.0)

    def test_cuda_reads_cublas_flag(self):
        di.register_interface_for_device("cuda", _FakeNvidiaInterface)
        # the H100 datasheet figures are with sparsity: halved
        self.assertEqual(get_device_tflops(torch.float32, "cuda"), 989.0 / 2)
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self._clear_caches()
        self.assertEqual(get_device_tflops(torch.float32, "cuda:0"), 67.0 / 2)
        self._use_gpu("cuda")
        self.assertEqual(datasheet_tops(torch.bfloat16), 1979.0 / 2)

    def test_cuda_triton_estimate_without_datasheet_entry(self):
        di.register_interface_for_device("cuda", _FakeNvidiaInterface)
        self._use_gpu("cuda")
        with (
            self._triton_estimates(),
            mock.patch.object(_FakeNvidiaInterface, "name", "NVIDIA Test GPU"),
            mock.patch("torch._utils_internal.max_clock_rate", lambda *a: 1000),
        ):
            # SM80 or later: tensor cores for bf16
            self.assertEqual(
                get_device_tflops(torch.bfloat16), ("tensorcore", torch.bfloat16)
            )
            # float32 follows cuBLAS's flag ("tf32"), not oneDNN's ("ieee")
            self.assertEqual(
                get_device_tflops(torch.float32), ("tensorcore", torch.float32)
            )
            torch.backends.cuda.matmul.fp32_precision = "ieee"
            torch.backends.mkldnn.matmul.fp32_precision = "tf32"
            self._clear_caches()
            self.assertEqual(get_device_tflops(torch.float32), ("simd", torch.float32))
            # before SM80: no tensor-core estimate for bf16
            with mock.patch.object(_FakeNvidiaInterface, "major", 7):
                self._clear_caches()
                self.assertEqual(
                    get_device_tflops(torch.bfloat16), ("simd", torch.float32)
                )


if __name__ == "__main__":
    run_tests()
