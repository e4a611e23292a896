"""On-disk cache of compiled code objects of patched modules.

Key: the installed file's source hash, the patches applied to it, the
module's file name, the Python implementation and version, and the torch
version (:func:`code_cache_key`).  Entries are written atomically
(temporary file + ``os.replace``) into a directory private to the user
(mode 0700).  An entry that is corrupt, carries another key, or is owned by
another user is ignored and rebuilt; a cache directory that is not private
to the user is not used at all.
"""

from __future__ import annotations

import hashlib
import logging
import marshal
import os
import stat
import sys
import tempfile
from pathlib import Path
from types import CodeType


__all__ = ["CodeCache", "code_cache_key"]

log = logging.getLogger(__name__)

_MAGIC = b"IXPUCODE1\n"
_FORMAT_VERSION = "1"


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


class CodeCache:
    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self._usable: bool | None = None
        self.hits = 0
        self.misses = 0

    def usable(self) -> bool:
        """Create the directory (0700) if needed; refuse one others can write."""
        if self._usable is None:
            self._usable = self._check_directory()
        return self._usable

    def _check_directory(self) -> bool:
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = self.directory.stat()
        except OSError as e:
            log.warning("inductor_xpu code cache disabled: %s", e)
            return False
        if st.st_uid != os.getuid():
            log.warning(
                "inductor_xpu code cache disabled: %s is owned by uid %d, not %d",
                self.directory,
                st.st_uid,
                os.getuid(),
            )
            return False
        if stat.S_IMODE(st.st_mode) & 0o077:
            try:
                os.chmod(self.directory, 0o700)
            except OSError:
                log.warning(
                    "inductor_xpu code cache disabled: %s is not private", self.directory
                )
                return False
        return True

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}.code"

    def load(self, key: str) -> CodeType | None:
        if not self.usable():
            return None
        path = self._path(key)
        try:
            with open(path, "rb") as f:
                st = os.fstat(f.fileno())
                if st.st_uid != os.getuid():
                    log.warning("ignoring cache entry %s: owned by another user", path)
                    return None
                data = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            log.warning("ignoring cache entry %s: %s", path, e)
            return None
        header = _MAGIC + key.encode("ascii") + b"\n"
        if not data.startswith(header):
            log.warning("ignoring corrupt cache entry %s", path)
            return None
        try:
            code = marshal.loads(data[len(header) :])
        except (EOFError, ValueError, TypeError) as e:
            log.warning("ignoring corrupt cache entry %s: %s", path, e)
            return None
        if not isinstance(code, CodeType):
            log.warning("ignoring corrupt cache entry %s", path)
            return None
        return code

    def store(self, key: str, code: CodeType) -> None:
        if not self.usable():
            return
        data = _MAGIC + key.encode("ascii") + b"\n" + marshal.dumps(code)
        try:
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".code")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self._path(key))
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError as e:
            log.warning("could not write inductor_xpu cache entry: %s", e)

    def get_or_compile(self, key: str, source: str, filename: str) -> CodeType:
        code = self.load(key)
        if code is not None:
            self.hits += 1
            return code
        self.misses += 1
        code = compile(source, filename, "exec", dont_inherit=True)
        self.store(key, code)
        return code
