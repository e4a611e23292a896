"""The table, csv and picture of upstream_sweep.py's records, stock against
the series:

    python tools/bench/upstream_sweep_report.py --stock S.jsonl --series R.jsonl \\
        --out benchmarks/results/upstream_sweep

writes upstream_sweep.md (pass rates by dtype, stock and series, the cases
that differ between them, every failure with its class), upstream_sweep.csv
(one row per case) and upstream_sweep.png (pass rate by dtype).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from typing import Any


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib.report import save_figure, write_csv, write_text  # noqa: E402


def read(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        raise SystemExit(f"upstream_sweep_report: {path}: {e}") from None
    if not lines or not lines[0].get("header"):
        raise SystemExit(f"upstream_sweep_report: {path}: no header line (not an upstream_sweep.py record)")
    return lines[0], lines[1:]


def key(row: dict[str, Any]) -> tuple[str, str, str, int]:
    return (row["family"], row["name"], row["dtype"], row["sample"])


def rate(rows: list[dict[str, Any]]) -> tuple[int, int]:
    cases = [r for r in rows if r["outcome"] != "no-dtype"]
    return sum(r["outcome"] == "pass" for r in cases), len(cases)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--stock", required=True)
    p.add_argument("--series", required=True)
    p.add_argument("--out", required=True, help="directory")
    p.add_argument("--command", default="", help="the sweep commands, for the record")
    p.add_argument("--machine", default="", help="the machine, for the record")
    args = p.parse_args(argv)
    stock_h, stock = read(args.stock)
    series_h, series = read(args.series)
    from inductor_xpu.emulation.sweeps import classify

    for r in stock + series:  # the classes as classify() gives them now
        if r["outcome"] not in ("pass", "no-dtype"):
            r["cause"] = classify(r["outcome"], r["detail"])
    by_stock = {key(r): r for r in stock}
    by_series = {key(r): r for r in series}
    dtypes = sorted({r["dtype"] for r in series}, key=["fp32", "fp16", "bf16"].index)
    lines = ["# Upstream's OpInfo database through Inductor on the emulated xpu device: stock against the series", ""]
    lines += [f"- torch {series_h['torch']}; emulated profile {series_h['target']}; samples per op and dtype: "
              f"{series_h['samples'] or 'all'}; started {stock_h['started']} (stock), {series_h['started']} (series)"]
    if args.machine:
        lines.append(f"- machine: {args.machine}")
    if args.command:
        lines.append(f"- commands: `{args.command}`")
    lines += ["- method: inductor_xpu/emulation/sweeps.py (compiled xpu against eager xpu; eager xpu against eager "
              "CPU as the control); classes: docs/emulated_xpu.md", "",
              "| dtype | stock pass | series pass | no such dtype on xpu |", "|---|---:|---:|---:|"]
    for d in dtypes:
        sp, sn = rate([r for r in stock if r["dtype"] == d])
        rp, rn = rate([r for r in series if r["dtype"] == d])
        nod = sum(r["outcome"] == "no-dtype" for r in series if r["dtype"] == d)
        lines.append(f"| {d} | {sp}/{sn} ({100 * sp / max(sn, 1):.1f}%) | {rp}/{rn} ({100 * rp / max(rn, 1):.1f}%) "
                     f"| {nod} |")
    fixed = [k for k, r in by_series.items() if r["outcome"] == "pass" and by_stock.get(k, {}).get("outcome") not in
             (None, "pass")]
    broken = [k for k, r in by_series.items() if r["outcome"] not in ("pass", "no-dtype")
              and by_stock.get(k, {}).get("outcome") == "pass"]
    missing = sorted(set(by_stock) ^ set(by_series))
    lines += ["", f"## Stock against the series: {len(fixed)} fixed by the series, {len(broken)} broken by it", ""]
    for title, keys in (("fixed by the series", fixed), ("broken by the series", broken)):
        for k in sorted(keys):
            lines.append(f"- {title}: {k[1]} {k[2]} (stock: {by_stock[k]['outcome']}: {by_stock[k]['detail'][:160]}; "
                         f"series: {by_series[k]['outcome']})")
    if missing:
        lines.append(f"- cases in one record only (an unfinished sweep): {len(missing)}")
    lines += ["", "## Every case that did not pass (series), by class", ""]
    failing = [r for r in series if r["outcome"] not in ("pass", "no-dtype")]
    by_cause = collections.defaultdict(list)
    for r in failing:
        by_cause[r["cause"]].append(r)
    for cause in sorted(by_cause):
        lines += [f"### {cause}: {len(by_cause[cause])}", "", "| op | dtype | outcome | detail |", "|---|---|---|---|"]
        for r in sorted(by_cause[cause], key=lambda r: (r["name"], r["dtype"])):
            detail = r["detail"].replace("|", "/")[:220]
            lines.append(f"| {r['name']} | {r['dtype']} | {r['outcome']} | {detail} |")
        lines.append("")
    write_text(os.path.join(args.out, "upstream_sweep.md"), "\n".join(lines) + "\n")
    rows = []
    for k in sorted(set(by_stock) | set(by_series)):
        s, r = by_stock.get(k, {}), by_series.get(k, {})
        rows.append({"family": k[0], "name": k[1], "dtype": k[2], "sample": k[3],
                     "stock": s.get("outcome", ""), "series": r.get("outcome", ""), "cause": r.get("cause", ""),
                     "detail": r.get("detail", "")})
    write_csv(os.path.join(args.out, "upstream_sweep.csv"), rows,
              ["family", "name", "dtype", "sample", "stock", "series", "cause", "detail"])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.2))
    width = 0.38
    for i, (label, data) in enumerate((("stock", stock), ("series", series))):
        values = []
        for d in dtypes:
            ok, n = rate([r for r in data if r["dtype"] == d])
            values.append(100 * ok / max(n, 1))
        ax.bar([j + (i - 0.5) * width for j in range(len(dtypes))], values, width, label=label)
    ax.set_xticks(range(len(dtypes)), dtypes)
    ax.set_ylim(0, 100)
    ax.set_ylabel("OpInfos passing (%)")
    ax.set_title(f"OpInfo through Inductor, emulated xpu (torch {series_h['torch']})", fontsize=9)
    ax.legend(loc="lower right")
    save_figure(fig, os.path.join(args.out, "upstream_sweep.png"))
    print(f"upstream_sweep_report: {len(fixed)} fixed, {len(broken)} broken, {len(failing)} failing (series)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
