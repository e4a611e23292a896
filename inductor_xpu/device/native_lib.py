"""inductor_xpu's native library: ``csrc/xpu_runtime.cpp``, built once per
torch build with the system C++ compiler against the installed torch's
headers and cached in the overlay cache's private directory.

One library, two users that never share a process: the simulation's
autograd shim (:mod:`inductor_xpu.device.xpu_autograd`, the ``ixa_``
functions) and the opt-in emulated test device (:mod:`inductor_xpu.emulation`,
the ``ixe_`` functions).  Building it is the only place either compiles C++.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

import torch


log = logging.getLogger(__name__)

SOURCE_PATH = os.path.join(os.path.dirname(__file__), "csrc", "xpu_runtime.cpp")


class NativeLibraryUnavailable(RuntimeError):
    """The native library cannot be built or loaded in this process."""


def source() -> str:
    with open(SOURCE_PATH, encoding="utf-8") as f:
        return f.read()


def torch_build_key() -> str:
    """The installed torch build (version, CUDA, libraries) and the source."""
    lib = os.path.join(os.path.dirname(torch.__file__), "lib")
    parts = [torch.__version__, str(torch.version.cuda), sys.platform, sys.version, source()]
    for name in ("libc10.so", "libtorch_cpu.so", "libtorch_python.so"):
        path = os.path.join(lib, name)
        if os.path.exists(path):
            st = os.stat(path)
            parts.append(f"{name}:{st.st_size}:{int(st.st_mtime)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _cache_dir() -> str:
    """Under the overlay cache's private directory (``INDUCTOR_XPU_CACHE_DIR``
    itself, or its ``inductor_xpu-uid<UID>`` subdirectory when that is
    shared), so that no other user can plant the library ``ctypes`` loads."""
    from inductor_xpu import config
    from inductor_xpu.overlay.cache import private_directory

    def refuse(reason: str) -> None:
        raise NativeLibraryUnavailable(f"no private directory for inductor_xpu's native library: {reason}")

    private = private_directory(config.cache_dir, refuse)
    assert private is not None  # refuse() raised otherwise
    return os.path.join(private, "native_lib")


def compiler() -> str | None:
    """The C++ compiler used (``$CXX``, else ``c++``/``g++``/``clang++``)."""
    for candidate in (os.environ.get("CXX"), "c++", "g++", "clang++"):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    return None


def library_path() -> str:
    return os.path.join(_cache_dir(), f"xpu_runtime_{torch_build_key()}.so")


def build() -> str:
    """Build the library for the installed torch (cached); return its path."""
    if not sys.platform.startswith(("linux", "darwin")):
        raise NativeLibraryUnavailable(
            f"the native library needs the Itanium C++ ABI (Linux, macOS), not {sys.platform}"
        )
    path = library_path()
    if os.path.exists(path):
        return path
    cxx = compiler()
    if cxx is None:
        raise NativeLibraryUnavailable(
            "no C++ compiler found ($CXX, c++, g++, clang++) to build inductor_xpu's native library"
        )
    torch_dir = os.path.dirname(torch.__file__)
    include = os.path.join(torch_dir, "include")
    lib = os.path.join(torch_dir, "lib")
    if not os.path.isdir(include):
        raise NativeLibraryUnavailable(f"torch's C++ headers are not installed ({include})")
    py_include = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(py_include, "Python.h")):
        raise NativeLibraryUnavailable(f"Python's C headers are not installed ({py_include}/Python.h)")
    directory = os.path.dirname(path)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    abi = int(bool(getattr(torch._C, "_GLIBCXX_USE_CXX11_ABI", True)))
    with tempfile.TemporaryDirectory(dir=directory) as tmp:
        out = os.path.join(tmp, "xpu_runtime.so")
        cmd = [
            cxx, "-O1", "-shared", "-fPIC", "-std=c++20", f"-D_GLIBCXX_USE_CXX11_ABI={abi}", "-w",
            "-isystem", include, "-isystem", os.path.join(include, "torch", "csrc", "api", "include"),
            "-isystem", py_include, SOURCE_PATH, f"-L{lib}", "-lc10", "-ltorch_cpu", "-ltorch_python",
            f"-Wl,-rpath,{lib}", "-o", out,
        ]  # fmt: skip
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise NativeLibraryUnavailable(f"building inductor_xpu's native library failed: {e}") from None
        if proc.returncode != 0:
            first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), proc.stderr.strip()[:300])
            raise NativeLibraryUnavailable(f"building {SOURCE_PATH} with {cxx} failed: {first}")
        os.replace(out, path)  # atomic: a concurrent build writes the same file
    log.info("built inductor_xpu's native library: %s", path)
    return path


_INT_FUNCTIONS = (
    "ixa_install", "ixa_uninstall", "ixa_enter_engine", "ixa_exit_engine", "ixa_installed",
    "ixa_xpu_guard_registered", "ixe_installed", "ixe_device_count", "ixe_current_device",
)  # fmt: skip


@functools.lru_cache(maxsize=None)
def _load(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    for name in _INT_FUNCTIONS:
        getattr(lib, name).restype = ctypes.c_int
        getattr(lib, name).argtypes = []
    lib.ixe_install.restype = ctypes.c_int
    lib.ixe_install.argtypes = [ctypes.c_int]
    lib.ixe_set_device.restype = ctypes.c_int
    lib.ixe_set_device.argtypes = [ctypes.c_int]
    lib.ixe_current_stream.restype = ctypes.c_int64
    lib.ixe_current_stream.argtypes = [ctypes.c_int]
    lib.ixe_set_stream.restype = ctypes.c_int
    lib.ixe_set_stream.argtypes = [ctypes.c_int64, ctypes.c_int]
    lib.ixe_memory_stat.restype = ctypes.c_int64
    lib.ixe_memory_stat.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.ixe_install_error.restype = ctypes.c_char_p
    lib.ixe_install_error.argtypes = []
    lib.ixe_reset_peak.restype = ctypes.c_int
    lib.ixe_reset_peak.argtypes = [ctypes.c_int]
    return lib


@functools.lru_cache(maxsize=None)
def _load_python(path: str) -> ctypes.PyDLL:
    """The same library, for the functions that return Python objects (the
    GIL stays held through the call)."""
    lib = ctypes.PyDLL(path)
    lib.ixe_default_generator.restype = ctypes.py_object
    lib.ixe_default_generator.argtypes = [ctypes.c_int]
    return lib


def load() -> ctypes.CDLL:
    """The library (built if needed); raises :class:`NativeLibraryUnavailable`."""
    return _load(build())


def load_python() -> ctypes.PyDLL:
    return _load_python(build())


def loaded_if_built() -> ctypes.CDLL | None:
    """The library if it was built already (never builds)."""
    try:
        path = library_path()
    except NativeLibraryUnavailable:
        return None
    return _load(path) if os.path.exists(path) else None
