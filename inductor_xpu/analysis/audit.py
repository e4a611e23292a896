"""Static device-bias audit of ``torch/_inductor`` in a torch tree.

Scans every ``.py`` file of a :class:`AuditScope` with :mod:`.scanner`,
matches each site against the allowlist (:mod:`.allowlist`), and summarizes:
sites, allowlisted, unexplained, per file and per category.  The number of
unexplained sites is the figure the patch series drives to zero.  Two scopes
(:data:`SCOPES`): ``inductor``, every file under ``torch/_inductor`` except
the CUDA-only backend folders in :data:`EXCLUDED_DIRS` (the default), and
``distributed``, the modules Inductor compiles collectives with
(:data:`DISTRIBUTED_MODULES`: comm lowering and analysis, the FX comm passes,
functional collectives, FSDP2), some inside ``torch/_inductor`` and some in
``torch/distributed``.

Files are read from disk, never from imported modules, so the audit of the
installed torch sees stock torch whether or not the overlay is installed.
``patched=True`` audits the texts the series in ``torch_patches/`` leaves
(applied in memory with :func:`inductor_xpu.series.engine.apply_series`).
A file that cannot be read as UTF-8 or parsed is never passed over in
silence: the report lists it (:class:`UnreadableFile`) and the audit is
incomplete unless the caller accepts that (``skip_unreadable``).
See ``docs/audit.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from fnmatch import fnmatchcase
from pathlib import Path

from .allowlist import ALLOWLIST, AllowlistEntry, match_allowlist
from ..series.engine import PatchState, PatchStatus
from ..series.errors import TorchTreeError
from ..series.trees import TorchTree
from .scanner import CATEGORIES, CUDA_ATTRIBUTE_CATEGORIES, Site, scan_source


__all__ = [
    "DISTRIBUTED_MODULES",
    "EXCLUDED_DIRS",
    "SCOPES",
    "AuditReport",
    "AuditScope",
    "TorchTree",
    "UnreadableFile",
    "audit_sources",
    "audit_tree",
    "audit_name",
    "inductor_files",
]


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


# The modules Inductor uses for collectives, relative to the tree's root
# (fnmatch patterns; a pattern no file of a release matches is simply absent
# there): the comm lowering and cost models, the FX passes that bucket,
# reorder and overlap collectives, the functional collectives the graphs
# call, and FSDP2 (fully_shard), whose parameters and collectives a compiled
# training step sees.  The scan is static: it cannot tell which functions of
# these modules a particular compile traces, so it audits them whole.  Every
# pattern names files in each supported release; a tree where one names none
# (no torch/distributed, a module renamed) cannot be audited whole: the report
# names the pattern (AuditReport.missing) and is incomplete.
DISTRIBUTED_MODULES: tuple[str, ...] = (
    "torch/_inductor/_functionalize_collectives.py",
    "torch/_inductor/comm_analysis.py",
    "torch/_inductor/comm_lowering.py",
    "torch/_inductor/comms.py",
    "torch/_inductor/comms_debug.py",
    "torch/_inductor/config_comms.py",
    "torch/_inductor/distributed_autotune.py",
    "torch/_inductor/fx_passes/bucketing.py",
    "torch/_inductor/fx_passes/ddp_fusion.py",
    "torch/_inductor/fx_passes/decomp_comms.py",
    "torch/_inductor/fx_passes/fsdp.py",
    "torch/_inductor/fx_passes/fusion_regions.py",
    "torch/_inductor/fx_passes/low_contention_collectives.py",
    "torch/_inductor/fx_passes/micro_pipeline_tp.py",
    "torch/_inductor/fx_passes/node_runtime_estimation.py",
    "torch/_inductor/fx_passes/overlap_*.py",
    "torch/_inductor/fx_passes/profile_guided_estimation.py",
    "torch/distributed/_functional_collectives.py",
    "torch/distributed/_functional_collectives_impl.py",
    "torch/distributed/fsdp/_fully_shard/*.py",
)


def audit_name(path: str) -> str:
    """How the report names a file of the tree (``path`` relative to the
    tree's root): relative to ``torch/_inductor`` inside it, from the root
    outside (``torch/distributed/...``)."""
    prefix = INDUCTOR + "/"
    return path[len(prefix):] if path.startswith(prefix) else path


@dataclasses.dataclass(frozen=True)
class AuditScope:
    """The files an audit scans."""

    name: str
    description: str
    # fnmatch patterns relative to the tree's root; None: every .py file
    # under torch/_inductor except EXCLUDED_DIRS
    modules: tuple[str, ...] | None = None

    def contains(self, path: str) -> bool:
        """Is ``path`` (relative to the tree's root) audited in this scope?"""
        if not path.endswith(".py"):
            return False
        if self.modules is None:
            prefix = INDUCTOR + "/"
            return path.startswith(prefix) and not is_excluded(path[len(prefix):])
        return any(fnmatchcase(path, pattern) for pattern in self.modules)

    def missing(self, paths: Iterable[str]) -> list[str]:
        """The module patterns no path of ``paths`` (relative to the tree's
        root) matches, sorted; none for the ``inductor`` scope."""
        if self.modules is None:
            return []
        paths = [p for p in paths if self.contains(p)]
        return sorted(m for m in self.modules if not any(fnmatchcase(p, m) for p in paths))

    def files(self, tree: TorchTree) -> list[str]:
        """The audited files of ``tree``, relative to its root, sorted."""
        if self.modules is None:
            return [f"{INDUCTOR}/{rel}" for rel in inductor_files(tree)]
        found: set[str] = set()
        for pattern in self.modules:
            for path in tree.root.glob(pattern):
                rel = path.relative_to(tree.root).as_posix()
                if self.contains(rel):
                    found.add(rel)
        return sorted(found)


SCOPES: dict[str, AuditScope] = {
    scope.name: scope
    for scope in (
        AuditScope(
            "inductor",
            "every .py file under torch/_inductor but the CUDA-only backend folders",
        ),
        AuditScope(
            "distributed",
            "the modules Inductor compiles collectives with: comm lowering and"
            " analysis, the FX comm passes, functional collectives, FSDP2",
            DISTRIBUTED_MODULES,
        ),
    )
}


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
    # audited files (named as in the report) the patch changes when applied
    files: tuple[str, ...] = ()


UNREADABLE = "unreadable"  # the file cannot be read, or is not UTF-8
UNPARSABLE = "unparsable"  # Python cannot parse the text


@dataclasses.dataclass(frozen=True)
class UnreadableFile:
    """A file the audit could not scan: its sites, if any, are not counted."""

    # relative to torch/_inductor; a file outside it that the series reads
    # (--patched) is named from the tree's root (torch/_dynamo/...)
    file: str
    problem: str  # UNREADABLE or UNPARSABLE
    detail: str

    def __str__(self) -> str:
        return f"{self.file}: {self.problem}: {self.detail}"


def _describe_read_error(e: OSError | UnicodeDecodeError | TorchTreeError) -> str:
    if isinstance(e, TorchTreeError):  # the tree's reader names the file itself
        return str(e)
    if isinstance(e, UnicodeDecodeError):
        line = e.object[: e.start].count(b"\n") + 1
        return f"not UTF-8 (byte 0x{e.object[e.start]:02x} at line {line})"
    return e.strerror or str(e)


def _describe_parse_error(e: SyntaxError | RecursionError) -> str:
    if isinstance(e, RecursionError):
        return "nested too deeply for Python's parser"
    return f"{e.msg} (line {e.lineno})" if e.lineno else e.msg


@dataclasses.dataclass
class AuditReport:
    torch_version: str
    sites: list[Site]
    source: str = ""  # where the files came from, for the human output
    patched: bool = False
    patches: list[PatchOutcome] = dataclasses.field(default_factory=list)
    # files not scanned, by name; the audit is incomplete while there are any,
    # unless the caller accepts that (skip_unreadable: they are listed as skipped)
    unreadable: list[UnreadableFile] = dataclasses.field(default_factory=list)
    skip_unreadable: bool = False
    allowlist: tuple[AllowlistEntry, ...] = ALLOWLIST
    scope: AuditScope = SCOPES["inductor"]
    # every file scanned (named as the sites name them), with or without sites
    files: list[str] = dataclasses.field(default_factory=list)
    # module patterns of the scope that name no file of the tree: the scope
    # is not audited whole, whatever skip_unreadable says
    missing: list[str] = dataclasses.field(default_factory=list)

    @property
    def errors(self) -> list[str]:
        """One line per file not scanned."""
        return [str(u) for u in self.unreadable]

    @property
    def complete(self) -> bool:
        """Every module of the scope is in the tree, and every file was
        scanned or the caller accepted skipping those that could not be
        (``skip_unreadable``)."""
        return not self.missing and (not self.unreadable or self.skip_unreadable)

    def missing_message(self) -> str | None:
        if not self.missing:
            return None
        total = len(self.scope.modules or ())
        return (
            f"{len(self.missing)} of {total} module patterns name no file in this tree, so scope"
            f" {self.scope.name} is not audited whole: {', '.join(self.missing)}"
        )

    def incomplete_message(self) -> str | None:
        """One line saying why the audit is incomplete; None when it is not."""
        if self.complete:
            return None
        parts = [self.missing_message()] if self.missing else []
        if self.unreadable and not self.skip_unreadable:
            n = len(self.unreadable)
            parts.append(
                f"{n} file{'s' if n != 1 else ''} could not be read or parsed, so the audit"
                f" is incomplete: {', '.join(u.file for u in self.unreadable)}"
                " (--skip-unreadable accepts this)"
            )
        return "; ".join(p for p in parts if p)

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

    def by_module(self) -> dict[str, dict[str, int]]:
        """:meth:`by_file` over every file scanned, those without sites too."""
        counted = self.by_file()
        zero = self._summary(())
        return {f: counted.get(f, zero) for f in sorted({*self.files, *counted})}

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
        """Entries of this scope that explain nothing here; an entry for
        sites a patch of the series introduces counts only in a patched tree."""
        counts = self.by_allowlist_entry()
        return [
            e.feature
            for e in self.allowlist
            if counts[e.feature] == 0
            and self.scope.name in e.scopes
            and (self.patched or e.introduced_by is None)
        ]

    def to_json(self, *, with_sites: bool = False) -> dict[str, object]:
        data: dict[str, object] = {
            "torch": self.torch_version,
            "scope": self.scope.name,
            "patched": self.patched,
            **self._summary(self.sites),
            "by_file": self.by_file(),
            "by_category": self.by_category(),
            "calibration": self.calibration(),
            "allowlist": self.by_allowlist_entry(),
            "unused_allowlist": self.unused_allowlist(),
            "excluded_dirs": list(EXCLUDED_DIRS),
        }
        if self.scope.modules is not None:
            data["module_patterns"] = list(self.scope.modules)
            data["missing_modules"] = list(self.missing)
            data["modules"] = self.by_module()
        if self.patched:
            data["patches"] = [dataclasses.asdict(p) for p in self.patches]
        data["unreadable"] = [dataclasses.asdict(u) for u in self.unreadable]
        data["skip_unreadable"] = self.skip_unreadable
        if with_sites:
            data["site_list"] = [s.to_json() for s in self.sites]
        return data

    # -- human output ---------------------------------------------------
    def format_summary(self, top: int = 15) -> str:
        s = self._summary(self.sites)
        cal = self.calibration()
        title = f"Device-bias audit: torch {self.torch_version}"
        if self.scope.modules is not None:
            title += f", scope {self.scope.name}"
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
        if self.missing:
            lines.append(f"  NOT IN THIS TREE: {self.missing_message()}")
        if self.unreadable:
            n = len(self.unreadable)
            what = "skipped (--skip-unreadable)" if self.skip_unreadable else "NOT AUDITED"
            lines.append(f"  {what}: {n} file{'s' if n != 1 else ''} not read or parsed, sites not counted:")
            lines.extend(f"    {u}" for u in self.unreadable)
        lines.append("")
        lines.append(_table(
            ["category", "sites", "allowlisted", "unexplained", "files"],
            [
                [c, v["sites"], v["allowlisted"], v["unexplained"], v["files"]]
                for c, v in self.by_category().items()
            ],
        ))
        lines.append("")
        if self.scope.modules is not None:
            # a named scope is small: every module, in order, zeros included
            modules = self.by_module()
            lines.append(f"{len(modules)} modules ({self.scope.description})")
            lines.append(_table(
                ["module", "sites", "allowlisted", "unexplained"],
                [[f, v["sites"], v["allowlisted"], v["unexplained"]] for f, v in modules.items()],
            ))
        else:
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
    scope: AuditScope | None = None,
) -> AuditReport:
    """Audit ``{file name (see audit_name): source}``; excluded dirs skipped."""
    scope = scope or SCOPES["inductor"]
    sites: list[Site] = []
    unparsable: list[UnreadableFile] = []
    files: list[str] = []
    for rel in sorted(sources):
        if is_excluded(rel):
            continue
        files.append(rel)
        try:
            found = _scan(sources[rel], rel)
        except (SyntaxError, RecursionError) as e:
            unparsable.append(UnreadableFile(rel, UNPARSABLE, _describe_parse_error(e)))
            continue
        for site in found:
            entry = match_allowlist(site, allowlist)
            sites.append(site.with_allowlist(entry.feature if entry else None))
    return AuditReport(
        torch_version,
        sites,
        unreadable=unparsable,
        allowlist=allowlist,
        scope=scope,
        files=files,
    )


class _Reader:
    """Reads texts of a tree for the audit, and remembers what it could not
    read (:attr:`failed`, by path relative to the tree)."""

    def __init__(self, tree: TorchTree) -> None:
        self.tree = tree
        self.failed: dict[str, UnreadableFile] = {}

    def _fail(self, path: str, detail: str) -> None:
        self.failed[path] = UnreadableFile(audit_name(path), UNREADABLE, detail)

    def __call__(self, path: str) -> str | None:
        """The text of ``path`` (relative to the tree), None where it is
        absent or cannot be read (then recorded in :attr:`failed`)."""
        try:
            return self.tree.read(path)
        except (OSError, UnicodeDecodeError, TorchTreeError) as e:
            self._fail(path, _describe_read_error(e))
            return None

    def listed(self, path: str) -> str | None:
        """The text of ``path``, a file the tree walk listed: its absence is a failure too."""
        text = self(path)
        if text is None and path not in self.failed:
            # a dangling symbolic link, or a file removed while auditing
            self._fail(path, "listed but not found when read")
        return text

    def describe(self, state: PatchState) -> str:
        """``state.describe()``, unless a file of the patch could not be read:
        then that is the cause of a patch found not to apply or upstream
        (the engine saw no file there)."""
        if state.status in (PatchStatus.NOT_APPLICABLE, PatchStatus.UPSTREAM):
            for path in state.patch.paths:
                if path in self.failed:
                    return f"{state.status.value}: {path}: {self.failed[path].detail}"
        return state.describe()


def _patched_sources(
    tree: TorchTree,
    series_dir: str | os.PathLike[str],
    reader: _Reader,
    scope: AuditScope,
) -> tuple[dict[str, str], list[PatchOutcome], dict[str, str | None]]:
    from inductor_xpu.series.engine import apply_series
    from inductor_xpu.series.series import PatchSeries

    series = PatchSeries.load(Path(series_dir))
    result = apply_series(series, reader, torch_version=tree.version, roots=("torch",))

    def audited(paths: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(audit_name(p) for p in paths if scope.contains(p)))

    outcomes = [
        PatchOutcome(
            s.patch.name,
            s.status.value,
            reader.describe(s),
            # The files of the text that applied (a backport may touch
            # the file under its older name).
            audited((s.applied or s.patch).paths) if s.status is PatchStatus.APPLIED else (),
        )
        for s in result.states
    ]
    sources = _disk_sources(tree, reader, scope)
    for path, text in result.patched.items():
        if not scope.contains(path):
            continue
        if text is None:
            sources.pop(audit_name(path), None)  # deleted by the series
        else:
            sources[audit_name(path)] = text
    return sources, outcomes, result.patched


def _disk_sources(tree: TorchTree, reader: _Reader, scope: AuditScope) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in scope.files(tree):
        text = reader.listed(path)
        if text is not None:
            out[audit_name(path)] = text
    return out


def audit_tree(
    tree: TorchTree | None = None,
    *,
    patched: bool = False,
    series_dir: str | os.PathLike[str] | None = None,
    allowlist: tuple[AllowlistEntry, ...] = ALLOWLIST,
    skip_unreadable: bool = False,
    scope: AuditScope | str = "inductor",
) -> AuditReport:
    """Audit the files of ``scope`` (a :data:`SCOPES` name or an
    :class:`AuditScope`; default ``inductor``: all of ``torch/_inductor``)
    in ``tree`` (default: the installed torch).

    With ``patched``, audit the texts the series in ``series_dir`` (default
    ``inductor_xpu.config.series_dir``) leaves; patches that do not apply are
    listed in the report, not raised.  Files that cannot be read or parsed are
    listed in ``report.unreadable``; the report is incomplete
    (``report.complete``) unless ``skip_unreadable``.  Module patterns of the
    scope that name no file of the tree are in ``report.missing``; the report
    is then incomplete, whatever ``skip_unreadable`` says.
    """
    tree = tree or TorchTree.installed()
    if isinstance(scope, str):
        if scope not in SCOPES:
            raise ValueError(f"unknown audit scope {scope!r} (known: {', '.join(SCOPES)})")
        scope = SCOPES[scope]
    reader = _Reader(tree)
    outcomes: list[PatchOutcome] = []
    present = set(scope.files(tree)) if scope.modules is not None else set()
    if patched:
        if series_dir is None:
            from inductor_xpu import config

            series_dir = config.series_dir
        sources, outcomes, changed = _patched_sources(tree, series_dir, reader, scope)
        present = (present | {p for p, text in changed.items() if text is not None}) - {
            p for p, text in changed.items() if text is None
        }
    else:
        sources = _disk_sources(tree, reader, scope)
    report = audit_sources(
        sources, torch_version=tree.version, allowlist=allowlist, scope=scope
    )
    report.unreadable = sorted(
        [*reader.failed.values(), *report.unreadable], key=lambda u: u.file
    )
    report.source = str(tree.root / INDUCTOR) if scope.modules is None else str(tree.root)
    report.patched = patched
    report.patches = outcomes
    report.skip_unreadable = skip_unreadable
    report.missing = scope.missing(present)
    return report
