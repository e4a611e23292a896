"""What executing a generated program on CPU gives back."""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any

from inductor_xpu.execution.compare import Comparison


RAN = "ran"


@dataclasses.dataclass
class KernelLaunch:
    """One launch of a Triton kernel in the interpreter: ``config`` the
    launch config the code carries; ``executed``: the coarsened blocks it
    ran with instead, if any."""

    kernel: str
    config: dict[str, Any]
    num_warps: int | None
    executed: dict[str, Any] | None = None


@dataclasses.dataclass
class ExecutionResult:
    """One graph's generated wrapper, executed on CPU.

    ``status``: ``"ran"``, or ``"cannot execute: <reason>"`` naming what
    could not run.  ``kernels``: the Triton kernel launches, in order, each
    with the launch config used (the heuristics' first).  ``extern_ops``:
    the ops the wrapper called outside Triton kernels (extern kernels, oneDNN
    ops, fallbacks), with counts; ``references``: ops with no CPU kernel that
    ran as a reference implementation (not the device's kernel).
    ``comparison``: the outputs against eager, when given; ``producers``:
    output index -> the kernel or op that last wrote it."""

    graph: str
    status: str
    kernels: list[KernelLaunch] = dataclasses.field(default_factory=list)
    extern_ops: dict[str, int] = dataclasses.field(default_factory=dict)
    references: dict[str, int] = dataclasses.field(default_factory=dict)
    comparison: Comparison | None = None
    producers: dict[int, str] = dataclasses.field(default_factory=dict)
    outputs: tuple[Any, ...] | None = dataclasses.field(default=None, repr=False)
    # with execute_wrapper(keep_inputs=True): the copies of the arguments the
    # call received, after it (a graph that mutates its inputs updates them)
    inputs: tuple[Any, ...] | None = dataclasses.field(default=None, repr=False)
    # an fp16/bf16 program's precision-lifted run (execution/lifted.py): the
    # same graph executed in fp32, judged by the plan rule
    lifted: ExecutionResult | None = None

    @property
    def ran(self) -> bool:
        return self.status == RAN

    @property
    def passed(self) -> bool:
        return self.ran and self.comparison is not None and self.comparison.passed

    @property
    def plan_passed(self) -> bool | None:
        """The plan verdict (execution/plan_verdict.py): the run judged by the
        plan rule -- an fp16/bf16 program's lifted run, else this one -- ran
        and every output passed; None where it was not judged (no lifted
        run or float64 reference, or the lifted run could not execute)."""
        if not self.ran:
            return False
        judged = self.lifted if self.lifted is not None else self
        if not judged.ran or judged.comparison is None:
            return None
        return judged.comparison.plan_passed

    @property
    def plan_status(self) -> str:
        """The plan verdict in a few words: ``pass (lifted to fp32, worst
        error 0.17 of its bound)``, ``FAIL (...)``, ``not judged (why)``."""
        judged = self.lifted if self.lifted is not None else self
        how = "lifted to fp32" if self.lifted is not None else "as generated"
        if not self.ran:
            return f"not judged ({self.status})"
        if not judged.ran:
            return f"not judged (the lifted run {judged.status})"
        if judged.comparison is None:
            return "not judged (not compared)"
        verdict = judged.comparison.plan_passed
        if verdict is None:
            return "not judged (no float64 reference)"
        worst = max((o.plan.ratio for o in judged.comparison.outputs if o.plan is not None), default=0.0)
        return f"{'pass' if verdict else 'FAIL'} ({how}, worst error {worst:.2g} of its bound)"

    def plan_failures(self) -> list[str]:
        """One line per output failing the plan rule (of the lifted run where
        there is one), naming the graph, output and producer."""
        judged = self.lifted if self.lifted is not None else self
        if not self.ran:
            return []
        if not judged.ran:
            return [f"graph {judged.graph}: {judged.status}"]
        if judged.comparison is None:
            return []
        lines = []
        for o in judged.comparison.outputs:
            if o.plan is None or o.plan.passed:
                continue
            by = judged.producers.get(o.index)
            lines.append(
                f"graph {judged.graph}: output {o.index} ({o.dtype}{list(o.shape)}) fails the plan rule: "
                f"{o.plan.detail}" + (f", produced by {by}" if by else "")
            )
        return lines

    @property
    def kernel_names(self) -> list[str]:
        return list(dict.fromkeys(k.kernel for k in self.kernels))

    def failures(self) -> list[str]:
        """One line per failing output: the graph, the output, its errors and
        the kernel (or op) that produced it."""
        if not self.ran:
            return [f"graph {self.graph}: {self.status}"]
        if self.comparison is None:
            return []
        lines = []
        for o in self.comparison.outputs:
            if o.passed:
                continue
            by = None if o.name else self.producers.get(o.index)
            lines.append(
                f"graph {self.graph}: {o.name or f'output {o.index}'} ({o.dtype}{list(o.shape)}) differs from eager: "
                f"max abs err {o.max_abs_err:.3g}, max rel err {o.max_rel_err:.3g}, cosine {o.cosine:.6f}"
                + (f", produced by {by}" if by else "")
                + (f" ({o.detail})" if o.detail else "")
            )
        return lines

    def as_dict(self) -> dict[str, Any]:
        comparison = None
        if self.comparison is not None:
            comparison = {
                "tolerance": self.comparison.tolerance,
                "passed": self.comparison.passed,
                "max_abs_err": self.comparison.max_abs_err,
                "max_rel_err": self.comparison.max_rel_err,
                "min_cosine": self.comparison.min_cosine,
                "outputs": [dataclasses.asdict(o) for o in self.comparison.outputs],
            }
        return {
            "graph": self.graph,
            "status": self.status,
            "passed": self.passed,
            "kernels": [dataclasses.asdict(k) for k in self.kernels],
            "extern_ops": dict(self.extern_ops),
            "references": dict(self.references),
            "comparison": comparison,
            "producers": {str(k): v for k, v in self.producers.items()},
            "failures": self.failures(),
            "plan": self._plan_dict(),
        }

    def _plan_dict(self) -> dict[str, Any]:
        judged = self.lifted if self.lifted is not None else self
        outputs = []
        if judged.comparison is not None:
            outputs = [
                {"index": o.index, **dataclasses.asdict(o.plan)}
                for o in judged.comparison.outputs
                if o.plan is not None
            ]
        return {
            "passed": self.plan_passed,
            "status": self.plan_status,
            "lifted": self.lifted is not None,
            "lifted_status": self.lifted.status if self.lifted is not None else None,
            "outputs": outputs,
            "failures": self.plan_failures(),
        }

    def to_json(self, **kwargs: Any) -> str:
        """Strict JSON: a non-finite error (an output with NaN or inf where
        eager has none) is the string ``"inf"``/``"nan"``."""
        return json.dumps(_finite(self.as_dict()), allow_nan=False, **kwargs)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value
