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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inductor_xpu.generated_code import kernel_device_name, kernel_kind, TritonBlock, triton_blocks
from inductor_xpu.native.cache import default_directory, kernel_key, NativeCache
from inductor_xpu.native.devices import native_target, NativeTarget
from inductor_xpu.native.env import find_native_env, NativeEnv
from inductor_xpu.native.errors import NativeSourceError, NativeWorkerError
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


log = logging.getLogger(__name__)

# A worker costs one torch + triton import (~5 s); another one pays only
# with at least this many kernels for each.
KERNELS_PER_WORKER = 24
# A compiler's verdicts, stored in the cache (a dead worker's is not).
CACHED_STATUSES = (COMPILED, FAILED, FRONTEND_GAP, TOOLCHAIN_GAP)
# Seconds a worker may take: a start, then per kernel.
WORKER_START_S = 120
WORKER_KERNEL_S = 120


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


def _run_worker(
    kernels: list[_Kernel], target: NativeTarget, env: NativeEnv, work: Path, ocloc_threads: int, keep_dir: str | None
) -> subprocess.Popen[bytes]:
    work.mkdir(parents=True, exist_ok=True)
    job = {
        "triton_arch": target.triton_arch,
        "device": target.device,
        "ocloc": env.ocloc,
        "ocloc_threads": ocloc_threads,
        "keep_dir": keep_dir,
        "versions": env.versions(),  # names a toolchain gap
        "kernels": [dataclasses.asdict(k) for k in kernels],
    }
    (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
    stderr = open(work / "stderr.txt", "wb")
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "inductor_xpu.native.worker", str(work / "job.json"), str(work / "results.jsonl")],
            cwd=work,
            env=_worker_env(env),
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    finally:
        stderr.close()


def _compile_in_workers(
    kernels: list[_Kernel], target: NativeTarget, env: NativeEnv, jobs: int, keep_dir: str | None
) -> dict[str, dict[str, Any]]:
    """Each kernel's record, from as many workers as pay (at most ``jobs``
    at once); a dead worker's kernel is failed and the rest go on."""
    records: dict[str, dict[str, Any]] = {}
    pending = list(kernels)
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-native-") as tmp:
        round_ = 0
        while pending:
            workers = max(1, min(jobs, math.ceil(len(pending) / KERNELS_PER_WORKER)))
            # ocloc (a process) runs in threads beside the worker's next Triton compile
            ocloc_threads = max(1, jobs // workers)
            chunks = [pending[i::workers] for i in range(workers)]
            running = []
            for i, chunk in enumerate(chunks):
                work = Path(tmp) / f"round{round_}-worker{i}"
                running.append((chunk, work, _run_worker(chunk, target, env, work, ocloc_threads, keep_dir)))
            round_ += 1
            pending = []
            for chunk, work, proc in running:
                timeout = WORKER_START_S + WORKER_KERNEL_S * len(chunk)
                try:
                    returncode: int | None = proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                    returncode = None
                got, culprit = _read_results(work / "results.jsonl")
                records.update({k: v for k, v in got.items() if any(k == c.key for c in chunk)})
                missing = [k for k in chunk if k.key not in got]
                if not missing:
                    continue
                stderr = (work / "stderr.txt").read_text(errors="replace").strip()
                why = (
                    f"timed out after {timeout} s" if returncode is None else f"exited with status {returncode}"
                )
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
                pending.extend(k for k in missing if k not in blamed)
                if returncode is None:  # a hang is not retried kernel by kernel
                    for k in pending:
                        records[k.key] = {**records.get(k.key, {}), "key": k.key, "name": k.name, "status": FAILED,
                                          "stage": "worker", "message": f"the native worker {why}: {tail}"}
                    pending = []
    return records


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
) -> NativeResult:
    """Compile every Triton kernel of the generated wrappers ``sources`` (the
    ``output_code_<n>.py`` texts, one per graph) with Intel's Triton XPU
    backend to SPIR-V and with IGC to native ISA for ``profile_name``'s GPU.

    ``jobs``: processes at most (default: the CPUs, up to 4); ``cache``:
    reuse and store results in the project's cache; ``keep_dir``: write each
    kernel compiled here as ``<kernel>.ttgir``, ``.spv`` and ``.asm`` into it
    (kernels served from the cache write nothing; pass ``cache=False``).

    Raises ``UnknownProfileError`` for an unknown profile,
    :class:`~inductor_xpu.native.errors.NativeSourceError` when the code was
    generated for another GPU, and
    :class:`~inductor_xpu.native.errors.NativeEnvError` (naming ``make
    native-env``) when triton-xpu or ocloc is missing.  A GPU this IGC does
    not know is a result whose ``unsupported`` says so, nothing compiled."""
    occurrences = [(graph, block) for graph, src in enumerate(sources) for block in triton_blocks(src)]
    return _compile_occurrences(occurrences, len(sources), profile_name, jobs, cache, keep_dir)


def compile_kernel_sources(
    kernels: Sequence[tuple[str, str]], profile_name: str, *, jobs: int | None = None, cache: bool = True
) -> NativeResult:
    """Compile Triton kernels given as ``(name, source)`` -- each the module
    text Inductor loads for one kernel, e.g. a template choice's benchmark
    module (``TritonTemplateCaller.bmreq.module_path``), defining the
    launcher ``name`` -- like :func:`compile_native` compiles a wrapper's
    kernels (same workers, same cache), all as graph 0, in order."""
    return compile_graph_kernels([kernels], profile_name, jobs=jobs, cache=cache)


def compile_graph_kernels(
    graphs: Sequence[Sequence[tuple[str, str]]],
    profile_name: str,
    *,
    jobs: int | None = None,
    cache: bool = True,
    kernels_from: str = KERNELS_FROM_WRAPPERS,
) -> NativeResult:
    """Compile each graph's Triton kernels, given as ``(name, source)`` as
    for :func:`compile_kernel_sources` -- e.g. the ``triton/<name>.py`` files
    of AOTInductor packages, one package per graph -- like
    :func:`compile_native` compiles wrappers' kernels (same workers, same
    cache); ``kernels_from`` says where they were read (the result's)."""
    occurrences = [
        (graph, TritonBlock(None, name, source, "xpu"))
        for graph, kernels in enumerate(graphs)
        for name, source in kernels
    ]
    result = _compile_occurrences(occurrences, len(graphs), profile_name, jobs, cache, None)
    result.kernels_from = kernels_from
    return result


def _compile_occurrences(
    occurrences: Sequence[tuple[int, TritonBlock]],
    graphs: int,
    profile_name: str,
    jobs: int | None,
    cache: bool,
    keep_dir: str | os.PathLike[str] | None,
) -> NativeResult:
    from inductor_xpu.device.registry import get_profile

    start = time.perf_counter()
    profile = get_profile(profile_name)
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
            misses, target, env, jobs or _default_jobs(), os.fspath(keep_dir) if keep_dir is not None else None
        )
        for key, record in fresh.items():
            records[key] = record
            if record.get("status") in CACHED_STATUSES and record.get("stage") != "worker":
                store.put(key, record)
    for key, (graph, block) in zip(keys, occurrences):
        result.kernels.append(_kernel_entry(graph, block.kernel, block.source, records[key], key in cached))
    result.wall_seconds = time.perf_counter() - start
    return result
