"""Which real value each argument of a compiled graph's wrapper is.

A wrapper's ``call(args)`` takes the graph's inputs in the order of the FX
graph Dynamo handed to Inductor (for inference without freezing: the
program's inputs and its lifted parameters and buffers, and the sizes of
dynamic dimensions).  :class:`GraphInputCapture` is an Inductor
``pre_grad_custom_pass`` (``torch._inductor.config``): it changes nothing,
and records each graph's placeholders -- the Dynamo source of each
(``L['x']``, ``L['self']._modules['fc']._parameters['weight']``,
``L['x'].size()[0]``) and the metadata it was compiled for.
:meth:`GraphInputs.resolve` evaluates the sources against the real program
and inputs, and checks shape, stride and dtype against that metadata."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import torch

from inductor_xpu.execution.errors import CannotExecute


@dataclasses.dataclass(frozen=True)
class GraphInput:
    """One placeholder: its Dynamo source and what it was compiled for
    (``shape``/``stride``/``dtype`` of a tensor, None for a size)."""

    source: str
    shape: tuple[int, ...] | None
    stride: tuple[int, ...] | None
    dtype: torch.dtype | None

    def check(self, value: Any, graph: str) -> Any:
        if self.dtype is None:
            if isinstance(value, torch.Tensor):
                raise CannotExecute(f"graph input {self.source} is a tensor where a size was compiled", graph=graph)
            return value
        if not isinstance(value, torch.Tensor):
            raise CannotExecute(f"graph input {self.source} is {type(value).__name__}, not a tensor", graph=graph)
        got = (tuple(value.shape), tuple(value.stride()), value.dtype)
        if self.shape is not None and got != (self.shape, self.stride, self.dtype):
            raise CannotExecute(
                f"graph input {self.source} is {got[2]}{list(got[0])} stride {got[1]}, compiled for "
                f"{self.dtype}{list(self.shape)} stride {self.stride}",
                graph=graph,
            )
        return value.detach()


def _static(values: Any) -> tuple[int, ...] | None:
    try:
        return tuple(int(v) for v in values)
    except (TypeError, ValueError, RuntimeError):
        return None  # symbolic (dynamic shapes): not checked


@dataclasses.dataclass(frozen=True)
class GraphInputs:
    """The inputs of one compiled graph, in the wrapper's order."""

    inputs: tuple[GraphInput, ...]

    @property
    def sources(self) -> list[str]:
        return [i.source for i in self.inputs]

    def resolve(
        self,
        fn: Callable[..., Any],
        args: Sequence[Any],
        kwargs: Mapping[str, Any] | None = None,
        *,
        graph: str = "0",
    ) -> list[Any]:
        """The values of the inputs for the program ``fn`` (a function, or an
        ``nn.Module`` whose ``forward`` Dynamo traced) called with real
        ``args``/``kwargs``.  A source that is not a value of that frame (the
        frame resumed after a graph break) raises :class:`CannotExecute`."""
        target = fn.forward if isinstance(fn, torch.nn.Module) else fn
        try:
            # The frame Dynamo traced is the function itself, not what a
            # functools.wraps decorator wraps (HuggingFace's forwards:
            # ``L['kwargs']['input_ids']``).
            signature = inspect.signature(target, follow_wrapped=False)
        except ValueError:
            # A builtin (torch.addmm): Dynamo traces it through a
            # ``(*args, **kwargs)`` wrapper.
            frame_locals: dict[str, Any] = {"args": tuple(args), "kwargs": dict(kwargs or {})}
        else:
            bound = signature.bind(*args, **dict(kwargs or {}))
            bound.apply_defaults()
            frame_locals = dict(bound.arguments)
        if isinstance(fn, torch.nn.Module):
            frame_locals["self"] = fn
        scope = {"L": frame_locals, "G": getattr(target, "__globals__", {}), "torch": torch}
        values = []
        for graph_input in self.inputs:
            try:
                value = eval(graph_input.source, scope)  # noqa: S307 - Dynamo source names
            except Exception as e:  # noqa: BLE001
                raise CannotExecute(
                    f"graph input {graph_input.source} is not a value of the program's frame "
                    f"({type(e).__name__}: {e}; a graph after a graph break takes values the program computes)",
                    graph=graph,
                ) from e
            values.append(graph_input.check(value, graph))
        return values


