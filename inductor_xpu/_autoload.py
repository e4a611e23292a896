"""The ``torch.backends`` autoload entry point.

``import torch`` calls :func:`autoload` (PyTorch's out-of-tree backend
autoloading, RFC pytorch/pytorch#122468) unless
``TORCH_DEVICE_BACKEND_AUTOLOAD=0``.  It runs while ``torch/__init__.py`` is
finishing, before any ``torch._inductor`` module is imported, which is what
lets the overlay patch them, in the main process and in every subprocess that
imports torch (Inductor's compile workers included).

The overlay's policy reads :mod:`inductor_xpu.config`, which is built on
torch's config module: where importing the config is what imports torch,
the entry point runs while the config is half-built.  It then leaves itself
in the config's ``__when_complete__``, which the config runs at its end
(still before any ``torch._inductor`` module is imported).  The config is
looked up, not imported: it imports nothing of this package.

A process whose environment asks for the emulated xpu test device
(``INDUCTOR_XPU_EMULATE``, :mod:`inductor_xpu.emulation`) gets it here too,
so that it exists before any test module reads ``torch.xpu.is_available()``.
"""

from __future__ import annotations

import sys


def autoload() -> None:
    config = sys.modules.get("inductor_xpu.config")
    if config is not None and not vars(config).get("__complete__", True):
        vars(config)["__when_complete__"].append(autoload)
        return
    # strict mode, the warning and INDUCTOR_XPU_DISABLE are the overlay
    # state's policy (inductor_xpu.overlay.state)
    from inductor_xpu.overlay.state import enable_at_import

    enable_at_import()
    # The opt-in emulated xpu test device (INDUCTOR_XPU_EMULATE; never set
    # by default), after the overlay, with it on or off.
    from inductor_xpu.emulation import install_from_environment

    install_from_environment()
