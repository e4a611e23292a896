"""Command line of ``tools/bench/suite.py``."""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import logging
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from benchlib.machine import machine_description
from suite_lib import models, orchestrator, report
from suite_lib.native import NATIVE_COLUMNS


log = logging.getLogger(__name__)

DTYPE_NAMES = {
    "fp32": "float32",
    "fp16": "float16",
    "bf16": "bfloat16",
    "amp_bf16": "amp_bf16",
    "amp_fp16": "amp_fp16",
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tools/bench/suite.py",
        description="timm and HuggingFace models under torch.compile (Inductor): accuracy, "
        "performance, or hardware-less xpu code generation; one process per model.",
    )
    # --accuracy and --performance may be given together: one worker process
    # and one compile per model, with each mode's outputs (runner.run_combined).
    mode = p.add_argument_group("mode (one; --accuracy --performance together run both in one process)")
    mode.add_argument("--accuracy", action="store_true", help="compiled vs eager (fp64 reference)")
    mode.add_argument("--performance", action="store_true", help="speedup over eager, compile time, peak memory")
    mode.add_argument(
        "--codegen-only",
        action="store_true",
        help="generate xpu code for --target with inductor_xpu.device.simulate (nothing runs)",
    )
    mode.add_argument("--list", action="store_true", help="print the model lists and exit")
    p.add_argument("--target", help="Intel GPU profile for --codegen-only (e.g. max1550)")
    p.add_argument(
        "--compare-target",
        metavar="NAME[,NAME...]",
        help="--codegen-only: also generate for these profiles, in the same worker and torch, and "
        "write a plan-parity table for each (OUT/plan_parity_<target>_<compare>_<dtype>.*)",
    )
    p.add_argument(
        "--run",
        action="store_true",
        help="--codegen-only, inference: execute the generated xpu program on CPU (Triton kernels in "
        "Triton's interpreter, extern calls on CPU kernels) and compare it with eager at the suite's "
        "tolerance",
    )
    p.add_argument(
        "--run-min-block-elements",
        type=int,
        default=0,
        metavar="N",
        help="--run: launch pointwise and reduction kernels with their x/y/z blocks enlarged (up to "
        "Inductor's largest) until a program instance covers N elements: the same elements and "
        "arithmetic, fewer interpreter programs (inductor_xpu/execution/coarsen.py). 0 "
        "(default): every kernel with the launch config it carries",
    )
    p.add_argument(
        "--native",
        action="store_true",
        help="--codegen-only: compile every generated Triton kernel with Intel's Triton XPU backend and "
        "IGC (ocloc) for each target's GPU, as `compile --native` does (make native-env); the row "
        "gets the native_* columns, the JSON every kernel",
    )
    p.add_argument("--save-code", metavar="DIR", help="--codegen-only: keep the generated code in DIR/<target>/<model>/")
    p.add_argument("--device", default="cpu", choices=("cpu", "cuda", "xpu"))
    p.add_argument("--dtype", default="fp32", choices=tuple(DTYPE_NAMES))
    train = p.add_mutually_exclusive_group()
    train.add_argument("--inference", action="store_true", help="(default)")
    train.add_argument("--training", action="store_true")
    p.add_argument("--freezing", action="store_true", help="torch._inductor.config.freezing (inference only)")
    p.add_argument(
        "--inductor-config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set torch._inductor.config KEY (dotted for nested, e.g. triton.cudagraphs) to VALUE "
        "(a Python literal, else a string) in every model process (repeatable)",
    )
    p.add_argument("--suite", default="all", choices=("timm", "hf", "all", "selftest"))
    p.add_argument("--only", metavar="NAME[,NAME...]", help="these models, from any suite, in this order")
    p.add_argument("--filter", action="append", metavar="REGEX", help="keep models matching (repeatable)")
    p.add_argument("--small", action="store_true", help="smaller batch, sequence and image size (CPU work)")
    p.add_argument("--batch-size", type=int, help="override every model's batch size")
    p.add_argument("--repeat", type=int, default=30, help="timed iterations (performance; default 30)")
    p.add_argument("--warmup", type=int, default=5, help="warm-up iterations (performance; default 5)")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds per model process (default 1800)")
    p.add_argument(
        "--time-budget",
        type=float,
        metavar="S",
        help="seconds for all rows: no row runs past it, rows not started in it are 'not_run'",
    )
    p.add_argument(
        "--compare-overlay",
        action="store_true",
        help="run each model twice: stock torch (INDUCTOR_XPU_DISABLE=1) and with the overlay",
    )
    p.add_argument("--fresh-cache", action="store_true", help="compile with empty Inductor caches")
    p.add_argument("--cosine", action="store_true", help="compare by cosine similarity (accuracy)")
    p.add_argument(
        "--eager-check",
        default="sample",
        choices=("sample", "full", "none"),
        help="--codegen-only: run the model eagerly on CPU on one sample of the batch (default, two "
        "with --training: BatchNorm in training needs more than one value per channel; "
        "fp16/bf16 at full batch take minutes per model on a CPU without AVX-512), on all of it, "
        "or not at all (none: code generation only, e.g. plan parity of models known to run)",
    )
    p.add_argument("--out", default="out/suite", help="output directory (default out/suite)")
    p.add_argument("--summary-md", help="markdown summary path (default OUT/summary.md)")
    p.add_argument("--log-dir", help="per-model logs (default OUT/logs)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


COMBINED = "combined"
# The modes a combined run reports, in the order they run.
COMBINED_MODES = ("performance", "accuracy")


def _mode(args: argparse.Namespace) -> str:
    if args.accuracy and args.performance:
        return COMBINED
    if args.accuracy:
        return "accuracy"
    if args.performance:
        return "performance"
    return "codegen"


def _check_modes(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    given = [name for name in ("accuracy", "performance", "codegen_only", "list") if getattr(args, name)]
    if not given:
        parser.error("one of --accuracy, --performance, --codegen-only, --list is required")
    if len(given) > 1 and set(given) != {"accuracy", "performance"}:
        flags = " ".join("--" + g.replace("_", "-") for g in given)
        parser.error(f"{flags}: only --accuracy and --performance can be given together")


def split_row(row: dict[str, Any], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """A combined worker's row as one row per mode.  A row without per-mode
    parts (the worker died, timed out or was not run) counts for each mode."""
    common = {k: v for k, v in row.items() if k != "modes"}
    parts = row.get("modes")
    out = {}
    for mode in COMBINED_MODES:
        if isinstance(parts, dict) and mode in parts:
            sub = {**common, **parts[mode]}
            for k in ("log", "process_time", "variant"):  # the process's, not the part's
                if k in common:
                    sub[k] = common[k]
        else:
            spec = next(s for s in models.all_specs() if s.name == row["name"])
            sub = dict(common)
            # Both parts run at the performance batch size.
            sub["batch_size"] = args.batch_size or models.effective_batch_size(
                spec, accuracy=False, small=args.small
            )
        sub["combined"] = True
        out[mode] = sub
    return out


def _command_line(argv: list[str]) -> str:
    python = sys.executable
    try:
        rel = os.path.relpath(python)
        if not rel.startswith(".."):
            python = rel
    except ValueError:
        pass
    return shlex.join([python, "tools/bench/suite.py", *argv])


def print_list() -> None:
    for spec in models.TIMM_MODELS + models.HF_MODELS:
        extra = f" seq={spec.seq_len}" if spec.seq_len else ""
        print(f"{spec.suite:12} {spec.name:36} bs={spec.batch_size:<5}{extra:9} ({spec.batch_size_source})")


def output_prefix(suite: str, args: argparse.Namespace, mode: str) -> str:
    phase = "training" if args.training else "inference"
    dev = f"xpu-{args.target}" if mode == "codegen" else args.device
    return f"inductor_{suite}_{DTYPE_NAMES[args.dtype]}_{phase}_{dev}_{mode}"


def write_outputs(
    rows: list[dict[str, Any]], args: argparse.Namespace, mode: str, out: Path
) -> list[Path]:
    """CSV files, one per suite (and per variant), plus the comparison."""
    files = []
    for suite in sorted({r.get("suite", "") for r in rows}):
        sel = [r for r in rows if r.get("suite") == suite]
        prefix = output_prefix(suite, args, mode)
        for variant in sorted({r.get("variant", "") for r in sel}):
            vrows = [report.flatten(r, mode) for r in sel if r.get("variant", "") == variant]
            suffix = f"_{variant}" if variant else ""
            columns = (
                report.COLUMNS[mode]
                + (report.RUN_COLUMNS if args.run else ())
                + (NATIVE_COLUMNS if args.native else ())
            )
            files.append(report.write_csv(out / f"{prefix}{suffix}.csv", vrows, columns))
        if args.compare_overlay:
            files.append(
                report.write_csv(
                    out / f"{prefix}_overlay_compare.csv",
                    report.compare_rows(sel, mode),
                    report.compare_columns(mode),
                )
            )
    # Every row in full (environment, compile counters, graph-break reasons,
    # raw timings, the native section), for what the CSV leaves out.
    raw = out / f"{output_prefix(args.suite, args, mode)}.json"
    raw.write_text(json.dumps(rows, indent=1, default=str))
    files.append(raw)
    return files


def _title(args: argparse.Namespace, mode: str) -> str:
    return "Model suite: " + ", ".join(
        x
        for x in (
            mode,
            f"xpu target {args.target}" if mode == "codegen" else args.device,
            args.dtype,
            "training" if args.training else "inference",
            "freezing" if args.freezing else "",
            " ".join(f"--inductor-config {c}" for c in args.inductor_config),
            "--small" if args.small else "",
            "executed on CPU (--run)" if args.run else "",
            (
                f"launches coarsened to {args.run_min_block_elements} elements"
                if args.run and args.run_min_block_elements
                else ""
            ),
            "stock vs overlay" if args.compare_overlay else "",
            "accuracy and performance in one process per model" if _mode(args) == COMBINED else "",
        )
        if x
    )


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_modes(parser, args)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.list:
        print_list()
        return 0
    run_mode = _mode(args)
    if run_mode == "codegen" and not args.target:
        parser.error("--codegen-only needs --target NAME")
    if (args.compare_target or args.save_code) and run_mode != "codegen":
        parser.error("--compare-target and --save-code are for --codegen-only")
    if args.run and (run_mode != "codegen" or args.training or args.compare_target):
        parser.error("--run is for --codegen-only, inference, without --compare-target")
    if args.native and run_mode != "codegen":
        parser.error("--native is for --codegen-only")
    if args.run_min_block_elements and not args.run:
        parser.error("--run-min-block-elements is for --run")
    if args.run_min_block_elements < 0:
        parser.error("--run-min-block-elements takes N >= 0")
    if args.compare_target and args.compare_overlay:
        parser.error("--compare-target and --compare-overlay cannot be combined")
    compare_targets = args.compare_target.split(",") if args.compare_target else []
    if args.target in compare_targets or len(set(compare_targets)) != len(compare_targets):
        parser.error("--compare-target: each target must differ from --target and from the others")
    if args.freezing and args.training:
        parser.error("--freezing is for inference")
    try:
        parse_inductor_config(args.inductor_config)
    except ValueError as e:
        parser.error(str(e))
    if run_mode == COMBINED and args.training:
        parser.error("--accuracy --performance together is for inference (run them apart with --training)")
    try:
        specs = models.select_specs(args.suite, args.only, args.filter)
    except ValueError as e:
        parser.error(str(e))
    if not specs:
        parser.error("no model matches")
    report_modes = COMBINED_MODES if run_mode == COMBINED else (run_mode,)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    log_dir = Path(args.log_dir) if args.log_dir else out / "logs"
    summary_path = Path(args.summary_md) if args.summary_md else out / "summary.md"
    options = models_options(args, run_mode)
    jobs = orchestrator.make_jobs(specs, args.compare_overlay)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    started = time.perf_counter()

    # The CSV and JSON files are rewritten after every row, so an
    # interrupted run keeps what it had.
    rows_by_mode: dict[str, list[dict[str, Any]]] = {m: [] for m in report_modes}

    def on_row(row: dict[str, Any]) -> None:
        parts = split_row(row, args) if run_mode == COMBINED else {run_mode: row}
        for m, r in parts.items():
            if args.compare_target:
                rows_by_mode[m].extend(split_targets(r, args))
            else:
                rows_by_mode[m].append(r)
            write_outputs(rows_by_mode[m], args, m, out)

    orchestrator.run_jobs(
        jobs,
        options,
        timeout=args.timeout,
        log_dir=log_dir,
        cache_root=out / "inductor_cache" if args.compare_overlay else None,
        progress=not args.no_progress,
        on_row=on_row,
        time_budget=args.time_budget,
    )
    sections = []
    for mode in report_modes:
        rows = rows_by_mode[mode]
        files = write_outputs(rows, args, mode, out)
        title = _title(args, mode)
        try:
            chart: Path | None = report.plot(
                rows, mode, out / f"{output_prefix(args.suite, args, mode)}.png", title
            )
        except ImportError as e:  # matplotlib is in the bench extra
            print(f"suite: no chart written ({e}); pip install -e '.[bench]'", file=sys.stderr)
            chart = None
        env = next((r["env"] for r in rows if r.get("env")), {"device": args.device})
        variants = {}
        for r in rows:
            if r.get("variant") and r.get("env") and r["variant"] not in variants:
                variants[r["variant"]] = r["env"]
        info = report.RunInfo(
            title=title,
            command=_command_line(argv),
            date=date,
            mode=mode,
            wall_time_s=time.perf_counter() - started,
            env=env,
            variants=variants,
        )
        sections.append(
            report.render_markdown(info, rows, csv_files=files, chart=chart, relative_to=summary_path.parent)
        )
    for compare in compare_targets:
        sections.append(
            write_parity(rows_by_mode["codegen"], args, compare, out, _command_line(argv), date, started)
        )
    summary_path.parent.mkdir(parents=True, exist_ok=True)
    summary_path.write_text("\n".join(sections))
    for mode in report_modes:
        mode_counts: dict[str, int] = {}
        for r in rows_by_mode[mode]:
            mode_counts[r.get("status", "?")] = mode_counts.get(r.get("status", "?"), 0) + 1
        label = f"{mode}: " if run_mode == COMBINED else ""
        counts = ", ".join(f"{k} {v}" for k, v in sorted(mode_counts.items()))
        print(f"{label}{len(rows_by_mode[mode])} rows: {counts}")
    print(f"summary: {summary_path}")
    return 0


def split_targets(row: dict[str, Any], args: argparse.Namespace) -> list[dict[str, Any]]:
    """A --compare-target worker's row as one row per target (``variant`` =
    the target).  A row without per-target parts (the worker died, timed out,
    or the model could not be built) counts for both."""
    common = {k: v for k, v in row.items() if k != "targets"}
    parts = row.get("targets")
    out = []
    for target in [args.target, *args.compare_target.split(",")]:
        sub = {**common, **parts[target]} if isinstance(parts, dict) and target in parts else dict(common)
        for k in ("log", "process_time", "wall_time"):  # the process's, not the part's
            if k in common:
                sub[k] = common[k]
        sub["variant"] = target
        out.append(sub)
    return out


def write_parity(
    rows: list[dict[str, Any]],
    args: argparse.Namespace,
    compare: str,
    out: Path,
    command: str,
    date: str,
    started: float,
) -> str:
    """OUT/plan_parity_<target>_<compare>_<dtype>.{json,csv,md,png}; returns the markdown."""
    from suite_lib import plan_parity

    target = args.target
    records = plan_parity.parity_records(
        [r for r in rows if r.get("variant") in (target, compare)], args.dtype, target, compare
    )
    base = out / f"plan_parity_{target}_{compare}_{args.dtype}"
    env = next((r["env"] for r in rows if r.get("env")), {})
    meta = {
        "target": target,
        "compare_target": compare,
        "dtype": args.dtype,
        "command": command,
        "date": date,
        "wall_time_s": time.perf_counter() - started,
        "machine": machine_description(memory=True),
        "env": env,
    }
    header = [f"- command: `{command}`", f"- date: {date}", f"- machine: {meta['machine']}"]
    if env:
        header.append(f"- {plan_parity.env_line(env)}")
    return plan_parity.write_tables(base, records, target, compare, header=header, meta=meta)


def models_options(args: argparse.Namespace, mode: str) -> dict[str, Any]:
    """The workers' RunOptions, as JSON (the orchestrator does not import torch)."""
    return {
        "mode": mode,
        "device": args.device,
        "dtype": args.dtype,
        "training": bool(args.training),
        "freezing": bool(args.freezing),
        "small": bool(args.small),
        "batch_size": args.batch_size,
        "repeat": args.repeat,
        "warmup": args.warmup,
        "cosine": bool(args.cosine),
        "target": args.target,
        "fresh_cache": bool(args.fresh_cache),
        "eager_check": args.eager_check,
        "code_dir": str(Path(args.save_code).resolve()) if args.save_code else None,
        "compare_target": args.compare_target,
        "inductor_config": parse_inductor_config(args.inductor_config),
        "run": bool(args.run),
        "run_min_block_elements": args.run_min_block_elements,
        "native": bool(args.native),
    }


def parse_inductor_config(items: list[str]) -> dict[str, object]:
    """``--inductor-config KEY=VALUE`` items as ``{KEY: value}``: VALUE is a
    Python literal (``False``, ``3``, ``"max-autotune"``) or else the string.
    The keys are checked in the model process (this one does not import
    torch)."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--inductor-config {item!r}: expected KEY=VALUE")
        try:
            value: object = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            value = text
        out[key.strip()] = value
    return out
