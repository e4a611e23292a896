"""Eager autograd for a training step executed on CPU
(:func:`~inductor_xpu.execution.training.execute_training`): the
step (forward, loss, backward, optimizer step) run eagerly on a copy of the
module and copies of the inputs, what the executed graphs are compared
with."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import torch

from inductor_xpu.device.simulation import SimulationError
from inductor_xpu.execution.mutation import clone_inputs
from inductor_xpu.execution.eager import seeded


log = logging.getLogger(__name__)


# What a training step is, for its compile (inductor_xpu.modes.training) and
# its eager reference here: the loss, the optimizers, autocast.

# The optimizers a training step can compile (``compile --optimizer``).
OPTIMIZERS: dict[str, Callable[..., torch.optim.Optimizer]] = {
    "sgd": lambda params: torch.optim.SGD(params, lr=0.01, momentum=0.9),
    "adamw": lambda params: torch.optim.AdamW(params, lr=1e-3),
}


def loss_of(outputs: Any) -> torch.Tensor:
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


def amp_context(device_type: str, amp_dtype: torch.dtype | None) -> contextlib.AbstractContextManager[Any]:
    """``torch.autocast(device_type, amp_dtype)``, or nothing for None."""
    if amp_dtype is not None:
        return torch.autocast(device_type, dtype=amp_dtype)
    return contextlib.nullcontext()


@dataclasses.dataclass
class EagerStep:
    """What the eager step gives.  ``outputs``: the forward's outputs as its
    graph returns them (:func:`graph_outputs`); ``args``/``kwargs``: the
    copies of the inputs the step ran on, after it."""

    outputs: list[Any]
    tangents: dict[int, torch.Tensor]  # output index -> d loss / d output
    grads: dict[str, torch.Tensor | None]  # parameter name -> .grad
    updated: dict[str, torch.Tensor]  # parameter name -> after the optimizer step
    state: dict[tuple[str, str], torch.Tensor]  # (parameter name, key) -> after the step
    args: list[Any] = dataclasses.field(default_factory=list)
    kwargs: dict[str, Any] = dataclasses.field(default_factory=dict)


def graph_outputs(out: Any, inputs: Any) -> list[torch.Tensor]:
    """A forward's outputs (``out``, nested) as a Dynamo graph returns them:
    the tensor leaves, flattened, but those that are ``inputs`` (the
    program's inputs, parameters and buffers), which Dynamo's code returns
    itself.  An int or None the forward returns is no graph output."""
    taken = {id(t) for t in torch.utils._pytree.tree_leaves(inputs) if isinstance(t, torch.Tensor)}
    return [t for t in torch.utils._pytree.tree_leaves(out) if isinstance(t, torch.Tensor) and id(t) not in taken]


def _amp(amp_dtype: torch.dtype | None) -> contextlib.AbstractContextManager[Any]:
    return amp_context("cpu", amp_dtype)


def low_precision_step(module: torch.nn.Module, args: Sequence[Any], amp_dtype: torch.dtype | None) -> bool:
    low = (torch.float16, torch.bfloat16)
    tensors = [*module.parameters(), *torch.utils._pytree.tree_leaves(list(args))]
    return amp_dtype is not None or any(isinstance(t, torch.Tensor) and t.dtype in low for t in tensors)


def fp64_step(
    module: torch.nn.Module, args: Sequence[Any], kwargs: Mapping[str, Any], optimizer: str | None
) -> EagerStep | None:
    """The step in float64, without autocast: the model suite's reference
    for a low-precision check; None where it does not run in float64."""

    def to64(value: Any) -> Any:
        return value.double() if isinstance(value, torch.Tensor) and value.is_floating_point() else value

    try:
        args64 = torch.utils._pytree.tree_map(to64, list(args))
        kwargs64 = torch.utils._pytree.tree_map(to64, dict(kwargs))
        return eager_step(copy.deepcopy(module).double(), args64, kwargs64, optimizer, None)
    except Exception as e:  # noqa: BLE001 - no fp64 reference: the check runs without one
        log.info("no float64 training reference (%s: %s)", type(e).__name__, e)
        return None


def eager_step(
    module: torch.nn.Module,
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
    optimizer: str | None,
    amp_dtype: torch.dtype | None,
) -> EagerStep:
    """The step run eagerly on a copy of ``module`` and copies of the
    inputs: the forward (under ``amp_dtype`` autocast), the loss, the
    backward and, with ``optimizer``, its step."""
    ref = copy.deepcopy(module)
    args, kwargs = clone_inputs((list(args), dict(kwargs)))  # the caller's are not mutated
    with torch.enable_grad(), seeded():
        with _amp(amp_dtype):
            out = ref(*args, **kwargs)
        loss = loss_of(out)
    leaves = graph_outputs(out, (args, kwargs, list(ref.parameters()), list(ref.buffers())))
    diff = [i for i, t in enumerate(leaves) if t.requires_grad]
    # The tangent of an output is the loss's gradient with respect to that
    # output alone (what reaches the graph from outside): taken on detached
    # outputs, since an output may also feed another (HF models return the
    # logits and the loss computed from them; the backward graph itself
    # carries that path).
    cut = [t.detach().requires_grad_(t.requires_grad) for t in leaves]
    with torch.enable_grad():
        tangents = torch.autograd.grad(loss_of(cut), [cut[i] for i in diff], allow_unused=True)
    loss.backward()
    names = {id(p): n for n, p in ref.named_parameters()}
    grads = {n: (p.grad.detach().clone() if p.grad is not None else None) for n, p in ref.named_parameters()}
    updated: dict[str, torch.Tensor] = {}
    state: dict[tuple[str, str], torch.Tensor] = {}
    if optimizer is not None:
        params = [p for p in ref.parameters() if p.requires_grad]
        opt = OPTIMIZERS[optimizer](params)
        opt.step()
        updated = {names[id(p)]: p.detach().clone() for p in params}
        state = {
            (names[id(p)], key): value.detach().clone()
            for p in params
            for key, value in opt.state.get(p, {}).items()
            if isinstance(value, torch.Tensor)
        }
    return EagerStep(
        outputs=[t.detach() for t in leaves],
        tangents={i: t for i, t in zip(diff, tangents) if t is not None},
        grads=grads,
        updated=updated,
        state=state,
        args=list(args),
        kwargs=dict(kwargs),
    )


class _StateReady(Exception):
    """Raised from an optimizer's first ``_init_group`` to stop its step."""


def initialise_state(opt: torch.optim.Optimizer) -> None:
    """The optimizer's state as Dynamo has it before tracing ``step``
    (``_init_group`` runs eagerly, outside the graph): its step runs up to
    the end of its first ``_init_group``, and stops there."""
    base = type(opt)
    original = base._init_group  # type: ignore[attr-defined]

    def _init_group(self: Any, *a: Any, **k: Any) -> Any:
        original(self, *a, **k)
        raise _StateReady

    opt.__class__ = type(base.__name__, (base,), {"_init_group": _init_group, "__module__": base.__module__})
    try:
        opt.step()
    except _StateReady:
        pass
    finally:
        opt.__class__ = base
