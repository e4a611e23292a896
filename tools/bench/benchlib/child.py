"""How a benchmark runs a variant in a child process and gets its result back.

One protocol for every script::

    parent                                    child
    run_child([python, script, ARGS])   ->    python script ARGS --child-out PATH
                                              ... measures ...
    reads PATH (JSON)                   <-    write_child_out(PATH, result)

The parent appends ``--child-out PATH`` to the child's command line; the
child writes its one result as JSON to ``PATH``, atomically, so a child that
crashed or was killed leaves no half a result.  stdout and stderr stay the
child's own (models and compilers are free to print): the parent passes them
through, or to a log file.

The child is started with ``tools/bench`` on ``PYTHONPATH`` (the import root
of ``benchlib`` and ``suite_lib``), so ``python -m suite_lib.worker`` and
``python -c CODE`` children import them as a script under ``tools/bench``
does.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, IO

from benchlib.report import write_json

#: The flag that names the child's result file.
CHILD_OUT = "--child-out"

#: The import root of the bench toolkit (``tools/bench``).
BENCH_ROOT = Path(__file__).resolve().parent.parent


class ChildError(RuntimeError):
    """A child exited with an error, timed out or wrote no result."""


@dataclasses.dataclass
class ChildRun:
    """What became of one child: its exit code (None after a timeout), its
    result (None when it wrote none) and its wall time."""

    argv: list[str]
    returncode: int | None
    result: Any
    timed_out: bool
    elapsed_s: float

    def describe_exit(self) -> str:
        """How the child ended, in words."""
        if self.timed_out:
            return "timed out; killed"
        code = self.returncode
        assert code is not None
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exited with code {code}" + (" without a result" if self.result is None else "")


def add_child_out_argument(parser: argparse.ArgumentParser, **kwargs: Any) -> None:
    """``--child-out PATH`` on a child's command line (hidden from --help
    unless ``help`` is given)."""
    kwargs.setdefault("help", argparse.SUPPRESS)
    parser.add_argument(CHILD_OUT, dest="child_out", metavar="PATH", **kwargs)


def write_child_out(path: str | os.PathLike[str], result: Any, *, indent: int | None = 1) -> None:
    """The child's side: write its result for the parent."""
    write_json(path, result, indent=indent)


def child_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the bench root first on
    ``PYTHONPATH``."""
    env = dict(os.environ if env is None else env)
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if paths[:1] != [str(BENCH_ROOT)]:
        env["PYTHONPATH"] = os.pathsep.join([str(BENCH_ROOT), *paths])
    return env


def _kill_group(proc: subprocess.Popen[Any]) -> None:
    """SIGKILL the child's process group (the child is its leader)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_child(
    argv: Sequence[str],
    *,
    env: dict[str, str] | None = None,
    out: str | os.PathLike[str] | None = None,
    timeout: float | None = None,
    output: IO[Any] | int | None = None,
    cwd: str | os.PathLike[str] | None = None,
) -> ChildRun:
    """Run ``argv + [--child-out PATH]`` and read the result it wrote.

    ``out`` is where the result goes (default: a temporary file, removed
    after reading).  ``output`` takes the child's stdout and stderr together
    (a file, or ``subprocess.DEVNULL``; default: passed through).  With a
    ``timeout`` the child runs in its own process group, killed as a whole
    when the time is up.  Never raises for the child's failure: see
    :class:`ChildRun` (and :func:`child_result` for the strict form).
    """
    keep = out is not None
    if out is None:
        fd, tmp = tempfile.mkstemp(prefix="bench-child.", suffix=".json")
        os.close(fd)
        out = tmp
    out = Path(out)
    out.unlink(missing_ok=True)  # a stale result must not pass for this run's
    full = [*argv, CHILD_OUT, str(out)]
    started = time.perf_counter()
    proc = subprocess.Popen(
        full,
        stdin=subprocess.DEVNULL,
        stdout=output,
        stderr=subprocess.STDOUT if output is not None else None,
        env=child_env(env),
        cwd=cwd,
        start_new_session=timeout is not None,  # its own process group: killable as a whole
    )
    timed_out = False
    try:
        code: int | None = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
        proc.wait()
        code = None
    except BaseException:  # KeyboardInterrupt: no orphan
        proc.kill()
        proc.wait()
        raise
    elapsed = time.perf_counter() - started
    result = None
    if not timed_out and out.exists():
        result = json.loads(out.read_text())
        if not keep:
            out.unlink()
    return ChildRun(full, code, result, timed_out, elapsed)


def child_result(argv: Sequence[str], **kwargs: Any) -> Any:
    """:func:`run_child`, raising :class:`ChildError` unless the child exited
    with 0 and wrote a result; returns the result."""
    run = run_child(argv, **kwargs)
    if run.returncode != 0 or run.result is None:
        raise ChildError(f"{' '.join(run.argv)}: {run.describe_exit()}")
    return run.result
