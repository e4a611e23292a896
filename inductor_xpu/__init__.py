"""inductor-xpu: torch.compile first-class on Intel GPUs.

Public API:

* :func:`enable` installs the overlay (the ``torch_patches/`` series applied
  to the installed torch in memory).  Installed packages do this at
  ``import torch`` through the ``torch.backends`` autoload entry point; call
  it yourself only where autoloading is off (``TORCH_DEVICE_BACKEND_AUTOLOAD=0``).
* :func:`status` reports torch, each patch's state and the code cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


# Nothing here imports torch: `import inductor_xpu.series` (tools/patches.py,
# the audit) must work, and not install the overlay, in a process that never
# imports torch.  enable() and status() import what they need when called.

if TYPE_CHECKING:
    from inductor_xpu.overlay import Overlay
    from inductor_xpu.overlay.state import OverlayStatus

__all__ = ["enable", "status"]
__version__ = "0.1.0"


def enable(*, strict: bool | None = None) -> Overlay:
    """Install the overlay in this process; idempotent.

    Does exactly what the autoload entry point does at ``import torch`` (both
    call :func:`inductor_xpu.overlay.state.enable_overlay`): the patched
    modules, Inductor's cache tag, the oneDNN Meta kernels.

    Raises ``OverlayEnableError`` if a module the series patches was imported
    before, and in strict mode (``INDUCTOR_XPU_STRICT=1`` or ``strict=True``)
    ``PatchApplyError`` if a patch does not apply to this torch.
    """
    from inductor_xpu.overlay.state import enable_overlay

    return enable_overlay(strict=strict)


def status() -> OverlayStatus:
    """What the overlay did (or would do) in this process."""
    from inductor_xpu.overlay.state import overlay_status

    return overlay_status()
