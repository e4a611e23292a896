"""The records of tools/bench/mutation.py: ``<out>.csv`` (one row per
mutant run), ``<out>.json`` (the clean runs and settings) and ``<out>.md``
(scores per operator and dtype, before and after the plan verdict, the
clean verdicts, every effective mutant that survives)."""

from __future__ import annotations

import collections
import json
import re
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from benchlib.machine import machine_description, versions_line
from benchlib.report import command_line, utc_now, write_csv, write_json, write_text


COLUMNS = (
    "subject", "kind", "dtype", "freezing", "operator", "graph", "line", "site", "mutation", "outcome", "change",
    "effective", "accuracy", "plan", "killed_before", "killed_after", "failure",
)  # fmt: skip
DTYPES = ("fp32", "fp16", "bf16", "fp64")


def _score(killed: int, effective: int) -> str:
    return f"{killed}/{effective} ({100 * killed / effective:.1f}%)" if effective else "-"


def _counts(rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    rows = list(rows)
    effective = [r for r in rows if r["effective"]]
    return {
        "run": len(rows),
        "not executable": sum(r["outcome"] != "ran" for r in rows),
        "equivalent": sum(r["outcome"] == "ran" and not r["effective"] for r in rows),
        "effective": len(effective),
        "before": sum(r["killed_before"] for r in effective),
        "after": sum(r["killed_after"] for r in effective),
    }


def score_table(rows: Sequence[dict[str, Any]], key: str, keys: Sequence[str]) -> list[str]:
    lines = [
        f"| {key} | mutants | not executable | equivalent | effective | accuracy verdict alone (before) | "
        "accuracy or plan verdict (after) |",
        "|---|---|---|---|---|---|---|",
    ]
    for k in [*keys, "all"]:
        c = _counts(r for r in rows if k == "all" or r[key] == k)
        if not c["run"]:
            continue
        name = f"**{k}**" if k == "all" else k
        lines.append(
            f"| {name} | {c['run']} | {c['not executable']} | {c['equivalent']} | {c['effective']} | "
            f"{_score(c['before'], c['effective'])} | {_score(c['after'], c['effective'])} |"
        )
    return lines


def operator_table(rows: Sequence[dict[str, Any]], dtypes: Sequence[str]) -> list[str]:
    operators = list(dict.fromkeys(r["operator"] for r in rows))
    head = "| operator | " + " | ".join(f"{d} before | {d} after" for d in dtypes) + " |"
    lines = [head, "|---|" + "---|---|" * len(dtypes)]
    for op in [*operators, "all"]:
        cells = []
        for d in dtypes:
            c = _counts(r for r in rows if (op == "all" or r["operator"] == op) and r["dtype"] == d)
            cells += [_score(c["before"], c["effective"]), _score(c["after"], c["effective"])]
        lines.append(f"| {'**all**' if op == 'all' else op} | " + " | ".join(cells) + " |")
    return lines


SENSITIVITY = ((1.0, 1.0), (2.0, 2.0), (3.0, 3.0), (4.0, 4.0), (8.0, 8.0), (16.0, 16.0), (64.0, 64.0))


def _fails(terms: Sequence[Sequence[float]] | None, k: float, floor: float) -> bool:
    return any(e > k * g + floor * u for e, g, u in terms or ())


def sensitivity_table(summaries: Sequence[dict[str, Any]], rows: Sequence[dict[str, Any]],
                      dtypes: Sequence[str]) -> list[str]:
    """The plan rule at other constants (k x eager's error + F ulp): false
    alarms on the unmutated programs, and the score after, per dtype."""
    from inductor_xpu.execution.plan_verdict import PLAN_FLOOR_ULPS, PLAN_MULTIPLE

    def killed(r: dict[str, Any], k: float, floor: float) -> bool:
        # a plan that failed for what no floating output's error says (an
        # integer output, a graph the lifted run could not execute) fails at
        # any constants
        other = r["plan"] == "FAIL" and not _fails(r.get("terms"), PLAN_MULTIPLE, PLAN_FLOOR_ULPS)
        return r["killed_before"] or other or _fails(r.get("terms"), k, floor)

    lines = ["| k | F (ulp) | unmutated programs failing the plan rule | "
             + " | ".join(f"{d} after" for d in dtypes) + " |",
             "|---|---|---|" + "---|" * len(dtypes)]
    for k, floor in SENSITIVITY:
        alarms = sum(_fails(s.get("terms"), k, floor) for s in summaries)
        cells = []
        for d in dtypes:
            effective = [r for r in rows if r["effective"] and r["dtype"] == d]
            cells.append(_score(sum(killed(r, k, floor) for r in effective), len(effective)))
        lines.append(f"| {k:g} | {floor:g} | {alarms} of {len(summaries)} | " + " | ".join(cells) + " |")
    return lines


def _run_of_markdown(path: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """A record written before the JSON held its run: the run's lines in the markdown."""
    text = path.read_text()

    def field(name: str) -> str:
        m = re.search(rf"^\| {name} \| (.*) \|$", text, re.M)
        return m.group(1) if m else ""

    date, _, wall = field("date").partition(", wall time ")
    return {"command": field("command").strip("`"), "date": date, "seconds": float(wall.split()[0] or 0),
            "commit": field("commit"), "settings": settings}


def run_record(argv: Sequence[str], seconds: float, settings: dict[str, Any]) -> dict[str, Any]:
    import torch
    import triton

    return {"command": command_line("mutation.py", argv), "date": utc_now(), "seconds": seconds,
            "commit": _git_commit(), "settings": settings, "machine": machine_description(),
            "versions": versions_line(torch.__version__, triton=triton.__version__)}


def _with_machine(run: dict[str, Any], markdown: Path) -> dict[str, Any]:
    """A run recorded before runs held their machine and versions: those of
    its record's markdown (written on the machine it ran on)."""
    if "machine" in run and "versions" in run:
        return run
    text = markdown.read_text() if markdown.exists() else ""

    def field(name: str) -> str:
        m = re.search(rf"^\| {name} \| (.*) \|$", text, re.M)
        return m.group(1) if m else "not recorded"

    return {"machine": field("machine"), "versions": field("versions"), **run}


def _git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _sampling(settings: dict[str, Any]) -> str:
    operators = settings.get("operators") or "all"
    only = "" if operators == "all" else f"operators {operators} only; "
    control = ("the erf-GELU constant control always; " if operators == "all" or "literal" in operators.split(",")
               else "")
    return (f"{only}at most {settings.get('per_operator')} mutants per operator and subject (seeded, seed "
            f"{settings.get('seed')}; 0: all), {control}launches coarsened to {settings.get('min_block_elements')} "
            f"elements; {settings.get('timeout'):g} s per mutant")


def _per_run(runs: Sequence[dict[str, Any]], field: str, here: str) -> list[str]:
    """The record's ``field`` lines: one where every run has the same (or
    none recorded: ``here``, this machine's), else one per value naming its
    runs (1-based, in the order of the command lines)."""
    values: dict[str, list[int]] = {}
    for i, run in enumerate(runs, 1):
        values.setdefault(run.get(field) or here, []).append(i)
    if len(values) <= 1:
        return [f"| {field} | {next(iter(values), here)} |"]
    return [f"| {field} | {value} (runs {', '.join(map(str, numbers))}) |" for value, numbers in values.items()]


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def merge_records(paths: Sequence[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The runs recorded in ``paths`` (``<out>.json``): their runs (settings,
    command, date, wall time), unmutated programs and mutants, concatenated."""
    runs, rows = [], []
    summaries: dict[tuple[Any, ...], dict[str, Any]] = {}
    for path in paths:
        data = json.loads(Path(path).read_text())
        markdown = Path(path).with_suffix(".md")
        found = data["runs"] if "runs" in data else [_run_of_markdown(markdown, data["settings"])]
        runs += [_with_machine(run, markdown) for run in found]
        for summary in data["clean"]:
            key = (summary["subject"], summary["kind"], summary["dtype"], summary["freezing"])
            summaries[key] = _merged_summary(summaries.get(key), summary)
        rows += data["mutants"]
    return runs, list(summaries.values()), rows


def _merged_summary(earlier: dict[str, Any] | None, later: dict[str, Any]) -> dict[str, Any]:
    """One unmutated program run by several of the merged runs (other
    operators, a later commit): the later run's verdicts and margins, the
    mutants found and run and the seconds of both added up."""
    if earlier is None:
        return dict(later)
    merged = {**earlier, **later}
    for field in ("mutants_found", "mutants_run", "seconds"):
        if field in earlier or field in later:
            merged[field] = round(earlier.get(field, 0) + later.get(field, 0), 1)
    return merged


def precision_table(rows: Sequence[dict[str, Any]], dtypes: Sequence[str]) -> list[str]:
    """The ``precision_loss`` mutants, all that ran (the effective rule's
    1e-4 leaves out most of them: a rounding moves an fp32 output by less,
    and a low-precision program's lifted run has no rounding left to
    show): how many each verdict fails."""
    lines = ["| dtype | mutation | run | change > 1e-4 (effective) | accuracy verdict fails | plan verdict fails | "
             "either fails |", "|---|---|---|---|---|---|---|"]
    for d in dtypes:
        ran = [r for r in rows if r["operator"] == "precision_loss" and r["dtype"] == d and r["outcome"] == "ran"]
        if not ran:
            continue
        kind = "an accumulation in fp16/bf16" if d in ("fp16", "bf16") else "an operand rounded through bf16/fp16"
        lines.append(
            f"| {d} | {kind} | {len(ran)} | {sum(r['effective'] for r in ran)} | "
            f"{sum(r['accuracy'] == 'FAIL' for r in ran)} | {sum(r['plan'] == 'FAIL' for r in ran)} | "
            f"{sum(r['killed_after'] for r in ran)} |"
        )
    return lines


def write_records(
    out: str,
    summaries: Sequence[dict[str, Any]],
    rows: Sequence[dict[str, Any]],
    runs: Sequence[dict[str, Any]],
    notes: Sequence[str] = (),
) -> None:
    """``runs``: per run of the tool, its ``settings``, ``command``,
    ``date`` and ``seconds``; ``notes``: paragraphs under the table."""
    import torch
    import triton

    from inductor_xpu.execution.plan_verdict import PLAN_FLOOR_ULPS, PLAN_MULTIPLE

    def fmt(value: Any) -> Any:
        return "" if value is None else (f"{value:.3g}" if isinstance(value, float) else value)

    write_csv(f"{out}.csv", rows, COLUMNS, fmt=fmt)
    write_json(f"{out}.json", {"runs": list(runs), "clean": list(summaries), "mutants": list(rows)})
    dtypes = [d for d in DTYPES if any(r["dtype"] == d for r in rows)]
    lines = [
        "# Mutation testing of the execution check",
        "",
        "Generated by `tools/bench/mutation.py` (the operators: `inductor_xpu/execution/program_mutants.py`). "
        "Each subject's generated xpu program is mutated one change at a time and executed on CPU in place of "
        "the program.  A mutant is **effective** when its fp32 run (an fp16/bf16 subject's: its precision-lifted "
        f"run) changes some output by more than {1e-4:g} of that output's largest magnitude against the "
        "unmutated program's fp32 run; the others are **equivalent** (excluded by that rule only) or **not "
        "executable** (the fp32 run raised, crashed or timed out: any verdict rejects them; excluded).  "
        "**Before**: killed by the accuracy verdict alone (the model suite's rule, dynamo's `same`, tolerance "
        "1e-3); **after**: killed by the accuracy verdict or the plan verdict (fp32: the plan's max abs error "
        f"against float64 within {PLAN_MULTIPLE:g} x eager fp32's + {PLAN_FLOOR_ULPS:g} ulp at the output's "
        "scale; fp16/bf16: the same rule on the precision-lifted run).",
        "",
        "| | |",
        "|---|---|",
        *[f"| command | `{run['command']}` ({run['date']}, wall time {run['seconds']:.0f} s, commit "
          f"{run['commit']}) |" for run in runs],
        *_per_run(runs, "machine", machine_description()),
        *_per_run(runs, "versions", versions_line(torch.__version__, triton=triton.__version__)),
        *[f"| sampling | {_sampling(run['settings'])} |" for run in runs],
        "",
        *[line for note in notes for line in ("", note)],
        "",
        "## Score per dtype",
        "",
        *score_table(rows, "dtype", dtypes),
        "",
        "## Score per operator and dtype (killed / effective)",
        "",
        *operator_table(rows, dtypes),
        "",
    ]
    if any(r["operator"] == "precision_loss" for r in rows):
        lines += [
            "## Precision loss (every mutant run, effective or not)",
            "",
            "`precision_loss`: in an fp32 program a reduction's, a `tl.dot`'s or a host matmul's operand rounded "
            "through bf16 or fp16; in an fp16/bf16 program a `tl.sum` or a looped reduction accumulated in "
            "fp16/bf16.  The effective rule counts few of them: a rounding moves an fp32 output by less than 1e-4 "
            "of its scale, and a low-precision program's lifted run writes the low-precision type fp32 again, "
            "so its change is 0.  What each verdict does with all of them:",
            "",
            *precision_table(rows, dtypes),
            "",
        ]
    lines += [
        "## The plan rule at other constants",
        "",
        "Recomputed from each output's plan error, eager fp32's error and ulp at scale (in the JSON): how many "
        "unmutated programs would fail, and the score after, were the rule `error <= k x eager's + F ulp`.",
        "",
        *sensitivity_table(summaries, rows, dtypes),
        "",
    ]
    kinds = list(dict.fromkeys(r["kind"] for r in rows))
    if len(kinds) > 1:
        lines += ["## Goldens and suite sample", ""]
        for kind in kinds:
            lines += [f"### {kind}", "", *score_table([r for r in rows if r["kind"] == kind], "dtype", dtypes), ""]
    survivors = [r for r in rows if r["effective"] and not r["killed_after"]]
    lines += ["## Effective mutants that survive both verdicts", ""]
    if survivors:
        lines += ["| subject | dtype | freezing | operator | site | line | mutation | change | plan |",
                  "|---|---|---|---|---|---|---|---|---|"]
        lines += [
            f"| {r['subject']} | {r['dtype']} | {_yes(r['freezing'])} | {r['operator']} | {r['site']} | "
            f"{r['line']} | `{r['mutation']}` | {r['change']:.2g} | {r['plan']} |"
            for r in survivors
        ]
    else:
        lines.append("None.")
    added = [r for r in rows if r["effective"] and r["killed_after"] and not r["killed_before"]]
    lines += ["", "## Effective mutants only the plan verdict kills", "",
              f"{len(added)} effective mutants pass the accuracy verdict (the change: of the fp32 run's outputs, "
              "relative to their largest magnitude).", "",
              "| subject | dtype | freezing | operator | site | mutation | change |", "|---|---|---|---|---|---|---|"]
    lines += [
        f"| {r['subject']} | {r['dtype']} | {_yes(r['freezing'])} | {r['operator']} | {r['site']} | "
        f"`{r['mutation']}` | {r['change']:.2g} |"
        for r in added
    ]
    controls = [r for r in rows if "GELU" in r["mutation"]]
    if controls:
        lines += ["", "## The erf-GELU constant (0.7071067811865476 written 0.7)", "",
                  "| subject | dtype | freezing | change | accuracy | plan |", "|---|---|---|---|---|---|"]
        lines += [f"| {r['subject']} | {r['dtype']} | {_yes(r['freezing'])} | {r['change']:.2g} | {r['accuracy']} | "
                  f"{r['plan']} |" for r in controls]
    lines += ["", "## The unmutated programs (no false alarm)", "",
              "| subject | dtype | freezing | accuracy | plan | plan verdict | plan error / eager's (worst) | "
              "plan error in ulps at scale (worst) | mutants found | run | seconds |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    lines += [
        f"| {s['subject']} | {s['dtype']} | {_yes(s['freezing'])} | {s['accuracy']} | {s['plan']} | "
        f"{s['plan_status']} | {_num(s.get('worst_multiple'))} | {_num(s.get('worst_ulps'))} | "
        f"{s.get('mutants_found', '-')} | {s.get('mutants_run', '-')} | {s.get('seconds', '-')} |"
        for s in summaries
    ]
    alarms = [s for s in summaries if s["accuracy"] != "PASS" or s["plan"] != "PASS"]
    lines += ["", f"{len(alarms)} of {len(summaries)} unmutated programs do not pass both verdicts."]
    by_outcome = collections.Counter(r["outcome"] for r in rows)
    lines += ["", "Outcomes of all mutants run: " + ", ".join(f"{k} {v}" for k, v in sorted(by_outcome.items())) + "."]
    write_text(f"{out}.md", "\n".join(lines) + "\n")
