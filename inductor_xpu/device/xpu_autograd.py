"""Autograd on fake xpu tensors in a torch build without XPU, for a simulation.

Two things in autograd's C++ need an XPU build, even for fake tensors:

1. **A device guard for xpu.**  Recording an op on an xpu tensor that
   requires grad stores the tensor's stream in the node's ``InputMetadata``
   (``torch/csrc/autograd/input_metadata.cpp``), which asks the xpu
   ``DeviceGuardImplInterface``.  Non-XPU builds register none, and the
   process *aborts* (the lookup is a ``TORCH_CHECK`` inside a ``noexcept``
   path).  ``FakeTensorMode`` installs a no-op guard for CUDA only
   (``torch._C._ensureCUDADeviceGuardSet``).
2. **xpu as "the accelerator".**  The engine (``Engine::evaluate_function``
   in ``torch/csrc/autograd/engine.cpp``) asserts
   ``opt_ready_stream && opt_parent_stream`` for every gradient on an
   accelerator device type (``at::accelerator::isAccelerator``: xpu is one in
   every build), and a node's stream (``Node::stream()``) is only set when its
   inputs are on ``at::getAccelerator()``'s device type.  That is
   ``nullopt`` in a CPU build (torch 2.13: "Cannot access accelerator device
   when none is available") and ``cuda`` in a CUDA build (torch 2.15: the
   internal assert; ``at::getAccelerator`` asks each backend's hooks
   ``isBuilt()``, CUDA first, two built ones are an error).

The route taken: a small C++ shim (the ``ixa_`` functions of
inductor_xpu's native library, :mod:`inductor_xpu.device.native_lib`, built
with the system C++ compiler against the installed torch's headers and
cached per torch build) that, while installed,

* stores a ``c10::impl::FakeGuardImpl<XPU>`` (torch's own no-op guard, the
  one ``FakeTensorMode`` uses for CUDA) in
  ``c10::impl::device_guard_impl_registry[XPU]``, the slot
  ``registerDeviceGuard`` writes.  On uninstall the slot is set back to
  empty: the registry is a plain array of atomics, so unlike a static
  ``C10_REGISTER_GUARD_IMPL`` this registration *is* undone exactly;
* swaps the vtable of the (default, do-nothing) ``at::XPUHooksInterface``
  object that ``at::detail::getXPUHooks()`` returns for one whose
  ``isBuilt()``/``hasXPU()`` answer true **only while the engine runs a
  backward over xpu tensors** (a counter raised around
  ``torch.autograd.graph._engine_run_backward``); and, in a CUDA build,
  the CUDA hooks' ``isBuilt()`` answers false over the same window (a
  copy of its vtable with that one slot replaced).  Outside that window
  both answer as before; on uninstall the original vtable pointers are
  written back.

So during a backward over fake xpu tensors the engine runs exactly the code
an XPU build runs (xpu is the accelerator, xpu has a guard), and the
gradients it traces -- the joint graph AOTAutograd hands Inductor -- are the
ones an XPU build traces.  Streams and events are FakeGuardImpl's no-ops;
they appear in no graph.

Why not the alternatives: tracing the joint graph on another device and
retargeting it changes what Inductor sees (decompositions, RNG
functionalization, SDPA and convolution backward choices are per device);
re-implementing the engine in Python (calling ``grad_fn`` nodes directly)
would have to replicate its ready-queue order, gradient accumulation and
``validate_outputs`` casts to give the same graph.  The upstream fix is a
no-op guard for every device type under ``FakeTensorMode`` and an engine
that does not need the accelerator for fake tensors
(docs/hardware_less_codegen.md, "Blockers in stock torch" 3).

The vtable swap relies on the Itanium C++ ABI (Linux, macOS); elsewhere,
without a C++ compiler, or when the shim does not build, :func:`load_shim`
raises :class:`XpuAutogradUnavailable` with the reason and simulations stay
inference-only.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import logging
from collections.abc import Callable, Iterator
from typing import Any

import torch


log = logging.getLogger(__name__)

_INSTALL_ERRORS = {
    1: "already installed",
    2: "an xpu device guard is already registered (an XPU build, or the emulated xpu device, needs no shim)",
    3: "at::detail::getXPUHooks() is not the default XPUHooksInterface",
    4: "the CUDA hooks' isBuilt() is not a virtual slot where the Itanium ABI puts it",
}


class XpuAutogradUnavailable(RuntimeError):
    """Autograd on fake xpu tensors cannot be supported in this process."""


def shim_path() -> str:
    """Where the shim (inductor_xpu's native library) is built and loaded from."""
    from inductor_xpu.device import native_lib

    try:
        return native_lib.library_path()
    except native_lib.NativeLibraryUnavailable as e:
        raise XpuAutogradUnavailable(str(e)) from None


def load_shim() -> ctypes.CDLL:
    """The shim library (built if needed); raises :class:`XpuAutogradUnavailable`."""
    from inductor_xpu import config
    from inductor_xpu.device import native_lib

    if not config.sim_autograd:
        raise XpuAutogradUnavailable("turned off (INDUCTOR_XPU_SIM_AUTOGRAD=0)")
    try:
        return native_lib.load()
    except native_lib.NativeLibraryUnavailable as e:
        raise XpuAutogradUnavailable(str(e)) from None


def xpu_guard_registered() -> bool:
    """Whether a C++ device guard for xpu is registered in this process now
    (torch has no Python binding for this; the shim reads the registry).
    False where the shim was never built."""
    from inductor_xpu.device import native_lib

    try:
        lib = native_lib.loaded_if_built()
    except OSError:
        return False
    return bool(lib is not None and lib.ixa_xpu_guard_registered())


def _involves_xpu(tensors: Any) -> bool:
    leaves = torch.utils._pytree.tree_leaves(tensors)
    return any(isinstance(t, torch.Tensor) and t.device.type == "xpu" for t in leaves)


_ENGINE_QUEUES_ASSERT = "device_ready_queues_"


def _check_engine_device_queues() -> None:
    """The autograd engine starts its per-device worker threads once per
    process, at the first backward, with one ready queue per device index of
    the device guards registered *then* (``Engine::start_device_threads``).
    If that first backward ran with no device guard counting a device (a CPU
    build, or a CUDA build without a GPU) and without the shim, the engine has
    no queue for xpu:0 and every xpu backward fails its internal assert.  A
    one-element fake xpu backward here starts the pool now if it has not
    started (sized by the shim's guard), and tells otherwise."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    try:
        with FakeTensorMode(), torch.enable_grad():
            w = torch.empty(1, device="xpu", requires_grad=True)
            (w * 2).sum().backward()
    except RuntimeError as e:
        if _ENGINE_QUEUES_ASSERT not in str(e):
            raise
        raise XpuAutogradUnavailable(
            "the autograd engine of this process started its device threads before the xpu "
            "autograd shim was installed, with no device to give xpu a queue (a backward ran "
            "first); start the simulation (or inductor_xpu.device.xpu_autograd.prime_autograd_engine()) "
            "before any backward, or use a fresh process"
        ) from None


def prime_autograd_engine() -> bool:
    """Start the autograd engine's device threads with the shim installed, so
    that later simulations can train even after backwards on other devices
    (see :func:`_check_engine_device_queues`).  False if the shim is
    unavailable or the engine had already started without a queue for xpu."""
    try:
        with xpu_autograd():
            pass
    except XpuAutogradUnavailable:
        return False
    return True


def _fake_mode_active() -> bool:
    return torch._C._get_dispatch_mode(torch._C._TorchDispatchModeKey.FAKE) is not None


@contextlib.contextmanager
def xpu_autograd(fake_mode: Any = None) -> Iterator[ctypes.CDLL]:
    """While entered: autograd works on fake xpu tensors (see the module
    docstring).  Raises :class:`XpuAutogradUnavailable` on entry when it
    cannot.  Undone exactly on exit.

    ``fake_mode``: entered around a backward over xpu tensors run outside
    any fake mode (``loss.backward()`` on a simulation's outputs), so what
    the backward allocates (AOTAutograd's runtime wrappers restride
    tangents with ``torch.empty_strided``) is fake too, as the inputs are;
    on a device those are real allocations."""
    import torch.autograd
    import torch.autograd.graph

    lib = load_shim()
    original: Callable[..., Any] = torch.autograd.graph._engine_run_backward
    owners = [m for m in (torch.autograd, torch.autograd.graph) if getattr(m, "_engine_run_backward", None) is original]
    code = lib.ixa_install()
    if code != 0:
        raise XpuAutogradUnavailable(f"cannot install the xpu autograd shim: {_INSTALL_ERRORS.get(code, code)}")

    @functools.wraps(original)
    def _engine_run_backward(t_outputs: Any, *args: Any, **kwargs: Any) -> Any:
        if not _involves_xpu(t_outputs):
            return original(t_outputs, *args, **kwargs)
        lib.ixa_enter_engine()
        try:
            with fake_mode if fake_mode is not None and not _fake_mode_active() else contextlib.nullcontext():
                return original(t_outputs, *args, **kwargs)
        finally:
            lib.ixa_exit_engine()

    try:
        for owner in owners:
            owner._engine_run_backward = _engine_run_backward  # type: ignore[attr-defined]
        _check_engine_device_queues()
        yield lib
    finally:
        for owner in owners:
            owner._engine_run_backward = original  # type: ignore[attr-defined]
        lib.ixa_uninstall()
