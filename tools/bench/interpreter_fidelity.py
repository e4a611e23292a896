#!/usr/bin/env python3
"""The execution engine's interpreter against a real GPU (issue 33 item 4).

The execution engine (``inductor_xpu.execution``) runs generated Triton
kernels in Triton's interpreter with the project's CPU libdevice and its
corrections (``interpreter.device_arithmetic``).  Here the same kernels, on
the same inputs, also run compiled by Triton on a CUDA GPU, and every output
is compared bit for bit and in ulps.

    python tools/bench/interpreter_fidelity.py generate --data DIR --interp INTERP [--sets goldens,...] [--append]
    python tools/bench/interpreter_fidelity.py --device-run DIR --out OUT [--jobs N]   (on the GPU machine)
    python tools/bench/interpreter_fidelity.py report DIR INTERP OUT [--second-run OUT2] [--md PATH --csv PATH]

``generate`` (here, with the project's torch) compiles programs for the
simulated ``h100`` profile (so the kernels are CUDA Triton kernels): the
golden programs (``inductor_xpu.programs.codegen``) in fp32, fp16 and bf16,
the matmul goldens with max-autotune (Triton GEMM templates: ``tl.dot``),
the training goldens, and a sample of the model suite at ``--small`` shapes.
Each program is executed by the engine as the engine executes any program:
the wrapper as generated (its CUDA allocations bound to CPU ones, filled with
0xFF bytes so that both sides start from the same bytes and an unwritten
element shows), each kernel through ``InterpretedKernel.run`` -- the
heuristics' first config, the grid the launcher computes from the wrapper's
arguments -- and Triton's interpreter.  Every launch's arguments (the bytes
of each storage its tensors use, before and after the interpreter ran it),
grid, constexpr keyword arguments and Inductor's compile options are
written under DIR, with the kernel sources and the generating torch's
``triton_helpers``.  ``--device-run`` (torch and triton only:
``interpreter_fidelity_device.py``) launches each kernel's ``@triton.jit``
function with the same grid, arguments and options on the GPU; ``report``
writes the agreement per kernel.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import json
import logging
import re
import shutil
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from interpreter_fidelity_device import LAUNCH_BYTES, POISON, TOTAL_BYTES, TRAVEL_BYTES


log = logging.getLogger("interpreter_fidelity")

TARGET = "h100"
TRAINING_TARGET = "max1550"
DTYPES = {"fp32": "float32", "fp16": "float16", "bf16": "bfloat16"}
SETS = ("goldens", "templates", "training", "models")
# The matmul goldens compiled again with max-autotune: Triton GEMM templates.
TEMPLATE_PROGRAMS = ("mm", "bmm", "addmm", "linear_gelu")
TEMPLATE_CONFIG = {"max_autotune": True, "max_autotune_gemm_backends": "TRITON"}
# The model suite's sample: a CNN with hardswish and squeeze-excitation, a
# vision transformer, a BERT.
MODELS = ("lcnet_050", "deit_tiny_patch16_224", "DistilBertForMaskedLM")


@dataclasses.dataclass
class Case:
    """One program in one dtype, and how to compile and execute it."""

    key: str  # set/program/dtype
    set: str
    program: str
    dtype: str
    execute: Callable[[], Any]
    target: str = TARGET


# ------------------------------------------------------------- the CPU side


@contextlib.contextmanager
def cuda_wrapper_on_cpu() -> Iterator[None]:
    """What the engine does for an xpu wrapper, for a CUDA one: its
    allocations (``empty_strided_cuda``) in CPU memory; ``torch.cuda._DeviceGuard``
    and ``set_device`` doing nothing (the raw stream getter is already 0 in
    the engine).  Every allocation of a wrapper (xpu ones too) is filled
    with POISON bytes."""
    import torch

    from inductor_xpu.execution.device import NoDeviceGuard

    guards = torch._C._dynamo.guards
    cpu_alloc = guards._empty_strided_cpu
    saved = (guards._empty_strided_cuda, torch.cuda._DeviceGuard, torch.cuda.set_device, cpu_alloc)

    def empty_strided_poisoned(size: Any, stride: Any, dtype: Any) -> Any:
        t = cpu_alloc(size, stride, dtype)
        torch.empty(0, dtype=torch.uint8).set_(t.untyped_storage()).fill_(POISON)
        return t

    guards._empty_strided_cuda = empty_strided_poisoned
    guards._empty_strided_cpu = empty_strided_poisoned  # what the engine binds an xpu wrapper's allocator to
    setattr(torch.cuda, "_DeviceGuard", NoDeviceGuard)
    setattr(torch.cuda, "set_device", lambda device: None)
    try:
        yield
    finally:
        guards._empty_strided_cuda = saved[0]
        guards._empty_strided_cpu = saved[3]
        setattr(torch.cuda, "_DeviceGuard", saved[1])
        setattr(torch.cuda, "set_device", saved[2])


@contextlib.contextmanager
def math_attention() -> Iterator[None]:
    """``scaled_dot_product_attention`` decomposed (the math backend): the
    fused CUDA attention an h100 compile otherwise calls (cuDNN's, the
    memory-efficient one) has no CPU kernel, and the engine's execution
    would stop there; decomposed, its softmax is one more Triton kernel."""
    from torch.nn.attention import sdpa_kernel, SDPBackend

    with sdpa_kernel([SDPBackend.MATH]):
        yield


def _dtype_name(dtype: Any) -> str:
    """``torch.float32`` -> ``float32``."""
    return str(dtype).removeprefix("torch.")


def _storage_bytes(t: Any) -> Any:
    """A copy of the bytes of the whole storage ``t`` views."""
    import torch

    return torch.empty(0, dtype=torch.uint8).set_(t.untyped_storage()).clone()


def _kind(kernel: str) -> str:
    """A kernel's kind, from the prefix of Inductor's name for it."""
    for prefix, kind in (("triton_poi", "pointwise"), ("triton_red", "reduction"), ("triton_per", "reduction"),
                         ("triton_tem", "template"), ("triton_for", "foreach")):
        if kernel.startswith(prefix):
            return kind
    return "other"


def _compile_options(launcher: Any, config: Any) -> dict[str, Any]:
    """The options Inductor's launcher compiles ``config`` with (its own
    ``_create_compile_options``), else the same read off ``triton_meta``."""
    try:
        meta = launcher._create_compile_meta(config)
        options = launcher._create_compile_options(config, meta)
    except Exception as e:  # noqa: BLE001 - the launcher may want a device: the same fields by hand
        log.debug("compile options by hand (%s)", e)
        meta = launcher.triton_meta
        options = {"num_warps": config.num_warps, "num_stages": config.num_stages, "debug": True,
                   "sanitize_overflow": False, "launch_pdl": meta.get("launch_pdl", False),
                   "launch_cooperative_grid": meta.get("launch_cooperative_grid", False)}
        if "enable_fp_fusion" in meta:
            options["enable_fp_fusion"] = meta["enable_fp_fusion"]
        if meta.get("disable_ftz", False):
            options["enable_reflect_ftz"] = False
    return {k: v for k, v in options.items() if isinstance(v, (bool, int, float, str))}


class LaunchRecorder:
    """Records the first launch of each kernel of each case while the engine
    executes (``InterpretedKernel.run`` says which kernel and config; the
    interpreter's ``GridExecutor.__call__`` has the grid and arguments)."""

    def __init__(self, data: Path, interp: Path, launch_bytes: int, total_bytes: int) -> None:
        self.data, self.interp = data, interp
        self.launch_bytes, self.total_bytes = launch_bytes, total_bytes
        self.used = 0
        self.launches: list[dict[str, Any]] = []
        self.case: Case | None = None
        self._kernels: list[Any] = []
        self._seen: set[tuple[str, str]] = set()
        (data / "sources").mkdir(parents=True, exist_ok=True)
        (data / "launches").mkdir(parents=True, exist_ok=True)
        interp.mkdir(parents=True, exist_ok=True)

    @contextlib.contextmanager
    def recording(self, case: Case) -> Iterator[None]:
        from triton.runtime.interpreter import GridExecutor

        from inductor_xpu.execution.kernels import InterpretedKernel

        recorder, run, call = self, InterpretedKernel.run, GridExecutor.__call__

        def kernel_run(kernel: Any, *args: Any, **kwargs: Any) -> Any:
            recorder._kernels.append(kernel)
            try:
                return run(kernel, *args, **kwargs)
            finally:
                recorder._kernels.pop()

        def grid_call(executor: Any, *args: Any, **kwargs: Any) -> Any:
            if not recorder._kernels:
                return call(executor, *args, **kwargs)
            launch = recorder._before(recorder._kernels[-1], executor, args, kwargs)
            try:
                result = call(executor, *args, **kwargs)
            except Exception as e:
                if launch is not None:
                    launch[0]["skipped"] = f"the interpreter raised {type(e).__name__}"
                raise
            if launch is not None:
                recorder._after(*launch)
            return result

        self.case = case
        InterpretedKernel.run = kernel_run  # type: ignore[method-assign]
        GridExecutor.__call__ = grid_call  # type: ignore[method-assign]
        try:
            yield
        finally:
            InterpretedKernel.run = run  # type: ignore[method-assign]
            GridExecutor.__call__ = call  # type: ignore[method-assign]
            self.case = None

    def _before(self, kernel: Any, executor: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        import torch

        assert self.case is not None
        if (self.case.key, kernel.name) in self._seen:
            return None
        self._seen.add((self.case.key, kernel.name))
        source = kernel._source
        lid = f"{self.case.key}/{kernel.name}".replace("/", "__")
        config = kernel.launcher.configs[0]
        grid = executor.grid
        entry: dict[str, Any] = {
            "id": lid, "case": self.case.key, "set": self.case.set, "program": self.case.program,
            "dtype": self.case.dtype, "target": self.case.target, "kernel": kernel.name, "kind": _kind(kernel.name),
            "source": hashlib.sha256(source.encode()).hexdigest()[:16],
            "grid": list(grid) + [1] * (3 - len(grid)) if isinstance(grid, tuple) else None,
            "kwargs": dict(kwargs), "config": dict(config.kwargs),
            "options": _compile_options(kernel.launcher, config), "args": [],
        }
        names = list(getattr(executor, "arg_names", ()))
        storages: dict[int, int] = {}
        specs: list[dict[str, Any]] = []
        tensors: list[Any] = []
        for i, value in enumerate(args):
            name = names[i] if i < len(names) else f"arg{i}"
            if isinstance(value, torch.Tensor):
                ptr = value.untyped_storage().data_ptr()
                if ptr not in storages:
                    storages[ptr] = len(specs)
                    specs.append({"nbytes": value.untyped_storage().nbytes(), "dtype": _dtype_name(value.dtype),
                                  "args": []})
                    tensors.append(value)
                specs[storages[ptr]]["args"].append(name)
                entry["args"].append({"kind": "tensor", "name": name, "storage": storages[ptr],
                                      "dtype": _dtype_name(value.dtype), "size": list(value.shape),
                                      "stride": list(value.stride()), "offset": value.storage_offset()})
            elif value is None or isinstance(value, (bool, int, float)):
                entry["args"].append({"kind": "scalar", "name": name, "value": value})
                if name in ("r0_numel", "rnumel", "xnumel"):
                    entry[name.replace("r0_numel", "rnumel")] = value
            else:
                entry["skipped"] = f"argument {name} of type {type(value).__name__}"
        if entry["grid"] is None:
            entry["skipped"] = "grid is not a tuple"
        entry["storages"] = specs
        before = [_storage_bytes(t) for t in tensors]
        for spec, b in zip(specs, before):
            spec["before_sha"] = _sha(b)
            if bool((b == POISON).all()):
                spec["start"] = "fresh"
            elif spec["before_sha"] in INPUT_RECIPES:
                spec["start"], spec["recipe"] = "regenerated", INPUT_RECIPES[spec["before_sha"]]
            else:
                spec["start"] = "carried"
        self.launches.append(entry)
        return entry, tensors, before

    def _after(self, entry: dict[str, Any], tensors: list[Any], before: list[Any]) -> None:
        import torch

        after = [_storage_bytes(t) for t in tensors]
        changed = {}
        for i, (spec, b, a) in enumerate(zip(entry["storages"], before, after)):
            spec["after_sha"] = _sha(a)
            spec["changed"] = spec["after_sha"] != spec["before_sha"]
            if spec["changed"]:
                changed[i] = a
        carried = {i: b for i, (spec, b) in enumerate(zip(entry["storages"], before)) if spec["start"] == "carried"}
        size = sum(int(b.numel()) for b in carried.values())
        entry["carried_bytes"] = size
        if "skipped" in entry:
            return
        if size > self.launch_bytes:
            entry["skipped"] = f"{size / 2**20:.1f} MiB of storages to carry (limit {self.launch_bytes / 2**20:.0f})"
            return
        if self.used + size > self.total_bytes:
            entry["skipped"] = (f"over the total data budget ({self.used / 2**20:.1f} MiB carried already, "
                                f"{size / 2**20:.1f} MiB more, limit {self.total_bytes / 2**20:.0f})")
            return
        self.used += size
        if carried:
            torch.save(carried, self.data / "launches" / f"{entry['id']}.pt")
        # the interpreter's results stay here, for the report
        torch.save({"before": {i: before[i] for i in changed}, "after": changed},
                   self.interp / f"{entry['id']}.pt")
        source_path = self.data / "sources" / f"{entry['source']}.py"
        if not source_path.exists():
            source_path.write_text(self._kernels[-1]._source)


def _sha(t: Any) -> str:
    """SHA-256 of a uint8 CPU tensor's bytes."""
    return hashlib.sha256(t.numpy().tobytes()).hexdigest()


# SHA-256 of an input's bytes -> how to make it again (device side: regenerate)
INPUT_RECIPES: dict[str, dict[str, Any]] = {}


def _inputs(specs: Any, dtype: Any = None, index_high: int = 16) -> list[Any]:
    """Real inputs of a program, each from its own seed (its position), so
    the device side makes them again (``regenerate``) instead of carrying
    them: floating ones randn (in ``dtype`` where given), indices below
    ``index_high`` (16: in range of every indexed golden dimension), masks
    ``rand > 0.3``."""
    import torch

    from interpreter_fidelity_device import regenerate

    inputs = []
    for seed, t in enumerate(specs):
        numel = 1
        for n in t.shape:
            numel *= n
        kind = "mask" if t.dtype == torch.bool else "randn" if t.dtype.is_floating_point else "index"
        value_dtype = (dtype or t.dtype) if kind == "randn" else t.dtype
        recipe = {"kind": kind, "seed": seed, "numel": numel, "dtype": _dtype_name(value_dtype)}
        if kind == "index" and index_high != 16:
            recipe["high"] = index_high
        data = regenerate(recipe)
        INPUT_RECIPES[_sha(data)] = recipe
        inputs.append(data.view(value_dtype).reshape(t.shape).clone())
    return inputs


def _golden_case(set_name: str, program: Any, dtype: str | None, config: dict[str, Any]) -> Case:
    import torch

    def tensor_dtype(t: Any) -> Any:
        return torch_dtype if (t.dtype == torch.float32 and torch_dtype is not None) else t.dtype

    torch_dtype = getattr(torch, DTYPES[dtype]) if dtype else None
    label = dtype or {"float16": "fp16", "bfloat16": "bf16", "float64": "fp64"}.get(
        _dtype_name(next((t.dtype for t in program.inputs if t.dtype.is_floating_point), torch.float32)), "fp32")

    def build() -> Any:
        fn = program.build()
        return fn.to(torch_dtype) if (program.module and torch_dtype is not None) else fn

    def execute() -> Any:
        from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
        from inductor_xpu.execution import capture_graph_inputs, execute_program

        capture = capture_graph_inputs()
        report = compile_for_target(build(), None, None, TARGET, TargetOptions(
            inductor_config={**program.config, **config, **capture.inductor_config()},
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=tensor_dtype(t)) for t in program.inputs], {}),
            step=lambda sim, fn, args, kwargs: sim.compile(fn, *args, dynamic=program.dynamic),
            clear_counters=False, reraise=True))
        args = _inputs(program.inputs, torch_dtype)
        with cuda_wrapper_on_cpu():
            return execute_program(build(), args, [c.source for c in report.generated], capture.graphs)

    return Case(f"{set_name}/{program.name}/{label}", set_name, program.name, label, execute)


