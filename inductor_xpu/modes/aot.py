"""AOTInductor package sources for a simulated xpu device: generated, not
compiled.

``compile_aot(sim, module, *args)`` exports ``module`` (fake xpu parameters
and inputs) with ``torch.export`` and runs ``torch._inductor.aot_compile``
with two steps replaced for the call's duration:

* ``GraphLowering._run_jit_variant_for_autotune`` -- torch 2.15's AOT GPU
  path compiles and *runs* a JIT variant of the wrapper so that each Triton
  kernel is compiled and autotuned, then bakes each kernel's compiled facts
  into the AOT source (``generate_aoti_kernel_config_header``).  Here the
  facts come from :func:`inductor_xpu.device.simulation.cpp_wrapper.simulated_kernel_params`:
  binary ``<kernel>.<XPU_KERNEL_FORMAT>`` (zebin by default, as Inductor
  asks Intel Triton for), entry name, the kernel's first heuristic config
  (warps, block sizes: a device would autotune among the configs), shared
  memory 0, 32 threads per warp;
* ``AotCodeCompiler.compile`` -- the step that would compile the C++ (and
  SYCL) into a shared library -- writes the sources instead: the wrapper
  ``.cpp``, the kernel ``.cpp`` where there is one, each Triton kernel's
  source, and ``metadata.json`` (kernel facts, serialized extern kernel
  nodes, device, profile).  They are written to a temporary directory that
  is renamed into place at the end, so a failed compile leaves nothing; an
  existing ``out_dir`` is never replaced (it must be absent or empty).

Each graph's sources are also returned in memory (:class:`AotSources`: the
files' text and the kernels' facts), so nothing reads them back.

torch 2.13's AOT GPU path is two passes: it runs the Python wrapper on real
inputs to compile the kernels first; it is refused with that reason.
"""

from __future__ import annotations

import contextlib
import errno
import json
import linecache
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

import torch

from inductor_xpu.compile.outdir import AOT_SUBDIR
from inductor_xpu.compile.pipeline import CompileStep
from inductor_xpu.generated_code import triton_blocks
from inductor_xpu.device.simulation.cpp_wrapper import simulated_kernel_params
from inductor_xpu.device.simulation import Simulation, SimulationError
from inductor_xpu.device.simulation.results import AotSources
from inductor_xpu.modes.base import CompileMode, CompilePlan


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions
    from inductor_xpu.compile.pipeline import CompileReport


# The facts of a kernel that metadata.json records (of simulated_kernel_params'
# and the cubin path key).
_KERNEL_FACTS = ("mangled_name", "num_warps", "shared_mem", "threads_per_warp", "config", "bin_type", "target_arch")


def aot_supported() -> str | None:
    """None if this torch's AOTInductor GPU path can be simulated, else why not."""
    from torch._inductor.graph import GraphLowering

    if not hasattr(GraphLowering, "_run_jit_variant_for_autotune"):
        return (
            f"AOTInductor for xpu is not simulated on torch {torch.__version__}: its GPU code "
            "generation runs the Python wrapper on real inputs to compile the kernels first "
            "(two passes); torch >= 2.15 generates the AOT wrapper in one pass"
        )
    return None


