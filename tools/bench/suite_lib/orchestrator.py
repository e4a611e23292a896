"""Runs the rows: one worker process per model (and per overlay variant),
each with its own time limit, so that a crash or a hang costs one row.

A worker that exits without writing its row is ``fail_to_run`` (the detail
says how it died and quotes the end of its log); one still running at
``timeout`` seconds is killed with its whole process group (Inductor's
compile workers included) and is ``timeout``.  This module does not import
torch: the orchestrator stays light and never holds a device.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from benchlib.child import CHILD_OUT, child_env, run_child
from suite_lib.models import ModelSpec, effective_batch_size


log = logging.getLogger(__name__)

# Overlay variants: the stock run turns the overlay off in the worker.
STOCK = "stock"
OVERLAY = "overlay"


@dataclasses.dataclass(frozen=True)
class Job:
    spec: ModelSpec
    variant: str = ""  # "", STOCK or OVERLAY

    @property
    def label(self) -> str:
        return f"{self.spec.name}[{self.variant}]" if self.variant else self.spec.name


def worker_env(
    variant: str, mode: str, cache_root: Path | None, base: dict[str, str] | None = None
) -> dict[str, str]:
    env = child_env(dict(os.environ if base is None else base))
    env["PYTHONUNBUFFERED"] = "1"
    if variant == STOCK:
        env["INDUCTOR_XPU_DISABLE"] = "1"
    elif variant == OVERLAY:
        env.pop("INDUCTOR_XPU_DISABLE", None)
    if cache_root is not None and variant:
        # The overlay tags the FX graph cache keys itself; separate
        # directories also keep the kernel caches (and so compile times) apart.
        env["TORCHINDUCTOR_CACHE_DIR"] = str(cache_root / variant)
    if mode == "accuracy":
        # cuBLAS determinism (the harness sets this for --accuracy).
        env.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    return env


def _tail(path: Path, lines: int = 6) -> str:
    try:
        text = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    text = [line for line in text if not line.startswith("$ ")] or ["(empty)"]
    return " | ".join(line.strip() for line in text[-lines:])[:600]


def run_job(
    job: Job,
    options: dict[str, Any],
    *,
    timeout: float,
    log_dir: Path,
    cache_root: Path | None = None,
    python: str = sys.executable,
) -> dict[str, Any]:
    """Run one worker; always returns a row."""
    log_dir.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", job.label)
    log_path = log_dir / f"{safe}.log"
    fd, result_path = tempfile.mkstemp(prefix=f"{safe}.", suffix=".json", dir=log_dir)
    os.close(fd)
    argv = [python, "-m", "suite_lib.worker", "--name", job.spec.name, "--options", json.dumps(options)]
    env = worker_env(job.variant, options.get("mode", ""), cache_root)
    with open(log_path, "w") as log_file:
        log_file.write(f"$ {' '.join([*argv, CHILD_OUT, result_path])}\n")
        log_file.flush()
        run = run_child(argv, env=env, out=result_path, timeout=timeout, output=log_file, cwd=os.getcwd())
    elapsed = run.elapsed_s
    row: dict[str, Any]
    if run.timed_out:
        row = {"status": "timeout", "detail": f"no result after {timeout:g} s; worker killed"}
    elif run.result is not None:
        row = run.result
        os.unlink(result_path)
    else:
        row = {"status": "fail_to_run", "detail": f"worker {run.describe_exit()}; log: {_tail(log_path)}"}
    row.setdefault("name", job.spec.name)
    row.setdefault("suite", job.spec.suite)
    row.setdefault("dev", options.get("device", ""))
    if options.get("mode") != "combined":
        row.setdefault(
            "batch_size",
            options.get("batch_size")
            or effective_batch_size(
                job.spec, accuracy=options.get("mode") == "accuracy", small=bool(options.get("small"))
            ),
        )
    row["variant"] = job.variant
    row["log"] = str(log_path)
    row["process_time"] = elapsed
    return row


# A job is not started with less of the time budget left than this.
MIN_JOB_SECONDS = 20.0


def not_run_row(job: Job, options: dict[str, Any], why: str) -> dict[str, Any]:
    return {
        "name": job.spec.name,
        "suite": job.spec.suite,
        "dev": options.get("device", ""),
        "status": "not_run",
        "detail": why,
        "variant": job.variant,
    }


def make_jobs(specs: Iterable[ModelSpec], compare_overlay: bool) -> list[Job]:
    if not compare_overlay:
        return [Job(s) for s in specs]
    return [Job(s, v) for s in specs for v in (STOCK, OVERLAY)]


def run_jobs(
    jobs: list[Job],
    options: dict[str, Any],
    *,
    timeout: float,
    log_dir: Path,
    cache_root: Path | None = None,
    progress: bool = True,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    time_budget: float | None = None,
) -> list[dict[str, Any]]:
    """Run every job in order, with a tqdm bar on stderr.

    With ``time_budget`` (seconds for all jobs), no job gets more than what is
    left of it, and once it is spent the remaining jobs are rows with status
    ``not_run`` that say so: the run ends in time with every output written."""
    bar = None
    if progress:
        try:
            from tqdm import tqdm

            bar = tqdm(total=len(jobs), file=sys.stderr, unit="model", dynamic_ncols=True)
        except ImportError:
            log.warning("tqdm is not installed: no progress bar")
    rows = []
    started = time.perf_counter()
    try:
        for job in jobs:
            if bar is not None:
                bar.set_description(job.label)
            job_timeout = timeout
            if time_budget is not None:
                left = time_budget - (time.perf_counter() - started)
                if left < MIN_JOB_SECONDS:
                    row = not_run_row(job, options, f"the time budget of {time_budget:g} s was spent before this row")
                    rows.append(row)
                    if on_row is not None:
                        on_row(row)
                    if bar is not None:
                        bar.update(1)
                    continue
                job_timeout = min(timeout, left)
            row = run_job(job, options, timeout=job_timeout, log_dir=log_dir, cache_root=cache_root)
            if row.get("status") == "timeout" and job_timeout < timeout:
                row["detail"] += f" (cut by the time budget of {time_budget:g} s)"
            rows.append(row)
            if on_row is not None:
                on_row(row)
            if bar is not None:
                bar.set_postfix_str(f"{job.label}: {row.get('status')}")
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return rows
