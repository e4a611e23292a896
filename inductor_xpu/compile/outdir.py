"""The output directory of ``python -m inductor_xpu compile`` (``--out``).

The tool removes only what it wrote itself, and only while it is still
what it wrote.  Each run records in :data:`MANIFEST` the files it wrote
(with each one's SHA-256) and the directories it created; the next run
removes those files whose content still has that hash (and those
directories, once empty), nothing else.  A manifest names only what the
tool writes (``output_code_<n>.py``/``.cpp``, ``report.json``, the AOT
sources under ``aot/``): one naming anything else, or that is not a
manifest, is refused.  A directory that holds files of the names a run
writes that no manifest lists (or that changed since) is refused, before
anything is built or compiled: with ``--force`` the run writes into it
(replacing those files) and still removes nothing it did not write.  An
``aot/`` holding anything the tool did not write is never written into,
even with ``--force``.  Nothing is written or removed through a symbolic
link.

A run changes nothing in the directory until it has its outputs
(:meth:`OutputDirectory.commit`): each file is written to a new temporary
file in its directory (created, never opened through a link) and renamed
over its name, then the manifest is written the same way, then what the
previous run wrote and this one did not is removed.  A run that fails or
is interrupted before that leaves the previous run's outputs as they were;
an interrupt while committing (milliseconds) is delivered after it.

One run at a time: :meth:`OutputDirectory.claim` takes an exclusive
``flock`` on the directory, held until the run ends
(:func:`releasing_out_dirs`); a second run into the same directory is
refused.

:func:`prepare_out_dir` checks the path first (created if missing, proved
writable), so an unusable path is one line and exit status 2, not a
traceback after a whole compile.  A storage failure (a disk full, a quota,
an I/O error), then or while committing, is :class:`OutputWriteError`: one
line naming the file that could not be written, exit status 1 (not 2: the
arguments were fine).  A symbolic link loop on the way to ``--out`` is
named as one.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import hashlib
import json
import logging
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from inductor_xpu.compile.options import CompileUsageError


log = logging.getLogger(__name__)

__all__ = [
    "AOT_SUBDIR",
    "MANIFEST",
    "OutputDirectory",
    "OutputWriteError",
    "prepare_out_dir",
    "releasing_out_dirs",
]

# What a run writes in the directory, besides the manifest: each graph's code
# and the report.  (AOT_SUBDIR: the AOTInductor sources of --aot.)
MANIFEST = "inductor-xpu-manifest.json"
AOT_SUBDIR = "aot"
_OUTPUT_RE = re.compile(r"output_code_\d+\.(py|cpp)|report\.json")
# What a manifest may name: the outputs above, and the AOT sources
# (inductor_xpu.modes.aot: aot_<n>/wrapper.cpp, kernel.cpp, metadata.json,
# triton/<kernel>.py) and their directories.
_AOT_FILE_RE = re.compile(r"aot/aot_\d+/(wrapper\.cpp|kernel\.cpp|metadata\.json|triton/[A-Za-z0-9_]+\.py)")
_AOT_DIR_RE = re.compile(r"aot(/aot_\d+(/triton)?)?")
_FORMAT = "inductor-xpu compile manifest 1"
# Larger than any manifest this tool writes by far; a larger file is not one.
_MANIFEST_MAX_BYTES = 64 << 20
# Room kept under PATH_MAX for what a run writes inside --out
# (aot/aot_<n>/triton/<kernel>.py and a temporary name beside it).
_PATH_RESERVE = 256

_T = TypeVar("_T")


class OutputWriteError(OSError):
    """The outputs could not be written (a disk full, a quota, an I/O
    error): not a bad argument.  The message names the file and the cause;
    the command's exit status is 1, as for a failed compile."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


# errors of the storage, not of the path given: an OutputWriteError
_IO_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG})


def _why(e: OSError) -> str:
    return os.strerror(e.errno) if e.errno else str(e)


def _is_loop(path: str) -> bool:
    """``path`` (or a link on the way to it) is a symbolic link loop."""
    try:
        os.stat(path)
    except OSError as e:
        return e.errno == errno.ELOOP
    return False


def _shown(path: str) -> str:
    """``path`` for a one-line message (a path of thousands of bytes cut)."""
    return path if len(path) <= 200 else f"{path[:120]}...{path[-60:]}"


