"""``run_compile``: one ``python -m inductor_xpu compile``, as a function.

Options are checked (:meth:`CompileOptions.validate`), the compile modes
they ask for picked once (:func:`inductor_xpu.modes.registry.select_modes`),
the output directory claimed (:mod:`inductor_xpu.compile.outdir`) and the
program built (:mod:`inductor_xpu.compile.program`) before anything is
compiled; then every mode is called at each stage
(:class:`inductor_xpu.modes.base.CompileMode`: the primary mode compiles,
through the one pipeline, :func:`inductor_xpu.compile.pipeline.compile_for_target`,
and executes), and :mod:`inductor_xpu.compile.report` writes what it
produced, each mode adding its sections.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.compile.execution import RunMonitor, RunTimedOut
from inductor_xpu.compile.options import CompileOptions, CompileUsageError
from inductor_xpu.compile.outdir import OutputDirectory, prepare_out_dir, releasing_out_dirs
from inductor_xpu.compile.program import _a, exit_call, load_program, ScriptError
from inductor_xpu.compile.report import build_report, write_outputs


if TYPE_CHECKING:
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
    :class:`~inductor_xpu.compile.execution.RunMonitor`), as the native
    compile's (``native``).  Raises
    :class:`CompileUsageError` for bad arguments; a refused or failed
    compile is a report with that status."""
    from inductor_xpu.device import get_profile, UnknownProfileError
    from inductor_xpu.modes.base import CompilePlan, ModeRun
    from inductor_xpu.modes.registry import select_modes

    try:
        profile = get_profile(options.target)
    except UnknownProfileError as e:
        raise CompileUsageError(str(e)) from None
    options.validate()
    options = options.resolved()
    modes = select_modes(options)
    primary = modes[0]
    out_dir = options.out_dir(profile.key)
    prepare_out_dir(out_dir)  # before the program is built and compiled
    out = OutputDirectory(out_dir)
    out.claim(force=options.force, aot=options.aot)
    for mode in modes:
        mode.check_target(profile)
    program = load_program(options)
    for mode in modes:
        mode.check_program(program)
    # --run: record which real value each graph input is, and for a training
    # step how its graphs connect (changes no generated text)
    capture = primary.capture() if options.run else None
    plan = CompilePlan(
        inductor_config={
            "freezing": False,
            **(RUN_INDUCTOR_CONFIG if options.run else {}),
            **(capture.inductor_config() if capture else {}),
        },
        dynamic=options.dynamic or None,
        amp_dtype=options.amp_dtype,
        aot_staging=out.aot_staging,  # write_outputs writes them under DIR/aot
        progress=progress,
        progress_always=progress_always,
    )
    for mode in modes:
        mode.configure(plan)
    with _user_exit_reported(options, "compiled"), contextlib.ExitStack() as stack:
        for mode in modes:
            stack.enter_context(mode.compiling())
        compiled = primary.compile(program, profile, plan)
    compiled.modes = modes
    for mode in modes:
        mode.after_compile(compiled)
    if compiled.status == "ok" and not compiled.generated and not compiled.aot:
        # a compile that made no graph is no success (--run would say "0 graphs ... FAIL")
        compiled.status = "failed"
        compiled.exception = compiled.error = _nothing_compiled(program.module, compiled.result)
    if capture is not None and compiled.status == "ok":
        # the compile made program.module's parameters fake: execute on a fresh build
        run = ModeRun(capture, load_program(options))
        monitor = RunMonitor(timeout=options.run_timeout, progress=progress, always=progress_always)
        with _user_exit_reported(options, "executed"):
            try:
                with monitor.watching():
                    primary.execute(compiled, run)
            except RunTimedOut:
                # the graphs that finished, the one stopped, the rest not executed
                compiled.execution = monitor.timed_out_results(primary.graph_names(compiled))
    data = build_report(
        options,
        profile,
        program.description,
        compiled,
        adjustments=plan.adjustments,
        inductor_config={
            "freezing": bool(plan.inductor_config.get("freezing")),
            **{k: True for k in plan.adjustments},
            **plan.compile_options,
            **(RUN_INDUCTOR_CONFIG if options.run else {}),
        },
    )
    compiled.out_dir = out_dir
    compiled.files = write_outputs(out, compiled, data)
    compiled.data = data
    return compiled
