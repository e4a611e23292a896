"""One distributed training step compiled hardware-less: FSDP2 or DDP over a
fake process group of N ranks, on a simulated device.

:func:`compile_distributed` creates a fake process group
(``torch.distributed.init_process_group("fake", store=FakeStore(),
rank=0, world_size=N)``: nothing is sent anywhere), a one-dimensional
``DeviceMesh`` of the simulated device type over it, lays the program's
parameters out as the strategy does, compiles one training step
(:func:`inductor_xpu.modes.training.compile_training_step`: forward and
backward) through :func:`inductor_xpu.compile.pipeline.compile_for_target`, and
tears the process group down again, also when the compile fails.  A
process that already has a process group is refused
(:class:`DistributedSetupError`): the fake group would replace it.

The strategies (:data:`STRATEGIES`) put their collectives *into the graphs
Inductor compiles*:

* ``fsdp2``: every parameter a ``DTensor`` sharded on dim 0 over the mesh
  (``Shard(0)``, FSDP2's layout), per block (each child of an
  ``nn.ModuleList``) and at the root (the rest).  The forward all-gathers
  each parameter (``redistribute`` to ``Replicate``), its gradient is a
  partial sum reduce-scattered back to the shard
  (``to_local(grad_placements=[Partial()])``): ``all_gather_into_tensor``
  in the forward graph, ``reduce_scatter_tensor`` in the backward graph.
  This is the graph-traceable form of FSDP2 (the SimpleFSDP formulation,
  the one ``torch/_inductor/fx_passes/fsdp.py`` recognises: an all-gather
  fed by one placeholder).  ``fully_shard`` itself cannot be used: on torch
  2.13-2.15 its hooks are wrapped in ``torch._dynamo.disable``
  (``torch/distributed/fsdp/_fully_shard/_fsdp_common.py``
  ``_dynamo_disable``, "skipping FSDP hooks"; ``skip_fsdp_hooks`` is gone),
  so a compiled ``fully_shard`` module runs its collectives eagerly, between
  graphs, and Inductor sees none.
* ``ddp``: every parameter a replicated ``DTensor``; its gradient is a
  partial sum all-reduced (``all_reduce_`` in the backward graph), as
  compiled DDP with ``optimize_ddp="python_reducer"`` intends.
  ``nn.parallel.DistributedDataParallel`` itself builds its C++ reducer's
  buckets as real device tensors, which a simulated device cannot hold.

Inductor's communication passes are switched on by
:data:`COMM_PASS_CONFIG` (those this torch has): FX bucketing of
all-gathers, reduce-scatters and all-reduces, and the scheduler's
compute/communication reordering.  :class:`CommRecorder` records which
passes ran (their FX pass names, or the ``torch._inductor.comms``
functions the scheduler called) and, from the scheduler's final node
order, every collective Inductor generates code for, with its input sizes:
the :class:`~inductor_xpu.modes.distributed_plan.DistributedPlan` of
:attr:`CompileReport.distributed` (:mod:`inductor_xpu.modes.distributed_plan`,
with plan parity).  :class:`DistributedMode` is ``compile --distributed``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
from collections.abc import Callable, Iterator
from typing import Any, TYPE_CHECKING

import torch
from torch import nn


from inductor_xpu.compile.options import check_choice
from inductor_xpu.compile.pipeline import CompileStep
from inductor_xpu.modes.base import CompileMode, CompilePlan, CompileUsageError
from inductor_xpu.modes.distributed_plan import (
    Collective,
    DistributedPlan,
    PassRun,
    ShardGroup,
    summary_lines,
)
from inductor_xpu.modes.training import TrainingMode, TrainingStep


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport, TargetOptions
    from inductor_xpu.compile.program import Program
    from inductor_xpu.device.profile import DeviceProfile
    from inductor_xpu.device.simulation import Simulation


log = logging.getLogger(__name__)

__all__ = [
    "BucketCap",
    "COMM_PASS_CONFIG",
    "CommRecorder",
    "DEFAULT_WORLD_SIZE",
    "DistributedMode",
    "DistributedOptions",
    "DistributedSetupError",
    "STRATEGIES",
    "compile_distributed",
    "fake_process_group",
]


STRATEGIES: dict[str, str] = {
    "fsdp2": "parameters sharded on dim 0 per block and at the root; all-gather in forward, reduce-scatter in backward",
    "ddp": "parameters replicated; gradients all-reduced in backward",
}
DEFAULT_WORLD_SIZE = 4

# Inductor options of a distributed compile: the communication passes, as
# upstream's compiled-FSDP tests set them
# (test/distributed/_composable/fsdp/test_fully_shard_compile.py) plus FX
# bucketing of each collective kind.  Keys this torch does not have are left
# out (DistributedPlan.config says which were applied).
COMM_PASS_CONFIG: dict[str, Any] = {
    "reorder_for_compute_comm_overlap": True,
    "reorder_for_compute_comm_overlap_passes": ["sink_waits", "raise_comms", "reorder_compute_for_overlap"],
    "bucket_all_gathers_fx": "all",
    "bucket_reduce_scatters_fx": "all",
    "bucket_all_reduces_fx": "all",
}

# Configuration read to say which communication passes are enabled (reported
# as seen while compiling).
_COMM_CONFIG_KEYS = (
    *COMM_PASS_CONFIG,
    "_fuse_ddp_communication",
    "aten_distributed_optimizations.enable_overlap_scheduling",
    "aten_distributed_optimizations.enable_simple_overlap",
    "aten_distributed_optimizations.collective_bucketing",
    "bucket_all_gathers_fx_bucket_size_determinator",
    "bucket_reduce_scatters_fx_bucket_size_determinator",
    "bucket_all_reduces_fx_bucket_size_determinator",
)

# FX passes (GraphTransformObserver names, torch/_inductor/fx_passes/post_grad.py)
# that act on collectives.
COMM_FX_PASSES = frozenset(
    {
        "fuse_ddp_communication",
        "deduplicate_wait_tensors",
        "decomp_comms",
        "dedup_reduce_scatters",
        "bucket_reduce_scatters",
        "bucket_all_reduce",
        "bucket_all_gathers",
        "overlap_scheduling",
    }
)
# Scheduler-level passes: functions of torch._inductor.comms, looked up as
# module attributes when called (reorder_compute_and_comm_for_overlap
# resolves the names of reorder_for_compute_comm_overlap_passes in the
# module's globals).
COMM_SCHEDULER_PASSES = (
    "reorder_compute_and_comm_for_overlap",
    "sink_waits",
    "raise_comms",
    "reorder_compute_for_overlap",
    "reorder_communication_preserving_peak_memory",
    "sink_waits_iterative",
    "simple_overlap",
    "decide_global_ordering_of_comms",
)


class DistributedSetupError(RuntimeError):
    """A distributed compile cannot start: a process group already exists,
    torch.distributed is unavailable, or the strategy or world size is not
    one this module knows."""


@dataclasses.dataclass(frozen=True)
class DistributedOptions:
    strategy: str  # a key of STRATEGIES
    world_size: int = DEFAULT_WORLD_SIZE
    comm_passes: bool = True  # apply COMM_PASS_CONFIG
    # False: compile the forward only, as inference (under no_grad): the
    # plan a simulated CUDA device can make on a machine without a GPU
    # (compare_plans; docs/distributed_codegen.md, "Plan parity")
    train: bool = True
    # The training step's optimizer (a key of training_eager.OPTIMIZERS;
    # None: forward and backward only).
    optimizer: str | None = None
    # The bucket size of FX bucketing, every collective kind (None: Inductor's
    # bucketing.bucket_size_determinator, which puts every parameter of a
    # small program in one bucket).
    bucket_cap_mb: float | None = None

    def validate(self) -> None:
        if self.strategy not in STRATEGIES:
            raise DistributedSetupError(
                f"unknown distributed strategy {self.strategy!r} (choose from {', '.join(STRATEGIES)})"
            )
        if not isinstance(self.world_size, int) or self.world_size < 2:
            raise DistributedSetupError(f"world size must be an integer >= 2 (got {self.world_size!r})")
        if self.bucket_cap_mb is not None and not self.bucket_cap_mb > 0:
            raise DistributedSetupError(f"bucket cap must be > 0 MB (got {self.bucket_cap_mb!r})")


@dataclasses.dataclass(frozen=True)
class BucketCap:
    """A ``bucket_*_fx_bucket_size_determinator``: the same cap (MB) for
    every group size."""

    mb: float

    def __call__(self, group_size: int) -> float:
        return self.mb


# ---------------------------------------------------------------------------
# what is reported


@contextlib.contextmanager
def fake_process_group(world_size: int) -> Iterator[Any]:
    """A fake default process group of ``world_size`` ranks (this process is
    rank 0), destroyed on exit whatever happened inside."""
    import torch.distributed as dist

    if not dist.is_available():
        raise DistributedSetupError("torch.distributed is not available in this torch build")
    if dist.is_initialized():
        raise DistributedSetupError(
            f"this process already has a default process group (backend {dist.get_backend()!r}, "
            f"world size {dist.get_world_size()}); a distributed compile creates its own fake one: "
            "call torch.distributed.destroy_process_group() first"
        )
    from torch.testing._internal.distributed.fake_pg import FakeStore

    dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=world_size)
    try:
        yield dist.group.WORLD
    finally:
        dist.destroy_process_group()


# ---------------------------------------------------------------------------
# the strategies


class _GatherParameter(nn.Module):
    """A parametrization: the DTensor parameter, all-gathered to a replica
    (nothing for a replicated one), as a local tensor whose gradient is a
    partial sum (reduce-scattered to a shard, all-reduced to a replica)."""

    def forward(self, param: Any) -> torch.Tensor:
        from torch.distributed.tensor import Partial, Replicate

        return param.redistribute(placements=[Replicate()]).to_local(grad_placements=[Partial()])


def _units(module: nn.Module, strategy: str) -> list[tuple[str, nn.Module]]:
    """FSDP2: each child of an ``nn.ModuleList`` (not inside another unit)
    is a block; the root holds what is left.  DDP: one unit, the root."""
    units: list[tuple[str, nn.Module]] = []
    if strategy == "fsdp2":
        for name, mod in module.named_modules():
            if isinstance(mod, nn.ModuleList) and not any(name.startswith(f"{u}.") for u, _ in units):
                units.extend((f"{name}.{child}", m) for child, m in mod.named_children())
    units.append(("", module))
    return units


def apply_strategy(module: nn.Module, mesh: Any, strategy: str) -> list[ShardGroup]:
    """Lay ``module``'s parameters (fake, on the mesh's device) out as
    ``strategy`` does, in place; returns the units, blocks first."""
    import torch.nn.utils.parametrize as parametrize
    from torch.distributed.tensor import DTensor, Replicate, Shard

    world = mesh.size()
    taken: set[int] = set()
    groups: list[ShardGroup] = []
    for path, unit in _units(module, strategy):
        names: list[str] = []
        numel = 0
        for mod_name, mod in list(unit.named_modules()):  # before parametrizations add modules
            for name, param in list(mod.named_parameters(recurse=False)):
                if id(mod) in taken or param is None:
                    continue
                local = param.detach()
                shard = strategy == "fsdp2" and local.dim() > 0
                if shard:
                    local = local[: -(-local.shape[0] // world)]  # rank 0's chunk, as torch.chunk
                    dt = DTensor.from_local(
                        local, mesh, [Shard(0)], run_check=False, shape=param.shape, stride=param.stride()
                    )
                else:
                    dt = DTensor.from_local(local, mesh, [Replicate()], run_check=False)
                mod.register_parameter(name, nn.Parameter(dt, requires_grad=param.requires_grad))
                parametrize.register_parametrization(mod, name, _GatherParameter(), unsafe=True)
                names.append(f"{mod_name}.{name}" if mod_name else name)
                numel += param.numel()
        taken.update(id(m) for m in unit.modules())  # with the parametrizations just registered
        if names:
            placement = "Shard(0)" if strategy == "fsdp2" else "Replicate()"
            groups.append(ShardGroup(path, placement, tuple(names), numel))
    return groups


# ---------------------------------------------------------------------------
# recording passes and collectives


def _count_fx_collectives(graph: torch.fx.Graph) -> int:
    return sum(
        1
        for n in graph.nodes
        if n.op == "call_function"
        and isinstance(n.target, torch._ops.OpOverload)
        and n.target.namespace == "_c10d_functional"
        and n.target._opname != "wait_tensor"
    )


def _ir_nodes(snodes: list[Any]) -> list[Any]:
    out = []
    for snode in snodes:
        for inner in snode.get_nodes():
            out.append(inner.node)
    return out


def _count_ir_collectives(snodes: list[Any]) -> int:
    from torch._inductor.utils import is_collective

    return sum(1 for node in _ir_nodes(snodes) if node is not None and is_collective(node))


class CommRecorder:
    """While entered: records into ``plan`` the communication passes that
    run (:data:`COMM_FX_PASSES` through ``GraphTransformObserver``,
    :data:`COMM_SCHEDULER_PASSES` in ``torch._inductor.comms``) and, when
    the scheduler generates a graph's code, the collectives and waits in its
    final order.  The graph index is the simulation's count of generated
    graphs at that moment (the graph about to be recorded)."""

    def __init__(self, plan: DistributedPlan, sim: Simulation) -> None:
        self.plan = plan
        self.sim = sim

    def _graph(self) -> int:
        return len(self.sim.generated)

    @contextlib.contextmanager
    def installed(self) -> Iterator[CommRecorder]:
        import torch._inductor.comms as comms
        from torch._inductor.scheduler import Scheduler
        from torch.fx.passes.graph_transform_observer import GraphTransformObserver

        saved: list[tuple[Any, str, Any]] = []

        def patch(owner: Any, name: str, value: Any) -> None:
            saved.append((owner, name, owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)))
            setattr(owner, name, value)

        try:
            for method in ("apply_graph_pass", "apply_gm_pass"):
                patch(GraphTransformObserver, method, self._observe_fx(getattr(GraphTransformObserver, method), method))
            for name in COMM_SCHEDULER_PASSES:
                if hasattr(comms, name):
                    patch(comms, name, self._observe_scheduler(getattr(comms, name), name))
            patch(Scheduler, "codegen", self._observe_codegen(Scheduler.codegen))
            yield self
        finally:
            for owner, name, value in reversed(saved):
                setattr(owner, name, value)

    def _observe_fx(self, original: Callable[..., Any], method: str) -> Callable[..., Any]:
        recorder = self

        @functools.wraps(original)
        def apply(observer: Any, pass_fn: Callable[..., Any]) -> Any:
            name = getattr(observer, "passname", "")
            if name not in COMM_FX_PASSES:
                return original(observer, pass_fn)
            gm = observer.gm
            graph = gm.graph if hasattr(gm, "graph") else gm
            before = _count_fx_collectives(graph)
            result = original(observer, pass_fn)
            recorder.plan.passes.append(
                PassRun(recorder._graph(), name, "fx", before, _count_fx_collectives(graph))
            )
            return result

        return apply

    def _observe_scheduler(self, original: Callable[..., Any], name: str) -> Callable[..., Any]:
        recorder = self

        @functools.wraps(original)
        def run(snodes: list[Any], *args: Any, **kwargs: Any) -> Any:
            before = _count_ir_collectives(snodes)
            result = original(snodes, *args, **kwargs)
            after = _count_ir_collectives(result) if isinstance(result, list) else before
            recorder.plan.passes.append(PassRun(recorder._graph(), name, "scheduler", before, after))
            return result

        return run

    def _observe_codegen(self, original: Callable[..., Any]) -> Callable[..., Any]:
        recorder = self

        @functools.wraps(original)
        def codegen(scheduler: Any, *args: Any, **kwargs: Any) -> Any:
            recorder._record_collectives(scheduler.nodes)
            return original(scheduler, *args, **kwargs)

        return codegen

    def _record_collectives(self, snodes: list[Any]) -> None:
        from torch._inductor.utils import is_collective, is_wait

        graph = self._graph()
        waits = 0
        pending: list[tuple[Collective, set[str]]] = []  # not yet waited on, with the buffers they touch
        for position, node in enumerate(_ir_nodes(snodes)):
            if node is None:
                continue
            if is_wait(node):
                waits += 1
                waited = set(_buffer_names(node.inputs))
                for i, (collective, names) in enumerate(pending):
                    if names & waited:
                        self.plan.collectives.append(dataclasses.replace(collective, wait_position=position))
                        del pending[i]
                        break
            elif is_collective(node):
                names = set(_buffer_names(node.inputs)) | {out.get_name() for out in node.get_outputs()}
                pending.append((_collective_of(graph, position, node), names))
        self.plan.collectives.extend(c for c, _ in pending)
        self.plan.collectives.sort(key=lambda c: (c.graph, c.position))
        if waits:
            self.plan.waits[graph] = self.plan.waits.get(graph, 0) + waits


def _buffer_names(inputs: Any) -> list[str]:
    names = []
    for inp in inputs:
        for t in inp if isinstance(inp, (list, tuple)) else [inp]:
            get_name = getattr(t, "get_name", None)
            if get_name is not None:
                names.append(get_name())
    return names


def _collective_of(graph: int, position: int, node: Any) -> Collective:
    """A collective IR node (an ``ir._CollectiveKernel``): its op, its tensor
    inputs' shapes and dtypes, its other arguments."""
    op = getattr(node, "op_overload", None)
    name = str(op).removeprefix("torch.ops.") if op is not None else type(node).__name__
    inputs = []
    for inp in getattr(node, "inputs", []):
        for t in inp if isinstance(inp, (list, tuple)) else [inp]:
            try:
                shape = tuple(int(s) for s in t.get_size())
                dtype = str(t.get_dtype()).removeprefix("torch.")
            except (AttributeError, TypeError, NotImplementedError):
                continue
            inputs.append((shape, dtype))
    args = tuple(a for a in getattr(node, "constant_args", ()) if not isinstance(a, torch.Tensor))
    return Collective(graph, position, name, tuple(inputs), args)


