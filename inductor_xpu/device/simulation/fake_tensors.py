"""Fake tensors on the simulated device: no device context is initialised
for them, none is materialised, and fake constants keep their identity."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import torch

from inductor_xpu.device.simulation.patching import replaced


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


@contextlib.contextmanager
def fake_device_context(sim: Simulation) -> Iterator[None]:
    """Fake tensors on the simulated device must not initialise a real context.

    ``FakeTensor`` calls ``init_gpu_context(device)`` for cuda and xpu devices.
    torch >= 2.13 does so only when the device type is the current
    accelerator; older releases whenever CUDA (or XPU) is available, so on a
    machine with an NVIDIA GPU every fake xpu tensor would create a real one
    ("Torch not compiled with XPU enabled").  The simulated device has no
    context to initialise: skip it, leave every other device to torch.
    """
    from torch._subclasses import fake_tensor

    original = fake_tensor.init_gpu_context

    def init_gpu_context(device: torch.device) -> None:
        if device.type != sim.device_type:
            original(device)

    fake_tensor.init_gpu_context = init_gpu_context  # type: ignore[assignment]
    sim.installed.append(f"torch._subclasses.fake_tensor.init_gpu_context (skips {sim.device_type})")
    try:
        yield
    finally:
        fake_tensor.init_gpu_context = original


@contextlib.contextmanager
def avoid_device_init(sim: Simulation) -> Iterator[None]:
    """``FakeTensorMode.avoid_device_init`` answers True.

    It says whether fake tensors may be materialised on their device and
    asks the machine: not ``torch.cuda.is_available()`` (``torch.xpu``'s in
    an XPU build).  Where it is False -- any machine with an NVIDIA GPU --
    the ``torch.tensor`` constructor creates a real tensor on the device
    (``_only_lift_cpu_tensors`` stays off), and Inductor's attention-fusion
    patterns, traced on ``torch.tensor(2.0, device="xpu")``, fail: "Could
    not run 'aten::empty_strided' with arguments from the 'XPU' backend".  A
    simulated xpu device cannot be initialised: answer True, as a machine
    without a GPU does.  (A simulated cuda device keeps the machine's answer.)
    """
    from torch._subclasses import fake_tensor

    with replaced(sim, fake_tensor.FakeTensorMode, "avoid_device_init", property(lambda self: True)):
        yield


@contextlib.contextmanager
def constant_identity(sim: Simulation) -> Iterator[None]:
    """Inductor names one constant for tensors it finds to be the same
    (``graph.py`` ``allocate_non_dup_const_name`` -> ``utils.is_same_tensor``:
    same size, strides, dtype, device, storage ``data_ptr()`` and offset).
    Every fake storage's ``data_ptr()`` is 0, so with freezing all fake
    constants of one shape and dtype would become one (two biases, a weight
    scale and a bias ...).  Fake tensors are compared by storage identity."""
    import torch._inductor.graph as graph_module
    from torch._subclasses.fake_tensor import FakeTensor

    original = graph_module.is_same_tensor

    def is_same_tensor(data: torch.Tensor, value: torch.Tensor) -> bool:
        if isinstance(data, FakeTensor) or isinstance(value, FakeTensor):
            return (
                isinstance(data, FakeTensor)
                and isinstance(value, FakeTensor)
                and data.size() == value.size()
                and data.stride() == value.stride()
                and data.dtype == value.dtype
                and data.device == value.device
                and data.untyped_storage()._cdata == value.untyped_storage()._cdata
                and data.storage_offset() == value.storage_offset()
            )
        return original(data, value)

    with replaced(sim, graph_module, "is_same_tensor", is_same_tensor):
        yield
