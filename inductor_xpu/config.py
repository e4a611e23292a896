"""Configuration for inductor_xpu, in the style of ``torch._inductor.config``.

Each option can be set in code (``inductor_xpu.config.strict = True`` or
``with inductor_xpu.config.patch(strict=True): ...``) or from the environment
through the ``INDUCTOR_XPU_*`` variable named next to it.  Options that
govern the overlay are read when the overlay is installed, i.e. at
``import torch`` through the autoload entry point, so set them in the
environment to affect that.  A variable set to the empty string is taken
as unset (``INDUCTOR_XPU_SERIES_DIR=`` is not the current directory).
"""

import logging
import os
import sys
import tempfile


# Where this import is the first of torch, torch's autoload entry point
# (inductor_xpu._autoload) runs inside it and finds this module half-built
# (__complete__ False): it leaves its work in __when_complete__, run at the
# end of this module.  (Dunder names are not config options.)
__complete__ = False
__when_complete__: list = []

from torch.utils._config_module import Config, install_config_module  # noqa: E402


def _default_series_dir() -> str:
    # A source checkout / editable install keeps the series next to the
    # package; a regular install ships a copy inside the package.
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [
        os.path.join(os.path.dirname(here), "torch_patches"),
        os.path.join(here, "_torch_patches"),
    ]
    for candidate in candidates:
        if os.path.isfile(os.path.join(candidate, "series")):
            return candidate
    return candidates[0]


def _default_cache_dir() -> str:
    """``$XDG_CACHE_HOME/inductor_xpu`` (an absolute one), else
    ``~/.cache/inductor_xpu`` where the home directory exists; else
    ``inductor_xpu-uid<UID>`` in the temporary directory.  A home that does
    not exist (``HOME=/nonexistent``) is never created: as root that made
    directories anywhere."""
    log = logging.getLogger(__name__)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "inductor_xpu")
    if xdg:
        log.debug("XDG_CACHE_HOME=%r is not an absolute path; ignored", xdg)
    home = os.path.expanduser("~")
    if os.path.isabs(home) and os.path.isdir(home):
        return os.path.join(home, ".cache", "inductor_xpu")
    # a directory of the user's that nobody else can read or write (lstat: not a
    # link), or refused by the cache (inductor_xpu.overlay.cache.private_directory)
    name = f"inductor_xpu-uid{os.getuid()}" if hasattr(os, "getuid") else "inductor_xpu"
    fallback = os.path.join(tempfile.gettempdir(), name)
    log.debug("home directory %r does not exist; the code cache goes to %s", home, fallback)
    return fallback


def _env_or(name: str, default: str) -> str:
    """The value of environment variable ``name``, ``default`` where it is
    unset or empty."""
    return os.environ.get(name) or default


def _env_seconds(name: str, default: float) -> float:
    """Environment variable ``name`` as a number of seconds (finite, > 0);
    ``default`` where it is unset or empty, or not such a number (with a
    warning naming it: this module is read at ``import torch``, where an
    error would stop every program)."""
    text = os.environ.get(name)
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        logging.getLogger(__name__).warning(
            "%s=%r is not a number of seconds > 0; %g s is used", name, text, default
        )
        return default
    return value


# Turn the overlay off entirely: torch runs stock, nothing is patched.
disable: bool = Config(env_name_default="INDUCTOR_XPU_DISABLE", default=False)

# A patch that does not apply to the installed torch is an error (CI) instead
# of a warning that skips the patch.
strict: bool = Config(env_name_default="INDUCTOR_XPU_STRICT", default=False)

# Directory holding ``series``, ``BASE`` and the patches (INDUCTOR_XPU_SERIES_DIR).
series_dir: str = Config(default=_env_or("INDUCTOR_XPU_SERIES_DIR", _default_series_dir()))

# Cache compiled code objects of patched modules on disk.
code_cache: bool = Config(env_name_default="INDUCTOR_XPU_CODE_CACHE", default=True)

# Let simulations support autograd on fake xpu tensors (training) with a
# small C++ shim built on first use (inductor_xpu/device/xpu_autograd.py);
# off: simulations are inference-only and refuse training with the reason.
sim_autograd: bool = Config(env_name_default="INDUCTOR_XPU_SIM_AUTOGRAD", default=True)

