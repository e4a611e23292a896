"""Upstream's OpInfo, ModuleInfo and OptimizerInfo databases through Inductor
on the emulated xpu device, by the method of upstream's
``test/inductor/test_torchinductor_opinfo.py``: each sample run eagerly on
xpu and compiled on xpu, the results compared.  The control, eager xpu
against eager CPU on the same sample, judges the emulation itself.

The databases are the installed wheel's (``torch.testing._internal``): they
match the installed torch, with their own xpu skips and xfails.  Nothing
here is upstream's code: the cases, tolerances and classification are ours
(:func:`classify`), stated in ``docs/emulated_xpu.md``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import torch


DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}

# compiled xpu against eager xpu: upstream's check_model default for fp32
# (atol=rtol=1e-4), and the dtype's resolution for fp16/bf16 (Inductor
# computes low-precision pointwise chains in fp32 and rounds once, eager
# rounds after each op).
TOLERANCES = {torch.float32: (1e-4, 1e-4), torch.float16: (2e-3, 2e-3), torch.bfloat16: (1.6e-2, 1.6e-2)}

# The outcome of a case.
PASS = "pass"
MISMATCH = "mismatch"
COMPILE_ERROR = "compile-error"
EAGER_ERROR = "eager-error"  # eager xpu itself fails: the sample is not a case
CONTROL_MISMATCH = "control-mismatch"  # eager xpu differs from eager CPU
TIMEOUT = "timeout"
NO_DTYPE = "no-dtype"  # the op does not support the dtype on xpu

# Why a case did not pass (classify()).
EMULATION_GAP = "emulation gap"
INTERPRETER_LIMIT = "interpreter limit"
UPSTREAM_XFAIL = "upstream xfail/skip for xpu"
XPU_BUG = "xpu bug (not fixed)"
PRECISION = "precision (tolerance)"


@dataclasses.dataclass
class CaseResult:
    family: str  # opinfo, module, optim
    name: str  # op/module/optimizer name (variant)
    dtype: str
    sample: int
    outcome: str
    cause: str = ""
    detail: str = ""
    seconds: float = 0.0

    def row(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def fail(self, outcome: str, detail: str, trace: str = "") -> CaseResult:
        """Record a case that did not pass, with its class (:func:`classify`)."""
        self.outcome, self.detail, self.cause = outcome, detail, classify(outcome, detail, trace)
        return self


class CaseTimeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: Any) -> None:
        raise CaseTimeout(f"over {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def timed_case(result: CaseResult, timeout: float) -> Iterator[None]:
    """Run a case's body under ``timeout`` (a timeout is an interpreter
    limit) and record its seconds."""
    start = time.perf_counter()
    try:
        with time_limit(timeout):
            yield
    except CaseTimeout as e:
        result.outcome, result.detail, result.cause = TIMEOUT, str(e), INTERPRETER_LIMIT
    finally:
        result.seconds = round(time.perf_counter() - start, 3)


def _tensors(value: Any) -> list[torch.Tensor]:
    return [t for t in torch.utils._pytree.tree_leaves(value) if isinstance(t, torch.Tensor)]


def compare(actual: Any, expected: Any, dtype: torch.dtype) -> str | None:
    """None if ``actual`` matches ``expected`` within the dtype's tolerance,
    else why not (one line)."""
    atol, rtol = TOLERANCES.get(dtype, (1e-4, 1e-4))
    a, e = _tensors(actual), _tensors(expected)
    if len(a) != len(e):
        return f"{len(a)} tensor outputs, eager has {len(e)}"
    for i, (x, y) in enumerate(zip(a, e)):
        if x.shape != y.shape:
            return f"output {i}: shape {tuple(x.shape)}, eager {tuple(y.shape)}"
        if x.dtype != y.dtype:
            return f"output {i}: dtype {x.dtype}, eager {y.dtype}"
        try:
            torch.testing.assert_close(x.cpu(), y.cpu(), atol=atol, rtol=rtol, equal_nan=True, check_device=False,
                                       check_stride=False)
        except AssertionError as err:
            lines = [ln.strip() for ln in str(err).splitlines() if ln.strip()]
            return f"output {i}: " + "; ".join(lines[:3])
    return None


def _first_line(e: BaseException) -> str:
    """The exception in one line; for Dynamo's and Inductor's wrappers
    ("backend='inductor' raised:"), the wrapped error's line."""
    text = f"{type(e).__name__}: {e}".strip()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return type(e).__name__
    first = lines[0]
    if first.endswith("raised:") and len(lines) > 1:
        first = f"{first} {lines[1]}"
    return first[:300]


