"""The ``async_compile`` a generated wrapper gets when executed on CPU: its
``triton(name, source, device_str=...)`` loads the kernel for Triton's
interpreter, and the kernel's ``run(*args, stream=...)`` launches it as
Inductor's launcher does with ``TRITON_INTERPRET=1``: the heuristics' first
config, the grid from the launch arguments the wrapper passes (or, with
``inductor_xpu.config.execution_min_block_elements``, that config coarsened:
:mod:`~inductor_xpu.execution.coarsen`)."""

from __future__ import annotations

import contextlib
import contextvars
import logging
import os
import re
from collections.abc import Iterator
from typing import Any

from inductor_xpu import config as inductor_xpu_config
from inductor_xpu.execution.coarsen import coarsenable, coarsened_config
from inductor_xpu.execution.errors import CannotExecute, find_cannot_execute
from inductor_xpu.execution.interpreter import load_kernel, patched_language
from inductor_xpu.execution.libdevice import CpuLibdevice
from inductor_xpu.execution.result import ExecutionResult, KernelLaunch


log = logging.getLogger(__name__)


class ExecutionObserver:
    """Told how an execution goes, as it goes (progress, a time limit): each
    graph's wrapper as it starts and ends, each kernel launch.  Installed
    with :func:`observing_execution`; it may raise to stop the execution (a
    ``BaseException`` that is not an ``Exception`` passes through the
    engine's named statuses).  The methods do nothing here."""

    def graph_started(self, graph: str) -> None:
        pass

    def kernel_launched(self, graph: str, kernel: str, launches: int) -> None:
        """``launches``: this graph's kernel launches so far, this one included."""

    def graph_finished(self, result: ExecutionResult) -> None:
        pass


_OBSERVER: contextvars.ContextVar[ExecutionObserver | None] = contextvars.ContextVar(
    "inductor_xpu_execution_observer", default=None
)


def execution_observer() -> ExecutionObserver | None:
    """The observer :func:`observing_execution` installed, or None."""
    return _OBSERVER.get()


@contextlib.contextmanager
def observing_execution(observer: ExecutionObserver) -> Iterator[None]:
    """``observer`` is told of every execution inside."""
    token = _OBSERVER.set(observer)
    try:
        yield
    finally:
        _OBSERVER.reset(token)


class ExecutionState:
    """What one execution records: the kernel launches, and whether a kernel
    is running (the torch ops the interpreter makes to move data are not the
    program's)."""

    def __init__(self, graph: str = "") -> None:
        self.graph = graph
        self.launches: list[KernelLaunch] = []
        self.in_kernel = False
        # (kernel or op, the storages its tensor arguments and results use),
        # in order: which one last wrote an output.
        self.events: list[tuple[str, set[int]]] = []
        self.launchers: list[Any] = []

    def forget_kernels(self) -> None:
        """Drop the interpreter's cached rewrites of this execution's kernels
        (a class-level cache that would keep every kernel alive)."""
        from triton.runtime.interpreter import InterpretedFunction

        for launcher in self.launchers:
            InterpretedFunction.rewritten_fn.pop(getattr(launcher.fn, "fn", None), None)
        self.launchers.clear()

    def record(self, name: str, values: Any) -> None:
        import torch

        storages = {
            t.untyped_storage().data_ptr()
            for t in torch.utils._pytree.tree_leaves(values)
            if isinstance(t, torch.Tensor)
        }
        self.events.append((name, storages))

    def producer(self, tensor: Any) -> str | None:
        """The last kernel or op whose arguments or results used
        ``tensor``'s storage."""
        ptr = tensor.untyped_storage().data_ptr()
        for name, storages in reversed(self.events):
            if ptr in storages:
                return name
        return None


