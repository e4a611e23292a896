"""``report.json`` and the summary of ``python -m inductor_xpu compile``.

:func:`build_report` turns the one result of a compile
(:class:`inductor_xpu.compile.pipeline.CompileReport`) and the command's options into
``report.json``'s contents: target, versions, the overlay's state, per-graph
Triton kernels, extern calls and ATen fallbacks (and the phase of each graph
of a training step), Inductor counters (the oneDNN/mkldnn ones also
separately), graph breaks, the AOT sources, the INT8 passes' work,
``torch.cuda`` uses (by package, by symbol, by caller), ``torch.xpu``
queries answered by this machine.  :func:`write_outputs` writes each graph's
code and the report; :func:`format_summary` is what the command prints.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import os
import platform
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu import generated_code
from inductor_xpu.compile.options import CompileOptions
from inductor_xpu.compile.outdir import AOT_SUBDIR, OutputDirectory


if TYPE_CHECKING:
    from inductor_xpu.compile.pipeline import CompileReport
    from inductor_xpu.device.profile import DeviceProfile


__all__ = ["GraphSummary", "build_report", "describe_failure", "format_summary", "summarize_wrapper", "write_outputs"]

# ---------------------------------------------------------------------------
# reading generated wrapper code (through inductor_xpu.generated_code)


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
    blocks = generated_code.triton_blocks(source)
    calls = generated_code.extern_calls(source)
    return GraphSummary(
        index,
        file,
        [b.kernel for b in blocks],
        sorted({b.device_str for b in blocks}),
        calls,
        generated_code.fallbacks(calls),
    )


# ---------------------------------------------------------------------------
# failed compiles

DATA_DEPENDENT_HINT = (
    "the program reads a tensor's value (.item(), bool(t), `if t`, ...): fake tensors have "
    "no values, so a simulation cannot resolve that branch. Write it as data "
    "(torch.where, torch.cond), or decide it outside the compiled function (in FUNC, "
    "on CPU) and pass the result in; a graph break or torch._check(...) does not help "
    "here, since .item() itself needs a value"
)

_DATA_DEPENDENT_TYPES = ("DataDependentOutputException", "GuardOnDataDependentSymNode")


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else ""


def describe_failure(inner: BaseException) -> tuple[str, str | None]:
    """``(summary line, hint)`` for the innermost error of a failed compile:
    the error of the user's program itself rather than Dynamo's wrapper
    around it (a shape mismatch), and what to do about control flow on a
    tensor's value, which fake tensors cannot resolve."""
    from inductor_xpu.compile.pipeline import error_chain

    line = f"{type(inner).__name__}: {_first_line(inner)}"
    chain = error_chain(inner, context="always")
    if any(type(x).__name__ in _DATA_DEPENDENT_TYPES for x in chain):
        return line, DATA_DEPENDENT_HINT
    # Dynamo's "RuntimeError when making fake tensor call" wraps the error
    # of the op itself (a shape mismatch ...): name that one.
    if type(inner).__name__ == "TorchRuntimeError" and len(chain) > 1:
        root = chain[-1]
        if _first_line(root) and root is not inner:
            return f"{type(root).__name__}: {_first_line(root)} ({line})", None
    return line, None


# ---------------------------------------------------------------------------
# the report


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


def _quant_section(compiled: CompileReport, dynamic: bool) -> dict[str, Any]:
    from inductor_xpu.modes.int8 import describe_flow, summarize

    summary = summarize([g.source for g in compiled.generated], compiled.inductor_counters)
    unfused = summary["unfused"]
    return {
        **describe_flow("xpu", dynamic),
        **summary,
        # no INT8 pass matched, no oneDNN INT8 call, no (de)quantize left in
        # a kernel: the quantizer annotated nothing (no conv or linear)
        "nothing_quantized": compiled.status == "ok"
        and not (summary["counters"] or summary["onednn_calls"] or unfused["quantize"] or unfused["dequantize"]),
    }


def _aot_section(compiled: CompileReport) -> dict[str, Any]:
    return {
        "dir": AOT_SUBDIR,
        "compiled": False,
        "graphs": [
            {"files": [os.path.join(AOT_SUBDIR, f) for f in sources.files()], "kernels": sources.kernels}
            for sources in compiled.aot or []
        ],
    }


