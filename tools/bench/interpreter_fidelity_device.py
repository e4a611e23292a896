"""The GPU half of ``interpreter_fidelity.py``: each recorded kernel launch
compiled by Triton and run on a CUDA device.

Imports torch and triton only (the device machine has another torch than the
one that generated the kernels, and no ``inductor_xpu``).  The data folder
``generate`` wrote holds the kernel sources (``sources/<hash>.py``), the
generating torch's ``triton_helpers`` (``runtime/``) and, per launch, in
``manifest.json``: the grid, the positional arguments (tensors as views of
storages), the config's constexpr keyword arguments and Inductor's compile
options; for each storage how it starts -- a fresh allocation (every byte
0xFF), an input regenerated from its seed, or bytes carried in
``launches/<id>.pt`` -- and the SHA-256 of its bytes after the interpreter
ran the launch.

Each kernel's source is executed with its ``@triton_heuristics.*``
decorator removed, so ``@triton.jit`` gives the plain JIT function, which is
launched as the interpreter was (``fn[grid](*args, **config_kwargs)``) with
the options Inductor compiles with (``num_warps``, ``num_stages``,
``debug``, ``enable_fp_fusion``...).  A storage whose bytes hash as the
interpreter's is bitwise equal; the device's bytes of any other come back
(``device_outputs_N.pt``), with the same launch compiled without FMA
contraction (``enable_fp_fusion=False``), for the report to compare in ulps
(:func:`compare_bytes`, shared with it).
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
import traceback
import types
from pathlib import Path
from typing import Any


POISON = 0xFF  # every byte of a fresh allocation, on both sides
# What the carried storages of one launch (its inputs that are neither fresh
# allocations nor regenerated from a seed) and of all of them may take: the
# data travels to the GPU machine with the working tree, TRAVEL_BYTES in all.
LAUNCH_BYTES = 4 << 20
TOTAL_BYTES = 44 << 20
TRAVEL_BYTES = 64 << 20
# Where the kernels run: "cuda", or "cpu" with TRITON_INTERPRET=1 (a dry run
# of this harness on a machine without a GPU).
DEVICE = os.environ.get("INTERPRETER_FIDELITY_DEVICE", "cuda")
# What comes back: files of at most this many bytes, at most this many files.
PACK_BYTES = 15 << 20
PACKS = 6

_FLOAT_BITS = {"float16": 16, "bfloat16": 16, "float32": 32, "float64": 64}


def torch_dtype(name: str) -> Any:
    import torch

    return getattr(torch, name)


def sha(t: Any) -> str:
    """SHA-256 of a uint8 tensor's bytes."""
    return hashlib.sha256(t.cpu().numpy().tobytes()).hexdigest()


def regenerate(recipe: dict[str, Any]) -> Any:
    """An input made from its seed (``interpreter_fidelity._inputs``), as
    bytes (CPU torch's generator: the same numbers in every recent torch; the
    hash is checked)."""
    import torch

    gen = torch.Generator().manual_seed(recipe["seed"])
    shape = (recipe["numel"],)
    if recipe["kind"] == "mask":
        value = torch.rand(shape, generator=gen) > 0.3
    elif recipe["kind"] == "index":
        value = torch.randint(0, recipe.get("high", 16), shape, generator=gen, dtype=torch_dtype(recipe["dtype"]))
    else:
        value = torch.randn(shape, generator=gen).to(torch_dtype(recipe["dtype"]))
    return value.view(torch.uint8)


def _ordered(bits: Any, width: int) -> Any:
    """Sign-magnitude float bit patterns (as signed ints) -> integers in the
    floats' order (+0 and -0 both 0): adjacent floats differ by 1."""
    import torch

    x = bits.to(torch.int64)
    magnitude = x & ((1 << (width - 1)) - 1)
    return torch.where(x < 0, -magnitude, magnitude)


def _int_view(t: Any, width: int) -> Any:
    import torch

    return t.view({16: torch.int16, 32: torch.int32, 64: torch.int64}[width])


