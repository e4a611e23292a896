"""Coarsened launches: fewer, larger program instances for the interpreter.

Triton's interpreter runs a grid one program instance at a time in Python;
its cost is per program (the language's type checks around each numpy op),
hardly per element.  A weight-layout kernel of a small ResNet-50 launches
4096 instances of 16x64 elements and takes seconds per launch.

Inductor's pointwise and reduction kernels compute each element of their
non-reduction dimensions (x, y, z) from that element's index alone: the
program id and the block size only choose which elements a program instance
covers.  That is what lets Inductor's autotuner pick any of its configs
(``XBLOCK`` 32 or 1024) for the same kernel.  So a launch with larger
``XBLOCK``/``YBLOCK``/``ZBLOCK`` and the grid for them computes the same
elements with the same arithmetic; the reduction blocks (``R0_BLOCK``,
``R1_BLOCK``), which fix a reduction's order, are kept.

The contract has a bound: Inductor drops a dimension's mask when its numel
is a multiple of the largest block a config may use,
``torch._inductor.runtime.hints.TRITON_MAX_BLOCK`` (x 4096, y and z 1024),
so a block grows up to that bound and never past it.  A dimension grows only
where the kernel indexes it as ``tl.arange(0, <BLOCK>)`` (a kernel without
an x dimension, ``no_x_dim``, has one row per program whatever ``XBLOCK``
says, and is launched as generated).

Not coarsened (launched as the code carries them): templates, user and
split-scan kernels, kernels whose grid is not the plain 1D/2D/3D grid of
their numels (cooperative, mixed-order and combo reductions: their program
ids mean more than an offset), and kernels with atomics (the order of
colliding updates would change).

Off by default (``inductor_xpu.config.execution_min_block_elements = 0``);
the model suite's ``--run`` turns it on, and its results record it.
"""

from __future__ import annotations

import copy
import re
from typing import Any


# The non-reduction block sizes, in the order they grow.
NON_REDUCTION_BLOCKS = ("XBLOCK", "YBLOCK", "ZBLOCK")
_COARSENABLE_HEURISTICS = frozenset({"POINTWISE", "REDUCTION", "PERSISTENT_REDUCTION"})
_PLAIN_GRIDS = frozenset({"Grid1D", "Grid2D", "Grid3D", "Grid2DWithYZOverflow"})
_NOT_COARSENABLE_SOURCE = re.compile(r"\btl\.atomic_\w+|\bRSPLIT\b|\btl\.num_programs\(0\)")


def coarsenable(launcher: Any, source: str) -> str | None:
    """Why ``launcher`` (an Inductor ``CachingAutotuner`` loaded from
    ``source``) must launch as generated, or None when it may be coarsened."""
    heuristic = getattr(getattr(launcher, "heuristic_type", None), "name", None)
    if heuristic not in _COARSENABLE_HEURISTICS:
        return f"a {heuristic or 'unknown'} kernel"
    grid = (getattr(launcher, "inductor_meta", None) or {}).get("grid_type")
    if grid not in _PLAIN_GRIDS:
        return f"grid {grid}"
    if (getattr(launcher, "inductor_meta", None) or {}).get("no_x_dim"):
        return "a kernel without an x dimension (no_x_dim)"
    match = _NOT_COARSENABLE_SOURCE.search(source)
    if match:
        return f"its source uses {match.group(0)}"
    if not any(f"tl.arange(0, {name})" in source for name in NON_REDUCTION_BLOCKS):
        return "no block of its source is a tl.arange over XBLOCK/YBLOCK/ZBLOCK"
    return None


def coarsened_config(launcher: Any, config: Any, min_elements: int, source: str) -> Any:
    """``config`` with its non-reduction blocks doubled, each up to the
    kernel's size hint for that dimension and to Inductor's largest block for
    it, until one program instance covers at least ``min_elements`` elements;
    ``config`` itself when nothing grows."""
    from torch._inductor.runtime.hints import TRITON_MAX_BLOCK

    if min_elements <= 0:
        return config
    hints: dict[str, int] = {k.lower(): int(v) for k, v in (getattr(launcher, "size_hints", None) or {}).items()}
    blocks: dict[str, Any] = dict(config.kwargs)
    elements = 1
    for name, value in blocks.items():
        if name.endswith("BLOCK") and isinstance(value, int):
            elements *= value
    grown = False
    for name in NON_REDUCTION_BLOCKS:
        if name not in blocks or f"tl.arange(0, {name})" not in source:
            continue
        hint = _next_power_of_2(hints.get(name[0].lower(), int(blocks[name])))
        limit = min(hint, TRITON_MAX_BLOCK[name[0]])
        while elements < min_elements and blocks[name] < limit:
            blocks[name] *= 2
            elements *= 2
            grown = True
    if not grown:
        return config
    coarse = copy.copy(config)
    coarse.kwargs = blocks
    return coarse


def _next_power_of_2(n: int) -> int:
    return 1 if n <= 1 else 1 << (n - 1).bit_length()
