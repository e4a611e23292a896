"""Code generation without a Triton backend, captured instead of compiled:
the kernels' backend hash, and the step that would import (and so compile)
the generated wrapper module."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.device.simulation.cpp_wrapper import make_codegen_with_cpp_wrapper
from inductor_xpu.device.device_interface import SimulatedDeviceError
from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.simulation.patching import replaced
from inductor_xpu.device.simulation.replay import SimulatedCompiledModule
from inductor_xpu.device.simulation.results import GeneratedCode


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


log = logging.getLogger(__name__)


def _simulated_hash(profile: DeviceProfile, target: Any) -> str:
    from torch._inductor.runtime.triton_compat import triton_key

    key = f"{triton_key()}-inductor_xpu-simulated-{profile.key}-{target}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest().upper()


def xpu_backend_hash(profile: DeviceProfile) -> str:
    """A hash of the installed triton and the simulated Intel target: there
    is no Intel backend to hash."""
    return _simulated_hash(profile, sorted(profile.triton_target_arch().items()))


def cuda_backend_hash(profile: DeviceProfile) -> str:
    """The hash a real device would give: Triton's CUDA backend is installed
    and hashes without a GPU (the ptxas version and the target).  Without
    ptxas, a simulated hash as for xpu."""
    from torch._inductor.runtime.triton_compat import triton_key

    try:
        from triton.compiler.compiler import make_backend

        backend = make_backend(profile.triton_target())
        key = f"{triton_key()}-{backend.hash()}"
        return hashlib.sha256(key.encode("utf-8")).hexdigest().upper()
    except Exception as e:  # no ptxas: fall back to a simulated hash
        log.info("simulated %s: no Triton CUDA backend hash (%s)", profile.key, e)
    return _simulated_hash(profile, [("arch", profile.triton_target_arch())])


@contextlib.contextmanager
def triton_target(sim: Simulation) -> Iterator[None]:
    """``torch.utils._triton.triton_hash_with_backend`` (the ``backend_hash``
    put into every kernel's ``inductor_meta``) answers the device type's
    backend hash (``SimulatedDevice.backend_hash``); ``triton_backend``
    refuses clearly."""
    import torch.utils._triton as triton_utils

    backend_hash = sim.simulated_device.backend_hash(sim.profile)

    def triton_hash_with_backend() -> str:
        return backend_hash

    def triton_backend() -> Any:
        raise SimulatedDeviceError(
            f"no Triton compiler is asked for the simulated target {sim.profile.triton_target()!r} "
            "(there is no such device: no Intel Triton backend, or no GPU for the CUDA one)"
        )

    with replaced(sim, triton_utils, "triton_hash_with_backend", triton_hash_with_backend), replaced(
        sim, triton_utils, "triton_backend", triton_backend
    ):
        yield


@contextlib.contextmanager
def capture(sim: Simulation) -> Iterator[None]:
    """``GraphLowering._compile_to_module_lines`` -- the step that would
    import the wrapper module and so compile every Triton kernel -- records
    the code (``sim.generated``, and a file in ``sim.output_dir``) and
    returns a :class:`SimulatedCompiledModule`.  The C++ wrapper
    (cpp_wrapper) is generated in one pass, captured the same way (a Python
    module embedding the C++), never compiled
    (:mod:`inductor_xpu.device.simulation.cpp_wrapper`)."""
    from torch._inductor.graph import GraphLowering

    def _compile_to_module_lines(self: GraphLowering, wrapper_code: Any) -> Any:
        source = wrapper_code.value
        if GraphLowering.save_output_code is not None:
            GraphLowering.save_output_code(source)
        key = hashlib.sha256(source.encode("utf-8")).hexdigest()[:32]
        path = os.path.join(sim.output_dir, f"{sim.profile.key}_{len(sim.generated):03d}_{key}.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        kind = "cpp" if getattr(self, "cpp_wrapper", False) else "python"
        constants = sim.constant_origins.graph_constants(self) if sim.constant_origins is not None else None
        code = GeneratedCode(
            profile=sim.profile.key, wrapper_kind=kind, source=source, path=path, constants=constants
        )
        sim.generated.append(code)
        log.info("simulated %s: captured generated code -> %s", sim.profile.key, path)
        gm = getattr(self, "orig_gm", None) or self.module
        assert isinstance(gm, torch.fx.GraphModule)
        return SimulatedCompiledModule(sim, gm, path, code)

    codegen_with_cpp_wrapper = make_codegen_with_cpp_wrapper(GraphLowering.codegen_with_cpp_wrapper)
    with replaced(sim, GraphLowering, "_compile_to_module_lines", _compile_to_module_lines), replaced(
        sim, GraphLowering, "codegen_with_cpp_wrapper", codegen_with_cpp_wrapper
    ):
        yield
