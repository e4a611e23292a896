"""The patch series format, as a library: parse ``torch_patches/``
(:mod:`.patch`, :mod:`.series`), match and make hunks (:mod:`.hunks`),
apply a series to a torch tree's texts with its backport selection
(:mod:`.engine`), read and write commit trailers (:mod:`.trailers`), write
patches (:mod:`.writer`), read or write a torch tree (:mod:`.trees`, with
its write journal in :mod:`.journal`), rebase the series onto another
release with git (:mod:`.rebase`), and compare torch versions
(:mod:`.version`).

Pure Python: nothing here imports torch or the import hook
(:mod:`inductor_xpu.overlay`), so ``tools/patches.py`` and the audit use it
on any tree, whatever torch (if any) is installed.
"""

from __future__ import annotations

from .engine import PatchState, PatchStatus, SeriesResult, apply_series
from .errors import (
    HunkApplyError,
    OverlayError,
    PatchApplyError,
    SeriesFormatError,
    TorchTreeError,
    TreeWriteError,
    UnsupportedTorchError,
)
from .hunks import apply_hunks, format_hunks, make_hunks
from .patch import ALLOWED_ROOTS, FilePatch, Hunk, Patch, parse_patch
from .series import PATCH_NAME, PatchSeries, SeriesBase, release_of
from .trees import TorchTree, read_under, torch_version_in, write_files
from .version import SupportedRange, TorchRelease


__all__ = [
    "ALLOWED_ROOTS",
    "FilePatch",
    "Hunk",
    "HunkApplyError",
    "OverlayError",
    "PATCH_NAME",
    "Patch",
    "PatchApplyError",
    "PatchSeries",
    "PatchState",
    "PatchStatus",
    "SeriesBase",
    "SeriesFormatError",
    "SeriesResult",
    "SupportedRange",
    "TorchRelease",
    "TorchTree",
    "TorchTreeError",
    "TreeWriteError",
    "UnsupportedTorchError",
    "apply_hunks",
    "apply_series",
    "format_hunks",
    "make_hunks",
    "parse_patch",
    "read_under",
    "release_of",
    "torch_version_in",
    "write_files",
]
