"""The worker process of the native compile: ``python -m
inductor_xpu.native.worker JOB.json RESULTS.jsonl``, run by
:func:`inductor_xpu.native.compile_native` with triton-xpu's site directory
ahead on ``sys.path``, so ``triton`` here is Intel's Triton (3.3, with
``triton/backends/intel``) and torch is ``.venv``'s, with the overlay.

For each kernel of the job it does what Inductor does on a real xpu when
the generated wrapper loads a kernel and launches it the first time:

1. executes the kernel's source (the ``async_compile.triton`` string of
   the wrapper) with Inductor's own ``triton_heuristics``: its decorator
   builds the ``CachingAutotuner`` with the heuristics' configs;
2. takes the first config (the one the CPU execution engine launches too:
   ``inductor_xpu.execution.kernels``) and compiles it with
   ``CachingAutotuner._precompile_config``: Inductor's compile metadata
   (signature, constexprs, attributes, options), ``GPUTarget("xpu",
   <the profile's capability dict>, 32)``, ``triton.compile`` through the
   Intel backend's TTIR -> TTGIR -> LLVM -> SPIR-V;
3. compiles the SPIR-V with IGC as the backend's ``make_spv`` does
   (:mod:`inductor_xpu.native.ocloc`), for the profile's ocloc device, and
   reads IGC's native ISA dump (:mod:`inductor_xpu.native.isa`).

Inductor's ``XPU_KERNEL_FORMAT`` is set to ``"spv"`` here, so triton stops
at SPIR-V and step 3 runs ocloc for the profile's device (triton-xpu 3.3
would run ``ocloc -device pvc -o``, which IGC 22.43's ocloc refuses).

A kernel IGC rejects whose source has ``tl.device_assert`` statements is
compiled once more without them (:func:`without_device_asserts`), after the
other kernels: IGC 22.43 aborts on triton-xpu 3.3's lowering of
``tl.device_assert`` (Inductor's bounds check of an indirect index,
``assert_indirect_indexing``), so a kernel that compiles without its asserts
is a toolchain gap (:func:`assert_free_outcome`), not a failure; one that
does not stays failed.

A kernel whose first config spills more than its ``spill_threshold``
(Inductor's: ``CachingAutotuner.bench`` skips a candidate whose
``n_spills``, on xpu IGC's spill size, exceeds it) and that has other
autotuning candidates has them compiled too, after the other kernels
(:func:`compile_candidates`): its record is written again with
``candidates``, so a spill the autotuner would avoid is told from one it
cannot.

One JSON line per kernel goes to RESULTS (flushed as it is known); a
``{"started": name}`` line precedes each kernel's Triton compile, so the
parent knows which kernel a crashed worker was compiling.

The worker does not outlive its parent (:mod:`inductor_xpu.native.processes`):
it leads a session of its own, which its ocloc process groups stay in (the
parent kills the whole session when the worker ends); each ocloc is killed
with its group past the job's ``ocloc_timeout_s``; and when the parent
(``parent_pid``) is gone, killed outright, the worker kills its ocloc
groups, removes the parent's temporary directory (``owner_dir``: the job,
with every kernel's source, and the worker's own files, which are there)
and exits.
"""

from __future__ import annotations

import ast
import concurrent.futures
import contextlib
import json
import logging
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from inductor_xpu.native.processes import Children, parent_gone, watch_parent
from inductor_xpu.native.report import attempts_facts


log = logging.getLogger(__name__)

# The ocloc processes running (from the pool's threads): stopped when the
# parent is gone (_on_parent_gone).
_CHILDREN = Children()
# The prefix of the parent's temporary directory, which holds the job (the
# kernels' sources) and this worker's files: removed by the worker when the
# parent is gone.
OWNER_DIR_PREFIX = "inductor-xpu-native-"

