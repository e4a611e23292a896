"""Outputs of an executed program against eager CPU.

Pass/fail is the model suite's check: ``torch._dynamo.utils.same`` (the
dynamo benchmarks' comparison, tools/bench/suite_lib/runner.py), at the
tolerance the caller gives -- the suite's rule is
``tools/bench/suite_lib/models.py:tolerance_for`` (1e-3 for inference, 1e-2
for training, with per-model exceptions); a library module does not import
tools/, so the caller passes the number.  With an fp64 reference the
low-precision rule applies (the result's error against fp64 within a
multiple of eager's, as in the suite)."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Sequence
from typing import Any

import torch

from inductor_xpu.execution.plan_verdict import plan_check, PlanCheck


log = logging.getLogger(__name__)

# The suite's inference tolerance for a model without its own entry
# (tools/bench/suite_lib/models.py:tolerance_for).
INFERENCE_TOLERANCE = 1e-3


@dataclasses.dataclass
class OutputComparison:
    """One output (or an input the graph mutates: ``name``) against its
    eager value.  Errors in fp32 (both upcast); ``max_abs_err_in_dtype``:
    the difference taken in the output's dtype."""

    index: int
    dtype: str
    shape: tuple[int, ...]
    max_abs_err: float
    max_rel_err: float
    cosine: float
    max_abs_err_in_dtype: float
    passed: bool
    detail: str = ""
    # what the value is where it is not the graph's output ``index``
    # ("mutated input 0 (L['x'])")
    name: str = ""
    # the plan rule against float64 (plan_verdict.py); None: not applied
    plan: PlanCheck | None = None

    @property
    def plan_passed(self) -> bool | None:
        """The plan rule's verdict; for an integer or boolean output and a
        mutated input, the accuracy verdict (exact, for integers); None for a
        floating output without a float64 reference."""
        if self.plan is not None:
            return self.plan.passed
        if self.name or not _FLOATING.search(self.dtype):
            return self.passed
        return None


@dataclasses.dataclass
class Comparison:
    """All outputs of one graph against eager."""

    tolerance: float
    outputs: list[OutputComparison]

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outputs)

    @property
    def max_abs_err(self) -> float:
        return max((o.max_abs_err for o in self.outputs), default=0.0)

    @property
    def max_rel_err(self) -> float:
        return max((o.max_rel_err for o in self.outputs), default=0.0)

    @property
    def min_cosine(self) -> float:
        return min((o.cosine for o in self.outputs), default=1.0)

    def failing(self) -> list[int]:
        return [o.index for o in self.outputs if not o.passed]

    @property
    def plan_passed(self) -> bool | None:
        """Every output passes the plan rule (None: some floating output
        has no float64 reference, none fails)."""
        verdicts = [o.plan_passed for o in self.outputs]
        if False in verdicts:
            return False
        return None if None in verdicts else True


_FLOATING = re.compile(r"float|half|bfloat")


def add_plan_checks(
    comparison: Comparison | None, outputs: Sequence[Any] | None, expected: Sequence[Any], fp64: Sequence[Any] | None
) -> None:
    """Each of ``comparison``'s outputs (``outputs``: the executed plan's,
    ``expected``: eager's) judged by the plan rule against ``fp64`` (the
    program in float64; None: not judged)."""
    if comparison is None or outputs is None or fp64 is None or len(fp64) != len(expected):
        return
    for o in comparison.outputs:
        if o.name or o.index >= len(outputs) or len(outputs) != len(expected):
            continue
        o.plan = plan_check(outputs[o.index], expected[o.index], fp64[o.index])


