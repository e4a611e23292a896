# Owner(s): ["module: inductor"]
"""Inductor's decomposition of ``quantized_decomposed.choose_qparams.tensor``
on devices other than the CPU.

The decomposition (``torch/_inductor/decomposition.py``) clamped the scale
with ``torch.max(scale, torch.Tensor([eps]))``, a one-element CPU tensor,
which cannot be mixed with the input's device: dynamic activation
quantization (PT2E ``is_dynamic=True``) failed to compile on every GPU.
``TestChooseQParamsDecompositionDevice`` needs no hardware (meta tensors,
fake xpu tensors) and checks the CPU numerics against the eager op;
``TestChooseQParamsDecompositionGpu`` (``requires_gpu``) compiles it.
"""

import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401 - registers quantized_decomposed
from torch._inductor.decomposition import choose_qparams_tensor
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing._internal.common_utils import parametrize, instantiate_parametrized_tests
from torch.testing._internal.inductor_utils import GPU_TYPE, requires_gpu


quantized_decomposed = torch.ops.quantized_decomposed


class TestChooseQParamsDecompositionDevice(TestCase):
    def test_meta_input(self):
        x = torch.empty(4, 16, device="meta")
        scale, zero_point = choose_qparams_tensor(x, -128, 127, torch.finfo(torch.float32).eps, torch.int8)
        self.assertEqual(scale.device.type, "meta")
        self.assertEqual(zero_point.device.type, "meta")
        # the op's own meta kernel: one-element float64 scale and int64 zero point
        ref_scale, ref_zp = quantized_decomposed.choose_qparams.tensor(
            x, -128, 127, torch.finfo(torch.float32).eps, torch.int8
        )
        for got, ref in ((scale, ref_scale), (zero_point, ref_zp)):
            self.assertEqual((got.shape, got.dtype), (ref.shape, ref.dtype))

    def test_fake_xpu_input(self):
        # FakeTensorMode checks device propagation as a real device would
        with FakeTensorMode():
            x = torch.empty(4, 16, device="xpu")
            scale, zero_point = choose_qparams_tensor(x, 0, 255, 1e-5, torch.uint8)
        self.assertEqual(scale.device.type, "xpu")
        self.assertEqual(zero_point.device.type, "xpu")

    @parametrize("dtype,qmin,qmax", [(torch.uint8, 0, 255), (torch.int8, -128, 127)])
    def test_cpu_values_unchanged(self, dtype, qmin, qmax):
        # CPU graphs keep their values, shape ([1]) and dtypes.  (The
        # decomposition's range is [min, max]; the eager op's includes 0, so
        # the two differ for inputs of one sign: not this test's subject.)
        torch.manual_seed(0)
        eps = torch.finfo(torch.float32).eps
        for x in (torch.randn(8, 32), torch.rand(3, 5) * 10 + 1, torch.zeros(2, 2)):
            scale, zero_point = choose_qparams_tensor(x, qmin, qmax, eps, dtype)
            lo, hi = x.min(), x.max()
            ref_scale = torch.clamp_min((hi - lo) / float(qmax - qmin), eps).reshape(1)
            ref_zp = torch.clamp(qmin - torch.round(lo / ref_scale).to(torch.int), qmin, qmax)
            self.assertEqual(scale, ref_scale.to(torch.float64), atol=0, rtol=0)
            self.assertEqual(zero_point, ref_zp.to(torch.int64), atol=0, rtol=0)
            if x.any():
                # nonzero inputs that straddle 0 agree with the eager op
                if lo < 0 < hi:
                    ref = quantized_decomposed.choose_qparams.tensor(x, qmin, qmax, eps, dtype)
                    self.assertEqual(scale.float(), ref[0].float())


instantiate_parametrized_tests(TestChooseQParamsDecompositionDevice)


class TestChooseQParamsDecompositionGpu(TestCase):
    @requires_gpu()
    def test_compiled_dynamic_quantize(self):
        def fn(x):
            scale, zp = quantized_decomposed.choose_qparams.tensor(x, -128, 127, 1e-5, torch.int8)
            q = quantized_decomposed.quantize_per_tensor.tensor(x, scale, zp, -128, 127, torch.int8)
            return quantized_decomposed.dequantize_per_tensor.tensor(q, scale, zp, -128, 127, torch.int8)

        x = torch.randn(8, 32, device=GPU_TYPE)
        self.assertEqual(torch.compile(fn)(x), fn(x))


if __name__ == "__main__":
    run_tests()
