"""Inductor's xpu Triton kernels on the emulated device: Triton's interpreter.

With ``TRITON_INTERPRET=1`` set before Triton decorates anything (the
``emulate`` command and the pytest plugin set it), Inductor's
``CachingAutotuner`` launches each kernel through the interpreter on the
kernel's tensors (host memory here).  What stock Triton lacks for that on
xpu, and what this module supplies, once, for the process:

* ``libdevice``: Triton's generic ``libdevice`` functions are stubs in the
  interpreter; kernels get the CPU implementations
  (:mod:`inductor_xpu.execution.libdevice`, shared with the execution
  check).
* Arithmetic as a compiled kernel does it (fp32 -> bf16 rounding to nearest
  even, bf16 ``tl.dot``, one-rounding fma) and reductions with a combine
  function the interpreter does not know:
  :func:`inductor_xpu.execution.interpreter.device_arithmetic` and
  :func:`~inductor_xpu.execution.interpreter.patched_language`, entered for
  the rest of the process.
* Bounds-checked loads and stores: an address outside every tensor argument
  of the launch raises, as a device-side assert would on a GPU, instead of
  reading host memory (:func:`_bounds_checked`).
* Launchers in the interpreter: Inductor builds none in interpret mode, so
  autotuning (several configs, max-autotune's benchmarks of fusions and
  templates) had nothing to time ("expected 1 launcher, got 0"); each config
  gets a launcher that runs it in the interpreter; under max-autotune the
  autotuner times those runs (interpreter time, not a device's: the choice
  is not the device's, docs/emulated_xpu.md), otherwise the first config
  runs, as Inductor's interpreter path does.
* No GPU driver to select: ``set_driver_to_gpu`` does nothing, Inductor's
  Triton hash does not ask for an active driver, and the device's Triton
  backend ("intel") need not be installed for the kernels Inductor
  interprets.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from typing import Any


log = logging.getLogger(__name__)

_entered: list[contextlib.AbstractContextManager[Any]] = []


class OutOfBoundsAccess(RuntimeError):
    """A kernel read or wrote outside its tensors (a device-side assert)."""


def install_triton_backend(profile: Any) -> None:
    os.environ["TRITON_INTERPRET"] = "1"
    import triton

    triton.knobs.runtime.interpret = True
    _patch_inductor_runtime()
    from inductor_xpu.execution.interpreter import device_arithmetic

    arithmetic = device_arithmetic()
    arithmetic.__enter__()  # for the rest of the process
    _entered.append(arithmetic)
    _bounds_checked()
    _interpreted_launchers()


def _patch_inductor_runtime() -> None:
    import torch._dynamo.device_interface as device_interface
    from torch._dynamo.device_interface import get_interface_for_device
    from torch._inductor.runtime import triton_helpers

    def interpreter_is_the_backend(device: Any = None) -> None:
        """Triton's interpreter runs xpu kernels here: no "intel" backend is needed."""

    import torch

    for interface in {device_interface.XpuInterface, get_interface_for_device("xpu")}:
        interface.raise_if_triton_unavailable = staticmethod(interpreter_is_the_backend)  # type: ignore[assignment]
        # Bound when the class was defined, to the classes of a build without XPU.
        interface.Event = torch.xpu.Event  # type: ignore[attr-defined]
        interface.Stream = torch.xpu.Stream  # type: ignore[attr-defined]
        interface.get_raw_stream = staticmethod(torch._C._xpu_getCurrentRawStream)  # type: ignore[attr-defined]
    device_interface.get_xpu_stream = torch._C._xpu_getCurrentRawStream  # type: ignore[attr-defined]

    from inductor_xpu.execution.libdevice import LIBDEVICE

    import hashlib

    import torch.utils._triton as torch_triton
    from torch._inductor.runtime.triton_compat import triton_key

    def triton_hash_with_backend() -> str:
        """Inductor's cache key for Triton: the interpreter, not a GPU driver's backend."""
        return hashlib.sha256(f"{triton_key()}-interpreter-emulated-xpu".encode()).hexdigest().upper()

    torch_triton.triton_hash_with_backend = triton_hash_with_backend
    triton_helpers.libdevice = LIBDEVICE  # type: ignore[attr-defined]
    triton_helpers.set_driver_to_gpu = lambda: None  # type: ignore[attr-defined]


# --- bounds-checked memory access -----------------------------------------

_ranges = threading.local()


