"""Mutation testing of the execution check: what ``--run``'s verdicts catch.

Each subject (a golden program in fp32, fp16 or bf16, with and without
freezing; a suite model) is compiled for a simulated Max 1550 once.  Its
generated program text is then mutated, one change at a time
(``inductor_xpu.execution.program_mutants``: literals, bounds, indices,
swapped operands, oneDNN post-ops, dropped upcasts, reduction inits, extern
alpha/beta/transposes, SDPA scale/is_causal, precision loss: an fp32
program's reduction or matmul operand rounded through bf16/fp16, an
fp16/bf16 program's reduction accumulated in fp16/bf16), and each mutant is executed
by ``execute_program`` in place of the program, in a forked child (a wrong
index may write out of bounds).

A mutant is *effective* when its fp32 run (fp32 subjects: the run itself;
fp16/bf16 subjects: the precision-lifted run) gives outputs that differ
from the unmutated program's fp32 run by more than 1e-4 of the output's
largest magnitude: a rule that does not look at the checks being scored,
so equivalent mutants are left out by it, never by hand.  A mutant whose
fp32 run cannot execute (an operand swap of a non-square mm) is counted
apart.  For each effective mutant: killed by the accuracy verdict (the
suite's rule, dynamo's ``same``) alone -- "before" -- and by the accuracy
or the plan verdict -- "after".

    python tools/bench/mutation.py [--programs all] [--dtypes fp32,fp16,bf16]
        [--suite DistilBertForMaskedLM,...] [--per-operator 6] [--operators all] [--out PREFIX]

Bad arguments (a program, dtype or operator that does not exist, a timeout
that is not a positive number of seconds, nothing to run) are an error
(exit status 2) before anything runs or any record is written.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import pickle
import random
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch


REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

EFFECTIVE_REL = 1e-4
TARGET = "max1550"


@dataclasses.dataclass
class Subject:
    """What is mutated: a compiled program and how to execute it."""

    name: str
    dtype: str  # fp32, fp16, bf16 (fp64: a golden that is float64 only)
    freezing: bool
    kind: str  # golden / suite
    build: Callable[[], tuple[Any, list[Any], dict[str, Any]]]  # the real program, args, kwargs
    sources: tuple[str, ...]
    graph_inputs: tuple[Any, ...]
    constants: tuple[Any, ...]


def execute(subject: Subject, sources: Sequence[str]) -> list[Any]:
    from inductor_xpu.execution import execute_program

    fn, args, kwargs = subject.build()
    return execute_program(
        fn, args, tuple(sources), subject.graph_inputs, kwargs=kwargs, constants=subject.constants,
        graph_by_graph_fn=subject.build()[0],
    )


# -- the subjects ----------------------------------------------------------------


def golden_subjects(names: Sequence[str], dtypes: Sequence[str]) -> list[Subject]:
    from inductor_xpu.programs.codegen import PROGRAMS
    from inductor_xpu.programs.variants import (
        compile_for_execution, DTYPE_NAMES, program_dtype, real_inputs, with_dtype, with_freezing,
    )

    subjects = []
    for program in PROGRAMS:
        if names != ["all"] and program.name not in names:
            continue
        seen: set[torch.dtype | None] = set()
        for dtype_name in dtypes:
            variant = with_dtype(program, DTYPE_NAMES[dtype_name])
            actual = program_dtype(variant)
            if actual in seen:
                continue  # float64 or integer only: one variant
            seen.add(actual)
            label = {v: k for k, v in DTYPE_NAMES.items()}.get(actual, str(actual).replace("torch.float", "fp"))
            for freezing in (False, True) if program.module else (False,):
                v = with_freezing(variant) if freezing else variant

                def build(v: Any = v) -> tuple[Any, list[Any], dict[str, Any]]:
                    return v.build(), real_inputs(v), {}

                compiled = compile_for_execution(v, TARGET)
                subjects.append(Subject(program.name, label, freezing, "golden", build, compiled.sources,
                                        compiled.graph_inputs, compiled.constants))
    return subjects


def suite_subjects(names: Sequence[str], dtypes: Sequence[str]) -> list[Subject]:
    """Suite models at ``--small`` shapes, compiled as ``suite.py --codegen-only`` does."""
    import copy

    from suite_lib import models
    from suite_lib.runner import maybe_cast, RunOptions

    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.execution import capture_graph_inputs

    by_name = {s.name: s for s in models.all_specs()}
    subjects = []
    for name in names:
        spec = by_name[name]
        batch = models.effective_batch_size(spec, accuracy=False, small=True)
        built = models.build(spec, "cpu", batch_size=batch, small=True)
        for dtype_name in dtypes:
            model, inputs = maybe_cast(RunOptions(mode="codegen", dtype=dtype_name), built.model, built.inputs)
            args, kwargs = ((), dict(inputs)) if isinstance(inputs, dict) else (tuple(inputs), {})
            pristine = copy.deepcopy(model)
            capture = capture_graph_inputs()
            torch._dynamo.reset()
            report = compile_for_target(
                copy.deepcopy(model), args, kwargs, TARGET,
                TargetOptions(clear_counters=False, inductor_config=capture.inductor_config(), reraise=True),
            )

            def build(m: Any = pristine, a: Any = args, k: Any = kwargs) -> tuple[Any, list[Any], dict[str, Any]]:
                return copy.deepcopy(m), list(a), dict(k)

            subjects.append(Subject(
                name, dtype_name, False, "suite", build, tuple(c.source for c in report.generated),
                tuple(capture.graphs), tuple(c.constants for c in report.generated),
            ))
    return subjects


# -- one run -------------------------------------------------------------------


def fp32_outputs(results: Sequence[Any]) -> list[Any] | None:
    """The fp32 run's outputs (a low-precision program's lifted run's),
    all graphs; None where a graph did not run."""
    outputs: list[Any] = []
    for r in results:
        run = r.lifted if r.lifted is not None else r
        if not run.ran or run.outputs is None:
            return None
        outputs += list(run.outputs)
    return outputs


def relative_change(mutant: Sequence[Any], clean: Sequence[Any]) -> float:
    """The largest change of an output, relative to that output's largest
    magnitude (inf: a different shape, dtype, count or non-finite pattern)."""
    if len(mutant) != len(clean):
        return float("inf")
    worst = 0.0
    for m, u in zip(mutant, clean):
        if not isinstance(u, torch.Tensor) or not isinstance(m, torch.Tensor):
            worst = max(worst, 0.0 if m == u else float("inf"))
            continue
        if m.shape != u.shape or m.dtype != u.dtype:
            return float("inf")
        if not u.is_floating_point():
            worst = max(worst, 0.0 if torch.equal(m, u) else float("inf"))
            continue
        m64, u64 = m.double(), u.double()
        if not torch.equal(torch.isfinite(m64), torch.isfinite(u64)) or not torch.equal(m64.isnan(), u64.isnan()):
            return float("inf")
        finite = torch.isfinite(u64)
        if not torch.equal(m64[~finite & ~u64.isnan()], u64[~finite & ~u64.isnan()]):
            return float("inf")
        if not finite.any():
            continue
        diff = float((m64[finite] - u64[finite]).abs().max())
        scale = float(u64[finite].abs().max())
        worst = max(worst, diff / scale if scale > 0 else (0.0 if diff == 0 else float("inf")))
    return worst


def verdicts(results: Sequence[Any]) -> dict[str, Any]:
    accuracy = (
        "FAIL" if any(r.ran and r.comparison is not None and not r.comparison.passed for r in results)
        else "PASS" if results and all(r.passed for r in results) else "INCOMPLETE"
    )
    plans = [r.plan_passed for r in results]
    plan = "FAIL" if False in plans else "PASS" if plans and all(plans) else "not judged"
    failures = [line for r in results for line in r.failures() + r.plan_failures()]
    return {"accuracy": accuracy, "plan": plan, "failure": failures[0] if failures else ""}


def plan_terms(results: Sequence[Any]) -> list[tuple[float, float, float]]:
    """Per output the plan rule judged: (the plan's error against float64,
    eager fp32's, one ulp at the output's scale) -- the rule at any constants
    (k, F) is ``error <= k * eager + F * ulp``."""
    terms = []
    for r in results:
        judged = r.lifted if r.lifted is not None else r
        if judged.comparison is None:
            continue
        terms += [(o.plan.error, o.plan.eager_error, o.plan.ulp) for o in judged.comparison.outputs if o.plan]
    return terms


def plan_margins(results: Sequence[Any]) -> dict[str, Any]:
    """What the plan rule saw on an unmutated program, to choose its
    constants: per output the plan's error against float64 as a multiple of
    eager's and in ulps at the output's scale (the worst of each)."""
    terms = plan_terms(results)
    multiples = [e / g if g else (0.0 if e == 0 else float("inf")) for e, g, _ in terms]
    ulps = [e / u if u else (0.0 if e == 0 else float("inf")) for e, _, u in terms]
    return {"terms": terms, "worst_multiple": max(multiples, default=None), "worst_ulps": max(ulps, default=None)}


def run_forked(work: Callable[[], dict[str, Any]], timeout: float) -> dict[str, Any]:
    """``work()`` in a forked child (a mutant may crash the interpreter or
    write out of bounds); its result, or an outcome saying what happened."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            payload = pickle.dumps(work())
        except BaseException as e:  # noqa: BLE001 - reported
            payload = pickle.dumps({"outcome": "crashed", "failure": f"{type(e).__name__}: {e}"[:300]})
        with os.fdopen(write, "wb") as f:
            f.write(payload)
        os._exit(0)
    os.close(write)
    chunks = []
    deadline = time.monotonic() + timeout
    with os.fdopen(read, "rb") as f:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([f], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return {"outcome": "timed out", "failure": f"killed after {timeout:g} s"}
            chunk = f.read1(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return {"outcome": "crashed", "failure": f"child died (wait status {status})"}
    return pickle.loads(b"".join(chunks))


# -- a subject's mutants ---------------------------------------------------------


def sample(items: list[Any], k: int, seed: str) -> list[Any]:
    if k <= 0 or len(items) <= k:
        return items
    picked = set(random.Random(seed).sample(range(len(items)), k))
    return [item for i, item in enumerate(items) if i in picked]


GELU_CONSTANT = "0.7071067811865476"


def gelu_constant_mutants(sources: Sequence[str]) -> list[Any]:
    """The issue's control: erf-GELU's 1/sqrt(2) written 0.7 (1% off), at
    each place a kernel has it."""
    from inductor_xpu.execution.program_mutants import Mutant

    found = []
    for graph, source in enumerate(sources):
        lines = source.splitlines(keepends=True)
        for number, line in enumerate(lines, 1):
            if GELU_CONSTANT in line and "tl.full" in line:
                mutated = "".join([*lines[: number - 1], line.replace(GELU_CONSTANT, "0.7"), *lines[number:]])
                texts = tuple(mutated if g == graph else s for g, s in enumerate(sources))
                found.append(Mutant("literal", graph, number, "kernel", f"GELU {GELU_CONSTANT} -> 0.7", texts))
    return found


def run_subject(
    subject: Subject, per_operator: int, timeout: float, seed: int, operators: Sequence[str] | None = None
) -> tuple[dict[str, Any], list[dict]]:
    from inductor_xpu.execution.program_mutants import mutants

    started = time.perf_counter()
    clean_results = execute(subject, subject.sources)
    clean = fp32_outputs(clean_results)
    base = {"subject": subject.name, "kind": subject.kind, "dtype": subject.dtype, "freezing": subject.freezing}
    summary = {**base, **verdicts(clean_results), "ran": clean is not None,
               "lifted": any(r.lifted is not None for r in clean_results),
               "plan_status": "; ".join(r.plan_status for r in clean_results)}
    summary.update(plan_margins(clean_results))
    rows: list[dict[str, Any]] = []
    if clean is None or per_operator < 0:
        return summary, rows
    by_operator: dict[str, list[Any]] = {}
    # the subject's declared dtype says which precision loss applies (never its text)
    for m in mutants(subject.sources, operators, low_precision=subject.dtype in ("fp16", "bf16")):
        by_operator.setdefault(m.operator, []).append(m)
    label = f"{subject.name}/{subject.dtype}/{subject.freezing}"
    chosen = [m for op, ms in by_operator.items() for m in sample(ms, per_operator, f"{seed}:{label}:{op}")]
    if operators is None or "literal" in operators:
        chosen += gelu_constant_mutants(subject.sources)
    summary["mutants_found"] = sum(len(ms) for ms in by_operator.values())
    summary["mutants_run"] = len(chosen)
    for mutant in chosen:

        def work(mutant: Any = mutant) -> dict[str, Any]:
            results = execute(subject, mutant.sources)
            outputs = fp32_outputs(results)
            if outputs is None:
                failed = next(r.lifted if r.lifted is not None and not r.lifted.ran else r for r in results
                              if not (r.lifted or r).ran)
                return {"outcome": "crashed", "failure": failed.status[:300]}
            change = relative_change(outputs, clean)
            return {"outcome": "ran", "change": change, "terms": plan_terms(results), **verdicts(results)}

        out = run_forked(work, timeout)
        change = out.get("change")
        effective = out["outcome"] == "ran" and change is not None and change > EFFECTIVE_REL
        rows.append({
            **base, "operator": mutant.operator, "graph": mutant.graph, "line": mutant.line, "site": mutant.site,
            "mutation": mutant.description, "outcome": out["outcome"], "change": change,
            "effective": effective, "accuracy": out.get("accuracy", ""), "plan": out.get("plan", ""),
            "killed_before": out.get("accuracy", "PASS") != "PASS",
            "killed_after": out.get("accuracy", "PASS") != "PASS" or out.get("plan") == "FAIL",
            "failure": out.get("failure", ""), "terms": out.get("terms"),
        })
    summary["seconds"] = round(time.perf_counter() - started, 1)
    return summary, rows


DTYPE_CHOICES = ("fp32", "fp16", "bf16")


def _seconds(text: str) -> float:
    """``--timeout``: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive, finite number of seconds")
    return value


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def check_arguments(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every name given exists (golden programs, dtypes, operators, suite
    models) and there is something to run: else ``p.error`` (exit 2), before
    anything runs or is written."""
    from inductor_xpu.execution.program_mutants import OPERATORS
    from inductor_xpu.programs.codegen import PROGRAMS

    programs = _names(args.programs)
    known = [program.name for program in PROGRAMS]
    if programs not in (["all"], ["none"]):
        unknown = [n for n in programs if n not in known]
        if unknown or not programs:
            p.error(f"--programs: no golden program {unknown[0] if unknown else args.programs!r} "
                    f"(give 'all', 'none' or names from inductor_xpu/programs/codegen.py, e.g. {known[0]})")
    dtypes = _names(args.dtypes)
    bad = [d for d in dtypes if d not in DTYPE_CHOICES]
    if bad or not dtypes:
        p.error(f"--dtypes: {bad[0] if bad else args.dtypes!r} is not a dtype (choose from {', '.join(DTYPE_CHOICES)})")
    if args.operators != "all":
        operators = _names(args.operators)
        bad = [o for o in operators if o not in OPERATORS]
        if bad or not operators:
            p.error(f"--operators: no operator {bad[0] if bad else args.operators!r} "
                    f"(choose from {', '.join(OPERATORS)})")
    suite = _names(args.suite)
    if suite:
        from suite_lib import models

        specs = {s.name for s in models.all_specs()}
        bad = [n for n in suite if n not in specs]
        if bad:
            p.error(f"--suite: no suite model {bad[0]!r} (tools/bench/suite_lib/models.py lists them)")
    if programs == ["none"] and not suite:
        p.error("nothing to run: --programs none and no --suite")


def main(argv: list[str] | None = None) -> int:
    from mutation_report import merge_records, run_record, write_records

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--programs", default="all", help="golden programs (comma-separated), 'all' or 'none'")
    p.add_argument("--dtypes", default="fp32,fp16,bf16", help=f"comma-separated, of {', '.join(DTYPE_CHOICES)}")
    p.add_argument("--suite", default="", help="suite models (comma-separated), at --small shapes")
    p.add_argument("--per-operator", type=int, default=6, help="mutants per operator and subject (0: all)")
    p.add_argument("--min-block-elements", type=int, default=16384,
                   help="inductor_xpu.config.execution_min_block_elements (coarsened launches)")
    p.add_argument("--operators", default="all",
                   help="mutation operators (comma-separated; program_mutants.OPERATORS), or 'all'")
    p.add_argument("--timeout", type=_seconds, default=300.0, help="seconds per mutant (positive)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--clean-only", action="store_true", help="only the unmutated programs (the verdicts' margins)")
    p.add_argument("--out", default=str(REPO / "benchmarks" / "results" / "execution_mutation"))
    p.add_argument("--merge", nargs="+", metavar="JSON", help="write one record of these runs' <out>.json")
    p.add_argument("--note", action="append", default=[], help="with --merge: a paragraph for the record")
    args = p.parse_args(argv)
    if not args.merge:
        check_arguments(p, args)
    if args.merge:
        runs, summaries, rows = merge_records(args.merge)
        write_records(args.out, summaries, rows, runs, args.note)
        return 0

    from inductor_xpu import config

    torch.set_num_threads(1)  # forked children: no OpenMP pool to inherit
    config.execution_min_block_elements = args.min_block_elements
    dtypes = _names(args.dtypes)
    operators = None if args.operators == "all" else _names(args.operators)
    started = time.time()
    summaries, rows = [], []
    groups: list[Callable[[], list[Subject]]] = []
    if args.programs != "none":
        for name in _names(args.programs):
            groups.append(lambda name=name: golden_subjects([name] if name != "all" else ["all"], dtypes))
    for name in _names(args.suite):
        groups.append(lambda name=name: suite_subjects([name], dtypes))
    for group in groups:
        for subject in group():
            summary, subject_rows = run_subject(subject, -1 if args.clean_only else args.per_operator,
                                                args.timeout, args.seed, operators)
            summaries.append(summary)
            rows += subject_rows
            # the record so far, after each subject (a long run stopped keeps what it measured)
            run = run_record(sys.argv[1:] if argv is None else argv, time.time() - started, vars(args))
            write_records(args.out, summaries, rows, [run])
            effective = [r for r in subject_rows if r["effective"]]
            print(
                f"{subject.name} {subject.dtype}{' freezing' if subject.freezing else ''}: clean accuracy "
                f"{summary['accuracy']}, plan {summary['plan']}; {len(subject_rows)} mutants, {len(effective)} "
                f"effective, killed before {sum(r['killed_before'] for r in effective)}, after "
                f"{sum(r['killed_after'] for r in effective)} ({summary.get('seconds')} s)",
                flush=True,
            )
    run = run_record(sys.argv[1:] if argv is None else argv, time.time() - started, vars(args))
    write_records(args.out, summaries, rows, [run])
    return 0


if __name__ == "__main__":
    sys.exit(main())
