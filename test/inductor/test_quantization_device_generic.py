# Owner(s): ["module: inductor"]
"""The concat-linear int8 WoQ rewrite must accept the devices the WoQ rewrite does."""

import types

import torch
from torch._inductor import config
from torch._inductor.fx_passes.quantization import (
    _is_valid_concat_linear_int8_woq_optimization_pattern,
)
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode


def _node(value):
    return types.SimpleNamespace(meta={"val": value})


class TestConcatLinearWoqDevices(TestCase):
    def check(self, device, *, x_dtype=torch.bfloat16, num_scales=24):
        with FakeTensorMode():
            x = torch.empty(4, 16, dtype=x_dtype, device=device)
            w = [torch.empty(8, 16, dtype=torch.int8, device=device) for _ in range(3)]
            scales = torch.empty(num_scales, dtype=torch.bfloat16, device=device)
        match = types.SimpleNamespace(
            kwargs={
                "x": _node(x),
                "w1": _node(w[0]),
                "w2": _node(w[1]),
                "w3": _node(w[2]),
                "scales": _node(scales),
            }
        )
        with config.patch({"cpp.enable_concat_linear": True}):
            return _is_valid_concat_linear_int8_woq_optimization_pattern()(match)

    def test_xpu(self):
        self.assertTrue(self.check("xpu"))

    def test_cpu_and_cuda(self):
        self.assertTrue(self.check("cpu"))
        self.assertTrue(self.check("cuda"))

    def test_other_devices_and_dtypes_refused(self):
        self.assertFalse(self.check("meta"))
        self.assertFalse(self.check("xpu", x_dtype=torch.float16))
        self.assertFalse(self.check("xpu", num_scales=23))


if __name__ == "__main__":
    run_tests()
