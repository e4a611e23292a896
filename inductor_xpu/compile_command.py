"""``python -m inductor_xpu compile``: Inductor's xpu output for a model, on
a machine without an Intel GPU.

The model (a built-in one, or ``FUNC()`` of a script returning ``(module,
example_inputs)`` built on CPU) is moved to fake xpu tensors of a simulated
device (:func:`inductor_xpu.targets.simulate`) and compiled once with
``torch.compile(backend="inductor")``, inside a
:class:`~inductor_xpu.analysis.sanitizer.CudaApiRecorder`.  Nothing runs on
any device.  Written to ``--out``:

* ``output_code_<n>.py``: each compiled graph's wrapper module with its
  Triton kernels (what ``TORCH_COMPILE_DEBUG`` saves as ``output_code.py``);
* ``report.json``: target, versions, per-graph Triton kernels, extern calls
  and ATen fallbacks, Inductor counters (the oneDNN/mkldnn ones also
  separately), graph breaks, ``torch.cuda`` uses (by package, by symbol,
  by caller), ``torch.xpu`` queries answered by this machine.

``--train`` compiles a training step (forward, backward, ``--optimizer``'s
step; ``report.json`` marks each graph's phase), ``--cpp-wrapper`` writes the
C++ wrapper (``output_code_<n>.cpp``) and ``--aot`` the AOTInductor package
sources (``aot/``), generated, never compiled.  What a simulation cannot do
is refused by the simulation itself and reported with its reason (exit
status 3), e.g. training where the autograd shim cannot be built.  See
docs/hardware_less_codegen.md.

Exit status: 0 compiled; 1 the compile failed; 2 bad arguments; 3 refused.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import logging
import os
import platform
import re
import shutil
import sys
from collections.abc import Callable
from typing import Any

import torch


log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_REFUSED = 3

DTYPES: dict[str, torch.dtype] = {
    "fp32": torch.float32,
    "fp16": torch.float16,
    "bf16": torch.bfloat16,
}

# Inductor counters that belong to the oneDNN (mkldnn) fusion and
# quantization passes (fx_passes/mkldnn_fusion.py, fx_passes/quantization.py).
ONEDNN_COUNTER_RE = re.compile(r"mkldnn|onednn|^q(conv|linear|maxpool|cat|reshape)|^woq|^dequant")

# Known stock-torch blockers of a simulation, recognised in error messages
# (docs/hardware_less_codegen.md, "Blockers in stock torch"): (text, why).
# None is left: SDPA's backend choice is made by the simulation
# (inductor_xpu.targets.sdpa), constant folding on the device is fixed by
# torch_patches/0080, and training and the C++ wrapper are supported.
KNOWN_BLOCKERS: tuple[tuple[str, str], ...] = ()


class CompileUsageError(ValueError):
    """Bad arguments: unknown model or target, unusable script."""


@dataclasses.dataclass
class CompileOptions:
    target: str = "max1550"
    model: str | None = None  # built-in model name; None and no script: "demo"
    script: str | None = None  # "PATH:FUNC"
    dtype: str = "fp32"
    freezing: bool = False
    train: bool = False
    cpp_wrapper: bool = False
    dynamic: bool = False
    quant: str | None = None  # inductor_xpu.quant.QUANT_MODES: PT2E INT8, implies freezing
    optimizer: str | None = None  # with train: "sgd"/"adamw" (inductor_xpu.targets.training)
    aot: bool = False  # AOTInductor package sources under <out>/aot (inductor_xpu.targets.aot)
    out: str | None = None  # default: out/compile-<target>

    @property
    def program_name(self) -> str:
        if self.script:
            return self.script
        return self.model or "demo"

    def out_dir(self, target_key: str) -> str:
        return self.out or os.path.join("out", f"compile-{target_key}")

    def command_line(self) -> str:
        """The ``python -m inductor_xpu compile`` call these options make."""
        parts = ["python -m inductor_xpu compile", f"--target {self.target}"]
        if self.script:
            parts.append(f"--script {self.script}")
        elif self.model:
            parts.append(f"--model {self.model}")
        if self.dtype != "fp32":
            parts.append(f"--dtype {self.dtype}")
        parts += [
            f"--{flag.replace('_', '-')}"
            for flag in ("freezing", "dynamic", "train", "cpp_wrapper", "aot")
            if getattr(self, flag)
        ]
        if self.quant:
            parts.append(f"--quant {self.quant}")
        if self.optimizer:
            parts.append(f"--optimizer {self.optimizer}")
        if self.out:
            parts.append(f"--out {self.out}")
        return " ".join(parts)


# ---------------------------------------------------------------------------
# reading generated wrapper code

_EXTERN_CALL_RE = re.compile(r"\b(extern_kernels\.\w+|torch\.ops\.\w+\.\w+(?:\.\w+)?|aten\.\w+(?:\.\w+)?)\(")
_FALLBACK_RE = re.compile(r"^(?:torch\.ops\.)?(?:aten|prims)\.")


@dataclasses.dataclass
class GraphSummary:
    """What one generated wrapper module does."""

    index: int
    file: str
    triton_kernels: list[str]
    kernel_device_strs: list[str]
    extern_calls: dict[str, int]
    fallbacks: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def summarize_wrapper(source: str, index: int = 0, file: str = "") -> GraphSummary:
    """Triton kernels defined, and calls the wrapper makes outside Triton:
    ``extern_kernels.*`` and ``torch.ops.*`` (extern calls), of which the
    ``aten``/``prims`` ones are ATen fallbacks (ops Inductor did not lower)."""
    from inductor_xpu.targets.simulation import strip_triton_blocks, triton_blocks

    blocks = triton_blocks(source)
    kernels = [b.kernel for b in blocks]
    device_strs = sorted({b.device_str for b in blocks})
    host = strip_triton_blocks(source)
    # Only the code that runs: not comments, not the benchmark harness.
    host = host.split("\ndef get_args():", 1)[0]
    calls: collections.Counter[str] = collections.Counter()
    for line in host.splitlines():
        code = line.split("#", 1)[0]
        calls.update(_EXTERN_CALL_RE.findall(code))
    fallbacks = {name: n for name, n in calls.items() if _FALLBACK_RE.match(name)}
    return GraphSummary(index, file, kernels, device_strs, dict(sorted(calls.items())), dict(sorted(fallbacks.items())))


# ---------------------------------------------------------------------------
# loading the program


def load_program(options: CompileOptions) -> tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any], str]:
    """``(module, args, kwargs, description)`` on CPU."""
    from inductor_xpu.builtin_models import BUILTIN_MODELS, build_model

    if options.script and options.model:
        raise CompileUsageError("give --model or --script, not both")
    if options.script:
        module, inputs = _call_script(options.script)
        description = f"{options.script}()"
    else:
        name = options.model or "demo"
        try:
            module, inputs = build_model(name)
        except KeyError as e:
            raise CompileUsageError(e.args[0]) from None
        description = BUILTIN_MODELS[name].description
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    if isinstance(inputs, dict):
        args, kwargs = (), dict(inputs)
    elif isinstance(inputs, (tuple, list)):
        args, kwargs = tuple(inputs), {}
    else:
        args, kwargs = (inputs,), {}
    if not callable(module):
        raise CompileUsageError(f"{options.program_name}: {type(module).__name__} is not callable")
    return module, args, kwargs, description


def _call_script(spec: str) -> tuple[Any, Any]:
    # an error in the user's script: its own frames, exit status 2
    from inductor_xpu.compile_checks import call_script

    return call_script(spec)


def _convert_dtype(value: Any, dtype: torch.dtype) -> Any:
    def convert(t: torch.Tensor) -> torch.Tensor:
        return t.to(dtype) if t.is_floating_point() else t

    return torch.utils._pytree.tree_map_only(torch.Tensor, convert, value)


# ---------------------------------------------------------------------------
# the command


@dataclasses.dataclass
class CommandResult:
    """What ``compile`` wrote: the report (``data``, as in ``report.json``)
    and the files under ``out_dir``; the exit status follows ``status``.
    (The in-memory result of one compile is ``targets.CompileReport``.)"""

    status: str  # "ok", "refused", "failed"
    out_dir: str
    data: dict[str, Any]
    files: list[str]
    error: str | None = None
    blocker: str | None = None

    @property
    def exit_code(self) -> int:
        return {"ok": EXIT_OK, "refused": EXIT_REFUSED}.get(self.status, EXIT_FAILED)


def _versions() -> dict[str, str]:
    import inductor_xpu

    try:
        import triton

        triton_version = triton.__version__
    except ImportError:
        triton_version = "not installed"
    return {
        "torch": torch.__version__,
        "triton": triton_version,
        "python": platform.python_version(),
        "inductor_xpu": inductor_xpu.__version__,
    }


def _overlay_section() -> dict[str, Any]:
    """``inductor_xpu.status()`` as JSON: active or not and why, torch,
    series digest, each patch's state."""
    import inductor_xpu

    return inductor_xpu.status().to_json()


