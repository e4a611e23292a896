"""The journal of one :func:`~inductor_xpu.series.trees.write_files`, and
putting a tree back after a write that was killed part way.

``write_files`` switches a tree from its old files to the new ones by
renames.  Before it creates anything in the tree it writes
``ROOT/.patches-journal.json`` (to a temporary name, fsynced, renamed into
place): for every file its path, the SHA-256 of the original (None: there was
none) and of the new text (None: the file is deleted), the name the new text
is staged under and the name the original is kept aside under (both next to
the file), and the directories the write creates.  After the last rename the
journal is marked committed; once the kept originals are removed, so is the
journal.

A journal found later means that the write was killed (SIGKILL, power
loss): :meth:`WriteJournal.recover` rolls the tree back while the journal is
not committed, and completes the write once it is.  Rolling back needs only
the originals, which are never lost (each is under its own name or under its
kept-aside name, a hard link made before the renames), and it ends where
Ctrl-C, SIGTERM and SIGHUP end a write: the tree as it was.  Completing a
committed write only removes the kept originals: every file already has its
new text.  Recovering is idempotent: a recovery that is itself killed is
recovered by the next one.

Nothing here imports torch.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import signal
import threading
import types
from pathlib import Path, PurePosixPath

from .errors import TorchTreeError


__all__ = ["JOURNAL", "Interrupted", "JournalEntry", "SignalGuard", "WriteJournal", "fsync_directory", "sha256_of"]

log = logging.getLogger(__name__)

JOURNAL = ".patches-journal.json"
STAGED_PREFIX = ".patches-new-"
ASIDE_PREFIX = ".patches-old-"
_FORMAT = 1


def sha256_of(path: Path) -> str | None:
    """SHA-256 of the file at ``path``; None where there is none."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def fsync_directory(directory: Path) -> None:
    """Make the names created, renamed or removed in ``directory`` durable
    (where the platform can open a directory; elsewhere a no-op)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclasses.dataclass(frozen=True)
class JournalEntry:
    """One file of a write."""

    path: str  # relative to the tree's root, with / separators
    original: str | None  # SHA-256 of the file before the write; None: there was none
    new: str | None  # SHA-256 of its new text; None: the write deletes it
    staged: str | None  # the new text's name next to the file; None: deleted
    aside: str | None  # the original's second name next to the file; None: there was none


@dataclasses.dataclass
class WriteJournal:
    """What one write changes in the tree at ``root``; see the module docstring."""

    root: Path
    entries: list[JournalEntry]
    dirs: list[str]  # directories the write creates, outermost first
    committed: bool = False

    @property
    def path(self) -> Path:
        return self.root / JOURNAL

    def target(self, entry: JournalEntry) -> Path:
        return self.root / entry.path

    def staged(self, entry: JournalEntry) -> Path | None:
        return None if entry.staged is None else self.target(entry).with_name(entry.staged)

    def aside(self, entry: JournalEntry) -> Path | None:
        return None if entry.aside is None else self.target(entry).with_name(entry.aside)

    # ---------------------------------------------------------------- on disk

    def save(self) -> None:
        """Write the journal durably (temporary name, fsync, rename, fsync
        of the root): a kill leaves the old journal or the new one."""
        data = {
            "format": _FORMAT,
            "committed": self.committed,
            "dirs": self.dirs,
            "files": [dataclasses.asdict(e) for e in self.entries],
        }
        tmp = self.path.with_name(JOURNAL + ".new")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        with os.fdopen(os.open(tmp, flags, 0o644), "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, self.path)  # replaces atomically on POSIX, as os.replace
        fsync_directory(self.root)

    def discard(self) -> None:
        for path in (self.path, self.path.with_name(JOURNAL + ".new")):
            try:
                path.unlink(missing_ok=True)
            except OSError as e:
                log.warning("could not remove %s: %s", path, e.strerror or e)
        fsync_directory(self.root)

    @classmethod
    def load(cls, root: Path) -> WriteJournal | None:
        """The journal an interrupted write left in ``root``; None if none.

        A journal that does not parse, or names a file outside the tree or a
        staged/kept name that is not one of ours, is a :class:`TorchTreeError`
        (recovery never deletes a file it did not name itself).
        """
        path = root / JOURNAL
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            (root / (JOURNAL + ".new")).unlink(missing_ok=True)  # killed before the first save
            return None
        except (OSError, ValueError) as e:
            raise TorchTreeError(f"{path}: the journal of an interrupted write is unreadable: {e}") from None
        try:
            if data["format"] != _FORMAT:
                raise ValueError(f"format {data['format']!r}, expected {_FORMAT}")
            entries = [JournalEntry(**e) for e in data["files"]]
            dirs = [str(d) for d in data["dirs"]]
            for rel in [e.path for e in entries] + dirs:
                p = PurePosixPath(rel)
                if p.is_absolute() or ".." in p.parts or not p.parts:
                    raise ValueError(f"{rel!r} is not a path inside the tree")
            for entry in entries:
                for name, prefix in ((entry.staged, STAGED_PREFIX), (entry.aside, ASIDE_PREFIX)):
                    if name is not None and ("/" in name or os.sep in name or not name.startswith(prefix)):
                        raise ValueError(f"{name!r} is not a name the write stages or keeps files under")
            return cls(root, entries, dirs, bool(data["committed"]))
        except (KeyError, TypeError, ValueError) as e:
            raise TorchTreeError(f"{path}: the journal of an interrupted write is malformed: {e}") from None

    # ---------------------------------------------------------------- undo / finish

    def roll_back(self) -> bool:
        """Put every original back, remove what the write staged and the
        directories it created, then the journal.  False (each problem
        logged, the journal kept) where a file could not be put back."""
        ok = True
        for entry in reversed(self.entries):
            ok = self._put_back(entry) and ok
        for d in reversed(self.dirs):
            try:
                (self.root / d).rmdir()
            except FileNotFoundError:
                pass
            except OSError as e:
                ok = False
                log.error("could not remove %s: %s", self.root / d, e.strerror or e)
        if ok:
            self.discard()
        return ok

    def _put_back(self, entry: JournalEntry) -> bool:
        target, aside, staged = self.target(entry), self.aside(entry), self.staged(entry)
        try:
            if aside is not None and os.path.lexists(aside):
                if os.path.lexists(target) and os.path.samestat(os.lstat(aside), os.lstat(target)):
                    os.unlink(aside)  # not replaced yet (rename() of two links of a file does nothing)
                else:
                    os.replace(aside, target)
            elif entry.original is None and os.path.lexists(target):
                if sha256_of(target) != entry.new:
                    log.error("%s is not the text this write put there; left as it is", target)
                    return False
                os.unlink(target)
            if staged is not None:
                staged.unlink(missing_ok=True)
        except OSError as e:
            kept = f" (the original is at {aside})" if aside is not None and os.path.lexists(aside) else ""
            log.error("could not put back %s: %s%s", target, e.strerror or e, kept)
            return False
        if sha256_of(target) != entry.original:
            log.error("%s differs from its original after the roll back", target)
            return False
        return True

    def complete(self) -> bool:
        """Finish a committed write: remove the kept originals (and any
        staged name left), then the journal.  False where a file does not
        have its new text (logged; the journal kept)."""
        ok = True
        for entry in self.entries:
            for extra in (self.aside(entry), self.staged(entry)):
                if extra is None:
                    continue
                try:
                    extra.unlink(missing_ok=True)
                except OSError as e:
                    log.warning("could not remove %s: %s", extra, e.strerror or e)
            if sha256_of(self.target(entry)) != entry.new:
                ok = False
                log.error("%s does not have the text the write committed", self.target(entry))
        if ok:
            self.discard()
        return ok

    def recover(self) -> str:
        """Roll back (not committed) or complete (committed) the write; says
        which.  :class:`TorchTreeError` where that fails (the journal is kept)."""
        if self.committed:
            if not self.complete():
                raise TorchTreeError(f"{self.path}: could not complete the interrupted write (see above)")
            return f"completed the interrupted write of {len(self.entries)} file(s)"
        if not self.roll_back():
            raise TorchTreeError(f"{self.path}: could not roll back the interrupted write (see above)")
        return f"rolled back the interrupted write of {len(self.entries)} file(s): the tree is as it was before"


class Interrupted(BaseException):
    """SIGTERM or SIGHUP arrived while a write was switching files (what
    KeyboardInterrupt is for SIGINT)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


