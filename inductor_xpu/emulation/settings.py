"""The emulated device's names and its one exception type (torch-free, so
the pytest plugin and the command line can import them before torch)."""

from __future__ import annotations


EMULATE_ENV = "INDUCTOR_XPU_EMULATE"
DEVICES_ENV = "INDUCTOR_XPU_EMULATE_DEVICES"
DEFAULT_PROFILE = "max1550"


class EmulationRefused(RuntimeError):
    """The emulated xpu device cannot (or must not) be installed here."""


def emulation_variables(profile: str, devices: int) -> dict[str, str]:
    """The environment variables that give a process started with them the
    emulated device (read at ``import torch``), Triton's interpreter on."""
    return {EMULATE_ENV: profile, DEVICES_ENV: str(devices), "TRITON_INTERPRET": "1"}
