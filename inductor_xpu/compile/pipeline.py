"""Compile a program for a target and report: the one pipeline.

:func:`compile_for_target` moves a CPU program and its inputs to fake
tensors of a simulated device (:func:`~inductor_xpu.device.simulate`, which
owns the simulation's own quirks), compiles it once with Inductor, inside a
:class:`~inductor_xpu.analysis.sanitizer.CudaApiRecorder`, and returns a
:class:`CompileReport`, the one result of a compile: status, each graph's
generated code (its text), the phase of each graph of a training step, the
AOTInductor sources of an AOT compile, Inductor counters, graph breaks,
``torch.cuda`` uses, ``torch.xpu`` queries, the error's root cause.  What is
compiled is a :class:`CompileStep`: by default one inference call; a
compile mode's own (:mod:`inductor_xpu.modes`: a training step, an
AOTInductor export) or a caller's function.  Nothing runs on any device.  ``python -m inductor_xpu compile``, the model
suite's ``--codegen-only``, the sanitizer report and the golden tests call it.

:func:`root_cause` and :func:`describe_error` are the one way to find and
print the root cause of an error Dynamo and Inductor wrapped.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol, TYPE_CHECKING

import torch


from inductor_xpu.execution.training_eager import amp_context


if TYPE_CHECKING:
    from inductor_xpu.analysis.sanitizer import CudaApiRecorder
    from inductor_xpu.device.profile import DeviceProfile
    from inductor_xpu.device.simulation import DeviceQuery, GeneratedCode, Simulation
    from inductor_xpu.device.simulation.autotune import AutotuneChoice, TemplateFusion
    from inductor_xpu.device.simulation.results import AotSources
    from inductor_xpu.execution import ExecutionResult
    from inductor_xpu.execution.compare import Int8Agreement
    from inductor_xpu.native import NativeResult
    from inductor_xpu.native.cpp_check import CppCheckResult


log = logging.getLogger(__name__)

__all__ = [
    "CompileReport",
    "CompileStep",
    "PlanSection",
    "TargetOptions",
    "compile_for_target",
    "describe_error",
    "error_chain",
    "root_cause",
]


# ---------------------------------------------------------------------------
# errors


def error_chain(e: BaseException, *, context: str = "never") -> list[BaseException]:
    """``e`` and what it wraps, outermost first: ``inner_exception``
    (BackendCompilerFailed), else ``__cause__``, else -- ``context``
    "dynamo": for Dynamo's own errors, which Dynamo re-raises ``from None``;
    "always": for any -- ``__context__``."""
    chain = [e]
    while len(chain) < 20:
        cur = chain[-1]
        inner = getattr(cur, "inner_exception", None)
        if not isinstance(inner, BaseException):
            inner = cur.__cause__
        if inner is None and (
            context == "always" or (context == "dynamo" and type(cur).__module__.startswith("torch._dynamo"))
        ):
            inner = cur.__context__
        if not isinstance(inner, BaseException) or any(inner is c for c in chain):
            break
        chain.append(inner)
    return chain


def root_cause(e: BaseException, *, through_context: bool = False) -> BaseException:
    """The exception at the bottom of what Dynamo and Inductor wrapped
    (:func:`error_chain`); ``through_context``: also through the
    ``__context__`` of Dynamo's own errors."""
    return error_chain(e, context="dynamo" if through_context else "never")[-1]


def describe_error(e: BaseException) -> str:
    """One line (a CSV cell): the root cause of ``e`` (through Dynamo's
    contexts), its first message line and the innermost Python frame it came
    from, e.g. ``BackendCompilerFailed <- NotImplementedError: ... [at
    dir/file.py:12 in fn]``."""
    root = root_cause(e, through_context=True)
    lines = [line for line in str(root).strip().splitlines() if line.strip()]
    where = ""
    tb = root.__traceback__
    if tb is not None:
        while tb.tb_next is not None:
            tb = tb.tb_next
        code = tb.tb_frame.f_code
        parts = code.co_filename.replace("\\", "/").split("/")
        where = f" [at {'/'.join(parts[-2:])}:{tb.tb_lineno} in {code.co_name}]"
    outer = f"{type(e).__name__} <- " if root is not e else ""
    return f"{outer}{type(root).__name__}: {lines[0].strip()[:300] if lines else ''}{where}"


# ---------------------------------------------------------------------------
# the pipeline

# step(sim, fake_program, fake_args, fake_kwargs): what is compiled, inside
# the simulation; its return value is CompileReport.result.
Step = Callable[["Simulation", Any, tuple[Any, ...], dict[str, Any]], Any]


