# Owner(s): ["module: inductor"]
"""Multiplication as a oneDNN binary post-op of conv and linear.

With freezing, Inductor's mkldnn passes fold ``conv(x) + other`` and
``conv(x) - other`` (and the same for linear) into
``mkldnn._convolution_pointwise.binary`` / ``mkldnn._linear_pointwise.binary``.
The oneDNN kernels (CPU and XPU) also take "mul", but the passes never matched
``aten.mul``: ``conv(x) * other`` stayed an extern conv plus a pointwise kernel.

CPU keeps mul unfused by default (``CpuMkldnnDeviceOp.can_fuse_binary``:
on x86 fp32 the fused form measured no faster than Inductor's unfused one);
the CPU cases check that, and, with the hook turned on, run real tensors:
compiled (freezing) equals eager, the fusion counter moved, and the wrapper
calls the fused op with "mul" (never the in-place
``_convolution_pointwise_.binary``, whose sum post-op only adds).
XPU cases, one kind per machine: ``TestMkldnnBinaryMulFusionXpuGraph`` (any
oneDNN build, no XPU needed) applies the post-grad fusion patterns to FX
graphs traced on fake xpu tensors; ``TestMkldnnBinaryMulFusionXpuDevice``
(``requires_gpu``, GPU_TYPE == "xpu") compiles on a real Intel GPU;
``TestMkldnnBinaryMulFusionXpu`` compiles for inductor-xpu's simulated Intel
GPU (``inductor_xpu.device.simulate``: fake xpu tensors, nothing runs) and
checks the generated wrapper with FileCheck, skipped where that package is
not installed.
"""

import inspect
import unittest
from unittest import mock

import torch
from torch import nn
from torch._dynamo.utils import counters
from torch._inductor import config
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import run_and_get_code
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx
from torch.testing import FileCheck
from torch.testing._internal.inductor_utils import GPU_TYPE, requires_gpu


try:
    from inductor_xpu.device import simulate
except ImportError:  # pragma: no cover - upstream has no simulator
    simulate = None

HAS_MKLDNN = torch._C._has_mkldnn and torch.backends.mkldnn.is_available()
BINARY_COUNT = "mkldnn_conv_binary_unary_fusion_matcher_count"
aten, mkldnn = torch.ops.aten, torch.ops.mkldnn


class ConvBinary(nn.Module):
    """binary(conv(x), prep(other)), optionally with the operands swapped
    and a ReLU after it; ``prep`` makes ``other`` an intermediate buffer (the
    case where an add would be fused in place)."""

    def __init__(self, binary, swap=False, relu=False, prep=None):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, padding=1)
        self.binary, self.swap, self.relu, self.prep = binary, swap, relu, prep

    def forward(self, x, other):
        if self.prep is not None:
            other = self.prep(other)
        y = self.conv(x)
        y = self.binary(other, y) if self.swap else self.binary(y, other)
        return torch.relu(y) if self.relu else y


class LinearBinary(nn.Module):
    def __init__(self, binary, swap=False):
        super().__init__()
        self.linear = nn.Linear(16, 32)
        self.binary, self.swap = binary, swap

    def forward(self, x, other):
        y = self.linear(x)
        return self.binary(other, y) if self.swap else self.binary(y, other)


