"""The eager side of a comparison: the program run on CPU, seeded, on
copies of its inputs (its outputs, and its inputs as it left them), and in
float64 as the reference for fp16/bf16 outputs; and the seed both sides
draw random numbers from (:func:`seeded`)."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import torch

from inductor_xpu.execution.mutation import clone_inputs


log = logging.getLogger(__name__)

# Eager and the executed program draw random numbers from the same seed (a
# program compiled with fallback_random=True then gives the same numbers).
SEED = 0


@contextlib.contextmanager
def seeded(seed: int = SEED) -> Iterator[None]:
    """The CPU generator at ``seed`` inside, as it was outside."""
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        yield


@dataclasses.dataclass
class EagerRun:
    """The program run eagerly: its outputs flattened, and the copies of
    its inputs it ran on, after the run (what it mutated, mutated)."""

    outputs: list[Any]
    args: list[Any]
    kwargs: dict[str, Any]


def eager_run(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> EagerRun:
    """The program run eagerly on CPU (seeded), on copies of ``args`` and
    ``kwargs`` (the caller's are not mutated)."""
    args_copy, kwargs_copy = clone_inputs((list(args), dict(kwargs or {})))
    with torch.no_grad(), seeded():
        out = fn(*args_copy, **kwargs_copy)
    return EagerRun(torch.utils._pytree.tree_leaves(out), args_copy, kwargs_copy)


def eager_outputs(fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None) -> list[Any]:
    """The program run eagerly on CPU (seeded, on copies of its inputs), its
    outputs flattened (a graph's wrapper returns its outputs flat)."""
    return eager_run(fn, args, kwargs).outputs


def fp64_outputs(
    fn: Callable[..., Any], args: Sequence[Any], kwargs: Mapping[str, Any] | None = None
) -> list[Any] | None:
    """The program in float64 (a copy of a module, floating inputs cast), as
    the model suite's reference for low-precision checks; None where it does
    not run in float64."""

    def to64(value: Any) -> Any:
        if isinstance(value, torch.Tensor) and value.is_floating_point():
            return value.double()
        return value

    try:
        fn64 = copy.deepcopy(fn).double() if isinstance(fn, torch.nn.Module) else fn
        args64 = torch.utils._pytree.tree_map(to64, list(args))  # eager_outputs copies them
        kwargs64 = torch.utils._pytree.tree_map(to64, dict(kwargs or {}))
        return eager_outputs(fn64, args64, kwargs64)
    except Exception as e:  # noqa: BLE001 - no fp64 reference: the check runs without one
        log.info("no float64 reference (%s: %s)", type(e).__name__, e)
        return None


def low_precision(values: Sequence[Any]) -> bool:
    """Some value is an fp16 or bf16 tensor (checked against float64)."""
    return any(isinstance(v, torch.Tensor) and v.dtype in (torch.float16, torch.bfloat16) for v in values)
