"""``--codegen-only --native``: every Triton kernel a suite model's xpu
program generated, compiled by Intel's Triton XPU backend and IGC for the
target's GPU (:func:`inductor_xpu.native.compile_native`, the same path as
``python -m inductor_xpu compile --native``).

:func:`native_section` runs in the model's worker, after code generation, on
the wrappers the simulation generated; the row keeps the whole
:class:`~inductor_xpu.native.NativeResult` (``native``).  :func:`native_cells`
is its CSV columns (``NATIVE_COLUMNS``): counts by status, spills (and those
that spill in every autotuning candidate), ``tl.dot``
kernels and those that reached DPAS, instruction totals.  A toolchain that
cannot run at all (``make native-env`` not done, a GPU generated for another
profile) is the row's ``native_verdict`` ``error`` with the error's text, not
a failed kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inductor_xpu.native.report import KernelNative


NATIVE_COLUMNS = (
    "native_verdict", "native_device", "native_kernels", "native_compiled", "native_failed",
    "native_frontend_gap", "native_toolchain_gap", "native_dot", "native_dpas", "native_spilling",
    "native_spilling_every_candidate", "native_spill_bytes", "native_grf256", "native_inst_count", "native_seconds",
    "native_detail",
)  # fmt: skip

# the verdict of a row whose toolchain could not run (NativeError)
VERDICT_ERROR = "error"


def native_section(sources: Sequence[str], target: str) -> dict[str, Any]:
    """``compile_native(sources, target)`` as JSON; a :class:`NativeError`
    (no toolchain, code for another GPU) as ``{"verdict": "error", ...}``."""
    from inductor_xpu.native import NativeError, compile_native

    try:
        return compile_native(list(sources), target).to_json()
    except NativeError as e:
        return {"verdict": VERDICT_ERROR, "passed": False, "error": f"{type(e).__name__}: {e}", "kernels": []}


def _kernel_facts(kernel: dict[str, Any]) -> bool:
    """Whether ``kernel`` has ISA facts: compiled, or a toolchain gap
    compiled without its asserts."""
    return kernel.get("status") == "compiled" or bool(kernel.get("isa_without_asserts"))


def native_cells(section: dict[str, Any] | None) -> dict[str, Any]:
    """A row's ``native`` section as the ``NATIVE_COLUMNS`` cells (all None
    where the row has none)."""
    if not section:
        return dict.fromkeys(NATIVE_COLUMNS)
    kernels = section.get("kernels") or []
    facts = [k for k in kernels if _kernel_facts(k)]
    status = [k.get("status") for k in kernels]
    detail = section.get("error") or section.get("unsupported") or ""
    if not detail:
        bad = [k for k in kernels if k.get("status") == "failed"]
        detail = "; ".join(
            f"{k['name']}: {k.get('stage')}: {((k.get('message') or '').strip().splitlines() or ['?'])[0][:160]}"
            for k in bad[:3]
        )
    return {
        "native_verdict": section.get("verdict"),
        "native_device": section.get("device"),
        "native_kernels": len(kernels),
        "native_compiled": status.count("compiled"),
        "native_failed": status.count("failed"),
        "native_frontend_gap": status.count("frontend_gap"),
        "native_toolchain_gap": status.count("toolchain_gap"),
        "native_dot": sum(1 for k in facts if k.get("dot")),
        "native_dpas": sum(1 for k in facts if k.get("dot") and k.get("dpas")),
        "native_spilling": sum(1 for k in facts if k.get("spill_bytes")),
        # spilling over Inductor's spill_threshold in every autotuning candidate
        # (None for a section compiled before the candidates were: no spill_threshold)
        "native_spilling_every_candidate": (
            sum(1 for k in facts if KernelNative(**k).spills_in_every_candidate)
            if any(k.get("spill_threshold") is not None for k in facts) else None
        ),
        "native_spill_bytes": sum(k.get("spill_bytes") or 0 for k in facts),
        "native_grf256": sum(1 for k in facts if k.get("grf") == 256),
        "native_inst_count": sum(k.get("inst_count") or 0 for k in facts),
        "native_seconds": section.get("wall_seconds"),
        "native_detail": detail,
    }
