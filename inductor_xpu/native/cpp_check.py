"""Type-check the C++ of xpu programs against the real headers, with no GPU.

The C++ wrapper (``compile --cpp-wrapper``: ``output_code_<n>.cpp``) and the
AOTInductor package sources (``compile --aot``: ``aot/aot_<n>/wrapper.cpp``)
that Inductor generates for xpu are compiled with ``g++ -std=c++20
-fsyntax-only -DUSE_XPU``: parsed, name-resolved, overload-resolved and
template-instantiated against torch's headers (from the installed wheel),
SYCL's (PyPI's ``intel-sycl-rt``, unpacked by ``make native-env`` into
``.native/sycl``) and Level Zero's (Debian's ``libze-dev``), with no object
written, nothing linked and nothing run.

The flags mirror what Inductor's own builder (``torch._inductor.cpp_builder``,
``CppTorchDeviceOptions(device_type="xpu")``) passes when it compiles such a
wrapper on a real xpu machine: the definitions ``TORCH_INDUCTOR_CPP_WRAPPER``,
``STANDALONE_TORCH_HEADER``, ``C10_USING_CUSTOM_GENERATED_MACROS`` and
``USE_XPU``; ``-std=c++20 -Wall -Wno-unused-variable -Wno-unknown-pragmas
-pedantic -fopenmp -Wno-comment``; torch's ``include`` and
``include/torch/csrc/api/include``, SYCL's ``include`` and
``include/sycl`` (``cpp_extension.include_paths("xpu")``), and Python's
include directory (the JIT wrapper is a Python extension).  Left out:
optimisation, ``-march`` and ISA flags (nothing is generated), and
``TORCH_INDUCTOR_PRECOMPILE_HEADERS`` (a build-cache switch).

Per file (:class:`CppFileCheck`): ``ok``; ``failed`` with the compiler's
first errors and where the first one is (file and line); or ``missing``,
naming the prerequisite that is not installed (g++, SYCL's, Level Zero's,
torch's or Python's headers) and ``make native-env``, or the g++ that does
not answer ``g++ -dumpfullversion`` within
``inductor_xpu.config.cxx_probe_timeout_s``.  The result
(:class:`CppCheckResult`) keeps the exact command and the time.

Each g++ runs in a process group of its own, killed as a whole (``cc1plus``
with it) when its time is up and at once when the check is interrupted
(Ctrl-C): :mod:`inductor_xpu.native.processes`.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import functools
import importlib.metadata
import importlib.util
import logging
import os
import re
import shutil
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable, Sequence, Union

from inductor_xpu.native.env import find_level_zero_include, find_sycl_headers, MAKE_TARGET, SyclHeaders
from inductor_xpu.native.errors import NativeEnvError
from inductor_xpu.native.processes import Children, run_in_group


log = logging.getLogger(__name__)

OK = "ok"
FAILED = "failed"
MISSING = "missing"
STATUSES = (OK, FAILED, MISSING)

CXX_ENV = "INDUCTOR_XPU_CXX"
# What Inductor's cpp_builder defines for an xpu C++ wrapper (torch 2.15):
# _get_torch_cpp_wrapper_definition(), _use_custom_generated_macros() and
# get_cpp_torch_device_options(device_type="xpu").
INDUCTOR_DEFINES: tuple[str, ...] = (
    "TORCH_INDUCTOR_CPP_WRAPPER",
    "STANDALONE_TORCH_HEADER",
    "C10_USING_CUSTOM_GENERATED_MACROS",
    "USE_XPU",
)
CUSTOM_GENERATED_MACROS = "C10_USING_CUSTOM_GENERATED_MACROS"
# Its language and warning flags (-Wno-comment: SYCL's multi-line comments).
INDUCTOR_CFLAGS: tuple[str, ...] = (
    "-std=c++20",
    "-Wall",
    "-Wno-unused-variable",
    "-Wno-unknown-pragmas",
    "-pedantic",
    "-fopenmp",
    "-Wno-comment",
)
# The header c10/xpu/XPUMacros.h includes unless C10_USING_CUSTOM_GENERATED_MACROS is defined.
XPU_CMAKE_MACROS = "c10/xpu/impl/xpu_cmake_macros.h"
XPU_CMAKE_MACROS_STAND_IN = """\
// Stand-in for the header torch's CMake generates when it builds with USE_XPU
// (written by inductor_xpu.native.cpp_check: the CPU wheel does not ship it).
#pragma once
#define C10_XPU_BUILD_SHARED_LIBS
"""
MAX_ERRORS = 5  # diagnostics kept per failed file
DEFAULT_TIMEOUT_S = 600.0

_DIAGNOSTIC_RE = re.compile(
    r"^(?P<file>[^\s:][^:\n]*):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<kind>fatal error|error): (?P<msg>.*)$"
)
_TOOL_ERROR_RE = re.compile(r"^\S*(?:g\+\+|cc1plus|c\+\+)\S*: (?:fatal )?error: .*$")

SourceArg = Union[str, "os.PathLike[str]"]


@dataclasses.dataclass
class CppFileCheck:
    """One C++ source, type-checked (or why not)."""

    name: str  # the path as given, or cpp_source_<i>.cpp for a text
    status: str  # ok, failed, missing
    path: str | None = None  # what the compiler read
    errors: list[str] = dataclasses.field(default_factory=list)  # the first error diagnostics, as g++ wrote them
    error_file: str | None = None  # where the first error is
    error_line: int | None = None
    warnings: int = 0  # warnings, the headers' included
    missing: str | None = None  # the prerequisite that is not installed
    returncode: int | None = None
    seconds: float | None = None
    command: list[str] | None = None  # the exact command, this file's path last

    def describe(self) -> str:
        """``output_code_0.cpp: ok (12.1 s)``, or the first error, or what is missing."""
        where = f" ({self.seconds:.1f} s)" if self.seconds is not None else ""
        if self.status == OK:
            return f"{self.name}: ok{where}"
        if self.status == MISSING:
            return f"{self.name}: not checked: {self.missing}"
        return f"{self.name}: failed{where}: {self.errors[0] if self.errors else f'exit status {self.returncode}'}"

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class CppCheckResult:
    """Each source, type-checked with one command (the source last)."""

    files: list[CppFileCheck]
    command: list[str]  # the command without the source; a file's command is this plus its path
    versions: dict[str, str]
    missing: str | None = None  # a prerequisite that is not installed: nothing was compiled
    wall_seconds: float = 0.0

    @property
    def passed(self) -> bool:
        """Every source type-checked (and there was one)."""
        return bool(self.files) and all(f.status == OK for f in self.files)

    @property
    def failed(self) -> list[CppFileCheck]:
        return [f for f in self.files if f.status == FAILED]

    def file(self, name: str) -> CppFileCheck:
        """The entry whose name (or path) is ``name`` or ends with it."""
        for f in self.files:
            if name in (f.name, f.path) or f.name.endswith(name):
                return f
        raise KeyError(f"no C++ source {name!r} among {[f.name for f in self.files]}")

    def summary_lines(self) -> list[str]:
        versions = ", ".join(f"{k} {v}" for k, v in self.versions.items())
        if self.missing:
            verdict = "not checked"
        else:
            verdict = "ok" if self.passed else f"{len(self.failed)} of {len(self.files)} failed"
        lines = [f"C++ type-check (g++ -fsyntax-only -DUSE_XPU; {versions}): {verdict} ({self.wall_seconds:.1f} s)"]
        if self.missing:
            lines.append(f"  {self.missing}")
            return lines
        lines += [f"  {f.describe()}" for f in self.files]
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "missing": self.missing,
            "command": self.command,
            "versions": self.versions,
            "wall_seconds": self.wall_seconds,
            "files": [f.to_json() for f in self.files],
        }


def torch_include_dir() -> Path | None:
    """``torch/include`` of the installed torch, found without importing it."""
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "include"


def find_cxx() -> str | None:
    path = os.environ.get(CXX_ENV) or shutil.which("g++")
    return path if path and os.path.isfile(path) and os.access(path, os.X_OK) else None


def _probe_timeout() -> float:
    """``inductor_xpu.config.cxx_probe_timeout_s``."""
    import inductor_xpu.config as config

    return float(config.cxx_probe_timeout_s)


@functools.cache
def _cxx_version_of(cxx: str, mtime_ns: int, timeout_s: float) -> str:
    try:
        out = run_in_group([cxx, "-dumpfullversion"], timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise NativeEnvError(
            f"`{cxx} -dumpfullversion` did not answer in {timeout_s:g} s (killed; {CXX_ENV} names another g++, "
            f"inductor_xpu.config.cxx_probe_timeout_s the limit)"
        ) from None
    except OSError as e:
        raise NativeEnvError(f"`{cxx} -dumpfullversion` could not run: {e.strerror or e}") from None
    return out.stdout.strip() or "unknown"


def _cxx_version(cxx: str) -> str:
    """``g++ -dumpfullversion``'s answer (remembered per executable), within
    ``inductor_xpu.config.cxx_probe_timeout_s`` seconds; :class:`NativeEnvError`
    in one line where it hangs (killed with its process group) or cannot
    run."""
    return _cxx_version_of(cxx, os.stat(cxx).st_mtime_ns, _probe_timeout())


def _python_include() -> Path | None:
    include = sysconfig.get_paths().get("include")
    return Path(include) if include and (Path(include) / "Python.h").is_file() else None


@dataclasses.dataclass(frozen=True)
class _Toolchain:
    cxx: str
    include_dirs: tuple[str, ...]
    versions: dict[str, str]


def _what_is_missing(error: NativeEnvError) -> str:
    """The middle of env's message: what is missing, where it was looked for."""
    return str(error).removeprefix("C++ type-check: ").split("; run `")[0]


