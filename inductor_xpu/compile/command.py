"""``run_compile``: one ``python -m inductor_xpu compile``, as a function.

Options are checked (:meth:`CompileOptions.validate`), the output directory
claimed (:mod:`inductor_xpu.compile.outdir`) and the program built
(:mod:`inductor_xpu.compile.program`) before anything is compiled; then the
one pipeline (:func:`inductor_xpu.compile.pipeline.compile_for_target`) compiles it
and :mod:`inductor_xpu.compile.report` writes what it produced.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.compile.execution import execute_compiled, RunMonitor, RunTimedOut
from inductor_xpu.compile.options import CompileOptions, CompileUsageError
from inductor_xpu.compile.outdir import OutputDirectory, prepare_out_dir, releasing_out_dirs
from inductor_xpu.compile.program import _a, exit_call, load_program, ScriptError
from inductor_xpu.compile.report import build_report, write_outputs


if TYPE_CHECKING:
    from inductor_xpu.compile.program import Program
    from inductor_xpu.native import NativeResult
    from inductor_xpu.native.cpp_check import CppCheckResult
    from inductor_xpu.compile.pipeline import TargetOptions
    from inductor_xpu.device import DeviceProfile
    from inductor_xpu.compile.pipeline import CompileReport


__all__ = ["NothingCompiled", "RUN_INDUCTOR_CONFIG", "run_compile"]

# What --run sets in Inductor's config: random ops (dropout, torch.rand) call
# the ATen op eager calls, drawing from the CPU generator seeded as eager is,
# instead of Inductor's own Philox generator, which eager cannot reproduce;
# so they are compared.  A program without random ops compiles to the same
# text as without --run.
RUN_INDUCTOR_CONFIG: dict[str, Any] = {"fallback_random": True}


class NothingCompiled(RuntimeError):
    """The compile generated no graph: the program made no tensor
    computation (a compile with that error has status ``failed``)."""


def _nothing_compiled(module: Any, result: Any) -> NothingCompiled:
    """Why the program ``module`` gave Inductor nothing to compile, from what
    it returned (``result``: the compile's ``CompileResult``, whose
    ``outputs`` the program returned on the fake tensors)."""
    from inductor_xpu.device.simulation.results import CompileResult

    if isinstance(result, CompileResult):
        result = result.outputs
    if isinstance(module, torch.nn.Module):
        name = f"{type(module).__name__}.forward"
    else:
        name = getattr(module, "__name__", None) or type(module).__name__
    if result is None:
        why = "returned None (no tensor computation to compile)"
    elif any(isinstance(t, torch.Tensor) for t in torch.utils._pytree.tree_leaves(result)):
        why = "made no tensor computation (it returned tensors without computing on them: its inputs or constants)"
    else:
        why = f"made no tensor computation (it returned {_a(type(result).__name__)})"
    return NothingCompiled(f"nothing was compiled: {name} {why}")


@contextlib.contextmanager
def _user_exit_reported(options: CompileOptions, doing: str) -> Iterator[None]:
    """A ``sys.exit()`` in the user's program while it is ``doing`` (compiled,
    executed) is a :class:`ScriptError` naming the script and function: it
    would otherwise end the command silently, with its exit status."""
    try:
        yield
    except SystemExit as e:
        if options.script:
            path, _, func = options.script.rpartition(":")
            raise ScriptError(
                f"--script: the program {func}() in {path} returns called {exit_call(e)} while it was {doing}"
            ) from None
        raise ScriptError(f"{options.program_name}: the program called {exit_call(e)} while it was {doing}") from None


def _compile_native(compiled: CompileReport, profile: str) -> NativeResult:
    """Every Triton kernel of the generated wrappers through Intel's Triton
    XPU backend and IGC for ``profile``'s GPU (:func:`inductor_xpu.native.compile_native`)."""
    from inductor_xpu.native import compile_native, NativeError

    try:
        return compile_native([code.source for code in compiled.generated], profile)
    except NativeError as e:  # the toolchain was checked before compiling; what is left is one line
        raise CompileUsageError(f"--native: {e}") from None


def _cpp_sources(compiled: CompileReport) -> dict[str, str]:
    """The C++ a compile generated, by the name it is written under in the
    output directory: the C++ wrappers (``--cpp-wrapper``) and the
    AOTInductor packages' wrapper and kernel sources (``--aot``)."""
    from inductor_xpu.compile.outdir import AOT_SUBDIR

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


