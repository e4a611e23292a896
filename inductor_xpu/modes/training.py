"""One training step compiled for a simulated xpu device: forward, backward
and (optionally) the optimizer step, each graph marked with its phase.

Needs a simulation with autograd (``Simulation.autograd``, see
:mod:`inductor_xpu.device.xpu_autograd`).  The step is what a user's loop
does on a real device::

    compiled = torch.compile(model)          # forward graph(s), AOTAutograd
    loss = reduce(compiled(*inputs))         #   joint graph -> forward part
    loss.backward()                          # backward graph(s) (compiled lazily)
    torch.compile(optimizer.step)()          # the compiled optimizer

With AMP the forward runs under ``torch.autocast("xpu", dtype)``.  Nothing
executes: the compiled modules replay their FX graphs on fake tensors.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sys
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.compile.pipeline import CompileStep, TargetOptions
from inductor_xpu.device.simulation import Simulation, SimulationError
from inductor_xpu.device.xpu_autograd import _fake_mode_active
from inductor_xpu.execution.training_eager import amp_context, loss_of, OPTIMIZERS
from inductor_xpu.modes.base import CompileMode, CompilePlan, ModeRun


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport
    from inductor_xpu.compile.program import Program
    from inductor_xpu.device.profile import DeviceProfile


PHASES = ("forward", "backward", "optimizer")


def _fake_optimizer_state(optimizer: torch.optim.Optimizer, sim: Simulation) -> None:
    """Dynamo initialises an optimizer's state eagerly, outside the traced
    graph (``OptimizerVariable._init_group`` calls the optimizer's
    ``_init_group``: ``torch.zeros_like(p)``, and ``torch.zeros((),
    device=p.device)`` for ``step``).  On a device those are real
    allocations; here they are made in the simulation's fake mode.  The
    optimizer's class is swapped for a subclass whose ``_init_group`` does
    that (an instance attribute would hide the method from Dynamo's
    optimizer handling, which then inlines it and traces another branch)."""
    base = type(optimizer)
    original = base._init_group  # type: ignore[attr-defined]

    @functools.wraps(original)
    def _init_group(self: Any, *args: Any, **kwargs: Any) -> Any:
        with contextlib.nullcontext() if _fake_mode_active() else sim.fake_mode:
            return original(self, *args, **kwargs)

    optimizer.__class__ = type(base.__name__, (base,), {"_init_group": _init_group, "__module__": base.__module__})


_SIMULATED_DEVICE_ERRORS = ("Torch not compiled with XPU enabled",)


@contextlib.contextmanager
def _untracked_device_constants(sim: Simulation) -> Iterator[list[str]]:
    """make_fx tracks small constant tensors by computing them for real
    (``proxy_tensor.proxy_call``: ``with unset_fake_temporarily(): constant
    = func(*const_args)``), e.g. the scalar weight that ``_foreach_lerp_``'s
    decomposition moves to the device (``prims.device_put``) in AdamW.  On a
    device that computes a real xpu tensor; here it cannot.  Such a constant
    is left untracked instead (``constant`` stays ``None``, as for any
    non-constant): it only serves later ``.item()`` calls on it.  Each one
    is listed in the returned list; only this failure, only in
    ``proxy_call``, is absorbed."""
    from torch.fx.experimental import proxy_tensor

    original = proxy_tensor.unset_fake_temporarily
    untracked: list[str] = []

    @contextlib.contextmanager
    def unset_fake_temporarily() -> Iterator[Any]:
        caller = sys._getframe(2).f_code.co_name
        with original() as old:
            try:
                yield old
            except (AssertionError, RuntimeError) as e:
                if caller != "proxy_call" or not any(m in str(e) for m in _SIMULATED_DEVICE_ERRORS):
                    raise
                untracked.append(str(e))

    proxy_tensor.unset_fake_temporarily = unset_fake_temporarily  # type: ignore[assignment]
    try:
        yield untracked
    finally:
        proxy_tensor.unset_fake_temporarily = original  # type: ignore[assignment]


def compile_training_step(
    sim: Simulation,
    module: torch.nn.Module,
    *args: Any,
    optimizer: str | None = None,
    amp_dtype: torch.dtype | None = None,
    dynamic: bool | None = None,
    options: dict[str, Any] | None = None,
    phases: list[str] | None = None,
    untracked: list[str] | None = None,
    **kwargs: Any,
) -> list[str]:
    """Compile forward, backward and (``optimizer``: a key of
    :data:`OPTIMIZERS`) the optimizer step of ``module`` (fake xpu
    parameters that require grad: ``sim.to_fake(module, requires_grad=True)``)
    on fake inputs.  Returns the phase of each graph compiled, in the order of
    ``sim.generated``; ``phases``, if given, is that list, filled as graphs are
    compiled (so a step that fails half-way still says which graph was
    which).  ``untracked``, if given, receives the constants make_fx could not
    compute on the simulated device (see :func:`_untracked_device_constants`)."""
    sim._require_active()
    if not isinstance(module, torch.nn.Module):
        raise SimulationError(
            f"training needs an nn.Module (its parameters are what is trained), got {type(module).__name__}"
        )
    if optimizer is not None and optimizer not in OPTIMIZERS:
        raise ValueError(f"unknown optimizer {optimizer!r} (choose from {', '.join(OPTIMIZERS)})")
    if not sim.autograd:
        reason = sim.autograd_unavailable or (
            "an XPU device guard is missing"
            if sim.device_type == "xpu"
            else f"autograd on {sim.device_type} tensors initialises the device (hasPrimaryContext), "
            "which needs a GPU on this machine"
        )
        raise SimulationError(
            f"training needs autograd on {sim.device_type} tensors, which this simulation cannot provide: {reason}"
        )
    params = [p for p in module.parameters() if p.requires_grad]
    if not params:
        raise SimulationError("training: no parameter of the module requires grad")
    code_start = len(sim.generated)
    phases = [] if phases is None else phases

    def mark(phase: str) -> None:
        phases.extend([phase] * (len(sim.generated) - code_start - len(phases)))

    compiled = torch.compile(module, backend="inductor", dynamic=dynamic, options=options)
    with torch.enable_grad():
        with amp_context(sim.device_type, amp_dtype):
            outputs = compiled(*args, **kwargs)
        mark("forward")
        loss = loss_of(outputs)
        loss.backward()
        mark("backward")
    if optimizer is not None:
        opt = OPTIMIZERS[optimizer](params)
        _fake_optimizer_state(opt, sim)
        step = torch.compile(opt.step, backend="inductor", options=options)
        with _untracked_device_constants(sim) as absorbed:
            step()
        if untracked is not None:
            untracked.extend(absorbed)
        mark("optimizer")
    return phases


class TrainingStep(CompileStep):
    """The step a training compile runs in the simulation:
    :func:`compile_training_step` (forward, backward and, with
    ``optimizer``, the optimizer step), each graph's phase in ``phases``."""

    def __init__(
        self,
        *,
        optimizer: str | None = None,
        dynamic: bool | None = None,
        compile_options: dict[str, Any] | None = None,
        amp_dtype: torch.dtype | None = None,
    ) -> None:
        super().__init__(dynamic=dynamic, compile_options=compile_options, amp_dtype=amp_dtype)
        self.optimizer = optimizer

    def __call__(self, sim: Simulation, fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        return compile_training_step(
            sim,
            fn,
            *args,
            optimizer=self.optimizer,
            amp_dtype=self.amp_dtype,
            dynamic=self.dynamic,
            options=self.compile_options,
            phases=self.phases,
            untracked=self.untracked,
            **kwargs,
        )


def training_options(options: TargetOptions, optimizer: str | None = None) -> TargetOptions:
    """``options`` for compiling one training step (with ``optimizer``'s
    step: a key of :data:`OPTIMIZERS`) instead of an inference call: its
    :class:`TrainingStep`, the fake parameters keeping ``requires_grad``."""
    step = TrainingStep(
        optimizer=optimizer,
        dynamic=options.dynamic,
        compile_options=options.compile_options,
        amp_dtype=options.amp_dtype,
    )
    return dataclasses.replace(options, step=step, requires_grad=True)


class TrainingMode(CompileMode):
    """``--train``: one training step compiled (:class:`TrainingStep`), with
    ``optimizer``'s step; with ``--run`` executed against eager autograd
    (:func:`~inductor_xpu.execution.training.execute_training`); each
    graph's phase in report.json and the summary."""

    name = "training"
    primary = True

    def __init__(self, optimizer: str | None = None) -> None:
        self.optimizer = optimizer
        self.amp_dtype: torch.dtype | None = None  # the plan's (configure)

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls(options.optimizer) if options.train and options.distributed is None else None

    def compile(self, program: Program, profile: DeviceProfile, plan: CompilePlan) -> CompileReport:
        from inductor_xpu.compile.pipeline import compile_for_target

        options = training_options(plan.target_options(), self.optimizer)
        return compile_for_target(program.module, program.args, program.kwargs, profile, options)

    def configure(self, plan: CompilePlan) -> None:
        self.amp_dtype = plan.amp_dtype

    def capture(self) -> Any:
        from inductor_xpu.execution.training import TrainingCapture

        return TrainingCapture()

    def execute(self, compiled: CompileReport, run: ModeRun) -> None:
        from inductor_xpu.execution.training import execute_training

        module = run.real.module
        assert isinstance(module, torch.nn.Module)  # the compile refused anything else
        result = execute_training(
            module,
            run.real.args,
            [code.source for code in compiled.generated],
            compiled.phases,
            run.capture,
            kwargs=run.real.kwargs,
            optimizer=self.optimizer,
            amp_dtype=self.amp_dtype,
        )
        compiled.execution = result.graphs

    def graph_names(self, compiled: CompileReport) -> list[str]:
        return [f"{i} ({phase})" for i, phase in enumerate(compiled.phases)]

    def flags(self) -> list[str]:
        return ["training", *([self.optimizer] if self.optimizer else [])]

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        for i, graph in enumerate(data["graphs"]):  # which graph is which: forward / backward / optimizer
            graph["phase"] = compiled.phases[i] if i < len(compiled.phases) else "unknown"

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        if not data["graphs"]:
            return []
        return ["  graphs: " + ", ".join(f"{g['file']} {g.get('phase', '?')}" for g in data["graphs"])]
