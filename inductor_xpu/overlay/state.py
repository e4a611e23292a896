"""Process-wide overlay state: enable it once, report on it."""

from __future__ import annotations

import dataclasses
import hashlib
import logging

from .engine import PatchStatus, SeriesResult, apply_series
from .errors import OverlayError
from .importer import Overlay, install, installed, torch_root
from .series import PatchSeries
from .trees import read_under


__all__ = ["OverlayStatus", "enable_overlay", "overlay_status"]

log = logging.getLogger(__name__)

# The error that kept the overlay from installing (non-strict mode).
_LAST_ERROR: str | None = None


def _torch_version() -> str:
    import torch

    return str(torch.__version__)


def enable_overlay(*, strict: bool | None = None) -> Overlay:
    """Install the overlay in this process (idempotent)."""
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
    except OverlayError as e:
        _LAST_ERROR = str(e)
        raise
    _LAST_ERROR = None
    _tag_inductor_caches(overlay)
    return overlay


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


@dataclasses.dataclass
class PatchReport:
    name: str
    subject: str
    status: str
    detail: str


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

    @property
    def all_applied(self) -> bool:
        return self.error is None and all(
            p.status != PatchStatus.NOT_APPLICABLE.value
            for p in self.patches
        )

    def format(self) -> str:
        lines = [
            f"torch {self.torch_version} at {self.torch_path}",
            f"series {self.series_dir} (base {self.base or '?'})",
        ]
        if self.disabled:
            lines.append("overlay: disabled (INDUCTOR_XPU_DISABLE=1); states below are a dry run")
        elif self.active:
            lines.append(f"overlay: active{' (strict)' if self.strict else ''}")
        else:
            lines.append("overlay: not installed")
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


def _reports(result: SeriesResult) -> list[PatchReport]:
    out = []
    for s in result.states:
        detail = ""
        if s.status is PatchStatus.NOT_APPLICABLE:
            detail = f"{s.where}: {s.reason}" if s.where else str(s.reason)
        elif s.backport:
            detail = f"backport {s.backport} (torch_patches/backports/{s.backport}/{s.patch.name})"
        elif s.reason and s.status is not PatchStatus.APPLIED:
            detail = s.reason
        out.append(PatchReport(s.patch.name, s.patch.subject, s.status.value, detail))
    return out


def overlay_status() -> OverlayStatus:
    from inductor_xpu import config

    overlay = installed()
    error = _LAST_ERROR
    base = None
    reports: list[PatchReport] = []
    modules: list[str] = []
    root = torch_root()
    if overlay is not None:
        base = overlay.series.base.version
        reports = _reports(overlay.result)
        modules = sorted(overlay.modules)
    else:
        try:
            series = PatchSeries.load(config.series_dir)
        except OverlayError as e:
            error = str(e)
        else:
            base = series.base.version
            reports = _reports(
                apply_series(series, read_under(root), torch_version=_torch_version())
            )
    return OverlayStatus(
        torch_version=_torch_version(),
        torch_path=str(root / "torch"),
        series_dir=str(config.series_dir),
        base=base,
        active=overlay is not None,
        disabled=bool(config.disable),
        strict=bool(config.strict),
        error=error,
        patches=reports,
        cache_dir=str(config.cache_dir) if config.code_cache else None,
        modules=modules,
        cache_hits=overlay.cache.hits if overlay and overlay.cache else 0,
        cache_misses=overlay.cache.misses if overlay and overlay.cache else 0,
    )