def _training_case(program: Any) -> Case:
    """A training golden, compiled for the simulated Max 1550: the h100
    simulation cannot compile a backward (autograd on fake cuda tensors
    initialises the CUDA device).  Its Triton kernels are device-neutral
    Triton; the xpu heuristics' config and grid are what the engine runs, and
    the device runs the same."""
    import torch

    label = {torch.bfloat16: "bf16", torch.float16: "fp16"}.get(program.amp_dtype or getattr(program, "dtype", None),
                                                                "fp32")

    def execute() -> Any:
        from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
        from inductor_xpu.execution.training import execute_training, TrainingCapture
        from inductor_xpu.modes.training import training_options

        capture = TrainingCapture()
        report = compile_for_target(program.build(), None, None, TRAINING_TARGET, training_options(TargetOptions(
            inductor_config={**program.config, **capture.inductor_config()}, amp_dtype=program.amp_dtype,
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
            clear_counters=False, reraise=True), program.optimizer))
        args = _inputs(program.inputs, index_high=8)  # indices in range of the embedding (100), classes (10)
        with cuda_wrapper_on_cpu():
            return execute_training(program.build(), args, [c.source for c in report.generated],
                                    report.phases, capture, optimizer=program.optimizer, amp_dtype=program.amp_dtype)

    return Case(f"training/{program.name}/{label}", "training", program.name, label, execute, TRAINING_TARGET)