def kernel_first_config(name: str, source: str) -> tuple[int, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(num_warps, config kwargs, inductor_meta, triton_meta) of the first
    config Inductor's heuristics give the Triton kernel ``source`` -- the
    kernel module is executed, which builds its ``CachingAutotuner`` and
    compiles nothing."""
    namespace: dict[str, Any] = {"__file__": f"<simulated {name}>", "__name__": f"inductor_xpu_sim_{name}"}
    # The module selects the GPU driver first (there is none to select here);
    # it does not bear on the configs.
    source = source.replace("triton_helpers.set_driver_to_gpu()", "pass  # set_driver_to_gpu(): no driver")
    filename = f"<simulated {name}>"
    # @triton.jit reads the function's source (inspect -> linecache)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        exec(compile(source, filename, "exec"), namespace)  # noqa: S102
    finally:
        linecache.cache.pop(filename, None)
    autotuner = namespace[name]
    configs = getattr(autotuner, "configs", None) or []
    if not configs:
        raise SimulationError(f"kernel {name}: its heuristics gave no config")
    config = configs[0]
    return int(config.num_warps), dict(config.kwargs), dict(autotuner.inductor_meta), dict(autotuner.triton_meta)


@contextlib.contextmanager
def _aot_hooks(sim: Simulation, out_dir: str, produced: list[AotSources]) -> Iterator[None]:
    from torch._inductor import codecache
    from torch._inductor.graph import GraphLowering
    from torch._inductor.utils import XPU_KERNEL_FORMAT

    cubin_key = codecache.get_cpp_wrapper_cubin_path_name()
    kernel_params: dict[str, dict[str, Any]] = {}
    kernel_sources: dict[str, str] = {}  # from the JIT variant, which embeds them

    def _run_jit_variant_for_autotune(
        self: Any, wrapper_code: Any, kernel_code: Any, extract_real_inputs: Any, kernel_names: list[str]
    ) -> None:
        sources = {b.kernel: b.source for b in triton_blocks(wrapper_code.value)}
        kernel_sources.update(sources)
        for name in kernel_names:
            if name not in sources:
                raise SimulationError(f"AOT: no Triton source for lazily compiled kernel {name}")
            num_warps, config, inductor_meta, triton_meta = kernel_first_config(name, sources[name])
            params = simulated_kernel_params(
                name,
                sim.profile,
                num_warps=num_warps,
                config=config,
                inductor_meta=inductor_meta,
                triton_meta=triton_meta,
                bin_type=XPU_KERNEL_FORMAT,
            )
            params[cubin_key] = f"{name}.{XPU_KERNEL_FORMAT}"  # not built: no Intel Triton here
            codecache.CudaKernelParamCache.cache[name] = params
            kernel_params[name] = params

    def compile(  # noqa: A001
        cls: Any,
        graph: Any,
        wrapper_code: str,
        kernel_code: str,
        serialized_extern_kernel_nodes: str | None,
        *,
        device_type: str,
        additional_files: list[str],
    ) -> list[str]:
        stem = f"aot_{len(produced)}"
        rel = lambda *p: os.path.join(stem, *p)  # noqa: E731
        texts: dict[str, str] = {rel("wrapper.cpp"): wrapper_code}
        kernel_file = None
        if kernel_code:
            kernel_file = rel("kernel.cpp")
            texts[kernel_file] = kernel_code
        triton_files = []
        embedded = {b.kernel: b.source for b in triton_blocks(wrapper_code)}
        for name, text in {**kernel_sources, **embedded}.items():
            if name not in wrapper_code:
                continue  # not this graph's kernel
            path = rel("triton", f"{name}.py")
            texts[path] = text
            triton_files.append(path)
        # this graph's kernels: those _run_jit_variant_for_autotune saw for it
        kernels = {
            name: {k: v for k, v in params.items() if k in (*_KERNEL_FACTS, cubin_key)}
            for name, params in kernel_params.items()
        }
        kernel_params.clear()
        kernel_sources.clear()
        metadata = {
            "device_type": device_type,
            "profile": sim.profile.key,
            "triton_arch": sim.profile.triton_arch,
            "compiled": False,
            "kernels": kernels,
            "serialized_extern_kernel_nodes": json.loads(serialized_extern_kernel_nodes)
            if serialized_extern_kernel_nodes
            else None,
            "additional_files": [os.path.basename(p) for p in additional_files],
        }
        texts[rel("metadata.json")] = json.dumps(metadata, indent=1, sort_keys=True, default=str) + "\n"
        os.makedirs(os.path.join(out_dir, stem, "triton"), exist_ok=True)
        for path, text in texts.items():
            with open(os.path.join(out_dir, path), "w", encoding="utf-8") as f:
                f.write(text)
        sources = AotSources(
            out_dir, rel("wrapper.cpp"), kernel_file, triton_files, rel("metadata.json"), texts, kernels
        )
        produced.append(sources)
        return [os.path.join(out_dir, f) for f in sources.files()]

    saved_run = GraphLowering.__dict__["_run_jit_variant_for_autotune"]
    saved_compile = codecache.AotCodeCompiler.__dict__["compile"]
    saved_cache = dict(codecache.CudaKernelParamCache.cache)
    GraphLowering._run_jit_variant_for_autotune = _run_jit_variant_for_autotune  # type: ignore[method-assign]
    codecache.AotCodeCompiler.compile = classmethod(compile)  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        GraphLowering._run_jit_variant_for_autotune = saved_run  # type: ignore[method-assign]
        codecache.AotCodeCompiler.compile = saved_compile  # type: ignore[method-assign]
        codecache.CudaKernelParamCache.cache.clear()
        codecache.CudaKernelParamCache.cache.update(saved_cache)


def _export(sim: Simulation, module: torch.nn.Module, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    with sim.fake_mode:
        exported = torch.export.export(module, args, kwargs)
    gm = exported.module()
    # The unlifted module keeps the simulation's fake parameters, but its
    # nodes carry export's own fake values; AOTInductor would find two fake
    # modes.  It recomputes them from the (simulation's) inputs.
    for node in gm.graph.nodes:
        for key in ("val", "example_value", "tensor_meta"):
            node.meta.pop(key, None)
    return gm


def compile_aot(
    sim: Simulation,
    module: torch.nn.Module,
    *args: Any,
    out_dir: str,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> list[AotSources]:
    """AOTInductor package sources of ``module`` on the simulation's fake
    inputs, written under ``out_dir`` (atomically: a temporary directory
    renamed at the end; ``out_dir`` must not exist, or be an empty
    directory: raises ``FileExistsError`` otherwise, before compiling).
    Raises :class:`SimulationError` where this torch cannot be simulated."""
    sim._require_active()
    reason = aot_supported()
    if reason:
        raise SimulationError(reason)
    if not isinstance(module, torch.nn.Module):
        raise SimulationError(f"AOTInductor exports an nn.Module (torch.export), got {type(module).__name__}")
    if os.path.lexists(out_dir) and (os.path.islink(out_dir) or not os.path.isdir(out_dir) or os.listdir(out_dir)):
        raise FileExistsError(errno.EEXIST, "exists and is not an empty directory (nothing replaced)", out_dir)
    parent = os.path.dirname(os.path.abspath(out_dir)) or "."
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".aot-staging-", dir=parent)
    produced: list[AotSources] = []
    try:
        with torch.no_grad():
            gm = _export(sim, module, args, kwargs)
            with _aot_hooks(sim, staging, produced):
                # AOTInductor lifts parameters into graph constants, and Inductor
                # inlines the small ones by value (GraphLowering.get_attr:
                # .item() / .tolist()); fake parameters have no values, so
                # constants stay tensors (as `compile --freezing` does).
                aot_options = {"aot_inductor.package": True, "always_keep_tensor_constants": True}
                torch._inductor.aot_compile(gm, args, kwargs, options={**aot_options, **(options or {})})
        if os.path.isdir(out_dir) and not os.path.islink(out_dir):
            os.rmdir(out_dir)  # empty (checked above): never removes files
        os.replace(staging, out_dir)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    for sources in produced:
        sources.directory = out_dir
    return produced


class AotStep(CompileStep):
    """The step an AOT compile runs in the simulation: :func:`compile_aot`
    into ``out_dir``, its packages in ``packages``."""

    def __init__(self, out_dir: str, compile_options: dict[str, Any] | None = None) -> None:
        super().__init__(compile_options=compile_options)
        self.out_dir = out_dir
        self.packages: list[AotSources] = []

    def __call__(self, sim: Simulation, fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        self.packages = compile_aot(sim, fn, *args, out_dir=self.out_dir, options=self.compile_options, **kwargs)
        return self.packages


class AotMode(CompileMode):
    """``--aot``: AOTInductor package sources instead of a wrapper module,
    staged in the output directory (written under ``aot/``)."""

    name = "aot"

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls() if options.aot else None

    def configure(self, plan: CompilePlan) -> None:
        assert plan.aot_staging is not None, "the command stages AOT sources in its output directory"
        self.step = AotStep(plan.aot_staging(), plan.compile_options)
        plan.step = self.step

    def after_compile(self, compiled: CompileReport) -> None:
        compiled.aot = self.step.packages

    def flags(self) -> list[str]:
        return ["aot"]

    def add_to_report(self, data: dict[str, Any], compiled: CompileReport) -> None:
        data["aot"] = {
            "dir": AOT_SUBDIR,
            "compiled": False,
            "graphs": [
                {"files": [os.path.join(AOT_SUBDIR, f) for f in sources.files()], "kernels": sources.kernels}
                for sources in compiled.aot or []
            ],
        }

    def summary_lines(self, data: dict[str, Any], compiled: CompileReport) -> list[str]:
        aot = data["aot"]
        n_files = sum(len(g["files"]) for g in aot["graphs"])
        n_kernels = sum(len(g["kernels"]) for g in aot["graphs"])
        return [
            f"  AOTInductor sources (not compiled): {len(aot['graphs'])} graph(s), {n_kernels} Triton "
            f"kernel(s), {n_files} files under {os.path.join(compiled.out_dir or '', aot['dir'])}"
        ]
