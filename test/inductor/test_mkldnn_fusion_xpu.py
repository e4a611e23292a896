# Owner(s): ["module: inductor"]
"""Linear (GEMM) oneDNN post-op fusion for XPU, checked without an XPU.

With freezing, Inductor's mkldnn passes pack ``aten.mm``/``aten.addmm`` with
a constant weight into ``mkldnn._linear_pointwise`` and fold the following
unary/binary post-op into it.  They used to accept CPU linears only
(``_is_packable_linear`` rejected every other device), so an XPU linear kept
``extern_kernels.addmm`` plus a Triton kernel for its post-op.

The xpu cases compile for a simulated Intel GPU (``inductor_xpu.targets.
simulate``: fake xpu tensors, nothing executed) and check the generated
wrapper with FileCheck; the CPU cases check that CPU behaviour is unchanged
(fp32 linears still take MKL's packed GEMM).
"""

import unittest
from unittest import mock

import torch
import torch.nn.functional as F
from torch import nn
from torch._dynamo.utils import counters
from torch._inductor.test_case import run_tests, TestCase
from torch.testing import FileCheck


try:
    from inductor_xpu.targets import simulate
except ImportError:  # pragma: no cover - upstream has no simulator
    simulate = None

HAS_MKLDNN = torch._C._has_mkldnn and torch.backends.mkldnn.is_available()


class LinearUnary(nn.Module):
    def __init__(self, unary, bias=True):
        super().__init__()
        self.linear = nn.Linear(16, 32, bias=bias)
        self.unary = unary

    def forward(self, x):
        return self.unary(self.linear(x))


class LinearBinary(nn.Module):
    def __init__(self, binary, post=None):
        super().__init__()
        self.linear = nn.Linear(16, 32)
        self.binary, self.post = binary, post

    def forward(self, x, other):
        y = self.binary(self.linear(x), other)
        return self.post(y) if self.post is not None else y


@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnLinearFusionCpuUnchanged(TestCase):
    @unittest.skipIf(not torch._C.has_mkl, "the fp32 CPU path is MKL's")
    def test_cpu_fp32_linear_keeps_mkl_packed_gemm(self):
        from torch._inductor import config
        from torch._inductor.utils import run_and_get_code

        counters.clear()
        model = LinearUnary(F.relu).eval()
        x = torch.randn(4, 16)
        with torch.no_grad(), config.patch(freezing=True, fx_graph_cache=False):
            out, (code,) = run_and_get_code(torch.compile(model), x)
            self.assertEqual(out, model(x))
        FileCheck().check("torch.ops.mkl._mkl_linear").check_not("_linear_pointwise").run(code)
        self.assertEqual(counters["inductor"]["mkldnn_linear_weight_pack_matcher_count"], 1)
        self.assertNotIn("mkldnn_unary_fusion_matcher_count", counters["inductor"])


@unittest.skipIf(simulate is None, "needs inductor_xpu's hardware-less xpu target")
@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnLinearFusionXpu(TestCase):
    def _compile_xpu(self, model, *inputs, dtype=torch.float32):
        counters.clear()
        config = {"freezing": True, "always_keep_tensor_constants": True}
        with torch.no_grad(), simulate("max1550", inductor_config=config) as sim:
            model = sim.to_fake(model.eval().to(dtype))
            fake_inputs = [sim.tensor(*shape, dtype=dtype) for shape in inputs]
            result = sim.compile(model, *fake_inputs)
            self.assertEqual(result.outputs.device.type, "xpu")
            self.assertEqual(result.outputs.dtype, dtype)
        return "\n".join(g.source for g in result.code), dict(counters["inductor"])

    def test_linear_unary_fused_in_xpu_code(self):
        cases = [
            (F.relu, torch.float32, "'relu'", None),
            (lambda t: F.gelu(t, approximate="tanh"), torch.bfloat16, "'gelu'", "'tanh'"),
            (F.gelu, torch.float16, "'gelu'", "'none'"),
            (F.silu, torch.bfloat16, "'swish'", None),
            (F.hardswish, torch.float32, "'hardswish'", None),
            (lambda t: F.leaky_relu(t, 0.1), torch.float16, "'leaky_relu'", None),
            (lambda t: F.hardtanh(t, -0.5, 4.0), torch.float32, "'hardtanh'", None),
            (torch.tanh, torch.float32, "'tanh'", None),
        ]
        for unary, dtype, attr, algorithm in cases:
            with self.subTest(attr=attr, algorithm=algorithm, dtype=dtype):
                code, c = self._compile_xpu(LinearUnary(unary), (4, 16), dtype=dtype)
                check = FileCheck().check("torch.ops.mkldnn._linear_pointwise.default(").check(attr)
                if algorithm:
                    check = check.check(algorithm)
                check.run(code)
                FileCheck().check_not("extern_kernels.addmm").check_not("extern_kernels.mm").run(code)
                self.assertEqual(c["mkldnn_linear_weight_pack_matcher_count"], 1)
                self.assertEqual(c["mkldnn_unary_fusion_matcher_count"], 1)

    def test_linear_binary_fused_in_xpu_code(self):
        for binary, name in ((torch.add, "'add'"), (torch.sub, "'sub'")):
            for post in (None, F.relu):
                with self.subTest(binary=name, post=post):
                    code, c = self._compile_xpu(LinearBinary(binary, post), (4, 16), (4, 32), dtype=torch.bfloat16)
                    FileCheck().check("torch.ops.mkldnn._linear_pointwise.binary(").check(name).run(code)
                    self.assertEqual(c["mkldnn_conv_binary_unary_fusion_matcher_count"], 1)
                    if post is not None:
                        # _linear_pointwise.binary takes no unary post-op (on
                        # CPU neither): the ReLU stays a Triton kernel.
                        FileCheck().check("triton_poi_fused_relu").run(code)

    def test_linear_3d_input_without_bias(self):
        code, c = self._compile_xpu(LinearUnary(F.relu, bias=False), (2, 3, 16))
        FileCheck().check("torch.ops.mkldnn._linear_pointwise.default(").check("'relu'").run(code)
        self.assertEqual(c["mkldnn_unary_fusion_matcher_count"], 1)

    def test_xpu_build_without_linear_kernels_is_not_packed(self):
        # The pass asks the dispatcher whether an XPU build registers the
        # _linear_pointwise kernels for XPU, not the version; a build without
        # them keeps aten addmm.
        from torch._inductor.fx_passes import mkldnn_fusion

        real = torch._C._dispatch_has_kernel_for_dispatch_key

        def has_kernel(name, key):
            if name.startswith("mkldnn::_linear_pointwise") and str(key).endswith("XPU"):
                return False
            return real(name, key)

        mkldnn_fusion._xpu_has_linear_pointwise.cache_clear()
        try:
            with mock.patch.object(torch.xpu, "_is_compiled", return_value=True), mock.patch.object(
                torch._C, "_dispatch_has_kernel_for_dispatch_key", has_kernel
            ):
                self.assertFalse(mkldnn_fusion._xpu_has_linear_pointwise())
        finally:
            mkldnn_fusion._xpu_has_linear_pointwise.cache_clear()

        with mock.patch.object(mkldnn_fusion, "_xpu_has_linear_pointwise", return_value=False):
            code, c = self._compile_xpu(LinearUnary(F.relu), (4, 16))
        FileCheck().check_regex(r"extern_kernels\.(addmm|mm)\(").check_not("_linear_pointwise").run(code)
        self.assertNotIn("mkldnn_linear_weight_pack_matcher_count", c)


if __name__ == "__main__":
    run_tests()
