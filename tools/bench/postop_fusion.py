#!/usr/bin/env python3
"""oneDNN post-op fusion on CPU: eager vs stock Inductor vs Inductor with the series.

Blocks (inference, ``torch._inductor.config.freezing = True``):

* ``mlp``: Linear(512, 2048) -> GELU -> Linear(2048, 512) -> ReLU, batch 256;
* ``bert_ffn``: BERT-base feed-forward block, hidden 768, intermediate 3072,
  GELU, residual add, LayerNorm, on 8 x 128 tokens;
* ``resnet50_bottleneck``: torchvision-style Bottleneck(256, 64) with
  BatchNorm folded by freezing, ReLUs and the identity residual, 8 x 256 x 56 x 56.

Each variant runs in its own process:

* ``stock``: stock torch (``INDUCTOR_XPU_DISABLE=1``), eager and compiled;
* ``series``: the overlay with the whole series, compiled;
* ``series_onednn_fp32`` (experiment, ``--experiment``): the series, and fp32
  CPU linears packed for oneDNN's ``mkldnn._linear_pointwise`` (which takes
  post-ops) instead of MKL's ``_mkl_linear`` (which does not).  Inductor takes
  that path on CPU for low-precision weights, AOT compilation and dynamic
  batch; this asks whether fp32 would gain from it too.

Per block and dtype, each process records the median of ``--iters`` timed
calls after ``--warmup`` calls, the fusion counters
(``torch._dynamo.utils.counters["inductor"]``), the oneDNN/MKL ops in the
generated code, a digest of that code, and the maximum difference from eager.

Two processes running the same generated code can differ by 20% or more on
a small shared machine, as much as the effects measured here, and a block
timed after others in the same process can inherit their state.  So every
block, dtype and variant gets its own process, the variants run in
``--rounds`` interleaved rounds (the order rotates each round), a variant's
time is the median of its per-round medians, and the table shows the spread
of those medians and whether the series generated the same code as stock
(then any difference between them is noise by construction).
One run of the script writes the markdown table.

    python tools/bench/postop_fusion.py --out benchmarks/results/postop_fusion_cpu.md
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import re
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


BLOCKS = ("mlp", "bert_ffn", "resnet50_bottleneck")
DTYPES = ("fp32", "bf16")
VARIANTS = ("stock", "series", "series_onednn_fp32")
# The fp oneDNN fusion counters (generated_code.mkldnn_fusion_counters) shown
# in the table.
FUSION_COUNTERS = (
    "mkldnn_unary_fusion_matcher_count",
    "mkldnn_binary_fusion_matcher_count",
    "mkldnn_conv_binary_unary_fusion_matcher_count",
    "mkldnn_linear_weight_pack_matcher_count",
    "mkldnn_conv_weight_pack_matcher_count",
)
# The wrapper's calls into oneDNN (mkldnn) and MKL (mkl._mkl_linear, fp32 CPU linears).
OP_NAMESPACES = ("mkldnn", "mkl")


def _build(block: str) -> tuple[Any, tuple[Any, ...]]:
    import torch
    from torch import nn

    torch.manual_seed(0)
    if block == "mlp":
        m = nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 512), nn.ReLU())
        return m, (torch.randn(256, 512),)
    if block == "bert_ffn":

        class BertFFN(nn.Module):
            def __init__(self, hidden: int = 768, inter: int = 3072) -> None:
                super().__init__()
                self.intermediate = nn.Linear(hidden, inter)
                self.output = nn.Linear(inter, hidden)
                self.norm = nn.LayerNorm(hidden, eps=1e-12)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                h = nn.functional.gelu(self.intermediate(x))
                return self.norm(self.output(h) + x)

        return BertFFN(), (torch.randn(8, 128, 768),)
    if block == "resnet50_bottleneck":

        class Bottleneck(nn.Module):
            def __init__(self, inplanes: int = 256, planes: int = 64) -> None:
                super().__init__()
                self.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False)
                self.bn1 = nn.BatchNorm2d(planes)
                self.conv2 = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
                self.bn2 = nn.BatchNorm2d(planes)
                self.conv3 = nn.Conv2d(planes, planes * 4, 1, bias=False)
                self.bn3 = nn.BatchNorm2d(planes * 4)
                self.relu = nn.ReLU(inplace=True)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                out = self.relu(self.bn1(self.conv1(x)))
                out = self.relu(self.bn2(self.conv2(out)))
                out = self.bn3(self.conv3(out))
                return self.relu(out + x)

        m = Bottleneck()
        # non-trivial running statistics, so folding BatchNorm matters
        for bn in (m.bn1, m.bn2, m.bn3):
            bn.running_mean.uniform_(-0.1, 0.1)
            bn.running_var.uniform_(0.5, 1.5)
        return m, (torch.randn(8, 256, 56, 56),)
    raise ValueError(f"unknown block {block!r}; choose from {BLOCKS}")


def _force_onednn_fp32_linear() -> None:
    """Pack fp32 CPU linears for ``mkldnn._linear_pointwise`` (the experiment)."""
    from torch._inductor.fx_passes import mkldnn_fusion

    cls = mkldnn_fusion.CpuMkldnnDeviceOp
    pack_w, pack = cls.pack_linear_weight, cls.pack_linear

    def pack_linear_weight(self, graph, is_lp_weight, transpose_weight_node, batch_size):
        return pack_w(self, graph, True, transpose_weight_node, batch_size)

    def pack_linear(self, graph, is_lp_weight, batch_size, input, packed_weight_node, bias):
        return pack(self, graph, True, batch_size, input, packed_weight_node, bias)

    cls.pack_linear_weight = pack_linear_weight  # type: ignore[method-assign]
    cls.pack_linear = pack_linear  # type: ignore[method-assign]


def _code_digest(codes: list[str]) -> str:
    """A digest of generated code that ignores what differs between two
    processes compiling the same graph: object addresses, temp paths, and
    content hashes in kernel names."""
    text = "\n".join(codes)
    text = re.sub(r"0x[0-9a-f]+|\b[0-9a-f]{12}\b", "ADDR", text)
    text = re.sub(r"/tmp/\S+", "PATH", text)
    text = re.sub(r"\b[a-z0-9]{52}\b", "HASH", text)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _median_ms(fn: Callable[[], Any], warmup: int, iters: int) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(iters):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def _child(args: argparse.Namespace) -> int:
    import torch
    from torch._dynamo.utils import counters
    from torch._inductor import config as inductor_config
    from torch._inductor.utils import run_and_get_code

    from inductor_xpu.generated_code import mkldnn_fusion_counters, op_calls

    if args.threads:
        torch.set_num_threads(args.threads)
    if args.variant == "series_onednn_fp32":
        _force_onednn_fp32_linear()
    overlay = None
    try:
        from inductor_xpu.overlay import installed

        o = installed()
        if o is not None:
            overlay = sum(s.status.value == "applied" for s in o.result.states)
    except ImportError:
        pass
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16}
    rows = []
    for block in args.blocks:
        for dt in args.dtypes:
            row: dict[str, Any] = {"block": block, "dtype": dt, "variant": args.variant}
            try:
                model, inputs = _build(block)
                model = model.eval().to(dtypes[dt])
                inputs = tuple(x.to(dtypes[dt]) for x in inputs)
                with torch.no_grad():
                    expected = model(*inputs)
                    if args.variant == "stock":
                        row["eager_ms"] = _median_ms(lambda: model(*inputs), args.warmup, args.iters)
                    torch._dynamo.reset()
                    counters.clear()
                    with inductor_config.patch(freezing=True):
                        compiled = torch.compile(model)
                        t0 = time.perf_counter()
                        got, codes = run_and_get_code(compiled, *inputs)
                        row["compile_s"] = time.perf_counter() - t0
                        row["compiled_ms"] = _median_ms(
                            lambda: compiled(*inputs), args.warmup, args.iters
                        )
                row["max_abs_diff"] = (got.float() - expected.float()).abs().max().item()
                fusion = mkldnn_fusion_counters(counters["inductor"])
                row["counters"] = {k: fusion[k] for k in FUSION_COUNTERS if k in fusion}
                row["code_digest"] = _code_digest(codes)
                ops: dict[str, int] = {}
                for code in codes:
                    for name, n in op_calls(code, OP_NAMESPACES).items():
                        ops[name] = ops.get(name, 0) + n
                row["ops"] = ops
            except Exception as e:  # one row per failure
                row["error"] = f"{type(e).__name__}: {e}"[:300]
            rows.append(row)
    write_child_out(
        args.child_out,
        {"torch": torch.__version__, "threads": torch.get_num_threads(),
         "overlay_patches_applied": overlay, "rows": rows},
        indent=2,
    )
    return 0


def _ops_cell(ops: dict[str, int]) -> str:
    return ", ".join(f"{k} x{v}" for k, v in sorted(ops.items())) or "-"


def _merge_rounds(per_round: list[dict[str, Any]]) -> dict[str, Any]:
    """One variant's rows over its rounds: times become the median of the
    per-round medians, with the per-round medians kept in ``*_rounds``."""
    first = per_round[0]
    rows = []
    for row in first["rows"]:
        same = [
            next(r for r in res["rows"] if r["block"] == row["block"] and r["dtype"] == row["dtype"])
            for res in per_round
        ]
        merged = dict(row)
        errors = [r["error"] for r in same if "error" in r]
        if errors:
            merged["error"] = errors[0]
        else:
            for key in ("eager_ms", "compiled_ms"):
                if key in row:
                    vals = [r[key] for r in same]
                    merged[key + "_rounds"] = vals
                    merged[key] = statistics.median(vals)
            merged["code_digests"] = sorted({r["code_digest"] for r in same})
        rows.append(merged)
    return {**{k: v for k, v in first.items() if k != "rows"}, "rows": rows}


def _spread(row: dict[str, Any], key: str) -> str:
    vals = row.get(key + "_rounds") or [row[key]]
    return f"{min(vals):.3f}-{max(vals):.3f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--blocks", nargs="+", default=list(BLOCKS), choices=BLOCKS)
    p.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=DTYPES)
    p.add_argument("--iters", type=int, default=30)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--rounds", type=int, default=3,
                   help="interleaved rounds of one process per variant (default 3)")
    p.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    p.add_argument("--no-experiment", dest="experiment", action="store_false",
                   help="skip the series_onednn_fp32 variant")
    p.add_argument("--out", type=Path)
    p.add_argument("--json", type=Path)
    p.add_argument("--variant", choices=VARIANTS, help=argparse.SUPPRESS)
    add_child_out_argument(p)
    args = p.parse_args(argv)
    if args.child_out:
        return _child(args)
    if args.iters < 20:
        p.error("--iters must be at least 20 (median of >= 20 timed calls)")
    if args.rounds < 1:
        p.error("--rounds must be at least 1")

    tmp = Path(tempfile.mkdtemp(prefix="postop-fusion-"))
    variants = list(VARIANTS if args.experiment else VARIANTS[:2])
    per_round: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
    # One process per (round, block, dtype, variant): a block timed after
    # others in the same process can inherit their state (oneDNN fp32 linears
    # run first made the conv-only bottleneck 1.5x slower with the same code).
    for rnd in range(args.rounds):
        order = variants[rnd % len(variants):] + variants[: rnd % len(variants)]
        got: dict[str, dict[str, Any]] = {}
        for block in args.blocks:
            for dt in args.dtypes:
                for variant in order:
                    if variant == "series_onednn_fp32" and dt != "fp32":
                        continue  # the experiment changes fp32 packing only
                    env = variant_env(stock=variant == "stock", no_compile_cache=True)
                    out = tmp / f"{variant}-{rnd}-{block}-{dt}.json"
                    cmd = [sys.executable, __file__, "--variant", variant,
                           "--iters", str(args.iters), "--warmup", str(args.warmup),
                           "--threads", str(args.threads), "--blocks", block, "--dtypes", dt]
                    print(f"[postop_fusion] round {rnd + 1}/{args.rounds}: {block} {dt} {variant}",
                          file=sys.stderr, flush=True)
                    res = child_result(cmd, env=env, out=out)
                    if variant in got:
                        got[variant]["rows"] += res["rows"]
                    else:
                        got[variant] = res
        for variant in variants:
            per_round[variant].append(got[variant])
        # written after every round, so a run cut short keeps what it measured
        text = _report(args, argv, per_round, variants, rnd + 1)
    print(text)
    return 0


def _report(args: argparse.Namespace, argv: list[str] | None,
            per_round: dict[str, list[dict[str, Any]]], variants: list[str], done: int) -> str:
    results = {v: _merge_rounds(per_round[v]) for v in variants}

    def row_of(variant: str, block: str, dt: str) -> dict[str, Any]:
        return next(r for r in results[variant]["rows"] if r["block"] == block and r["dtype"] == dt)

    stock = results["stock"]
    lines = [
        "# oneDNN post-op fusion on CPU: eager, stock Inductor, Inductor with the series",
        "",
        "| | |",
        "|---|---|",
        f"| command | `python tools/bench/postop_fusion.py {' '.join(argv or sys.argv[1:])}` |",
        f"| date | {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC} |",
        f"| machine | {machine_description()} |",
        f"| versions | {versions_line(stock['torch'])} |",
        f"| torch threads | {stock['threads']} |",
        f"| series | {results['series'].get('overlay_patches_applied')} patches applied |",
        f"| timing | {done} interleaved round(s) of one process per variant, block and dtype"
        + (f" (of {args.rounds} asked for; the run was cut short)" if done < args.rounds else "") + "; "
        "per process the "
        f"median of {args.iters} calls after {args.warmup} warm-up calls; a variant's time is the "
        "median of its per-round medians; inference, `freezing=True` |",
        "",
        "Speedups are eager time / compiled time; `series/stock` is the series' compiled "
        "time over stock's (below 1 is faster). `spread` is the lowest and highest per-round "
        "median. `same code` says whether the series generated the same code as stock "
        "(addresses and temp paths aside) in every round: where it did, a difference "
        "between the two is run-to-run noise.",
        "",
        "| block | dtype | eager ms | stock ms (spread) | series ms (spread) | stock speedup "
        "| series speedup | series/stock | same code | max abs diff vs eager (series) "
        "| oneDNN/MKL ops (stock) | oneDNN/MKL ops (series) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ratios, differing = [], []
    for block in args.blocks:
        for dt in args.dtypes:
            s, r = row_of("stock", block, dt), row_of("series", block, dt)
            if "error" in s or "error" in r:
                lines.append(f"| {block} | {dt} | error: {s.get('error') or r.get('error')} |" + " |" * 10)
                continue
            e = s["eager_ms"]
            same = s["code_digests"] == r["code_digests"] and len(s["code_digests"]) == 1
            ratio = r["compiled_ms"] / s["compiled_ms"]
            ratios.append(ratio)
            if not same:
                differing.append((block, dt, ratio))
            lines.append(
                f"| {block} | {dt} | {e:.3f} | {s['compiled_ms']:.3f} ({_spread(s, 'compiled_ms')}) | "
                f"{r['compiled_ms']:.3f} ({_spread(r, 'compiled_ms')}) | "
                f"{e / s['compiled_ms']:.2f}x | {e / r['compiled_ms']:.2f}x | {ratio:.3f} | "
                f"{'yes' if same else 'no'} | {r['max_abs_diff']:.2e} | "
                f"{_ops_cell(s['ops'])} | {_ops_cell(r['ops'])} |"
            )
    lines += [
        "",
        f"Geomean series/stock over {len(ratios)} rows: {report_geomean(ratios) or float('nan'):.3f}; "
        f"rows where the series generated different code: "
        + (", ".join(f"{b} {d} ({x:.3f})" for b, d, x in differing) or "none") + ".",
    ]
    if "series_onednn_fp32" in results and "fp32" in args.dtypes:
        lines += [
            "",
            "## Experiment: fp32 CPU linears through oneDNN (post-ops fused) instead of MKL",
            "",
            "| block | dtype | series ms (MKL linear) (spread) | oneDNN fp32 ms (spread) | oneDNN/MKL "
            "| same code | max abs diff vs eager | oneDNN/MKL ops | fusion counters |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for block in args.blocks:
            r, x = row_of("series", block, "fp32"), row_of("series_onednn_fp32", block, "fp32")
            if "error" in r or "error" in x:
                lines.append(f"| {block} | fp32 | error: {r.get('error') or x.get('error')} |" + " |" * 7)
                continue
            same = r["code_digests"] == x["code_digests"] and len(r["code_digests"]) == 1
            lines.append(
                f"| {block} | fp32 | {r['compiled_ms']:.3f} ({_spread(r, 'compiled_ms')}) | "
                f"{x['compiled_ms']:.3f} ({_spread(x, 'compiled_ms')}) | "
                f"{x['compiled_ms'] / r['compiled_ms']:.3f} | {'yes' if same else 'no'} | "
                f"{x['max_abs_diff']:.2e} | {_ops_cell(x['ops'])} | {x['counters']} |"
            )
    text = "\n".join(lines) + "\n"
    if args.out:
        write_text(args.out, text)
    if args.json:
        write_json(args.json, {"rounds": per_round, "merged": results}, indent=2)
    return text


if __name__ == "__main__":
    sys.exit(main())