def source_name(source: Any) -> str:
    name = source.name
    return name() if callable(name) else str(name)


def current_attempt() -> tuple[str, int] | None:
    """The compile Dynamo is in (``frame/compile``) and its attempt (a
    restarted analysis is the same compile's next attempt); None outside
    one."""
    trace_id = torch._guards.CompileContext.current_trace_id()
    if trace_id is None:
        return None
    return str(trace_id.compile_id), int(trace_id.attempt)


class GraphInputCapture:
    """An Inductor ``pre_grad_custom_pass`` that records each compiled
    graph's inputs (:attr:`graphs`, in compile order) and changes nothing.
    Use: ``TargetOptions(inductor_config={**options, **capture.inductor_config()})``
    or ``torch._inductor.config.patch(capture.inductor_config())``.

    Dynamo may hand Inductor a graph and then abandon that attempt (a
    restarted analysis: ``_tensorify_python_scalars`` after a dynamic
    compile); the same compile's next attempt generates the code.  A graph
    recorded in a later attempt of a compile replaces those of its earlier
    attempts, so :attr:`graphs` holds the graphs whose code was generated."""

    def __init__(self) -> None:
        self.graphs: list[GraphInputs] = []
        self.attempts: list[tuple[str, int] | None] = []  # per graph: its compile and attempt

    def __call__(self, graph: torch.fx.Graph) -> None:
        self.record(graph)

    def record(self, graph: torch.fx.Graph) -> tuple[bool, list[int]]:
        """Record ``graph``'s inputs if Dynamo handed it over; returns
        whether it did and the indices (before this call) of the graphs
        dropped as earlier attempts of the same compile."""
        placeholders = [n for n in graph.nodes if n.op == "placeholder"]
        if not placeholders or not all("grapharg" in n.meta for n in placeholders):
            return False, []  # a subgraph, not a graph Dynamo handed over
        inputs = []
        for node in placeholders:
            grapharg = node.meta["grapharg"]
            example = node.meta.get("example_value", getattr(grapharg, "example", None))
            if isinstance(example, torch.Tensor):
                inputs.append(GraphInput(source_name(grapharg.source), _static(example.shape),
                                         _static(example.stride()), example.dtype))
            else:
                inputs.append(GraphInput(source_name(grapharg.source), None, None, None))
        attempt = current_attempt()
        dropped = [] if attempt is None else abandoned(self.attempts, attempt)
        for i in reversed(dropped):
            del self.graphs[i], self.attempts[i]
        self.graphs.append(GraphInputs(tuple(inputs)))
        self.attempts.append(attempt)
        return True, dropped

    def inductor_config(self) -> dict[str, Any]:
        """The Inductor options that install this capture.  It runs before
        Inductor's cache lookup (``pre_grad_pass_timing="early"`` where torch
        has the option), so a cached graph is recorded too; it has no
        ``uuid``, so it takes no part in cache keys."""
        options: dict[str, Any] = {"pre_grad_custom_pass": self}
        if hasattr(torch._inductor.config, "pre_grad_pass_timing"):
            options["pre_grad_pass_timing"] = "early"
        return options


def abandoned(attempts: Sequence[tuple[str, int] | None], attempt: tuple[str, int]) -> list[int]:
    """The indices in ``attempts`` of earlier attempts of ``attempt``'s
    compile."""
    compile_id, number = attempt
    return [i for i, a in enumerate(attempts) if a is not None and a[0] == compile_id and a[1] < number]


def capture_graph_inputs() -> GraphInputCapture:
    """A new :class:`GraphInputCapture`."""
    return GraphInputCapture()
