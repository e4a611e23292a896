"""An opt-in **emulated** xpu device, for running upstream's xpu tests
without an Intel GPU.

Everything else in this project keeps the rule "never pretend an Intel GPU
is present": the simulation (:mod:`inductor_xpu.device.simulation`) makes
Inductor *generate* xpu code from fake tensors and runs nothing.  This room
is the one exception, for tests only: in a process that asks for it
(``INDUCTOR_XPU_EMULATE=<profile>`` set before torch is imported, which
``python -m inductor_xpu emulate -- CMD`` and the pytest plugin do), xpu is a
real device of this torch whose memory is host memory, whose eager kernels
are CPU's, and whose Triton kernels run in Triton's interpreter:

* :mod:`.runtime`: the native half (allocator, device guard with streams and
  events, XPU hooks, generators, a few XPU kernels and a boxed fallback that
  runs every other op's CPU kernel on aliasing CPU tensors, in
  ``inductor_xpu/device/csrc/xpu_runtime.cpp``) and the Python half (the
  ``torch._C._xpu_*`` bindings and the ``torch.xpu`` API, device properties
  from a cited profile);
* :mod:`.triton_backend`: Inductor's Triton kernels for xpu in Triton's
  interpreter (libdevice on CPU, bounds-checked loads and stores so a
  device-side assert fires, bf16 rounding to nearest even);
* :mod:`.fidelity`: the one place that lists where this differs from an XPU
  build;
* :mod:`.command` and :mod:`.pytest_plugin`: the two ways to ask for it.

It never starts on its own, and refuses, with one line, where torch is an
XPU build (or an xpu device guard is registered): a real device is tested as
itself.  Everything it prints says "emulated".
"""

from __future__ import annotations

import os

from inductor_xpu.emulation.settings import DEFAULT_PROFILE, DEVICES_ENV, EMULATE_ENV, EmulationRefused


__all__ = ["DEFAULT_PROFILE", "DEVICES_ENV", "EMULATE_ENV", "EmulationRefused", "install_from_environment",
           "installed", "requested"]


def requested() -> str | None:
    """The profile this process asked to emulate (``INDUCTOR_XPU_EMULATE``),
    or None."""
    value = os.environ.get(EMULATE_ENV, "").strip()
    if value in ("", "0"):
        return None
    return DEFAULT_PROFILE if value == "1" else value


def installed() -> str | None:
    """The profile emulated in this process, or None (never installs)."""
    from inductor_xpu.emulation import runtime

    return runtime.installed_profile()


def install_from_environment() -> str | None:
    """Install the device this process's environment asks for (the autoload
    entry point calls this at ``import torch``); None if it asks for none."""
    profile = requested()
    if profile is None:
        return None
    from inductor_xpu.emulation import runtime

    return runtime.install(profile, devices=_devices_from_environment())


def _devices_from_environment() -> int:
    raw = os.environ.get(DEVICES_ENV, "1").strip() or "1"
    try:
        count = int(raw)
    except ValueError:
        raise EmulationRefused(f"{DEVICES_ENV}={raw!r}: expected a device count from 1 to 8") from None
    if not 1 <= count <= 8:
        raise EmulationRefused(f"{DEVICES_ENV}={raw!r}: expected a device count from 1 to 8")
    return count
