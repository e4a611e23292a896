# Owner(s): ["module: inductor"]
"""get_device_tflops and datasheet_tops must estimate for the device in use,
through its interface, and take TF32 from its own math library."""

import types
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

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return types.SimpleNamespace(
            name=cls.name, gpu_subslice_count=64, max_work_group_size=1024
        )

    @staticmethod
    def get_compute_capability(device=None):
        return {}


class _FakeH100Interface(di.CudaInterface):
    """An available NVIDIA H100 by its properties; nothing runs on it."""

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return types.SimpleNamespace(
            name="NVIDIA H100",
            major=9,
            minor=0,
            multi_processor_count=132,
            max_threads_per_block=1024,
            warp_size=32,
        )

    @staticmethod
    def get_compute_capability(device=None):
        return 90


class TestDeviceTflopsDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        di.get_interface_for_device("cpu")  # register the built-in interfaces first
        saved = {t: di.device_interfaces.get(t) for t in ("xpu", "cuda")}
        di.register_interface_for_device("xpu", _XpuPropsOnlyInterface)
        precisions = (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        )
        self._clear_caches()

        def restore():
            torch.backends.cuda.matmul.fp32_precision = precisions[0]
            torch.backends.mkldnn.matmul.fp32_precision = precisions[1]
            for device_type, interface in saved.items():
                if interface is None:
                    di.device_interfaces.pop(device_type, None)
                else:
                    di.register_interface_for_device(device_type, interface)
            self._clear_caches()

        self.addCleanup(restore)
        for patcher in (
            mock.patch.dict(
                device_info._device_mapping, {_XPU_NAME.upper(): _XPU_INFO}
            ),
            mock.patch.object(utils, "get_gpu_type", return_value="xpu"),
        ):
            patcher.start()
            self.addCleanup(patcher.stop)
        torch.backends.cuda.matmul.fp32_precision = "tf32"
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"

    @staticmethod
    def _clear_caches():
        DeviceProperties.create.cache_clear()
        get_device_tflops.cache_clear()

    def _no_cuda(self):
        return mock.patch.multiple(
            torch.cuda,
            is_available=_fail,
            get_device_name=_fail,
            get_device_capability=_fail,
            get_device_properties=_fail,
            current_device=_fail,
        )

    def test_xpu_datasheet_and_onednn_tf32(self):
        with self._no_cuda():
            self.assertEqual(get_device_tflops(torch.float32), 10.0)
            self.assertEqual(get_device_tflops(torch.bfloat16, "xpu:0"), 160.0)
            torch.backends.mkldnn.matmul.fp32_precision = "tf32"
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

    def test_xpu_without_datasheet_entry(self):
        with (
            self._no_cuda(),
            mock.patch.object(_XpuPropsOnlyInterface, "name", "Intel(R) Other GPU"),
        ):
            self.assertIsNone(datasheet_tops(torch.float32))
            # no Triton (NVIDIA) estimate for an XPU
            self.assertEqual(get_device_tflops(torch.float32), 0.0)

    def test_cuda_reads_cublas_flag(self):
        di.register_interface_for_device("cuda", _FakeH100Interface)
        # the H100 datasheet figures are with sparsity: halved
        self.assertEqual(get_device_tflops(torch.float32, "cuda"), 989.0 / 2)
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self._clear_caches()
        self.assertEqual(get_device_tflops(torch.float32, "cuda:0"), 67.0 / 2)
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self.assertEqual(datasheet_tops(torch.bfloat16), 1979.0 / 2)


if __name__ == "__main__":
    run_tests()