def _metrics(actual: torch.Tensor, expected: torch.Tensor) -> tuple[float, float, float, float]:
    a, e = actual.detach().to(torch.float32), expected.detach().to(torch.float32)
    if a.numel() == 0:
        return 0.0, 0.0, 1.0, 0.0
    diff = (a - e).abs()
    finite = torch.isfinite(diff)
    both_nan = torch.isnan(a) & torch.isnan(e)
    same_inf = torch.isinf(a) & (a == e)
    bad = ~(finite | both_nan | same_inf)
    max_abs = float("inf") if bad.any() else float(torch.where(finite, diff, 0).max())
    rel = diff / e.abs().clamp_min(1e-6)
    max_rel = float("inf") if bad.any() else float(torch.where(finite, rel, 0).max())
    a_f, e_f = torch.nan_to_num(a).flatten().double(), torch.nan_to_num(e).flatten().double()
    norms = float(a_f.norm() * e_f.norm())
    if norms == 0.0:
        cosine = 1.0 if torch.equal(a_f, e_f) else 0.0  # zero vectors: alike only if both are
    else:
        cosine = float(a_f @ e_f) / norms
    if actual.dtype == expected.dtype and actual.dtype.is_floating_point:
        in_dtype = (actual.detach() - expected.detach()).abs().to(torch.float32)
        max_in_dtype = float(torch.nan_to_num(in_dtype, nan=float("inf")).max())
    else:
        max_in_dtype = max_abs
    return max_abs, max_rel, cosine, max_in_dtype


def compare_output(
    index: int,
    actual: Any,
    expected: Any,
    *,
    tol: float = INFERENCE_TOLERANCE,
    fp64_expected: Any = None,
) -> OutputComparison:
    if not isinstance(expected, torch.Tensor) or not isinstance(actual, torch.Tensor):
        ok = type(actual) is type(expected) and actual == expected
        return OutputComparison(index, type(expected).__name__, (), 0.0, 0.0, 1.0, 0.0, bool(ok),
                                "" if ok else f"{actual!r} != {expected!r}")
    shape = tuple(expected.shape)
    if tuple(actual.shape) != shape or actual.dtype != expected.dtype:
        return OutputComparison(
            index, str(expected.dtype), shape, float("inf"), float("inf"), 0.0, float("inf"), False,
            f"got {actual.dtype}{list(actual.shape)}, expected {expected.dtype}{list(shape)}",
        )
    max_abs, max_rel, cosine, in_dtype = _metrics(actual, expected)
    from torch._dynamo.utils import same

    passed = bool(same(expected, actual, fp64_ref=fp64_expected, tol=tol, equal_nan=True,
                       log_error=log.debug))
    return OutputComparison(index, str(expected.dtype), shape, max_abs, max_rel, cosine, in_dtype, passed)


def compare(
    outputs: Sequence[Any],
    expected: Sequence[Any],
    *,
    tol: float = INFERENCE_TOLERANCE,
    fp64_expected: Sequence[Any] | None = None,
) -> Comparison:
    """Each of ``outputs`` against ``expected`` (eager CPU, the same
    program), at the suite's check with tolerance ``tol``."""
    if len(outputs) != len(expected):
        return Comparison(tol, [OutputComparison(
            0, "-", (), float("inf"), float("inf"), 0.0, float("inf"), False,
            f"{len(outputs)} outputs, eager gives {len(expected)}",
        )])
    fp64 = list(fp64_expected) if fp64_expected is not None else [None] * len(expected)
    return Comparison(
        tol,
        [compare_output(i, a, e, tol=tol, fp64_expected=r) for i, (a, e, r) in enumerate(zip(outputs, expected, fp64))],
    )


# An executed xpu INT8 plan is checked against the PT2E program it was
# compiled from (its quantize/dequantize reference, eager on CPU) at the
# suite's check: that program defines the plan, on every CPU.  Against the
# program quantized for CPU (X86InductorQuantizer: unsigned activations) and
# against the float program it computes the same function only up to
# quantization error: they agree when every output's cosine similarity is
# at least this.
INT8_AGREEMENT_COSINE = 0.99


@dataclasses.dataclass(frozen=True)
class Int8Agreement:
    """The executed INT8 plan's outputs against another computation of the
    same model (``reference``: ``"cpu_int8"`` or ``"fp32"``).  ``expected``:
    whether that computation is faithful here, so that agreement is part of
    the verdict (CPU INT8 is not where its dot products saturate: ``note``
    says why, :meth:`inductor_xpu.cpu_isa.CpuIsa.int8_note`)."""

    reference: str
    description: str
    max_abs_err: float
    max_rel_err: float
    cosine: float
    expected: bool = True
    note: str = ""

    @property
    def agrees(self) -> bool:
        return self.cosine >= INT8_AGREEMENT_COSINE

    @property
    def ok(self) -> bool:
        """Agrees, or agreement is not expected here (reported, not a
        failure)."""
        return self.agrees or not self.expected
