"""A torch tree: a directory that holds ``torch/`` (site-packages, an
unzipped wheel, a source checkout): finding one (:class:`TorchTree`),
reading it, and writing one all or nothing.  Shared by the overlay, the
audit and ``tools/patches.py``; nothing here imports torch."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import logging
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath

from .errors import TorchTreeError, TreeWriteError
from .journal import (
    ASIDE_PREFIX,
    JOURNAL,
    STAGED_PREFIX,
    Interrupted,
    JournalEntry,
    SignalGuard,
    WriteJournal,
    fsync_directory,
    sha256_of,
)
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
    text of ``root / path``, or None where the file does not exist;
    :class:`TorchTreeError` naming the file where it is not a UTF-8 text
    file (a directory, unreadable, another encoding)."""

    def read(path: str) -> str | None:
        file = root / path
        try:
            return file.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):  # a parent is a file: no such file either
            return None
        except IsADirectoryError:
            raise TorchTreeError(f"{file} is a directory, not a file") from None
        except UnicodeDecodeError as e:
            raise TorchTreeError(f"{file} is not UTF-8 text ({e.reason} at byte {e.start})") from None
        except OSError as e:
            raise TorchTreeError(f"cannot read {file}: {e.strerror or e}") from None

    return read


def torch_version_in(root: Path) -> str:
    """The version of the torch under ``root``, read from its files."""
    version_py = root / "torch" / "version.py"
    if version_py.is_file():
        m = re.search(
            r"^__version__\s*=\s*['\"]([^'\"]+)['\"]",
            version_py.read_text(encoding="utf-8", errors="replace"),
            re.M,
        )
        if m:
            return m.group(1)
    version_txt = root / "version.txt"
    if version_txt.is_file():
        return version_txt.read_text(encoding="utf-8", errors="replace").strip()
    return "unknown"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# For tests only: called with k before step k of the switch of a
# write_files (k < n: the k-th rename of n; k == n: marking the journal
# committed; k == n + 1: removing the kept originals), so a test can kill the
# process at each step (test/inductor_xpu/series/test_apply_recovery.py).
before_step: Callable[[int], None] | None = None


def _step(k: int) -> None:
    if before_step is not None:
        before_step(k)


def _plan(root: Path, texts: Mapping[str, str | None]) -> WriteJournal:
    """The journal of writing ``texts`` under ``root``, before anything is
    written: :class:`TreeWriteError` for a path that leaves the tree or goes
    through a symbolic link (a link to a directory outside the tree would
    have the write change files there; a linked file would be replaced by a
    regular one)."""
    token = secrets.token_hex(4)
    resolved_root = root.resolve()
    entries: list[JournalEntry] = []
    dirs: list[str] = []
    for path, text in texts.items():
        try:
            entries.append(_plan_one(root, resolved_root, path, text, token, dirs))
        except OSError as e:
            raise TreeWriteError(path, e.strerror or str(e)) from e
    return WriteJournal(root, entries, dirs)


def _plan_one(
    root: Path, resolved_root: Path, path: str, text: str | None, token: str, dirs: list[str]
) -> JournalEntry:
    parts = PurePosixPath(path).parts
    if not parts or PurePosixPath(path).is_absolute() or ".." in parts:
        raise TreeWriteError(path, "not a path inside the tree")
    here = root
    for i, part in enumerate(parts):
        here = here / part
        if here.is_symlink():
            raise TreeWriteError(
                path,
                f"{'/'.join(parts[: i + 1])} is a symbolic link (to {os.readlink(here)}); "
                "nothing is written through a link",
            )
        if i < len(parts) - 1 and not here.exists():
            rel = "/".join(parts[: i + 1])
            if rel not in dirs:
                dirs.append(rel)
    target = root / path
    if not target.resolve().is_relative_to(resolved_root):
        raise TreeWriteError(path, f"resolves to {target.resolve()}, outside {resolved_root}")
    original = sha256_of(target) if os.path.lexists(target) else None
    name = parts[-1]
    return JournalEntry(
        path=path,
        original=original,
        new=None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest(),
        staged=None if text is None else f"{STAGED_PREFIX}{token}-{name}",
        aside=None if original is None else f"{ASIDE_PREFIX}{token}-{name}",
    )


