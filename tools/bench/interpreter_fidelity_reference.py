"""Which side is right: a launch's outputs in float64, for the report of
``interpreter_fidelity.py``.

Where the interpreter and the device differ, each side's error is measured
against the same kernel run in float64: its source with ``tl.float32``
(Inductor's compute type) made ``tl.float64`` and every float literal of the
kernel rounded to fp32 first (the constants are the kernel's fp32 ones), its
floating storages widened to float64 (inputs exactly), run in the engine's
interpreter with its CPU libdevice (torch's float64 math).  Explicit
roundings the kernel makes (``.to(tl.float16)``) stay.  The error of a side
is then ``|side - ref| / ulp(ref)`` in the output's dtype: a correctly
rounded result is within 0.5.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
import types
from pathlib import Path
from typing import Any

import numpy as np

from interpreter_fidelity_device import launch_arguments, strip_heuristics, torch_dtype


_FLOATS = {"float16", "bfloat16", "float32"}
_LITERAL = re.compile(r"(?<![\w.])(\d+\.\d*(?:e[-+]?\d+)?|\d+e[-+]?\d+)(?![\w.])")
_SQRT_RN = re.compile(r"\b(?:tl|triton\.language)\.sqrt_rn\(")
_DIV_RN = re.compile(r"\b(?:tl|triton\.language)\.div_rn\(")
_MANTISSA = {"float16": 10, "bfloat16": 7, "float32": 23, "float64": 52}
_MIN_EXP = {"float16": -14, "bfloat16": -126, "float32": -126, "float64": -1022}


def fp64_source(source: str) -> str:
    """The kernel computing in float64 with its fp32 constants (``sqrt_rn``
    and ``div_rn``, which Triton has for fp32 only, as their float64
    equivalents)."""
    text = strip_heuristics(source)
    start = text.find("def triton_")
    body = _LITERAL.sub(lambda m: repr(float(np.float32(float(m.group(1))))), text[start:])
    # Triton's correctly rounded fp32-only functions (Inductor spells them tl. or triton.language.): their
    # float64 ones
    body = _SQRT_RN.sub("tl.sqrt(", body)
    body = _DIV_RN.sub("libdevice.div_rn(", body)
    return text[:start] + body.replace("tl.float32", "tl.float64")


def ulp(ref: Any, dtype: str) -> Any:
    """The spacing of ``dtype`` at float64 values ``ref`` (a torch tensor)."""
    import torch

    exponent = torch.floor(torch.log2(ref.abs().clamp_min(1e-300)))
    exponent = exponent.clamp_min(_MIN_EXP[dtype])
    return torch.pow(2.0, exponent - _MANTISSA[dtype])


def _load(name: str, source: str, path: Path) -> Any:
    import triton

    from inductor_xpu.execution.interpreter import builtins_importing, kernel_module_views
    from inductor_xpu.execution.libdevice import LIBDEVICE

    path.write_text(source)
    module = types.ModuleType(f"ifid_fp64_{name}")
    module.__file__ = str(path)
    module.__dict__["__builtins__"] = builtins_importing(kernel_module_views(LIBDEVICE))
    with triton.knobs.runtime.scope():
        triton.knobs.runtime.interpret = True
        exec(compile(source, str(path), "exec"), module.__dict__)
    return getattr(module, name)


def reference(entry: dict[str, Any], source: str, initial: list[Any]) -> list[Any] | None:
    """Each storage after the launch run in float64 (floating storages as
    float64 tensors, others as their bytes), or None where a storage is
    viewed with several dtypes."""
    import torch

    from inductor_xpu.execution.interpreter import device_arithmetic, interpreted_calls, patched_language
    from inductor_xpu.execution.libdevice import LIBDEVICE

    views: dict[int, set[str]] = {}
    for arg in entry["args"]:
        if arg["kind"] == "tensor":
            views.setdefault(arg["storage"], set()).add(arg["dtype"])
    if any(len(v) > 1 for v in views.values()):
        return None
    storages = []
    for i, (spec, data) in enumerate(zip(entry["storages"], initial)):
        (dtype,) = views[i]
        if dtype in _FLOATS:
            storages.append(data.view(torch_dtype(dtype)).double())
        else:
            storages.append(data.clone())
    args = launch_arguments(entry, storages, lambda name: torch.float64 if name in _FLOATS else torch_dtype(name))
    with tempfile.TemporaryDirectory(prefix="ifid_fp64_") as tmp, contextlib.ExitStack() as stack:
        fn = _load(entry["kernel"], fp64_source(source), Path(tmp) / "kernel.py")
        stack.enter_context(interpreted_calls(LIBDEVICE))
        stack.enter_context(device_arithmetic())
        stack.enter_context(patched_language())
        fn[tuple(entry["grid"])](*args, **entry["kwargs"])
    return storages


def errors_against(ref: Any, interp: Any, device: Any, dtype: str) -> dict[str, Any]:
    """Each side's largest error against the float64 result, in ulps of
    ``dtype`` at the reference, where both sides hold a finite value (an
    unwritten element of a fresh allocation is a NaN)."""
    import torch

    if dtype not in _FLOATS:
        return {}
    a, b = (v.view(torch_dtype(dtype)) for v in (interp, device))
    fa, fb = a.double(), b.double()
    keep = torch.isfinite(fa) & torch.isfinite(fb) & torch.isfinite(ref)
    if not bool(keep.any()):
        return {}
    spacing = ulp(ref[keep], dtype)
    ea = ((fa[keep] - ref[keep]).abs() / spacing)
    eb = ((fb[keep] - ref[keep]).abs() / spacing)
    return {"interp_err_ulp": float(ea.max()), "device_err_ulp": float(eb.max()),
            "interp_closer": int((ea < eb).sum()), "device_closer": int((eb < ea).sum())}
