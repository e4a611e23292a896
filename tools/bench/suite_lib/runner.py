"""One model in one process: build it, then check accuracy, measure
performance, or generate code.  The worker (``suite_lib.worker``) calls
:func:`run_model`; the orchestrator never imports this module.

The steps follow PyTorch's dynamo benchmark harness (``benchmarks/dynamo/
common.py``): an fp64 reference, two eager runs that must agree bit for bit,
then the compiled run compared with ``torch._dynamo.utils.same`` and the
suite's tolerance; for performance, eager and compiled warm-ups (their
difference is the compilation latency) and 30 alternating timed iterations,
speedup = median eager / median compiled.  The device is only ever reached
through ``torch.get_device_module(device)``.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import gc
import importlib
import importlib.metadata
import logging
import platform
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import torch
from torch._dynamo.testing import collect_results, reduce_to_scalar_loss
from torch._dynamo.utils import clone_inputs, same

from benchlib.machine import cpu_name
from suite_lib import models
from suite_lib.codegen import _device_type as simulated_device_type, call_model, describe_error, run_codegen_only
from suite_lib.native import native_section
from suite_lib.stats import collect_compile_stats


log = logging.getLogger(__name__)

DTYPES = ("fp32", "fp16", "bf16", "amp_bf16", "amp_fp16")
_CAST = {"fp16": torch.float16, "bf16": torch.bfloat16}
_AMP = {"amp_fp16": torch.float16, "amp_bf16": torch.bfloat16}


# --accuracy --performance: both in one worker process, on one compile
# (run_combined); rows for COMBINED_MODES.
COMBINED = "combined"
COMBINED_MODES = ("performance", "accuracy")


@dataclasses.dataclass
class RunOptions:
    mode: str  # "accuracy" | "performance" | "codegen" | "combined"
    device: str = "cpu"
    dtype: str = "fp32"
    training: bool = False
    freezing: bool = False
    small: bool = False
    batch_size: int | None = None
    repeat: int = 30
    warmup: int = 5
    iterations: int = 2
    cosine: bool = False
    backend: str = "inductor"
    target: str | None = None
    fresh_cache: bool = False
    # --codegen-only: the eager check on one sample of the batch, two in
    # training ("sample")
    # or on the whole batch ("full").
    eager_check: str = "sample"
    # --codegen-only --save-code DIR: keep the generated modules under
    # DIR/<target>/<model>/.
    code_dir: str | None = None
    # --codegen-only --compare-target NAME[,NAME...]: the same model, in the
    # same process and torch, also generated for these profiles (plan parity).
    compare_target: str | None = None
    # --inductor-config KEY=VALUE: torch._inductor.config options, set for the
    # whole model process (every target of a --compare-target run).
    inductor_config: dict[str, Any] = dataclasses.field(default_factory=dict)
    # --codegen-only --run: execute the generated program on CPU and compare
    # it with eager (suite_lib.execution).
    run: bool = False
    # --run-min-block-elements N: inductor_xpu.config.execution_min_block_elements
    # for the execution (coarsened launches; 0: as generated).
    run_min_block_elements: int = 0
    # --codegen-only --native: each target's generated Triton kernels
    # compiled by Intel's Triton XPU backend and IGC (suite_lib.native).
    native: bool = False

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunOptions:
        return cls(**data)


@dataclasses.dataclass
class CompiledModel:
    """What a performance run compiled and ran, for a combined run's accuracy
    check to judge: the compiled iteration function, the (cast) model and
    inputs it ran on, and what compiling it took."""

    fn: Callable[..., Any]
    model: torch.nn.Module
    inputs: Any
    compile_stats: dict[str, Any]
    compilation_latency: float


_error = describe_error


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def environment(device: str) -> dict[str, Any]:
    """Versions and the device, as this worker sees them."""
    env: dict[str, Any] = {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "triton": _version("triton"),
        "timm": _version("timm"),
        "transformers": _version("transformers"),
        "torchvision": _version("torchvision"),
        "device": device,
        "device_name": cpu_name(),
        "threads": torch.get_num_threads(),
        "overlay": "not installed",
    }
    if device != "cpu":
        mod = torch.get_device_module(device)
        with contextlib.suppress(Exception):
            env["device_name"] = mod.get_device_name()
    try:
        import inductor_xpu
    except ImportError:
        return env  # "not installed"
    try:
        st = inductor_xpu.status()
        if st.disabled:
            env["overlay"] = "disabled (INDUCTOR_XPU_DISABLE=1)"
        elif st.active:
            applied = sum(1 for p in st.patches if p.status == "applied")
            env["overlay"] = f"active, {applied}/{len(st.patches)} patches applied"
        else:
            env["overlay"] = "not installed" + (f": {st.error}" if st.error else "")
    except Exception as e:  # noqa: BLE001
        env["overlay"] = f"unknown ({_error(e)})"
    return env


# ------------------------------------------------------------------ iteration


class ModelIteration:
    """The dynamo harness's forward_pass / forward_and_backward_pass for one
    model: autocast, loss, optimizer, as a function of (module, inputs)."""

    def __init__(self, spec: models.ModelSpec, opts: RunOptions) -> None:
        self.spec = spec
        self.opts = opts
        self.optimizer: torch.optim.Optimizer | None = None

    def autocast(self) -> contextlib.AbstractContextManager[Any]:
        if self.opts.dtype in _AMP:
            return torch.autocast(device_type=self.opts.device, dtype=_AMP[self.opts.dtype])
        return contextlib.nullcontext()

    def grad(self) -> contextlib.AbstractContextManager[Any]:
        return torch.enable_grad() if self.opts.training else torch.no_grad()

    def compute_loss(self, pred: Any) -> torch.Tensor:
        if self.spec.suite == models.HF:
            return pred[0]  # the model's own loss: the inputs carry labels
        loss = reduce_to_scalar_loss(pred)
        if self.spec.name in models.SCALED_LOSS:
            loss = loss / 1000.0
        return loss

    def init_optimizer(self, params: Any) -> None:
        """As the harness: an optimizer only when training on an accelerator
        (SGD for its BENCHMARK_USE_SGD models, Adam otherwise); on CPU none."""
        self.optimizer = None
        if self.opts.training and self.opts.device != "cpu":
            params = list(params)
            if self.spec.name in models.USE_SGD:
                self.optimizer = torch.optim.SGD(params, lr=0.01, foreach=True)
            else:
                self.optimizer = torch.optim.Adam(params, lr=0.01, foreach=True)

    @torch._disable_dynamo(recursive=True)
    def _zero_grad(self, mod: torch.nn.Module) -> None:
        if self.optimizer is not None:
            self.optimizer.zero_grad(True)
        else:
            mod.zero_grad(True)

    @torch._disable_dynamo(recursive=True)
    def _step(self) -> None:
        if self.optimizer is not None:
            self.optimizer.step()

    def __call__(self, mod: torch.nn.Module, inputs: Any, collect_outputs: bool = True) -> Any:
        if not self.opts.training:
            with self.autocast():
                return call_model(mod, inputs)
        cloned = clone_inputs(inputs)
        self._zero_grad(mod)
        with self.autocast():
            pred = call_model(mod, cloned)
            if isinstance(pred, tuple) and self.spec.suite != models.HF:
                pred = pred[0]
            loss = self.compute_loss(pred)
        loss.backward()
        self._step()
        if collect_outputs:
            return collect_results(mod, None, loss, cloned)
        return None


def run_n_iterations(fn: Callable[..., Any], mod: torch.nn.Module, inputs: Any, n: int) -> Any:
    for _ in range(n - 1):
        fn(mod, inputs, collect_outputs=False)
    return fn(mod, inputs, collect_outputs=True)


def cast_to(dtype: torch.dtype, model: torch.nn.Module, inputs: Any) -> tuple[torch.nn.Module, Any]:
    model = model.to(dtype)
    inputs = type(inputs)(
        {k: _cast_tensor(v, dtype) for k, v in inputs.items()}
        if isinstance(inputs, dict)
        else [_cast_tensor(v, dtype) for v in inputs]
    )
    return model, inputs


def _cast_tensor(t: Any, dtype: torch.dtype) -> Any:
    if isinstance(t, torch.Tensor) and t.is_floating_point():
        return t.to(dtype)
    return t


def maybe_cast(opts: RunOptions, model: torch.nn.Module, inputs: Any) -> tuple[torch.nn.Module, Any]:
    model, inputs = copy.deepcopy(model), clone_inputs(inputs)
    if opts.dtype in _CAST:
        model, inputs = cast_to(_CAST[opts.dtype], model, inputs)
    return model, inputs


def _to_fp64(out: Any) -> Any:
    from torch.utils._pytree import tree_map_only

    return tree_map_only(
        torch.Tensor, lambda x: x.to(torch.float64) if x.is_floating_point() else x, out
    )


# ------------------------------------------------------------------ device


def synchronize(device: str) -> None:
    torch.get_device_module(device).synchronize()


def _memory_api(device: str) -> Any | None:
    """The device module when it reports allocator peaks (not CPU)."""
    if device == "cpu":
        return None
    mod = torch.get_device_module(device)
    if hasattr(mod, "max_memory_allocated") and hasattr(mod, "reset_peak_memory_stats"):
        return mod
    return None


def device_available(device: str) -> bool:
    if device == "cpu":
        return True
    try:
        return bool(torch.get_device_module(device).is_available())
    except Exception:  # noqa: BLE001
        return False


@contextlib.contextmanager
def accuracy_determinism(opts: RunOptions) -> Iterator[None]:
    """The harness's --accuracy settings: no randomness, deterministic kernels."""
    from torch._inductor import config as inductor_config

    saved_deterministic = torch.are_deterministic_algorithms_enabled()
    saved_matmul_tf32 = torch.backends.cuda.matmul.allow_tf32
    with contextlib.ExitStack() as stack:
        stack.enter_context(inductor_config.patch(fallback_random=True))
        stack.enter_context(deterministic_convolutions())
        torch.use_deterministic_algorithms(True)
        torch.backends.cuda.matmul.allow_tf32 = False
        try:
            yield
        finally:
            torch.use_deterministic_algorithms(saved_deterministic)
            torch.backends.cuda.matmul.allow_tf32 = saved_matmul_tf32


