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

A journal is read as untrusted input (:meth:`WriteJournal.load`): it must be
a journal this module writes, its paths inside the tree, and no path it names
(nor any directory on the way to one) may be a symbolic link; otherwise it is
a :class:`JournalError` and nothing is changed.  Before recovery changes
anything, every file must be in a state the write can have left it in
(:meth:`WriteJournal.check_tree`); a journal that is not (one copied from
another tree, say) changes nothing.  A journal recovery cannot use is removed
by :func:`discard_unusable` once no staged file or kept original is left in
the tree.

Nothing here imports torch.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import re
import signal
import stat
import threading
import types
from pathlib import Path, PurePosixPath

from .errors import TorchTreeError


__all__ = [
    "JOURNAL",
    "Interrupted",
    "JournalEntry",
    "JournalError",
    "SignalGuard",
    "WriteJournal",
    "discard_unusable",
    "fsync_directory",
    "leftovers",
    "sha256_of",
]

log = logging.getLogger(__name__)

JOURNAL = ".patches-journal.json"
STAGED_PREFIX = ".patches-new-"
ASIDE_PREFIX = ".patches-old-"
_FORMAT = 1
_MAX_SIZE = 64 << 20  # far above any series' journal; a larger file is not one
_SHA256 = re.compile(r"[0-9a-f]{64}")
_FIELDS = ("path", "original", "new", "staged", "aside")  # JournalEntry's


class JournalError(TorchTreeError):
    """A journal recovery cannot use: unreadable, malformed, naming a path
    through a symbolic link, or not describing the tree it is in.  Nothing
    was changed."""


