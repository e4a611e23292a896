"""Executing what a compile generated, on CPU, and reporting it.

:func:`execute_compiled` runs each generated wrapper of a
:class:`~inductor_xpu.targets.CompileReport` on a real (CPU) copy of the
program through :func:`inductor_xpu.targets.execution.execute_program` and
keeps the results in the report's ``execution``; any caller of
:func:`~inductor_xpu.targets.compile_for_target` can use it: install a
:func:`~inductor_xpu.targets.execution.capture_graph_inputs` capture's
Inductor options in ``TargetOptions.inductor_config``, compile, then call it
with a freshly built program (the compile made the given module's
parameters fake).  :func:`execution_section` is report.json's ``execution``,
:func:`execution_lines` the summary's lines, :func:`execution_verdict` the
verdict (a graph that could not execute is never a pass: INCOMPLETE) and
:func:`execution_failed` the rule for the exit status.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TYPE_CHECKING


if TYPE_CHECKING:
    from inductor_xpu.quant import Int8Agreement
    from inductor_xpu.targets.execution import ExecutionResult, GraphInputCapture
    from inductor_xpu.targets.pipeline import CompileReport


__all__ = ["execute_compiled", "execution_failed", "execution_lines", "execution_section", "execution_verdict"]

log = logging.getLogger(__name__)

NOT_COMPARED = (
    "not compared (a program of several graphs: eager gives the program's outputs, not each graph's)"
)


def execute_compiled(
    compiled: CompileReport,
    capture: GraphInputCapture,
    fn: Callable[..., Any],
    args: Sequence[Any],
    kwargs: Mapping[str, Any] | None = None,
) -> list[ExecutionResult]:
    """Execute each graph ``compiled`` generated on the real program ``fn``
    (``args``/``kwargs`` on CPU, the weights ``fn`` holds) and compare it
    with eager; ``capture`` recorded the graphs' inputs during the compile.
    The results are also ``compiled.execution``.  What cannot run is a
    result with a named status, never an exception."""
    from inductor_xpu.targets.execution import CannotExecute, execute_program, ExecutionResult

    sources = [code.source for code in compiled.generated]
    try:
        results = execute_program(
            fn, args, sources, capture.graphs, kwargs=kwargs, constants=[code.constants for code in compiled.generated]
        )
    except Exception as e:  # noqa: BLE001 - reported per graph, the compile's report stays whole
        log.debug("executing %d generated graph(s) raised", len(sources), exc_info=True)
        status = CannotExecute(f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}")
        results = [ExecutionResult(graph=str(i), status=status.status) for i in range(len(sources))]
    compiled.execution = results
    return results


# The verdicts of a run (report.json's execution.verdict, the summary's last
# word): every graph ran and matched eager; a graph differs from eager; a
# graph could not execute, was not executed or was not compared, so the
# program was not shown to match.
PASS = "PASS"
FAIL = "FAIL"
INCOMPLETE = "INCOMPLETE"


def execution_verdict(results: Sequence[ExecutionResult]) -> str:
    """:data:`FAIL` when a graph ran and its outputs differ from eager;
    else :data:`PASS` when every graph ran and passed; else
    :data:`INCOMPLETE` (a graph cannot execute, was not executed or ran
    without a comparison, or there is no graph): a graph that could not be
    checked is never a pass."""
    if any(r.ran and r.comparison is not None and not r.comparison.passed for r in results):
        return FAIL
    if results and all(r.passed for r in results):
        return PASS
    return INCOMPLETE


def execution_failed(results: Sequence[ExecutionResult]) -> bool:
    """The rule for the exit status: anything but :data:`PASS`
    (:func:`execution_verdict`)."""
    return execution_verdict(results) != PASS


def _graph_entry(result: ExecutionResult) -> dict[str, Any]:
    full = json.loads(result.to_json())  # strict JSON: a non-finite error is "inf"/"nan"
    comparison = full["comparison"]
    return {
        "graph": full["graph"],
        "status": full["status"],
        "passed": full["passed"],
        "compared": comparison is not None,
        "tolerance": comparison["tolerance"] if comparison else None,
        "max_abs_err": comparison["max_abs_err"] if comparison else None,
        "max_rel_err": comparison["max_rel_err"] if comparison else None,
        "cosine": comparison["min_cosine"] if comparison else None,
        "outputs": comparison["outputs"] if comparison else [],
        "kernels": result.kernel_names,
        "kernel_launches": full["kernels"],
        "extern_ops": full["extern_ops"],
        "references": full["references"],
        "producers": full["producers"],
        "failures": full["failures"],
    }


def _int8_entry(agreement: Int8Agreement) -> dict[str, Any]:
    from inductor_xpu.quant import INT8_AGREEMENT_COSINE

    return {
        "reference": agreement.reference,
        "description": agreement.description,
        "max_abs_err": agreement.max_abs_err,
        "max_rel_err": agreement.max_rel_err,
        "cosine": agreement.cosine,
        "min_cosine": INT8_AGREEMENT_COSINE,
        "agrees": agreement.agrees,
        "expected": agreement.expected,
        "note": agreement.note,
    }


def execution_section(
    results: Sequence[ExecutionResult], int8: Sequence[Int8Agreement] = ()
) -> dict[str, Any]:
    """report.json's ``execution``: per graph and overall (``passed``, and
    ``verdict``: PASS, FAIL or INCOMPLETE, :func:`execution_verdict`); for
    an INT8 plan also its agreement with CPU INT8 and the float model
    (``int8``), part of the verdict."""
    graphs = [_graph_entry(r) for r in results]
    section: dict[str, Any] = {
        "how": "each generated wrapper executed on CPU: Triton kernels in Triton's interpreter, "
        "extern calls on the CPU kernels of the same ops; outputs compared with eager CPU",
        "graphs": graphs,
        "totals": {
            "graphs": len(results),
            "ran": sum(r.ran for r in results),
            "passed": sum(r.passed for r in results),
            "failed": sum(r.ran and r.comparison is not None and not r.comparison.passed for r in results),
            "not_compared": sum(r.ran and r.comparison is None for r in results),
            "cannot_execute": sum(not r.ran for r in results),
        },
        "int8": [_int8_entry(a) for a in int8],
        "passed": not execution_failed(results) and all(a.ok for a in int8),
    }
    verdict = execution_verdict(results)
    # an INT8 plan whose graphs pass but that disagrees with its references
    section["verdict"] = FAIL if verdict == PASS and not section["passed"] else verdict
    return section


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _graph_line(g: dict[str, Any]) -> str:
    if g["status"] != "ran":
        return f"graph {g['graph']}: {g['status']}"
    if not g["compared"]:
        verdict = NOT_COMPARED
    else:
        abs_err, cosine = g["max_abs_err"], g["cosine"]
        abs_text = f"{abs_err:.2g}" if isinstance(abs_err, float) else str(abs_err)
        cos_text = f"{cosine:.6f}" if isinstance(cosine, float) else str(cosine)
        verdict = f"{'pass' if g['passed'] else 'FAIL'} (max abs {abs_text}, cosine {cos_text})"
    line = (
        f"graph {g['graph']}: ran, {verdict}, {_plural(len(g['kernels']), 'kernel')}, "
        f"{_plural(sum(g['extern_ops'].values()), 'extern op')}"
    )
    if g["references"]:
        line += f" ({', '.join(g['references'])} as a reference implementation)"
    return line


def execution_lines(section: Mapping[str, Any]) -> list[str]:
    """The summary's lines: one per graph, what failed, and the verdict."""
    lines = [f"  execution on CPU: {_graph_line(g)}" for g in section["graphs"]]
    for g in section["graphs"]:
        if g["status"] == "ran" and g["compared"] and not g["passed"]:
            lines += [f"    {failure}" for failure in g["failures"]]
    for a in section.get("int8", []):
        if a["agrees"]:
            verdict = f"agrees: cosine >= {a['min_cosine']}"
        elif a.get("expected", True):
            verdict = f"DISAGREES: cosine < {a['min_cosine']}"
        else:
            verdict = f"disagrees, not expected on this CPU: cosine < {a['min_cosine']}"
        lines.append(
            f"  INT8 plan vs {a['reference']}: max abs {a['max_abs_err']:.2g}, cosine {a['cosine']:.6f} ({verdict})"
        )
        if a.get("note"):
            lines.append(f"    {a['note']}")
    t = section["totals"]
    lines.append(
        f"  execution: {_plural(t['graphs'], 'graph')}: {t['passed']} passed, {t['failed']} failed, "
        f"{t['cannot_execute']} cannot execute"
        + (f", {t['not_compared']} not compared" if t["not_compared"] else "")
        + f": {section.get('verdict') or (PASS if section['passed'] else FAIL)}"
    )
    return lines