# A Triton API the 3.3 frontend lacks: how its absence reads in an error.
_FRONTEND_GAPS = (
    re.compile(r"module '(?P<module>triton[\w.]*)' has no attribute '(?P<name>\w+)'"),
    re.compile(r"cannot import name '(?P<name>\w+)' from '(?P<module>triton[\w.]*)'"),
    re.compile(r"No module named '(?P<module>triton[\w.]*)'"),
    re.compile(r"(?P<name>[\w.]+)\(\) got an unexpected keyword argument '(?P<kwarg>\w+)'"),
)


# The start of a statement that may be a tl.device_assert call.
_DEVICE_ASSERT_START = re.compile(r"^(?P<indent>[ \t]*)tl\.device_assert\(")
# The most lines one such statement is read over.
_DEVICE_ASSERT_MAX_LINES = 20


def _is_device_assert(text: str) -> bool:
    """Whether ``text`` is exactly one statement, a ``tl.device_assert(...)`` call."""
    try:
        body = ast.parse(text).body
    except SyntaxError:
        return False
    if len(body) != 1 or not isinstance(body[0], ast.Expr) or not isinstance(body[0].value, ast.Call):
        return False
    func = body[0].value.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "device_assert"
        and isinstance(func.value, ast.Name)
        and func.value.id == "tl"
    )


def without_device_asserts(source: str) -> str | None:
    """``source`` with each ``tl.device_assert(...)`` statement replaced by
    ``pass`` (and the blank lines it spanned), or None where it has none.

    The smallest textual change that takes the asserts out: nothing else of
    the kernel moves (not even its line numbers), so what IGC compiles
    without them is the same kernel less its bounds checks, and its ISA
    facts are the kernel's but for those checks.  A ``tl.device_assert``
    that is not a statement of its own (an expression's part) is left in
    place: the kernel then still has it, and fails again if it is the
    cause."""
    lines = source.splitlines(keepends=True)
    out: list[str] = []
    removed = 0
    i = 0
    while i < len(lines):
        m = _DEVICE_ASSERT_START.match(lines[i])
        end = None
        if m:
            for j in range(i, min(i + _DEVICE_ASSERT_MAX_LINES, len(lines))):
                if _is_device_assert("".join(lines[i : j + 1]).strip()):
                    end = j
                    break
        if m is None or end is None:
            out.append(lines[i])
            i += 1
            continue
        out.append(f"{m.group('indent')}pass\n" + "\n" * (end - i))
        removed += 1
        i = end + 1
    return "".join(out) if removed else None


def device_assert_gap(versions: dict[str, str], returncode: int | None) -> str:
    """The toolchain gap's name: ``IGC 22.43 aborts on tl.device_assert
    (triton-xpu 3.3.0b1's lowering)``."""
    ocloc = ".".join(str(versions.get("ocloc", "?")).split(".")[:2])
    verb = "aborts" if returncode == -signal.SIGABRT else "fails"
    return f"IGC {ocloc} {verb} on tl.device_assert (triton-xpu {versions.get('triton-xpu', '?')}'s lowering)"


def assert_free_outcome(failure: dict[str, Any], retry: dict[str, Any], gap: str) -> dict[str, Any]:
    """A kernel's record from its ocloc ``failure`` and the record of the
    same kernel compiled again without its ``tl.device_assert`` statements
    (``retry``).

    * the retry compiled: ``toolchain_gap`` named ``gap``, the original
      failure as the message, the retry's ISA facts (``attempts``), marked
      ``isa_without_asserts``;
    * it did not (in Triton or IGC): the original failure as it was, with
      what the retry gave in ``without_asserts``: a kernel failing without
      its asserts too is a failure, not a gap."""
    seconds = {
        "triton_seconds": (failure.get("triton_seconds") or 0) + (retry.get("triton_seconds") or 0),
        "ocloc_seconds": (failure.get("ocloc_seconds") or 0) + (retry.get("ocloc_seconds") or 0),
    }
    if retry.get("status") == "compiled":
        return {**retry, **seconds, "key": failure["key"], "name": failure["name"], "status": "toolchain_gap",
                "stage": "ocloc", "gap": gap, "message": failure.get("message"), "without_asserts": "compiled",
                "isa_without_asserts": True}
    first = (retry.get("message") or "").strip().splitlines()
    retry_failure = f"{retry.get('status', 'failed')} in {retry.get('stage') or '?'}: {first[0] if first else '?'}"
    return {**failure, **seconds, "without_asserts": retry_failure}


