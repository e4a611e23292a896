# Owner(s): ["module: inductor"]
"""The SDPA rewrite's TF32 check must ask the query's device interface."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.fx_passes import fuse_attention
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode


def _node(value):
    return types.SimpleNamespace(meta={"val": value})


class TestSdpaTf32Check(TestCase):
    def setUp(self):
        super().setUp()
        self._saved_fp32_precision = torch.backends.cuda.matmul.fp32_precision
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        patch = mock.patch.object(fuse_attention, "_warn_tf32_disabled", lambda: None)
        patch.start()
        self.addCleanup(patch.stop)

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        torch.backends.cuda.matmul.fp32_precision = self._saved_fp32_precision
        super().tearDown()

    def params_ok(self, device):
        """_sfdp_params_check on a float32 q/k/v match without mask on ``device``."""
        with FakeTensorMode():
            q, k, v = (torch.empty(2, 4, 8, 16, device=device) for _ in range(3))
        match = types.SimpleNamespace(
            kwargs={"query": _node(q), "key": _node(k), "value": _node(v)}, nodes=[]
        )
        return fuse_attention._sfdp_params_check(match)

    def with_interface_precision(self, device_type, precision):
        base = di.get_interface_for_device(device_type)
        interface = type(
            "PrecisionOnly",
            (base,),
            {"get_fp32_precision": staticmethod(lambda op="matmul": precision)},
        )
        patch = mock.patch.dict(di.device_interfaces, {device_type: interface})
        patch.start()
        self.addCleanup(patch.stop)

    def test_cuda_tf32_from_device_interface(self):
        self.with_interface_precision("cuda", "tf32")
        self.assertTrue(self.params_ok("cuda"))

    def test_cuda_ieee_from_device_interface(self):
        self.with_interface_precision("cuda", "ieee")
        self.assertFalse(self.params_ok("cuda"))

    def test_xpu_unchanged(self):
        self.assertTrue(self.params_ok("xpu"))


if __name__ == "__main__":
    run_tests()