def _find_toolchain(torch_include: SourceArg | None) -> _Toolchain:
    """g++ and every header directory, or :class:`NativeEnvError` naming all
    that is missing."""
    missing: list[str] = []
    cxx = find_cxx()
    cxx_version = None
    if cxx is None:
        missing.append(f"g++ is not on PATH ({CXX_ENV})")
    else:
        try:
            cxx_version = _cxx_version(cxx)
        except NativeEnvError as e:
            missing.append(str(e))
    torch_dir = Path(torch_include) if torch_include is not None else torch_include_dir()
    if torch_dir is None or not (torch_dir / "torch" / "csrc" / "inductor" / "cpp_wrapper" / "xpu.h").is_file():
        missing.append(f"torch's headers (torch/csrc/inductor/cpp_wrapper/xpu.h) are not in {torch_dir}")
    python_include = _python_include()
    if python_include is None:
        missing.append(f"Python's headers (Python.h) are not in {sysconfig.get_paths().get('include')}")
    sycl: SyclHeaders | None = None
    level_zero: Path | None = None
    try:
        sycl = find_sycl_headers()
    except NativeEnvError as e:
        missing.append(_what_is_missing(e))
    try:
        level_zero = find_level_zero_include()
    except NativeEnvError as e:
        missing.append(_what_is_missing(e))
    if missing:
        raise NativeEnvError(f"C++ type-check: {'; '.join(missing)}; run `{MAKE_TARGET}` to install")
    assert cxx is not None and cxx_version is not None and torch_dir is not None and python_include is not None
    assert sycl is not None and level_zero is not None
    include_dirs = [str(python_include), str(torch_dir), str(torch_dir / "torch" / "csrc" / "api" / "include")]
    include_dirs += sycl.include_dirs
    if level_zero.resolve() != Path("/usr/include"):  # g++ searches /usr/include itself, after -I
        include_dirs.append(str(level_zero))
    try:
        torch_version = importlib.metadata.version("torch") if torch_include is None else "unknown"
    except importlib.metadata.PackageNotFoundError:
        torch_version = "unknown"
    versions = {"g++": cxx_version, "intel-sycl-rt": sycl.version, "torch": torch_version}
    return _Toolchain(cxx, tuple(include_dirs), versions)


