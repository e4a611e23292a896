"""Operators whose C++ asks the (absent) device, answered for fake tensors on
the simulated device: ``torch.Tensor`` methods that need an xpu device
guard, the SDPA backend choice, and the cuda convolution backend."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import torch

from inductor_xpu.device.meta.conv_cuda import make_select_conv_backend
from inductor_xpu.device.meta.sdpa import register
from inductor_xpu.device.simulation.patching import replaced
from inductor_xpu.device.tensor_methods import (
    device_guard_available,
    make_tensor_factory_override,
    make_tensor_method_overrides,
)


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


@contextlib.contextmanager
def tensor_methods(sim: Simulation) -> Iterator[None]:
    """The ``torch.Tensor`` methods (and ``torch.tensor``) whose C++ needs a
    device guard this build does not have (indexing, ``contiguous``,
    ``copy_``, ``to("xpu")`` ...) route the device's tensors through
    ATen-level equivalents (:mod:`inductor_xpu.device.tensor_methods`).
    A build with the guard keeps its own."""
    if device_guard_available(sim.device_type):
        yield
        return
    with contextlib.ExitStack() as stack:
        for name, method in make_tensor_method_overrides(sim.device_type, sim.interface.current_device).items():
            stack.enter_context(replaced(sim, torch.Tensor, name, method))
        stack.enter_context(replaced(sim, torch, "tensor", make_tensor_factory_override(sim.device_type)))
        yield


@contextlib.contextmanager
def sdpa(sim: Simulation) -> Iterator[None]:
    """``scaled_dot_product_attention`` on the device's tensors picks its
    backend as the device's build does, from the profile
    (``SimulatedDevice.sdpa``: :class:`inductor_xpu.device.meta.sdpa.XpuSdpa`,
    :class:`inductor_xpu.device.meta.sdpa_cuda.CudaSdpa`); ``sim.sdpa`` is the
    rule, whose ``choices`` are the backends picked so far."""
    with register(sim.simulated_device.sdpa(sim.profile)) as rule:
        sim.sdpa = rule
        sim.installed.append(f"aten::scaled_dot_product_attention ({rule.dispatch_key} kernel)")
        sim.installed.append(f"torch._subclasses.fake_impls rule: aten._fused_sdp_choice ({sim.device_type})")
        yield


@contextlib.contextmanager
def conv_backend(sim: Simulation) -> Iterator[None]:
    """bf16 convolutions ask the device whether cuDNN takes bf16
    (``major >= 8``): answered by the profile
    (:mod:`inductor_xpu.device.meta.conv_cuda`)."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    select = make_select_conv_backend(torch._C._select_conv_backend, sim.profile)
    # FakeTensorMode's dispatch cache is process-wide: results computed with
    # the machine's answer (before) or the profile's (inside) stay inside.
    FakeTensorMode.cache_clear()
    try:
        with replaced(sim, torch._C, "_select_conv_backend", select):
            yield
    finally:
        FakeTensorMode.cache_clear()