def compare_bytes(before: Any, interp: Any, device: Any, dtype: str) -> dict[str, Any]:
    """The interpreter's and the device's contents of one storage (uint8 CPU
    tensors; ``before``: the contents before the launch, which say which
    elements of a fresh allocation each side wrote) compared as ``dtype`` elements: bitwise, ulp
    distance (adjacent floats are 1 apart; NaN against NaN is 0, against a
    number infinite), absolute and normwise differences where both wrote a
    finite value."""
    import torch

    out: dict[str, Any] = {"dtype": dtype, "nbytes": int(interp.numel())}
    out["bitwise"] = bool(torch.equal(interp, device))
    itemsize = torch.empty(0, dtype=torch_dtype(dtype)).element_size()
    if interp.numel() % itemsize:
        dtype, itemsize = "uint8", 1
    a, b, pre = (v.view(torch_dtype(dtype)) for v in (interp, device, before))
    out["elements"] = int(a.numel())
    if out["bitwise"]:
        out.update(max_ulp=0, differing=0, beyond_1ulp=0, one_side_only=0)
        return out
    ia, ib, ipre = (v.view(-1, itemsize) for v in (interp, device, before))
    same = (ia == ib).all(dim=1)
    # an element of a fresh allocation (POISON bytes) only one side wrote
    fresh = (ipre == POISON).all(dim=1)
    out["differing"] = int((~same).sum())
    out["one_side_only"] = int((fresh & ((ia != ipre).any(dim=1) != (ib != ipre).any(dim=1))).sum())
    if dtype not in _FLOAT_BITS:
        out.update(max_ulp=None, beyond_1ulp=out["differing"])
        return out
    width = _FLOAT_BITS[dtype]
    fa, fb = a.double(), b.double()
    nan_a, nan_b = torch.isnan(fa), torch.isnan(fb)
    dist = (_ordered(_int_view(a, width), width) - _ordered(_int_view(b, width), width)).abs().double()
    dist = torch.where(nan_a & nan_b, torch.zeros_like(dist), dist)
    dist = torch.where(nan_a ^ nan_b, torch.full_like(dist, float("inf")), dist)
    out["nan_mismatch"] = int((nan_a ^ nan_b).sum())
    out["max_ulp"] = float(dist.max()) if dist.numel() else 0.0
    out["beyond_1ulp"] = int((dist > 1).sum())
    # a rounding that always goes one way (the interpreter's bf16 truncation
    # was within 1 ulp, always toward zero): of the elements that differ, the
    # share where the device's value is the larger in magnitude
    moved = (~same) & ~nan_a & ~nan_b
    if bool(moved.any()):
        out["device_larger_share"] = float((fb[moved].abs() > fa[moved].abs()).double().mean())
    out["ulp_hist"] = {
        k: int(((dist > lo) & (dist <= hi)).sum())
        for k, lo, hi in (("1", 0, 1), ("2-4", 1, 4), ("5-16", 4, 16), ("17-256", 16, 256), (">256", 256, float("inf")))
    }
    both = torch.isfinite(fa) & torch.isfinite(fb)  # POISON bytes are a NaN in every float type
    if bool(both.any()):
        d = (fa - fb)[both]
        ref = fa[both]
        out["max_abs"] = float(d.abs().max())
        out["max_abs_ref"] = float(ref.abs().max())
        norm = float(ref.norm())
        out["normwise_rel"] = float(d.norm()) / norm if norm else (0.0 if float(d.norm()) == 0 else float("inf"))
        worst = int(d.abs().argmax())
        out["worst"] = {"element": int(both.nonzero()[worst]), "interp": float(ref[worst]),
                        "device": float(fb[both][worst])}
    return out


# ------------------------------------------------------------------ kernels


