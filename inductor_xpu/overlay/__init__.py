"""The overlay engine: parse the patch series, apply it in memory, hook imports."""

from __future__ import annotations

from .engine import PatchState, PatchStatus, SeriesResult, apply_series
from .errors import (
    HunkApplyError,
    OverlayEnableError,
    OverlayError,
    PatchApplyError,
    SeriesFormatError,
)
from .hunks import apply_hunks, format_hunks, make_hunks
from .importer import Overlay, install, installed
from .patch import FilePatch, Hunk, Patch, parse_patch
from .series import PatchSeries


__all__ = [
    "FilePatch",
    "Hunk",
    "HunkApplyError",
    "Overlay",
    "OverlayEnableError",
    "OverlayError",
    "Patch",
    "PatchApplyError",
    "PatchSeries",
    "PatchState",
    "PatchStatus",
    "SeriesFormatError",
    "SeriesResult",
    "apply_hunks",
    "apply_series",
    "format_hunks",
    "install",
    "installed",
    "make_hunks",
    "parse_patch",
]
