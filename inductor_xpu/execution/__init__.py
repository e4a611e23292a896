"""Executing a generated program on CPU: the wrapper as generated, its Triton
kernels in Triton's interpreter, its extern calls on the CPU kernels of the
same ops, its allocations in CPU memory; outputs compared with eager.

* :func:`execute_wrapper`: one graph's wrapper source and its arguments ->
  :class:`ExecutionResult` (status, kernel launches, extern ops, comparison).
* :func:`compare`: outputs against eager at the model suite's check (the
  accuracy verdict); :mod:`.plan_verdict`: the plan verdict, an fp16/bf16
  program judged by its precision-lifted run (:mod:`.lifted`).
* :func:`capture_graph_inputs` / :class:`GraphInputs`: which real value each
  argument of a compiled graph's wrapper is (the graph's placeholders as
  Dynamo handed them to Inductor), for programs compiled in a simulation.
* :func:`execute_program`: every graph of a compiled program, each against
  eager (:func:`eager_outputs`).
* :data:`LIBDEVICE` / :data:`CPU_FUNCTIONS`: the CPU ``libdevice``.
"""

from __future__ import annotations

from inductor_xpu.execution.compare import (
    compare,
    Comparison,
    INFERENCE_TOLERANCE,
    OutputComparison,
)
from inductor_xpu.execution.eager import eager_outputs
from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.graph_inputs import (
    capture_graph_inputs,
    GraphInput,
    GraphInputCapture,
    GraphInputs,
)
from inductor_xpu.execution.libdevice import CPU_FUNCTIONS, CpuLibdevice, LIBDEVICE
from inductor_xpu.execution.program import execute_program
from inductor_xpu.execution.result import ExecutionResult, KernelLaunch
from inductor_xpu.execution.wrapper import execute_wrapper, wrapper_constants


__all__ = [
    "CPU_FUNCTIONS",
    "CannotExecute",
    "Comparison",
    "CpuLibdevice",
    "ExecutionResult",
    "GraphInput",
    "GraphInputCapture",
    "GraphInputs",
    "INFERENCE_TOLERANCE",
    "KernelLaunch",
    "LIBDEVICE",
    "OutputComparison",
    "capture_graph_inputs",
    "compare",
    "eager_outputs",
    "execute_program",
    "execute_wrapper",
    "wrapper_constants",
]
