"""The plan verdict: is the executed plan as accurate as eager fp32?

The accuracy verdict (:mod:`~inductor_xpu.execution.compare`) is the model
suite's rule, made to ask "is this model still fine": ``allclose`` at the
suite's tolerance (1e-3 for inference) passes first, so a 1% wrong
erf-GELU constant (max abs error 1.2e-3 on outputs of order 1, 2,500 times
the right program's) passes it, and in bf16 its error hides under rounding.
The plan verdict asks whether the plan computes the right function to the
accuracy of its precision.  Per floating output, against the program run
eagerly in float64 (``r``), with eager fp32's own output ``e`` and the
executed plan's ``c``::

    max|c - r|  <=  PLAN_MULTIPLE * max|e - r|  +  PLAN_FLOOR_ULPS * eps * max|r|

``eps`` is the output dtype's machine epsilon (fp32: 2**-23; a float64
output's eager run is its own reference, so there the floor alone applies)
and ``max|r|`` the largest finite reference value: the floor is a few
roundings at the output's own scale, for outputs eager computes exactly
(a permute, a max, a gather) or nearly.  Positions where eager or the
reference is not finite are left out of the errors; there the plan must
give eager's (or the reference's) value.  The constants come from the
golden programs and the suite sample in fp32, and the lifted fp16/bf16
runs (benchmarks/results/execution_mutation.md).

fp16/bf16 plans are judged by their precision-lifted run
(:mod:`~inductor_xpu.execution.lifted`): the same plan executed in fp32,
against the program in fp32; their low-precision run keeps the accuracy
verdict."""

from __future__ import annotations

import dataclasses
from typing import Any

import torch


# An executed plan's max abs error against float64 may be this many times
# eager fp32's, plus PLAN_FLOOR_ULPS machine epsilons at the output's largest
# magnitude.  On 139 unmutated programs (the goldens in fp32/fp16/bf16, also
# frozen; six suite models): an error above 4 ulp was at most 1.6x eager's,
# an error above 4x eager's at most 2.3 ulp (a scan, a Welford mean, where
# eager's own error is a fraction of an ulp); 2 and 2 would fail one (a
# float64 output, floor alone at 2.15 ulp), 3 and 3 none; the mutation score
# is the same from 1 to 64 (benchmarks/results/execution_mutation.md).  The
# whole suite then needed more: LayoutLMForSequenceClassification in bf16
# with freezing, lifted (its output a log-softmax of two logits; the frozen
# plan's linears are oneDNN's, eager's ATen's addmm), has a plan error of 4.4e-7 where eager's is 3.85e-8 at a scale
# of 0.32, 12 ulp: k = F = 4 fails it, k = F >= 6.5 passes it.  16 keeps
# 2.5x of margin there and the same mutation score
# (benchmarks/results/xpu_execution_accuracy.md).
PLAN_MULTIPLE = 16.0
PLAN_FLOOR_ULPS = 16.0


@dataclasses.dataclass
class PlanCheck:
    """One output against float64: the executed plan's max abs error, eager
    fp32's, and the bound the plan's must stay within."""

    error: float
    eager_error: float
    bound: float
    passed: bool
    detail: str = ""
    # one machine epsilon at the output's largest magnitude (the floor's unit)
    ulp: float = 0.0

    @property
    def error_ulps(self) -> float:
        if self.ulp > 0:
            return self.error / self.ulp
        return 0.0 if self.error == 0 else float("inf")

    @property
    def ratio(self) -> float:
        """The plan's error as a multiple of the bound (above 1: fails)."""
        if self.bound > 0:
            return self.error / self.bound
        return 0.0 if self.error == 0 else float("inf")


def _outside(actual: torch.Tensor, want: torch.Tensor) -> torch.Tensor:
    """Where ``actual`` is not ``want`` (NaN matches NaN)."""
    return ~((actual == want) | (actual.isnan() & want.isnan()))


def plan_check(
    actual: Any,
    eager: Any,
    fp64: Any,
    *,
    multiple: float = PLAN_MULTIPLE,
    floor_ulps: float = PLAN_FLOOR_ULPS,
) -> PlanCheck | None:
    """The plan rule for one floating output (``actual``: the executed
    plan's, ``eager``: eager's in the same dtype, ``fp64``: the program in
    float64); None where it does not apply (not a floating tensor, no
    reference of that shape)."""
    tensors = (actual, eager, fp64)
    if not all(isinstance(t, torch.Tensor) for t in tensors):
        return None
    if not actual.is_floating_point() or actual.shape != eager.shape or fp64.shape != eager.shape:
        return None
    if actual.dtype != eager.dtype or not fp64.is_floating_point():
        return None
    c, e, r = (t.detach().to(torch.float64) for t in tensors)
    if c.numel() == 0:
        return PlanCheck(0.0, 0.0, 0.0, True)
    finite = torch.isfinite(r) & torch.isfinite(e)
    # where eager or the reference is not finite: eager's value, or the reference's
    odd = ~finite & _outside(c, e) & _outside(c, r)
    zero = torch.zeros((), dtype=torch.float64)
    err_c = torch.where(finite, (c - r).abs(), zero)
    err_e = torch.where(finite, (e - r).abs(), zero)
    error = float("inf") if bool(odd.any()) or not bool(torch.isfinite(err_c).all()) else float(err_c.max())
    eager_error = float(err_e.max())
    scale = float(torch.where(finite, r.abs(), zero).max())
    eps = torch.finfo(actual.dtype).eps
    bound = multiple * eager_error + floor_ulps * eps * scale
    passed = error <= bound
    detail = "" if passed else (
        f"plan error {error:.3g} against float64 > {multiple:g} x eager's {eager_error:.3g} "
        f"+ {floor_ulps:g} ulp at {scale:.3g}"
    )
    return PlanCheck(error, eager_error, bound, passed, detail, eps * scale)
