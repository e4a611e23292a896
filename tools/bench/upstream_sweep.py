"""Upstream's OpInfo, ModuleInfo and OptimizerInfo databases through Inductor on the emulated xpu device,
stock torch against the series (inductor_xpu.emulation.sweeps).

    python tools/bench/upstream_sweep.py --variant series --dtypes fp32,fp16,bf16 --samples 1 \\
        --out benchmarks/results/upstream_sweep/opinfo_series.jsonl

runs itself under ``python -m inductor_xpu emulate`` (one process per
variant: ``stock`` is INDUCTOR_XPU_DISABLE=1) and writes one JSON line per
case as it goes, so a long sweep's partial record is usable.  The table, csv
and picture: tools/bench/upstream_sweep_report.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib.env import variant_env  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", choices=("series", "stock"), required=True)
    p.add_argument("--family", choices=("opinfo", "module", "optim"), default="opinfo",
                   help="OpInfo (op_db), ModuleInfo (module_db: forward and backward) or OptimizerInfo "
                   "(optim_db: step)")
    p.add_argument("--dtypes", default="fp32", help="comma-separated: fp32, fp16, bf16")
    p.add_argument("--samples", type=int, default=1, help="samples per op and dtype (0: all)")
    p.add_argument("--ops", default="", help="comma-separated op names (default: the whole op_db)")
    p.add_argument("--shard", default="0/1", metavar="I/N", help="every N-th op from the I-th")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per case")
    p.add_argument("--target", default="max1550", help="the emulated device's profile")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    from inductor_xpu.emulation.sweeps import DTYPES

    for d in args.dtypes.split(","):
        if d not in DTYPES:
            p.error(f"--dtypes: {d!r} is not one of {', '.join(DTYPES)}")
    if args.samples < 0:
        p.error("--samples: expected 0 (all) or a positive count")
    if not args.timeout > 0:
        p.error("--timeout: expected a positive number of seconds")
    try:
        i, n = (int(x) for x in args.shard.split("/"))
        assert 0 <= i < n
    except (ValueError, AssertionError):
        p.error(f"--shard {args.shard!r}: expected I/N with 0 <= I < N")
    return args


def _commit() -> str:
    import subprocess

    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=30,
                             cwd=os.path.dirname(os.path.abspath(__file__)))
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return out.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if os.environ.get("INDUCTOR_XPU_SWEEP_CHILD") != "1":
        env = variant_env(stock=args.variant == "stock")
        env["INDUCTOR_XPU_SWEEP_CHILD"] = "1"
        cmd = [sys.executable, "-m", "inductor_xpu", "emulate", "--target", args.target, "--",
               sys.executable, os.path.abspath(__file__), *(argv if argv is not None else sys.argv[1:])]
        os.execve(sys.executable, cmd, env)
    import torch
    from inductor_xpu.emulation import installed
    from inductor_xpu.emulation.sweeps import sweep_modules, sweep_ops, sweep_optims

    if installed() is None:
        print("upstream_sweep: the emulated xpu device is not installed", file=sys.stderr)
        return 2
    if args.family == "opinfo":
        from torch.testing._internal.common_methods_invocations import op_db as db
        sweep = sweep_ops
    elif args.family == "module":
        from torch.testing._internal.common_modules import module_db as db
        sweep = sweep_modules
    else:
        from torch.testing._internal.common_optimizers import optim_db as db
        sweep = sweep_optims
    names = [n for n in args.ops.split(",") if n]
    ops = [op for op in db if not names or op.name in names]
    unknown = sorted(set(names) - {op.name for op in ops})
    if unknown:
        print(f"upstream_sweep: --ops: not in this torch's {args.family} database: {', '.join(unknown)}",
              file=sys.stderr)
        return 2
    i, n = (int(x) for x in args.shard.split("/"))
    ops = ops[i::n]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    header = {"header": True, "variant": args.variant, "torch": torch.__version__, "target": args.target,
              "family": args.family, "dtypes": args.dtypes,
              "samples": args.samples, "ops": len(ops), "shard": args.shard,
              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "overlay": os.environ.get("INDUCTOR_XPU_DISABLE") != "1", "commit": _commit()}
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps(header) + "\n")

        def emit(result: object) -> None:
            f.write(json.dumps(result.row()) + "\n")  # type: ignore[attr-defined]
            f.flush()

        sweep(ops, args.dtypes.split(","), args.samples, emit, timeout=args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
