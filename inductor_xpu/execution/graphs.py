"""A program of several graphs, executed graph by graph.

After a graph break, a graph's inputs are values the program computed
(``L['y']``, the output of the code between two graphs): they cannot be
evaluated from the program's arguments.  So the real program runs once on
CPU (on copies of its inputs) under a Dynamo backend that records, for each
graph Dynamo hands it, the inputs by Dynamo source before and after the
call and the eager outputs (:class:`GraphRecorder`); each generated graph
then executes on its graph's recorded inputs and is compared with that
graph's eager outputs (fp16/bf16: with the graph in float64 as the
reference), and each input it or eager mutated with eager's value.  Frozen graphs
get their constants from the program's parameters and the recorded inputs,
as a one-graph program does.

The same route serves a one-graph program the whole-program route cannot
judge (:func:`needs_graph_by_graph`): an input source it cannot bind to the
program's frame, or a graph that returns more values than the program
(Dynamo's side-effect outputs).

:func:`run_graph` executes one graph's wrapper on its inputs against its
eager outputs, for either route.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.execution.compare import add_plan_checks, INFERENCE_TOLERANCE
from inductor_xpu.execution.constants import constant_values
from inductor_xpu.execution.eager import fp64_outputs, low_precision, seeded
from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.graph_inputs import GraphInputs, source_name
from inductor_xpu.execution.lifted import judged_in_place
from inductor_xpu.execution.mutation import (
    clone_input,
    clone_inputs,
    compare_mutated_inputs,
    mutated_input_names,
    unchanged,
)
from inductor_xpu.execution.result import ExecutionResult
from inductor_xpu.execution.wrapper import execute_wrapper, wrapper_constants


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import GraphConstants


@dataclasses.dataclass
class RecordedGraph:
    """One call of a graph of the real program: its FX graph, its inputs by
    Dynamo source (copies, as they were before the call), its outputs
    flattened, and its inputs after the call (``inputs_after``: what the
    graph mutated, mutated)."""

    gm: torch.fx.GraphModule
    inputs: dict[str, Any]
    outputs: list[Any]
    inputs_after: dict[str, Any] = dataclasses.field(default_factory=dict)
    # source -> its name where mutated (mutation.mutated_input_names)
    names: dict[str, str] = dataclasses.field(default_factory=dict)


class GraphRecorder:
    """A Dynamo backend for the real program on CPU: each graph Dynamo hands
    it runs eagerly, and each call is recorded (:class:`RecordedGraph`), in
    call order."""

    def __init__(self, program_inputs: Any = ()) -> None:
        self.calls: list[RecordedGraph] = []
        self.program_inputs = program_inputs  # what the program was called with

    def __call__(self, gm: torch.fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
        sources = [source_name(n.meta["grapharg"].source) for n in gm.graph.nodes if n.op == "placeholder"]

        def run(*args: Any) -> Any:
            names = dict(zip(sources, mutated_input_names(sources, args, self.program_inputs)))
            before = [clone_input(a) for a in args]
            out = gm(*args)
            # copies of what the graph mutated, and of outputs that are
            # inputs: a later graph may mutate them again
            after = [b if unchanged(b, a) else clone_input(a) for a, b in zip(args, before)]
            taken = {a.untyped_storage().data_ptr() for a in args if isinstance(a, torch.Tensor)}
            outputs = [
                clone_input(o) if isinstance(o, torch.Tensor) and o.untyped_storage().data_ptr() in taken else o
                for o in torch.utils._pytree.tree_leaves(out)
            ]
            self.calls.append(
                RecordedGraph(gm, dict(zip(sources, before)), outputs, dict(zip(sources, after)), names)
            )
            return out

        return run


@contextlib.contextmanager
def _fresh_dynamo() -> Iterator[None]:
    # Frames compiled for the recording backend are not found again after
    # it, nor frames compiled before it during it.
    torch._dynamo.reset()
    try:
        yield
    finally:
        torch._dynamo.reset()


def record_graphs(
    fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None
) -> list[RecordedGraph]:
    """Run ``fn`` once on CPU (seeded, no grad) under :class:`GraphRecorder`,
    on copies of ``args``/``kwargs`` (the caller's are not mutated)."""
    args_copy, kwargs_copy = clone_inputs((list(args), dict(kwargs or {})))
    recorder = GraphRecorder((args_copy, kwargs_copy))
    with _fresh_dynamo(), torch.no_grad(), seeded():
        torch.compile(fn, backend=recorder)(*args_copy, **kwargs_copy)
    return recorder.calls


def execute_graphs(
    fn: Callable[..., Any],
    args: Sequence[Any],
    sources: Sequence[str],
    graph_inputs: Sequence[GraphInputs],
    *,
    kwargs: Mapping[str, Any] | None = None,
    tol: float = INFERENCE_TOLERANCE,
    constants: Sequence[GraphConstants | None] | None = None,
) -> list[ExecutionResult]:
    """Execute each generated graph (``sources``, with the inputs the compile
    recorded in ``graph_inputs``) on the inputs its graph had when the real
    ``fn`` ran (:func:`record_graphs`), compared with that graph's eager
    outputs.  ``fn`` runs once more here: pass a module whose caches no call
    has filled, if its forward fills any (the suite passes a copy made
    before anything ran)."""
    calls = record_graphs(fn, args, kwargs)
    if len(calls) != len(sources) or len(graph_inputs) != len(sources):
        status = CannotExecute(
            f"the real program ran {len(calls)} graphs, the compile generated {len(sources)} "
            f"with {len(graph_inputs)} recorded inputs"
        ).status
        return [ExecutionResult(graph=str(i), status=status) for i in range(len(sources))]
    results = []
    for i, (source, inputs, call) in enumerate(zip(sources, graph_inputs, calls)):

        def arguments(inputs: GraphInputs = inputs, call: RecordedGraph = call, graph: str = str(i)) -> list[Any]:
            missing = [s for s in inputs.sources if s not in call.inputs]
            if missing:
                raise CannotExecute(f"graph input {missing[0]} is not an input of the real program's graph {graph}")
            return [inp.check(call.inputs[inp.source], graph) for inp in inputs.inputs]

        graph_constants = constants[i] if constants is not None else None
        # fp16/bf16: the graph in float64 as the reference; and the plan rule's
        in_place = judged_in_place(inputs, call.outputs, graph_constants)
        lowp = low_precision(call.outputs)
        fp64 = fp64_outputs(call.gm, list(call.inputs.values())) if lowp or in_place else None
        result = run_graph(
            source, str(i), arguments, fn, graph_constants, call.outputs, fp64 if lowp else None, tol,
            keep_inputs=True, plan_fp64=fp64 if in_place else None,
        )
        if graph_constants is None or graph_constants.arguments is None:
            after = [call.inputs_after.get(s) for s in inputs.sources]
            names = [call.names.get(s, f"mutated {s}") for s in inputs.sources]
            add_mutated_inputs(result, names, arguments, after, tol)
        result.inputs = None
        results.append(result)
    return results


def needs_graph_by_graph(results: Sequence[ExecutionResult]) -> bool:
    """The whole-program route could not judge: an input source it cannot
    bind to the program's frame (a decorator's ``wrapper(*args, **kwargs)``
    with ``self`` in ``args``: TrOCRForCausalLM), or a graph that returns
    more values than the program (Dynamo's side-effect outputs: levit_128's
    attention-bias cache)."""
    for r in results:
        if not r.ran and "is not a value of the program's frame" in r.status:
            return True
        if r.comparison is not None and any("eager gives" in o.detail for o in r.comparison.outputs):
            return True
    return False


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
    plan_fp64: Sequence[Any] | None = None,
) -> ExecutionResult:
    """One graph's wrapper executed (seeded) on ``arguments()`` (the graph's
    inputs in the wrapper's order), its constants from ``program`` where it
    has any; a value that cannot be had is the result's named status.
    ``keep_inputs``: the result's ``inputs`` are the wrapper's arguments
    after its call; ``plan_fp64``: the graph in float64, for the plan rule
    (:mod:`~inductor_xpu.execution.plan_verdict`)."""
    try:
        values = arguments()
        given = None
        if graph_constants is not None:
            given, values = constant_values(graph_constants, program, values, wrapper_constants(source), graph=graph)
    except CannotExecute as e:
        return ExecutionResult(graph=graph, status=e.status)
    with seeded():
        result = execute_wrapper(
            source, values, expected, graph=graph, tol=tol, fp64_expected=fp64_expected, constants=given,
            keep_inputs=keep_inputs,
        )
    if expected is not None:
        add_plan_checks(result.comparison, result.outputs, expected, plan_fp64)
    return result
