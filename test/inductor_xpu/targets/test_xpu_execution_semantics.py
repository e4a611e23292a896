# Owner(s): ["module: inductor"]
"""Executing generated xpu programs on CPU: what a device computes and what
eager gives, where the execution engine could judge wrongly -- NaN in
``max(dim)``/``argmax``, programs that mutate their inputs, a dynamic
compile whose first attempt Dynamo abandoned.  Each program is small and
compiled once (module-level caches); a few seconds each.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.targets import compile_for_target, TargetOptions
from inductor_xpu.targets.execution import capture_graph_inputs, execute_program, ExecutionResult, GraphInputs


TARGET = "max1550"


def compile_fn(
    fn: Callable[..., Any], args: tuple[Any, ...], *, dynamic: bool | None = None
) -> tuple[tuple[str, ...], tuple[GraphInputs, ...]]:
    """``fn`` compiled for the simulated target on fakes of ``args``, with
    the input capture: the generated wrappers and the inputs each takes."""
    capture = capture_graph_inputs()
    report = compile_for_target(
        fn,
        None,
        None,
        TARGET,
        TargetOptions(
            inductor_config=capture.inductor_config(),
            fake_inputs=lambda sim: ([sim.tensor(*a.shape, dtype=a.dtype) for a in args], {}),
            step=lambda sim, f, fargs, fkwargs: sim.compile(f, *fargs, dynamic=dynamic),
            clear_counters=False,
            reraise=True,
        ),
    )
    return tuple(c.source for c in report.generated), tuple(capture.graphs)


def max_dim(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.max(x, dim=-1)


@functools.lru_cache(maxsize=None)
def compiled_max_dim() -> tuple[tuple[str, ...], tuple[GraphInputs, ...]]:
    return compile_fn(max_dim, (torch.empty(8, 128),))


class TestNan(TestCase):
    def test_nan_wins_max_dim_and_argmax(self):
        # max(dim) combines (value, index) pairs with triton_helpers'
        # maximum_with_index, whose `a_isnan & (not b_isnan)` is elementwise
        # on a device; reduced over whole halves, a NaN must still win (the
        # first NaN's index), as on a device and in eager.
        sources, graph_inputs = compiled_max_dim()
        self.assertIn("max_with_index", sources[0])
        x = torch.randn(8, 128, generator=torch.Generator().manual_seed(0))
        x[1, 5] = float("nan")  # one NaN, in the first half
        x[2, 100] = float("nan")  # in the second half
        x[3, 70] = x[3, 9] = float("nan")  # two: the first index
        x[4] = float("nan")  # all
        x[5, 127] = float("nan")  # the last element
        (result,) = execute_program(max_dim, [x], sources, graph_inputs)
        self.assertTrue(result.passed, "\n".join(result.failures()))
        values, indices = result.outputs
        self.assertEqual(indices.tolist(), x.argmax(-1).tolist())
        self.assertEqual(indices[:6].tolist(), [x[0].argmax().item(), 5, 100, 9, 0, 127])
        self.assertTrue(values[1:6].isnan().all())


if __name__ == "__main__":
    run_tests()
