"""GPU device profiles and hardware-less code generation for them.

* :func:`get_profile` / :func:`list_profiles`: the profiles of
  :mod:`inductor_xpu.targets.profiles` (one file per device): Intel GPUs,
  and NVIDIA ones (``h100``, ``h200``) to check the simulation against
  real hardware.
* :func:`simulate`: a context in which Inductor generates complete xpu (or,
  for an NVIDIA profile, cuda) code for a profile from fake tensors,
  executing nothing (the package :mod:`inductor_xpu.targets.simulation`).
* :func:`compile_for_target`: compile a program for a target and report
  (:mod:`inductor_xpu.targets.pipeline`).
"""

from __future__ import annotations

from inductor_xpu.targets.device_interface import SimulatedDeviceError
from inductor_xpu.targets.pipeline import compile_for_target, CompileReport, TargetOptions
from inductor_xpu.targets.profile import DeviceProfile
from inductor_xpu.targets.registry import (
    get_profile,
    list_profiles,
    ProfileError,
    UnknownProfileError,
)
from inductor_xpu.targets.simulation import (
    active_simulation,
    CompileResult,
    GeneratedCode,
    simulate,
    Simulation,
    SimulationError,
)


__all__ = [
    "CompileReport",
    "CompileResult",
    "DeviceProfile",
    "GeneratedCode",
    "ProfileError",
    "SimulatedDeviceError",
    "Simulation",
    "SimulationError",
    "TargetOptions",
    "UnknownProfileError",
    "active_simulation",
    "compile_for_target",
    "get_profile",
    "list_profiles",
    "simulate",
]
