"""A compiled program's graphs executed on CPU, each against eager."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import torch

from inductor_xpu.targets.execution.compare import INFERENCE_TOLERANCE
from inductor_xpu.targets.execution.errors import CannotExecute
from inductor_xpu.targets.execution.graph_inputs import GraphInputs
from inductor_xpu.targets.execution.result import ExecutionResult
from inductor_xpu.targets.execution.wrapper import execute_wrapper


def eager_outputs(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> list[Any]:
    """The program run eagerly on CPU, its outputs flattened (a graph's
    wrapper returns its outputs flat)."""
    with torch.no_grad():
        out = fn(*args, **dict(kwargs or {}))
    return torch.utils._pytree.tree_leaves(out)


def execute_program(
    fn: Callable[..., Any],
    args: Sequence[Any],
    sources: Sequence[str],
    graph_inputs: Sequence[GraphInputs],
    *,
    kwargs: Mapping[str, Any] | None = None,
    expected: Sequence[Any] | None = None,
    tol: float = INFERENCE_TOLERANCE,
) -> list[ExecutionResult]:
    """Execute each graph's wrapper (``sources``, in compile order, with the
    inputs :class:`~inductor_xpu.targets.execution.graph_inputs.GraphInputCapture`
    recorded for them) on the real ``args``.  A one-graph program is compared
    with ``expected`` (default: :func:`eager_outputs`); a graph whose inputs
    are not the program's (after a graph break) is a named status."""
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
    if expected is None and len(sources) == 1:
        expected = eager_outputs(fn, args, kwargs)
    results = []
    for i, (source, inputs) in enumerate(zip(sources, graph_inputs)):
        graph = str(i)
        try:
            values = inputs.resolve(fn, args, kwargs, graph=graph)
        except CannotExecute as e:
            results.append(ExecutionResult(graph=graph, status=e.status))
            continue
        results.append(
            execute_wrapper(source, values, expected if len(sources) == 1 else None, graph=graph, tol=tol)
        )
    return results
