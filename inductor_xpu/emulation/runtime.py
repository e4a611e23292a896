"""Install the emulated xpu device in this process (see the package docstring).

The native half is the ``ixe_`` part of inductor_xpu's native library
(:mod:`inductor_xpu.device.native_lib`); this module adds what an XPU build's
``torch/csrc/xpu/Module.cpp`` binds into ``torch._C`` and ``torch.xpu`` at
import: device count and selection, streams, events, synchronize, device
properties (from a cited profile, :mod:`inductor_xpu.device.profiles`),
memory statistics and the default generators.  Installed for the rest of the
process: it is never undone.
"""

from __future__ import annotations

import logging
import functools
import threading
from typing import Any

import torch

from inductor_xpu.emulation.settings import DEFAULT_PROFILE, EmulationRefused


log = logging.getLogger(__name__)

_lock = threading.Lock()
_installed: str | None = None

_REFUSALS = {
    1: "already installed",
    2: "an xpu device guard is already registered in this process (an XPU build of torch)",
    3: "torch's XPU hooks are not the default object (an XPU build of torch)",
    4: "the CUDA hooks' isBuilt() is not a virtual slot where the Itanium C++ ABI puts it",
    5: "the simulation's autograd shim is installed in this process (a simulation and the emulated device "
    "never share a process)",
    6: "a bad device count",
}

LABEL = "emulated"


@functools.cache
def properties_class() -> type:
    """``torch.xpu.get_device_properties()``'s type on the emulated device:
    the simulation's view of a profile, labelled emulated.  (Made on first
    use: importing the device package before the XPU-build check would
    import torch._dynamo.)"""
    from inductor_xpu.device.profile import _XpuDevicePropertiesView

    class EmulatedXpuDeviceProperties(_XpuDevicePropertiesView):
        def __repr__(self) -> str:
            return super().__repr__().replace("simulated=True", "emulated=True")

    return EmulatedXpuDeviceProperties


def installed_profile() -> str | None:
    return _installed


def real_xpu_build() -> str | None:
    """Why this torch is an XPU build (the emulation is refused there), or None."""
    if _installed is not None:
        return None
    if getattr(torch._C, "_has_xpu", False):
        return f"torch {torch.__version__} is an XPU build (torch._C._has_xpu)"
    return None


def install(profile_name: str = DEFAULT_PROFILE, devices: int = 1) -> str:
    """Install the emulated xpu device for ``profile_name`` (an xpu profile);
    return its name.  Raises :class:`EmulationRefused` with one line where it
    cannot or must not (an XPU build, a non-xpu profile, no C++ compiler)."""
    global _installed
    with _lock:
        # Before anything imports torch._dynamo or Inductor: an XPU build is
        # refused first.
        why = real_xpu_build()
        if why is not None:
            raise EmulationRefused(f"emulated xpu refused: {why}; test the real device instead")
        from inductor_xpu.device.registry import normalize_name

        if _installed is not None:
            if _installed != normalize_name(profile_name):
                raise EmulationRefused(f"emulated xpu: {_installed} is installed already, not {profile_name}")
            return _installed
        from inductor_xpu.device.native_lib import load, load_python, NativeLibraryUnavailable
        from inductor_xpu.device.registry import get_profile, ProfileError
        try:
            profile = get_profile(profile_name)
        except ProfileError as e:
            raise EmulationRefused(f"emulated xpu: {e}") from None
        if profile.device_type != "xpu":
            raise EmulationRefused(f"emulated xpu: {profile.name} is a {profile.device_type} profile, not an xpu one")
        try:
            lib = load()
            pylib = load_python()
        except NativeLibraryUnavailable as e:
            raise EmulationRefused(f"emulated xpu: {e}") from None
        code = lib.ixe_install(devices)
        if code == 7:
            raise EmulationRefused(f"emulated xpu: registering its kernels failed: {lib.ixe_install_error().decode()}")
        if code != 0:
            raise EmulationRefused(f"emulated xpu refused: {_REFUSALS.get(code, code)}")
        _bind_torch_xpu(lib, pylib, profile, devices)
        _installed = normalize_name(profile_name)
        from inductor_xpu.emulation.triton_backend import install_triton_backend

        install_triton_backend(profile)
        from inductor_xpu.emulation.sdpa import install_sdpa

        install_sdpa(profile)
        log.info("emulated xpu installed: %s x%d (host memory, CPU kernels, Triton's interpreter)",
                 _installed, devices)
        return _installed


