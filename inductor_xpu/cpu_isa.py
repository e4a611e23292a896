"""The x86 ISA oneDNN's CPU kernels run on here, and what follows for the CPU
computations this project compares xpu plans against.

Several checks compare an xpu plan with oneDNN's CPU kernels: CPU INT8
(``X86InductorQuantizer`` + Inductor on CPU), fp16/bf16 fused convolutions and
linears.  Their accuracy and availability depend on the ISA oneDNN dispatches
to, which is the CPU's features capped by ``ONEDNN_MAX_CPU_ISA`` (oneDNN's
documented knob; ``DNNL_MAX_CPU_ISA`` is its older name):

- INT8 (u8 activations x s8 weights).  With VNNI (``vpdpbusd``: AVX-512 VNNI,
  AVX-VNNI) or AMX, the products accumulate in int32.  Without it oneDNN uses
  ``vpmaddubsw``, whose pairwise sums saturate at int16: two products of a
  u8 up to 255 and an s8 up to 127 exceed 32767, and a model's outputs drift
  (cosine 0.982 against its PT2E program on the INT8 MLP golden).  The
  standard remedy, which torchao's ``get_default_x86_inductor_quantization_config``
  documents for "earlier CPUs without VNNI", is ``reduce_range=True``: 7-bit
  activations (0..127), whose pairwise sums stay below 32767.
- fp16: oneDNN's fp16 convolution/linear kernels need AVX-512 FP16 (or AMX
  FP16); elsewhere it has no implementation and the execution engine runs
  the op as its labelled reference (``execution/onednn_fp.py``).
- bf16: native with AVX-512 BF16 or AMX; emulated on AVX-512; on AVX2 none.

:func:`detect` reads the CPU's features (``/proc/cpuinfo``, else torch's
cpuinfo queries) and the cap from the environment; :class:`CpuIsa` says what
follows, in words a report can print.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping


__all__ = ["CpuIsa", "detect", "FEATURES", "ONEDNN_CAPS"]

# The features that decide the CPU references' behaviour, named as in
# /proc/cpuinfo's "flags" where one flag says it.
FEATURES = (
    "avx2",
    "avx_vnni",  # AVX-VNNI (VEX-encoded vpdpbusd on AVX2 registers)
    "avx512",  # oneDNN's avx512_core: F, BW, VL, DQ
    "avx512_vnni",
    "avx512_bf16",
    "avx512_fp16",
    "amx_int8",
    "amx_bf16",
    "amx_fp16",
)

_AVX512 = frozenset({"avx2", "avx512"})
_AMX = frozenset({"amx_int8", "amx_bf16"})
# ONEDNN_MAX_CPU_ISA's values (oneDNN's dnnl_cpu_isa_t names, case-insensitive)
# -> the features each allows oneDNN to use.
ONEDNN_CAPS: Mapping[str, frozenset[str]] = {
    "SSE41": frozenset(),
    "AVX": frozenset(),
    "AVX2": frozenset({"avx2"}),
    "AVX2_VNNI": frozenset({"avx2", "avx_vnni"}),
    "AVX2_VNNI_2": frozenset({"avx2", "avx_vnni"}),
    "AVX512_CORE": _AVX512,
    "AVX512_CORE_VNNI": _AVX512 | {"avx512_vnni"},
    "AVX512_CORE_BF16": _AVX512 | {"avx512_vnni", "avx512_bf16"},
    "AVX512_CORE_FP16": _AVX512 | {"avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni"},
    "AVX10_1_512": _AVX512 | {"avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni"},
    "AVX512_CORE_AMX": _AVX512 | _AMX | {"avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni"},
    "AVX10_1_512_AMX": _AVX512 | _AMX | {"avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni"},
    "AVX512_CORE_AMX_FP16": frozenset(FEATURES),
    "AVX10_1_512_AMX_FP16": frozenset(FEATURES),
    "ALL": frozenset(FEATURES),
    "DEFAULT": frozenset(FEATURES),
}

_CAP_VARIABLES = ("ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA")

# /proc/cpuinfo flags -> FEATURES (all of a tuple's flags needed).
_CPUINFO_FLAGS: Mapping[str, tuple[str, ...]] = {
    "avx2": ("avx2",),
    "avx_vnni": ("avx_vnni",),
    "avx512": ("avx512f", "avx512bw", "avx512vl", "avx512dq"),
    "avx512_vnni": ("avx512_vnni",),
    "avx512_bf16": ("avx512_bf16",),
    "avx512_fp16": ("avx512_fp16",),
    "amx_int8": ("amx_tile", "amx_int8"),
    "amx_bf16": ("amx_tile", "amx_bf16"),
    "amx_fp16": ("amx_tile", "amx_fp16"),
}

_NAMES = {
    "avx_vnni": "AVX-VNNI",
    "avx512_vnni": "AVX-512 VNNI",
    "avx512_bf16": "AVX-512 BF16",
    "avx512_fp16": "AVX-512 FP16",
    "amx_int8": "AMX-INT8",
    "amx_bf16": "AMX-BF16",
    "amx_fp16": "AMX-FP16",
}


@dataclasses.dataclass(frozen=True)
class CpuIsa:
    """The CPU's features (``cpu``), the ``ONEDNN_MAX_CPU_ISA`` cap in force
    (``cap``: its value, ``None`` when unset), and so the features oneDNN
    uses (``features``)."""

    cpu: frozenset[str]
    cap: str | None = None

    @property
    def cap_known(self) -> bool:
        return self.cap is None or self.cap.upper() in ONEDNN_CAPS

    @property
    def features(self) -> frozenset[str]:
        if self.cap is None or not self.cap_known:  # oneDNN ignores a value it does not know
            return self.cpu
        return self.cpu & ONEDNN_CAPS[self.cap.upper()]

    @property
    def level(self) -> str:
        """The vector level oneDNN runs at: ``AVX-512``, ``AVX2`` or
        ``pre-AVX2``."""
        if "avx512" in self.features:
            return "AVX-512"
        return "AVX2" if "avx2" in self.features else "pre-AVX2"

    @property
    def int8_dot_exact(self) -> bool:
        """u8 x s8 dot products accumulate without int16 saturation (VNNI or
        AMX-INT8)."""
        return bool(self.features & {"avx_vnni", "avx512_vnni", "amx_int8"})

    @property
    def fp16_kernels(self) -> bool:
        """oneDNN has fp16 convolution/linear kernels here."""
        return bool(self.features & {"avx512_fp16", "amx_fp16"})

    @property
    def bf16_kernels(self) -> bool:
        """oneDNN has bf16 convolution/linear kernels here (native or
        emulated on AVX-512)."""
        return "avx512" in self.features or bool(self.features & {"avx512_bf16", "amx_bf16"})

    def describe(self) -> str:
        """One phrase: ``AVX2 without VNNI (ONEDNN_MAX_CPU_ISA=AVX2; the CPU
        has AVX-512 VNNI, AMX-INT8)``."""
        extras = [_NAMES[f] for f in FEATURES if f in self.features and f in _NAMES]
        text = self.level + (f" with {', '.join(extras)}" if extras else "")
        if not self.int8_dot_exact:
            text += " without VNNI"
        if self.cap is not None:
            hidden = [_NAMES[f] for f in FEATURES if f in self.cpu - self.features and f in _NAMES]
            if not self.cap_known:
                text += f" (ONEDNN_MAX_CPU_ISA={self.cap} is not a oneDNN ISA name: ignored)"
            elif hidden or "avx512" in self.cpu - self.features:
                shown = (["AVX-512"] if "avx512" in self.cpu - self.features else []) + hidden
                text += f" (ONEDNN_MAX_CPU_ISA={self.cap}; the CPU has {', '.join(shown)})"
            else:
                text += f" (ONEDNN_MAX_CPU_ISA={self.cap})"
        return text

    def int8_note(self, reduce_range: bool) -> str:
        """What CPU INT8 means on this ISA with activations quantized at
        ``reduce_range`` (7-bit) or not."""
        if self.int8_dot_exact:
            return f"CPU INT8 on {self.describe()}: int32 dot products, full-range activations"
        if reduce_range:
            return (
                f"CPU INT8 on {self.describe()}: u8s8 dot products saturate at int16, so activations are "
                "quantized with reduce_range (7-bit), which keeps them exact"
            )
        return f"CPU INT8 on {self.describe()}: u8s8 saturation, agreement not expected"

    def to_json(self) -> dict[str, object]:
        return {
            "description": self.describe(),
            "cpu_features": sorted(self.cpu),
            "onednn_max_cpu_isa": self.cap,
            "onednn_features": sorted(self.features),
            "int8_dot_exact": self.int8_dot_exact,
            "fp16_kernels": self.fp16_kernels,
            "bf16_kernels": self.bf16_kernels,
        }


def _cpuinfo_flags(path: str = "/proc/cpuinfo") -> set[str] | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.partition(":")[2].split())
    except OSError:
        return None
    return None


def _torch_features() -> set[str]:
    """torch's own cpuinfo queries, where /proc/cpuinfo is not there."""
    import torch

    cpu = torch.cpu
    queries = {
        "avx2": "_is_avx2_supported",
        "avx512": "_is_avx512_supported",
        "avx512_vnni": "_is_vnni_supported",
        "avx512_bf16": "_is_avx512_bf16_supported",
        "amx_int8": "_is_amx_tile_supported",
        "amx_bf16": "_is_amx_tile_supported",
        "amx_fp16": "_is_amx_fp16_supported",
    }
    return {feature for feature, name in queries.items() if getattr(cpu, name, lambda: False)()}


def features_from_flags(flags: set[str]) -> frozenset[str]:
    """:data:`FEATURES` from ``/proc/cpuinfo``-style flags."""
    return frozenset(f for f, needs in _CPUINFO_FLAGS.items() if all(n in flags for n in needs))


def detect(environ: Mapping[str, str] | None = None, cpuinfo: str = "/proc/cpuinfo") -> CpuIsa:
    """The ISA oneDNN's CPU kernels use in this process: the CPU's features
    and the ``ONEDNN_MAX_CPU_ISA`` (or ``DNNL_MAX_CPU_ISA``) cap of
    ``environ`` (default ``os.environ``; oneDNN reads it once, at its first
    kernel, so the process's environment at start is what counts)."""
    environ = os.environ if environ is None else environ
    flags = _cpuinfo_flags(cpuinfo)
    cpu = features_from_flags(flags) if flags is not None else frozenset(_torch_features())
    cap = next((environ[v].strip() for v in _CAP_VARIABLES if environ.get(v, "").strip()), None)
    if cap is not None and cap.upper() in ("ALL", "DEFAULT"):
        cap = None
    return CpuIsa(cpu, cap)
