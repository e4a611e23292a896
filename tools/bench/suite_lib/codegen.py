"""``--codegen-only``: hardware-less xpu code generation for a suite model.

:func:`run_codegen_only` is the single entry point.  It imports
``inductor_xpu.targets`` lazily and uses its ``simulate(name)`` context
(a :class:`inductor_xpu.targets.Simulation`): ``sim.to_fake`` makes fake xpu
twins of the model and its inputs, ``sim.compile`` runs Inductor on them once
and returns the generated code.  Nothing is executed on any device.

The model is first run eagerly where it was built (CPU), so a model that
cannot run at all is ``eager_fail_to_run`` rather than a codegen failure.
Statuses: ``pass``, ``fail_to_codegen``, ``eager_fail_to_run``, and
``codegen_unavailable`` while ``inductor_xpu.targets`` or its ``simulate``
does not exist (that row is never a pass).  Inference only: a simulation
refuses joint forward/backward graphs (autograd on xpu tensors needs a device
guard this build lacks), and the row says so.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import importlib
import logging
from collections.abc import Callable
from typing import Any

import torch
from torch.utils._pytree import tree_map_only

from suite_lib.stats import CompileStats, collect_compile_stats


log = logging.getLogger(__name__)

TARGETS_MODULE = "inductor_xpu.targets"


@dataclasses.dataclass
class CodegenResult:
    status: str
    detail: str = ""
    target: str = ""
    stats: CompileStats | None = None
    # From the simulation: wrapper modules generated, Triton kernels they
    # define, and torch.xpu calls made while compiling (device-biased code).
    wrappers: int = 0
    triton_kernels: int = 0
    device_queries: list[str] = dataclasses.field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "detail": self.detail,
            "target": self.target,
            "compile_stats": self.stats.as_dict() if self.stats else None,
            "wrappers": self.wrappers,
            "triton_kernels": self.triton_kernels,
            "device_queries": self.device_queries,
        }


def call_model(model: Any, inputs: Any) -> Any:
    if isinstance(inputs, dict):
        return model(**inputs)
    return model(*inputs)


def describe_error(e: BaseException) -> str:
    """One line for a CSV cell: the root cause of what Dynamo wrapped
    (BackendCompilerFailed.inner_exception, the context of TorchRuntimeError),
    its first message line and the innermost Python frame it came from."""
    chain = [e]
    while len(chain) < 10:
        cur = chain[-1]
        inner = getattr(cur, "inner_exception", None)
        if not isinstance(inner, BaseException):
            inner = cur.__cause__
        if inner is None and type(cur).__module__.startswith("torch._dynamo"):
            inner = cur.__context__  # Dynamo re-raises its own errors "from None"
        if inner is None or any(inner is c for c in chain):
            break
        chain.append(inner)
    root = chain[-1]
    lines = [line for line in str(root).strip().splitlines() if line.strip()]
    where = ""
    tb = root.__traceback__
    if tb is not None:
        while tb.tb_next is not None:
            tb = tb.tb_next
        code = tb.tb_frame.f_code
        parts = code.co_filename.replace("\\", "/").split("/")
        where = f" [at {'/'.join(parts[-2:])}:{tb.tb_lineno} in {code.co_name}]"
    outer = f"{type(e).__name__} <- " if root is not e else ""
    return f"{outer}{type(root).__name__}: {lines[0].strip()[:300] if lines else ''}{where}"


_error = describe_error


def load_simulate() -> tuple[Callable[[str], Any] | None, str]:
    """``inductor_xpu.targets.simulate``, or None and why not."""
    try:
        targets = importlib.import_module(TARGETS_MODULE)
    except ModuleNotFoundError as e:
        if e.name in (TARGETS_MODULE, "inductor_xpu"):
            return None, f"{TARGETS_MODULE} does not exist yet (hardware-less xpu codegen not built)"
        return None, f"{TARGETS_MODULE} failed to import: {_error(e)}"
    except Exception as e:  # noqa: BLE001 - a broken module is reported, not raised
        return None, f"{TARGETS_MODULE} failed to import: {_error(e)}"
    simulate = getattr(targets, "simulate", None)
    if simulate is None:
        return None, f"{TARGETS_MODULE} has no simulate() yet"
    return simulate, ""


def run_codegen_only(
    model: torch.nn.Module,
    inputs: Any,
    target: str,
    *,
    loss_fn: Callable[[Any], torch.Tensor] | None = None,
) -> CodegenResult:
    """Generate xpu code for ``model`` on ``inputs`` for the profile ``target``.

    Inference unless ``loss_fn`` is given; then the forward's output goes
    through ``loss_fn`` and backward, so the backward graph is generated too.
    """
    training = loss_fn is not None
    grad = contextlib.nullcontext() if training else torch.no_grad()
    if training:
        model.train()
    try:
        with grad:
            eager_out = call_model(model, inputs)
            if training:
                loss_fn(eager_out).backward()  # type: ignore[misc]
    except Exception as e:  # noqa: BLE001
        log.exception("eager run failed")
        return CodegenResult("eager_fail_to_run", _error(e), target)
    finally:
        model.zero_grad(set_to_none=True)

    simulate, why = load_simulate()
    if simulate is None:
        return CodegenResult("codegen_unavailable", why, target)

    from torch._inductor.utils import fresh_cache

    torch._dynamo.reset()
    result = CodegenResult("pass", "", target)
    with fresh_cache(), collect_compile_stats() as stats:
        try:
            with simulate(target) as sim:
                fake_model = sim.to_fake(copy.deepcopy(model))
                fake_inputs = tree_map_only(torch.Tensor, sim.to_fake, inputs)
                if isinstance(fake_inputs, dict):
                    compiled = sim.compile(fake_model, **fake_inputs)
                else:
                    compiled = sim.compile(fake_model, *fake_inputs)
                if training:
                    loss_fn(compiled.outputs).backward()  # type: ignore[misc]
                result.wrappers = len(compiled.code)
                result.triton_kernels = sum(len(c.triton_kernels()) for c in compiled.code)
                result.device_queries = [
                    f"{q.api} from {q.caller} ({q.outcome}) x{q.count}" for q in sim.device_queries
                ]
        except Exception as e:  # noqa: BLE001
            log.exception("xpu code generation failed")
            result.status, result.detail = "fail_to_codegen", _error(e)
    result.stats = stats
    if result.status == "pass" and result.device_queries:
        result.detail = f"{len(result.device_queries)} torch.xpu call site(s) while compiling"
    return result
