"""Before/after table of ``native_candidates.py --json`` records.

    python tools/bench/native_candidates_table.py DIR

``DIR`` holds ``<config>_<target>_<model>_<variant>.json`` files (variant
``before`` and ``after``: the same saved kernels, compiled with every
candidate of two heuristics; ``stock``, where present: of stock Inductor's,
the overlay off).  Prints, per configuration and target, the
kernels compared, how many spill over ``spill_threshold`` in every
candidate before and after (and their first configs' spill bytes), and
each kernel still spilling in every candidate after, with its first
config and best candidate.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

from inductor_xpu.native.report import KernelNative
from native_candidates import _config_text


def _kernels(path: Path) -> list[KernelNative]:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        return [KernelNative(**k) for k in record["kernels"]]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"native_candidates_table: {path}: {e}") from None


def _per_item(cfg: dict[str, Any], persistent: bool) -> str:
    """Tile elements per work-item of a launch config (32 per warp); of a
    persistent reduction's (whose R0_BLOCK is the row), the rows and work-items."""
    tile = 1
    for name, value in (cfg.get("kwargs") or {}).items():
        if name.endswith("BLOCK") and name not in ("RSPLIT_SIZE",):
            tile *= int(value)
    items = (cfg.get("num_warps") or 1) * 32
    if persistent:
        return f"{tile} row(s) over {items} work-items"
    return f"{tile / items:g} per work-item"


def _best(k: KernelNative) -> str:
    compiled = [c for c in k.candidates or () if c.get("status") == "compiled"]
    persistent = k.kind == "persistent_reduction"
    if not compiled:
        return f"its only config ({_per_item(k.config or {}, persistent)})"
    c = min(compiled, key=lambda c: c.get("spill_bytes") or 0)
    cfg: dict[str, Any] = c.get("config") or {}
    return f"{_config_text(cfg)}: {c.get('spill_bytes')} bytes ({_per_item(cfg, persistent)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir")
    args = parser.parse_args(argv)
    rows: dict[tuple[str, str], dict[str, list[int]]] = collections.defaultdict(
        lambda: {"models": [0], "kernels": [0], "stock": [0, 0], "before": [0, 0], "after": [0, 0]}
    )
    left: list[str] = []
    for before in sorted(Path(args.dir).glob("*_before.json")):
        after = before.with_name(before.name.replace("_before.json", "_after.json"))
        if not after.exists():
            continue
        config, target, model = before.name[: -len("_before.json")].split("_", 2)
        row = rows[(config, target)]
        row["models"][0] += 1
        stock = before.with_name(before.name.replace("_before.json", "_stock.json"))
        variants = [("before", before), ("after", after)] + ([("stock", stock)] if stock.exists() else [])
        for variant, path in variants:
            kernels = _kernels(path)
            if variant == "before":
                row["kernels"][0] += len(kernels)
            for k in kernels:
                if k.spills_in_every_candidate:
                    row[variant][0] += 1
                    row[variant][1] += k.spill_bytes or 0
                    if variant == "after":
                        left.append(
                            f"| {config} | {target} | {model} | {k.name} | {k.kind} | "
                            f"{k.spill_bytes:,} | {_best(k)} |"
                        )
    print(
        "| configuration | target | models | kernels | in every candidate, stock | before | bytes "
        "| after | bytes |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (config, target), row in sorted(rows.items()):
        print(
            f"| {config} | {target} | {row['models'][0]} | {row['kernels'][0]} | {row['stock'][0]} | "
            f"{row['before'][0]} | {row['before'][1]:,} | {row['after'][0]} | {row['after'][1]:,} |"
        )
    if left:
        print("\nStill spilling in every candidate after:\n")
        print(
            "| configuration | target | model | kernel | kind | spill bytes (first config) "
            "| least-spilling candidate |"
        )
        print("|---|---|---|---|---|---:|---|")
        print("\n".join(left))
    return 0


if __name__ == "__main__":
    sys.exit(main())