def sha256_of(path: Path) -> str | None:
    """SHA-256 of the file at ``path``; None where there is none."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def _relative(rel: object) -> None:
    """ValueError unless ``rel`` is a relative path inside the tree."""
    if not isinstance(rel, str):
        raise TypeError(f"{rel!r} is not a path")
    p = PurePosixPath(rel)
    if "\0" in rel or p.is_absolute() or ".." in p.parts or not p.parts or not rel.isprintable():
        raise ValueError(f"{rel!r} is not a path inside the tree")
    rel.encode("utf-8")  # a lone surrogate: UnicodeEncodeError, a ValueError


def _is_name(name: object, prefix: str) -> bool:
    return (
        isinstance(name, str) and name.startswith(prefix) and name.isprintable()
        and "/" not in name and os.sep not in name and "\0" not in name and len(name) > len(prefix)
    )


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

        The journal is untrusted input: one that cannot be read or parsed
        (too deep, too large, not a regular file), is not in the format
        :meth:`save` writes, names a path outside the tree, a staged/kept name
        that is not one of ours, or a path through a symbolic link, is a
        :class:`JournalError` (recovery never deletes a file it did not name
        itself, and never goes through a link).
        """
        path = root / JOURNAL
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            (root / (JOURNAL + ".new")).unlink(missing_ok=True)  # killed before the first save
            return None
        except OSError as e:
            what = "is a symbolic link" if os.path.islink(path) else f"cannot be read: {e.strerror or e}"
            raise JournalError(f"{path}: the journal of an interrupted write {what}") from None
        try:
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    raise ValueError("not a regular file")
                raw = f.read(_MAX_SIZE + 1)
            if len(raw) > _MAX_SIZE:
                raise ValueError(f"larger than {_MAX_SIZE >> 20} MiB")
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise JournalError(
                f"{path}: the journal of an interrupted write is unreadable: nested too deeply"
            ) from None
        except (OSError, ValueError) as e:
            raise JournalError(f"{path}: the journal of an interrupted write is unreadable: {e}") from None
        try:
            journal = cls._parse(root, data)
        except (KeyError, TypeError, ValueError) as e:
            raise JournalError(f"{path}: the journal of an interrupted write is malformed: {e}") from None
        journal.check_links()
        return journal

    @classmethod
    def _parse(cls, root: Path, data: object) -> WriteJournal:
        """``data`` (parsed JSON) as a journal; ValueError or TypeError where it
        is not one :meth:`save` writes."""
        if not isinstance(data, dict) or set(data) != {"format", "committed", "dirs", "files"}:
            raise ValueError("not an object with format, committed, dirs and files")
        if type(data["format"]) is not int or data["format"] != _FORMAT:
            raise ValueError(f"format {data['format']!r}, expected {_FORMAT}")
        if not isinstance(data["committed"], bool):
            raise TypeError(f"committed is {data['committed']!r}, not true or false")
        if not isinstance(data["files"], list) or not isinstance(data["dirs"], list):
            raise TypeError("files and dirs must be lists")
        entries = []
        for e in data["files"]:
            if not isinstance(e, dict) or set(e) != set(_FIELDS):
                raise ValueError(f"a file entry must have exactly {', '.join(_FIELDS)}")
            entry = JournalEntry(**e)
            _relative(entry.path)
            for digest in (entry.original, entry.new):
                if digest is not None and not (isinstance(digest, str) and _SHA256.fullmatch(digest)):
                    raise ValueError(f"{digest!r} is not a SHA-256 of {entry.path!r}")
            for name, prefix, needed in (
                (entry.staged, STAGED_PREFIX, entry.new is not None),
                (entry.aside, ASIDE_PREFIX, entry.original is not None),
            ):
                if (name is not None) != needed:
                    raise ValueError(f"{entry.path!r}: {prefix}* name {name!r} does not go with its digests")
                if name is not None and not _is_name(name, prefix):
                    raise ValueError(f"{name!r} is not a name the write stages or keeps files under")
            entries.append(entry)
        paths = [e.path for e in entries]
        if len(set(paths)) != len(paths):
            raise ValueError("a file is named twice")
        parents = {str(p) for rel in paths for p in PurePosixPath(rel).parents}
        dirs = []
        for d in data["dirs"]:
            _relative(d)
            if d not in parents:
                raise ValueError(f"{d!r} is not a directory of a file the write changes")
            dirs.append(d)
        return cls(root, entries, dirs, data["committed"])

    def check_links(self) -> None:
        """:class:`JournalError` where a path the journal names (a file, its
        staged or kept name, a directory it created), or a directory on the
        way to one, is a symbolic link: recovery would change what the link
        leads to, perhaps outside the tree."""
        for rel in [e.path for e in self.entries] + self.dirs:
            here = self.root
            for i, part in enumerate(PurePosixPath(rel).parts):
                here = here / part
                try:
                    if not stat.S_ISLNK(os.lstat(here).st_mode):
                        continue
                except (FileNotFoundError, NotADirectoryError):
                    break
                except OSError as e:
                    raise JournalError(f"{self.path}: cannot examine {here}: {e.strerror or e}") from None
                link = "/".join(PurePosixPath(rel).parts[: i + 1])
                raise JournalError(
                    f"{self.path}: {link} is a symbolic link (to {os.readlink(here)}) and the journal names "
                    f"{rel} through it; recovery never goes through a link"
                )
        for entry in self.entries:
            for extra in (self.staged(entry), self.aside(entry)):
                if extra is not None and os.path.islink(extra):
                    raise JournalError(
                        f"{self.path}: {PurePosixPath(entry.path).parent / extra.name} is a symbolic link "
                        f"(to {os.readlink(extra)}); recovery never goes through a link"
                    )

    def check_tree(self) -> None:
        """:class:`JournalError`, before anything is changed, where a file
        is in no state this write can have left it in: not rolled back nor
        completed, its original (under its name or its kept name) for a
        write not committed, its new text for a committed one.  A journal
        from another tree, or of a tree changed since, changes nothing."""
        self.check_links()
        for entry in self.entries:
            target, aside = self.target(entry), self.aside(entry)
            try:
                now = sha256_of(target)
                if self.committed:
                    ok = now == entry.new
                else:
                    ok = now == entry.original or (
                        (aside is not None and sha256_of(aside) == entry.original)
                        or (entry.original is None and now == entry.new)
                    )
            except OSError as e:
                raise JournalError(f"{self.path}: cannot read {target}: {e.strerror or e}") from None
            if not ok:
                has = "no file" if now is None else "other text"
                wants = "the new text" if self.committed else "its original (or the new text of this write)"
                raise JournalError(
                    f"{self.path}: does not describe this tree: {entry.path} has {has}, not {wants}; "
                    "nothing was changed"
                )

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
                if sha256_of(target) == entry.original:
                    os.unlink(aside)  # not replaced yet (or a kept copy cut short by the kill)
                else:
                    os.replace(aside, target)
            elif entry.original is None and os.path.lexists(target):
                if sha256_of(target) != entry.new:
                    log.error("%s is not the text this write put there; left as it is", target)
                    return False
                os.unlink(target)
            if staged is not None:
                staged.unlink(missing_ok=True)
            if sha256_of(target) == entry.original:
                return True
        except OSError as e:
            kept = f" (the original is at {aside})" if aside is not None and os.path.lexists(aside) else ""
            log.error("could not put back %s: %s%s", target, e.strerror or e, kept)
            return False
        log.error("%s differs from its original after the roll back", target)
        return False

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
        which.  :class:`JournalError`, with nothing changed, where the tree
        is not in a state the write can have left it in
        (:meth:`check_tree`); :class:`TorchTreeError` where recovering fails
        (the journal is kept)."""
        self.check_tree()
        if self.committed:
            if not self.complete():
                raise TorchTreeError(f"{self.path}: could not complete the interrupted write (see above)")
            return f"completed the interrupted write of {len(self.entries)} file(s)"
        if not self.roll_back():
            raise TorchTreeError(f"{self.path}: could not roll back the interrupted write (see above)")
        return f"rolled back the interrupted write of {len(self.entries)} file(s): the tree is as it was before"


def leftovers(root: Path) -> list[str]:
    """The staged files and kept originals of writes (``.patches-new-*``,
    ``.patches-old-*``) anywhere in the tree at ``root`` (relative paths,
    sorted); no symbolic link is followed, ``.git`` is not searched."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames + dirnames:
            if name.startswith((STAGED_PREFIX, ASIDE_PREFIX)):
                found.append((Path(dirpath) / name).relative_to(root).as_posix())
    return sorted(found)


