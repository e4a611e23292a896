"""The golden programs in other precisions and with freezing, compiled with
their inputs recorded, and the real inputs they execute on.

:func:`with_dtype` gives a golden program whose floating inputs (and a
module's parameters) are fp32, fp16 or bf16; :func:`with_freezing` the same
program compiled with ``freezing=True``.  :func:`compile_for_execution`
compiles one for the simulated target as the golden tests do, with the
input capture (and, with freezing, the constants' origins) that
:func:`inductor_xpu.execution.execute_program` needs; :func:`real_inputs`
are the values it runs on (seeded)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.programs.codegen import Program, T


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import GraphConstants
    from inductor_xpu.execution.graph_inputs import GraphInputs


DTYPE_NAMES: dict[str, torch.dtype] = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}
_CASTABLE = (torch.float32, torch.float16, torch.bfloat16)


def _module_in(factory: Callable[[], torch.nn.Module], dtype: torch.dtype) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        return factory().to(dtype)

    return build


def with_dtype(program: Program, dtype: torch.dtype) -> Program:
    """``program`` with its fp32/fp16/bf16 inputs (a module: its parameters
    and buffers too) in ``dtype``; float64 and integer inputs unchanged.
    The features (regular expressions of the golden) are dropped: they may
    name the golden's own dtype."""
    inputs = tuple(T(t.shape, dtype) if t.dtype in _CASTABLE else t for t in program.inputs)
    fn = _module_in(program.fn, dtype) if program.module else program.fn
    return dataclasses.replace(program, fn=fn, inputs=inputs, features=())


def with_freezing(program: Program) -> Program:
    return dataclasses.replace(program, config={**program.config, "freezing": True})


def program_dtype(program: Program) -> torch.dtype | None:
    """The floating dtype of the program's inputs (the first), None when it
    has none."""
    return next((t.dtype for t in program.inputs if t.dtype.is_floating_point), None)


def _distinct(shape: tuple[int, ...], gen: torch.Generator) -> torch.Tensor:
    """Each row (last dimension) a random order of distinct multiples of
    1/16 around 0: exact in fp16 and bf16 for rows of up to 256."""
    n = shape[-1]
    rows = torch.stack([torch.randperm(n, generator=gen) for _ in range(int(torch.Size(shape[:-1]).numel()))])
    return ((rows - n // 2) / 16).reshape(shape)


def real_inputs(program: Program) -> list[torch.Tensor]:
    """The inputs a golden program executes on: normal values (seeded;
    without ties where the program says ``distinct``), booleans, and
    indices below 16 (in range of every golden's indexed dimension)."""
    gen = torch.Generator().manual_seed(0)
    inputs = []
    for t in program.inputs:
        if t.dtype == torch.bool:
            inputs.append(torch.rand(t.shape, generator=gen) > 0.3)
        elif not t.dtype.is_floating_point:
            inputs.append(torch.randint(0, 16, t.shape, generator=gen, dtype=t.dtype))
        elif program.distinct:
            inputs.append(_distinct(t.shape, gen).to(t.dtype))
        else:
            inputs.append(torch.randn(t.shape, generator=gen).to(t.dtype))
    return inputs


@dataclasses.dataclass(frozen=True)
class CompiledForExecution:
    """A golden program's generated wrappers (one per graph), the inputs
    each takes, and their constants' origins (with freezing)."""

    sources: tuple[str, ...]
    graph_inputs: tuple[GraphInputs, ...]
    constants: tuple[GraphConstants | None, ...]


def compile_for_execution(program: Program, target: str = "max1550") -> CompiledForExecution:
    """``program`` compiled for the simulated ``target`` as the golden tests
    compile it, with the graph inputs recorded."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.execution import capture_graph_inputs

    capture = capture_graph_inputs()
    report = compile_for_target(
        program.build(),
        None,
        None,
        target,
        TargetOptions(
            inductor_config={**program.config, **capture.inductor_config()},
            fake_inputs=lambda sim: (tuple(sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs), {}),
            step=lambda sim, fn, args, kwargs: sim.compile(fn, *args, dynamic=program.dynamic),
            clear_counters=False,
            reraise=True,
        ),
    )
    return CompiledForExecution(
        tuple(code.source for code in report.generated),
        tuple(capture.graphs),
        tuple(code.constants for code in report.generated),
    )


def execute_compiled_program(program: Program, compiled: CompiledForExecution, sources: Any = None) -> list[Any]:
    """Execute ``compiled`` (or ``sources``, another text of its graphs: a
    mutant) on the real program and inputs, against eager."""
    from inductor_xpu.execution import execute_program

    return execute_program(
        program.build(),
        real_inputs(program),
        tuple(sources) if sources is not None else compiled.sources,
        compiled.graph_inputs,
        constants=compiled.constants,
    )
