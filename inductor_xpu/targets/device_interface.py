"""A ``torch._dynamo`` DeviceInterface for a simulated Intel GPU.

Inductor asks the device interface -- never ``torch.xpu`` when it is written
device-generically -- for what it needs at compile time: properties,
compute capability, the compute-unit count (torch >= 2.15), the current
device, the device count and whether the device can run Triton.
:func:`make_simulated_xpu_interface` builds an interface that answers those
questions from a :class:`DeviceProfile`.

Everything that would touch a device (streams, events, synchronize, memory
queries) raises :class:`SimulatedDeviceError`: generated code is captured,
never run, so these are never reached by a successful simulated compile;
if they are, the error names the caller instead of failing obscurely.

``is_available()`` answers True: it is the *compiler's* view that the target
device exists (``torch.utils._triton.has_triton`` and the scheduler refuse
to generate Triton code otherwise).  ``torch.xpu.is_available()``, which
runtime code consults, is not touched and stays False.
"""

from __future__ import annotations

from typing import Any

import torch
from torch._dynamo.device_interface import DeviceInterface

from inductor_xpu.targets.profile import DeviceProfile, TRITON_WARP_SIZE


class SimulatedDeviceError(RuntimeError):
    """Something tried to execute on, or reach, a simulated device."""


def _refuse(what: str, profile: DeviceProfile) -> SimulatedDeviceError:
    return SimulatedDeviceError(
        f"{what}: xpu is simulated ({profile.key}: {profile.name}); code generated "
        "under inductor_xpu.targets.simulate() is captured, never executed"
    )


def make_simulated_xpu_interface(profile: DeviceProfile, device_count: int) -> type[DeviceInterface]:
    """A DeviceInterface class for ``device_count`` devices like ``profile``."""
    if device_count < 1:
        raise ValueError("device_count must be >= 1")
    state = {"current": 0}
    count = device_count  # the class body below defines a method device_count

    def check_index(device: Any) -> int:
        if device is None:
            return state["current"]
        if isinstance(device, str):
            device = torch.device(device)
        if isinstance(device, torch.device):
            if device.type != "xpu":
                raise ValueError(f"expected an xpu device, got {device}")
            index = device.index if device.index is not None else state["current"]
        else:
            index = int(device)
        if index < 0:
            return state["current"]
        if index >= count:
            raise SimulatedDeviceError(
                f"xpu:{index} does not exist: the simulation has {count} "
                f"{profile.key} device(s)"
            )
        return index

    class SimulatedXpuInterface(DeviceInterface):
        __doc__ = f"Simulated xpu device interface for profile {profile.key!r}."
        simulated_profile = profile
        simulated_device_count = count

        class device:
            """``with interface.device(i):`` switches the simulated current device."""

            def __init__(self, device: Any) -> None:
                self.idx = check_index(device)
                self.prev_idx = -1

            def __enter__(self) -> None:
                self.prev_idx = state["current"]
                state["current"] = self.idx

            def __exit__(self, *exc: Any) -> None:
                state["current"] = self.prev_idx

        class Event(torch.Event):
            def __new__(cls, *args: Any, **kwargs: Any) -> Any:
                raise _refuse("creating an xpu Event", profile)

        class Stream(torch.Stream):
            def __new__(cls, *args: Any, **kwargs: Any) -> Any:
                raise _refuse("creating an xpu Stream", profile)

        class Worker:
            @staticmethod
            def set_device(device: int) -> None:
                state["current"] = check_index(device)

            @staticmethod
            def current_device() -> int:
                return state["current"]

            @staticmethod
            def get_device_properties(device: torch.types.Device = None) -> Any:
                check_index(device)
                return profile.device_properties()

        @staticmethod
        def current_device() -> int:
            return state["current"]

        @staticmethod
        def set_device(device: torch.types.Device) -> None:
            state["current"] = check_index(device)

        @staticmethod
        def exchange_device(device: int) -> int:
            previous = state["current"]
            state["current"] = check_index(device)
            return previous

        @staticmethod
        def maybe_exchange_device(device: int) -> int:
            previous = state["current"]
            if device >= 0:
                state["current"] = check_index(device)
            return previous

        @staticmethod
        def device_count() -> int:
            return count

        @staticmethod
        def is_available() -> bool:
            return True

        @staticmethod
        def get_compute_capability(device: torch.types.Device = None) -> Any:
            check_index(device)
            return profile.capability()

        @staticmethod
        def get_multi_processor_count(device: torch.types.Device = None) -> int:
            # torch >= 2.15 asks the interface (DeviceProperties.create), and
            # the base class reads props.multi_processor_count, which xpu
            # properties do not have; torch's XpuInterface falls back to the
            # Xe-core count, as 2.13's DeviceProperties.create did itself.
            check_index(device)
            return profile.gpu_subslice_count

        # The two launch-limit hooks torch_patches/0002 adds to DeviceInterface
        # (DeviceProperties.create records their answers); answered as its
        # XpuInterface answers them.
        @staticmethod
        def get_max_threads_per_block(device: torch.types.Device = None) -> int:
            check_index(device)
            return profile.max_work_group_size

        @staticmethod
        def get_warp_size(device: torch.types.Device = None) -> int:
            # The sub-group size the Intel Triton backend compiles for (the
            # warp size of the profile's GPUTarget).
            check_index(device)
            return TRITON_WARP_SIZE

        @staticmethod
        def is_bf16_supported(including_emulation: bool = False) -> bool:
            # torch's XpuInterface answers torch.xpu.is_bf16_supported(), whose
            # default including_emulation=True makes it True on every xpu.
            return True

        @staticmethod
        def is_triton_capable(device: torch.types.Device = None) -> bool:
            return True

        @staticmethod
        def raise_if_triton_unavailable(device: torch.types.Device = None) -> None:
            # Code generation needs no Triton backend; compiling the kernels
            # would (and is refused elsewhere with a clear error).
            return None

        @staticmethod
        def stream(stream: torch.Stream) -> Any:
            raise _refuse("entering an xpu stream", profile)

        @staticmethod
        def current_stream() -> torch.Stream:
            raise _refuse("querying the current xpu stream", profile)

        @staticmethod
        def set_stream(stream: torch.Stream) -> None:
            raise _refuse("setting the xpu stream", profile)

        @staticmethod
        def _set_stream_by_id(stream_id: int, device_index: int, device_type: int) -> None:
            raise _refuse("setting the xpu stream", profile)

        @staticmethod
        def get_raw_stream(device_idx: int) -> int:
            raise _refuse("getting a raw xpu stream", profile)

        @staticmethod
        def synchronize(device: torch.types.Device = None) -> None:
            raise _refuse("synchronizing an xpu device", profile)

        @staticmethod
        def memory_allocated(device: torch.types.Device = None) -> int:
            raise _refuse("querying allocated xpu memory", profile)

    SimulatedXpuInterface.__qualname__ = SimulatedXpuInterface.__name__ = (
        f"SimulatedXpuInterface[{profile.key}]"
    )
    return SimulatedXpuInterface