class CompileStep:
    """What :func:`compile_for_target` compiles inside the simulation, on the
    fake program and inputs (a :data:`Step`): this class, one inference call
    under ``torch.no_grad()`` (and ``torch.autocast`` with ``amp_dtype``).
    A compile mode's step is a subclass (:mod:`inductor_xpu.modes`); what it
    produced beside its return value, even when it fails half-way, it keeps
    on itself for the report: ``phases``, each graph's phase (a training
    step's ``forward``/``backward``/``optimizer``), and ``untracked``, the
    constants make_fx could not compute on the simulated device."""

    def __init__(
        self,
        *,
        dynamic: bool | None = None,
        compile_options: dict[str, Any] | None = None,
        amp_dtype: torch.dtype | None = None,
    ) -> None:
        self.dynamic = dynamic
        self.compile_options = compile_options or None
        self.amp_dtype = amp_dtype
        self.phases: list[str] = []
        self.untracked: list[str] = []

    def __call__(self, sim: Simulation, fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        # inference; freezing requires no_grad too (compile_fx)
        with torch.no_grad(), amp_context(sim.device_type, self.amp_dtype):
            return sim.compile(fn, *args, dynamic=self.dynamic, options=self.compile_options, **kwargs)


class PlanSection(Protocol):
    """A compile mode's own account of the plan, which the report carries
    (a distributed step's layout and collectives) and report.json writes."""

    def to_json(self) -> dict[str, Any]: ...


@dataclasses.dataclass
class TargetOptions:
    """How :func:`compile_for_target` compiles.

    ``inductor_config``: Inductor options for the simulation (``simulate``
    adds what freezing needs there).  ``compile_options``:
    ``torch.compile(options=...)``.  ``dynamic`` and ``amp_dtype`` (the
    forward under ``torch.autocast(device, amp_dtype)``): of the default
    step.  ``step``: what runs in the simulation instead of the default
    :class:`CompileStep` (a mode's step, or a function).  ``requires_grad``:
    the fake module's parameters keep ``requires_grad`` (a training step's
    do).  ``fake_inputs``: builds the fake ``(args, kwargs)`` from the
    simulation instead of faking the CPU ones.  ``record_cuda``: count
    ``torch.cuda`` uses (None: unless the target is a CUDA device, whose
    simulation answers some from its profile, bypassing the recorder's
    proxy).  ``reraise``: raise the compile's error instead of reporting
    it."""

    inductor_config: dict[str, Any] = dataclasses.field(default_factory=dict)
    compile_options: dict[str, Any] = dataclasses.field(default_factory=dict)
    dynamic: bool | None = None
    amp_dtype: torch.dtype | None = None
    requires_grad: bool = False
    step: Step | None = None
    fake_inputs: Callable[[Simulation], tuple[tuple[Any, ...], dict[str, Any]]] | None = None
    record_cuda: bool | None = None
    output_dir: str | None = None
    clear_counters: bool = True
    reraise: bool = False

    def default_step(self) -> CompileStep:
        """The step of an inference compile with these options."""
        return CompileStep(dynamic=self.dynamic, compile_options=self.compile_options, amp_dtype=self.amp_dtype)


@dataclasses.dataclass
class CompileReport:
    """What one :func:`compile_for_target` produced: the one result of a
    compile, which tools read instead of files.

    ``generated``: each graph's generated code, in order (its wrapper's
    text: ``GeneratedCode.source``).  ``phases``: for a training step, the
    phase of each graph (``forward``/``backward``/``optimizer``), else
    empty.  ``aot``: for an AOT compile, each graph's package sources (their
    text and kernel facts), else None."""

    target: str  # the profile's key (as given, where it is unknown)
    status: str  # "ok", "refused" (a SimulationError), "failed"
    generated: list[GeneratedCode]
    device_queries: list[DeviceQuery]
    counters: dict[str, dict[str, int]]  # torch._dynamo.utils.counters, at the end
    cuda_uses: CudaApiRecorder | None  # None: not recorded
    elapsed_s: float
    result: Any = None  # the step's return value
    exception: BaseException | None = None  # as raised
    error: BaseException | None = None  # its root cause
    phases: list[str] = dataclasses.field(default_factory=list)
    aot: list[AotSources] | None = None
    # constants make_fx could not compute on the simulated device
    # (CompileStep.untracked: inductor_xpu.modes.training)
    untracked_constants: int = 0
    # Where the compile was written (``python -m inductor_xpu compile``,
    # inductor_xpu.compile): the directory, the files written there, and
    # report.json's contents.
    out_dir: str | None = None
    files: list[str] = dataclasses.field(default_factory=list)
    data: dict[str, Any] | None = None
    # Each graph's generated program executed on CPU and compared with eager
    # (inductor_xpu.execution; inductor_xpu.compile.execution.execute_compiled),
    # in graph order; None: not executed.
    execution: list[ExecutionResult] | None = None
    # An executed INT8 plan against CPU INT8 and the float model
    # (inductor_xpu.modes.int8.int8_agreements).
    int8_agreements: list[Int8Agreement] = dataclasses.field(default_factory=list)
    # A distributed training step (inductor_xpu.modes.distributed.compile_distributed):
    # the strategy's layout, the communication passes that ran, each graph's
    # collectives (a DistributedPlan); None: not distributed.
    distributed: PlanSection | None = None
    # With max_autotune / max_autotune_gemm: each choice among an op's
    # template and ATen choices, made by a rule instead of benchmarks
    # (inductor_xpu.device.simulation.autotune; AutotuneChoice.to_json), in
    # the order made; empty otherwise.
    autotune: list[AutotuneChoice] = dataclasses.field(default_factory=list)
    # With the native spill check: each fusion into a Triton template judged
    # by the fused kernel's spills, as a device's template fusion benchmark
    # judges it (autotune.FUSION_RULE; TemplateFusion.to_json); empty otherwise.
    template_fusions: list[TemplateFusion] = dataclasses.field(default_factory=list)
    # Every Triton kernel compiled by Intel's Triton XPU backend and IGC for
    # the profile's GPU (inductor_xpu.native.compile_native); None: not asked.
    native: NativeResult | None = None
    # The C++ it generated (C++ wrapper, AOTInductor sources) type-checked
    # against torch's, SYCL's and Level Zero's headers (--native;
    # inductor_xpu.native.cpp_check); None: not checked.
    cpp_check: CppCheckResult | None = None
    # The compile modes that made this report (inductor_xpu.modes: the
    # compile command's), whose sections report.json and the summary show.
    modes: list[Any] = dataclasses.field(default_factory=list)

    @property
    def code(self) -> list[GeneratedCode]:
        return self.generated

    def by_phase(self, phase: str) -> list[GeneratedCode]:
        """The graphs of one phase of a training step."""
        return [c for c, p in zip(self.generated, self.phases) if p == phase]

    @property
    def inductor_counters(self) -> dict[str, int]:
        return dict(sorted(self.counters.get("inductor", {}).items()))

    @property
    def graph_breaks(self) -> dict[str, int]:
        return dict(self.counters.get("graph_break", {}))

    @property
    def error_line(self) -> str | None:
        """The root cause in one line, with where it was raised."""
        return describe_error(self.exception) if self.exception is not None else None

    @property
    def error_text(self) -> str | None:
        return f"{type(self.error).__name__}: {self.error}"[:4000] if self.error is not None else None


def compile_for_target(
    program: Any,
    args: tuple[Any, ...] | None,
    kwargs: dict[str, Any] | None,
    target: str | DeviceProfile,
    options: TargetOptions | None = None,
) -> CompileReport:
    """Compile ``program(*args, **kwargs)`` (an ``nn.Module`` or function and
    its inputs, built on CPU) for the simulated ``target`` and report.

    A refused or failed compile is a report with that status (and the
    error); an unknown target raises ``UnknownProfileError``."""
    from torch._dynamo.utils import counters

    from inductor_xpu.device import get_profile, simulate, SimulationError
    from inductor_xpu.device.simulation.autotune import autotune_choices, template_fusions

    options = options or TargetOptions()
    try:
        profile = get_profile(target)
    except Exception as e:  # an unknown or broken profile: reported like the compile
        if options.reraise:
            raise
        key = target if isinstance(target, str) else getattr(target, "key", str(target))
        return CompileReport(key, "failed", [], [], {}, None, 0.0, exception=e, error=root_cause(e))
    record = options.record_cuda if options.record_cuda is not None else profile.device_type != "cuda"
    step = options.step or options.default_step()
    if options.clear_counters:
        counters.clear()
    generated: list[Any] = []
    autotune: list[Any] = []
    fusions: list[Any] = []
    device_queries: list[Any] = []
    snapshot: dict[str, dict[str, int]] = {}
    recorder = None
    status, exception, result = "ok", None, None
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if record:
            from inductor_xpu.analysis.sanitizer import CudaApiRecorder

            recorder = stack.enter_context(CudaApiRecorder())
        try:
            with simulate(profile, inductor_config=options.inductor_config, output_dir=options.output_dir) as sim:
                try:
                    fake = (
                        sim.to_fake(program, requires_grad=options.requires_grad)
                        if isinstance(program, torch.nn.Module)
                        else program
                    )
                    if options.fake_inputs is not None:
                        fake_args, fake_kwargs = options.fake_inputs(sim)
                    else:
                        fake_args, fake_kwargs = torch.utils._pytree.tree_map_only(
                            torch.Tensor, sim.to_fake, (tuple(args or ()), dict(kwargs or {}))
                        )
                    result = step(sim, fake, fake_args, fake_kwargs)
                finally:
                    generated = list(sim.generated)
                    autotune = autotune_choices(sim)
                    fusions = template_fusions(sim)
                    device_queries = list(sim.device_queries)
                    snapshot = {k: dict(v) for k, v in counters.items()}
        except Exception as e:  # reported, with its root cause
            if options.reraise:
                raise
            exception = e
            status = "refused" if isinstance(root_cause(e), SimulationError) else "failed"
            log.debug("compile for %s did not complete", profile.key, exc_info=True)
    return CompileReport(
        target=profile.key,
        status=status,
        generated=generated,
        device_queries=device_queries,
        counters=snapshot,
        cuda_uses=recorder,
        elapsed_s=time.perf_counter() - start,
        result=result,
        exception=exception,
        error=root_cause(exception) if exception is not None else None,
        phases=list(step.phases) if isinstance(step, CompileStep) else [],
        untracked_constants=len(step.untracked) if isinstance(step, CompileStep) else 0,
        autotune=autotune,
        template_fusions=fusions,
    )
