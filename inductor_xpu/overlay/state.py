"""The overlay's process state and policy: the one place that knows
whether it is installed in this process (:func:`installed`), installs it
once (:func:`install`, :func:`enable_overlay`: strict mode, the warnings,
the excepthook, Inductor's cache tag, the Meta kernels), and reports on it
(:func:`overlay_status`).  The finder and loader it installs are
:mod:`.importer`'s; the series library is :mod:`inductor_xpu.series`."""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import logging
import os
import sys
import traceback
from pathlib import Path
from types import TracebackType

from inductor_xpu.series.engine import PatchStatus, SeriesResult, apply_series
from inductor_xpu.series.errors import OverlayError, UnsupportedTorchError
from inductor_xpu.series.series import PatchSeries
from inductor_xpu.series.trees import TorchTree, read_under

from .importer import OverlayFinder, PatchedModule, build_modules, hook, touched_module_names


__all__ = [
    "Overlay",
    "OverlayEnableError",
    "OverlayStatus",
    "enable_at_import",
    "enable_overlay",
    "install",
    "installed",
    "overlay_status",
    "overlay_warning",
]

log = logging.getLogger(__name__)


class OverlayEnableError(OverlayError):
    """The overlay cannot be installed in this process."""


@dataclasses.dataclass
class Overlay:
    """The overlay as installed in this process: the series, what the
    engine found for each patch (:meth:`SeriesResult.without_texts`: the
    texts are not kept, the finder's modules hold the patched sources) and
    the finder that serves the patched modules (and owns the code cache)."""

    series: PatchSeries
    result: SeriesResult
    finder: OverlayFinder

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


# The overlay installed in this process, if any.
_INSTALLED: Overlay | None = None
# The error that kept the overlay from installing (non-strict mode).
_LAST_ERROR: str | None = None


def installed() -> Overlay | None:
    return _INSTALLED


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
    supported = series.base.supports(torch_version)
    if strict and not supported:
        raise UnsupportedTorchError(torch_version, str(series.base.supported), str(series.directory / "BASE"))
    root = root or TorchTree.installed().root
    result = apply_series(series, read_under(root), torch_version=torch_version)
    if strict and result.failed:
        raise result.failed[0].error(torch_version)
    for state in result.states:
        log.debug("inductor_xpu: %s on torch %s: %s", state.patch.name, torch_version, state.describe())
    if not supported:
        log.warning(
            "inductor_xpu: torch %s is outside the supported range %s; %d of %d patches apply; "
            "`python -m inductor_xpu status` says which",
            torch_version,
            series.base.supported,
            len(result.states) - len(result.failed),
            len(result.states),
        )
    elif result.failed:
        # One line per process, however many patches are skipped: the
        # details are one command away.
        log.warning(
            "inductor_xpu: %d of %d patches do not apply on torch %s and were skipped; "
            "`python -m inductor_xpu status` says which and why",
            len(result.failed),
            len(result.states),
            torch_version,
        )
    finder = hook(build_modules(series, result, root, torch_version), cache_dir)
    if finder.modules:
        _use_linecache_in_excepthook()
    _INSTALLED = Overlay(series, result.without_texts(), finder)
    return _INSTALLED


def _torch_version() -> str:
    import torch

    return str(torch.__version__)


def enable_overlay(*, strict: bool | None = None) -> Overlay:
    """Install the overlay in this process (idempotent): the series applied
    in memory, Inductor's caches tagged, and the Meta kernels of the oneDNN
    binary post-op and INT8 prepack ops registered (:mod:`inductor_xpu.meta_kernels`).
    Inductor registers the xpu backend itself
    (:mod:`inductor_xpu.codegen.xpu.registration` says why nothing is hooked).

    The one way in: the autoload entry point (``inductor_xpu._autoload``)
    and :func:`inductor_xpu.enable` both call it.
    """
    global _LAST_ERROR
    from inductor_xpu import config

    current = installed()
    if current is not None:
        return current
    if strict is None:
        strict = config.strict
    try:
        series = PatchSeries.load(config.series_dir)
        overlay = install(
            series,
            torch_version=_torch_version(),
            strict=strict,
            cache_dir=config.cache_dir if config.code_cache else None,
        )
    except Exception as e:
        _LAST_ERROR = _one_line(e)
        raise
    try:
        _tag_inductor_caches(overlay)
        _register_extensions(overlay)
    except Exception as e:
        # all or nothing: no finder left behind an error
        overlay.uninstall()
        _LAST_ERROR = _one_line(e)
        raise
    _LAST_ERROR = None
    return overlay


