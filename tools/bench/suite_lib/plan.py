"""What a compiled plan costs, by Inductor's own estimates: the bytes its
generated kernels move and the FLOPs of its extern matmuls and convolutions.

:func:`collect_plan_stats` watches code generation (it works the same for
every device Inductor generates Triton for, real or simulated):

* every Triton kernel Inductor generates (``TritonKernel.codegen_kernel``)
  is asked ``estimate_kernel_num_bytes()``, the estimate Inductor puts in a
  kernel's ``inductor_meta["kernel_num_gb"]`` when it benchmarks kernels
  (``config.benchmark_kernel``, which a simulation cannot turn on: it runs
  them).  One ``codegen_kernel`` is one kernel launch site in the wrapper;
  identical kernels at two sites count twice, as their launches do;
* every extern call the scheduler emits (``Scheduler.codegen_extern_call``)
  is recorded by kernel name, with ``estimate_flops()`` of its scheduler
  node (Inductor's ``count_flops_fx`` on the FX node it came from:
  ``torch.utils.flop_counter``'s formulas for mm, addmm, bmm, convolution,
  SDPA ...; None for ops without one), and for the fused SDPA ops torch has
  no formula for (xpu's ``..._overrideable``) the SDPA formula.

Nothing is changed in what Inductor generates.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import logging
from collections.abc import Iterator
from typing import Any


log = logging.getLogger(__name__)


@dataclasses.dataclass
class PlanStats:
    # Triton kernel launch sites, and the bytes they move (sum of
    # Inductor's per-kernel estimates; sites it could not estimate apart).
    kernel_sites: int = 0
    kernel_bytes: int = 0
    kernel_bytes_unknown: int = 0
    kernel_kinds: dict[str, int] = dataclasses.field(default_factory=dict)
    # Extern calls by kernel name; FLOPs of those with a flop formula.
    extern_kernels: dict[str, int] = dataclasses.field(default_factory=dict)
    extern_flops: int = 0
    extern_flops_by_kernel: dict[str, int] = dataclasses.field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _extern_name(scheduler_node: Any) -> str:
    node = getattr(scheduler_node, "node", None)
    name = getattr(node, "python_kernel_name", None) or getattr(node, "op_overload", None)
    if name is None:
        name = type(node).__name__
    return str(name)


def _sdpa_flops(scheduler_node: Any) -> int | None:
    """FLOPs of a fused SDPA op torch has no formula for (the XPU build's
    ``_scaled_dot_product_fused_attention_overrideable``): flop_counter's
    ``sdpa_flop_count``, as for the flash/efficient/cuDNN ops, from the shapes
    of query, key and value."""
    from torch.utils.flop_counter import sdpa_flop_count

    origins = getattr(scheduler_node.node, "origins", None) or ()
    sdpa = [n for n in origins if "_scaled_dot_product_" in str(getattr(n, "target", ""))]
    if len(sdpa) != 1 or len(sdpa[0].args) < 3:
        return None
    fx_node = sdpa[0]
    shapes = [getattr(a, "meta", {}).get("val") for a in fx_node.args[:3]]
    if any(s is None or s.dim() != 4 for s in shapes):
        return None
    flops = sdpa_flop_count(*(tuple(int(d) for d in s.shape) for s in shapes))
    return int(flops)


@contextlib.contextmanager
def collect_plan_stats() -> Iterator[PlanStats]:
    """Record the bytes of generated kernels and the FLOPs of extern calls
    of every graph Inductor lowers inside the block."""
    from torch._inductor.codegen.triton import TritonKernel
    from torch._inductor.scheduler import Scheduler

    from inductor_xpu.generated_code import kernel_kind

    stats = PlanStats()
    kinds: collections.Counter[str] = collections.Counter()
    externs: collections.Counter[str] = collections.Counter()
    flops_by: collections.Counter[str] = collections.Counter()
    original_codegen_kernel = TritonKernel.codegen_kernel
    original_extern = Scheduler.codegen_extern_call

    def codegen_kernel(self: Any, *args: Any, **kwargs: Any) -> Any:
        src = original_codegen_kernel(self, *args, **kwargs)
        stats.kernel_sites += 1
        # The name is still the placeholder when codegen_kernel returns; the
        # heuristics decorator says what the kernel is.
        kinds[kernel_kind(src)] += 1
        try:
            nbytes = self.estimate_kernel_num_bytes()
        except Exception:  # noqa: BLE001 - an estimate, not the compile
            log.debug("estimate_kernel_num_bytes failed", exc_info=True)
            nbytes = None
        if isinstance(nbytes, (int, float)):
            stats.kernel_bytes += int(nbytes)
        else:
            stats.kernel_bytes_unknown += 1
        return src

    def codegen_extern_call(self: Any, scheduler_node: Any, *args: Any, **kwargs: Any) -> Any:
        name = _extern_name(scheduler_node)
        externs[name] += 1
        try:
            flops = scheduler_node.estimate_flops()
            if flops is None and "_scaled_dot_product_" in name:
                flops = _sdpa_flops(scheduler_node)
        except Exception:  # noqa: BLE001
            log.debug("estimate_flops failed for %s", name, exc_info=True)
            flops = None
        if isinstance(flops, int) and flops > 0:
            flops_by[name] += flops
        return original_extern(self, scheduler_node, *args, **kwargs)

    TritonKernel.codegen_kernel = codegen_kernel  # type: ignore[method-assign]
    Scheduler.codegen_extern_call = codegen_extern_call  # type: ignore[method-assign]
    try:
        yield stats
    finally:
        TritonKernel.codegen_kernel = original_codegen_kernel  # type: ignore[method-assign]
        Scheduler.codegen_extern_call = original_extern  # type: ignore[method-assign]
        stats.kernel_kinds = dict(sorted(kinds.items()))
        stats.extern_kernels = dict(sorted(externs.items()))
        stats.extern_flops_by_kernel = dict(sorted(flops_by.items()))
        stats.extern_flops = int(sum(flops_by.values()))
