"""The post-ops of oneDNN's fused ops, as the CPU references compute them:
unary (``relu``, ``gelu`` with its algorithm, ``hardtanh`` with its
scalars ...) and binary (``add``/``sum`` scaled by alpha, ``sub``, ``mul``,
``div``).  Used by the float references (:mod:`.onednn_fp`) and the INT8
ones (:mod:`.onednn_int8`, on the dequantized accumulator)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.nn.functional as F

from inductor_xpu.execution.errors import CannotExecute


_UNARY: dict[str, Callable[..., torch.Tensor]] = {
    "none": lambda y, scalars, algorithm: y,
    "": lambda y, scalars, algorithm: y,
    "relu": lambda y, scalars, algorithm: F.relu(y),
    "gelu": lambda y, scalars, algorithm: F.gelu(y, approximate="tanh" if algorithm == "tanh" else "none"),
    "sigmoid": lambda y, scalars, algorithm: torch.sigmoid(y),
    "tanh": lambda y, scalars, algorithm: torch.tanh(y),
    "swish": lambda y, scalars, algorithm: F.silu(y),
    "silu": lambda y, scalars, algorithm: F.silu(y),
    "hardswish": lambda y, scalars, algorithm: F.hardswish(y),
    "hardsigmoid": lambda y, scalars, algorithm: F.hardsigmoid(y),
    "leaky_relu": lambda y, scalars, algorithm: F.leaky_relu(y, float(scalars[0])),
    "hardtanh": lambda y, scalars, algorithm: F.hardtanh(y, float(scalars[0]), float(scalars[1])),
}


def apply_unary_post_op(
    y: torch.Tensor, attr: str | None, scalars: Sequence[Any] | None, algorithm: str | None
) -> torch.Tensor:
    """A oneDNN unary post-op (``attr``, its ``scalars`` and ``algorithm``)
    applied to ``y``."""
    op = _UNARY.get(attr or "none")
    if op is None:
        raise CannotExecute(f"the oneDNN reference has no post-op {attr!r}")
    return op(y, list(scalars or []), algorithm or "")


_BINARY: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "add": torch.add,
    "sum": torch.add,
    "sub": torch.sub,
    "mul": torch.mul,
    "div": torch.div,
}


def apply_binary_post_op(y: torch.Tensor, other: torch.Tensor, attr: str, alpha: Any = None) -> torch.Tensor:
    """A oneDNN binary post-op (``attr``, scaled by ``alpha`` where the op
    has one) of ``y`` with ``other``, in fp32."""
    op = _BINARY.get(attr)
    if op is None:
        raise CannotExecute(f"the oneDNN reference has no binary post-op {attr!r}")
    other = other.float()
    if alpha is not None and attr in ("add", "sum", "sub"):
        other = other * float(alpha)
    return op(y, other)
