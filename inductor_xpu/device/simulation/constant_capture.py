"""The installer that records where each constant of a simulated compile
comes from (:class:`~inductor_xpu.device.simulation.freezing.ConstantOrigins`,
``sim.constant_origins``), by wrapping the functions through which Inductor
freezes and folds; the originals are called with the same arguments."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import torch

from inductor_xpu.device.simulation.freezing import ConstantOrigins
from inductor_xpu.device.simulation.patching import replaced
from inductor_xpu.device.simulation.state import Simulation


@contextlib.contextmanager
def constant_origins(sim: Simulation) -> Iterator[None]:
    """Record each constant's origin (``sim.constant_origins``) while
    Inductor freezes and folds: ``replace_node_with_constant`` wherever torch
    binds it, ``freezing.replace_params_with_constants`` (which placeholder
    is which argument) and ``freezing.freeze`` (the arguments preserved)."""
    import torch._inductor.constant_folding as constant_folding
    import torch._inductor.freezing as freezing
    from torch._subclasses.fake_tensor import FakeTensor

    origins = ConstantOrigins(sim.fake_name)
    sim.constant_origins = origins
    original_replace = constant_folding.replace_node_with_constant
    original_params = freezing.replace_params_with_constants
    original_freeze = freezing.freeze

    def replace_node_with_constant(
        gm: torch.fx.GraphModule, node: torch.fx.Node, constant: torch.Tensor | None = None, name: str | None = None
    ) -> None:
        origin = origins.origin_of_node(gm, node) if isinstance(constant, FakeTensor) else None
        original_replace(gm, node, constant, name)
        if origin is not None:
            assert constant is not None
            origins.record(constant, origin)

    def replace_params_with_constants(gm: torch.fx.GraphModule, *args: Any, **kwargs: Any) -> Any:
        with origins.replacing_params(gm):
            return original_params(gm, *args, **kwargs)

    def freeze(dynamo_gm: torch.fx.GraphModule, *args: Any, **kwargs: Any) -> Any:
        origins.freezing(dynamo_gm)
        gm, preserved = original_freeze(dynamo_gm, *args, **kwargs)
        origins.frozen(gm, preserved)
        return gm, preserved

    with contextlib.ExitStack() as stack:
        for module in (constant_folding, freezing):
            if getattr(module, "replace_node_with_constant", None) is original_replace:
                stack.enter_context(replaced(sim, module, "replace_node_with_constant", replace_node_with_constant))
        stack.enter_context(replaced(sim, freezing, "replace_params_with_constants", replace_params_with_constants))
        stack.enter_context(replaced(sim, freezing, "freeze", freeze))
        try:
            yield
        finally:
            sim.constant_origins = None