def _bind_torch_xpu(lib: Any, pylib: Any, profile: Any, devices: int) -> None:
    """What an XPU build binds at import, here from the native library."""
    import torch.xpu
    import torch.xpu.memory
    import torch.xpu.streams

    C = torch._C
    xpu_type = int(torch._C._autograd.DeviceType.XPU) if hasattr(torch._C._autograd, "DeviceType") else 12

    def device_index(device: Any) -> int:
        index = lib.ixe_current_device() if device is None or int(device) < 0 else int(device)
        if not 0 <= index < devices:
            raise RuntimeError(f"emulated xpu: invalid device index {index} ({devices} emulated device(s))")
        return index

    def set_device(index: int) -> None:
        if int(index) >= 0:
            lib.ixe_set_device(device_index(index))

    def exchange_device(index: int) -> int:
        if int(index) < 0:
            return -1
        old = lib.ixe_current_device()
        set_device(index)
        return old

    def init() -> None:
        torch.xpu.default_generators = tuple(pylib.ixe_default_generator(i) for i in range(devices))

    def current_stream(index: int) -> tuple[int, int, int]:
        i = device_index(index)
        return (lib.ixe_current_stream(i), i, xpu_type)

    def set_stream(stream_id: int = 0, device_index: int = 0, device_type: int = 0) -> None:
        lib.ixe_set_stream(int(stream_id), int(device_index))

    values = profile.property_values()
    props_type = properties_class()
    props = [props_type(**{**values, "name": f"{values['name']} (emulated)"}) for _ in range(devices)]

    def get_properties(index: Any = None) -> Any:
        return props[device_index(index)]

    def memory_stats(index: Any = None) -> dict[str, int]:
        i = device_index(index)
        allocated, peak, n_alloc, n_free = (lib.ixe_memory_stat(i, k) for k in range(4))
        stats: dict[str, int] = {}
        for kind in ("allocated_bytes", "reserved_bytes", "active_bytes", "requested_bytes"):
            for pool in ("all", "large_pool", "small_pool"):
                value = allocated if pool != "small_pool" else 0
                stats[f"{kind}.{pool}.current"] = value
                stats[f"{kind}.{pool}.peak"] = peak if pool != "small_pool" else 0
                stats[f"{kind}.{pool}.allocated"] = value
                stats[f"{kind}.{pool}.freed"] = 0
        stats["num_alloc_retries"] = 0
        stats["num_ooms"] = 0
        stats["allocation.all.allocated"] = n_alloc
        stats["allocation.all.freed"] = n_free
        return stats

    def reset_peak(index: Any = None) -> None:
        lib.ixe_reset_peak(device_index(index))

    def memory_info(index: Any = None) -> tuple[int, int]:
        i = device_index(index)
        total = profile.total_memory
        return (max(total - lib.ixe_memory_stat(i, 0), 0), total)

    fraction = [1.0] * devices

    def set_fraction(value: float, index: Any = None) -> None:
        fraction[device_index(index)] = float(value)

    bindings = {
        "_has_xpu": True,
        "_xpu_getDeviceCount": lambda: devices,
        "_xpu_init": init,
        "_xpu_setDevice": set_device,
        "_xpu_getDevice": lambda: lib.ixe_current_device(),
        "_xpu_exchangeDevice": exchange_device,
        "_xpu_maybeExchangeDevice": exchange_device,
        "_xpu_getCurrentStream": current_stream,
        "_xpu_getStreamFromExternal": lambda data_ptr, index: current_stream(index),
        "_xpu_setStream": set_stream,
        "_xpu_synchronize": lambda index=None: None,
        "_xpu_sleep": lambda cycles: None,
        "_xpu_getArchFlags": lambda: "",
        "_xpu_canDeviceAccessPeer": lambda a, b: True,
        "_xpu_emptyCache": lambda: None,
        "_xpu_memoryStats": memory_stats,
        "_xpu_resetPeakMemoryStats": reset_peak,
        "_xpu_resetAccumulatedMemoryStats": lambda index=None: None,
        "_xpu_getMemoryInfo": memory_info,
        "_xpu_getMemoryFraction": lambda index=None: fraction[device_index(index)],
        "_xpu_setMemoryFraction": set_fraction,
        "_xpu_getDeviceProperties": get_properties,
        "_XpuDeviceProperties": props_type,
        "_xpu_getCurrentRawStream": lambda index: lib.ixe_current_stream(device_index(index)),
    }
    for name, value in bindings.items():
        setattr(C, name, value)
    # The generated wrapper's allocator (an XPU build's C++ fast path).
    torch._C._dynamo.guards._empty_strided_xpu = _empty_strided_xpu  # type: ignore[attr-defined]
    torch.xpu._XpuDeviceProperties = props_type  # type: ignore[attr-defined]
    torch.xpu._exchange_device = exchange_device  # type: ignore[attr-defined]
    torch.xpu._maybe_exchange_device = exchange_device  # type: ignore[attr-defined]
    torch.xpu._get_device_properties = get_properties  # type: ignore[attr-defined]
    _bind_streams_and_events()
    # An XPU-only build: torch.cuda is not compiled in (a CUDA wheel's
    # torch.cuda would otherwise claim the Triton backend, and Inductor
    # refuses "both xpu and cuda compiled").
    torch.cuda._is_compiled = lambda: False  # type: ignore[attr-defined]


