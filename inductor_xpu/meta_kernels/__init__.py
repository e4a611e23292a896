"""Meta (fake-tensor) kernels for oneDNN ops that torch registers none for,
so graphs holding them trace with fake tensors on any device (hardware-less
xpu code generation included).  The overlay registers them at ``import
torch`` (:func:`inductor_xpu.overlay.state.enable_overlay`), each only where
torch has no Meta kernel, so an upstream one wins once it exists.

:mod:`.mkldnn_binary`: the oneDNN binary post-op fusion ops (conv and linear
with ``add``/``sub``/``mul``) that Inductor's mkldnn fusion passes emit.
:mod:`.onednn_quant`: the oneDNN INT8 weight-prepack ops that PT2E INT8
freezing folds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import torch


log = logging.getLogger(__name__)


class MetaKernels:
    """Meta kernels of one operator namespace, registered where torch has
    none (:meth:`register`): each module of this package is one of these."""

    def __init__(self, namespace: str, kernels: dict[str, Callable[..., Any]]) -> None:
        self.namespace = namespace
        self.kernels = kernels
        self.registered: list[str] = []
        self._library: Any = None

    def register(self) -> list[str]:
        """Register the Meta kernels torch lacks; returns the ops registered
        now.  Idempotent; a no-op in builds without oneDNN, and for ops this
        build does not have."""
        if not torch._C._has_mkldnn:
            return []
        done = []
        for name, fn in self.kernels.items():
            qualname = f"{self.namespace}::{name}"
            try:
                if torch._C._dispatch_has_kernel_for_dispatch_key(qualname, "Meta"):
                    continue
            except RuntimeError:  # the op does not exist in this build
                continue
            if self._library is None:
                self._library = torch.library.Library(self.namespace, "IMPL", "Meta")  # noqa: TOR901
            self._library.impl(name, fn)
            self.registered.append(qualname)
            done.append(qualname)
        if done:
            log.debug("registered Meta kernels for %s", ", ".join(done))
        return done
