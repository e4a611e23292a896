"""Static device-bias audit of ``torch/_inductor`` in a torch tree.

Scans every ``.py`` file under ``torch/_inductor`` (except the CUDA-only
backend folders in :data:`EXCLUDED_DIRS`) with :mod:`.scanner`, matches each
site against the allowlist (:mod:`.allowlist`), and summarizes: sites,
allowlisted, unexplained, per file and per category.  The number of
unexplained sites is the figure the patch series drives to zero.

Files are read from disk, never from imported modules, so the audit of the
installed torch sees stock torch whether or not the overlay is installed.
``patched=True`` audits the texts the series in ``torch_patches/`` leaves
(applied in memory with :func:`inductor_xpu.series.engine.apply_series`).
See ``docs/audit.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from .allowlist import ALLOWLIST, AllowlistEntry, match_allowlist
from ..series.trees import TorchTree
from .scanner import CATEGORIES, CUDA_ATTRIBUTE_CATEGORIES, Site, scan_source


__all__ = [
    "EXCLUDED_DIRS",
    "AuditReport",
    "TorchTree",
    "audit_sources",
    "audit_tree",
    "inductor_files",
]

log = logging.getLogger(__name__)

INDUCTOR = "torch/_inductor"

# CUDA-only backends, relative to torch/_inductor: not shared code, not audited.
EXCLUDED_DIRS: tuple[str, ...] = (
    "codegen/cuda",
    "codegen/rocm",
    "codegen/cutlass",
    "codegen/cutedsl",
    "codegen/nv_universal_gemm",
    "codegen/mtia",
)

CALIBRATION_RULE = (
    "one site per outermost attribute chain spelled torch.cuda[.<attr>...] "
    "from the name `torch` (categories torch.cuda + torch.cuda-class)"
)


def inductor_files(tree: TorchTree) -> list[str]:
    """Audited files of ``tree``, relative to ``torch/_inductor``, sorted."""
    found: list[str] = []
    base = tree.root / INDUCTOR
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        rel_dir = Path(dirpath).relative_to(base).as_posix()
        for name in sorted(filenames):
            if name.endswith(".py"):
                rel = name if rel_dir == "." else f"{rel_dir}/{name}"
                if not is_excluded(rel):
                    found.append(rel)
    return sorted(found)


def is_excluded(rel: str) -> bool:
    """Is ``rel`` (relative to torch/_inductor) in a CUDA-only backend folder?"""
    return any(rel == d or rel.startswith(d + "/") for d in EXCLUDED_DIRS)


@dataclasses.dataclass(frozen=True)
class PatchOutcome:
    name: str
    status: str
    detail: str
    # audited files (relative to torch/_inductor) the patch changes when applied
    files: tuple[str, ...] = ()


@dataclasses.dataclass
class AuditReport:
    torch_version: str
    sites: list[Site]
    source: str = ""  # where the files came from, for the human output
    patched: bool = False
    patches: list[PatchOutcome] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)
    allowlist: tuple[AllowlistEntry, ...] = ALLOWLIST

    @property
    def unexplained(self) -> list[Site]:
        return [s for s in self.sites if s.allowlist is None]

    @property
    def allowlisted(self) -> list[Site]:
        return [s for s in self.sites if s.allowlist is not None]

    def _summary(self, sites: Iterable[Site]) -> dict[str, int]:
        sites = list(sites)
        explained = sum(1 for s in sites if s.allowlist is not None)
        return {
            "sites": len(sites),
            "allowlisted": explained,
            "unexplained": len(sites) - explained,
        }

    def by_file(self) -> dict[str, dict[str, int]]:
        files: dict[str, list[Site]] = {}
        for site in self.sites:
            files.setdefault(site.file, []).append(site)
        return {f: self._summary(files[f]) for f in sorted(files)}

    def by_category(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for category in CATEGORIES:
            sites = [s for s in self.sites if s.category == category]
            summary = self._summary(sites)
            summary["files"] = len({s.file for s in sites})
            out[category] = summary
        return out

    def calibration(self) -> dict[str, object]:
        """The ``torch.cuda.*`` attribute-use figure (see the scanner docstring)."""
        sites = [s for s in self.sites if s.category in CUDA_ATTRIBUTE_CATEGORIES]
        per_file = Counter(s.file for s in sites)
        return {
            "rule": CALIBRATION_RULE,
            "categories": list(CUDA_ATTRIBUTE_CATEGORIES),
            "sites": len(sites),
            "files": len(per_file),
            "by_file": dict(sorted(per_file.items(), key=lambda kv: (-kv[1], kv[0]))),
        }

    def by_allowlist_entry(self) -> dict[str, int]:
        counts = Counter(s.allowlist for s in self.sites if s.allowlist)
        return {e.feature: counts.get(e.feature, 0) for e in self.allowlist}

    def unused_allowlist(self) -> list[str]:
        """Entries that explain nothing here; an entry for sites a patch of
        the series introduces counts only in a patched tree."""
        counts = self.by_allowlist_entry()
        return [
            e.feature
            for e in self.allowlist
            if counts[e.feature] == 0 and (self.patched or e.introduced_by is None)
        ]

    def to_json(self, *, with_sites: bool = False) -> dict[str, object]:
        data: dict[str, object] = {
            "torch": self.torch_version,
            "patched": self.patched,
            **self._summary(self.sites),
            "by_file": self.by_file(),
            "by_category": self.by_category(),
            "calibration": self.calibration(),
            "allowlist": self.by_allowlist_entry(),
            "unused_allowlist": self.unused_allowlist(),
            "excluded_dirs": list(EXCLUDED_DIRS),
        }
        if self.patched:
            data["patches"] = [dataclasses.asdict(p) for p in self.patches]
        if self.errors:
            data["errors"] = list(self.errors)
        if with_sites:
            data["site_list"] = [s.to_json() for s in self.sites]
        return data

    # -- human output ---------------------------------------------------
    def format_summary(self, top: int = 15) -> str:
        s = self._summary(self.sites)
        cal = self.calibration()
        title = f"Device-bias audit: torch {self.torch_version}"
        if self.patched:
            applied = sum(1 for p in self.patches if p.status == "applied")
            title += f", patched ({applied}/{len(self.patches)} patches applied)"
        lines = [title]
        if self.source:
            lines.append(f"  {self.source}")
        lines.append(
            f"  sites: {s['sites']}   allowlisted: {s['allowlisted']}   "
            f"unexplained: {s['unexplained']}"
        )
        lines.append(
            f"  torch.cuda.* attribute uses (torch.cuda + torch.cuda-class): "
            f"{cal['sites']} in {cal['files']} files"
        )
        for p in self.patches:
            if p.status != "applied":
                lines.append(f"  patch {p.name}: {p.detail}")
        for err in self.errors:
            lines.append(f"  error: {err}")
        lines.append("")
        lines.append(_table(
            ["category", "sites", "allowlisted", "unexplained", "files"],
            [
                [c, v["sites"], v["allowlisted"], v["unexplained"], v["files"]]
                for c, v in self.by_category().items()
            ],
        ))
        lines.append("")
        files = sorted(
            self.by_file().items(),
            key=lambda kv: (-kv[1]["unexplained"], -kv[1]["sites"], kv[0]),
        )
        lines.append(f"top {min(top, len(files))} of {len(files)} files, by unexplained sites")
        lines.append(_table(
            ["file", "sites", "allowlisted", "unexplained"],
            [[f, v["sites"], v["allowlisted"], v["unexplained"]] for f, v in files[:top]],
        ))
        unused = self.unused_allowlist()
        if unused:
            lines.append("")
            lines.append(f"allowlist entries matching nothing here: {', '.join(unused)}")
        return "\n".join(lines)

    def format_list(self) -> str:
        return "\n".join(
            f"{s.file}:{s.line} {s.symbol} {s.category} ({s.function})"
            for s in self.unexplained
        )


def _table(header: list[str], rows: list[list[object]]) -> str:
    cells = [header, *[[str(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for row in cells:
        first, *rest = row
        out.append(
            "  "
            + first.ljust(widths[0])
            + "".join("  " + c.rjust(w) for c, w in zip(rest, widths[1:]))
        )
    return "\n".join(out)


@functools.lru_cache(maxsize=2048)
def _scan(source: str, rel: str) -> tuple[Site, ...]:
    # A patched audit re-reads mostly unchanged files: scan each text once.
    return tuple(scan_source(source, rel))


def audit_sources(
    sources: Mapping[str, str],
    *,
    torch_version: str = "unknown",
    allowlist: tuple[AllowlistEntry, ...] = ALLOWLIST,
) -> AuditReport:
    """Audit ``{path relative to torch/_inductor: source}``; excluded dirs skipped."""
    sites: list[Site] = []
    errors: list[str] = []
    for rel in sorted(sources):
        if is_excluded(rel):
            continue
        try:
            found = _scan(sources[rel], rel)
        except SyntaxError as e:
            log.warning("device-bias audit: cannot parse %s: %s", rel, e)
            errors.append(f"{rel}: {e}")
            continue
        for site in found:
            entry = match_allowlist(site, allowlist)
            sites.append(site.with_allowlist(entry.feature if entry else None))
    return AuditReport(torch_version, sites, errors=errors, allowlist=allowlist)


def _patched_sources(
    tree: TorchTree, series_dir: str | os.PathLike[str]
) -> tuple[dict[str, str], list[PatchOutcome]]:
    from inductor_xpu.series.engine import PatchStatus, apply_series
    from inductor_xpu.series.series import PatchSeries

    series = PatchSeries.load(Path(series_dir))
    result = apply_series(series, tree.read, torch_version=tree.version, roots=("torch",))
    prefix = INDUCTOR + "/"

    def audited(paths: Iterable[str]) -> tuple[str, ...]:
        rels = (p[len(prefix):] for p in paths if p.startswith(prefix) and p.endswith(".py"))
        return tuple(sorted(r for r in rels if not is_excluded(r)))

    outcomes = [
        PatchOutcome(
            s.patch.name,
            s.status.value,
            s.describe(),
            # The files of the text that applied (a backport may touch
            # the file under its older name).
            audited((s.applied or s.patch).paths) if s.status is PatchStatus.APPLIED else (),
        )
        for s in result.states
    ]
    sources = _disk_sources(tree)
    for path, text in result.patched.items():
        if not path.startswith(prefix) or not path.endswith(".py"):
            continue
        rel = path[len(prefix):]
        if text is None:
            sources.pop(rel, None)  # deleted by the series
        elif not is_excluded(rel):
            sources[rel] = text
    return sources, outcomes


def _disk_sources(tree: TorchTree) -> dict[str, str]:
    out: dict[str, str] = {}
    for rel in inductor_files(tree):
        text = tree.read(f"{INDUCTOR}/{rel}")
        if text is not None:
            out[rel] = text
    return out


def audit_tree(
    tree: TorchTree | None = None,
    *,
    patched: bool = False,
    series_dir: str | os.PathLike[str] | None = None,
    allowlist: tuple[AllowlistEntry, ...] = ALLOWLIST,
) -> AuditReport:
    """Audit ``torch/_inductor`` of ``tree`` (default: the installed torch).

    With ``patched``, audit the texts the series in ``series_dir`` (default
    ``inductor_xpu.config.series_dir``) leaves; patches that do not apply are
    listed in the report, not raised.
    """
    tree = tree or TorchTree.installed()
    outcomes: list[PatchOutcome] = []
    if patched:
        if series_dir is None:
            from inductor_xpu import config

            series_dir = config.series_dir
        sources, outcomes = _patched_sources(tree, series_dir)
    else:
        sources = _disk_sources(tree)
    report = audit_sources(sources, torch_version=tree.version, allowlist=allowlist)
    report.source = str(tree.root / INDUCTOR)
    report.patched = patched
    report.patches = outcomes
    return report