@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnBinaryMulFusionCpu(TestCase):
    def _compile(self, model, *inputs, dynamic=False):
        counters.clear()
        torch._dynamo.reset()
        model = model.eval()
        with torch.no_grad(), config.patch(freezing=True, fx_graph_cache=False):
            out, code = run_and_get_code(torch.compile(model, dynamic=dynamic), *inputs)
            self.assertEqual(out, model(*inputs), atol=1e-5, rtol=1.3e-6)
        return "\n".join(code), counters["inductor"][BINARY_COUNT]

    def _cpu_fuses_mul(self):
        # CPU leaves mul unfused by default (it measured no faster there);
        # the device hook turns it on, e.g. for a CPU where it pays off.
        from torch._inductor.fx_passes import mkldnn_fusion

        cpu_op = mkldnn_fusion.CpuMkldnnDeviceOp
        default = cpu_op.can_fuse_binary
        return mock.patch.object(
            cpu_op, "can_fuse_binary", lambda op, attr: attr == "mul" or default(op, attr)
        )

    def test_cpu_default_keeps_mul_unfused(self):
        code, fused = self._compile(ConvBinary(torch.mul), torch.randn(2, 3, 8, 8), torch.randn(2, 16, 8, 8))
        self.assertEqual(fused, 0)
        FileCheck().check("torch.ops.mkldnn._convolution_pointwise.default(").check_not(".binary(").run(code)
        # add and sub are fused on CPU as before.
        for binary in (torch.add, torch.sub):
            code, fused = self._compile(ConvBinary(binary), torch.randn(2, 3, 8, 8), torch.randn(2, 16, 8, 8))
            self.assertEqual(fused, 1)

    def test_conv_mul_fused_never_in_place(self):
        x = torch.randn(2, 3, 8, 8)
        cases = [
            # (swap, relu, other shape): same shape, the broadcasts the
            # validity check allows (as for add/sub), operands swapped, ReLU.
            (False, False, (2, 16, 8, 8)),
            (True, False, (2, 16, 8, 8)),
            (False, True, (2, 16, 8, 8)),
            (True, True, (1, 16, 1, 1)),
            (False, False, (2, 16, 1, 1)),
        ]
        with self._cpu_fuses_mul():
            for swap, relu, shape in cases:
                with self.subTest(swap=swap, relu=relu, shape=shape):
                    # other is an intermediate buffer: an add would go in place.
                    model = ConvBinary(torch.mul, swap=swap, relu=relu, prep=torch.tanh)
                    code, fused = self._compile(model, x, torch.randn(*shape))
                    self.assertEqual(fused, 1)
                    check = FileCheck().check("torch.ops.mkldnn._convolution_pointwise.binary(").check("'mul'")
                    if relu:
                        check = check.check("'relu'")
                    check.run(code)
                    FileCheck().check_not("_convolution_pointwise_.binary").run(code)

            # Control: the same graph with add does take the in-place sum post-op.
            code, fused = self._compile(ConvBinary(torch.add, prep=torch.tanh), x, torch.randn(2, 16, 8, 8))
            self.assertEqual(fused, 1)
            FileCheck().check("torch.ops.mkldnn._convolution_pointwise_.binary(").check("'add'").run(code)

    def test_linear_mul_fused(self):
        # fp32: a dynamic batch selects oneDNN over MKL's packed GEMM.
        with self._cpu_fuses_mul():
            for swap, shape in ((False, (4, 32)), (True, (4, 32)), (False, (1, 32))):
                with self.subTest(swap=swap, shape=shape):
                    code, fused = self._compile(
                        LinearBinary(torch.mul, swap=swap), torch.randn(4, 16), torch.randn(*shape), dynamic=True
                    )
                    self.assertEqual(fused, 1)
                    FileCheck().check("torch.ops.mkldnn._linear_pointwise.binary(").check("'mul'").run(code)

    def test_mul_not_fused_where_invalid(self):
        x = torch.randn(2, 3, 8, 8)
        cases = [
            # a scalar, a broadcast the kernels do not take, another dtype
            (lambda y, o: y * 2.0, torch.randn(2, 16, 8, 8)),
            (torch.mul, torch.randn(1, 1, 8, 8)),
            (torch.mul, torch.randn(2, 16, 8, 8, dtype=torch.float64)),
        ]
        with self._cpu_fuses_mul():
            for binary, other in cases:
                with self.subTest(shape=tuple(other.shape), dtype=other.dtype):
                    code, fused = self._compile(ConvBinary(binary), x, other)
                    self.assertEqual(fused, 0)
                    FileCheck().check_not("_convolution_pointwise.binary").run(code)


@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnBinaryMulFusionXpuGraph(TestCase):
    """The post-grad mkldnn fusion patterns on graphs of fake xpu tensors (the
    packed conv/linear as the freezing pass leaves them): any oneDNN build,
    no XPU needed, nothing executed."""

    def setUp(self):
        super().setUp()
        from torch._inductor.fx_passes import mkldnn_fusion

        mkldnn_fusion._mkldnn_fusion_init()
        self.fake_mode = FakeTensorMode()

    def fake(self, *shape, dtype=torch.float32):
        with self.fake_mode:
            return torch.empty(*shape, dtype=dtype, device="xpu")

    def fused_binary_ops(self, fn, *inputs):
        """Apply the post-grad patterns to fn's graph; returns the binary op of
        each binary fusion that matched, and the graph's remaining targets."""
        from torch._inductor.fx_passes import post_grad

        with self.fake_mode:
            gm = make_fx(fn)(*inputs)
        post_grad.pass_patterns[1].apply(gm.graph)
        fused, targets = [], []
        for node in gm.graph.nodes:
            if node.op != "call_function":
                continue
            targets.append(node.target)
            if "other" in node.kwargs and hasattr(node.target, "__wrapped__"):
                fused.append(inspect.getclosurevars(node.target.__wrapped__).nonlocals["binary_op"])
        return fused, targets

    def conv(self, x, dtype):
        w, b = self.fake(16, 3, 3, 3, dtype=dtype), self.fake(16, dtype=dtype)
        return mkldnn._convolution_pointwise(x, w, b, [1, 1], [1, 1], [1, 1], 1, "none", [], "")

    def test_conv_mul_fused(self):
        for dtype in (torch.float32, torch.bfloat16):
            for swap, relu in ((False, False), (True, False), (False, True)):
                with self.subTest(dtype=dtype, swap=swap, relu=relu):
                    x, other = self.fake(2, 3, 8, 8, dtype=dtype), self.fake(2, 16, 8, 8, dtype=dtype)

                    def fn(x, other):
                        y = self.conv(x, dtype)
                        y = other * y if swap else y * other
                        return y.relu() if relu else y

                    fused, targets = self.fused_binary_ops(fn, x, other)
                    self.assertEqual(fused, [aten.mul])
                    self.assertNotIn(aten.mul.Tensor, targets)
                    self.assertNotIn(mkldnn._convolution_pointwise.default, targets)

    def test_linear_mul_fused(self):
        x, other = self.fake(4, 16), self.fake(4, 32)
        w, b = self.fake(32, 16), self.fake(32)
        fused, targets = self.fused_binary_ops(
            lambda x, other: mkldnn._linear_pointwise(x, w, b, "none", [], "") * other, x, other
        )
        self.assertEqual(fused, [aten.mul])
        self.assertNotIn(aten.mul.Tensor, targets)

    def test_mul_by_scalar_not_fused(self):
        fused, targets = self.fused_binary_ops(lambda x: self.conv(x, torch.float32) * 2.0, self.fake(2, 3, 8, 8))
        self.assertEqual(fused, [])
        self.assertIn(mkldnn._convolution_pointwise.default, targets)


