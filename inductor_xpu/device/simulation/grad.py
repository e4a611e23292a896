"""Grad in a simulation: disabled by default, as for inference; on xpu,
autograd through the shim (:mod:`inductor_xpu.device.xpu_autograd`) with
the fallbacks an XPU build registers, or else a refusal of everything that
would record autograd on an xpu tensor (its absent device guard aborts the
process; :meth:`~inductor_xpu.device.simulation.state.Simulation.refuse_grad`)."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.device.simulation.patching import replaced
from inductor_xpu.device.tensor_methods import device_guard_available


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


log = logging.getLogger(__name__)


@contextlib.contextmanager
def grad_disabled(sim: Simulation) -> Iterator[None]:
    """Grad is disabled, as for inference, and put back on exit; training
    enables it (``torch.enable_grad()``, :mod:`inductor_xpu.modes.training`)."""
    with torch.no_grad():
        yield


@contextlib.contextmanager
def compile_fx_refuses_grad(sim: Simulation) -> Iterator[None]:
    """Inductor's ``compile_fx`` refuses graph inputs on the simulated device
    that require grad: even under no_grad, AOTAutograd mirrors their autograd
    metadata, which reaches the absent device guard."""
    import torch._inductor.compile_fx as compile_fx_module

    original = compile_fx_module.compile_fx

    @functools.wraps(original)
    def compile_fx(model: Any, example_inputs: Any, *args: Any, **kwargs: Any) -> Any:
        sim.refuse_grad(
            torch.utils._pytree.tree_leaves(example_inputs),
            lambda bad: f"graph inputs {bad}",
            advice=". Use Simulation.to_fake(), which makes parameters not require grad, or requires_grad_(False)",
        )
        return original(model, example_inputs, *args, **kwargs)

    with replaced(sim, compile_fx_module, "compile_fx", compile_fx):
        yield


# Lowerings that torch/_inductor/lowering.py registers at import only when
# torch.xpu._is_compiled() (an XPU build): (op packet name, why).
XPU_BUILD_FALLBACKS: tuple[tuple[str, str], ...] = (
    (
        "embedding_dense_backward",
        "lowering.py: make_fallback(aten.embedding_dense_backward) 'XPU-only and faster than decomp'; "
        "decomposition.py's decomposition returns NotImplemented for xpu tensors",
    ),
)


@contextlib.contextmanager
def xpu_build_fallbacks() -> Iterator[list[str]]:
    """Register, for the simulation's lifetime, the fallbacks an XPU build
    registers at import (:data:`XPU_BUILD_FALLBACKS`); without them a
    backward graph with ``embedding_dense_backward`` fails here ("both a
    fallback and a decomp for same op").  Inductor's lowering registries are
    restored exactly on exit.  Yields the names added."""
    from torch._inductor import lowering

    registries: tuple[Any, ...] = (
        lowering.lowerings,
        lowering.fallbacks,
        lowering.needs_realized_inputs,
        lowering._maybe_layout_constraints,
    )
    saved = [r.copy() for r in registries]
    added: list[str] = []
    try:
        if not torch.xpu._is_compiled():
            for name, _ in XPU_BUILD_FALLBACKS:
                packet = getattr(torch.ops.aten, name)
                overloads = [getattr(packet, o) for o in packet.overloads()]
                if not any(op in lowering.lowerings for op in overloads):
                    lowering.make_fallback(packet, warn=False)
                    added.append(name)
        yield added
    finally:
        for registry, contents in zip(registries, saved):
            registry.clear()
            registry.update(contents)


@contextlib.contextmanager
def xpu_autograd(sim: Simulation) -> Iterator[None]:
    """Autograd on fake xpu tensors where this build has no xpu device guard:
    the autograd engine asks that guard for a stream when it records an op
    on an xpu tensor that requires grad, and its absence aborts the process.
    With the shim (:mod:`inductor_xpu.device.xpu_autograd`) autograd works
    (``sim.autograd``) and the fallbacks an XPU build registers are
    registered; without it (``sim.autograd_unavailable`` says why) a compile
    that would trace a joint graph is refused instead of crashing."""
    if device_guard_available(sim.device_type):
        yield
        return
    from inductor_xpu.device.xpu_autograd import xpu_autograd as shim, XpuAutogradUnavailable

    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(shim(sim.fake_mode))
        except XpuAutogradUnavailable as e:
            sim.autograd_unavailable = str(e)
            log.info("simulated %s: inference only (%s)", sim.profile.key, e)
            stack.enter_context(compile_fx_refuses_grad(sim))
        else:
            sim.autograd = True
            sim.installed.append("c10 xpu device guard + at::getAccelerator() during xpu backward (xpu_autograd)")
            if stack.enter_context(xpu_build_fallbacks()):
                sim.installed.append("torch._inductor.lowering: fallbacks an XPU build registers (training)")
        yield
