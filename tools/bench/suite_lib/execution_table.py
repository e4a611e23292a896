"""Merge ``suite.py --codegen-only --run`` runs (one per dtype and freezing)
into one accuracy table: ``OUT.csv``, ``OUT.md`` and ``OUT.png``.

    cd tools/bench && python -m suite_lib.execution_table --out ../../benchmarks/results/xpu_execution_accuracy \\
        [--explanations FILE.json] [--commit SHA] LABEL=RUN_DIR...

``LABEL`` names the run's configuration (``fp16``, ``bf16 freezing``); each
``RUN_DIR`` is a ``--out`` directory of one run: its ``*_codegen.json`` rows
and its ``summary.md`` (command, date, wall time).  ``--explanations``: a
JSON object ``{"MODEL": "why", "MODEL@LABEL": "why"}`` of the failures'
causes, printed under the table.  The libdevice table counts every
``libdevice.<name>(`` of the generated code over all runs, and says whether
``inductor_xpu.execution.libdevice`` maps each.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib.machine import machine_description
from benchlib.report import save_figure, write_csv, write_text
from suite_lib.report import _STATUS_COLORS, NOT_RUN, run_cells


CSV_COLUMNS = (
    "config", "dtype", "freezing", "name", "suite", "batch_size", "input", "codegen", "execution", "exec_plan",
    "exec_tolerance", "exec_max_abs_err", "exec_max_rel_err", "exec_cosine", "exec_out_max_abs", "eager_fp32_max_abs",
    "graphs", "graph_breaks",
    "graphs_ran", "graphs_cannot_execute", "kernels_launched", "kernels_coarsened", "extern_op_calls", "exec_time",
    "codegen_time",
    "wall_time", "cannot_execute", "extern_ops", "references", "libdevice", "execution_detail", "exec_plan_detail",
)  # fmt: skip


def _summary_field(text: str, field: str) -> str:
    m = re.search(rf"^\| {re.escape(field)} \| (.*) \|$", text, re.M)
    return m.group(1).strip() if m else ""


class RunReadError(Exception):
    """A run's row file that cannot be read (corrupt or truncated gzip, not
    JSON, not a list of rows): the message names the file.  The tables stop
    on it rather than skip it: a table built without a file's rows would
    count its models as not run."""


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of one ``*_codegen.json`` (``.gz``: compressed) file."""
    try:
        rows = json.loads(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_text())
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as e:  # BadGzipFile is an OSError
        kind = "truncated" if isinstance(e, EOFError) else type(e).__name__
        raise RunReadError(f"{path}: cannot read its rows ({kind}: {e})") from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise RunReadError(f"{path}: not a list of rows (a JSON list of objects), got {type(rows).__name__}")
    return rows


def read_run(label: str, directory: Path) -> dict[str, Any]:
    """A run directory's rows (its ``*_codegen.json`` files, or the same
    gzip-compressed, ``*_codegen.json.gz``, as the committed runs are) and
    its summary's fields; a file that cannot be read is a
    :class:`RunReadError` naming it."""
    rows: list[dict[str, Any]] = []
    for path in sorted([*directory.glob("*_codegen.json"), *directory.glob("*_codegen.json.gz")]):
        rows += read_rows(path)
    summary = (directory / "summary.md").read_text() if (directory / "summary.md").exists() else ""
    return {
        "label": label,
        "rows": rows,
        "command": _summary_field(summary, "command").strip("`"),
        "date": _summary_field(summary, "date"),
        "wall_time": _summary_field(summary, "wall time"),
        "versions": _summary_field(summary, "versions"),
        "overlay": _summary_field(summary, "overlay"),
    }


def flat_row(label: str, row: dict[str, Any]) -> dict[str, Any]:
    stats = row.get("compile_stats") or {}
    dynamo = stats.get("dynamo") or {}
    dtype, _, rest = label.partition(" ")
    return {
        **row,
        **(run_cells(row) if "execution" in row else {}),
        "config": label,
        "dtype": dtype,
        "freezing": "freezing" in rest,
        "codegen": row.get("status"),
        "execution": row.get("execution") or row.get("status"),
        "execution_detail": row.get("execution_detail") or ("" if "execution" in row else row.get("detail")),
        "graphs": dynamo.get("unique_graphs"),
        "graph_breaks": dynamo.get("graph_breaks"),
    }


def code_libdevice(directory: Path) -> dict[str, dict[str, int]]:
    """``--save-code`` output (DIR/<target>/<model>/*.py): libdevice calls per model."""
    from suite_lib.execution import libdevice_calls

    out = {}
    for model_dir in sorted(p for p in directory.glob("*/*") if p.is_dir()):
        out[model_dir.name] = libdevice_calls([f.read_text() for f in sorted(model_dir.glob("*.py"))])
    return out


