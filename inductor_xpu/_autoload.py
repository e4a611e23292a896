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
        # the same call as inductor_xpu.enable(): patches, Meta kernels, hooks
        enable_overlay()
    except OverlayError as e:
        if config.strict:
            raise
        # One line at every `import torch`, not a traceback: the details
        # (each patch's state) are one command away.
        reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        log.warning(
            "inductor_xpu: overlay not installed, torch runs stock code: %s "
            "(run `python -m inductor_xpu status` for details)",
            reason,
        )
        return
