"""Where each constant of a simulated compile comes from.

With freezing, Inductor turns a graph's parameters and buffers into
constants (``freezing.replace_params_with_constants``) and folds the
computations on them into new constants (``constant_folding.constant_fold``:
conv-bn folding, weight layout conversion, oneDNN weight preparation, INT8
weight quantization ...), each through
``constant_folding.replace_node_with_constant``.  In a simulation every one
of those tensors is fake, so the generated wrapper names constants that have
no value.  While Inductor freezes and folds,
:func:`inductor_xpu.device.simulation.constant_capture.constant_origins`
records in :class:`ConstantOrigins`, for each constant, its
:data:`ConstantOrigin`: the graph argument it is, or the FX computation that
folded it from other constants (copied before Inductor replaces it), so that
an execution on CPU (:mod:`inductor_xpu.execution.constants`) can
compute the real values from the real program's parameters.  Inductor's own
behaviour does not change: the wrapped functions call the originals with the
same arguments.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Union

import torch


__all__ = [
    "ConstantLayout",
    "ConstantOrigin",
    "ConstantOrigins",
    "Folded",
    "GraphArgument",
    "GraphConstants",
    "ProgramAttribute",
    "Unknown",
    "Value",
]


@dataclasses.dataclass(frozen=True)
class ProgramAttribute:
    """A parameter or buffer of the compiled module, by its original
    fully-qualified name (``"0.weight"``): with freezing, Dynamo keeps them
    as attributes of its graph (``dynamo_flat_name_to_original_fqn``) and
    AOTAutograd passes them before the graph's inputs."""

    fqn: str


@dataclasses.dataclass(frozen=True)
class GraphArgument:
    """The graph's input ``index`` (a placeholder of the graph Dynamo handed
    to Inductor, in order)."""

    index: int


@dataclasses.dataclass(frozen=True, eq=False)
class Folded:
    """A constant Inductor computed from other constants: ``module``'s
    placeholders are the ``operands``, its output the constant."""

    module: torch.fx.GraphModule
    operands: tuple[ConstantOrigin, ...]


@dataclasses.dataclass(frozen=True, eq=False)
class Value:
    """A real tensor the graph holds (not a fake one): its value is known."""

    tensor: torch.Tensor


@dataclasses.dataclass(frozen=True)
class Unknown:
    """A fake constant whose origin was not recorded, and why."""

    reason: str


ConstantOrigin = Union[ProgramAttribute, GraphArgument, Folded, Value, Unknown]


@dataclasses.dataclass(frozen=True)
class ConstantLayout:
    """What the generated code was compiled for: a constant's size, stride,
    dtype."""

    shape: tuple[int, ...]
    stride: tuple[int, ...]
    dtype: torch.dtype


@dataclasses.dataclass(frozen=True, eq=False)
class GraphConstants:
    """One compiled graph's constants (wrapper name -> origin, and the layout
    the code assumes) and, with freezing, what its wrapper's arguments are
    (``arguments``: those freezing preserved, in order; None: the graph's
    inputs, all of them)."""

    origins: Mapping[str, ConstantOrigin]
    layouts: Mapping[str, ConstantLayout]
    arguments: tuple[ConstantOrigin, ...] | None = None

    @property
    def frozen(self) -> bool:
        return self.arguments is not None


def _is_fake(value: Any) -> bool:
    from torch._subclasses.fake_tensor import FakeTensor

    return isinstance(value, FakeTensor)


def _attr(gm: torch.nn.Module, target: str) -> Any:
    return functools.reduce(getattr, target.split("."), gm)


