"""Serve patched torch modules through a ``sys.meta_path`` finder.

:func:`install` applies the series (in memory) to the installed torch's
files and puts an :class:`OverlayFinder` first on ``sys.meta_path``.  When a
touched module is imported, the finder hands out a spec whose loader executes
the patched source under the original module name and ``__file__``; the
installed files are never written.  Patched lines are registered in
``linecache`` so tracebacks and ``inspect.getsource`` show them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import linecache
import logging
import os
import sys
import traceback
from pathlib import Path
from collections.abc import Callable
from types import CodeType, ModuleType, TracebackType
from typing import Any

from .cache import CodeCache, code_cache_key
from .engine import PatchStatus, SeriesResult, apply_series
from .errors import OverlayEnableError, SeriesFormatError
from .series import PatchSeries
from .trees import read_under


__all__ = ["Overlay", "OverlayFinder", "PatchedModule", "install", "installed"]

log = logging.getLogger(__name__)


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
        # Tracebacks and inspect read through linecache; an entry with mtime
        # None is never invalidated by linecache.checkcache().
        linecache.cache[m.origin] = (
            len(m.source),
            None,
            m.source.splitlines(keepends=True),
            m.origin,
        )
        exec(self.get_code(module.__name__), module.__dict__)


PostImportHook = Callable[[ModuleType], None]


class _PostImportLoader(importlib.abc.Loader):
    """Delegates to the module's own loader, then runs the hooks."""

    def __init__(self, loader: importlib.abc.Loader, hooks: list[PostImportHook]) -> None:
        self._loader = loader
        self._hooks = hooks

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self._loader.exec_module(module)
        for hook in self._hooks:
            hook(module)

    def __getattr__(self, name: str) -> Any:
        # get_source, get_code, get_filename, is_package, ... of the real loader
        return getattr(self._loader, name)


