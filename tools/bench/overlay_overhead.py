#!/usr/bin/env python3
"""Import-time and memory cost of the overlay.

Times ``import torch; import torch._inductor.compile_fx`` in fresh Python
processes and reads their peak RSS (``ru_maxrss``), three ways, interleaved
run by run so drift hits all alike:

* stock:  ``TORCH_DEVICE_BACKEND_AUTOLOAD=0`` (nothing of inductor_xpu loads)
* cold:   overlay on, empty code cache (patches applied and compiled)
* warm:   overlay on, code cache filled by an earlier run

Reports the median (and min/max) of the in-process import time, of the
whole process's wall time and of the peak RSS, and writes a markdown table
with the command, machine, versions, commit and date.

    python tools/bench/overlay_overhead.py --runs 10 --out benchmarks/results/overlay.md
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib.child import ChildError, run_child
from benchlib.machine import machine_description, versions_line
from benchlib.report import write_text


# Started as ``python -c PROBE --child-out PATH`` (benchlib.child).
PROBE = r"""
import resource, sys, time
t0 = time.perf_counter()
import torch
import torch._inductor.compile_fx
t1 = time.perf_counter()
peak_rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
from inductor_xpu.overlay import installed
from benchlib.child import write_child_out
o = installed()
write_child_out(sys.argv[2], {
    "import_s": t1 - t0,
    "peak_rss_mib": peak_rss_kib / 1024,
    "overlay": o is not None,
    "patched": sorted(o.modules) if o else [],
    "hits": o.finder.cache.hits if o and o.finder.cache else 0,
    "misses": o.finder.cache.misses if o and o.finder.cache else 0,
    "torch": torch.__version__,
})
"""


STOCK = {"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}


def _commit() -> str:
    """The checked-out commit (with "+changes" where the tree differs)."""
    root = Path(__file__).resolve().parents[2]
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return sha + ("+changes" if dirty else "")


def run_once(env: dict[str, str]) -> dict[str, float]:
    run = run_child([sys.executable, "-c", PROBE], env=env)
    if run.returncode != 0 or run.result is None:
        raise ChildError(f"the import probe {run.describe_exit()}")
    out = run.result
    out["wall_s"] = run.elapsed_s
    return out


def summarize(values: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--out", type=Path, help="markdown file to write")
    args = parser.parse_args(argv)

    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("INDUCTOR_XPU_") and k != "TORCH_DEVICE_BACKEND_AUTOLOAD"
    }
    tmp = Path(tempfile.mkdtemp(prefix="overlay-bench-"))
    warm_dir = tmp / "warm"
    try:
        run_once({**base, "INDUCTOR_XPU_CACHE_DIR": str(warm_dir)})  # fill warm cache
        # one untimed run of each to settle the OS file cache
        run_once({**base, **STOCK})
        results: dict[str, list[dict[str, float]]] = {"stock": [], "cold": [], "warm": []}
        for i in range(args.runs):
            cold_dir = tmp / f"cold{i}"
            results["stock"].append(run_once({**base, **STOCK}))
            results["cold"].append(run_once({**base, "INDUCTOR_XPU_CACHE_DIR": str(cold_dir)}))
            results["warm"].append(run_once({**base, "INDUCTOR_XPU_CACHE_DIR": str(warm_dir)}))
            shutil.rmtree(cold_dir, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    assert all(not r["overlay"] for r in results["stock"])
    assert all(r["overlay"] and r["misses"] and not r["hits"] for r in results["cold"])
    assert all(r["overlay"] and r["hits"] and not r["misses"] for r in results["warm"])

    stats = {
        k: {m: summarize([r[m] for r in v]) for m in ("import_s", "wall_s", "peak_rss_mib")}
        for k, v in results.items()
    }
    stock = stats["stock"]["import_s"]["median"]
    torch_version = results["stock"][0]["torch"]
    patched = results["warm"][0]["patched"]
    lines = [
        "# Overlay import overhead",
        "",
        f"Command: `python tools/bench/overlay_overhead.py --runs {args.runs}"
        + (f" --out {args.out}`" if args.out else "`"),
        f"Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}",
        f"Commit: {_commit()}",
        f"Machine: {machine_description()}",
        versions_line(torch_version),
        f"Patched modules imported: {', '.join(patched)}",
        "",
        f"Timed: `import torch; import torch._inductor.compile_fx` in a fresh process, "
        f"{args.runs} runs each, interleaved.",
        "",
        "| variant | import median (s) | min | max | vs stock | process wall median (s) "
        "| peak RSS median (MiB) | min | max | vs stock |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    stock_rss = stats["stock"]["peak_rss_mib"]["median"]
    for k in ("stock", "cold", "warm"):
        s = stats[k]["import_s"]
        r = stats[k]["peak_rss_mib"]
        overhead = (s["median"] / stock - 1) * 100
        lines.append(
            f"| {k} | {s['median']:.3f} | {s['min']:.3f} | {s['max']:.3f} | "
            f"{overhead:+.1f}% | {stats[k]['wall_s']['median']:.3f} "
            f"| {r['median']:.1f} | {r['min']:.1f} | {r['max']:.1f} | {(r['median'] / stock_rss - 1) * 100:+.1f}% |"
        )
    warm = (stats["warm"]["import_s"]["median"] / stock - 1) * 100
    warm_rss = stats["warm"]["peak_rss_mib"]["median"]
    rss = (warm_rss / stock_rss - 1) * 100
    lines += [
        "",
        f"Goal: warm overhead <= 5% of stock. Measured: {warm:+.1f}% "
        f"({'met' if warm <= 5 else 'NOT met'}).",
        f"Goal: warm peak RSS <= +2% of stock. Measured: {warm_rss:.1f} vs {stock_rss:.1f} MiB, "
        f"{warm_rss - stock_rss:+.1f} MiB, {rss:+.1f}% ({'met' if rss <= 2 else 'NOT met'}).",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        write_text(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
