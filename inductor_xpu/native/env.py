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
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import re
import shutil
import subprocess
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


def site_dir() -> Path:
    return Path(os.environ.get(SITE_ENV) or DEFAULT_SITE)


def triton_xpu_version(site: Path) -> str | None:
    """The version of the triton-xpu installed in ``site`` (its
    ``triton_xpu-<version>.dist-info``), None where there is none or it has
    no Intel backend."""
    if not (site / "triton" / "backends" / "intel" / "compiler.py").is_file():
        return None
    for info in sorted(site.glob("triton_xpu-*.dist-info")):
        return info.name[len("triton_xpu-") : -len(".dist-info")]
    return None


def find_ocloc() -> str | None:
    path = os.environ.get(OCLOC_ENV) or shutil.which("ocloc")
    return path if path and os.path.isfile(path) and os.access(path, os.X_OK) else None


def _ocloc_query(ocloc: str, what: str) -> str:
    """``ocloc query WHAT`` writes its answer to a file named WHAT in the
    current directory: run it in a temporary one."""
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-ocloc-") as tmp:
        subprocess.run([ocloc, "query", what], cwd=tmp, capture_output=True, timeout=60, check=False)
        answer = Path(tmp) / what
        return answer.read_text(errors="replace").strip("\x00 \t\r\n") if answer.is_file() else ""


def _ocloc_devices(ocloc: str) -> tuple[str, ...]:
    """The ``-device`` names ``ocloc compile --help`` lists."""
    with tempfile.TemporaryDirectory(prefix="inductor-xpu-ocloc-") as tmp:
        out = subprocess.run(
            [ocloc, "compile", "--help"], cwd=tmp, capture_output=True, text=True, timeout=60, check=False
        )
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
    version = triton_xpu_version(site)
    ocloc = find_ocloc()
    missing = []
    if version is None:
        missing.append(f"triton-xpu (no triton/backends/intel and triton_xpu-*.dist-info in {site}; {SITE_ENV})")
    if ocloc is None:
        missing.append("ocloc (IGC's offline compiler, Debian's intel-opencl-icd) is not on PATH")
    if missing:
        raise NativeEnvError(f"native compile: {'; '.join(missing)}; run `{MAKE_TARGET}` to install")
    assert version is not None and ocloc is not None
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
    return Path(os.environ.get(SYCL_ROOT_ENV) or DEFAULT_SYCL_ROOT)


def intel_sycl_rt_version(root: Path) -> str | None:
    """The version of the ``intel-sycl-rt`` unpacked into ``root`` (its
    ``intel_sycl_rt-<version>.dist-info``), None where there is none or it
    has no ``include/sycl/sycl.hpp``."""
    if not (root / "include" / "sycl" / "sycl.hpp").is_file():
        return None
    for info in sorted(root.glob("intel_sycl_rt-*.dist-info")):
        return info.name[len("intel_sycl_rt-") : -len(".dist-info")]
    return None


def find_sycl_headers() -> SyclHeaders:
    """SYCL's headers, or :class:`NativeEnvError` naming where they were
    looked for and ``make native-env``."""
    root = sycl_root()
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
    include = Path(os.environ.get(LEVEL_ZERO_INCLUDE_ENV) or DEFAULT_LEVEL_ZERO_INCLUDE)
    if not (include / "level_zero" / "ze_api.h").is_file():
        raise NativeEnvError(
            f"C++ type-check: Level Zero's headers (level_zero/ze_api.h, Debian's libze-dev) are not in "
            f"{include} ({LEVEL_ZERO_INCLUDE_ENV}); run `{MAKE_TARGET}` to install"
        )
    return include