def strip_heuristics(source: str) -> str:
    """The kernel module's source with every decorator but ``@triton.jit``
    removed from its functions (the launcher Inductor's heuristics would make
    is not built: the JIT function is launched directly)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            jit = [d for d in node.decorator_list if ast.unparse(d) in ("triton.jit", "jit")]
            if jit:
                node.decorator_list = jit
    return ast.unparse(tree)


def load_helpers(runtime: Path) -> tuple[Any, str]:
    """The generating torch's ``triton_helpers`` (and its ``triton_compat``)
    from ``runtime/``, as a private package; this torch's where they do not
    load.  Returns the module and which one it is."""
    try:
        package = types.ModuleType("ifid_runtime")
        package.__path__ = [str(runtime)]  # type: ignore[attr-defined]
        sys.modules["ifid_runtime"] = package
        for name in ("triton_compat", "triton_helpers"):
            spec = importlib.util.spec_from_file_location(f"ifid_runtime.{name}", runtime / f"{name}.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
        return sys.modules["ifid_runtime.triton_helpers"], "the generating torch's (carried)"
    except Exception as e:  # noqa: BLE001 - fall back to this torch's
        from torch._inductor.runtime import triton_helpers

        return triton_helpers, f"this torch's ({type(e).__name__}: {e})"


class _ModuleView:
    """A module with a few attributes replaced."""

    def __init__(self, module: Any, **overrides: Any) -> None:
        self._module, self._overrides = module, overrides

    def __getattr__(self, name: str) -> Any:
        return self._overrides[name] if name in self._overrides else getattr(self._module, name)


def write_new_file(path: Path, text: str) -> None:
    """``text`` into a file created at ``path`` (mode 0600), never through a
    link nor over a file that is there (``O_EXCL | O_NOFOLLOW``: an error)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def load_jit_function(name: str, source: str, path: Path, helpers: Any) -> Any:
    """The kernel's ``@triton.jit`` function, its source executed with
    ``helpers`` as its ``triton_helpers``."""
    import torch._inductor.runtime as runtime

    if DEVICE != "cuda":  # a dry run: no GPU driver to select
        helpers = _ModuleView(helpers, set_driver_to_gpu=lambda: None)
    views = {"torch._inductor.runtime": _ModuleView(runtime, triton_helpers=helpers),
             "torch._inductor.runtime.triton_helpers": helpers}
    real_import = builtins.__import__

    def import_(mod: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        module = real_import(mod, globals, locals, fromlist, level)
        return views[mod] if fromlist and level == 0 and mod in views else module

    text = strip_heuristics(source)
    write_new_file(path, text)  # Triton reads a JIT function's source from its file
    namespace: dict[str, Any] = {"__name__": f"ifid_{name}", "__file__": str(path),
                                 "__builtins__": {**vars(builtins), "__import__": import_}}
    exec(compile(text, str(path), "exec"), namespace)
    return namespace[name]


def _options(launch: dict[str, Any], fp_fusion: bool | None) -> dict[str, Any]:
    """Inductor's compile options for this launch, those this Triton's CUDA
    backend knows (``fp_fusion``: ``enable_fp_fusion`` instead)."""
    from triton.backends.nvidia.compiler import CUDAOptions

    known = set(CUDAOptions.__dataclass_fields__)
    options = dict(launch["options"])
    if fp_fusion is not None:
        options["enable_fp_fusion"] = fp_fusion
    return {k: v for k, v in options.items() if k in known}


def initial_bytes(spec: dict[str, Any], carried: Any) -> Any:
    """A storage's bytes before the launch, on the CPU."""
    import torch

    start = spec["start"]
    if start == "fresh":
        return torch.full((spec["nbytes"],), POISON, dtype=torch.uint8)
    if start == "carried":
        return carried
    value = regenerate(spec["recipe"])
    if sha(value) != spec["before_sha"]:
        raise RuntimeError(f"input regenerated from seed {spec['recipe']['seed']} differs from the recorded one")
    return value


def launch_arguments(launch: dict[str, Any], storages: list[Any], dtype_of: Any = None) -> list[Any]:
    """A recorded launch's arguments: each tensor a view of its storage
    (``storages``, by index) with the recorded offset, sizes and strides, in
    ``dtype_of(recorded dtype name)`` (default: that dtype)."""
    import torch

    args = []
    for arg in launch["args"]:
        if arg["kind"] != "tensor":
            args.append(arg["value"])
            continue
        base = storages[arg["storage"]]
        dtype = (dtype_of or torch_dtype)(arg["dtype"])
        t = torch.empty(0, dtype=dtype, device=base.device)
        t.set_(base.untyped_storage(), arg["offset"], arg["size"], arg["stride"])
        args.append(t)
    return args


# PTX instructions whose result can differ from a correctly rounded one
# (approximations) or from an unfused multiply and add (fma), counted.
_PTX = re.compile(r"\b((?:ex2|lg2|sin|cos|tanh|rsqrt|sqrt|rcp|div)\.(?:approx|full)(?:\.ftz)?\.f32"
                  r"|fma\.rn(?:\.ftz)?\.f32)\b")


def ptx_instructions(kernel: Any) -> dict[str, int]:
    """The compiled kernel's approximate and fused instructions."""
    ptx = getattr(kernel, "asm", {}).get("ptx", "") if kernel is not None else ""
    counts: dict[str, int] = {}
    for m in _PTX.finditer(ptx):
        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def run_launch(fn: Any, launch: dict[str, Any], initial: list[Any], fp_fusion: bool | None = None,
               compiled: list[Any] | None = None) -> list[Any]:
    """Launch on the device from the initial bytes; the storages after (CPU).
    ``compiled``: gets the compiled kernel."""
    import torch

    storages = [b.to(DEVICE) for b in initial]
    args = launch_arguments(launch, storages)
    kernel = fn[tuple(launch["grid"])](*args, **launch["kwargs"], **_options(launch, fp_fusion))
    if compiled is not None:
        compiled.append(kernel)
    if DEVICE == "cuda":
        torch.cuda.synchronize()
    return [s.cpu() for s in storages]


class Packs:
    """Device bytes for the report, in at most ``files`` files of at most
    ``pack_bytes`` (a shard's, read by its parent, in one file)."""

    def __init__(self, out_dir: Path, files: int = PACKS, pack_bytes: int = PACK_BYTES) -> None:
        self.out_dir, self.max_files, self.pack_bytes = out_dir, files, pack_bytes
        self.current: dict[str, Any] = {}
        self.size = self.files = 0

    def add(self, key: str, value: Any) -> str | None:
        """The file ``value`` goes to, or None when nothing more fits."""
        n = int(value.numel())
        if self.size + n > self.pack_bytes and self.current:
            self.flush()
        if self.files >= self.max_files or n > self.pack_bytes:
            return None
        self.current[key], self.size = value.clone(), self.size + n
        return f"device_outputs_{self.files}.pt"

    def flush(self) -> None:
        import torch

        if self.current:
            torch.save(self.current, self.out_dir / f"device_outputs_{self.files}.pt")
            self.files, self.current, self.size = self.files + 1, {}, 0


def _differing(launch: dict[str, Any], after: list[Any]) -> list[int]:
    """The storages whose device bytes are not the interpreter's."""
    return [i for i, (spec, value) in enumerate(zip(launch["storages"], after)) if sha(value) != spec["after_sha"]]


def _command() -> str:
    """This process's command line, as the report names it."""
    return " ".join(["python", "tools/bench/interpreter_fidelity.py", *sys.argv[1:]])


def device_run(data_dir: Path, out_dir: Path, only: str | None = None, jobs: int = 1) -> int:
    """Every launch of ``data_dir`` on the device; ``jobs`` processes share
    them (Triton's compiles dominate), their results merged into
    ``out_dir``."""
    if jobs > 1:
        return _sharded(data_dir, out_dir, only, jobs)
    return _device_run(data_dir, out_dir, only)


def _sharded(data_dir: Path, out_dir: Path, only: str | None, jobs: int) -> int:
    import subprocess
    import tempfile

    import torch

    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="interpreter_fidelity_shards_") as tmp:
        script = Path(__file__).with_name("interpreter_fidelity.py")
        procs = [subprocess.Popen([sys.executable, str(script), "--device-run", str(data_dir), "--out",
                                   f"{tmp}/{j}", "--shard", f"{j}/{jobs}", *(["--only", only] if only else [])])
                 for j in range(jobs)]
        codes = [p.wait() for p in procs]
        results: dict[str, Any] = {"command": _command(), "launches": {}}
        packs = Packs(out_dir)
        for j in range(jobs):
            path = Path(tmp) / str(j) / "device_results.json"
            if not path.exists():
                print(f"shard {j} wrote no results (exit {codes[j]})", flush=True)
                continue
            shard = json.loads(path.read_text())
            results["env"] = shard["env"]
            results["elapsed_s"] = max(results.get("elapsed_s", 0), shard["elapsed_s"])
            loaded: dict[str, Any] = {}
            for name in sorted({v for r in shard["launches"].values()
                                for key in ("outputs", "no_fp_fusion_outputs")
                                for v in r.get(key, {}).values() if v not in (None, "same")}):
                loaded.update(torch.load(Path(tmp) / str(j) / name, weights_only=True))
            for lid, record in shard["launches"].items():
                for key, suffix in (("outputs", ""), ("no_fp_fusion_outputs", "/no_fp_fusion")):
                    for i, name in record.get(key, {}).items():
                        if name not in (None, "same"):
                            record[key][i] = packs.add(f"{lid}/{i}{suffix}", loaded[f"{lid}/{i}{suffix}"])
                results["launches"][lid] = record
        packs.flush()
    (out_dir / "device_results.json").write_text(json.dumps(results, indent=1, default=str))
    failed = sum(1 for r in results["launches"].values() if r["status"] != "ok")
    differ = sum(1 for r in results["launches"].values() if r.get("differing_storages"))
    print(f"{len(results['launches'])} launches: {failed} failed, {differ} not bitwise; "
          f"{results.get('elapsed_s')} s in {jobs} processes", flush=True)
    return 0 if all(c == 0 for c in codes) else 1