def libdevice_table(
    runs: list[dict[str, Any]], code: dict[str, dict[str, dict[str, int]]]
) -> tuple[list[tuple[str, int, bool]], int]:
    """Per function: calls over every program of ``runs`` (executed rows'
    code, else ``code[label][model]`` from a codegen-only run), and whether
    the CPU libdevice maps it; and how many programs were counted."""
    from suite_lib.execution import unmapped_libdevice

    per_program: dict[tuple[str, str], dict[str, int]] = {}
    for label, models in code.items():
        for model, calls in models.items():
            per_program[(label, model)] = calls
    for run in runs:
        for row in run["rows"]:
            if "libdevice" in row:
                per_program[(run["label"], row["name"])] = row["libdevice"]
    counts: dict[str, int] = {}
    for calls in per_program.values():
        for name, n in calls.items():
            counts[name] = counts.get(name, 0) + n
    unmapped = set(unmapped_libdevice(list(counts)))
    table = [(name, n, name not in unmapped) for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return table, len(per_program)


def eager_magnitudes(names: list[str]) -> dict[str, float]:
    """Each model's largest |output| in fp32 eager at the ``--small`` shapes
    (the suite's build and seed): the scale an absolute error reads against."""
    import torch

    from suite_lib import models
    from suite_lib.codegen import call_model

    out = {}
    for spec in models.all_specs():
        if spec.name not in names:
            continue
        batch_size = models.effective_batch_size(spec, accuracy=False, small=True)
        built = models.build(spec, "cpu", batch_size=batch_size, small=True, training=False)
        with torch.no_grad():
            leaves = torch.utils._pytree.tree_leaves(call_model(built.model, built.inputs))
        out[spec.name] = max(float(t.abs().max()) for t in leaves if isinstance(t, torch.Tensor)
                             and t.is_floating_point() and t.numel())  # fmt: skip
    return out


def _fmt(value: Any, spec: str) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format(value, spec)
    return "" if value is None else str(value)


def render(
    runs: list[dict[str, Any]],
    flat: list[dict[str, Any]],
    explanations: dict[str, str],
    commit: str,
    libdevice_runs: list[str],
    code: dict[str, dict[str, dict[str, int]]],
    chart: Path | None,
    notes: Sequence[str] = (),
) -> str:
    labels = [r["label"] for r in runs]
    lines = ["# Hardware-less execution accuracy: the model suite's xpu programs run on CPU", ""]
    lines += [
        "Each model's xpu code is generated for a simulated Max 1550 at the suite's `--small` shapes, then "
        "executed on CPU with `inductor_xpu.execution` (Triton kernels in Triton's interpreter, "
        "extern calls on the CPU kernels of the same ops, allocations in CPU memory) and compared with eager "
        "CPU at the dynamo benchmark tolerance (`tools/bench/suite_lib/models.py:tolerance_for`); fp16/bf16 "
        "outputs against the float64 program, as the dynamo runner's `same()` does.  Inference.",
        "",
        "| | |",
        "|---|---|",
        f"| commit | {commit} |",
        f"| machine | {machine_description(memory=True)} |",
        f"| versions | {runs[0]['versions'] if runs else ''} |",
        f"| overlay | {runs[0]['overlay'] if runs else ''} |",
    ]
    for run in runs:
        for part in run["parts"]:
            lines.append(f"| {run['label']} | `{part['command']}` ({part['date']}, wall time {part['wall_time']}) |")
    for note in notes:
        lines += ["", note]
    lines += ["", "## Pass rate", ""]
    verdicts = ("pass", "fail_accuracy", "cannot_execute", "not_compared")
    lines += ["| configuration | models | ran | pass | fail_accuracy | cannot_execute | not_compared | other | "
              "not run (time budget) | pass rate |", "|---|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for label in labels:
        sel = [f for f in flat if f["config"] == label]
        count = {v: sum(1 for f in sel if f["execution"] == v) for v in verdicts}
        not_run = sum(1 for f in sel if f["execution"] in NOT_RUN)
        ran = len(sel) - not_run
        other = ran - sum(count.values())
        rate = f"{100 * count['pass'] / ran:.1f}%" if ran else "n/a"
        lines.append(
            f"| {label} | {len(sel)} | {ran} | {count['pass']} | {count['fail_accuracy']} | "
            f"{count['cannot_execute']} | {count['not_compared']} | {other} | {not_run} | {rate} |"
        )
    lines += [
        "",
        "Pass rate over the rows that ran.  `other`: the code was not generated or the row did not finish "
        "(its status in the table); `not run`: the run's time budget was spent before the row.",
        "",
    ]
    if any(f.get("exec_plan") for f in flat):
        lines += ["## Plan verdict", "",
                  "The executed plan's error against the program in float64 within a multiple of eager fp32's "
                  "(fp16/bf16: the plan executed lifted to fp32; `inductor_xpu/execution/plan_verdict.py`).", "",
                  "| configuration | pass | fail_plan | not_judged |", "|---|---|---|---|"]
        for label in labels:
            sel = [f for f in flat if f["config"] == label and f.get("exec_plan")]
            cells = [str(sum(f["exec_plan"] == v for f in sel)) for v in ("pass", "fail_plan", "not_judged")]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        lines += [""] + [
            f"- **{f['name']}** ({f['config']}): `{f['exec_plan']}`. {str(f.get('exec_plan_detail'))[:600]}"
            for f in flat if f.get("exec_plan") not in (None, "pass")
        ] + [""]
    lines += ["## Per model", ""]
    head = ["model", "suite", "max \\|out\\| (fp32 eager)"]
    for label in labels:
        head += [label, "max abs", "max rel", "cosine"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    names: list[str] = []
    for f in flat:
        if f["name"] not in names:
            names.append(f["name"])
    by_key = {(f["config"], f["name"]): f for f in flat}
    for name in names:
        first = next(f for f in flat if f["name"] == name)
        cells = [name, first["suite"], _fmt(first.get("eager_fp32_max_abs"), ".1e")]
        for label in labels:
            f = by_key.get((label, name), {})
            cells += [
                str(f.get("execution", "")),
                _fmt(f.get("exec_max_abs_err"), ".1e"),
                _fmt(f.get("exec_max_rel_err"), ".1e"),
                _fmt(f.get("exec_cosine"), ".6f"),
            ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [
        "",
        "Errors in fp32 over every output, cosine the lowest over outputs.  `max |out|`: the largest output "
        "value of the model in fp32 eager at these shapes (random weights, as the dynamo suites build them); "
        "the suite's check is `allclose` with rtol = atol = the tolerance, so where outputs are far below the "
        "tolerance the check is weak and the cosine is the informative number.  Graphs ran / cannot execute, "
        "kernel launches, extern ops (with counts), libdevice calls and times per row are in the CSV.",
        "",
    ]
    lines += ["## Execution per model", ""]
    head = ["model", "configuration", "graphs ran", "cannot execute", "kernels launched", "extern op calls",
            "reference ops", "exec s", "codegen s"]  # fmt: skip
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for name in names:
        for label in labels:
            row = by_key.get((label, name))
            if row is None or "graphs_ran" not in row:
                continue
            cells = [name, label, _fmt(row.get("graphs_ran"), "d"), _fmt(row.get("graphs_cannot_execute"), "d"),
                     _fmt(row.get("kernels_launched"), "d"), _fmt(row.get("extern_op_calls"), "d"),
                     str(row.get("references") or "").replace("|", "/"), _fmt(row.get("exec_time"), ".1f"),
                     _fmt(row.get("codegen_time"), ".1f")]  # fmt: skip
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "## Rows that did not pass", ""]
    failing = [f for f in flat if f["execution"] != "pass" and f["execution"] not in NOT_RUN]
    lines.append(f"Rows not reached in the time budget (`not_run`) are counted in the pass-rate table, not listed. "
                 f"{len(failing)} rows ran and did not pass:")  # fmt: skip
    lines.append("")
    for f in failing:
        why = explanations.get(f"{f['name']}@{f['config']}") or explanations.get(f["name"])
        if why is None and "cut by the time budget" in str(f.get("detail") or ""):
            why = "not measured: the run's time budget ended during this row (its limit was cut to what was left)."
        why = why or "not explained yet"
        detail = str(f.get("execution_detail") or f.get("detail") or "")[:600].replace("\n", " ")
        lines.append(f"- **{f['name']}** ({f['config']}): `{f['execution']}`. {detail}")
        lines.append(f"  - cause: {why}")
    lines += ["", f"## libdevice functions in the generated code ({', '.join(libdevice_runs)})", ""]
    table, programs = libdevice_table(
        [r for r in runs if r["label"] in libdevice_runs], {k: v for k, v in code.items() if k in libdevice_runs}
    )
    lines += ["| function | calls | mapped (`execution/libdevice.py`) |", "|---|---|---|"]
    lines += [f"| `{name}` | {n} | {'yes' if mapped else '**no**'} |" for name, n, mapped in table]
    lines += [
        "",
        f"Calls counted as `libdevice.<name>(` in the generated wrappers' Triton kernels of {programs} programs "
        "(model x dtype): the executed rows' code, and for models the execution runs did not reach, the code "
        "of a `--codegen-only --save-code` run at the same shapes.",
        "",
    ]
    if chart is not None:
        lines += [f"![max abs error per model]({chart.name})", ""]
    return "\n".join(lines)


def plot(flat: list[dict[str, Any]], labels: list[str], path: Path) -> Path:
    """Max abs error per model, one bar per configuration, coloured by verdict."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    names: list[str] = []
    for f in flat:
        if f["name"] not in names:
            names.append(f["name"])
    by_key = {(f["config"], f["name"]): f for f in flat}
    fig, ax = plt.subplots(figsize=(max(8.0, 0.13 * len(names) * max(1, len(labels)) + 2), 5.5))
    width = 0.8 / max(1, len(labels))
    hatches = ["", "//", "..", "xx"]
    floor = 1e-9
    for i, label in enumerate(labels):
        xs = [j + (i - (len(labels) - 1) / 2) * width for j in range(len(names))]
        rows = [by_key.get((label, n), {}) for n in names]
        ys = [max(float(r.get("exec_max_abs_err") or 0.0), floor) if r.get("execution") in ("pass", "fail_accuracy")
              else floor for r in rows]  # fmt: skip
        colors = [_STATUS_COLORS.get(str(r.get("execution")), "#9e9e9e") for r in rows]
        ax.bar(xs, ys, width=width, color=colors, hatch=hatches[i % len(hatches)], edgecolor="white")
        for x, r in zip(xs, rows):
            if r.get("execution") != "pass":
                ax.text(x, floor, f" {r.get('execution', 'missing')}", rotation=90, ha="center", va="bottom",
                        fontsize=6)  # fmt: skip
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=70, ha="right", fontsize=7)
    ax.set_ylabel("max abs error vs eager CPU")
    ax.set_title("xpu programs (simulated max1550, --small) executed on CPU: " + ", ".join(
        f"{label} {hatches[i % len(hatches)] or 'plain'}" for i, label in enumerate(labels)), fontsize=9)
    seen = sorted({str(f.get("execution")) for f in flat})
    ax.legend(handles=[Patch(color=_STATUS_COLORS.get(s, "#9e9e9e"), label=s) for s in seen], fontsize=7)
    fig.tight_layout()
    return save_figure(fig, path)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m suite_lib.execution_table")
    p.add_argument("--out", required=True, help="output path without extension")
    p.add_argument("--explanations", help="JSON: {MODEL or MODEL@LABEL: cause}")
    p.add_argument("--commit", default="", help="the commit the runs measured")
    p.add_argument("--note", action="append", default=[], help="a paragraph under the header (repeatable)")
    p.add_argument("--libdevice-runs", default="fp16,bf16", help="labels whose code the libdevice table counts")
    p.add_argument("--magnitudes", metavar="FILE.json",
                   help="each model's largest |output| in fp32 eager (computed and written there if missing)")
    p.add_argument("--code", action="append", default=[], metavar="LABEL=DIR",
                   help="--save-code output of a codegen-only run, for the libdevice count of models not executed")
    p.add_argument("runs", nargs="+", metavar="LABEL=RUN_DIR",
                   help="a label may repeat (suites run apart; a later run's rows replace an earlier one's)")
    args = p.parse_args(argv)
    runs: list[dict[str, Any]] = []
    for item in args.runs:
        label, sep, directory = item.partition("=")
        if not sep:
            p.error(f"{item!r}: expected LABEL=RUN_DIR")
        try:
            run = read_run(label, Path(directory))
        except RunReadError as e:
            raise SystemExit(f"execution_table: {e}") from None
        same = next((r for r in runs if r["label"] == label), None)
        if same is None:
            run["parts"] = [dict(run)]
            runs.append(run)
        else:  # one configuration in several runs (suites apart, or a rerun: its rows replace)
            again = {r["name"] for r in run["rows"] if r.get("status") != "not_run"}
            same["rows"] = [r for r in same["rows"] if r["name"] not in again] + run["rows"]
            same["parts"].append(run)
    code = {}
    for item in args.code:
        label, sep, directory = item.partition("=")
        if not sep:
            p.error(f"--code {item!r}: expected LABEL=DIR")
        code[label] = code_libdevice(Path(directory))
    explanations = json.loads(Path(args.explanations).read_text()) if args.explanations else {}
    flat = [flat_row(run["label"], row) for run in runs for row in run["rows"]]
    if args.magnitudes:
        path = Path(args.magnitudes)
        if not path.exists():
            path.write_text(json.dumps(eager_magnitudes(sorted({f["name"] for f in flat})), indent=1))
        magnitude = json.loads(path.read_text())
        for f in flat:
            f["eager_fp32_max_abs"] = magnitude.get(f["name"])
    out = Path(args.out)
    write_csv(out.with_suffix(".csv"), flat, CSV_COLUMNS)
    try:
        chart: Path | None = plot(flat, [r["label"] for r in runs], out.with_suffix(".png"))
    except ImportError as e:
        print(f"no chart ({e})", file=sys.stderr)
        chart = None
    md = render(runs, flat, explanations, args.commit, args.libdevice_runs.split(","), code, chart, args.note)
    write_text(out.with_suffix(".md"), md)
    print(out.with_suffix(".md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