def missing_prerequisites(torch_include: SourceArg | None = None) -> str | None:
    """What :func:`check_cpp_sources` would find missing (g++, the headers),
    naming ``make native-env``; None where everything is there."""
    try:
        _find_toolchain(torch_include)
    except NativeEnvError as e:
        return str(e)
    return None


def write_xpu_cmake_macros_stand_in(include_dir: Path) -> Path:
    """Write the stand-in ``c10/xpu/impl/xpu_cmake_macros.h`` under
    ``include_dir`` (passed to g++ with ``-idirafter``, so a real one, as an
    xpu wheel ships it, comes first).

    Why: torch's ``c10/xpu/XPUMacros.h`` includes this header, which CMake
    generates from ``xpu_cmake_macros.h.in`` only when torch is built with
    ``USE_XPU``; the CPU wheel installed here does not have it, and without
    it the first torch xpu header is a fatal error.  What: the one macro the
    template sets, ``C10_XPU_BUILD_SHARED_LIBS`` (libc10_xpu is a shared
    library); it only chooses ``dllexport``/``dllimport`` on Windows.
    Inductor's own builds define ``C10_USING_CUSTOM_GENERATED_MACROS``,
    which makes ``XPUMacros.h`` skip the include (as this check does by
    default); the stand-in is what the plain ``g++ -DUSE_XPU`` command
    (``custom_generated_macros=False``) reads.
    """
    header = include_dir / XPU_CMAKE_MACROS
    header.parent.mkdir(parents=True, exist_ok=True)
    header.write_text(XPU_CMAKE_MACROS_STAND_IN)
    return header


def parse_errors(output: str) -> tuple[list[str], str | None, int | None, int]:
    """g++'s error diagnostics (the first :data:`MAX_ERRORS`), the file and
    line of the first, and the number of warnings."""
    errors: list[str] = []
    first_file: str | None = None
    first_line: int | None = None
    for text in output.splitlines():
        m = _DIAGNOSTIC_RE.match(text)
        if m:
            if first_file is None:
                first_file, first_line = m.group("file"), int(m.group("line"))
        elif not _TOOL_ERROR_RE.match(text):
            continue
        if len(errors) < MAX_ERRORS:
            errors.append(text.strip())
    warnings = sum(1 for text in output.splitlines() if re.search(r":\d+(?::\d+)?: warning: ", text))
    return errors, first_file, first_line, warnings