def _type_check_cpp(sources: dict[str, str]) -> CppCheckResult:
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


def _execute_int8(options: CompileOptions, compiled: CompileReport, capture: Any, real: Any) -> None:
    """Execute an INT8 plan: against its PT2E program (the fresh build
    quantized again, with the same calibration: the same int8 weights and
    scales), then the outputs against CPU INT8 and the float model."""
    from inductor_xpu.modes.int8 import int8_agreements, quantize

    dynamic = options.dynamic_quant
    quantized = quantize(real.module, real.args, real.kwargs, device="xpu", dynamic=dynamic)
    results = execute_compiled(compiled, capture, quantized, real.args, real.kwargs)
    if len(results) == 1 and results[0].passed and results[0].outputs is not None:
        compiled.int8_agreements = int8_agreements(
            results[0].outputs, real.module, real.args, real.kwargs, dynamic=dynamic
        )


def _execute_training(options: CompileOptions, compiled: CompileReport, capture: Any, real: Any) -> None:
    """Execute a training step (forward, backward, optimizer step) against
    eager autograd (:func:`~inductor_xpu.execution.training.execute_training`);
    its graphs' results are the report's ``execution``."""
    from inductor_xpu.execution.training import execute_training

    result = execute_training(
        real.module,
        real.args,
        [code.source for code in compiled.generated],
        compiled.phases,
        capture,
        kwargs=real.kwargs,
        optimizer=options.optimizer,
        amp_dtype=options.amp_dtype,
    )
    compiled.execution = result.graphs


def _graph_names(options: CompileOptions, compiled: CompileReport) -> list[str]:
    """Each generated graph's name in the execution's results (a training
    step's with its phase)."""
    if options.train:
        return [f"{i} ({phase})" for i, phase in enumerate(compiled.phases)]
    return [str(i) for i in range(len(compiled.generated))]


def _compile(
    options: CompileOptions, program: Program, profile: DeviceProfile, target_options: TargetOptions
) -> CompileReport:
    """The compile of ``program`` for ``profile``: PT2E INT8, distributed or
    the one pipeline (:func:`~inductor_xpu.compile.pipeline.compile_for_target`)."""
    from inductor_xpu.compile.pipeline import compile_for_target

    if options.quant:
        # PT2E INT8 (inductor_xpu.modes.int8): quantized and calibrated on CPU, then faked
        from inductor_xpu.modes.int8 import compile_quantized, QuantUnavailableError

        module = program.module
        assert isinstance(module, torch.nn.Module)  # refused above otherwise
        try:
            compiled = compile_quantized(
                module,
                program.args,
                program.kwargs,
                profile,
                target_options,
                dynamic=options.dynamic_quant,
            )
        except QuantUnavailableError as e:
            raise CompileUsageError(f"--quant needs {e.requirement}" if e.requirement else str(e)) from None
    elif options.distributed:
        from inductor_xpu.modes.distributed import (
            compile_distributed,
            DEFAULT_WORLD_SIZE,
            DistributedOptions,
            DistributedSetupError,
        )

        try:
            compiled = compile_distributed(
                program.module,
                program.args,
                program.kwargs,
                profile,
                target_options,
                DistributedOptions(options.distributed, options.world_size or DEFAULT_WORLD_SIZE),
            )
        except DistributedSetupError as e:
            raise CompileUsageError(f"--distributed: {e}") from None
    else:
        compiled = compile_for_target(program.module, program.args, program.kwargs, profile, target_options)
    return compiled


