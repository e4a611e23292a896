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

The route taken: a small C++ shim (:data:`SHIM_SOURCE`, built here with the
system C++ compiler against the installed torch's headers and cached per
torch build) that, while installed,

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
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import torch


log = logging.getLogger(__name__)

SHIM_SOURCE = r"""
// inductor_xpu.device.xpu_autograd: autograd on fake xpu tensors, for a
// hardware-less simulation.  See that module's docstring.
#include <ATen/detail/CUDAHooksInterface.h>
#include <ATen/detail/XPUHooksInterface.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <c10/core/impl/FakeGuardImpl.h>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <typeinfo>

namespace {
std::atomic<int> engine_depth{0};
bool xpu_is_accelerator() { return engine_depth.load() > 0; }

struct SimulatedXPUHooks final : at::XPUHooksInterface {
  bool isBuilt() const override { return xpu_is_accelerator(); }
  bool hasXPU() const override { return xpu_is_accelerator(); }
  bool hasPrimaryContext(c10::DeviceIndex) const override { return false; }
};
static_assert(sizeof(SimulatedXPUHooks) == sizeof(at::XPUHooksInterface), "vtable pointer only");

const c10::impl::FakeGuardImpl<c10::DeviceType::XPU> xpu_guard;
constexpr auto kXPU = static_cast<size_t>(c10::DeviceType::XPU);

void* read_vptr(const void* obj) { void* p; std::memcpy(&p, obj, sizeof p); return p; }
void write_vptr(const void* obj, void* p) { std::memcpy(const_cast<void*>(obj), &p, sizeof p); }

constexpr size_t kSlots = 192;
void* cuda_vtable[kSlots + 2];
void* cuda_saved_vptr = nullptr;
bool cuda_swapped = false;
bool cuda_is_built(const void*) { return !xpu_is_accelerator(); }

size_t virtual_slot_of_is_built() {
  bool (at::CUDAHooksInterface::*pmf)() const = &at::CUDAHooksInterface::isBuilt;
  struct { std::uintptr_t ptr; std::ptrdiff_t adj; } raw;
  static_assert(sizeof(raw) == sizeof(pmf), "Itanium ABI member pointer");
  std::memcpy(&raw, &pmf, sizeof raw);
  if ((raw.ptr & 1) == 0) return SIZE_MAX;
  return (raw.ptr - 1) / sizeof(void*);
}

bool installed = false;
void* xpu_saved_vptr = nullptr;
}  // namespace

extern "C" {
// 0 installed; 1 already installed; 2 an xpu guard is registered (an XPU
// build, or someone else's); 3 the XPU hooks are not the default object;
// 4 the CUDA hooks' isBuilt slot is not where the ABI says.
int ixa_install() {
  if (installed) return 1;
  if (c10::impl::device_guard_impl_registry[kXPU].load() != nullptr) return 2;
  const auto& xpu = at::detail::getXPUHooks();
  if (typeid(xpu) != typeid(at::XPUHooksInterface)) return 3;
  const auto& cuda = at::detail::getCUDAHooks();
  if (cuda.isBuilt()) {
    size_t slot = virtual_slot_of_is_built();
    if (slot == SIZE_MAX || slot >= kSlots) return 4;
    cuda_saved_vptr = read_vptr(&cuda);
    // [offset-to-top, RTTI, slot 0, slot 1, ...]
    std::memcpy(cuda_vtable, static_cast<void**>(cuda_saved_vptr) - 2, sizeof cuda_vtable);
    cuda_vtable[2 + slot] = reinterpret_cast<void*>(&cuda_is_built);
    write_vptr(&cuda, &cuda_vtable[2]);
    cuda_swapped = true;
  }
  xpu_saved_vptr = read_vptr(&xpu);
  SimulatedXPUHooks simulated;
  write_vptr(&xpu, read_vptr(&simulated));
  c10::impl::device_guard_impl_registry[kXPU].store(&xpu_guard);
  installed = true;
  return 0;
}

int ixa_uninstall() {
  if (!installed) return 1;
  engine_depth.store(0);
  c10::impl::device_guard_impl_registry[kXPU].store(nullptr);
  write_vptr(&at::detail::getXPUHooks(), xpu_saved_vptr);
  if (cuda_swapped) write_vptr(&at::detail::getCUDAHooks(), cuda_saved_vptr);
  cuda_swapped = false;
  installed = false;
  return 0;
}

int ixa_enter_engine() { return ++engine_depth; }
int ixa_exit_engine() { return --engine_depth; }
int ixa_installed() { return installed ? 1 : 0; }
int ixa_xpu_guard_registered() {
  return c10::impl::device_guard_impl_registry[kXPU].load() != nullptr ? 1 : 0;
}
}
"""

_INSTALL_ERRORS = {
    1: "already installed",
    2: "an xpu device guard is already registered (an XPU build needs no shim)",
    3: "at::detail::getXPUHooks() is not the default XPUHooksInterface",
    4: "the CUDA hooks' isBuilt() is not a virtual slot where the Itanium ABI puts it",
}


