"""A ``torch._dynamo`` DeviceInterface for a simulated Intel (or NVIDIA) GPU.

Inductor asks the device interface -- never ``torch.xpu`` when it is written
device-generically -- for what it needs at compile time: properties,
compute capability, the compute-unit count (torch >= 2.15), the current
device, the device count and whether the device can run Triton.
:func:`make_simulated_interface` builds an interface that answers those
questions from a :class:`DeviceProfile`, for the profile's device type
(``xpu``, or ``cuda`` for an NVIDIA profile).

Everything that would touch a device (streams, events, synchronize, memory
queries) raises :class:`SimulatedDeviceError`: generated code is captured,
never run, so these are never reached by a successful simulated compile;
if they are, the error names the caller instead of failing obscurely.

``is_available()`` answers True: it is the *compiler's* view that the target
device exists (``torch.utils._triton.has_triton`` and the scheduler refuse
to generate Triton code otherwise).  ``torch.xpu.is_available()`` (or
``torch.cuda.is_available()``), which runtime code consults, is not touched.
"""

from __future__ import annotations

from typing import Any

import torch
from torch._dynamo.device_interface import DeviceInterface

from inductor_xpu.targets.profile import DeviceProfile


class SimulatedDeviceError(RuntimeError):
    """Something tried to execute on, or reach, a simulated device."""


def _refuse(what: str, profile: DeviceProfile) -> SimulatedDeviceError:
    return SimulatedDeviceError(
        f"{what}: {profile.device_type} is simulated ({profile.key}: {profile.name}); code generated "
        "under inductor_xpu.targets.simulate() is captured, never executed"
    )


def make_simulated_interface(profile: DeviceProfile, device_count: int) -> type[DeviceInterface]:
    """A DeviceInterface class for ``device_count`` devices like ``profile``,
    of the profile's device type."""
    if device_count < 1:
        raise ValueError("device_count must be >= 1")
    device_type = profile.device_type
    kind = device_type.capitalize()
    max_threads_per_block = (
        profile.max_threads_per_block if device_type == "cuda" else profile.max_work_group_size
    )
    state = {"current": 0}
    count = device_count  # the class body below defines a method device_count

    def check_index(device: Any) -> int:
        if device is None:
            return state["current"]
        if isinstance(device, str):
            device = torch.device(device)
        if isinstance(device, torch.device):
            if device.type != device_type:
                raise ValueError(f"expected a {device_type} device, got {device}")
            index = device.index if device.index is not None else state["current"]
        else:
            index = int(device)
        if index < 0:
            return state["current"]
        if index >= count:
            raise SimulatedDeviceError(
                f"{device_type}:{index} does not exist: the simulation has {count} "
                f"{profile.key} device(s)"
            )
        return index

    class SimulatedInterface(DeviceInterface):
        __doc__ = f"Simulated {device_type} device interface for profile {profile.key!r}."
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
                raise _refuse(f"creating a {device_type} Event", profile)

        class Stream(torch.Stream):
            def __new__(cls, *args: Any, **kwargs: Any) -> Any:
                raise _refuse(f"creating a {device_type} Stream", profile)

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
            return profile.compute_capability()

        @staticmethod
        def get_multi_processor_count(device: torch.types.Device = None) -> int:
            # torch >= 2.15 asks the interface (DeviceProperties.create), and
            # the base class reads props.multi_processor_count, which xpu
            # properties do not have; torch's XpuInterface falls back to the
            # Xe-core count, as 2.13's DeviceProperties.create did itself.
            check_index(device)
            return profile.compute_units

        # The two launch-limit hooks torch_patches/0002 adds to DeviceInterface
        # (DeviceProperties.create records their answers); answered as its
        # XpuInterface answers them.
        @staticmethod
        def get_max_threads_per_block(device: torch.types.Device = None) -> int:
            check_index(device)
            return max_threads_per_block

        @staticmethod
        def get_warp_size(device: torch.types.Device = None) -> int:
            # The sub-group size the Intel Triton backend compiles for (the
            # warp size of the profile's GPUTarget), or the cuda warp size.
            check_index(device)
            return profile.triton_warp_size

        @staticmethod
        def is_bf16_supported(including_emulation: bool = False) -> bool:
            # torch's XpuInterface answers torch.xpu.is_bf16_supported(), whose
            # default including_emulation=True makes it True on every xpu;
            # CUDA has native bf16 from compute capability 8.0.
            if device_type == "cuda":
                return including_emulation or (profile.major or 0) >= 8
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
            raise _refuse(f"entering a {device_type} stream", profile)

        @staticmethod
        def current_stream() -> torch.Stream:
            raise _refuse(f"querying the current {device_type} stream", profile)

        @staticmethod
        def set_stream(stream: torch.Stream) -> None:
            raise _refuse(f"setting the {device_type} stream", profile)

        @staticmethod
        def _set_stream_by_id(stream_id: int, device_index: int, device_type: int) -> None:
            raise _refuse(f"setting the {device_type} stream", profile)

        @staticmethod
        def get_raw_stream(device_idx: int) -> int:
            raise _refuse(f"getting a raw {device_type} stream", profile)

        @staticmethod
        def synchronize(device: torch.types.Device = None) -> None:
            raise _refuse(f"synchronizing a {device_type} device", profile)

        @staticmethod
        def memory_allocated(device: torch.types.Device = None) -> int:
            raise _refuse(f"querying allocated {device_type} memory", profile)

    SimulatedInterface.__qualname__ = SimulatedInterface.__name__ = (
        f"Simulated{kind}Interface[{profile.key}]"
    )
    return SimulatedInterface
