"""``DeviceProfile``: what Inductor can learn about one GPU, as data.

A profile describes an Intel GPU (``device_type="xpu"``) or an NVIDIA GPU
(``device_type="cuda"``).  An xpu profile holds the fields
``torch.xpu.get_device_properties()`` reports (named as torch 2.13's
``torch._C._XpuDeviceProperties`` names them) and the Triton target the
Intel Triton backend would build for the device; a cuda profile holds the
fields ``torch.cuda.get_device_properties()`` reports (``_CudaDeviceProperties``)
and nothing else: its Triton target is ``GPUTarget("cuda", major * 10 +
minor, warp_size)``, as Triton's ``CudaDriver`` builds it.  From an xpu
profile we derive, exactly as the real runtime would:

* a properties object with the attribute set of ``_XpuDeviceProperties``
  (:meth:`DeviceProfile.device_properties`), which is what
  ``DeviceInterface.get_device_properties`` returns and what
  ``torch._inductor.runtime.hints.DeviceProperties.create`` reads;
* the capability dict of ``torch.xpu.get_device_capability()``
  (:meth:`DeviceProfile.capability`): every serializable property;
* the ``triton.backends.compiler.GPUTarget`` the Intel backend's
  ``XPUDriver`` constructs (:meth:`DeviceProfile.triton_target`).

and from a cuda profile the same three: a ``_CudaDeviceProperties``-like
object, ``torch.cuda.get_device_capability()``'s ``(major, minor)`` (the
device interface answers ``major * 10 + minor``, as torch's CudaInterface
does) and the ``GPUTarget``.

Profiles live one per file under :mod:`inductor_xpu.device.profiles`; see
:mod:`inductor_xpu.device.registry`.
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
TRITON_WARP_SIZE = 32

# The attributes of torch._C._CudaDeviceProperties on an NVIDIA GPU (torch
# 2.15 torch/_C/__init__.pyi; the C++ binding is registerCudaDeviceProperties
# in torch/csrc/cuda/Module.cpp), in declaration order, without the ones
# below.
CUDA_DEVICE_PROPERTY_FIELDS: tuple[str, ...] = (
    "name",
    "major",
    "minor",
    "multi_processor_count",
    "total_memory",
    "is_integrated",
    "is_multi_gpu_board",
    "max_threads_per_multi_processor",
    "max_threads_per_block",
    "warp_size",
    "L2_cache_size",
    "clock_rate",
    "memory_clock_rate",
    "memory_bus_width",
    "shared_memory_per_block",
    "shared_memory_per_multiprocessor",
    "shared_memory_per_block_optin",
    "regs_per_multiprocessor",
)

# uuid and the PCI location name one physical device, not a product;
# gcnArchName is registered on ROCm builds only.
CUDA_DEVICE_PROPERTY_FIELDS_NOT_PROFILED: tuple[str, ...] = (
    "uuid",
    "pci_bus_id",
    "pci_device_id",
    "pci_domain_id",
    "gcnArchName",
)

DEVICE_TYPES: tuple[str, ...] = ("xpu", "cuda")

# Fields every profile has, whatever its device type.
_COMMON_FIELDS: tuple[str, ...] = (
    "key",
    "aliases",
    "description",
    "device_type",
    "name",
    "total_memory",
    "memory_clock_rate",
    "memory_bus_width",
    "sources",
    "devices_per_card",
)
# Fields of one device type only (None in a profile of the other type).
_TYPE_FIELDS: dict[str, tuple[str, ...]] = {
    "xpu": tuple(
        f for f in (*XPU_DEVICE_PROPERTY_FIELDS, "triton_arch") if f not in _COMMON_FIELDS
    ),
    "cuda": tuple(f for f in CUDA_DEVICE_PROPERTY_FIELDS if f not in _COMMON_FIELDS),
}


@dataclasses.dataclass(frozen=True)
class DeviceProfile:
    """One GPU as torch and Triton see it.  Units follow torch: bytes for
    memories and caches, bits for ``memory_bus_width``; ``memory_clock_rate``
    is in MHz for xpu (SYCL) and in kHz for cuda (``cudaDeviceProp``), as is
    ``clock_rate``.

    ``device_type`` says which property set the profile holds: the
    ``torch.xpu`` fields (and ``triton_arch``) for ``"xpu"``, the
    ``torch.cuda`` fields for ``"cuda"``; the other set is left ``None``."""

    # Registry key (lower case, e.g. "max1550") and extra names for it.
    key: str
    aliases: tuple[str, ...]
    # One line saying which device this is and what one torch device means
    # (e.g. one stack of a two-stack card in FLAT mode).
    description: str

    # Public sources the numbers come from (URLs or precise references);
    # the profile file cites one next to every number.
    sources: tuple[str, ...]

    # --- fields both torch.xpu and torch.cuda report ---
    name: str
    total_memory: int
    memory_clock_rate: int
    memory_bus_width: int

    # "xpu" (Intel GPU, torch.xpu) or "cuda" (NVIDIA GPU, torch.cuda).
    device_type: str = "xpu"

    # --- torch.xpu.get_device_properties() fields ---
    platform_name: str | None = None
    vendor: str | None = None
    device_id: int | None = None
    driver_version: str | None = None
    version: str | None = None
    max_compute_units: int | None = None
    gpu_eu_count: int | None = None
    max_work_group_size: int | None = None
    max_num_sub_groups: int | None = None
    sub_group_sizes: tuple[int, ...] | None = None
    local_mem_size: int | None = None
    last_level_cache_size: int | None = None
    has_fp16: bool | None = None
    has_fp64: bool | None = None
    has_atomic64: bool | None = None
    has_bfloat16_conversions: bool | None = None
    has_subgroup_matrix_multiply_accumulate: bool | None = None
    has_subgroup_matrix_multiply_accumulate_tensor_float32: bool | None = None
    has_subgroup_2d_block_io: bool | None = None
    is_integrated_gpu: bool | None = None
    gpu_subslice_count: int | None = None
    # sycl::ext::oneapi::experimental::architecture enum value.
    architecture: int | None = None
    type: str | None = None

    # --- Triton target ---
    # The architecture name the Intel backend's arch_parser gives this
    # device (``target.arch["arch"]``), e.g. "pvc", "dg2", "bmg", "lnl".
    triton_arch: str | None = None

    # --- torch.cuda.get_device_properties() fields ---
    major: int | None = None
    minor: int | None = None
    multi_processor_count: int | None = None
    is_integrated: bool | None = None
    is_multi_gpu_board: bool | None = None
    max_threads_per_multi_processor: int | None = None
    max_threads_per_block: int | None = None
    warp_size: int | None = None
    L2_cache_size: int | None = None
    # kHz, as cudaDeviceProp::clockRate.
    clock_rate: int | None = None
    shared_memory_per_block: int | None = None
    shared_memory_per_multiprocessor: int | None = None
    shared_memory_per_block_optin: int | None = None
    regs_per_multiprocessor: int | None = None

    # How many such devices a default simulation exposes (a Max 1550 card
    # in FLAT mode is two torch devices).
    devices_per_card: int = 1

    def __post_init__(self) -> None:
        problems = []
        if self.device_type not in DEVICE_TYPES:
            problems.append(f"device_type {self.device_type!r} is not one of {DEVICE_TYPES}")
            raise ValueError(f"profile {self.key!r}: " + "; ".join(problems))
        own = set(_COMMON_FIELDS) | set(_TYPE_FIELDS[self.device_type])
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name in own:
                if value is None or value == "" or value == ():
                    problems.append(f"{field.name} is empty")
            elif value is not None:
                problems.append(f"{field.name} is not a {self.device_type} property")
        if not problems and self.device_type == "xpu":
            assert self.sub_group_sizes is not None and self.gpu_eu_count is not None
            assert self.max_work_group_size is not None and self.gpu_subslice_count is not None
            if self.max_work_group_size % min(self.sub_group_sizes or (1,)):
                problems.append("max_work_group_size is not a multiple of a sub-group size")
            if self.gpu_eu_count % max(self.gpu_subslice_count, 1):
                problems.append("gpu_eu_count is not a multiple of gpu_subslice_count")
        if not problems and self.device_type == "cuda":
            assert self.max_threads_per_block is not None and self.warp_size is not None
            assert self.shared_memory_per_block_optin is not None
            assert self.shared_memory_per_multiprocessor is not None
            assert self.shared_memory_per_block is not None
            if self.max_threads_per_block % self.warp_size:
                problems.append("max_threads_per_block is not a multiple of warp_size")
            if not (
                self.shared_memory_per_block
                <= self.shared_memory_per_block_optin
                <= self.shared_memory_per_multiprocessor
            ):
                problems.append(
                    "expected shared_memory_per_block <= shared_memory_per_block_optin "
                    "<= shared_memory_per_multiprocessor"
                )
        if self.devices_per_card < 1:
            problems.append("devices_per_card < 1")
        if problems:
            raise ValueError(f"profile {self.key!r}: " + "; ".join(problems))

    # ------------------------------------------------------------------
    @property
    def property_fields(self) -> tuple[str, ...]:
        """The fields torch's properties object has for this device type
        (less those a profile does not hold)."""
        if self.device_type == "cuda":
            return CUDA_DEVICE_PROPERTY_FIELDS
        return XPU_DEVICE_PROPERTY_FIELDS

    def property_values(self) -> dict[str, Any]:
        """The ``_XpuDeviceProperties`` (or ``_CudaDeviceProperties``) fields,
        as torch would report them."""
        values = {name: getattr(self, name) for name in self.property_fields}
        if self.device_type == "xpu":
            values["sub_group_sizes"] = list(self.sub_group_sizes or ())
        return values

    def device_properties(self) -> types.SimpleNamespace:
        """An object with exactly the attributes of torch's
        ``_XpuDeviceProperties`` (less ``uuid``), or of
        ``_CudaDeviceProperties`` (less the per-device ones).  An xpu one has
        no ``multi_processor_count``/``warp_size`` etc., as the real object
        has none, so Inductor takes the same fallbacks it takes on hardware."""
        if self.device_type == "cuda":
            return _CudaDevicePropertiesView(**self.property_values())
        return _XpuDevicePropertiesView(**self.property_values())

    def capability(self) -> Any:
        """``torch.xpu.get_device_capability()`` for an xpu device: every
        serializable property, keyed by name (torch iterates ``dir(props)``,
        so the keys come sorted); ``torch.cuda.get_device_capability()``,
        ``(major, minor)``, for a cuda one."""
        if self.device_type == "cuda":
            return (self.major, self.minor)
        values = self.property_values()
        return {key: values[key] for key in sorted(values)}

    def compute_capability(self) -> Any:
        """What the device interface's ``get_compute_capability()`` answers:
        the capability dict for xpu, ``major * 10 + minor`` for cuda (torch's
        CudaInterface)."""
        if self.device_type == "cuda":
            assert self.major is not None and self.minor is not None
            return self.major * 10 + self.minor
        return self.capability()

    def triton_extensions(self) -> dict[str, bool]:
        """What the Intel backend's ``query_device_extensions`` adds to the
        target (extension_utils.py), derived from the matching properties."""
        self._require("xpu", "triton_extensions")
        return {
            "has_subgroup_matrix_multiply_accumulate": bool(self.has_subgroup_matrix_multiply_accumulate),
            "has_subgroup_matrix_multiply_accumulate_tensor_float32": bool(
                self.has_subgroup_matrix_multiply_accumulate_tensor_float32
            ),
            "has_2d_block_io": bool(self.has_subgroup_2d_block_io),
            "has_bfloat16_conversion": bool(self.has_bfloat16_conversions),
        }

    def triton_target_arch(self) -> Any:
        """The ``arch`` of the ``GPUTarget``: the Intel backend's dict for
        xpu, ``major * 10 + minor`` for cuda (Triton's
        ``CudaDriver.get_current_target``)."""
        if self.device_type == "cuda":
            return self.compute_capability()
        arch = self.capability()
        arch.update(self.triton_extensions())
        arch["__intel_already_queried_extensions__"] = True
        arch["arch"] = self.triton_arch
        return arch

    @property
    def triton_warp_size(self) -> int:
        """The warp size of the Triton target: the sub-group size the Intel
        backend compiles for, or the device's warp size."""
        if self.device_type == "cuda":
            assert self.warp_size is not None
            return self.warp_size
        return TRITON_WARP_SIZE

    def triton_target(self) -> Any:
        """``GPUTarget("xpu", <arch dict>, 32)`` or ``GPUTarget("cuda", 90,
        32)``, built with the installed triton's class (or torch's stand-in
        when triton is too old)."""
        from torch._inductor.runtime.triton_compat import GPUTarget

        if GPUTarget is None:
            raise RuntimeError("triton is not installed: no GPUTarget")
        return GPUTarget(self.device_type, self.triton_target_arch(), self.triton_warp_size)

    @property
    def compute_units(self) -> int:
        """What Inductor takes as the SM count: ``multi_processor_count``,
        or for xpu the Xe-core count (``gpu_subslice_count``)."""
        value = self.multi_processor_count if self.device_type == "cuda" else self.gpu_subslice_count
        assert value is not None
        return value

    def _require(self, device_type: str, what: str) -> None:
        if self.device_type != device_type:
            raise ValueError(f"{what} is defined for {device_type} profiles; {self.key!r} is {self.device_type}")

    def summary(self) -> str:
        if self.device_type == "cuda":
            return (
                f"{self.key}: {self.name} (sm_{self.major}{self.minor}), "
                f"{self.multi_processor_count} SMs, {self.total_memory / 2**30:.1f} GiB, "
                f"warp {self.warp_size}"
            )
        return (
            f"{self.key}: {self.name} ({self.triton_arch}), "
            f"{self.gpu_subslice_count} Xe-cores / {self.gpu_eu_count} EUs, "
            f"{self.total_memory / 2**30:.1f} GiB, sub-groups {list(self.sub_group_sizes or ())}"
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


class _CudaDevicePropertiesView(types.SimpleNamespace):
    """Stand-in for ``torch._C._CudaDeviceProperties`` built from a profile."""

    def __repr__(self) -> str:
        mib = self.total_memory // (1024 * 1024)
        return (
            f"_CudaDeviceProperties(name='{self.name}', major={self.major}, minor={self.minor}, "
            f"total_memory={mib}MB, multi_processor_count={self.multi_processor_count}, "
            f"L2_cache_size={self.L2_cache_size // (1024 * 1024)}MB, simulated=True)"
        )
