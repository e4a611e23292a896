"""What Inductor gets where it would import a generated wrapper module: a
module whose ``call`` runs no generated code but replays the lowered FX
graph on fake tensors (so Dynamo carries on across graph breaks)."""

from __future__ import annotations

import functools
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.device.device_interface import SimulatedDeviceError
from inductor_xpu.device.simulation.results import GeneratedCode, SimulationError


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


class SimulatedCompiledModule:
    """Returned where Inductor would import the generated wrapper module.

    ``call`` runs no generated code: it propagates fake inputs through the
    FX graph Inductor lowered, giving outputs with the right metadata, and
    refuses anything that is not a fake tensor."""

    def __init__(self, sim: Simulation, gm: torch.fx.GraphModule, path: str, code: GeneratedCode) -> None:
        self._sim = sim
        self._gm = gm
        self.__file__ = path
        self.generated_code = code

    def call(self, args: list[Any]) -> Any:
        from torch._subclasses.fake_tensor import FakeTensor

        inputs = list(args)
        args.clear()
        if not self._sim.active:
            raise SimulatedDeviceError(
                f"this graph was compiled for a simulated {self._sim.profile.key}; "
                "the simulation has ended and there is no device to run it on"
            )
        for value in inputs:
            if isinstance(value, torch.Tensor) and not isinstance(value, FakeTensor):
                raise SimulatedDeviceError(
                    f"a graph compiled for a simulated {self._sim.device_type} was called with a real tensor "
                    f"({value.device}); only fake tensors can flow through a simulation"
                )
        fake_mode = torch._guards.detect_fake_mode(inputs) or self._sim.fake_mode
        with fake_mode:
            out = _FakeReplay(self._gm).run(*inputs)
        return tuple(out) if isinstance(out, (list, tuple)) else (out,)

    def __call__(self, args: list[Any]) -> Any:
        return self.call(args)


class _FakeReplay(torch.fx.Interpreter):
    """Propagates fake tensors through a lowered graph.  A node that only
    exists for lowering -- a pattern replacement marked
    ``_inductor_lowering_function``, such as the oneDNN fusions that
    freezing inserts (fx_passes/mkldnn_fusion.py) -- calls lowerings on IR
    and cannot run on tensors: its recorded output metadata gives the
    result."""

    def run_node(self, n: torch.fx.Node) -> Any:
        if n.op == "call_function" and hasattr(n.target, "_inductor_lowering_function"):
            return torch.utils._pytree.tree_map_only(
                torch.Tensor, functools.partial(_empty_like_recorded, n), n.meta["val"]
            )
        result = super().run_node(n)
        if result is None and n.op == "call_function" and isinstance(n.meta.get("val"), (list, tuple)):
            # Inductor's reinplacing pass (fx_passes/reinplace.py) turns a
            # functional foreach op (compiled optimizers) into its in-place
            # variant, which returns None; its users still index the
            # recorded functional result.
            return torch.utils._pytree.tree_map_only(
                torch.Tensor, functools.partial(_empty_like_recorded, n), n.meta["val"]
            )
        return result


def _empty_like_recorded(node: torch.fx.Node, val: torch.Tensor) -> torch.Tensor:
    sizes = (*val.shape, *val.stride())
    if not all(isinstance(s, int) for s in sizes):
        raise SimulationError(
            f"cannot replay {node.target!r} (a lowering-only node) with symbolic sizes "
            f"{tuple(val.shape)}; compile with static shapes"
        )
    return torch.empty_strided(val.shape, val.stride(), dtype=val.dtype, device=val.device)
