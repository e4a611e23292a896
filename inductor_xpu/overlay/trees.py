"""Reading a torch tree: a directory that holds ``torch/`` (site-packages,
an unzipped wheel, a source checkout).  Shared by the overlay, the audit and
``tools/patches.py``; nothing here imports torch."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path


__all__ = ["read_under", "torch_version_in"]


def read_under(root: Path) -> Callable[[str], str | None]:
    """A reader for :func:`~inductor_xpu.overlay.engine.apply_series`: the
    text of ``root / path``, or None where the file does not exist."""

    def read(path: str) -> str | None:
        try:
            return (root / path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    return read


def torch_version_in(root: Path) -> str:
    """The version of the torch under ``root``, read from its files."""
    version_py = root / "torch" / "version.py"
    if version_py.is_file():
        m = re.search(
            r"^__version__\s*=\s*['\"]([^'\"]+)['\"]",
            version_py.read_text(encoding="utf-8"),
            re.M,
        )
        if m:
            return m.group(1)
    version_txt = root / "version.txt"
    if version_txt.is_file():
        return version_txt.read_text(encoding="utf-8").strip()
    return "unknown"
