"""A ``torch._dynamo`` DeviceInterface for a simulated Intel (or NVIDIA) GPU.

Inductor asks the device interface -- never ``torch.xpu`` when it is written
device-generically -- for what it needs at compile time: properties,
compute capability, the compute-unit count (torch >= 2.15), the current
device, the device count and whether the device can run Triton.
:class:`SimulatedInterface` answers those questions from a
:class:`DeviceProfile`.  As torch declares one interface class per device
type (``torch/_dynamo/device_interface.py``), this module declares one per
simulated device type, :class:`SimulatedXpuInterface` and
:class:`SimulatedCudaInterface` (for an NVIDIA profile), and
:meth:`SimulatedInterface.for_profile` declares the subclass a simulation
registers: the profile and the device count as class attributes.

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

from typing import Any, ClassVar

import torch
from torch._dynamo.device_interface import DeviceInterface

from inductor_xpu.device.profile import DeviceProfile


class SimulatedDeviceError(RuntimeError):
    """Something tried to execute on, or reach, a simulated device."""


class SimulatedInterface(DeviceInterface):
    """The device interface of ``count`` simulated devices like ``profile``.

    A device-type subclass sets ``device_type`` and what differs between
    device types; :meth:`for_profile` declares its subclass for one
    profile and device count.  The current device index is class state
    (``current``), as torch's interfaces keep it in the device runtime."""

    device_type: ClassVar[str]
    profile: ClassVar[DeviceProfile]
    count: ClassVar[int]
    current: ClassVar[int] = 0

    @classmethod
    def for_profile(cls, profile: DeviceProfile, device_count: int) -> type[SimulatedInterface]:
        """The interface class of ``device_count`` devices like ``profile``."""
        if device_count < 1:
            raise ValueError("device_count must be >= 1")
        if profile.device_type != getattr(cls, "device_type", None):
            raise ValueError(f"{cls.__name__} does not simulate {profile.device_type} ({profile.key})")
        name = f"{cls.__name__}[{profile.key}]"
        return type(
            name,
            (cls,),
            {
                "__doc__": f"Simulated {profile.device_type} device interface for profile {profile.key!r}.",
                "__module__": cls.__module__,
                "__qualname__": name,
                "profile": profile,
                "count": device_count,
            },
        )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "profile" in vars(cls):
            # What Dynamo and Inductor reach through the interface class
            # (``interface.device(i)``, ``interface.Worker``, ``Event``,
            # ``Stream``) acts on, and names, this class's devices.
            for base in (_DeviceContext, _Worker, _RefusedEvent, _RefusedStream):
                setattr(cls, base.attribute, type(base.attribute, (base,), {"interface": cls}))

    # -- answers from the profile ----------------------------------------------
    @classmethod
    def refusal(cls, what: str) -> SimulatedDeviceError:
        return SimulatedDeviceError(
            f"{what}: {cls.device_type} is simulated ({cls.profile.key}: {cls.profile.name}); code generated "
            "under inductor_xpu.device.simulate() is captured, never executed"
        )

    @classmethod
    def check_index(cls, device: Any) -> int:
        """The index of ``device`` (None or negative: the current one);
        raises for another device type or a device that is not simulated."""
        if device is None:
            return cls.current
        if isinstance(device, str):
            device = torch.device(device)
        if isinstance(device, torch.device):
            if device.type != cls.device_type:
                raise ValueError(f"expected a {cls.device_type} device, got {device}")
            index = device.index if device.index is not None else cls.current
        else:
            index = int(device)
        if index < 0:
            return cls.current
        if index >= cls.count:
            raise SimulatedDeviceError(
                f"{cls.device_type}:{index} does not exist: the simulation has {cls.count} "
                f"{cls.profile.key} device(s)"
            )
        return index

    @classmethod
    def current_device(cls) -> int:
        return cls.current

    @classmethod
    def set_device(cls, device: torch.types.Device) -> None:
        cls.current = cls.check_index(device)

    @classmethod
    def exchange_device(cls, device: int) -> int:
        previous = cls.current
        cls.current = cls.check_index(device)
        return previous

    @classmethod
    def maybe_exchange_device(cls, device: int) -> int:
        previous = cls.current
        if device >= 0:
            cls.current = cls.check_index(device)
        return previous

    @classmethod
    def device_count(cls) -> int:
        return cls.count

    @staticmethod
    def is_available() -> bool:
        return True

    @classmethod
    def get_device_properties(cls, device: torch.types.Device = None) -> Any:
        cls.check_index(device)
        return cls.profile.device_properties()

    @classmethod
    def get_compute_capability(cls, device: torch.types.Device = None) -> Any:
        cls.check_index(device)
        return cls.profile.compute_capability()

    @classmethod
    def get_multi_processor_count(cls, device: torch.types.Device = None) -> int:
        # torch >= 2.15 asks the interface (DeviceProperties.create), and
        # the base class reads props.multi_processor_count, which xpu
        # properties do not have; torch's XpuInterface falls back to the
        # Xe-core count, as 2.13's DeviceProperties.create did itself.
        cls.check_index(device)
        return cls.profile.compute_units

    # The two launch-limit hooks torch_patches/0002 adds to DeviceInterface
    # (DeviceProperties.create records their answers): the warp size here,
    # the thread limit by device type.
    @classmethod
    def get_warp_size(cls, device: torch.types.Device = None) -> int:
        # The sub-group size the Intel Triton backend compiles for (the
        # warp size of the profile's GPUTarget), or the cuda warp size.
        cls.check_index(device)
        return cls.profile.triton_warp_size

    @staticmethod
    def is_triton_capable(device: torch.types.Device = None) -> bool:
        return True

    @classmethod
    def raise_if_triton_unavailable(cls, device: torch.types.Device = None) -> None:
        # Code generation needs no Triton backend; compiling the kernels
        # would (and is refused elsewhere with a clear error).
        return None

    # -- refused: they would reach the device ----------------------------------
    @classmethod
    def stream(cls, stream: torch.Stream) -> Any:
        raise cls.refusal(f"entering a {cls.device_type} stream")

    @classmethod
    def current_stream(cls) -> torch.Stream:
        raise cls.refusal(f"querying the current {cls.device_type} stream")

    @classmethod
    def set_stream(cls, stream: torch.Stream) -> None:
        raise cls.refusal(f"setting the {cls.device_type} stream")

    @classmethod
    def _set_stream_by_id(cls, stream_id: int, device_index: int, device_type: int) -> None:
        raise cls.refusal(f"setting the {cls.device_type} stream")

    @classmethod
    def get_raw_stream(cls, device_idx: int) -> int:
        raise cls.refusal(f"getting a raw {cls.device_type} stream")

    @classmethod
    def synchronize(cls, device: torch.types.Device = None) -> None:
        raise cls.refusal(f"synchronizing a {cls.device_type} device")

    @classmethod
    def memory_allocated(cls, device: torch.types.Device = None) -> int:
        raise cls.refusal(f"querying allocated {cls.device_type} memory")