@contextlib.contextmanager
def deterministic_convolutions() -> Iterator[None]:
    """Deterministic cuDNN (no benchmarking, no TF32) and oneDNN convolutions.
    Read when a convolution runs, eager or as an Inductor extern call, and
    not part of Dynamo's guards: a combined run's accuracy check sets them
    around calls of what the performance run compiled, with no recompile."""
    with torch.backends.cudnn.flags(
        enabled=torch.backends.cudnn.enabled, benchmark=False, deterministic=True, allow_tf32=False
    ):
        # Only oneDNN's deterministic flag (mkldnn.flags() would reset the others).
        saved_mkldnn = torch.backends.mkldnn.set_flags(None, True, None, None)
        try:
            yield
        finally:
            torch.backends.mkldnn.set_flags(*saved_mkldnn)


# ------------------------------------------------------------------ modes


def check_accuracy(
    spec: models.ModelSpec,
    built: models.BuiltModel,
    opts: RunOptions,
    compiled: CompiledModel | None = None,
) -> dict[str, Any]:
    """fp64 reference, two eager runs, the compiled run: pass / fail_accuracy /
    fail_to_run / eager_fail_to_run / eager_two_runs_differ.

    With ``compiled`` (a combined run) the compiled run is that function on
    its model and inputs, called again with no recompilation; the eager runs
    use copies of that model."""
    it = ModelIteration(spec, opts)
    tol = models.tolerance_for(
        spec, training=opts.training, device=opts.device, freezing=opts.freezing, cosine=opts.cosine
    )
    cosine = tol.cosine
    result: dict[str, Any] = {"tolerance": tol.tol}
    model: torch.nn.Module = built.model
    inputs: Any = built.inputs
    with it.grad():
        fp64_outputs = None
        try:
            m64, i64 = cast_to(torch.float64, copy.deepcopy(model), clone_inputs(inputs))
            it.init_optimizer(m64.parameters())
            fp64_outputs = _to_fp64(run_n_iterations(it, m64, i64, opts.iterations))
            del m64, i64
        except Exception as e:  # noqa: BLE001
            log.warning("no fp64 reference for %s (%s); comparing by cosine", spec.name, _error(e))
            cosine = True
        result["cosine"] = cosine

        if compiled is None:
            model, inputs = maybe_cast(opts, model, inputs)
        else:
            model, inputs = compiled.model, compiled.inputs
        eager = []
        for attempt in range(2):
            models.reset_rng_state()
            try:
                with torch.compiler.set_stance("force_eager"):
                    copy_ = copy.deepcopy(model)
                    it.init_optimizer(copy_.parameters())
                    eager.append(run_n_iterations(it, copy_, clone_inputs(inputs), opts.iterations))
            except Exception as e:  # noqa: BLE001
                log.exception("eager run %d failed", attempt + 1)
                return {**result, "status": "eager_fail_to_run", "detail": _error(e)}
            finally:
                gc.collect()
        try:
            deterministic = same(
                eager[0],
                eager[1],
                fp64_ref=None,
                cos_similarity=False,
                tol=0,
                equal_nan=True,
                use_larger_multiplier_for_smaller_tensor=tol.use_larger_multiplier_for_smaller_tensor,
            )
            why = "two eager runs differ"
        except Exception as e:  # noqa: BLE001
            deterministic, why = False, f"comparing two eager runs raised {_error(e)}"
        if not deterministic:
            return {**result, "status": "eager_two_runs_differ", "detail": why}
        eager_result = eager[0]
        del eager

        models.reset_rng_state()
        failure: BaseException | None = None
        if compiled is None:
            torch._dynamo.reset()
            torch._dynamo.utils.counters.clear()
            t0 = time.perf_counter()
            with collect_compile_stats() as stats:
                try:
                    copy_ = copy.deepcopy(model)
                    it.init_optimizer(copy_.parameters())
                    compiled_it = torch.compile(it.__call__, backend=opts.backend)
                    new_result = run_n_iterations(compiled_it, copy_, inputs, opts.iterations)
                except Exception as e:  # noqa: BLE001
                    log.exception("compiled run failed")
                    new_result, failure = None, e
            result["compilation_latency"] = time.perf_counter() - t0
            result["compile_stats"] = stats.as_dict()
        else:
            result["compilation_latency"] = compiled.compilation_latency
            result["compile_stats"] = compiled.compile_stats
            with collect_compile_stats() as stats:
                try:
                    new_result = run_n_iterations(compiled.fn, model, inputs, opts.iterations)
                except Exception as e:  # noqa: BLE001
                    log.exception("compiled run failed")
                    new_result, failure = None, e
            recompiled = stats.dynamo.get("unique_graphs", 0)
            if recompiled:
                result["recompiled_graphs"] = recompiled
        if failure is not None:
            return {**result, "status": "fail_to_run", "detail": _error(failure)}

        onednn = (result.get("compile_stats") or {}).get("onednn") or {}
        force_max_multiplier = bool(opts.freezing and opts.dtype == "bf16" and onednn.get("binary_folding_conv", 0) > 0)
        try:
            ok = same(
                eager_result,
                new_result,
                fp64_outputs,
                equal_nan=True,
                use_larger_multiplier_for_smaller_tensor=tol.use_larger_multiplier_for_smaller_tensor,
                cos_similarity=cosine,
                tol=tol.tol,
                force_max_multiplier=force_max_multiplier,
            )
        except Exception as e:  # noqa: BLE001
            log.exception("comparison raised")
            return {**result, "status": "fail_accuracy", "detail": f"comparison raised {_error(e)}"}
    if not ok:
        return {**result, "status": "fail_accuracy", "detail": f"outside tol={tol.tol:g} (see log)"}
    return {**result, "status": "pass", "detail": ""}


