"""Merge ``suite.py --codegen-only --native`` runs (one per configuration,
each for a target and ``--compare-target``s) into one table of Intel's
compilers on the suite's xpu kernels: ``OUT.csv`` (a row per configuration,
target and model), ``OUT_kernels.csv`` (every kernel that failed, hit a named
gap, spilled, or has a ``tl.dot`` that reached no ``dpas``), ``OUT.md`` and
``OUT.png``.

    cd tools/bench && python -m suite_lib.native_table --out ../../benchmarks/results/xpu_native_compile \\
        [--explanations FILE.json] [--commit SHA] [--subset LABEL=MODEL,...] LABEL=RUN_DIR...

``LABEL`` names the run's configuration (``bf16``, ``bf16 training``); a
label given more than once merges its directories, a later one's row of a
model and target replacing an earlier one's (the rest of a run stopped
midway, rerun with ``--only``); each
``RUN_DIR`` is a ``--out`` directory of one run: its ``*_codegen.json`` rows
(each with the ``native`` section of :mod:`suite_lib.native`) and its
``summary.md`` (command, date, wall time).  ``--explanations``: a JSON object
``{"CAUSE": "why"}`` keyed by a failure cause as the table names it, printed
under the causes (and ``"tl.dot without dpas: TARGET"``, printed with that
target's kernels whose ``tl.dot`` reached no ``dpas``).  ``--subset``: the
models a configuration is meant to cover, when not the whole suite.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib.machine import machine_description
from benchlib.report import save_figure, write_csv, write_text
from inductor_xpu.device.simulation.autotune import EVERY_TEMPLATE_SPILLS
from inductor_xpu.native.report import KernelNative, NOT_COMPILED
from suite_lib import execution_table
from suite_lib.models import all_specs, HF, TIMM
from suite_lib.native import NATIVE_COLUMNS, native_cells, VERDICT_ERROR


CSV_COLUMNS = ("config", "target", "name", "suite", "batch_size", "codegen", "triton_kernels",
               *NATIVE_COLUMNS, "codegen_time", "wall_time")  # fmt: skip
KERNEL_COLUMNS = (
    "config", "target", "device", "name", "graph", "kernel", "kind", "status", "stage", "gap", "grf", "grf_retry",
    "simd", "inst_count", "dpas", "dot", "dpas_layout", "sends", "spill_bytes", "first_spill_bytes", "config_used",
    "n_configs", "candidates_facts",
    "threads_per_warp", "message",
)  # fmt: skip


def read_run(label: str, directory: Path) -> dict[str, Any]:
    """The run's rows and its summary's command, date and wall time
    (execution_table's reader); a directory without rows, or a row file
    that cannot be read (corrupt or truncated ``.json.gz``, rows of the
    wrong shape), is an error naming it: the table is not written."""
    try:
        run = execution_table.read_run(label, directory)
    except execution_table.RunReadError as e:
        raise SystemExit(f"native_table: {e}") from None
    if not run["rows"]:
        raise SystemExit(f"native_table: {directory} has no *_codegen.json rows (run suite.py --codegen-only --native)")
    return {**run, "directory": str(directory)}


def latest_rows(runs: Sequence[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Each run's rows with their label, in order; where several directories
    of one label have a row of the same model and target (a model rerun with
    ``--only`` after a timeout, or after a stop), the later directory's."""
    rows: dict[tuple[str, str, str], tuple[str, dict[str, Any]]] = {}
    for run in runs:
        for row in run["rows"]:
            rows[(run["label"], str(row.get("name")), _target(row))] = (run["label"], row)
    return list(rows.values())


def _target(row: dict[str, Any]) -> str:
    return str(row.get("variant") or row.get("target") or "")


def flat_row(label: str, row: dict[str, Any]) -> dict[str, Any]:
    return {
        **row,
        **native_cells(row.get("native")),
        "config": label,
        "target": _target(row),
        "codegen": row.get("status"),
    }


def kernel_rows(label: str, row: dict[str, Any]) -> list[dict[str, Any]]:
    """The row's notable kernels (``KernelNative.notable``: failed, a named
    gap, spilled, or a ``tl.dot`` with no ``dpas`` in its ISA) and those not
    compiled (a GPU this IGC does not know)."""
    section = row.get("native") or {}
    out = []
    for k in section.get("kernels") or []:
        kernel = KernelNative(**k)
        if not (k.get("status") == NOT_COMPILED or kernel.notable):
            continue
        message = k.get("message") or ""
        first_error = _first_error(message)
        out.append({
            **k,
            "config": label,
            "target": _target(row),
            "device": section.get("device"),
            "name": row.get("name"),
            "kernel": k.get("name"),
            "config_used": json.dumps(k.get("config"), sort_keys=True) if k.get("config") else "",
            "candidates_facts": kernel.candidates_facts().lstrip("; "),
            "message": _message_line(message, first_error),
            "first_error": first_error,
        })
    return out


def cause(kernel: dict[str, Any]) -> str:
    """A kernel's failure cause as the table groups it (a row of
    :func:`kernel_rows`): the named gap, or the stage and the compiler's
    first error line (else the message's first line) with its names and
    numbers taken out."""
    if kernel.get("status") in ("frontend_gap", "toolchain_gap"):
        return f"{kernel['status']}: {kernel.get('gap')}"
    text = re.sub(r"\b(triton_\w+|0x[0-9a-f]+|\d+)\b", "N", kernel["first_error"])
    return f"failed in {kernel.get('stage')}: {text[:160]}"


def _first_error(message: str) -> str:
    """The compiler's first ``error:`` line of ``message`` (ocloc's log
    starts with the same notice for every kernel, "Compilation from IR -
    skipping loading of FCL"), or its first line when it has none."""
    match = re.search(r"^\s*(error: .*\S)", message, re.M)
    return match.group(1) if match else message.strip().splitlines()[0] if message.strip() else "?"


def _message_line(message: str, error: str) -> str:
    """``message``'s first line, and its first ``error:`` line (``error``,
    :func:`_first_error`'s) where that is another one, for the kernels' CSV."""
    lines = message.strip().splitlines()
    if not lines:
        return ""
    return (lines[0] if error == lines[0].strip() else f"{lines[0]} {error}")[:300]


# The model suite's models (timm and HF), in suite.py --list's order.
SUITE_MODELS = tuple(spec.name for spec in all_specs() if spec.suite in (TIMM, HF))


def _one_model_form(command: str) -> tuple[str, str] | None:
    """A suite.py command of one model (``--only NAME``, ``--out DIR``
    ending in NAME) as (the command with MODEL for the name, the name)."""
    only = re.search(r"--only (\S+)", command)
    if only is None or "," in only.group(1):
        return None
    name = only.group(1)
    out = re.search(rf"--out (\S*){re.escape(name)}(\s|$)", command)
    if out is None:
        return None
    generic = command.replace(f"--only {name}", "--only MODEL")
    return generic.replace(f"--out {out.group(1)}{name}", f"--out {out.group(1)}MODEL"), name


def _seconds(wall_time: str) -> float | None:
    match = re.fullmatch(r"([\d.]+) s", wall_time.strip())
    return float(match.group(1)) if match else None


def run_lines(runs: list[dict[str, Any]]) -> list[str]:
    """The table's lines of the runs' commands: a configuration run one
    model at a time (the same command but for ``--only MODEL`` and its
    ``--out``) is one line, with the models, the first and last date and the
    total wall time; any other run a line of its own; a run stopped before
    its summary names its directory and models."""
    lines: list[str] = []
    keyed = []
    grouped: dict[tuple[str, str], list[tuple[dict[str, Any], str]]] = {}
    for run in runs:
        form = _one_model_form(run["command"]) if run["command"] else None
        key = None
        if form is not None:
            key = (run["label"], form[0])
            grouped.setdefault(key, []).append((run, form[1]))
        keyed.append((run, key))
    emitted: set[tuple[str, str]] = set()
    for run, key in keyed:
        if key is not None and len(grouped[key]) > 1:
            if key in emitted:
                continue
            emitted.add(key)
            members = grouped[key]
            dates = sorted(r["date"] for r, _ in members)
            seconds = [_seconds(r["wall_time"]) for r, _ in members]
            total = f"{sum(s for s in seconds if s is not None):,.0f} s" if None not in seconds else "?"
            lines.append(f"| {run['label']} | `{key[1]}`, one run per model, {len(members)} runs "
                         f"({dates[0]} to {dates[-1]}, wall time {total} in all) |")
        elif run["command"]:
            lines.append(f"| {run['label']} | `{run['command']}` ({run['date']}, wall time {run['wall_time']}) |")
        else:  # suite.py writes summary.md at its end
            models = sorted({str(row.get("name")) for row in run["rows"]})
            lines.append(f"| {run['label']} | a run stopped before its summary (`{run['directory']}`, no summary.md): "
                         f"the rows of {len(models)} model{'s' if len(models) != 1 else ''}, {', '.join(models)} |")
    return lines


def _groups(flat: list[dict[str, Any]]) -> list[tuple[str, str]]:
    seen: dict[tuple[str, str], None] = {}
    for f in flat:
        seen.setdefault((f["config"], f["target"]), None)
    return list(seen)


def _sum(sel: list[dict[str, Any]], key: str) -> int:
    return sum(int(f.get(key) or 0) for f in sel)


def autotune_lines(rows: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    """max-autotune's selections in rows made with the native spill check
    (``suite.py --native``: each row's ``autotune``, AutotuneChoice.to_json):
    per configuration and target, how many took a template within
    spill_threshold, how many had every template choice spilling (the
    first then taken), and each of those with its least spill; empty where
    no row has a spill-checked selection."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for label, row in rows:
        for choice in row.get("autotune") or []:
            if choice.get("spill_check") is not None:
                groups.setdefault((label, _target(row)), []).append({**choice, "model": row.get("name")})
    if not groups:
        return []
    lines = ["", "## max-autotune's choices with the native spill check", "",
             "Each GEMM and conv selection of max-autotune, made as a device's autotuner skips a spilling "
             "config: template choices in Inductor's order, each compiled natively for the target, the first "
             "spilling no more than `spill_threshold` taken (`inductor_xpu/device/simulation/autotune.py`).  "
             "`every template spills`: no template choice fits; the first is taken (the ATen choice is not "
             "a Triton kernel and is not compiled here).  `unchecked`: a choice whose compile did not finish, or "
             "no template.", "",
             "| configuration | target | selections | template within spill_threshold | every template spills | "
             "unchecked | template choices compiled |",
             "|---|---|---:|---:|---:|---:|---:|"]
    spilled: list[tuple[str, str, dict[str, Any]]] = []
    for (label, target), choices in groups.items():
        fits = every = unchecked = compiled = 0
        for c in choices:
            check = c["spill_check"]
            compiled += int(check.get("compiled") or 0)
            if check.get("fallback") is None:
                fits += c.get("kind") == "template"
                unchecked += c.get("kind") != "template"
            elif str(check["fallback"]).startswith(EVERY_TEMPLATE_SPILLS):
                every += 1
                spilled.append((label, target, c))
            else:
                unchecked += 1
        lines.append(f"| {label} | {target} | {len(choices)} | {fits} | {every} | {unchecked} | {compiled} |")
    if spilled:
        lines += ["", "Selections where every template choice spills:", "",
                  "| configuration | target | model | op | inputs | template choices | least spill (bytes) | "
                  "its config |", "|---|---|---|---|---|---:|---:|---|"]
        for label, target, c in spilled:
            least = min(c.get("rejected") or [{}], key=lambda r: r.get("spill_bytes") or 0)
            cfg = least.get("config") or {}
            tile = ", ".join(f"{k}={cfg[k]}" for k in ("tile_shape", "num_warps", "num_stages")
                             if k in cfg)  # fmt: skip
            lines.append(f"| {label} | {target} | {c['model']} | {c.get('op')} | {' x '.join(c.get('inputs') or ())} "
                         f"| {len(c.get('rejected') or ())} | {int(least.get('spill_bytes') or 0):,} | {tile} |")
    return lines


def template_fusion_lines(rows: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    """max-autotune's fusions into templates judged by the fused kernel's
    spills (each row's ``template_fusions``, TemplateFusion.to_json): per
    configuration and target, how many were judged, not fused, fused
    unchecked; empty where no row has one."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for label, row in rows:
        for fusion in row.get("template_fusions") or []:
            groups.setdefault((label, _target(row)), []).append(fusion)
    if not groups:
        return []
    lines = ["", "## max-autotune's template fusions with the native spill check", "",
             "Each fusion of an epilogue (or prologue) into a chosen Triton template, decided as a device's "
             "template fusion benchmark decides it where the fused kernel spills: the fused kernel compiled "
             "natively for the target, and not fused where it spills more than `benchmark_codegened_module`'s "
             "`n_spills_threshold` (which times it as `inf` on a device); fused otherwise, as without the check "
             "(`inductor_xpu/device/simulation/autotune.py`, `FUSION_RULE`).  `unchecked`: decided without a "
             "native result: fused (no source, or its compile did not finish) or, where the fused kernel cannot "
             "be split, not fused.", "",
             "| configuration | target | fusions judged | fused | not fused (fused kernel spills) | unchecked | "
             "largest refused fused spill (bytes) |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for (label, target), fusions in groups.items():
        refused = [f for f in fusions if not f.get("fused") and not f.get("unchecked")]
        unchecked = sum(1 for f in fusions if f.get("unchecked"))
        fused = len(fusions) - len(refused) - unchecked
        largest = max((int(f.get("spill_bytes") or 0) for f in refused), default=0)
        lines.append(f"| {label} | {target} | {len(fusions)} | {fused} | {len(refused)} | {unchecked} | "
                     f"{largest:,} |")
    return lines


def render(
    runs: list[dict[str, Any]],
    flat: list[dict[str, Any]],
    kernels: list[dict[str, Any]],
    explanations: dict[str, str],
    commit: str,
    chart: Path | None,
    subsets: dict[str, tuple[str, ...]] | None = None,
) -> str:
    versions = next((r["native"].get("versions") for run in runs for r in run["rows"]
                     if (r.get("native") or {}).get("versions")), {})  # fmt: skip
    lines = ["# Intel's compilers on the model suite's xpu kernels", ""]
    lines += [
        "Each model's xpu code is generated for a simulated GPU (Max 1550 and Arc A770 from the same model "
        "build, in one process), then every Triton kernel of every graph is compiled the way a real xpu "
        "compiles it at its first launch -- Inductor's first launch config, Intel's Triton XPU backend "
        "(triton-xpu) to SPIR-V, IGC's `ocloc` to native ISA for the device, GRF 256 again where GRF 128 "
        "spills -- with no GPU (`inductor_xpu.native`, `suite.py --codegen-only --native`).  Full suite "
        "shapes; code generation only (no eager check: the execution table, "
        "`xpu_execution_accuracy.md`, runs the models).  What this can tell: whether Intel's compiler accepts "
        "each kernel, its register pressure (GRF mode, spills) and whether `tl.dot` reaches the matrix engine "
        "(`dpas`); not how fast it runs (docs/hardware_less_codegen.md, \"Native compile with Intel's compilers\").",
        "",
        "| | |",
        "|---|---|",
        f"| commit | {commit} |",
        f"| machine | {machine_description(memory=True)} |",
        f"| toolchain | {', '.join(f'{k} {v}' for k, v in versions.items())} |",
    ]
    lines += run_lines(runs)
    lines += ["", "Models per configuration, of the suite's "
              f"{len(SUITE_MODELS)} (`suite.py --list`, timm and HF):", ""]
    for label in dict.fromkeys(run["label"] for run in runs):
        done = {str(row.get("name")) for run in runs if run["label"] == label for row in run["rows"]}
        subset = (subsets or {}).get(label)
        missing = [m for m in subset or SUITE_MODELS if m not in done]
        of = f" of its subset of {len(subset)} ({', '.join(subset)})" if subset else ""
        lines.append(f"- {label}: {len(done)}{of}" + (f"; not run: {', '.join(missing)}" if missing else ", all"))
    lines += ["", "## Kernels compiled", ""]
    lines += ["| configuration | target (device) | models | kernels | compiled | % | failed | frontend gap | "
              "toolchain gap | spilling kernels | in every candidate | spill bytes | GRF 256 | tl.dot kernels | "
              "with dpas | instructions |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for label, target in _groups(flat):
        sel = [f for f in flat if f["config"] == label and f["target"] == target]
        with_native = [f for f in sel if f.get("native_verdict") not in (None, VERDICT_ERROR)]
        device = next((f["native_device"] for f in with_native if f.get("native_device")), "?")
        n = _sum(sel, "native_kernels")
        compiled = _sum(sel, "native_compiled")
        dots = _sum(sel, "native_dot")
        dpas = _sum(sel, "native_dpas")
        share = f" ({100 * dpas / dots:.0f}%)" if dots else ""
        lines.append(
            f"| {label} | {target} ({device}) | {len(with_native)} of {len(sel)} | {n} | {compiled} | "
            f"{100 * compiled / n:.1f}% | {_sum(sel, 'native_failed')} | {_sum(sel, 'native_frontend_gap')} | "
            f"{_sum(sel, 'native_toolchain_gap')} | {_sum(sel, 'native_spilling')} | "
            f"{_sum(sel, 'native_spilling_every_candidate')} | {_sum(sel, 'native_spill_bytes'):,} | "
            f"{_sum(sel, 'native_grf256')} | {dots} | {dpas}{share} | "
            f"{_sum(sel, 'native_inst_count'):,} |"
            if n else f"| {label} | {target} ({device}) | {len(with_native)} of {len(sel)} | 0 |" + " |" * 12
        )
    not_native = [f for f in flat if f.get("native_verdict") in (None, VERDICT_ERROR)]
    lines += [
        "",
        "`models`: rows whose code was generated and compiled natively, of the rows run.  `%`: compiled of all "
        "kernels.  A toolchain gap's kernel is counted there, not in `compiled`; its ISA facts (of the kernel "
        "without its `tl.device_assert`) count in the spill, GRF, DPAS and instruction columns.  `GRF 256`: "
        "kernels that spilled at GRF 128 and were compiled again with 256, as Triton's Intel backend does.  "
        "`in every candidate`: spilling kernels that spill more than Inductor's `spill_threshold` (16 bytes) in "
        "each of their autotuning candidates, each compiled natively too: on a device the autotuner skips a "
        "candidate that spills more, so these are the spills it cannot avoid (a kernel of one config counts).",
        "",
    ]
    if not_native:
        lines += ["Rows without a native compile:", ""]
        for f in not_native:
            why = f.get("native_detail") or f.get("detail") or f.get("codegen")
            lines.append(f"- {f['config']} {f['target']} {f['name']}: {f['codegen']}: {str(why)[:300]}")
        lines.append("")
    causes: dict[str, collections.Counter[tuple[str, str]]] = collections.defaultdict(collections.Counter)
    examples: dict[str, str] = {}
    for k in kernels:
        if k["status"] in ("failed", "frontend_gap", "toolchain_gap"):
            c = cause(k)
            causes[c][(k["config"], k["target"])] += 1
            examples.setdefault(c, f"{k['name']} {k['kernel']}")
    lines += ["## Failures and gaps by cause", ""]
    if causes:
        lines += ["| cause | kernels | where (configuration, target: kernels) | example |", "|---|---|---|---|"]
        for c, where in sorted(causes.items(), key=lambda kv: -sum(kv[1].values())):
            text = "; ".join(f"{cfg} {t}: {n}" for (cfg, t), n in sorted(where.items()))
            lines.append(f"| {c} | {sum(where.values())} | {text} | {examples[c]} |")
            if c in explanations:
                lines.append(f"| | | {explanations[c]} | |")
    else:
        lines.append("No kernel failed or hit a named gap.")
    lines += ["", "## Spilling kernels", ""]
    spills = sorted((k for k in kernels if k.get("spill_bytes")), key=lambda k: -int(k["spill_bytes"]))
    if spills:
        lines += ["Every spilling kernel is in `xpu_native_compile_kernels.csv`; the largest:", "",
                  "| configuration | target | model | kernel | kind | spill bytes | GRF | at GRF 128 | launch config | "
                  "autotuning candidates |",
                  "|---|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
        for k in spills[:25]:
            first = f"{k['first_spill_bytes']:,}" if k.get("first_spill_bytes") else ""
            lines.append(
                f"| {k['config']} | {k['target']} | {k['name']} | {k['kernel']} | {k.get('kind')} | "
                f"{int(k['spill_bytes']):,} | {k.get('grf')} | {first} | `{k['config_used']}` | "
                f"{k.get('candidates_facts', '')} |"
            )
        by_kind = collections.Counter((k["config"], k["target"], k.get("kind")) for k in spills)
        lines += ["", "Spilling kernels by kind: " + "; ".join(
            f"{cfg} {t} {kind} {n}" for (cfg, t, kind), n in sorted(by_kind.items(), key=str))]  # fmt: skip
    else:
        lines.append("No kernel spills.")
    lines += autotune_lines(latest_rows(runs))
    lines += template_fusion_lines(latest_rows(runs))
    no_dpas = [k for k in kernels if k.get("dot") and not k.get("dpas") and k["status"] == "compiled"]
    lines += ["", "## tl.dot without dpas", ""]
    if no_dpas:
        # per target: how many of its compiled tl.dot kernels, and why where
        # the explanations file says (key "tl.dot without dpas: TARGET")
        dots = collections.Counter(k["target"] for k in kernels if k.get("dot") and k["status"] == "compiled")
        for target, n in sorted(collections.Counter(k["target"] for k in no_dpas).items()):
            why = explanations.get(f"tl.dot without dpas: {target}")
            lines.append(f"- {target}: {n} of {dots[target]} compiled `tl.dot` kernels" + (f".  {why}" if why else ""))
        shown = f" (the first 40 of {len(no_dpas)})" if len(no_dpas) > 40 else ""
        lines += ["", f"Kernels{shown}:", "",
                  "| configuration | target | model | kernel | DPAS layout in TTGIR |", "|---|---|---|---|---|"]
        for k in no_dpas[:40]:
            lines.append(f"| {k['config']} | {k['target']} | {k['name']} | {k['kernel']} | {k.get('dpas_layout')} |")
    else:
        lines.append("Every compiled kernel with a `tl.dot` has `dpas` instructions in its native ISA.")
    lines += ["", "## Instructions per model", "",
              "Native instructions summed over the model's kernels (`//.instCount` of IGC's ISA dumps).", ""]
    groups = _groups(flat)
    lines.append("| model | " + " | ".join(f"{cfg} {t}" for cfg, t in groups) + " |")
    lines.append("|---|" + "---|" * len(groups))
    by_key = {(f["config"], f["target"], f["name"]): f for f in flat}
    for name in dict.fromkeys(f["name"] for f in flat):
        cells = []
        for cfg, t in groups:
            f = by_key.get((cfg, t, name))
            cells.append(f"{int(f['native_inst_count']):,} ({f['native_kernels']})"
                         if f and f.get("native_inst_count") else "")  # fmt: skip
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "A cell: instructions (kernels).", ""]
    if chart is not None:
        lines += [f"![native compile]({chart.name})", ""]
    return "\n".join(lines)


def plot(flat: list[dict[str, Any]], kernels: list[dict[str, Any]], path: Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    groups = _groups(flat)
    fig, axes = plt.subplots(2, 2, figsize=(16, 11))
    names = [f"{cfg}\n{t}" for cfg, t in groups]
    sels = [[f for f in flat if f["config"] == cfg and f["target"] == t] for cfg, t in groups]

    ax = axes[0][0]
    totals = [_sum(s, "native_kernels") for s in sels]
    bottom = [0.0] * len(sels)
    for key, color in (("native_compiled", "#2e7d32"), ("native_toolchain_gap", "#f9a825"),
                       ("native_frontend_gap", "#ef6c00"), ("native_failed", "#c62828")):  # fmt: skip
        values = [100 * _sum(s, key) / n if n else 0 for s, n in zip(sels, totals)]
        ax.bar(names, values, bottom=bottom, color=color, label=key.removeprefix("native_"))
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel("% of kernels")
    ax.set_title("kernels compiled to native ISA")
    ax.legend(fontsize=8, loc="lower right")

    ax = axes[0][1]
    dots = [_sum(s, "native_dot") for s in sels]
    ax.bar(names, [100 * _sum(s, "native_dpas") / d if d else 0 for s, d in zip(sels, dots)], color="#1565c0")
    for i, d in enumerate(dots):
        ax.annotate(f"{d} tl.dot kernels", (i, 2), ha="center", fontsize=8, color="white")
    ax.set_ylabel("% of tl.dot kernels with dpas")
    ax.set_title("tl.dot kernels that reach the matrix engine (DPAS)")

    ax = axes[1][0]
    spill = collections.defaultdict(int)
    for k in kernels:
        if k.get("spill_bytes"):
            spill[(k["name"], f"{k['config']} {k['target']}")] += int(k["spill_bytes"])
    models = sorted({m for m, _ in spill}, key=lambda m: -max(v for (mm, _), v in spill.items() if mm == m))[:20]
    width = 0.8 / max(1, len(groups))
    for j, (cfg, t) in enumerate(groups):
        ax.bar([i + j * width for i in range(len(models))], [spill.get((m, f"{cfg} {t}"), 0) for m in models],
               width=width, label=f"{cfg} {t}")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(models))], models, rotation=60, ha="right", fontsize=7)
    if spill:
        ax.set_yscale("log")
    ax.set_ylabel("spill bytes (sum over the model's kernels)")
    ax.set_title("spills by model" if spill else "no kernel spills")
    ax.legend(fontsize=7)

    ax = axes[1][1]
    order = sorted({f["name"] for f in flat}, key=lambda n: -max(int(f.get("native_inst_count") or 0)
                                                                 for f in flat if f["name"] == n))  # fmt: skip
    by_key = {(f["config"], f["target"], f["name"]): int(f.get("native_inst_count") or 0) for f in flat}
    for j, (cfg, t) in enumerate(groups):
        ax.bar([i + j * width for i in range(len(order))], [by_key.get((cfg, t, n), 0) for n in order],
               width=width, label=f"{cfg} {t}")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(order))], order, rotation=75, ha="right", fontsize=6)
    ax.set_yscale("log")
    ax.set_ylabel("native instructions (sum over kernels)")
    ax.set_title("instructions per model")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return save_figure(fig, path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m suite_lib.native_table")
    parser.add_argument("--out", required=True, help="OUT: writes OUT.csv, OUT_kernels.csv, OUT.md, OUT.png")
    parser.add_argument("--explanations", help="JSON {cause: why}")
    parser.add_argument("--commit", default="", help="the commit the runs were made at")
    parser.add_argument("--subset", action="append", default=[], metavar="LABEL=MODEL,MODEL...",
                        help="the models configuration LABEL is meant to cover, when not the whole suite")
    parser.add_argument("runs", nargs="+", metavar="LABEL=RUN_DIR")
    args = parser.parse_args(argv)
    subsets: dict[str, tuple[str, ...]] = {}
    for item in args.subset:
        label, sep, names = item.partition("=")
        models = tuple(m for m in names.split(",") if m)
        if not sep or not models:
            parser.error(f"--subset {item!r}: expected LABEL=MODEL,MODEL...")
        unknown = [m for m in models if m not in SUITE_MODELS]
        if unknown:
            parser.error(f"--subset {label}: not suite models: {', '.join(unknown)}")
        subsets[label] = models
    runs = []
    for item in args.runs:
        label, sep, directory = item.partition("=")
        if not sep:
            parser.error(f"{item!r}: expected LABEL=RUN_DIR")
        runs.append(read_run(label, Path(directory)))
    unmatched = [label for label in subsets if label not in {run["label"] for run in runs}]
    if unmatched:
        parser.error(f"--subset {', '.join(unmatched)}: no LABEL=RUN_DIR has that label")
    rows = latest_rows(runs)
    flat = [flat_row(label, row) for label, row in rows]
    kernels = [k for label, row in rows for k in kernel_rows(label, row)]
    explanations = json.loads(Path(args.explanations).read_text()) if args.explanations else {}
    out = Path(args.out)
    write_csv(out.with_suffix(".csv"), flat, CSV_COLUMNS)
    write_csv(out.parent / f"{out.name}_kernels.csv", kernels, KERNEL_COLUMNS)
    chart = plot(flat, kernels, out.with_suffix(".png"))
    write_text(out.with_suffix(".md"), render(runs, flat, kernels, explanations, args.commit, chart, subsets))
    print(f"native_table: {len(flat)} rows, {len(kernels)} notable kernels -> {out}.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
