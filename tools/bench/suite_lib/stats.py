"""What one compilation did: graphs, graph breaks, kernels, extern calls,
fallbacks and the oneDNN fusion counters of ``counters["inductor"]``
(:func:`inductor_xpu.generated_code.onednn_counters`, with binary folding).

The dynamo columns are those of the dynamo harness (``get_dynamo_stats``):
they come from ``torch._dynamo.utils.counters``.  Kernels come from
``torch._inductor.metrics.generated_kernel_count``, extern calls from
``counters["inductor"]["extern_calls"]`` (every ExternKernel the scheduler
emits, fallbacks included), fallbacks from the ``FallbackKernel`` IR nodes
Inductor creates while lowering.  Kernels, extern calls and fallbacks are only
seen when Inductor actually lowers: a hit in the FX graph cache skips all of it,
so runs that report them use a fresh cache (``--fresh-cache``; always on in
``--codegen-only``).

``inductor_xpu`` is imported where it is used: ``suite_lib.report`` imports
this module in the orchestrator, which does not import torch (and the
``inductor_xpu`` package does).
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any


DYNAMO_STAT_COLUMNS = (
    "calls_captured",
    "unique_graphs",
    "graph_breaks",
    "unique_graph_breaks",
    "autograd_captures",
    "autograd_compiles",
    "cudagraph_skips",
)


def dynamo_stats() -> collections.Counter[str]:
    from torch._dynamo.utils import counters

    return collections.Counter(
        {
            "calls_captured": counters["stats"]["calls_captured"],
            "unique_graphs": counters["stats"]["unique_graphs"],
            "graph_breaks": sum(counters["graph_break"].values()),
            "unique_graph_breaks": len(+counters["graph_break"]),
            "autograd_captures": counters["compiled_autograd"]["captures"],
            "autograd_compiles": counters["compiled_autograd"]["compiles"],
            "cudagraph_skips": counters["inductor"]["cudagraph_skips"],
        }
    )


@dataclasses.dataclass
class CompileStats:
    dynamo: dict[str, int] = dataclasses.field(default_factory=dict)
    kernels: int = 0
    extern_calls: int = 0
    fallbacks: int = 0
    fallback_ops: dict[str, int] = dataclasses.field(default_factory=dict)
    onednn: dict[str, int] = dataclasses.field(default_factory=dict)
    graph_break_reasons: list[str] = dataclasses.field(default_factory=list)
    fxgraph_cache_hits: int = 0

    @property
    def onednn_fusions(self) -> int:
        """Number of oneDNN pattern matches (conv/linear fusions, packing,
        binary foldings) in ``onednn``."""
        from inductor_xpu.generated_code import onednn_match_total

        return onednn_match_total(self.onednn, with_binary_folding=True)

    def as_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["onednn_fusions"] = self.onednn_fusions
        return d


def _op_name(kernel: Any) -> str:
    # OpOverloads print as "aten.sort.stable"; plain callables by their name.
    if hasattr(kernel, "_schema") or hasattr(kernel, "_overloadpacket"):
        return str(kernel)
    return getattr(kernel, "__name__", None) or repr(kernel)


@contextlib.contextmanager
def collect_compile_stats() -> Iterator[CompileStats]:
    """Count what compilations inside the block do; fills the yielded object
    when the block exits (also when it raises)."""
    from torch._dynamo.utils import counters
    from torch._inductor import metrics
    from torch._inductor.ir import FallbackKernel

    from inductor_xpu.generated_code import onednn_counters

    stats = CompileStats()
    start_dynamo = dynamo_stats()
    start_inductor = collections.Counter(counters["inductor"])
    start_kernels = metrics.generated_kernel_count
    start_breaks = collections.Counter(counters["graph_break"])
    fallback_ops: collections.Counter[str] = collections.Counter()

    original_init = FallbackKernel.__init__

    def counting_init(self: Any, layout: Any, kernel: Any, *args: Any, **kwargs: Any) -> None:
        fallback_ops[_op_name(kernel)] += 1
        original_init(self, layout, kernel, *args, **kwargs)

    FallbackKernel.__init__ = counting_init  # type: ignore[method-assign]
    try:
        yield stats
    finally:
        FallbackKernel.__init__ = original_init  # type: ignore[method-assign]
        delta = dynamo_stats()
        delta.subtract(start_dynamo)
        stats.dynamo = {k: int(delta[k]) for k in DYNAMO_STAT_COLUMNS}
        inductor = collections.Counter(counters["inductor"])
        inductor.subtract(start_inductor)
        stats.kernels = int(metrics.generated_kernel_count - start_kernels)
        stats.extern_calls = int(inductor["extern_calls"])
        stats.fallbacks = int(sum(fallback_ops.values()))
        stats.fallback_ops = dict(sorted(fallback_ops.items()))
        # the oneDNN counters, and binary folding (generated_code.onednn_counters)
        stats.onednn = {k: int(v) for k, v in onednn_counters(inductor, with_binary_folding=True).items()}
        stats.fxgraph_cache_hits = int(inductor["fxgraph_cache_hit"])
        breaks = collections.Counter(counters["graph_break"])
        breaks.subtract(start_breaks)
        # The first line of each reason: the rest is hints and debug context.
        stats.graph_break_reasons = sorted(
            {k.strip().splitlines()[0] if k.strip() else k for k, v in breaks.items() if v > 0}
        )