def _one_line(e: BaseException) -> str:
    """``e`` as the one line the warning and ``status`` show: the message
    of an :class:`OverlayError` (it names the file, patch, hunk), and the
    type too of anything else."""
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    if isinstance(e, OverlayError):
        return text or type(e).__name__
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _strict() -> bool:
    """Strict mode, also where the config itself does not load."""
    try:
        from inductor_xpu import config

        return bool(config.strict)
    except Exception:  # noqa: BLE001 -- the environment is the fallback
        return os.environ.get("INDUCTOR_XPU_STRICT", "0") not in ("", "0")


def enable_at_import() -> None:
    """What ``import torch`` runs (the ``torch.backends`` autoload entry
    point, :mod:`inductor_xpu._autoload`): :func:`enable_overlay` unless
    ``INDUCTOR_XPU_DISABLE``; where it fails, strict mode raises, otherwise
    one warning line (not a traceback) and torch runs stock code.

    Outside strict mode no exception of the overlay's, whatever its type
    (a malformed series, an unreadable file, a bug), escapes ``import torch``.
    """
    try:
        from inductor_xpu import config

        if config.disable:
            return
        enable_overlay()
    except Exception as e:
        if _strict():
            raise
        # One line at every `import torch`: the details (each patch's
        # state) are one command away.
        log.warning(
            "inductor_xpu: overlay not installed, torch runs stock code: %s "
            "(run `python -m inductor_xpu status` for details)",
            _one_line(e),
        )


def _register_extensions(overlay: Overlay) -> None:
    """What the overlay adds besides patched modules (once per process)."""
    from inductor_xpu.meta_kernels import mkldnn_binary, onednn_quant

    mkldnn_binary.register()
    onednn_quant.register()


def series_fingerprint(overlay: Overlay) -> str:
    """Digest of the patches applied in this process (empty if none)."""
    applied = [
        s.applied.digest for s in overlay.result.states if s.applied is not None
    ]
    if not applied:
        return ""
    return hashlib.sha256("".join(applied).encode("ascii")).hexdigest()[:16]


def _tag_inductor_caches(overlay: Overlay) -> None:
    """Keep Inductor's caches apart from stock torch's.

    ``torch_key()`` hashes torch's files as they are on disk, so without this
    the FX graph and autotune caches would hand artifacts compiled by stock
    code to the patched code and back.  Both caches include
    ``torch.compiler.config.cache_key_tag`` in their keys: append the series
    fingerprint to it (to the ``TORCH_COMPILE_CACHE_KEY_TAG`` value if set;
    a tag set in code later replaces it, as it would any default).
    """
    fingerprint = series_fingerprint(overlay)
    if not fingerprint:
        return
    tag = f"inductor_xpu-{fingerprint}"
    try:
        from torch.compiler import config as compiler_config

        entry = compiler_config._config["cache_key_tag"]  # type: ignore[attr-defined]
        env_value = entry.env_value_default
        if isinstance(env_value, str):
            entry.env_value_default = f"{env_value}|{tag}"
        else:
            entry.default = tag
    except (ImportError, AttributeError, KeyError) as e:
        log.warning(
            "inductor_xpu: could not tag Inductor's cache keys (%s); clear the "
            "Inductor cache when switching between stock torch and the overlay",
            e,
        )


# A patch's state where the overlay is not installed (disabled, autoload
# off): what the engine found it would do, not what this process runs.
WOULD_APPLY = "would apply"


@dataclasses.dataclass
class PatchReport:
    name: str
    subject: str
    status: str  # a PatchStatus value, or WOULD_APPLY
    detail: str
    backport: str | None = None  # the release of the backport variant that applies


