"""Which ``ocloc -device`` a device profile compiles for.

A profile names its GPU by the Intel Triton backend's architecture name
(``DeviceProfile.triton_arch``: what the backend's ``arch_parser`` gives
the device); IGC's ``ocloc`` names the same silicon its own way.  A device
this ocloc does not list (IGC 1.0.12504 of Debian's intel-opencl-icd 22.43
knows ``pvc`` and ``acm-g10`` but neither Battlemage nor Lunar Lake) is
reported as such and nothing is compiled for it.
"""

from __future__ import annotations

import dataclasses

from inductor_xpu.native.env import NativeEnv
from inductor_xpu.device.profile import DeviceProfile


# triton_arch -> ocloc -device names for it, the preferred one first:
#   pvc  Data Center GPU Max 1550/1100 (Ponte Vecchio)
#   dg2  Arc A770 (ACM-G10, DG2-512)
#   bmg  Arc B580 (BMG-G21)
#   lnl  Arc 140V (Lunar Lake, LNL-M)
OCLOC_DEVICE_NAMES: dict[str, tuple[str, ...]] = {
    "pvc": ("pvc",),
    "dg2": ("acm-g10", "dg2-g10"),
    "bmg": ("bmg-g21", "bmg"),
    "lnl": ("lnl-m", "lnl"),
}


@dataclasses.dataclass(frozen=True)
class NativeTarget:
    """What one profile compiles for: the Triton backend's architecture
    name and ocloc's device, or why there is none (``unsupported``)."""

    profile: str
    name: str
    triton_arch: str
    device: str | None
    unsupported: str | None = None


def native_target(profile: DeviceProfile, env: NativeEnv) -> NativeTarget:
    """``profile``'s ocloc device under ``env``'s ocloc."""
    if profile.device_type != "xpu" or not profile.triton_arch:
        return NativeTarget(
            profile.key, profile.name, "", None, f"{profile.key} is not an Intel GPU profile: no IGC device"
        )
    arch = profile.triton_arch
    names = OCLOC_DEVICE_NAMES.get(arch, (arch,))
    known = set(env.ocloc_devices)
    for name in names:
        if name in known:
            return NativeTarget(profile.key, profile.name, arch, name)
    return NativeTarget(
        profile.key,
        profile.name,
        arch,
        None,
        f"this IGC ({env.igc_version}, ocloc {env.ocloc_version}) does not know {profile.name} "
        f"({arch}: ocloc device {' or '.join(names)}); nothing was compiled",
    )