def _bounds_checked() -> None:
    """Record each interpreted launch's tensor arguments (host copies: the
    interpreter runs a kernel on host copies of its arguments) and check every
    unmasked address of a load or store against them."""
    import numpy as np
    from triton.runtime import interpreter

    builder = interpreter.InterpreterBuilder
    original_init_args = interpreter.GridExecutor._init_args_hst

    def init_args_hst(self: Any, args_dev: Any, kwargs: Any) -> Any:
        args_hst, kwargs_hst = original_init_args(self, args_dev, kwargs)
        spans = []
        for value in list(args_hst) + list(kwargs_hst.values()):
            if hasattr(value, "data_ptr") and hasattr(value, "untyped_storage"):
                storage = value.untyped_storage()
                start = storage.data_ptr()
                spans.append((start, start + storage.nbytes()))
        _ranges.spans = spans
        return args_hst, kwargs_hst

    def check(ptr: Any, mask: Any, what: str, element_bits: int) -> None:
        spans = getattr(_ranges, "spans", None)
        if not spans:
            return
        addresses = np.asarray(ptr.data, dtype=np.uint64).reshape(-1)
        if mask is not None:
            addresses = addresses[np.asarray(mask.data, dtype=bool).reshape(-1)]
        if addresses.size == 0:
            return
        size = max(element_bits // 8, 1)
        ok = np.zeros(addresses.shape, dtype=bool)
        for start, end in spans:
            ok |= (addresses >= start) & (addresses + size <= end)
        if not ok.all():
            bad = int(addresses[~ok][0])
            raise OutOfBoundsAccess(
                f"emulated xpu: device-side assert: out-of-bounds {what} at address 0x{bad:x} "
                f"({int((~ok).sum())} lane(s) outside every tensor argument of the kernel)"
            )

    def element_bits(ptr: Any) -> int:
        try:
            return int(ptr.dtype.element_ty.primitive_bitwidth)
        except AttributeError:
            return 8

    original_load = builder.create_masked_load
    original_store = builder.create_masked_store

    def create_masked_load(self: Any, ptrs: Any, mask: Any, other: Any, *args: Any, **kwargs: Any) -> Any:
        check(ptrs, mask, "load", element_bits(ptrs))
        return original_load(self, ptrs, mask, other, *args, **kwargs)

    def create_masked_store(self: Any, ptrs: Any, value: Any, mask: Any, *args: Any, **kwargs: Any) -> Any:
        check(ptrs, mask, "store", element_bits(ptrs))
        return original_store(self, ptrs, value, mask, *args, **kwargs)

    interpreter.GridExecutor._init_args_hst = init_args_hst
    builder.create_masked_load = create_masked_load
    builder.create_masked_store = create_masked_store


# --- launchers in the interpreter -------------------------------------------


class InterpretedLauncher:
    """A ``CachingAutotuner`` launcher that runs one config in the interpreter."""

    n_regs = 0
    n_spills = 0
    shared = 0
    store_cubin = False
    bin = None
    cache_hash = None

    def __init__(self, autotuner: Any, config: Any) -> None:
        self.autotuner = autotuner
        self.config = config
        self.fn = autotuner.fn

    def __call__(self, *args: Any, stream: Any = None, **kwargs: Any) -> Any:
        launch_args, grid = self.autotuner._interpret_args_grid(args, self.config)
        return self.fn[grid](*launch_args, **kwargs, **self.config.kwargs)


def _interpreted_launchers() -> None:
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    original_precompile = CachingAutotuner.precompile
    original_run = CachingAutotuner.run

    def ensure_launchers(self: Any) -> None:
        if self.triton_interpret and not self.launchers:
            self.launchers = [InterpretedLauncher(self, config) for config in self.configs]

    def precompile(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = original_precompile(self, *args, **kwargs)
        ensure_launchers(self)
        return result

    def run(self: Any, *args: Any, stream: Any, **kwargs: Any) -> Any:
        if self.triton_interpret:
            ensure_launchers(self)
            # Timing interpreted runs says nothing of a device: only where
            # max-autotune asks for timings; otherwise the first config, as
            # Inductor's interpreter path always took.
            if len(self.launchers) > 1 and self.inductor_meta.get("max_autotune"):
                self.autotune_to_one_config(*args, **kwargs)
            elif len(self.launchers) > 1:
                self.launchers = self.launchers[:1]
            # The interpreter path runs configs[0]: the chosen one.
            self.configs = [self.launchers[0].config]
        return original_run(self, *args, stream=stream, **kwargs)

    CachingAutotuner.precompile = precompile  # type: ignore[method-assign]
    CachingAutotuner.run = run  # type: ignore[method-assign]
