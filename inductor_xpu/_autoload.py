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


def autoload() -> None:
    # strict mode, the warning and INDUCTOR_XPU_DISABLE are the overlay
    # state's policy (inductor_xpu.overlay.state)
    from inductor_xpu.overlay.state import enable_at_import

    enable_at_import()
