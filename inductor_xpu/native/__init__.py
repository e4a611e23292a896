"""Intel's own compilers on every generated xpu kernel, with no GPU.

Each Triton kernel of Inductor's generated xpu wrappers is compiled the way
a real xpu compiles it at its first launch: Inductor's heuristics pick its
first launch config, Intel's Triton XPU backend (triton-xpu, in its own
environment: ``make native-env``) lowers it TTIR -> TTGIR -> LLVM ->
SPIR-V, and IGC's ``ocloc`` compiles the SPIR-V to native ISA for the
profile's GPU.  Per kernel: whether the toolchain accepts it, its GRF mode,
SIMD width, instruction count, DPAS (matrix engine) and send instructions
and the bytes it spills.

Modules: :mod:`.env` (finding triton-xpu and ocloc), :mod:`.devices` (the
profile's ocloc device), :mod:`.worker` (the process that runs triton-xpu's
``triton``), :mod:`.ocloc` (SPIR-V -> native ISA, as Triton's Intel backend
runs it), :mod:`.processes` (the child processes, which end with the
compile), :mod:`.isa` (IGC's ``.asm`` dumps), :mod:`.cache`,
:mod:`.report` (per-kernel entries, per-graph lines, the verdict),
:mod:`.api` (:func:`compile_native`, :func:`compile_kernel_sources`,
:func:`compile_graph_kernels`).

Nothing here imports torch or triton at import time: the worker imports
this package under triton-xpu's ``triton``.
"""

from __future__ import annotations

from typing import Any

from inductor_xpu.native.errors import NativeEnvError, NativeError, NativeSourceError, NativeWorkerError, OclocError
from inductor_xpu.native.report import KernelNative, NativeResult


__all__ = [
    "KernelNative",
    "NativeEnvError",
    "NativeError",
    "NativeResult",
    "NativeSourceError",
    "NativeWorkerError",
    "OclocError",
    "compile_graph_kernels",
    "compile_kernel_sources",
    "compile_native",
]


def compile_native(*args: Any, **kwargs: Any) -> NativeResult:
    """:func:`inductor_xpu.native.api.compile_native` (imported when called)."""
    from inductor_xpu.native.api import compile_native as compile_native_

    return compile_native_(*args, **kwargs)


def compile_kernel_sources(*args: Any, **kwargs: Any) -> NativeResult:
    """:func:`inductor_xpu.native.api.compile_kernel_sources` (imported when called)."""
    from inductor_xpu.native.api import compile_kernel_sources as compile_kernel_sources_

    return compile_kernel_sources_(*args, **kwargs)


def compile_graph_kernels(*args: Any, **kwargs: Any) -> NativeResult:
    """:func:`inductor_xpu.native.api.compile_graph_kernels` (imported when called)."""
    from inductor_xpu.native.api import compile_graph_kernels as compile_graph_kernels_

    return compile_graph_kernels_(*args, **kwargs)
