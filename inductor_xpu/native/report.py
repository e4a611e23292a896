"""What the native compile says: one :class:`KernelNative` per Triton kernel
of each graph, a summary line per graph and a verdict
(:class:`NativeResult`).

A kernel's status is one of

* ``compiled``: Intel's Triton backend made SPIR-V and IGC native ISA of it;
  the entry has the GRF mode (registers per thread: 128, or 256 where IGC
  reported a spill at 128 and it was compiled again, as Triton's Intel
  backend does), the SIMD width, the instruction count, the ``dpas``
  (matrix engine) and send (memory message) instructions and the bytes
  spilled;
* ``failed``: a compiler rejected it (``stage``: ``load`` -- its source did
  not load --, ``triton`` or ``ocloc``), with that compiler's own message;
* ``frontend_gap``: it uses a Triton API the triton-xpu frontend lacks
  (``gap`` names it): a version gap, not a kernel bug;
* ``toolchain_gap``: IGC rejected it, and the same kernel without its
  ``tl.device_assert`` statements compiles (``gap`` names it: IGC 22.43
  aborts on triton-xpu 3.3's lowering of ``tl.device_assert``); ``message``
  is IGC's failure, and the ISA facts are of the kernel compiled without
  its asserts (``isa_without_asserts``).  One that fails without them too
  stays ``failed`` (``without_asserts`` says how the retry failed);
* ``not_compiled``: the device is unknown to this IGC (the result's
  ``unsupported`` says so).
"""

from __future__ import annotations

import collections
import dataclasses
from typing import Any


COMPILED = "compiled"
FAILED = "failed"
FRONTEND_GAP = "frontend_gap"
TOOLCHAIN_GAP = "toolchain_gap"
NOT_COMPILED = "not_compiled"
STATUSES = (COMPILED, FAILED, FRONTEND_GAP, TOOLCHAIN_GAP, NOT_COMPILED)

# Where a NativeResult's kernels were read.
KERNELS_FROM_WRAPPERS = "wrappers"
KERNELS_FROM_AOT = "aot packages"

# Verdicts of a NativeResult, worst first.
VERDICT_UNSUPPORTED = "unsupported device"
VERDICT_FAILED = "failed"
VERDICT_GAPS = "frontend gaps"
VERDICT_TOOLCHAIN_GAPS = "toolchain gaps"
VERDICT_SPILLS = "compiled, spills"
VERDICT_COMPILED = "compiled"
VERDICT_NO_KERNELS = "no Triton kernels"


def attempts_facts(attempts: list[dict[str, Any]]) -> dict[str, Any]:
    """What one compile's ocloc attempts (the worker's ``attempts`` JSON) say
    of the binary a device loads, the last attempt's: build flags, GRF, SIMD
    width, instructions, ``dpas``, sends and spill bytes; ``grf_retry``, and
    the first attempt's spill where it was compiled again.  Empty without
    attempts."""
    if not attempts:
        return {}
    final = attempts[-1]
    isa = final.get("isa") or {}
    retry = len(attempts) > 1
    return {
        "build_flags": final.get("build_flags"),
        "grf": isa.get("num_grf"),
        "simd": isa.get("simd"),
        "inst_count": isa.get("inst_count"),
        "dpas": isa.get("dpas"),
        "sends": isa.get("sends"),
        "spill_bytes": isa.get("spill_bytes"),
        "grf_retry": retry,
        "first_spill_bytes": (attempts[0].get("isa") or {}).get("spill_bytes") if retry else None,
    }