def discard_unusable(root: Path) -> str:
    """Remove a journal that recovery cannot use (unreadable, malformed,
    through a link, or not describing the tree), once it is certain that no
    original can be lost by that: no staged file or kept original is left
    anywhere in the tree (:func:`leftovers`).  Says what it did;
    :class:`JournalError` where it removes nothing: the journal can be
    recovered (``recover`` without discarding), or files of a write are left
    (named: a kept original may be the only copy of its file)."""
    path = root / JOURNAL
    try:
        journal = WriteJournal.load(root)
        if journal is None:
            return "no journal to discard"
        journal.check_tree()
    except JournalError as e:
        reason = str(e).removeprefix(f"{path}: ")
    else:
        raise JournalError(
            f"{path}: not discarded: it describes an interrupted write of this tree, which recovering "
            "puts back (run recover without --discard)"
        )
    left = leftovers(root)
    if left:
        shown = ", ".join(left[:5]) + (f" and {len(left) - 5} more" if len(left) > 5 else "")
        raise JournalError(
            f"{path}: not discarded: {len(left)} staged or kept file(s) of a write are in the tree ({shown}); "
            f"a {ASIDE_PREFIX}TOKEN-NAME file may be the only copy of NAME's original: put each back "
            "or remove it yourself, then discard again"
        )
    WriteJournal(root, [], []).discard()
    if os.path.lexists(path):
        raise JournalError(f"{path}: could not be removed (see above); remove it yourself")
    return (
        f"removed the journal {JOURNAL} ({reason}); no staged file or kept original was in the tree, "
        "nothing else was changed"
    )


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