class ConstantOrigins:
    """The record a simulation keeps: fake constant -> origin."""

    def __init__(self, fake_name: Callable[[torch.Tensor], str | None] = lambda t: None) -> None:
        # The name a fake parameter or buffer has in the program it replaced
        # (Simulation.fake_name), where Dynamo's map lacks it.
        self._fake_name = fake_name
        # id(fake tensor) -> (the tensor, kept alive so the id stays its own; origin)
        self._by_id: dict[int, tuple[torch.Tensor, ConstantOrigin]] = {}
        # While freeze() runs: what AOTAutograd's flat arguments are (the
        # Dynamo graph's parameters and buffers, then its inputs) ...
        self._attributes: list[ProgramAttribute] = []
        # ... and, in replace_params_with_constants: placeholder -> flat index.
        self._placeholders: dict[torch.fx.Node, int] = {}
        # The last freeze(): (its graph module, the preserved arguments).
        self._frozen: tuple[torch.fx.GraphModule, tuple[ConstantOrigin, ...]] | None = None

    def argument(self, index: int) -> ConstantOrigin:
        """AOTAutograd's flat argument ``index`` under freezing."""
        if index < len(self._attributes):
            return self._attributes[index]
        return GraphArgument(index - len(self._attributes))

    def freezing(self, dynamo_gm: torch.fx.GraphModule) -> None:
        """``freeze()`` starts on ``dynamo_gm``: its parameters and buffers
        are AOTAutograd's first arguments (``aot_module_simplified``)."""
        fqns = getattr(dynamo_gm, "meta", {}).get("dynamo_flat_name_to_original_fqn", {})
        flat: dict[str, torch.Tensor] = dict(dynamo_gm.named_parameters(remove_duplicate=False))
        flat.update(dynamo_gm.named_buffers(remove_duplicate=False))
        self._attributes = [
            ProgramAttribute(fqns.get(name) or self._fake_name(t) or name) for name, t in flat.items()
        ]

    @contextlib.contextmanager
    def replacing_params(self, gm: torch.fx.GraphModule) -> Iterator[None]:
        """While ``freezing.replace_params_with_constants`` runs on ``gm``:
        which of its placeholders is which flat argument."""
        self._placeholders = {n: i for i, n in enumerate(gm.graph.find_nodes(op="placeholder"))}
        try:
            yield
        finally:
            self._placeholders = {}

    def frozen(self, gm: torch.fx.GraphModule, preserved: list[int]) -> None:
        self._frozen = (gm, tuple(self.argument(i) for i in preserved))
        self._attributes = []

    def origin_of_tensor(self, value: Any) -> ConstantOrigin:
        if not isinstance(value, torch.Tensor):
            return Unknown(f"not a tensor ({type(value).__name__})")
        if not _is_fake(value):
            return Value(value.detach())
        entry = self._by_id.get(id(value))
        if entry is None or entry[0] is not value:
            return Unknown("a fake tensor no freezing step produced (its value is unknown)")
        return entry[1]

    def origin_of_node(self, gm: torch.fx.GraphModule, node: torch.fx.Node) -> ConstantOrigin:
        """The origin of the value ``node`` computes, before Inductor replaces
        it by a constant: a frozen graph argument, or a copy of the
        computation from the constants it reads."""
        if node.op == "placeholder":
            index = self._placeholders.get(node)
            if index is None:
                return Unknown(f"placeholder {node.name} is not one of the frozen graph's arguments")
            return self.argument(index)
        order: list[torch.fx.Node] = []
        seen: set[torch.fx.Node] = set()

        def visit(n: torch.fx.Node) -> None:
            if n in seen:
                return
            seen.add(n)
            for operand in n.all_input_nodes:
                visit(operand)
            order.append(n)

        visit(node)
        graph = torch.fx.Graph()
        env: dict[torch.fx.Node, torch.fx.Node] = {}
        operands: list[ConstantOrigin] = []
        for n in order:
            if n.op == "get_attr":
                env[n] = graph.placeholder(f"operand{len(operands)}")
                operands.append(self.origin_of_tensor(_attr(gm, str(n.target))))
            elif n.op == "call_function":
                env[n] = graph.node_copy(n, lambda m: env[m])
            else:
                return Unknown(f"folded from {n.op} {n.name}, not from constants")
        graph.output(env[node])
        return Folded(torch.fx.GraphModule(torch.nn.Module(), graph), tuple(operands))

    def record(self, constant: torch.Tensor, origin: ConstantOrigin) -> None:
        self._by_id[id(constant)] = (constant, origin)

    def graph_constants(self, lowering: Any) -> GraphConstants:
        """The constants of the graph ``lowering`` (a ``GraphLowering``)
        generates code for; the preserved arguments if it is the graph the
        last ``freeze()`` returned."""
        constants: Mapping[str, Any] = getattr(lowering, "constants", {})
        origins: dict[str, ConstantOrigin] = {}
        layouts: dict[str, ConstantLayout] = {}
        for name, value in constants.items():
            origin = self.origin_of_tensor(value)
            # GraphLowering.constant_name copies a constant to the device an
            # op needs as "<name>_<type><index>": the same value.
            copied = re.fullmatch(r"(.+)_[a-z]+\d+", name)
            if isinstance(origin, Unknown) and copied and copied.group(1) in constants:
                origin = self.origin_of_tensor(constants[copied.group(1)])
            # A lowering re-adds a constant under its own name, converted
            # (mkldnn_lowerings: an int64 weight zero point as int32, a
            # one-element scale as a 0-d tensor): the same elements.
            derived_from = getattr(lowering, "allocated_constant_name", {}).get(name)
            if isinstance(origin, Unknown) and derived_from not in (None, name) and derived_from in constants:
                origin = _converted(self.origin_of_tensor(constants[derived_from]), constants[derived_from], value)
            origins[name] = origin
            if isinstance(value, torch.Tensor):
                layouts[name] = ConstantLayout(tuple(value.shape), tuple(value.stride()), value.dtype)
        arguments = None
        if self._frozen is not None:
            gm, preserved = self._frozen
            if gm is getattr(lowering, "orig_gm", None) or gm is getattr(lowering, "module", None):
                arguments = preserved
                self._frozen = None
        return GraphConstants(origins, layouts, arguments)


def _converted(origin: ConstantOrigin, source: torch.Tensor, value: Any) -> ConstantOrigin:
    """``origin``'s tensor converted to ``value``'s dtype and shape, where
    ``value`` has ``source``'s elements."""
    if isinstance(origin, Unknown):
        return origin
    if not isinstance(value, torch.Tensor) or value.numel() != source.numel():
        return Unknown("a constant a lowering derived from another one, with other elements")
    graph = torch.fx.Graph()
    x = graph.placeholder("operand0")
    converted = graph.call_function(torch.ops.aten._to_copy.default, (x,), {"dtype": value.dtype})
    graph.output(graph.call_function(torch.ops.aten.reshape.default, (converted, list(value.shape))))
    return Folded(torch.fx.GraphModule(torch.nn.Module(), graph), (origin,))