class SimulatedXpuInterface(SimulatedInterface):
    """A simulated Intel GPU, answered as torch's ``XpuInterface`` answers."""

    device_type = "xpu"

    @classmethod
    def get_max_threads_per_block(cls, device: torch.types.Device = None) -> int:
        cls.check_index(device)
        assert cls.profile.max_work_group_size is not None  # a validated xpu profile has it
        return cls.profile.max_work_group_size

    @staticmethod
    def is_bf16_supported(including_emulation: bool = False) -> bool:
        # torch's XpuInterface answers torch.xpu.is_bf16_supported(), whose
        # default including_emulation=True makes it True on every xpu.
        return True


class SimulatedCudaInterface(SimulatedInterface):
    """A simulated NVIDIA GPU, answered as torch's ``CudaInterface`` answers."""

    device_type = "cuda"

    @classmethod
    def get_max_threads_per_block(cls, device: torch.types.Device = None) -> int:
        cls.check_index(device)
        assert cls.profile.max_threads_per_block is not None  # a validated cuda profile has it
        return cls.profile.max_threads_per_block

    @classmethod
    def is_bf16_supported(cls, including_emulation: bool = False) -> bool:
        # CUDA has native bf16 from compute capability 8.0.
        return including_emulation or (cls.profile.major or 0) >= 8


# The classes a simulated interface exposes as attributes, declared once;
# SimulatedInterface.__init_subclass__ binds them to each profile's class.


class _DeviceContext:
    """``with interface.device(i):`` switches the simulated current device."""

    attribute = "device"
    interface: ClassVar[type[SimulatedInterface]]

    def __init__(self, device: Any) -> None:
        self.idx = self.interface.check_index(device)
        self.prev_idx = -1

    def __enter__(self) -> None:
        self.prev_idx = self.interface.current
        self.interface.current = self.idx

    def __exit__(self, *exc: Any) -> None:
        self.interface.current = self.prev_idx


class _Worker:
    """What a compile worker asks: the same simulated devices."""

    attribute = "Worker"
    interface: ClassVar[type[SimulatedInterface]]

    @classmethod
    def set_device(cls, device: int) -> None:
        cls.interface.set_device(device)

    @classmethod
    def current_device(cls) -> int:
        return cls.interface.current

    @classmethod
    def get_device_properties(cls, device: torch.types.Device = None) -> Any:
        return cls.interface.get_device_properties(device)


class _RefusedEvent(torch.Event):
    attribute = "Event"
    interface: ClassVar[type[SimulatedInterface]]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        raise cls.interface.refusal(f"creating a {cls.interface.device_type} Event")


class _RefusedStream(torch.Stream):
    attribute = "Stream"
    interface: ClassVar[type[SimulatedInterface]]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        raise cls.interface.refusal(f"creating a {cls.interface.device_type} Stream")
