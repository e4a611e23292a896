"""The ``torch.backends`` autoload entry point.

``import torch`` calls :func:`autoload` (PyTorch's out-of-tree backend
autoloading, RFC pytorch/pytorch#122468) unless
``TORCH_DEVICE_BACKEND_AUTOLOAD=0``.  It runs while ``torch/__init__.py`` is
finishing, before any ``torch._inductor`` module is imported, which is what
lets the overlay patch them, in the main process and in every subprocess that
imports torch (Inductor's compile workers included).

This module must stay importable while ``inductor_xpu/__init__.py`` is itself
being imported (``python -m inductor_xpu`` imports torch first), so it only
imports submodules.
"""

from __future__ import annotations

import logging


log = logging.getLogger(__name__)


def autoload() -> None:
    from inductor_xpu import config
    from inductor_xpu.overlay import OverlayError
    from inductor_xpu.overlay.state import enable_overlay

    if config.disable:
        return
    try:
        overlay = enable_overlay()
    except OverlayError:
        if config.strict:
            raise
        log.exception("inductor_xpu: overlay not installed")
        return
    from inductor_xpu.fx_passes.mkldnn_fake_kernels import register as register_mkldnn_fake_kernels

    register_mkldnn_fake_kernels()
    if config.register_xpu_backend:
        from inductor_xpu.codegen.xpu.registration import install_registration_hook

        install_registration_hook(overlay.finder)
