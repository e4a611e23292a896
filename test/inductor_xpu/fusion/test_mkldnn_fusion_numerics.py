# Owner(s): ["module: inductor"]
"""Numerics of Inductor's oneDNN post-op fusions on CPU (hypothesis).

Each case draws small shapes (batch, channels / features, kernel size,
stride, padding) and a post-op, compiles the module with ``freezing=True``,
compares the result with eager at the dtype's usual tolerances, and asserts
from ``counters["inductor"]`` that the fusion happened, so a case cannot pass
by leaving the graph unfused.

GEMM fusions: on x86 with MKL, a static-shape fp32 linear takes MKL's packed
GEMM (``mkl._mkl_linear``), which has no post-ops; with a dynamic batch the
pass packs it into oneDNN ``mkldnn._linear_pointwise`` and the post-ops fuse,
so the linear cases mark the batch dynamic.  Low-precision cases run only
where this CPU's oneDNN supports them (``_is_mkldnn_bf16_supported`` /
``_fp16_supported``: AVX512-BF16 / AMX-FP16 class CPUs); elsewhere Inductor
does not fuse them and they are skipped.

Shape bounds that are not arbitrary:

* linears have at least 2 input features and a batch of at least 2: on CPU,
  Inductor's ``mm``/``addmm`` decompositions turn K=1 (and M=1) GEMMs into
  pointwise code, leaving no linear to fuse (``counters["inductor"]
  ["decompose_mm"]``; seen for fp32 with K=1, N=5, and in bf16/fp16 on an
  AVX-512 CPU with K=1, N=1);
* the hypothesis conv + binary case has at least 2 output channels; one
  output channel has its own test, because on torch 2.11 on an AVX-512 Xeon
  the fused ``mkldnn._convolution_pointwise.binary`` fails with "could not
  create a memory" in every dtype, stock torch as well (docs/onednn_fusion.md).
"""

import unittest

import torch
import torch.nn.functional as F
from hypothesis import given, HealthCheck, settings, strategies as st
from torch import nn
from torch._dynamo.utils import counters
from torch._inductor import config
from torch._inductor.test_case import run_tests, TestCase


# Reproducible and small: a fixed profile, derandomized, a handful of
# examples per test (each example is one Inductor compile).
settings.register_profile(
    "inductor_xpu_fusion_numerics",
    derandomize=True,
    max_examples=3,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PROFILE = settings.get_profile("inductor_xpu_fusion_numerics")

HAS_MKLDNN = torch._C._has_mkldnn and torch.backends.mkldnn.is_available()

# name -> (module-level function, oneDNN attr the pass fuses it into)
UNARIES = {
    "relu": F.relu,
    "gelu_erf": lambda t: F.gelu(t, approximate="none"),
    "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"),
    "silu": F.silu,
    "hardswish": F.hardswish,
    "hardsigmoid": F.hardsigmoid,
    "leaky_relu": lambda t: F.leaky_relu(t, 0.1),
    "hardtanh": lambda t: F.hardtanh(t, -0.5, 4.0),
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
}
# relu, sigmoid and tanh are matched only in fp32 (the low-precision
# patterns are those with to_float/to_lowp conversions around the op).
FP32_ONLY = {"relu", "sigmoid", "tanh"}
BINARIES = {"add": torch.add, "sub": torch.sub}

TOLERANCES = {
    torch.float32: {"atol": 1e-4, "rtol": 1e-4},
    torch.bfloat16: {"atol": 4e-2, "rtol": 4e-2},
    torch.float16: {"atol": 4e-3, "rtol": 4e-3},
}


def _dtypes():
    out = [torch.float32]
    if HAS_MKLDNN and torch.ops.mkldnn._is_mkldnn_bf16_supported():
        out.append(torch.bfloat16)
    if HAS_MKLDNN and torch.ops.mkldnn._is_mkldnn_fp16_supported():
        out.append(torch.float16)
    return out


DTYPES = _dtypes()


class ConvUnary(nn.Module):
    def __init__(self, cin, cout, k, stride, padding, unary):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, stride=stride, padding=padding)
        self.unary = unary

    def forward(self, x):
        return self.unary(self.conv(x))


class ConvBinary(nn.Module):
    def __init__(self, cin, cout, k, stride, padding, binary, relu):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, stride=stride, padding=padding)
        self.binary, self.relu = binary, relu

    def forward(self, x, other):
        y = self.binary(self.conv(x), other)
        return F.relu(y) if self.relu else y


class LinearUnary(nn.Module):
    def __init__(self, fin, fout, bias, unary):
        super().__init__()
        self.linear = nn.Linear(fin, fout, bias=bias)
        self.unary = unary

    def forward(self, x):
        return self.unary(self.linear(x))


class LinearBinary(nn.Module):
    def __init__(self, fin, fout, binary):
        super().__init__()
        self.linear = nn.Linear(fin, fout)
        self.binary = binary

    def forward(self, x, other):
        return self.binary(self.linear(x), other)


def _randn(*shape, dtype):
    return torch.randn(*shape).to(dtype)