@dataclasses.dataclass
class OverlayStatus:
    torch_version: str
    torch_path: str
    series_dir: str
    base: str | None
    active: bool  # the overlay's finder is installed in this process
    disabled: bool  # INDUCTOR_XPU_DISABLE
    strict: bool
    error: str | None
    patches: list[PatchReport]
    cache_dir: str | None
    modules: list[str]
    cache_hits: int = 0
    cache_misses: int = 0
    # torch's out-of-tree backend autoload (TORCH_DEVICE_BACKEND_AUTOLOAD)
    autoload: bool = True
    series_digest: str | None = None  # PatchSeries.digest (None: not loaded)
    applied_fingerprint: str = ""  # series_fingerprint(): what runs here
    supported: str = ""  # BASE's supported: range ("": any torch)
    torch_supported: bool = True  # this torch is in that range

    @property
    def series_empty(self) -> bool:
        """The series loaded and lists no patch."""
        return self.series_digest is not None and not self.patches

    @property
    def unsupported_line(self) -> str:
        """"torch X is outside the supported range R; N of M patches apply"
        ("" where this torch is in the range)."""
        if self.torch_supported:
            return ""
        apply = len(self.patches) - len(self.not_applied)
        return (
            f"torch {self.torch_version} is outside the supported range {self.supported}; "
            f"{apply} of {len(self.patches)} patches apply"
        )

    @property
    def all_applied(self) -> bool:
        return self.error is None and not self.not_applied

    @property
    def not_applied(self) -> list[PatchReport]:
        return [p for p in self.patches if p.status == PatchStatus.NOT_APPLICABLE.value]

    @property
    def fully_active(self) -> bool:
        """The whole series is in effect in this process, on a torch of its
        supported range."""
        return self.active and self.all_applied and self.torch_supported

    @property
    def inactive_reasons(self) -> list[str]:
        """Why the series is not (fully) in effect in this process; empty
        where it is."""
        reasons = []
        if self.disabled:
            reasons.append("disabled by INDUCTOR_XPU_DISABLE=1")
        if self.error:
            reasons.append(f"the series did not install: {self.error}")
        elif not self.active and not self.disabled:
            if not self.autoload:
                reasons.append(
                    "torch's backend autoload is off (TORCH_DEVICE_BACKEND_AUTOLOAD=0) "
                    "and inductor_xpu.enable() was not called"
                )
            else:
                reasons.append("not installed: the inductor_xpu torch.backends entry point did not run")
        if not self.torch_supported and not self.error:
            reasons.append(self.unsupported_line)
        failed = self.not_applied
        if self.active and failed:
            reasons.append(
                f"{len(failed)} of {len(self.patches)} patches do not apply on torch "
                f"{self.torch_version} and were skipped: {', '.join(p.name for p in failed)}"
            )
        return reasons

    def to_json(self) -> dict[str, object]:
        return {
            "active": self.active,
            "fully_active": self.fully_active,
            "reasons": self.inactive_reasons,
            "disabled": self.disabled,
            "autoload": self.autoload,
            "strict": self.strict,
            "error": self.error,
            "torch_version": self.torch_version,
            "torch_path": self.torch_path,
            "series_dir": self.series_dir,
            "base": self.base,
            "series_digest": self.series_digest,
            "applied_fingerprint": self.applied_fingerprint,
            "supported": self.supported,
            "torch_supported": self.torch_supported,
            "series_empty": self.series_empty,
            "patch_counts": dict(collections.Counter(p.status for p in self.patches)),
            "patches": [dataclasses.asdict(p) for p in self.patches],
            "patched_modules": len(self.modules),
        }

    def format_brief(self) -> str:
        """The overlay's state in one line (and the error, the unsupported
        torch or the empty series on lines of their own, where there is
        one): ``overlay: active (strict) on torch 2.15.0: 43 applied, 3
        upstream, 1 not needed (48 modules patched); status --verbose lists
        them``."""
        state, why = self._state()
        counts = collections.Counter(p.status for p in self.patches)
        line = f"{state}{' (' + why + ')' if why else ''} on torch {self.torch_version}"
        if counts:
            line += ": " + ", ".join(f"{n} {status}" for status, n in counts.most_common())
            if self.modules:
                line += f" ({len(self.modules)} modules patched)"
            line += "; python -m inductor_xpu status --verbose lists them"
        lines = [line, *self._series_problems()]
        if self.error:
            lines.append(f"error: {self.error}")
        return "\n".join(lines)

    def _state(self) -> tuple[str, str]:
        """``overlay: active (strict)`` / ``disabled`` / ``not installed``,
        and why it is not installed (empty where an error says it)."""
        if self.active:
            return f"overlay: active{' (strict)' if self.strict else ''}", ""
        if self.disabled:
            return "overlay: disabled (INDUCTOR_XPU_DISABLE=1)", ""
        return "overlay: not installed", "" if self.error else "; ".join(self.inactive_reasons)

    def _series_problems(self) -> list[str]:
        problems = ["series is empty: there are no patches to apply"] if self.series_empty else []
        return problems + ([self.unsupported_line] if self.unsupported_line else [])

    def format(self) -> str:
        supported = f", supported {self.supported}" if self.supported else ""
        lines = [
            f"torch {self.torch_version} at {self.torch_path}",
            f"series {self.series_dir} (base {self.base or '?'}{supported})",
        ]
        lines += self._series_problems()
        state, why = self._state()  # an error has its own line below
        would = "; the states below are what it would do" if self.patches and not self.active else ""
        lines.append(f"{state}{': ' + why if why else ''}{would}")
        if self.error:
            lines.append(f"error: {self.error}")
        width = max((len(p.name) for p in self.patches), default=0)
        for p in self.patches:
            detail = f"  {p.detail}" if p.detail else ""
            lines.append(f"  {p.name:<{width}}  {p.status}{detail}")
        if self.modules:
            lines.append(f"patched modules: {', '.join(self.modules)}")
        cache = f"code cache: {self.cache_dir or 'off'}"
        if self.cache_dir and self.active:
            cache += f" ({self.cache_hits} hits, {self.cache_misses} misses in this process)"
        lines.append(cache)
        return "\n".join(lines)


