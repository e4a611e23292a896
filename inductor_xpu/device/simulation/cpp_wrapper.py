"""Inductor's C++ wrapper for a simulated xpu device: generated, not compiled.

JIT ``cpp_wrapper`` (``torch.compile(options={"cpp_wrapper": True})``):
Inductor's GPU C++ wrapper compiles its Triton kernels lazily, at the first
call (``CppWrapperGpu``: ``startKernelCompile`` / ``runTritonKernelWithAutotune``
/ ``loadKernel`` from the C++ side), so its code generation is one pass that
needs no compiled kernel.  What Inductor hands to
``GraphLowering._compile_to_module_lines`` is a Python module holding the
C++ source (``cpp_wrapper_src``) and the call that would compile it
(``CppWrapperCodeCache.load_pybinding``); the simulation's capture stops
there, before any C++/SYCL compilation.
:func:`inductor_xpu.generated_code.cpp_source` takes the C++ out of it,
and the compile command writes both (``output_code_<n>.cpp`` and
``output_code_<n>.py``).

The kernel facts a C++ wrapper needs of a compiled kernel -- binary path
and kind, entry (mangled) name, shared memory, warps, threads per warp --
are read at run time in the JIT wrapper; AOTInductor bakes them in
(:mod:`inductor_xpu.modes.aot`), and :func:`simulated_kernel_params`
supplies them from the profile as the Intel Triton backend would report
them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from inductor_xpu.device.profile import DeviceProfile


# Intel Triton reports these for every kernel it compiles
# (intel-xpu-backend-for-triton, third_party/intel/backend/compiler.py:
# XPUOptions.threads_per_warp defaults to 32 -- Inductor launches its kernels
# with warp size 32 on xpu -- and the launcher's "shared" is the kernel's
# SLM use in bytes).
THREADS_PER_WARP = 32


def simulated_kernel_params(
    kernel_name: str,
    profile: DeviceProfile,
    *,
    num_warps: int,
    config: dict[str, Any],
    inductor_meta: dict[str, Any],
    triton_meta: dict[str, Any],
    shared_mem: int = 0,
    bin_type: str = "zebin",
) -> dict[str, Any]:
    """What ``TritonCompileResult`` / ``CachingAutotuner.save_gpu_kernel``
    records of a compiled xpu kernel (``CudaKernelParamCache`` entry), made
    without compiling: the entry point is the kernel's name (Intel Triton
    keeps the Triton function name as the SPIR-V/zebin entry), the warps
    and block sizes are the kernel's first heuristic config (a device would
    autotune among its configs), shared memory is 0 unless given (the SLM a
    kernel uses is only known once compiled), threads per warp 32, and the
    binary is ``<kernel>.<bin_type>``."""
    return {
        "mangled_name": kernel_name,
        "num_warps": num_warps,
        "shared_mem": shared_mem,
        "threads_per_warp": THREADS_PER_WARP,
        "config": dict(config),
        "inductor_meta": dict(inductor_meta),
        "triton_meta": dict(triton_meta),
        "global_scratch": None,
        "profile_scratch": None,
        "bin_type": bin_type,
        "target_arch": profile.triton_arch,
        "simulated": True,
    }


def make_codegen_with_cpp_wrapper(original: Callable[..., Any]) -> Callable[..., Any]:
    """``GraphLowering.codegen_with_cpp_wrapper`` for a simulation: Inductor's
    own (the JIT C++ wrapper is a single codegen pass), with autotuning at
    compile time off (it would run kernels)."""
    import torch._inductor.config as inductor_config

    def codegen_with_cpp_wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with inductor_config.patch({"triton.autotune_at_compile_time": False}) if hasattr(
            inductor_config.triton, "autotune_at_compile_time"
        ) else contextlib.nullcontext():
            return original(self, *args, **kwargs)

    return codegen_with_cpp_wrapper
