#!/usr/bin/env python3
"""Simulator fidelity: does ``simulate("h100")`` generate the code a real H100 gets?

    python tools/bench/fidelity.py run --out OUT [--only A,B] [--jobs 8] [--dtypes fp16,bf16]
    python tools/bench/fidelity.py compare OUT [OUT...] [--md PATH --csv PATH]
    python tools/bench/fidelity.py worker --side real|sim --model NAME --out OUT ...   (run starts these)

``run`` starts, for every model, two worker processes (``--jobs`` at a time):

* ``real``: builds the suite model (tools/bench/suite_lib/models.py) on CPU,
  moves it to ``cuda`` and compiles it for real with ``torch.compile``
  (Inductor), once per dtype x freezing; the output code of every graph is
  captured through ``GraphLowering.save_output_code``.  Inductor runs with
  the options a simulation fixes (``SIMULATION_INDUCTOR_CONFIG``: no caches,
  no autotuning or benchmarking, no ``shape_padding``), except
  ``compile_threads``, which changes no code; with freezing, small constants
  stay tensors (``always_keep_tensor_constants``), as in the simulation.
* ``sim``: with ``CUDA_VISIBLE_DEVICES=`` (CUDA hidden), the same model and
  inputs through ``suite_lib.codegen.run_codegen_only(..., target)`` under
  ``simulate(--target)`` (default ``h100``), with its output codes kept.

Each writes ``OUT/<side>/<model>/<dtype>-<freezing|nofreezing>/NNN.py`` and a
``status.json``.  ``compare`` matches them graph by graph
(``suite_lib.fidelity``): identical kernels, identical wrappers, and every
difference with its class; it writes a markdown report and a CSV.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from benchlib.child import add_child_out_argument, child_env, run_child, write_child_out


DTYPES = ("fp16", "bf16")
FREEZING = (False, True)


def config_name(dtype: str, freezing: bool) -> str:
    return f"{dtype}-{'freezing' if freezing else 'nofreezing'}"


# ------------------------------------------------------------------ worker


def _save(directory: Path, sources: list[str]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.py"):
        old.unlink()
    for i, src in enumerate(sources):
        (directory / f"{i:03d}.py").write_text(src)


def _real_compile(model: Any, inputs: Any, freezing: bool) -> list[str]:
    import torch
    from torch._inductor import config as inductor_config
    from torch._inductor.graph import GraphLowering
    from torch._inductor.utils import fresh_cache

    from inductor_xpu.device.simulation import SIMULATION_INDUCTOR_CONFIG
    from suite_lib.codegen import call_model

    sources: list[str] = []
    hook = GraphLowering.save_output_code

    def save_output_code(code: str) -> None:
        sources.append(code)
        if hook is not None:
            hook(code)

    # Options this torch does not have are skipped (the list is written for
    # the newest torch).
    options = {
        k: v for k, v in SIMULATION_INDUCTOR_CONFIG.items() if k != "compile_threads" and k in inductor_config._config
    }
    options["freezing"] = freezing
    if freezing:
        options["always_keep_tensor_constants"] = True
    torch._dynamo.reset()
    GraphLowering.save_output_code = staticmethod(save_output_code)  # type: ignore[assignment]
    try:
        with fresh_cache(), inductor_config.patch(options), torch.no_grad():
            compiled = torch.compile(model, backend="inductor")
            call_model(compiled, inputs)
            torch.cuda.synchronize()
    finally:
        GraphLowering.save_output_code = hook  # type: ignore[assignment]
        torch._dynamo.reset()
    return sources


def _sim_compile(model: Any, inputs: Any, freezing: bool, target: str) -> list[str]:
    import torch
    from torch._inductor import config as inductor_config

    from suite_lib.codegen import run_codegen_only

    with inductor_config.patch(freezing=freezing):
        result = run_codegen_only(model, inputs, target, eager=False)
    torch._dynamo.reset()
    if result.status != "pass":
        raise RuntimeError(f"{result.status}: {result.detail}")
    return result.sources


def worker(args: argparse.Namespace) -> int:
    import logging

    logging.basicConfig(level=logging.WARNING)
    import torch

    from suite_lib import models
    from suite_lib.runner import maybe_cast, RunOptions

    out = Path(args.out) / args.side / args.model
    out.mkdir(parents=True, exist_ok=True)
    # status.json is this worker's result (benchlib.child), rewritten after each config
    status_path = Path(args.child_out) if args.child_out else out / "status.json"
    status: dict[str, Any] = {
        "side": args.side,
        "model": args.model,
        "torch": torch.__version__,
        "cuda_available": torch.cuda.is_available(),
        "configs": {},
    }
    if args.side == "real":
        status["device_name"] = torch.cuda.get_device_name() if torch.cuda.is_available() else None
    try:
        (spec,) = [s for s in models.all_specs() if s.name == args.model]
        batch = args.batch_size or models.effective_batch_size(spec, accuracy=False, small=args.small)
        built = models.build(spec, "cpu", batch_size=batch, small=args.small)
        status["batch_size"] = batch
        status["input"] = built.input_desc
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        status["error"] = f"build: {type(e).__name__}: {e}"[:500]
        write_child_out(status_path, status)
        return 0
    for dtype in args.dtypes.split(","):
        for freezing in (False, True) if args.freezing == "both" else (args.freezing == "on",):
            name = config_name(dtype, freezing)
            started = time.perf_counter()
            try:
                model, inputs = maybe_cast(RunOptions(mode="codegen", dtype=dtype), built.model, built.inputs)
                model.eval()
                if args.side == "real":
                    from torch.utils._pytree import tree_map_only

                    model = model.to("cuda")
                    inputs = tree_map_only(torch.Tensor, lambda t: t.to("cuda"), inputs)
                    sources = _real_compile(model, inputs, freezing)
                else:
                    sources = _sim_compile(model, inputs, freezing, args.target)
                _save(out / name, sources)
                status["configs"][name] = {"status": "ok", "graphs": len(sources)}
            except Exception as e:  # noqa: BLE001
                traceback.print_exc()
                status["configs"][name] = {"status": "failed", "error": f"{type(e).__name__}: {e}"[:500]}
            status["configs"][name]["seconds"] = round(time.perf_counter() - started, 1)
            write_child_out(status_path, status)
            print(f"{args.side} {args.model} {name}: {status['configs'][name]}", flush=True)
    return 0


# ------------------------------------------------------------------ run


def _start(side: str, model: str, args: argparse.Namespace, deadline: float) -> tuple[str, str, int, float]:
    left = deadline - time.monotonic()
    if left < 30:
        return side, model, -1, 0.0  # the --budget was spent: not started
    env = child_env()
    env["PYTHONUNBUFFERED"] = "1"
    if side == "sim":
        env["CUDA_VISIBLE_DEVICES"] = ""
    argv = [sys.executable, str(Path(__file__).resolve()), "worker", "--side", side, "--model", model,
            "--out", args.out, "--dtypes", args.dtypes, "--freezing", args.freezing, "--target", args.target]  # fmt: skip
    if args.small:
        argv.append("--small")
    log_dir = Path(args.out) / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    status = Path(args.out) / side / model / "status.json"
    with open(log_dir / f"{side}_{model}.log", "w") as log:
        done = run_child(argv, env=env, out=status, timeout=min(args.timeout, left), output=log)
    return side, model, -9 if done.returncode is None else done.returncode, done.elapsed_s


def run(args: argparse.Namespace) -> int:
    from suite_lib import models

    names = args.only.split(",") if args.only else [s.name for s in models.all_specs() if s.suite != "selftest"]
    known = {s.name for s in models.all_specs()}
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"fidelity.py: unknown model(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    jobs = [(side, n) for n in names for side in ("real", "sim")]
    started = time.perf_counter()
    deadline = time.monotonic() + args.budget
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(_start, side, n, args, deadline) for side, n in jobs]
        for f in concurrent.futures.as_completed(futures):
            side, model, code, secs = f.result()
            print(f"[{time.perf_counter() - started:6.0f} s] {side:4} {model}: exit {code} in {secs:.0f} s", flush=True)
    return 0


# ------------------------------------------------------------------ compare


def load_cases(out: Path) -> list[Any]:
    from suite_lib import fidelity

    cases = []
    models_seen = sorted({p.name for side in ("real", "sim") for p in (out / side).glob("*") if p.is_dir()})
    for model in models_seen:
        status = {}
        for side in ("real", "sim"):
            path = out / side / model / "status.json"
            status[side] = json.loads(path.read_text()) if path.exists() else {"error": "no status.json (worker died)"}
        configs = sorted(set(status["real"].get("configs", {})) | set(status["sim"].get("configs", {})))
        if not configs:
            why = "; ".join(f"{s}: {status[s].get('error', 'no configs')}" for s in ("real", "sim"))
            cases.append(fidelity.CaseComparison(model, "-", why))
            continue
        for config in configs:
            sides = {s: status[s].get("configs", {}).get(config, {"status": "missing"}) for s in ("real", "sim")}
            bad = [f"{s}: {v.get('error') or v['status']}" for s, v in sides.items() if v["status"] != "ok"]
            if bad:
                cases.append(fidelity.CaseComparison(model, config, "; ".join(bad)))
                continue
            real = [p.read_text() for p in sorted((out / "real" / model / config).glob("*.py"))]
            sim = [p.read_text() for p in sorted((out / "sim" / model / config).glob("*.py"))]
            cases.append(fidelity.compare_case(model, config, real, sim))
    return cases


def compare(args: argparse.Namespace) -> int:
    from suite_lib import fidelity

    outs = [Path(o) for o in args.out]
    for o in outs:
        if not (o / "real").is_dir() or not (o / "sim").is_dir():
            print(f"fidelity.py: {o} has no real/ and sim/ output codes (run `fidelity.py run` first)", file=sys.stderr)
            return 2
    out = outs[0]
    cases = [case for o in outs for case in load_cases(o)]
    s = fidelity.summarise(cases)
    rows = []
    for c in cases:
        t = c.totals() if c.status == "compared" else {}
        rows.append({"model": c.model, "config": c.config, "status": c.status, "real_graphs": c.real_graphs,
                     "sim_graphs": c.sim_graphs, **t, "differences": len(c.differences),
                     "difference_classes": "; ".join(sorted({f"{d.part}: {d.cls}" for d in c.differences}))})  # fmt: skip
    csv_path = Path(args.csv) if args.csv else out / "fidelity.csv"
    cols = ["model", "config", "status", "real_graphs", "sim_graphs", "graphs_compared", "identical_graphs",
            "real_kernels", "sim_kernels", "identical_kernels", "identical_wrappers", "wrapper_lines",
            "identical_wrapper_lines", "differences", "difference_classes"]  # fmt: skip
    import csv

    csv_path.parent.mkdir(parents=True, exist_ok=True)
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for r in rows:
            w.writerow([r.get(c, "") for c in cols])
    diffs_path = csv_path.with_name(csv_path.stem + "_differences.csv")
    with open(diffs_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["where", "part", "class", "detail"])
        for c in cases:
            for d in c.differences:
                w.writerow([d.where, d.part, d.cls, d.detail])
    md = [f"# Simulator fidelity: real vs simulated ({', '.join(map(str, outs))})", ""]
    md += ["| | value |", "|---|---|"]
    for k, v in s.items():
        if k != "difference_classes":
            md.append(f"| {k} | {v:.4f} |" if isinstance(v, float) else f"| {k} | {v} |")
    md += ["", "## Difference classes", "", "| part: class | count |", "|---|---|"]
    md += [f"| {k} | {v} |" for k, v in s["difference_classes"].items()]
    md += ["", "## Per model and configuration", "", "| " + " | ".join(cols[:-1]) + " |", "|" + "---|" * (len(cols) - 1)]
    md += ["| " + " | ".join(str(r.get(c, "")) for c in cols[:-1]) + " |" for r in rows]
    md.append("")
    md_path = Path(args.md) if args.md else out / "fidelity.md"
    md_path.write_text("\n".join(md))
    print(json.dumps(s, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tools/bench/fidelity.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="real and simulated compiles of the models")
    r.add_argument("--out", required=True)
    r.add_argument("--only", help="models, comma-separated (default: all)")
    r.add_argument("--jobs", type=int, default=8)
    r.add_argument("--timeout", type=float, default=900.0, help="seconds per worker")
    r.add_argument("--budget", type=float, default=1e9, help="seconds for the whole run: no worker runs past it")
    w = sub.add_parser("worker", help="one model, one side (run starts these)")
    w.add_argument("--side", choices=("real", "sim"), required=True)
    w.add_argument("--model", required=True)
    w.add_argument("--out", required=True)
    w.add_argument("--batch-size", type=int)
    add_child_out_argument(w, help="where to write status.json (default: OUT/SIDE/MODEL/status.json)")
    for q in (r, w):
        q.add_argument("--dtypes", default=",".join(DTYPES))
        q.add_argument("--freezing", choices=("both", "on", "off"), default="both")
        q.add_argument("--target", default="h100", help="the simulated profile (default h100)")
        q.add_argument("--small", action="store_true", help="the suite's --small shapes")
    c = sub.add_parser("compare", help="compare OUT/real with OUT/sim (several OUTs: one report)")
    c.add_argument("out", nargs="+")
    c.add_argument("--md")
    c.add_argument("--csv")
    args = p.parse_args(argv)
    if args.cmd == "worker":
        return worker(args)
    if args.cmd == "run":
        return run(args)
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
