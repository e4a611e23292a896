"""``--codegen-only --run``: the generated xpu program executed on CPU.

After :func:`suite_lib.codegen.run_codegen_only` generated a model's xpu
code, :func:`execute_generated` runs each generated wrapper, as generated,
with the engine of ``inductor_xpu.execution`` (Triton kernels in
Triton's interpreter, extern calls on the CPU kernels of the same ops) on
the real model and inputs, and compares the outputs with eager CPU at the
suite's tolerance (:func:`suite_lib.models.tolerance_for`): fp16/bf16
outputs against the program in float64, as the dynamo runner's ``same()``
does.  The verdict, the errors and what ran go into the row
(:class:`suite_lib.codegen_row.CodegenResult`'s execution fields).

Verdicts (``execution``):

* ``pass``: every graph ran and matches eager.
* ``fail_accuracy``: a graph ran and an output differs (``execution_detail``
  names the graph, the output and the kernel or op that wrote it).
* ``cannot_execute``: a graph could not run; ``cannot_execute`` holds the
  engine's named statuses (``cannot execute: <reason>``).
* ``not_compared``: every graph ran without a comparison.

The plan verdict (``exec_plan``; ``inductor_xpu.execution.plan_verdict``):
``pass``, ``fail_plan`` (``exec_plan_detail`` names the output) or
``not_judged``.

A program of several graphs (graph breaks) is executed graph by graph by
the engine (``inductor_xpu.execution.graphs``): the real program
runs once with a Dynamo backend that records each graph's real inputs and
eager outputs, and each generated graph runs on its graph's inputs and is
compared with its outputs.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import logging
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch


if TYPE_CHECKING:
    from inductor_xpu.execution import ExecutionResult, GraphInputCapture
    from suite_lib.codegen_row import CodegenResult
    from suite_lib.models import Tolerance


log = logging.getLogger(__name__)

PASS = "pass"
FAIL = "fail_accuracy"
CANNOT_EXECUTE = "cannot_execute"
NOT_COMPARED = "not_compared"
VERDICTS = (PASS, FAIL, CANNOT_EXECUTE, NOT_COMPARED)

# A libdevice call in a generated Triton kernel.
_LIBDEVICE_CALL = re.compile(r"\blibdevice\.(\w+)\(")


def libdevice_calls(sources: Sequence[str]) -> dict[str, int]:
    """Each ``libdevice.<name>(`` call in the generated modules, counted."""
    counts: collections.Counter[str] = collections.Counter()
    for source in sources:
        counts.update(_LIBDEVICE_CALL.findall(source))
    return dict(sorted(counts.items()))


def unmapped_libdevice(names: Sequence[str]) -> list[str]:
    """Those of ``names`` the CPU libdevice has no function for."""
    from inductor_xpu.execution import CPU_FUNCTIONS

    return sorted(n for n in names if n not in CPU_FUNCTIONS)


def _suite_same(
    outputs: Sequence[Any], expected: Sequence[Any], fp64: Sequence[Any] | None, tolerance: Tolerance
) -> bool:
    """The suite's whole rule (runner.check_accuracy's ``same()`` call) on
    every output: the engine's check leaves out the larger multiplier for
    small tensors of some models."""
    from torch._dynamo.utils import same

    refs = list(fp64) if fp64 is not None else [None] * len(expected)
    return all(
        same(
            e,
            a,
            r,
            equal_nan=True,
            use_larger_multiplier_for_smaller_tensor=tolerance.use_larger_multiplier_for_smaller_tensor,
            cos_similarity=tolerance.cosine,
            tol=tolerance.tol,
        )
        for a, e, r in zip(outputs, expected, refs)
    )


@contextlib.contextmanager
def traced_frame_signature(model: Any, capture: GraphInputCapture | None = None) -> Iterator[None]:
    """``model``'s ``forward`` with the signature of the frame Dynamo traced.

    A ``forward`` under a ``functools.wraps`` decorator (HuggingFace's
    ``can_return_tuple``, ``auto_docstring``: ``wrapper(self, *args,
    **kwargs)``) is traced from the wrapper's frame, so the graph inputs'
    sources are ``L['kwargs']['input_ids']``; the engine binds the inputs to
    ``inspect.signature(model.forward)``, which follows ``__wrapped__`` to
    the inner signature (``input_ids=None, ...``) and finds no ``kwargs``.
    Inside, ``model``'s class is a subclass whose ``forward(self, *args,
    **kwargs)`` calls the decorated one: the same computation, and the
    signature of the traced frame (deep copies keep it).  With ``capture``,
    only where its sources name the wrapper's ``kwargs`` (a wrapper that
    graph-breaks leaves Dynamo the inner frame: DistillGPT2's
    ``L['input_ids']``)."""
    cls = type(model)
    forward: Callable[..., Any] | None = getattr(cls, "forward", None)
    wrapper_frame = capture is None or any(
        source.startswith("L['kwargs']") for graph in capture.graphs for source in graph.sources
    )
    if (
        forward is None
        or not isinstance(model, torch.nn.Module)
        or getattr(forward, "__wrapped__", None) is None
        or not wrapper_frame
    ):
        yield
        return

    def frame_forward(self: Any, *args: Any, **kwargs: Any) -> Any:
        return forward(self, *args, **kwargs)

    model.__class__ = type(cls.__name__, (cls,), {"forward": frame_forward, "__module__": cls.__module__})
    try:
        yield
    finally:
        model.__class__ = cls


PLAN_PASS = "pass"
PLAN_FAIL = "fail_plan"
PLAN_NOT_JUDGED = "not_judged"
PLAN_VERDICTS = (PLAN_PASS, PLAN_FAIL, PLAN_NOT_JUDGED)


def plan_verdict(results: Sequence[ExecutionResult]) -> str:
    """The plan verdict over the graphs that ran: ``fail_plan`` when one
    fails the plan rule, ``pass`` when every graph ran and passes it, else
    ``not_judged``."""
    judged = [r.plan_passed for r in results if r.ran]
    if False in judged:
        return PLAN_FAIL
    if results and len(judged) == len(results) and all(v is True for v in judged):
        return PLAN_PASS
    return PLAN_NOT_JUDGED


def verdict(results: Sequence[ExecutionResult]) -> str:
    if not results:
        return CANNOT_EXECUTE
    if any(r.ran and r.comparison is not None and not r.comparison.passed for r in results):
        return FAIL
    if any(not r.ran for r in results):
        return CANNOT_EXECUTE
    if all(r.passed for r in results):
        return PASS
    return NOT_COMPARED


def execute_generated(
    result: CodegenResult,
    capture: GraphInputCapture,
    model: Any,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
    tolerance: Tolerance,
) -> None:
    """Execute ``result.sources`` on ``model`` (real weights, CPU) with
    ``args``/``kwargs`` and fill ``result``'s execution fields.  Never
    raises: what cannot run is the verdict ``cannot_execute`` with the
    engine's named status."""
    from inductor_xpu.execution import CannotExecute, ExecutionResult
    from inductor_xpu.execution.eager import fp64_outputs

    started = time.perf_counter()
    result.exec_tolerance = tolerance.tol
    expected: list[Any] | None = None
    # graph by graph: a copy whose caches no call has filled yet
    as_built = copy.deepcopy(model)
    try:
        # graph by graph (graph breaks; a frame the engine cannot bind, a
        # graph that also returns values for the program's side effects):
        # the engine runs ``as_built`` to record each graph's inputs
        with traced_frame_signature(model, capture):
            results, expected = _execute(result, capture, model, as_built, args, kwargs, tolerance)
    except Exception as e:  # noqa: BLE001 - the row says what raised
        log.exception("executing the generated program raised")
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        status = CannotExecute(f"{type(e).__name__}: {first}").status
        results = [ExecutionResult(graph=str(i), status=status) for i in range(max(1, len(result.sources)))]
    # The suite's rule where the engine's stricter check failed.
    for r in results:
        if (
            r.ran
            and r.comparison is not None
            and not r.comparison.passed
            and tolerance.use_larger_multiplier_for_smaller_tensor
            and expected is not None
            and r.outputs is not None
            and len(r.outputs) == len(expected)  # judged whole, not graph by graph
        ):
            fp64 = fp64_outputs(model, args, kwargs)
            if _suite_same(r.outputs, expected, fp64, tolerance):
                for o in r.comparison.outputs:
                    o.passed = True
                    o.detail = "passes with the larger multiplier for smaller tensors"
    result.exec_time = time.perf_counter() - started
    fill(result, results)


