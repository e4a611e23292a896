# Owner(s): ["module: inductor"]
"""The pipelined-autotuning subprocess must get the parent's matmul precision
of XPU's and CPU's math library (oneDNN), not only cuBLAS's."""

from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import autotune_process
from torch._inductor.autotune_process import (
    _init_autotune_subprocess,
    AutotuneProcessPool,
)
from torch._inductor.test_case import run_tests, TestCase


def _fail(*args, **kwargs):
    raise AssertionError("no device runtime may be asked about precision flags")


class _NoXpuInterface(di.XpuInterface):
    """XPU's real flags, but no device: nothing runs on it."""

    @staticmethod
    def is_available() -> bool:
        return False


# Every per-op fp32_precision flag a test here may change.
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


class TestAutotunePrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        self._saved_interface = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _NoXpuInterface)
        self._saved_fp32_precision = {
            name: _flag_holder(name).fp32_precision for name in _FLAGS
        }
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        for name, value in self._saved_fp32_precision.items():
            _flag_holder(name).fp32_precision = value
        if self._saved_interface is None:
            di.device_interfaces.pop("xpu", None)
        else:
            di.register_interface_for_device("xpu", self._saved_interface)
        super().tearDown()

    def test_warmup_sends_every_library_precision(self):
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        pool = mock.MagicMock()
        with mock.patch.object(
            AutotuneProcessPool, "pool", new_callable=mock.PropertyMock
        ) as pool_property:
            pool_property.return_value = pool
            # The state AutotuneProcessPool.__init__ gives a pool (no timer).
            fake = AutotuneProcessPool.__new__(AutotuneProcessPool)
            fake._pool = pool
            fake._warmup_future = None
            fake._warmup_start_time = None
            fake._timer = None
            fake._lock = mock.MagicMock()
            AutotuneProcessPool.warm_up(fake)
        args, kwargs = pool.submit.call_args
        # Newer pools submit fn through _run_with_subprocess_env(fn, env, ...).
        run_with_env = getattr(autotune_process, "_run_with_subprocess_env", None)
        if run_with_env is not None and args[0] is run_with_env:
            args = args[1:2]
        (func,) = args
        self.assertIs(func, _init_autotune_subprocess)
        sent = kwargs["fp32_precision"]
        self.assertEqual(sent["xpu"], "tf32")
        self.assertEqual(sent["cpu"], "tf32")
        self.assertEqual(sent["cuda"], "ieee")

    def test_subprocess_sets_onednn_precision_for_xpu(self):
        with (
            mock.patch.object(autotune_process, "get_gpu_type", return_value="xpu"),
            mock.patch.object(torch.cuda, "is_available", _fail),
            mock.patch.object(torch.xpu, "is_available", _fail),
        ):
            self.assertTrue(
                _init_autotune_subprocess(
                    fp32_precision={"xpu": "tf32", "cuda": "ieee"}
                )
            )
        self.assertEqual(torch.backends.mkldnn.matmul.fp32_precision, "tf32")
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "ieee")

    def test_subprocess_sets_cublas_precision(self):
        with mock.patch.object(autotune_process, "get_gpu_type", return_value="xpu"):
            _init_autotune_subprocess(fp32_precision={"cuda": "tf32", "cpu": "ieee"})
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "tf32")
        self.assertEqual(torch.backends.mkldnn.matmul.fp32_precision, "ieee")

    def test_plain_string_is_cublas_precision(self):
        with mock.patch.object(autotune_process, "get_gpu_type", return_value="xpu"):
            _init_autotune_subprocess(fp32_precision="tf32")
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "tf32")
        self.assertEqual(torch.backends.mkldnn.matmul.fp32_precision, "ieee")

    def test_interface_setter(self):
        di.XpuInterface.set_fp32_precision("tf32", "conv")
        self.assertEqual(torch.backends.mkldnn.conv.fp32_precision, "tf32")
        di.CudaInterface.set_fp32_precision("tf32")
        self.assertEqual(torch.backends.cuda.matmul.fp32_precision, "tf32")


if __name__ == "__main__":
    run_tests()