class XpuAutogradUnavailable(RuntimeError):
    """Autograd on fake xpu tensors cannot be supported in this process."""


def _torch_build_key() -> str:
    lib = os.path.join(os.path.dirname(torch.__file__), "lib")
    parts = [torch.__version__, str(torch.version.cuda), sys.platform, SHIM_SOURCE]
    for name in ("libc10.so", "libtorch_cpu.so"):
        path = os.path.join(lib, name)
        if os.path.exists(path):
            st = os.stat(path)
            parts.append(f"{name}:{st.st_size}:{int(st.st_mtime)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _cache_dir() -> str:
    """Where the shim is built and loaded from: under the overlay cache's
    private directory (``INDUCTOR_XPU_CACHE_DIR`` itself, or its
    ``inductor_xpu-uid<UID>`` subdirectory when that is shared), so that no
    other user can plant the library ``ctypes`` loads."""
    from inductor_xpu import config
    from inductor_xpu.overlay.cache import private_directory

    def refuse(reason: str) -> None:
        raise XpuAutogradUnavailable(f"no private directory for the xpu autograd shim: {reason}")

    private = private_directory(config.cache_dir, refuse)
    assert private is not None  # refuse() raised otherwise
    return os.path.join(private, "xpu_autograd")


def compiler() -> str | None:
    """The C++ compiler used for the shim (``$CXX``, else ``c++``/``g++``/``clang++``)."""
    for candidate in (os.environ.get("CXX"), "c++", "g++", "clang++"):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    return None


def shim_path() -> str:
    return os.path.join(_cache_dir(), f"xpu_autograd_shim_{_torch_build_key()}.so")


def build_shim() -> str:
    """Build the shim for the installed torch (cached); return its path."""
    from inductor_xpu import config

    if not config.sim_autograd:
        raise XpuAutogradUnavailable("turned off (INDUCTOR_XPU_SIM_AUTOGRAD=0)")
    if not sys.platform.startswith(("linux", "darwin")):
        raise XpuAutogradUnavailable(f"the shim needs the Itanium C++ ABI (Linux, macOS), not {sys.platform}")
    path = shim_path()
    if os.path.exists(path):
        return path
    cxx = compiler()
    if cxx is None:
        raise XpuAutogradUnavailable("no C++ compiler found ($CXX, c++, g++, clang++) to build the xpu autograd shim")
    torch_dir = os.path.dirname(torch.__file__)
    include = os.path.join(torch_dir, "include")
    lib = os.path.join(torch_dir, "lib")
    if not os.path.isdir(include):
        raise XpuAutogradUnavailable(f"torch's C++ headers are not installed ({include})")
    directory = os.path.dirname(path)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    abi = int(bool(getattr(torch._C, "_GLIBCXX_USE_CXX11_ABI", True)))
    with tempfile.TemporaryDirectory(dir=directory) as tmp:
        src = os.path.join(tmp, "xpu_autograd_shim.cpp")
        out = os.path.join(tmp, "shim.so")
        with open(src, "w", encoding="utf-8") as f:
            f.write(SHIM_SOURCE)
        cmd = [
            cxx, "-O1", "-shared", "-fPIC", "-std=c++20", f"-D_GLIBCXX_USE_CXX11_ABI={abi}",
            "-w", "-isystem", include, src, f"-L{lib}", "-lc10", "-ltorch_cpu",
            f"-Wl,-rpath,{lib}", "-o", out,
        ]  # fmt: skip
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise XpuAutogradUnavailable(f"building the xpu autograd shim failed: {e}") from None
        if proc.returncode != 0:
            first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), proc.stderr.strip()[:300])
            raise XpuAutogradUnavailable(f"building the xpu autograd shim with {cxx} failed: {first}")
        os.replace(out, path)  # atomic: a concurrent build writes the same file
    log.info("built the xpu autograd shim: %s", path)
    return path


@functools.lru_cache(maxsize=None)
def _load(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    for name in ("ixa_install", "ixa_uninstall", "ixa_enter_engine", "ixa_exit_engine", "ixa_installed",
                 "ixa_xpu_guard_registered"):  # fmt: skip
        getattr(lib, name).restype = ctypes.c_int
        getattr(lib, name).argtypes = []
    return lib


def load_shim() -> ctypes.CDLL:
    """The shim library (built if needed); raises :class:`XpuAutogradUnavailable`."""
    return _load(build_shim())


def xpu_guard_registered() -> bool:
    """Whether a C++ device guard for xpu is registered in this process now
    (torch has no Python binding for this; the shim reads the registry).
    False where the shim was never built."""
    try:
        path = shim_path()
        if not os.path.exists(path):
            return False
        return bool(_load(path).ixa_xpu_guard_registered())
    except (OSError, XpuAutogradUnavailable):  # no private cache directory: never built
        return False


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