_EMULATION_MARKS = ("expected size", "emulated xpu", "DispatchStub", "unexpected device type", "not compiled with",
                    "Could not run", "only strided dense tensors", "PyTorch compiled without support")
_INTERPRETER_MARKS = ("interpreter", "libdevice.", "has no CPU mapping", "InterpretedFunction", "triton/runtime/interp",
                      "expected 1 launcher")


_STATISTICS_DTYPE = re.compile(r"output [1-9]\d*: dtype torch\.float32, eager torch\.(float16|bfloat16)")
_UPSTREAM_XPU_MARKS = ("only supported on CUDA", "Jiterator")


def classify(outcome: str, detail: str, trace: str = "") -> str:
    """The cause family of a non-passing case (see the module docstring)."""
    text = f"{detail}\n{trace}"
    if any(m in detail for m in _UPSTREAM_XPU_MARKS):
        return UPSTREAM_XFAIL
    if outcome == MISMATCH:
        if _STATISTICS_DTYPE.search(detail):
            # native_batch_norm/layer_norm's saved statistics: CPU kernels keep
            # them in the input's fp16/bf16, xpu's (and CUDA's) in fp32, as
            # Inductor's decompositions do (docs/emulated_xpu.md).
            return EMULATION_GAP
        return PRECISION if "Mismatched elements" in detail else XPU_BUG
    if outcome in (EAGER_ERROR, CONTROL_MISMATCH):
        return EMULATION_GAP
    if "expected size" in detail and "stride" in detail:
        # assert_size_stride: the CPU kernel's strides are not the xpu meta
        # function's (docs/emulated_xpu.md, "strides of eager results").
        return EMULATION_GAP
    if any(m in text for m in _INTERPRETER_MARKS):
        return INTERPRETER_LIMIT
    if any(m in text for m in _EMULATION_MARKS):
        return EMULATION_GAP
    return XPU_BUG


def run_op_case(op: Any, sample: Any, dtype: torch.dtype, index: int, timeout: float = 120.0) -> CaseResult:
    """One OpInfo sample: eager xpu (and the CPU control), then compiled xpu."""
    name = op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")
    dname = next(k for k, v in DTYPES.items() if v == dtype)
    result = CaseResult("opinfo", name, dname, index, PASS)
    fn = op.get_op()

    def call(s: Any) -> Any:
        return fn(s.input, *s.args, **s.kwargs)

    with timed_case(result, timeout):
        try:
            expected = call(sample)
        except Exception as e:  # noqa: BLE001 - any eager failure is recorded
            return result.fail(EAGER_ERROR, _first_line(e), traceback.format_exc())
        try:
            cpu_sample = sample.transform(lambda t: t.cpu() if isinstance(t, torch.Tensor) else t)
            control = call(cpu_sample)
            why = compare(expected, control, dtype) if op.name not in _NONDETERMINISTIC else None
            if why is not None:
                return result.fail(CONTROL_MISMATCH, why)
        except Exception:  # noqa: BLE001 - a CPU-side failure is no verdict on xpu
            pass
        torch._dynamo.reset()
        compiled = torch.compile(call, backend="inductor", fullgraph=False, dynamic=False)
        try:
            actual = compiled(sample)
        except Exception as e:  # noqa: BLE001
            return result.fail(COMPILE_ERROR, _first_line(e), traceback.format_exc())
        if op.name not in _NONDETERMINISTIC:
            why = compare(actual, expected, dtype)
            if why is not None:
                result.fail(MISMATCH, why)
    return result


# Ops whose outputs are random or unspecified (upstream's opinfo test skips
# their comparison too): compiled and run, not compared.
_NONDETERMINISTIC = frozenset({
    "bernoulli", "multinomial", "normal", "rand_like", "randint_like", "randn_like", "uniform", "empty",
    "empty_like", "empty_strided", "new_empty", "new_empty_strided", "empty_permuted", "nn.functional.dropout",
    "nn.functional.dropout2d", "nn.functional.dropout3d", "nn.functional.alpha_dropout",
    "nn.functional.feature_alpha_dropout", "nn.functional.rrelu", "randint", "randn", "rand", "exponential",
    "geometric", "cauchy", "log_normal", "nn.functional.fractional_max_pool2d",
    "nn.functional.fractional_max_pool3d", "torch._C._nn._test_ambiguous_defaults",
})


