"""Compile saved xpu kernels natively with every autotuning candidate, and
say which of them the autotuner cannot keep from spilling.

The input is what ``suite.py --save-code DIR`` or ``compile --out`` saved:
Inductor's generated wrapper modules (``*.py``) for one target.  Each
Triton kernel is compiled as :mod:`inductor_xpu.native` compiles a suite's
(Intel's Triton XPU backend, then IGC for the target's GPU, GRF 256 again
where 128 spills), and, where its first config spills over
``spill_threshold``, each other candidate its heuristics give *in this
process's torch and series* -- so the same saved kernels measure a change
of the launch heuristics before and after (the candidates come from the
``@triton_heuristics`` decorator when the kernel's module is loaded, not
from the saved text).

    python tools/bench/native_candidates.py --target a770 DIR [DIR ...] \
        [--kernels NAMES.txt] [--kind persistent_reduction] [--json OUT.json]

``--count``: compile nothing; count each kernel's autotuning candidates
as the heuristics give them in this process (what a change of them costs
a device: one compile and benchmark more per candidate), by kind.

``--kernels``: a file of kernel names, one a line, each ``NAME`` or
``GRAPH:NAME`` (e.g. those a native suite table lists as spilling in every
candidate); default: all.  Prints
one line per kernel over the threshold and a summary; ``--json`` writes
each kernel's record (first config, spill bytes, candidates).  Never uses
the native cache: the candidates depend on the series in this process.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Any


class ArgumentError(ValueError):
    """A bad argument, named: exit status 2, nothing compiled."""


def _read_names(path: str | None) -> set[str] | None:
    if path is None:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ArgumentError(f"--kernels {path}: {e.strerror}") from None
    return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}


_GRAPH_RE = re.compile(r"_(\d{3})_[0-9a-f]+\.py$")


def _kernels(dirs: list[str], names: set[str] | None, kind: str | None) -> list[tuple[str, str]]:
    """``(name, source)`` of each distinct Triton kernel the wrappers under
    ``dirs`` define (a name and source once), filtered: ``names`` holds
    kernel names, or ``GRAPH:NAME`` for the kernel of that graph only (the
    wrapper saved as ``<target>_<GRAPH>_<hash>.py``: kernel names repeat
    across a model's graphs)."""
    from inductor_xpu.generated_code import kernel_kind, triton_blocks

    seen: dict[tuple[str, str], None] = {}
    for d in dirs:
        root = Path(d)
        if not root.exists():
            raise ArgumentError(f"{d}: no such directory")
        for path in sorted(root.rglob("*.py")):
            match = _GRAPH_RE.search(path.name)
            graph = int(match.group(1)) if match else None
            for block in triton_blocks(path.read_text(encoding="utf-8")):
                if names is not None and block.kernel not in names and f"{graph}:{block.kernel}" not in names:
                    continue
                if kind is not None and kernel_kind(block.source) != kind:
                    continue
                seen.setdefault((block.kernel, block.source), None)
    return list(seen)


def count_candidates(kernels: list[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """Per heuristics kind: (kernels, candidates) of ``kernels``, the
    candidates the ``@triton_heuristics`` decorator gives each when its
    module is loaded here (no compile; Triton's driver is not asked for a
    GPU)."""
    import tempfile
    import unittest.mock

    from torch._inductor.runtime import triton_helpers

    from inductor_xpu.generated_code import kernel_kind
    from inductor_xpu.native.worker import load_launcher

    counts: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as tmp, unittest.mock.patch.object(
        triton_helpers, "set_driver_to_gpu", lambda: None
    ):
        for name, source in kernels:
            launcher = load_launcher(name, source, Path(tmp) / f"{name}.py")
            entry = counts.setdefault(kernel_kind(source), [0, 0])
            entry[0] += 1
            entry[1] += len(launcher.configs)
    return {kind: (n, c) for kind, (n, c) in sorted(counts.items())}


def _config_text(config: dict[str, Any] | None) -> str:
    if not config:
        return "?"
    blocks = ",".join(f"{k}={v}" for k, v in (config.get("kwargs") or {}).items())
    return f"{blocks} w{config.get('num_warps')}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories of saved wrapper modules for --target")
    parser.add_argument("--target", required=True, help="the profile the code was generated for (a770, max1550)")
    parser.add_argument("--kernels", help="a file of kernel names, one a line (default: every kernel)")
    parser.add_argument("--kind", help="only kernels of this heuristics kind (reduction, persistent_reduction...)")
    parser.add_argument("--jobs", type=int, default=None, help="ocloc processes at most (default: the CPUs, up to 4)")
    parser.add_argument("--json", help="write each kernel's record here")
    parser.add_argument("--count", action="store_true", help="count each kernel's candidates by kind; compile nothing")
    args = parser.parse_args(argv)

    from inductor_xpu.native import api

    try:
        kernels = _kernels(args.dirs, _read_names(args.kernels), args.kind)
        if not kernels:
            raise ArgumentError("no kernel matched")
    except ArgumentError as e:
        print(f"native_candidates: {e}", file=sys.stderr)
        return 2
    if args.count:
        counts = count_candidates(kernels)
        for kind, (n, c) in counts.items():
            print(f"{kind}: {n} kernels, {c} candidates ({c / n:.2f} per kernel)")
        n_all = sum(n for n, _ in counts.values())
        c_all = sum(c for _, c in counts.values())
        print(f"all: {n_all} kernels, {c_all} candidates ({c_all / n_all:.2f} per kernel)")
        return 0
    result = api.compile_kernel_sources(
        kernels, args.target, jobs=args.jobs, cache=False, progress=lambda line: print(line, file=sys.stderr)
    )
    counts: collections.Counter[str] = collections.Counter()
    for k in result.kernels:
        counts[k.status] += 1
        over = k.spill_threshold is not None and (k.spill_bytes or 0) > k.spill_threshold
        if not over:
            continue
        counts["over threshold (first config)"] += 1
        every = k.spills_in_every_candidate
        # neither: other candidates that were not compiled (unknown)
        verdict = "EVERY" if every else ("avoid" if k.spill_free_candidate is not None else "UNKNOWN")
        counts[{"EVERY": "in every candidate", "avoid": "a candidate within the threshold",
                "UNKNOWN": "candidates not compiled"}[verdict]] += 1
        cands = "; ".join(
            f"{_config_text(c.get('config'))}: "
            f"{c.get('spill_bytes') if c.get('status') == 'compiled' else c.get('status')}"
            for c in k.candidates or ()
        )
        print(
            f"{verdict:7s} {k.kind:21s} {k.name}  first {_config_text(k.config)}: "
            f"{k.spill_bytes} (GRF {k.grf}){'  | ' + cands if cands else ''}"
        )
    print(f"\n{result.device} ({args.target}), {len(result.kernels)} kernels, {result.wall_seconds:.0f} s: "
          + ", ".join(f"{v} {k}" for k, v in counts.items()))
    if args.json:
        Path(args.json).write_text(
            json.dumps({"target": args.target, "device": result.device, "versions": result.versions,
                        "kernels": [dataclasses.asdict(k) for k in result.kernels]}, indent=1),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