def _limits(existing: str) -> tuple[int, int]:
    """(NAME_MAX, PATH_MAX) of the filesystem of the directory ``existing``."""
    limits = []
    for name, default in (("PC_NAME_MAX", 255), ("PC_PATH_MAX", 4096)):
        try:
            limits.append(os.pathconf(existing, name))
        except (OSError, ValueError):
            limits.append(default)
    return limits[0], limits[1]


def prepare_out_dir(path: str) -> None:
    """Create ``path`` (and its parents) if missing and prove that files can
    be created in it; raises :class:`CompileUsageError` naming the path and
    the problem (having created nothing)."""
    where = f"--out {_shown(path)}"
    if not path:
        raise CompileUsageError("--out must name a directory (got an empty string)")
    if "\0" in path:
        raise CompileUsageError(f"--out {path!r}: a path cannot hold a NUL byte")
    if os.path.lexists(path) and not os.path.isdir(path):
        if _is_loop(path):
            raise CompileUsageError(f"{where}: a symbolic link loop (too many levels of symbolic links)")
        raise CompileUsageError(f"{where}: exists and is not a directory")
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent):  # the nearest existing ancestor
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        if _is_loop(parent):
            raise CompileUsageError(f"{where}: {parent} is a symbolic link loop (too many levels of symbolic links)")
        raise CompileUsageError(f"{where}: {parent} is a file, not a directory")
    name_max, path_max = _limits(parent)
    too_long = [c for c in os.fsencode(path).split(b"/") if len(c) > name_max]
    if too_long:
        raise CompileUsageError(
            f"{where}: a component of the path is longer than NAME_MAX ({name_max} bytes here): "
            f"{_shown(os.fsdecode(too_long[0]))}"
        )
    if len(os.fsencode(path)) > path_max - _PATH_RESERVE:
        raise CompileUsageError(
            f"{where}: the path is longer than PATH_MAX allows ({len(os.fsencode(path))} bytes; at most "
            f"{path_max - _PATH_RESERVE} leave room under PATH_MAX, {path_max} here, for the files written inside it)"
        )
    missing: list[str] = []  # the directories makedirs creates, outermost first
    current = os.path.abspath(path)
    while not os.path.lexists(current):
        missing.insert(0, current)
        current = os.path.dirname(current)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        for created in reversed(missing):  # create nothing on failure
            with contextlib.suppress(OSError):
                os.rmdir(created)
        if isinstance(e, FileExistsError):
            raise CompileUsageError(f"{where}: exists and is not a directory") from None
        if isinstance(e, NotADirectoryError):
            raise CompileUsageError(f"{where}: a parent of it is a file, not a directory") from None
        if isinstance(e, PermissionError):
            raise CompileUsageError(f"{where}: cannot create it: permission denied in {parent}") from None
        if e.errno in _IO_ERRNOS:
            raise OutputWriteError(e.errno, f"{where}: cannot create it: {_why(e)}") from None
        raise CompileUsageError(f"{where}: cannot create it: {_why(e)}") from None
    # os.access is no proof (root, ACLs, read-only mounts): create a file.
    probe = os.path.join(path, f".inductor_xpu-write-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except OSError as e:
        what = "permission denied" if e.errno in (errno.EACCES, errno.EPERM) else _why(e)
        if e.errno in _IO_ERRNOS:
            raise OutputWriteError(e.errno, f"{where}: cannot write files in it: {what}") from None
        raise CompileUsageError(f"{where}: cannot write files in it: {what}") from None
    os.close(fd)
    os.remove(probe)


class _BadManifest(ValueError):
    pass


def _entry(entry: Any, pattern: re.Pattern[str], what: str) -> str:
    """A manifest entry: a normalized relative path of a name the tool
    writes (``pattern``); anything else raises :class:`_BadManifest`."""
    if not isinstance(entry, str):
        raise _BadManifest(f"a {what} entry is a {type(entry).__name__}, not a path")
    if not pattern.fullmatch(entry) or os.path.normpath(entry) != entry:
        shown = entry if len(entry) <= 80 else entry[:80] + "..."
        if entry.startswith("/") or ".." in entry.split("/"):
            raise _BadManifest(f"it names a path outside the directory: {shown!r}")
        raise _BadManifest(f"it names {shown!r}, not a {what} this tool writes")
    return entry


def _parse_manifest(text: str) -> tuple[dict[str, str | None], list[str]]:
    """The files (name -> SHA-256, None where an older manifest has none)
    and directories a manifest lists; :class:`_BadManifest` for anything
    that is not a manifest of this tool."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise _BadManifest("nested too deeply to be a manifest") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise _BadManifest("not a manifest this tool wrote")
    files, dirs, hashes = data.get("files", []), data.get("dirs", []), data.get("sha256", {})
    for key, value, kind in (("files", files, list), ("dirs", dirs, list), ("sha256", hashes, dict)):
        if not isinstance(value, kind):
            raise _BadManifest(f'its "{key}" is {json.dumps(value)[:40]}, not a {kind.__name__}')
    names = [_entry(e, re.compile(f"{_OUTPUT_RE.pattern}|{_AOT_FILE_RE.pattern}"), "file") for e in files]
    listed: dict[str, str | None] = dict.fromkeys(names)
    for name, digest in hashes.items():
        if name not in listed or not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise _BadManifest(f"its sha256 of {str(name)[:80]!r} is not one of a listed file")
        listed[name] = digest
    return listed, list(dict.fromkeys(_entry(e, _AOT_DIR_RE, "directory") for e in dirs))


def _sha256(fd: int) -> str:
    h = hashlib.sha256()
    while chunk := os.read(fd, 1 << 20):
        h.update(chunk)
    return h.hexdigest()


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """SIGINT (Ctrl-C) held back while the directory changes, delivered
    after: the directory is never left half way."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received:
            signal.raise_signal(signal.SIGINT)


_claimed = threading.local()  # the OutputDirectories claimed, innermost last


def _claimed_stack() -> list[OutputDirectory]:
    if not hasattr(_claimed, "stack"):
        _claimed.stack = []
    return _claimed.stack


def releasing_out_dirs(fn: Callable[..., _T]) -> Callable[..., _T]:
    """``fn`` (a run) releases every output directory it claimed (its lock,
    its staging directory) when it returns or raises."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> _T:
        stack = _claimed_stack()
        depth = len(stack)
        try:
            return fn(*args, **kwargs)
        finally:
            while len(stack) > depth:
                stack.pop().close()

    return run


class OutputDirectory:
    """``--out DIR`` of one run: what an earlier run wrote there (its
    manifest), what this run writes, and the manifest it leaves."""

    def __init__(self, path: str) -> None:
        self.path = path
        # What an earlier run wrote and is still there as it wrote it: file ->
        # SHA-256 (None: listed by a manifest without hashes, never removed),
        # and its directories.
        self.previous_files: dict[str, str | None] = {}
        self.previous_dirs: list[str] = []
        self.files: list[str] = []  # written by this run, in order
        self.dirs: list[str] = []  # created or written into by this run
        self._staged: dict[str, bytes] = {}
        self._lock_fd: int | None = None
        self._staging: str | None = None

    def _where(self) -> str:
        return f"--out {_shown(self.path)}"

    # -- claim: before anything is built -------------------------------------

    def claim(self, *, force: bool, aot: bool) -> None:
        """Check, before anything is compiled, that this run may write here,
        and hold the directory until the run ends: raises
        :class:`CompileUsageError` when another run holds it, for a
        manifest that is not one (unless ``force``), for files of this run's
        names that no manifest lists or that changed since (unless
        ``force``), for an ``aot/`` holding anything it did not write
        (``aot``), and for what could not be replaced."""
        self._lock()
        _claimed_stack().append(self)
        self._read_manifest(force)
        self._verify_previous()
        ours = set(self.previous_files)
        names = sorted(os.listdir(self.path))
        for name in names:
            if (name == MANIFEST or _OUTPUT_RE.fullmatch(name)) and stat.S_ISDIR(self._lstat(name)):
                raise CompileUsageError(
                    f"{self._where()}: {name} is a directory, not a file; this run writes a file of that name: "
                    "move it away or choose another --out (nothing removed)"
                )
        if aot:
            self._check_aot()
        foreign = [n for n in names if _OUTPUT_RE.fullmatch(n) and n not in ours]
        if foreign and not force:
            shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
            raise CompileUsageError(
                f"{self._where()}: holds {shown}, not written by this tool (no {MANIFEST} lists them, or they "
                "changed since); nothing removed. Choose another --out, or --force to write into it (files of "
                "the same names are replaced; nothing else is removed)"
            )
        # what this run replaces or removes: proved replaceable now, not after the compile
        self._check_replaceable([*ours, *(["report.json"] if "report.json" in foreign else [])])

    def _lock(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError as e:
            raise CompileUsageError(f"{self._where()}: cannot open it: {_why(e)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CompileUsageError(
                f"{self._where()}: another compile is writing into it now (it holds the directory's lock); "
                "wait for it to finish or choose another --out"
            ) from None
        except OSError as e:  # a filesystem without flock (some network filesystems)
            log.warning("%s: cannot lock it (%s): a concurrent run into it is not refused", self._where(), _why(e))
        self._lock_fd = fd

    def close(self) -> None:
        """Release the directory (the lock) and remove the staging directory."""
        if self._staging is not None:
            shutil.rmtree(self._staging, ignore_errors=True)
            self._staging = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the flock
            self._lock_fd = None

    def __del__(self) -> None:
        self.close()

    def _lstat(self, rel: str) -> int:
        try:
            return os.lstat(os.path.join(self.path, rel)).st_mode
        except OSError:
            return 0

    def _read_manifest(self, force: bool) -> None:
        path = os.path.join(self.path, MANIFEST)
        mode = self._lstat(MANIFEST)
        if not mode and not os.path.lexists(path):
            return
        try:
            if stat.S_ISLNK(mode):
                raise _BadManifest("a symbolic link")
            if not stat.S_ISREG(mode):
                raise _BadManifest("not a file")
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
            try:
                size = os.fstat(fd).st_size
                if size > _MANIFEST_MAX_BYTES:
                    raise _BadManifest(f"{size} bytes: larger than any manifest")
                raw = os.read(fd, size + 1)
            finally:
                os.close(fd)
            self.previous_files, self.previous_dirs = _parse_manifest(raw.decode("utf-8"))
        except (OSError, ValueError) as e:  # _BadManifest, JSONDecodeError, UnicodeDecodeError: ValueErrors
            why = _why(e) if isinstance(e, OSError) else str(e)
            if force:
                log.warning("%s: ignoring %s (%s)", self._where(), MANIFEST, why)
                return
            raise CompileUsageError(
                f"{self._where()}: {MANIFEST} is unreadable ({why}); nothing removed. "
                "--force writes into the directory without removing anything it did not write"
            ) from None

    def _inside(self, rel: str) -> bool:
        """Whether every directory from the top to ``rel`` is a real
        directory (no symbolic link on the way) and ``rel`` exists."""
        current = self.path
        for part in rel.split("/"):
            current = os.path.join(current, part)
            try:
                mode = os.lstat(current).st_mode
            except OSError:
                return False
            if stat.S_ISLNK(mode):
                return False
        return True

    def _digest(self, rel: str) -> str | None:
        """The SHA-256 of the regular file ``rel`` (reached through real
        directories only), or None."""
        parent = os.path.dirname(rel)
        if parent and not (self._inside(parent) and stat.S_ISDIR(self._lstat(parent))):
            return None
        try:
            fd = os.open(os.path.join(self.path, rel), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            return _sha256(fd) if stat.S_ISREG(os.fstat(fd).st_mode) else None
        finally:
            os.close(fd)

    def _verify_previous(self) -> None:
        """Keep of the manifest's files those still as the earlier run wrote
        them (a file with no hash: still a regular file), and of its
        directories those that are real directories."""
        kept: dict[str, str | None] = {}
        for rel, recorded in self.previous_files.items():
            digest = self._digest(rel)
            if digest is not None and recorded in (None, digest):
                kept[rel] = recorded
        self.previous_files = kept
        self.previous_dirs = [d for d in self.previous_dirs if self._inside(d) and stat.S_ISDIR(self._lstat(d))]

    def _check_aot(self) -> None:
        """``aot/`` holds nothing but what an earlier run wrote there, as it
        wrote it: this run writes into it."""
        if not os.path.lexists(os.path.join(self.path, AOT_SUBDIR)):
            return
        if AOT_SUBDIR not in self.previous_dirs:
            what = "a symbolic link" if stat.S_ISLNK(self._lstat(AOT_SUBDIR)) else "there"
            raise CompileUsageError(
                f"{self._where()}: {AOT_SUBDIR}/ is {what} and was not written by this tool; "
                f"move it away or choose another --out (nothing removed)"
            )
        pending, foreign = [AOT_SUBDIR], []
        while pending:  # only the directories the manifest lists (at most three deep)
            directory = pending.pop()
            try:
                entries = sorted(os.scandir(os.path.join(self.path, directory)), key=lambda e: e.name)
            except OSError as e:
                foreign.append(f"{directory} ({_why(e)})")
                continue
            for entry in entries:
                rel = f"{directory}/{entry.name}"
                if entry.is_dir(follow_symlinks=False) and rel in self.previous_dirs:
                    pending.append(rel)
                elif not (entry.is_file(follow_symlinks=False) and rel in self.previous_files):
                    foreign.append(rel)
        if foreign:
            raise CompileUsageError(
                f"{self._where()}: {AOT_SUBDIR}/ holds {', '.join(foreign[:3])}"
                f"{f' and {len(foreign) - 3} more' if len(foreign) > 3 else ''}, not written by this tool (or "
                "changed since); move them away or choose another --out (nothing removed)"
            )

    def _check_replaceable(self, names: list[str]) -> None:
        """Each file of ``names`` can be renamed (so replaced or removed):
        not immutable or append-only, in a directory this process may
        change; proved by renaming it there and back."""
        with _interrupts_deferred():
            for rel in names:
                path = os.path.join(self.path, rel)
                probe = os.path.join(os.path.dirname(path), f".inductor_xpu-rename-test-{uuid.uuid4().hex[:8]}")
                try:
                    os.rename(path, probe)
                except FileNotFoundError:
                    continue
                except OSError as e:
                    raise CompileUsageError(
                        f"{self._where()}: {rel} cannot be replaced or removed ({_why(e)}): an earlier run "
                        "wrote it and this run replaces or removes it; make it writable or choose another "
                        "--out (nothing removed)"
                    ) from None
                os.rename(probe, path)

    # -- the run's outputs ---------------------------------------------------

    def aot_staging(self) -> str:
        """Where the compile writes the AOT sources: a path in a new
        directory outside ``--out``, removed when the run ends
        (:meth:`commit` writes the sources' texts under ``aot/``)."""
        if self._staging is None:
            self._staging = tempfile.mkdtemp(prefix="inductor-xpu-aot-")
        return os.path.join(self._staging, AOT_SUBDIR)

    def add(self, name: str, text: str) -> None:
        """``text`` as ``name`` (relative: an output or ``aot/...``), written
        by :meth:`commit`."""
        name = os.path.normpath(name)
        if name not in self._staged:
            self.files.append(name)
        self._staged[name] = text.encode("utf-8")

    def commit(self) -> None:
        """Write what :meth:`add` was given, each file to a new temporary
        file renamed over its name; then the manifest; then remove what the
        earlier run wrote and this one did not (only files as it wrote
        them, and its directories once empty).  An interrupt meanwhile is
        delivered after."""
        with _interrupts_deferred():
            self._commit()

    def _commit(self) -> None:
        written: dict[str, str] = {}  # name -> SHA-256
        temporary: dict[str, str] = {}  # name -> its temporary file
        created: list[str] = []
        failed = MANIFEST  # the file being written when an error comes
        try:
            for name, data in self._staged.items():
                failed = name
                created += self._parents(name)
                temporary[name] = self._write_temporary(name, data)
            for name, tmp in list(temporary.items()):
                failed = name
                os.replace(tmp, os.path.join(self.path, name))
                del temporary[name]
                written[name] = hashlib.sha256(self._staged[name]).hexdigest()
            failed = MANIFEST
            stale = {n: h for n, h in self.previous_files.items() if n not in written}
            stale_dirs = [d for d in self.previous_dirs if d not in self.dirs]
            self._write_manifest({**written, **stale}, [*self.dirs, *stale_dirs])
        except OSError as e:
            for tmp in temporary.values():
                with contextlib.suppress(OSError):
                    os.remove(tmp)
            for d in reversed(created):
                with contextlib.suppress(OSError):
                    os.rmdir(os.path.join(self.path, d))
            raise self._write_failed(failed, e, written) from None
        if not stale and not stale_dirs:
            return
        kept = {n: h for n, h in stale.items() if self._remove(n, h)}
        for d in sorted(stale_dirs, key=lambda d: d.count("/"), reverse=True):
            with contextlib.suppress(OSError):
                if self._inside(d):
                    os.rmdir(os.path.join(self.path, d))  # only if empty
        kept_dirs = [d for d in stale_dirs if self._inside(d)]
        try:
            self._write_manifest({**written, **kept}, [*self.dirs, *kept_dirs])
        except OSError as e:  # the manifest before it still lists these (and files now gone: harmless)
            raise self._write_failed(MANIFEST, e, written) from None

    def _write_failed(self, failed: str, e: OSError, written: dict[str, str]) -> Exception:
        """The error for ``failed`` not written: :class:`OutputWriteError`
        naming it (exit status 1), or :class:`CompileUsageError` where the
        directory's own state is at fault (a path that is no directory);
        the manifest first made to say what the directory holds now, if it
        can be written."""
        listed = f"{MANIFEST} lists what it holds"
        if written or failed != MANIFEST:
            try:
                self._write_manifest({**self.previous_files, **written}, [*self.previous_dirs, *self.dirs])
            except OSError:
                listed = f"{MANIFEST} could not be written either: the next run may refuse the directory"
        cause = _why(e)
        message = (
            f"{self._where()}: cannot write {failed}: {cause}; {len(written)} of {len(self._staged)} "
            f"files written ({listed})"
        )
        if isinstance(e, NotADirectoryError) or e.errno in (errno.ENOTDIR, errno.EISDIR, errno.ELOOP):
            return CompileUsageError(message)
        return OutputWriteError(e.errno, message)

    def _parents(self, name: str) -> list[str]:
        """Make the directories of ``name`` (under aot/), real directories
        only; returns those created."""
        created = []
        parent = os.path.dirname(name)
        parts = parent.split("/") if parent else []
        for i in range(len(parts)):
            rel = "/".join(parts[: i + 1])
            mode = self._lstat(rel)
            if not mode:
                os.mkdir(os.path.join(self.path, rel))
                created.append(rel)
            elif not stat.S_ISDIR(mode):
                raise NotADirectoryError(errno.ENOTDIR, f"{rel} is not a directory")
            if rel not in self.dirs:
                self.dirs.append(rel)
        return created

    def _write_temporary(self, name: str, data: bytes) -> str:
        """A new file (O_EXCL, never through a link) beside ``name``
        holding ``data``, with the permissions a new file gets."""
        directory = os.path.join(self.path, os.path.dirname(name))
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(name)}.", suffix=".tmp", dir=directory)
        try:
            os.fchmod(fd, 0o666 & ~_umask())
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        except BaseException:
            os.close(fd)
            os.remove(tmp)
            raise
        os.close(fd)
        return tmp

    def _remove(self, rel: str, recorded: str | None) -> bool:
        """Remove the earlier run's file ``rel`` if it is still what it
        wrote (its hash); whether it stays the tool's (a file listed
        without a hash, which is never removed, or one that could not be)."""
        if recorded is None:
            return os.path.lexists(os.path.join(self.path, rel))
        if self._digest(rel) != recorded:
            return False  # gone, or changed since: not the tool's any more
        try:
            os.remove(os.path.join(self.path, rel))
        except OSError as e:
            log.warning("%s: cannot remove %s (%s)", self._where(), rel, _why(e))
            return True
        return False

    def _write_manifest(self, files: dict[str, str | None], dirs: list[str]) -> None:
        data = {
            "format": _FORMAT,
            "note": "written by python -m inductor_xpu compile: the files its next run in this directory "
            "removes if they still have these hashes (and nothing else)",
            "files": list(files),
            "dirs": list(dict.fromkeys(dirs)),
            "sha256": {name: digest for name, digest in files.items() if digest is not None},
        }
        tmp = self._write_temporary(MANIFEST, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        try:
            os.replace(tmp, os.path.join(self.path, MANIFEST))
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise


def _umask() -> int:
    """This process's umask (/proc's; elsewhere set and set back)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o22)
    os.umask(mask)
    return mask