def install_host_shims(triton_arch: str) -> None:
    """Let the Intel backend compile without a GPU, for ``triton_arch``.

    * ``XPUBackend.__init__`` (``triton/backends/intel/compiler.py``) builds
      ``arch_parser.c`` against SYCL and Level Zero (``compile_module_from_src``,
      which also asks ``triton.runtime.build.is_xpu()``, i.e. torch, for a
      device) only to turn the target's SYCL architecture number into a
      name ("pvc", "dg2", ...).  Here that name is the profile's
      (``DeviceProfile.triton_arch``): the backend's module gets a
      ``compile_module_from_src`` answering ``parse_device_arch`` with it;
      any other module it would build is refused (there is no SYCL here).
    * Inductor's ``triton_helpers.set_driver_to_gpu()`` (called by each
      kernel's source and before each compile) makes the Intel driver the
      active one, which loads SYCL and Level Zero: a no-op here, since
      nothing is launched.
    * Inductor's ``XPU_KERNEL_FORMAT`` is ``"spv"``: triton stops at SPIR-V
      and :mod:`inductor_xpu.native.ocloc` runs the native step.

    This process only; nothing else of triton or torch is changed."""
    import triton.backends
    from torch._inductor.runtime import triton_helpers, triton_heuristics

    backend = triton.backends.backends["intel"].compiler
    module_globals = backend.__init__.__globals__

    def compile_module_from_src(src: str, name: str, *args: Any, **kwargs: Any) -> Any:
        if name != "arch_utils":
            raise RuntimeError(f"inductor_xpu.native: no SYCL here to build the Intel backend's {name} module")
        return types.SimpleNamespace(parse_device_arch=lambda architecture: triton_arch)

    module_globals["compile_module_from_src"] = compile_module_from_src
    triton_helpers.set_driver_to_gpu = lambda: None
    triton_heuristics.XPU_KERNEL_FORMAT = "spv"


def frontend_gap(text: str) -> str | None:
    """The Triton API an error says the frontend lacks
    (``triton.language.foo``, ``range(warp_specialize=)``), or None."""
    for pattern in _FRONTEND_GAPS:
        m = pattern.search(text)
        if m:
            groups = m.groupdict()
            if groups.get("kwarg"):
                return f"{groups['name'].removesuffix('.__init__')}({groups['kwarg']}=)"
            if groups.get("name"):
                return f"{groups['module']}.{groups['name']}"
            return groups["module"]
    return None


def _error_text(e: BaseException) -> str:
    """The exception and its causes, one line each (Triton's
    CompilationError carries the source location in its message)."""
    parts = []
    seen: set[int] = set()
    current: BaseException | None = e
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        parts.append(f"{type(current).__name__}: {current}".strip())
        current = current.__cause__ or current.__context__
    return "\n".join(parts)


# MLIR's report of a failed pass pipeline, written to stderr by C++
_FAILED_PASS = re.compile(r"Pipeline failed while executing \[`(?P<name>[^`]+)`")
_PIPELINE_FAILED = "Failures have been detected while processing an MLIR pass pipeline"
_MLIR_ERROR = re.compile(r"^(?:LLVM ERROR: (?P<llvm>.+)|.*?: error: (?P<mlir>.+))$", re.MULTILINE)


def pass_failure(stderr: str) -> str | None:
    """What a failed Triton pass pipeline wrote to stderr, in one line: the
    pass and the first error (``in IntelDecomposeUnsupportedConversions:
    Layout is expected to be surjective, ...``), or None where ``stderr``
    names neither."""
    failed = _FAILED_PASS.search(stderr)
    errors = [m.group("llvm") or m.group("mlir") for m in _MLIR_ERROR.finditer(stderr)]
    error = next((e.strip() for e in errors if _PIPELINE_FAILED not in e), None)
    if failed is None and error is None:
        return None
    where = f"in {failed.group('name')}" if failed else "in a pass"
    return f"{where}: {error}" if error else where