def _timed(device: str, fn: Callable[..., Any], model: torch.nn.Module, inputs: Any) -> float:
    synchronize(device)
    t0 = time.perf_counter()
    fn(model, inputs, collect_outputs=False)
    synchronize(device)
    return time.perf_counter() - t0


def _warmup(
    device: str, fn: Callable[..., Any], model: torch.nn.Module, inputs: Any, niters: int
) -> tuple[float, float | None]:
    """Seconds for ``niters`` calls, and the allocator's peak in GB where the
    device reports one."""
    gc.collect()
    mem = _memory_api(device)
    if mem is not None:
        mod = torch.get_device_module(device)
        if hasattr(mod, "empty_cache"):
            mod.empty_cache()
        mem.reset_peak_memory_stats()
    synchronize(device)
    t0 = time.perf_counter()
    for _ in range(niters):
        fn(model, inputs, collect_outputs=False)
    synchronize(device)
    latency = time.perf_counter() - t0
    peak = mem.max_memory_allocated() / 1e9 if mem is not None else None
    return latency, peak


def measure_performance(
    spec: models.ModelSpec,
    built: models.BuiltModel,
    opts: RunOptions,
    keep: list[CompiledModel] | None = None,
) -> dict[str, Any]:
    """Eager and compiled warm-ups, then alternating timed iterations.  With
    ``keep``, a passing run appends what it compiled (for a combined run)."""
    it = ModelIteration(spec, opts)
    model, inputs = maybe_cast(opts, built.model, built.inputs)
    it.init_optimizer(model.parameters())
    result: dict[str, Any] = {}
    with it.grad():
        try:
            eager_warm, eager_peak = _warmup(opts.device, it, copy.deepcopy(model), inputs, opts.warmup)
        except Exception as e:  # noqa: BLE001
            log.exception("eager warm-up failed")
            return {"status": "eager_fail_to_run", "detail": _error(e)}
        torch._dynamo.reset()
        compiled_it = torch.compile(it.__call__, backend=opts.backend)
        with collect_compile_stats() as stats:
            try:
                dynamo_warm, dynamo_peak = _warmup(opts.device, compiled_it, model, inputs, opts.warmup)
            except Exception as e:  # noqa: BLE001
                log.exception("compiled warm-up failed")
                failure: Exception | None = e
            else:
                failure = None
        result["compile_stats"] = stats.as_dict()
        if failure is not None:
            return {**result, "status": "fail_to_run", "detail": _error(failure)}
        # Alternate eager and compiled so that frequency scaling and load
        # changes hit both alike.
        timings: list[tuple[float, float]] = []
        try:
            for _ in range(opts.repeat):
                with torch.compiler.set_stance("force_eager"):
                    t_eager = _timed(opts.device, it, model, inputs)
                t_compiled = _timed(opts.device, compiled_it, model, inputs)
                timings.append((t_eager, t_compiled))
        except Exception as e:  # noqa: BLE001
            log.exception("timed iterations failed")
            return {**result, "status": "fail_to_run", "detail": _error(e)}
    eager_median = statistics.median(t for t, _ in timings)
    compiled_median = statistics.median(t for _, t in timings)
    compression = eager_peak / dynamo_peak if eager_peak and dynamo_peak else None
    if keep is not None:
        keep.append(CompiledModel(compiled_it, model, inputs, result["compile_stats"], dynamo_warm - eager_warm))
    return {
        **result,
        "status": "pass",
        "detail": "",
        "speedup": eager_median / compiled_median,
        "abs_latency": compiled_median * 1000.0,
        "eager_latency": eager_median * 1000.0,
        "compilation_latency": dynamo_warm - eager_warm,
        "compression_ratio": compression,
        "eager_peak_mem": eager_peak,
        "dynamo_peak_mem": dynamo_peak,
        "timings_ms": [[e * 1000.0, c * 1000.0] for e, c in timings],
    }