def _device_run(data_dir: Path, out_dir: Path, only: str | None = None, shard: tuple[int, int] = (0, 1)) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((data_dir / "manifest.json").read_text())
    helpers, helpers_from = load_helpers(data_dir / "runtime")
    # the kernels' sources, in a directory of this run's own (mode 0700; a
    # fixed /tmp path let another user plant a link there), removed after it
    work = Path(tempfile.mkdtemp(prefix="interpreter_fidelity_kernels_"))
    try:
        return _device_launches(data_dir, out_dir, only, shard, manifest, helpers, helpers_from, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _device_launches(
    data_dir: Path, out_dir: Path, only: str | None, shard: tuple[int, int], manifest: dict[str, Any],
    helpers: Any, helpers_from: str, work: Path,
) -> int:
    import torch
    import triton

    if DEVICE == "cuda":
        props = torch.cuda.get_device_properties(0)
        device = f"{props.name}, {props.multi_processor_count} SMs, compute capability {props.major}.{props.minor}"
    else:
        device = f"{DEVICE} (Triton's interpreter: a dry run)"
    env = {"device": device, "torch": torch.__version__, "triton": triton.__version__, "cuda": torch.version.cuda,
           "python": sys.version.split()[0], "triton_helpers": helpers_from,
           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    print(json.dumps(env), flush=True)
    results: dict[str, Any] = {"env": env, "command": _command(), "launches": {}}
    packs = Packs(out_dir) if shard[1] == 1 else Packs(out_dir, 1, 1 << 40)
    functions: dict[str, Any] = {}
    started = time.time()
    launches = [entry for entry in manifest["launches"] if "skipped" not in entry]
    if only:
        launches = [entry for entry in launches if only in entry["id"]]
    launches = launches[shard[0]::shard[1]]
    for n, entry in enumerate(launches):
        lid = entry["id"]
        record: dict[str, Any] = {}
        try:
            carried = {}
            if any(s["start"] == "carried" for s in entry["storages"]):
                carried = torch.load(data_dir / "launches" / f"{lid}.pt", weights_only=True)
            initial = [initial_bytes(s, carried.get(i)) for i, s in enumerate(entry["storages"])]
            key = entry["source"]
            source = (data_dir / "sources" / f"{key}.py").read_text()
            if key not in functions:
                functions[key] = load_jit_function(entry["kernel"], source, work / f"{key}.py", helpers)
            fn = functions[key]
            t0 = time.time()
            compiled: list[Any] = []
            after = run_launch(fn, entry, initial, compiled=compiled)
            record["compile_run_s"] = round(time.time() - t0, 3)
            record["ptx"] = ptx_instructions(compiled[0])
            differing = _differing(entry, after)
            record["differing_storages"] = differing
            if "tl.atomic_" in source:
                again = run_launch(fn, entry, initial)
                record["device_deterministic"] = all(torch.equal(a, b) for a, b in zip(after, again))
            if differing:
                record["outputs"] = {str(i): packs.add(f"{lid}/{i}", after[i]) for i in differing}
                if entry["options"].get("enable_fp_fusion", True):
                    # the same launch without FMA contraction: is contraction the difference?
                    plain = run_launch(fn, entry, initial, fp_fusion=False)
                    record["no_fp_fusion_differing"] = _differing(entry, plain)
                    record["no_fp_fusion_outputs"] = {
                        str(i): (packs.add(f"{lid}/{i}/no_fp_fusion", plain[i])
                                 if not torch.equal(plain[i], after[i]) else "same")
                        for i in record["no_fp_fusion_differing"]
                    }
            record["status"] = "ok"
        except Exception as e:  # noqa: BLE001 - one launch's failure is its row
            first = str(e).strip().splitlines()[0] if str(e).strip() else ""
            record["status"] = f"failed: {type(e).__name__}: {first}"[:300]
            record["traceback"] = traceback.format_exc()[-3000:]
        results["launches"][lid] = record
        print(f"[{n + 1}/{len(launches)}] {lid}: {record['status']} differing={record.get('differing_storages')}",
              flush=True)
    packs.flush()
    results["elapsed_s"] = round(time.time() - started, 1)
    (out_dir / "device_results.json").write_text(json.dumps(results, indent=1, default=str))
    failed = sum(1 for r in results["launches"].values() if r["status"] != "ok")
    differ = sum(1 for r in results["launches"].values() if r.get("differing_storages"))
    print(f"{len(launches)} launches: {failed} failed, {differ} not bitwise; {results['elapsed_s']} s", flush=True)
    return 0
