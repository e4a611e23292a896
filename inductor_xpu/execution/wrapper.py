"""Executing a generated wrapper module, as generated, on CPU tensors.

The wrapper's text is executed unchanged in a fresh module namespace whose
imports and device-facing names are bound to CPU equivalents
(:mod:`~inductor_xpu.execution.device`), with an ``async_compile``
that loads its Triton kernels for Triton's interpreter
(:mod:`~inductor_xpu.execution.kernels`); its ``call`` then runs on
the program's real inputs, extern calls on the CPU kernels of the same ops
(:mod:`~inductor_xpu.execution.extern`)."""

from __future__ import annotations

import contextvars
import logging
import re
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

import torch

from inductor_xpu.execution.compare import compare, INFERENCE_TOLERANCE
from inductor_xpu.execution.device import cpu_allocations, cpu_device_calls, torch_c_view
from inductor_xpu.execution.errors import CannotExecute, find_cannot_execute
from inductor_xpu.execution.extern import ExternOpRecorder
from inductor_xpu.execution.interpreter import (
    device_arithmetic,
    builtins_importing,
    EXECUTION_LOCK,
    interpreted_calls,
    ModuleView,
)
from inductor_xpu.execution.kernels import (
    AsyncCompileFactory,
    execution_observer,
    ExecutionState,
    InterpretedAsyncCompile,
)
from inductor_xpu.execution.libdevice import CpuLibdevice, LIBDEVICE
from inductor_xpu.execution.result import ExecutionResult, RAN


log = logging.getLogger(__name__)

# A constant the wrapper expects Inductor to set after loading it (frozen
# parameters, folded constants): ``name = None  # device(type='xpu', ...``.
_CONSTANT = re.compile(r"^(\w+) = None  # device\(type=", re.M)


def wrapper_constants(source: str) -> list[str]:
    """The names of the constants a wrapper leaves for Inductor to set."""
    return _CONSTANT.findall(source)


def load_wrapper(
    source: str,
    directory: str,
    state: ExecutionState,
    *,
    libdevice: CpuLibdevice = LIBDEVICE,
    constants: Mapping[str, torch.Tensor] | None = None,
    name: str = "graph",
) -> dict[str, Any]:
    """Execute the wrapper ``source`` into a fresh namespace (kernel sources
    written under ``directory``); returns the namespace."""
    import torch._inductor.async_compile as async_compile_module

    if "def call(" not in source or "cpp_wrapper_src" in source:
        raise CannotExecute("not a Python wrapper with a call() (the C++ wrapper does not execute here)")
    compiler = InterpretedAsyncCompile(directory, libdevice, state)
    views = {
        "torch._C": torch_c_view(),
        "torch._inductor.async_compile": ModuleView(
            async_compile_module, {"AsyncCompile": AsyncCompileFactory(compiler)}
        ),
    }
    path = f"{directory}/wrapper_{name}.py"
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    namespace: dict[str, Any] = {
        "__name__": f"inductor_xpu_execution_{name}",
        "__file__": path,
        "__builtins__": builtins_importing(views),
    }
    exec(compile(source, path, "exec"), namespace)
    cpu_allocations(namespace)
    given = dict(constants or {})
    for constant in wrapper_constants(source):
        if constant not in given:
            raise CannotExecute(
                f"constant {constant} has no value (frozen parameters and folded constants of a "
                "simulated compile are fake tensors; pass constants=)"
            )
        namespace[constant] = given[constant]
    return namespace


def copy_argument(value: torch.Tensor) -> torch.Tensor:
    """A copy with ``value``'s sizes and strides (``clone`` makes a view that
    is not dense contiguous, and the wrapper asserts the strides it was
    compiled for: a training forward's saved views of one buffer)."""
    if value.numel() == 0 or value.is_contiguous():
        return value.clone()
    span = 1 + sum((size - 1) * stride for size, stride in zip(value.shape, value.stride()))
    storage = value.as_strided((span,), (1,), value.storage_offset()).clone()
    return storage.as_strided(value.shape, value.stride(), 0)


def execute_wrapper(
    source: str,
    args: Sequence[Any],
    expected: Sequence[Any] | None = None,
    *,
    graph: str = "0",
    tol: float = INFERENCE_TOLERANCE,
    fp64_expected: Sequence[Any] | None = None,
    constants: Mapping[str, torch.Tensor] | None = None,
    libdevice: CpuLibdevice = LIBDEVICE,
    keep_inputs: bool = False,
) -> ExecutionResult:
    """Execute one generated wrapper on CPU with ``args`` (its ``call``'s
    arguments, in the wrapper's order: CPU tensors and ints; copied, so the
    caller's are not mutated) and, given ``expected`` (eager CPU outputs of
    the same graph), compare.  ``keep_inputs``: the result's ``inputs`` are
    those copies after the call (a graph that mutates its inputs, as a
    compiled optimizer step does, updates them in place).  Never raises for what cannot run: the result's
    ``status`` names it."""
    state = ExecutionState(graph)
    recorder = ExternOpRecorder(state)
    result = ExecutionResult(graph=graph, status=RAN)
    observer = execution_observer()
    if observer is not None:
        observer.graph_started(graph)
    call_args = [copy_argument(a) if isinstance(a, torch.Tensor) else a for a in args]
    if keep_inputs:  # the call clears its list; a graph that mutates inputs writes these copies
        result.inputs = tuple(call_args)
    with EXECUTION_LOCK, tempfile.TemporaryDirectory(prefix="inductor_xpu_execution_") as directory:
        try:
            with interpreted_calls(libdevice), device_arithmetic(), cpu_device_calls(), torch.no_grad():
                namespace = load_wrapper(source, directory, state, libdevice=libdevice, constants=constants,
                                         name=graph)
                with recorder:
                    outputs = contextvars.copy_context().run(namespace["call"], call_args)
        except Exception as e:  # noqa: BLE001 - every failure becomes a named status
            cause = find_cannot_execute(e)
            if cause is None:
                cause = CannotExecute(f"the wrapper raised {type(e).__name__}: {e}")
            cause.graph = cause.graph or graph
            log.info("graph %s: %s", graph, cause.status, exc_info=log.isEnabledFor(logging.DEBUG))
            result.status = cause.status
            outputs = None
        finally:
            state.forget_kernels()
            result.kernels = state.launches
            result.extern_ops = dict(recorder.ops)
            result.references = dict(recorder.references)
    if outputs is None:
        if observer is not None:
            observer.graph_finished(result)
        return result
    result.outputs = tuple(outputs) if isinstance(outputs, (list, tuple)) else (outputs,)
    for i, out in enumerate(result.outputs):
        if isinstance(out, torch.Tensor):
            producer = state.producer(out)
            if producer is not None:
                result.producers[i] = producer
    if expected is not None:
        result.comparison = compare(result.outputs, expected, tol=tol, fp64_expected=fp64_expected)
    if observer is not None:
        observer.graph_finished(result)
    return result
