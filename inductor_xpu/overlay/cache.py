"""On-disk cache of compiled code objects of patched modules.

Key: the installed file's source hash, the patches applied to it, the
module's file name, the Python implementation and version, and the torch
version (:func:`code_cache_key`).

The cache's promises (``docs/overlay.md``, "The code cache"):

* It never changes what it did not create.  ``INDUCTOR_XPU_CACHE_DIR`` is
  used as is only when it is a directory private to the user (created here,
  mode 0700, or found so).  Otherwise (a shared ``/tmp``-like or group
  directory, another user's) the cache uses a private subdirectory that it
  creates itself, ``inductor_xpu-uid<UID>``; if that exists and is not a
  private directory of the user, the cache is off for the process, with one
  warning line.  Nothing is ever chmod-ed.
* A corrupt entry is always a miss.  Each entry carries its key and the
  SHA-256 digest of its payload; an entry that is truncated, altered, of
  another format or key, owned by another user, or that ``marshal`` cannot
  load (any exception) is ignored, compiled again and atomically replaced.
* It is safe under concurrency: entries are written to a temporary file in
  the cache directory and renamed into place (``os.replace``), so a reader
  sees a whole entry or none, and racing writers of one key write the same
  bytes.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import marshal
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import CodeType


__all__ = ["CodeCache", "code_cache_key"]

log = logging.getLogger(__name__)

# Entry layout: _MAGIC, key (64 hex), "\n", sha256(payload) (64 hex), "\n", payload.
_MAGIC = b"IXPUCODE2\n"
_OLDER_MAGICS = (b"IXPUCODE1\n",)  # a silent miss, then replaced
_DIGEST_SIZE = 64
_FORMAT_VERSION = "1"  # part of the key; the entry format is _MAGIC's business


def code_cache_key(
    *,
    source_hash: str,
    patch_digests: list[str],
    filename: str,
    torch_version: str,
) -> str:
    h = hashlib.sha256()
    for part in (
        _FORMAT_VERSION,
        source_hash,
        *patch_digests,
        filename,
        sys.implementation.cache_tag or "",
        sys.version,
        str(sys.flags.optimize),
        torch_version,
    ):
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def _digest(payload: bytes) -> bytes:
    return hashlib.sha256(payload).hexdigest().encode("ascii")


def seal(magic: bytes, key: str, payload: bytes) -> bytes:
    """An entry's bytes: ``magic``, ``key``, the SHA-256 digest of
    ``payload``, then ``payload`` (the code cache's layout, also the native
    compile cache's)."""
    return magic + key.encode("ascii") + b"\n" + _digest(payload) + b"\n" + payload


def unseal(magic: bytes, key: str, data: bytes, older: tuple[bytes, ...] = ()) -> bytes | str:
    """The payload of entry ``data`` (as :func:`seal` wrote it) for
    ``key``, or why there is none: ``older format`` (a magic of ``older``),
    a bad or truncated header, a digest mismatch."""
    prefix = magic + key.encode("ascii") + b"\n"
    if not data.startswith(prefix):
        if older and data.startswith(older):
            return "older format"
        return "bad header"
    digest = data[len(prefix) : len(prefix) + _DIGEST_SIZE]
    payload = data[len(prefix) + _DIGEST_SIZE + 1 :]
    if data[len(prefix) + _DIGEST_SIZE : len(prefix) + _DIGEST_SIZE + 1] != b"\n":
        return "truncated header"
    if digest != _digest(payload):
        return "digest mismatch (truncated or altered)"
    return payload


def read_own_file(path: str | os.PathLike[str]) -> bytes | str:
    """The bytes of ``path`` where it is a regular file of this user,
    opened without following a symbolic link; else why not (``a symbolic
    link``, ``owned by another user``, ``not a regular file``).  A missing
    file raises ``FileNotFoundError``, another failure to read ``OSError``."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a symbolic link"
        raise
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            return "not a regular file"
        if st.st_uid != os.getuid():
            return "owned by another user"
        return f.read()


def encode_entry(key: str, code: CodeType) -> bytes:
    """The bytes of the cache entry holding ``code`` under ``key``."""
    return seal(_MAGIC, key, marshal.dumps(code))


def decode_entry(key: str, data: bytes) -> CodeType | str:
    """The code object in entry ``data`` for ``key``, or why there is none.

    The digest is checked before ``marshal.loads`` sees the payload, so a
    truncated or altered entry never reaches the unmarshaller (which can
    raise anything, ``SystemError`` included, or return garbled code).
    """
    payload = unseal(_MAGIC, key, data, _OLDER_MAGICS)
    if isinstance(payload, str):
        return payload
    try:
        code = marshal.loads(payload)
    except Exception as e:  # noqa: BLE001 -- whatever marshal raises is a miss
        return f"{type(e).__name__}: {e}"
    if not isinstance(code, CodeType):
        return f"holds a {type(code).__name__}, not code"
    return code


def _private_dir_of_user(st: os.stat_result) -> bool:
    return (
        stat.S_ISDIR(st.st_mode)
        and st.st_uid == os.getuid()
        and not stat.S_IMODE(st.st_mode) & 0o077
    )


def _not_private(st: os.stat_result) -> str | None:
    """Why the entry ``st`` (an ``lstat``) is not a private directory of the
    user, or None."""
    if _private_dir_of_user(st):
        return None
    return (
        "a symbolic link" if stat.S_ISLNK(st.st_mode)
        else "not a directory" if not stat.S_ISDIR(st.st_mode)
        else f"owned by uid {st.st_uid}" if st.st_uid != os.getuid()
        else f"not private (mode {stat.S_IMODE(st.st_mode):o})"
    )


def per_user_name() -> str:
    """``inductor_xpu-uid<UID>``: the private subdirectory made in a shared
    directory, and the default cache directory in the temporary directory
    where there is no home (``inductor_xpu.config``)."""
    return f"inductor_xpu-uid{os.getuid()}" if hasattr(os, "getuid") else "inductor_xpu"


def private_directory(directory: str | os.PathLike[str], refuse: Callable[[str], None]) -> Path | None:
    """``directory`` itself if private to the user, else a private
    subdirectory of it created here; None, after ``refuse(reason)``, if
    neither.  What runs or is loaded from a cache directory must come from
    such a directory: nobody else can plant files in it.

    A directory named :func:`per_user_name` (the default in the temporary
    directory, where anyone may have made it first) is held to the private
    subdirectory's rules: looked at with ``lstat``, it must be a directory
    (not a symbolic link) of the user that nobody else can read or write.

    Never changes the mode or anything else of a directory found on disk.
    """
    d = Path(directory)
    try:
        d.mkdir(mode=0o700, parents=True)  # ours: private from the start
    except FileExistsError:
        pass
    except OSError as e:
        refuse(f"cannot create {d}: {e.strerror or e}")
        return None
    if d.name == per_user_name():
        try:
            why = _not_private(os.lstat(d))
        except OSError as e:
            refuse(f"cannot use {d}: {e.strerror or e}")
            return None
        if why is not None:
            refuse(f"{d} exists and is {why}; it was left as it is (remove it to re-enable)")
            return None
        return d
    try:
        st = d.stat()
    except OSError as e:
        refuse(f"cannot use {d}: {e.strerror or e}")
        return None
    if not stat.S_ISDIR(st.st_mode):
        refuse(f"{d} is not a directory")
        return None
    if _private_dir_of_user(st):
        return d
    # Shared (or someone else's): leave it as it is, use a subdirectory
    # of our own.  lstat: a symbolic link planted there is refused.
    sub = d / per_user_name()
    try:
        sub.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as e:
        refuse(
            f"{d} is not private to this user (mode {stat.S_IMODE(st.st_mode):o}, "
            f"uid {st.st_uid}) and {sub.name} cannot be created in it: {e.strerror or e}"
        )
        return None
    try:
        sub_st = os.lstat(sub)
    except OSError as e:
        refuse(f"cannot use {sub}: {e.strerror or e}")
        return None
    what = _not_private(sub_st)
    if what is not None:
        refuse(f"{sub} exists and is {what}; it was left as it is (remove it to re-enable)")
        return None
    return sub


class CodeCache:
    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)  # as configured
        self.path: Path | None = None  # where entries live, once resolved
        self._usable: bool | None = None
        self._writable = True
        self.hits = 0
        self.misses = 0

    def usable(self) -> bool:
        """Find (or create) the private directory the entries live in."""
        if self._usable is None:
            self.path = self._resolve_directory()
            self._usable = self.path is not None
        return self._usable

    def _off(self, reason: str) -> None:
        log.warning("inductor_xpu code cache off: %s", reason)

    def _resolve_directory(self) -> Path | None:
        return private_directory(self.directory, self._off)

    def _entry(self, key: str) -> Path:
        assert self.path is not None
        return self.path / f"{key}.code"

    def load(self, key: str) -> CodeType | None:
        if not self.usable():
            return None
        path = self._entry(key)
        try:
            data = read_own_file(path)
            if isinstance(data, str):
                log.warning("inductor_xpu: ignoring cache entry %s: %s", path, data)
                return None
        except FileNotFoundError:
            return None
        except OSError as e:
            log.warning("inductor_xpu: ignoring cache entry %s: %s", path, e.strerror or e)
            return None
        code = decode_entry(key, data)
        if isinstance(code, str):
            if code == "older format":
                log.debug("inductor_xpu: replacing cache entry %s of an older format", path)
            else:
                log.warning("inductor_xpu: ignoring corrupt cache entry %s (%s); rebuilding it", path, code)
            return None
        return code

    def store(self, key: str, code: CodeType) -> None:
        if not self.usable() or not self._writable:
            return
        assert self.path is not None
        data = encode_entry(key, code)
        try:
            fd, tmp = tempfile.mkstemp(dir=self.path, prefix=".tmp-", suffix=".code")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self._entry(key))
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError as e:
            # One line per process (a read-only directory fails every store).
            self._writable = False
            log.warning(
                "inductor_xpu code cache: cannot write to %s (%s); not writing more entries in this process",
                self.path,
                e.strerror or e,
            )

    def get_or_compile(self, key: str, source: str, filename: str) -> CodeType:
        code = self.load(key)
        if code is not None:
            self.hits += 1
            return code
        self.misses += 1
        code = compile(source, filename, "exec", dont_inherit=True)
        self.store(key, code)
        return code
