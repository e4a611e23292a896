"""``simulate()``: enter a simulated device's installers, in order, for one
context; everything is undone on exit."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

import torch

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.registry import get_profile
from inductor_xpu.device.simulation.devices import SIMULATED_DEVICES
from inductor_xpu.device.simulation.patching import clear_device_caches
from inductor_xpu.device.simulation.results import SimulationError
from inductor_xpu.device.simulation.state import Simulation


_active_lock = threading.Lock()
_active: Simulation | None = None


def active_simulation() -> Simulation | None:
    """The simulation currently entered in this process, if any."""
    return _active


@contextlib.contextmanager
def simulate(
    profile: str | DeviceProfile = "max1550",
    *,
    device_count: int | None = None,
    inductor_config: dict[str, Any] | None = None,
    output_dir: str | None = None,
) -> Iterator[Simulation]:
    """Generate Inductor code for the GPU ``profile`` describes, on this
    machine, executing nothing.

    ``device_count`` defaults to the profile's ``devices_per_card``.
    ``inductor_config`` adds Inductor options (those a simulation fixes
    cannot be changed).  Generated modules are written to ``output_dir``
    (kept) or to a temporary directory removed on exit.

    Not reentrant, and process-global while entered (Inductor's registries
    are): one simulation at a time."""
    prof = get_profile(profile)
    count = prof.devices_per_card if device_count is None else device_count
    if count < 1:
        raise SimulationError("device_count must be >= 1")
    simulated_device = SIMULATED_DEVICES[prof.device_type]
    reason = simulated_device.unsupported(prof)
    if reason is not None:
        raise SimulationError(reason)
    if not _active_lock.acquire(blocking=False):
        raise SimulationError("a simulation is already active; simulations do not nest")
    try:
        own_dir = output_dir is None
        out = tempfile.mkdtemp(prefix=f"inductor_xpu_sim_{prof.key}_") if output_dir is None else output_dir
        os.makedirs(out, exist_ok=True)
        sim = Simulation(prof, simulated_device, count, out, inductor_config)
        with contextlib.ExitStack() as stack:
            if own_dir:
                stack.callback(shutil.rmtree, out, True)
            stack.enter_context(_dynamo_reset_if_compiled())
            stack.callback(clear_device_caches)
            for install in sim.simulated_device.installers:
                stack.enter_context(install(sim))
            clear_device_caches()
            stack.enter_context(_active_as(sim))
            yield sim
    finally:
        _active_lock.release()


@contextlib.contextmanager
def _active_as(sim: Simulation) -> Iterator[None]:
    global _active
    _active = sim
    sim.active = True
    try:
        yield
    finally:
        sim.active = False
        _active = None


def _compiled_frame_count() -> int:
    from torch._dynamo.utils import counters

    return sum(counters["frames"].values())


@contextlib.contextmanager
def _dynamo_reset_if_compiled() -> Iterator[None]:
    # Dynamo caches compiled frames on the code objects; frames compiled for
    # the simulated device must not be found again after the simulation.
    frames_before = _compiled_frame_count()
    try:
        yield
    finally:
        if _compiled_frame_count() != frames_before:
            torch._dynamo.reset()
