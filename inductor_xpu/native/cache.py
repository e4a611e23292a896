"""On-disk cache of native compile results, one JSON file per kernel.

Key (:func:`kernel_key`): the kernel's name and source, the ocloc device
and Triton architecture, the toolchain's versions (triton-xpu, ocloc, IGC),
torch's version and the overlay's applied series (they choose the launch
config), and the source of this package's worker, ocloc and ISA modules
(a change there is a new key).  Entries live under the project's cache
directory (``inductor_xpu.config.cache_dir``), in its private directory
(as the overlay's code cache finds it), ``native/``; written to a
temporary file and renamed into place; an entry that does not parse or
carries another key is a miss.  Only a compiler's verdict is stored: a
kernel whose worker died or timed out is compiled again next time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any


log = logging.getLogger(__name__)

_FORMAT = "1"
_MODULES = ("worker.py", "ocloc.py", "isa.py")


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    here = Path(__file__).parent
    for name in _MODULES:
        h.update((here / name).read_bytes())
    return h.hexdigest()


def kernel_key(name: str, source: str, device: str, triton_arch: str, versions: Mapping[str, str]) -> str:
    h = hashlib.sha256()
    for part in (_FORMAT, name, source, device, triton_arch, json.dumps(dict(versions), sort_keys=True),
                 _code_digest()):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def default_directory() -> Path | None:
    """``<private cache dir>/native``; None (one warning) where the
    project's cache directory cannot be made private."""
    from inductor_xpu import config
    from inductor_xpu.overlay.cache import private_directory

    private = private_directory(config.cache_dir, lambda reason: log.warning("native compile cache off: %s", reason))
    return private / "native" if private is not None else None


class NativeCache:
    """Kernel results by :func:`kernel_key`; ``directory`` None: off."""

    def __init__(self, directory: str | os.PathLike[str] | None) -> None:
        self.directory = Path(directory) if directory is not None else None
        self.hits = 0
        self.misses = 0

    def _path(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        if self.directory is None:
            return None
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, ValueError) as e:
            log.warning("native compile cache: ignoring entry %s: %s", self._path(key), e)
            self.misses += 1
            return None
        if not isinstance(entry, dict) or entry.get("key") != key or not isinstance(entry.get("record"), dict):
            log.warning("native compile cache: ignoring entry %s: not an entry of this key", self._path(key))
            self.misses += 1
            return None
        self.hits += 1
        return entry["record"]

    def put(self, key: str, record: Mapping[str, Any]) -> None:
        if self.directory is None:
            return
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump({"key": key, "record": dict(record)}, f, default=str)
                os.replace(tmp, self._path(key))
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError as e:
            log.warning("native compile cache: cannot write %s: %s", self._path(key), e.strerror or e)