@contextlib.contextmanager
def stderr_captured(text: list[str]) -> Iterator[None]:
    """File descriptor 2 into a temporary file for the block; what was
    written there is appended to ``text`` and then written to file
    descriptor 2 again, so nothing is lost.  Triton's C++ (MLIR's diagnostics, LLVM's
    errors) writes there, not into the exception it raises."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            captured = tmp.read()
            text.append(captured.decode("utf-8", errors="replace"))
            os.write(2, captured)


def precompile(launcher: Any, cfg: Any) -> Any:
    """``launcher._precompile_config(cfg)``; where Triton's pass manager
    fails (``RuntimeError: PassManager::run failed``), the error raised
    names the pass and its first error from what MLIR wrote to stderr
    (:func:`pass_failure`), the original as its cause."""
    text: list[str] = []
    try:
        with stderr_captured(text):
            return launcher._precompile_config(cfg)
    except RuntimeError as e:
        detail = pass_failure("".join(text)) if "PassManager::run failed" in str(e) else None
        if detail is None:
            raise
        raise RuntimeError(f"{e} {detail}") from e


def load_launcher(name: str, source: str, path: Path) -> Any:
    """The ``CachingAutotuner`` kernel ``name``'s source defines (written to
    ``path``, where Triton reads a function's source from)."""
    path.write_text(source, encoding="utf-8")
    module = types.ModuleType(f"inductor_xpu_native_{name}")
    module.__file__ = str(path)
    code = compile(source, str(path), "exec")
    exec(code, module.__dict__)
    launcher = getattr(module, name, None)
    if launcher is None or not hasattr(launcher, "_precompile_config"):
        raise RuntimeError(f"the source of kernel {name} defines no Inductor launcher named {name}")
    return launcher


def _config_json(cfg: Any) -> dict[str, Any]:
    return {
        "kwargs": {k: v for k, v in cfg.kwargs.items()},
        "num_warps": cfg.num_warps,
        "num_stages": cfg.num_stages,
    }


# CachingAutotuner.bench's spill_threshold where the kernel's inductor_meta
# has none (32 on ROCm, which xpu is not)
DEFAULT_SPILL_THRESHOLD = 16


def spill_threshold(launcher: Any) -> int:
    """The spill size above which Inductor's autotuner skips a candidate of
    ``launcher`` (its ``inductor_meta["spill_threshold"]``)."""
    meta = getattr(launcher, "inductor_meta", None) or {}
    return int(meta.get("spill_threshold", DEFAULT_SPILL_THRESHOLD))


def _native(binary: Any) -> dict[str, Any]:
    """What the ocloc attempts of a :class:`NativeBinary` say, as JSON."""
    return {
        "attempts": [
            {
                "build_flags": a.build_flags,
                "spilled_in_log": a.spilled,
                "asm_file": a.asm_file,
                "isa": a.isa.to_json() if a.isa else None,
                "log": a.log[-2000:],
            }
            for a in binary.attempts
        ],
    }


class _Results:
    """RESULTS, one JSON line each, written under a lock (ocloc threads)."""

    def __init__(self, path: str) -> None:
        self._file = open(path, "a", encoding="utf-8")
        self._lock = threading.Lock()

    def write(self, record: dict[str, Any]) -> None:
        with self._lock:
            self._file.write(json.dumps(record, default=str) + "\n")
            self._file.flush()

    def close(self) -> None:
        self._file.close()


class _AssertFreeResults:
    """Where the compile of a kernel without its ``tl.device_assert``
    statements writes: its record becomes the kernel's own
    (:func:`assert_free_outcome`)."""

    def __init__(self, results: _Results, failure: dict[str, Any], gap: str) -> None:
        self._results = results
        self._failure = failure
        self._gap = gap

    def write(self, record: dict[str, Any]) -> None:
        self._results.write(assert_free_outcome(self._failure, record, self._gap))