class InterpretedKernel:
    """A generated kernel loaded for the interpreter (what the wrapper calls
    ``.run`` on)."""

    def __init__(self, name: str, launcher: Any, state: ExecutionState, source: str = "") -> None:
        self.name = name
        self.launcher = launcher
        self._state = state
        # why this kernel launches as generated even when coarsening is on
        self.not_coarsenable = coarsenable(launcher, source)
        self._source = source

    def run(self, *args: Any, stream: Any = None, **kwargs: Any) -> Any:
        configs = getattr(self.launcher, "configs", None) or []
        if not configs:
            raise CannotExecute(f"kernel {self.name} has no launch config", kernel=self.name)
        config = configs[0]
        executed = config
        if self.not_coarsenable is None:
            executed = coarsened_config(
                self.launcher, config, inductor_xpu_config.execution_min_block_elements, self._source
            )
        self._state.launches.append(
            KernelLaunch(
                self.name,
                dict(config.kwargs),
                getattr(config, "num_warps", None),
                dict(executed.kwargs) if executed is not config else None,
            )
        )
        self._state.record(f"kernel {self.name}", args)
        observer = _OBSERVER.get()
        if observer is not None:
            observer.kernel_launched(self._state.graph, self.name, len(self._state.launches))
        self._state.in_kernel = True
        try:
            with patched_language():
                if executed is config:
                    return self.launcher.run(*args, stream=stream, **kwargs)
                # the interpreted launch reads configs[0]
                self.launcher.configs = [executed, *configs[1:]]
                try:
                    return self.launcher.run(*args, stream=stream, **kwargs)
                finally:
                    self.launcher.configs = configs
        except CannotExecute as e:
            e.kernel = e.kernel or self.name
            raise
        except Exception as e:
            cause = find_cannot_execute(e)
            if cause is not None:
                cause.kernel = cause.kernel or self.name
                raise cause from e
            raise CannotExecute(
                f"kernel {self.name} failed in Triton's interpreter: {type(e).__name__}: {e}", kernel=self.name
            ) from e
        finally:
            self._state.in_kernel = False

    def __repr__(self) -> str:
        return f"InterpretedKernel({self.name})"


def _file_name(kernel_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", kernel_name) + ".py"


class InterpretedAsyncCompile:
    """Stands in for ``torch._inductor.async_compile.AsyncCompile()`` in an
    executed wrapper: Triton kernels load for the interpreter (their sources
    written under ``directory``); other kernel kinds cannot run here."""

    def __init__(self, directory: str, libdevice: CpuLibdevice, state: ExecutionState) -> None:
        self._directory = directory
        self._libdevice = libdevice
        self._state = state
        self.kernels: dict[str, InterpretedKernel] = {}

    def triton(self, kernel_name: str, source_code: str, device_str: str = "cuda", **kwargs: Any) -> InterpretedKernel:
        path = os.path.join(self._directory, _file_name(kernel_name))
        try:
            launcher = load_kernel(kernel_name, source_code, path, self._libdevice)
        except CannotExecute:
            raise
        except Exception as e:
            cause = find_cannot_execute(e)
            if cause is not None:
                raise cause from e
            raise CannotExecute(
                f"kernel {kernel_name} does not load for Triton's interpreter: {type(e).__name__}: {e}",
                kernel=kernel_name,
            ) from e
        self._state.launchers.append(launcher)
        kernel = self.kernels[kernel_name] = InterpretedKernel(kernel_name, launcher, self._state, source_code)
        log.debug("loaded %s (%s) for the interpreter", kernel_name, device_str)
        return kernel

    def wait(self, scope: dict[str, Any]) -> None:
        """Kernels load synchronously here: nothing to wait for."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise CannotExecute(f"async_compile.{name} (a non-Triton kernel) has no CPU execution here")


class AsyncCompileFactory:
    """What ``from torch._inductor.async_compile import AsyncCompile`` gives
    the executed wrapper: calling it returns the one
    :class:`InterpretedAsyncCompile`."""

    def __init__(self, instance: InterpretedAsyncCompile) -> None:
        self._instance = instance

    def __call__(self, *args: Any, **kwargs: Any) -> InterpretedAsyncCompile:
        return self._instance

    @staticmethod
    def warm_pool() -> None:
        """No worker pool: kernels load in this process."""
