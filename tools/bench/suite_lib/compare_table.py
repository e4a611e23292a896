"""One CSV per run directory: stock vs overlay, accuracy and performance, per model.

    python tools/bench/suite_lib/compare_table.py OUT_DIR > compare.csv

Reads the ``*_accuracy_overlay_compare.csv`` and
``*_performance_overlay_compare.csv`` files that ``suite.py
--compare-overlay`` writes (one per suite) and joins them by model: the
accuracy status of each variant, then the performance columns (status,
speedup, latency, compilation latency; stock, overlay, overlay/stock).
tools/bench/gpu_suite.sh uses it to bring one table back from a device run.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path


ACCURACY_KEYS = ("accuracy_stock", "accuracy_overlay")


def read(paths: list[Path]) -> tuple[list[str], dict[str, dict[str, str]]]:
    columns: list[str] = []
    rows: dict[str, dict[str, str]] = {}
    for path in paths:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            for c in reader.fieldnames or ():
                if c not in columns:
                    columns.append(c)
            for row in reader:
                rows[row["name"]] = row
    return columns, rows


def join(out_dir: Path) -> tuple[list[str], list[dict[str, str]]]:
    acc_cols, acc = read(sorted(out_dir.glob("*_accuracy_overlay_compare.csv")))
    perf_cols, perf = read(sorted(out_dir.glob("*_performance_overlay_compare.csv")))
    columns = ["dev", "name"]
    if acc:
        columns += ["accuracy_batch_size", *ACCURACY_KEYS, "accuracy_compilation_latency_ratio"]
    if perf:
        columns += ["batch_size"] + [c for c in perf_cols if c not in ("dev", "name", "batch_size")]
    names = list(perf) + [n for n in acc if n not in perf]
    table = []
    for name in names:
        a, p = acc.get(name, {}), perf.get(name, {})
        row = {"dev": p.get("dev") or a.get("dev", ""), "name": name}
        if acc:
            row["accuracy_batch_size"] = a.get("batch_size", "")
            for k in ACCURACY_KEYS:
                row[k] = a.get(k, "")
            row["accuracy_compilation_latency_ratio"] = a.get("compilation_latency_ratio", "")
        for c in columns:
            if c not in row:
                row[c] = p.get(c, "")
        table.append(row)
    return columns, table


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    columns, table = join(Path(argv[0]))
    if not table:
        print(f"compare_table: no *_overlay_compare.csv under {argv[0]}", file=sys.stderr)
        return 1
    writer = csv.DictWriter(sys.stdout, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(table)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
