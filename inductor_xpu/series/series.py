"""The patch series: ``series``, ``BASE`` and the patch files of a directory."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

from .errors import SeriesFormatError
from .patch import Patch, parse_patch
from .version import SupportedRange, TorchRelease


__all__ = ["PATCH_NAME", "PatchSeries", "SeriesBase"]

PATCH_NAME = re.compile(r"^\d{4}-[a-z0-9][a-z0-9_.-]*\.patch$")


@dataclasses.dataclass(frozen=True)
class SeriesBase:
    """Contents of ``BASE``: the version the series is made against, the
    releases it is checked on and the range of torch it supports."""

    version: str
    tested: tuple[str, ...]
    supported: SupportedRange

    @classmethod
    def parse(cls, text: str, where: str) -> SeriesBase:
        fields: dict[str, str] = {}
        for n, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                raise SeriesFormatError(
                    f"{where}:{n}: expected 'key: value', got {raw!r}"
                )
            key, value = line.split(":", 1)
            fields[key.strip()] = value.strip()
        if "base" not in fields:
            raise SeriesFormatError(f"{where}: missing 'base: <torch version>'")
        for key in ("base", "tested"):
            for version in fields.get(key, "").split():
                try:
                    TorchRelease.parse(version)
                except ValueError as e:
                    raise SeriesFormatError(f"{where}: {key}: {e}") from None
        try:
            supported = SupportedRange.parse(fields.get("supported", ""))
        except ValueError as e:
            raise SeriesFormatError(f"{where}: supported: {e}") from None
        return cls(
            version=fields["base"],
            tested=tuple(fields.get("tested", "").split()),
            supported=supported,
        )

    def supports(self, torch_version: str) -> bool:
        """Whether ``torch_version`` is in the ``supported:`` range (a
        version that cannot be read is not)."""
        if not self.supported:
            return True
        release = TorchRelease.of(torch_version)
        return release is not None and release in self.supported


@dataclasses.dataclass(frozen=True)
class PatchSeries:
    """An ordered list of parsed patches, read from a ``torch_patches`` dir."""

    directory: Path
    base: SeriesBase
    patches: tuple[Patch, ...]
    # patch name -> its backport variants (``backports/<release>/<name>``),
    # newest release first
    backports: dict[str, tuple[Patch, ...]] = dataclasses.field(default_factory=dict)

    def variants(self, patch: Patch, torch_version: str | None) -> tuple[Patch, ...]:
        """The texts to try for ``patch`` on ``torch_version``, in order: the
        primary, the backport for that release, then the other backports
        (newest release first)."""
        backports = self.backports.get(patch.name, ())
        found = TorchRelease.of(torch_version)
        release = found.release if found is not None else None
        own = [b for b in backports if b.release == release]
        return (patch, *own, *(b for b in backports if b.release != release))

    @classmethod
    def load(cls, directory: str | Path) -> PatchSeries:
        """Read and parse the whole series; raise :class:`SeriesFormatError`.

        Nothing is applied by loading, so a format error anywhere means the
        overlay installs nothing at all.
        """
        directory = Path(directory)
        series_file = directory / "series"
        base_file = directory / "BASE"
        # The series file first: a directory that is no series at all is
        # named by the file that defines one.
        lines = _read_text(series_file, "series file").splitlines()
        base = SeriesBase.parse(_read_text(base_file, "BASE file"), str(base_file))
        patches: list[Patch] = []
        seen: set[str] = set()
        for n, raw in enumerate(lines, start=1):
            name = raw.split("#", 1)[0].strip()
            if not name:
                continue
            where = f"{series_file}:{n}"
            if not PATCH_NAME.match(name):
                raise SeriesFormatError(
                    f"{where}: patch name {name!r} is not NNNN-area-subject.patch"
                )
            if name in seen:
                raise SeriesFormatError(f"{where}: {name} is listed twice")
            seen.add(name)
            path = directory / name
            if not path.exists():
                raise SeriesFormatError(
                    f"{where}: series names {name}, which does not exist in {directory}"
                )
            patch = parse_patch(_read_text(path, "patch", patch=name), name)
            for dep in patch.depends_on:
                if dep not in seen or dep == name:
                    raise SeriesFormatError(
                        f"Depends-on: {dep} must name an earlier patch of the series ({where})",
                        patch=name,
                    )
            patches.append(patch)
        backports = _load_backports(directory, {p.name: p for p in patches}, series_file)
        return cls(directory, base, tuple(patches), backports)

    @property
    def digest(self) -> str:
        h = hashlib.sha256()
        for p in self.patches:
            for v in (p, *self.backports.get(p.name, ())):
                h.update(v.label.encode())
                h.update(v.digest.encode())
        return h.hexdigest()

    def paths(self) -> list[str]:
        """Every file path the series (backports included) touches, in
        first-touched order."""
        out: dict[str, None] = {}
        for p in self.patches:
            for v in (p, *self.backports.get(p.name, ())):
                for f in v.files:
                    out.setdefault(f.path, None)
        return list(out)


BACKPORTS = "backports"
_RELEASE_DIR = re.compile(r"^\d+\.\d+$")


def release_of(torch_version: str) -> str:
    """``2.13.0+cpu`` -> ``2.13``: the release a backport directory is named
    for; shorthand for :attr:`TorchRelease.release` that passes a version it
    cannot read (``unknown``) through as it is."""
    release = TorchRelease.of(torch_version)
    return release.release if release is not None else torch_version


def _read_text(path: Path, what: str, *, patch: str | None = None) -> str:
    """The UTF-8 text of ``path``; :class:`SeriesFormatError` naming it for
    anything else (missing, a directory, unreadable, not UTF-8)."""
    prefix = "" if patch else f"{path}: "
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SeriesFormatError(f"{prefix}{what} not found", patch=patch or None) from None
    except IsADirectoryError:
        raise SeriesFormatError(f"{prefix}{what} is a directory, not a file", patch=patch or None) from None
    except UnicodeDecodeError as e:
        raise SeriesFormatError(
            f"{prefix}{what} is not UTF-8 text ({e.reason} at byte {e.start})", patch=patch or None
        ) from None
    except OSError as e:
        raise SeriesFormatError(f"{prefix}cannot read the {what}: {e.strerror or e}", patch=patch or None) from None


def _load_backports(
    directory: Path, primaries: dict[str, Patch], series_file: Path
) -> dict[str, tuple[Patch, ...]]:
    """``backports/<release>/<name>``: variants of series patches for older
    releases.  Same name, subject and dependencies as the primary."""
    root = directory / BACKPORTS
    found: dict[str, list[Patch]] = {}
    if not root.is_dir():
        return {}
    releases: list[tuple[TorchRelease, Path]] = []
    for d in root.iterdir():
        if not d.is_dir():
            continue
        if not _RELEASE_DIR.match(d.name):
            raise SeriesFormatError(
                f"{d}: a backport directory is named for a release, like 2.13"
            )
        releases.append((TorchRelease.parse(d.name), d))
    for _, release_dir in sorted(releases, reverse=True):
        for path in sorted(release_dir.iterdir()):
            name = path.name
            primary = primaries.get(name)
            if primary is None:
                raise SeriesFormatError(
                    f"{path}: backport of {name}, which is not in the series ({series_file})"
                )
            text = _read_text(path, "backport", patch=str(path))
            try:
                variant = parse_patch(text, name, release=release_dir.name)
            except SeriesFormatError as e:
                raise SeriesFormatError(f"backport {path}: {e}") from None
            if variant.subject != primary.subject or variant.depends_on != primary.depends_on:
                raise SeriesFormatError(
                    f"{path}: a backport keeps the primary's subject and Depends-on trailers",
                    patch=name,
                )
            found.setdefault(name, []).append(variant)
    return {name: tuple(v) for name, v in found.items()}