def _execute(
    result: CodegenResult,
    capture: GraphInputCapture,
    model: Any,
    as_built: Any,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
    tolerance: Tolerance,
) -> tuple[list[ExecutionResult], list[Any] | None]:
    """The engine's results and, for a one-graph program, the program's
    eager outputs."""
    from inductor_xpu.execution import eager_outputs, execute_program, wrapper_constants

    expected = None
    if len(result.sources) == 1:
        expected = eager_outputs(model, args, kwargs)
    # frozen parameters and folded constants: their real values, where the
    # simulation recorded them
    frozen = any(wrapper_constants(source) for source in result.sources)
    constants = {"constants": result.constants} if frozen and any(result.constants) else {}
    results = execute_program(
        model,
        args,
        result.sources,
        capture.graphs,
        kwargs=kwargs,
        expected=expected,
        tol=tolerance.tol,
        graph_by_graph_fn=as_built,
        **constants,
    )
    return results, expected


def fill(result: CodegenResult, results: Sequence[ExecutionResult]) -> None:
    """``result``'s execution fields from the engine's per-graph results."""
    result.execution = verdict(results)
    compared = [r.comparison for r in results if r.ran and r.comparison is not None]
    if compared:
        result.exec_max_abs_err = max(c.max_abs_err for c in compared)
        result.exec_max_rel_err = max(c.max_rel_err for c in compared)
        result.exec_cosine = min(c.min_cosine for c in compared)
    magnitudes = [
        float(o.detach().abs().max())
        for r in results
        if r.ran and r.outputs is not None
        for o in r.outputs
        if isinstance(o, torch.Tensor) and o.is_floating_point() and o.numel()
    ]
    if magnitudes:
        result.exec_out_max_abs = max(magnitudes)
    result.graphs_ran = sum(r.ran for r in results)
    result.graphs_cannot_execute = sum(not r.ran for r in results)
    result.cannot_execute = [f"graph {r.graph}: {r.status}" for r in results if not r.ran]
    result.kernels_launched = sum(len(r.kernels) for r in results)
    result.kernels_coarsened = sum(k.executed is not None for r in results for k in r.kernels)
    extern: collections.Counter[str] = collections.Counter()
    references: collections.Counter[str] = collections.Counter()
    for r in results:
        extern.update(r.extern_ops)
        references.update(r.references)
    result.extern_ops = dict(sorted(extern.items()))
    result.references = dict(sorted(references.items()))
    failures = [line for r in results for line in r.failures()]
    if result.execution == NOT_COMPARED:
        failures.append(
            f"{len(results)} graphs ran; not compared (eager gives the program's outputs, not each graph's)"
        )
    result.execution_detail = "; ".join(failures)[:2000]
    result.exec_plan = plan_verdict(results)
    plan = [line for r in results for line in r.plan_failures()]
    result.exec_plan_detail = "; ".join(plan or [r.plan_status for r in results if r.plan_passed is not True])[:2000]
