# Owner(s): ["module: inductor"]
"""The pipelined-autotuning subprocess must warm up the GPU in use, not CUDA."""

import contextlib
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import autotune_process
from torch._inductor.autotune_process import _init_autotune_subprocess
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


class _FakeXpuInterface(di.DeviceInterface):
    """Answers availability only; nothing runs on it."""

    @staticmethod
    def is_available() -> bool:
        return True


class TestAutotunePoolDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        self._saved_interface = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _FakeXpuInterface)
        self._saved_fp32_precision = torch.backends.cuda.matmul.fp32_precision

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        torch.backends.cuda.matmul.fp32_precision = self._saved_fp32_precision
        if self._saved_interface is None:
            di.device_interfaces.pop("xpu", None)
        else:
            di.register_interface_for_device("xpu", self._saved_interface)
        super().tearDown()

    @contextlib.contextmanager
    def _record_zeros(self):
        devices = []
        real_zeros = torch.zeros

        def zeros(*size, device=None, **kwargs):
            devices.append(device)
            return real_zeros(*size, **kwargs)

        with mock.patch.object(torch, "zeros", zeros):
            yield devices

    def test_warmup_initializes_gpu_in_use(self):
        with (
            # autotune_process binds get_gpu_type at import
            mock.patch.object(autotune_process, "get_gpu_type", return_value="xpu"),
            mock.patch.object(torch.cuda, "is_available", _fail),
            self._record_zeros() as devices,
        ):
            self.assertTrue(_init_autotune_subprocess(fp32_precision="tf32"))
        self.assertEqual(devices, ["xpu"])
        # the parent's cuBLAS precision is still mirrored
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "tf32")

    def test_warmup_without_gpu_initializes_nothing(self):
        if torch.cuda.is_available():
            self.skipTest("needs a machine without a GPU")
        with self._record_zeros() as devices:
            self.assertTrue(_init_autotune_subprocess(fp32_precision="ieee"))
        self.assertEqual(devices, [])
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "ieee")

    def test_cuda_warmup_initializes_cuda(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        with self._record_zeros() as devices:
            self.assertTrue(_init_autotune_subprocess(fp32_precision="none"))
        self.assertEqual(devices, ["cuda"])


if __name__ == "__main__":
    run_tests()
