#!/usr/bin/env python3
"""Host time per call of a small compiled program, stock vs overlay, with a profile.

For kernels of a few microseconds, a compiled call costs what the host spends
in it (guards, wrappers, launches).  This runs the same program in fresh
processes, alternating stock torch (``INDUCTOR_XPU_DISABLE=1``) and the
overlay, and reports per process the median host time per call over
``--calls`` back-to-back calls (``perf_counter``, one synchronise per
sample) and, with ``--profile``, the functions taking the most time under
cProfile, so a difference in the call path shows up by name.

    python tools/bench/call_overhead.py --device cuda --rounds 3 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time

from benchlib.child import add_child_out_argument, child_result, write_child_out
from benchlib.env import variant_env


def _child(args: argparse.Namespace) -> None:
    import torch

    dev = args.device
    mod = torch.get_device_module(dev) if dev != "cpu" else None
    sync = mod.synchronize if mod is not None else (lambda: None)
    x = torch.randn(1 << 16, device=dev)
    f = torch.compile(lambda x: (x.sin() * 2 + x.cos()).relu())
    for _ in range(50):
        f(x)
    sync()
    samples = []
    for _ in range(args.samples):
        t = time.perf_counter()
        for _ in range(args.calls):
            f(x)
        sync()
        samples.append((time.perf_counter() - t) * 1e6 / args.calls)
    out = {"us_per_call": statistics.median(samples), "samples": samples}
    # the launch configs the Triton kernels run with (after any autotuning)
    import gc

    from torch._inductor.runtime.triton_heuristics import CachingAutotuner

    out["configs"] = sorted(
        f"{o.fn.__name__}: {[str(launcher.config) for launcher in o.launchers]}"
        for o in gc.get_objects()
        # type(), not isinstance(): a dead weakref proxy raises on __class__
        if issubclass(type(o), CachingAutotuner)
    )
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.calls):
            f(x)
        sync()
        prof.disable()
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(18)
        out["profile"] = s.getvalue()
    try:
        from inductor_xpu.overlay import installed

        out["overlay"] = installed() is not None
    except ImportError:
        out["overlay"] = False
    write_child_out(args.child_out, out)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--samples", type=int, default=20)
    p.add_argument("--calls", type=int, default=200)
    p.add_argument("--profile", action="store_true")
    add_child_out_argument(p)
    args = p.parse_args()
    if args.child_out:
        _child(args)
        return 0
    results: dict[str, list[dict]] = {"stock": [], "overlay": []}
    for r in range(args.rounds):
        for variant in ("stock", "overlay") if r % 2 == 0 else ("overlay", "stock"):
            env = variant_env(stock=variant == "stock")
            cmd = [sys.executable, __file__, "--device", args.device,
                   "--samples", str(args.samples), "--calls", str(args.calls)]
            if args.profile and r == 0:
                cmd.append("--profile")
            row = child_result(cmd, env=env)
            results[variant].append(row)
            print(
                f"round {r} {variant:7s} overlay={row['overlay']} {row['us_per_call']:.2f} us/call "
                f"configs={row['configs']}",
                flush=True,
            )
    for variant in ("stock", "overlay"):
        meds = [r["us_per_call"] for r in results[variant]]
        each = ", ".join(f"{m:.2f}" for m in meds)
        print(f"{variant}: median of processes {statistics.median(meds):.2f} us/call ({each})")
        if results[variant][0].get("profile"):
            print(f"--- profile ({variant}, round 0) ---\n{results[variant][0]['profile']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
