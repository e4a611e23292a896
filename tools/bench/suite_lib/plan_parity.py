"""Plan parity: the plans Inductor makes for two simulated targets, model by
model (``suite.py --codegen-only --target A --compare-target B``).

Each model's worker generates code for both targets in one process, on one
torch (``runner.generate_code``); :func:`parity_records` pairs the two rows
of each model and sets side by side, per target: graphs, graph breaks,
generated kernels, extern calls, ATen fallbacks, the bytes the generated
kernels move (Inductor's per-kernel estimate) and the FLOPs of the extern
calls (``suite_lib.plan``), with the ratio target/compare for each.  A record
where the target's plan is worse (more kernels, fallbacks or bytes) says so
in ``worse`` and lists what differs in ``plan_diff`` (fallback ops, extern
kernels, kernel kinds); ``explanation`` comes from an explanations file
(JSON ``{"MODEL" or "MODEL/DTYPE": "text"}``), written after reading the two
output codes.

Also a command, to merge the per-dtype runs into one table::

    python tools/bench/plan_parity.py --out benchmarks/results/plan_parity_max1550_a770 \\
        [--explanations FILE.json] [--note TEXT] RUN_DIR_OR_JSON...

It reads the ``plan_parity_*.json`` files the runs wrote and writes
``OUT.csv``, ``OUT.md`` and ``OUT.png``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from benchlib.report import cell, geomean, save_figure, write_csv as write_rows_csv, write_json as write_json_record


# Metrics compared, with where a split row holds them.
METRICS = ("graphs", "graph_breaks", "kernels", "extern_calls", "fallbacks", "kernel_bytes", "extern_flops")
# Lower is better for each; these decide "worse".
WORSE_IF_MORE = ("kernels", "fallbacks", "kernel_bytes")
RATIO_METRICS = ("kernels", "extern_calls", "kernel_bytes", "extern_flops")


def side_metrics(row: dict[str, Any]) -> dict[str, Any]:
    """The compared metrics of one target's row (None where it has none)."""
    stats = row.get("compile_stats") or {}
    dynamo = stats.get("dynamo") or {}
    plan = row.get("plan") or {}
    ok = row.get("status") == "pass"
    return {
        "status": row.get("status", ""),
        "graphs": dynamo.get("unique_graphs") if ok else None,
        "graph_breaks": dynamo.get("graph_breaks") if ok else None,
        "kernels": stats.get("kernels") if ok else None,
        "extern_calls": stats.get("extern_calls") if ok else None,
        "fallbacks": stats.get("fallbacks") if ok else None,
        "kernel_bytes": plan.get("kernel_bytes") if ok else None,
        "extern_flops": plan.get("extern_flops") if ok else None,
        "fallback_ops": stats.get("fallback_ops") or {},
        "extern_kernels": plan.get("extern_kernels") or {},
        "kernel_kinds": plan.get("kernel_kinds") or {},
    }


def _ratio(a: Any, b: Any) -> float | None:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a == b:
            return 1.0
        if b:
            return a / b
    return None


def _dict_diff(a: dict[str, int], b: dict[str, int]) -> list[str]:
    out = []
    for k in sorted(set(a) | set(b)):
        if a.get(k, 0) != b.get(k, 0):
            out.append(f"{k} {a.get(k, 0)}/{b.get(k, 0)}")
    return out


def parity_record(
    name: str, dtype: str, target: str, compare: str, a: dict[str, Any], b: dict[str, Any]
) -> dict[str, Any]:
    """One model and dtype: ``a`` is the target's row, ``b`` the compare target's."""
    ma, mb = side_metrics(a), side_metrics(b)
    rec: dict[str, Any] = {"name": name, "suite": a.get("suite") or b.get("suite", ""), "dtype": dtype}
    rec[f"status_{target}"] = ma["status"]
    rec[f"status_{compare}"] = mb["status"]
    for m in METRICS:
        rec[f"{m}_{target}"] = ma[m]
        rec[f"{m}_{compare}"] = mb[m]
        if m in RATIO_METRICS:
            rec[f"{m}_ratio"] = _ratio(ma[m], mb[m])
    both = ma["status"] == mb["status"] == "pass"
    worse = []
    if both:
        for m in WORSE_IF_MORE:
            if (ma[m] or 0) > (mb[m] or 0):
                worse.append(m)
    rec["worse"] = ",".join(worse)
    diffs = []
    for label, key in (("fallback ops", "fallback_ops"), ("extern", "extern_kernels"), ("kernel kinds", "kernel_kinds")):
        d = _dict_diff(ma[key], mb[key])
        if d:
            diffs.append(f"{label} ({target}/{compare}): " + ", ".join(d))
    rec["plan_diff"] = "; ".join(diffs)
    rec["explanation"] = ""
    return rec


def parity_records(
    rows: Iterable[dict[str, Any]], dtype: str, target: str, compare: str
) -> list[dict[str, Any]]:
    """Pair rows by model: rows carry ``variant`` = the target they were
    generated for (``cli.split_targets``)."""
    by_name: dict[str, dict[str, dict[str, Any]]] = {}
    for row in rows:
        by_name.setdefault(row["name"], {})[row.get("variant", "")] = row
    out = []
    for name, pair in by_name.items():
        missing = {"status": "missing"}
        out.append(parity_record(name, dtype, target, compare, pair.get(target, missing), pair.get(compare, missing)))
    return out


