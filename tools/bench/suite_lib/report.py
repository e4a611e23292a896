"""The run's outputs: CSV in the dynamo harness's column style, a markdown
summary, and a PNG bar chart.

CSV columns start as the dynamo harness's do (``dev,name,batch_size,
speedup,abs_latency,compilation_latency,compression_ratio,...`` for
performance, ``dev,name,batch_size,accuracy,...`` for accuracy); the columns
this harness adds come after them.  Floats are written with six decimals and
a failed performance row has speedup 0, as there.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib.machine import machine_description
from benchlib.report import geomean, save_figure, write_csv  # noqa: F401 - write_csv: the suite's CSV writer
from suite_lib.orchestrator import OVERLAY, STOCK
from suite_lib.native import native_cells
from suite_lib.stats import DYNAMO_STAT_COLUMNS


_COMPILE_COLUMNS = ("kernels", "extern_calls", "fallbacks", "onednn_fusions")
_TAIL_COLUMNS = ("suite", "input", "variant", "process_time", "detail")

ACCURACY_COLUMNS = (
    "dev", "name", "batch_size", "accuracy", *DYNAMO_STAT_COLUMNS, "compilation_latency",
    *_COMPILE_COLUMNS, "tolerance", *_TAIL_COLUMNS,
)  # fmt: skip
PERFORMANCE_COLUMNS = (
    "dev", "name", "batch_size", "speedup", "abs_latency", "compilation_latency",
    "compression_ratio", "eager_peak_mem", "dynamo_peak_mem", *DYNAMO_STAT_COLUMNS,
    "eager_latency", *_COMPILE_COLUMNS, "status", *_TAIL_COLUMNS,
)  # fmt: skip
CODEGEN_COLUMNS = (
    "dev", "name", "batch_size", "codegen", "graphs", "graph_breaks", *_COMPILE_COLUMNS,
    "wrappers", "triton_kernels", "kernel_bytes", "extern_flops", "device_queries", "cuda_calls_inductor", "cuda_calls",
    "eager_time", "codegen_time", "fallback_ops", "onednn_counters", "device_query_sites",
    "cuda_inductor_sites", *_TAIL_COLUMNS,
)  # fmt: skip
# --codegen-only --run: after the codegen columns (suite_lib.execution).
RUN_COLUMNS = (
    "execution", "exec_plan", "exec_tolerance", "exec_max_abs_err", "exec_max_rel_err", "exec_cosine", "exec_out_max_abs",
    "graphs_ran",
    "graphs_cannot_execute", "kernels_launched", "kernels_coarsened", "extern_op_calls", "exec_time", "cannot_execute",
    "extern_ops",
    "references", "libdevice", "execution_detail",
    "exec_plan_detail",
)  # fmt: skip
COLUMNS = {"accuracy": ACCURACY_COLUMNS, "performance": PERFORMANCE_COLUMNS, "codegen": CODEGEN_COLUMNS}
STATUS_COLUMN = {"accuracy": "accuracy", "performance": "status", "codegen": "codegen"}

# Metrics set side by side in an overlay comparison (ratio = overlay / stock).
COMPARE_METRICS = {
    "accuracy": ("compilation_latency",),
    "performance": ("speedup", "abs_latency", "compilation_latency"),
    "codegen": ("kernels", "fallbacks", "onednn_fusions"),
}

# Statuses that mean "not run here" rather than "failed".
NOT_RUN = {"missing_dependency", "codegen_unavailable", "not_run"}


def flatten(row: dict[str, Any], mode: str) -> dict[str, Any]:
    """A worker row as one CSV record of ``mode``'s columns."""
    stats = row.get("compile_stats") or {}
    dynamo = stats.get("dynamo") or {}
    flat: dict[str, Any] = {k: row.get(k) for k in COLUMNS[mode]}
    flat[STATUS_COLUMN[mode]] = row.get("status", "")
    for k in DYNAMO_STAT_COLUMNS:
        flat[k] = dynamo.get(k)
    for k in _COMPILE_COLUMNS:
        flat[k] = stats.get(k)
    if mode == "performance" and row.get("status") != "pass":
        flat["speedup"] = 0.0
    if mode == "codegen":
        flat["graphs"] = dynamo.get("unique_graphs")
        flat["graph_breaks"] = dynamo.get("graph_breaks")
        flat["fallback_ops"] = ";".join(f"{k}={v}" for k, v in (stats.get("fallback_ops") or {}).items())
        flat["onednn_counters"] = ";".join(f"{k}={v}" for k, v in (stats.get("onednn") or {}).items())
        sites = row.get("device_queries") or []
        flat["device_queries"] = len(sites) if stats else None
        flat["device_query_sites"] = ";".join(sites)
        flat["cuda_inductor_sites"] = ";".join(row.get("cuda_inductor_sites") or [])
        plan = row.get("plan") or {}
        flat["kernel_bytes"] = plan.get("kernel_bytes")  # suite_lib.plan
        flat["extern_flops"] = plan.get("extern_flops")
        if "execution" in row:
            flat.update(run_cells(row))
        if "native" in row:
            flat.update(native_cells(row["native"]))
    return flat


