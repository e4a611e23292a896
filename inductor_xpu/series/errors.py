"""Exception families of the series library (and the base of the overlay's).

Every message names what a developer needs to find the problem: the patch,
the file, the hunk and (where known) the torch version the series was applied
to.
"""

from __future__ import annotations


class OverlayError(Exception):
    """Base class of every error the series library and the overlay raise."""


def _where(
    patch: str | None = None,
    file: str | None = None,
    hunk: int | None = None,
    torch_version: str | None = None,
) -> str:
    parts = []
    if patch:
        parts.append(f"patch {patch}")
    if file:
        parts.append(f"file {file}")
    if hunk is not None:
        parts.append(f"hunk #{hunk}")
    if torch_version:
        parts.append(f"torch {torch_version}")
    return ", ".join(parts)


class SeriesFormatError(OverlayError):
    """The series or one of its patches is malformed; nothing is applied."""

    def __init__(
        self,
        message: str,
        *,
        patch: str | None = None,
        file: str | None = None,
        hunk: int | None = None,
        line: int | None = None,
    ) -> None:
        self.patch = patch
        self.file = file
        self.hunk = hunk
        self.line = line
        where = _where(patch, file, hunk)
        if line is not None:
            where = f"{where}, line {line}" if where else f"line {line}"
        super().__init__(f"{where}: {message}" if where else message)


class HunkApplyError(OverlayError):
    """One hunk does not apply to a text (no or ambiguous match)."""

    def __init__(self, hunk_index: int, reason: str) -> None:
        self.hunk_index = hunk_index
        self.reason = reason
        super().__init__(f"hunk #{hunk_index}: {reason}")


class PatchApplyError(OverlayError):
    """A patch of the series does not apply to this torch (strict mode)."""

    def __init__(
        self,
        reason: str,
        *,
        patch: str,
        file: str | None = None,
        hunk: int | None = None,
        torch_version: str | None = None,
    ) -> None:
        self.patch = patch
        self.file = file
        self.hunk = hunk
        self.torch_version = torch_version
        self.reason = reason
        super().__init__(f"{_where(patch, file, hunk, torch_version)}: {reason}")


class UnsupportedTorchError(OverlayError):
    """This torch is outside the ``supported:`` range of the series' ``BASE``
    (an error in strict mode; otherwise a warning, and what applies is used)."""

    def __init__(self, torch_version: str, supported: str, base_file: str) -> None:
        self.torch_version = torch_version
        self.supported = supported
        super().__init__(
            f"torch {torch_version} is outside the supported range {supported} ({base_file})"
        )


class TorchTreeError(OverlayError):
    """A directory does not hold the torch tree asked for (or torch is not installed)."""


class TreeWriteError(OverlayError):
    """Writing patched files into a torch tree failed; the tree is as before."""

    def __init__(self, path: str, reason: str, *, restored: bool = True) -> None:
        self.path = path
        self.reason = reason
        self.restored = restored
        outcome = (
            "nothing was changed (every file written so far was put back)"
            if restored
            else "AND PUTTING THE TREE BACK FAILED (see above)"
        )
        super().__init__(f"could not write {path}: {reason}; {outcome}")
