"""One training step compiled for a simulated xpu device: forward, backward
and (optionally) the optimizer step, each graph marked with its phase.

Needs a simulation with autograd (``Simulation.autograd``, see
:mod:`inductor_xpu.device.xpu_autograd`).  The step is what a user's loop
does on a real device::

    compiled = torch.compile(model)          # forward graph(s), AOTAutograd
    loss = reduce(compiled(*inputs))         #   joint graph -> forward part
    loss.backward()                          # backward graph(s) (compiled lazily)
    torch.compile(optimizer.step)()          # the compiled optimizer

With AMP the forward runs under ``torch.autocast("xpu", dtype)``.  Nothing
executes: the compiled modules replay their FX graphs on fake tensors.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator
from typing import Any

import torch

from inductor_xpu.device.simulation import Simulation, SimulationError
from inductor_xpu.device.xpu_autograd import _fake_mode_active


PHASES = ("forward", "backward", "optimizer")

# The dtypes a program is compiled in: the module and its floating-point
# inputs converted to the dtype (``DTYPES``), or kept in fp32 with the forward
# under ``torch.autocast(device, dtype)`` (``AMP_DTYPES``: mixed precision,
# as Intel's AMP recipe).  ``compile --dtype`` takes their keys.
DTYPES: dict[str, torch.dtype] = {
    "fp32": torch.float32,
    "fp16": torch.float16,
    "bf16": torch.bfloat16,
}
AMP_DTYPES: dict[str, torch.dtype] = {"amp_bf16": torch.bfloat16}

# The optimizers a training step can compile (``compile --optimizer``).
OPTIMIZERS: dict[str, Callable[..., torch.optim.Optimizer]] = {
    "sgd": lambda params: torch.optim.SGD(params, lr=0.01, momentum=0.9),
    "adamw": lambda params: torch.optim.AdamW(params, lr=1e-3),
}


def _loss_of(outputs: Any) -> torch.Tensor:
    """The sum of every floating-point output that requires grad (in fp32)."""
    leaves = [
        t
        for t in torch.utils._pytree.tree_leaves(outputs)
        if isinstance(t, torch.Tensor) and t.requires_grad and t.is_floating_point()
    ]
    if not leaves:
        raise SimulationError("training: no output of the model requires grad (nothing to differentiate)")
    loss = leaves[0].float().sum()
    for t in leaves[1:]:
        loss = loss + t.float().sum()
    return loss


def _fake_optimizer_state(optimizer: torch.optim.Optimizer, sim: Simulation) -> None:
    """Dynamo initialises an optimizer's state eagerly, outside the traced
    graph (``OptimizerVariable._init_group`` calls the optimizer's
    ``_init_group``: ``torch.zeros_like(p)``, and ``torch.zeros((),
    device=p.device)`` for ``step``).  On a device those are real
    allocations; here they are made in the simulation's fake mode.  The
    optimizer's class is swapped for a subclass whose ``_init_group`` does
    that (an instance attribute would hide the method from Dynamo's
    optimizer handling, which then inlines it and traces another branch)."""
    base = type(optimizer)
    original = base._init_group  # type: ignore[attr-defined]

    @functools.wraps(original)
    def _init_group(self: Any, *args: Any, **kwargs: Any) -> Any:
        with contextlib.nullcontext() if _fake_mode_active() else sim.fake_mode:
            return original(self, *args, **kwargs)

    optimizer.__class__ = type(base.__name__, (base,), {"_init_group": _init_group, "__module__": base.__module__})


_SIMULATED_DEVICE_ERRORS = ("Torch not compiled with XPU enabled",)


@contextlib.contextmanager
def _untracked_device_constants(sim: Simulation) -> Iterator[list[str]]:
    """make_fx tracks small constant tensors by computing them for real
    (``proxy_tensor.proxy_call``: ``with unset_fake_temporarily(): constant
    = func(*const_args)``), e.g. the scalar weight that ``_foreach_lerp_``'s
    decomposition moves to the device (``prims.device_put``) in AdamW.  On a
    device that computes a real xpu tensor; here it cannot.  Such a constant
    is left untracked instead (``constant`` stays ``None``, as for any
    non-constant): it only serves later ``.item()`` calls on it.  Each one
    is listed in the returned list; only this failure, only in
    ``proxy_call``, is absorbed."""
    from torch.fx.experimental import proxy_tensor

    original = proxy_tensor.unset_fake_temporarily
    untracked: list[str] = []

    @contextlib.contextmanager
    def unset_fake_temporarily() -> Iterator[Any]:
        caller = sys._getframe(2).f_code.co_name
        with original() as old:
            try:
                yield old
            except (AssertionError, RuntimeError) as e:
                if caller != "proxy_call" or not any(m in str(e) for m in _SIMULATED_DEVICE_ERRORS):
                    raise
                untracked.append(str(e))

    proxy_tensor.unset_fake_temporarily = unset_fake_temporarily  # type: ignore[assignment]
    try:
        yield untracked
    finally:
        proxy_tensor.unset_fake_temporarily = original  # type: ignore[assignment]


def compile_training_step(
    sim: Simulation,
    module: torch.nn.Module,
    *args: Any,
    optimizer: str | None = None,
    amp_dtype: torch.dtype | None = None,
    dynamic: bool | None = None,
    options: dict[str, Any] | None = None,
    phases: list[str] | None = None,
    untracked: list[str] | None = None,
    **kwargs: Any,
) -> list[str]:
    """Compile forward, backward and (``optimizer``: a key of
    :data:`OPTIMIZERS`) the optimizer step of ``module`` (fake xpu
    parameters that require grad: ``sim.to_fake(module, requires_grad=True)``)
    on fake inputs.  Returns the phase of each graph compiled, in the order of
    ``sim.generated``; ``phases``, if given, is that list, filled as graphs are
    compiled (so a step that fails half-way still says which graph was
    which).  ``untracked``, if given, receives the constants make_fx could not
    compute on the simulated device (see :func:`_untracked_device_constants`)."""
    sim._require_active()
    if not isinstance(module, torch.nn.Module):
        raise SimulationError(
            f"training needs an nn.Module (its parameters are what is trained), got {type(module).__name__}"
        )
    if optimizer is not None and optimizer not in OPTIMIZERS:
        raise ValueError(f"unknown optimizer {optimizer!r} (choose from {', '.join(OPTIMIZERS)})")
    if not sim.autograd:
        reason = sim.autograd_unavailable or (
            "an XPU device guard is missing"
            if sim.device_type == "xpu"
            else f"autograd on {sim.device_type} tensors initialises the device (hasPrimaryContext), "
            "which needs a GPU on this machine"
        )
        raise SimulationError(
            f"training needs autograd on {sim.device_type} tensors, which this simulation cannot provide: {reason}"
        )
    params = [p for p in module.parameters() if p.requires_grad]
    if not params:
        raise SimulationError("training: no parameter of the module requires grad")
    code_start = len(sim.generated)
    phases = [] if phases is None else phases

    def mark(phase: str) -> None:
        phases.extend([phase] * (len(sim.generated) - code_start - len(phases)))

    compiled = torch.compile(module, backend="inductor", dynamic=dynamic, options=options)
    with torch.enable_grad():
        with amp_context(sim.device_type, amp_dtype):
            outputs = compiled(*args, **kwargs)
        mark("forward")
        loss = _loss_of(outputs)
        loss.backward()
        mark("backward")
    if optimizer is not None:
        opt = OPTIMIZERS[optimizer](params)
        _fake_optimizer_state(opt, sim)
        step = torch.compile(opt.step, backend="inductor", options=options)
        with _untracked_device_constants(sim) as absorbed:
            step()
        if untracked is not None:
            untracked.extend(absorbed)
        mark("optimizer")
    return phases


def amp_context(device_type: str, amp_dtype: torch.dtype | None) -> contextlib.AbstractContextManager[Any]:
    """``torch.autocast(device_type, amp_dtype)``, or nothing for None."""
    if amp_dtype is not None:
        return torch.autocast(device_type, dtype=amp_dtype)
    return contextlib.nullcontext()