def _empty_strided_xpu(size: Any, stride: Any, dtype: Any, device: Any = None) -> torch.Tensor:
    return torch.empty_strided(size, stride, dtype=dtype, device=device if device is not None else "xpu")


def _bind_streams_and_events() -> None:
    """``torch.xpu.Stream`` and ``torch.xpu.Event`` on torch's generic
    ``torch.Stream``/``torch.Event``, which the device guard serves."""
    import torch.xpu
    import torch.xpu.streams

    original_stream = torch.xpu.streams.Stream

    class Stream(torch.Stream):  # type: ignore[misc]
        __doc__ = original_stream.__doc__

        def __new__(cls, device: Any = None, priority: int = 0, **kwargs: Any) -> Stream:
            if "stream_id" in kwargs and "device_index" in kwargs:
                return super().__new__(cls, **kwargs)
            with torch.xpu.device(device if device is not None else torch.xpu.current_device()):
                return super().__new__(cls, f"xpu:{torch.xpu.current_device()}", priority=priority)

        @property
        def sycl_queue(self) -> int:
            return 0

        @property
        def _as_parameter_(self) -> Any:
            import ctypes

            return ctypes.c_void_p(0)

        def __repr__(self) -> str:
            return f"torch.xpu.Stream(device={self.device} stream_id={self.stream_id}, emulated)"

    class _EventType(type):
        def __instancecheck__(cls, obj: Any) -> bool:
            return isinstance(obj, torch.Event) and obj.device.type == "xpu"

    class Event(metaclass=_EventType):
        """``torch.xpu.Event``: a ``torch.Event`` on the emulated device.
        torch's C++ accepts only ``torch.Event`` itself where it takes an
        event (``elapsed_time``, ``wait``), so an instance is one."""

        def __new__(cls, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False) -> Any:
            return torch.Event(f"xpu:{torch.xpu.current_device()}", enable_timing=enable_timing, blocking=blocking,
                               interprocess=interprocess)

    Stream.__module__ = Event.__module__ = "torch.xpu.streams"
    for module in (torch.xpu, torch.xpu.streams):
        module.Stream = Stream  # type: ignore[attr-defined]
        module.Event = Event  # type: ignore[attr-defined]
    torch._C._XpuStreamBase = torch.Stream  # type: ignore[attr-defined]
    torch._C._XpuEventBase = torch.Event  # type: ignore[attr-defined]
