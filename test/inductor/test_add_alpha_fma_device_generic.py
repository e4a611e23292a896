# Owner(s): ["module: inductor"]
"""add(a, b, alpha=c) must lower to fma(b, c, a) on every device whose eager add does."""

import torch
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.lowering import lowerings
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V


aten = torch.ops.aten


class TestAddWithAlphaFma(TestCase):
    def lowered_body(self, device, dtype=torch.float32, alpha=2):
        """The pointwise body of add(a, b, alpha=alpha) on ``device`` buffers."""
        graph = GraphLowering(torch.fx.symbolic_trace(lambda x: x))

        def buffer(name):
            layout = ir.FixedLayout(torch.device(device), dtype, [8], [1])
            return ir.TensorBox.create(ir.InputBuffer(name=name, layout=layout))

        with V.set_graph_handler(graph):
            out = lowerings[aten.add.Tensor](buffer("a"), buffer("b"), alpha=alpha)
            return out.data.data.inner_fn_str()

    def test_xpu_uses_fma(self):
        self.assertIn("ops.fma(tmp1, tmp2, tmp0)", self.lowered_body("xpu:0"))

    def test_cuda_uses_fma(self):
        if torch.version.hip is not None:
            self.skipTest("ROCm keeps mul + add")
        self.assertIn("ops.fma(tmp1, tmp2, tmp0)", self.lowered_body("cuda:0"))

    def test_cpu_and_integers_keep_mul_add(self):
        self.assertNotIn("fma", self.lowered_body("cpu"))
        self.assertNotIn("fma", self.lowered_body("xpu:0", dtype=torch.int32))

    def test_alpha_one_is_a_plain_add(self):
        self.assertNotIn("fma", self.lowered_body("xpu:0", alpha=1))


if __name__ == "__main__":
    run_tests()
