""":func:`compile_native`: every Triton kernel of generated wrappers through
Intel's own compilers, with no GPU.

The kernels are read from the wrappers' text
(:func:`inductor_xpu.generated_code.triton_blocks`), looked up in the cache
(:mod:`.cache`), and the others compiled by worker processes
(:mod:`.worker`: triton-xpu's Triton to SPIR-V, IGC's ``ocloc`` to native
ISA).  A kernel in several graphs is compiled once.  A worker that dies
(a crash in the compiler) costs one kernel: the kernel it was compiling is
``failed`` (stage ``worker``) and the rest go to a new worker.  A kernel
IGC rejects only for its ``tl.device_assert`` statements (it compiles
without them, :func:`inductor_xpu.native.worker.without_device_asserts`) is
a ``toolchain_gap``, with the ISA facts of that compile.

No worker, ocloc or temporary file outlives the compile, however it ends
(an interrupt, a time limit, the caller killed: :mod:`.processes`); its
time limits are ``inductor_xpu.config.native_*_timeout_s``
(:class:`TimeLimits`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from inductor_xpu.generated_code import kernel_device_name, kernel_kind, TritonBlock, triton_blocks
from inductor_xpu.native.cache import default_directory, kernel_key, NativeCache
from inductor_xpu.native.devices import native_target, NativeTarget
from inductor_xpu.native.env import find_native_env, NativeEnv
from inductor_xpu.native.errors import NativeEnvError, NativeSourceError, NativeWorkerError
from inductor_xpu.native.processes import kill_session
from inductor_xpu.native.report import (
    attempts_facts,
    COMPILED,
    FAILED,
    FRONTEND_GAP,
    KernelNative,
    KERNELS_FROM_WRAPPERS,
    NativeResult,
    NOT_COMPILED,
    TOOLCHAIN_GAP,
)
from inductor_xpu.native.worker import OWNER_DIR_PREFIX


log = logging.getLogger(__name__)

# A worker costs one torch + triton import (~5 s); another one pays only
# with at least this many kernels for each.
KERNELS_PER_WORKER = 24
# A compiler's verdicts, stored in the cache (a dead worker's is not).
CACHED_STATUSES = (COMPILED, FAILED, FRONTEND_GAP, TOOLCHAIN_GAP)
# A native compile that takes longer than PROGRESS_AFTER_S shows its
# progress (kernels done) to the caller's progress function every
# PROGRESS_EVERY_S (from the start with progress_always: a terminal).
PROGRESS_AFTER_S = 5.0
PROGRESS_EVERY_S = 10.0
# How often the parent looks at its workers.
_POLL_S = 0.1


@dataclasses.dataclass(frozen=True)
class _Kernel:
    key: str
    name: str
    source: str


def _default_jobs() -> int:
    return max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


def _versions(env: NativeEnv) -> dict[str, str]:
    """The toolchain's versions and what picks the launch configs here
    (torch, the overlay's applied series)."""
    import torch

    import inductor_xpu

    versions = env.versions()
    versions["torch"] = torch.__version__
    status = inductor_xpu.status()
    versions["overlay"] = status.applied_fingerprint if status.active else "off"
    return versions


def _worker_env(env: NativeEnv) -> dict[str, str]:
    """The worker's environment: triton-xpu's site ahead on the path; no
    request for triton to run ocloc itself."""
    worker_env = dict(os.environ)
    path = [env.site_dir]
    if worker_env.get("PYTHONPATH"):
        path.append(worker_env["PYTHONPATH"])
    worker_env["PYTHONPATH"] = os.pathsep.join(path)
    worker_env.pop("TRITON_XPU_GEN_NATIVE_CODE", None)
    worker_env.pop("TRITON_INTERPRET", None)
    worker_env.setdefault("OMP_NUM_THREADS", "1")
    return worker_env


def _read_results(path: Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    """The kernel records of a worker's RESULTS, and the kernel it started
    last without a record (the one it was compiling when it died)."""
    records: dict[str, dict[str, Any]] = {}
    started: list[str] = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except ValueError:  # a line cut by the worker's death
                continue
            if "started" in record:
                started.append(record["started"])
            elif "key" in record:
                records[record["key"]] = record
    unfinished = [key for key in started if key not in records]
    # ocloc runs behind the Triton compiles: the last one started is the
    # likeliest culprit; earlier ones unfinished were waiting on ocloc.
    return records, unfinished[-1] if unfinished else None


@dataclasses.dataclass(frozen=True)
class TimeLimits:
    """The native compile's time limits, in seconds
    (``inductor_xpu.config.native_*_timeout_s``): one ocloc compile; a
    worker's start and each of its kernels."""

    ocloc: float
    worker_start: float
    worker_kernel: float

    @classmethod
    def from_config(cls) -> TimeLimits:
        """The limits ``inductor_xpu.config`` sets; :class:`NativeEnvError`
        naming an option that is not a number of seconds > 0."""
        import inductor_xpu.config as config

        values = []
        for name in ("native_ocloc_timeout_s", "native_worker_start_timeout_s", "native_worker_kernel_timeout_s"):
            value = getattr(config, name)
            try:
                seconds = float(value)
            except (TypeError, ValueError):
                seconds = math.nan
            if not 0 < seconds < math.inf:
                raise NativeEnvError(f"native compile: inductor_xpu.config.{name} must be a number of seconds > 0 "
                                     f"(got {value!r})")
            values.append(seconds)
        return cls(*values)

    def worker(self, kernels: int) -> float:
        """A worker's limit for ``kernels`` kernels: its start, each kernel's
        time, and a kernel's two ocloc attempts at their limit (so a hung
        ocloc is stopped by its own limit, the kernel failed, before the
        worker's)."""
        return self.worker_start + self.worker_kernel * kernels + 2 * self.ocloc


@dataclasses.dataclass
class _Worker:
    """A worker process and its chunk of kernels."""

    chunk: list[_Kernel]
    work: Path
    proc: subprocess.Popen[bytes]
    timeout: float
    started: float = dataclasses.field(default_factory=time.monotonic)
    done: bool = False
    timed_out: bool = False


def _run_worker(
    kernels: list[_Kernel],
    target: NativeTarget,
    env: NativeEnv,
    work: Path,
    ocloc_threads: int,
    keep_dir: str | None,
    limits: TimeLimits,
) -> _Worker:
    """A worker started on ``kernels``: the leader of a session of its own
    (its ocloc processes stay in it; :func:`_end_worker` kills every process
    of it), told this process's pid (it ends when this process is gone,
    removing this process's temporary directory, ``work``'s parent)."""
    work.mkdir(parents=True, exist_ok=True)
    job = {
        "triton_arch": target.triton_arch,
        "device": target.device,
        "ocloc": env.ocloc,
        "ocloc_threads": ocloc_threads,
        "ocloc_timeout_s": limits.ocloc,
        "keep_dir": keep_dir,
        "versions": env.versions(),  # names a toolchain gap
        "parent_pid": os.getpid(),
        "owner_dir": str(work.parent),
        "kernels": [dataclasses.asdict(k) for k in kernels],
    }
    (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
    stderr = open(work / "stderr.txt", "wb")
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "inductor_xpu.native.worker", str(work / "job.json"), str(work / "results.jsonl")],
            cwd=work,
            env=_worker_env(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
    finally:
        stderr.close()
    return _Worker(kernels, work, proc, limits.worker(len(kernels)))


def _end_worker(worker: _Worker) -> None:
    """Every process of ``worker``'s session killed (the worker, where it
    still runs, and what it started: ocloc, orphans too), the worker reaped."""
    kill_session(worker.proc.pid)
    worker.proc.wait()
    worker.done = True


class _Progress:
    """The native compile's progress as lines to ``progress``: kernels done
    of all, once it takes longer than :data:`PROGRESS_AFTER_S` (from the
    start with ``always``), every :data:`PROGRESS_EVERY_S`."""

    def __init__(self, total: int, progress: Callable[[str], None] | None, always: bool) -> None:
        self._total = total
        self._progress = progress
        self._start = time.monotonic()
        self._next = self._start + (0.0 if always else PROGRESS_AFTER_S)

    def due(self) -> bool:
        return self._progress is not None and time.monotonic() >= self._next

    def show(self, done: int) -> None:
        if self._progress is None:
            return
        now = time.monotonic()
        self._next = now + PROGRESS_EVERY_S
        self._progress(f"native compile: {done} of {self._total} kernels done, {now - self._start:.1f} s")


def _compile_in_workers(
    kernels: list[_Kernel],
    target: NativeTarget,
    env: NativeEnv,
    jobs: int,
    keep_dir: str | None,
    limits: TimeLimits,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> dict[str, dict[str, Any]]:
    """Each kernel's record, from as many workers as pay (at most ``jobs``
    at once); a dead worker's kernel is failed and the rest go on.  However
    this ends (an interrupt included), no worker and no process of one
    outlives it, and its temporary directory (the job: the kernels'
    sources) is removed."""
    records: dict[str, dict[str, Any]] = {}
    pending = list(kernels)
    shown = _Progress(len(kernels), progress, progress_always)
    with tempfile.TemporaryDirectory(prefix=OWNER_DIR_PREFIX) as tmp:
        running: list[_Worker] = []
        try:
            round_ = 0
            while pending:
                workers = max(1, min(jobs, math.ceil(len(pending) / KERNELS_PER_WORKER)))
                # ocloc (a process) runs in threads beside the worker's next Triton compile
                ocloc_threads = max(1, jobs // workers)
                chunks = [pending[i::workers] for i in range(workers)]
                for i, chunk in enumerate(chunks):
                    work = Path(tmp) / f"round{round_}-worker{i}"
                    running.append(_run_worker(chunk, target, env, work, ocloc_threads, keep_dir, limits))
                round_ += 1
                pending = []
                while not all(w.done for w in running):
                    for worker in running:
                        if worker.done:
                            continue
                        if worker.proc.poll() is None:
                            if time.monotonic() - worker.started <= worker.timeout:
                                continue
                            worker.timed_out = True
                        _end_worker(worker)
                        pending.extend(_collect(worker, records))
                    if shown.due():
                        shown.show(len(records) + sum(_finished(w) for w in running if not w.done))
                    time.sleep(_POLL_S)
                running = []
        finally:
            for worker in running:  # interrupted: no worker outlives the compile
                if not worker.done:
                    _end_worker(worker)
    return records


def _finished(worker: _Worker) -> int:
    """How many of ``worker``'s kernels have their record, as of now."""
    got, _ = _read_results(worker.work / "results.jsonl")
    return sum(1 for k in worker.chunk if k.key in got)


def _collect(worker: _Worker, records: dict[str, dict[str, Any]]) -> list[_Kernel]:
    """The records of an ended ``worker`` into ``records``; a kernel it did
    not finish that a crash is blamed on failed (stage ``worker``), the
    others returned for another worker (none after a time-out: a hang is
    not retried kernel by kernel, every unfinished kernel is failed)."""
    chunk, work = worker.chunk, worker.work
    returncode = None if worker.timed_out else worker.proc.returncode
    got, culprit = _read_results(work / "results.jsonl")
    records.update({k: v for k, v in got.items() if any(k == c.key for c in chunk)})
    missing = [k for k in chunk if k.key not in got]
    if not missing:
        return []
    stderr = (work / "stderr.txt").read_text(errors="replace").strip()
    why = f"timed out after {worker.timeout:g} s" if returncode is None else f"exited with status {returncode}"
    tail = "\n".join(stderr.splitlines()[-20:])
    blamed = [k for k in missing if k.key == culprit] or ([] if got else missing[:1])
    if not blamed and returncode == 0:
        raise NativeWorkerError(
            f"native worker finished without results for {', '.join(k.name for k in missing)}: {tail}"
        )
    for k in blamed:
        records[k.key] = {
            "key": k.key,
            "name": k.name,
            "status": FAILED,
            "stage": "worker",
            "message": f"the worker compiling kernel {k.name} {why}: {tail or '(no output)'}",
        }
    rest = [k for k in missing if k not in blamed]
    if returncode is None:  # a hang is not retried kernel by kernel
        for k in rest:
            records[k.key] = {**records.get(k.key, {}), "key": k.key, "name": k.name, "status": FAILED,
                              "stage": "worker", "message": f"the native worker {why}: {tail}"}
        return []
    return rest


def check_generated_for(occurrences: Sequence[tuple[int, TritonBlock]], profile: Any) -> None:
    """:class:`NativeSourceError` unless every kernel was generated for
    ``profile``'s GPU: a kernel carries its device's properties (the
    target Triton compiles for), so another GPU's kernels would be compiled
    for the wrong device."""
    wrong = []
    for graph, block in occurrences:
        name = kernel_device_name(block.source)
        if block.device_str != "xpu" or (name is not None and name != profile.name):
            wrong.append(f"{block.kernel} (graph {graph}: {block.device_str} {name or '?'})")
    if wrong:
        shown = ", ".join(wrong[:3]) + (f" and {len(wrong) - 3} more" if len(wrong) > 3 else "")
        raise NativeSourceError(
            f"{len(wrong)} kernels were not generated for {profile.key} ({profile.name}): {shown}; "
            f"compile the program for {profile.key} first"
        )


def _kernel_entry(graph: int, name: str, source: str, record: dict[str, Any], from_cache: bool) -> KernelNative:
    entry = KernelNative(
        graph=graph,
        name=name,
        kind=kernel_kind(source),
        status=record.get("status", FAILED),
        stage=record.get("stage"),
        message=record.get("message"),
        gap=record.get("gap"),
        config=record.get("config"),
        n_configs=record.get("n_configs"),
        spill_threshold=record.get("spill_threshold"),
        candidates=record.get("candidates"),
        threads_per_warp=record.get("threads_per_warp"),
        dot=record.get("dot"),
        dpas_layout=record.get("dpas_layout"),
        without_asserts=record.get("without_asserts"),
        isa_without_asserts=bool(record.get("isa_without_asserts")),
        from_cache=from_cache,
        seconds=(record.get("triton_seconds") or 0) + (record.get("ocloc_seconds") or 0) or None,
    )
    if entry.status in (COMPILED, TOOLCHAIN_GAP):  # a gap's: of the kernel without its asserts
        entry = dataclasses.replace(entry, **attempts_facts(record.get("attempts") or []))
    return entry


def compile_native(
    sources: Sequence[str],
    profile_name: str,
    *,
    jobs: int | None = None,
    cache: bool = True,
    keep_dir: str | os.PathLike[str] | None = None,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> NativeResult:
    """Compile every Triton kernel of the generated wrappers ``sources`` (the
    ``output_code_<n>.py`` texts, one per graph) with Intel's Triton XPU
    backend to SPIR-V and with IGC to native ISA for ``profile_name``'s GPU.

    ``jobs``: processes at most (default: the CPUs, up to 4); ``cache``:
    reuse and store results in the project's cache; ``keep_dir``: write each
    kernel compiled here as ``<kernel>.ttgir``, ``.spv`` and ``.asm`` into it
    (kernels served from the cache write nothing; pass ``cache=False``);
    ``progress``: called with a line (kernels done) every
    :data:`PROGRESS_EVERY_S` once the compile takes longer than
    :data:`PROGRESS_AFTER_S` (from the start with ``progress_always``).
    Time limits: ``inductor_xpu.config.native_*_timeout_s``
    (:class:`TimeLimits`).  However it ends, an interrupt included, no
    process it started outlives it, nor its temporary files.

    Raises ``UnknownProfileError`` for an unknown profile,
    :class:`~inductor_xpu.native.errors.NativeSourceError` when the code was
    generated for another GPU, and
    :class:`~inductor_xpu.native.errors.NativeEnvError` (naming ``make
    native-env``) when triton-xpu or ocloc is missing.  A GPU this IGC does
    not know is a result whose ``unsupported`` says so, nothing compiled."""
    occurrences = [(graph, block) for graph, src in enumerate(sources) for block in triton_blocks(src)]
    return _compile_occurrences(
        occurrences, len(sources), profile_name, jobs, cache, keep_dir, progress, progress_always
    )


def compile_kernel_sources(
    kernels: Sequence[tuple[str, str]],
    profile_name: str,
    *,
    jobs: int | None = None,
    cache: bool = True,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> NativeResult:
    """Compile Triton kernels given as ``(name, source)`` -- each the module
    text Inductor loads for one kernel, e.g. a template choice's benchmark
    module (``TritonTemplateCaller.bmreq.module_path``), defining the
    launcher ``name`` -- like :func:`compile_native` compiles a wrapper's
    kernels (same workers, same cache, progress), all as graph 0, in order."""
    return compile_graph_kernels(
        [kernels], profile_name, jobs=jobs, cache=cache, progress=progress, progress_always=progress_always
    )


def compile_graph_kernels(
    graphs: Sequence[Sequence[tuple[str, str]]],
    profile_name: str,
    *,
    jobs: int | None = None,
    cache: bool = True,
    kernels_from: str = KERNELS_FROM_WRAPPERS,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> NativeResult:
    """Compile each graph's Triton kernels, given as ``(name, source)`` as
    for :func:`compile_kernel_sources` -- e.g. the ``triton/<name>.py`` files
    of AOTInductor packages, one package per graph -- like
    :func:`compile_native` compiles wrappers' kernels (same workers, same
    cache, progress); ``kernels_from`` says where they were read (the result's)."""
    occurrences = [
        (graph, TritonBlock(None, name, source, "xpu"))
        for graph, kernels in enumerate(graphs)
        for name, source in kernels
    ]
    result = _compile_occurrences(
        occurrences, len(graphs), profile_name, jobs, cache, None, progress, progress_always
    )
    result.kernels_from = kernels_from
    return result


def _compile_occurrences(
    occurrences: Sequence[tuple[int, TritonBlock]],
    graphs: int,
    profile_name: str,
    jobs: int | None,
    cache: bool,
    keep_dir: str | os.PathLike[str] | None,
    progress: Callable[[str], None] | None = None,
    progress_always: bool = False,
) -> NativeResult:
    from inductor_xpu.device.registry import get_profile

    start = time.perf_counter()
    profile = get_profile(profile_name)
    limits = TimeLimits.from_config()
    env = find_native_env()
    target = native_target(profile, env)
    versions = _versions(env)
    check_generated_for(occurrences, profile)
    result = NativeResult(
        profile=profile.key,
        device=target.device,
        triton_arch=target.triton_arch,
        versions=versions,
        kernels=[],
        unsupported=target.unsupported,
        graphs=graphs,
    )
    if target.device is None:
        result.kernels = [
            KernelNative(graph, b.kernel, kernel_kind(b.source), NOT_COMPILED, message=target.unsupported)
            for graph, b in occurrences
        ]
        result.wall_seconds = time.perf_counter() - start
        return result
    store = NativeCache(default_directory() if cache else None)
    keys = [kernel_key(b.kernel, b.source, target.device, target.triton_arch, versions) for _, b in occurrences]
    unique: dict[str, _Kernel] = {}
    for key, (_, block) in zip(keys, occurrences):
        unique.setdefault(key, _Kernel(key, block.kernel, block.source))
    records: dict[str, dict[str, Any]] = {}
    cached: set[str] = set()
    if keep_dir is None:
        for key in unique:
            record = store.get(key)
            if record is not None:
                records[key] = record
                cached.add(key)
    misses = [k for key, k in unique.items() if key not in records]
    if misses:
        log.info(
            "native compile: %d kernels for %s (%d from the cache)", len(misses), target.device, len(cached)
        )
        fresh = _compile_in_workers(
            misses, target, env, jobs or _default_jobs(), os.fspath(keep_dir) if keep_dir is not None else None,
            limits, progress, progress_always,
        )
        for key, record in fresh.items():
            records[key] = record
            if record.get("status") in CACHED_STATUSES and record.get("stage") != "worker":
                store.put(key, record)
    for key, (graph, block) in zip(keys, occurrences):
        result.kernels.append(_kernel_entry(graph, block.kernel, block.source, records[key], key in cached))
    result.wall_seconds = time.perf_counter() - start
    return result
