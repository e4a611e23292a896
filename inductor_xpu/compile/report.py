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
    graphs = [
        summarize_wrapper(code.source, i, f"output_code_{i}.py").to_json() for i, code in enumerate(compiled.generated)
    ]
    counters = compiled.inductor_counters
    graph_breaks = compiled.graph_breaks
    data = {
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
        "cuda_api": compiled.cuda_uses.to_json() if compiled.cuda_uses is not None else None,
        "xpu_device_queries": [dataclasses.asdict(q) for q in compiled.device_queries],
        # run: each graph executed on CPU against eager (None: not executed)
        "execution": _execution_section(compiled),
        # native: each Triton kernel compiled by Intel's compilers, and with
        # --cpp-wrapper/--aot the C++ type-checked against SYCL's headers
        # (None: not asked; inductor_xpu.modes.native)
        "native": None,
        "cpp_check": None,
    }
    # each compile mode's own sections (INT8, AOT, distributed, autotune, native ...)
    for mode in compiled.modes:
        mode.add_to_report(data, compiled)
    return data


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


def terminal_text(text: str) -> str:
    """``text`` as it may reach a terminal: every character that is not
    printable (a control character -- an escape sequence's ESC, a carriage
    return, a backspace -- or a byte that was not text, decoded as a lone
    surrogate) written as its escape (``\\x1b``), newlines and tabs kept.
    The tools' own output (ocloc's, a compiler's) reaches the summary's
    lines as it came."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch in "\n\t":
            out.append(ch)
        elif 0xDC80 <= ord(ch) <= 0xDCFF:  # an undecodable byte (surrogateescape)
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def format_summary(report: CompileReport, *, callers: int = 5) -> str:
    """What ``compile`` prints: ``report.data`` (report.json) in lines."""
    from inductor_xpu.analysis.sanitizer import format_caller
    from inductor_xpu.overlay.state import overlay_warning

    d = report.data
    assert d is not None, "format_summary reads a report run_compile filled (its data: report.json)"
    flags = [d["options"]["dtype"], *(flag for mode in report.modes for flag in mode.flags())]
    flags += ["dynamic"] if d["options"]["dynamic"] else []
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
    for mode in report.modes:
        lines += mode.summary_lines(d, report)
    if d.get("execution") is not None:
        from inductor_xpu.compile.execution import execution_lines

        lines += execution_lines(d["execution"])
    lines.append(f"  wrote {', '.join(os.path.join(report.out_dir or '', f) for f in report.files)}")
    native_s = (d.get("native") or {}).get("wall_seconds")
    # elapsed_s: the whole compile, the native compile and C++ type-check included
    native = f" (native compile {native_s:.1f} s)" if native_s else ""
    lines.append(f"  compile time: {d['elapsed_s']:.1f} s{native}")
    return terminal_text("\n".join(lines))
