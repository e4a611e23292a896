"""Runtime device-bias sanitizer over hardware-less xpu compiles.

Compiles the built-in models of ``python -m inductor_xpu compile`` (the demo
with and without freezing, mlp, convnet, transformer_block) and every
golden program of inductor_xpu/programs/codegen.py for a simulated
Intel GPU, each inside its own ``CudaApiRecorder``, and writes a Markdown
report of the ``torch.cuda`` uses recorded: totals by package, the callers,
and every caller in ``torch._inductor`` (a compile for xpu must not touch
``torch.cuda``).

    .venv/bin/python tools/xpu_sanitizer_report.py --out benchmarks/results/xpu_sanitizer.md
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import datetime
import os
import platform
import sys
import tempfile
import time
from typing import Any


REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# What the callers seen so far are, printed under the tables for those present.
CALLER_NOTES: dict[tuple[str, str], str] = {
    ("torch/_inductor/utils.py", "get_gpu_type"): (
        "called by `fx_passes/post_grad.py move_constructors_to_gpu` in every compile; asks "
        "`torch.{cuda,mps,xpu,mtia}.is_available()` (on real xpu hardware too) and, with no GPU "
        "available here, answers `\"cuda\"`.  `functools.cache`d; a simulation clears the cache on "
        "entry, so it is seen once per compile"
    ),
    ("torch/_inductor/fx_passes/freezing_patterns.py", "addmm_patterns_init"): (
        "freezing: picks the device to trace its addmm patterns on by asking each GPU type's "
        "`is_available()`; it runs in `freezing_patterns.lazy_init`, once per process, so only "
        "the first freezing compile of the run records it"
    ),
    ("torch/_subclasses/fake_tensor.py", "avoid_device_init"): (
        "`FakeTensorMode.avoid_device_init` asks `torch.cuda.is_available()` each time a fake "
        "mode is entered and for ops with constant inputs (a non-XPU build never asks `torch.xpu`)"
    ),
    ("torch/_dynamo/utils.py", "preserve_rng_state"): "Dynamo saves/restores the CUDA RNG state when CUDA is available",
    ("torch/_dynamo/variables/builder.py", "_wrap"): "Dynamo checks each traced value against CUDA stream types",
    ("torch/_dynamo/guards.py", "EQUALS_MATCH"): "guard building compares values against CUDA stream types",
    ("torch/_dynamo/__init__.py", "reset"): "`torch._dynamo.reset()` when a simulation ends",
}


@dataclasses.dataclass
class Run:
    name: str
    kind: str  # "built-in model" or "golden program"
    status: str
    seconds: float
    cuda: dict[str, Any]


def run_builtins(target: str) -> list[Run]:
    from inductor_xpu.compile import CompileOptions, run_compile

    runs = []
    models = (("demo", False), ("demo", True), ("mlp", False), ("convnet", True), ("transformer_block", False))
    for model, freezing in models:
        with tempfile.TemporaryDirectory() as out:
            report = run_compile(CompileOptions(target=target, model=model, freezing=freezing, out=out))
        name = f"{model}{' --freezing' if freezing else ''}"
        runs.append(Run(name, "built-in model", report.status, report.data["elapsed_s"], report.data["cuda_api"]))
        print(f"  {name}: {report.status}, {report.data['cuda_api']['count']} torch.cuda uses", file=sys.stderr)
    return runs


def run_programs(target: str) -> list[Run]:
    from inductor_xpu.programs.codegen import compile_program, PROGRAMS

    runs = []
    for program in PROGRAMS:
        start = time.perf_counter()
        _, recorder = compile_program(program, target)
        cuda = recorder.to_json()
        runs.append(Run(program.name, "golden program", "ok", round(time.perf_counter() - start, 2), cuda))
        print(f"  {program.name}: {cuda['count']} torch.cuda uses", file=sys.stderr)
    return runs


def _series_state() -> str:
    try:
        from inductor_xpu import status

        st = status()
        patches = getattr(st, "patches", None)
        if patches is not None:
            states = collections.Counter(getattr(p, "status", "?") for p in patches)
            return f"{len(patches)} patches (" + ", ".join(f"{n} {s}" for s, n in sorted(states.items())) + ")"
    except Exception as e:  # the report still stands without it
        return f"unknown ({type(e).__name__})"
    return "unknown"


def render(runs: list[Run], target: str, command: str, seconds: float) -> str:
    import torch

    from inductor_xpu.device import get_profile

    by_package: collections.Counter[str] = collections.Counter()
    callers: dict[tuple[str, int, str, str], dict[str, Any]] = {}
    for run in runs:
        by_package.update(run.cuda["by_package"])
        for c in run.cuda["by_caller"]:
            key = (c["file"], c["line"], c["function"], c["symbol"])
            entry = callers.setdefault(key, {**c, "count": 0, "runs": 0})
            entry["count"] += c["count"]
            entry["runs"] += 1
    total = sum(by_package.values())
    inductor = [c for c in callers.values() if c["package"] == "torch._inductor"]
    profile = get_profile(target)
    lines = [
        "# Runtime sanitizer: torch.cuda uses while compiling for xpu",
        "",
        f"Command: `{command}`  ",
        f"Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}  ",
        f"Machine: {platform.machine()} {platform.system()} {platform.release()}, "
        f"{os.cpu_count()} CPU cores, no GPU  ",
        f"Versions: torch {torch.__version__}, Python {platform.python_version()}; "
        f"overlay series: {_series_state()}  ",
        f"Target: simulated `{profile.key}` ({profile.name}), hardware-less "
        "(`inductor_xpu.device.simulate`); each compile in its own simulation and "
        "its own `CudaApiRecorder` (entering and leaving the simulation included).  ",
        f"Runs: {len(runs)} ({sum(r.kind == 'built-in model' for r in runs)} built-in models of "
        f"`python -m inductor_xpu compile`, {sum(r.kind == 'golden program' for r in runs)} golden "
        f"programs of inductor_xpu/programs/codegen.py), {seconds:.0f} s in all.",
        "",
        "A compile for xpu should touch `torch.cuda` not at all.  What each package did:",
        "",
        "## Totals by package",
        "",
        "| package | torch.cuda uses | share |",
        "| --- | ---: | ---: |",
    ]
    for package, n in by_package.most_common():
        lines.append(f"| `{package}` | {n} | {100 * n / total:.1f}% |")
    lines += [
        f"| **all** | **{total}** | |",
        "",
        f"## Callers in `torch._inductor`: {len(inductor)} site(s), "
        f"{sum(c['count'] for c in inductor)} use(s)",
        "",
    ]
    if inductor:
        lines += ["| caller | symbol | uses | runs |", "| --- | --- | ---: | ---: |"]
        for c in sorted(inductor, key=lambda c: -c["runs"]):
            lines.append(
                f"| `{c['file']}:{c['line']}` {c['function']} | `{c['symbol']}` | {c['count']} "
                f"| {c['runs']} of {len(runs)} |"
            )
        lines.append("")
    else:
        lines += ["None.", ""]
    lines += [
        "## All callers",
        "",
        "| package | caller | symbol | kind | uses | runs |",
        "| --- | --- | --- | --- | ---: | ---: |",
    ]
    for c in sorted(callers.values(), key=lambda c: (-c["count"], c["file"], c["line"])):
        lines.append(
            f"| `{c['package']}` | `{c['file']}:{c['line']}` {c['function']} | `{c['symbol']}` | "
            f"{c['kind']} | {c['count']} | {c['runs']} |"
        )
    notes = []
    for (file, function), note in CALLER_NOTES.items():
        if any(c["file"] == file and c["function"].split(".<")[0] == function for c in callers.values()):
            notes.append(f"* `{file}` {function}: {note}.")
    if notes:
        lines += ["", "Notes on these callers:", "", *notes]
    lines += [
        "",
        "Not seen by the recorder: code that bound `torch.cuda` objects before it started "
        "(`from torch.cuda import X` at import time); the static audit "
        "(`python -m inductor_xpu audit`) covers those.",
        "",
        "## Per run",
        "",
        "| run | kind | status | torch.cuda uses | from torch._inductor | seconds |",
        "| --- | --- | --- | ---: | ---: | ---: |",
    ]
    for run in runs:
        n_inductor = sum(c["count"] for c in run.cuda["inductor_callers"])
        lines.append(
            f"| {run.name} | {run.kind} | {run.status} | {run.cuda['count']} | {n_inductor} | {run.seconds:.1f} |"
        )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", default="max1550")
    parser.add_argument("--out", default=os.path.join(REPO, "benchmarks", "results", "xpu_sanitizer.md"))
    args = parser.parse_args(argv)
    command = "python tools/xpu_sanitizer_report.py" + (f" --target {args.target}" if args.target != "max1550" else "")
    start = time.perf_counter()
    print("built-in models:", file=sys.stderr)
    runs = run_builtins(args.target)
    print("golden programs:", file=sys.stderr)
    runs += run_programs(args.target)
    text = render(runs, args.target, command, time.perf_counter() - start)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