def op_cases(ops: list[Any], dtypes: list[str], samples: int) -> Iterator[tuple[Any, str, int, Any]]:
    """(op, dtype name, sample index, sample) for every op, dtype and the
    first ``samples`` samples (0: all); an op without the dtype on xpu gives
    one (op, dtype, -1, None)."""
    for op in ops:
        supported = op.supported_dtypes("xpu")
        for dname in dtypes:
            dtype = DTYPES[dname]
            if dtype not in supported:
                yield op, dname, -1, None
                continue
            try:
                generator = op.sample_inputs("xpu", dtype, requires_grad=False)
                for i, sample in enumerate(generator):
                    if samples and i >= samples:
                        break
                    yield op, dname, i, sample
            except Exception as e:  # noqa: BLE001 - the database's own sample generator failed
                yield op, dname, -2, e


def sweep_ops(ops: list[Any], dtypes: list[str], samples: int, emit: Callable[[CaseResult], None],
              timeout: float = 120.0) -> None:
    for op, dname, index, sample in op_cases(ops, dtypes, samples):
        name = op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")
        if index == -1:
            emit(CaseResult("opinfo", name, dname, -1, NO_DTYPE))
        elif index == -2:
            emit(CaseResult("opinfo", name, dname, -1, EAGER_ERROR, EMULATION_GAP, _first_line(sample)))
        else:
            emit(run_op_case(op, sample, DTYPES[dname], index, timeout))


# --- ModuleInfo: forward and backward compiled --------------------------------


def _float_tensors(value: Any) -> list[torch.Tensor]:
    return [t for t in _tensors(value) if t.is_floating_point()]


def _forward_backward(
    module: torch.nn.Module, args: Any, kwargs: Any, run: Callable[..., Any]
) -> tuple[Any, list[Any]]:
    out = run(*args, **kwargs)
    outs = [t for t in _float_tensors(out) if t.requires_grad]
    leaves = [p for p in module.parameters() if p.requires_grad] + [
        t for t in _tensors((args, kwargs)) if t.requires_grad and t.is_leaf]
    if not outs or not leaves:
        return out, []
    loss = sum(o.float().sum() for o in outs)
    grads = torch.autograd.grad(loss, leaves, allow_unused=True)
    return out, [g for g in grads if g is not None]


def _fresh(value: Any) -> Any:
    def copy(t: Any) -> Any:
        if not isinstance(t, torch.Tensor):
            return t
        c = t.detach().clone()
        return c.requires_grad_(t.requires_grad)

    return torch.utils._pytree.tree_map(copy, value)


def run_module_case(info: Any, module_input: Any, dtype: torch.dtype, index: int, timeout: float = 240.0) -> CaseResult:
    dname = next(k for k, v in DTYPES.items() if v == dtype)
    result = CaseResult("module", info.name, dname, index, PASS)
    with timed_case(result, timeout):
        cargs, ckwargs = module_input.constructor_input.args, module_input.constructor_input.kwargs
        fargs, fkwargs = module_input.forward_input.args, module_input.forward_input.kwargs
        try:
            torch.manual_seed(0)
            eager_m = info.module_cls(*cargs, **ckwargs).to("xpu", dtype)
            compiled_m = info.module_cls(*cargs, **ckwargs).to("xpu", dtype)
            if info.is_lazy:  # parameters exist after a first forward
                with torch.no_grad():
                    for m in (eager_m, compiled_m):
                        m(*_fresh(fargs), **_fresh(fkwargs))
            compiled_m.load_state_dict(eager_m.state_dict())
            expected, expected_grads = _forward_backward(eager_m, *_fresh((fargs, fkwargs)), run=eager_m)
        except Exception as e:  # noqa: BLE001
            return result.fail(EAGER_ERROR, _first_line(e), traceback.format_exc())
        torch._dynamo.reset()
        compiled = torch.compile(compiled_m, backend="inductor")
        try:
            actual, actual_grads = _forward_backward(compiled_m, *_fresh((fargs, fkwargs)), run=compiled)
        except Exception as e:  # noqa: BLE001
            return result.fail(COMPILE_ERROR, _first_line(e), traceback.format_exc())
        why = compare(actual, expected, dtype) or compare(actual_grads, expected_grads, dtype)
        if why is not None and not any(n in info.name for n in _RANDOM_MODULES):
            result.fail(MISMATCH, why)
    return result


