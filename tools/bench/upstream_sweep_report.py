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
    p.add_argument("--stock", required=True, action="append", help="a stock record (repeat: one per family)")
    p.add_argument("--series", required=True, action="append", help="a series record (repeat: one per family)")
    p.add_argument("--out", required=True, help="directory")
    p.add_argument("--command", default="", help="the sweep commands, for the record")
    p.add_argument("--machine", default="", help="the machine, for the record")
    args = p.parse_args(argv)
    stock_records = [read(path) for path in args.stock]
    series_records = [read(path) for path in args.series]
    stock = [row for _, rows in stock_records for row in rows]
    series = [row for _, rows in series_records for row in rows]
    series_h = series_records[0][0]
    from inductor_xpu.emulation.sweeps import classify

    for r in stock + series:  # the classes as classify() gives them now
        if r["outcome"] not in ("pass", "no-dtype"):
            r["cause"] = classify(r["outcome"], r["detail"])
    by_stock = {key(r): r for r in stock}
    by_series = {key(r): r for r in series}
    dtypes = sorted({r["dtype"] for r in series}, key=["fp32", "fp16", "bf16"].index)
    families = [f for f in ("opinfo", "module", "optim") if any(r["family"] == f for r in series)]
    lines = ["# Upstream's OpInfo, ModuleInfo and OptimizerInfo databases through Inductor on the emulated xpu device: "
             "stock against the series", ""]
    lines.append(f"- torch {series_h['torch']}; emulated profile {series_h['target']}")
    for header, _ in stock_records + series_records:
        lines.append(f"- {header['variant']} {header.get('family', 'opinfo')}: dtypes {header['dtypes']}, samples per "
                     f"case {header['samples'] or 'all'}, {header['ops']} entries, started {header['started']}"
                     + (f", at {header['commit']}" if header.get("commit") else ""))
    if args.machine:
        lines.append(f"- machine: {args.machine}")
    if args.command:
        lines.append(f"- commands: `{args.command}`")
    lines += ["- method: inductor_xpu/emulation/sweeps.py (compiled xpu against eager xpu; eager xpu against eager "
              "CPU as the control); classes: docs/emulated_xpu.md", "",
              "| family | dtype | stock pass | series pass | not run (no such dtype on xpu) |",
              "|---|---|---:|---:|---:|"]
    for f in families:
        for d in dtypes:
            stock_fd = [r for r in stock if r["dtype"] == d and r["family"] == f]
            series_fd = [r for r in series if r["dtype"] == d and r["family"] == f]
            if not series_fd:
                continue
            sp, sn = rate(stock_fd)
            rp, rn = rate(series_fd)
            nod = sum(r["outcome"] == "no-dtype" for r in series_fd)
            lines.append(f"| {f} | {d} | {sp}/{sn} ({100 * sp / max(sn, 1):.1f}%) | {rp}/{rn} "
                         f"({100 * rp / max(rn, 1):.1f}%) | {nod} |")
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
        lines += [f"### {cause}: {len(by_cause[cause])}", "", "| family | case | dtype | outcome | detail |",
                  "|---|---|---|---|---|"]
        for r in sorted(by_cause[cause], key=lambda r: (r["family"], r["name"], r["dtype"])):
            detail = r["detail"].replace("|", "/")[:220]
            lines.append(f"| {r['family']} | {r['name']} | {r['dtype']} | {r['outcome']} | {detail} |")
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

    groups = [(f, d) for f in families for d in dtypes if any(r["family"] == f and r["dtype"] == d for r in series)]
    fig, ax = plt.subplots(figsize=(1.2 * len(groups) + 2, 3.2))
    width = 0.38
    for i, (label, data) in enumerate((("stock", stock), ("series", series))):
        values = []
        for f, d in groups:
            ok, n = rate([r for r in data if r["dtype"] == d and r["family"] == f])
            values.append(100 * ok / max(n, 1))
        ax.bar([j + (i - 0.5) * width for j in range(len(groups))], values, width, label=label)
    ax.set_xticks(range(len(groups)), [f"{f}\n{d}" for f, d in groups], fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel("cases passing (%)")
    ax.set_title(f"Upstream's databases through Inductor, emulated xpu (torch {series_h['torch']})", fontsize=9)
    ax.legend(loc="lower right")
    save_figure(fig, os.path.join(args.out, "upstream_sweep.png"))
    print(f"upstream_sweep_report: {len(fixed)} fixed, {len(broken)} broken, {len(failing)} failing (series)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
