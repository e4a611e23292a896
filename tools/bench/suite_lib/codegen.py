"""``--codegen-only``: hardware-less xpu code generation for a suite model.

:func:`run_codegen_only` is the single entry point.  It imports
``inductor_xpu.device`` lazily and uses its ``simulate(name)`` context
(a :class:`inductor_xpu.device.Simulation`): ``sim.to_fake`` makes fake xpu
twins of the model and its inputs, ``sim.compile`` runs Inductor on them once
and returns the generated code.  Nothing is executed on any device.

The model is first run eagerly where it was built (CPU), so a model that
cannot run at all is ``eager_fail_to_run`` rather than a codegen failure.
Statuses: ``pass``, ``fail_to_codegen``, ``eager_fail_to_run``, and
``codegen_unavailable`` while ``inductor_xpu.device`` or its ``simulate``
does not exist (that row is never a pass).  Inference only: a simulation
refuses joint forward/backward graphs (autograd on xpu tensors needs a device
guard this build lacks), and the row says so.

The eager check may use other inputs than the compile (``eager_inputs``): the
runner gives it one sample of the batch, since fp16/bf16 convolutions and
matmuls on a CPU without AVX-512 take minutes at the suites' batch sizes
(resnet50, batch 32, fp16: about 6 minutes on 2 cores) while code generation
only ever sees fake tensors.

The compile runs inside :class:`inductor_xpu.analysis.sanitizer.CudaApiRecorder`:
``torch.cuda`` uses while compiling for xpu are counted, by package, and
those made from ``torch._inductor`` are listed by caller (device-biased code
in Inductor; a compile for xpu should make none).
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

import torch

from inductor_xpu.compile.pipeline import describe_error
from suite_lib.codegen_row import CodegenResult
from suite_lib.models import Tolerance
from suite_lib.plan import collect_plan_stats
from suite_lib.stats import collect_compile_stats


log = logging.getLogger(__name__)

TARGETS_MODULE = "inductor_xpu.device"


def call_model(model: Any, inputs: Any) -> Any:
    if isinstance(inputs, dict):
        return model(**inputs)
    return model(*inputs)


_error = describe_error


def load_simulate() -> tuple[Callable[[str], Any] | None, str]:
    """``inductor_xpu.device.simulate``, or None and why not."""
    try:
        targets = importlib.import_module(TARGETS_MODULE)
    except ModuleNotFoundError as e:
        if e.name in (TARGETS_MODULE, "inductor_xpu"):
            return None, f"{TARGETS_MODULE} does not exist yet (hardware-less xpu codegen not built)"
        return None, f"{TARGETS_MODULE} failed to import: {_error(e)}"
    except Exception as e:  # noqa: BLE001 - a broken module is reported, not raised
        return None, f"{TARGETS_MODULE} failed to import: {_error(e)}"
    simulate = getattr(targets, "simulate", None)
    if simulate is None:
        return None, f"{TARGETS_MODULE} has no simulate() yet"
    return simulate, ""


def _device_type(target: str) -> str:
    """The device type of the simulated profile ``target`` ("xpu" if unknown)."""
    try:
        from inductor_xpu.device import get_profile

        return str(getattr(get_profile(target), "device_type", "xpu"))
    except Exception:  # noqa: BLE001 - simulate() reports a bad target
        return "xpu"


def _record_cuda_uses(result: CodegenResult, recorder: Any) -> None:
    """The sanitizer's rendering of ``recorder``'s uses, in ``result``'s
    columns (``recorder`` None: not recorded)."""
    if recorder is None:
        return
    cuda = recorder.to_json()
    result.cuda_calls = cuda["count"]
    result.cuda_calls_by_package = cuda["by_package"]
    result.cuda_inductor_sites = [
        f"{c['symbol']} from {c['file']}:{c['line']} in {c['function']} x{c['count']}"
        for c in cuda["inductor_callers"]
    ]


def _prime_autograd_engine() -> None:
    """The simulation's autograd on fake xpu tensors needs the autograd
    engine to start its device threads with the simulation's xpu guard
    registered (inductor_xpu.device.xpu_autograd); the eager check's CPU
    backward would start them first, without a queue for xpu."""
    try:
        from inductor_xpu.device.xpu_autograd import prime_autograd_engine
    except ImportError:
        return
    prime_autograd_engine()


def run_codegen_only(
    model: torch.nn.Module,
    inputs: Any,
    target: str,
    *,
    loss_fn: Callable[[Any], torch.Tensor] | None = None,
    eager_inputs: Any = None,
    output_dir: str | None = None,
    eager: bool = True,
    run: Tolerance | None = None,
    inductor_config: Mapping[str, Any] | None = None,
) -> CodegenResult:
    """Generate xpu code for ``model`` on ``inputs`` for the profile ``target``.

    Inference unless ``loss_fn`` is given; then the forward's output goes
    through ``loss_fn`` and backward, so the backward graph is generated too.
    The eager check runs the model on ``eager_inputs`` (default ``inputs``).
    With ``torch._inductor.config.freezing`` on, small constants stay tensors
    (``always_keep_tensor_constants``): Inductor would inline them by value,
    and fake parameters have none.  ``output_dir``: where the simulation
    keeps the generated modules (default: a temporary directory, removed).
    ``eager=False`` skips the eager check (a second target for a model
    whose eager check already passed).  ``run`` (inference): execute the
    generated program on CPU on ``model`` and ``inputs`` and compare it with
    eager at this tolerance (:mod:`suite_lib.execution`).
    ``inductor_config``: the suite's ``--inductor-config``; of it, the options
    the simulation lets a caller set (``max_autotune``, ``max_autotune_gemm``)
    go to its compile (the rest the runner patches process-wide).
    """
    training = loss_fn is not None
    # --run: the model as built, before any call fills its caches (LeViT's
    # attention-bias cache: a compile of the model as built returns the
    # cached values from the graph, and its execution is compared so)
    pristine = copy.deepcopy(model) if run is not None else None
    grad = contextlib.nullcontext() if training else torch.no_grad()
    if training:
        model.train()
        _prime_autograd_engine()  # before the eager backward below
    started = time.perf_counter()
    try:
        if eager:
            with grad:
                eager_out = call_model(model, inputs if eager_inputs is None else eager_inputs)
                if training:
                    loss_fn(eager_out).backward()  # type: ignore[misc]
            del eager_out
    except Exception as e:  # noqa: BLE001
        log.exception("eager run failed")
        return CodegenResult("eager_fail_to_run", _error(e), target)
    finally:
        model.zero_grad(set_to_none=True)
    eager_time = time.perf_counter() - started if eager else None

    simulate, why = load_simulate()
    if simulate is None:
        return CodegenResult("codegen_unavailable", why, target, eager_time=eager_time)

    from torch._inductor.utils import fresh_cache

    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    def step(sim: Any, fake_model: Any, fake_args: tuple[Any, ...], fake_kwargs: dict[str, Any]) -> None:
        # training: the backward graph is compiled when backward() runs
        with torch.enable_grad() if training else contextlib.nullcontext():
            compiled = sim.compile(fake_model, *fake_args, **fake_kwargs)
            if training:
                loss_fn(compiled.outputs).backward()  # type: ignore[misc]

    if run is not None and training:
        raise ValueError("run: the execution of generated programs is for inference")
    capture = None
    if run is not None:
        from inductor_xpu.execution import capture_graph_inputs

        capture = capture_graph_inputs()  # which real value each graph input is; edits no code
    args, kwargs = ((), inputs) if isinstance(inputs, dict) else (tuple(inputs), {})
    # The simulation fixes its Inductor options (a process-wide patch of
    # them, the runner's --inductor-config, does not reach its compile) but
    # for those it lets a caller set: max-autotune's, whose template
    # choices it then makes by its rule.
    from inductor_xpu.device.simulation.config import CALLER_MAY_SET

    simulation_options = {k: v for k, v in (inductor_config or {}).items() if k in CALLER_MAY_SET}
    torch._dynamo.reset()
    result = CodegenResult("pass", "", target, eager_time=eager_time)
    started = time.perf_counter()
    with fresh_cache(), collect_compile_stats() as stats, collect_plan_stats() as plan:
        # training: parameters keep requires_grad (the simulation's autograd
        # support, inductor_xpu.device.xpu_autograd).  torch.cuda uses are
        # recorded unless the target is a simulated cuda device.
        report = compile_for_target(
            copy.deepcopy(model),
            args,
            kwargs,
            target,
            TargetOptions(
                requires_grad=training,
                step=step,
                output_dir=output_dir,
                clear_counters=False,
                inductor_config={**simulation_options, **(capture.inductor_config() if capture is not None else {})},
            ),
        )
        _record_cuda_uses(result, report.cuda_uses)
        if report.exception is not None:
            log.error("xpu code generation failed", exc_info=report.exception)
            result.status, result.detail = "fail_to_codegen", report.error_line or ""
        else:
            result.wrappers = len(report.generated)
            result.sources = [c.source for c in report.generated]
            result.constants = [getattr(c, "constants", None) for c in report.generated]
            result.triton_kernels = sum(len(c.triton_kernels()) for c in report.generated)
            result.autotune = [choice.to_json() for choice in report.autotune]
            result.template_fusions = [fusion.to_json() for fusion in report.template_fusions]
            result.device_queries = [
                f"{q.api} from {q.caller} ({q.outcome}) x{q.count}" for q in report.device_queries
            ]
    result.codegen_time = time.perf_counter() - started
    result.stats = stats
    result.plan = plan
    if result.status == "pass" and result.device_queries:
        result.detail = f"{len(result.device_queries)} torch.xpu call site(s) while compiling"
    if capture is not None and run is not None and result.status == "pass":
        from suite_lib.execution import execute_generated, libdevice_calls

        result.libdevice = libdevice_calls(result.sources)
        # the compile made a deep copy fake: ``pristine`` has the real weights
        execute_generated(result, capture, pristine, args, kwargs, run)
    return result