_RANDOM_MODULES = ("Dropout", "RReLU", "FractionalMaxPool")


def sweep_modules(infos: list[Any], dtypes: list[str], samples: int, emit: Callable[[CaseResult], None],
                  timeout: float = 240.0) -> None:
    for info in infos:
        for dname in dtypes:
            dtype = DTYPES[dname]
            if dtype not in info.supported_dtypes("xpu"):
                emit(CaseResult("module", info.name, dname, -1, NO_DTYPE))
                continue
            try:
                inputs = info.module_inputs_func(info, device="xpu", dtype=dtype, requires_grad=True, training=True)
            except Exception as e:  # noqa: BLE001
                emit(CaseResult("module", info.name, dname, -1, EAGER_ERROR, EMULATION_GAP, _first_line(e)))
                continue
            for i, module_input in enumerate(inputs):
                if samples and i >= samples:
                    break
                if module_input.forward_input is None:
                    continue
                emit(run_module_case(info, module_input, dtype, i, timeout))


# --- OptimizerInfo: the step compiled -----------------------------------------


def _params(dtype: torch.dtype, matrices_only: bool = False) -> list[torch.Tensor]:
    """A weight and a bias with gradients (only the weight for optimizers of
    matrices, such as Muon)."""
    torch.manual_seed(0)
    params = [torch.randn(5, 4, device="xpu", dtype=dtype), torch.randn(4, device="xpu", dtype=dtype)]
    if matrices_only:
        params = params[:1]
    for p in params:
        p.requires_grad_(True)
        p.grad = torch.randn_like(p)
    return params


def run_optim_case(info: Any, optim_input: Any, dtype: torch.dtype, index: int, steps: int = 2,
                   timeout: float = 240.0) -> CaseResult:
    dname = next(k for k, v in DTYPES.items() if v == dtype)
    result = CaseResult("optim", f"{info.name}[{optim_input.desc}]", dname, index, PASS)
    kwargs = dict(optim_input.kwargs)
    with timed_case(result, timeout):
        try:
            matrices_only = False
            try:
                info.optim_cls(_params(dtype), **kwargs)
            except ValueError as e:
                matrices_only = "2D parameters" in str(e)
                if not matrices_only:
                    raise
            eager_params, compiled_params = _params(dtype, matrices_only), _params(dtype, matrices_only)
            eager = info.optim_cls(eager_params, **kwargs)
            compiled_opt = info.optim_cls(compiled_params, **kwargs)
            for _ in range(steps):
                if info.step_requires_closure:
                    eager.step(lambda: torch.tensor(1.0, device="xpu"))
                else:
                    eager.step()
        except Exception as e:  # noqa: BLE001
            return result.fail(EAGER_ERROR, _first_line(e), traceback.format_exc())
        torch._dynamo.reset()

        @torch.compile(backend="inductor")
        def step() -> None:
            if info.step_requires_closure:
                compiled_opt.step(lambda: torch.tensor(1.0, device="xpu"))
            else:
                compiled_opt.step()

        try:
            for _ in range(steps):
                step()
        except Exception as e:  # noqa: BLE001
            return result.fail(COMPILE_ERROR, _first_line(e), traceback.format_exc())
        why = compare([p.detach() for p in compiled_params], [p.detach() for p in eager_params], dtype)
        if why is not None:
            result.fail(MISMATCH, why)
    return result


def sweep_optims(infos: list[Any], dtypes: list[str], samples: int, emit: Callable[[CaseResult], None],
                 timeout: float = 240.0) -> None:
    for info in infos:
        if info.only_supports_sparse_grads:
            emit(CaseResult("optim", info.name, dtypes[0], -1, NO_DTYPE, detail="sparse gradients only"))
            continue
        for dname in dtypes:
            dtype = DTYPES[dname]
            inputs = info.optim_inputs_func(device="xpu", dtype=dtype)
            for i, optim_input in enumerate(inputs):
                if samples and i >= samples:
                    break
                emit(run_optim_case(info, optim_input, dtype, i, timeout=timeout))