def _ocloc_options(job: dict[str, Any]) -> dict[str, Any]:
    """How :func:`~inductor_xpu.native.ocloc.compile_spirv` runs ocloc for
    ``job``: its executable, its time limit, registered in this process's
    running children."""
    from inductor_xpu.native.ocloc import OCLOC_TIMEOUT_S

    return {"ocloc": job["ocloc"], "timeout_s": float(job.get("ocloc_timeout_s") or OCLOC_TIMEOUT_S),
            "children": _CHILDREN}


def compile_kernel(
    kernel: dict[str, Any],
    job: dict[str, Any],
    work: Path,
    pool: concurrent.futures.Executor,
    results: _Results | _AssertFreeResults,
    retries: list[tuple[dict[str, Any], dict[str, Any]]] | None = None,
    keep_stem: str | None = None,
    spilled: list[tuple[Any, dict[str, Any], _Results | _AssertFreeResults]] | None = None,
) -> concurrent.futures.Future[None] | None:
    """Steps 1 and 2 for one kernel here; step 3 submitted to ``pool``.

    An ocloc failure of a kernel with ``tl.device_assert`` statements is
    appended to ``retries`` (the kernel with its source less those
    statements, and its failure record) instead of written, where
    ``retries`` is given.  ``keep_stem``: the files' stem in the job's
    ``keep_dir`` (default: the kernel's name).  A kernel whose first config
    spills more than its ``spill_threshold`` and that has other candidates
    is appended to ``spilled`` (its launcher, record and ``results``), where
    given, for :func:`compile_candidates`."""
    from inductor_xpu.native.cache import ocloc_gave_verdict
    from inductor_xpu.native.errors import OclocError
    from inductor_xpu.native.ocloc import compile_spirv

    name = kernel["name"]
    stem = keep_stem or name
    record: dict[str, Any] = {"key": kernel["key"], "name": name}
    kernel_dir = work / kernel["key"][:16]
    kernel_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    try:
        launcher = load_launcher(name, kernel["source"], kernel_dir / f"{name}.py")
    except Exception as e:  # the kernel's source does not load with this triton
        text = _error_text(e)
        gap = frontend_gap(text)
        results.write({**record, "status": "frontend_gap" if gap else "failed", "stage": "load", "gap": gap,
                       "message": text})
        return None
    cfg = launcher.configs[0]
    record.update(
        heuristic=getattr(getattr(launcher, "heuristic_type", None), "name", None),
        config=_config_json(cfg),
        n_configs=len(launcher.configs),
        spill_threshold=spill_threshold(launcher),
    )
    try:
        compiled = precompile(launcher, cfg)
        binary = compiled.kernel
    except Exception as e:
        text = _error_text(e)
        gap = frontend_gap(text)
        results.write({**record, "status": "frontend_gap" if gap else "failed", "stage": "triton", "gap": gap,
                       "message": text, "seconds": time.perf_counter() - start})
        return None
    metadata = binary.metadata
    ttgir = binary.asm.get("ttgir", "")
    record.update(
        entry=metadata.name,
        threads_per_warp=metadata.threads_per_warp,
        num_warps=metadata.num_warps,
        shared=metadata.shared,
        build_flags=metadata.build_flags,
        dot=ttgir.count("tt.dot "),
        dpas_layout="dpas<" in ttgir,
        spirv_bytes=len(binary.asm["spv"]),
        triton_seconds=time.perf_counter() - start,
    )
    spirv = binary.asm["spv"]
    keep = Path(job["keep_dir"]) if job.get("keep_dir") else None

    def native() -> None:
        t0 = time.perf_counter()
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"{stem}.ttgir").write_text(ttgir, encoding="utf-8")
            (keep / f"{stem}.spv").write_bytes(spirv)  # also of a kernel IGC rejects: its reproducer
        try:
            native_binary = compile_spirv(
                spirv, metadata.name, job["device"], metadata.build_flags or "", kernel_dir / "ocloc",
                **_ocloc_options(job),
            )
        except OclocError as e:
            failure = {**record, "status": "failed", "stage": "ocloc", "message": str(e),
                       "ocloc_returncode": e.returncode, "ocloc_seconds": time.perf_counter() - t0}
            # (only after IGC's own verdict: an ocloc killed from outside or out of time is no gap)
            assert_free = (
                without_device_asserts(kernel["source"])
                if retries is not None and ocloc_gave_verdict(e.returncode) else None
            )
            if assert_free is not None:
                # compiled again without its asserts, after the others
                retries.append(({**kernel, "source": assert_free}, failure))
            else:
                results.write(failure)
            return
        except Exception as e:
            results.write({**record, "status": "failed", "stage": "ocloc", "message": _error_text(e),
                           "ocloc_seconds": time.perf_counter() - t0})
            return
        if keep:
            (keep / f"{stem}.asm").write_text(native_binary.final.asm, encoding="utf-8")
        compiled_record = {**record, "status": "compiled", **_native(native_binary),
                           "ocloc_seconds": time.perf_counter() - t0}
        results.write(compiled_record)
        spill = attempts_facts(compiled_record["attempts"]).get("spill_bytes") or 0
        if spilled is not None and len(launcher.configs) > 1 and spill > record["spill_threshold"]:
            spilled.append((launcher, compiled_record, results))

    return pool.submit(native)