def _sources(paths_or_texts: Iterable[SourceArg], text_dir: Path) -> list[tuple[str, Path]]:
    """(name, path) of each source: a ``Path`` or a string naming a file is
    that file; any other string (C++ text, a newline in it) is written to
    ``text_dir`` as ``cpp_source_<i>.cpp``."""
    out = []
    for i, item in enumerate(paths_or_texts):
        if isinstance(item, str) and ("\n" in item or not os.path.isfile(item)):
            if "\n" not in item:
                raise FileNotFoundError(f"C++ type-check: no such C++ source file: {item}")
            path = text_dir / f"cpp_source_{i}.cpp"
            path.write_text(item)
            out.append((path.name, path))
        else:
            path = Path(item)
            if not path.is_file():
                raise FileNotFoundError(f"C++ type-check: no such C++ source file: {path}")
            out.append((str(item), path.resolve()))
    return out


def _check_one(name: str, path: Path, command: list[str], timeout_s: float, children: Children) -> CppFileCheck:
    """One source through g++, in a process group of its own (killed as a
    whole, cc1plus with it, past ``timeout_s`` or by ``children.stop()``)."""
    argv = [*command, str(path)]
    env = {**os.environ, "LC_ALL": "C"}  # plain ASCII quotes in the diagnostics
    start = time.monotonic()
    try:
        proc = run_in_group(argv, timeout=timeout_s, children=children, env=env)
    except subprocess.TimeoutExpired:
        seconds = time.monotonic() - start
        message = f"{name}: g++ -fsyntax-only ran past {timeout_s:g} s"
        return CppFileCheck(name, FAILED, str(path), [message], returncode=None, seconds=seconds, command=argv)
    seconds = time.monotonic() - start
    errors, error_file, error_line, warnings = parse_errors(proc.stderr + proc.stdout)
    status = OK if proc.returncode == 0 else FAILED
    if status == FAILED:
        log.info("C++ type-check of %s failed: %s", name, errors[0] if errors else f"exit {proc.returncode}")
    return CppFileCheck(
        name, status, str(path), errors, error_file, error_line, warnings, None, proc.returncode, seconds, argv
    )


def check_cpp_sources(
    paths_or_texts: Sequence[SourceArg] | SourceArg,
    *,
    torch_include: SourceArg | None = None,
    custom_generated_macros: bool = True,
    extra_args: Sequence[str] = (),
    jobs: int | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> CppCheckResult:
    """Type-check each C++ source (a path, or the C++ text) with ``g++
    -std=c++20 -fsyntax-only -DUSE_XPU`` and Inductor's xpu flags (see the
    module's docstring).

    ``torch_include``: torch's ``include`` directory (default: the installed
    wheel's).  ``custom_generated_macros=False`` leaves out
    ``C10_USING_CUSTOM_GENERATED_MACROS`` (then the stand-in
    ``xpu_cmake_macros.h`` is read).  ``jobs``: compilers run at once
    (default: one per source, at most one per CPU).  A missing prerequisite
    makes every file ``missing`` (and the result's ``missing`` names it);
    nothing raises but a source path that does not exist.
    """
    start = time.monotonic()
    items: list[SourceArg]
    if isinstance(paths_or_texts, (str, os.PathLike)):
        items = [paths_or_texts]
    else:
        items = list(paths_or_texts)
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-cpp-check-") as tmp:
        sources = _sources(items, Path(tmp))
        try:
            tools = _find_toolchain(torch_include)
        except NativeEnvError as e:
            files = [CppFileCheck(name, MISSING, str(path), missing=str(e)) for name, path in sources]
            return CppCheckResult(files, [], {}, str(e), time.monotonic() - start)
        stand_in_dir = Path(tmp) / "stand-in"
        write_xpu_cmake_macros_stand_in(stand_in_dir)
        defines = [d for d in INDUCTOR_DEFINES if custom_generated_macros or d != CUSTOM_GENERATED_MACROS]
        command = [
            tools.cxx,
            "-fsyntax-only",
            *INDUCTOR_CFLAGS,
            *(f"-D{d}" for d in defines),
            *(f"-I{d}" for d in tools.include_dirs),
            "-idirafter",
            str(stand_in_dir),
            *extra_args,
        ]
        log.debug("C++ type-check: %s <source>", " ".join(command))
        workers = max(1, min(len(sources), jobs or os.cpu_count() or 1))
        children = Children()
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_check_one, name, path, command, timeout_s, children) for name, path in sources]
            try:
                files = [f.result() for f in futures]
            except BaseException:  # Ctrl-C: g++ stopped now, not waited for
                children.stop()
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return CppCheckResult(files, command, tools.versions, None, time.monotonic() - start)
