"""What a ``--codegen-only`` run records for one model: its row
(:class:`CodegenResult`), filled by :func:`suite_lib.codegen.run_codegen_only`
and, with ``--run``, its execution fields by
:func:`suite_lib.execution.execute_generated`."""

from __future__ import annotations

import dataclasses
from typing import Any

from suite_lib.plan import PlanStats
from suite_lib.stats import CompileStats


@dataclasses.dataclass
class CodegenResult:
    """One model's row: the codegen status, what the simulation generated
    and, with ``--run``, the execution's verdict (:meth:`as_dict`: the
    row as written)."""

    status: str
    detail: str = ""
    target: str = ""
    stats: CompileStats | None = None
    # Bytes the generated kernels move and FLOPs of the extern calls
    # (suite_lib.plan), for plan parity between targets.
    plan: PlanStats | None = None
    # From the simulation: wrapper modules generated, Triton kernels they
    # define, and torch.xpu calls made while compiling (device-biased code).
    wrappers: int = 0
    triton_kernels: int = 0
    device_queries: list[str] = dataclasses.field(default_factory=list)
    # From the sanitizer: torch.cuda uses while compiling (None: not
    # recorded), per package, and the torch._inductor callers.
    cuda_calls: int | None = None
    cuda_calls_by_package: dict[str, int] = dataclasses.field(default_factory=dict)
    cuda_inductor_sites: list[str] = dataclasses.field(default_factory=list)
    # Seconds: the eager check, and code generation (Dynamo to wrapper).
    eager_time: float | None = None
    codegen_time: float | None = None
    # The generated wrapper modules, in order (not in the row: it has the counts).
    sources: list[str] = dataclasses.field(default_factory=list, repr=False)
    # Per wrapper: the real values of its constants, where the simulation
    # recorded them (GeneratedCode.constants; frozen programs), for --run.
    constants: list[Any] = dataclasses.field(default_factory=list, repr=False)
    # --run (suite_lib.execution): the generated program executed on CPU and
    # compared with eager.  execution: None (not run), or a verdict of
    # suite_lib.execution.VERDICTS; errors over all compared outputs (fp32),
    # the lowest cosine; graphs that ran and that cannot execute (with the
    # named statuses); Triton kernel launches; extern ops and the ops run as
    # a reference implementation, with counts; libdevice calls in the
    # generated code, with counts; seconds executing (eager included).
    execution: str | None = None
    execution_detail: str = ""
    # the plan verdict (inductor_xpu.execution.plan_verdict; fp16/bf16: the
    # precision-lifted run): suite_lib.execution.PLAN_VERDICTS, and the
    # outputs that fail it
    exec_plan: str | None = None
    exec_plan_detail: str = ""
    exec_tolerance: float | None = None
    exec_max_abs_err: float | None = None
    exec_max_rel_err: float | None = None
    exec_cosine: float | None = None
    # the largest |value| of the executed outputs: an error (and the suite's
    # check, whose absolute tolerance is the tolerance) reads against it
    exec_out_max_abs: float | None = None
    graphs_ran: int | None = None
    graphs_cannot_execute: int | None = None
    cannot_execute: list[str] = dataclasses.field(default_factory=list)
    kernels_launched: int | None = None
    # launches with coarsened blocks (--run-min-block-elements)
    kernels_coarsened: int | None = None
    extern_ops: dict[str, int] = dataclasses.field(default_factory=dict)
    references: dict[str, int] = dataclasses.field(default_factory=dict)
    libdevice: dict[str, int] = dataclasses.field(default_factory=dict)
    exec_time: float | None = None
    # max-autotune: each selection's choice (AutotuneChoice.to_json), with the
    # template choices the native spill check skipped where it was on
    autotune: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # with the native spill check: each fusion into a template judged by the
    # fused kernel's spills (TemplateFusion.to_json)
    template_fusions: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    @property
    def cuda_calls_inductor(self) -> int | None:
        if self.cuda_calls is None:
            return None
        return self.cuda_calls_by_package.get("torch._inductor", 0)

    def as_dict(self) -> dict[str, Any]:
        row = {
            "status": self.status,
            "detail": self.detail,
            "target": self.target,
            "compile_stats": self.stats.as_dict() if self.stats else None,
            "plan": self.plan.as_dict() if self.plan else None,
            "wrappers": self.wrappers,
            "triton_kernels": self.triton_kernels,
            "device_queries": self.device_queries,
            "cuda_calls": self.cuda_calls,
            "cuda_calls_inductor": self.cuda_calls_inductor,
            "cuda_calls_by_package": self.cuda_calls_by_package,
            "cuda_inductor_sites": self.cuda_inductor_sites,
            "eager_time": self.eager_time,
            "codegen_time": self.codegen_time,
        }
        if self.autotune:
            row["autotune"] = self.autotune
        if self.template_fusions:
            row["template_fusions"] = self.template_fusions
        if self.execution is not None:
            row.update(
                execution=self.execution,
                execution_detail=self.execution_detail,
                exec_plan=self.exec_plan,
                exec_plan_detail=self.exec_plan_detail,
                exec_tolerance=self.exec_tolerance,
                exec_max_abs_err=self.exec_max_abs_err,
                exec_max_rel_err=self.exec_max_rel_err,
                exec_cosine=self.exec_cosine,
                exec_out_max_abs=self.exec_out_max_abs,
                graphs_ran=self.graphs_ran,
                graphs_cannot_execute=self.graphs_cannot_execute,
                cannot_execute=self.cannot_execute,
                kernels_launched=self.kernels_launched,
                kernels_coarsened=self.kernels_coarsened,
                extern_ops=self.extern_ops,
                references=self.references,
                libdevice=self.libdevice,
                exec_time=self.exec_time,
            )
        return row