def generate_code(
    spec: models.ModelSpec, built: models.BuiltModel, opts: RunOptions
) -> dict[str, Any]:
    assert opts.target, "--codegen-only needs --target"
    it = ModelIteration(spec, opts)
    model, inputs = maybe_cast(opts, built.model, built.inputs)
    loss_fn = it.compute_loss if opts.training else None
    # Training: two samples, since BatchNorm in training needs more than one
    # value per channel (squeeze-excitation blocks pool to 1x1).
    samples = 2 if opts.training else 1
    eager_inputs = first_samples(inputs, built.batch_size, samples) if opts.eager_check == "sample" else None
    targets = [opts.target] + (opts.compare_target.split(",") if opts.compare_target else [])
    # --run: the suite's tolerance for the simulated device (the program is
    # the xpu one, executed on CPU)
    run = (
        models.tolerance_for(
            spec, training=False, device=simulated_device_type(opts.target), freezing=opts.freezing
        )
        if opts.run
        else None
    )
    if opts.run:
        from inductor_xpu import config as inductor_xpu_config

        inductor_xpu_config.execution_min_block_elements = opts.run_min_block_elements
    from inductor_xpu.device.simulation.autotune import native_spill_check

    parts: dict[str, dict[str, Any]] = {}
    for i, target in enumerate(targets):
        output_dir = str(Path(opts.code_dir) / target / spec.name) if opts.code_dir else None
        # The eager check runs once: it is about the model, not the target.
        # --native: max-autotune's template choices skip those whose native
        # kernel spills, as a device's autotuner does (`compile --native`'s
        # rule, inductor_xpu.device.simulation.autotune.native_spill_check).
        with native_spill_check(enabled=opts.native):
            result = run_codegen_only(
                model,
                inputs,
                target,
                loss_fn=loss_fn,
                eager_inputs=eager_inputs,
                output_dir=output_dir,
                eager=i == 0 and opts.eager_check != "none",
                run=run if i == 0 else None,
                inductor_config=opts.inductor_config,
            )
        part = result.as_dict()
        if opts.native and result.status == "pass":
            part["native"] = native_section(result.sources, target)
        part["eager_check"] = opts.eager_check if i == 0 else f"by {targets[0]}"
        part["dev"] = f"{simulated_device_type(target)}:{target}"
        parts[target] = part
        if part["status"] == "eager_fail_to_run":
            for other in targets[1:]:
                parts[other] = {**part, "target": other, "dev": f"{simulated_device_type(other)}:{other}"}
            break
    if not opts.compare_target:
        return parts[opts.target]
    # --compare-target: one row per target (cli.split_targets), from one
    # process, one model build and one eager check.
    first = parts[opts.target]
    return {
        "status": "pass" if all(p["status"] == "pass" for p in parts.values()) else first["status"],
        "detail": first["detail"],
        "targets": parts,
    }


