#!/usr/bin/env python3
"""oneDNN post-op fusion parity: what Inductor's mkldnn passes fuse on CPU
(real tensors) and on xpu (hardware-less, a simulated Intel GPU).

Each pattern of a zoo (conv2d and linear x every unary post-op, x add / sub
/ mul with and without a following ReLU, residual blocks, a gated MLP; fp32,
fp16, bf16) is compiled with ``freezing=True`` once for CPU and once for
xpu inside ``inductor_xpu.device.simulate(TARGET)``, and the
``torch._dynamo.utils.counters["inductor"]`` oneDNN counters of each compile
are compared: a pattern is at parity when every ``mkldnn_*_matcher_count``
on xpu is at least the CPU one (xpu >= CPU).  The xpu column also lists the
oneDNN calls in the generated wrapper (e.g. ``linear_pointwise(gelu/tanh)``).

Run it twice to see what the patch series changes:

    python tools/bench/fusion_parity.py --json out/parity_series.json
    INDUCTOR_XPU_DISABLE=1 python tools/bench/fusion_parity.py --json out/parity_stock.json
    python tools/bench/fusion_parity.py --report out/parity_series.json out/parity_stock.json \\
        --out benchmarks/results/fusion_parity.md

The CPU compiles are real (C++ kernels are built; nothing is timed).  What
the CPU fuses in fp16/bf16 depends on this CPU's ISA: Inductor only packs
and fuses low-precision convolutions and linears where
``torch.ops.mkldnn._is_mkldnn_bf16_supported()`` / ``_fp16_supported()``
say so (AVX512-BF16 / AMX-FP16 class CPUs), which the report records.  To
compare xpu with such a CPU when this one is not, run ``--cpu-only`` there
(no xpu simulation: any torch) and add its JSON to the report:

    python tools/bench/fusion_parity.py --cpu-only --json xeon.json     # on that machine
    python tools/bench/fusion_parity.py --report series.json stock.json --other-cpu xeon.json
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from benchlib.machine import machine_description, versions_line
from benchlib.report import write_json, write_text
from inductor_xpu.generated_code import MKLDNN_MATCHER_COUNT_RE, mkldnn_fusion_counters, onednn_calls


# -- the zoo ------------------------------------------------------------------

UNARIES: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "relu": F.relu,
    "gelu_erf": lambda t: F.gelu(t, approximate="none"),
    "gelu_tanh": lambda t: F.gelu(t, approximate="tanh"),
    "silu": F.silu,
    "hardswish": F.hardswish,
    "hardsigmoid": F.hardsigmoid,
    "leaky_relu": lambda t: F.leaky_relu(t, 0.1),
    "hardtanh": lambda t: F.hardtanh(t, -0.5, 4.0),
    "sigmoid": torch.sigmoid,
    "tanh": torch.tanh,
}

BINARIES: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "add": torch.add,
    "sub": torch.sub,
    "mul": torch.mul,
}

DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


class ConvUnary(nn.Module):
    def __init__(self, unary: Callable[[torch.Tensor], torch.Tensor]) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1)
        self.unary = unary

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.unary(self.conv(x))


class LinearUnary(nn.Module):
    def __init__(self, unary: Callable[[torch.Tensor], torch.Tensor]) -> None:
        super().__init__()
        self.linear = nn.Linear(32, 64)
        self.unary = unary

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.unary(self.linear(x))


class ConvBinary(nn.Module):
    def __init__(self, binary: Callable[..., torch.Tensor], post: Callable[..., torch.Tensor] | None) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1)
        self.binary, self.post = binary, post

    def forward(self, x: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
        y = self.binary(self.conv(x), other)
        return self.post(y) if self.post is not None else y


class LinearBinary(nn.Module):
    def __init__(self, binary: Callable[..., torch.Tensor], post: Callable[..., torch.Tensor] | None) -> None:
        super().__init__()
        self.linear = nn.Linear(32, 64)
        self.binary, self.post = binary, post

    def forward(self, x: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
        y = self.binary(self.linear(x), other)
        return self.post(y) if self.post is not None else y


class ResidualConvBlock(nn.Module):
    """ResNet basic block: conv-bn-relu-conv-bn, + identity, relu."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(16, 16, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + x)


