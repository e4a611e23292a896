"""Executing what a compile generated, on CPU, and reporting it.

:func:`execute_compiled` runs each generated wrapper of a
:class:`~inductor_xpu.compile.pipeline.CompileReport` on a real (CPU) copy of the
program through :func:`inductor_xpu.execution.execute_program` and
keeps the results in the report's ``execution``; any caller of
:func:`~inductor_xpu.compile.pipeline.compile_for_target` can use it: install a
:func:`~inductor_xpu.execution.capture_graph_inputs` capture's
Inductor options in ``TargetOptions.inductor_config``, compile, then call it
with a freshly built program (the compile made the given module's
parameters fake).  :func:`execution_section` is report.json's ``execution``,
:func:`execution_lines` the summary's lines, :func:`execution_verdict` the
verdict (a graph that could not execute is never a pass: INCOMPLETE) and
:func:`execution_failed` the rule for the exit status.  The verdict holds
two: the accuracy verdict (:func:`accuracy_verdict`, the model suite's
rule) and the plan verdict (:func:`plan_verdict`: the plan as accurate as
eager fp32, :mod:`inductor_xpu.execution.plan_verdict`); a failure of either
fails the run.
"""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

from inductor_xpu.execution.kernels import ExecutionObserver, observing_execution


if TYPE_CHECKING:
    from inductor_xpu.execution.compare import Int8Agreement
    from inductor_xpu.execution import ExecutionResult, GraphInputCapture
    from inductor_xpu.compile.pipeline import CompileReport


__all__ = [
    "RunMonitor",
    "RunTimedOut",
    "execute_compiled",
    "execution_failed",
    "execution_lines",
    "execution_section",
    "execution_verdict",
    "accuracy_verdict",
    "plan_verdict",
]

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
    from inductor_xpu.execution import CannotExecute, execute_program, ExecutionResult

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
TIMED_OUT = "TIMED OUT"  # --run-timeout stopped the run (a graph's status: "timed out after N s")
TIMED_OUT_STATUS = "timed out after"


NOT_JUDGED = "NOT JUDGED"  # the plan verdict where no graph's plan could be judged

ACCURACY_RULE = "the model suite's rule: dynamo's same() against eager CPU, fp16/bf16 with the float64 program"


def plan_rule() -> str:
    from inductor_xpu.execution.plan_verdict import PLAN_FLOOR_ULPS, PLAN_MULTIPLE

    return (
        f"error against float64 within {PLAN_MULTIPLE:g}x eager fp32's + {PLAN_FLOOR_ULPS:g} ulp; "
        "fp16/bf16 lifted to fp32"
    )


def accuracy_verdict(results: Sequence[ExecutionResult]) -> str:
    """The accuracy verdict (the suite's rule): :data:`FAIL` when a graph
    ran and its outputs differ from eager; else :data:`TIMED_OUT` when
    ``--run-timeout`` stopped a graph; else :data:`PASS` when every graph
    ran and passed; else :data:`INCOMPLETE` (a graph cannot execute, was not
    executed or ran without a comparison, or there is no graph): a graph
    that could not be checked is never a pass."""
    if any(r.ran and r.comparison is not None and not r.comparison.passed for r in results):
        return FAIL
    if any(r.status.startswith(TIMED_OUT_STATUS) for r in results):
        return TIMED_OUT
    if results and all(r.passed for r in results):
        return PASS
    return INCOMPLETE


def plan_verdict(results: Sequence[ExecutionResult]) -> str:
    """The plan verdict (:mod:`inductor_xpu.execution.plan_verdict`) of the
    graphs that ran: :data:`FAIL` when one fails the plan rule (its lifted
    run, for an fp16/bf16 program); :data:`PASS` when every graph ran and
    passed it; :data:`NOT_JUDGED` when none could be judged (no float64
    reference: an INT8 plan; the lifted run off); else
    :data:`INCOMPLETE`."""
    judged = [r.plan_passed for r in results if r.ran]
    if False in judged:
        return FAIL
    if results and len(judged) == len(results) and all(v is True for v in judged):
        return PASS
    if all(v is None for v in judged):
        return NOT_JUDGED
    return INCOMPLETE