def _model_case(name: str, dtype: str) -> Case:
    def execute() -> Any:
        import torch

        from suite_lib import models
        from suite_lib.codegen import run_codegen_only
        from suite_lib.runner import cast_to

        (spec,) = [s for s in models.all_specs() if s.name == name]
        built = models.build(spec, batch_size=models.effective_batch_size(spec, accuracy=True, small=True),
                             small=True)
        model, inputs = built.model, built.inputs
        if dtype != "fp32":
            model, inputs = cast_to(getattr(torch, DTYPES[dtype]), model, inputs)
        tolerance = models.tolerance_for(spec, training=False, device="cuda", freezing=False)
        with cuda_wrapper_on_cpu():
            return run_codegen_only(model, inputs, TARGET, eager=False, run=tolerance)

    return Case(f"models/{name}/{dtype}", "models", name, dtype, execute)


def cases(sets: list[str], dtypes: list[str], models: list[str]) -> list[Case]:
    """The programs of ``sets`` (``SETS``) in ``dtypes``: an fp32 golden in
    each, one written in another dtype as written, the training goldens in
    their own."""
    from inductor_xpu.programs.codegen import PROGRAMS, PROGRAMS_BY_NAME
    from inductor_xpu.programs.training import TRAINING_PROGRAMS

    out: list[Case] = []
    if "goldens" in sets:
        for program in PROGRAMS:
            native = [t.dtype for t in program.inputs if t.dtype.is_floating_point]
            if any(_dtype_name(d) != "float32" for d in native):  # an fp16/bf16/fp64 program: as written
                out.append(_golden_case("goldens", program, None, {}))
                continue
            out += [_golden_case("goldens", program, d, {}) for d in dtypes]
    if "templates" in sets:
        for name in TEMPLATE_PROGRAMS:
            out += [_golden_case("templates", PROGRAMS_BY_NAME[name], d, TEMPLATE_CONFIG) for d in dtypes]
        out.append(_golden_case("templates", PROGRAMS_BY_NAME["bf16_mm_softmax"], None, TEMPLATE_CONFIG))
    if "training" in sets:
        out += [_training_case(p) for p in TRAINING_PROGRAMS]
    if "models" in sets:
        out += [_model_case(m, d) for m in models for d in dtypes]
    return out