def build_report(
    options: CompileOptions,
    profile: DeviceProfile,
    description: str,
    compiled: CompileReport,
    *,
    adjustments: dict[str, str],
    inductor_config: dict[str, Any],
) -> dict[str, Any]:
    """``report.json``'s contents (without the graphs' file names, which
    :func:`write_outputs` adds)."""
    error = hint = None
    if compiled.error is not None:
        # the user's error itself (a shape mismatch), and what to do where known
        error, hint = describe_failure(compiled.error)
    graphs = []
    for i, code in enumerate(compiled.generated):
        graphs.append(summarize_wrapper(code.source, i, f"output_code_{i}.py").to_json())
        if options.train:  # which graph is which: forward / backward / optimizer
            graphs[-1]["phase"] = compiled.phases[i] if i < len(compiled.phases) else "unknown"
    counters = compiled.inductor_counters
    graph_breaks = compiled.graph_breaks
    return {
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
            "native": options.native,
        },
        "inductor_config": inductor_config,
        "simulation_adjustments": adjustments,
        "status": compiled.status,
        "error": error,
        "error_text": compiled.error_text,
        "hint": hint,
        "elapsed_s": round(compiled.elapsed_s, 2),
        "graphs": graphs,
        "totals": {
            "graphs": len(graphs),
            "triton_kernels": sum(len(g["triton_kernels"]) for g in graphs),
            "extern_calls": sum(sum(g["extern_calls"].values()) for g in graphs),
            "fallbacks": sum(sum(g["fallbacks"].values()) for g in graphs),
        },
        "counters": {
            "inductor": counters,
            "onednn": generated_code.onednn_counters(counters),
        },
        "graph_breaks": {"count": sum(graph_breaks.values()), "reasons": dict(graph_breaks)},
        **({"quant": _quant_section(compiled, options.dynamic_quant)} if options.quant else {}),
        **({"aot": _aot_section(compiled)} if options.aot else {}),
        **({"distributed": compiled.distributed.to_json()} if compiled.distributed is not None else {}),
        # max_autotune: each op's choice among its templates, by the simulation's rule
        **({"autotune": [c.to_json() for c in compiled.autotune]} if options.max_autotune else {}),
        "cuda_api": compiled.cuda_uses.to_json() if compiled.cuda_uses is not None else None,
        "xpu_device_queries": [dataclasses.asdict(q) for q in compiled.device_queries],
        # run: each graph executed on CPU against eager (None: not executed)
        "execution": _execution_section(compiled),
        # native: each Triton kernel compiled by Intel's compilers (None: not asked)
        "native": _native_section(compiled),
        # native with --cpp-wrapper/--aot: the C++ type-checked against SYCL's headers
        "cpp_check": compiled.cpp_check.to_json() if compiled.cpp_check is not None else None,
    }


def _native_section(compiled: CompileReport) -> dict[str, Any] | None:
    if compiled.native is None:
        return None
    return {**compiled.native.to_json(), "lines": compiled.native.summary_lines()}


# The template config keys the summary shows (report.json has them all).
_AUTOTUNE_SHOWN = ("BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps", "num_stages")


def _execution_section(compiled: CompileReport) -> dict[str, Any] | None:
    from inductor_xpu.compile.execution import execution_section

    if compiled.execution is None:
        return None
    return execution_section(compiled.execution, compiled.int8_agreements)


def write_outputs(out: OutputDirectory, compiled: CompileReport, data: dict[str, Any]) -> list[str]:
    """Write each graph's code (``output_code_<n>.py``, and ``.cpp`` for
    the C++ wrapper), the AOT sources under ``aot/`` and ``report.json``,
    all at once (:meth:`OutputDirectory.commit`: nothing of the earlier
    run's is removed before they are in place); return the files written
    beside the report, in order."""
    files = []
    for i, code in enumerate(compiled.generated):
        name = f"output_code_{i}.py"
        out.add(name, code.source)
        files.append(name)
        cpp = code.cpp_source()
        if cpp is not None:  # --cpp-wrapper: the C++ wrapper, beside its Python module
            cpp_name = f"output_code_{i}.cpp"
            out.add(cpp_name, cpp)
            files.append(cpp_name)
            data["graphs"][i]["cpp_file"] = cpp_name
    for sources in compiled.aot or []:  # written by targets.aot in a staging directory: their texts
        for rel, text in sources.texts.items():
            out.add(os.path.join(AOT_SUBDIR, rel), text)
    out.add("report.json", json.dumps(data, indent=2, default=str) + "\n")
    files.append("report.json")
    out.commit()
    return files


# ---------------------------------------------------------------------------
# the summary


