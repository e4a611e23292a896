"""SDPA on the emulated device, as an XPU build chooses it.

An XPU build picks its SDPA backend in C++ (``select_sdp_backend_xpu``); a
build without XPU has no ``_fused_sdp_choice`` for xpu and asserts.  The
emulated device uses the simulation's port of that choice
(:class:`inductor_xpu.device.meta.sdpa.XpuSdpa`, for the profile) for eager
and compiled code alike, and runs oneDNN's fused op
(``_scaled_dot_product_fused_attention_overrideable`` and its backward),
which has no CPU kernel, as the execution check's fp32 references
(:mod:`inductor_xpu.execution.sdpa`) on host copies.
"""

from __future__ import annotations

import contextlib
from typing import Any

import torch


_kept: list[Any] = []


def _on_cpu(reference: Any) -> Any:
    def kernel(*args: Any, **kwargs: Any) -> Any:
        cpu = torch.utils._pytree.tree_map(lambda t: t.cpu() if isinstance(t, torch.Tensor) else t, (args, kwargs))
        out = reference(*cpu[0], **cpu[1])
        return torch.utils._pytree.tree_map(lambda t: t.to("xpu") if isinstance(t, torch.Tensor) else t, out)

    return kernel


def install_sdpa(profile: Any) -> None:
    from inductor_xpu.device.meta.sdpa import register, XpuSdpa
    from inductor_xpu.execution.sdpa import (
        sdpa_fused_overrideable_backward_reference,
        sdpa_fused_overrideable_reference,
    )

    stack = contextlib.ExitStack()
    stack.enter_context(register(XpuSdpa(profile)))
    lib = torch.library.Library("aten", "IMPL")  # noqa: TOR901
    lib.impl("_scaled_dot_product_fused_attention_overrideable", _on_cpu(sdpa_fused_overrideable_reference), "XPU")
    lib.impl("_scaled_dot_product_fused_attention_overrideable_backward",
             _on_cpu(sdpa_fused_overrideable_backward_reference), "XPU")
    _kept.extend([stack, lib])  # for the rest of the process
