"""The native compile (``--native``): every Triton kernel the compile
generated compiled by Intel's Triton XPU backend and IGC for the profile's
GPU (:func:`inductor_xpu.native.compile_native`; an AOTInductor package's
own kernels, ``--aot``: :func:`inductor_xpu.native.compile_graph_kernels`),
the C++ it generated (C++ wrapper, AOTInductor sources) type-checked against torch's, SYCL's and
Level Zero's headers (:mod:`inductor_xpu.native.cpp_check`), and under
max-autotune a template config whose native compile spills skipped, as a
device's autotuning would (:func:`~inductor_xpu.device.simulation.autotune.native_spill_check`).
Whether Intel's compilers are installed (and, where C++ is generated, the
C++ type-check's g++ and headers) is checked before anything is compiled
(:meth:`inductor_xpu.compile.options.CompileOptions.validate`); what still
goes wrong after the compile is the check's failure in the report, never
the loss of the compile's outputs.  Their time is the compile's
(``elapsed_s``); a long native compile shows its progress
(:class:`~inductor_xpu.modes.base.CompilePlan`'s ``progress``)."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import time
from collections.abc import Callable
from typing import Any, TYPE_CHECKING

from inductor_xpu.compile.outdir import AOT_SUBDIR
from inductor_xpu.modes.base import CompileMode


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport
    from inductor_xpu.modes.base import CompilePlan
    from inductor_xpu.native.cpp_check import CppCheckResult


log = logging.getLogger(__name__)


def cpp_sources(compiled: CompileReport) -> dict[str, str]:
    """The C++ a compile generated, by the name it is written under in the
    output directory: the C++ wrappers (``--cpp-wrapper``) and the
    AOTInductor packages' wrapper and kernel sources (``--aot``)."""
    sources: dict[str, str] = {}
    for i, code in enumerate(compiled.generated):
        cpp = code.cpp_source()
        if cpp is not None:
            sources[f"output_code_{i}.cpp"] = cpp
    for package in compiled.aot or []:
        for name in (package.wrapper, package.kernel):
            if name and name in package.texts:
                sources[os.path.join(AOT_SUBDIR, name)] = package.texts[name]
    return sources


def aot_kernel_sources(compiled: CompileReport) -> list[list[tuple[str, str]]]:
    """Each AOTInductor package's own Triton kernels (``--aot``), as
    ``(name, source)`` in the order of its ``triton/<name>.py`` files: the
    kernels its wrapper launches, one package per graph."""
    return [
        [(os.path.splitext(os.path.basename(path))[0], package.texts[path]) for path in package.triton_kernels]
        for package in compiled.aot or []
    ]


def type_check_cpp(sources: dict[str, str]) -> CppCheckResult:
    """Each C++ source type-checked against torch's, SYCL's and Level Zero's
    headers (:func:`inductor_xpu.native.cpp_check.check_cpp_sources`), from
    a temporary copy named as in the output directory."""
    import tempfile

    from inductor_xpu.native.cpp_check import check_cpp_sources

    with tempfile.TemporaryDirectory(prefix="inductor-xpu-cpp-") as tmp:
        paths = []
        for name, text in sources.items():
            path = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(path)
        result = check_cpp_sources(paths)
    # name each file as the output directory does, not by the temporary copy
    result.files = [
        dataclasses.replace(f, name=os.path.relpath(f.name, tmp) if os.path.isabs(f.name) else f.name)
        for f in result.files
    ]
    return result


def _late_error(e: Exception) -> str:
    """An error of a check after the compile, in one line: a native
    error's own message, else the root cause and where it was raised."""
    from inductor_xpu.compile.pipeline import describe_error
    from inductor_xpu.native import NativeError

    return str(e) if isinstance(e, NativeError) else describe_error(e)


class NativeMode(CompileMode):
    """Intel's own compilers on the compile's output, for its target's GPU."""

    name = "native"

    def __init__(self) -> None:
        self._progress: Callable[[str], None] | None = None
        self._progress_always = False
        # a check that could not be done after the compile, in one line
        self.native_error: str | None = None
        self.cpp_check_error: str | None = None

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls() if options.native else None

    def configure(self, plan: CompilePlan) -> None:
        self._progress = plan.progress
        self._progress_always = plan.progress_always

    def compiling(self) -> contextlib.AbstractContextManager[Any]:
        from inductor_xpu.device.simulation.autotune import native_spill_check

        return native_spill_check(enabled=True)  # consulted by max-autotune's choices only

    def after_compile(self, compiled: CompileReport) -> None:
        from inductor_xpu.native import compile_graph_kernels, compile_native
        from inductor_xpu.native.report import KERNELS_FROM_AOT

        if compiled.status != "ok":
            return
        start = time.perf_counter()
        progress = {"progress": self._progress, "progress_always": self._progress_always}
        try:
            # the compile is done: whatever fails now is reported, and its outputs written
            try:
                if compiled.generated:
                    compiled.native = compile_native(
                        [code.source for code in compiled.generated], compiled.target, **progress
                    )
                elif compiled.aot:  # an AOT compile's kernels are in its packages, not in a wrapper module
                    compiled.native = compile_graph_kernels(
                        aot_kernel_sources(compiled), compiled.target, kernels_from=KERNELS_FROM_AOT, **progress
                    )
            except Exception as e:
                log.debug("native compile", exc_info=True)
                self.native_error = _late_error(e)
            cpp = cpp_sources(compiled)
            if cpp:
                try:
                    compiled.cpp_check = type_check_cpp(cpp)
                except Exception as e:
                    log.debug("C++ type-check", exc_info=True)
                    self.cpp_check_error = _late_error(e)
        finally:
            compiled.elapsed_s += time.perf_counter() - start  # the compile's time includes its checks

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        if compiled.native is not None:
            data["native"] = {**compiled.native.to_json(), "lines": compiled.native.summary_lines()}
        elif self.native_error is not None:
            data["native"] = {"passed": False, "verdict": "not done", "error": self.native_error,
                              "lines": [f"native compile: not done: {self.native_error}"]}
        if compiled.cpp_check is not None:
            data["cpp_check"] = compiled.cpp_check.to_json()
        elif self.cpp_check_error is not None:
            data["cpp_check"] = {"passed": False, "error": self.cpp_check_error}

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        lines = []
        if data.get("native") is not None:
            lines += [f"  {line}" for line in data["native"]["lines"]]
        if compiled.cpp_check is not None:
            lines += [f"  {line}" for line in compiled.cpp_check.summary_lines()]
        elif self.cpp_check_error is not None:
            lines.append(f"  C++ type-check: not done: {self.cpp_check_error}")
        return lines
