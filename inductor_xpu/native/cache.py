"""On-disk cache of native compile results, one JSON file per kernel.

Key (:func:`kernel_key`): the kernel's name and source, the ocloc device
and Triton architecture, the toolchain's versions (triton-xpu, ocloc, IGC),
torch's version and the overlay's applied series (they choose the launch
config), and the source of this package's worker, ocloc and ISA modules
(a change there is a new key).  Entries live under the project's cache
directory (``inductor_xpu.config.cache_dir``), in its private directory
(as the overlay's code cache finds it), ``native/``; written to a
temporary file and renamed into place.  An entry is laid out as the code
cache's (:func:`inductor_xpu.overlay.cache.seal`: its key and the SHA-256
digest of its JSON record) and read as the code cache reads its entries
(:func:`inductor_xpu.overlay.cache.read_own_file`: a regular file of the
user, not through a symbolic link).  An entry that is of another user,
truncated or altered, carries another key, or whose record is not a
compiler's verdict of the right shape (:func:`record_problem`) is a miss;
the first problem of a run is one warning line, the others are counted.

Only a compiler's verdict is stored (:func:`not_a_verdict`): a kernel whose
worker died or timed out, whose ``ocloc`` was killed from outside (the OOM
killer's SIGKILL, a SIGTERM), ran out of time, could not start, or exited
0 without a binary or without the ISA dump, is compiled again next time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import signal
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from inductor_xpu.overlay.cache import read_own_file, seal, unseal


log = logging.getLogger(__name__)

_FORMAT = "2"
_MAGIC = b"IXPUNATIVE2\n"
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


# A compiler's verdicts (worker.py's statuses); not_compiled is the result's.
VERDICT_STATUSES = ("compiled", "failed", "frontend_gap", "toolchain_gap")
# Signals of ocloc's own crash (IGC's abort on an assertion of its own, a
# segfault): a verdict on the kernel.  Any other (SIGKILL from the OOM
# killer, SIGTERM, SIGINT, SIGHUP) came from outside: not one.
_CRASH_SIGNALS = frozenset(
    int(getattr(signal, name)) for name in ("SIGABRT", "SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGTRAP")
    if hasattr(signal, name)
)


def ocloc_gave_verdict(returncode: int | None) -> bool:
    """Whether an ``ocloc`` that failed with ``returncode`` gave a verdict on
    the kernel: it exited with a status of its own (> 0) or crashed in IGC
    (:data:`_CRASH_SIGNALS`); not when it was killed from outside, timed out
    or did not start (None), or exited 0 without its outputs."""
    if not isinstance(returncode, int) or isinstance(returncode, bool):
        return False
    return returncode > 0 or -returncode in _CRASH_SIGNALS


def not_a_verdict(record: Mapping[str, Any]) -> str | None:
    """Why ``record`` (a worker's, for one kernel) is not a compiler's
    verdict on the kernel, or None where it is one."""
    status = record.get("status")
    if status not in VERDICT_STATUSES:
        return f"status {status!r} is not a compiler's verdict"
    if record.get("stage") == "worker":
        return "the worker failed, not a compiler"
    if status == "failed" and record.get("stage") == "ocloc" and not ocloc_gave_verdict(record.get("ocloc_returncode")):
        return f"ocloc did not give a verdict (exit status {record.get('ocloc_returncode')})"
    if status in ("compiled", "toolchain_gap"):
        attempts = record.get("attempts")
        if not isinstance(attempts, list) or not attempts:
            return "a compiled kernel without ocloc attempts"
        if any(not isinstance(a, dict) or not isinstance(a.get("isa"), dict) for a in attempts):
            return "a compiled kernel without IGC's ISA dump"
    return None


_OPT_STR = (str, type(None))
_OPT_INT = (int, type(None))
_OPT_NUM = (int, float, type(None))
_OPT_BOOL = (bool, type(None))
_OPT_DICT = (dict, type(None))
_OPT_LIST = (list, type(None))
# The record's fields that the report reads, and their types.
_RECORD_FIELDS: dict[str, tuple[type, ...]] = {
    "key": (str,), "name": (str,), "status": (str,), "stage": _OPT_STR, "message": _OPT_STR, "gap": _OPT_STR,
    "config": _OPT_DICT, "n_configs": _OPT_INT, "spill_threshold": _OPT_INT, "candidates": _OPT_LIST,
    "threads_per_warp": _OPT_INT, "dot": _OPT_INT, "dpas_layout": _OPT_BOOL, "without_asserts": _OPT_STR,
    "isa_without_asserts": _OPT_BOOL, "triton_seconds": _OPT_NUM, "ocloc_seconds": _OPT_NUM,
    "attempts": _OPT_LIST, "ocloc_returncode": _OPT_INT,
}
_ATTEMPT_FIELDS: dict[str, tuple[type, ...]] = {
    "build_flags": _OPT_STR, "spilled_in_log": _OPT_BOOL, "asm_file": _OPT_STR, "isa": _OPT_DICT, "log": _OPT_STR,
}
_ISA_FIELDS: dict[str, tuple[type, ...]] = {
    "kernel": _OPT_STR, "platform": _OPT_STR, "inst_count": _OPT_INT, "num_grf": _OPT_INT, "simd": _OPT_INT,
    "dpas": _OPT_INT, "sends": _OPT_INT, "spill_bytes": _OPT_INT,
}
_CANDIDATE_FIELDS: dict[str, tuple[type, ...]] = {
    "status": (str,), "config": _OPT_DICT, "grf": _OPT_INT, "simd": _OPT_INT, "inst_count": _OPT_INT,
    "spill_bytes": _OPT_INT, "first_spill_bytes": _OPT_INT,
}


def _wrong_field(what: str, data: Any, fields: Mapping[str, tuple[type, ...]]) -> str | None:
    if not isinstance(data, dict):
        return f"{what} is a {type(data).__name__}, not an object"
    for name, types in fields.items():
        value = data.get(name)
        # bool is an int to isinstance: a count of True is not a count
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return f"{what}'s {name} is {type(value).__name__} {str(value)[:40]!r}"
    return None


def record_problem(key: str, record: Any) -> str | None:
    """Why ``record`` (read from the cache for ``key``) cannot be used: a
    field the report reads of the wrong type, another kernel's key, a
    status outside the verdicts (:func:`not_a_verdict`); None where it can."""
    wrong = _wrong_field("the record", record, _RECORD_FIELDS)
    if wrong is not None:
        return wrong
    if record["key"] != key:
        return "the record is another kernel's"
    for i, attempt in enumerate(record.get("attempts") or []):
        wrong = _wrong_field(f"attempt {i}", attempt, _ATTEMPT_FIELDS)
        if wrong is None and attempt.get("isa") is not None:
            wrong = _wrong_field(f"attempt {i}'s isa", attempt["isa"], _ISA_FIELDS)
        if wrong is not None:
            return wrong
    for i, candidate in enumerate(record.get("candidates") or []):
        wrong = _wrong_field(f"candidate {i}", candidate, _CANDIDATE_FIELDS)
        if wrong is None and candidate.get("config") is not None:
            config = candidate["config"]
            if not isinstance(config.get("kwargs"), (dict, type(None))):
                wrong = f"candidate {i}'s config kwargs is not an object"
        if wrong is not None:
            return wrong
    return not_a_verdict(record)


class NativeCache:
    """Kernel results by :func:`kernel_key`; ``directory`` None: off.

    Problems (an entry ignored, a write that failed) are one warning line
    per cache, the first; the others go to the debug log and are counted
    (``problems``)."""

    def __init__(self, directory: str | os.PathLike[str] | None) -> None:
        self.directory = Path(directory) if directory is not None else None
        self.hits = 0
        self.misses = 0
        self.problems = 0
        self._writable = True

    def _path(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / f"{key}.native"

    def _problem(self, text: str) -> None:
        self.problems += 1
        if self.problems == 1:
            log.warning("native compile cache: %s (further problems of this run are not reported)", text)
        else:
            log.debug("native compile cache: %s", text)

    def _miss(self, path: Path, why: str) -> None:
        self._problem(f"ignoring entry {path}: {why}")
        self.misses += 1

    def get(self, key: str) -> dict[str, Any] | None:
        if self.directory is None:
            return None
        path = self._path(key)
        try:
            data = read_own_file(path)
        except FileNotFoundError:
            self.misses += 1
            return None
        except OSError as e:
            self._miss(path, e.strerror or str(e))
            return None
        if isinstance(data, str):
            self._miss(path, data)
            return None
        payload = unseal(_MAGIC, key, data)
        if isinstance(payload, str):
            self._miss(path, payload)
            return None
        try:
            record = json.loads(payload.decode("utf-8"))
        except ValueError as e:  # UnicodeDecodeError too
            self._miss(path, f"not JSON: {e}")
            return None
        problem = record_problem(key, record)
        if problem is not None:
            self._miss(path, problem)
            return None
        self.hits += 1
        return record

    def put(self, key: str, record: Mapping[str, Any]) -> None:
        """Store ``record`` under ``key`` where it is a compiler's verdict
        (:func:`not_a_verdict`); anything else is not stored."""
        if self.directory is None or not self._writable:
            return
        why = not_a_verdict(record)
        if why is not None:
            log.debug("native compile cache: not storing %s: %s", record.get("name"), why)
            return
        payload = json.dumps({**record, "key": key}, default=str).encode("utf-8")
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".native")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(seal(_MAGIC, key, payload))
                os.replace(tmp, self._path(key))
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError as e:
            self._writable = False
            self._problem(f"cannot write {self._path(key)}: {e.strerror or e}; not writing more entries")