def first_samples(inputs: Any, batch_size: int, count: int = 1) -> Any:
    """The inputs of the first ``count`` samples: every tensor whose leading
    dimension is the batch, cut to its first ``count`` rows (HF inputs and
    timm images are all batched)."""
    from torch.utils._pytree import tree_map_only

    if batch_size <= count:
        return inputs
    return tree_map_only(
        torch.Tensor, lambda t: t[:count] if t.dim() > 0 and t.shape[0] == batch_size else t, inputs
    )


# ------------------------------------------------------------------ entry


def run_combined(spec: models.ModelSpec, opts: RunOptions) -> dict[str, Any]:
    """Performance, then accuracy of what it compiled: one compile, one row
    holding both (``row["modes"][mode]``).

    The model is built once, at the performance batch size, and compiled
    once, by the performance run; the accuracy check then compares that
    compiled function, called again on the same model and inputs, with two
    eager runs and the fp64 reference, by the same ``same()`` rules as
    ``--accuracy``.  What differs from ``--accuracy`` alone: the batch size
    (the performance one) and the settings Dynamo guards on or Inductor
    compiles with: ``torch.use_deterministic_algorithms`` (which also fills
    every new allocation, and would slow the timed iterations),
    ``fallback_random`` and ``CUBLAS_WORKSPACE_CONFIG`` are not used; the
    accuracy part does run with deterministic cuDNN/oneDNN convolutions and no
    cuDNN TF32 (:func:`deterministic_convolutions`), which need no
    recompile.  Inference only."""
    perf_opts = dataclasses.replace(opts, mode="performance")
    acc_opts = dataclasses.replace(opts, mode="accuracy")
    started = time.perf_counter()

    def both(update: dict[str, Any]) -> dict[str, Any]:
        row = {**update, "wall_time": time.perf_counter() - started}
        return {**row, "modes": {"performance": dict(row), "accuracy": dict(row)}}

    row, built = prepare(spec, perf_opts)
    if built is None:
        return both(row)
    keep: list[CompiledModel] = []
    cache: contextlib.AbstractContextManager[Any] = contextlib.nullcontext()
    if opts.fresh_cache:
        from torch._inductor.utils import fresh_cache

        cache = fresh_cache()
    with cache:
        perf = measure_performance(spec, built, perf_opts, keep=keep)
        if not keep:
            # Nothing compiled and ran: the accuracy part fails as performance did.
            acc = {k: v for k, v in perf.items() if k in ("status", "detail", "compile_stats")}
        else:
            with deterministic_convolutions():
                acc = check_accuracy(spec, built, acc_opts, compiled=keep[0])
            if acc.get("recompiled_graphs"):
                acc["detail"] = (acc.get("detail") or "") + f" (recompiled {acc['recompiled_graphs']} graph(s))"
    out = {**row, "status": "pass" if perf.get("status") == acc.get("status") == "pass" else "fail"}
    out["modes"] = {
        "performance": {**row, **perf, "wall_time": time.perf_counter() - started},
        "accuracy": {**row, **acc, "accuracy_on": "the performance run's compiled model and inputs"},
    }
    out["wall_time"] = time.perf_counter() - started
    return out


