"""``python -m inductor_xpu compile``: the command line.

Parses the flags into :class:`~inductor_xpu.compile.options.CompileOptions`,
runs :func:`~inductor_xpu.compile.command.run_compile` and maps what comes
back to output and an exit status: 0 compiled; 1 the compile failed (with
``--run``: or the verdict is not PASS: the executed code differs from
eager, a graph could not be checked, or ``--run-timeout`` stopped it; or
its outputs could not be written, a disk full: one line naming the file); 2
bad arguments (:class:`CompileUsageError`, one line on stderr); 3 refused
by the simulation (e.g. training where the autograd shim cannot be
built); 130 interrupted (Ctrl-C, one line on stderr); 143 terminated
(SIGTERM, handled as an interrupt: one line on stderr, no child process or
temporary file of the run left behind).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

from inductor_xpu.compile.options import (
    CompileOptions,
    CompileUsageError,
    DTYPE_CHOICES,
    MAX_WORLD_SIZE,
    OPTIMIZER_CHOICES,
)
from inductor_xpu.compile.outdir import OutputWriteError
from inductor_xpu.modes.distributed import STRATEGIES
from inductor_xpu.modes.int8 import QUANT_MODES


__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "add_compile_parser",
    "exit_status",
    "main_compile",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_REFUSED = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports it
EXIT_TERMINATED = 143  # 128 + SIGTERM


def exit_status(status: str) -> int:
    """The exit status of a compile that ended with ``status``."""
    return {"ok": EXIT_OK, "refused": EXIT_REFUSED}.get(status, EXIT_FAILED)


def add_compile_parser(sub: Any) -> argparse.ArgumentParser:
    from inductor_xpu.builtin_models import BUILTIN_MODELS

    p = sub.add_parser(
        "compile",
        help="generate Inductor's xpu code for a model on a simulated Intel GPU (no device needed)",
        description="Compile a model with Inductor for a simulated Intel GPU (fake xpu tensors; "
        "nothing runs) and write each graph's generated code and a report.",
        epilog="exit status: 0 compiled (with --run: and every graph executed and matched eager), "
        "1 the compile failed (with --run: or a graph differs from eager, could not execute or timed out), "
        "2 bad arguments, 3 refused by the simulation "
        "(e.g. --train without the autograd shim: see docs/hardware_less_codegen.md), "
        "130 interrupted, 143 terminated (SIGTERM) (DIR keeps the outputs of the last run that finished)",
    )
    p.add_argument("--target", default="max1550", help="device profile (default: max1550); see inductor_xpu.device")
    program = p.add_mutually_exclusive_group()
    program.add_argument(
        "--model",
        metavar="NAME",
        help=f"built-in model: {', '.join(BUILTIN_MODELS)} (default: demo)",
    )
    program.add_argument(
        "--script",
        metavar="PATH:FUNC",
        help="FUNC() in the file PATH returns (module, example_inputs) built on CPU",
    )
    # The choices are the library's, checked once by CompileOptions.validate.
    p.add_argument(
        "--dtype",
        metavar="{" + ",".join(DTYPE_CHOICES) + "}",
        default="fp32",
        help="convert module and inputs; amp_bf16: fp32 module, forward under torch.autocast(bf16)",
    )
    p.add_argument("--freezing", action="store_true", help="torch._inductor.config.freezing = True")
    p.add_argument("--dynamic", action="store_true", help="torch.compile(dynamic=True)")
    p.add_argument(
        "--train",
        action="store_true",
        help="compile a training step: forward, backward (and --optimizer's step); report.json marks each graph",
    )
    p.add_argument(
        "--optimizer",
        metavar="{" + ",".join(OPTIMIZER_CHOICES) + "}",
        help="with --train: also compile this optimizer's step",
    )
    p.add_argument(
        "--distributed",
        metavar="{" + ",".join(STRATEGIES) + "}",
        help="with --train: the step of the program laid out over a fake process group of --world-size ranks "
        "(fsdp2: parameters sharded per block and at the root; ddp: replicated); report.json's distributed "
        "section lists each graph's collectives and the communication passes that ran",
    )
    p.add_argument(
        "--world-size",
        type=int,
        metavar="N",
        help=f"with --distributed: ranks of the fake process group (default: 4, at most {MAX_WORLD_SIZE})",
    )
    p.add_argument(
        "--aot",
        action="store_true",
        help="AOTInductor package sources (wrapper .cpp, Triton kernels, metadata) under DIR/aot; not compiled",
    )
    p.add_argument(
        "--cpp-wrapper",
        action="store_true",
        help="Inductor's C++ wrapper: output_code_<n>.cpp beside its .py; generated, not compiled",
    )
    p.add_argument(
        "--quant",
        metavar="{" + ",".join(QUANT_MODES) + "}",
        help="PT2E INT8 with torchao's XPUInductorQuantizer, calibrated on CPU; implies --freezing "
        "(int8: static activation scales; int8-dynamic: per-batch)",
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help="output directory (default: out/compile-<target>); a later run removes only the files "
        "an earlier one wrote there and nobody changed since (listed in DIR/inductor-xpu-manifest.json, "
        "with their hashes), after writing its own; one run at a time",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="write into DIR although it holds report.json or output_code_* files this tool did not write "
        "(they are replaced); nothing it did not write is removed",
    )
    p.add_argument(
        "--run",
        action="store_true",
        help="after generating, execute each graph's code on CPU (Triton kernels in Triton's interpreter, "
        "extern calls on CPU kernels) on the real weights and inputs, and compare with eager; "
        "with --train the forward, backward and optimizer step against eager autograd; "
        "not yet with --aot, --cpp-wrapper, --distributed, or --dtype amp_bf16 without --train; "
        "compiles with fallback_random=True, so random ops are compared; progress on stderr once a run "
        "takes more than 2 s (on a terminal: from the start)",
    )
    p.add_argument(
        "--run-timeout",
        type=float,
        metavar="SECONDS",
        help="with --run: stop executing after SECONDS (> 0, at most 604800: 7 days); the graph executing is "
        "'timed out after SECONDS s' (verdict TIMED OUT, exit status 1), the compile's outputs are written",
    )
    p.add_argument(
        "--max-autotune",
        action="store_true",
        help="torch._inductor.config.max_autotune = True: the Triton GEMM/conv templates, one chosen per op by a "
        "fixed rule (the first template config of the device's heuristics; nothing is benchmarked), recorded "
        "in report.json's autotune",
    )
    p.add_argument(
        "--native",
        action="store_true",
        help="after generating, compile every Triton kernel with Intel's Triton XPU backend to SPIR-V and with "
        "IGC (ocloc) to native ISA for the target's GPU, no GPU needed (make native-env installs them): per "
        "kernel status, GRF, SIMD width, instructions, dpas, sends and spill bytes in report.json's native "
        "(with --aot: the AOTInductor packages' kernels); exit status 1 when a kernel fails to compile (not for "
        "a toolchain gap: a kernel IGC rejects only for its tl.device_assert); progress on stderr when it takes "
        "more than 5 s",
    )
    p.add_argument("--json", action="store_true", help="print report.json instead of the summary")
    p.set_defaults(func=main_compile)
    return p


class _DropMetaFailures(logging.Filter):
    """FakeTensorMode logs an op whose meta function raised (a wrong input
    shape: "failed while attempting to run meta for aten.mm.default") with
    its traceback, ``E…`` lines, before the error is raised; the summary
    names that error (and its root cause) once."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("failed while attempting to run meta for")