@releasing_out_dirs  # the output directory's lock and staging directory, however the run ends
def run_compile(
    options: CompileOptions,
    *,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> CompileReport:
    """Compile ``options``' program for the simulated target and write
    ``output_code_<n>.py`` and ``report.json`` under the output directory
    (the report's ``out_dir``, ``files`` and ``data``); with ``run``, each
    graph executed on CPU against eager (the report's ``execution``), within
    ``run_timeout`` seconds, its progress as lines to ``progress`` once it
    takes a while (from the start with ``progress_always``: a terminal;
    :class:`~inductor_xpu.compile.execution.RunMonitor`).  Raises
    :class:`CompileUsageError` for bad arguments; a refused or failed
    compile is a report with that status."""
    from inductor_xpu.compile.pipeline import TargetOptions
    from inductor_xpu.device import get_profile, UnknownProfileError
    from inductor_xpu.execution import capture_graph_inputs
    from inductor_xpu.execution.training import TrainingCapture
    from inductor_xpu.device.simulation import FREEZING_ADJUSTMENT
    from inductor_xpu.device.simulation.autotune import native_spill_check

    try:
        profile = get_profile(options.target)
    except UnknownProfileError as e:
        raise CompileUsageError(str(e)) from None
    options.validate()
    out_dir = options.out_dir(profile.key)
    prepare_out_dir(out_dir)  # before the program is built and compiled
    out = OutputDirectory(out_dir)
    out.claim(force=options.force, aot=options.aot)
    if options.quant and profile.device_type != "xpu":
        raise CompileUsageError(
            f"--quant: the PT2E INT8 flow is for xpu targets; {profile.key} simulates {profile.device_type}"
        )
    program = load_program(options)
    if options.quant:
        if not isinstance(program.module, torch.nn.Module):
            raise CompileUsageError("--quant quantizes an nn.Module for inference (no --train)")
        options = dataclasses.replace(options, freezing=True)  # PT2E INT8 compiles with freezing

    # What simulate() adds to the Inductor options (under freezing), reported.
    adjustments: dict[str, str] = dict(FREEZING_ADJUSTMENT) if options.freezing else {}
    # Per-compile options (torch.compile(options=...)): the simulation sees
    # them where Inductor uses them, and refuses there what it cannot do.
    compile_options: dict[str, Any] = {"cpp_wrapper": True} if options.cpp_wrapper else {}
    # --run: record which real value each graph input is, and for a training
    # step how its graphs connect (changes no generated text)
    capture: Any = None
    if options.run:
        capture = TrainingCapture() if options.train else capture_graph_inputs()
    inductor_config: dict[str, Any] = {"freezing": options.freezing}
    if options.run:
        inductor_config.update(RUN_INDUCTOR_CONFIG)
    if options.max_autotune:
        inductor_config["max_autotune"] = True
    target_options = TargetOptions(
        inductor_config={**inductor_config, **(capture.inductor_config() if capture else {})},
        compile_options=compile_options,
        dynamic=options.dynamic or None,
        amp_dtype=options.amp_dtype,
        train=options.train,
        optimizer=options.optimizer,
        aot_dir=out.aot_staging() if options.aot else None,  # write_outputs writes them under DIR/aot
        record_cuda=True,
    )
    # --native --max-autotune: a template config whose native compile spills
    # is skipped, as a device's autotuning would (simulation/autotune.py)
    spill_check = (
        native_spill_check(enabled=True) if options.native and options.max_autotune else contextlib.nullcontext()
    )
    with _user_exit_reported(options, "compiled"), spill_check:
        compiled = _compile(options, program, profile, target_options)
    if compiled.status == "ok" and not compiled.generated and not compiled.aot:
        # a compile that made no graph is no success (--run would say "0 graphs ... FAIL")
        compiled.status = "failed"
        compiled.exception = compiled.error = _nothing_compiled(program.module, compiled.result)
    if capture is not None and compiled.status == "ok":
        # the compile made program.module's parameters fake: execute on a fresh build
        real = load_program(options)
        monitor = RunMonitor(timeout=options.run_timeout, progress=progress, always=progress_always)
        with _user_exit_reported(options, "executed"):
            try:
                with monitor.watching():
                    if options.quant:
                        _execute_int8(options, compiled, capture, real)
                    elif options.train:
                        _execute_training(options, compiled, capture, real)
                    else:
                        execute_compiled(compiled, capture, real.module, real.args, real.kwargs)
            except RunTimedOut:
                # the graphs that finished, the one stopped, the rest not executed
                compiled.execution = monitor.timed_out_results(_graph_names(options, compiled))
                compiled.int8_agreements = []
    if options.native and compiled.status == "ok":
        if compiled.generated:  # an AOT compile's kernels are in its package (not compiled natively yet)
            compiled.native = _compile_native(compiled, profile.key)
        cpp = _cpp_sources(compiled)
        if cpp:
            compiled.cpp_check = _type_check_cpp(cpp)
    data = build_report(
        options,
        profile,
        program.description,
        compiled,
        adjustments=adjustments,
        inductor_config={
            "freezing": options.freezing,
            **{k: True for k in adjustments},
            **compile_options,
            **(RUN_INDUCTOR_CONFIG if options.run else {}),
        },
    )
    compiled.out_dir = out_dir
    compiled.files = write_outputs(out, compiled, data)
    compiled.data = data
    return compiled