def run_cells(row: dict[str, Any]) -> dict[str, Any]:
    """A --run row's execution columns (``RUN_COLUMNS``), lists and counts as text."""
    cells = {k: row.get(k) for k in RUN_COLUMNS}
    cells["extern_op_calls"] = sum((row.get("extern_ops") or {}).values())
    cells["cannot_execute"] = ";".join(row.get("cannot_execute") or [])
    for k in ("extern_ops", "references", "libdevice"):
        cells[k] = ";".join(f"{name}={n}" for name, n in (row.get(k) or {}).items())
    return cells


def compare_rows(rows: list[dict[str, Any]], mode: str) -> list[dict[str, Any]]:
    """Pair the stock and overlay rows of each model: both values and ratios."""
    by_name: dict[str, dict[str, dict[str, Any]]] = {}
    order: list[str] = []
    for row in rows:
        if row["name"] not in by_name:
            order.append(row["name"])
        by_name.setdefault(row["name"], {})[row.get("variant", "")] = flatten(row, mode)
    status = STATUS_COLUMN[mode]
    out = []
    for name in order:
        pair = by_name[name]
        stock, overlay = pair.get(STOCK, {}), pair.get(OVERLAY, {})
        rec: dict[str, Any] = {
            "dev": stock.get("dev") or overlay.get("dev"),
            "name": name,
            "batch_size": stock.get("batch_size") or overlay.get("batch_size"),
            f"{status}_stock": stock.get(status),
            f"{status}_overlay": overlay.get(status),
        }
        for metric in COMPARE_METRICS[mode]:
            a, b = stock.get(metric), overlay.get(metric)
            rec[f"{metric}_stock"] = a
            rec[f"{metric}_overlay"] = b
            ok = isinstance(a, (int, float)) and isinstance(b, (int, float)) and a
            rec[f"{metric}_ratio"] = (b / a) if ok else None  # type: ignore[operator]
        out.append(rec)
    return out


def compare_columns(mode: str) -> list[str]:
    status = STATUS_COLUMN[mode]
    cols = ["dev", "name", "batch_size", f"{status}_stock", f"{status}_overlay"]
    for metric in COMPARE_METRICS[mode]:
        cols += [f"{metric}_stock", f"{metric}_overlay", f"{metric}_ratio"]
    return cols


# ------------------------------------------------------------------ summary


@dataclasses.dataclass
class RunInfo:
    """What the summary says about the run itself."""

    title: str
    command: str
    date: str
    mode: str
    wall_time_s: float
    env: dict[str, Any]  # from a worker: versions, device, overlay
    variants: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


def _summary_line(rows: list[dict[str, Any]], mode: str) -> dict[str, Any]:
    statuses = [r.get("status", "") for r in rows]
    ran = [s for s in statuses if s not in NOT_RUN]
    passed = sum(1 for s in ran if s == "pass")
    line = {
        "rows": len(rows),
        "ran": len(ran),
        "pass": passed,
        "pass_rate": passed / len(ran) if ran else None,
        "not_run": len(rows) - len(ran),
    }
    if mode == "performance":
        line["geomean_speedup"] = geomean(r.get("speedup") for r in rows if r.get("status") == "pass")
        line["geomean_compile_s"] = geomean(
            r.get("compilation_latency") for r in rows if r.get("status") == "pass"
        )
    return line


