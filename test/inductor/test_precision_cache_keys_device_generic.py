# Owner(s): ["module: inductor"]
"""Runtime cache keys must hold the precision flags of XPU's and CPU's math
library (oneDNN), not only cuBLAS's."""

from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.runtime.caching import context
from torch._inductor.runtime.caching.encoders import should_pad_params_encoder
from torch._inductor.utils import all_precision_flags
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode


def _fail(*args, **kwargs):
    raise AssertionError("no device runtime may be asked for precision flags")


_CUBLAS_FLAGS = {
    "torch.backends.cuda.matmul.fp32_precision": "ieee",
    "torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction": True,
    "torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction": True,
}


def _flag_holder(name):
    obj = torch
    for part in name.split(".")[1:-1]:
        obj = getattr(obj, part)
    return obj, name.rsplit(".", 1)[1]


class TestPrecisionCacheKeysDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        names = [
            *_CUBLAS_FLAGS,
            "torch.backends.mkldnn.matmul.fp32_precision",
            "torch.backends.mkldnn.conv.fp32_precision",
        ]
        self._saved_flags = {name: getattr(*_flag_holder(name)) for name in names}
        for name, value in _CUBLAS_FLAGS.items():
            setattr(*_flag_holder(name), value)
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.conv.fp32_precision = "ieee"

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        for name, value in self._saved_flags.items():
            setattr(*_flag_holder(name), value)
        super().tearDown()

    def test_all_precision_flags(self):
        flags = all_precision_flags()
        for name, value in _CUBLAS_FLAGS.items():
            self.assertEqual(flags[name], value)
        self.assertEqual(flags["torch.backends.mkldnn.matmul.fp32_precision"], "ieee")
        torch.backends.mkldnn.conv.fp32_precision = "tf32"
        self.assertEqual(
            all_precision_flags()["torch.backends.mkldnn.conv.fp32_precision"], "tf32"
        )

    def test_runtime_context_keeps_cuda_flags_and_adds_onednn(self):
        configs = context._RuntimeContext.cuda_matmul_precision_configs()
        for name, value in _CUBLAS_FLAGS.items():
            self.assertEqual(configs[name], value)
        self.assertEqual(configs["torch.backends.mkldnn.matmul.fp32_precision"], "ieee")
        key = context._isolation_key()
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self.assertNotEqual(context._isolation_key(), key)

    def test_interface_flags(self):
        with mock.patch.object(torch.xpu, "is_available", _fail):
            xpu = di.XpuInterface.get_precision_flags()
        self.assertEqual(xpu, di.CpuInterface.get_precision_flags())
        self.assertEqual(xpu["torch.backends.mkldnn.conv.fp32_precision"], "ieee")
        self.assertFalse(any("cuda" in name for name in xpu))
        cuda = di.CudaInterface.get_precision_flags()
        self.assertLessEqual(_CUBLAS_FLAGS.items(), cuda.items())
        self.assertEqual(
            cuda["torch.backends.cudnn.conv.fp32_precision"],
            torch.backends.cudnn.conv.fp32_precision,
        )

    def _encoded_tf32(self, device):
        with FakeTensorMode():
            a = torch.empty(8, 8, device=device)
        encoded = should_pad_params_encoder(None, a, a, torch.ops.aten.mm, None)
        if "tf32" in encoded:  # torch < 2.15 encodes a TF32 flag
            return encoded["tf32"]
        return encoded["fp32_precision"] == "tf32"

    def test_pad_mm_encoder_follows_matmul_device(self):
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        with mock.patch(
            "torch._inductor.fx_passes.pad_mm.should_exclude_padding_time",
            return_value=False,
        ):
            self.assertTrue(self._encoded_tf32("cpu"))
            self.assertTrue(self._encoded_tf32("xpu"))
            self.assertFalse(self._encoded_tf32("cuda"))
            torch.backends.cuda.matmul.fp32_precision = "tf32"
            torch.backends.mkldnn.matmul.fp32_precision = "ieee"
            self.assertTrue(self._encoded_tf32("cuda"))
            self.assertFalse(self._encoded_tf32("xpu"))


if __name__ == "__main__":
    run_tests()