@requires_gpu()
@unittest.skipIf(GPU_TYPE != "xpu", "needs an Intel GPU")
@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnBinaryMulFusionXpuDevice(TestCase):
    def _compile(self, model, *inputs):
        counters.clear()
        torch._dynamo.reset()
        model = model.eval().to(GPU_TYPE)
        with torch.no_grad(), config.patch(freezing=True, fx_graph_cache=False):
            out, code = run_and_get_code(torch.compile(model), *inputs)
            self.assertEqual(out, model(*inputs), atol=1e-4, rtol=1e-4)
        return "\n".join(code), counters["inductor"][BINARY_COUNT]

    def test_conv_and_linear_mul_fused_on_xpu(self):
        x, other = torch.randn(2, 3, 8, 8, device=GPU_TYPE), torch.randn(2, 16, 8, 8, device=GPU_TYPE)
        code, fused = self._compile(ConvBinary(torch.mul, relu=True), x, other)
        self.assertEqual(fused, 1)
        FileCheck().check("torch.ops.mkldnn._convolution_pointwise.binary(").check("'mul'").check("'relu'").run(code)
        x, other = torch.randn(4, 16, device=GPU_TYPE), torch.randn(4, 32, device=GPU_TYPE)
        code, fused = self._compile(LinearBinary(torch.mul), x, other)
        self.assertEqual(fused, 1)
        FileCheck().check("torch.ops.mkldnn._linear_pointwise.binary(").check("'mul'").run(code)


@unittest.skipIf(simulate is None, "needs inductor_xpu's hardware-less xpu target")
@unittest.skipIf(not HAS_MKLDNN, "needs a oneDNN (mkldnn) build")
class TestMkldnnBinaryMulFusionXpu(TestCase):
    def _compile_xpu(self, model, *shapes, dtype=torch.float32):
        counters.clear()
        inductor_config = {"freezing": True, "always_keep_tensor_constants": True}
        with torch.no_grad(), simulate("max1550", inductor_config=inductor_config) as sim:
            model = sim.to_fake(model.eval().to(dtype))
            inputs = [sim.tensor(*shape, dtype=dtype) for shape in shapes]
            result = sim.compile(model, *inputs)
            self.assertEqual(result.outputs.device.type, "xpu")
        return "\n".join(g.source for g in result.code), counters["inductor"][BINARY_COUNT]

    def test_conv_mul_fused_in_xpu_code(self):
        cases = [
            (False, False, torch.float32),
            (True, True, torch.bfloat16),
            (False, True, torch.float16),
        ]
        for swap, relu, dtype in cases:
            with self.subTest(swap=swap, relu=relu, dtype=dtype):
                model = ConvBinary(torch.mul, swap=swap, relu=relu, prep=torch.tanh)
                code, fused = self._compile_xpu(model, (2, 3, 8, 8), (2, 16, 8, 8), dtype=dtype)
                self.assertEqual(fused, 1)
                check = FileCheck().check("torch.ops.mkldnn._convolution_pointwise.binary(").check("'mul'")
                if relu:
                    check = check.check("'relu'")
                check.run(code)
                FileCheck().check_not("_convolution_pointwise_.binary").run(code)

    def test_linear_mul_fused_in_xpu_code(self):
        for swap, dtype in ((False, torch.float32), (True, torch.bfloat16)):
            with self.subTest(swap=swap, dtype=dtype):
                code, fused = self._compile_xpu(LinearBinary(torch.mul, swap=swap), (4, 16), (4, 32), dtype=dtype)
                self.assertEqual(fused, 1)
                FileCheck().check("torch.ops.mkldnn._linear_pointwise.binary(").check("'mul'").run(code)
                FileCheck().check_not("extern_kernels.addmm").check_not("extern_kernels.mm").run(code)


if __name__ == "__main__":
    run_tests()
