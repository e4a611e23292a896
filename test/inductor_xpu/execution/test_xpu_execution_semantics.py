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

from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
from inductor_xpu.execution import capture_graph_inputs, execute_program, ExecutionResult, GraphInputs


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
            dynamic=dynamic,
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


def add_one_in_place(x: torch.Tensor) -> torch.Tensor:
    x.add_(1)
    return x


def times_ten_in_place(x: torch.Tensor) -> None:
    x.mul_(10)


def add_one_around_a_graph_break(x: torch.Tensor) -> torch.Tensor:
    x.add_(1)
    torch._dynamo.graph_break()
    return x * 2


@functools.lru_cache(maxsize=None)
def compiled_mutation(name: str) -> tuple[tuple[str, ...], tuple[GraphInputs, ...]]:
    return compile_fn(globals()[name], (torch.empty(8, 16),))


def mutation_input() -> torch.Tensor:
    return torch.randn(8, 16, generator=torch.Generator().manual_seed(0))


class TestInputMutation(TestCase):
    """Eager runs on copies of the inputs, the generated code on the values
    they had before; each input a graph mutates is compared too."""

    def run_program(self, name: str, edit: Callable[[str], str] | None = None) -> list[ExecutionResult]:
        sources, graph_inputs = compiled_mutation(name)
        if edit is not None:
            sources = tuple(edit(s) for s in sources)
        x = mutation_input()
        results = execute_program(globals()[name], [x], sources, graph_inputs)
        self.assertTrue(torch.equal(x, mutation_input()), "the caller's input was mutated")
        return results

    def mutated(self, result: ExecutionResult) -> list[str]:
        self.assertIsNotNone(result.comparison, result.status)
        return [o.name for o in result.comparison.outputs if o.name.startswith("mutated input")]

    def test_mutated_and_returned_input(self):
        (result,) = self.run_program("add_one_in_place")
        self.assertTrue(result.passed, "\n".join(result.failures()))
        self.assertEqual(result.comparison.max_abs_err, 0.0)
        self.assertEqual(self.mutated(result), ["mutated input 0 (L['x'])"])

    def test_a_program_that_only_mutates_its_input_is_compared(self):
        (result,) = self.run_program("times_ten_in_place")
        self.assertTrue(result.passed, "\n".join(result.failures()))
        self.assertEqual(self.mutated(result), ["mutated input 0 (L['x'])"])
        # and a kernel that multiplies by 20 instead fails, naming the input
        (wrong,) = self.run_program("times_ten_in_place", edit=lambda s: s.replace("10.0", "20.0"))
        self.assertFalse(wrong.passed)
        self.assertRegex(wrong.failures()[0], r"^graph 0: mutated input 0 \(L\['x'\]\) .* differs from eager")

    def test_mutation_before_a_graph_break(self):
        # graph by graph: each graph runs on the inputs it had before the
        # real program's graph ran, its mutations compared too
        first, second = self.run_program("add_one_around_a_graph_break")
        self.assertTrue(first.passed and second.passed, first.failures() + second.failures())
        self.assertEqual(self.mutated(first), ["mutated input 0 (L['x'])"])
        self.assertEqual(self.mutated(second), [])


class BatchNormRelu(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.bn = torch.nn.BatchNorm2d(4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.bn(x).relu()


def batch_norm() -> torch.nn.Module:
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        module = BatchNormRelu().eval()
        module.bn.running_mean.uniform_(-1, 1)
        module.bn.running_var.uniform_(0.5, 2)
        return module


@functools.lru_cache(maxsize=None)
def compiled_dynamic_batch_norm() -> tuple[tuple[str, ...], tuple[GraphInputs, ...]]:
    # the compile made this module's parameters fake
    return compile_fn(batch_norm(), (torch.empty(2, 4, 8, 8),), dynamic=True)


class TestDynamicRestart(TestCase):
    def test_only_the_graphs_compiled_are_recorded(self):
        # A dynamic eval BatchNorm: Dynamo hands Inductor a graph, abandons
        # that attempt (_tensorify_python_scalars restarts the analysis) and
        # compiles the next one: one generated graph, whose inputs are the
        # second attempt's.
        sources, graph_inputs = compiled_dynamic_batch_norm()
        self.assertEqual(len(sources), 1)
        self.assertEqual(len(graph_inputs), 1)
        x = torch.randn(2, 4, 8, 8, generator=torch.Generator().manual_seed(0))
        (result,) = execute_program(batch_norm(), [x], sources, graph_inputs)
        self.assertEqual(result.status, "ran")
        self.assertTrue(result.passed, "\n".join(result.failures()))


if __name__ == "__main__":
    run_tests()