def prepare(spec: models.ModelSpec, opts: RunOptions) -> tuple[dict[str, Any], models.BuiltModel | None]:
    """The row's common part and the built model, or a finished row and None
    (device missing, dependency missing, build failed)."""
    build_device = "cpu" if opts.mode == "codegen" else opts.device
    batch_size = opts.batch_size or models.effective_batch_size(
        spec, accuracy=opts.mode == "accuracy", small=opts.small
    )
    row: dict[str, Any] = {
        "name": spec.name,
        "suite": spec.suite,
        "dev": opts.device if opts.mode != "codegen" else f"xpu:{opts.target}",
        "batch_size": batch_size,
        "env": environment(build_device),
    }
    if not device_available(build_device):
        return {**row, "status": "eager_fail_to_run", "detail": f"device {build_device!r} is not available"}, None
    if spec.requires is not None:
        try:
            importlib.import_module(spec.requires)
        except Exception as e:  # noqa: BLE001
            return {**row, "status": "missing_dependency", "detail": f"{spec.requires}: {_error(e)}"}, None
    # --freezing is one Inductor option; --inductor-config may still override it.
    changes = {"freezing": True, **opts.inductor_config} if opts.freezing else opts.inductor_config
    problem = apply_inductor_config(changes)
    if problem:
        return {**row, "status": "fail_to_run", "detail": problem}, None
    try:
        built = models.build(spec, build_device, batch_size=batch_size, small=opts.small, training=opts.training)
    except Exception as e:  # noqa: BLE001
        log.exception("building %s failed", spec.name)
        return {**row, "status": "eager_fail_to_run", "detail": f"build: {_error(e)}"}, None
    row["input"] = built.input_desc
    return row, built