class ResidualFFN(nn.Module):
    """Transformer FFN with its residual: x + fc2(gelu(fc1(x)))."""

    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(32, 128)
        self.fc2 = nn.Linear(128, 32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(F.gelu(self.fc1(x)))


class GatedMLP(nn.Module):
    """LLaMA-style MLP: down(silu(gate(x)) * up(x))."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = nn.Linear(32, 96, bias=False)
        self.up = nn.Linear(32, 96, bias=False)
        self.down = nn.Linear(96, 32, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.silu(self.gate(x)) * self.up(x))


@dataclasses.dataclass
class Pattern:
    name: str
    family: str
    make: Callable[[], nn.Module]
    inputs: Callable[[torch.dtype], tuple[torch.Tensor, ...]]


def _conv_x(dtype: torch.dtype) -> tuple[torch.Tensor, ...]:
    return (torch.randn(2, 8, 12, 12, dtype=dtype),)


def _conv_x_other(dtype: torch.dtype) -> tuple[torch.Tensor, ...]:
    return (torch.randn(2, 8, 12, 12, dtype=dtype), torch.randn(2, 16, 12, 12, dtype=dtype))


def _lin_x(dtype: torch.dtype) -> tuple[torch.Tensor, ...]:
    return (torch.randn(8, 32, dtype=dtype),)


def _lin_x_other(dtype: torch.dtype) -> tuple[torch.Tensor, ...]:
    return (torch.randn(8, 32, dtype=dtype), torch.randn(8, 64, dtype=dtype))


def zoo() -> list[Pattern]:
    pats: list[Pattern] = []
    for uname, u in UNARIES.items():
        pats.append(Pattern(f"conv2d+{uname}", "conv unary", lambda u=u: ConvUnary(u), _conv_x))
    for uname, u in UNARIES.items():
        pats.append(Pattern(f"linear+{uname}", "linear unary", lambda u=u: LinearUnary(u), _lin_x))
    for bname, b in BINARIES.items():
        for post_name, post in (("", None), ("+relu", F.relu)):
            pats.append(
                Pattern(f"conv2d+{bname}{post_name}", "conv binary", lambda b=b, p=post: ConvBinary(b, p), _conv_x_other)
            )
    for bname, b in BINARIES.items():
        for post_name, post in (("", None), ("+relu", F.relu)):
            pats.append(
                Pattern(f"linear+{bname}{post_name}", "linear binary", lambda b=b, p=post: LinearBinary(b, p), _lin_x_other)
            )
    pats.append(Pattern("resnet basic block", "blocks", ResidualConvBlock, lambda d: (torch.randn(2, 16, 12, 12, dtype=d),)))
    pats.append(Pattern("residual FFN (gelu)", "blocks", ResidualFFN, lambda d: (torch.randn(2, 8, 32, dtype=d),)))
    pats.append(Pattern("gated MLP (silu*up)", "blocks", GatedMLP, lambda d: (torch.randn(8, 32, dtype=d),)))
    return pats


# -- compiling -----------------------------------------------------------------

def summarize_calls(sources: list[str]) -> list[str]:
    """The oneDNN fp calls (``torch.ops.mkldnn``) in generated wrappers with
    their post-ops, e.g. ``linear_pointwise(gelu/tanh)``."""
    return [call.label for call in onednn_calls(sources, "mkldnn")]


def _fusion_counters() -> dict[str, int]:
    """This process's fp oneDNN fusion counters (the ``mkldnn_*`` ones)."""
    from torch._dynamo.utils import counters

    return mkldnn_fusion_counters(counters["inductor"])


@contextlib.contextmanager
def _compile_config() -> Iterator[None]:
    import torch._inductor.config as ic

    with ic.patch(freezing=True, fx_graph_cache=False, fx_graph_remote_cache=False):
        yield


def compile_cpu(pat: Pattern, dtype: torch.dtype) -> dict[str, Any]:
    from torch._dynamo.utils import counters

    torch.manual_seed(0)
    model = pat.make().eval().to(dtype)
    inputs = pat.inputs(dtype)
    counters.clear()
    torch._dynamo.reset()
    with torch.no_grad(), _compile_config():
        from torch._inductor.utils import run_and_get_code

        _, code = run_and_get_code(torch.compile(model), *inputs)
    return {"counters": _fusion_counters(), "calls": summarize_calls(code)}


def compile_xpu(target: str, pat: Pattern, dtype: torch.dtype) -> dict[str, Any]:
    """``pat`` compiled with freezing for the simulated ``target``
    (:func:`inductor_xpu.compile.pipeline.compile_for_target`); raises its error."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    torch._dynamo.reset()
    report = compile_for_target(
        pat.make().eval().to(dtype),
        tuple(pat.inputs(dtype)),
        {},
        target,
        TargetOptions(inductor_config={"freezing": True}, record_cuda=False, reraise=True),
    )
    return {
        "counters": mkldnn_fusion_counters(report.inductor_counters),
        "calls": summarize_calls([g.source for g in report.generated]),
    }


# Counters of post-op fusions (the parity measure).  Weight packing
# (mkldnn_{conv,linear}_weight_pack_*) is shown but not compared: on GPUs,
# Inductor's freezing first merges linears that share their input into one
# GEMM on concatenated weights (freezing_patterns.addmm_patterns_init), so an
# xpu graph can hold fewer linears to pack than the CPU one.
FUSION_KEYS = (
    "mkldnn_unary_fusion_matcher_count",
    "mkldnn_conv_binary_unary_fusion_matcher_count",
    "mkldnn_linear_bias_matcher_count",
    "mkldnn_reshape_linear_reshape_matcher_count",
)


def at_parity(cpu: dict[str, int], xpu: dict[str, int]) -> bool:
    return all(xpu.get(k, 0) >= cpu.get(k, 0) for k in FUSION_KEYS)


def fused(c: dict[str, int]) -> bool:
    """A post-op was fused (unary, binary or binary+unary)."""
    return any(
        v > 0 for k, v in c.items() if k in ("mkldnn_unary_fusion_matcher_count", "mkldnn_conv_binary_unary_fusion_matcher_count")
    )


def _compile_all_xpu(target: str, pats: list[Pattern], rows: list[dict[str, Any]]) -> None:
    for row in rows:
        pat = next(p for p in pats if p.name == row["pattern"])
        try:
            row["xpu"] = compile_xpu(target, pat, DTYPES[row["dtype"]])
        except Exception as e:  # noqa: BLE001
            row["xpu"] = {"counters": {}, "calls": [], "error": f"{type(e).__name__}: {str(e)[:200]}"}
        print(f"  xpu {row['dtype']} {row['pattern']}: {row['xpu']['counters']}", file=sys.stderr, flush=True)


def run(target: str, dtypes: list[str], only: str | None, cpu_only: bool = False) -> dict[str, Any]:
    pats = [p for p in zoo() if not only or re.search(only, p.name)]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for dname in dtypes:
        dtype = DTYPES[dname]
        for pat in pats:
            row: dict[str, Any] = {"pattern": pat.name, "family": pat.family, "dtype": dname}
            try:
                row["cpu"] = compile_cpu(pat, dtype)
            except Exception as e:  # noqa: BLE001 - reported in the table
                row["cpu"] = {"counters": {}, "calls": [], "error": f"{type(e).__name__}: {str(e)[:200]}"}
            rows.append(row)
            print(f"  cpu {dname} {pat.name}: {row['cpu']['counters']}", file=sys.stderr, flush=True)
    cpu_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    if cpu_only:  # e.g. on a machine whose torch cannot simulate xpu
        for row in rows:
            row["xpu"] = {"counters": {}, "calls": [], "error": "not run (--cpu-only)"}
    else:
        _compile_all_xpu(target, pats, rows)
    xpu_s = time.perf_counter() - t1
    for row in rows:
        row["parity"] = at_parity(row["cpu"]["counters"], row["xpu"]["counters"])
        row["cpu_fused"] = fused(row["cpu"]["counters"])
        row["xpu_fused"] = fused(row["xpu"]["counters"])
    from inductor_xpu.overlay import installed

    overlay = installed()
    return {
        "series": "stock" if os.environ.get("INDUCTOR_XPU_DISABLE") else "series",
        "patches_applied": [
            st.patch.name for st in overlay.result.states if st.status.value == "applied"
        ]
        if overlay is not None
        else [],
        "target": target,
        "torch": torch.__version__,
        "cpu_mkldnn_bf16": bool(torch.ops.mkldnn._is_mkldnn_bf16_supported()),
        "cpu_mkldnn_fp16": bool(torch.ops.mkldnn._is_mkldnn_fp16_supported()),
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "has_mkl": bool(torch._C.has_mkl),
        "machine": machine_description(),
        "cpu_only": cpu_only,
        "cpu_seconds": round(cpu_s, 1),
        "xpu_seconds": round(xpu_s, 1),
        "rows": rows,
    }


# -- reporting -----------------------------------------------------------------


def _short(c: dict[str, int]) -> str:
    keep = {
        "mkldnn_conv_weight_pack_matcher_count": "conv_pack",
        "mkldnn_linear_weight_pack_matcher_count": "linear_pack",
        "mkldnn_unary_fusion_matcher_count": "unary",
        "mkldnn_conv_binary_unary_fusion_matcher_count": "binary",
        "mkldnn_linear_bias_matcher_count": "linear_bias",
        "mkldnn_reshape_linear_reshape_matcher_count": "reshape_linear",
    }
    parts = [f"{keep.get(k, k.removeprefix('mkldnn_').removesuffix('_matcher_count'))}={v}" for k, v in c.items() if MKLDNN_MATCHER_COUNT_RE.match(k)]
    return " ".join(parts) if parts else "-"


def _cell(side: dict[str, Any]) -> str:
    if side.get("error"):
        return "ERROR " + side["error"].replace("|", "/")
    return _short(side["counters"])


def other_cpu_section(series: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """xpu (this run, the series) against the CPU counters of another
    machine's ``--cpu-only`` run: a CPU where oneDNN packs bf16/fp16 fuses
    low-precision patterns this machine's CPU cannot."""
    xpu = {(r["pattern"], r["dtype"]): r["xpu"] for r in series["rows"]}
    lines = [
        "## Against a second CPU",
        "",
        f"CPU counters from `{other.get('command', '--cpu-only run')}` on {other.get('machine', '?')}: "
        f"torch {other['torch']}, ATen CPU capability {other['cpu_capability']}, "
        f"oneDNN bf16 {other['cpu_mkldnn_bf16']}, oneDNN fp16 {other['cpu_mkldnn_fp16']}.  "
        "xpu counters: this report's series run.",
        "",
        "| dtype | patterns | that CPU fused | xpu fused, series | xpu >= that CPU |",
        "|---|---|---|---|---|",
    ]
    missing = []
    for d in sorted({r["dtype"] for r in other["rows"]}, key=list(DTYPES).index):
        rs = [r for r in other["rows"] if r["dtype"] == d and (r["pattern"], d) in xpu]
        ok = [r for r in rs if at_parity(r["cpu"]["counters"], xpu[(r["pattern"], d)]["counters"])]
        missing += [r for r in rs if r not in ok]
        lines.append(
            f"| {d} | {len(rs)} | {sum(fused(r['cpu']['counters']) for r in rs)} | "
            f"{sum(fused(xpu[(r['pattern'], d)]['counters']) for r in rs)} | {len(ok)} |"
        )
    lines += ["", "Patterns where xpu fuses less than that CPU: "
              + (", ".join(f"{r['pattern']} {r['dtype']}" for r in missing) or "none") + ".", ""]
    for r in missing:
        x = xpu[(r["pattern"], r["dtype"])]
        key = "mkldnn_linear_weight_pack_matcher_count"
        why = ""
        if x["counters"].get(key, 0) < r["cpu"]["counters"].get(key, 0):
            why = (f"; xpu packed {x['counters'].get(key, 0)} linears where that CPU packed "
                   f"{r['cpu']['counters'][key]}: freezing's concat-linear patterns merged linears "
                   "sharing an input into one GEMM first (they run for GPUs; on CPU only with "
                   "`config.cpp.enable_concat_linear`), leaving the post-op on part of the merged output")
        lines.append(f"* {r['pattern']} {r['dtype']}: xpu calls {', '.join(x['calls']) or '-'}{why}.")
    if missing:
        lines.append("")
    errors = [r for r in other["rows"] if r["cpu"].get("error")]
    if errors:
        lines += ["CPU errors there: " + "; ".join(
            f"{r['pattern']} {r['dtype']}: {r['cpu']['error']}" for r in errors), ""]
    lines += ["| pattern | dtype | that CPU's counters | xpu counters (series) |", "|---|---|---|---|"]
    for r in other["rows"]:
        x = xpu.get((r["pattern"], r["dtype"]))
        if x is not None:
            lines.append(f"| {r['pattern']} | {r['dtype']} | {_cell(r['cpu'])} | {_cell(x)} |")
    lines.append("")
    return lines


def report(series: dict[str, Any], stock: dict[str, Any] | None, command: str,
           other_cpu: dict[str, Any] | None = None) -> str:
    from inductor_xpu.device.registry import get_profile

    lines = ["# oneDNN post-op fusion parity: CPU vs xpu (hardware-less)", ""]
    lines.append(f"Command: `{command}`  ")
    lines.append(f"Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC  ")
    lines.append(
        f"Machine: {series.get('machine') or machine_description()}; "
        f"ATen CPU capability {series['cpu_capability']}, MKL {series['has_mkl']}, "
        f"oneDNN bf16 {series['cpu_mkldnn_bf16']}, oneDNN fp16 {series['cpu_mkldnn_fp16']}  "
    )
    lines.append(f"{versions_line(series['torch'])}; xpu target: {series['target']} ({get_profile(series['target']).name}), simulated  ")
    lines.append(
        f"Compile time: series run CPU {series['cpu_seconds']} s + xpu {series['xpu_seconds']} s"
        + (f"; stock run CPU {stock['cpu_seconds']} s + xpu {stock['xpu_seconds']} s" if stock else "")
    )
    lines.append("")
    rows = series["rows"]
    stock_rows = {(r["pattern"], r["dtype"]): r for r in (stock["rows"] if stock else [])}
    for r in [*rows, *stock_rows.values()]:  # recomputed: the rule may be newer than the run
        r["parity"] = at_parity(r["cpu"]["counters"], r["xpu"]["counters"])
        r["cpu_fused"] = fused(r["cpu"]["counters"])
        r["xpu_fused"] = fused(r["xpu"]["counters"])

    def count(rs: list[dict[str, Any]], key: str) -> int:
        return sum(1 for r in rs if r[key])

    lines.append("## Summary")
    lines.append("")
    lines.append("| dtype | patterns | CPU fused | xpu fused, stock | xpu fused, series | xpu >= CPU, stock | xpu >= CPU, series |")
    lines.append("|---|---|---|---|---|---|---|")
    for d in sorted({r["dtype"] for r in rows}, key=list(DTYPES).index):
        rs = [r for r in rows if r["dtype"] == d]
        ss = [stock_rows[(r["pattern"], d)] for r in rs if (r["pattern"], d) in stock_rows]
        lines.append(
            f"| {d} | {len(rs)} | {count(rs, 'cpu_fused')} | {count(ss, 'xpu_fused') if ss else '?'} | "
            f"{count(rs, 'xpu_fused')} | {count(ss, 'parity') if ss else '?'} | {count(rs, 'parity')} |"
        )
    if stock:
        cpu_changed = [
            r for r in rows if (r["pattern"], r["dtype"]) in stock_rows and r["cpu"]["counters"] != stock_rows[(r["pattern"], r["dtype"])]["cpu"]["counters"]
        ]
        lines.append("")
        lines.append(
            f"CPU counters identical with and without the series: {'yes' if not cpu_changed else 'NO: ' + ', '.join(r['pattern'] + ' ' + r['dtype'] for r in cpu_changed)}."
        )
    lines.append("")
    lines.append(
        "\"fused\": a unary or binary post-op was folded into a oneDNN op "
        "(`mkldnn_unary_fusion_matcher_count` or `mkldnn_conv_binary_unary_fusion_matcher_count` > 0; "
        "the latter counts linear binary fusions too).  \"xpu >= CPU\": every `mkldnn_*_matcher_count` "
        "on xpu is at least the CPU one for the post-op fusion counters (`unary`, `binary`, `linear_bias`, `reshape_linear`); weight packing is shown, not compared (on GPUs, freezing merges linears sharing an input into one GEMM before packing, e.g. the gated MLP's gate and up projections).  Counters: `conv_pack`/`linear_pack` weight packing "
        "(on CPU fp32 linear, `linear_pack` is the MKL path `mkl._mkl_linear`, which takes no post-op), "
        "`unary`, `binary` (binary with or without unary), `linear_bias`."
    )
    lines.append("")
    lines.append("## Per pattern")
    lines.append("")
    hdr = "| pattern | dtype | CPU counters | xpu counters (stock) | xpu counters (series) | xpu oneDNN calls (series) | xpu >= CPU (stock / series) |"
    lines.append(hdr)
    lines.append("|---|---|---|---|---|---|---|")
    for r in rows:
        s = stock_rows.get((r["pattern"], r["dtype"]))
        lines.append(
            f"| {r['pattern']} | {r['dtype']} | {_cell(r['cpu'])} | {_cell(s['xpu']) if s else '?'} | {_cell(r['xpu'])} | "
            f"{', '.join(r['xpu']['calls']) or '-'} | {('yes' if s['parity'] else 'no') if s else '?'} / {'yes' if r['parity'] else 'no'} |"
        )
    lines.append("")
    if other_cpu is not None:
        lines += other_cpu_section(series, other_cpu)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--int8" in argv:  # the INT8 (PT2E) table: fusion_parity_int8.py
        from fusion_parity_int8 import main as main_int8

        return main_int8([a for a in argv if a != "--int8"])
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default="max1550")
    p.add_argument("--dtypes", default="fp32,fp16,bf16")
    p.add_argument("--only", help="regex on pattern names")
    p.add_argument("--json", help="write this run's results here")
    p.add_argument("--report", nargs=2, metavar=("SERIES_JSON", "STOCK_JSON"), help="write the markdown report from two runs")
    p.add_argument("--out", help="markdown output (with --report)")
    p.add_argument("--command", default=None, help="command line to record in the report")
    p.add_argument("--cpu-only", action="store_true",
                   help="compile for CPU only (the xpu side needs a torch that can simulate xpu)")
    p.add_argument("--int8", action="store_true",
                   help="the INT8 (PT2E, torchao) table instead: see fusion_parity_int8.py --help")
    p.add_argument("--other-cpu", metavar="CPU_ONLY_JSON",
                   help="with --report: add xpu vs a second CPU's counters (a --cpu-only run's --json)")
    args = p.parse_args(argv)
    if args.report:
        with open(args.report[0]) as f:
            series = json.load(f)
        with open(args.report[1]) as f:
            stock = json.load(f)
        other = None
        if args.other_cpu:
            with open(args.other_cpu) as f:
                other = json.load(f)
        md = report(series, stock, args.command or " ".join(["python", *sys.argv]), other)
        if args.out:
            write_text(args.out, md)
        print(md)
        return 0
    res = run(args.target, args.dtypes.split(","), args.only, cpu_only=args.cpu_only)
    res["command"] = " ".join(["python", "tools/bench/fusion_parity.py", *argv])
    if args.json:
        write_json(args.json, res)
    for r in res["rows"]:
        print(
            f"{r['pattern']:24s} {r['dtype']:5s} cpu[{_short(r['cpu']['counters'])}] "
            + ("" if args.cpu_only else
               f"xpu[{_short(r['xpu']['counters'])}] {'OK' if r['parity'] else 'MISSING'} {' '.join(r['xpu']['calls'])}")
        )
    print(f"cpu {res['cpu_seconds']} s, xpu {res['xpu_seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