# ---------------------------------------------------------------------------
# the compile


def comm_pass_config() -> tuple[dict[str, Any], list[str]]:
    """:data:`COMM_PASS_CONFIG`'s options this torch has, and the keys it
    lacks."""
    import torch._inductor.config as inductor_config

    have = {k: v for k, v in COMM_PASS_CONFIG.items() if hasattr(inductor_config, k)}
    return have, [k for k in COMM_PASS_CONFIG if k not in have]


def _config_snapshot() -> dict[str, Any]:
    import torch._inductor.config as inductor_config

    out: dict[str, Any] = {}
    for key in _COMM_CONFIG_KEYS:
        obj: Any = inductor_config
        for part in key.split("."):
            obj = getattr(obj, part, _MISSING)
            if obj is _MISSING:
                break
        if obj is _MISSING or (obj is None and key.endswith("_determinator")):  # None: Inductor's default
            continue
        out[key] = list(obj) if isinstance(obj, (list, tuple)) else repr(obj) if callable(obj) else obj
    return out


_MISSING = object()


class _DistributedStep(CompileStep):
    """The step :func:`compile_distributed` runs in the simulation: mesh,
    layout, then ``inner`` (a training step, or an inference call) under
    :class:`CommRecorder`; its phases are the plan's."""

    def __init__(self, inner: CompileStep, distributed: DistributedOptions, plan: DistributedPlan) -> None:
        super().__init__()
        self.inner = inner
        self.distributed = distributed
        self.plan = plan
        self.phases = plan.phases

    def __call__(self, sim: Simulation, module: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        from torch.distributed.device_mesh import init_device_mesh

        from inductor_xpu.device.simulation import SimulationError

        if not isinstance(module, nn.Module):
            raise SimulationError(
                f"a distributed compile needs an nn.Module (its parameters are sharded), got {type(module).__name__}"
            )
        mesh = init_device_mesh(sim.device_type, (self.distributed.world_size,))
        self.plan.groups = apply_strategy(module, mesh, self.distributed.strategy)
        self.plan.config = _config_snapshot()
        start = len(sim.generated)
        try:
            with CommRecorder(self.plan, sim).installed():
                return self.inner(sim, module, args, kwargs)
        finally:
            compiled = len(sim.generated) - start
            self.plan.phases.extend(self.inner.phases or ["inference"] * compiled)


def compile_distributed(
    program: Any,
    args: tuple[Any, ...] | None,
    kwargs: dict[str, Any] | None,
    target: str | DeviceProfile,
    options: TargetOptions | None,
    distributed: DistributedOptions,
) -> CompileReport:
    """Compile one training step of ``program`` (an ``nn.Module`` built on
    CPU; anything else is refused) laid out by
    ``distributed.strategy`` over a fake process group of
    ``distributed.world_size`` ranks, for the simulated ``target``.

    With ``distributed.train`` False the forward is compiled as inference
    instead (``phases``: ``inference``).

    Returns :func:`compile_for_target`'s report with ``phases`` and
    ``distributed`` (the :class:`DistributedPlan`) set; a refused or failed
    compile is a report with that status.  Raises
    :class:`DistributedSetupError` before anything is compiled where the
    process already has a process group or the options are bad."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    distributed.validate()
    base = options or TargetOptions()
    plan = DistributedPlan(distributed.strategy, distributed.world_size, device_type="")
    inductor_config = dict(base.inductor_config)
    if distributed.comm_passes:
        applied, plan.not_applied = comm_pass_config()
        inductor_config = {**applied, **inductor_config}
    if distributed.bucket_cap_mb is not None:
        import torch._inductor.config as inductor_config_module

        cap = BucketCap(distributed.bucket_cap_mb)
        for kind in ("all_gathers", "reduce_scatters", "all_reduces"):
            key = f"bucket_{kind}_fx_bucket_size_determinator"
            if hasattr(inductor_config_module, key):
                inductor_config[key] = cap
    inner = (
        TrainingStep(
            optimizer=distributed.optimizer,
            dynamic=base.dynamic,
            compile_options=base.compile_options,
            amp_dtype=base.amp_dtype,
        )
        if distributed.train
        else base.default_step()
    )
    step = _DistributedStep(inner, distributed, plan)
    target_options = dataclasses.replace(base, inductor_config=inductor_config, requires_grad=True, step=step)
    with fake_process_group(distributed.world_size):
        report = compile_for_target(program, args, kwargs, target, target_options)
    from inductor_xpu.device import get_profile

    try:
        plan.device_type = get_profile(target).device_type
    except Exception:  # an unknown profile: compile_for_target reported it
        plan.device_type = "?"
    report.phases = list(plan.phases)
    report.distributed = plan
    return report


class DistributedMode(TrainingMode):
    """``--train --distributed STRATEGY``: one training step laid out by the
    strategy over a fake process group of ``world_size`` ranks
    (:func:`compile_distributed`); report.json's ``distributed`` section
    (the plan), beside the graphs' phases.  It does not execute (``--run``
    is refused: no process group to run collectives on)."""

    name = "distributed"

    def __init__(self, strategy: str, world_size: int, optimizer: str | None = None) -> None:
        super().__init__(optimizer)
        self.strategy = strategy
        self.world_size = world_size

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        check_choice("--distributed", options.distributed, tuple(STRATEGIES))
        if options.distributed is None:
            return None
        return cls(options.distributed, options.world_size or DEFAULT_WORLD_SIZE, options.optimizer)

    def compile(self, program: Program, profile: DeviceProfile, plan: CompilePlan) -> CompileReport:
        distributed = DistributedOptions(self.strategy, self.world_size, optimizer=self.optimizer)
        try:
            return compile_distributed(
                program.module, program.args, program.kwargs, profile, plan.target_options(), distributed
            )
        except DistributedSetupError as e:
            raise CompileUsageError(f"--distributed: {e}") from None

    def capture(self) -> Any:
        return CompileMode.capture(self)  # refused by CompileOptions.validate before this

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        super().add_to_report(data, compiled)
        if compiled.distributed is not None:
            data["distributed"] = compiled.distributed.to_json()

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        lines = super().summary_lines(data, compiled)
        if data.get("distributed") is not None:
            lines += summary_lines(data["distributed"], data["cuda_api"])
        return lines
