"""PT2E INT8 quantization for hardware-less xpu compiles (and their CPU twins).

The flow is the one Intel's upstream docs give for Intel GPUs, with
``torchao`` (an optional dependency, ``pip install inductor-xpu[quant]``):

1. ``torch.export.export(model, args).module()`` on CPU;
2. ``prepare_pt2e(exported, quantizer)`` with ``XPUInductorQuantizer``
   (``torchao.quantization.pt2e.quantizer.xpu_inductor_quantizer``, a
   subclass of ``X86InductorQuantizer`` that leaves the ops without XPU
   INT8 kernels unannotated) -- or ``X86InductorQuantizer`` for CPU;
3. calibration: the prepared model runs eagerly on CPU on the example
   inputs (real weights, real observers);
4. ``convert_pt2e``: int8 weights (per-channel symmetric), activations
   quantized per tensor (static: scales from calibration; dynamic: computed
   at run time by ``choose_qparams``);
5. Inductor with ``freezing=True``: the PT2E freezing passes (torchao's
   ``inductor_passes/x86.py`` from torch 2.15, ``fx_passes/quantization.py``
   before) prepack the int8 weights and fold the dequantize/quantize nodes
   and the post-ops into ``onednn.qconv_pointwise`` /
   ``onednn.qlinear_pointwise``, lowered by ``mkldnn_lowerings.py``.

:func:`quantize` does steps 1-4 and returns the converted CPU module, which
``simulate()`` turns into fake xpu tensors like any module;
:func:`compile_quantized` is the whole flow for a simulated target (the one
INT8 compile of the ``compile`` command and the INT8 benchmarks);
:func:`summarize` reads a compile's generated code and counters through
:mod:`inductor_xpu.generated_code`: the qconv/qlinear matcher counters, the
oneDNN INT8 calls with their post-ops, and the (de)quantize ops left to
generated kernels.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import logging
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu import generated_code
from inductor_xpu.compile.options import check_choice
from inductor_xpu.execution.compare import Int8Agreement
from inductor_xpu.modes.base import CompileMode, CompilePlan, CompileUsageError, ModeRun


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport, TargetOptions
    from inductor_xpu.compile.program import Program
    from inductor_xpu.cpu_isa import CpuIsa
    from inductor_xpu.device import DeviceProfile


# What ``--quant`` accepts: activation quantization static (calibrated
# scales) or dynamic (per batch at run time); weights per-channel int8.
QUANT_MODES: dict[str, bool] = {"int8": False, "int8-dynamic": True}

# The torchao release this was tested with (setup.cfg extra "quant").
TESTED_TORCHAO = "0.18.0"


class QuantUnavailableError(RuntimeError):
    """torchao (or a part of it this flow needs) is not installed.

    ``requirement`` is what is missing, for a caller to name in its own
    terms (the CLI: "--quant needs <requirement>")."""

    def __init__(self, message: str, requirement: str | None = None) -> None:
        super().__init__(message)
        self.requirement = requirement


class _DropEnumRegistration(logging.Filter):
    """torch 2.15's pytree logs a warning when torchao registers its Enum
    ``KernelPreference`` as a pytree constant at import ("... is an Enum
    subclass and is now natively supported ... register_constant() on Enum
    subclasses is deprecated"): torchao's business, not the user's."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("%s is an Enum subclass and is now natively supported")


@contextlib.contextmanager
def _torchao_enum_warning_dropped() -> Iterator[None]:
    logger = logging.getLogger("torch.utils._pytree")
    drop = _DropEnumRegistration()
    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)


def torchao_version() -> str | None:
    try:
        with _torchao_enum_warning_dropped():
            import torchao
    except Exception:  # noqa: BLE001 - a broken install is an absent one here
        return None
    return str(getattr(torchao, "__version__", "unknown"))


def _import(name: str) -> Any:
    try:
        with _torchao_enum_warning_dropped():  # torchao registers its pytree constants at import
            return importlib.import_module(name)
    except ImportError as e:
        requirement = (
            f"torchao (tested: torchao=={TESTED_TORCHAO}; "
            f"pip install 'inductor-xpu[quant]'): cannot import {name} ({e})"
        )
        raise QuantUnavailableError(f"INT8 quantization needs {requirement}", requirement) from None