def _keep_aside(target: Path, aside: Path) -> None:
    """A second name ``aside`` for ``target``'s current file (a hard link,
    or a copy where links are not supported)."""
    try:
        os.link(target, aside, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:
        shutil.copy2(target, aside, follow_symlinks=False)
        with open(aside, "rb+") as f:
            os.fsync(f.fileno())


def _stage(journal: WriteJournal, entry: JournalEntry, text: str | None, mode: int) -> None:
    """Write ``entry``'s new text under its staged name (fsynced, with the
    mode the file has, or ``mode`` for a new file) and keep its original
    aside; the file itself is not changed yet."""
    target, staged, aside = journal.target(entry), journal.staged(entry), journal.aside(entry)
    if staged is not None and text is not None:
        fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(staged, stat.S_IMODE(target.stat().st_mode) if entry.original is not None else mode)
    if aside is not None:
        _keep_aside(target, aside)


def write_files(root: Path, texts: Mapping[str, str | None]) -> None:
    """Set each ``root / path`` to its text (None: delete it), all or nothing.

    Before anything is written, every path is checked: one that leaves the
    tree or goes through a symbolic link is refused (:class:`TreeWriteError`).
    Then the journal (:mod:`~inductor_xpu.series.journal`) is written, every
    new text is staged next to its target and every original kept aside
    under a second name; only then are the new texts renamed into place.  On
    any failure, Ctrl-C, SIGTERM or SIGHUP every file is put back, what was
    staged and every directory created are removed, and
    :class:`TreeWriteError` names the file: the tree is byte-identical to
    what it was (a signal is then delivered as the process would have had
    it).  A write killed outright leaves its journal, from which
    :meth:`WriteJournal.recover` rolls the tree back (or completes the write
    if it was killed after the last rename).  A tree holding a journal is
    refused (:class:`TorchTreeError`): recover it first.
    """
    if WriteJournal.load(root) is not None:
        raise TorchTreeError(f"{root / JOURNAL}: a write to this tree was interrupted; recover it first")
    journal = _plan(root, texts)
    current = JOURNAL
    with SignalGuard() as guard:
        try:
            journal.save()
            for d in journal.dirs:
                current = d
                (root / d).mkdir()
            mode = 0o666 & ~_umask()
            for entry in journal.entries:
                current = entry.path
                _stage(journal, entry, texts[entry.path], mode)
            directories = list(dict.fromkeys(journal.target(e).parent for e in journal.entries))
            for directory in directories:
                fsync_directory(directory)
            for k, entry in enumerate(journal.entries):
                current = entry.path
                _step(k)
                staged = journal.staged(entry)
                if staged is None:
                    os.unlink(journal.target(entry))
                else:
                    os.replace(staged, journal.target(entry))
            for directory in directories:
                fsync_directory(directory)
            _step(len(journal.entries))
            guard.hold()  # from here on the write completes; signals wait until it has
            journal.committed = True
            current = JOURNAL
            journal.save()
        except BaseException as e:  # interrupted too: put the tree back
            guard.hold()
            restored = journal.roll_back()  # also where nothing was saved or staged yet
            if isinstance(e, Interrupted):
                guard.pending.append(e.signum)  # the process then ends as the signal says
                log.error(
                    "interrupted by %s while writing %s: %s", e, current,
                    "every file was put back" if restored else "PUTTING THE TREE BACK FAILED (see above)",
                )
                raise TreeWriteError(current, f"interrupted by {e}", restored=restored) from None
            if isinstance(e, OSError):
                raise TreeWriteError(current, e.strerror or str(e), restored=restored) from e
            raise
        _step(len(journal.entries) + 1)
        journal.complete()
