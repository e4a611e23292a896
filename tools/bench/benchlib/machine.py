"""Facts about the machine a benchmark ran on, for its record (no torch)."""

from __future__ import annotations

import os
import platform


def cpu_name() -> str:
    """The CPU's model name (``/proc/cpuinfo``), else what ``platform`` knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def memory_gib() -> float | None:
    """Total memory in GiB (``/proc/meminfo``), or None where unknown."""
    try:
        with open("/proc/meminfo") as f:
            return int(f.readline().split()[1]) / 2**20
    except (OSError, ValueError, IndexError):
        return None


def onednn_isa() -> str:
    """The ISA oneDNN's CPU kernels run on here (:mod:`inductor_xpu.cpu_isa`):
    CPU INT8's accuracy and the fp16/bf16 oneDNN kernels depend on it."""
    from inductor_xpu.cpu_isa import detect

    return detect().describe()


def machine_description(*, memory: bool = False) -> str:
    """``<platform>, <N> CPU cores, <cpu name>[, <M> GiB memory], oneDNN ISA
    <isa>``: the machine line of every record."""
    text = f"{platform.platform()}, {os.cpu_count()} CPU cores, {cpu_name()}"
    mem = memory_gib() if memory else None
    return text + (f", {mem:.1f} GiB memory" if mem is not None else "") + f", oneDNN ISA {onednn_isa()}"


def versions_line(torch_version: str, **more: str | None) -> str:
    """``Python X, torch Y[, name Z...]``: the versions line of a record
    (``torch_version`` is passed in: it may come from a child's result)."""
    parts = [f"Python {platform.python_version()}", f"torch {torch_version}"]
    parts += [f"{name} {version}" for name, version in more.items() if version is not None]
    return ", ".join(parts)