def make_quantizer(device: str, dynamic: bool = False, reduce_range: bool = False) -> Any:
    """The PT2E quantizer Inductor's oneDNN passes expect for ``device``:
    ``XPUInductorQuantizer`` for xpu, ``X86InductorQuantizer`` for cpu,
    globally configured with per-channel symmetric int8 weights.  Static:
    the device's default config (xpu: signed int8 activations; cpu: uint8).
    Dynamic: the x86 dynamic config on either quantizer (torchao has no
    xpu-specific one; upstream's xpu tests use it too).  ``reduce_range``
    (cpu only): 7-bit activations, for x86 CPUs whose INT8 dot products
    saturate (:func:`cpu_int8_reduce_range`)."""
    x86 = _import("torchao.quantization.pt2e.quantizer.x86_inductor_quantizer")
    if reduce_range and device != "cpu":
        raise ValueError(f"reduce_range is for x86 CPU INT8 (device 'cpu'), not {device!r}")
    if device == "xpu":
        xpu = _import("torchao.quantization.pt2e.quantizer.xpu_inductor_quantizer")
        quantizer = xpu.XPUInductorQuantizer()
        config = (
            x86.get_default_x86_inductor_quantization_config(is_dynamic=True)
            if dynamic
            else xpu.get_default_xpu_inductor_quantization_config()
        )
    elif device == "cpu":
        quantizer = x86.X86InductorQuantizer()
        config = x86.get_default_x86_inductor_quantization_config(is_dynamic=dynamic, reduce_range=reduce_range)
    else:
        raise ValueError(f"no PT2E Inductor quantizer for device {device!r} (xpu or cpu)")
    quantizer.set_global(config)
    return quantizer


def quantize(
    module: torch.nn.Module,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any] | None = None,
    *,
    device: str = "xpu",
    dynamic: bool = False,
    calibration: Iterable[tuple[Any, ...]] | None = None,
    reduce_range: bool = False,
) -> torch.fx.GraphModule:
    """Export ``module`` on CPU, prepare it with the quantizer for
    ``device``, calibrate eagerly on CPU (``calibration`` batches, default
    the example inputs) and convert it (``reduce_range``: see
    :func:`make_quantizer`): a CPU GraphModule with int8 weights
    and quantize/dequantize nodes, ready for ``torch.compile`` with freezing
    (on CPU) or for ``simulate()``'s ``to_fake`` (xpu)."""
    pt2e = _import("torchao.quantization.pt2e.quantize_pt2e")
    quantizer = make_quantizer(device, dynamic, reduce_range)
    kwargs = dict(kwargs or {})
    module = module.eval()
    exported = torch.export.export(module, tuple(args), kwargs).module(check_guards=False)
    prepared = pt2e.prepare_pt2e(exported, quantizer)
    with torch.no_grad():
        for batch in calibration if calibration is not None else [tuple(args)]:
            prepared(*batch, **kwargs)
    converted = pt2e.convert_pt2e(prepared)
    _register_tensor_constants(converted)
    return converted


def move_factories_to(gm: torch.fx.GraphModule, device: str | torch.device) -> torch.fx.GraphModule:
    """Point the graph's factory calls that export pinned to the CPU
    (``aten.arange(16, device=cpu)`` building BERT's attention mask ...) at
    ``device``, in place, as ``torch.export.passes.move_to_device_pass`` does
    for an ExportedProgram.  Use it after calibration, before compiling for
    ``device`` (with ``module.to(device)`` or a simulation's ``to_fake``)."""
    target = torch.device(device)
    changed = False
    for node in gm.graph.nodes:
        dev = node.kwargs.get("device") if node.op == "call_function" else None
        if isinstance(dev, torch.device) and dev.type == "cpu":
            node.kwargs = {**node.kwargs, "device": target}
            changed = True
    if changed:
        gm.recompile()
    return gm


def _register_tensor_constants(gm: torch.fx.GraphModule) -> None:
    """Tensor constants of the graph that are plain attributes (e.g. an
    attention mask export computed while tracing) become non-persistent
    buffers, so ``module.to(device)`` -- and a simulation's ``to_fake`` --
    move them with the parameters instead of leaving them on the CPU."""
    for node in gm.graph.find_nodes(op="get_attr"):
        owner_path, _, name = node.target.rpartition(".")
        owner = gm.get_submodule(owner_path) if owner_path else gm
        value = getattr(owner, name, None)
        if isinstance(value, torch.Tensor) and name not in owner._buffers and name not in owner._parameters:
            delattr(owner, name)
            owner.register_buffer(name, value, persistent=False)