class SignalGuard:
    """While armed, SIGINT raises KeyboardInterrupt and SIGTERM and SIGHUP
    raise :class:`Interrupted`, so that a write rolls back on each; after
    :meth:`hold` (rolling back, committing) they wait, and are delivered to
    the handlers the process had when the guard exits.  Signals the process
    ignores stay ignored; outside the main thread nothing is installed."""

    SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))

    def __init__(self) -> None:
        self.armed = True
        self.pending: list[int] = []
        self._old: dict[int, object] = {}

    def __enter__(self) -> SignalGuard:
        if threading.current_thread() is threading.main_thread():
            for signum in self.SIGNALS:
                old = signal.getsignal(signum)
                if old is signal.SIG_IGN or old is None:
                    continue
                self._old[signum] = old
                signal.signal(signum, self._handle)
        return self

    def _handle(self, signum: int, frame: types.FrameType | None) -> None:
        if not self.armed:
            self.pending.append(signum)
            return
        self.armed = False
        raise KeyboardInterrupt if signum == signal.SIGINT else Interrupted(signum)

    def hold(self) -> None:
        self.armed = False

    def __exit__(self, *exc_info: object) -> None:
        for signum, old in self._old.items():
            signal.signal(signum, old)  # type: ignore[arg-type]
        for signum in dict.fromkeys(self.pending):
            signal.raise_signal(signum)
