"""Registrations in Dynamo's and Inductor's device registries: the
simulated device interface and Inductor's backend for the device."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


@contextlib.contextmanager
def device_interface(sim: Simulation) -> Iterator[None]:
    """``get_interface_for_device(type)`` (and ``type:N``) answers
    ``sim.interface``, the profile's :class:`SimulatedInterface`."""
    from torch._dynamo import device_interface as di

    saved = dict(di.device_interfaces)
    saved_initialized = di._device_initialized
    saved_worker_props = dict(di.caching_worker_device_properties)
    saved_worker_devices = dict(di.caching_worker_current_devices)
    try:
        # Let torch register its own interfaces first, or a later lazy
        # init_device_reg() would overwrite ours.
        di.get_registered_device_interfaces()
        di.register_interface_for_device(sim.device_type, sim.interface)
        for index in range(sim.device_count):
            di.register_interface_for_device(f"{sim.device_type}:{index}", sim.interface)
        sim.installed.append(f"torch._dynamo.device_interface.device_interfaces['{sim.device_type}'...]")
        yield
    finally:
        di.device_interfaces.clear()
        di.device_interfaces.update(saved)
        di._device_initialized = saved_initialized
        di.caching_worker_device_properties.clear()
        di.caching_worker_device_properties.update(saved_worker_props)
        di.caching_worker_current_devices.clear()
        di.caching_worker_current_devices.update(saved_worker_devices)


@contextlib.contextmanager
def backend_registries(sim: Simulation) -> Iterator[None]:
    """Inductor's backend registries (``codegen/common.py``) as they were on
    entry, restored on exit, whatever registered itself inside."""
    from torch._inductor.codegen import common

    # Initialise the registries before taking the snapshot: the op overrides
    # register themselves when their modules are first imported, so a
    # snapshot of a still-empty registry, restored on exit, would leave every
    # later compile in the process without them (KeyError: 'cpu').
    common.init_backend_registration()
    common.get_device_op_overrides("cpu")
    registries: tuple[dict[str, Any], ...] = (
        common.device_codegens,
        common.custom_backend_passes,
        common.custom_backend_codegen_configs,
        common.device_op_overrides_dict,
    )
    saved = [dict(r) for r in registries]
    try:
        yield
    finally:
        for registry, contents in zip(registries, saved):
            registry.clear()
            registry.update(contents)


@contextlib.contextmanager
def xpu_backend(sim: Simulation) -> Iterator[None]:
    """The xpu backend (scheduling, wrappers, device op overrides) registered
    through Inductor's public registration points
    (:mod:`inductor_xpu.codegen.xpu.registration`), until exit."""
    from inductor_xpu.codegen.xpu.registration import register_xpu_backend

    with backend_registries(sim):
        register_xpu_backend()
        sim.installed.append("torch._inductor.codegen.common backend registries (xpu)")
        yield
