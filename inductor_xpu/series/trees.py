"""A torch tree: a directory that holds ``torch/`` (site-packages, an
unzipped wheel, a source checkout): finding one (:class:`TorchTree`),
reading it, and writing one all or nothing.  Shared by the overlay, the
audit and ``tools/patches.py``; nothing here imports torch."""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from .errors import TorchTreeError, TreeWriteError
from .patch import ALLOWED_ROOTS


__all__ = ["TorchTree", "read_under", "torch_version_in", "write_files"]

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class TorchTree:
    """A directory holding ``torch/``: site-packages, an unzipped wheel, or
    a PyTorch source checkout (a git work tree, with PyTorch's ``test/``)."""

    root: Path  # the directory that contains torch/
    version: str
    is_git: bool = False
    has_tests: bool = False  # PyTorch's in-tree test/ is there (a source checkout)

    @classmethod
    def installed(cls) -> TorchTree:
        """The torch this interpreter imports (the imported one if any),
        located without importing it."""
        torch = sys.modules.get("torch")
        torch_file = getattr(torch, "__file__", None)
        if torch_file is None:
            spec = importlib.util.find_spec("torch")
            if spec is None or spec.origin is None:
                raise TorchTreeError("torch is not installed")
            torch_file = spec.origin
        return cls.at(Path(torch_file).resolve().parent.parent)

    @classmethod
    def at(cls, directory: str | os.PathLike[str], *, needs: str = "torch") -> TorchTree:
        """``directory`` holds ``torch/``, or is the ``torch`` package itself.

        ``needs``: the path (relative to the tree) that must exist there,
        e.g. ``torch/__init__.py`` to apply the series, ``torch/_inductor``
        to audit it; :class:`TorchTreeError` names it where it does not.
        """
        path = Path(directory).resolve()
        if path.name == "torch" and ((path / "__init__.py").is_file() or (path / "_inductor").is_dir()):
            path = path.parent
        if not (path / needs).exists():
            raise TorchTreeError(f"{directory}: no {needs} found")
        return cls(path, torch_version_in(path), (path / ".git").exists(), (path / "test").is_dir())

    @property
    def roots(self) -> tuple[str, ...]:
        """The top-level directories of the tree the series applies to."""
        return ALLOWED_ROOTS if self.has_tests else ("torch",)

    def read(self, path: str) -> str | None:
        """Text of ``path`` (relative to :attr:`root`), None if it does not exist."""
        return read_under(self.root)(path)


def read_under(root: Path) -> Callable[[str], str | None]:
    """A reader for :func:`~inductor_xpu.series.engine.apply_series`: the
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


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _make_dirs(directory: Path, made: list[Path]) -> None:
    """``mkdir -p``, recording each directory created (outermost first)."""
    missing = []
    while not directory.exists():
        missing.append(directory)
        directory = directory.parent
    for d in reversed(missing):
        d.mkdir()
        made.append(d)


def _keep_aside(target: Path) -> Path:
    """A second name for ``target``'s current file, next to it (a hard
    link, or a copy where links are not supported)."""
    while True:
        aside = target.with_name(f".patches-old-{secrets.token_hex(4)}-{target.name}")
        try:
            os.link(target, aside, follow_symlinks=False)
            return aside
        except FileExistsError:
            continue
        except OSError:
            if aside.exists():
                continue
            shutil.copy2(target, aside, follow_symlinks=False)
            return aside


def write_files(root: Path, texts: Mapping[str, str | None]) -> None:
    """Set each ``root / path`` to its text (None: delete it), all or nothing.

    Every new text is first written to a temporary file in its target's
    directory; only then are they renamed into place (each replaced file
    kept aside under a second name).  On any failure every file already
    replaced or deleted is put back, what was staged and every directory
    created are removed, and :class:`TreeWriteError` names the file: the
    tree is byte-identical to what it was.
    """
    mode = 0o666 & ~_umask()
    made_dirs: list[Path] = []
    staged: list[tuple[str, Path, Path | None]] = []  # (path, target, new text's temp file)
    done: list[tuple[Path, Path | None]] = []  # (target, its original kept aside, None: was new)
    current = ""
    try:
        for path, text in texts.items():
            current = path
            target = root / path
            if text is None:
                staged.append((path, target, None))
                continue
            _make_dirs(target.parent, made_dirs)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".patches-new-", suffix=".tmp")
            staged.append((path, target, Path(tmp)))
            with os.fdopen(fd, "wb") as f:
                f.write(text.encode("utf-8"))
            os.chmod(tmp, stat.S_IMODE(target.stat().st_mode) if target.exists() else mode)
        for path, target, tmp in staged:
            current = path
            existed = os.path.lexists(target)
            aside = _keep_aside(target) if existed else None
            done.append((target, aside))
            if tmp is None:
                if existed:
                    os.unlink(target)
            else:
                os.replace(tmp, target)
    except BaseException as e:  # interrupted too: put the tree back
        restored = _roll_back(done, staged, made_dirs)
        if isinstance(e, OSError):
            raise TreeWriteError(current, e.strerror or str(e), restored=restored) from e
        raise
    for _, aside in done:
        if aside is not None:
            try:
                os.unlink(aside)
            except OSError as e:
                log.warning("could not remove %s: %s", aside, e.strerror or e)


def _roll_back(
    done: list[tuple[Path, Path | None]],
    staged: list[tuple[str, Path, Path | None]],
    made_dirs: list[Path],
) -> bool:
    ok = True
    for target, aside in reversed(done):
        try:
            if aside is not None:
                if os.path.lexists(target) and os.path.samestat(os.lstat(aside), os.lstat(target)):
                    os.unlink(aside)  # never replaced (rename() of two links of a file does nothing)
                else:
                    os.replace(aside, target)
            elif os.path.lexists(target):
                os.unlink(target)
        except OSError as e:
            ok = False
            kept = f" (the original is at {aside})" if aside is not None else ""
            log.error("could not put back %s: %s%s", target, e.strerror or e, kept)
    for _, _, tmp in staged:
        if tmp is not None:
            try:
                tmp.unlink(missing_ok=True)
            except OSError as e:
                ok = False
                log.error("could not remove %s: %s", tmp, e.strerror or e)
    for d in reversed(made_dirs):
        try:
            d.rmdir()
        except OSError as e:
            ok = False
            log.error("could not remove %s: %s", d, e.strerror or e)
    return ok
