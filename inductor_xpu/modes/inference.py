"""Inference: one call of the program compiled (the default mode), its
generated programs executed on CPU against eager with ``--run``."""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from inductor_xpu.modes.base import CompileMode, CompilePlan, ModeRun


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport
    from inductor_xpu.compile.program import Program
    from inductor_xpu.device.profile import DeviceProfile


class InferenceMode(CompileMode):
    """The program's call compiled once, under ``torch.no_grad()``
    (:func:`~inductor_xpu.compile.pipeline.compile_for_target`'s default
    step, or the plan's: an AOTInductor export)."""

    name = "inference"
    primary = True

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return None if options.train or options.quant else cls()

    def compile(self, program: Program, profile: DeviceProfile, plan: CompilePlan) -> CompileReport:
        from inductor_xpu.compile.pipeline import compile_for_target

        return compile_for_target(program.module, program.args, program.kwargs, profile, plan.target_options())

    def capture(self) -> Any:
        from inductor_xpu.execution import capture_graph_inputs

        return capture_graph_inputs()

    def execute(self, compiled: CompileReport, run: ModeRun) -> None:
        from inductor_xpu.compile.execution import execute_compiled

        execute_compiled(compiled, run.capture, run.real.module, run.real.args, run.real.kwargs)

    def flags(self) -> list[str]:
        return ["inference"]
