#!/usr/bin/env python3
"""Import-time cost of the overlay.

Times ``import torch; import torch._inductor.compile_fx`` in fresh Python
processes, three ways, interleaved run by run so drift hits all alike:

* stock:  ``TORCH_DEVICE_BACKEND_AUTOLOAD=0`` (nothing of inductor_xpu loads)
* cold:   overlay on, empty code cache (patches applied and compiled)
* warm:   overlay on, code cache filled by an earlier run

Reports the median (and min/max) of the in-process import time and of the
whole process's wall time, and writes a markdown table with the command,
machine, versions and date.

    python tools/bench/overlay_overhead.py --runs 10 --out benchmarks/results/overlay.md
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from benchlib.child import ChildError, run_child
from benchlib.machine import machine_description, versions_line
from benchlib.report import write_text


# Started as ``python -c PROBE --child-out PATH`` (benchlib.child).
PROBE = r"""
import sys, time
t0 = time.perf_counter()
import torch
import torch._inductor.compile_fx
t1 = time.perf_counter()
from inductor_xpu.overlay import installed
from benchlib.child import write_child_out
o = installed()
write_child_out(sys.argv[2], {
    "import_s": t1 - t0,
    "overlay": o is not None,
    "patched": sorted(o.modules) if o else [],
    "hits": o.cache.hits if o and o.cache else 0,
    "misses": o.cache.misses if o and o.cache else 0,
    "torch": torch.__version__,
})
"""


STOCK = {"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}


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
        k: {m: summarize([r[m] for r in v]) for m in ("import_s", "wall_s")}
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
        f"Machine: {machine_description()}",
        versions_line(torch_version),
        f"Patched modules imported: {', '.join(patched)}",
        "",
        f"Timed: `import torch; import torch._inductor.compile_fx` in a fresh process, "
        f"{args.runs} runs each, interleaved.",
        "",
        "| variant | import median (s) | min | max | vs stock | process wall median (s) |",
        "|---|---|---|---|---|---|",
    ]
    for k in ("stock", "cold", "warm"):
        s = stats[k]["import_s"]
        overhead = (s["median"] / stock - 1) * 100
        lines.append(
            f"| {k} | {s['median']:.3f} | {s['min']:.3f} | {s['max']:.3f} | "
            f"{overhead:+.1f}% | {stats[k]['wall_s']['median']:.3f} |"
        )
    warm = (stats["warm"]["import_s"]["median"] / stock - 1) * 100
    lines += [
        "",
        f"Goal: warm overhead <= 5% of stock. Measured: {warm:+.1f}% "
        f"({'met' if warm <= 5 else 'NOT met'}).",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        write_text(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
