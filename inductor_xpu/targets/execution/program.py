"""A compiled program's graphs executed on CPU, each against eager."""

from __future__ import annotations

import contextlib
import copy
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.targets.execution.compare import INFERENCE_TOLERANCE
from inductor_xpu.targets.execution.constants import constant_values
from inductor_xpu.targets.execution.errors import CannotExecute
from inductor_xpu.targets.execution.graph_inputs import GraphInputs
from inductor_xpu.targets.execution.result import ExecutionResult
from inductor_xpu.targets.execution.wrapper import execute_wrapper, wrapper_constants


if TYPE_CHECKING:
    from inductor_xpu.targets.simulation.freezing import GraphConstants

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


def eager_outputs(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> list[Any]:
    """The program run eagerly on CPU (seeded), its outputs flattened (a
    graph's wrapper returns its outputs flat)."""
    with torch.no_grad(), seeded():
        out = fn(*args, **dict(kwargs or {}))
    return torch.utils._pytree.tree_leaves(out)


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
        args64 = torch.utils._pytree.tree_map(to64, list(args))
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
    inputs :class:`~inductor_xpu.targets.execution.graph_inputs.GraphInputCapture`
    recorded for them) on the real ``args``, seeded as eager is.  A one-graph
    program is compared with ``expected`` (default: :func:`eager_outputs`),
    fp16/bf16 outputs with the float64 program as the suite's reference.  A
    program of several graphs (graph breaks), or one the whole-program route
    cannot judge, runs graph by graph
    (:func:`~inductor_xpu.targets.execution.graphs.execute_graphs`): each
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
    from inductor_xpu.targets.execution.graphs import execute_graphs, needs_graph_by_graph

    def graph_by_graph() -> list[ExecutionResult]:
        return execute_graphs(
            graph_by_graph_fn or fn, args, sources, graph_inputs, kwargs=kwargs, tol=tol, constants=constants
        )

    if not sources:
        return []
    if len(sources) > 1:
        return graph_by_graph()
    if expected is None:
        expected = eager_outputs(fn, args, kwargs)
    fp64_expected = fp64_outputs(fn, args, kwargs) if low_precision(expected) else None
    (source,), (inputs,) = sources, graph_inputs
    result = run_graph(
        source,
        "0",
        lambda: inputs.resolve(fn, args, kwargs, graph="0"),
        fn,
        constants[0] if constants is not None else None,
        expected,
        fp64_expected,
        tol,
    )
    if needs_graph_by_graph([result]):
        return graph_by_graph()
    return [result]


def run_graph(
    source: str,
    graph: str,
    arguments: Callable[[], list[Any]],
    program: Any,
    graph_constants: GraphConstants | None,
    expected: Sequence[Any] | None,
    fp64_expected: Sequence[Any] | None,
    tol: float,
) -> ExecutionResult:
    """One graph's wrapper executed (seeded) on ``arguments()`` (the graph's
    inputs in the wrapper's order), its constants from ``program`` where it
    has any; a value that cannot be had is the result's named status."""
    try:
        values = arguments()
        given = None
        if graph_constants is not None:
            given, values = constant_values(graph_constants, program, values, wrapper_constants(source), graph=graph)
    except CannotExecute as e:
        return ExecutionResult(graph=graph, status=e.status)
    with seeded():
        return execute_wrapper(
            source, values, expected, graph=graph, tol=tol, fp64_expected=fp64_expected, constants=given
        )
