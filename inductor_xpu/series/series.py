"""The patch series: ``series``, ``BASE`` and the patch files of a directory."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

from .errors import SeriesFormatError
from .patch import Patch, parse_patch


__all__ = ["PATCH_NAME", "PatchSeries", "SeriesBase"]

PATCH_NAME = re.compile(r"^\d{4}-[a-z0-9][a-z0-9_.-]*\.patch$")


@dataclasses.dataclass(frozen=True)
class SeriesBase:
    """Contents of ``BASE``: the version the series is made against."""

    version: str
    tested: tuple[str, ...]
    supported: str

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
        return cls(
            version=fields["base"],
            tested=tuple(fields.get("tested", "").split()),
            supported=fields.get("supported", ""),
        )


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
        release = release_of(torch_version) if torch_version else None
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
        if not series_file.is_file():
            raise SeriesFormatError(f"{series_file}: series file not found")
        if not base_file.is_file():
            raise SeriesFormatError(f"{base_file}: BASE file not found")
        base = SeriesBase.parse(base_file.read_text(encoding="utf-8"), str(base_file))
        patches: list[Patch] = []
        seen: set[str] = set()
        lines = series_file.read_text(encoding="utf-8").splitlines()
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
            if not path.is_file():
                raise SeriesFormatError(
                    f"{where}: series names {name}, which does not exist in {directory}"
                )
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError as e:
                raise SeriesFormatError(
                    f"not UTF-8 text ({e.reason})", patch=name
                ) from None
            patch = parse_patch(text, name)
            for dep in patch.depends_on:
                if dep not in seen or dep == name:
                    raise SeriesFormatError(
                        f"Depends-on: {dep} must name an earlier patch of the series",
                        patch=name,
                    )
            patches.append(patch)
        backports = _load_backports(directory, {p.name: p for p in patches})
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
_RELEASE = re.compile(r"^(\d+)\.(\d+)$")


def release_of(torch_version: str) -> str:
    """``2.13.0+cpu`` -> ``2.13``: the release a backport directory is named for."""
    return ".".join(torch_version.split("+", 1)[0].split(".")[:2])


def _load_backports(directory: Path, primaries: dict[str, Patch]) -> dict[str, tuple[Patch, ...]]:
    """``backports/<release>/<name>``: variants of series patches for older
    releases.  Same name, subject and dependencies as the primary."""
    root = directory / BACKPORTS
    found: dict[str, list[Patch]] = {}
    if not root.is_dir():
        return {}
    releases = sorted(
        (d for d in root.iterdir() if d.is_dir()),
        key=lambda d: tuple(int(x) for x in d.name.split(".")) if _RELEASE.match(d.name) else (),
        reverse=True,
    )
    for release_dir in releases:
        if not _RELEASE.match(release_dir.name):
            raise SeriesFormatError(
                f"{release_dir}: a backport directory is named for a release, like 2.13"
            )
        for path in sorted(release_dir.iterdir()):
            name = path.name
            primary = primaries.get(name)
            if primary is None:
                raise SeriesFormatError(
                    f"{path}: backport of {name}, which is not in the series"
                )
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError as e:
                raise SeriesFormatError(f"not UTF-8 text ({e.reason})", patch=str(path)) from None
            variant = parse_patch(text, name, release=release_dir.name)
            if variant.subject != primary.subject or variant.depends_on != primary.depends_on:
                raise SeriesFormatError(
                    f"{path}: a backport keeps the primary's subject and Depends-on trailers",
                    patch=name,
                )
            found.setdefault(name, []).append(variant)
    return {name: tuple(v) for name, v in found.items()}
