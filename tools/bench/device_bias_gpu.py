#!/usr/bin/env python3
"""No regression where CUDA (or CPU) runs: the series vs stock torch, for real.

Compiles a set of small Inductor programs twice, each time in a fresh
process: stock torch (``INDUCTOR_XPU_DISABLE=1``) and with the overlay.  In
each process every program is checked against eager, its compiled output is
saved, and its compiled run time is measured after warm-up: ``--samples``
samples of ``--iters`` back-to-back calls, each sample bracketed by the
device's own events, median per-call time.  The
parent then checks the two processes' compiled outputs against each other
and reports overlay/stock time ratios and their geometric mean, beside the
noise floor: the ratio between two stock processes (with ``--rounds`` >= 2).

    python tools/bench/device_bias_gpu.py --device cuda --out benchmarks/results/device_bias_gpu.md
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from benchlib.child import add_child_out_argument, child_result, write_child_out
from benchlib.env import variant_env
from benchlib.machine import machine_description, versions_line
from benchlib.report import geomean as report_geomean, write_json, write_text


Program = Callable[[str], tuple[Callable[..., Any], tuple[Any, ...]]]


def _programs() -> dict[str, Program]:
    import torch
    import torch.nn.functional as F

    def pointwise(dev: str):
        x = torch.randn(1 << 20, device=dev)
        return (lambda x: (x.sin() * 2 + x.cos()).relu()), (x,)

    def reduction(dev: str):
        x = torch.randn(4096, 1024, device=dev)
        return (lambda x: (x.sum(1), x.amax(0), x.mean())), (x,)

    def softmax(dev: str):
        x = torch.randn(2048, 1024, device=dev)
        return (lambda x: torch.softmax(x * 0.5, -1)), (x,)

    def layernorm(dev: str):
        ln = torch.nn.LayerNorm(1024).to(dev)
        x = torch.randn(4096, 1024, device=dev)
        return (lambda x: F.gelu(ln(x))), (x,)

    def mlp(dev: str):
        m = torch.nn.Sequential(
            torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024)
        ).to(dev)
        x = torch.randn(512, 1024, device=dev)
        return m, (x,)

    def conv_relu(dev: str):
        m = torch.nn.Sequential(
            torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.BatchNorm2d(64), torch.nn.ReLU()
        ).to(dev).eval()
        x = torch.randn(16, 64, 56, 56, device=dev)
        return m, (x,)

    def attention(dev: str):
        q, k, v = (torch.randn(8, 16, 512, 64, device=dev) for _ in range(3))
        return (lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True)), (q, k, v)

    def attention_pattern(dev: str):
        q, k, v = (torch.randn(8, 16, 256, 64, device=dev) for _ in range(3))

        def f(q, k, v):
            return torch.softmax(q @ k.transpose(-2, -1) / 8.0, dim=-1) @ v

        return f, (q, k, v)

    def cumsum_topk(dev: str):
        x = torch.randn(1024, 2048, device=dev)
        return (lambda x: (x.cumsum(1), x.topk(8, dim=1).values)), (x,)

    def index_put(dev: str):
        x = torch.zeros(100000, device=dev)
        idx = torch.randint(0, 100000, (50000,), device=dev)
        val = torch.randn(50000, device=dev)
        return (lambda x, i, v: x.index_put((i,), v, accumulate=True)), (x, idx, val)

    def training_step(dev: str):
        m = torch.nn.Sequential(
            torch.nn.Linear(512, 1024), torch.nn.SiLU(), torch.nn.Linear(1024, 512)
        ).to(dev)
        x = torch.randn(256, 512, device=dev)

        def step(x):
            m.zero_grad(set_to_none=True)
            loss = m(x).square().mean()
            loss.backward()
            return loss.detach(), m[0].weight.grad

        return step, (x,)

    def half_matmul_bias_relu(dev: str):
        a = torch.randn(1024, 1024, device=dev, dtype=torch.float16)
        b = torch.randn(1024, 1024, device=dev, dtype=torch.float16)
        bias = torch.randn(1024, device=dev, dtype=torch.float16)
        return (lambda a, b, c: torch.relu(a @ b + c)), (a, b, bias)

    return {
        f.__name__: f
        for f in (
            pointwise, reduction, softmax, layernorm, mlp, conv_relu, attention,
            attention_pattern, cumsum_topk, index_put, training_step, half_matmul_bias_relu,
        )
    }


def _flatten(out: Any) -> list[Any]:
    import torch

    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in _flatten(o)]
    return []


def _time_calls(
    fn: Callable[..., Any], inputs: tuple[Any, ...], mod: Any, sync: Callable[[], None],
    samples: int, calls: int,
) -> list[float]:
    """Per-call times in ms: ``samples`` samples of ``calls`` back-to-back calls.

    On a GPU each sample is bracketed by two device events (the device's own
    ``Event``), so it measures what the device spends on ``calls`` calls,
    host launch overhead included when it is the bottleneck, without a host
    synchronisation per call.  On CPU, ``perf_counter``.
    """
    import time as _time

    out = []
    for _ in range(samples):
        if mod is not None:
            start, end = mod.Event(enable_timing=True), mod.Event(enable_timing=True)
            start.record()
            for _ in range(calls):
                fn(*inputs)
            end.record()
            end.synchronize()
            out.append(start.elapsed_time(end) / calls)
        else:
            t = _time.perf_counter()
            for _ in range(calls):
                fn(*inputs)
            out.append((_time.perf_counter() - t) * 1e3 / calls)
    sync()
    return out


def _child(args: argparse.Namespace) -> int:
    import torch

    dev = args.device
    mod = torch.get_device_module(dev) if dev != "cpu" else None
    sync = mod.synchronize if mod is not None else (lambda: None)
    results: dict[str, Any] = {
        "torch": torch.__version__,
        "overlay": False,
        "device_name": mod.get_device_name() if mod is not None else platform.processor(),
    }
    try:
        from inductor_xpu.overlay import installed

        o = installed()
        results["overlay"] = o is not None
        if o is not None:
            results["patches"] = {s.patch.name: s.status.value for s in o.result.states}
            results["patched_modules"] = sorted(o.modules)
    except ImportError:
        pass
    out_dir = Path(args.child_out).parent  # the outputs go beside the result
    programs = {}
    for name, make in _programs().items():
        if args.only and name not in args.only:
            continue
        torch.manual_seed(0)
        fn, inputs = make(dev)
        row: dict[str, Any] = {}
        try:
            torch.manual_seed(1)
            expected = _flatten(fn(*inputs))
            torch._dynamo.reset()
            compiled = torch.compile(fn)
            t0 = time.perf_counter()
            torch.manual_seed(1)
            got = _flatten(compiled(*inputs))
            sync()
            row["compile_s"] = time.perf_counter() - t0
            tol = 2e-2 if any(t.dtype == torch.float16 for t in expected) else 1e-3
            row["matches_eager"] = all(
                torch.allclose(g.float(), e.float(), rtol=tol, atol=tol) for g, e in zip(got, expected)
            ) and len(got) == len(expected)
            torch.save([g.detach().cpu() for g in got], out_dir / f"{name}.pt")
            for _ in range(args.warmup):
                compiled(*inputs)
            sync()
            times = _time_calls(compiled, inputs, mod, sync, args.samples, args.iters)
            row["median_ms"] = statistics.median(times)
            row["samples_ms"] = times
        except Exception as e:  # one row per failure, the run goes on
            row["error"] = f"{type(e).__name__}: {e}"[:500]
        programs[name] = row
    results["programs"] = programs
    write_child_out(args.child_out, results, indent=2)
    return 0


def _run_child(args: argparse.Namespace, stock: bool, out_dir: Path) -> dict[str, Any]:
    env = variant_env(stock=stock, no_compile_cache=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, __file__, "--device", args.device,
        "--iters", str(args.iters), "--samples", str(args.samples), "--warmup", str(args.warmup),
    ] + (["--only", *args.only] if args.only else [])
    return child_result(cmd, env=env, out=out_dir / "results.json")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--iters", type=int, default=20, help="back-to-back calls per timed sample")
    p.add_argument("--samples", type=int, default=30, help="timed samples per process")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--rounds", type=int, default=2, help="stock/overlay process pairs, alternated")
    p.add_argument("--only", nargs="*")
    p.add_argument("--out", type=Path)
    p.add_argument("--json", type=Path)
    add_child_out_argument(p)
    args = p.parse_args(argv)
    if args.child_out:
        return _child(args)

    import torch

    tmp = Path(tempfile.mkdtemp(prefix="device-bias-gpu-"))
    runs: dict[str, list[dict[str, Any]]] = {"stock": [], "overlay": []}
    for r in range(args.rounds):
        for variant in ("stock", "overlay") if r % 2 == 0 else ("overlay", "stock"):
            runs[variant].append(_run_child(args, variant == "stock", tmp / f"{variant}{r}"))
    stock0, over0 = runs["stock"][0], runs["overlay"][0]
    rows = []
    ratios: list[float] = []
    noises: list[float] = []
    for name in stock0["programs"]:
        s_rows = [run["programs"][name] for run in runs["stock"]]
        o_rows = [run["programs"][name] for run in runs["overlay"]]
        err = next((r["error"] for r in s_rows + o_rows if "error" in r), None)
        row: dict[str, Any] = {"program": name}
        if err:
            row["error"] = err
            rows.append(row)
            continue
        s_ms = statistics.median(r["median_ms"] for r in s_rows)
        o_ms = statistics.median(r["median_ms"] for r in o_rows)
        a = torch.load(tmp / "stock0" / f"{name}.pt")
        b = torch.load(tmp / "overlay0" / f"{name}.pt")
        same = len(a) == len(b) and all(
            torch.allclose(x.float(), y.float(), rtol=1e-3, atol=1e-3) for x, y in zip(a, b)
        )
        noise = (
            s_rows[1]["median_ms"] / s_rows[0]["median_ms"] if len(s_rows) > 1 else float("nan")
        )
        if len(s_rows) > 1:
            noises.append(noise)
        row.update(
            stock_ms=s_ms, overlay_ms=o_ms, ratio=o_ms / s_ms, stock_noise=noise,
            eager_ok=all(r["matches_eager"] for r in s_rows + o_rows),
            outputs_match=same,
        )
        ratios.append(o_ms / s_ms)
        rows.append(row)
    geomean = report_geomean(ratios) or float("nan")
    noise_geomean = report_geomean(noises) or float("nan")
    summary = {
        "device": args.device, "device_name": stock0["device_name"], "torch": stock0["torch"],
        "overlay_active": over0["overlay"], "stock_overlay_active": stock0["overlay"],
        "patches": over0.get("patches", {}), "rows": rows, "geomean_ratio": geomean,
        "stock_noise_geomean": noise_geomean,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": "python tools/bench/device_bias_gpu.py " + " ".join(argv or sys.argv[1:]),
    }
    lines = [
        f"# Series vs stock on {summary['device_name']} ({args.device})", "",
        f"Command: `{summary['command']}`", f"Date: {summary['date']}",
        f"{versions_line(summary['torch'])}; {machine_description()}",
        f"Overlay active in the overlay runs: {summary['overlay_active']}; in the stock runs: "
        f"{summary['stock_overlay_active']}",
        f"{args.rounds} process pairs (alternated); in each, {args.samples} samples of {args.iters} "
        f"back-to-back calls timed with device events after {args.warmup} warm-up calls; median per call, "
        "then median over the processes of a variant.",
        "stock run 2 / stock run 1: the same stock program in two processes (the noise floor).",
        "", "Patches on this torch:", "",
    ]
    for name, state in summary["patches"].items():
        lines.append(f"- {name}: {state}")
    lines += ["", "| program | stock ms | overlay ms | overlay/stock | stock run 2 / stock run 1 "
              "| matches eager | outputs equal |",
              "|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['program']} | error: {r['error'][:120]} | | | | | |")
        else:
            lines.append(
                f"| {r['program']} | {r['stock_ms']:.4f} | {r['overlay_ms']:.4f} | {r['ratio']:.3f} | "
                f"{r['stock_noise']:.3f} | {r['eager_ok']} | {r['outputs_match']} |"
            )
    lines += [
        "",
        f"Geometric mean overlay/stock time ratio: {geomean:.3f}; "
        f"stock/stock (noise floor): {noise_geomean:.3f}",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        write_text(args.out, text)
    if args.json:
        write_json(args.json, summary, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
