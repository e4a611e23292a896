"""The failure families of the native compile (:mod:`inductor_xpu.native`):
one exception type each, the missing tool, kernel or file named in the
message."""

from __future__ import annotations


class NativeError(Exception):
    """Base class of the native compile's errors."""


class NativeEnvError(NativeError):
    """Intel's toolchain is not installed where we look: triton-xpu's
    site directory or ``ocloc``.  The message names what is missing and the
    make target that installs it."""


class NativeSourceError(NativeError):
    """The generated code cannot be compiled for the profile asked: its
    kernels carry another GPU's properties (they were generated for it).
    The message names the kernels and both devices."""


class OclocError(NativeError):
    """IGC (``ocloc``) rejected a kernel's SPIR-V.  ``kernel`` names it,
    ``log`` is ocloc's own output, ``returncode`` its exit status."""

    def __init__(self, message: str, *, kernel: str, log: str = "", returncode: int | None = None) -> None:
        super().__init__(message)
        self.kernel = kernel
        self.log = log
        self.returncode = returncode


class NativeWorkerError(NativeError):
    """The worker process (triton-xpu's ``triton``) died or wrote no result:
    the kernels it was given are named in the message."""