class OverlayFinder(importlib.abc.MetaPathFinder):
    def __init__(self, modules: dict[str, PatchedModule], cache: CodeCache | None) -> None:
        self.modules = modules
        self.cache = cache
        # module name -> callables run right after the module is executed
        self.post_import: dict[str, list[PostImportHook]] = {}

    def add_post_import_hook(self, name: str, hook: PostImportHook) -> None:
        """Run ``hook(module)`` right after ``name`` is first executed.

        Lets the overlay act on a module before anything else can import
        names from it, whether or not the series patches it.
        """
        if name in sys.modules:
            raise OverlayEnableError(f"{name} is already imported; cannot hook it")
        self.post_import.setdefault(name, []).append(hook)

    def find_spec(
        self,
        fullname: str,
        path: object = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        m = self.modules.get(fullname)
        hooks = self.post_import.get(fullname)
        if m is None:
            return self._hooked_spec(fullname, path, target, hooks) if hooks else None
        loader: importlib.abc.Loader = OverlayLoader(m, self.cache)
        if hooks:
            loader = _PostImportLoader(loader, hooks)
        spec = importlib.util.spec_from_loader(
            fullname,
            loader,
            origin=m.origin,
            is_package=m.is_package,
        )
        assert spec is not None
        spec.has_location = True  # sets __file__ = origin
        spec.cached = None  # never write bytecode next to site-packages
        if m.is_package:
            spec.submodule_search_locations = [os.path.dirname(m.origin)]
        return spec

    def _hooked_spec(
        self,
        fullname: str,
        path: Any,
        target: ModuleType | None,
        hooks: list[PostImportHook],
    ) -> importlib.machinery.ModuleSpec | None:
        # Ask the finders after this one, as the import system would.
        finders = sys.meta_path
        start = finders.index(self) + 1 if self in finders else 0
        for finder in finders[start:]:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find else None
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _PostImportLoader(spec.loader, hooks)
                return spec
        return None


@dataclasses.dataclass
class Overlay:
    """The overlay as installed in this process."""

    series: PatchSeries
    result: SeriesResult
    torch_root: Path  # directory containing the torch package
    finder: OverlayFinder
    cache: CodeCache | None

    @property
    def modules(self) -> dict[str, PatchedModule]:
        return self.finder.modules

    def uninstall(self) -> None:
        """Remove the finder (tests); already imported modules stay patched."""
        if self.finder in sys.meta_path:
            sys.meta_path.remove(self.finder)
        global _INSTALLED
        if _INSTALLED is self:
            _INSTALLED = None


_INSTALLED: Overlay | None = None


def _print_exception_from_linecache(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    traceback.print_exception(exc_type, exc, tb)


def _use_linecache_in_excepthook() -> None:
    """Show patched lines in tracebacks of uncaught exceptions too.

    CPython's built-in excepthook reads source lines from the files on disk,
    i.e. the unpatched ones; the ``traceback`` module reads ``linecache``,
    where the loader registered the patched source.  Only the default hook is
    replaced; the output format is the same.
    """
    if sys.excepthook is sys.__excepthook__:
        sys.excepthook = _print_exception_from_linecache


def installed() -> Overlay | None:
    return _INSTALLED


def torch_root() -> Path:
    """The directory that holds the installed ``torch`` package."""
    torch = sys.modules.get("torch")
    torch_file = getattr(torch, "__file__", None)
    if torch_file is None:
        spec = importlib.util.find_spec("torch")
        if spec is None or spec.origin is None:
            raise OverlayEnableError("torch is not installed")
        torch_file = spec.origin
    return Path(torch_file).resolve().parent.parent


def is_patched(module_name: str) -> bool:
    """Import ``module_name`` and tell whether the overlay supplied its code.

    Module-level so it can be sent (pickled by name) to Inductor's compile
    workers to prove they run the patched code too.
    """
    module = importlib.import_module(module_name)
    return _served_by_overlay(module)


def _served_by_overlay(module: ModuleType) -> bool:
    loader = getattr(getattr(module, "__spec__", None), "loader", None)
    if isinstance(loader, _PostImportLoader):  # a hooked module keeps its loader inside
        loader = loader._loader
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


def install(
    series: PatchSeries,
    *,
    torch_version: str,
    strict: bool,
    cache_dir: str | None,
    root: Path | None = None,
) -> Overlay:
    """Apply ``series`` to the installed torch in memory and hook imports.

    Raises :class:`OverlayEnableError` if a touched module was already
    imported (it would keep running stock code), and in ``strict`` mode
    :class:`PatchApplyError` for the first patch that does not apply.
    """
    global _INSTALLED
    if _INSTALLED is not None:
        if _INSTALLED.series.digest != series.digest:
            raise OverlayEnableError(
                "a different patch series is already installed in this process"
            )
        return _INSTALLED
    early = [n for n in touched_module_names(series) if n in sys.modules]
    if early:
        raise OverlayEnableError(
            "inductor_xpu.enable() must run before these modules are imported, "
            f"they would keep running unpatched code: {', '.join(sorted(early))}. "
            "Install the package so the torch.backends autoload entry point "
            "enables the overlay at 'import torch', or call enable() first."
        )
    root = root or torch_root()
    result = apply_series(series, read_under(root), torch_version=torch_version)
    if strict and result.failed:
        raise result.failed[0].error(torch_version)
    for state in result.states:
        log.debug("inductor_xpu: %s on torch %s: %s", state.patch.name, torch_version, state.describe())
    if result.failed:
        # One line per process, however many patches are skipped: the
        # details are one command away.
        log.warning(
            "inductor_xpu: %d of %d patches do not apply on torch %s and were skipped; "
            "`python -m inductor_xpu status` says which and why",
            len(result.failed),
            len(result.states),
            torch_version,
        )
    cache = CodeCache(cache_dir) if cache_dir else None
    modules = build_modules(series, result, root, torch_version)
    finder = OverlayFinder(modules, cache)
    sys.meta_path.insert(0, finder)
    if modules:
        _use_linecache_in_excepthook()
    _INSTALLED = Overlay(series, result, root, finder, cache)
    return _INSTALLED


__all__ += ["SeriesFormatError", "torch_root", "touched_module_names", "build_modules"]
