"""Where Intel's toolchain is: triton-xpu's site directory and IGC's
``ocloc``.

triton-xpu (Intel's Triton, with ``triton/backends/intel``) provides the
module ``triton``, so it cannot live in ``.venv`` beside the ``triton``
Inductor uses: ``make native-env`` unpacks it into its own directory,
``.native/site`` (``pip install --no-deps --target``), which only the
worker process (:mod:`inductor_xpu.native.worker`) puts ahead on
``sys.path``.  ``ocloc`` (IGC's offline compiler) comes from the system
(Debian's ``intel-opencl-icd``).

The C++ type-check (:mod:`inductor_xpu.native.cpp_check`) needs SYCL's
headers, from PyPI's ``intel-sycl-rt`` (``INTEL_SYCL_RT_VERSION``), which
``make native-env`` unpacks into ``.native/sycl`` (never into ``.venv``,
where torch's ``cpp_extension`` would take it for a SYCL runtime), and Level
Zero's (``level_zero/ze_api.h``, Debian's ``libze-dev``).

Environment variables: ``INDUCTOR_XPU_NATIVE_SITE`` (triton-xpu's site
directory; default ``<checkout>/.native/site``), ``INDUCTOR_XPU_OCLOC``
(the ``ocloc`` executable; default the one on ``PATH``),
``INDUCTOR_XPU_SYCL_ROOT`` (where ``intel-sycl-rt`` is unpacked; default
``<checkout>/.native/sycl``), ``INDUCTOR_XPU_LEVEL_ZERO_INCLUDE`` (the
directory holding ``level_zero/ze_api.h``; default ``/usr/include``).
Each is made absolute once, where it is read (the worker runs in a temporary
directory); a path that exists but cannot be read, is not a directory (or,
for ``ocloc``, not an executable file) is an error of one line naming the
variable, before anything is compiled.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from inductor_xpu.native.errors import NativeEnvError


log = logging.getLogger(__name__)

MAKE_TARGET = "make native-env"
# The checkout this package sits in (an editable install): <checkout>/inductor_xpu/native/env.py.
_CHECKOUT = Path(__file__).resolve().parents[2]
DEFAULT_SITE = _CHECKOUT / ".native" / "site"
SITE_ENV = "INDUCTOR_XPU_NATIVE_SITE"
OCLOC_ENV = "INDUCTOR_XPU_OCLOC"
# The intel-sycl-rt whose headers the C++ type-check uses (the Makefile's
# INTEL_SYCL_RT_VERSION): the newest 2025.x, the oneAPI line torch 2.15's
# xpu wheels pair with.
INTEL_SYCL_RT_VERSION = "2025.3.3"
DEFAULT_SYCL_ROOT = _CHECKOUT / ".native" / "sycl"
SYCL_ROOT_ENV = "INDUCTOR_XPU_SYCL_ROOT"
LEVEL_ZERO_INCLUDE_ENV = "INDUCTOR_XPU_LEVEL_ZERO_INCLUDE"
DEFAULT_LEVEL_ZERO_INCLUDE = Path("/usr/include")


@dataclasses.dataclass(frozen=True)
class NativeEnv:
    """Intel's toolchain as found: triton-xpu's site directory and version,
    ``ocloc`` and the driver (NEO) and IGC versions it belongs to."""

    site_dir: str
    triton_xpu_version: str
    ocloc: str
    ocloc_version: str  # the compute runtime's (NEO's) version, e.g. 22.43.24595
    igc_version: str  # e.g. 1.0.12504.6-1+deb12u1; "unknown" where no package manager says
    ocloc_devices: tuple[str, ...]  # the -device names this ocloc accepts

    def versions(self) -> dict[str, str]:
        return {"triton-xpu": self.triton_xpu_version, "ocloc": self.ocloc_version, "igc": self.igc_version}

    def describe(self) -> str:
        return f"triton-xpu {self.triton_xpu_version}, ocloc {self.ocloc_version} (IGC {self.igc_version})"


def _configured_path(variable: str, default: Path) -> Path:
    """The path ``variable`` names (an empty one counts as unset), else
    ``default``: absolute, from the current directory as it is now."""
    return Path(os.path.abspath(os.environ.get(variable) or default))


def unreadable_directory(path: Path, variable: str) -> str | None:
    """Why ``path`` (named by ``variable``) exists but cannot be used as a
    directory to read (``is not a directory``, ``cannot be read:
    Permission denied``); None where it is one or does not exist (a missing
    one is the caller's "not installed")."""
    try:
        st = os.stat(path)
        if not stat.S_ISDIR(st.st_mode):
            return f"{path} ({variable}) is not a directory"
        if not os.access(path, os.R_OK | os.X_OK):
            return f"{path} ({variable}) cannot be read: Permission denied"
        os.listdir(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"{path} ({variable}) cannot be read: {e.strerror or e}"
    return None


def site_dir() -> Path:
    return _configured_path(SITE_ENV, DEFAULT_SITE)


def triton_xpu_version(site: Path) -> str | None:
    """The version of the triton-xpu installed in ``site`` (its
    ``triton_xpu-<version>.dist-info``), None where there is none or it has
    no Intel backend (or ``site`` cannot be read)."""
    try:
        if not (site / "triton" / "backends" / "intel" / "compiler.py").is_file():
            return None
        for info in sorted(site.glob("triton_xpu-*.dist-info")):
            return info.name[len("triton_xpu-") : -len(".dist-info")]
    except OSError:
        return None
    return None


# The seconds the worker's first imports may take in the site's check.
SITE_CHECK_TIMEOUT_S = 120
# What the worker needs of the site: Intel's Triton with its backend.
_SITE_CHECK = "import triton, triton.backends; triton.backends.backends['intel'].compiler"


def _site_check_env(site: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    env.pop("TRITON_INTERPRET", None)
    return env


@functools.cache
def _site_loads(site: str, stamp: tuple[float, ...]) -> str | None:
    """Why the worker's Python cannot import Intel's Triton from ``site``
    (the last line of its error), or None.  Cached by the site's and its
    ``triton`` package's modification times."""
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-site-") as tmp:
        try:
            out = _run_quietly(
                [sys.executable, "-c", _SITE_CHECK], tmp, SITE_CHECK_TIMEOUT_S, _site_check_env(Path(site))
            )
        except subprocess.TimeoutExpired:
            return f"importing its triton did not finish in {SITE_CHECK_TIMEOUT_S} s"
    if out.returncode == 0:
        return None
    lines = [line.strip() for line in (out.stderr or "").splitlines() if line.strip()]
    return lines[-1] if lines else f"importing its triton exited with status {out.returncode}"


def site_problem(site: Path) -> str | None:
    """Why Intel's Triton in ``site`` does not load in the worker's Python
    (``ImportError: libtriton.so: ...``, ``KeyError: 'intel'``), or None."""
    stamp = []
    for path in (site, site / "triton", site / "triton" / "__init__.py"):
        try:
            stamp.append(os.stat(path).st_mtime)
        except OSError:
            stamp.append(-1.0)
    return _site_loads(str(site), tuple(stamp))


def _ocloc_path() -> tuple[str | None, str]:
    """``ocloc``: its absolute path (``INDUCTOR_XPU_OCLOC``'s, a relative one
    made absolute, or a bare name looked up on ``PATH``), or None and why."""
    configured = os.environ.get(OCLOC_ENV)
    if not configured:
        found = shutil.which("ocloc")
        if found is None:
            return None, "ocloc (IGC's offline compiler, Debian's intel-opencl-icd) is not on PATH"
        return os.path.abspath(found), ""
    if os.sep not in configured:
        found = shutil.which(configured)
        if found is None:
            return None, f"{configured} ({OCLOC_ENV}) is not on PATH"
        return os.path.abspath(found), ""
    path = os.path.abspath(configured)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None, f"{path} ({OCLOC_ENV}) does not exist"
    except OSError as e:
        return None, f"{path} ({OCLOC_ENV}) cannot be used: {e.strerror or e}"
    if not stat.S_ISREG(st.st_mode):
        return None, f"{path} ({OCLOC_ENV}) is not a file"
    if not os.access(path, os.X_OK):
        return None, f"{path} ({OCLOC_ENV}) is not executable"
    return path, ""


def find_ocloc() -> str | None:
    """``ocloc``'s absolute path, or None (:func:`find_native_env` says why)."""
    return _ocloc_path()[0]


# The seconds ``ocloc query`` and ``ocloc compile --help`` may take.
OCLOC_QUERY_TIMEOUT_S = 60


def _run_quietly(
    cmd: list[str], cwd: str, timeout: float, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``cmd`` run in its own process group, its output captured; on
    ``timeout`` the whole group is killed (a child holding the pipes open
    too) and ``TimeoutExpired`` raised."""
    with subprocess.Popen(
        cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        text=True, errors="replace", start_new_session=True,
    ) as proc:
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def _ocloc_info(ocloc: str, args: list[str], tmp: str) -> subprocess.CompletedProcess[str]:
    """``ocloc ARGS`` in ``tmp``; :class:`NativeEnvError` of one line where
    it does not answer in :data:`OCLOC_QUERY_TIMEOUT_S` or cannot start."""
    what = " ".join(args)
    try:
        return _run_quietly([ocloc, *args], tmp, OCLOC_QUERY_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise NativeEnvError(
            f"native compile: `{ocloc} {what}` did not answer in {OCLOC_QUERY_TIMEOUT_S:g} s ({OCLOC_ENV})"
        ) from None
    except OSError as e:
        raise NativeEnvError(f"native compile: cannot run `{ocloc} {what}` ({OCLOC_ENV}): {e.strerror or e}") from None


def _ocloc_query(ocloc: str, what: str) -> str:
    """``ocloc query WHAT`` writes its answer to a file named WHAT in the
    current directory: run it in a temporary one."""
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-ocloc-") as tmp:
        _ocloc_info(ocloc, ["query", what], tmp)
        answer = Path(tmp) / what
        return answer.read_text(errors="replace").strip("\x00 \t\r\n") if answer.is_file() else ""


def _ocloc_devices(ocloc: str) -> tuple[str, ...]:
    """The ``-device`` names ``ocloc compile --help`` lists."""
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-ocloc-") as tmp:
        out = _ocloc_info(ocloc, ["compile", "--help"], tmp)
    m = re.search(r"<device_type> can be:\s*(.*?)\s+or hexadecimal", out.stdout + out.stderr, re.DOTALL)
    if not m:
        return ()
    return tuple(d.strip() for d in m.group(1).split(",") if d.strip())


def _igc_version() -> str:
    """IGC's package version (Debian/Ubuntu: ``libigc1``, else ``libigc2``);
    ``unknown`` without dpkg."""
    dpkg = shutil.which("dpkg-query")
    if dpkg:
        for package in ("libigc1", "libigc2", "intel-igc-core", "intel-igc-core-2"):
            out = subprocess.run(
                [dpkg, "-W", "-f", "${Version}", package], capture_output=True, text=True, check=False
            )
            if out.returncode == 0 and out.stdout.strip():
                return out.stdout.strip()
    return "unknown"


@functools.cache
def _ocloc_facts(ocloc: str, mtime: float) -> tuple[str, tuple[str, ...], str]:
    version = _ocloc_query(ocloc, "OCL_DRIVER_VERSION") or "unknown"
    return version, _ocloc_devices(ocloc), _igc_version()


def find_native_env() -> NativeEnv:
    """Intel's toolchain, or :class:`NativeEnvError` naming what is missing
    and ``make native-env``."""
    site = site_dir()
    unreadable = unreadable_directory(site, SITE_ENV)
    if unreadable is not None:
        raise NativeEnvError(f"native compile: triton-xpu's site {unreadable}")
    version = triton_xpu_version(site)
    ocloc, ocloc_missing = _ocloc_path()
    missing = []
    if version is None:
        missing.append(f"triton-xpu (no triton/backends/intel and triton_xpu-*.dist-info in {site}; {SITE_ENV})")
    if ocloc is None:
        missing.append(ocloc_missing)
    if missing:
        raise NativeEnvError(f"native compile: {'; '.join(missing)}; run `{MAKE_TARGET}` to install")
    assert version is not None and ocloc is not None
    broken = site_problem(site)
    if broken is not None:
        raise NativeEnvError(
            f"native compile: triton-xpu in {site} ({SITE_ENV}) does not load: {broken}; "
            f"run `{MAKE_TARGET}` to reinstall it"
        )
    ocloc_version, devices, igc = _ocloc_facts(ocloc, os.stat(ocloc).st_mtime)
    env = NativeEnv(str(site), version, ocloc, ocloc_version, igc, devices)
    log.debug("native toolchain: %s", env.describe())
    return env


def native_env_missing() -> str | None:
    """Why Intel's toolchain cannot run here (:func:`find_native_env`'s
    error), or None: a test's skip reason."""
    try:
        find_native_env()
    except NativeEnvError as e:
        return str(e)
    return None


@dataclasses.dataclass(frozen=True)
class SyclHeaders:
    """SYCL's headers as unpacked from ``intel-sycl-rt``: its root, version
    and the include directories torch's ``cpp_extension.include_paths("xpu")``
    names (``<root>/include`` and ``<root>/include/sycl``)."""

    root: str
    version: str
    include_dirs: tuple[str, ...]


def sycl_root() -> Path:
    return _configured_path(SYCL_ROOT_ENV, DEFAULT_SYCL_ROOT)


def intel_sycl_rt_version(root: Path) -> str | None:
    """The version of the ``intel-sycl-rt`` unpacked into ``root`` (its
    ``intel_sycl_rt-<version>.dist-info``), None where there is none or it
    has no ``include/sycl/sycl.hpp`` (or ``root`` cannot be read)."""
    try:
        if not (root / "include" / "sycl" / "sycl.hpp").is_file():
            return None
        for info in sorted(root.glob("intel_sycl_rt-*.dist-info")):
            return info.name[len("intel_sycl_rt-") : -len(".dist-info")]
    except OSError:
        return None
    return None


def sycl_root_problem() -> str | None:
    """Why the configured SYCL root exists but cannot be read (one line
    naming ``INDUCTOR_XPU_SYCL_ROOT``), or None: checked before compiling."""
    problem = unreadable_directory(sycl_root(), SYCL_ROOT_ENV)
    return f"C++ type-check: SYCL's root {problem}" if problem else None


def find_sycl_headers() -> SyclHeaders:
    """SYCL's headers, or :class:`NativeEnvError` naming where they were
    looked for and ``make native-env``."""
    root = sycl_root()
    problem = sycl_root_problem()
    if problem is not None:
        raise NativeEnvError(problem)
    version = intel_sycl_rt_version(root)
    if version is None:
        raise NativeEnvError(
            f"C++ type-check: SYCL's headers (intel-sycl-rt: include/sycl/sycl.hpp and "
            f"intel_sycl_rt-*.dist-info) are not in {root} ({SYCL_ROOT_ENV}); run `{MAKE_TARGET}` to install"
        )
    include = root / "include"
    return SyclHeaders(str(root), version, (str(include), str(include / "sycl")))


def find_level_zero_include() -> Path:
    """The directory holding ``level_zero/ze_api.h`` (torch's
    ``sycl_runtime_wrappers.h`` includes it so), or :class:`NativeEnvError`
    naming Debian's ``libze-dev`` and ``make native-env``."""
    include = _configured_path(LEVEL_ZERO_INCLUDE_ENV, DEFAULT_LEVEL_ZERO_INCLUDE)
    try:
        found = (include / "level_zero" / "ze_api.h").is_file()
    except OSError:
        found = False
    if not found:
        raise NativeEnvError(
            f"C++ type-check: Level Zero's headers (level_zero/ze_api.h, Debian's libze-dev) are not in "
            f"{include} ({LEVEL_ZERO_INCLUDE_ENV}); run `{MAKE_TARGET}` to install"
        )
    return include
