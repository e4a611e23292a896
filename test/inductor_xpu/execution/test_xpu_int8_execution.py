# Owner(s): ["module: inductor"]
"""Executing xpu INT8 plans on CPU (issue 23 item 4).

The INT8 golden programs (``test/inductor_xpu/codegen/test_xpu_quant_codegen.py``:
a conv block with qconv unary and binary post-ops, an MLP with qlinear + gelu,
static and dynamic activations) are quantized with the PT2E flow
(``XPUInductorQuantizer``), compiled for a simulated Max 1550 with freezing, and
executed on CPU: the frozen int8 weights computed from the real parameters
(xpu's prepacked layout), the oneDNN INT8 ops as reference implementations.
Each plan is checked against the PT2E program it was compiled from (eager CPU),
and against CPU INT8 (``X86InductorQuantizer``, same calibration, compiled by
Inductor for CPU; 7-bit activations where this CPU's oneDNN INT8 saturates:
no VNNI) and the float model.  ``make test`` runs this file with
``ONEDNN_MAX_CPU_ISA=AVX2`` too.  A wrong post-op argument fails, naming
the graph and the op.  About 40 s on torch 2.15 and 2.13 (three INT8 compiles,
three CPU INT8 compiles).
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import sys

import torch
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "codegen"))

from test_xpu_quant_codegen import PROGRAMS, QuantProgram, requires_torchao  # noqa: E402

from inductor_xpu.cpu_isa import detect as detect_isa  # noqa: E402
from inductor_xpu.execution.compare import INT8_AGREEMENT_COSINE  # noqa: E402
from inductor_xpu.modes.int8 import compile_quantized, int8_agreements, quantize  # noqa: E402
from inductor_xpu.compile.pipeline import TargetOptions  # noqa: E402
from inductor_xpu.execution import capture_graph_inputs, execute_program, ExecutionResult  # noqa: E402
from inductor_xpu.device.simulation.freezing import Folded, ProgramAttribute  # noqa: E402


TARGET = "max1550"
BY_NAME = {p.name: p for p in PROGRAMS}


def build(program: QuantProgram) -> tuple[torch.nn.Module, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    return program.make().eval(), program.inputs()


@functools.lru_cache(maxsize=None)
def compiled(name: str) -> tuple[tuple[str, ...], tuple, tuple]:
    program = BY_NAME[name]
    model, inputs = build(program)
    capture = capture_graph_inputs()
    options = TargetOptions(inductor_config=capture.inductor_config(), record_cuda=False, reraise=True)
    report = compile_quantized(model, inputs, {}, TARGET, options, dynamic=program.dynamic)
    generated = report.generated
    return (
        tuple(c.source for c in generated),
        tuple(capture.graphs),
        tuple(c.constants for c in generated),
    )


def execute(name: str, edit=None) -> tuple[list[ExecutionResult], torch.nn.Module, tuple[torch.Tensor, ...]]:
    """The plan executed against the PT2E program (quantized again from a
    fresh build with the same calibration: the same weights and scales)."""
    program = BY_NAME[name]
    sources, graph_inputs, constants = compiled(name)
    if edit is not None:
        sources = tuple(edit(s) for s in sources)
    model, inputs = build(program)
    quantized = quantize(model, inputs, device="xpu", dynamic=program.dynamic)
    return execute_program(quantized, inputs, sources, graph_inputs, constants=constants), model, inputs


@requires_torchao
class TestInt8Plans(TestCase):
    def check(self, name: str, references: set[str]) -> None:
        (result,), model, inputs = execute(name)
        self.assertEqual(result.status, "ran")
        self.assertTrue(result.passed, result.failures())
        self.assertEqual(set(result.references), references)
        self.assertEqual(result.extern_ops, {})  # every oneDNN INT8 call ran as its reference
        agreements = int8_agreements(result.outputs, model, inputs, dynamic=BY_NAME[name].dynamic)
        self.assertEqual([a.reference for a in agreements], ["cpu_int8", "fp32"])
        # CPU INT8 is faithful on every x86 CPU: VNNI/AMX, or 7-bit
        # activations where oneDNN's u8s8 dot products saturate (AVX2 or
        # AVX-512 without VNNI, ONEDNN_MAX_CPU_ISA=AVX2); the note says which
        isa = detect_isa()
        self.assertTrue(agreements[0].expected)
        self.assertIn(isa.describe(), agreements[0].note)
        self.assertEqual("reduce_range" in agreements[0].description, not isa.int8_dot_exact)
        for agreement in agreements:
            self.assertGreaterEqual(agreement.cosine, INT8_AGREEMENT_COSINE, agreement)
            self.assertTrue(agreement.agrees)
        # quantization error against the float model, but not none
        self.assertGreater(agreements[1].max_abs_err, 0.0)

    def test_conv_block(self):
        self.check("conv_block", {"onednn.qconv_pointwise.tensor", "onednn.qconv2d_pointwise.binary_tensor"})

    def test_mlp(self):
        self.check("mlp", {"onednn.qlinear_pointwise.tensor"})

    def test_mlp_dynamic(self):
        self.check("mlp_dynamic", {"onednn.qlinear_pointwise.tensor"})

    def test_wrong_post_op_argument_fails_naming_graph_and_op(self):
        def relu_for_gelu(source: str) -> str:
            edited, n = re.subn(r"(onednn\.qlinear_pointwise\.tensor\(.*)'gelu'", r"\1'relu'", source)
            self.assertEqual(n, 1)
            return edited

        (result,), _, _ = execute("mlp", edit=relu_for_gelu)
        self.assertEqual(result.status, "ran")
        self.assertFalse(result.passed)
        (failure,) = result.failures()
        self.assertIn("graph 0: output 0", failure)
        self.assertIn("produced by onednn.qlinear_pointwise.tensor (reference)", failure)

    def test_wrong_weight_scale_fails(self):
        # the plan's per-channel weight scale constant, doubled: the folded
        # constants are the ones the generated code reads
        (recorded,) = compiled("mlp")[2]
        scale = next(n for n, o in recorded.origins.items() if isinstance(o, ProgramAttribute) and "scale" in o.fqn)
        graph = torch.fx.Graph()
        x = graph.placeholder("operand0")
        graph.output(graph.call_function(torch.ops.aten.mul.Tensor, (x, 2.0)))
        doubled = Folded(torch.fx.GraphModule(torch.nn.Module(), graph), (recorded.origins[scale],))
        wrong = dataclasses.replace(recorded, origins={**recorded.origins, scale: doubled})
        program = BY_NAME["mlp"]
        sources, graph_inputs, _ = compiled("mlp")
        model, inputs = build(program)
        quantized = quantize(model, inputs, device="xpu")
        (result,) = execute_program(quantized, inputs, sources, graph_inputs, constants=[wrong])
        self.assertEqual(result.status, "ran")
        self.assertFalse(result.passed)


if __name__ == "__main__":
    run_tests()
