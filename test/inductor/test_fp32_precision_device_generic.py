# Owner(s): ["module: inductor"]
"""get_fp32_precision must answer the flags of the device's own math library."""

from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import get_fp32_precision


def _fail(*args, **kwargs):
    raise AssertionError("no device runtime may be asked for precision flags")


# (module holding the flag, attribute path) for every flag the tests set.
_FLAGS = (
    "cuda.matmul",
    "cudnn.conv",
    "cudnn.rnn",
    "mkldnn.matmul",
    "mkldnn.conv",
    "mkldnn.rnn",
)


def _flag_holder(name):
    obj = torch.backends
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


class TestFp32PrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        self._saved_fp32_precision = {
            name: _flag_holder(name).fp32_precision for name in _FLAGS
        }
        # cuBLAS/cuDNN and oneDNN disagree on every op
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        torch.backends.cudnn.conv.fp32_precision = "ieee"
        torch.backends.cudnn.rnn.fp32_precision = "ieee"
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        torch.backends.mkldnn.conv.fp32_precision = "tf32"
        torch.backends.mkldnn.rnn.fp32_precision = "bf16"

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        for name, value in self._saved_fp32_precision.items():
            _flag_holder(name).fp32_precision = value
        super().tearDown()

    def test_xpu_follows_onednn(self):
        with (
            mock.patch.object(torch.xpu, "is_available", _fail),
            mock.patch.object(torch.xpu, "get_device_properties", _fail),
            mock.patch.object(torch.cuda, "is_available", _fail),
        ):
            self.assertEqual(get_fp32_precision(torch.device("xpu", 0)), "tf32")
            self.assertEqual(get_fp32_precision("xpu", "matmul"), "tf32")
            self.assertEqual(get_fp32_precision("xpu:1", "conv"), "tf32")
            self.assertEqual(get_fp32_precision("xpu", "rnn"), "bf16")
            self.assertEqual(
                get_fp32_precision("xpu", "all"), torch.backends.mkldnn.fp32_precision
            )

    def test_cpu_follows_onednn(self):
        self.assertEqual(get_fp32_precision("cpu"), "tf32")
        self.assertEqual(get_fp32_precision(torch.device("cpu"), "conv"), "tf32")
        self.assertEqual(get_fp32_precision("cpu", "rnn"), "bf16")

    def test_cuda_follows_cublas_and_cudnn(self):
        # Only flags are read: no CUDA device is needed.
        with mock.patch.object(torch.cuda, "is_available", _fail):
            self.assertEqual(get_fp32_precision("cuda"), "ieee")
            self.assertEqual(get_fp32_precision("cuda:0", "conv"), "ieee")
            self.assertEqual(get_fp32_precision("cuda", "rnn"), "ieee")
            torch.backends.cuda.matmul.fp32_precision = "tf32"
            self.assertEqual(
                get_fp32_precision(torch.device("cuda", 0)),
                torch.backends.cuda.matmul.fp32_precision,
            )
            self.assertEqual(
                get_fp32_precision("cuda", "all"), torch.backends.cudnn.fp32_precision
            )

    def test_device_interface_method(self):
        self.assertEqual(di.XpuInterface.get_fp32_precision("conv"), "tf32")
        self.assertEqual(di.CpuInterface.get_fp32_precision(), "tf32")
        self.assertEqual(di.CudaInterface.get_fp32_precision(), "ieee")

    def test_other_devices_keep_cuda_flags(self):
        # Device types without their own answer (or without an interface)
        # keep the cuBLAS/cuDNN flags Inductor always read.
        self.assertEqual(di.DeviceInterface.get_fp32_precision("matmul"), "ieee")
        self.assertEqual(get_fp32_precision("meta"), "ieee")

    def test_none_is_gpu_type_in_use(self):
        with mock.patch.object(utils, "get_gpu_type", return_value="xpu"):
            self.assertEqual(get_fp32_precision(), "tf32")
            self.assertEqual(get_fp32_precision(None, "conv"), "tf32")
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self.assertEqual(get_fp32_precision(), "ieee")

    def test_unknown_op_is_refused(self):
        with self.assertRaises(ValueError):
            get_fp32_precision("xpu", "attention")


if __name__ == "__main__":
    run_tests()
