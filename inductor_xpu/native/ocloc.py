"""SPIR-V to native ISA with IGC's ``ocloc``, as Triton's Intel backend does
it when Inductor asks it for native code.

On a real xpu Inductor sets ``generate_native_code=True``
(``triton_heuristics``, ``XPU_KERNEL_FORMAT == "zebin"``) and the Intel
backend's ``make_spv`` (``triton/backends/intel/compiler.py``) runs
``ocloc compile -spirv_input`` on the SPIR-V with the build flags of the
kernel's GRF mode (``metadata["build_flags"]``); when ocloc's log says the
kernel spilled and the flags did not already ask for 256 GRF, it compiles
again with ``-cl-intel-256-GRF-per-thread`` added.  :func:`compile_spirv`
follows those steps, with two differences:

* the device is the profile's (triton-xpu 3.3 passes ``-device pvc``
  whatever the GPU);
* the output is named with ``-output``/``-out_dir`` (the ``-o`` of
  triton-xpu 3.3 is newer ocloc syntax; IGC 22.43's ocloc refuses it).

IGC writes each attempt's native ISA (``.asm``) under its own directory
(``IGC_ShaderDumpEnable=1``, ``IGC_DumpToCustomDir``), read by
:mod:`inductor_xpu.native.isa`.  Each ocloc runs in a process group of its
own, killed as a whole past its time limit (``timeout_s``) or on an
interrupt (:mod:`inductor_xpu.native.processes`).  Standard library only: the worker and the
tests use it without torch.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import subprocess
from pathlib import Path

from inductor_xpu.native.errors import OclocError
from inductor_xpu.native.isa import IsaStats, parse_asm
from inductor_xpu.native.processes import Children, run_in_group


log = logging.getLogger(__name__)

LARGE_GRF_FLAG = "-cl-intel-256-GRF-per-thread"
# Triton's GRF modes (XPUOptions.grf_mode) and the flags make_spv gives them.
GRF_MODE_FLAGS = {
    "small": "-cl-intel-128-GRF-per-thread",
    "large": LARGE_GRF_FLAG,
    "auto": "-cl-intel-enable-auto-large-GRF-mode",
}
# Seconds one ocloc compile may take (the default of compile_spirv's
# timeout_s; inductor_xpu.config.native_ocloc_timeout_s is what the native
# compile passes): IGC takes well under 10 s on Inductor's kernels, about 70 s
# on the slowest seen (a 256 x 256 mm tile that spills).  A compile that takes
# longer is killed with its process group.
OCLOC_TIMEOUT_S = 180.0


@dataclasses.dataclass
class OclocAttempt:
    """One ``ocloc compile`` of a kernel: its build flags, ocloc's log and
    the native ISA IGC dumped (the ``.asm`` text and what it says)."""

    build_flags: str
    log: str
    asm: str
    asm_file: str
    isa: IsaStats | None

    @property
    def spilled(self) -> bool:
        """What make_spv looks for in the log."""
        return "spilled" in self.log


@dataclasses.dataclass
class NativeBinary:
    """A kernel compiled to native ISA: every attempt, the last one being
    the binary a real xpu would load."""

    kernel: str
    device: str
    attempts: list[OclocAttempt]
    binary: bytes

    @property
    def final(self) -> OclocAttempt:
        return self.attempts[-1]

    @property
    def retried_large_grf(self) -> bool:
        return len(self.attempts) > 1


def _ocloc_command(ocloc: str, spv: Path, out_dir: Path, device: str, build_flags: str) -> list[str]:
    return [
        ocloc,
        "compile",
        "-file",
        str(spv),
        "-spirv_input",
        "-device",
        device,
        "-output",
        "kernel",
        "-out_dir",
        str(out_dir),
        "-output_no_suffix",
        "-options",
        build_flags,
    ]


def _failure_text(returncode: int) -> str:
    """ocloc's exit, as make_spv words a crash; a negative status is a
    signal (IGC aborted: an assertion of its own)."""
    signum = -returncode if returncode < 0 else 0
    if signum:
        try:
            name = signal.Signals(signum).name
        except ValueError:
            name = f"signal {signum}"
        return f"ocloc was killed by {name}"
    return f"ocloc failed with exit status {returncode}"


def find_kernel_asm(dump_dir: Path, kernel: str) -> Path | None:
    """The ``.asm`` IGC dumped for ``kernel`` (its ``//.kernel`` line), the
    last written if there are several; any ``.asm`` if none names it."""
    candidates = sorted(dump_dir.rglob("*.asm"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    named = [p for p in candidates if f"//.kernel {kernel}\n" in p.read_text(errors="replace")[:4096]]
    chosen = named or candidates
    return chosen[-1] if chosen else None


def run_ocloc(
    spirv: bytes,
    kernel: str,
    device: str,
    build_flags: str,
    work_dir: Path,
    *,
    ocloc: str = "ocloc",
    timeout_s: float = OCLOC_TIMEOUT_S,
    children: Children | None = None,
) -> tuple[OclocAttempt, bytes]:
    """One ``ocloc compile`` of ``spirv`` for ``device`` under ``work_dir``
    (created); :class:`OclocError` naming ``kernel`` when IGC rejects it or
    does not finish in ``timeout_s`` seconds (then ocloc's process group is
    killed: :func:`~inductor_xpu.native.processes.run_in_group`, registered
    in ``children`` while it runs)."""
    work_dir.mkdir(parents=True, exist_ok=True)
    spv = work_dir / "kernel.spv"
    spv.write_bytes(spirv)
    dump = work_dir / "igc"
    env = dict(os.environ, IGC_ShaderDumpEnable="1", IGC_DumpToCustomDir=str(dump))
    cmd = _ocloc_command(ocloc, spv, work_dir, device, build_flags)
    try:
        proc = run_in_group(cmd, timeout=timeout_s, children=children, cwd=work_dir, env=env)
    except subprocess.TimeoutExpired as e:
        raise OclocError(
            f"kernel {kernel}: ocloc -device {device} did not finish in {timeout_s:g} s (killed)", kernel=kernel
        ) from e
    output = (proc.stdout + proc.stderr).strip()
    binary = work_dir / "kernel"
    if proc.returncode != 0 or not binary.is_file():
        reason = _failure_text(proc.returncode) if proc.returncode else "ocloc wrote no binary"
        raise OclocError(
            f"kernel {kernel}: IGC did not compile its SPIR-V for {device} ({reason}): {output or '(no output)'}",
            kernel=kernel,
            log=output,
            returncode=proc.returncode,
        )
    asm_path = find_kernel_asm(dump, kernel) if dump.is_dir() else None
    if asm_path is None:  # no ISA facts: not a compile we can report (nor cache: exit status 0)
        raise OclocError(
            f"kernel {kernel}: ocloc -device {device} wrote a binary but IGC dumped no native ISA (.asm) "
            f"under {dump}: {output or '(no output)'}",
            kernel=kernel,
            log=output,
            returncode=proc.returncode,
        )
    asm = asm_path.read_text(errors="replace")
    isa = parse_asm(asm, asm_path.name)
    attempt = OclocAttempt(build_flags, output, asm, asm_path.name, isa)
    return attempt, binary.read_bytes()


def compile_spirv(
    spirv: bytes,
    kernel: str,
    device: str,
    build_flags: str,
    work_dir: str | os.PathLike[str],
    *,
    ocloc: str = "ocloc",
    timeout_s: float = OCLOC_TIMEOUT_S,
    children: Children | None = None,
) -> NativeBinary:
    """``spirv`` (one Triton kernel) compiled to native ISA for ``device`` as
    the Intel backend's ``make_spv`` compiles it: ``build_flags`` first, then,
    if ocloc reports a spill and 256 GRF were not asked for, again with
    :data:`LARGE_GRF_FLAG`.  Each attempt in its own directory under
    ``work_dir``, each within ``timeout_s`` seconds (:func:`run_ocloc`).
    :class:`OclocError` names ``kernel`` if IGC rejects it."""
    root = Path(work_dir)
    attempt, binary = run_ocloc(
        spirv, kernel, device, build_flags, root / "attempt0", ocloc=ocloc, timeout_s=timeout_s, children=children
    )
    attempts = [attempt]
    if attempt.spilled and LARGE_GRF_FLAG not in build_flags:
        flags = f"{build_flags} {LARGE_GRF_FLAG}".strip()
        log.debug("kernel %s spilled with %r; compiling again with %r", kernel, build_flags, flags)
        attempt, binary = run_ocloc(
            spirv, kernel, device, flags, root / "attempt1", ocloc=ocloc, timeout_s=timeout_s, children=children
        )
        attempts.append(attempt)
    return NativeBinary(kernel, device, attempts, binary)