def columns(target: str, compare: str) -> list[str]:
    cols = ["name", "suite", "dtype", f"status_{target}", f"status_{compare}"]
    for m in METRICS:
        cols += [f"{m}_{target}", f"{m}_{compare}"]
        if m in RATIO_METRICS:
            cols.append(f"{m}_ratio")
    return cols + ["worse", "plan_diff", "explanation"]


def summary(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Geomean of each ratio over the records where both targets passed,
    and the count of worse records."""
    ok = [r for r in records if _both_pass(r)]
    out: dict[str, Any] = {"models": len(records), "both_pass": len(ok)}
    for m in RATIO_METRICS:
        out[f"geomean_{m}_ratio"] = geomean(r.get(f"{m}_ratio") for r in ok)
    out["worse"] = sum(1 for r in records if r.get("worse"))
    out["worse_explained"] = sum(1 for r in records if r.get("worse") and r.get("explanation"))
    return out


def _both_pass(rec: dict[str, Any]) -> bool:
    statuses = [v for k, v in rec.items() if k.startswith("status_")]
    return bool(statuses) and all(s == "pass" for s in statuses)


def apply_explanations(records: list[dict[str, Any]], explanations: dict[str, str]) -> None:
    for rec in records:
        text = explanations.get(f"{rec['name']}/{rec['dtype']}") or explanations.get(rec["name"], "")
        if text:
            rec["explanation"] = text


def _fmt(v: Any) -> str:
    return str(cell(v, digits=4))


def write_csv(path: Path, records: Sequence[dict[str, Any]], target: str, compare: str) -> Path:
    return write_rows_csv(path, records, columns(target, compare), fmt=_fmt)


def _human(n: Any, unit: str) -> str:
    if not isinstance(n, (int, float)):
        return ""
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= scale:
            return f"{n / scale:.2f} {prefix}{unit}"
    return f"{n:g} {unit}"


def render_markdown(
    records: Sequence[dict[str, Any]], target: str, compare: str, *, header: Sequence[str] = (), chart: str = ""
) -> str:
    s = summary(records)
    lines = [f"# Plan parity: {target} vs {compare}", "", *header, ""]
    lines += ["## Summary", "", "| | value |", "|---|---|"]
    lines.append(f"| model x dtype rows | {s['models']} |")
    lines.append(f"| both targets generated code | {s['both_pass']} |")
    for m in RATIO_METRICS:
        g = s[f"geomean_{m}_ratio"]
        lines.append(f"| geomean {m} {target}/{compare} | {'' if g is None else f'{g:.4f}'} |")
    lines.append(f"| rows where {target} is worse (more kernels, fallbacks or bytes) | {s['worse']} |")
    lines.append(f"| of those, explained | {s['worse_explained']} |")
    lines += ["", "## Per model", ""]
    t, c = target, compare
    lines.append(
        f"| model | dtype | graphs {t}/{c} | breaks {t}/{c} | kernels {t}/{c} | ratio | extern {t}/{c} "
        f"| fallbacks {t}/{c} | kernel bytes {t} | kernel bytes {c} | ratio | extern FLOPs {t} "
        f"| extern FLOPs {c} | worse | plan diff | explanation |"
    )
    lines.append("|" + "---|" * 16)
    for r in records:
        if not _both_pass(r):
            lines.append(
                f"| {r['name']} | {r['dtype']} | {r.get(f'status_{t}')} / {r.get(f'status_{c}')} |"
                + " |" * 12 + f" {r.get('explanation', '')} |"
            )
            continue
        lines.append(
            "| "
            + " | ".join(
                [
                    r["name"],
                    r["dtype"],
                    f"{r[f'graphs_{t}']}/{r[f'graphs_{c}']}",
                    f"{r[f'graph_breaks_{t}']}/{r[f'graph_breaks_{c}']}",
                    f"{r[f'kernels_{t}']}/{r[f'kernels_{c}']}",
                    _fmt(r["kernels_ratio"]),
                    f"{r[f'extern_calls_{t}']}/{r[f'extern_calls_{c}']}",
                    f"{r[f'fallbacks_{t}']}/{r[f'fallbacks_{c}']}",
                    _human(r[f"kernel_bytes_{t}"], "B"),
                    _human(r[f"kernel_bytes_{c}"], "B"),
                    _fmt(r["kernel_bytes_ratio"]),
                    _human(r[f"extern_flops_{t}"], "FLOP"),
                    _human(r[f"extern_flops_{c}"], "FLOP"),
                    r["worse"],
                    r["plan_diff"],
                    r.get("explanation", ""),
                ]
            )
            + " |"
        )
    if chart:
        lines += ["", f"![ratio per model]({chart})"]
    lines.append("")
    return "\n".join(lines)


def plot(records: Sequence[dict[str, Any]], target: str, compare: str, path: Path) -> Path:
    """Per model and dtype: the kernels, kernel-bytes and extern-call
    ratios target/compare (1 = the same plan size)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ok = [r for r in records if _both_pass(r)]
    labels = [f"{r['name']} {r['dtype']}" for r in ok]
    series = (("kernels_ratio", "kernels"), ("kernel_bytes_ratio", "kernel bytes"), ("extern_calls_ratio", "extern calls"))
    fig, ax = plt.subplots(figsize=(max(6.0, 0.35 * len(labels) * len(series) + 2), 5.0))
    width = 0.8 / len(series)
    for i, (key, label) in enumerate(series):
        xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(ok))]
        ax.bar(xs, [r.get(key) or 0.0 for r in ok], width=width, label=label)
    ax.axhline(1.0, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(ok)))
    ax.set_xticklabels(labels, rotation=70, ha="right", fontsize=7)
    ax.set_ylabel(f"{target} / {compare}")
    ax.set_title(f"Plan parity {target} vs {compare} (Inductor, simulated; lower is leaner)", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return save_figure(fig, path)


def write_json(path: Path, records: Sequence[dict[str, Any]], meta: dict[str, Any]) -> Path:
    return write_json_record(path, {**meta, "records": list(records)})


def env_line(env: dict[str, Any]) -> str:
    """A run's versions, for a table's header."""
    return (
        f"torch {env.get('torch')}, triton {env.get('triton')}, transformers {env.get('transformers')}, "
        f"timm {env.get('timm')}; overlay {env.get('overlay')}"
    )


def write_tables(
    base: Path,
    records: Sequence[dict[str, Any]],
    target: str,
    compare: str,
    *,
    header: Sequence[str] = (),
    meta: dict[str, Any] | None = None,
) -> str:
    """The plan-parity tables, the one writer of them: ``BASE.json`` (the
    records and ``meta``, when given: a run's, which the merge reads back),
    ``BASE.csv``, ``BASE.png`` (with matplotlib) and ``BASE.md``; returns
    the markdown."""
    if meta is not None:
        write_json(base.with_suffix(".json"), records, meta)
    write_csv(base.with_suffix(".csv"), records, target, compare)
    chart = ""
    try:
        chart = plot(records, target, compare, base.with_suffix(".png")).name
    except ImportError as e:  # matplotlib is in the bench extra
        print(f"plan parity: no chart written ({e}); pip install -e '.[bench]'", file=sys.stderr)
    text = render_markdown(records, target, compare, header=header, chart=chart)
    base.with_suffix(".md").write_text(text)
    return text


# ------------------------------------------------------------------ merge CLI


def _rank(rec: dict[str, Any]) -> int:
    statuses = [v for k, v in rec.items() if k.startswith("status_")]
    return sum(2 if s == "pass" else 0 if s in ("not_run", "missing") else 1 for s in statuses)


def dedupe(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per model and dtype when runs overlap (a model not run in
    one run and run in another): the one that got furthest, first seen on ties."""
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for rec in records:
        key = (rec["name"], rec["dtype"])
        if key not in best or _rank(rec) > _rank(best[key]):
            best[key] = rec
    return list(best.values())


def _load(paths: Sequence[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    metas, records = [], []
    for p in paths:
        path = Path(p)
        files = sorted(path.glob("plan_parity_*.json")) if path.is_dir() else [path]
        if not files:
            raise FileNotFoundError(f"{path}: no plan_parity_*.json")
        for f in files:
            data = json.loads(f.read_text())
            metas.append({k: v for k, v in data.items() if k != "records"})
            records += data["records"]
    return metas, records


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="plan_parity.py", description="merge plan-parity runs into one table")
    p.add_argument("inputs", nargs="+", help="run directories or plan_parity_*.json files")
    p.add_argument("--out", required=True, help="output path without extension (.csv, .md, .png)")
    p.add_argument("--explanations", help="JSON {MODEL or MODEL/DTYPE: text}")
    p.add_argument("--note", action="append", default=[], help="a line for the header (repeatable)")
    args = p.parse_args(argv)
    try:
        metas, records = _load(args.inputs)
    except (OSError, ValueError, KeyError) as e:
        print(f"plan_parity.py: {e}", file=sys.stderr)
        return 2
    pairs = {(m["target"], m["compare_target"]) for m in metas}
    if len(pairs) != 1:
        print(f"plan_parity.py: inputs compare different targets: {sorted(pairs)}", file=sys.stderr)
        return 2
    ((target, compare),) = pairs
    records = dedupe(records)
    if args.explanations:
        apply_explanations(records, json.loads(Path(args.explanations).read_text()))
    header = list(args.note)
    for m in metas:
        header.append(f"- `{m.get('command', '')}` ({m.get('dtype')}; {m.get('date', '')}; wall {m.get('wall_time_s', 0):.0f} s)")
    envs = [m.get("env") for m in metas if m.get("env")]
    if envs:
        header.append(f"- machine: {metas[0].get('machine', '')}; {env_line(envs[0])}")
    write_tables(Path(args.out), records, target, compare, header=header)
    s = summary(records)
    print(json.dumps(s))
    return 0