def compile_candidates(
    launcher: Any, record: dict[str, Any], job: dict[str, Any], work: Path, pool: concurrent.futures.Executor
) -> list[dict[str, Any]]:
    """Each autotuning candidate of ``launcher`` after its first (whose
    compile is ``record``), compiled as the first was (Triton here, ocloc in
    ``pool``, the 256-GRF retry on a spill): its config, and ``compiled``
    with its GRF, instructions and spill sizes, or ``failed`` with the
    compiler's message."""
    from inductor_xpu.native.ocloc import compile_spirv

    futures: list[tuple[dict[str, Any], concurrent.futures.Future[dict[str, Any]] | None]] = []
    for i, cfg in enumerate(launcher.configs[1:], start=1):
        entry: dict[str, Any] = {"config": _config_json(cfg)}
        try:
            binary = precompile(launcher, cfg).kernel
        except Exception as e:
            futures.append(({**entry, "status": "failed", "stage": "triton", "message": _error_text(e)}, None))
            continue
        entry["threads_per_warp"] = binary.metadata.threads_per_warp

        def native(binary: Any = binary, i: int = i) -> dict[str, Any]:
            return _native(
                compile_spirv(
                    binary.asm["spv"], binary.metadata.name, job["device"], binary.metadata.build_flags or "",
                    work / record["key"][:16] / f"candidate{i}", **_ocloc_options(job),
                )
            )

        futures.append((entry, pool.submit(native)))
    candidates = []
    for entry, future in futures:
        if future is not None:
            try:
                native = future.result()
            except Exception as e:
                entry = {**entry, "status": "failed", "stage": "ocloc", "message": _error_text(e)}
            else:
                facts = attempts_facts(native["attempts"])
                entry = {**entry, "status": "compiled",
                         **{k: facts.get(k) for k in ("grf", "simd", "inst_count", "spill_bytes", "first_spill_bytes")}}
        candidates.append(entry)
    return candidates


def _compile_all(kernels: list[tuple[dict[str, Any], Any]], submit: Any, results: _Results) -> None:
    """``submit(kernel, sink)`` for each ``(kernel, sink)`` (Triton here,
    ocloc in the pool), then wait for the pool's part."""
    futures = []
    for kernel, sink in kernels:
        results.write({"started": kernel["key"], "name": kernel["name"]})
        try:
            future = submit(kernel, sink)
        except Exception as e:  # a bug here, not the kernel's: still one kernel's result
            results.write({"key": kernel["key"], "name": kernel["name"], "status": "failed",
                           "stage": "worker", "message": traceback.format_exc() or str(e)})
            continue
        if future is not None:
            futures.append(future)
    for future in futures:
        future.result()