def _copy_runtime(data: Path) -> None:
    """The generating torch's triton_helpers (and what it imports) for the
    device side."""
    import torch._inductor.runtime as runtime

    (data / "runtime").mkdir(parents=True, exist_ok=True)
    for name in ("triton_helpers.py", "triton_compat.py"):
        shutil.copy(Path(runtime.__file__).parent / name, data / "runtime" / name)


def generate(args: argparse.Namespace) -> int:
    """Compile and execute the selected cases, recording their launches
    (``LaunchRecorder``); the manifest under ``--data``."""
    import torch
    import triton

    from benchlib.machine import machine_description
    from inductor_xpu import config as inductor_xpu_config

    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    _copy_runtime(data)
    inductor_xpu_config.execution_min_block_elements = 0  # launches as generated
    recorder = LaunchRecorder(data, Path(args.interp), args.launch_mib << 20, args.total_mib << 20)
    statuses: dict[str, str] = {}
    commands = []
    if args.append and (data / "manifest.json").exists():  # another run's cases stay
        earlier = json.loads((data / "manifest.json").read_text())
        statuses, recorder.launches, commands = earlier["cases"], earlier["launches"], earlier["commands"]
        recorder.used = sum(e.get("carried_bytes", 0) for e in recorder.launches if "skipped" not in e)
    selected = cases(args.sets.split(","), args.dtypes.split(","), args.models.split(",") if args.models else [])
    if args.only:
        selected = [c for c in selected if re.search(args.only, c.key)]
    selected = [c for c in selected if c.key not in statuses]
    for n, case in enumerate(selected):
        started = time.perf_counter()
        try:
            with recorder.recording(case), math_attention():
                result = case.execute()
            statuses[case.key] = _status(result)
        except Exception as e:  # noqa: BLE001 - one case's failure is its status
            first = str(e).strip().splitlines()[0] if str(e).strip() else ""
            statuses[case.key] = f"raised {type(e).__name__}: {first}"
            log.debug("%s", traceback.format_exc())
        torch._dynamo.reset()
        count = sum(1 for entry in recorder.launches if entry["case"] == case.key)
        print(f"[{n + 1}/{len(selected)}] {case.key}: {count} kernels, {statuses[case.key]} "
              f"({time.perf_counter() - started:.0f} s, {recorder.used / 2**20:.1f} MiB)", flush=True)
    manifest = {
        "commands": [*commands, " ".join(["python", "tools/bench/interpreter_fidelity.py", *sys.argv[1:]])],
        "machine": machine_description(), "torch": torch.__version__, "triton": triton.__version__,
        "python": sys.version.split()[0], "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "target": TARGET, "cases": statuses, "launches": recorder.launches,
        "limits": {"launch_bytes": recorder.launch_bytes, "total_bytes": recorder.total_bytes,
                   "travel_bytes": TRAVEL_BYTES},
    }
    (data / "manifest.json").write_text(json.dumps(manifest, indent=1, default=str))
    kept = sum(1 for e in recorder.launches if "skipped" not in e)
    print(f"{kept} launches recorded ({recorder.used / 2**20:.1f} MiB), "
          f"{len(recorder.launches) - kept} skipped, in {data}")
    return 0


