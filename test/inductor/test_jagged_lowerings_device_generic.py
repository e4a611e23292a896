# Owner(s): ["module: inductor"]
"""Jagged <-> padded dense conversions must lower on every backend with bucketize."""

import torch
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.lowering import lowerings
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch._subclasses.fake_tensor import FakeTensorMode


aten = torch.ops.aten


def _input(name: str, device: str, dtype: torch.dtype, size: list[int]):
    layout = ir.FixedLayout(torch.device(device), dtype, size)
    return ir.TensorBox.create(ir.InputBuffer(name=name, layout=layout))


class TestJaggedLowerings(TestCase):
    def _lower(self, device: str) -> list[ir.IRNode]:
        """Lower both conversions on ``device``; return what each produced.

        Nothing is compiled or run: the nodes are only created.
        """
        # The FX nodes being lowered: a fallback reads V.current_node.
        fx_graph = torch.fx.Graph()
        fx_values, fx_offsets, fx_dense = (
            fx_graph.placeholder(name) for name in ("values", "offsets", "dense")
        )
        to_padded = fx_graph.call_function(
            aten._jagged_to_padded_dense_forward.default,
            (fx_values, [fx_offsets], [5], 0.0),
        )
        to_jagged = fx_graph.call_function(
            aten._padded_dense_to_jagged_forward.default,
            (fx_dense, [fx_offsets], 10),
        )
        fx_graph.output((to_padded, to_jagged))
        graph = GraphLowering(torch.fx.GraphModule({}, fx_graph))
        with V.set_graph_handler(graph), V.set_fake_mode(FakeTensorMode()):
            # 2 sequences, 10 rows of width 4 in all; padded to length 5
            values = _input("values", device, torch.float32, [10, 4])
            offsets = _input("offsets", device, torch.int64, [3])
            dense = _input("dense", device, torch.float32, [2, 5, 4])
            with V.set_current_node(to_padded):
                padded = lowerings[to_padded.target](values, [offsets], [5], 0.0)
            with V.set_current_node(to_jagged):
                jagged = lowerings[to_jagged.target](dense, [offsets], 10)
        return [padded.data.data, jagged.data.data]

    def test_xpu_lowers_to_pointwise(self):
        for node in self._lower("xpu:0"):
            self.assertIsInstance(node, ir.Pointwise)

    def test_cuda_lowers_to_pointwise(self):
        for node in self._lower("cuda:0"):
            self.assertIsInstance(node, ir.Pointwise)

    def test_cpu_falls_back_to_aten(self):
        for node in self._lower("cpu"):
            self.assertNotIsInstance(node, ir.Pointwise)


if __name__ == "__main__":
    run_tests()
