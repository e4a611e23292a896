"""The comparison of compiled FSDP2 runs, stock vs overlay
(:mod:`fsdp2_gpu` measures them): which processes run, in which order
(:class:`Variant`, :func:`plan_variants`), how their losses, throughput and
``torch.cuda`` uses compare (:func:`summarize`), and the markdown record
(:func:`render`).  Pure Python: no torch."""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
from collections.abc import Sequence
from typing import Any


@dataclasses.dataclass(frozen=True)
class Variant:
    """One process of the comparison: stock or overlay, its round, its mode."""

    mode: str
    stock: bool
    round: int

    @property
    def name(self) -> str:
        return f"{self.mode}_{'stock' if self.stock else 'overlay'}{self.round + 1}"


def plan_variants(modes: Sequence[str], rounds: int) -> list[Variant]:
    """Stock and overlay per round, alternated (stock first in even rounds),
    for each mode in turn: ``rounds=2`` gives stock, overlay, overlay, stock."""
    out = []
    for mode in modes:
        for r in range(rounds):
            order = (True, False) if r % 2 == 0 else (False, True)
            out += [Variant(mode, stock, r) for stock in order]
    return out


# -- the comparison (pure Python: no torch) -------------------------------------


def loss_agreement(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Step-by-step agreement of two variants' losses: the largest |a - b|
    over the steps of every rank, and of the rank mean, the first step where
    they differ, and how many steps are bitwise equal on every rank."""
    ra, rb = a["ranks"], b["ranks"]
    if len(ra) != len(rb) or any(len(x["losses"]) != len(y["losses"]) for x, y in zip(ra, rb)):
        raise ValueError("the two runs differ in ranks or steps")
    steps = len(ra[0]["losses"])
    diffs = [max(abs(x["losses"][i] - y["losses"][i]) for x, y in zip(ra, rb)) for i in range(steps)]
    mean_a, mean_b = mean_losses(a), mean_losses(b)
    first = next((i for i, d in enumerate(diffs) if d != 0), None)
    rel = [d / max(abs(y), 1e-12) for d, y in zip(diffs, mean_b)]
    return {
        "max_abs_diff": max(diffs) if diffs else 0.0,
        "max_rel_diff": max(rel) if rel else 0.0,
        "max_abs_diff_mean_loss": max((abs(x - y) for x, y in zip(mean_a, mean_b)), default=0.0),
        "first_differing_step": first,
        "bitwise_equal_steps": sum(d == 0 for d in diffs),
        "steps": steps,
        "per_step_max_abs_diff": diffs,
    }


def mean_losses(run: dict[str, Any]) -> list[float]:
    ranks = run["ranks"]
    return [statistics.fmean(r["losses"][i] for r in ranks) for i in range(len(ranks[0]["losses"]))]


def throughput(run: dict[str, Any], args: argparse.Namespace | dict[str, Any]) -> dict[str, Any]:
    """Tokens/s over the steps from ``warmup`` on: all ranks' tokens over the
    slowest rank's time (each rank timed its steps with device events); the
    median step time of that rank too."""
    a = vars(args) if isinstance(args, argparse.Namespace) else args
    timed = [r["step_ms"][a["warmup"]:] for r in run["ranks"]]
    if not timed[0]:
        return {"tokens_per_s": None, "median_step_ms": None, "timed_steps": 0}
    slowest = max(timed, key=sum)
    tokens = len(slowest) * a["batch"] * a["seq"] * len(run["ranks"])
    return {
        "tokens_per_s": tokens / (sum(slowest) / 1e3),
        "median_step_ms": statistics.median(slowest),
        "timed_steps": len(slowest),
    }


def _uses_key(caller: dict[str, Any]) -> tuple[str, str, str, str]:
    return caller["file"], caller["function"], caller["symbol"], caller["kind"]


def compare_cuda_uses(
    stock: dict[str, Any], overlay: dict[str, Any], patched_files: Sequence[str]
) -> dict[str, Any]:
    """The overlay's ``torch.cuda`` uses from its patched paths against
    stock's from the same files.

    ``stock``/``overlay`` are :meth:`CudaApiRecorder.to_json` outputs; the
    overlay's paths are the files of ``patched_files`` and the
    ``inductor_xpu`` package.  Uses are keyed by file, enclosing function,
    symbol and kind (line numbers differ where a patch added or removed
    lines).  A key the overlay has and stock has not is ``new`` (what must
    not happen); one it has more often is ``more``."""
    files = set(patched_files)

    def on_paths(uses: dict[str, Any]) -> dict[tuple[str, str, str, str], int]:
        out: dict[tuple[str, str, str, str], int] = {}
        for c in uses.get("by_caller", []):
            if c["file"] in files or c["package"] == "inductor_xpu":
                out[_uses_key(c)] = out.get(_uses_key(c), 0) + c["count"]
        return out

    s, o = on_paths(stock), on_paths(overlay)
    rows: list[dict[str, Any]] = []
    for key in sorted(set(s) | set(o)):
        ns, no = s.get(key, 0), o.get(key, 0)
        status = "new" if ns == 0 else "more" if no > ns else "fewer" if no < ns else "same"
        rows.append(dict(zip(("file", "function", "symbol", "kind"), key), stock=ns, overlay=no, status=status))
    by_file_symbol_new = sorted(
        {(r["file"], r["symbol"]) for r in rows if r["status"] == "new"}
        - {(r["file"], r["symbol"]) for r in rows if r["stock"] > 0}
    )
    return {
        "rows": rows,
        "new": [r for r in rows if r["status"] == "new"],
        "more": [r for r in rows if r["status"] == "more"],
        "new_file_symbol": [list(x) for x in by_file_symbol_new],
        "stock_total_on_paths": sum(s.values()),
        "overlay_total_on_paths": sum(o.values()),
        "stock_total": stock.get("count", 0),
        "overlay_total": overlay.get("count", 0),
    }


def summarize(runs: dict[str, dict[str, Any]], variants: Sequence[Variant], params: dict[str, Any]) -> dict[str, Any]:
    """Per mode: loss agreement (each overlay and stock run 2 against stock
    run 1), throughput and overlay/stock ratio (medians over rounds), the
    stock/stock throughput ratio, and the sanitizer comparison."""
    out: dict[str, Any] = {}
    for mode in dict.fromkeys(v.mode for v in variants):
        vs = [v for v in variants if v.mode == mode]
        got: dict[str, Any] = {v.name: runs.get(v.name) for v in vs}
        failed = {n: _why_not(r) for n, r in got.items() if not _ok(r)}
        stock = [got[v.name] for v in sorted(vs, key=lambda v: v.round) if v.stock and _ok(got[v.name])]
        over = [got[v.name] for v in sorted(vs, key=lambda v: v.round) if not v.stock and _ok(got[v.name])]
        m: dict[str, Any] = {"failed": failed}
        if not stock or not over:
            m["status"] = "incomplete: " + "; ".join(f"{n}: {e}" for n, e in failed.items())
            out[mode] = m
            continue
        ref = stock[0]
        m["status"] = "ok"
        m["losses"] = {
            "overlay_vs_stock1": [_brief(loss_agreement(o, ref)) for o in over],
            "stock2_vs_stock1": [_brief(loss_agreement(s, ref)) for s in stock[1:]],
            "overlay_vs_stock2": [_brief(loss_agreement(o, stock[1])) for o in over] if len(stock) > 1 else [],
            "per_step_overlay1_vs_stock1": loss_agreement(over[0], ref)["per_step_max_abs_diff"],
            "per_step_stock2_vs_stock1": (
                loss_agreement(stock[1], ref)["per_step_max_abs_diff"] if len(stock) > 1 else None
            ),
            "mean_loss_stock1": mean_losses(ref),
            "mean_loss_overlay1": mean_losses(over[0]),
        }
        s_tp = [throughput(r, params)["tokens_per_s"] for r in stock]
        o_tp = [throughput(r, params)["tokens_per_s"] for r in over]
        m["throughput"] = {
            "stock_tokens_per_s": s_tp,
            "overlay_tokens_per_s": o_tp,
            "stock_median_step_ms": [throughput(r, params)["median_step_ms"] for r in stock],
            "overlay_median_step_ms": [throughput(r, params)["median_step_ms"] for r in over],
            "ratio_overlay_over_stock": _ratio(statistics.median(o_tp), statistics.median(s_tp)),
            "ratio_stock2_over_stock1": _ratio(s_tp[1], s_tp[0]) if len(s_tp) > 1 else None,
        }
        patched = over[0]["overlay"].get("patched_files", [])
        m["record_steps"] = min(r.get("record_steps", params["record_steps"]) for r in stock + over)
        m["sanitizer"] = {
            "per_rank": [
                compare_cuda_uses(s, o, patched)
                for s, o in zip((r["cuda_api"] for r in ref["ranks"]), (r["cuda_api"] for r in over[0]["ranks"]))
            ],
            "stock2_vs_stock1_per_rank": [
                compare_cuda_uses(s, o, patched)
                for s, o in zip((r["cuda_api"] for r in ref["ranks"]), (r["cuda_api"] for r in stock[1]["ranks"]))
            ] if len(stock) > 1 else None,
            "patched_files": patched,
        }
        m["sanitizer"]["no_new_uses"] = (
            all(not c["new"] for c in m["sanitizer"]["per_rank"]) if m["record_steps"] else None
        )
        m["graphs"] = {n: r["ranks"][0]["graphs"] for n, r in got.items() if _ok(r)}
        m["uses_after_recording"] = {n: [x["cuda_uses_after_recording"] for x in r["ranks"]]
                                     for n, r in got.items() if _ok(r)}
        out[mode] = m
    return out


def _ok(run: dict[str, Any] | None) -> bool:
    if not run:
        return False
    return "error" not in run and all(r.get("status") == "ok" for r in run["ranks"])


def _why_not(run: dict[str, Any] | None) -> str:
    if not run:
        return "no result"
    if "error" in run:
        return str(run["error"])
    return "; ".join(sorted({str(r.get("status")) for r in run["ranks"] if r.get("status") != "ok"}))


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


def _brief(agreement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in agreement.items() if k != "per_step_max_abs_diff"}


# -- the record ------------------------------------------------------------------


def _fmt(x: Any, spec: str = ".3g") -> str:
    if x is None:
        return "n/a"
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    return format(x, spec) if isinstance(x, (int, float)) else str(x)


def render(summary: dict[str, Any]) -> str:
    """The markdown record of one comparison."""
    p = summary["params"]
    facts = summary.get("facts", {})
    lines = [
        (f"# Compiled FSDP2 training, dry run: {p['world']} CPU processes, gloo" if p.get("cpu") else
         f"# Compiled FSDP2 training on {p['world']} GPUs"
         + (f" ({facts['device_name']})" if facts.get("device_name") else ""))
        + ", stock vs overlay",
        "",
        f"Command: `{summary['command']}`",
        f"Date: {summary['date']}; commit {summary.get('commit') or 'unknown'}",
        f"Machine: {summary.get('machine', 'unknown')}",
        "Versions: " + ", ".join(
            f"{k} {facts[k]}" for k in ("torch", "triton", "cuda", "nccl", "python") if facts.get(k)
        ),
        f"Model: decoder-only transformer, {p['layers']} blocks, d_model {p['d_model']}, {p['heads']} heads, "
        f"vocab {p['vocab']}, sequence {p['seq']}, batch {p['batch']} per rank, fp32 "
        f"(TF32 matmul {facts.get('tf32_matmul')}); `fully_shard` per block and on the root; AdamW lr {p['lr']}; "
        f"{p['steps']} steps, seed {p['seed']}; throughput over steps {p['warmup']}..{p['steps'] - 1}; "
        + (f"sanitizer over steps 0..{p['record_steps'] - 1}." if p["record_steps"] else "sanitizer off."),
        f"Variants, in the order run: {', '.join(summary['order'])} (each a fresh process, "
        "Inductor's FX graph and AOTAutograd caches off).",
        "",
    ]
    for mode, m in summary["modes"].items():
        lines += [f"## `--mode {mode}`", ""]
        if m["status"] != "ok":
            lines += [f"Status: {m['status']}", ""]
            continue
        L, T, S = m["losses"], m["throughput"], m["sanitizer"]
        lines += [
            "### Losses, step by step (every rank)", "",
            "| runs | max abs diff | max rel diff | max abs diff of the rank mean | first differing step "
            "| bitwise equal steps |",
            "|---|---|---|---|---|---|",
        ]
        pairs = (("overlay vs stock run 1", "overlay_vs_stock1"), ("stock run 2 vs stock run 1", "stock2_vs_stock1"),
                 ("overlay vs stock run 2", "overlay_vs_stock2"))
        for label, key in pairs:
            for i, a in enumerate(L[key]):
                name = label.replace("overlay", f"overlay run {i + 1}", 1) if key != "stock2_vs_stock1" else label
                lines.append(
                    f"| {name} | {_fmt(a['max_abs_diff'])} | {_fmt(a['max_rel_diff'])} | "
                    f"{_fmt(a['max_abs_diff_mean_loss'])} | {_fmt(a['first_differing_step'])} | "
                    f"{a['bitwise_equal_steps']}/{a['steps']} |"
                )
        ml = L["mean_loss_stock1"]
        lines += ["", "Mean loss (stock run 1) at steps " + ", ".join(
            f"{i}: {ml[i]:.4f}" for i in sorted({0, len(ml) // 4, len(ml) // 2, 3 * len(ml) // 4, len(ml) - 1})
        ) + ".", ""]
        lines += [
            "### Throughput", "",
            "| variant | tokens/s (all ranks) | median step ms |", "|---|---|---|",
        ]
        for i, (tp, ms) in enumerate(zip(T["stock_tokens_per_s"], T["stock_median_step_ms"])):
            lines.append(f"| stock run {i + 1} | {_fmt(tp, '.0f')} | {_fmt(ms, '.2f')} |")
        for i, (tp, ms) in enumerate(zip(T["overlay_tokens_per_s"], T["overlay_median_step_ms"])):
            lines.append(f"| overlay run {i + 1} | {_fmt(tp, '.0f')} | {_fmt(ms, '.2f')} |")
        lines += [
            "",
            f"Overlay/stock throughput (median over runs): {_fmt(T['ratio_overlay_over_stock'], '.3f')}; "
            f"stock run 2 / stock run 1: {_fmt(T['ratio_stock2_over_stock1'], '.3f')}.",
            "",
            "### torch.cuda uses from the overlay's patched paths (sanitizer)", "",
            f"Patched files on this torch: {len(S['patched_files'])}. "
            + (f"Recorded over steps 0..{m['record_steps'] - 1}. No torch.cuda use from them that stock does "
               f"not make: **{S['no_new_uses']}**." if m["record_steps"] else
               "Not recorded in this mode: its first process failed under the sanitizer (its log is kept), "
               "so the mode ran without it."),
            "",
            "| rank | all uses, stock run 1 | all uses, overlay run 1 | on patched paths, stock | on patched paths, "
            "overlay | new | more often |",
            "|---|---|---|---|---|---|---|",
        ]
        for r, c in enumerate(S["per_rank"]):
            lines.append(
                f"| {r} | {c['stock_total']} | {c['overlay_total']} | {c['stock_total_on_paths']} | "
                f"{c['overlay_total_on_paths']} | {len(c['new'])} | {len(c['more'])} |"
            )
        rows = S["per_rank"][0]["rows"]
        if rows:
            lines += ["", "Rank 0, every (file, function, symbol) on the patched paths:", "",
                      "| file | function | symbol | kind | stock | overlay | status |", "|---|---|---|---|---|---|---|"]
            for row in rows:
                lines.append(
                    f"| {row['file']} | {row['function']} | {row['symbol']} | {row['kind']} | {row['stock']} | "
                    f"{row['overlay']} | {row['status']} |"
                )
        if S.get("stock2_vs_stock1_per_rank"):
            noisy = [c for c in S["stock2_vs_stock1_per_rank"] if c["new"] or c["more"]]
            lines += ["", f"Stock run 2 against stock run 1 on the same files: "
                      f"{'differs' if noisy else 'the same uses'}."]
        lines += ["", "### Graphs (rank 0)", "",
                  "| variant | after recording | after warm-up | end |", "|---|---|---|---|"]
        for name, g in m["graphs"].items():
            lines.append(f"| {name} | {_counts(g.get('after_recording'))} | {_counts(g.get('after_warmup'))} | "
                         f"{_counts(g.get('end'))} |")
        lines += ["", "torch.cuda uses still reaching the recorder after it stopped (per rank): "
                  + "; ".join(f"{n}: {v}" for n, v in m["uses_after_recording"].items()), ""]
    if summary.get("notes"):
        lines += ["## Notes", "", *[f"- {n}" for n in summary["notes"]], ""]
    return "\n".join(lines)


def _counts(g: dict[str, int] | None) -> str:
    if not g:
        return "n/a"
    return (f"{g['unique_graphs']} graphs, {g['aot_autograd_graphs']} AOT, {g['graph_breaks']} breaks, "
            f"{g['compiled_autograd_captures']} CA captures")
