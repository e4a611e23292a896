"""The output directory of ``python -m inductor_xpu compile`` (``--out``).

The tool removes only what it wrote itself.  Each run records the files it
wrote in :data:`MANIFEST` in the directory; the next run removes those (and
the directories it created, once empty), nothing else.  A directory that
holds files of the names a run writes (``report.json``,
``output_code_<n>.py``/``.cpp``, ``aot/`` with ``--aot``) that no manifest
lists is refused, before anything is built or compiled: with ``--force``
the run writes into it (replacing those files) and still removes nothing it
did not write.  An ``aot/`` the tool did not write is never replaced, even
with ``--force``.  Removal never follows a symbolic link.

:func:`prepare_out_dir` checks the path first (created if missing, proved
writable), so an unusable path is one line and exit status 2, not a
traceback after a whole compile.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import stat
import uuid
from typing import Any

from inductor_xpu.compile.options import CompileUsageError


log = logging.getLogger(__name__)

__all__ = ["AOT_SUBDIR", "MANIFEST", "OutputDirectory", "prepare_out_dir"]

# What a run writes in the directory, besides the manifest: each graph's code
# and the report.  (AOT_SUBDIR: the AOTInductor sources of --aot.)
MANIFEST = "inductor-xpu-manifest.json"
AOT_SUBDIR = "aot"
_OUTPUT_RE = re.compile(r"output_code_\d+\.(py|cpp)|report\.json")
_FORMAT = "inductor-xpu compile manifest 1"


def _why(e: OSError) -> str:
    return os.strerror(e.errno) if e.errno else str(e)


def prepare_out_dir(path: str) -> None:
    """Create ``path`` (and its parents) if missing and prove that files can
    be created in it; raises :class:`CompileUsageError` naming the path and
    the problem."""
    where = f"--out {path}"
    if os.path.lexists(path) and not os.path.isdir(path):
        raise CompileUsageError(f"{where}: exists and is not a directory")
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent):  # the nearest existing ancestor
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise CompileUsageError(f"{where}: {parent} is a file, not a directory")
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise CompileUsageError(f"{where}: exists and is not a directory") from None
    except NotADirectoryError:
        raise CompileUsageError(f"{where}: a parent of it is a file, not a directory") from None
    except PermissionError:
        raise CompileUsageError(f"{where}: cannot create it: permission denied in {parent}") from None
    except OSError as e:
        raise CompileUsageError(f"{where}: cannot create it: {_why(e)}") from None
    # os.access is no proof (root, ACLs, read-only mounts): create a file.
    probe = os.path.join(path, f".inductor_xpu-write-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as e:
        what = "permission denied" if e.errno in (errno.EACCES, errno.EPERM) else _why(e)
        raise CompileUsageError(f"{where}: cannot write files in it: {what}") from None
    os.close(fd)
    os.remove(probe)


def _relative(entry: Any) -> str | None:
    """A manifest entry as a normalized relative path inside the directory,
    or None for anything else (absolute, ``..``, not a string)."""
    if not isinstance(entry, str) or not entry or os.path.isabs(entry):
        return None
    norm = os.path.normpath(entry)
    if norm.startswith(os.pardir) or norm == os.curdir:
        return None
    return norm


class OutputDirectory:
    """``--out DIR`` of one run: what an earlier run wrote there (its
    manifest), what this run writes, and the manifest it leaves."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.previous_files: list[str] = []
        self.previous_dirs: list[str] = []
        self.has_manifest = False
        self.files: list[str] = []  # written by this run, in order
        self.dirs: list[str] = []  # created by this run

    def _where(self) -> str:
        return f"--out {self.path}"

    def _read_manifest(self, force: bool) -> None:
        path = os.path.join(self.path, MANIFEST)
        if not os.path.lexists(path):
            return
        try:
            if os.path.islink(path):
                raise ValueError("a symbolic link")
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            if not isinstance(data, dict) or data.get("format") != _FORMAT:
                raise ValueError("not a manifest this tool wrote")
            files = [_relative(e) for e in data.get("files", [])]
            dirs = [_relative(e) for e in data.get("dirs", [])]
            if None in files or None in dirs:
                raise ValueError("it names a path outside the directory")
        except (OSError, ValueError) as e:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
            if force:
                log.warning("%s: ignoring %s (%s)", self._where(), MANIFEST, e)
                return
            raise CompileUsageError(
                f"{self._where()}: {MANIFEST} is unreadable ({e}); nothing removed. "
                "--force writes into the directory without removing anything it did not write"
            ) from None
        self.has_manifest = True
        self.previous_files = [f for f in files if f]
        self.previous_dirs = [d for d in dirs if d]

    def claim(self, *, force: bool, aot: bool) -> None:
        """Check, before anything is compiled, that this run may write here:
        raises :class:`CompileUsageError` for files of this run's names
        that no manifest lists (unless ``force``), and for an ``aot/`` it
        did not write (``aot``)."""
        self._read_manifest(force)
        ours = set(self.previous_files) | set(self.previous_dirs)
        names = sorted(os.listdir(self.path))
        if aot and AOT_SUBDIR not in ours and os.path.lexists(os.path.join(self.path, AOT_SUBDIR)):
            what = "a symbolic link" if os.path.islink(os.path.join(self.path, AOT_SUBDIR)) else "there"
            raise CompileUsageError(
                f"{self._where()}: {AOT_SUBDIR}/ is {what} and was not written by this tool; "
                f"move it away or choose another --out (nothing removed)"
            )
        foreign = [n for n in names if _OUTPUT_RE.fullmatch(n) and n not in ours]
        if foreign and not force:
            shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
            raise CompileUsageError(
                f"{self._where()}: holds {shown}, not written by this tool (no {MANIFEST} lists them); "
                "nothing removed. Choose another --out, or --force to write into it (files of the same "
                "names are replaced; nothing else is removed)"
            )

    def remove_previous(self, *, aot: bool) -> None:
        """Remove what the manifest lists: the files an earlier run wrote,
        then its directories once empty; never through a symbolic link.
        With ``aot``, an ``aot/`` left holding files of someone else is
        refused (:class:`CompileUsageError`)."""
        for rel in self.previous_files:
            self._unlink(rel)
        for rel in sorted(self.previous_dirs, key=lambda d: d.count(os.sep), reverse=True):
            if self._inside(rel):
                try:
                    os.rmdir(os.path.join(self.path, rel))  # only if empty
                except OSError:
                    pass
        self.previous_files, self.previous_dirs = [], []
        self.write_manifest()  # an interrupted run still leaves a true manifest
        if aot and os.path.lexists(os.path.join(self.path, AOT_SUBDIR)):
            raise CompileUsageError(
                f"{self._where()}: {AOT_SUBDIR}/ holds files this tool did not write; "
                "move them away or choose another --out"
            )

    def _inside(self, rel: str) -> bool:
        """Whether every directory from the top to ``rel`` is a real
        directory (no symbolic link on the way) and ``rel`` exists."""
        current = self.path
        for part in rel.split(os.sep):
            current = os.path.join(current, part)
            try:
                mode = os.lstat(current).st_mode
            except OSError:
                return False
            if stat.S_ISLNK(mode):
                return False
        return True

    def _unlink(self, rel: str) -> None:
        parent = os.path.dirname(rel)
        if parent and not self._inside(parent):
            return
        path = os.path.join(self.path, rel)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return
        if stat.S_ISREG(mode):
            os.remove(path)

    def write(self, name: str, text: str) -> None:
        """Write ``text`` to ``name`` (relative), recorded in the manifest."""
        path = os.path.join(self.path, name)
        if os.path.islink(path):
            os.remove(path)  # replace the link, never write through it
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        self.record(name)

    def record(self, name: str, *, directory: bool = False) -> None:
        """Record a file (or a directory) this run wrote."""
        (self.dirs if directory else self.files).append(os.path.normpath(name))

    def write_manifest(self) -> None:
        data = {
            "format": _FORMAT,
            "note": "written by python -m inductor_xpu compile: the files its next run in this directory "
            "removes (and nothing else)",
            "files": [*self.previous_files, *self.files],
            "dirs": [*self.previous_dirs, *self.dirs],
        }
        path = os.path.join(self.path, MANIFEST)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        os.replace(tmp, path)
