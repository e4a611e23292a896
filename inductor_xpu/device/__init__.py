"""The simulated device: GPU profiles, and hardware-less code generation for them.

* :func:`get_profile` / :func:`list_profiles`: the profiles of
  :mod:`inductor_xpu.device.profiles` (one file per device): Intel GPUs,
  and NVIDIA ones (``h100``, ``h200``) to check the simulation against
  real hardware.
* :func:`simulate`: a context in which Inductor generates complete xpu (or,
  for an NVIDIA profile, cuda) code for a profile from fake tensors,
  executing nothing (the package :mod:`inductor_xpu.device.simulation`).
* :mod:`.meta`: the meta rules a simulated device needs where torch's are
  device-biased (SDPA, and cuDNN convolution for the NVIDIA profiles).

Compiling a program for a device and reporting what came out is
:func:`inductor_xpu.compile.pipeline.compile_for_target`.
"""

from __future__ import annotations

from inductor_xpu.device.device_interface import SimulatedDeviceError
from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.registry import (
    get_profile,
    list_profiles,
    ProfileError,
    UnknownProfileError,
)
from inductor_xpu.device.simulation import (
    active_simulation,
    CompileResult,
    GeneratedCode,
    simulate,
    Simulation,
    SimulationError,
)


__all__ = [
    "CompileResult",
    "DeviceProfile",
    "GeneratedCode",
    "ProfileError",
    "SimulatedDeviceError",
    "Simulation",
    "SimulationError",
    "UnknownProfileError",
    "active_simulation",
    "get_profile",
    "list_profiles",
    "simulate",
]