def format_summary(report: CompileReport, *, callers: int = 5) -> str:
    """What ``compile`` prints: ``report.data`` (report.json) in lines."""
    from inductor_xpu.analysis.sanitizer import format_caller
    from inductor_xpu.overlay.state import overlay_warning

    d = report.data
    assert d is not None, "format_summary reads a report run_compile filled (its data: report.json)"
    opts = d["options"]
    mode = "training" if opts["train"] else "inference"
    flags = [opts["dtype"], mode] + [f for f in ("freezing", "cpp_wrapper", "dynamic") if opts[f]]
    flags += [opts["quant"]] if opts.get("quant") else []
    flags += [opts["optimizer"]] if opts.get("optimizer") else []
    flags += ["aot"] if opts.get("aot") else []
    status = d["status"]
    lines = [
        f"compile {d['program']['name']} for {d['target']['key']} ({d['target']['name']}), "
        f"{', '.join(flags)}: {status.upper()}"
    ]
    warning = overlay_warning(d["overlay"]) if d.get("overlay") is not None else None
    if warning:
        lines.append(f"  {warning}")
    if d.get("error"):
        lines.append(f"  {'refused' if status == 'refused' else 'error'}: {d['error']}")
    if d.get("hint"):
        lines.append(f"  hint: {d['hint']}")
    for option, why in d["simulation_adjustments"].items():
        lines.append(f"  simulation adjustment: {option}={why}")
    if d.get("aot"):
        n_files = sum(len(g["files"]) for g in d["aot"]["graphs"])
        n_kernels = sum(len(g["kernels"]) for g in d["aot"]["graphs"])
        lines.append(
            f"  AOTInductor sources (not compiled): {len(d['aot']['graphs'])} graph(s), {n_kernels} Triton "
            f"kernel(s), {n_files} files under {os.path.join(report.out_dir or '', d['aot']['dir'])}"
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
    if d.get("distributed") is not None:
        from inductor_xpu.modes.distributed import summary_lines

        lines += summary_lines(d["distributed"], cuda)
    if d.get("autotune") is not None:
        chosen = d["autotune"]
        lines.append(
            f"  max-autotune: {len(chosen)} choice(s), nothing benchmarked"
            + (f" (rule: {chosen[0]['rule'].split(':')[0]})" if chosen else "")
        )
        for c in chosen:
            config = ", ".join(f"{k}={v}" for k, v in c["config"].items() if k in _AUTOTUNE_SHOWN)
            lines.append(
                f"    graph {c['graph']} {c['op']} {' x '.join(c['inputs'])}: {c['kind']} {c['name']} "
                f"(choice {c['index'] + 1} of {c['choices']}{'; ' + config if config else ''})"
            )
            # with the native spill check (device/simulation/autotune.py: RULE_SPILLS)
            rejected = c.get("rejected", [])
            for r in rejected[:callers]:
                skipped = ", ".join(f"{k}={v}" for k, v in r["config"].items() if k in _AUTOTUNE_SHOWN)
                first = f", {r['first_spill_bytes']:,} at GRF 128" if r.get("first_spill_bytes") else ""
                lines.append(
                    f"      rejected choice {r['index'] + 1} {r['name']} ({skipped}): spills {r['spill_bytes']:,} "
                    f"bytes at GRF {r['grf']}{first} > spill_threshold {r['threshold']}"
                )
            if len(rejected) > callers:
                lines.append(f"      ... {len(rejected) - callers} more rejected in report.json")
            if c.get("spill_check") and c["spill_check"].get("fallback"):
                lines.append(f"      spill check: {c['spill_check']['fallback']}")
    if d.get("quant"):
        from inductor_xpu.modes.int8 import format_quant_summary

        lines += format_quant_summary(d["quant"])
        if d["quant"].get("nothing_quantized"):
            lines.append(
                "  INT8: nothing was quantized: the quantizer annotated no op of this model "
                "(XPUInductorQuantizer quantizes conv and linear and the ops around them); "
                "the code is the float program's"
            )
    if d.get("execution") is not None:
        from inductor_xpu.compile.execution import execution_lines

        lines += execution_lines(d["execution"])
    if d.get("native") is not None:
        lines += [f"  {line}" for line in d["native"]["lines"]]
    elif d["options"].get("native") and d["status"] == "ok":
        lines.append("  native compile: the AOTInductor package's Triton kernels are not compiled natively yet")
    if report.cpp_check is not None:
        lines += [f"  {line}" for line in report.cpp_check.summary_lines()]
    lines.append(f"  wrote {', '.join(os.path.join(report.out_dir or '', f) for f in report.files)}")
    lines.append(f"  compile time: {d['elapsed_s']:.1f} s")
    return "\n".join(lines)