def _cell(value: Any, digits: int = 3) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def render_markdown(
    info: RunInfo,
    rows: list[dict[str, Any]],
    *,
    csv_files: Sequence[Path],
    chart: Path | None,
    relative_to: Path,
) -> str:
    mode = info.mode
    env = info.env
    out = [f"# {info.title}", ""]
    out += ["| | |", "|---|---|"]
    out.append(f"| command | `{info.command}` |")
    out.append(f"| date | {info.date} |")
    out.append(f"| machine | {_cell(machine_description(memory=True))} |")
    out.append(f"| device | {_cell(env.get('device'))}: {_cell(env.get('device_name'))} |")
    versions = ", ".join(
        f"{k} {env[k]}" for k in ("python", "torch", "triton", "timm", "transformers", "torchvision")
        if env.get(k)
    )
    out.append(f"| versions | {versions} |")
    if info.variants:
        for variant, venv in info.variants.items():
            out.append(f"| overlay ({variant}) | {_cell(venv.get('overlay'))} |")
    else:
        # Rows can differ when the series changes during a run.
        states = sorted({str((r.get("env") or {}).get("overlay")) for r in rows if r.get("env")})
        out.append(f"| overlay | {_cell('; '.join(states) or env.get('overlay'))} |")
    out.append(f"| torch threads | {_cell(env.get('threads'))} |")
    out.append(f"| wall time | {info.wall_time_s:.0f} s |")
    out.append("")

    out += ["## Summary", ""]
    variants = sorted({r.get("variant", "") for r in rows})
    head = ["suite", "variant", "rows", "ran", "pass", "pass rate"]
    if mode == "performance":
        head += ["geomean speedup", "geomean compile s"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    suites = sorted({r.get("suite", "") for r in rows})
    for suite in suites + (["all"] if len(suites) > 1 else []):
        for variant in variants:
            sel = [
                r for r in rows if (suite == "all" or r.get("suite") == suite) and r.get("variant", "") == variant
            ]
            if not sel:
                continue
            s = _summary_line(sel, mode)
            rate = f"{100 * s['pass_rate']:.1f}%" if s["pass_rate"] is not None else "n/a"
            cells = [suite, variant or "-", s["rows"], s["ran"], s["pass"], rate]
            if mode == "performance":
                cells += [
                    _cell(s["geomean_speedup"]) + ("x" if s["geomean_speedup"] else ""),
                    _cell(s["geomean_compile_s"], 1),
                ]
            out.append("| " + " | ".join(str(c) for c in cells) + " |")
    out += [
        "",
        "Pass rate is over the rows that ran: `missing_dependency`, `codegen_unavailable` and `not_run` "
        "(time budget spent) rows did not.",
        "",
    ]
    if any(r.get("combined") for r in rows):
        out += [
            "Accuracy and performance ran in one process and on one compile per model "
            "(`--accuracy --performance`): the accuracy check judged the performance run's "
            "compiled model, at the performance batch size, with deterministic convolutions but "
            "without deterministic algorithms or `fallback_random`; its compilation latency is "
            "the performance run's.",
            "",
        ]

    # --compare-overlay rows (--compare-target's variants are profiles:
    # their comparison is the plan-parity table)
    if any(r.get("variant") in (STOCK, OVERLAY) for r in rows):
        out += ["## Stock vs overlay", ""]
        comp = compare_rows(rows, mode)
        cols = compare_columns(mode)[1:]
        out.append("| " + " | ".join(cols) + " |")
        out.append("|" + "---|" * len(cols))
        for rec in comp:
            out.append("| " + " | ".join(_cell(rec.get(c)) for c in cols) + " |")
        out.append("")
        if mode == "performance":
            ratios = [r["speedup_ratio"] for r in comp if r.get("speedup_ratio")]
            g = geomean(ratios)
            if g is not None:
                out += [
                    f"Geomean overlay/stock speedup ratio: **{g:.3f}** over {len(ratios)} model(s) "
                    "that passed in both variants.",
                    "",
                ]

    run = any("execution" in r for r in rows)
    if run:
        out += execution_summary(rows)

    out += ["## Per model", ""]
    cols = ["name", "suite", "variant", "batch_size", "input", "status"]
    if mode == "accuracy":
        cols += ["compilation_latency", "graphs", "graph_breaks", "kernels", "fallbacks", "tolerance"]
    elif mode == "performance":
        cols += ["speedup", "abs_latency", "eager_latency", "compilation_latency"]
        cols += ["eager_peak_mem", "dynamo_peak_mem", "graph_breaks"]
    elif run:
        cols += ["graphs", "graph_breaks", "kernels", "codegen_time", "execution", "exec_tolerance"]
        cols += ["exec_max_abs_err", "exec_max_rel_err", "exec_cosine", "graphs_ran", "graphs_cannot_execute"]
        cols += ["kernels_launched", "extern_op_calls", "exec_time"]
    else:
        cols += ["graphs", "graph_breaks", "kernels", "extern_calls", "fallbacks", "onednn_fusions", "device_queries"]
        cols += ["cuda_calls_inductor", "codegen_time"]
    cols += ["execution_detail" if run else "detail"]
    if not any(r.get("variant") for r in rows):
        cols.remove("variant")
    out.append("| " + " | ".join(cols) + " |")
    out.append("|" + "---|" * len(cols))
    for row in rows:
        stats = row.get("compile_stats") or {}
        dynamo = stats.get("dynamo") or {}
        values = {
            **row,
            **(run_cells(row) if "execution" in row else {}),
            "execution_detail": row.get("execution_detail") if "execution" in row else row.get("detail"),
            **{k: f"{row[k]:.2e}" for k in ("exec_max_abs_err", "exec_max_rel_err") if isinstance(row.get(k), float)},
            **({"exec_cosine": f"{row['exec_cosine']:.6f}"} if isinstance(row.get("exec_cosine"), float) else {}),
            "device_queries": len(row.get("device_queries") or []) if stats else None,
            "graphs": dynamo.get("unique_graphs"),
            "graph_breaks": dynamo.get("graph_breaks"),
            **{k: stats.get(k) for k in _COMPILE_COLUMNS},
        }
        out.append("| " + " | ".join(_cell(values.get(c)) for c in cols) + " |")
    out.append("")
    out.append(
        "Latencies in ms, compilation latency in s, peak memory in GB (blank where "
        "the device does not report an allocator peak, as on CPU)."
        if mode == "performance"
        else "Compilation latency in s: the compiled run, compilation plus its 2 iterations."
        if mode == "accuracy"
        else "`execution`: the generated program executed on CPU (Triton kernels in Triton's interpreter, "
        "extern calls on the CPU kernels of the same ops) against eager CPU at `exec_tolerance` (the suite's; "
        "fp16/bf16 against the float64 program); errors in fp32 over all outputs, `exec_cosine` the lowest; "
        "`kernels_launched`: Triton kernel launches; `extern_op_calls`: calls outside Triton kernels; "
        "`exec_time` and `codegen_time` in s."
        if run
        else "Counts from Inductor on fake tensors; nothing was executed. `device_queries`: "
        "torch.xpu call sites while compiling; `cuda_calls_inductor`: torch.cuda uses made from "
        "torch._inductor while compiling (the sanitizer; all packages in the CSV's `cuda_calls`); "
        "`codegen_time` in s."
    )
    out.append("")
    out += ["## Files", ""]
    for f in csv_files:
        out.append(f"- `{os.path.relpath(f, relative_to)}`")
    if chart is not None:
        rel = os.path.relpath(chart, relative_to)
        out += [f"- `{rel}`", "", f"![per-model chart]({rel})"]
    out.append("")
    return "\n".join(out)


def execution_summary(rows: list[dict[str, Any]]) -> list[str]:
    """--run: the execution verdicts, their pass rate over the rows that
    generated code, and the libdevice functions the generated code calls."""
    generated = [r for r in rows if "execution" in r]
    counts: dict[str, int] = {}
    for r in generated:
        counts[r["execution"]] = counts.get(r["execution"], 0) + 1
    passed = counts.get("pass", 0)
    out = ["## Execution on CPU", ""]
    out.append(
        f"{passed} of {len(generated)} generated programs pass "
        f"({100 * passed / len(generated):.1f}%)" if generated else "No program was generated."
    )
    out += ["", "| verdict | rows |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in sorted(counts.items())]
    libdevice: dict[str, int] = {}
    for r in generated:
        for name, n in (r.get("libdevice") or {}).items():
            libdevice[name] = libdevice.get(name, 0) + n
    if libdevice:
        out += ["", "libdevice calls in the generated code: "
                + ", ".join(f"`{k}` {v}" for k, v in sorted(libdevice.items(), key=lambda kv: -kv[1]))]  # fmt: skip
    out.append("")
    return out


# ------------------------------------------------------------------ chart

_STATUS_COLORS = {"pass": "#2e7d32", "fail_accuracy": "#c62828", "fail_to_run": "#ef6c00",
                  "timeout": "#6a1b9a", "fail_to_codegen": "#ef6c00", "cannot_execute": "#1565c0",
                  "not_compared": "#9e9e9e"}  # fmt: skip


def plot(rows: list[dict[str, Any]], mode: str, path: Path, title: str) -> Path:
    """Per-model bars: speedup (performance; stock and overlay side by side
    when compared), compilation latency (accuracy) or kernel count (codegen),
    coloured by status where there is one series."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metric, label = {
        "performance": ("speedup", "speedup over eager (x)"),
        "accuracy": ("compilation_latency", "compilation latency (s)"),
        "codegen": ("kernels", "generated kernels"),
    }[mode]
    run = mode == "codegen" and any("execution" in r for r in rows)
    status_key = "execution" if run else "status"
    if run:
        metric, label = "exec_max_abs_err", "max abs error vs eager CPU (executed on CPU)"

    def value(row: dict[str, Any]) -> float:
        if metric == "kernels":
            v = (row.get("compile_stats") or {}).get("kernels")
        else:
            v = row.get(metric)
        if mode == "performance" and row.get("status") != "pass":
            v = 0.0
        return float(v) if isinstance(v, (int, float)) else 0.0

    names: list[str] = []
    for r in rows:
        if r["name"] not in names:
            names.append(r["name"])
    variants = sorted({r.get("variant", "") for r in rows})
    fig, ax = plt.subplots(figsize=(max(6.0, 0.45 * len(names) * max(1, len(variants)) + 2), 4.8))
    width = 0.8 / max(1, len(variants))
    for i, variant in enumerate(variants):
        by_name = {r["name"]: r for r in rows if r.get("variant", "") == variant}
        xs = [j + (i - (len(variants) - 1) / 2) * width for j in range(len(names))]
        ys = [value(by_name[n]) if n in by_name else 0.0 for n in names]
        floor = 1e-9 if run else 0.0  # a log axis: no error (or none measured) at its floor
        ys = [max(y, floor) for y in ys]
        if len(variants) == 1:
            colors = [_STATUS_COLORS.get(by_name[n].get(status_key) or "", "#9e9e9e") if n in by_name else "#9e9e9e"
                      for n in names]  # fmt: skip
            ax.bar(xs, ys, width=width, color=colors)
            for x, n in zip(xs, names):
                status = (by_name[n].get(status_key) or by_name[n].get("status", "")) if n in by_name else "missing"
                if status != "pass":
                    ax.text(x, floor, f" {status}", rotation=90, ha="center", va="bottom", fontsize=7)
        else:
            ax.bar(xs, ys, width=width, label=variant)
    if mode == "performance":
        ax.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
    if len(variants) > 1:
        ax.legend()
    else:
        from matplotlib.patches import Patch

        seen = sorted({r.get(status_key) or r.get("status", "") for r in rows})
        ax.legend(handles=[Patch(color=_STATUS_COLORS.get(s, "#9e9e9e"), label=s) for s in seen], fontsize=8)
    if run:
        ax.set_yscale("log")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel(label)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return save_figure(fig, path)