@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnFusionNumerics(TestCase):
    def setUp(self):
        super().setUp()
        torch.manual_seed(0)

    def _compile_and_compare(self, model, inputs, dtype, dynamic_batch=False):
        counters.clear()
        torch._dynamo.reset()
        model = model.eval().to(dtype)
        with torch.no_grad(), config.patch(freezing=True, fx_graph_cache=False):
            expected = model(*inputs)
            if dynamic_batch:
                for t in inputs:
                    torch._dynamo.mark_dynamic(t, 0)
            actual = torch.compile(model)(*inputs)
        self.assertEqual(actual, expected, **TOLERANCES[dtype])
        return dict(counters["inductor"])

    @PROFILE
    @given(
        batch=st.integers(1, 3),
        cin=st.integers(1, 8),
        cout=st.integers(1, 16),
        k=st.integers(1, 3),
        stride=st.integers(1, 2),
        padding=st.integers(0, 1),
        hw=st.integers(5, 12),
        unary=st.sampled_from(sorted(UNARIES)),
        dtype=st.sampled_from(DTYPES),
    )
    def test_conv2d_unary(self, batch, cin, cout, k, stride, padding, hw, unary, dtype):
        if dtype != torch.float32 and unary in FP32_ONLY:
            dtype = torch.float32
        model = ConvUnary(cin, cout, k, stride, padding, UNARIES[unary])
        c = self._compile_and_compare(model, [_randn(batch, cin, hw, hw, dtype=dtype)], dtype)
        self.assertEqual(c.get("mkldnn_conv_weight_pack_matcher_count"), 1)
        self.assertEqual(c.get("mkldnn_unary_fusion_matcher_count"), 1, msg=f"{unary} {dtype}")

    @PROFILE
    @given(
        batch=st.integers(1, 3),
        cin=st.integers(1, 8),
        cout=st.integers(2, 16),
        k=st.integers(1, 3),
        stride=st.integers(1, 2),
        hw=st.integers(5, 12),
        binary=st.sampled_from(sorted(BINARIES)),
        relu=st.booleans(),
        dtype=st.sampled_from(DTYPES),
    )
    def test_conv2d_binary(self, batch, cin, cout, k, stride, hw, binary, relu, dtype):
        model = ConvBinary(cin, cout, k, stride, 0, BINARIES[binary], relu)
        out_hw = (hw - k) // stride + 1
        inputs = [_randn(batch, cin, hw, hw, dtype=dtype), _randn(batch, cout, out_hw, out_hw, dtype=dtype)]
        c = self._compile_and_compare(model, inputs, dtype)
        self.assertEqual(c.get("mkldnn_conv_binary_unary_fusion_matcher_count"), 1, msg=f"{binary} relu={relu}")

    def test_conv2d_binary_one_output_channel(self):
        # cout=1: the output and `other` are both contiguous and channels-last.
        for dtype in DTYPES:
            for binary, relu in (("add", True), ("sub", False)):
                model = ConvBinary(7, 1, 2, 2, 0, BINARIES[binary], relu)
                inputs = [_randn(2, 7, 9, 9, dtype=dtype), _randn(2, 1, 4, 4, dtype=dtype)]
                c = self._compile_and_compare(model, inputs, dtype)
                self.assertEqual(c.get("mkldnn_conv_binary_unary_fusion_matcher_count"), 1, msg=f"{dtype}")

    @PROFILE
    @given(
        batch=st.integers(2, 6),
        fin=st.integers(2, 24),
        fout=st.integers(1, 24),
        bias=st.booleans(),
        unary=st.sampled_from(sorted(UNARIES)),
        dtype=st.sampled_from(DTYPES),
    )
    def test_linear_unary(self, batch, fin, fout, bias, unary, dtype):
        if dtype != torch.float32 and unary in FP32_ONLY:
            dtype = torch.float32
        model = LinearUnary(fin, fout, bias, UNARIES[unary])
        # fp32: a dynamic batch selects oneDNN over MKL's packed GEMM.
        c = self._compile_and_compare(
            model, [_randn(batch, fin, dtype=dtype)], dtype, dynamic_batch=dtype == torch.float32
        )
        self.assertEqual(c.get("mkldnn_linear_weight_pack_matcher_count"), 1)
        self.assertEqual(c.get("mkldnn_unary_fusion_matcher_count"), 1, msg=f"{unary} {dtype}")

    @PROFILE
    @given(
        batch=st.integers(2, 6),
        fin=st.integers(2, 24),
        fout=st.integers(2, 24),
        binary=st.sampled_from(sorted(BINARIES)),
        dtype=st.sampled_from(DTYPES),
    )
    def test_linear_binary(self, batch, fin, fout, binary, dtype):
        model = LinearBinary(fin, fout, BINARIES[binary])
        inputs = [_randn(batch, fin, dtype=dtype), _randn(batch, fout, dtype=dtype)]
        c = self._compile_and_compare(model, inputs, dtype, dynamic_batch=dtype == torch.float32)
        self.assertEqual(c.get("mkldnn_linear_weight_pack_matcher_count"), 1)
        self.assertEqual(c.get("mkldnn_conv_binary_unary_fusion_matcher_count"), 1, msg=f"{binary} {dtype}")


if __name__ == "__main__":
    run_tests()