def execution_verdict(results: Sequence[ExecutionResult]) -> str:
    """Both verdicts in one: :data:`FAIL` when either fails; else the
    accuracy verdict (:func:`accuracy_verdict`), where a plan that could not
    be judged does not stop a :data:`PASS`."""
    accuracy, plan = accuracy_verdict(results), plan_verdict(results)
    if FAIL in (accuracy, plan):
        return FAIL
    return accuracy


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
        "plan": full["plan"],
    }


def _int8_entry(agreement: Int8Agreement) -> dict[str, Any]:
    from inductor_xpu.execution.compare import INT8_AGREEMENT_COSINE

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
    ``verdict``: PASS, FAIL, TIMED OUT or INCOMPLETE, :func:`execution_verdict`); for
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
            "cannot_execute": sum(not r.ran and not r.status.startswith(TIMED_OUT_STATUS) for r in results),
            "timed_out": sum(r.status.startswith(TIMED_OUT_STATUS) for r in results),
        },
        "int8": [_int8_entry(a) for a in int8],
        "passed": not execution_failed(results) and all(a.ok for a in int8),
        "accuracy": {"verdict": accuracy_verdict(results), "rule": ACCURACY_RULE},
        "plan": {
            "verdict": plan_verdict(results),
            "rule": plan_rule(),
            "lifted": any(r.lifted is not None for r in results),
            "passed": sum(r.plan_passed is True for r in results),
            "failed": sum(r.ran and r.plan_passed is False for r in results),
            "not_judged": sum(r.ran and r.plan_passed is None for r in results),
        },
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
    if g["compared"] and g.get("plan"):
        line += f"; plan {g['plan']['status']}"
    return line


def execution_lines(section: Mapping[str, Any]) -> list[str]:
    """The summary's lines: one per graph, what failed, and the verdict."""
    lines = [f"  execution on CPU: {_graph_line(g)}" for g in section["graphs"]]
    for g in section["graphs"]:
        if g["status"] == "ran" and g["compared"] and not g["passed"]:
            lines += [f"    {failure}" for failure in g["failures"]]
        if g["status"] == "ran" and g.get("plan"):
            lines += [f"    {failure}" for failure in g["plan"]["failures"]]
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
    if "plan" in section:
        lines.append(
            f"  verdicts: accuracy {section['accuracy']['verdict']} (the suite's rule), "
            f"plan {section['plan']['verdict']} ({section['plan']['rule']})"
        )
    t = section["totals"]
    lines.append(
        f"  execution: {_plural(t['graphs'], 'graph')}: {t['passed']} passed, {t['failed']} failed, "
        f"{t['cannot_execute']} cannot execute"
        + (f", {t['not_compared']} not compared" if t["not_compared"] else "")
        + (f", {t['timed_out']} timed out" if t.get("timed_out") else "")
        + f": {section.get('verdict') or (PASS if section['passed'] else FAIL)}"
    )
    return lines


# ---------------------------------------------------------------------------
# --run's progress and time limit

# A run that takes longer than PROGRESS_AFTER_S shows its progress (where
# progress goes to a terminal, from the start): a line per graph started and
# finished, and the graph, its kernel launches and the last kernel every
# PROGRESS_EVERY_S (one Triton kernel in the interpreter can take minutes).
PROGRESS_AFTER_S = 2.0
PROGRESS_EVERY_S = 5.0
NOT_EXECUTED_AFTER_TIMEOUT = "not executed (the run was stopped at its time limit)"


class RunTimedOut(BaseException):
    """``--run-timeout`` passed: raised into the execution (by SIGALRM in
    the main thread, else at the next graph or kernel launch) to stop it.
    Not an ``Exception``: the engine's handlers turn those into a graph's
    named status and carry on."""


def _seconds(s: float) -> str:
    return f"{s:g}"


def _launches(n: int) -> str:
    return f"{n} kernel launch" if n == 1 else f"{n} kernel launches"


