"""The real values of a generated wrapper's constants, and the arguments it
takes, for a program compiled with freezing in a simulation.

A simulation records where each constant comes from
(:class:`~inductor_xpu.device.simulation.freezing.GraphConstants`): a graph
argument frozen into a constant (a parameter or buffer), a computation
Inductor folded from other constants (conv-bn folding, a channels-last
weight, a transposed linear weight, a quantized weight ...), or a real
tensor.  :func:`constant_values` evaluates them on the real program's
graph arguments, on CPU: each folded computation is the FX code Inductor
folded, run on CPU kernels with device arguments mapped to CPU.  The value
gets the size, stride and dtype the generated code was compiled for.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.onednn_int8 import PREPACK


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import ConstantLayout, ConstantOrigin, GraphConstants


def _on_cpu(value: Any) -> Any:
    if isinstance(value, torch.device) and value.type != "cpu":
        return torch.device("cpu")
    return value


def _cpu_module(module: torch.fx.GraphModule) -> torch.fx.GraphModule:
    """A copy of a folded computation whose device arguments are the CPU,
    and whose weight-prepack calls compute xpu's prepacked weights
    (:data:`~inductor_xpu.execution.onednn_int8.PREPACK`)."""
    module = copy.deepcopy(module)
    for node in module.graph.nodes:
        node.args = torch.utils._pytree.tree_map(_on_cpu, node.args)
        node.kwargs = torch.utils._pytree.tree_map(_on_cpu, node.kwargs)
        if node.op == "call_function" and node.target in PREPACK:
            node.target = PREPACK[node.target]
    module.recompile()
    return module


class _Evaluator:
    def __init__(self, program: Any, arguments: Sequence[Any], graph: str) -> None:
        self.program = program
        self.arguments = arguments
        self.graph = graph
        self.values: dict[int, Any] = {}

    def __call__(self, origin: ConstantOrigin, name: str) -> Any:
        from inductor_xpu.device.simulation.freezing import Folded, GraphArgument, ProgramAttribute, Unknown, Value

        key = id(origin)
        if key in self.values:
            return self.values[key]
        if isinstance(origin, ProgramAttribute):
            try:
                value = functools.reduce(getattr, origin.fqn.split("."), self.program)
            except AttributeError as e:
                raise CannotExecute(
                    f"{name} is the program's {origin.fqn}, which the program given has not ({e})", graph=self.graph
                ) from e
            if isinstance(value, torch.Tensor):
                value = value.detach()
        elif isinstance(origin, GraphArgument):
            if origin.index >= len(self.arguments):
                raise CannotExecute(
                    f"constant {name} is graph argument {origin.index}, but the graph has "
                    f"{len(self.arguments)} arguments",
                    graph=self.graph,
                )
            value = self.arguments[origin.index]
        elif isinstance(origin, Value):
            value = origin.tensor.detach().to("cpu")
        elif isinstance(origin, Folded):
            operands = [self(o, name) for o in origin.operands]
            try:
                with torch.no_grad():
                    value = _cpu_module(origin.module)(*operands)
            except Exception as e:  # noqa: BLE001 - a named status
                raise CannotExecute(
                    f"constant {name}: the computation Inductor folded it from does not run on CPU "
                    f"({type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''})",
                    graph=self.graph,
                ) from e
        elif isinstance(origin, Unknown):
            raise CannotExecute(f"constant {name} has no value: {origin.reason}", graph=self.graph)
        else:
            raise CannotExecute(f"constant {name}: unknown origin {type(origin).__name__}", graph=self.graph)
        self.values[key] = value
        return value


def _laid_out(value: torch.Tensor, layout: ConstantLayout | None, name: str, graph: str) -> torch.Tensor:
    """``value`` with the size, stride and dtype the code was compiled for
    (a CPU kernel may choose other strides than the device's meta function;
    a oneDNN-layout weight stays as the CPU op that packed it made it)."""
    if layout is None or value.is_mkldnn:
        # an opaque oneDNN weight a CPU prepack op made (onednn.qconv_prepack):
        # the CPU kernels of the ops the wrapper calls take it as it is
        return value
    if tuple(value.shape) != layout.shape or value.dtype != layout.dtype:
        raise CannotExecute(
            f"constant {name} computes to {value.dtype}{list(value.shape)}, compiled for "
            f"{layout.dtype}{list(layout.shape)}",
            graph=graph,
        )
    if tuple(value.stride()) == layout.stride:
        return value
    out = torch.empty_strided(layout.shape, layout.stride, dtype=layout.dtype)
    try:
        out.copy_(value)
    except RuntimeError as e:
        raise CannotExecute(
            f"constant {name} cannot take the compiled strides {layout.stride} ({e})", graph=graph
        ) from e
    return out


def constant_values(
    constants: GraphConstants,
    program: Any,
    arguments: Sequence[Any],
    names: Sequence[str],
    *,
    graph: str = "0",
) -> tuple[dict[str, torch.Tensor], list[Any]]:
    """The CPU value of each constant in ``names`` (the constants a wrapper
    leaves to be set) and the arguments its ``call`` takes, for the real
    ``program`` (the module whose parameters were frozen) and the graph's
    real inputs ``arguments`` (:meth:`GraphInputs.resolve`)."""
    evaluate = _Evaluator(program, arguments, graph)
    values = {}
    for name in names:
        origin = constants.origins.get(name)
        if origin is None:
            raise CannotExecute(f"constant {name} is not one of the graph's recorded constants", graph=graph)
        value = evaluate(origin, name)
        if not isinstance(value, torch.Tensor):
            raise CannotExecute(f"constant {name} is {type(value).__name__}, not a tensor", graph=graph)
        values[name] = _laid_out(value, constants.layouts.get(name), name, graph)
    if constants.arguments is None:
        return values, list(arguments)
    return values, [evaluate(origin, f"argument {i}") for i, origin in enumerate(constants.arguments)]