def _assert_free_job(
    kernel: dict[str, Any], failure: dict[str, Any], results: _Results, versions: dict[str, str]
) -> tuple[dict[str, Any], _AssertFreeResults]:
    """The kernel without its ``tl.device_assert`` statements (``kernel``,
    as :func:`compile_kernel` queued it), and where its record goes (made
    the kernel's own from its ocloc ``failure``)."""
    gap = device_assert_gap(versions, failure.get("ocloc_returncode"))
    return kernel, _AssertFreeResults(results, failure, gap)


def run_job(job: dict[str, Any], results_path: str) -> None:
    install_host_shims(job["triton_arch"])
    results = _Results(results_path)
    retries: list[tuple[dict[str, Any], dict[str, Any]]] = []
    spilled: list[tuple[Any, dict[str, Any], _Results | _AssertFreeResults]] = []
    versions = job.get("versions") or {}
    # beside RESULTS, in the parent's temporary directory: removed with it
    with tempfile.TemporaryDirectory(prefix="work-", dir=os.path.dirname(os.path.abspath(results_path))) as tmp:
        work = Path(tmp)
        # Triton's own cache: this run only (the parent caches results).
        os.environ["TRITON_CACHE_DIR"] = str(work / "triton-cache")
        with concurrent.futures.ThreadPoolExecutor(max(1, int(job.get("ocloc_threads", 1)))) as pool:
            _compile_all(
                [(kernel, results) for kernel in job["kernels"]],
                lambda kernel, sink: compile_kernel(kernel, job, work, pool, sink, retries, spilled=spilled),
                results,
            )
            # IGC rejected these; each compiled again without its tl.device_assert
            # statements (Triton in this thread, as every Triton compile here)
            _compile_all(
                [_assert_free_job(kernel, failure, results, versions) for kernel, failure in retries],
                lambda kernel, sink: compile_kernel(
                    kernel, job, work / "without-asserts", pool, sink, keep_stem=f"{kernel['name']}.without_asserts",
                    spilled=spilled,
                ),
                results,
            )
            # the first config spilled: the other candidates, the record again
            # with them (a kernel compiled without its asserts: its candidates
            # too, its record the toolchain gap's again)
            for launcher, record, sink in spilled:
                try:
                    candidates = compile_candidates(launcher, record, job, work, pool)
                except Exception:  # a bug here: the record stands without candidates
                    log.exception("native worker: the candidates of %s", record["name"])
                    continue
                sink.write({**record, "candidates": candidates})
    results.close()


def _on_parent_gone(job: dict[str, Any]) -> None:
    """The parent is gone (or this worker was sent ``SIGTERM``): kill the
    ocloc groups running, and where the parent is gone remove its temporary
    directory (the job, with every kernel's source, and this worker's
    files), which it cannot remove any more; then exit."""
    _CHILDREN.stop()
    parent_pid = int(job["parent_pid"])
    owner = job.get("owner_dir")
    if parent_gone(parent_pid) and owner and os.path.basename(owner).startswith(OWNER_DIR_PREFIX):
        shutil.rmtree(owner, ignore_errors=True)
    if os.getpgrp() == os.getpid():  # its own group (as the parent starts it): all of it, itself last
        os.killpg(0, signal.SIGKILL)
    os._exit(128 + signal.SIGTERM)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        sys.stderr.write("usage: python -m inductor_xpu.native.worker JOB.json RESULTS.jsonl\n")
        return 2
    logging.basicConfig(level=os.environ.get("INDUCTOR_XPU_NATIVE_LOG", "WARNING"))
    with open(argv[0], encoding="utf-8") as f:
        job = json.load(f)
    if job.get("parent_pid"):  # ends with its parent, even one killed by SIGKILL
        watch_parent(int(job["parent_pid"]), lambda: _on_parent_gone(job))
    run_job(job, argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
