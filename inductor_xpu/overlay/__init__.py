"""The overlay: the series (:mod:`inductor_xpu.series`) applied in memory to
the installed torch at ``import torch``, served by an import hook.

:mod:`.state` owns the process state and policy (installed once, strict
mode, warnings, excepthook, status), :mod:`.importer` the finder and the
loader, :mod:`.cache` the code-object cache.
"""

from __future__ import annotations

from .importer import OverlayFinder, PatchedModule, is_patched, patched_modules_in_process
from .state import (
    enable_overlay,
    install,
    installed,
    Overlay,
    OverlayEnableError,
    overlay_status,
    OverlayStatus,
)


__all__ = [
    "Overlay",
    "OverlayEnableError",
    "OverlayFinder",
    "OverlayStatus",
    "PatchedModule",
    "enable_overlay",
    "install",
    "installed",
    "is_patched",
    "overlay_status",
    "patched_modules_in_process",
]
