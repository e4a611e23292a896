"""A compiled program's graphs executed on CPU, each against eager: the
whole program at once where it is one graph, else graph by graph
(:mod:`~inductor_xpu.execution.graphs`)."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu import config
from inductor_xpu.execution.compare import INFERENCE_TOLERANCE
from inductor_xpu.execution.eager import eager_run, fp64_outputs, low_precision
from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.graph_inputs import GraphInputs
from inductor_xpu.execution.graphs import add_mutated_inputs, execute_graphs, needs_graph_by_graph, run_graph
from inductor_xpu.execution.lifted import declared_low_precision, execute_lifted, judged_in_place, lift_program
from inductor_xpu.execution.mutation import clone_input, mutated_input_names
from inductor_xpu.execution.result import ExecutionResult


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import GraphConstants


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
    """Execute the program as generated (:func:`execute_as_generated`) and,
    where it was compiled for fp16/bf16 values (its graph inputs or frozen
    constants: :func:`~inductor_xpu.execution.lifted.declared_low_precision`,
    never its text), once more precision-lifted (its
    low-precision buffers, casts and constants in fp32; each graph's result
    holds its lifted run in ``lifted``: :func:`~inductor_xpu.execution.lifted.execute_lifted`)
    for the plan verdict (``inductor_xpu.config.execution_plan_verdict``).

    The programs the graph-by-graph route and the lifted run execute are
    copied from ``graph_by_graph_fn`` (default ``fn``) before anything here
    runs it (:func:`unrun_copy`): a forward that fills a cache on its first
    call (timm's LeViT keeps its attention biases per device) traces, once
    it has run, to a graph that reads the cache instead of the parameter
    the compile saw, and a lifted copy of it would keep the cache's
    low-precision values."""
    unrun = graph_by_graph_fn if graph_by_graph_fn is not None else unrun_copy(fn)
    # lifted where the compile's inputs or frozen constants are fp16/bf16,
    # never because the generated text names a low-precision type
    per_graph = constants if constants is not None else [None] * len(graph_inputs)
    lifting = config.execution_plan_verdict and any(
        declared_low_precision(g, c) for g, c in zip(graph_inputs, per_graph)
    )
    lifted_programs = (lift_program(unrun), lift_program(unrun)) if lifting else None
    results = execute_as_generated(
        fn, args, sources, graph_inputs, kwargs=kwargs, expected=expected, tol=tol, constants=constants,
        graph_by_graph_fn=unrun,
    )
    if lifted_programs is not None:
        lifted_fn, lifted_graph_by_graph_fn = lifted_programs
        lifted = execute_lifted(
            execute_as_generated, lifted_fn, args, sources, graph_inputs, kwargs=kwargs, tol=tol,
            constants=constants, graph_by_graph_fn=lifted_graph_by_graph_fn,
        )
        for result, run in zip(results, lifted):
            result.lifted = run
    return results


def unrun_copy(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A module copied (no call has filled its caches yet, if none has
    filled ``fn``'s); a function as it is."""
    return copy.deepcopy(fn) if isinstance(fn, torch.nn.Module) else fn


def execute_as_generated(
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
    program is compared with ``expected`` (default:
    :func:`~inductor_xpu.execution.eager.eager_outputs`;
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
    in_place = judged_in_place(inputs, expected, graph_constants)
    fp64 = fp64_outputs(fn, args, kwargs) if low_precision(expected) or in_place else None
    result = run_graph(
        source, "0", arguments, fn, graph_constants, expected, fp64 if low_precision(expected) else None, tol,
        keep_inputs=True, plan_fp64=fp64 if in_place else None,
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
