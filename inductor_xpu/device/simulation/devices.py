"""What a simulation installs, per simulated device type
(:class:`~inductor_xpu.device.simulation.state.SimulatedDevice`): an ordered
list of installers, and the values in which the device types differ.

An installer is a context manager factory ``installer(sim)`` that changes
one thing for the simulation's lifetime and undoes it exactly on exit
(:mod:`~inductor_xpu.device.simulation.context` enters them in order, and
they are undone in reverse).  The installers live in the modules of this
package by concern; this module only composes them."""

from __future__ import annotations

import torch

from inductor_xpu.device.device_interface import SimulatedCudaInterface, SimulatedXpuInterface
from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.meta.sdpa import XpuSdpa
from inductor_xpu.device.meta.sdpa_cuda import CudaSdpa
from inductor_xpu.device.simulation import (
    autotune,
    codegen,
    config,
    constant_capture,
    fake_tensors,
    grad,
    operators,
    queries,
    registries,
)
from inductor_xpu.device.simulation.state import SimulatedDevice


XPU = SimulatedDevice(
    type="xpu",
    interface=SimulatedXpuInterface,
    installers=(
        config.inductor_config,
        autotune.deterministic_selection,
        registries.device_interface,
        registries.xpu_backend,
        fake_tensors.fake_device_context,
        fake_tensors.avoid_device_init,
        codegen.triton_target,
        constant_capture.constant_origins,
        codegen.capture,
        fake_tensors.constant_identity,
        operators.tensor_methods,
        operators.sdpa,
        grad.xpu_autograd,
        grad.grad_disabled,
        queries.query_recorder,
        queries.gpu_type,
    ),
    backend_hash=codegen.xpu_backend_hash,
    sdpa=XpuSdpa,
)


def _needs_cuda_build(profile: DeviceProfile) -> str | None:
    if torch.cuda._is_compiled():
        return None
    # FakeTensorMode needs the CUDA device guard of a CUDA build.
    return (
        f"simulating {profile.key} ({profile.name}) needs a CUDA build of torch "
        f"(this is {torch.__version__}); a GPU is not needed"
    )


CUDA = SimulatedDevice(
    type="cuda",
    interface=SimulatedCudaInterface,
    installers=(
        config.inductor_config,
        autotune.deterministic_selection,
        registries.device_interface,
        registries.backend_registries,  # Inductor registers its own cuda backend
        fake_tensors.fake_device_context,
        codegen.triton_target,
        constant_capture.constant_origins,
        codegen.capture,
        fake_tensors.constant_identity,
        operators.sdpa,
        operators.conv_backend,
        grad.grad_disabled,
        queries.query_recorder,
        queries.gpu_type,
        queries.cuda_device_probes,
    ),
    backend_hash=codegen.cuda_backend_hash,
    sdpa=CudaSdpa,
    native_autograd=True,
    unsupported=_needs_cuda_build,
)

SIMULATED_DEVICES: dict[str, SimulatedDevice] = {d.type: d for d in (XPU, CUDA)}