@contextlib.contextmanager
def _meta_failures_reported_once() -> Iterator[None]:
    logger = logging.getLogger("torch._subclasses.fake_tensor")
    drop = _DropMetaFailures()
    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)


@contextlib.contextmanager
def _terminate_as_interrupt(received: list[int]) -> Iterator[None]:
    """SIGTERM ends the run as Ctrl-C does (``KeyboardInterrupt``, through
    SIGINT's handler where Python has one, so the output directory's commit
    holds it back too: :mod:`inductor_xpu.compile.outdir`): what the run
    started is stopped and its temporary files removed (the native compile's
    workers, ocloc, g++), the output directory released.  ``received`` gets
    the signal."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_sigterm(signum: int, frame: Any) -> None:
        received.append(signum)
        if callable(signal.getsignal(signal.SIGINT)):
            signal.raise_signal(signal.SIGINT)
        else:  # SIGINT ignored (a background job): raised here
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _progress_line(line: str) -> None:
    """``--run``'s progress: a line on stderr."""
    from inductor_xpu.compile.report import terminal_text

    print(terminal_text(line), file=sys.stderr, flush=True)


def main_compile(args: argparse.Namespace) -> int:
    from inductor_xpu.compile.command import run_compile
    from inductor_xpu.compile.report import format_summary, terminal_text

    options = CompileOptions(
        target=args.target,
        model=args.model,
        script=args.script,
        dtype=args.dtype,
        freezing=args.freezing,
        train=args.train,
        cpp_wrapper=args.cpp_wrapper,
        dynamic=args.dynamic,
        quant=args.quant,
        optimizer=args.optimizer,
        aot=args.aot,
        out=args.out,
        force=args.force,
        run=args.run,
        run_timeout=args.run_timeout,
        distributed=args.distributed,
        world_size=args.world_size,
        max_autotune=args.max_autotune,
        native=args.native,
    )
    terminated: list[int] = []
    try:
        with _terminate_as_interrupt(terminated), _meta_failures_reported_once():
            report = run_compile(options, progress=_progress_line, progress_always=sys.stderr.isatty())
    except CompileUsageError as e:
        print(terminal_text(f"compile: {e}"), file=sys.stderr)
        return EXIT_USAGE
    except OutputWriteError as e:  # a disk full, an I/O error: not a bad argument
        print(terminal_text(f"compile: {e}"), file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        # nothing in --out changes before the outputs are written, at once
        # (inductor_xpu.compile.outdir): the last finished run's outputs stay
        how = "terminated (SIGTERM)" if terminated else "interrupted"
        print(f"compile: {how}; --out keeps the outputs of the last run that finished", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    if args.json:
        print(json.dumps(report.data, indent=2, default=str))
    else:
        print(format_summary(report))
    if report.status == "ok":
        # each check's verdict: the execution (every graph's and, for an INT8
        # plan, its agreements), the native compile (a kernel Intel's
        # compilers rejected, a GPU this IGC does not know), the C++ type-check
        for section in ("execution", "native", "cpp_check"):
            checked = (report.data or {}).get(section)
            if checked is not None and not checked["passed"]:
                return EXIT_FAILED
    return exit_status(report.status)