def _overlay_warning(section: dict[str, Any] | None) -> str | None:
    from inductor_xpu.overlay.state import overlay_warning

    return overlay_warning(section) if section is not None else None


def _quant_summary(generated: list[Any], inductor_counters: dict[str, int]) -> dict[str, Any]:
    from inductor_xpu.quant import summarize

    return summarize([g.source for g in generated], inductor_counters)


def run_compile(options: CompileOptions) -> CommandResult:
    """Compile ``options``' program for the simulated target and write
    ``output_code_<n>.py`` and ``report.json`` under the output directory.
    Raises :class:`CompileUsageError` for bad arguments; a refused or failed
    compile is a report with that status."""
    from inductor_xpu.targets import compile_for_target, get_profile, TargetOptions, UnknownProfileError
    from inductor_xpu.targets.simulation import FREEZING_ADJUSTMENT

    try:
        profile = get_profile(options.target)
    except UnknownProfileError as e:
        raise CompileUsageError(str(e)) from None
    from inductor_xpu.targets.training import amp_context, AMP_DTYPES, check_training_options

    if options.dtype not in DTYPES and options.dtype not in AMP_DTYPES:
        raise CompileUsageError(f"--dtype must be one of {', '.join([*DTYPES, *AMP_DTYPES])}")
    dtype = DTYPES.get(options.dtype, torch.float32)  # AMP: fp32 module, autocast forward
    usage_problem = check_training_options(options.train, options.optimizer)
    if usage_problem:
        raise CompileUsageError(usage_problem)
    if options.aot and options.train:
        raise CompileUsageError("--aot compiles an inference graph (AOTInductor): drop --train")
    from inductor_xpu.compile_checks import prepare_out_dir

    out_dir = options.out_dir(profile.key)
    prepare_out_dir(out_dir)  # before the program is built and compiled
    module, args, kwargs, description = load_program(options)
    if dtype != torch.float32:
        if isinstance(module, torch.nn.Module):
            module = module.to(dtype)
        args, kwargs = _convert_dtype((args, kwargs), dtype)
    if isinstance(module, torch.nn.Module):
        module.train(options.train)
    quant_flow: dict[str, Any] | None = None
    if options.quant:
        # PT2E INT8 (inductor_xpu/quant.py): quantized and calibrated on CPU, then faked.
        from inductor_xpu.quant import describe_flow, move_factories_to, quantize, QUANT_MODES, QuantUnavailableError

        if options.quant not in QUANT_MODES:
            raise CompileUsageError(f"--quant must be one of {', '.join(QUANT_MODES)}")
        if options.train or not isinstance(module, torch.nn.Module):
            raise CompileUsageError("--quant quantizes an nn.Module for inference (no --train)")
        try:
            module = quantize(module, args, kwargs, device="xpu", dynamic=QUANT_MODES[options.quant])
        except QuantUnavailableError as e:
            raise CompileUsageError(str(e)) from None
        module = move_factories_to(module, "xpu:0")
        quant_flow = describe_flow("xpu", QUANT_MODES[options.quant])
        options = dataclasses.replace(options, freezing=True)

    for name in os.listdir(out_dir):  # stale files of an earlier run
        if re.fullmatch(r"output_code_\d+\.(py|cpp)|report\.json", name):
            os.remove(os.path.join(out_dir, name))
    if os.path.isdir(os.path.join(out_dir, "aot")):  # an earlier --aot's package sources
        shutil.rmtree(os.path.join(out_dir, "aot"))

    # What simulate() adds to the Inductor options (under freezing), reported.
    adjustments: dict[str, str] = dict(FREEZING_ADJUSTMENT) if options.freezing else {}
    inductor_config: dict[str, Any] = {"freezing": options.freezing, **{k: True for k in adjustments}}
    # Per-compile options (torch.compile(options=...)): the simulation sees
    # them where Inductor uses them, and refuses there what it cannot do.
    compile_options: dict[str, Any] = {"cpp_wrapper": True} if options.cpp_wrapper else {}
    data: dict[str, Any] = {
        "command": options.command_line(),
        "target": {
            "key": profile.key,
            "name": profile.name,
            "triton_arch": profile.triton_arch,
            "gpu_subslice_count": profile.gpu_subslice_count,
            "gpu_eu_count": profile.gpu_eu_count,
            "devices_per_card": profile.devices_per_card,
        },
        "versions": _versions(),
        # whether the series is in effect: without it this is stock torch's code
        "overlay": _overlay_section(),
        "program": {"name": options.program_name, "description": description},
        "options": {
            "dtype": options.dtype,
            "freezing": options.freezing,
            "train": options.train,
            "cpp_wrapper": options.cpp_wrapper,
            "dynamic": options.dynamic,
            "quant": options.quant,
            "optimizer": options.optimizer,
            "aot": options.aot,
        },
        "inductor_config": {**inductor_config, **compile_options},
        "simulation_adjustments": adjustments,
    }

    phases: list[str] = []  # with --train, the phase of each graph, in order
    aot_section: dict[str, Any] | None = None  # with --aot

    def step(sim: Any, fake_module: Any, fake_args: tuple[Any, ...], fake_kwargs: dict[str, Any]) -> None:
        nonlocal aot_section
        if options.aot:
            # AOTInductor package sources, not compiled: inductor_xpu.targets.aot
            from inductor_xpu.targets.aot import run_aot_step

            aot_section = run_aot_step(sim, fake_module, fake_args, fake_kwargs, out_dir, compile_options)
        elif options.train:
            # forward, backward (, optimizer step): inductor_xpu.targets.training
            from inductor_xpu.targets.training import run_training_step

            run_training_step(sim, fake_module, fake_args, fake_kwargs, options, compile_options, phases)
        # inference: no_grad, which freezing also requires (compile_fx)
        else:
            with torch.no_grad(), amp_context(sim.device_type, options.dtype):
                sim.compile(
                    fake_module,
                    *fake_args,
                    dynamic=options.dynamic or None,
                    options=compile_options or None,
                    **fake_kwargs,
                )

    compiled = compile_for_target(
        module,
        args,
        kwargs,
        profile,
        TargetOptions(
            inductor_config={"freezing": options.freezing},
            requires_grad=options.train,
            step=step,
            record_cuda=True,
        ),
    )
    status, error, blocker, error_text, hint = compiled.status, None, None, compiled.error_text, None
    if compiled.error is not None:
        from inductor_xpu.compile_checks import describe_failure

        # the user's error itself (a shape mismatch), and what to do where known
        error, hint = describe_failure(compiled.error)
        if status == "failed":
            blocker = next((why for text, why in KNOWN_BLOCKERS if text in str(compiled.error)), None)
    generated, device_queries, elapsed = compiled.generated, compiled.device_queries, compiled.elapsed_s

    files = []
    graphs = []
    for i, code in enumerate(generated):
        name = f"output_code_{i}.py"
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            f.write(code.source)
        files.append(name)
        graphs.append(summarize_wrapper(code.source, i, name).to_json())
        cpp = code.cpp_source() if hasattr(code, "cpp_source") else None
        if cpp is not None:  # --cpp-wrapper: the C++ wrapper, beside its Python module
            cpp_name = f"output_code_{i}.cpp"
            with open(os.path.join(out_dir, cpp_name), "w", encoding="utf-8") as f:
                f.write(cpp)
            files.append(cpp_name)
            graphs[-1]["cpp_file"] = cpp_name
        if options.train:  # which graph is which: forward / backward / optimizer
            graphs[-1]["phase"] = phases[i] if i < len(phases) else "unknown"
    inductor_counters = compiled.inductor_counters
    graph_breaks = compiled.graph_breaks
    data.update(
        {
            "status": status,
            "error": error,
            "error_text": error_text,
            "known_blocker": blocker,
            "hint": hint,
            "elapsed_s": round(elapsed, 2),
            "graphs": graphs,
            "totals": {
                "graphs": len(graphs),
                "triton_kernels": sum(len(g["triton_kernels"]) for g in graphs),
                "extern_calls": sum(sum(g["extern_calls"].values()) for g in graphs),
                "fallbacks": sum(sum(g["fallbacks"].values()) for g in graphs),
            },
            "counters": {
                "inductor": inductor_counters,
                "onednn": {k: v for k, v in inductor_counters.items() if ONEDNN_COUNTER_RE.search(k)},
            },
            "graph_breaks": {"count": sum(graph_breaks.values()), "reasons": dict(graph_breaks)},
            **({"quant": {**quant_flow, **_quant_summary(generated, inductor_counters)}} if quant_flow else {}),
            **({"aot": aot_section} if options.aot else {}),
            "cuda_api": compiled.cuda_uses.to_json() if compiled.cuda_uses is not None else None,
            "xpu_device_queries": [dataclasses.asdict(q) for q in device_queries],
        }
    )
    with open(os.path.join(out_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, default=str)
        f.write("\n")
    files.append("report.json")
    return CommandResult(status, out_dir, data, files, error, blocker)


def format_summary(report: CommandResult, *, callers: int = 5) -> str:
    from inductor_xpu.analysis.sanitizer import format_caller

    d = report.data
    opts = d["options"]
    mode = "training" if opts["train"] else "inference"
    flags = [opts["dtype"], mode] + [f for f in ("freezing", "cpp_wrapper", "dynamic") if opts[f]]
    flags += [opts["quant"]] if opts.get("quant") else []
    flags += [opts["optimizer"]] if opts.get("optimizer") else []
    flags += ["aot"] if opts.get("aot") else []
    lines = [
        f"compile {d['program']['name']} for {d['target']['key']} ({d['target']['name']}), "
        f"{', '.join(flags)}: {report.status.upper()}"
    ]
    overlay_warning = _overlay_warning(d.get("overlay"))
    if overlay_warning:
        lines.append(f"  {overlay_warning}")
    if report.error:
        lines.append(f"  {'refused' if report.status == 'refused' else 'error'}: {report.error}")
    if report.blocker:
        lines.append(f"  known stock-torch blocker: {report.blocker}")
    if d.get("hint"):
        lines.append(f"  hint: {d['hint']}")
    for option, why in d["simulation_adjustments"].items():
        lines.append(f"  simulation adjustment: {option}={why}")
    if d.get("aot"):
        n_files = sum(len(g["files"]) for g in d["aot"]["graphs"])
        n_kernels = sum(len(g["kernels"]) for g in d["aot"]["graphs"])
        lines.append(
            f"  AOTInductor sources (not compiled): {len(d['aot']['graphs'])} graph(s), {n_kernels} Triton "
            f"kernel(s), {n_files} files under {os.path.join(report.out_dir, d['aot']['dir'])}"
        )
    if opts["train"] and d["graphs"]:
        lines.append("  graphs: " + ", ".join(f"{g['file']} {g.get('phase', '?')}" for g in d["graphs"]))
    totals = d["totals"]
    extern: collections.Counter[str] = collections.Counter()
    for g in d["graphs"]:
        extern.update(g["extern_calls"])
    lines.append(
        f"  graphs: {totals['graphs']}  Triton kernels: {totals['triton_kernels']}  "
        f"extern calls: {totals['extern_calls']}  ATen fallbacks: {totals['fallbacks']}  "
        f"graph breaks: {d['graph_breaks']['count']}"
    )
    if extern:
        lines.append("  extern: " + ", ".join(f"{k} x{v}" for k, v in extern.most_common()))
    onednn = d["counters"]["onednn"]
    lines.append(
        "  oneDNN/mkldnn fusion counters: "
        + (", ".join(f"{k}={v}" for k, v in onednn.items()) if onednn else "none")
    )
    cuda = d["cuda_api"]
    by_package = ", ".join(f"{k} {v}" for k, v in cuda["by_package"].items())
    lines.append(f"  torch.cuda uses while compiling: {cuda['count']}" + (f" ({by_package})" if by_package else ""))
    inductor_callers = cuda["inductor_callers"]
    lines.append(f"  torch.cuda uses from torch._inductor: {sum(c['count'] for c in inductor_callers)}")
    for caller in inductor_callers[:callers]:
        lines.append(f"    {format_caller(caller)}")
    if len(inductor_callers) > callers:
        lines.append(f"    ... {len(inductor_callers) - callers} more in report.json")
    if d.get("quant"):
        from inductor_xpu.quant import format_quant_summary

        lines += format_quant_summary(d["quant"])
    lines.append(f"  wrote {', '.join(os.path.join(report.out_dir, f) for f in report.files)}")
    lines.append(f"  compile time: {d['elapsed_s']:.1f} s")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# CLI


def add_compile_parser(sub: Any) -> argparse.ArgumentParser:
    from inductor_xpu.builtin_models import BUILTIN_MODELS

    p = sub.add_parser(
        "compile",
        help="generate Inductor's xpu code for a model on a simulated Intel GPU (no device needed)",
        description="Compile a model with Inductor for a simulated Intel GPU (fake xpu tensors; "
        "nothing runs) and write each graph's generated code and a report.",
        epilog="exit status: 0 compiled, 1 the compile failed, 2 bad arguments, 3 refused by the simulation "
        "(e.g. --train without the autograd shim: see docs/hardware_less_codegen.md)",
    )
    p.add_argument("--target", default="max1550", help="device profile (default: max1550); see inductor_xpu.targets")
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
    p.add_argument(
        "--dtype",
        choices=[*DTYPES, "amp_bf16"],
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
        "--optimizer", choices=["sgd", "adamw"], help="with --train: also compile this optimizer's step"
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
        choices=["int8", "int8-dynamic"],
        help="PT2E INT8 with torchao's XPUInductorQuantizer, calibrated on CPU; implies --freezing "
        "(int8: static activation scales; int8-dynamic: per-batch)",
    )
    p.add_argument("--out", metavar="DIR", help="output directory (default: out/compile-<target>)")
    p.add_argument("--json", action="store_true", help="print report.json instead of the summary")
    p.set_defaults(func=main_compile)
    return p


def main_compile(args: argparse.Namespace) -> int:
    options = CompileOptions(
        target=args.target,
        model=args.model,
        script=args.script,
        dtype=args.dtype,
        freezing=args.freezing,
        train=args.train,
        cpp_wrapper=args.cpp_wrapper,
        dynamic=args.dynamic,
        quant=getattr(args, "quant", None),
        optimizer=getattr(args, "optimizer", None),
        aot=getattr(args, "aot", False),
        out=args.out,
    )
    try:
        report = run_compile(options)
    except CompileUsageError as e:
        print(f"compile: {e}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(report.data, indent=2, default=str))
    else:
        print(format_summary(report))
    return report.exit_code
