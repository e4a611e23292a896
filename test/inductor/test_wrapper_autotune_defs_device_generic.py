# Owner(s): ["module: inductor"]
"""The compile-time autotune block must get get_raw_stream for the graph's device."""

import types

from torch._inductor.codegen.common import get_device_op_overrides
from torch._inductor.codegen.wrapper import PythonWrapperCodegen
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import IndentedBuffer
from torch._inductor.virtualized import V


class TestAutotuneDefsHeader(TestCase):
    def header(self, device_type):
        """The autotune-defs header written for a graph on ``device_type``."""
        wrapper = types.SimpleNamespace(kernel_autotune_defs=IndentedBuffer())
        graph = types.SimpleNamespace(device_ops=get_device_op_overrides(device_type))
        with V.set_graph_handler(graph):
            PythonWrapperCodegen.write_kernel_autotune_defs_header(wrapper)
        return wrapper.kernel_autotune_defs.getvalue()

    def test_xpu_raw_stream(self):
        header = self.header("xpu")
        self.assertIn(
            "from torch._C import _xpu_getCurrentRawStream as get_raw_stream", header
        )
        self.assertNotIn("_cuda_getCurrentRawStream", header)

    def test_cuda_raw_stream(self):
        self.assertIn(
            "from torch._C import _cuda_getCurrentRawStream as get_raw_stream",
            self.header("cuda"),
        )

    def test_cpu_raw_stream(self):
        header = self.header("cpu")
        self.assertIn("def get_raw_stream(_):", header)
        self.assertNotIn("_cuda_getCurrentRawStream", header)


if __name__ == "__main__":
    run_tests()
