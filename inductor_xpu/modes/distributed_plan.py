"""A distributed step's plan, as a compile made it: the strategy's layout
(:class:`ShardGroup`), the communication passes that ran (:class:`PassRun`),
each graph's collectives (:class:`Collective`), together the
:class:`DistributedPlan` of ``CompileReport.distributed``
(:func:`inductor_xpu.modes.distributed.compile_distributed` records it);
:func:`compare_plans` compares the plans of two targets (plan parity), and
:func:`summary_lines` is the plan in the ``compile`` summary."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import torch


__all__ = [
    "Collective",
    "DistributedPlan",
    "PassRun",
    "PlanDifference",
    "ShardGroup",
    "compare_plans",
    "plan_signature",
    "summary_lines",
]


@dataclasses.dataclass(frozen=True)
class ShardGroup:
    """The parameters one FSDP2 unit (a block, or the root's remainder) or
    the DDP replica holds."""

    module: str  # its path in the program ("" the root)
    placement: str  # "Shard(0)" / "Replicate()"
    params: tuple[str, ...]
    numel: int  # unsharded elements

    def to_json(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "params": list(self.params)}


@dataclasses.dataclass(frozen=True)
class Collective:
    """One collective in a graph's generated code, in the scheduler's final
    order."""

    graph: int  # index in CompileReport.generated
    position: int  # index among the graph's scheduled operations
    op: str  # e.g. "_c10d_functional.all_gather_into_tensor.default"
    inputs: tuple[tuple[tuple[int, ...], str], ...]  # (shape, dtype) of each tensor input
    args: tuple[Any, ...]  # the other arguments (reduce op, group size, group name)
    # the position of the wait_tensor on its result (None: none in the graph);
    # the operations between the two are what the collective overlaps with
    wait_position: int | None = None

    @property
    def overlapped(self) -> int | None:
        """How many operations run between the collective and its wait."""
        return None if self.wait_position is None else self.wait_position - self.position - 1

    @property
    def kind(self) -> str:
        """``all_gather_into_tensor``, ``reduce_scatter_tensor``, ``all_reduce_`` ..."""
        return self.op.split(".")[1] if "." in self.op else self.op

    @property
    def numel(self) -> int:
        return sum(math.prod(shape) for shape, _ in self.inputs)

    @property
    def nbytes(self) -> int:
        return sum(math.prod(shape) * _itemsize(dtype) for shape, dtype in self.inputs)

    def describe(self) -> str:
        ins = ", ".join(f"{dtype}{list(shape)}" for shape, dtype in self.inputs)
        args = ", ".join(repr(a) for a in self.args)
        waited = "never waited" if self.wait_position is None else (
            f"waited @{self.wait_position}, {self.overlapped} op(s) overlapped"
        )
        return f"@{self.position} {self.op}({ins}; {args}) {self.nbytes} bytes, {waited}"

    def to_json(self) -> dict[str, Any]:
        return {
            "graph": self.graph,
            "position": self.position,
            "op": self.op,
            "kind": self.kind,
            "inputs": [{"shape": list(s), "dtype": d} for s, d in self.inputs],
            "args": [a if isinstance(a, (int, float, str, bool)) or a is None else repr(a) for a in self.args],
            "numel": self.numel,
            "bytes": self.nbytes,
            "wait_position": self.wait_position,
            "overlapped": self.overlapped,
        }


def _itemsize(dtype: str) -> int:
    size: int = getattr(torch, dtype.removeprefix("torch.")).itemsize
    return size


@dataclasses.dataclass(frozen=True)
class PassRun:
    """One communication pass that ran on a graph."""

    graph: int
    name: str
    stage: str  # "fx" (post-grad FX pass) or "scheduler" (torch._inductor.comms)
    collectives_before: int
    collectives_after: int

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class DistributedPlan:
    """What a distributed compile did: the strategy's layout, the
    communication configuration, the passes that ran and the collectives
    in each graph's generated code."""

    strategy: str
    world_size: int
    device_type: str
    groups: list[ShardGroup] = dataclasses.field(default_factory=list)
    config: dict[str, Any] = dataclasses.field(default_factory=dict)  # as seen while compiling
    not_applied: list[str] = dataclasses.field(default_factory=list)  # COMM_PASS_CONFIG keys this torch lacks
    collectives: list[Collective] = dataclasses.field(default_factory=list)
    waits: dict[int, int] = dataclasses.field(default_factory=dict)  # graph -> wait_tensor count
    passes: list[PassRun] = dataclasses.field(default_factory=list)
    phases: list[str] = dataclasses.field(default_factory=list)  # phase of each graph

    def phase_of(self, graph: int) -> str:
        return self.phases[graph] if graph < len(self.phases) else "?"

    def passes_ran(self) -> list[str]:
        """Names of the passes that ran, once each, in first-run order."""
        return list(dict.fromkeys(p.name for p in self.passes))

    def by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.collectives:
            out[c.kind] = out.get(c.kind, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "strategy": self.strategy,
            "world_size": self.world_size,
            "device_type": self.device_type,
            "groups": [g.to_json() for g in self.groups],
            "config": self.config,
            "not_applied": self.not_applied,
            "collectives": [{**c.to_json(), "phase": self.phase_of(c.graph)} for c in self.collectives],
            "collectives_by_kind": self.by_kind(),
            "waits": {str(k): v for k, v in sorted(self.waits.items())},
            "passes": [{**p.to_json(), "phase": self.phase_of(p.graph)} for p in self.passes],
            "passes_ran": self.passes_ran(),
        }

    def format(self) -> str:
        """The plan in lines (the summary, and the head of the goldens)."""
        lines = [f"{self.strategy} over {self.world_size} ranks (fake process group), device {self.device_type}"]
        for g in self.groups:
            lines.append(f"  unit {g.module or '<root>'}: {g.placement} {len(g.params)} params, {g.numel} elements")
        for key, value in self.config.items():
            lines.append(f"  config {key} = {value!r}")
        for key in self.not_applied:
            lines.append(f"  config {key}: not in this torch")
        graphs = sorted({c.graph for c in self.collectives} | set(self.waits) | {p.graph for p in self.passes})
        for graph in graphs:
            lines.append(f"  graph {graph} ({self.phase_of(graph)}):")
            ran = [p for p in self.passes if p.graph == graph]
            lines.append(
                "    passes: "
                + (", ".join(f"{p.name} ({p.collectives_before}->{p.collectives_after})" for p in ran) or "none")
            )
            for c in self.collectives:
                if c.graph == graph:
                    lines.append(f"    {c.describe()}")
            lines.append(f"    wait_tensor x{self.waits.get(graph, 0)}")
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# the process group


# ---------------------------------------------------------------------------
# plan parity


@dataclasses.dataclass(frozen=True)
class PlanDifference:
    """One way two plans differ, and why (empty: unexplained)."""

    what: str
    left: Any
    right: Any
    reason: str = ""

    def format(self) -> str:
        why = f" -- {self.reason}" if self.reason else " -- unexplained"
        return f"{self.what}: {self.left!r} != {self.right!r}{why}"


def plan_signature(plan: DistributedPlan) -> dict[str, Any]:
    """What parity compares, per phase: the collectives in order (op, input
    shapes and dtypes, arguments but the group name, the operations each
    overlaps with), the wait count, and the communication passes that ran."""
    out: dict[str, Any] = {}
    for graph, phase in enumerate(plan.phases):
        out[f"{phase}[{graph}].collectives"] = [
            (c.op, c.inputs, tuple(a for a in c.args if not isinstance(a, str) or a in ("sum", "avg")), c.overlapped)
            for c in plan.collectives
            if c.graph == graph
        ]
        out[f"{phase}[{graph}].waits"] = plan.waits.get(graph, 0)
        out[f"{phase}[{graph}].passes"] = [
            (p.name, p.collectives_before, p.collectives_after) for p in plan.passes if p.graph == graph
        ]
    out["groups"] = [(g.module, g.placement, g.params, g.numel) for g in plan.groups]
    out["config"] = plan.config
    return out


def compare_plans(
    left: DistributedPlan, right: DistributedPlan, reasons: dict[str, str] | None = None
) -> list[PlanDifference]:
    """The differences between two plans' :func:`plan_signature`; each
    carries its reason from ``reasons`` (keyed by the signature's key)
    where one is known."""
    reasons = reasons or {}
    a, b = plan_signature(left), plan_signature(right)
    diffs = []
    for key in list(dict.fromkeys([*a, *b])):
        if a.get(key) != b.get(key):
            diffs.append(PlanDifference(key, a.get(key), b.get(key), reasons.get(key, "")))
    return diffs


def summary_lines(section: dict[str, Any], cuda_api: dict[str, Any] | None, *, callers: int = 5) -> list[str]:
    """``compile``'s summary of report.json's ``distributed`` section (a
    :meth:`DistributedPlan.to_json`), with the ``torch.cuda`` uses from
    ``torch.distributed`` of its ``cuda_api``."""
    lines = [
        f"  distributed: {section['strategy']} over {section['world_size']} ranks (fake process group), "
        f"{len(section['groups'])} unit(s): " + ", ".join(g["module"] or "<root>" for g in section["groups"])
    ]
    per_graph: dict[tuple[int, str], list[str]] = {}
    for c in section["collectives"]:
        per_graph.setdefault((c["graph"], c["phase"]), []).append(f"{c['kind']} ({c['bytes']} bytes)")
    for (graph, phase), names in sorted(per_graph.items()):
        lines.append(f"  collectives in graph {graph} ({phase}): {', '.join(names)}")
    if not per_graph:
        lines.append("  collectives: none in the generated code")
    lines.append(f"  communication passes that ran: {', '.join(section['passes_ran']) or 'none'}")
    if cuda_api is not None:
        from inductor_xpu.analysis.sanitizer import format_caller

        dist_callers = [c for c in cuda_api["by_caller"] if c["package"] == "torch.distributed"]
        lines.append(f"  torch.cuda uses from torch.distributed: {sum(c['count'] for c in dist_callers)}")
        lines += [f"    {format_caller(c)}" for c in dist_callers[:callers]]
    return lines
