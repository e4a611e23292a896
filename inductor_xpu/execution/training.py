"""A compiled training step executed on CPU: forward, backward and optimizer
step, each graph's generated wrapper as generated
(:func:`~inductor_xpu.execution.wrapper.execute_wrapper`), against
eager autograd.

:class:`TrainingCapture` is installed in the compile's Inductor options.
Beside each Dynamo graph's inputs (:class:`GraphInputCapture`, composed) it
records what a training step's wrappers need and the generated text does not
say: for each graph AOTAutograd hands Inductor, its placeholders (the
wrapper's arguments, with the shape, stride and dtype each was compiled for)
and, for a forward graph, AOTAutograd's split of its outputs
(``ViewAndMutationMeta`` from the ``TracingContext``: user outputs, then the
tensors saved for the backward); for a compiled optimizer step, which
optimizer parameter or state tensor each attribute Dynamo lifted into the
graph is (AOTAutograd passes those first).

:func:`execute_training` then runs, on a real copy of the program:

* the forward wrapper on the program's inputs and weights; its user outputs
  are compared with eager's;
* the backward wrapper on what AOTAutograd's runtime passes it: the forward's
  saved tensors, then one tangent per output that has one (the gradient of
  the loss -- :func:`inductor_xpu.execution.training_eager.loss_of`, the sum of the
  floating outputs -- with respect to that output, from eager autograd, laid
  out as the backward was compiled for); its outputs, one gradient per
  forward input, are compared with eager's ``.grad`` of each parameter;
* the optimizer wrapper, on a real optimizer whose parameters hold the
  executed backward's gradients and whose state the optimizer initialised
  as Dynamo has it do before tracing; the parameters and state it updates in
  place are compared with an eager step from eager's gradients.

Pass/fail is the model suite's check at its training tolerance.  The plan
verdict (:mod:`~inductor_xpu.execution.plan_verdict`) judges an fp32 step
against the step in float64, and an fp16/bf16 or AMP step by the same step
executed lifted to fp32 (:mod:`~inductor_xpu.execution.lifted`; eager then
runs in fp32 without autocast), each graph's in its result's ``lifted``.
What cannot run is a named status, never an exception.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import torch

from inductor_xpu import config
from inductor_xpu.execution.compare import add_plan_checks, compare, Comparison
from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.graph_inputs import abandoned, current_attempt, GraphInputCapture, GraphInputs
from inductor_xpu.execution.lifted import (
    lift_dtype,
    lift_graph_inputs,
    lift_program,
    lift_source,
    lift_values,
)
from inductor_xpu.execution.mutation import compare_mutated_inputs, mutated_input_names
from inductor_xpu.execution.eager import seeded
from inductor_xpu.execution.result import _finite, ExecutionResult, RAN
from inductor_xpu.execution.training_eager import (
    eager_step,
    EagerStep,
    fp64_step,
    initialise_state,
    low_precision_step,
)
from inductor_xpu.execution.wrapper import execute_wrapper


log = logging.getLogger(__name__)

__all__ = [
    "AotGraph",
    "ForwardLayout",
    "TRAINING_TOLERANCE",
    "TrainingCapture",
    "TrainingResult",
    "execute_training",
]

# The suite's training tolerance for a model without its own entry
# (tools/bench/suite_lib/models.py:tolerance_for).
TRAINING_TOLERANCE = 1e-2

# AOTAutograd's output types that get a tangent (collect_metadata_analysis).
_TANGENT_OUTPUT_TYPES = ("non_alias", "unsafe_view_alias", "custom_function_view")


# ---------------------------------------------------------------------------
# what the compile records


@dataclasses.dataclass(frozen=True)
class Placeholder:
    """One argument of a wrapper's ``call``: the AOT graph's placeholder."""

    name: str
    shape: tuple[int, ...] | None
    stride: tuple[int, ...] | None
    dtype: torch.dtype | None

    def check(self, value: Any, graph: str) -> None:
        if self.dtype is None or self.shape is None:
            return
        if not isinstance(value, torch.Tensor):
            raise CannotExecute(f"argument {self.name} is {type(value).__name__}, not a tensor", graph=graph)
        got = (tuple(value.shape), tuple(value.stride()), value.dtype)
        if got != (self.shape, self.stride, self.dtype):
            raise CannotExecute(
                f"argument {self.name} is {got[2]}{list(got[0])} stride {got[1]}, compiled for "
                f"{self.dtype}{list(self.shape)} stride {self.stride}",
                graph=graph,
            )


@dataclasses.dataclass(frozen=True)
class ForwardLayout:
    """AOTAutograd's split of a forward graph's outputs (its
    ``ViewAndMutationMeta``): ``[mutated inputs, user outputs, intermediate
    bases, rng offset, saved tensors, saved opaque objects, saved symints]``;
    ``tangent_outputs``: the user outputs that get a tangent, in the
    backward's order.  ``unsupported``: what this executor does not pass on
    (then a named status)."""

    num_mutated_inputs: int
    num_outputs: int
    num_forward: int
    tangent_outputs: tuple[int, ...]
    num_tangents: int
    unsupported: str | None = None

    @classmethod
    def of(cls, meta: Any) -> ForwardLayout:
        from torch._functorch._aot_autograd.schemas import SubclassCreationMeta

        tangent_outputs = tuple(
            i
            for i, info in enumerate(meta.output_info)
            if getattr(info.output_type, "name", str(info.output_type)) in _TANGENT_OUTPUT_TYPES
            and issubclass(info.raw_type, torch.Tensor)
            and getattr(info, "requires_grad_for_backward", getattr(info, "requires_grad", False))
        )
        extra = {
            "outputs mutating inputs outside the graph": meta.num_mutated_inp_runtime_indices,
            "intermediate bases": meta.num_intermediate_bases,
            "an rng offset (functionalized rng)": meta.num_outputs_rng_offset,
            "saved symints": meta.num_symints_saved_for_bw or 0,
            "saved opaque objects": getattr(meta, "num_opaque_objects_saved_for_bw", 0) or 0,
            "backward tokens": getattr(meta, "num_backward_tokens", 0) or 0,
            "tensor subclass tangents": sum(
                isinstance(m, SubclassCreationMeta) for m in getattr(meta, "subclass_tangent_meta", None) or ()
            ),
        }
        unsupported = ", ".join(f"{k} ({v})" for k, v in extra.items() if v)
        return cls(
            num_mutated_inputs=meta.num_mutated_inp_runtime_indices,
            num_outputs=meta.num_outputs,
            num_forward=meta.num_forward,
            tangent_outputs=tangent_outputs,
            num_tangents=len(meta.traced_tangents),
            unsupported=f"the forward has {unsupported}" if unsupported else None,
        )


@dataclasses.dataclass(frozen=True)
class AotGraph:
    """One graph AOTAutograd handed Inductor (post-grad): ``kind`` is
    ``forward``, ``backward`` (its placeholders include ``tangents_*``) or
    ``inference`` (a compiled optimizer step)."""

    kind: str
    placeholders: tuple[Placeholder, ...]
    num_outputs: int
    layout: ForwardLayout | None = None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.placeholders]


# ("param", i) or ("state", i, key): the i-th parameter of the optimizer
# (param_groups order) or one of its state tensors.
Role = tuple[Any, ...]


def _placeholder(node: torch.fx.Node) -> Placeholder:
    val = node.meta.get("val")
    if isinstance(val, torch.Tensor):
        shape, stride = _static(val.shape), _static(val.stride())
        return Placeholder(node.name, shape, stride if shape is not None else None, val.dtype)
    return Placeholder(node.name, None, None, None)


def _static(values: Any) -> tuple[int, ...] | None:
    try:
        return tuple(int(v) for v in values)
    except (TypeError, ValueError, RuntimeError):
        return None


class TrainingCapture:
    """Records, while a training step compiles, what executing its wrappers
    needs (see the module docstring).  Install :meth:`inductor_config` in
    ``TargetOptions.inductor_config``.  Its post-grad pass has no ``uuid``:
    Inductor does not cache the graphs it sees (so it sees every one); it
    changes no graph, and the generated text is the same without it."""

    def __init__(self) -> None:
        self.inputs = GraphInputCapture()
        self.aot_graphs: list[AotGraph] = []
        self.aot_attempts: list[tuple[str, int] | None] = []  # per AOT graph: its compile and attempt
        # per Dynamo graph (as inputs.graphs): the roles of its lifted
        # attributes, None for a graph with none
        self.lifted: list[list[Role] | None] = []
        self.errors: list[str] = []

    @property
    def graphs(self) -> list[GraphInputs]:
        return self.inputs.graphs

    def pre_grad(self, graph: torch.fx.Graph) -> None:
        recorded, dropped = self.inputs.record(graph)
        if not recorded:
            return  # not a graph Dynamo handed over
        for i in reversed(dropped):  # an abandoned attempt's (GraphInputCapture)
            del self.lifted[i]
        module = graph.owning_module
        if module is None:
            self.lifted.append(None)
            return
        attrs = [t for _, t in module.named_parameters(remove_duplicate=False)] + [
            t for _, t in module.named_buffers(remove_duplicate=False)
        ]
        self.lifted.append(self._roles(attrs) if attrs else None)

    def _roles(self, attrs: list[torch.Tensor]) -> list[Role] | None:
        """The optimizer role of each lifted attribute, from the optimizer
        Dynamo is tracing (the frame's ``self``)."""
        from torch._dynamo.symbolic_convert import InstructionTranslator

        try:
            owner = InstructionTranslator.current_tx().f_locals.get("self")
        except Exception as e:  # noqa: BLE001 - recorded; execution names it
            self.errors.append(f"no frame to read lifted attributes from ({type(e).__name__}: {e})")
            return None
        if not isinstance(owner, torch.optim.Optimizer):
            self.errors.append(f"lifted attributes of a {type(owner).__name__} frame")
            return None
        by_id: dict[int, Role] = {}
        params = [p for group in owner.param_groups for p in group["params"]]
        for i, p in enumerate(params):
            by_id[id(p)] = ("param", i)
            for key, value in owner.state.get(p, {}).items():
                if isinstance(value, torch.Tensor):
                    by_id[id(value)] = ("state", i, key)
        roles = [by_id.get(id(t)) for t in attrs]
        if any(r is None for r in roles):
            self.errors.append("a lifted attribute is neither a parameter nor a state tensor of the optimizer")
            return None
        return roles  # type: ignore[return-value]

    def post_grad(self, graph: torch.fx.Graph) -> None:
        attempt = current_attempt()
        if attempt is not None:  # an abandoned attempt's graphs (GraphInputCapture)
            for i in reversed(abandoned(self.aot_attempts, attempt)):
                del self.aot_graphs[i], self.aot_attempts[i]
        self.aot_attempts.append(attempt)
        placeholders = tuple(_placeholder(n) for n in graph.nodes if n.op == "placeholder")
        names = [p.name for p in placeholders]
        output = next(n for n in reversed(graph.nodes) if n.op == "output")
        outs = output.args[0]
        num_outputs = len(outs) if isinstance(outs, (list, tuple)) else 1
        if any(n.startswith("tangents_") for n in names):
            self.aot_graphs.append(AotGraph("backward", placeholders, num_outputs))
        elif any(n.startswith("primals_") for n in names):
            context = torch._guards.TracingContext.try_get()
            meta = getattr(context, "fw_metadata", None)
            layout = ForwardLayout.of(meta) if meta is not None else None
            self.aot_graphs.append(AotGraph("forward", placeholders, num_outputs, layout))
        else:
            self.aot_graphs.append(AotGraph("inference", placeholders, num_outputs))

    def inductor_config(self) -> dict[str, Any]:
        options = self.inputs.inductor_config()
        options["pre_grad_custom_pass"] = self.pre_grad
        options["post_grad_custom_post_pass"] = self.post_grad
        return options


# ---------------------------------------------------------------------------
# the result


@dataclasses.dataclass
class TrainingResult:
    """A training step executed on CPU against eager.

    ``graphs``: one :class:`ExecutionResult` per generated graph, in compile
    order (``phases``: forward/backward/optimizer); the forward's comparison
    is its user outputs, the backward's the gradient of each forward input
    (``None`` where eager has none), the optimizer's the parameters and state
    it updated.  ``labels``: per graph, what each compared output is.
    ``status``: ``"ran"``, or the named status of what stopped the step
    (then also the status of each graph that did not run)."""

    status: str
    graphs: list[ExecutionResult]
    phases: list[str]
    labels: dict[str, dict[int, str]] = dataclasses.field(default_factory=dict)
    tolerance: float = TRAINING_TOLERANCE

    @property
    def ran(self) -> bool:
        return self.status == RAN and all(g.ran for g in self.graphs)

    @property
    def passed(self) -> bool:
        return self.ran and bool(self.graphs) and all(g.passed for g in self.graphs)

    def by_phase(self, phase: str) -> list[ExecutionResult]:
        return [g for g, p in zip(self.graphs, self.phases) if p == phase]

    @property
    def max_abs_err(self) -> float:
        return max((g.comparison.max_abs_err for g in self.graphs if g.comparison), default=0.0)

    @property
    def max_rel_err(self) -> float:
        return max((g.comparison.max_rel_err for g in self.graphs if g.comparison), default=0.0)

    def failures(self) -> list[str]:
        """One line per failing graph or output, naming the graph, what the
        output is (the gradient of which parameter) and the kernel or op
        that produced it."""
        lines = [] if self.status == RAN else [f"training step: {self.status}"]
        for g in self.graphs:
            if self.status != RAN and g.status == self.status:
                continue  # the step's own status, said once
            labels = self.labels.get(g.graph, {})
            for line in g.failures():
                index = _output_index(line)
                label = labels.get(index) if index is not None else None
                lines.append(line + (f" [{label}]" if label else ""))
            if g.ran and g.comparison is None:
                lines.append(f"graph {g.graph}: not compared")
        return lines

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "passed": self.passed,
            "tolerance": self.tolerance,
            "max_abs_err": self.max_abs_err,
            "max_rel_err": self.max_rel_err,
            "graphs": [
                {"phase": p, **g.as_dict(), "labels": {str(k): v for k, v in self.labels.get(g.graph, {}).items()}}
                for g, p in zip(self.graphs, self.phases)
            ],
            "failures": self.failures(),
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(_finite(self.as_dict()), allow_nan=False, **kwargs)


def _output_index(line: str) -> int | None:
    parts = line.split(": output ", 1)
    if len(parts) != 2:
        return None
    head = parts[1].split(" ", 1)[0]
    return int(head) if head.isdigit() else None


# ---------------------------------------------------------------------------
# execution


def _strided_like(value: torch.Tensor, placeholder: Placeholder) -> torch.Tensor:
    """``value`` laid out as the wrapper was compiled for (AOTAutograd's
    runtime coerces a tangent to the traced tangent's memory format)."""
    if placeholder.shape is None or placeholder.stride is None or placeholder.dtype is None:
        return value
    out = torch.empty_strided(placeholder.shape, placeholder.stride, dtype=placeholder.dtype)
    out.copy_(value.reshape(placeholder.shape))
    return out


def grad_as_accumulated(param: torch.Tensor, grad: torch.Tensor) -> torch.Tensor:
    """``grad`` as autograd's AccumulateGrad stores it in ``param.grad``:
    in the parameter's strides where the parameter is non-overlapping and
    dense (``clone_obey_contract``), else contiguous.  The optimizer graph
    was compiled for those strides, whatever layout the backward produced
    (a convolution's weight gradient comes back channels last)."""
    grad = grad.detach()
    if torch._prims_common.is_non_overlapping_and_dense_or_false(param):
        out = torch.empty_strided(param.size(), param.stride(), dtype=grad.dtype)
        return out.copy_(grad)
    return grad.clone(memory_format=torch.contiguous_format)


def _tensors(value: Any) -> list[torch.Tensor]:
    return [t for t in torch.utils._pytree.tree_leaves(value) if isinstance(t, torch.Tensor)]


def _param_names(module: torch.nn.Module, values: Sequence[Any]) -> dict[int, str]:
    """Forward input index -> the name of the parameter it is."""
    params = {
        (p.untyped_storage().data_ptr(), p.storage_offset(), tuple(p.shape)): n for n, p in module.named_parameters()
    }
    names = {}
    for i, v in enumerate(values):
        if isinstance(v, torch.Tensor):
            key = (v.untyped_storage().data_ptr(), v.storage_offset(), tuple(v.shape))
            if key in params:
                names[i] = params[key]
    return names


class _Step:
    """One execution of a training step: its graphs in order, each fed from
    the ones before."""

    def __init__(
        self,
        module: torch.nn.Module,
        args: Sequence[Any],
        kwargs: Mapping[str, Any],
        sources: Sequence[str],
        phases: Sequence[str],
        capture: TrainingCapture,
        optimizer: str | None,
        tol: float,
    ) -> None:
        self.module, self.args, self.kwargs = module, list(args), dict(kwargs)
        self.sources, self.phases, self.capture = list(sources), list(phases), capture
        self.optimizer, self.tol = optimizer, tol
        self.labels: dict[str, dict[int, str]] = {}
        self.results = [ExecutionResult(graph=self.graph_name(i), status=NOT_EXECUTED) for i in range(len(sources))]
        # set by the forward
        self.fw_values: list[Any] = []
        self.fw_outputs: list[Any] = []
        self.param_names: dict[int, str] = {}  # forward input index -> parameter name
        self.grads: dict[str, torch.Tensor | None] = {}  # set by the backward
        # the step in float64: the reference of a low-precision check, and
        # of the plan rule where this run is judged by it (an fp32 step)
        self.fp64: EagerStep | None = None
        self.low_precision = False
        self.plan_in_place = False

    def compare(self, actual: Sequence[Any], expected: Sequence[Any], fp64: Sequence[Any] | None) -> Comparison:
        comparison = compare(actual, expected, tol=self.tol, fp64_expected=fp64 if self.low_precision else None)
        if self.plan_in_place and self.fp64 is not None:
            add_plan_checks(comparison, actual, expected, fp64)
        return comparison

    def graph_name(self, i: int) -> str:
        return f"{i} ({self.phases[i]})" if i < len(self.phases) else str(i)

    def plan(self) -> tuple[int, int, int | None]:
        """The indices of the forward, backward and optimizer graphs; raises
        CannotExecute for a step this executor does not run."""
        if len(self.phases) != len(self.sources):
            raise CannotExecute(f"{len(self.sources)} generated graphs but {len(self.phases)} phases")
        count = {p: self.phases.count(p) for p in ("forward", "backward", "optimizer")}
        if count["forward"] != 1 or count["backward"] != 1 or count["optimizer"] > 1:
            raise CannotExecute(
                f"a training step of {count['forward']} forward, {count['backward']} backward and "
                f"{count['optimizer']} optimizer graphs (a graph break splits the step; one graph of each executes)"
            )
        if count["optimizer"] and self.optimizer is None:
            raise CannotExecute("the step has an optimizer graph but no optimizer was named")
        kinds = [g.kind for g in self.capture.aot_graphs]
        if kinds.count("forward") != 1 or kinds.count("backward") != 1:
            raise CannotExecute(
                f"the compile recorded AOT graphs {kinds} (install TrainingCapture.inductor_config() in the "
                "compile's Inductor options)"
            )
        if len(self.capture.graphs) != 1 + count["optimizer"]:
            raise CannotExecute(f"{len(self.capture.graphs)} recorded Dynamo graphs for {count}")
        for source, phase in zip(self.sources, self.phases):
            found = [m for m in INDUCTOR_RANDOM if m in source]
            if found:
                raise CannotExecute(
                    f"the {phase} graph draws random numbers with Inductor's own generator ({', '.join(found)}), "
                    "which eager cannot draw the same; compile with fallback_random=True to compare"
                )
        optimizer = self.phases.index("optimizer") if count["optimizer"] else None
        return self.phases.index("forward"), self.phases.index("backward"), optimizer

    def aot(self, kind: str) -> AotGraph:
        return next(g for g in self.capture.aot_graphs if g.kind == kind)

    def run(self, index: int, values: Sequence[Any], graph: AotGraph, *, keep_inputs: bool = False) -> ExecutionResult:
        """Execute graph ``index`` on ``values``, checked against what it was
        compiled for; raises CannotExecute when it did not run."""
        name = self.graph_name(index)
        if len(values) != len(graph.placeholders):
            raise CannotExecute(
                f"{len(values)} arguments for a wrapper of {len(graph.placeholders)} ({graph.names})", graph=name
            )
        for placeholder, value in zip(graph.placeholders, values):
            placeholder.check(value, name)
        with seeded():
            result = execute_wrapper(self.sources[index], values, None, graph=name, keep_inputs=keep_inputs)
        self.results[index] = result
        if not result.ran or result.outputs is None:
            raise _Stopped
        return result

    def forward(self, index: int, eager: EagerStep) -> None:
        name = self.graph_name(index)
        graph = self.aot("forward")
        layout = graph.layout
        if layout is None:
            raise CannotExecute("the forward graph's AOTAutograd metadata was not recorded", graph=name)
        if layout.unsupported:
            raise CannotExecute(layout.unsupported, graph=name)
        inputs = self.capture.graphs[0]
        self.fw_values = inputs.resolve(self.module, self.args, self.kwargs, graph=name)
        self.param_names = _param_names(self.module, self.fw_values)
        result = self.run(index, self.fw_values, graph, keep_inputs=True)
        outputs = list(result.outputs or ())
        if len(outputs) != graph.num_outputs:
            raise CannotExecute(
                f"the forward returned {len(outputs)} values, its graph {graph.num_outputs}", graph=name
            )
        self.fw_outputs = outputs
        user = outputs[: layout.num_outputs]
        result.comparison = self.compare(user, eager.outputs, self.fp64.outputs if self.fp64 else None)
        self.labels[name] = {i: f"output {i}" for i in range(len(user))}
        # the program's inputs (not its parameters and buffers) it or eager mutated
        taken = {t.untyped_storage().data_ptr() for t in _tensors((self.args, self.kwargs))}
        eager_after = inputs.resolve(self.module, eager.args, eager.kwargs, graph=name)
        eager_after = [
            a if isinstance(v, torch.Tensor) and v.untyped_storage().data_ptr() in taken else None
            for v, a in zip(self.fw_values, eager_after)
        ]
        names = mutated_input_names(inputs.sources, self.fw_values, (self.args, self.kwargs))
        compare_mutated_inputs(result.comparison, names, self.fw_values, eager_after, result.inputs or (), tol=self.tol)
        result.inputs = None

    def backward(self, index: int, eager: EagerStep) -> None:
        """The backward on the forward's saved tensors and the tangents:
        AOTAutograd's runtime passes ``[*saved symints, *saved tensors,
        *opaque objects, *tangents]`` (runtime_wrappers; the forward's
        layout has no symints nor opaque objects here)."""
        name = self.graph_name(index)
        graph = self.aot("backward")
        layout = self.aot("forward").layout
        assert layout is not None  # checked by the forward
        saved = self.fw_outputs[layout.num_forward:]
        tangent_placeholders = graph.placeholders[len(saved):]
        if (
            len(tangent_placeholders) != layout.num_tangents
            or len(layout.tangent_outputs) != layout.num_tangents
            or not all(p.name.startswith("tangents_") for p in tangent_placeholders)
            or any(p.name.startswith("tangents_") for p in graph.placeholders[: len(saved)])
        ):
            raise CannotExecute(
                f"the backward takes {graph.names}; the forward saves {len(saved)} tensors and has "
                f"{layout.num_tangents} tangents (for outputs {list(layout.tangent_outputs)})",
                graph=name,
            )
        tangents = []
        for output, placeholder in zip(layout.tangent_outputs, tangent_placeholders):
            if output not in eager.tangents:
                raise CannotExecute(f"eager has no gradient for output {output} ({placeholder.name})", graph=name)
            tangents.append(_strided_like(eager.tangents[output], placeholder))
        result = self.run(index, [*saved, *tangents], graph)
        grads = list(result.outputs or ())
        if len(grads) != len(self.fw_values):
            raise CannotExecute(
                f"the backward returned {len(grads)} gradients for {len(self.fw_values)} forward inputs", graph=name
            )

        def grads_of(step: EagerStep) -> list[torch.Tensor | None]:
            return [step.grads.get(self.param_names[i]) if i in self.param_names else None for i in range(len(grads))]

        expected = grads_of(eager)
        self.grads = {n: grads[i] for i, n in self.param_names.items()}
        sources = self.capture.graphs[0].sources
        self.labels[name] = {
            i: f"grad of {self.param_names[i]}" if i in self.param_names else f"grad of {sources[i]}"
            for i in range(len(grads))
        }
        result.comparison = self.compare(grads, expected, grads_of(self.fp64) if self.fp64 else None)

    def optimizer_step(self, index: int, eager: EagerStep) -> None:
        """The optimizer graph: AOTAutograd passes the attributes Dynamo
        lifted (the optimizer's parameters and state, recorded roles) first,
        then the Dynamo graph's inputs (the gradients)."""
        from inductor_xpu.execution.training_eager import OPTIMIZERS

        name = self.graph_name(index)
        graph = self.aot("inference")
        roles = self.capture.lifted[1]
        if roles is None:
            errors = "; ".join(self.capture.errors) or "no lifted attributes"
            raise CannotExecute(f"the optimizer graph's lifted attributes are unknown ({errors})", graph=name)
        assert self.optimizer is not None  # plan() checked
        work = copy.deepcopy(self.module)
        names = {id(p): n for n, p in work.named_parameters()}
        params = [p for p in work.parameters() if p.requires_grad]
        for p in params:
            grad = self.grads.get(names[id(p)])
            p.grad = grad_as_accumulated(p, grad) if isinstance(grad, torch.Tensor) else None
        opt = OPTIMIZERS[self.optimizer](params)
        initialise_state(opt)
        lifted = []
        for role in roles:
            p = params[role[1]]
            lifted.append(p.detach() if role[0] == "param" else opt.state[p][role[2]])
        # the frame Dynamo traced: the optimizer's own step(self, closure=None),
        # inside the hooks that wrap it
        inputs = self.capture.graphs[1].resolve(inspect.unwrap(type(opt).step), [opt], graph=name)
        result = self.run(index, [*lifted, *inputs], graph, keep_inputs=True)
        after = list(result.inputs or ())
        actual: list[Any] = []
        expected: list[Any] = []
        fp64: list[Any] = []
        labels: dict[int, str] = {}
        for k, role in enumerate(roles):
            pname = names[id(params[role[1]])]
            if role[0] == "param":
                want, label = eager.updated.get(pname), f"updated {pname}"
                want64 = self.fp64.updated.get(pname) if self.fp64 else None
            else:
                want, label = eager.state.get((pname, role[2])), f"optimizer state {role[2]} of {pname}"
                want64 = self.fp64.state.get((pname, role[2])) if self.fp64 else None
            if want is None:
                continue
            labels[len(actual)] = label
            actual.append(after[k])
            expected.append(want)
            fp64.append(want64)
        result.comparison = self.compare(actual, expected, fp64)
        self.labels[name] = labels


NOT_EXECUTED = "not executed"

# What a wrapper that draws random numbers with Inductor's generator has.
INDUCTOR_RANDOM = ("inductor_seeds", "inductor_random", "tl.rand(", "tl.randn(")


class _Stopped(Exception):
    """A graph did not run; its result carries the named status."""


def execute_training(
    module: torch.nn.Module,
    args: Sequence[Any],
    sources: Sequence[str],
    phases: Sequence[str],
    capture: TrainingCapture,
    *,
    kwargs: Mapping[str, Any] | None = None,
    optimizer: str | None = None,
    amp_dtype: torch.dtype | None = None,
    tol: float = TRAINING_TOLERANCE,
) -> TrainingResult:
    """Execute a training step compiled by
    :func:`~inductor_xpu.modes.training.compile_training_step` (through
    ``compile_for_target(..., training_options(TargetOptions(amp_dtype=...,
    inductor_config={..., **capture.inductor_config()}), optimizer))``,
    :func:`inductor_xpu.modes.training.training_options`)
    and compare it with eager autograd on CPU at ``tol`` (the suite's
    training tolerance).  ``sources``/``phases``: the report's ``[c.source
    for c in generated]`` and ``phases``; ``module``/``args``/``kwargs``:
    the real program on CPU (a freshly built module: the compile made its
    own fake), not modified.  Eager runs its forward under
    ``torch.autocast("cpu", amp_dtype)``.  Never raises for what cannot
    run: the result's status, and each graph's, names it."""
    step = _Step(module, args, dict(kwargs or {}), sources, phases, capture, optimizer, tol)

    def stopped(status: str) -> TrainingResult:  # every graph gets the step's status
        graphs = [ExecutionResult(graph=step.graph_name(i), status=status) for i in range(len(sources))]
        return TrainingResult(status, graphs, list(phases), tolerance=tol)

    try:
        forward, backward, optimizer_graph = step.plan()
    except CannotExecute as e:
        return stopped(e.status)
    try:
        eager = eager_step(module, args, step.kwargs, optimizer, amp_dtype)
        step.low_precision = low_precision_step(module, args, amp_dtype)
        # lifted by the step's declared dtypes (parameters, inputs, autocast), never by the generated text
        lift = config.execution_plan_verdict and step.low_precision
        step.plan_in_place = config.execution_plan_verdict and not lift
        if step.low_precision or step.plan_in_place:
            step.fp64 = fp64_step(module, args, step.kwargs, optimizer)
    except Exception as e:  # noqa: BLE001 - the eager step itself failed
        return stopped(CannotExecute(f"the eager training step raised {type(e).__name__}: {e}").status)
    status = RAN
    current = forward
    try:
        step.forward(forward, eager)
        current = backward
        step.backward(backward, eager)
        if optimizer_graph is not None:
            current = optimizer_graph
            step.optimizer_step(optimizer_graph, eager)
    except (CannotExecute, _Stopped) as e:
        name = step.graph_name(current)
        if isinstance(e, CannotExecute):
            e.graph = e.graph or name
            step.results[current] = ExecutionResult(graph=name, status=e.status)
        status = CannotExecute(f"graph {name} did not run (the graphs after it take its results)").status
    except Exception as e:  # noqa: BLE001 - every failure becomes a named status
        log.debug("training step execution raised", exc_info=True)
        name = step.graph_name(current)
        status = CannotExecute(f"{type(e).__name__}: {e}", graph=name).status
        step.results[current] = ExecutionResult(graph=name, status=status)  # was "not executed", hiding why
    if lift:  # the plan verdict's run: the same step lifted to fp32 (execution/lifted.py), without autocast
        lifted = execute_training(
            lift_program(module), lift_values(list(args)), [lift_source(s) for s in sources], phases,
            lifted_capture(capture), kwargs=lift_values(step.kwargs), optimizer=optimizer, tol=tol,
        )
        for graph, run in zip(step.results, lifted.graphs):
            run.graph, graph.lifted = f"{run.graph} (lifted)", run
    return TrainingResult(status, step.results, list(phases), step.labels, tol)


def lifted_capture(capture: TrainingCapture) -> TrainingCapture:
    """What ``capture`` recorded, with fp16/bf16 graph inputs and
    placeholders compiled as fp32: the lifted step's."""
    lifted = copy.copy(capture)
    lifted.inputs = copy.copy(capture.inputs)
    lifted.inputs.graphs = [lift_graph_inputs(g) for g in capture.inputs.graphs]
    lifted.aot_graphs = [
        dataclasses.replace(
            g, placeholders=tuple(dataclasses.replace(p, dtype=lift_dtype(p.dtype)) for p in g.placeholders)
        )
        for g in capture.aot_graphs
    ]
    return lifted
