"""Programs that mutate their inputs (``x.add_(1)``, an optimizer's
parameters): eager runs on copies of the inputs (:func:`clone_inputs`), so
the generated code runs on the values the inputs had before the program
ran, and each graph input that eager or the executed graph changed is one
more output to compare (:func:`compare_mutated_inputs`), named ``mutated
input N (<Dynamo source>)``, ``N`` its position among the program's
inputs (:func:`mutated_input_names`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from inductor_xpu.execution.compare import compare_output, Comparison
from inductor_xpu.execution.wrapper import copy_argument


def clone_input(value: Any) -> Any:
    """A tensor's copy with its sizes and strides (a new leaf, requiring
    grad if the tensor did); anything else as it is."""
    if not isinstance(value, torch.Tensor):
        return value
    with torch.no_grad():
        try:
            copied = copy_argument(value.detach())
        except (RuntimeError, NotImplementedError):  # a layout as_strided cannot copy (quantized, sparse)
            copied = value.detach().clone()
    return copied.requires_grad_(value.requires_grad)


def clone_inputs(value: Any) -> Any:
    """``value`` (args, kwargs, nested) with each tensor copied
    (:func:`clone_input`): what eager may mutate instead of the caller's
    inputs."""
    return torch.utils._pytree.tree_map(clone_input, value)


def unchanged(before: Any, after: Any) -> bool:
    """``after`` holds ``before``'s values (NaN where it had NaN)."""
    if not isinstance(before, torch.Tensor) or not isinstance(after, torch.Tensor):
        return True
    if before.shape != after.shape or before.dtype != after.dtype:
        return False
    a, b = before.detach(), after.detach()
    if a.is_floating_point() or a.is_complex():
        return bool(((a == b) | (a.isnan() & b.isnan())).all())
    return torch.equal(a, b)


def mutated_input_names(sources: Sequence[str], values: Sequence[Any], program_inputs: Any) -> list[str]:
    """What each graph input (``sources``, its values ``values``) is called
    where it is mutated: ``mutated input N (<source>)``, ``N`` the position
    among the tensors of ``program_inputs`` (the program's args and kwargs,
    flattened) of the one whose storage it is; ``mutated <source>`` where it
    is none of them (a module's buffer)."""
    positions: dict[int, int] = {}
    tensors = [t for t in torch.utils._pytree.tree_leaves(program_inputs) if isinstance(t, torch.Tensor)]
    for n, t in enumerate(tensors):
        positions.setdefault(t.untyped_storage().data_ptr(), n)
    names = []
    for source, value in zip(sources, values):
        position = positions.get(value.untyped_storage().data_ptr()) if isinstance(value, torch.Tensor) else None
        names.append(f"mutated input {position} ({source})" if position is not None else f"mutated {source}")
    return names


def compare_mutated_inputs(
    comparison: Comparison,
    names: Sequence[str],
    before: Sequence[Any],
    eager_after: Sequence[Any | None],
    executed_after: Sequence[Any],
    *,
    tol: float,
) -> None:
    """Add to ``comparison`` each graph input (the wrapper's arguments, in
    order, called ``names``: :func:`mutated_input_names`) that eager or the
    executed graph changed: ``executed_after`` (the wrapper's arguments
    after its call) against ``eager_after`` (the same input after eager;
    None: not known, not compared), both changed from ``before``."""
    for name, old, want, got in zip(names, before, eager_after, executed_after):
        if not isinstance(old, torch.Tensor) or want is None:
            continue
        if unchanged(old, want) and unchanged(old, got):
            continue
        output = compare_output(len(comparison.outputs), got, want, tol=tol)
        output.name = name
        comparison.outputs.append(output)
