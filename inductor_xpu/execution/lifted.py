"""The precision-lifted program: a low-precision (fp16/bf16) plan executed
with its low-precision buffers, casts and constants kept in fp32.

An fp16 or bf16 program rounds every stored value; a wrong constant or a
wrong index whose effect is below that rounding passes any check of the
low-precision outputs (a 1% wrong erf-GELU constant gives a bf16 program
the same error against float64 as the right one).  The lifted run executes
the *same plan* -- the same kernels, fusions, extern calls, layouts and
launches -- with every ``float16``/``bfloat16`` in the generated text
written ``float32`` (buffers the wrapper allocates, the kernels' pointer
types, ``.to(tl.bfloat16)`` casts, typed constants, dtype arguments of
extern calls), on the program's inputs and weights given in fp32, and its
outputs are judged against the program run eagerly in fp32 by the fp32
plan rule (:mod:`~inductor_xpu.execution.plan_verdict`).

What lifting cannot keep: a plan that reinterprets a low-precision buffer's
bits (``.to(tl.int16, bitcast=True)``, ``view(torch.int16)``) computes
something else in fp32 (it fails there, named).  The normal low-precision
run still checks what only low precision shows (a missing upcast,
overflow)."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu import config


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import ConstantOrigin, GraphConstants
    from inductor_xpu.execution.graph_inputs import GraphInputs
    from inductor_xpu.execution.result import ExecutionResult


LOW_PRECISION = (torch.float16, torch.bfloat16)

# A low-precision dtype where the generated text names one: torch's (the
# wrapper's allocations, extern calls' dtype arguments), Triton's (casts,
# typed constants) and the kernels' signatures ('*bf16' pointers, 'fp16'
# scalars).
_TEXT_DTYPES = re.compile(
    r"\btorch\.(?:float16|bfloat16|half)\b|\btl\.(?:float16|bfloat16)\b|'\*?(?:fp16|bf16)'"
)


def _lifted_text(match: re.Match[str]) -> str:
    text = match.group(0)
    if text.startswith("torch."):
        return "torch.float32"
    if text.startswith("tl."):
        return "tl.float32"
    return "'*fp32'" if text.startswith("'*") else "'fp32'"


def uses_low_precision(source: str) -> bool:
    """The generated program names an fp16 or bf16 dtype (what lifting
    rewrites; never what decides whether a program is lifted: a kernel
    that rounds an fp32 program's values through bf16 is a wrong plan, not
    a low-precision program -- :func:`declared_low_precision`)."""
    return _TEXT_DTYPES.search(source) is not None


def declared_low_precision(inputs: GraphInputs | None, constants: GraphConstants | None = None) -> bool:
    """The graph was compiled for fp16/bf16 values: some input the compile
    recorded (the program's inputs, its parameters and buffers) or some
    constant it froze is fp16/bf16.  This, not the generated text, makes a
    program low precision (lifted); an fp32 program is judged as generated."""
    if inputs is not None and any(i.dtype in LOW_PRECISION for i in inputs.inputs):
        return True
    return constants is not None and any(layout.dtype in LOW_PRECISION for layout in constants.layouts.values())


def judged_in_place(
    inputs: GraphInputs | None, expected: Sequence[Any], constants: GraphConstants | None = None
) -> bool:
    """The plan rule judges this graph's own run (so it needs the float64
    reference): on (``inductor_xpu.config.execution_plan_verdict``), some
    output floating, and the graph not compiled for fp16/bf16 values
    (:func:`declared_low_precision`; its lifted run is judged instead)."""
    if not config.execution_plan_verdict or declared_low_precision(inputs, constants):
        return False
    return any(isinstance(v, torch.Tensor) and v.is_floating_point() for v in expected)


def lift_source(source: str) -> str:
    """The generated program's text with every fp16/bf16 dtype written
    fp32."""
    return _TEXT_DTYPES.sub(_lifted_text, source)


def lift_dtype(dtype: Any) -> Any:
    return torch.float32 if dtype in LOW_PRECISION else dtype


def lift_value(value: Any) -> Any:
    """An fp16/bf16 tensor as fp32 (same sizes and strides; the values are
    exact); anything else as it is."""
    if not isinstance(value, torch.Tensor) or value.dtype not in LOW_PRECISION:
        return value
    with torch.no_grad():
        lifted = torch.empty_strided(value.shape, value.stride(), dtype=torch.float32)
        lifted.copy_(value.detach())
    return lifted.requires_grad_(value.requires_grad)


def lift_values(value: Any) -> Any:
    return torch.utils._pytree.tree_map(lift_value, value)


def lift_program(fn: Any) -> Any:
    """``fn`` in fp32: a copy of a module whose fp16/bf16 parameters and
    buffers are fp32 (others unchanged); a function as it is."""
    if not isinstance(fn, torch.nn.Module):
        return fn
    lifted = copy.deepcopy(fn)
    with torch.no_grad():
        for module in lifted.modules():
            for name, param in list(module.named_parameters(recurse=False)):
                if param.dtype in LOW_PRECISION:
                    module._parameters[name] = torch.nn.Parameter(lift_value(param), param.requires_grad)
            for name, buffer in list(module.named_buffers(recurse=False)):
                if buffer.dtype in LOW_PRECISION:
                    module._buffers[name] = lift_value(buffer)
    return lifted


def lift_graph_inputs(inputs: GraphInputs) -> GraphInputs:
    """The recorded graph inputs with fp16/bf16 tensors compiled as fp32."""
    return dataclasses.replace(
        inputs, inputs=tuple(dataclasses.replace(i, dtype=lift_dtype(i.dtype)) for i in inputs.inputs)
    )


def _lift_graph_module(module: torch.fx.GraphModule) -> torch.fx.GraphModule:
    module = copy.deepcopy(module)
    for node in module.graph.nodes:
        node.args = torch.utils._pytree.tree_map(lift_dtype, node.args)
        node.kwargs = torch.utils._pytree.tree_map(lift_dtype, node.kwargs)
    for name, value in list(module.named_buffers()):
        if value.dtype in LOW_PRECISION:
            *path, leaf = name.split(".")
            owner = module.get_submodule(".".join(path))
            owner._buffers[leaf] = lift_value(value)
    module.recompile()
    return module


def lift_origin(origin: ConstantOrigin, done: dict[int, Any] | None = None) -> ConstantOrigin:
    """A constant's origin computing in fp32: a folded computation's dtype
    arguments (a weight cast to bf16 when it was folded) and a known value
    lifted; the same origin object lifts once (shared operands stay
    shared)."""
    from inductor_xpu.device.simulation.freezing import Folded, Value

    done = {} if done is None else done
    key = id(origin)
    if key in done:
        return done[key]
    lifted: ConstantOrigin
    if isinstance(origin, Folded):
        lifted = Folded(_lift_graph_module(origin.module), tuple(lift_origin(o, done) for o in origin.operands))
    elif isinstance(origin, Value):
        lifted = Value(lift_value(origin.tensor))
    else:
        lifted = origin
    done[key] = lifted
    return lifted


def lift_constants(constants: GraphConstants | None) -> GraphConstants | None:
    """A graph's constants as the lifted program takes them: fp16/bf16
    layouts fp32, their origins computing in fp32."""
    if constants is None:
        return None
    done: dict[int, Any] = {}
    return dataclasses.replace(
        constants,
        origins={name: lift_origin(o, done) for name, o in constants.origins.items()},
        layouts={name: dataclasses.replace(l, dtype=lift_dtype(l.dtype)) for name, l in constants.layouts.items()},
        arguments=None if constants.arguments is None else tuple(lift_origin(o, done) for o in constants.arguments),
    )


def execute_lifted(
    execute: Callable[..., list[ExecutionResult]],
    fn: Any,
    args: Sequence[Any],
    sources: Sequence[str],
    graph_inputs: Sequence[GraphInputs],
    *,
    kwargs: Mapping[str, Any] | None = None,
    tol: float,
    constants: Sequence[GraphConstants | None] | None = None,
    graph_by_graph_fn: Any = None,
) -> list[ExecutionResult]:
    """The program's lifted run: ``execute`` (the engine's run of a program
    as generated, :func:`~inductor_xpu.execution.program.execute_as_generated`)
    of the lifted text (:func:`lift_source`) on the program in fp32 (``fn``
    and ``graph_by_graph_fn``: :func:`lift_program` copies, made before the
    program ran; :func:`lift_values`), against that program run eagerly,
    each fp32 output judged by the plan rule against the program in
    float64.  One result per graph, named ``<graph> (lifted)`` where it
    fails."""
    lifted = execute(
        fn,
        lift_values(list(args)),
        [lift_source(s) for s in sources],
        [lift_graph_inputs(g) for g in graph_inputs],
        kwargs=lift_values(dict(kwargs or {})),
        tol=tol,
        constants=None if constants is None else [lift_constants(c) for c in constants],
        graph_by_graph_fn=graph_by_graph_fn,
    )
    for result in lifted:
        result.graph = f"{result.graph} (lifted)"
    return lifted