def compile_quantized(
    module: torch.nn.Module,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any] | None,
    target: str | DeviceProfile,
    options: TargetOptions | None = None,
    *,
    dynamic: bool = False,
    calibration: Iterable[tuple[Any, ...]] | None = None,
) -> CompileReport:
    """The PT2E INT8 compile for a simulated ``target``: ``module`` (built
    on CPU) quantized with the quantizer of the target's device type
    (:func:`quantize`: export, prepare, calibrate on CPU, convert), its
    factory calls pointed at that device (:func:`move_factories_to`), and
    compiled with freezing by :func:`inductor_xpu.compile.pipeline.compile_for_target`
    (``options``, freezing added to its ``inductor_config``), after a
    ``torch._dynamo.reset()``.

    Raises :class:`QuantUnavailableError` without torchao and ``ValueError``
    for a device type without a PT2E Inductor quantizer (only xpu has one
    among the simulated targets); the compile's own outcome is the returned
    report's (or raised, with ``options.reraise``).  Read what the INT8
    passes did with :func:`summarize`."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.device import get_profile

    profile = get_profile(target)
    device = profile.device_type
    quantized = quantize(module, args, kwargs, device=device, dynamic=dynamic, calibration=calibration)
    quantized = move_factories_to(quantized, f"{device}:0")
    options = options or TargetOptions()
    options = dataclasses.replace(options, inductor_config={**options.inductor_config, "freezing": True})
    torch._dynamo.reset()  # each compile from a clean Dynamo, as in a fresh process
    return compile_for_target(quantized, tuple(args), dict(kwargs or {}), profile, options)


# -- executing the plan -------------------------------------------------------

def cpu_int8_reduce_range(isa: CpuIsa | None = None) -> bool:
    """Whether CPU INT8 quantizes its activations with ``reduce_range``
    (7-bit) on ``isa`` (default: this process's, :func:`inductor_xpu.cpu_isa.detect`):
    ``inductor_xpu.config.cpu_int8_reduce_range`` -- ``"auto"`` (where
    oneDNN's u8s8 dot products saturate: no VNNI, no AMX), ``"always"`` or
    ``"never"``."""
    from inductor_xpu import config
    from inductor_xpu.cpu_isa import detect

    setting = str(config.cpu_int8_reduce_range).lower()
    if setting not in ("auto", "always", "never"):
        raise ValueError(
            f"inductor_xpu.config.cpu_int8_reduce_range (INDUCTOR_XPU_CPU_INT8_REDUCE_RANGE) is {setting!r}: "
            "expected auto, always or never"
        )
    if setting != "auto":
        return setting == "always"
    return not (isa or detect()).int8_dot_exact


@contextlib.contextmanager
def cpu_int8_compiled(
    module: torch.nn.Module,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any] | None = None,
    *,
    dynamic: bool = False,
    calibration: Iterable[tuple[Any, ...]] | None = None,
    inductor_options: Mapping[str, Any] | None = None,
    reduce_range: bool | None = None,
) -> Iterator[Any]:
    """CPU INT8: ``module`` (not changed) quantized for CPU
    (``X86InductorQuantizer``, the same calibration; activations at
    ``reduce_range``, default :func:`cpu_int8_reduce_range` for this CPU)
    and ``torch.compile``-d for Inductor on CPU with freezing (oneDNN's CPU
    INT8 kernels); call what this yields inside the block, where freezing
    (and ``inductor_options``) are set in the global config, as the PT2E
    docs do: the INT8 weight-prepack folding needs freezing set while Dynamo
    traces too.  Dynamo is reset before and after."""
    import copy

    import torch._inductor.config as inductor_config

    if reduce_range is None:
        reduce_range = cpu_int8_reduce_range()
    converted = quantize(
        copy.deepcopy(module), args, kwargs, device="cpu", dynamic=dynamic, calibration=calibration,
        reduce_range=reduce_range,
    )
    torch._dynamo.reset()
    try:
        with torch.no_grad(), inductor_config.patch({"freezing": True, **dict(inductor_options or {})}):
            yield torch.compile(converted, backend="inductor")
    finally:
        torch._dynamo.reset()


def cpu_int8_outputs(
    module: torch.nn.Module,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any] | None = None,
    *,
    dynamic: bool = False,
    calibration: Iterable[tuple[Any, ...]] | None = None,
    reduce_range: bool | None = None,
) -> list[Any]:
    """The outputs of CPU INT8 (:func:`cpu_int8_compiled`) on ``args``,
    flattened."""
    with cpu_int8_compiled(
        module, args, kwargs, dynamic=dynamic, calibration=calibration, reduce_range=reduce_range
    ) as compiled:
        out = compiled(*args, **dict(kwargs or {}))
    return torch.utils._pytree.tree_leaves(out)


def int8_agreement(
    outputs: Sequence[Any], reference: str, description: str, expected: Sequence[Any], *,
    faithful: bool = True, note: str = "",
) -> Int8Agreement:
    """``outputs`` (an executed INT8 plan's) against ``expected``: the
    largest errors and the smallest cosine over the outputs; ``faithful``:
    whether ``expected`` is computed faithfully here (see
    :class:`Int8Agreement`)."""
    from inductor_xpu.execution import compare

    comparison = compare(list(outputs), list(expected))
    return Int8Agreement(
        reference,
        description,
        comparison.max_abs_err,
        max((o.max_rel_err for o in comparison.outputs), default=0.0),
        min((o.cosine for o in comparison.outputs), default=1.0),
        faithful,
        note,
    )


def int8_agreements(
    outputs: Sequence[Any],
    module: torch.nn.Module,
    args: tuple[Any, ...],
    kwargs: Mapping[str, Any] | None = None,
    *,
    dynamic: bool = False,
    isa: CpuIsa | None = None,
) -> list[Int8Agreement]:
    """An executed xpu INT8 plan's ``outputs`` against CPU INT8
    (:func:`cpu_int8_outputs`) and against the float ``module`` (eager CPU,
    fp32); ``module`` is the float model, calibrated on ``args`` as the plan
    was.  CPU INT8's activations are quantized for this CPU's ISA
    (:func:`cpu_int8_reduce_range`; ``isa``: the one detected), and its
    agreement is expected only where its dot products are exact there
    (VNNI, AMX or reduce_range); the agreement's ``note`` says which."""
    from inductor_xpu.cpu_isa import detect
    from inductor_xpu.execution import eager_outputs

    isa = isa or detect()
    reduce_range = cpu_int8_reduce_range(isa)
    fp32 = eager_outputs(module, args, kwargs)
    cpu = cpu_int8_outputs(module, args, kwargs, dynamic=dynamic, reduce_range=reduce_range)
    cpu_description = (
        "the model quantized for CPU (X86InductorQuantizer"
        + (", reduce_range: 7-bit activations" if reduce_range else "")
        + ", same calibration), compiled by Inductor for CPU"
    )
    return [
        int8_agreement(outputs, "cpu_int8", cpu_description, cpu,
                       faithful=isa.int8_dot_exact or reduce_range, note=isa.int8_note(reduce_range)),
        int8_agreement(outputs, "fp32", "the float model, eager on CPU", fp32),
    ]


# -- reading the output -------------------------------------------------------

# The generated code and the counters are read by inductor_xpu.generated_code:
# quant_counters (the PT2E INT8 passes' counters), the onednn.* calls with
# their post-ops, unfused_quant_ops ((de)quantize left to generated kernels).


def onednn_calls(sources: Iterable[str]) -> list[str]:
    """``qconv_pointwise.tensor(relu)``-style labels of the oneDNN INT8
    (``torch.ops.onednn``) calls in the wrappers: op, overload, post-ops."""
    return [call.label for call in generated_code.onednn_calls(sources, "onednn")]


def summarize(sources: list[str], inductor_counters: Mapping[str, int]) -> dict[str, Any]:
    """What the INT8 passes did in one compile: counters, oneDNN calls,
    (de)quantize left to generated kernels."""
    unfused = generated_code.unfused_quant_ops(sources)
    return {
        "counters": generated_code.quant_counters(inductor_counters),
        "onednn_calls": onednn_calls(sources),
        "unfused": dataclasses.asdict(unfused),
    }


def describe_flow(device: str, dynamic: bool) -> dict[str, Any]:
    """The report's record of the flow (quantizer, config, versions)."""
    return {
        "flow": "PT2E: torch.export -> prepare_pt2e -> CPU calibration -> convert_pt2e -> freezing",
        "quantizer": "XPUInductorQuantizer" if device == "xpu" else "X86InductorQuantizer",
        "activations": "dynamic per-tensor" if dynamic else "static per-tensor (calibrated)",
        "weights": "int8 per-channel symmetric",
        "torchao": torchao_version(),
    }


def format_quant_summary(quant: Mapping[str, Any]) -> list[str]:
    """The ``compile`` command's summary lines for a ``--quant`` compile."""
    counters = quant["counters"]
    unfused = quant["unfused"]
    calls = quant["onednn_calls"]
    return [
        f"  INT8 (PT2E, {quant['quantizer']}, torchao {quant['torchao']}): {quant['activations']} activations, "
        f"{quant['weights']} weights",
        "  INT8 matcher counters: " + (", ".join(f"{k}={v}" for k, v in counters.items()) or "none"),
        "  oneDNN INT8 calls: " + (", ".join(calls) if calls else "none"),
        f"  (de)quantize in generated kernels: quantize {unfused['quantize']}, "
        f"dequantize {unfused['dequantize']}, q/dq pairs {unfused['pairs']}"
        + (f" ({', '.join(unfused['kernels'])})" if unfused["kernels"] else ""),
    ]


# -- the mode -----------------------------------------------------------------


class Int8Mode(CompileMode):
    """``--quant``: the PT2E INT8 flow for an xpu target
    (:func:`compile_quantized`, with freezing); with ``--run`` the plan
    executed against its PT2E program, then against CPU INT8 and the float
    model (:func:`int8_agreements`); report.json's ``quant`` section."""

    name = "int8"
    primary = True

    def __init__(self, quant: str) -> None:
        self.quant = quant
        self.dynamic = QUANT_MODES[quant]

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        check_choice("--quant", options.quant, tuple(QUANT_MODES))
        return cls(options.quant) if options.quant else None

    def check_target(self, profile: DeviceProfile) -> None:
        if profile.device_type != "xpu":
            raise CompileUsageError(
                f"--quant: the PT2E INT8 flow is for xpu targets; {profile.key} simulates {profile.device_type}"
            )

    def check_program(self, program: Program) -> None:
        if not isinstance(program.module, torch.nn.Module):
            raise CompileUsageError("--quant quantizes an nn.Module for inference (no --train)")

    def compile(self, program: Program, profile: DeviceProfile, plan: CompilePlan) -> CompileReport:
        module = program.module
        assert isinstance(module, torch.nn.Module)  # check_program
        try:
            return compile_quantized(
                module, program.args, program.kwargs, profile, plan.target_options(), dynamic=self.dynamic
            )
        except QuantUnavailableError as e:
            raise CompileUsageError(f"--quant needs {e.requirement}" if e.requirement else str(e)) from None

    def capture(self) -> Any:
        from inductor_xpu.execution import capture_graph_inputs

        return capture_graph_inputs()

    def execute(self, compiled: CompileReport, run: ModeRun) -> None:
        """Against its PT2E program (the fresh build quantized again, with
        the same calibration: the same int8 weights and scales), then the
        outputs against CPU INT8 and the float model."""
        from inductor_xpu.compile.execution import execute_compiled

        real = run.real
        module = real.module
        assert isinstance(module, torch.nn.Module)  # check_program
        quantized = quantize(module, real.args, real.kwargs, device="xpu", dynamic=self.dynamic)
        results = execute_compiled(compiled, run.capture, quantized, real.args, real.kwargs)
        if len(results) == 1 and results[0].passed and results[0].outputs is not None:
            compiled.int8_agreements = int8_agreements(
                results[0].outputs, module, real.args, real.kwargs, dynamic=self.dynamic
            )

    def flags(self) -> list[str]:
        return ["inference", self.quant]

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        summary = summarize([g.source for g in compiled.generated], compiled.inductor_counters)
        unfused = summary["unfused"]
        data["quant"] = {
            **describe_flow("xpu", self.dynamic),
            **summary,
            # no INT8 pass matched, no oneDNN INT8 call, no (de)quantize left in
            # a kernel: the quantizer annotated nothing (no conv or linear)
            "nothing_quantized": compiled.status == "ok"
            and not (summary["counters"] or summary["onednn_calls"] or unfused["quantize"] or unfused["dequantize"]),
        }

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        lines = format_quant_summary(data["quant"])
        if data["quant"].get("nothing_quantized"):
            lines.append(
                "  INT8: nothing was quantized: the quantizer annotated no op of this model "
                "(XPUInductorQuantizer quantizes conv and linear and the ops around them); "
                "the code is the float program's"
            )
        return lines