class RunMonitor(ExecutionObserver):
    """Watches one ``--run`` (:meth:`watching`): where it is (the engine's
    :class:`~inductor_xpu.execution.kernels.ExecutionObserver`
    hooks), its progress as lines to ``progress`` once it runs longer than
    :data:`PROGRESS_AFTER_S` (from the start with ``always``: a terminal),
    and its time limit ``timeout`` (seconds; :class:`RunTimedOut`, then
    :meth:`timed_out_results`)."""

    def __init__(
        self,
        *,
        timeout: float | None = None,
        progress: Callable[[str], None] | None = None,
        always: bool = False,
    ) -> None:
        self.timeout = timeout
        self._progress = progress
        self._always = always
        self._start = time.monotonic()
        self._deadline: float | None = None
        self._lock = threading.Lock()
        self._last_line = float("-inf")
        self.graph: str | None = None  # the graph executing (None: none started, or it finished)
        self.kernel: str | None = None
        self.launches = 0
        self.finished: dict[str, ExecutionResult] = {}
        self.timed_out = False

    # the engine's hooks

    def graph_started(self, graph: str) -> None:
        self._check_deadline()
        self.finished.pop(graph, None)  # executed again (the graph-by-graph route)
        self.graph, self.kernel, self.launches = graph, None, 0
        self._show(f"graph {graph}: started")

    def kernel_launched(self, graph: str, kernel: str, launches: int) -> None:
        self._check_deadline()
        self.graph, self.kernel, self.launches = graph, kernel, launches

    def graph_finished(self, result: ExecutionResult) -> None:
        self.finished[result.graph] = result
        if self.graph == result.graph:
            self.graph = None
        n = len(result.kernels)
        last = f" (last {result.kernels[-1].kernel})" if result.kernels else ""
        self._show(f"graph {result.graph}: done, {_launches(n)}{last}")

    # progress

    def _elapsed(self) -> float:
        return time.monotonic() - self._start

    def _show(self, what: str, *, tick: bool = False) -> None:
        if self._progress is None:
            return
        elapsed = self._elapsed()
        if not self._always and elapsed < PROGRESS_AFTER_S:
            return
        with self._lock:
            if tick and elapsed - self._last_line < PROGRESS_EVERY_S:
                return
            self._last_line = elapsed
            self._progress(f"run: {what}, {elapsed:.1f} s")

    def _state(self) -> str | None:
        if self.graph is None:
            return None
        if self.kernel is None:
            return f"graph {self.graph}: no kernel launched yet"
        return f"graph {self.graph}: kernel {self.kernel} ({_launches(self.launches)})"

    def _tick(self, stop: threading.Event) -> None:
        interval = max(min(PROGRESS_EVERY_S, PROGRESS_AFTER_S or PROGRESS_EVERY_S) / 2, 0.01)
        while not stop.wait(interval):
            state = self._state()
            if state is not None:
                self._show(state, tick=True)

    # the time limit

    def _check_deadline(self) -> None:
        if self._deadline is not None and time.monotonic() >= self._deadline:
            self._deadline = None  # raised once
            self.timed_out = True
            raise RunTimedOut

    def _alarm(self, signum: int, frame: Any) -> None:
        if self._deadline is not None:
            self._deadline = None
            self.timed_out = True
            raise RunTimedOut

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        """The run inside is watched: its time limit counts from here."""
        self._start = time.monotonic()
        stop = threading.Event()
        ticker = None
        if self._progress is not None:
            ticker = threading.Thread(target=self._tick, args=(stop,), name="inductor-xpu-run-progress", daemon=True)
            ticker.start()
        alarm = None
        if self.timeout is not None:
            self._deadline = self._start + self.timeout
            # SIGALRM interrupts a kernel that runs for minutes in the
            # interpreter; off the main thread the deadline is checked at
            # each graph and kernel launch only
            if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
                alarm = signal.signal(signal.SIGALRM, self._alarm)
                signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            with observing_execution(self):
                yield
        finally:
            self._deadline = None
            if alarm is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, alarm)
            stop.set()
            if ticker is not None:
                ticker.join()

    def timed_out_results(self, graphs: Sequence[str]) -> list[ExecutionResult]:
        """The results of a run stopped at its time limit, one per graph
        name in ``graphs``: those that finished as they are, the graph that
        was executing (or, if none was, the first that had not finished)
        ``timed out after N s``, the others not executed."""
        from inductor_xpu.execution import ExecutionResult

        stopped = self.graph if self.graph in graphs else next((g for g in graphs if g not in self.finished), None)
        results = []
        for name in graphs:
            if name == stopped:
                status = f"{TIMED_OUT_STATUS} {_seconds(self.timeout or 0)} s"
                results.append(ExecutionResult(graph=name, status=status))
            elif name in self.finished:
                results.append(self.finished[name])
            else:
                results.append(ExecutionResult(graph=name, status=NOT_EXECUTED_AFTER_TIMEOUT))
        return results
