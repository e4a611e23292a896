"""Exact, undoable replacements of torch attributes, for the installers."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import types
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

import torch


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


@contextlib.contextmanager
def replaced(sim: Simulation, owner: Any, name: str, value: Any) -> Iterator[None]:
    """``owner.name = value`` until exit, listed in ``sim.installed``.  Undone
    exactly: a value the owner did not define itself (an inherited class
    attribute) is deleted again rather than re-set."""
    missing = object()
    own = owner.__dict__.get(name, missing) if isinstance(owner, type) else missing
    previous = getattr(owner, name) if own is missing else own
    setattr(owner, name, value)
    label = owner.__name__ if hasattr(owner, "__name__") else type(owner).__name__
    sim.installed.append(f"{getattr(owner, '__module__', '')}.{label}.{name}".lstrip("."))
    try:
        yield
    finally:
        if isinstance(owner, type) and own is missing:
            delattr(owner, name)
        else:
            setattr(owner, name, previous)


@contextlib.contextmanager
def replaced_everywhere(name: str, original: Any, replacement: Any) -> Iterator[None]:
    """Bind ``replacement`` wherever a torch module holds ``original`` as
    ``name`` (``from x import name`` copies the binding), including modules
    imported while simulating; every one gets ``original`` back on exit."""

    def holders(value: Any) -> list[types.ModuleType]:
        return [
            m
            for m in list(sys.modules.values())
            if isinstance(m, types.ModuleType)
            and m.__name__.startswith("torch")
            and vars(m).get(name) is value
        ]

    try:
        for module in holders(original):
            setattr(module, name, replacement)
        yield
    finally:
        for module in holders(replacement):
            setattr(module, name, original)


def resolve(module_name: str, qualname: str) -> Any:
    """``module_name``'s ``qualname`` (the module itself for ``""``); raises
    ImportError or AttributeError."""
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split(".") if qualname else ():
        obj = getattr(obj, part)
    return obj


# Functions whose cached answers depend on the devices Inductor sees.  They
# are cleared on entry (so the profile answers) and on exit (so the real
# machine answers again); as pure caches, clearing only recomputes them.
DEVICE_DEPENDENT_CACHES: tuple[tuple[str, str], ...] = (
    ("torch._inductor.runtime.hints", "DeviceProperties.create"),
    ("torch.utils._triton", "has_triton"),
    ("torch._inductor.utils", "get_gpu_type"),
    ("torch._inductor.utils", "is_big_gpu"),
    ("torch._inductor.utils", "get_max_num_sms"),
    ("torch._inductor.utils", "get_backend_num_stages"),
    ("torch._inductor.utils", "get_device_tflops"),
    # from 2.15 the cache of get_device_tflops / get_device_dram_gbps is
    # per resolved device, in these helpers
    ("torch._inductor.utils", "_get_device_tflops"),
    ("torch._inductor.utils", "_get_device_dram_gbps"),
    ("torch._inductor.utils", "get_gpu_dram_gbps"),
)


def clear_device_caches() -> None:
    for module_name, qualname in DEVICE_DEPENDENT_CACHES:
        try:
            obj = resolve(module_name, qualname)
        except (ImportError, AttributeError):
            continue
        cache_clear = getattr(obj, "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


def caller_outside(prefixes: tuple[str, ...]) -> str:
    """``file:line in function`` of the first frame, above the caller's
    caller, whose file does not start with one of ``prefixes`` (paths in
    torch relative to its site directory)."""
    frame: types.FrameType | None = sys._getframe(2)
    torch_root = os.path.dirname(os.path.dirname(torch.__file__))
    while frame is not None and (
        frame.f_code.co_filename.startswith(prefixes)
        or frame.f_code.co_name in ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")
    ):
        frame = frame.f_back
    if frame is None:
        return "?"
    filename = frame.f_code.co_filename
    if filename.startswith(torch_root + os.sep):
        filename = os.path.relpath(filename, torch_root)
    return f"{filename}:{frame.f_lineno} in {frame.f_code.co_name}"