def _status(result: Any) -> str:
    """The engine's verdict in a few words (the run's correctness is not the
    point here: its launches are)."""
    results = getattr(result, "graphs", result)
    if hasattr(result, "execution"):  # a suite row
        return f"{result.execution} {getattr(result, 'execution_detail', '') or ''}".strip()[:120]
    if isinstance(results, list):
        return "; ".join(sorted({r.status for r in results}))[:120]
    return str(result)[:120]


# ------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    """The command line: ``generate``, ``report``, or ``--device-run`` (the
    GPU machine's half, which imports torch and triton only)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--device-run":
        parser = argparse.ArgumentParser(prog="interpreter_fidelity.py --device-run")
        parser.add_argument("data")
        parser.add_argument("--out", required=True)
        parser.add_argument("--only", default=None, help="launch ids containing this")
        parser.add_argument("--jobs", type=int, default=1, help="processes sharing the launches")
        parser.add_argument("--shard", default=None, help=argparse.SUPPRESS)  # I/N: one of --jobs' processes
        args = parser.parse_args(argv[1:])
        from interpreter_fidelity_device import _device_run, device_run

        if args.shard:
            index, count = map(int, args.shard.split("/"))
            return _device_run(Path(args.data), Path(args.out), args.only, (index, count))
        return device_run(Path(args.data), Path(args.out), args.only, args.jobs)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="compile, execute on CPU, record every kernel launch")
    gen.add_argument("--data", required=True, help="what travels to the GPU machine")
    gen.add_argument("--interp", required=True, help="the interpreter's results (stay here)")
    gen.add_argument("--sets", default=",".join(SETS))
    gen.add_argument("--dtypes", default=",".join(DTYPES))
    gen.add_argument("--models", default=",".join(MODELS))
    gen.add_argument("--only", default=None, help="cases whose key matches this regular expression")
    gen.add_argument("--append", action="store_true", help="keep the cases already in --data")
    gen.add_argument("--launch-mib", type=int, default=LAUNCH_BYTES >> 20)
    gen.add_argument("--total-mib", type=int, default=TOTAL_BYTES >> 20)
    rep = sub.add_parser("report", help="the agreement table from the manifest and the device's results")
    rep.add_argument("data")
    rep.add_argument("interp")
    rep.add_argument("results", help="the device's OUT")
    rep.add_argument("--second-run", default=None, help="another device run's OUT: are its bytes the same?")
    rep.add_argument("--md", default="benchmarks/results/interpreter_fidelity.md")
    rep.add_argument("--csv", default="benchmarks/results/interpreter_fidelity.csv")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    if args.command == "generate":
        return generate(args)
    from interpreter_fidelity_report import report

    return report(args)


if __name__ == "__main__":
    sys.exit(main())
