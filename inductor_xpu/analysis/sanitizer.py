"""Runtime device-bias sanitizer: record every use of ``torch.cuda`` while compiling.

The static audit finds ``torch.cuda`` in source; this finds it at run time,
where it matters: compiling for a non-CUDA device must not touch
``torch.cuda`` at all.  Inside :class:`CudaApiRecorder` the ``torch.cuda``
module (``torch.cuda`` attribute and ``sys.modules["torch.cuda"]``) is
replaced by a proxy that forwards everything to the real module and records,
for each access, the dotted name, whether it was a call, and the caller's
``file:line`` and function.  Submodules (``torch.cuda.memory`` ...) are
proxied too.  Nothing is changed for code that captured ``torch.cuda``
objects before the recorder started (``from torch.cuda import X`` at import
time); the static audit covers those.

    with CudaApiRecorder() as rec:
        compile_for_xpu(...)
    assert not rec.calls, rec.format()
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import linecache
import os
import sys
import threading
import types
from collections import Counter
from collections.abc import Callable
from typing import Any


__all__ = ["CudaApiRecorder", "CudaApiUse", "enclosing_function", "format_caller"]

_OWN_FILE = __file__


@dataclasses.dataclass(frozen=True)
class CudaApiUse:
    symbol: str  # e.g. "torch.cuda.synchronize"
    kind: str  # "call" or "access" (classes, constants)
    filename: str
    lineno: int
    function: str

    @property
    def where(self) -> str:
        return f"{self.filename}:{self.lineno}"

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _caller(depth: int) -> tuple[str, int, str]:
    frame = sys._getframe(depth)
    while frame is not None and frame.f_code.co_filename == _OWN_FILE:
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return "<unknown>", 0, "<unknown>"
    return frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name


def _package_of(filename: str) -> str:
    """``.../site-packages/torch/_inductor/utils.py`` -> ``torch._inductor``."""
    parts = filename.replace("\\", "/").split("/")
    # The innermost root wins: torch installed under /opt/torch/.venv keeps
    # triton's files in .../site-packages/triton, not in a "torch" package.
    found = [(len(parts) - 1 - parts[::-1].index(root), root) for root in ("torch", "triton", "inductor_xpu")
             if root in parts]
    if not found:
        return "other"
    i, root = max(found)
    rest = parts[i + 1 : -1]
    return ".".join([root, *rest[:1]])


def _display_path(filename: str) -> str:
    """Relative to site-packages, or to this checkout."""
    norm = filename.replace("\\", "/")
    for marker in ("/site-packages/", "/dist-packages/"):
        if marker in norm:
            return norm.split(marker, 1)[1]
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    repo = repo.replace("\\", "/") + "/"
    return norm[len(repo) :] if norm.startswith(repo) else norm


@functools.lru_cache(maxsize=None)
def _function_spans(filename: str) -> tuple[tuple[int, int, str], ...]:
    # linecache holds the source that ran, patched by the overlay where it is.
    try:
        tree = ast.parse("".join(linecache.getlines(filename)))
    except (SyntaxError, ValueError):
        return ()
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return tuple(spans)


def enclosing_function(filename: str, lineno: int, function: str) -> str:
    """The named function around ``filename:lineno`` -- for a use recorded in
    a comprehension (``<listcomp>``, ``<genexpr>``), the function holding it."""
    if not function.startswith("<"):
        return function
    best: tuple[int, str] | None = None
    for start, end, name in _function_spans(filename):
        if start <= lineno <= end and (best is None or start > best[0]):
            best = (start, name)
    return f"{best[1]}.{function}" if best else function


def format_caller(caller: dict[str, Any]) -> str:
    """One ``by_caller`` entry of :meth:`CudaApiRecorder.to_json` in one line."""
    return f"{caller['file']}:{caller['line']} {caller['function']}: {caller['symbol']} x{caller['count']}"


class _ModuleProxy(types.ModuleType):
    """Forwards attribute access to ``real`` and reports it to ``recorder``."""

    def __init__(self, real: types.ModuleType, recorder: CudaApiRecorder) -> None:
        super().__init__(real.__name__, real.__doc__)
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_recorder", recorder)
        object.__setattr__(self, "_cache", {})
        for dunder in ("__file__", "__path__", "__spec__", "__loader__", "__package__"):
            if hasattr(real, dunder):
                object.__setattr__(self, dunder, getattr(real, dunder))

    def __getattr__(self, name: str) -> Any:
        real = object.__getattribute__(self, "_real")
        value = getattr(real, name)
        if name.startswith("__"):
            return value
        recorder: CudaApiRecorder = object.__getattribute__(self, "_recorder")
        symbol = f"{real.__name__}.{name}"
        if isinstance(value, types.ModuleType) and value.__name__.startswith("torch.cuda"):
            cache = object.__getattribute__(self, "_cache")
            if name not in cache:
                cache[name] = _ModuleProxy(value, recorder)
                recorder._modules.append(value)
            return cache[name]
        if callable(value) and not isinstance(value, type):
            return recorder._wrap(symbol, value)
        recorder._record(symbol, "access", depth=3)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        # mock.patch("torch.cuda.X") sets and deletes through the proxy.
        setattr(object.__getattribute__(self, "_real"), name, value)

    def __delattr__(self, name: str) -> None:
        delattr(object.__getattribute__(self, "_real"), name)

    def __dir__(self) -> list[str]:
        return dir(object.__getattribute__(self, "_real"))


def _install_cuda_init_guard(real: types.ModuleType) -> Callable[[], Any] | None:
    """Make ``torch._C._cuda_init`` see the real ``torch.cuda`` module.

    CUDA's lazy initialisation (``torch.cuda._lazy_init``, reached by the
    first CUDA call where a GPU is visible) runs ``torch._C._cuda_init()``,
    whose C++ imports ``sys.modules["torch.cuda"]`` and defines
    ``_get_device_properties`` (pybind11 ``def``) in that module's own
    dictionary.  With the proxy there, the definition lands in the proxy, and
    the real module's ``get_device_properties`` -- called by the queued
    ``_check_capability`` -- fails with ``NameError: name
    '_get_device_properties' is not defined``, raised as a
    ``DeferredCudaCallError``.  While ``_cuda_init`` runs, ``sys.modules``
    holds the real module.  Returns the original, to put back.
    """
    import torch

    original = getattr(torch._C, "_cuda_init", None)
    if original is None:
        return None

    def _cuda_init() -> Any:
        current = sys.modules.get("torch.cuda")
        sys.modules["torch.cuda"] = real
        try:
            return original()
        finally:
            sys.modules["torch.cuda"] = current  # type: ignore[assignment]

    torch._C._cuda_init = _cuda_init  # type: ignore[attr-defined]
    return original


class CudaApiRecorder:
    """Context manager recording uses of the ``torch.cuda`` Python API.

    ``ignore`` is a predicate on the caller's file name; uses from files it
    accepts are not recorded (by default nothing is ignored).
    """

    def __init__(self, ignore: Callable[[str], bool] | None = None) -> None:
        self.uses: list[CudaApiUse] = []
        self._ignore = ignore
        self._lock = threading.Lock()
        self._wrappers: dict[str, Callable[..., Any]] = {}
        self._saved: tuple[Any, Any] | None = None
        self._modules: list[types.ModuleType] = []
        self._cuda_init: Callable[[], Any] | None = None

    # -- recording ---------------------------------------------------------

    def _record(self, symbol: str, kind: str, depth: int) -> None:
        filename, lineno, function = _caller(depth)
        if self._ignore is not None and self._ignore(filename):
            return
        with self._lock:
            self.uses.append(CudaApiUse(symbol, kind, filename, lineno, function))

    def _wrap(self, symbol: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        wrapper = self._wrappers.get(symbol)
        if wrapper is None:

            def wrapper(*args: Any, **kwargs: Any) -> Any:
                self._record(symbol, "call", depth=2)
                return fn(*args, **kwargs)

            wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
            wrapper.__name__ = getattr(fn, "__name__", symbol)
            self._wrappers[symbol] = wrapper
        return wrapper

    # -- results -----------------------------------------------------------

    @property
    def calls(self) -> list[CudaApiUse]:
        return list(self.uses)

    def by_symbol(self) -> Counter[str]:
        return Counter(u.symbol for u in self.uses)

    def grouped(self) -> Counter[CudaApiUse]:
        """Uses counted per caller (file, line, function), symbol and kind,
        in the order first recorded: the one grouping :meth:`by_caller`,
        :meth:`format` and :meth:`to_json` are rendered from."""
        return Counter(self.uses)

    def by_caller(self) -> Counter[str]:
        """:meth:`grouped`, keyed ``file:line (function) symbol``."""
        out: Counter[str] = Counter()
        for use, count in self.grouped().items():
            out[f"{use.where} ({use.function}) {use.symbol}"] += count
        return out

    def by_package(self) -> Counter[str]:
        """Uses per caller package: ``torch._inductor``, ``torch._dynamo``, ``triton`` ..."""
        return Counter(_package_of(u.filename) for u in self.uses)

    def in_package(self, package: str) -> list[CudaApiUse]:
        return [u for u in self.uses if _package_of(u.filename) == package]

    def format(self) -> str:
        if not self.uses:
            return "no torch.cuda uses recorded"
        lines = [f"{len(self.uses)} torch.cuda use(s):"]
        for where, n in self.by_caller().most_common():
            lines.append(f"  {n:4d}x {where}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The uses, rendered once for every report (``report.json``'s
        ``cuda_api``, the suite's CSV, the sanitizer report): totals by
        package and by symbol, and one entry per (caller, symbol), most
        frequent first, the ``torch._inductor`` ones also apart."""
        callers = [
            {
                "package": _package_of(use.filename),
                "file": _display_path(use.filename),
                "line": use.lineno,
                "function": enclosing_function(use.filename, use.lineno, use.function),
                "symbol": use.symbol,
                "kind": use.kind,
                "count": count,
            }
            for use, count in self.grouped().most_common()
        ]
        return {
            "count": len(self.uses),
            "by_package": dict(self.by_package().most_common()),
            "by_symbol": dict(self.by_symbol().most_common()),
            "by_caller": callers,
            "inductor_callers": [c for c in callers if c["package"] == "torch._inductor"],
        }

    # -- context -----------------------------------------------------------

    def __enter__(self) -> CudaApiRecorder:
        import torch

        if self._saved is not None:
            raise RuntimeError("CudaApiRecorder is not reentrant")
        real = sys.modules["torch.cuda"]
        if isinstance(real, _ModuleProxy):
            raise RuntimeError("another CudaApiRecorder is active")
        self._saved = (torch.cuda, real)
        self._modules = []
        proxy = _ModuleProxy(real, self)
        torch.cuda = proxy  # type: ignore[assignment]
        sys.modules["torch.cuda"] = proxy
        self._cuda_init = _install_cuda_init_guard(real)
        return self

    def __exit__(self, *exc: object) -> None:
        import torch

        assert self._saved is not None
        attr, module = self._saved
        torch.cuda = attr
        sys.modules["torch.cuda"] = module
        self._saved = None
        if self._cuda_init is not None:
            torch._C._cuda_init = self._cuda_init  # type: ignore[attr-defined]
            self._cuda_init = None
        # A wrapper may have been stored into the real module (mock.patch
        # restores the value it read through the proxy): put the originals back.
        wrappers = set(map(id, self._wrappers.values()))
        for real in [module, *self._modules]:
            for name, value in list(vars(real).items()):
                if id(value) in wrappers:
                    setattr(real, name, value.__wrapped__)
