# Owner(s): ["module: inductor"]
"""Linear (GEMM) oneDNN post-op fusion for XPU, checked without an XPU.

With freezing, Inductor's mkldnn passes pack ``aten.mm``/``aten.addmm`` with
a constant weight into ``mkldnn._linear_pointwise`` and fold the following
unary/binary post-op into it.  They used to accept CPU linears only
(``_is_packable_linear`` rejected every other device), so an XPU linear kept
``extern_kernels.addmm`` plus a Triton kernel for its post-op.

Three kinds of xpu cases, one per kind of machine:

* ``TestMkldnnLinearFusionXpuGraph`` (any oneDNN build, no XPU needed): the
  passes themselves, on FX graphs traced on fake xpu tensors: the freezing
  pass packs an xpu addmm/mm into ``_linear_pointwise`` and the post-grad
  pattern then folds the unary post-op into it;
* ``TestMkldnnLinearFusionXpuDevice`` (``requires_gpu``, GPU_TYPE == "xpu"):
  compiles on a real Intel GPU, checks the wrapper and the result;
* ``TestMkldnnLinearFusionXpu``: compiles for a simulated Intel GPU
  (inductor-xpu's ``inductor_xpu.device.simulate``: fake xpu tensors, nothing
  executed) and checks the generated wrapper with FileCheck; skipped where
  that package is not installed.

The CPU cases check that CPU behaviour is unchanged (fp32 linears still
take MKL's packed GEMM).
"""

import inspect
import unittest
from unittest import mock

import torch
import torch.nn.functional as F
from torch import nn
from torch._dynamo.utils import counters
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx
from torch.fx.passes.fake_tensor_prop import FakeTensorProp
from torch.testing import FileCheck
from torch.testing._internal.inductor_utils import GPU_TYPE, requires_gpu


try:
    from inductor_xpu.device import simulate
except ImportError:  # pragma: no cover - upstream has no simulator
    simulate = None

HAS_MKLDNN = torch._C._has_mkldnn and torch.backends.mkldnn.is_available()
aten, mkldnn = torch.ops.aten, torch.ops.mkldnn


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


@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnLinearFusionXpuGraph(TestCase):
    """The freezing and post-grad passes on graphs of fake xpu tensors: runs
    on any oneDNN build, no XPU needed (nothing is executed)."""

    def setUp(self):
        super().setUp()
        from torch._inductor.fx_passes import mkldnn_fusion

        mkldnn_fusion._mkldnn_weight_pack_init()
        mkldnn_fusion._mkldnn_fusion_init()
        self.fake_mode = FakeTensorMode()
        counters.clear()

    def fake(self, *shape, dtype=torch.float32, device="xpu"):
        with self.fake_mode:
            return torch.empty(*shape, dtype=dtype, device=device)

    def pack_and_fuse(self, fn, x):
        """Trace fn(x) (its weights are constants: get_attr nodes, as after
        freezing), run the freezing weight-pack pass, then the post-grad pass
        of the mkldnn fusion patterns; returns the graph module."""
        from torch._inductor.fx_passes import freezing_patterns, post_grad

        with self.fake_mode:
            gm = make_fx(fn)(x)
        freezing_patterns.pass_patterns[1].apply(gm.graph)
        gm.recompile()
        with self.fake_mode:
            FakeTensorProp(gm, self.fake_mode).propagate_dont_convert_inputs(x)
        post_grad.pass_patterns[1].apply(gm.graph)
        gm.recompile()
        return gm

    def test_xpu_linear_packed_and_unary_fused(self):
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            for bias in (True, False):
                with self.subTest(dtype=dtype, bias=bias):
                    counters.clear()
                    x = self.fake(4, 16, dtype=dtype)
                    w_t = self.fake(16, 32, dtype=dtype)  # the frozen, transposed weight
                    b = self.fake(32, dtype=dtype)
                    if bias:
                        gm = self.pack_and_fuse(lambda x: aten.relu(aten.addmm(b, x, w_t)), x)
                    else:
                        gm = self.pack_and_fuse(lambda x: aten.relu(aten.mm(x, w_t)), x)
                    c = counters["inductor"]
                    self.assertEqual(c["mkldnn_linear_weight_pack_matcher_count"], 1)
                    targets = [n.target for n in gm.graph.nodes if n.op == "call_function"]
                    for gone in (aten.addmm.default, aten.mm.default, aten.relu.default):
                        self.assertNotIn(gone, targets)
                    # the unary fusion lowering replaced relu(_linear_pointwise)
                    (fused,) = [t for t in targets if getattr(t, "__name__", "") == "fn"]
                    unary_attr = inspect.getclosurevars(fused.__wrapped__).nonlocals["unary_attr"]
                    self.assertEqual(unary_attr.op_name, "relu")
                    out = next(n for n in gm.graph.nodes if n.op == "output").args[0]
                    self.assertEqual(out.meta["val"].device.type, "xpu")

    def test_xpu_float64_linear_not_packed(self):
        # oneDNN takes no float64 on either device: aten mm stays
        x = self.fake(4, 16, dtype=torch.float64)
        w_t = self.fake(16, 32, dtype=torch.float64)
        gm = self.pack_and_fuse(lambda x: aten.relu(aten.mm(x, w_t)), x)
        self.assertNotIn("mkldnn_linear_weight_pack_matcher_count", counters["inductor"])
        self.assertIn(aten.mm.default, [n.target for n in gm.graph.nodes])


@requires_gpu()
@unittest.skipIf(GPU_TYPE != "xpu", "needs an Intel GPU")
class TestMkldnnLinearFusionXpuDevice(TestCase):
    def test_linear_unary_fused_on_xpu(self):
        from torch._inductor import config
        from torch._inductor.utils import run_and_get_code

        for unary, dtype, attr in ((F.relu, torch.float32, "'relu'"), (F.silu, torch.bfloat16, "'swish'")):
            with self.subTest(attr=attr, dtype=dtype):
                counters.clear()
                torch._dynamo.reset()
                model = LinearUnary(unary).eval().to(GPU_TYPE, dtype)
                x = torch.randn(4, 16, device=GPU_TYPE, dtype=dtype)
                with torch.no_grad(), config.patch(freezing=True, fx_graph_cache=False):
                    out, (code,) = run_and_get_code(torch.compile(model), x)
                    tol = 1e-5 if dtype == torch.float32 else 2e-2
                    self.assertEqual(out, model(x), atol=tol, rtol=tol)
                FileCheck().check("torch.ops.mkldnn._linear_pointwise.default(").check(attr).run(code)
                self.assertEqual(counters["inductor"]["mkldnn_unary_fusion_matcher_count"], 1)


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
