"""The interface of a compile mode: :class:`CompileMode`, and the
:class:`CompilePlan` the modes fill.

A compile mode is one way of compiling a program that the ``compile``
command offers (inference, freezing, training, INT8, distributed,
AOTInductor, the C++ wrapper, max-autotune, the native compile).  The
command picks its modes once (:func:`inductor_xpu.modes.registry.select_modes`)
and calls every mode at each stage of a compile, in this order:

1. :meth:`~CompileMode.check_target`: refuse what the target cannot do,
   before the program is built;
2. :meth:`~CompileMode.check_program`: refuse what the program cannot do,
   before it is compiled;
3. :meth:`~CompileMode.configure`: what the mode adds to the compile (the
   :class:`CompilePlan`: Inductor options, ``torch.compile`` options, the
   step compiled in the simulation, what the simulation adjusts);
4. :meth:`~CompileMode.compiling`: a context the compile runs in;
5. :meth:`~CompileMode.compile`: the compile itself, by the one mode that
   owns it (the *primary* mode: inference, training, INT8 or distributed,
   exactly one per compile; ``primary`` is True);
6. :meth:`~CompileMode.after_compile`: what the mode takes or checks of the
   compile's output (AOTInductor's packages, the native compile, the C++
   type-check);
7. :meth:`~CompileMode.execute` (``--run``, primary mode): the generated
   program executed on CPU and checked; :meth:`~CompileMode.graph_names`
   names its graphs;
8. :meth:`~CompileMode.add_to_report` and
   :meth:`~CompileMode.summary_lines`: its report.json sections and its
   lines of the summary, read back from report.json.

Every hook does nothing by default, so a mode is only what is its own.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TYPE_CHECKING

from inductor_xpu.compile.options import CompileOptions, CompileUsageError


if TYPE_CHECKING:
    import torch

    from inductor_xpu.compile.pipeline import CompileReport, Step, TargetOptions
    from inductor_xpu.compile.program import Program
    from inductor_xpu.device.profile import DeviceProfile


__all__ = ["CompileMode", "CompilePlan", "CompileUsageError", "ModeRun"]


@dataclasses.dataclass
class CompilePlan:
    """How the primary mode compiles, as the modes configured it.

    ``inductor_config``: Inductor's options in the simulation;
    ``compile_options``: ``torch.compile(options=...)``; ``dynamic``,
    ``amp_dtype``: of the compiled call; ``step``: what the simulation
    compiles instead of one inference call (an AOTInductor export);
    ``adjustments``: what the simulation adds to Inductor's options, with
    why (report.json's ``simulation_adjustments``); ``aot_staging``: makes
    the directory where AOTInductor package sources are staged (the output
    directory's, which writes them under ``aot/``); ``progress``, where
    given, takes the lines of a long step's progress (the command writes
    them to stderr), from the start with ``progress_always`` (a terminal)."""

    inductor_config: dict[str, Any] = dataclasses.field(default_factory=dict)
    compile_options: dict[str, Any] = dataclasses.field(default_factory=dict)
    dynamic: bool | None = None
    amp_dtype: torch.dtype | None = None
    step: Step | None = None
    adjustments: dict[str, str] = dataclasses.field(default_factory=dict)
    aot_staging: Callable[[], str] | None = None
    progress: Callable[[str], None] | None = None
    progress_always: bool = False

    def target_options(self) -> TargetOptions:
        """The pipeline's options for this plan
        (:func:`inductor_xpu.compile.pipeline.compile_for_target`)."""
        from inductor_xpu.compile.pipeline import TargetOptions

        return TargetOptions(
            inductor_config=dict(self.inductor_config),
            compile_options=dict(self.compile_options),
            dynamic=self.dynamic,
            amp_dtype=self.amp_dtype,
            step=self.step,
            record_cuda=True,
        )


@dataclasses.dataclass
class ModeRun:
    """What the command gives a mode's :meth:`~CompileMode.execute`: the
    graph inputs ``capture`` recorded while compiling, and a fresh build of
    the program (``real``: the compile made the first build's parameters
    fake)."""

    capture: Any
    real: Program


class CompileMode:
    """One compile mode (see the module's docstring for the stages).
    ``name``: how the summary's first line and report.json call it."""

    name: ClassVar[str]
    primary: ClassVar[bool] = False

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        """This mode for ``options``, or None where they do not ask for it.
        Raises :class:`CompileUsageError` for a value of the mode's own
        flag outside its choices."""
        raise NotImplementedError

    def check_target(self, profile: DeviceProfile) -> None:
        """Raise :class:`CompileUsageError` where ``profile`` cannot be
        compiled for in this mode."""

    def check_program(self, program: Program) -> None:
        """Raise :class:`CompileUsageError` where ``program`` cannot be
        compiled in this mode."""

    def configure(self, plan: CompilePlan) -> None:
        """Add what this mode needs to ``plan``."""

    def compiling(self) -> contextlib.AbstractContextManager[Any]:
        """A context the compile runs in."""
        return contextlib.nullcontext()

    def capture(self) -> Any:
        """``--run`` (primary mode): what records each graph's inputs while
        compiling, with the Inductor options it needs
        (``capture.inductor_config()``)."""
        raise NotImplementedError(f"{self.name} mode does not execute")

    def compile(self, program: Program, profile: DeviceProfile, plan: CompilePlan) -> CompileReport:
        """The compile of ``program`` for ``profile`` (primary mode)."""
        raise NotImplementedError(f"{self.name} mode does not compile")

    def execute(self, compiled: CompileReport, run: ModeRun) -> None:
        """``--run`` (primary mode): execute ``compiled``'s programs on CPU
        and keep the results in its ``execution``."""
        raise NotImplementedError(f"{self.name} mode does not execute")

    def graph_names(self, compiled: CompileReport) -> list[str]:
        """Each generated graph's name in the execution's results."""
        return [str(i) for i in range(len(compiled.generated))]

    def after_compile(self, compiled: CompileReport) -> None:
        """Take or check what the compile produced (before ``--run``),
        keeping it in ``compiled``."""

    def flags(self) -> list[str]:
        """The words of the summary's first line for this mode."""
        return []

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        """Add this mode's sections to report.json's contents (``data``)."""

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        """This mode's lines of the summary, from report.json (``data``)."""
        return []
