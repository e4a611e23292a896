"""Serve patched torch modules through a ``sys.meta_path`` finder.

:func:`hook` puts an :class:`OverlayFinder` first on ``sys.meta_path`` for
the modules :func:`build_modules` makes from an applied series (the process
state and policy around it live in :mod:`.state`).  When a touched module is
imported, the finder hands out a spec whose loader executes the patched
source under the original module name and ``__file__``; the installed files
are never written.  Patched lines are registered in ``linecache`` so
tracebacks and ``inspect.getsource`` show them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import linecache
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from inductor_xpu.series.engine import SeriesResult
from inductor_xpu.series.series import PatchSeries

from .cache import CodeCache, code_cache_key


__all__ = [
    "OverlayFinder",
    "OverlayLoader",
    "PatchedModule",
    "build_modules",
    "hook",
    "is_patched",
    "patched_modules_in_process",
    "touched_module_names",
]


@dataclasses.dataclass(frozen=True)
class PatchedModule:
    name: str
    origin: str  # the installed file (or where a new file would be)
    source: str | None  # None: the series deletes the module
    is_package: bool
    cache_key: str

    @property
    def source_hash(self) -> str:
        return hashlib.sha256((self.source or "").encode("utf-8")).hexdigest()


class OverlayLoader(importlib.abc.InspectLoader):
    def __init__(self, module: PatchedModule, cache: CodeCache | None) -> None:
        self.module = module
        self.cache = cache

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        if self.module.source is None:
            raise ModuleNotFoundError(
                f"{self.module.name} is removed by the inductor_xpu patch series",
                name=self.module.name,
            )
        return None

    def get_filename(self, fullname: str) -> str:
        return self.module.origin

    def is_package(self, fullname: str) -> bool:
        return self.module.is_package

    def get_source(self, fullname: str) -> str | None:
        return self.module.source

    def get_code(self, fullname: str) -> CodeType:
        m = self.module
        assert m.source is not None
        if self.cache is None:
            return compile(m.source, m.origin, "exec", dont_inherit=True)
        return self.cache.get_or_compile(m.cache_key, m.source, m.origin)

    def exec_module(self, module: ModuleType) -> None:
        m = self.module
        assert m.source is not None
        # Tracebacks and inspect read through linecache (never the stock
        # file on disk); an entry with mtime None is never invalidated by
        # linecache.checkcache().
        linecache.cache[m.origin] = _PatchedLines(m.source, m.origin)
        exec(self.get_code(module.__name__), module.__dict__)


class _PatchedLines(tuple[Any, ...]):
    """A ``linecache`` entry ``(size, None, lines, filename)`` for a patched
    module whose lines are split from its source only when something reads
    them (a traceback, ``inspect``): the list of lines of every patched
    module would cost about 9 MiB that stock torch, which reads lines from
    disk on demand, does not spend.  On first use the entry replaces itself
    with the plain tuple."""

    _source: str

    def __new__(cls, source: str, filename: str) -> _PatchedLines:
        self = super().__new__(cls, (len(source), None, None, filename))
        self._source = source
        return self

    def _entry(self) -> tuple[int, None, list[str], str]:
        filename = tuple.__getitem__(self, 3)
        entry = (len(self._source), None, self._source.splitlines(keepends=True), filename)
        if linecache.cache.get(filename) is self:
            linecache.cache[filename] = entry
        return entry

    def __getitem__(self, index: Any) -> Any:
        return self._entry()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._entry())


class OverlayFinder(importlib.abc.MetaPathFinder):
    def __init__(self, modules: dict[str, PatchedModule], cache: CodeCache | None) -> None:
        self.modules = modules
        self.cache = cache

    def find_spec(
        self,
        fullname: str,
        path: object = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        m = self.modules.get(fullname)
        if m is None:
            return None
        spec = importlib.util.spec_from_loader(
            fullname,
            OverlayLoader(m, self.cache),
            origin=m.origin,
            is_package=m.is_package,
        )
        assert spec is not None
        spec.has_location = True  # sets __file__ = origin
        spec.cached = None  # never write bytecode next to site-packages
        if m.is_package:
            spec.submodule_search_locations = [os.path.dirname(m.origin)]
        return spec


def is_patched(module_name: str) -> bool:
    """Import ``module_name`` and tell whether the overlay supplied its code.

    Module-level so it can be sent (pickled by name) to Inductor's compile
    workers to prove they run the patched code too.
    """
    module = importlib.import_module(module_name)
    return _served_by_overlay(module)


def _served_by_overlay(module: ModuleType) -> bool:
    loader = getattr(getattr(module, "__spec__", None), "loader", None)
    return isinstance(loader, OverlayLoader)


def patched_modules_in_process() -> list[str]:
    """Names of the imported modules whose code came from the overlay."""
    return sorted(name for name, module in list(sys.modules.items()) if _served_by_overlay(module))


def build_modules(
    series: PatchSeries,
    result: SeriesResult,
    root: Path,
    torch_version: str,
) -> dict[str, PatchedModule]:
    """One :class:`PatchedModule` per importable file an applied patch changed."""
    # the text that applied: the primary or a backport variant
    digests = {s.patch.name: s.applied.digest for s in result.states if s.applied is not None}
    modules: dict[str, PatchedModule] = {}
    for state in result.states:
        if state.applied is None:
            continue
        # the files of the text that applied: a backport may touch a file
        # under its older path (torch moved it since)
        for fp in state.applied.files:
            name = fp.module_name
            applied = result.applied_by_file.get(fp.path)
            if name is None or not applied or name in modules:
                continue
            origin = str(root / fp.path)
            pristine = result.pristine[fp.path] or ""
            modules[name] = PatchedModule(
                name=name,
                origin=origin,
                source=result.patched[fp.path],
                is_package=fp.path.endswith("/__init__.py"),
                cache_key=code_cache_key(
                    source_hash=hashlib.sha256(pristine.encode("utf-8")).hexdigest(),
                    patch_digests=[digests[n] for n in applied],
                    filename=origin,
                    torch_version=torch_version,
                ),
            )
    return modules


def touched_module_names(series: PatchSeries) -> list[str]:
    """Every module a patch of the series, or one of its backports, may patch."""
    names: dict[str, None] = {}
    for patch in series.patches:
        for variant in (patch, *series.backports.get(patch.name, ())):
            for fp in variant.files:
                if fp.module_name is not None:
                    names.setdefault(fp.module_name, None)
    return list(names)


def hook(modules: dict[str, PatchedModule], cache_dir: str | None) -> OverlayFinder:
    """Serve ``modules``: put a finder for them first on ``sys.meta_path``."""
    finder = OverlayFinder(modules, CodeCache(cache_dir) if cache_dir else None)
    sys.meta_path.insert(0, finder)
    return finder
