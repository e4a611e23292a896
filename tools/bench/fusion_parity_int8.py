#!/usr/bin/env python3
"""INT8 (PT2E) oneDNN fusion parity: what Inductor's quantization passes
fuse on CPU (real tensors, ``X86InductorQuantizer``) and on xpu
(hardware-less, ``XPUInductorQuantizer`` inside ``simulate(TARGET)``).

Run through ``tools/bench/fusion_parity.py --int8`` (same options as here).
Each pattern is quantized with torchao's PT2E flow
(:func:`inductor_xpu.modes.int8.quantize`: export, prepare, calibrate eagerly on
CPU, convert; int8 per-channel symmetric weights; activations per tensor,
static or dynamic), then compiled with ``freezing=True``.  Recorded per side:
the INT8 matcher counters (``torch._dynamo.utils.counters["inductor"]``,
e.g. ``qconv_unary_matcher_count``), the ``onednn.*`` calls in the generated
wrapper with their post-ops, and the (de)quantize ops left to generated
kernels.  A pattern is at parity when every INT8 post-op fusion counter on
xpu is at least the CPU one, and xpu leaves no more dequantize ops unfused
than CPU.

    python tools/bench/fusion_parity.py --int8 --json out/parity_int8.json
    python tools/bench/fusion_parity.py --int8 --report out/parity_int8.json --out benchmarks/results/fusion_parity_int8.md
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import re
import sys
import time
from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from benchlib.machine import machine_description
from benchlib.report import command_line, utc_now, write_json, write_text


# -- the zoo ------------------------------------------------------------------


class Conv(nn.Module):
    def __init__(self, post: Callable[[torch.Tensor], torch.Tensor] | None = None) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1)
        self.post = post

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x)
        return self.post(y) if self.post is not None else y


class ConvAdd(nn.Module):
    """conv(x) + conv2(x) (+ relu): the residual add of ResNet blocks, both
    operands quantized activations."""

    def __init__(self, relu: bool) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 1)
        self.relu = relu

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x) + self.conv2(x)
        return F.relu(y) if self.relu else y


class Linear(nn.Module):
    def __init__(self, post: Callable[[torch.Tensor], torch.Tensor] | None = None) -> None:
        super().__init__()
        self.linear = nn.Linear(32, 64)
        self.post = post

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.linear(x)
        return self.post(y) if self.post is not None else y


class LinearAdd(nn.Module):
    """linear(x) + linear2(x) (+ relu)."""

    def __init__(self, relu: bool) -> None:
        super().__init__()
        self.linear = nn.Linear(32, 64)
        self.linear2 = nn.Linear(32, 64)
        self.relu = relu

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.linear(x) + self.linear2(x)
        return F.relu(y) if self.relu else y


@dataclasses.dataclass
class Pattern:
    name: str
    make: Callable[[], nn.Module]
    inputs: Callable[[], tuple[torch.Tensor, ...]]


def _conv_x() -> tuple[torch.Tensor, ...]:
    return (torch.randn(2, 8, 12, 12),)


def _lin_x() -> tuple[torch.Tensor, ...]:
    return (torch.randn(8, 32),)


def zoo() -> list[Pattern]:
    return [
        Pattern("conv", Conv, _conv_x),
        Pattern("conv+relu", lambda: Conv(F.relu), _conv_x),
        Pattern("conv+add", lambda: ConvAdd(False), _conv_x),
        Pattern("conv+add+relu", lambda: ConvAdd(True), _conv_x),
        Pattern("linear", Linear, _lin_x),
        Pattern("linear+relu", lambda: Linear(F.relu), _lin_x),
        Pattern("linear+gelu", lambda: Linear(F.gelu), _lin_x),
        Pattern("linear+silu", lambda: Linear(F.silu), _lin_x),
        Pattern("linear+add", lambda: LinearAdd(False), _lin_x),
        Pattern("linear+add+relu", lambda: LinearAdd(True), _lin_x),
    ]


MODES = {"static": False, "dynamic": True}


# -- compiling -----------------------------------------------------------------

# The parity measure: INT8 post-op fusion counters (qconv_unary,
# qconv2d_binary, qlinear_binary ...) and lowerings to oneDNN INT8 ops
# (*_lower_count).  Weight prepack and dequant promotion counters are shown,
# not compared; so are (de)quantize ops left to generated kernels, whose
# count depends on how Inductor groups pointwise work into kernels (CPU C++
# and GPU Triton kernels fuse differently), not on oneDNN fusion.
def fusion_keys(counters: dict[str, int]) -> list[str]:
    return [k for k in counters if re.search(r"_(unary|binary|binary_unary)_matcher_count$|_lower_count$", k)]


def at_parity(cpu: dict[str, Any], xpu: dict[str, Any]) -> bool:
    cc, xc = cpu["counters"], xpu["counters"]
    return not xpu.get("error") and all(xc.get(k, 0) >= cc[k] for k in fusion_keys(cc))


def fused(side: dict[str, Any]) -> bool:
    """The computation ran in a oneDNN INT8 op (weight prepacked and lowered)."""
    return any(k.endswith("_lower_count") for k in side["counters"])


def _built(pat: Pattern) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    torch.manual_seed(0)
    return pat.make().eval(), pat.inputs()


def compile_cpu(pat: Pattern, dynamic: bool) -> dict[str, Any]:
    import torch._inductor.config as ic
    from torch._dynamo.utils import counters
    from torch._inductor.utils import run_and_get_code

    from inductor_xpu.modes.int8 import quantize, summarize

    model, inputs = _built(pat)
    model = quantize(model, inputs, device="cpu", dynamic=dynamic)
    counters.clear()
    torch._dynamo.reset()
    with torch.no_grad(), ic.patch(freezing=True, fx_graph_cache=False, fx_graph_remote_cache=False):
        _, code = run_and_get_code(torch.compile(model), *inputs)
    return summarize(code, counters["inductor"])


def compile_xpu(target: str, pat: Pattern, dynamic: bool) -> dict[str, Any]:
    """``pat`` through the INT8 compile for the simulated ``target``
    (:func:`inductor_xpu.modes.int8.compile_quantized`); raises its error."""
    from inductor_xpu.modes.int8 import compile_quantized, summarize
    from inductor_xpu.compile.pipeline import TargetOptions

    model, inputs = _built(pat)
    report = compile_quantized(
        model, inputs, {}, target, TargetOptions(record_cuda=False, reraise=True), dynamic=dynamic
    )
    return summarize([g.source for g in report.generated], report.inductor_counters)


def _error(e: Exception) -> dict[str, Any]:
    return {
        "counters": {},
        "onednn_calls": [],
        "unfused": {"quantize": 0, "dequantize": 0, "pairs": 0, "kernels": []},
        "error": f"{type(e).__name__}: {str(e)[:300]}",
    }


def run(target: str, modes: list[str], only: str | None) -> dict[str, Any]:
    from inductor_xpu.modes.int8 import torchao_version

    pats = [p for p in zoo() if not only or re.search(only, p.name)]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for mode in modes:
        for pat in pats:
            row: dict[str, Any] = {"pattern": pat.name, "mode": mode}
            try:
                row["cpu"] = compile_cpu(pat, MODES[mode])
            except Exception as e:  # noqa: BLE001 - reported in the table
                row["cpu"] = _error(e)
            print(f"  cpu {mode} {pat.name}: {row['cpu']['counters']} {row['cpu']['onednn_calls']}", file=sys.stderr, flush=True)
            rows.append(row)
    cpu_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    for row in rows:
        pat = next(p for p in pats if p.name == row["pattern"])
        try:
            row["xpu"] = compile_xpu(target, pat, MODES[row["mode"]])
        except Exception as e:  # noqa: BLE001
            row["xpu"] = _error(e)
        print(f"  xpu {row['mode']} {row['pattern']}: {row['xpu']['counters']} {row['xpu']['onednn_calls']}", file=sys.stderr, flush=True)
    xpu_s = time.perf_counter() - t1
    for row in rows:
        row["parity"] = at_parity(row["cpu"], row["xpu"])
    return {
        "target": target,
        "torch": torch.__version__,
        "torchao": torchao_version(),
        "series": "stock" if os.environ.get("INDUCTOR_XPU_DISABLE") else "series",
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "machine": machine_description(),
        "python": platform.python_version(),
        "cpu_seconds": round(cpu_s, 1),
        "xpu_seconds": round(xpu_s, 1),
        "rows": rows,
    }


# -- reporting -----------------------------------------------------------------


def _short(side: dict[str, Any]) -> str:
    if side.get("error"):
        return "ERROR " + side["error"].replace("|", "/")
    parts = [f"{k.removesuffix('_matcher_count').removesuffix('_count')}={v}" for k, v in side["counters"].items()]
    return " ".join(parts) or "-"


def _calls(side: dict[str, Any]) -> str:
    return ", ".join(side["onednn_calls"]) or "-"


def _unfused(side: dict[str, Any]) -> str:
    u = side["unfused"]
    return f"q{u['quantize']} dq{u['dequantize']}"


def report(res: dict[str, Any], command: str) -> str:
    from inductor_xpu.device.registry import get_profile

    rows = res["rows"]
    for r in rows:
        r["parity"] = at_parity(r["cpu"], r["xpu"])
    lines = [
        "# INT8 (PT2E) oneDNN fusion parity: CPU vs xpu (hardware-less)",
        "",
        f"Command: `{command}`  ",
        f"Date: {utc_now()}  ",
        f"Machine: {res['machine']}; ATen CPU capability {res['cpu_capability']}  ",
        f"Python {res['python']}, torch {res['torch']}, torchao {res['torchao']}, overlay: {res['series']}; "
        f"xpu target: {res['target']} ({get_profile(res['target']).name}), simulated  ",
        f"Compile time: CPU {res['cpu_seconds']} s, xpu {res['xpu_seconds']} s",
        "",
        "Flow (both sides): `torch.export` -> `prepare_pt2e` -> calibration on CPU (eager, real weights) -> "
        "`convert_pt2e` -> `torch.compile` with `freezing=True`.  Weights int8 per-channel symmetric; "
        "activations per tensor, static (calibrated) or dynamic.  CPU: `X86InductorQuantizer` "
        "(uint8 activations), compiled and run for real.  xpu: `XPUInductorQuantizer` (int8 activations; "
        "the dynamic rows use the x86 dynamic config, as torchao has no xpu one), compiled in `simulate()`.",
        "",
        "## Summary",
        "",
        "| mode | patterns | CPU in oneDNN INT8 | xpu in oneDNN INT8 | xpu >= CPU |",
        "|---|---|---|---|---|",
    ]
    for mode in MODES:
        rs = [r for r in rows if r["mode"] == mode]
        if rs:
            lines.append(
                f"| {mode} | {len(rs)} | {sum(fused(r['cpu']) for r in rs)} | {sum(fused(r['xpu']) for r in rs)} | "
                f"{sum(r['parity'] for r in rs)} |"
            )
    lines += [
        "",
        "\"in oneDNN INT8\": the conv/linear was lowered to `onednn.qconv_pointwise`/`qlinear_pointwise` "
        "(a `*_lower_count` counter).  \"xpu >= CPU\": every INT8 post-op fusion counter "
        "(`*_unary_matcher_count`, `*_binary_matcher_count`) and every lowering counter (`*_lower_count`) "
        "on xpu is at least the CPU one.  Counters are shown "
        "without `_matcher_count`/`_count`.  \"q/dq left\": kernels generated by Inductor (Triton on xpu, "
        "C++ on CPU) that quantize (`q`: activation quantization feeding an int8 op, expected) or dequantize "
        "(`dq`: not folded into a oneDNN op).",
        "",
        "## Per pattern",
        "",
        "| pattern | mode | CPU counters | CPU oneDNN calls | CPU q/dq left | xpu counters | xpu oneDNN calls | xpu q/dq left | xpu >= CPU |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        c, x = r["cpu"], r["xpu"]
        lines.append(
            f"| {r['pattern']} | {r['mode']} | {_short(c)} | {_calls(c)} | {_unfused(c)} | {_short(x)} | "
            f"{_calls(x)} | {_unfused(x)} | {'yes' if r['parity'] else 'no'} |"
        )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="fusion_parity.py --int8", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default="max1550")
    p.add_argument("--modes", default="static,dynamic", help="comma-separated: static, dynamic")
    p.add_argument("--only", help="regex on pattern names")
    p.add_argument("--json", help="write this run's results here")
    p.add_argument("--report", metavar="JSON", help="write the markdown report from a run's JSON")
    p.add_argument("--out", help="markdown output (with --report)")
    p.add_argument("--command", default=None, help="command line to record in the report")
    args = p.parse_args(argv)
    from inductor_xpu.modes.int8 import QuantUnavailableError, torchao_version

    if args.report:
        with open(args.report) as f:
            res = json.load(f)
        md = report(res, args.command or res.get("command", ""))
        if args.out:
            write_text(args.out, md)
        print(md)
        return 0
    if torchao_version() is None:
        print(str(QuantUnavailableError("fusion_parity.py --int8 needs torchao: pip install 'inductor-xpu[quant]'")),
              file=sys.stderr)
        return 2
    bad = [m for m in args.modes.split(",") if m not in MODES]
    if bad:
        print(f"fusion_parity.py --int8: unknown mode(s) {', '.join(bad)} (static, dynamic)", file=sys.stderr)
        return 2
    res = run(args.target, args.modes.split(","), args.only)
    res["command"] = command_line("fusion_parity.py", ["--int8", *(sys.argv[1:] if argv is None else argv)])
    if args.json:
        write_json(args.json, res)
    for r in res["rows"]:
        print(f"{r['pattern']:18s} {r['mode']:8s} cpu[{_short(r['cpu'])}] {_calls(r['cpu'])} | "
              f"xpu[{_short(r['xpu'])}] {_calls(r['xpu'])} {'OK' if r['parity'] else 'MISSING'}")
    print(f"cpu {res['cpu_seconds']} s, xpu {res['xpu_seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
