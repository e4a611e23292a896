"""``DeviceProfile``: what Inductor can learn about one Intel GPU, as data.

A profile holds the fields ``torch.xpu.get_device_properties()`` reports
(named as torch 2.13's ``torch._C._XpuDeviceProperties`` names them), the
Triton target the Intel Triton backend would build for the device, and
nothing else.  From it we derive, exactly as the real runtime would:

* a properties object with the attribute set of ``_XpuDeviceProperties``
  (:meth:`DeviceProfile.device_properties`), which is what
  ``DeviceInterface.get_device_properties`` returns and what
  ``torch._inductor.runtime.hints.DeviceProperties.create`` reads;
* the capability dict of ``torch.xpu.get_device_capability()``
  (:meth:`DeviceProfile.capability`): every serializable property;
* the ``triton.backends.compiler.GPUTarget`` the Intel backend's
  ``XPUDriver`` constructs (:meth:`DeviceProfile.triton_target`).

Profiles live one per file under :mod:`inductor_xpu.targets.profiles`; see
:mod:`inductor_xpu.targets.registry`.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any


# The attributes of torch._C._XpuDeviceProperties (torch 2.13 and 2.14
# torch/_C/__init__.pyi), in declaration order, without ``uuid``: a UUID
# names one physical device, not a product, so a profile has none and the
# properties object built from it has no ``uuid`` attribute.
XPU_DEVICE_PROPERTY_FIELDS: tuple[str, ...] = (
    "name",
    "platform_name",
    "vendor",
    "device_id",
    "driver_version",
    "version",
    "max_compute_units",
    "gpu_eu_count",
    "max_work_group_size",
    "max_num_sub_groups",
    "memory_clock_rate",
    "memory_bus_width",
    "sub_group_sizes",
    "local_mem_size",
    "last_level_cache_size",
    "has_fp16",
    "has_fp64",
    "has_atomic64",
    "has_bfloat16_conversions",
    "has_subgroup_matrix_multiply_accumulate",
    "has_subgroup_matrix_multiply_accumulate_tensor_float32",
    "has_subgroup_2d_block_io",
    "is_integrated_gpu",
    "total_memory",
    "gpu_subslice_count",
    "architecture",
    "type",
)

# Properties torch reports that a profile deliberately does not hold.
XPU_DEVICE_PROPERTY_FIELDS_NOT_PROFILED: tuple[str, ...] = ("uuid",)

# The Intel Triton backend's XPUDriver builds its target as
# GPUTarget("xpu", <capability dict + extensions + "arch">, warp_size=32)
# (intel/intel-xpu-backend-for-triton third_party/intel/backend/driver.py,
# XPUDriver._construct_target).
TRITON_BACKEND = "xpu"
TRITON_WARP_SIZE = 32


@dataclasses.dataclass(frozen=True)
class DeviceProfile:
    """One Intel GPU as torch and Triton see it.  Units follow torch:
    bytes for memories and caches, MHz for ``memory_clock_rate``, bits for
    ``memory_bus_width``."""

    # Registry key (lower case, e.g. "max1550") and extra names for it.
    key: str
    aliases: tuple[str, ...]
    # One line saying which device this is and what one torch device means
    # (e.g. one stack of a two-stack card in FLAT mode).
    description: str

    # --- torch.xpu.get_device_properties() fields ---
    name: str
    platform_name: str
    vendor: str
    device_id: int
    driver_version: str
    version: str
    max_compute_units: int
    gpu_eu_count: int
    max_work_group_size: int
    max_num_sub_groups: int
    memory_clock_rate: int
    memory_bus_width: int
    sub_group_sizes: tuple[int, ...]
    local_mem_size: int
    last_level_cache_size: int
    has_fp16: bool
    has_fp64: bool
    has_atomic64: bool
    has_bfloat16_conversions: bool
    has_subgroup_matrix_multiply_accumulate: bool
    has_subgroup_matrix_multiply_accumulate_tensor_float32: bool
    has_subgroup_2d_block_io: bool
    is_integrated_gpu: bool
    total_memory: int
    gpu_subslice_count: int
    # sycl::ext::oneapi::experimental::architecture enum value.
    architecture: int
    type: str

    # --- Triton target ---
    # The architecture name the Intel backend's arch_parser gives this
    # device (``target.arch["arch"]``), e.g. "pvc", "dg2", "bmg", "lnl".
    triton_arch: str

    # Public sources the numbers come from (URLs or precise references);
    # the profile file cites one next to every number.
    sources: tuple[str, ...]

    # How many such devices a default simulation exposes (a Max 1550 card
    # in FLAT mode is two torch devices).
    devices_per_card: int = 1

    def __post_init__(self) -> None:
        problems = []
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is None or value == "" or value == ():
                problems.append(f"{field.name} is empty")
        if self.max_work_group_size % min(self.sub_group_sizes or (1,)):
            problems.append("max_work_group_size is not a multiple of a sub-group size")
        if self.gpu_eu_count % max(self.gpu_subslice_count, 1):
            problems.append("gpu_eu_count is not a multiple of gpu_subslice_count")
        if self.devices_per_card < 1:
            problems.append("devices_per_card < 1")
        if problems:
            raise ValueError(f"profile {self.key!r}: " + "; ".join(problems))

    # ------------------------------------------------------------------
    def property_values(self) -> dict[str, Any]:
        """The ``_XpuDeviceProperties`` fields, as torch would report them."""
        values = {name: getattr(self, name) for name in XPU_DEVICE_PROPERTY_FIELDS}
        values["sub_group_sizes"] = list(self.sub_group_sizes)
        return values

    def device_properties(self) -> types.SimpleNamespace:
        """An object with exactly the attributes of torch's
        ``_XpuDeviceProperties`` (less ``uuid``).  It has no
        ``multi_processor_count``/``warp_size`` etc., as the real object has
        none, so Inductor takes the same fallbacks it takes on hardware."""
        return _XpuDevicePropertiesView(**self.property_values())

    def capability(self) -> dict[str, Any]:
        """``torch.xpu.get_device_capability()`` for this device: every
        serializable property, keyed by name (torch iterates ``dir(props)``,
        so the keys come sorted)."""
        values = self.property_values()
        return {key: values[key] for key in sorted(values)}

    def triton_extensions(self) -> dict[str, bool]:
        """What the Intel backend's ``query_device_extensions`` adds to the
        target (extension_utils.py), derived from the matching properties."""
        return {
            "has_subgroup_matrix_multiply_accumulate": self.has_subgroup_matrix_multiply_accumulate,
            "has_subgroup_matrix_multiply_accumulate_tensor_float32": (
                self.has_subgroup_matrix_multiply_accumulate_tensor_float32
            ),
            "has_2d_block_io": self.has_subgroup_2d_block_io,
            "has_bfloat16_conversion": self.has_bfloat16_conversions,
        }

    def triton_target_arch(self) -> dict[str, Any]:
        """The ``arch`` dict of the Intel backend's ``GPUTarget``."""
        arch = self.capability()
        arch.update(self.triton_extensions())
        arch["__intel_already_queried_extensions__"] = True
        arch["arch"] = self.triton_arch
        return arch

    def triton_target(self) -> Any:
        """``GPUTarget("xpu", <arch dict>, 32)``, built with the installed
        triton's class (or torch's stand-in when triton is too old)."""
        from torch._inductor.runtime.triton_compat import GPUTarget

        if GPUTarget is None:
            raise RuntimeError("triton is not installed: no GPUTarget")
        return GPUTarget(TRITON_BACKEND, self.triton_target_arch(), TRITON_WARP_SIZE)

    @property
    def warp_size(self) -> int:
        return TRITON_WARP_SIZE

    def summary(self) -> str:
        return (
            f"{self.key}: {self.name} ({self.triton_arch}), "
            f"{self.gpu_subslice_count} Xe-cores / {self.gpu_eu_count} EUs, "
            f"{self.total_memory / 2**30:.1f} GiB, sub-groups {list(self.sub_group_sizes)}"
        )


class _XpuDevicePropertiesView(types.SimpleNamespace):
    """Stand-in for ``torch._C._XpuDeviceProperties`` built from a profile."""

    def __repr__(self) -> str:
        mib = self.total_memory // (1024 * 1024)
        return (
            f"_XpuDeviceProperties(name='{self.name}', platform_name='{self.platform_name}', "
            f"type='{self.type}', device_id=0x{self.device_id:X}, "
            f"driver_version='{self.driver_version}', total_memory={mib}MB, "
            f"max_compute_units={self.max_compute_units}, gpu_eu_count={self.gpu_eu_count}, "
            f"gpu_subslice_count={self.gpu_subslice_count}, "
            f"max_work_group_size={self.max_work_group_size}, "
            f"max_num_sub_groups={self.max_num_sub_groups}, "
            f"sub_group_sizes={self.sub_group_sizes}, simulated=True)"
        )
