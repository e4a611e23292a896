"""Register Inductor's xpu backend through public registration points.

On every supported torch (2.13 to 2.15), Inductor's own
``torch._inductor.codegen.common.init_backend_registration()`` registers
for xpu exactly the classes :func:`xpu_backend_classes` names
(``XPUCombinedScheduling``: Triton plus the SYCL-CUTLASS template
scheduling, and the Python, C++ and FX wrappers), and the xpu device op
overrides register themselves when Inductor imports
``torch._inductor.codegen.xpu.device_op_overrides``.  So nothing is hooked
into ``import torch`` or into Inductor's registration: the overlay
registers nothing, Inductor does.

:func:`register_xpu_backend` is the in-tree-style registration module the
design names: the one place where the project would substitute its own
classes (upstream registers xpu only when nothing is registered yet, so a
substitute must be registered first, with every wrapper kind).  Today it
re-registers Inductor's own classes; the simulation
(:func:`inductor_xpu.device.simulate`) calls it so a simulated xpu
compile does not depend on what registered xpu before.
:func:`registered_backends_summary` reports what is registered
(``python -m inductor_xpu status``).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any


log = logging.getLogger(__name__)

DEVICE = "xpu"


@dataclasses.dataclass(frozen=True)
class XpuBackendClasses:
    scheduling: Any
    python_wrapper: Any
    cpp_wrapper: Any
    fx_wrapper: Any
    device_op_overrides: Any

    def wrapper_kinds(self) -> dict[str, Any]:
        return {"python": self.python_wrapper, "cpp": self.cpp_wrapper, "fx": self.fx_wrapper}


def xpu_backend_classes() -> XpuBackendClasses:
    """The classes :func:`register_xpu_backend` registers."""
    from torch._inductor.codegen.cpp_wrapper_gpu import CppWrapperGpu
    from torch._inductor.codegen.wrapper import PythonWrapperCodegen
    from torch._inductor.codegen.wrapper_fxir import WrapperFxCodegen
    from torch._inductor.codegen.xpu.device_op_overrides import XPUDeviceOpOverrides

    scheduling: Any
    try:
        from torch._inductor.codegen.xpu.xpu_combined_scheduling import XPUCombinedScheduling

        scheduling = XPUCombinedScheduling
    except ImportError:  # older torch: Triton only
        from torch._inductor.codegen.triton import TritonScheduling

        scheduling = TritonScheduling

    return XpuBackendClasses(
        scheduling=scheduling,
        python_wrapper=PythonWrapperCodegen,
        cpp_wrapper=CppWrapperGpu,
        fx_wrapper=WrapperFxCodegen,
        device_op_overrides=XPUDeviceOpOverrides,
    )


def register_xpu_backend() -> XpuBackendClasses:
    """Register the xpu scheduling, the three wrapper codegens and the device
    op overrides.  Idempotent."""
    from torch._inductor.codegen.common import (
        get_device_op_overrides,
        register_backend_for_device,
        register_device_op_overrides,
    )

    # Let Inductor register every device's op overrides first.  torch 2.11
    # imports them only while its registry is empty: registering xpu into an
    # empty registry would leave CUDA with the CPU overrides (no device guard,
    # `with pass:` in the generated wrapper).
    try:
        get_device_op_overrides(DEVICE)
    except KeyError:
        # Nothing registered xpu's overrides (the registry was emptied after
        # their module was imported, or this torch has none): ours are
        # registered below.
        pass
    classes = xpu_backend_classes()
    register_backend_for_device(
        DEVICE,
        classes.scheduling,
        classes.python_wrapper,
        classes.cpp_wrapper,
        classes.fx_wrapper,
    )
    register_device_op_overrides(DEVICE, classes.device_op_overrides())
    log.debug("registered the xpu backend: %s", classes)
    return classes


def is_xpu_backend_registered() -> bool:
    """Whether what is registered for xpu now is what we register."""
    from torch._inductor.codegen import common

    codegen = common.device_codegens.get(DEVICE)
    overrides = common.device_op_overrides_dict.get(DEVICE)
    if codegen is None or overrides is None:
        return False
    classes = xpu_backend_classes()
    return (
        codegen.scheduling is classes.scheduling
        and codegen.wrapper_codegen is classes.python_wrapper
        and codegen.cpp_wrapper_codegen is classes.cpp_wrapper
        and codegen.fx_wrapper_codegen is classes.fx_wrapper
        and type(overrides) is classes.device_op_overrides
    )


def _qualname(obj: Any) -> str | None:
    """``module.QualName`` of a class, of a function, or of an instance's class."""
    if obj is None:
        return None
    target = obj if isinstance(obj, type) or callable(obj) and hasattr(obj, "__qualname__") else type(obj)
    return f"{target.__module__}.{target.__qualname__}"


def registered_backends_summary(device: str = DEVICE) -> dict[str, Any]:
    """What Inductor has registered for ``device`` right now, as plain data
    (for ``python -m inductor_xpu status``).  Reads the registries without
    initializing anything."""
    from torch._dynamo import device_interface as di
    from torch._inductor.codegen import common

    codegen = common.device_codegens.get(device)
    overrides = common.device_op_overrides_dict.get(device)
    interface = di.device_interfaces.get(device)
    summary: dict[str, Any] = {
        "device": device,
        "scheduling": _qualname(codegen.scheduling) if codegen else None,
        "wrappers": {
            "python": _qualname(codegen.wrapper_codegen) if codegen else None,
            "cpp": _qualname(codegen.cpp_wrapper_codegen) if codegen else None,
            "fx": _qualname(codegen.fx_wrapper_codegen) if codegen else None,
        },
        "custom_pass": _qualname(common.custom_backend_passes.get(device)),
        "device_op_overrides": _qualname(overrides),
        "device_interface": _qualname(interface),
    }
    if device == DEVICE:
        summary["registered_by_inductor_xpu"] = is_xpu_backend_registered()
    return summary