@dataclasses.dataclass
class KernelNative:
    """One Triton kernel of one graph, compiled natively (or why not)."""

    graph: int
    name: str
    kind: str  # the heuristics decorator: pointwise, reduction, persistent_reduction, template ...
    status: str
    stage: str | None = None  # where it failed: load, triton, ocloc, worker
    message: str | None = None  # the compiler's own message, for failed, frontend_gap and toolchain_gap
    gap: str | None = None  # the missing Triton API (frontend_gap), the toolchain's defect (toolchain_gap)
    # the launch config Inductor runs first (its heuristics' first config)
    config: dict[str, Any] | None = None
    n_configs: int | None = None
    threads_per_warp: int | None = None  # the sub-group size Triton compiled for (16 with tl.dot)
    build_flags: str | None = None  # ocloc -options of the final attempt
    grf: int | None = None  # registers per thread (numGRF) of the final binary
    grf_retry: bool = False  # spilled at the first attempt's GRF mode and compiled again with 256
    simd: int | None = None
    inst_count: int | None = None
    dpas: int | None = None
    sends: int | None = None
    spill_bytes: int | None = None  # of the final binary
    first_spill_bytes: int | None = None  # of the first attempt, where it was compiled again
    dot: int | None = None  # tt.dot operations in the TTGIR
    dpas_layout: bool | None = None  # Triton laid a tl.dot out for DPAS
    # after IGC rejected it: the kernel compiled again without its tl.device_assert
    # statements gave this ("compiled": a toolchain_gap; else how it failed)
    without_asserts: str | None = None
    isa_without_asserts: bool = False  # the ISA facts above are of the kernel without its asserts
    from_cache: bool = False
    seconds: float | None = None
    # Inductor's: its autotuner skips a candidate that spills more (bytes on xpu)
    spill_threshold: int | None = None
    # the other autotuning candidates (config, status, grf, spill_bytes, ...),
    # compiled where the first config spills more than spill_threshold
    candidates: list[dict[str, Any]] | None = None

    @property
    def spills(self) -> bool:
        return bool(self.spill_bytes)

    def _over_threshold(self, spill_bytes: int | None) -> bool:
        """Over ``spill_threshold``; never where the record has none (compiled
        before the candidates were: unknown)."""
        return self.spill_threshold is not None and (spill_bytes or 0) > self.spill_threshold

    @property
    def spill_free_candidate(self) -> dict[str, Any] | None:
        """The first other autotuning candidate that compiled spilling no
        more than ``spill_threshold``: the autotuner's way around this
        kernel's spill."""
        for candidate in self.candidates or ():
            if candidate.get("status") == COMPILED and not self._over_threshold(candidate.get("spill_bytes")):
                return candidate
        return None

    @property
    def spills_in_every_candidate(self) -> bool:
        """Spills more than ``spill_threshold`` and no candidate compiled
        that does not: a spill Inductor's autotuner cannot avoid (a kernel
        of one config counts; one whose other candidates were not compiled,
        a worker stopped before them, does not: unknown)."""
        if not self._over_threshold(self.spill_bytes):
            return False
        if (self.n_configs or 1) > 1 and self.candidates is None:
            return False
        return self.spill_free_candidate is None

    def candidates_facts(self) -> str:
        """For a kernel spilling over ``spill_threshold``: ``; the autotuner
        has a way around it: candidate XBLOCK=512, 8 warps does not spill``,
        ``; each of its 3 autotuning candidates spills over spill_threshold``
        or ``; its only config``."""
        if not self._over_threshold(self.spill_bytes):
            return ""
        free = self.spill_free_candidate
        if free is not None:
            cfg = free.get("config") or {}
            blocks = ", ".join(f"{k}={v}" for k, v in (cfg.get("kwargs") or {}).items())
            spill = free.get("spill_bytes") or 0
            how = f"spills {spill} bytes, within spill_threshold {self.spill_threshold}" if spill else "does not spill"
            return f"; the autotuner has a way around it: candidate {blocks}, {cfg.get('num_warps')} warps {how}"
        if self.candidates:
            return f"; each of its {len(self.candidates) + 1} autotuning candidates spills over spill_threshold"
        if (self.n_configs or 1) > 1:
            return f"; its other {self.n_configs - 1} autotuning candidates were not compiled"
        return "; its only config"

    @property
    def notable(self) -> bool:
        """Failed, a named gap, spilling, or a ``tl.dot`` with no ``dpas`` in
        its ISA: what the summary lists kernel by kernel."""
        return self.status in (FAILED, FRONTEND_GAP, TOOLCHAIN_GAP) or self.spills or bool(self.dot and not self.dpas)

    def isa_facts(self) -> str:
        """``GRF 128, SIMD32, 411 instructions, 0 dpas, 18 sends, no spill``."""
        grf = f"GRF {self.grf}" + (" (after a spill at 128)" if self.grf_retry else "")
        spill = f"spills {self.spill_bytes} bytes" if self.spill_bytes else "no spill"
        matrix = ""
        if self.dot and not self.dpas:
            layout = "a DPAS layout" if self.dpas_layout else "no DPAS layout (FMA)"
            matrix = f" (tl.dot with {layout}, no dpas in the ISA)"
        return (
            f"{grf}, SIMD{self.simd}, {self.inst_count} instructions, "
            f"{self.dpas} dpas{matrix}, {self.sends} sends, {spill}"
        )

    def describe(self) -> str:
        """One line: ``name: compiled, GRF 128, SIMD32, 411 instructions,
        0 dpas, 18 sends, no spill``, a gap, or the failure's first line."""
        if self.status == COMPILED:
            return f"{self.name}: compiled, {self.isa_facts()}{self.candidates_facts()}"
        if self.status == FRONTEND_GAP:
            return f"{self.name}: frontend gap: {self.gap}"
        if self.status == TOOLCHAIN_GAP:
            return f"{self.name}: toolchain gap: {self.gap}; without its tl.device_assert: {self.isa_facts()}"
        if self.status == FAILED:
            first = (self.message or "").strip().splitlines()
            text = f"{self.name}: failed in {self.stage}: {first[0] if first else '?'}"
            if self.without_asserts:
                text += f" (without its tl.device_assert too: {self.without_asserts})"
            return text
        return f"{self.name}: {self.status}"

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class NativeResult:
    """Every Triton kernel of a compiled program (its wrappers), compiled by
    Intel's Triton backend and IGC for one device profile."""

    profile: str
    device: str | None  # ocloc's -device; None where this IGC does not know the GPU
    triton_arch: str
    versions: dict[str, str]
    kernels: list[KernelNative]
    unsupported: str | None = None
    graphs: int = 0
    wall_seconds: float = 0.0
    # where the kernels were read: "wrappers" (the generated wrappers), "aot
    # packages" (the AOTInductor packages' triton/<kernel>.py, one package per graph)
    kernels_from: str = KERNELS_FROM_WRAPPERS

    def by_status(self, status: str) -> list[KernelNative]:
        return [k for k in self.kernels if k.status == status]

    @property
    def compiled(self) -> list[KernelNative]:
        return self.by_status(COMPILED)

    @property
    def failed(self) -> list[KernelNative]:
        return self.by_status(FAILED)

    @property
    def frontend_gaps(self) -> list[KernelNative]:
        return self.by_status(FRONTEND_GAP)

    @property
    def toolchain_gaps(self) -> list[KernelNative]:
        return self.by_status(TOOLCHAIN_GAP)

    @property
    def spilling(self) -> list[KernelNative]:
        return [k for k in self.compiled if k.spills]

    @property
    def verdict(self) -> str:
        if self.unsupported:
            return VERDICT_UNSUPPORTED
        if not self.kernels:
            return VERDICT_NO_KERNELS
        if self.failed:
            return VERDICT_FAILED
        if self.frontend_gaps:
            return VERDICT_GAPS
        if self.toolchain_gaps:
            return VERDICT_TOOLCHAIN_GAPS
        if self.spilling:
            return VERDICT_SPILLS
        return VERDICT_COMPILED

    @property
    def passed(self) -> bool:
        """No kernel that Intel's compilers rejected, and a GPU this IGC
        knows (nothing compiled is no pass); spills and named frontend and
        toolchain gaps are reported, not failures.  ``compile --native``'s exit status."""
        return self.verdict not in (VERDICT_FAILED, VERDICT_UNSUPPORTED)

    def kernel(self, name: str, graph: int | None = None) -> KernelNative:
        for k in self.kernels:
            if k.name == name and (graph is None or k.graph == graph):
                return k
        raise KeyError(f"no kernel {name!r}" + (f" in graph {graph}" if graph is not None else ""))

    def graph_line(self, graph: int) -> str:
        """``graph 0: 12 kernels: 12 compiled; tl.dot in 6, dpas in 6; 0 spill;
        GRF 128 x12; SIMD32 x6 SIMD16 x6``."""
        kernels = [k for k in self.kernels if k.graph == graph]
        counts = collections.Counter(k.status for k in kernels)
        parts = [f"{counts[COMPILED]} compiled"]
        # a toolchain gap named here too: not all of the graph's kernels compile as they are
        gaps = "; ".join(sorted({k.gap or "?" for k in kernels if k.status == TOOLCHAIN_GAP}))
        labels = (
            (FAILED, "failed"),
            (FRONTEND_GAP, "frontend gap"),
            (TOOLCHAIN_GAP, f"toolchain gap ({gaps})"),
            (NOT_COMPILED, "not compiled"),
        )
        for status, label in labels:
            if counts[status]:
                parts.append(f"{counts[status]} {label}")
        text = f"graph {graph}: {len(kernels)} kernels: {', '.join(parts)}"
        compiled = [k for k in kernels if k.status == COMPILED]
        if not compiled:
            return text
        dots = [k for k in compiled if k.dot]
        if dots:
            text += f"; tl.dot in {len(dots)}, dpas in {sum(1 for k in dots if k.dpas)}"
        spills = [k for k in compiled if k.spills]
        text += f"; {len(spills)} spill" + (f" ({sum(k.spill_bytes or 0 for k in spills)} bytes)" if spills else "")
        grf = collections.Counter(k.grf for k in compiled)
        simd = collections.Counter(k.simd for k in compiled)
        text += "; GRF " + " ".join(f"{g} x{n}" for g, n in sorted(grf.items(), key=str))
        text += "; " + " ".join(f"SIMD{s} x{n}" for s, n in sorted(simd.items(), key=str))
        return text

    def summary_lines(self) -> list[str]:
        """The verdict with the toolchain, then one line per graph, then one
        per kernel that failed, hit a frontend or toolchain gap, spilled or
        has a tl.dot that reached no dpas."""
        device = self.device or "none"
        of = " of the AOTInductor packages' Triton kernels" if self.kernels_from == KERNELS_FROM_AOT else ""
        lines = [
            f"native compile{of} for {self.profile} (ocloc -device {device}; "
            + ", ".join(f"{k} {v}" for k, v in self.versions.items())
            + f"): {self.verdict}"
        ]
        if self.unsupported:
            lines.append(f"  {self.unsupported}")
        for graph in range(self.graphs):
            lines.append(f"  {self.graph_line(graph)}")
        for k in self.kernels:
            if k.notable:
                lines.append(f"    graph {k.graph} {k.describe()}")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "device": self.device,
            "triton_arch": self.triton_arch,
            "versions": dict(self.versions),
            "unsupported": self.unsupported,
            "verdict": self.verdict,
            "passed": self.passed,
            "graphs": self.graphs,
            "kernels_from": self.kernels_from,
            "wall_seconds": round(self.wall_seconds, 3),
            "totals": dict(collections.Counter(k.status for k in self.kernels)),
            "kernels": [k.to_json() for k in self.kernels],
        }
