# Owner(s): ["module: inductor"]
"""Fake (meta) kernels of the oneDNN post-op fusion ops.

Inductor's mkldnn fusion passes emit ``mkldnn._linear_pointwise.binary``,
``mkldnn._convolution_pointwise.binary`` and its in-place overload
``mkldnn._convolution_pointwise_.binary``.  Tracing them with fake tensors
(FakeTensorMode, on any device: cpu, or xpu where no XPU runtime exists)
needs meta kernels that give what the real kernels give.  Each case here
compares the fake result's shape, strides and dtype with the real CPU
kernel's on the same inputs, and checks that xpu fake tensors trace too.
"""

import itertools
import unittest

import torch
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode


mkldnn = torch.ops.mkldnn


def _meta(t: torch.Tensor) -> tuple:
    return (tuple(t.shape), tuple(t.stride()), t.dtype)


@unittest.skipIf(not torch.backends.mkldnn.is_available(), "needs a oneDNN (mkldnn) build")
class TestMkldnnFusionMeta(TestCase):
    def _fake_like(self, mode: FakeTensorMode, t: torch.Tensor, device: str) -> torch.Tensor:
        with mode:
            return torch.empty_strided(t.shape, t.stride(), dtype=t.dtype, device=device)

    def _check(self, op, args, devices=("cpu", "xpu")):
        real = op(*args)
        for device in devices:
            mode = FakeTensorMode(allow_non_fake_inputs=False)
            fake_args = [
                self._fake_like(mode, a, device) if isinstance(a, torch.Tensor) else a
                for a in args
            ]
            with mode:
                fake = op(*fake_args)
            self.assertEqual(_meta(fake), _meta(real), msg=f"{op} on {device}")
            self.assertEqual(fake.device.type, device)
        return real

    def test_linear_pointwise_binary(self):
        for in_shape, bias, attr in itertools.product(
            [(4, 16), (2, 3, 16)], [True, False], ["add", "sub", "mul"]
        ):
            x = torch.randn(in_shape)
            w = torch.randn(32, 16)
            b = torch.randn(32) if bias else None
            other = torch.randn(*in_shape[:-1], 32)
            self._check(mkldnn._linear_pointwise.binary, (x, other, w, b, attr))

    def test_linear_pointwise_binary_low_precision_dtype(self):
        # The output has the input's dtype (checked on fake tensors only: the
        # real low-precision kernels need AVX512-BF16 / AMX-FP16 CPUs).
        for dtype, device in itertools.product([torch.bfloat16, torch.float16], ["cpu", "xpu"]):
            with FakeTensorMode():
                x = torch.empty(2, 3, 16, dtype=dtype, device=device)
                w = torch.empty(32, 16, dtype=dtype, device=device)
                other = torch.empty(2, 3, 32, dtype=dtype, device=device)
                out = mkldnn._linear_pointwise.binary(x, other, w, None, "add")
            self.assertEqual(_meta(out), ((2, 3, 32), (96, 32, 1), dtype))

    def test_convolution_pointwise_binary(self):
        for x_cl, w_cl, o_cl, bias, (attr, unary) in itertools.product(
            [False, True],
            [False, True],
            [False, True],
            [True, False],
            [("add", None), ("sub", None), ("add", "relu")],
        ):
            x = torch.randn(2, 3, 10, 9)
            w = torch.randn(8, 3, 3, 3)
            other = torch.randn(2, 8, 5, 9)
            if x_cl:
                x = x.to(memory_format=torch.channels_last)
            if w_cl:
                w = w.to(memory_format=torch.channels_last)
            if o_cl:
                other = other.to(memory_format=torch.channels_last)
            b = torch.randn(8) if bias else None
            args = (x, other, w, b, [1, 1], [2, 1], [1, 1], 1, attr, None, unary, [], None)
            self._check(mkldnn._convolution_pointwise.binary, args)

    def test_convolution_pointwise_binary_3d_and_groups(self):
        x = torch.randn(1, 4, 6, 6, 6).to(memory_format=torch.channels_last_3d)
        w = torch.randn(8, 2, 3, 3, 3)
        other = torch.randn(1, 8, 4, 4, 4)
        args = (x, other, w, None, [0, 0, 0], [1, 1, 1], [1, 1, 1], 2, "add", None, None, [], None)
        self._check(mkldnn._convolution_pointwise.binary, args)

    def test_convolution_pointwise_binary_inplace(self):
        x = torch.randn(2, 3, 8, 8).to(memory_format=torch.channels_last)
        w = torch.randn(4, 3, 3, 3)
        other = torch.randn(2, 4, 8, 8).to(memory_format=torch.channels_last)
        args = (other, x, w, None, [1, 1], [1, 1], [1, 1], 1, "add", None, "relu", [], None)
        real = self._check(mkldnn._convolution_pointwise_.binary, args)
        self.assertIs(real, other)
        mode = FakeTensorMode()
        fake_args = [self._fake_like(mode, a, "xpu") if isinstance(a, torch.Tensor) else a for a in args]
        with mode:
            out = mkldnn._convolution_pointwise_.binary(*fake_args)
        self.assertIs(out, fake_args[0])


if __name__ == "__main__":
    run_tests()