# Executing a generated program on CPU (inductor_xpu.execution):
# 0 launches every Triton kernel with the launch config it carries (its
# heuristics' first config, the grid from its launch arguments).  N > 0
# launches pointwise and reduction kernels with their non-reduction blocks
# (XBLOCK/YBLOCK/ZBLOCK) doubled, up to the size hint, until one program
# instance covers at least N elements: fewer, larger programs for the
# interpreter, which spends its time per program, not per element.  The
# kernel's text, its reduction blocks and every element's arithmetic are
# unchanged (execution/coarsen.py says which kernels qualify).
execution_min_block_elements: int = 0

# The plan verdict of an executed program (inductor_xpu.execution.plan_verdict),
# beside the suite's accuracy verdict: fp32 outputs against the program in
# float64, within a multiple of eager fp32's own error; an fp16/bf16 program
# executed a second time precision-lifted (its low-precision buffers, casts
# and constants in fp32: execution/lifted.py) and judged so against the
# program in fp32.  Off: neither the float64 reference of an fp32 program nor
# the lifted run (the accuracy verdict alone).
execution_plan_verdict: bool = Config(env_name_default="INDUCTOR_XPU_EXECUTION_PLAN_VERDICT", default=True)

# max-autotune in a simulation (inductor_xpu.device.simulation.autotune):
# compile each candidate Triton template choice, in the heuristics' order,
# with Intel's compilers for the profile's GPU (inductor_xpu.native; `make
# native-env`) and skip those whose kernel spills more than Inductor's
# spill_threshold, as Inductor skips a spilling config on a device; off: the
# first template, nothing compiled.  Without the toolchain the first template
# is taken and the reason recorded.
autotune_native_spills: bool = Config(env_name_default="INDUCTOR_XPU_AUTOTUNE_NATIVE_SPILLS", default=False)

# The native compile's time limits, in seconds (inductor_xpu.native): one
# ocloc compile (INDUCTOR_XPU_NATIVE_OCLOC_TIMEOUT; killed with its process
# group, the kernel failed); a worker process, which gets its start
# (INDUCTOR_XPU_NATIVE_WORKER_START_TIMEOUT) plus its kernels' time
# (INDUCTOR_XPU_NATIVE_WORKER_KERNEL_TIMEOUT each) plus twice the ocloc limit
# (a kernel's two attempts), so a hung ocloc is stopped by its own limit
# first; a worker past its limit is killed with every process it started, its
# unfinished kernels failed.  `g++ -dumpfullversion`, the C++ type-check's
# probe of its compiler (INDUCTOR_XPU_CXX_PROBE_TIMEOUT).
native_ocloc_timeout_s: float = _env_seconds("INDUCTOR_XPU_NATIVE_OCLOC_TIMEOUT", 180.0)
native_worker_start_timeout_s: float = _env_seconds("INDUCTOR_XPU_NATIVE_WORKER_START_TIMEOUT", 120.0)
native_worker_kernel_timeout_s: float = _env_seconds("INDUCTOR_XPU_NATIVE_WORKER_KERNEL_TIMEOUT", 120.0)
cxx_probe_timeout_s: float = _env_seconds("INDUCTOR_XPU_CXX_PROBE_TIMEOUT", 20.0)

# CPU INT8 (the X86InductorQuantizer program compiled by Inductor for CPU,
# which `compile --quant --run` compares an xpu INT8 plan with): quantize its
# activations with reduce_range (7-bit).  "auto": where oneDNN's u8 x s8 dot
# products saturate at int16 (an x86 CPU, or an ONEDNN_MAX_CPU_ISA cap,
# without VNNI or AMX: inductor_xpu.cpu_isa); "always"; "never" (then CPU
# INT8 on such a CPU is reported as not expected to agree).
cpu_int8_reduce_range: str = Config(env_name_default="INDUCTOR_XPU_CPU_INT8_REDUCE_RANGE", default="auto")

# Where the code cache lives: created private to the user (mode 0700) when
# missing; a directory others can use (e.g. /tmp) is never changed, the
# entries go to a private subdirectory inductor_xpu-uid<UID> created in it.
# (INDUCTOR_XPU_CACHE_DIR; default: _default_cache_dir)
cache_dir: str = Config(default=_env_or("INDUCTOR_XPU_CACHE_DIR", _default_cache_dir()))


install_config_module(sys.modules[__name__])
__complete__ = True
while __when_complete__:
    __when_complete__.pop(0)()