def _reports(result: SeriesResult, *, in_effect: bool = True) -> list[PatchReport]:
    """One report per patch; with ``in_effect`` false (a dry run: the
    overlay is not installed), an applicable patch "would apply"."""
    out = []
    for s in result.states:
        detail = ""
        if s.status is PatchStatus.NOT_APPLICABLE:
            detail = f"{s.where}: {s.reason}" if s.where else str(s.reason)
        elif s.backport:
            detail = f"backport {s.backport} (torch_patches/backports/{s.backport}/{s.patch.name})"
        elif s.reason and s.status is not PatchStatus.APPLIED:
            detail = s.reason
        status = s.status.value
        if not in_effect and s.status is PatchStatus.APPLIED:
            status = WOULD_APPLY
        out.append(PatchReport(s.patch.name, s.patch.subject, status, detail, s.backport))
    return out


def _cache_dir(overlay: Overlay | None) -> str | None:
    """Where the code cache's entries live (a private subdirectory of a
    shared ``INDUCTOR_XPU_CACHE_DIR``), or None when it is off."""
    from inductor_xpu import config

    if not config.code_cache:
        return None
    cache = overlay.finder.cache if overlay is not None else None
    if cache is not None and cache.usable():
        return str(cache.path)
    if cache is not None:
        return None  # refused: the warning said why
    return str(config.cache_dir)


def overlay_status() -> OverlayStatus:
    from inductor_xpu import config

    overlay = installed()
    error = _LAST_ERROR
    reports: list[PatchReport] = []
    modules: list[str] = []
    series: PatchSeries | None = None
    torch_version = _torch_version()
    root = TorchTree.installed().root
    if overlay is not None:
        series = overlay.series
        reports = _reports(overlay.result)
        modules = sorted(overlay.modules)
    else:
        try:
            loaded = PatchSeries.load(config.series_dir)
            result = apply_series(loaded, read_under(root), torch_version=torch_version)
        except OverlayError as e:
            error = _one_line(e)
        else:
            series = loaded
            reports = _reports(result, in_effect=False)
    supported = series is None or series.base.supports(torch_version)
    if not supported and config.strict and error is None:
        assert series is not None
        error = str(UnsupportedTorchError(torch_version, str(series.base.supported), str(series.directory / "BASE")))
    return OverlayStatus(
        torch_version=torch_version,
        torch_path=str(root / "torch"),
        series_dir=str(config.series_dir),
        base=series.base.version if series is not None else None,
        active=overlay is not None,
        disabled=bool(config.disable),
        strict=bool(config.strict),
        error=error,
        patches=reports,
        cache_dir=_cache_dir(overlay),
        modules=modules,
        cache_hits=overlay.finder.cache.hits if overlay and overlay.finder.cache else 0,
        cache_misses=overlay.finder.cache.misses if overlay and overlay.finder.cache else 0,
        autoload=_autoload_enabled(),
        series_digest=series.digest if series is not None else None,
        applied_fingerprint=series_fingerprint(overlay) if overlay else "",
        supported=str(series.base.supported) if series is not None else "",
        torch_supported=supported,
    )


def _autoload_enabled() -> bool:
    """Whether torch loads out-of-tree backends (ours) at ``import torch``."""
    import torch

    return bool(torch._is_device_backend_autoload_enabled())  # every supported torch (>= 2.5) has it


def overlay_warning(section: dict[str, object]) -> str | None:
    """One line saying that the series is not (fully) in effect, from
    :meth:`OverlayStatus.to_json`; ``None`` where it is."""
    if section.get("fully_active"):
        return None
    listed = section.get("reasons")
    reasons = "; ".join(str(r) for r in listed) if isinstance(listed, list) and listed else "unknown reason"
    what = (
        "only part of the inductor_xpu series is in effect"
        if section.get("active")
        else "the inductor_xpu overlay is not active, this is stock torch's code"
    )
    return f"WARNING: {what} ({reasons}); see `python -m inductor_xpu status`"
