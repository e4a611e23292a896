"""``--codegen-only --run``: the generated xpu program executed on CPU.

After :func:`suite_lib.codegen.run_codegen_only` generated a model's xpu
code, :func:`execute_generated` runs each generated wrapper, as generated,
with the engine of ``inductor_xpu.targets.execution`` (Triton kernels in
Triton's interpreter, extern calls on the CPU kernels of the same ops) on
the real model and inputs, and compares the outputs with eager CPU at the
suite's tolerance (:func:`suite_lib.models.tolerance_for`): fp16/bf16
outputs against the program in float64, as the dynamo runner's ``same()``
does.  The verdict, the errors and what ran go into the row
(:class:`suite_lib.codegen.CodegenResult`'s execution fields).

Verdicts (``execution``):

* ``pass``: every graph ran and matches eager.
* ``fail_accuracy``: a graph ran and an output differs (``execution_detail``
  names the graph, the output and the kernel or op that wrote it).
* ``cannot_execute``: a graph could not run; ``cannot_execute`` holds the
  engine's named statuses (``cannot execute: <reason>``).
* ``not_compared``: every graph ran, but the program has several graphs
  (eager gives the program's outputs, not each graph's).
"""

from __future__ import annotations

import collections
import logging
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any, TYPE_CHECKING


if TYPE_CHECKING:
    from inductor_xpu.targets.execution import ExecutionResult, GraphInputCapture
    from suite_lib.codegen import CodegenResult
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
    from inductor_xpu.targets.execution import CPU_FUNCTIONS

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
    from inductor_xpu.targets.execution import CannotExecute, eager_outputs, execute_program, ExecutionResult
    from inductor_xpu.targets.execution.program import fp64_outputs

    started = time.perf_counter()
    result.exec_tolerance = tolerance.tol
    expected: list[Any] | None = None
    try:
        if len(result.sources) == 1:
            expected = eager_outputs(model, args, kwargs)
        results = execute_program(
            model, args, result.sources, capture.graphs, kwargs=kwargs, expected=expected, tol=tolerance.tol
        )
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
        ):
            fp64 = fp64_outputs(model, args, kwargs)
            if _suite_same(r.outputs, expected, fp64, tolerance):
                for o in r.comparison.outputs:
                    o.passed = True
                    o.detail = "passes with the larger multiplier for smaller tensors"
    result.exec_time = time.perf_counter() - started
    fill(result, results)


def fill(result: CodegenResult, results: Sequence[ExecutionResult]) -> None:
    """``result``'s execution fields from the engine's per-graph results."""
    result.execution = verdict(results)
    compared = [r.comparison for r in results if r.ran and r.comparison is not None]
    if compared:
        result.exec_max_abs_err = max(c.max_abs_err for c in compared)
        result.exec_max_rel_err = max(c.max_rel_err for c in compared)
        result.exec_cosine = min(c.min_cosine for c in compared)
    result.graphs_ran = sum(r.ran for r in results)
    result.graphs_cannot_execute = sum(not r.ran for r in results)
    result.cannot_execute = [f"graph {r.graph}: {r.status}" for r in results if not r.ran]
    result.kernels_launched = sum(len(r.kernels) for r in results)
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
