"""Questions Inductor asks this machine instead of the device interface:
``torch.xpu`` calls are recorded, ``get_gpu_type()`` answers the simulated
type, and (cuda) the device probes get the profile's answers."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.device.simulation.patching import caller_outside, replaced, replaced_everywhere, resolve


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


# torch.xpu (torch.cuda for a cuda profile) functions whose calls are
# recorded while simulating.
RECORDED_XPU_APIS: tuple[str, ...] = (
    "is_available",
    "device_count",
    "current_device",
    "set_device",
    "get_device_properties",
    "get_device_capability",
    "get_device_name",
    "is_bf16_supported",
    "synchronize",
    "current_stream",
    "_is_compiled",
)

# This package's frames are never the caller of a recorded query.
_PACKAGE_DIR = os.path.dirname(__file__) + os.sep


@contextlib.contextmanager
def query_recorder(sim: Simulation) -> Iterator[None]:
    """Calls to ``torch.<device type>`` made while compiling are recorded,
    with their callers, in ``sim.device_queries`` (never changed): each is
    device-biased code whose answer comes from this machine, not from the
    profile."""
    module = getattr(torch, sim.device_type)
    # A CudaApiRecorder replaces torch.cuda with a proxy of the real module:
    # wrap the real module's functions (the proxy records its own accesses).
    module = getattr(module, "_real", module)
    module_dir = os.path.dirname(module.__file__)
    skip = (module_dir, _PACKAGE_DIR)

    def wrap(api: str, original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def recorded(*args: Any, **kwargs: Any) -> Any:
            if sys._getframe(1).f_code.co_filename.startswith(module_dir):
                return original(*args, **kwargs)  # torch.xpu calling itself: not a new query
            caller = caller_outside(skip)
            try:
                result = original(*args, **kwargs)
            except Exception as e:
                sim.record_query(f"torch.{sim.device_type}.{api}", caller, f"raised {type(e).__name__}")
                raise
            sim.record_query(f"torch.{sim.device_type}.{api}", caller, f"returned {result!r:.80}")
            return result

        return recorded

    with contextlib.ExitStack() as stack:
        for api in RECORDED_XPU_APIS:
            original = vars(module).get(api)
            if callable(original):
                stack.enter_context(replaced(sim, module, api, wrap(api, original)))
        yield


@contextlib.contextmanager
def gpu_type(sim: Simulation) -> Iterator[None]:
    """``torch._inductor.utils.get_gpu_type()`` answers the simulated device type.

    It is the GPU type Inductor targets where no device is given
    (``fx_passes/joint_graph.py`` ``bmm_to_mm``, ``fx_passes/post_grad.py``
    ``move_constructors_to_gpu``, autotuning helpers), and it asks this
    machine, not the device interfaces: ``torch.accelerator`` first
    (torch_patches/0003), then, on torch < 2.15, ``torch.<type>.is_available()``.
    So it answered "cuda" in an xpu simulation (no accelerator, or an NVIDIA
    one), and those passes did not target xpu as they do on hardware.  The
    function is replaced in ``torch._inductor.utils`` and in every module
    that imported it by name, including modules imported while simulating;
    all get the original back on exit.  ``torch.xpu.is_available()`` and
    ``torch.accelerator`` are not touched.
    """
    import torch._inductor.utils as inductor_utils

    original = inductor_utils.get_gpu_type

    def get_gpu_type() -> str:
        return sim.device_type

    # clear_device_caches() calls cache_clear() on whatever the module holds.
    get_gpu_type.cache_clear = original.cache_clear  # type: ignore[attr-defined]
    with replaced_everywhere("get_gpu_type", original, get_gpu_type):
        sim.installed.append(f"torch._inductor.utils.get_gpu_type (answers {sim.device_type!r})")
        yield


# Device probes: functions that decide what code to generate by asking
# torch.cuda -- this machine -- whether the device is there and its compute
# capability, instead of the device interface.  In a cuda simulation the
# profile answers those two questions while such a function runs, and only
# then (torch.cuda.is_available() stays False for everything else, and every
# other torch.cuda call reaches the real runtime).  With no GPU the
# capability query raises and no kernel could be generated; the TMA probes
# would say "no TMA" where an sm_90 device says yes.  (module, qualname)
CUDA_DEVICE_PROBES: tuple[tuple[str, str], ...] = (
    # Asks torch.cuda.get_device_capability() for every load and store of a
    # cuda kernel, before it looks at config.triton.use_tensor_descriptor.
    ("torch._inductor.codegen.triton", "TMACompatibilityChecker.can_use_tma"),
    # Cached "does the device have TMA / tensor descriptors" probes.
    ("torch.utils._triton", "_device_supports_tensor_descriptor"),
    ("torch.utils._triton", "has_triton_tma_device"),
    ("torch.utils._triton", "has_triton_cuda_tma_device"),
    ("torch.utils._triton", "has_triton_stable_tma_api"),
    ("torch.utils._triton", "has_datacenter_blackwell_tma_device"),
    ("torch.utils._triton", "has_triton_tensor_descriptor_host_tma"),
    ("torch.utils._triton", "has_triton_experimental_host_tma"),
    ("torch.utils._triton", "has_triton_tma"),
)


@contextlib.contextmanager
def cuda_device_probes(sim: Simulation) -> Iterator[None]:
    """The :data:`CUDA_DEVICE_PROBES` see the profile's device while they run
    (listed in ``sim.device_queries`` as answered by the profile)."""
    cuda = getattr(torch.cuda, "_real", torch.cuda)  # under a CudaApiRecorder proxy
    capability = sim.profile.capability()
    depth = [0]

    def is_available() -> bool:
        return True

    def get_device_capability(device: Any = None) -> tuple[int, int]:
        sim.interface.Worker.get_device_properties(device)  # checks the index
        return capability

    def wrap(original: Callable[..., Any], where: str) -> Callable[..., Any]:
        @functools.wraps(original)
        def probe(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return original(*args, **kwargs)
            saved = {n: vars(cuda)[n] for n in ("is_available", "get_device_capability")}
            cuda.is_available = is_available  # type: ignore[attr-defined]
            cuda.get_device_capability = get_device_capability  # type: ignore[attr-defined]
            depth[0] += 1
            try:
                result = original(*args, **kwargs)
            finally:
                depth[0] -= 1
                for n, v in saved.items():
                    setattr(cuda, n, v)
            sim.record_query(
                "torch.cuda.is_available/get_device_capability",
                where,
                f"answered by the profile (True, {capability}): returned {result!r:.40}",
            )
            return result

        if hasattr(original, "cache_clear"):
            probe.cache_clear = original.cache_clear  # type: ignore[attr-defined]
        return probe

    with contextlib.ExitStack() as stack:
        for module_name, qualname in CUDA_DEVICE_PROBES:
            *path, name = qualname.split(".")
            try:
                owner: Any = resolve(module_name, ".".join(path))
            except (ImportError, AttributeError):
                continue
            original = vars(owner).get(name)
            if not callable(original):
                continue
            where = f"{module_name}.{qualname}"
            cache_clear = getattr(original, "cache_clear", None)
            if cache_clear is not None:
                # A cached machine answer must not be reused inside, nor the
                # profile's answer after.
                cache_clear()
                stack.callback(cache_clear)
            if isinstance(owner, type):
                stack.enter_context(replaced(sim, owner, name, wrap(original, where)))
            else:
                stack.enter_context(replaced_everywhere(name, original, wrap(original, where)))
                sim.installed.append(f"{where} (device probe answered by the profile)")
        yield
