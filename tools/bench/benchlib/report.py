"""Summaries and records: ``geomean``, the command line of a record, and
writing markdown, CSV and JSON files."""

from __future__ import annotations

import csv
import datetime
import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any


def geomean(values: Iterable[Any]) -> float | None:
    """Geometric mean of the positive numbers in ``values`` (others are
    skipped); None when there are none."""
    vals = [v for v in values if isinstance(v, (int, float)) and v > 0]
    if not vals:
        return None
    return math.exp(statistics.fmean(math.log(v) for v in vals))


def command_line(script: str, argv: Sequence[str] | None = None, *, python: str = "python") -> str:
    """How a record says it was made: ``python tools/bench/<script> ARGS``
    (``argv`` defaults to this process's arguments)."""
    args = list(sys.argv[1:] if argv is None else argv)
    return " ".join([python, f"tools/bench/{script}", *args])


def utc_now() -> str:
    """``YYYY-MM-DD HH:MM UTC``: the date line of a record."""
    return f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC"


def _parent(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write a markdown (or any text) record, making its folder."""
    p = _parent(path)
    p.write_text(text)
    return p


def write_json(path: str | os.PathLike[str], data: Any, *, indent: int | None = 1) -> Path:
    """Write a JSON record atomically (a reader never sees half of it),
    making its folder; what JSON cannot hold is written as ``str``."""
    p = _parent(path)
    tmp = p.with_name(f"{p.name}.tmp{os.getpid()}")
    with open(tmp, "w") as f:
        json.dump(data, f, indent=indent, default=str)
    os.replace(tmp, p)
    return p


def cell(value: Any, *, digits: int = 6) -> Any:
    """A CSV cell: None empty, a float with ``digits`` decimals."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return value


def write_csv(
    path: str | os.PathLike[str],
    rows: Iterable[dict[str, Any]],
    columns: Sequence[str],
    *,
    fmt: Callable[[Any], Any] = cell,
) -> Path:
    """Write rows as CSV with these columns (a missing cell is None, each
    cell goes through ``fmt``), making its folder."""
    p = _parent(path)
    with open(p, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([fmt(row.get(c)) for c in columns])
    return p


def save_figure(fig: Any, path: str | os.PathLike[str], *, dpi: int = 110) -> Path:
    """Save a matplotlib figure as a record's chart (making its folder) and
    close it."""
    import matplotlib.pyplot as plt

    p = _parent(path)
    fig.savefig(p, dpi=dpi)
    plt.close(fig)
    return p
