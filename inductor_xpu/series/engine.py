"""Apply a :class:`PatchSeries` to a set of source texts, atomically per patch.

The engine knows nothing about imports or disks: it takes a ``read`` callable
(path -> text, or ``None`` when the file does not exist) and returns, for each
patch, whether it was applied, found already upstream (it reverses cleanly),
or does not apply (with file, hunk and reason), plus the final texts.  The
overlay (``inductor_xpu.overlay``), ``tools/patches.py`` and the audit all use it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

from .errors import HunkApplyError, PatchApplyError, SeriesFormatError, TorchTreeError
from .hunks import apply_hunks
from .patch import FilePatch, Patch
from .series import PatchSeries
from .version import TorchRelease


__all__ = ["PatchStatus", "PatchState", "SeriesResult", "apply_series"]

SourceReader = Callable[[str], "str | None"]


class PatchStatus(enum.Enum):
    APPLIED = "applied"
    UPSTREAM = "upstream"
    NOT_APPLICABLE = "does not apply"
    # the code the patch changes is newer than this torch (``Needed-since:``)
    NOT_NEEDED = "not needed"
    OUT_OF_SCOPE = "not applicable here"  # touches no file in the chosen roots


@dataclasses.dataclass(frozen=True)
class PatchState:
    patch: Patch
    status: PatchStatus
    reason: str | None = None
    file: str | None = None
    hunk: int | None = None
    # The text that applied: the primary, or a backport variant.
    applied: Patch | None = None

    @property
    def where(self) -> str:
        """``file hunk #n`` of a failure, or "" where no file is at fault
        (a missing dependency)."""
        if self.file is None:
            return ""
        return self.file + (f" hunk #{self.hunk}" if self.hunk is not None else "")

    @property
    def backport(self) -> str | None:
        """The release of the backport variant that applied, if one did."""
        return self.applied.release if self.applied is not None else None

    def describe(self) -> str:
        if self.status is PatchStatus.APPLIED and self.backport:
            return f"{self.status.value} (backport {self.backport})"
        if self.status is PatchStatus.NOT_APPLICABLE:
            where = self.where
            return f"{self.status.value}: {where + ': ' if where else ''}{self.reason}"
        if self.reason:
            return f"{self.status.value} ({self.reason})"
        return self.status.value

    def error(self, torch_version: str | None) -> PatchApplyError:
        return PatchApplyError(
            self.reason or self.status.value,
            patch=self.patch.name,
            file=self.file,
            hunk=self.hunk,
            torch_version=torch_version,
        )


@dataclasses.dataclass
class SeriesResult:
    torch_version: str | None
    states: list[PatchState]
    pristine: dict[str, str | None]
    patched: dict[str, str | None]
    # path -> names of the applied patches that changed it, in order
    applied_by_file: dict[str, list[str]]

    @property
    def failed(self) -> list[PatchState]:
        return [s for s in self.states if s.status is PatchStatus.NOT_APPLICABLE]

    def changed_paths(self) -> list[str]:
        return [p for p, names in self.applied_by_file.items() if names]

    def without_texts(self) -> SeriesResult:
        """This result with the states only: the pristine and patched texts
        (megabytes for the whole series) dropped, for a holder that keeps
        it for reporting (the overlay, once its modules are built)."""
        return dataclasses.replace(self, pristine={}, patched={})

    def raise_for_failures(self) -> None:
        for state in self.failed:
            raise state.error(self.torch_version)


class _Failure(Exception):
    def __init__(self, file: str, hunk: int | None, reason: str) -> None:
        super().__init__(reason)
        self.file, self.hunk, self.reason = file, hunk, reason


def _apply_file(current: str | None, fp: FilePatch, reverse: bool) -> str | None:
    if reverse:
        if fp.is_new:
            if current is None:
                raise _Failure(fp.path, None, "file does not exist")
            return None if _apply(current, fp, True) == "" else _fail_new(fp)
        if fp.is_deleted:
            if current is not None:
                raise _Failure(fp.path, None, "file still exists")
            return None
    if fp.is_new and not reverse:
        if current is not None:
            raise _Failure(fp.path, None, "patch creates the file, but it already exists")
        return _apply("", fp, False)
    if current is None:
        raise _Failure(fp.path, None, "file does not exist in this torch")
    result = _apply(current, fp, reverse)
    if fp.is_deleted:
        if result != "":
            raise _Failure(fp.path, None, "file to delete has content beyond the patch")
        return None
    return result


def _fail_new(fp: FilePatch) -> str:
    raise _Failure(fp.path, 1, "file exists with different content")


def _apply(text: str, fp: FilePatch, reverse: bool) -> str:
    try:
        return apply_hunks(text, fp.hunks, reverse=reverse)
    except HunkApplyError as e:
        raise _Failure(fp.path, e.hunk_index, e.reason) from None


def _try(
    current: dict[str, str | None], files: Iterable[FilePatch], reverse: bool
) -> dict[str, str | None]:
    return {fp.path: _apply_file(current[fp.path], fp, reverse) for fp in files}


def apply_series(
    series: PatchSeries,
    read: SourceReader,
    *,
    torch_version: str | None = None,
    roots: tuple[str, ...] = ("torch",),
) -> SeriesResult:
    """Apply ``series`` to the texts ``read`` returns, for paths under ``roots``.

    A patch applies only if every hunk of every in-scope file applies; otherwise
    nothing of it is kept.  The result never contains a half-applied patch.
    """
    in_scope = [p for p in series.paths() if PurePosixPath(p).parts[0] in roots]
    pristine = {p: _read(read, p, series) for p in in_scope}
    release = TorchRelease.of(torch_version)

    def older_than(version: TorchRelease | None) -> bool:
        return release is not None and version is not None and release < version

    current = dict(pristine)
    applied_by_file: dict[str, list[str]] = {p: [] for p in in_scope}
    states: list[PatchState] = []
    status_of: dict[str, PatchStatus] = {}

    def state_of(patch: Patch, later: list[Patch]) -> PatchState:
        since = patch.needed_since
        if since is not None and older_than(since):
            return PatchState(
                patch,
                PatchStatus.NOT_NEEDED,
                f"the code it changes first appears in torch {since.release}",
            )
        missing = [
            d
            for d in patch.depends_on
            if status_of.get(d) not in (PatchStatus.APPLIED, PatchStatus.UPSTREAM, PatchStatus.NOT_NEEDED)
        ]
        if missing:
            return PatchState(
                patch,
                PatchStatus.NOT_APPLICABLE,
                f"depends on {', '.join(missing)}, which is not applied",
            )
        if not any(f.path in pristine for f in patch.files):
            return PatchState(
                patch,
                PatchStatus.OUT_OF_SCOPE,
                f"touches nothing under {', '.join(r + '/' for r in roots)}",
            )
        # The primary, then the backport variants: the first that applies.
        variants = [
            (v, [f for f in v.files if f.path in pristine])
            for v in series.variants(patch, torch_version)
        ]
        first_failure: _Failure | None = None
        for variant, files in variants:
            try:
                current.update(_try(current, files, reverse=False))
            except _Failure as forward:
                first_failure = first_failure or forward
                continue
            for f in files:
                applied_by_file[f.path].append(patch.name)
            return PatchState(patch, PatchStatus.APPLIED, applied=variant)
        assert first_failure is not None
        for variant, files in variants:
            # upstream is decided by torch's own files: a tree with tests has
            # upstream's test for the change, not necessarily ours
            code = [f for f in files if PurePosixPath(f.path).parts[0] == "torch"] or files
            try:
                _try(current, code, reverse=True)
            except _Failure:
                continue
            return PatchState(patch, PatchStatus.UPSTREAM, "reverses cleanly")
        gone = patch.obsolete_since
        if gone is not None and not older_than(gone[0]):
            return PatchState(
                patch,
                PatchStatus.NOT_NEEDED,
                f"obsolete since torch {gone[0].release}" + (f" {gone[1]}" if gone[1] else ""),
            )
        fixed = patch.upstream_in
        if fixed is not None and not older_than(fixed[0]):
            return PatchState(
                patch,
                PatchStatus.UPSTREAM,
                f"fixed upstream in torch {fixed[0].release}" + (f" {fixed[1]}" if fixed[1] else ""),
            )
        later_variants = [series.variants(q, torch_version) for q in later]
        if any(_reverses_beneath(current, files, later_variants) for _, files in variants):
            return PatchState(
                patch,
                PatchStatus.UPSTREAM,
                "reverses cleanly beneath later patches of the series",
            )
        state = _not_applicable(patch, first_failure, pristine, applied_by_file)
        others = [v.release for v, _ in variants[1:]]
        if others:
            state = dataclasses.replace(
                state,
                reason=f"{state.reason}; the backports for {', '.join(map(str, others))} do not apply either",
            )
        return state

    for i, patch in enumerate(series.patches):
        state = state_of(patch, series.patches[i + 1 :])
        states.append(state)
        status_of[patch.name] = state.status
    return SeriesResult(torch_version, states, pristine, current, applied_by_file)


def _read(read: SourceReader, path: str, series: PatchSeries) -> str | None:
    """``read(path)``; a path the tree cannot give as text (a directory, a
    file that is not UTF-8, unreadable) is the series' error, naming the
    first patch that touches it."""
    try:
        return read(path)
    except TorchTreeError as e:
        patch = next(
            (p.name for p in series.patches for v in (p, *series.backports.get(p.name, ())) if path in v.paths),
            None,
        )
        raise SeriesFormatError(str(e), patch=patch, file=path) from None


def _reverses_beneath(
    current: dict[str, str | None], files: list[FilePatch], later: list[tuple[Patch, ...]]
) -> bool:
    """Whether ``files`` reverse cleanly once the later patches of the series
    that touch the same files (and reverse cleanly themselves) are reversed
    first, newest first: a tree that already holds a stack of patches on the
    same lines (upstream took them, or a source tree the series was applied
    to) has each of them upstream, though only the newest reverses alone.
    Each later patch is given as its variants (the primary and its
    backports): whichever of them the tree holds is reversed, the variant
    touching most of these files first (a backport may move a file the
    primary changes too: reversing the primary's share alone would leave
    the backport's lines in the moved file).
    Only reached when a patch neither applies nor reverses."""
    paths = {f.path for f in files}
    text = {p: current[p] for p in paths}
    reversed_any = False
    for variants in reversed(later):
        shares = [[f for f in q.files if f.path in paths] for q in variants]
        for qfiles in sorted(shares, key=len, reverse=True):  # stable: the primary first on a tie
            if not qfiles:
                continue
            try:
                text.update(_try(text, qfiles, reverse=True))
            except _Failure:
                continue
            reversed_any = True
            break
    if not reversed_any:
        return False
    try:
        _try(text, files, reverse=True)
    except _Failure:
        return False
    return True


def _not_applicable(
    patch: Patch,
    failure: _Failure,
    pristine: dict[str, str | None],
    applied_by_file: dict[str, list[str]],
) -> PatchState:
    reason = failure.reason
    earlier = applied_by_file.get(failure.file) or []
    if earlier:
        # Would it have applied to the unmodified file?  Then it conflicts with
        # an earlier patch of the series rather than with this torch.
        fp = next(f for f in patch.files if f.path == failure.file)
        try:
            _apply_file(pristine[failure.file], fp, reverse=False)
        except _Failure:
            pass
        else:
            reason = (
                f"{reason}; it applies to the unpatched file, so it conflicts "
                f"with earlier patch(es) of the series: {', '.join(earlier)}"
            )
    return PatchState(
        patch, PatchStatus.NOT_APPLICABLE, reason, failure.file, failure.hunk
    )
