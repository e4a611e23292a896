"""A compiled program's graphs executed on CPU, each against eager."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.execution.compare import INFERENCE_TOLERANCE
from inductor_xpu.execution.constants import constant_values
from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.graph_inputs import GraphInputs
from inductor_xpu.execution.mutation import (
    clone_input,
    clone_inputs,
    compare_mutated_inputs,
    mutated_input_names,
)
from inductor_xpu.execution.result import ExecutionResult
from inductor_xpu.execution.wrapper import execute_wrapper, wrapper_constants


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import GraphConstants

log = logging.getLogger(__name__)

# Eager and the executed program draw random numbers from the same seed (a
# program compiled with fallback_random=True then gives the same numbers).
SEED = 0


@contextlib.contextmanager
def seeded(seed: int = SEED) -> Iterator[None]:
    """The CPU generator at ``seed`` inside, as it was outside."""
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        yield


@dataclasses.dataclass
class EagerRun:
    """The program run eagerly: its outputs flattened, and the copies of
    its inputs it ran on, after the run (what it mutated, mutated)."""

    outputs: list[Any]
    args: list[Any]
    kwargs: dict[str, Any]


def eager_run(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> EagerRun:
    """The program run eagerly on CPU (seeded), on copies of ``args`` and
    ``kwargs`` (the caller's are not mutated)."""
    args_copy, kwargs_copy = clone_inputs((list(args), dict(kwargs or {})))
    with torch.no_grad(), seeded():
        out = fn(*args_copy, **kwargs_copy)
    return EagerRun(torch.utils._pytree.tree_leaves(out), args_copy, kwargs_copy)


def eager_outputs(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> list[Any]:
    """The program run eagerly on CPU (seeded, on copies of its inputs), its
    outputs flattened (a graph's wrapper returns its outputs flat)."""
    return eager_run(fn, args, kwargs).outputs


def fp64_outputs(
    fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None
) -> list[Any] | None:
    """The program in float64 (a copy of a module, floating inputs cast), as
    the model suite's reference for low-precision checks; None where it does
    not run in float64."""

    def to64(value: Any) -> Any:
        if isinstance(value, torch.Tensor) and value.is_floating_point():
            return value.double()
        return value

    try:
        fn64 = copy.deepcopy(fn).double() if isinstance(fn, torch.nn.Module) else fn
        args64 = torch.utils._pytree.tree_map(to64, list(args))  # eager_outputs copies them
        kwargs64 = torch.utils._pytree.tree_map(to64, dict(kwargs or {}))
        return eager_outputs(fn64, args64, kwargs64)
    except Exception as e:  # noqa: BLE001 - no fp64 reference: the check runs without one
        log.info("no float64 reference (%s: %s)", type(e).__name__, e)
        return None


def low_precision(values: Sequence[Any]) -> bool:
    """Some value is an fp16 or bf16 tensor (checked against float64)."""
    return any(isinstance(v, torch.Tensor) and v.dtype in (torch.float16, torch.bfloat16) for v in values)


def execute_program(
    fn: Callable[..., Any],
    args: Sequence[Any],
    sources: Sequence[str],
    graph_inputs: Sequence[GraphInputs],
    *,
    kwargs: Mapping[str, Any] | None = None,
    expected: Sequence[Any] | None = None,
    tol: float = INFERENCE_TOLERANCE,
    constants: Sequence[GraphConstants | None] | None = None,
    graph_by_graph_fn: Callable[..., Any] | None = None,
) -> list[ExecutionResult]:
    """Execute each graph's wrapper (``sources``, in compile order, with the
    inputs :class:`~inductor_xpu.execution.graph_inputs.GraphInputCapture`
    recorded for them) on the real ``args``, seeded as eager is.  A one-graph
    program is compared with ``expected`` (default: :func:`eager_outputs`;
    then eager runs on copies of the inputs, the wrapper on their values
    before it ran, and each input that eager or the wrapper mutated is
    compared too, ``mutated input N``), fp16/bf16 outputs with the float64
    program as the suite's reference.  A
    program of several graphs (graph breaks), or one the whole-program route
    cannot judge, runs graph by graph
    (:func:`~inductor_xpu.execution.graphs.execute_graphs`): each
    graph on the inputs it had when the real program ran, against that
    graph's eager outputs; ``graph_by_graph_fn`` is the program for that
    run (default ``fn``; a copy whose caches no call has filled, where the
    forward fills any).  ``constants`` (per graph:
    ``GeneratedCode.constants`` of a simulated compile) give the wrapper's
    constants their real values and, with freezing, the arguments it still
    takes."""
    if len(sources) != len(graph_inputs):
        return [
            ExecutionResult(
                graph=str(i),
                status=CannotExecute(
                    f"{len(sources)} generated graphs but {len(graph_inputs)} recorded graph inputs"
                ).status,
            )
            for i in range(len(sources))
        ]
    from inductor_xpu.execution.graphs import execute_graphs, needs_graph_by_graph

    def graph_by_graph() -> list[ExecutionResult]:
        return execute_graphs(
            graph_by_graph_fn or fn, args, sources, graph_inputs, kwargs=kwargs, tol=tol, constants=constants
        )

    if not sources:
        return []
    if len(sources) > 1:
        return graph_by_graph()
    (source,), (inputs,) = sources, graph_inputs
    graph_constants = constants[0] if constants is not None else None

    def arguments() -> list[Any]:
        return inputs.resolve(fn, args, kwargs, graph="0")

    eager_after: list[Any] | None = None
    names: list[str] = []
    if expected is None:
        # The graph's inputs as they were before eager ran (eager may
        # mutate the module's state; the inputs it mutates are copies), and
        # as eager left them.
        arguments, names = _before(arguments, inputs.sources, (args, kwargs))
        eager = eager_run(fn, args, kwargs)
        expected = eager.outputs
        with contextlib.suppress(CannotExecute):
            eager_after = inputs.resolve(fn, eager.args, eager.kwargs, graph="0")
    fp64_expected = fp64_outputs(fn, args, kwargs) if low_precision(expected) else None
    result = run_graph(
        source, "0", arguments, fn, graph_constants, expected, fp64_expected, tol, keep_inputs=True
    )
    if eager_after is not None and (graph_constants is None or graph_constants.arguments is None):
        add_mutated_inputs(result, names, arguments, eager_after, tol)
    result.inputs = None
    if needs_graph_by_graph([result]):
        return graph_by_graph()
    return [result]


def _before(
    arguments: Callable[[], list[Any]], sources: Sequence[str], program_inputs: Any
) -> tuple[Callable[[], list[Any]], list[str]]:
    """``arguments()`` now, copied: a graph's inputs before eager runs, and
    their names where mutated (:func:`mutated_input_names`)."""
    try:
        values = arguments()
    except CannotExecute as e:
        error = e

        def failed() -> list[Any]:
            raise error

        return failed, []
    names = mutated_input_names(sources, values, program_inputs)
    copies = [clone_input(v) for v in values]
    return (lambda: copies), names


def add_mutated_inputs(
    result: ExecutionResult,
    names: Sequence[str],
    arguments: Callable[[], list[Any]],
    eager_after: Sequence[Any | None],
    tol: float,
) -> None:
    """Each input (the wrapper's arguments ``arguments()``, before; called
    ``names``) that eager (``eager_after``) or the executed graph (the
    result's ``inputs``, kept by the call) changed, compared, in the
    result's comparison."""
    if not result.ran or result.comparison is None or result.inputs is None:
        return
    compare_mutated_inputs(result.comparison, names, arguments(), eager_after, result.inputs, tol=tol)


def run_graph(
    source: str,
    graph: str,
    arguments: Callable[[], list[Any]],
    program: Any,
    graph_constants: GraphConstants | None,
    expected: Sequence[Any] | None,
    fp64_expected: Sequence[Any] | None,
    tol: float,
    *,
    keep_inputs: bool = False,
) -> ExecutionResult:
    """One graph's wrapper executed (seeded) on ``arguments()`` (the graph's
    inputs in the wrapper's order), its constants from ``program`` where it
    has any; a value that cannot be had is the result's named status.
    ``keep_inputs``: the result's ``inputs`` are the wrapper's arguments
    after its call."""
    try:
        values = arguments()
        given = None
        if graph_constants is not None:
            given, values = constant_values(graph_constants, program, values, wrapper_constants(source), graph=graph)
    except CannotExecute as e:
        return ExecutionResult(graph=graph, status=e.status)
    with seeded():
        return execute_wrapper(
            source, values, expected, graph=graph, tol=tol, fp64_expected=fp64_expected, constants=given,
            keep_inputs=keep_inputs,
        )
