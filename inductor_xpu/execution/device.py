"""The device-facing names of a generated xpu wrapper, bound to CPU.

A wrapper allocates with ``empty_strided_xpu``, gets the raw stream with
``torch._C._xpu_getCurrentRawStream`` (imported as ``get_raw_stream``) and
selects the device with ``torch.xpu._DeviceGuard`` / ``torch.xpu.set_device``.
Executed on CPU: allocations are CPU allocations, the stream is 0 (kernels
run synchronously in the interpreter), and the device calls do nothing.
``torch`` itself is the real module; ``torch.xpu.is_available()`` stays
False (nothing is told a device exists)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import torch

from inductor_xpu.execution.interpreter import ModuleView


# torch._C's raw stream getters, as the wrappers of the device types import them.
RAW_STREAM_GETTERS = ("_xpu_getCurrentRawStream", "_cuda_getCurrentRawStream")


def no_raw_stream(device_index: int = 0) -> int:
    """The raw stream of a device: none on CPU (0)."""
    return 0


def torch_c_view() -> ModuleView:
    """``torch._C`` as ``from torch._C import ...`` in the executed wrapper
    sees it: the raw stream getters give 0."""
    return ModuleView(torch._C, {name: no_raw_stream for name in RAW_STREAM_GETTERS})


def cpu_allocations(namespace: dict[str, Any]) -> None:
    """Rebind the wrapper's xpu allocator (``empty_strided_xpu``, whatever its
    name) to the CPU one, in the executed module's namespace."""
    guards = torch._C._dynamo.guards
    xpu_alloc = getattr(guards, "_empty_strided_xpu", None)
    for name, value in list(namespace.items()):
        if xpu_alloc is not None and value is xpu_alloc:
            namespace[name] = getattr(guards, "_empty_strided_cpu")  # not in torch's stubs


class NoDeviceGuard:
    """``torch.xpu._DeviceGuard`` on CPU: selects nothing."""

    def __init__(self, index: int) -> None:
        self.idx = index

    def __enter__(self) -> NoDeviceGuard:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


def _no_set_device(device: Any) -> None:
    """``torch.xpu.set_device`` on CPU: there is no device to select."""


@contextlib.contextmanager
def cpu_device_calls() -> Iterator[None]:
    """``torch.xpu._DeviceGuard`` and ``torch.xpu.set_device`` do nothing
    inside; restored on exit.  (``is_available`` is not touched.)"""
    xpu = torch.xpu
    saved = {name: getattr(xpu, name) for name in ("_DeviceGuard", "set_device")}
    # setattr: torch's stubs type these as a class and a function of their own
    setattr(xpu, "_DeviceGuard", NoDeviceGuard)
    setattr(xpu, "set_device", _no_set_device)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(xpu, name, value)