def apply_inductor_config(changes: dict[str, Any]) -> str | None:
    """Set ``changes`` in ``torch._inductor.config`` for the rest of this
    (one-model) process; what is wrong with them, if anything, instead."""
    from torch._inductor import config as inductor_config

    known = inductor_config.get_config_copy()
    unknown = sorted(k for k in changes if k not in known)
    if unknown:
        return f"--inductor-config: torch._inductor.config has no option {', '.join(map(repr, unknown))}"
    inductor_config.patch(changes).__enter__()  # noqa: PLC2801 - process-wide by design
    return None


def run_model(spec: models.ModelSpec, opts: RunOptions) -> dict[str, Any]:
    """Everything about ``spec`` under ``opts``, as a JSON-able row."""
    if opts.mode == COMBINED:
        return run_combined(spec, opts)
    started = time.perf_counter()
    row, built = prepare(spec, opts)

    def finish(update: dict[str, Any]) -> dict[str, Any]:
        row.update(update)
        row["wall_time"] = time.perf_counter() - started
        return row

    if built is None:
        return finish({})
    cache: contextlib.AbstractContextManager[Any] = contextlib.nullcontext()
    if opts.fresh_cache or opts.mode == "codegen":
        from torch._inductor.utils import fresh_cache

        cache = fresh_cache()
    with cache:
        if opts.mode == "accuracy":
            with accuracy_determinism(opts):
                return finish(check_accuracy(spec, built, opts))
        if opts.mode == "performance":
            return finish(measure_performance(spec, built, opts))
        if opts.mode == "codegen":
            return finish(generate_code(spec, built, opts))
    raise ValueError(f"unknown mode {opts.mode!r}")
