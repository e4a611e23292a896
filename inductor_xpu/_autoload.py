"""The ``torch.backends`` autoload entry point.

``import torch`` calls :func:`autoload` (PyTorch's out-of-tree backend
autoloading, RFC pytorch/pytorch#122468) unless
``TORCH_DEVICE_BACKEND_AUTOLOAD=0``.  It runs while ``torch/__init__.py`` is
finishing, before any ``torch._inductor`` module is imported, which is what
lets the overlay patch them, in the main process and in every subprocess that
imports torch (Inductor's compile workers included).

The overlay's policy reads :mod:`inductor_xpu.config`, which is built on
torch's config module: where importing the config is what imports torch,
the entry point runs while the config is half-initialized.  It then waits:
the config calls :func:`config_loaded` at its end, which installs the
overlay (still before any ``torch._inductor`` module is imported).
"""

from __future__ import annotations


# The config module is being executed (set by it around its torch import).
_config_loading = False
# autoload() ran meanwhile and waits for config_loaded().
_waiting = False


def autoload() -> None:
    global _waiting
    if _config_loading:
        _waiting = True
        return
    # strict mode, the warning and INDUCTOR_XPU_DISABLE are the overlay
    # state's policy (inductor_xpu.overlay.state)
    from inductor_xpu.overlay.state import enable_at_import

    enable_at_import()


def config_loading() -> None:
    """The config module starts importing torch."""
    global _config_loading
    _config_loading = True


def config_loaded() -> None:
    """The config module is complete: run the entry point if it waited."""
    global _config_loading, _waiting
    _config_loading = False
    if _waiting:
        _waiting = False
        autoload()
