"""Hardware-less xpu code generation: ``with simulate("max1550") as sim: ...``.

Inside the context Inductor generates its complete xpu output -- the Python
wrapper module with its Triton kernels -- for fake xpu tensors, on a machine
with no Intel GPU and no Intel Triton backend, and runs none of it:

* the ``torch._dynamo`` device interface for ``xpu`` answers from a
  :class:`~inductor_xpu.targets.profile.DeviceProfile`
  (:mod:`inductor_xpu.targets.device_interface`);
* the xpu backend (scheduling, wrappers, device op overrides) is registered
  through Inductor's public registration points
  (:mod:`inductor_xpu.codegen.xpu.registration`);
* ``torch.utils._triton.triton_hash_with_backend`` (the ``backend_hash`` put
  into every kernel's ``inductor_meta``) answers with a hash of the
  installed triton and the simulated target, since there is no Intel backend
  to hash; ``triton_backend`` refuses clearly;
* ``GraphLowering._compile_to_module_lines`` -- the step that would import the
  wrapper module and so compile every Triton kernel -- records the code and
  returns a module whose ``call`` propagates the fake inputs through the
  graph Inductor compiled (so Dynamo can carry on across graph breaks) and
  refuses real tensors;
* the ``torch.Tensor`` methods whose C++ needs an xpu device guard this
  build does not have (indexing, ``contiguous``, ``copy_``, ``to("xpu")``
  ...) route xpu tensors through ATen-level equivalents
  (:mod:`inductor_xpu.targets.tensor_methods`);
* ``scaled_dot_product_attention`` on xpu tensors picks its backend as
  the XPU build does (:mod:`inductor_xpu.targets.sdpa`): ATen's choice
  goes through a dispatch stub only XPU builds register;
* grad is disabled, and a compile that would trace a joint forward/backward
  graph is refused: autograd on xpu tensors needs that device guard too and
  its absence aborts the process;
* Inductor is configured so that nothing benchmarks or autotunes and no
  compile workers are started (they would not see the simulated device);
* calls to ``torch.xpu`` made while compiling are recorded, with their
  callers, in :attr:`Simulation.device_queries`: each is device-biased code
  whose answer comes from this machine, not from the profile.

``torch.xpu.is_available()`` stays False throughout.  Everything is restored
on exit -- registries, patched attributes, configuration, and the caches that
hold device answers -- and Dynamo's compiled-frame cache is reset if
anything was compiled, so nothing compiled for the simulated device survives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import logging
import os
import re
import shutil
import sys
import tempfile
import threading
import types
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import torch

from inductor_xpu.targets.device_interface import (
    SimulatedCudaInterface,
    SimulatedDeviceError,
    SimulatedXpuInterface,
)
from inductor_xpu.targets.tensor_methods import (
    device_guard_available,
    make_tensor_factory_override,
    make_tensor_method_overrides,
)
from inductor_xpu.targets.profile import DeviceProfile
from inductor_xpu.targets.registry import get_profile


log = logging.getLogger(__name__)

DEVICE = "xpu"

# Inductor options a simulation needs.  Caches: a cached artifact would skip
# code generation (and the FX graph cache would pickle the unloadable module).
# compile_threads=1: subprocess workers import torch afresh and would see no
# simulated device.  Everything that benchmarks runs kernels, so it is off:
# autotuning, benchmark-driven fusion, and shape_padding, whose pad_mm pass
# decides by timing padded and unpadded matmuls on the device
# (fx_passes/pad_mm.py _should_pad) -- a simulation cannot know that outcome
# and generates the unpadded code.
SIMULATION_INDUCTOR_CONFIG: dict[str, Any] = {
    "shape_padding": False,
    "fx_graph_cache": False,
    "fx_graph_remote_cache": False,
    "compile_threads": 1,
    "max_autotune": False,
    "max_autotune_gemm": False,
    "max_autotune_pointwise": False,
    "coordinate_descent_tuning": False,
    "benchmark_kernel": False,
    "benchmark_fusion": False,
    "triton.cudagraphs": False,
    "fx_wrapper": False,
}
# What simulate() adds under freezing, and why (reports quote it): frozen
# parameters become graph constants and Inductor inlines the small ones by
# value (GraphLowering.get_attr: 0-d via .item(), 1-D with <= 8 elements via
# .tolist()); the simulation's parameters are fake and have no values.
FREEZING_ADJUSTMENT: dict[str, str] = {
    "always_keep_tensor_constants": (
        "True: with freezing, Inductor inlines small constants by value "
        "(graph.py GraphLowering.get_attr); fake parameters have no values, "
        "so constants of <= 8 elements stay tensors here"
    )
}

SIMULATION_FUNCTORCH_CONFIG: dict[str, Any] = {
    "enable_autograd_cache": False,
    "enable_remote_autograd_cache": False,
}

# Functions whose cached answers depend on the devices Inductor sees.  They
# are cleared on entry (so the profile answers) and on exit (so the real
# machine answers again); as pure caches, clearing only recomputes them.
_DEVICE_DEPENDENT_CACHES: tuple[tuple[str, str], ...] = (
    ("torch._inductor.runtime.hints", "DeviceProperties.create"),
    ("torch.utils._triton", "has_triton"),
    ("torch._inductor.utils", "get_gpu_type"),
    ("torch._inductor.utils", "is_big_gpu"),
    ("torch._inductor.utils", "get_max_num_sms"),
    ("torch._inductor.utils", "get_backend_num_stages"),
    ("torch._inductor.utils", "get_device_tflops"),
    ("torch._inductor.utils", "get_gpu_dram_gbps"),
)

# torch.xpu (torch.cuda for a cuda profile) functions whose calls are
# recorded while simulating.
RECORDED_XPU_APIS: tuple[str, ...] = (
    "is_available",
    "device_count",
    "current_device",
    "set_device",
    "get_device_properties",
    "get_device_capability",
    "get_device_name",
    "is_bf16_supported",
    "synchronize",
    "current_stream",
    "_is_compiled",
)


class SimulationError(RuntimeError):
    """A simulation cannot be entered or cannot do what was asked."""


# The one parser of Inductor's generated wrapper modules: each Triton kernel a
# wrapper defines (``NAME = async_compile.triton('KERNEL', <source>,
# device_str='DEV')``; the C++ wrapper's embedded Python has no ``NAME =``).
# GeneratedCode, compile_command.summarize_wrapper and the AOT sources
# (targets/aot.py) read generated code through it.
TRITON_BLOCK_RE = re.compile(
    r"(?:(\w+) = )?async_compile\.triton\('(\w+)', '''(.*?)''', device_str='(\w+)'\)",
    re.DOTALL,
)


@dataclasses.dataclass(frozen=True)
class TritonBlock:
    """One ``async_compile.triton(...)`` definition in a wrapper module."""

    variable: str | None  # None: not assigned to a name
    kernel: str
    source: str
    device_str: str


def triton_blocks(source: str) -> list[TritonBlock]:
    """The Triton kernels wrapper ``source`` defines, in order."""
    return [TritonBlock(*m.groups()) for m in TRITON_BLOCK_RE.finditer(source)]


def strip_triton_blocks(source: str) -> str:
    """``source`` without its Triton kernel definitions: the host code."""
    return TRITON_BLOCK_RE.sub("", source)


@dataclasses.dataclass(frozen=True)
class GeneratedCode:
    """One compiled graph's generated code."""

    profile: str
    wrapper_kind: str  # "python", or "cpp" (the C++ wrapper, in its Python module)
    source: str
    path: str

    def triton_kernels(self) -> dict[str, str]:
        """Kernel name -> Triton source, as the wrapper defines them."""
        return {b.kernel: b.source for b in triton_blocks(self.source)}

    def cpp_source(self) -> str | None:
        """The C++ wrapper source of a ``cpp`` wrapper (``cpp_wrapper_src``)."""
        from inductor_xpu.targets.cpp_wrapper import cpp_source

        return cpp_source(self.source) if self.wrapper_kind == "cpp" else None

    def kernel_device_strs(self) -> set[str]:
        return {b.device_str for b in triton_blocks(self.source)}


@dataclasses.dataclass
class DeviceQuery:
    """A ``torch.xpu`` call made while compiling under a simulation."""

    api: str
    caller: str
    outcome: str
    count: int = 1


@dataclasses.dataclass
class CompileResult:
    outputs: Any
    code: list[GeneratedCode]

    @property
    def source(self) -> str:
        return "\n".join(c.source for c in self.code)


class Simulation:
    """State of one ``simulate()`` context."""

    def __init__(self, profile: DeviceProfile, device_count: int, output_dir: str) -> None:
        from torch._subclasses.fake_tensor import FakeTensorMode

        self.profile = profile
        # "xpu", or "cuda" for an NVIDIA profile: the device type simulated.
        self.device_type = profile.device_type
        self.device_count = device_count
        self.output_dir = output_dir
        interface = SimulatedCudaInterface if profile.device_type == "cuda" else SimulatedXpuInterface
        self.interface = interface.for_profile(profile, device_count)
        # allow_non_fake_inputs: replaying a compiled graph may meet real CPU
        # constants captured in it.
        self.fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
        self.generated: list[GeneratedCode] = []
        self._queries: dict[tuple[str, str], DeviceQuery] = {}
        self.active = False
        self.patches: list[str] = []
        # inductor_xpu.targets.sdpa.XpuSdpa while active: its ``choices``
        # are the SDPA backends picked for xpu so far.
        self.sdpa: Any = None
        # Whether autograd works on the simulated xpu tensors
        # (inductor_xpu.targets.xpu_autograd), and if not, why.
        self.autograd = False
        self.autograd_unavailable: str | None = None

    # -- results -------------------------------------------------------------
    @property
    def device_queries(self) -> list[DeviceQuery]:
        return list(self._queries.values())

    def _record_query(self, api: str, caller: str, outcome: str) -> None:
        key = (api, caller)
        if key in self._queries:
            self._queries[key].count += 1
        else:
            self._queries[key] = DeviceQuery(api, caller, outcome)

    # -- inputs --------------------------------------------------------------
    def device(self, index: int = 0) -> torch.device:
        if not 0 <= index < self.device_count:
            raise SimulationError(
                f"{self.device_type}:{index} is not simulated ({self.device_count} device(s))"
            )
        return torch.device(self.device_type, index)

    def tensor(
        self,
        *size: int,
        dtype: torch.dtype = torch.float32,
        stride: tuple[int, ...] | None = None,
        requires_grad: bool = False,
        index: int = 0,
    ) -> torch.Tensor:
        """A fake tensor on simulated ``xpu:index`` (``cuda:index``) (no data)."""
        if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
            size = tuple(size[0])
        with self.fake_mode:
            if stride is None:
                out = torch.empty(size, dtype=dtype, device=self.device(index))
            else:
                out = torch.empty_strided(size, stride, dtype=dtype, device=self.device(index))
        return out.requires_grad_(requires_grad)

    def to_fake(self, obj: Any, index: int = 0, *, requires_grad: bool = False) -> Any:
        """A fake xpu twin of a tensor (same shape, strides and dtype; no
        data), or a module whose parameters and buffers are replaced by such
        twins in place (like ``module.to("xpu")``).  By default nothing
        requires grad (inference graphs); ``requires_grad=True`` keeps the
        original's ``requires_grad`` (training: see ``Simulation.autograd``).
        A module keeps its parameters' ``requires_grad`` either way, as real
        inference does, whenever autograd works on the simulated tensors: a
        cuda simulation, or an xpu one with the autograd shim
        (``Simulation.autograd``); without the shim they stop requiring grad
        (recording autograd on an xpu tensor would abort the process)."""
        if isinstance(obj, torch.nn.Module):
            return self._fake_module(obj, index, keep_grad=requires_grad)
        if isinstance(obj, torch.Tensor):
            fake = self._fake_tensor(obj, index=index)
            return fake.requires_grad_(True) if requires_grad and obj.requires_grad else fake
        raise TypeError(f"cannot make a fake xpu {type(obj).__name__}")

    def _fake_module(self, module: torch.nn.Module, index: int, *, keep_grad: bool) -> torch.nn.Module:
        # Module._apply() visits a submodule once per path to it, and a
        # second visit of a module whose parameters are already fake fails
        # (it swaps FakeTensor parameters, and fake tensors hold weak
        # references: "Cannot swap t1 because it has weakref associated with
        # it").  timm's CoaT shares its position-encoding convs between
        # blocks, so each module is converted once, without recursion.
        # Tensors shared between modules (tied embeddings) get one fake twin
        # and stay shared.
        originals: dict[int, torch.Tensor] = {}  # keeps ids unique while converting
        fakes: dict[int, torch.Tensor] = {}

        def convert(t: torch.Tensor) -> torch.Tensor:
            key = id(t)
            if key not in fakes:
                originals[key] = t
                fakes[key] = self._fake_tensor(t, index=index)
            return fakes[key]

        first_entry: dict[int, Any] = {}
        for mod in module.modules():
            registries: tuple[dict[str, Any], ...] = (mod._parameters, mod._buffers)
            before = [
                (registry, key, id(t))
                for registry in registries
                for key, t in registry.items()
                if t is not None
            ]
            mod._apply(convert, recurse=False)
            for registry, key, original in before:
                if original in first_entry:
                    registry[key] = first_entry[original]
                else:
                    first_entry[original] = registry[key]
        if keep_grad or self.device_type == "cuda" or self.autograd:
            # Module._apply keeps each parameter's requires_grad.  Inference
            # keeps it too, as real inference does (eval() under
            # no_grad): ATen's matmul folds 3-D @ 2-D into mm when the 2-D
            # operand requires grad (LinearAlgebra.cpp should_fold), even
            # under no_grad.  FakeTensorMode has the CUDA device guard
            # autograd needs, the autograd shim the xpu one; the simulation
            # compiles under no_grad.
            return module
        for param in module.parameters():
            param.requires_grad_(False)
        return module

    def _fake_tensor(self, t: torch.Tensor, index: int = 0) -> torch.Tensor:
        from torch._subclasses.fake_tensor import FakeTensor

        if isinstance(t, FakeTensor) and t.fake_mode is self.fake_mode and t.device.type == self.device_type:
            return t
        return self.tensor(*t.shape, dtype=t.dtype, stride=tuple(t.stride()), index=index)

    # -- compiling -----------------------------------------------------------
    def compile(
        self,
        fn: Callable[..., Any],
        *example_inputs: Any,
        dynamic: bool | None = None,
        fullgraph: bool = False,
        mode: str | None = None,
        options: dict[str, Any] | None = None,
        **example_kwargs: Any,
    ) -> CompileResult:
        """``torch.compile(fn, backend="inductor")`` called once on the
        (fake xpu) example inputs; returns the fake outputs and the code
        generated by that call."""
        self._require_active()
        if not self.autograd:
            try:
                self._refuse_grad(fn, example_inputs, example_kwargs, self.device_type)
            except SimulationError as e:
                if self.autograd_unavailable is None:
                    raise
                raise SimulationError(f"{e}; the autograd shim is unavailable: {self.autograd_unavailable}") from None
        start = len(self.generated)
        compiled = torch.compile(
            fn, backend="inductor", dynamic=dynamic, fullgraph=fullgraph, mode=mode, options=options
        )
        outputs = compiled(*example_inputs, **example_kwargs)
        return CompileResult(outputs=outputs, code=self.generated[start:])

    @staticmethod
    def _refuse_grad(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any], device_type: str = DEVICE) -> None:
        # Checked before Dynamo runs: tracing an op on an xpu tensor that
        # requires grad with grad enabled aborts the process (no xpu device
        # guard in this build), so this is the last place to say no.
        if device_guard_available(device_type):
            return
        leaves = list(torch.utils._pytree.tree_leaves((args, kwargs)))
        if isinstance(fn, torch.nn.Module):
            leaves += list(fn.parameters()) + list(fn.buffers())
        bad = [
            t
            for t in leaves
            if isinstance(t, torch.Tensor) and t.requires_grad and t.device.type == device_type
        ]
        if bad:
            raise SimulationError(
                f"{len(bad)} xpu input/parameter tensor(s) require grad: a simulation compiles "
                "inference graphs only (autograd on xpu tensors needs an xpu device guard, "
                "which this torch build lacks, and its absence aborts the process)"
            )

    def _require_active(self) -> None:
        if not self.active:
            raise SimulationError(
                f"the simulation of {self.profile.key} is not active (use it inside `with simulate(...)`)"
            )


class SimulatedCompiledModule:
    """Returned where Inductor would import the generated wrapper module.

    ``call`` runs no generated code: it propagates fake inputs through the
    FX graph Inductor lowered, giving outputs with the right metadata, and
    refuses anything that is not a fake tensor."""

    def __init__(self, sim: Simulation, gm: torch.fx.GraphModule, path: str, code: GeneratedCode) -> None:
        self._sim = sim
        self._gm = gm
        self.__file__ = path
        self.generated_code = code

    def call(self, args: list[Any]) -> Any:
        from torch._subclasses.fake_tensor import FakeTensor

        inputs = list(args)
        args.clear()
        if not self._sim.active:
            raise SimulatedDeviceError(
                f"this graph was compiled for a simulated {self._sim.profile.key}; "
                "the simulation has ended and there is no device to run it on"
            )
        for value in inputs:
            if isinstance(value, torch.Tensor) and not isinstance(value, FakeTensor):
                raise SimulatedDeviceError(
                    f"a graph compiled for a simulated {self._sim.device_type} was called with a real tensor "
                    f"({value.device}); only fake tensors can flow through a simulation"
                )
        fake_mode = torch._guards.detect_fake_mode(inputs) or self._sim.fake_mode
        with fake_mode:
            out = _FakeReplay(self._gm).run(*inputs)
        return tuple(out) if isinstance(out, (list, tuple)) else (out,)

    def __call__(self, args: list[Any]) -> Any:
        return self.call(args)


class _FakeReplay(torch.fx.Interpreter):
    """Propagates fake tensors through a lowered graph.  A node that only
    exists for lowering -- a pattern replacement marked
    ``_inductor_lowering_function``, such as the oneDNN fusions that
    freezing inserts (fx_passes/mkldnn_fusion.py) -- calls lowerings on IR
    and cannot run on tensors: its recorded output metadata gives the
    result."""

    def run_node(self, n: torch.fx.Node) -> Any:
        if n.op == "call_function" and hasattr(n.target, "_inductor_lowering_function"):
            return torch.utils._pytree.tree_map_only(
                torch.Tensor, functools.partial(_empty_like_recorded, n), n.meta["val"]
            )
        result = super().run_node(n)
        if result is None and n.op == "call_function" and isinstance(n.meta.get("val"), (list, tuple)):
            # Inductor's reinplacing pass (fx_passes/reinplace.py) turns a
            # functional foreach op (compiled optimizers) into its in-place
            # variant, which returns None; its users still index the
            # recorded functional result.
            return torch.utils._pytree.tree_map_only(
                torch.Tensor, functools.partial(_empty_like_recorded, n), n.meta["val"]
            )
        return result


def _empty_like_recorded(node: torch.fx.Node, val: torch.Tensor) -> torch.Tensor:
    sizes = (*val.shape, *val.stride())
    if not all(isinstance(s, int) for s in sizes):
        raise SimulationError(
            f"cannot replay {node.target!r} (a lowering-only node) with symbolic sizes "
            f"{tuple(val.shape)}; compile with static shapes"
        )
    return torch.empty_strided(val.shape, val.stride(), dtype=val.dtype, device=val.device)


# ---------------------------------------------------------------------------
# installation helpers


def _caller_outside(prefixes: tuple[str, ...]) -> str:
    frame: types.FrameType | None = sys._getframe(2)
    torch_root = os.path.dirname(os.path.dirname(torch.__file__))
    while frame is not None and (
        frame.f_code.co_filename.startswith(prefixes)
        or frame.f_code.co_name in ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")
    ):
        frame = frame.f_back
    if frame is None:
        return "?"
    filename = frame.f_code.co_filename
    if filename.startswith(torch_root + os.sep):
        filename = os.path.relpath(filename, torch_root)
    return f"{filename}:{frame.f_lineno} in {frame.f_code.co_name}"


def _set_attr(stack: contextlib.ExitStack, owner: Any, name: str, value: Any, sim: Simulation) -> None:
    """setattr with exact undo: a value the owner did not define itself (an
    inherited class attribute) is deleted again rather than re-set."""
    missing = object()
    own = owner.__dict__.get(name, missing) if isinstance(owner, type) else missing
    previous = getattr(owner, name) if own is missing else own
    setattr(owner, name, value)

    def undo() -> None:
        if isinstance(owner, type) and own is missing:
            delattr(owner, name)
        else:
            setattr(owner, name, previous)

    stack.callback(undo)
    label = owner.__name__ if hasattr(owner, "__name__") else type(owner).__name__
    sim.patches.append(f"{getattr(owner, '__module__', '')}.{label}.{name}".lstrip("."))


def _clear_device_caches() -> None:
    import importlib

    for module_name, qualname in _DEVICE_DEPENDENT_CACHES:
        try:
            obj: Any = importlib.import_module(module_name)
            for part in qualname.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError):
            continue
        cache_clear = getattr(obj, "cache_clear", None)
        if cache_clear is not None:
            cache_clear()


def _simulated_backend_hash(profile: DeviceProfile) -> str:
    from torch._inductor.runtime.triton_compat import triton_key

    if profile.device_type == "cuda":
        # Triton's CUDA backend is installed and hashes without a GPU (the
        # ptxas version and the target): the hash a real device would give.
        try:
            from triton.compiler.compiler import make_backend

            backend = make_backend(profile.triton_target())
            key = f"{triton_key()}-{backend.hash()}"
            return hashlib.sha256(key.encode("utf-8")).hexdigest().upper()
        except Exception as e:  # no ptxas: fall back to a simulated hash
            log.info("simulated %s: no Triton CUDA backend hash (%s)", profile.key, e)
        target = [("arch", profile.triton_target_arch())]
    else:
        target = sorted(profile.triton_target_arch().items())
    key = f"{triton_key()}-inductor_xpu-simulated-{profile.key}-{target}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest().upper()


def _install_device_interface(stack: contextlib.ExitStack, sim: Simulation) -> None:
    from torch._dynamo import device_interface as di

    saved = dict(di.device_interfaces)
    saved_initialized = di._device_initialized
    saved_worker_props = dict(di.caching_worker_device_properties)
    saved_worker_devices = dict(di.caching_worker_current_devices)

    def restore() -> None:
        di.device_interfaces.clear()
        di.device_interfaces.update(saved)
        di._device_initialized = saved_initialized
        di.caching_worker_device_properties.clear()
        di.caching_worker_device_properties.update(saved_worker_props)
        di.caching_worker_current_devices.clear()
        di.caching_worker_current_devices.update(saved_worker_devices)

    stack.callback(restore)
    # Let torch register its own interfaces first, or a later lazy
    # init_device_reg() would overwrite ours.
    di.get_registered_device_interfaces()
    di.register_interface_for_device(sim.device_type, sim.interface)
    for index in range(sim.device_count):
        di.register_interface_for_device(f"{sim.device_type}:{index}", sim.interface)
    sim.patches.append(f"torch._dynamo.device_interface.device_interfaces['{sim.device_type}'...]")


def _install_backend(stack: contextlib.ExitStack, sim: Simulation) -> None:
    from torch._inductor.codegen import common

    from inductor_xpu.codegen.xpu.registration import register_xpu_backend

    # Initialise the registries before taking the snapshot: the op overrides
    # register themselves when their modules are first imported, so a
    # snapshot of a still-empty registry, restored on exit, would leave every
    # later compile in the process without them (KeyError: 'cpu').
    common.init_backend_registration()
    common.get_device_op_overrides("cpu")
    registries: tuple[dict[str, Any], ...] = (
        common.device_codegens,
        common.custom_backend_passes,
        common.custom_backend_codegen_configs,
        common.device_op_overrides_dict,
    )
    saved = [dict(r) for r in registries]

    def restore() -> None:
        for registry, contents in zip(registries, saved):
            registry.clear()
            registry.update(contents)

    stack.callback(restore)
    if sim.device_type != DEVICE:
        return  # Inductor registers its own cuda backend
    register_xpu_backend()
    sim.patches.append("torch._inductor.codegen.common backend registries (xpu)")


def _install_fake_device_context(stack: contextlib.ExitStack, sim: Simulation) -> None:
    """Fake xpu tensors must not initialise a real xpu context.

    ``FakeTensor`` calls ``init_gpu_context(device)`` for cuda and xpu devices.
    torch >= 2.13 does so only when the device type is the current
    accelerator; older releases whenever CUDA (or XPU) is available, so on a
    machine with an NVIDIA GPU every fake xpu tensor would create a real one
    ("Torch not compiled with XPU enabled").  The simulated device has no
    context to initialise: skip it, leave every other device to torch.
    """
    from torch._subclasses import fake_tensor

    original = fake_tensor.init_gpu_context

    def init_gpu_context(device: torch.device) -> None:
        if device.type != sim.device_type:
            original(device)

    fake_tensor.init_gpu_context = init_gpu_context  # type: ignore[assignment]
    stack.callback(setattr, fake_tensor, "init_gpu_context", original)
    sim.patches.append(f"torch._subclasses.fake_tensor.init_gpu_context (skips {sim.device_type})")

    # FakeTensorMode.avoid_device_init says whether fake tensors may be
    # materialised on their device; it asks the machine: not
    # torch.cuda.is_available() (torch.xpu's in an XPU build).  Where it is
    # False -- any machine with an NVIDIA GPU -- the torch.tensor
    # constructor creates a real tensor on the device (_only_lift_cpu_tensors
    # stays off), and Inductor's attention-fusion patterns, traced on
    # torch.tensor(2.0, device="xpu"), fail: "Could not run
    # 'aten::empty_strided' with arguments from the 'XPU' backend".  A
    # simulated xpu device cannot be initialised: answer True, as a machine
    # without a GPU does.
    if sim.device_type == DEVICE:
        _set_attr(stack, fake_tensor.FakeTensorMode, "avoid_device_init", property(lambda self: True), sim)


def _install_triton_target(stack: contextlib.ExitStack, sim: Simulation) -> None:
    import torch.utils._triton as triton_utils

    backend_hash = _simulated_backend_hash(sim.profile)

    def triton_hash_with_backend() -> str:
        return backend_hash

    def triton_backend() -> Any:
        raise SimulatedDeviceError(
            f"no Triton compiler is asked for the simulated target {sim.profile.triton_target()!r} "
            "(there is no such device: no Intel Triton backend, or no GPU for the CUDA one)"
        )

    _set_attr(stack, triton_utils, "triton_hash_with_backend", triton_hash_with_backend, sim)
    _set_attr(stack, triton_utils, "triton_backend", triton_backend, sim)


def _install_capture(stack: contextlib.ExitStack, sim: Simulation) -> None:
    from torch._inductor.graph import GraphLowering

    def _compile_to_module_lines(self: GraphLowering, wrapper_code: Any) -> Any:
        source = wrapper_code.value
        if GraphLowering.save_output_code is not None:
            GraphLowering.save_output_code(source)
        key = hashlib.sha256(source.encode("utf-8")).hexdigest()[:32]
        path = os.path.join(sim.output_dir, f"{sim.profile.key}_{len(sim.generated):03d}_{key}.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        kind = "cpp" if getattr(self, "cpp_wrapper", False) else "python"
        code = GeneratedCode(profile=sim.profile.key, wrapper_kind=kind, source=source, path=path)
        sim.generated.append(code)
        log.info("simulated %s: captured generated code -> %s", sim.profile.key, path)
        gm = getattr(self, "orig_gm", None) or self.module
        assert isinstance(gm, torch.fx.GraphModule)
        return SimulatedCompiledModule(sim, gm, path, code)

    # The C++ wrapper (cpp_wrapper): generated, captured above (a Python
    # module embedding the C++), never compiled (inductor_xpu.targets.cpp_wrapper).
    from inductor_xpu.targets.cpp_wrapper import make_codegen_with_cpp_wrapper

    codegen_with_cpp_wrapper = make_codegen_with_cpp_wrapper(GraphLowering.codegen_with_cpp_wrapper)

    _set_attr(stack, GraphLowering, "_compile_to_module_lines", _compile_to_module_lines, sim)
    _set_attr(stack, GraphLowering, "codegen_with_cpp_wrapper", codegen_with_cpp_wrapper, sim)


def _install_constant_identity(stack: contextlib.ExitStack, sim: Simulation) -> None:
    """Inductor names one constant for tensors it finds to be the same
    (``graph.py`` ``allocate_non_dup_const_name`` -> ``utils.is_same_tensor``:
    same size, strides, dtype, device, storage ``data_ptr()`` and offset).
    Every fake storage's ``data_ptr()`` is 0, so with freezing all fake
    constants of one shape and dtype would become one (two biases, a weight
    scale and a bias ...).  Fake tensors are compared by storage identity."""
    import torch._inductor.graph as graph_module
    from torch._subclasses.fake_tensor import FakeTensor

    original = graph_module.is_same_tensor

    def is_same_tensor(data: torch.Tensor, value: torch.Tensor) -> bool:
        if isinstance(data, FakeTensor) or isinstance(value, FakeTensor):
            return (
                isinstance(data, FakeTensor)
                and isinstance(value, FakeTensor)
                and data.size() == value.size()
                and data.stride() == value.stride()
                and data.dtype == value.dtype
                and data.device == value.device
                and data.untyped_storage()._cdata == value.untyped_storage()._cdata
                and data.storage_offset() == value.storage_offset()
            )
        return original(data, value)

    _set_attr(stack, graph_module, "is_same_tensor", is_same_tensor, sim)


def _install_sdpa(stack: contextlib.ExitStack, sim: Simulation) -> None:
    # The SDPA backend choice of the device's build, from the profile
    # (inductor_xpu.targets.sdpa; the CUDA build's choice asks the absent
    # device: inductor_xpu.targets.sdpa_cuda).
    from inductor_xpu.targets.sdpa import register, XpuSdpa
    from inductor_xpu.targets.sdpa_cuda import CudaSdpa

    rule = XpuSdpa(sim.profile) if sim.device_type == DEVICE else CudaSdpa(sim.profile)
    sim.sdpa = stack.enter_context(register(rule))
    sim.patches.append(f"aten::scaled_dot_product_attention ({rule.dispatch_key} kernel)")
    sim.patches.append(f"torch._subclasses.fake_impls rule: aten._fused_sdp_choice ({sim.device_type})")


def _install_conv_backend(stack: contextlib.ExitStack, sim: Simulation) -> None:
    # bf16 convolutions ask the device whether cuDNN takes bf16 (major >= 8):
    # answered by the profile (inductor_xpu.targets.conv_cuda).
    if sim.device_type != "cuda":
        return
    from inductor_xpu.targets.conv_cuda import make_select_conv_backend

    from torch._subclasses.fake_tensor import FakeTensorMode

    original = torch._C._select_conv_backend
    _set_attr(stack, torch._C, "_select_conv_backend", make_select_conv_backend(original, sim.profile), sim)
    # FakeTensorMode's dispatch cache is process-wide: results computed with
    # the machine's answer (before) or the profile's (inside) stay inside.
    FakeTensorMode.cache_clear()
    stack.callback(FakeTensorMode.cache_clear)


def _install_tensor_methods(stack: contextlib.ExitStack, sim: Simulation) -> None:
    if device_guard_available(sim.device_type):
        return
    for name, method in make_tensor_method_overrides(DEVICE, sim.interface.current_device).items():
        _set_attr(stack, torch.Tensor, name, method, sim)
    _set_attr(stack, torch, "tensor", make_tensor_factory_override(DEVICE), sim)


def _install_grad_guard(stack: contextlib.ExitStack, sim: Simulation) -> None:
    # The autograd engine asks the (absent) xpu device guard for a stream
    # when it records an op on an xpu tensor that requires grad, and that
    # aborts the process (see tensor_methods).  Simulate inference only, and
    # refuse a compile that would trace a joint graph instead of crashing.
    import torch._inductor.compile_fx as compile_fx_module

    if sim.device_type == DEVICE and not device_guard_available(DEVICE):
        from inductor_xpu.targets.xpu_autograd import xpu_autograd, XpuAutogradUnavailable

        try:
            stack.enter_context(xpu_autograd(sim.fake_mode))
        except XpuAutogradUnavailable as e:
            sim.autograd_unavailable = str(e)
            log.info("simulated %s: inference only (%s)", sim.profile.key, e)
        else:
            # Autograd works on fake xpu tensors.  Grad stays disabled by
            # default, as for inference (put back on exit); training enables
            # it (torch.enable_grad(), inductor_xpu.targets.training).
            sim.autograd = True
            sim.patches.append("c10 xpu device guard + at::getAccelerator() during xpu backward (xpu_autograd)")
            from inductor_xpu.targets.training import xpu_build_fallbacks

            if stack.enter_context(xpu_build_fallbacks()):
                sim.patches.append("torch._inductor.lowering: fallbacks an XPU build registers (training)")
            stack.enter_context(torch.no_grad())
            return
    stack.enter_context(torch.no_grad())
    original = compile_fx_module.compile_fx

    @functools.wraps(original)
    def compile_fx(model: Any, example_inputs: Any, *args: Any, **kwargs: Any) -> Any:
        if not device_guard_available(sim.device_type):
            needs_grad = [
                i
                for i, t in enumerate(torch.utils._pytree.tree_leaves(example_inputs))
                if isinstance(t, torch.Tensor) and t.requires_grad and t.device.type == sim.device_type
            ]
            if needs_grad:
                # Even under no_grad, AOTAutograd mirrors autograd metadata of
                # inputs that require grad, which reaches the device guard.
                raise SimulationError(
                    f"graph inputs {needs_grad} require grad: a simulation compiles inference "
                    "graphs only (autograd on xpu tensors needs an xpu device guard, which this "
                    "torch build lacks, and its absence aborts the process). Use "
                    "Simulation.to_fake(), which makes parameters not require grad, or "
                    "requires_grad_(False)"
                    + (f"; the autograd shim is unavailable: {sim.autograd_unavailable}" if sim.autograd_unavailable else "")
                )
        return original(model, example_inputs, *args, **kwargs)

    _set_attr(stack, compile_fx_module, "compile_fx", compile_fx, sim)


def _install_query_recorder(stack: contextlib.ExitStack, sim: Simulation) -> None:
    module = getattr(torch, sim.device_type)
    # A CudaApiRecorder replaces torch.cuda with a proxy of the real module:
    # wrap the real module's functions (the proxy records its own accesses).
    module = getattr(module, "_real", module)
    xpu_dir = os.path.dirname(module.__file__)
    skip = (xpu_dir, __file__)

    def wrap(api: str, original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def recorded(*args: Any, **kwargs: Any) -> Any:
            if sys._getframe(1).f_code.co_filename.startswith(xpu_dir):
                return original(*args, **kwargs)  # torch.xpu calling itself: not a new query
            caller = _caller_outside(skip)
            try:
                result = original(*args, **kwargs)
            except Exception as e:
                sim._record_query(f"torch.{sim.device_type}.{api}", caller, f"raised {type(e).__name__}")
                raise
            sim._record_query(f"torch.{sim.device_type}.{api}", caller, f"returned {result!r:.80}")
            return result

        return recorded

    for api in RECORDED_XPU_APIS:
        original = vars(module).get(api)
        if callable(original):
            _set_attr(stack, module, api, wrap(api, original), sim)


# Device probes: functions that decide what code to generate by asking
# torch.cuda -- this machine -- whether the device is there and its compute
# capability, instead of the device interface.  In a cuda simulation the
# profile answers those two questions while such a function runs, and only
# then (torch.cuda.is_available() stays False for everything else, and every
# other torch.cuda call reaches the real runtime).  With no GPU the
# capability query raises and no kernel could be generated; the TMA probes
# would say "no TMA" where an sm_90 device says yes.  (module, qualname)
_CUDA_DEVICE_PROBES: tuple[tuple[str, str], ...] = (
    # Asks torch.cuda.get_device_capability() for every load and store of a
    # cuda kernel, before it looks at config.triton.use_tensor_descriptor.
    ("torch._inductor.codegen.triton", "TMACompatibilityChecker.can_use_tma"),
    # Cached "does the device have TMA / tensor descriptors" probes.
    ("torch.utils._triton", "_device_supports_tensor_descriptor"),
    ("torch.utils._triton", "has_triton_tma_device"),
    ("torch.utils._triton", "has_triton_cuda_tma_device"),
    ("torch.utils._triton", "has_triton_stable_tma_api"),
    ("torch.utils._triton", "has_datacenter_blackwell_tma_device"),
    ("torch.utils._triton", "has_triton_tensor_descriptor_host_tma"),
    ("torch.utils._triton", "has_triton_experimental_host_tma"),
    ("torch.utils._triton", "has_triton_tma"),
)


def _replace_everywhere(
    stack: contextlib.ExitStack, name: str, original: Any, replacement: Any
) -> None:
    """Bind ``replacement`` wherever a torch module holds ``original`` as
    ``name`` (``from x import name`` copies the binding), including modules
    imported while simulating; every one gets ``original`` back on exit."""

    def holders(value: Any) -> list[types.ModuleType]:
        return [
            m
            for m in list(sys.modules.values())
            if isinstance(m, types.ModuleType)
            and m.__name__.startswith("torch")
            and vars(m).get(name) is value
        ]

    def restore() -> None:
        for module in holders(replacement):
            setattr(module, name, original)

    stack.callback(restore)
    for module in holders(original):
        setattr(module, name, replacement)


def _install_device_probes(stack: contextlib.ExitStack, sim: Simulation) -> None:
    import importlib

    if sim.device_type != "cuda":
        return
    cuda = getattr(torch.cuda, "_real", torch.cuda)  # under a CudaApiRecorder proxy
    capability = sim.profile.capability()
    depth = [0]

    def is_available() -> bool:
        return True

    def get_device_capability(device: Any = None) -> tuple[int, int]:
        sim.interface.Worker.get_device_properties(device)  # checks the index
        return capability

    def wrap(original: Callable[..., Any], where: str) -> Callable[..., Any]:
        @functools.wraps(original)
        def probe(*args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return original(*args, **kwargs)
            saved = {n: vars(cuda)[n] for n in ("is_available", "get_device_capability")}
            cuda.is_available = is_available  # type: ignore[attr-defined]
            cuda.get_device_capability = get_device_capability  # type: ignore[attr-defined]
            depth[0] += 1
            try:
                result = original(*args, **kwargs)
            finally:
                depth[0] -= 1
                for n, v in saved.items():
                    setattr(cuda, n, v)
            sim._record_query(
                "torch.cuda.is_available/get_device_capability",
                where,
                f"answered by the profile (True, {capability}): returned {result!r:.40}",
            )
            return result

        if hasattr(original, "cache_clear"):
            probe.cache_clear = original.cache_clear  # type: ignore[attr-defined]
        return probe

    for module_name, qualname in _CUDA_DEVICE_PROBES:
        try:
            owner: Any = importlib.import_module(module_name)
            *path, name = qualname.split(".")
            for part in path:
                owner = getattr(owner, part)
        except (ImportError, AttributeError):
            continue
        original = vars(owner).get(name)
        if not callable(original):
            continue
        where = f"{module_name}.{qualname}"
        cache_clear = getattr(original, "cache_clear", None)
        if cache_clear is not None:
            # A cached machine answer must not be reused inside, nor the
            # profile's answer after.
            cache_clear()
            stack.callback(cache_clear)
        if isinstance(owner, type):
            _set_attr(stack, owner, name, wrap(original, where), sim)
        else:
            _replace_everywhere(stack, name, original, wrap(original, where))
            sim.patches.append(f"{where} (device probe answered by the profile)")


def _install_gpu_type(stack: contextlib.ExitStack, sim: Simulation) -> None:
    """``torch._inductor.utils.get_gpu_type()`` answers the simulated device type.

    It is the GPU type Inductor targets where no device is given
    (``fx_passes/joint_graph.py`` ``bmm_to_mm``, ``fx_passes/post_grad.py``
    ``move_constructors_to_gpu``, autotuning helpers), and it asks this
    machine, not the device interfaces: ``torch.accelerator`` first
    (torch_patches/0003), then, on torch < 2.15, ``torch.<type>.is_available()``.
    So it answered "cuda" in an xpu simulation (no accelerator, or an NVIDIA
    one), and those passes did not target xpu as they do on hardware.  The
    function is replaced in ``torch._inductor.utils`` and in every module
    that imported it by name, including modules imported while simulating;
    all get the original back on exit.  ``torch.xpu.is_available()`` and
    ``torch.accelerator`` are not touched.
    """
    import torch._inductor.utils as inductor_utils

    original = inductor_utils.get_gpu_type

    def get_gpu_type() -> str:
        return sim.device_type

    # _clear_device_caches() calls cache_clear() on whatever the module holds.
    get_gpu_type.cache_clear = original.cache_clear  # type: ignore[attr-defined]
    _replace_everywhere(stack, "get_gpu_type", original, get_gpu_type)
    sim.patches.append(f"torch._inductor.utils.get_gpu_type (answers {sim.device_type!r})")


def _install_config(stack: contextlib.ExitStack, sim: Simulation, overrides: dict[str, Any]) -> None:
    import torch._functorch.config as functorch_config
    import torch._inductor.config as inductor_config

    forbidden = {
        k: v
        for k, v in overrides.items()
        if k in SIMULATION_INDUCTOR_CONFIG and v != SIMULATION_INDUCTOR_CONFIG[k]
    }
    if forbidden:
        raise SimulationError(
            f"these Inductor options cannot be used in a simulation: {forbidden} "
            "(they benchmark kernels, start workers, or need compiled kernels)"
        )
    if overrides.get("freezing", inductor_config.freezing):
        # FREEZING_ADJUSTMENT: fake parameters have no values to inline.
        overrides.setdefault("always_keep_tensor_constants", True)
    # Inductor reads storages' data pointers (freezing compares parameters'
    # storages, the C++ wrapper checks alignment: torch/_inductor/utils.py);
    # on fake tensors that warns, harmlessly.
    stack.enter_context(warnings.catch_warnings())
    warnings.filterwarnings("ignore", message="Accessing the data pointer of FakeTensor")
    stack.enter_context(inductor_config.patch({**SIMULATION_INDUCTOR_CONFIG, **overrides}))
    stack.enter_context(functorch_config.patch(SIMULATION_FUNCTORCH_CONFIG))
    sim.patches.append("torch._inductor.config / torch._functorch.config (patched)")


# ---------------------------------------------------------------------------

_active_lock = threading.Lock()
_active: Simulation | None = None


def active_simulation() -> Simulation | None:
    """The simulation currently entered in this process, if any."""
    return _active


@contextlib.contextmanager
def simulate(
    profile: str | DeviceProfile = "max1550",
    *,
    device_count: int | None = None,
    inductor_config: dict[str, Any] | None = None,
    output_dir: str | None = None,
) -> Iterator[Simulation]:
    """Generate Inductor code for the Intel GPU ``profile`` describes, on this
    machine, executing nothing.

    ``device_count`` defaults to the profile's ``devices_per_card``.
    ``inductor_config`` adds Inductor options (those a simulation fixes
    cannot be changed).  Generated modules are written to ``output_dir``
    (kept) or to a temporary directory removed on exit.

    Not reentrant, and process-global while entered (Inductor's registries
    are): one simulation at a time."""
    global _active
    prof = get_profile(profile)
    count = prof.devices_per_card if device_count is None else device_count
    if count < 1:
        raise SimulationError("device_count must be >= 1")
    if prof.device_type == "cuda" and not torch.cuda._is_compiled():
        # FakeTensorMode needs the CUDA device guard of a CUDA build.
        raise SimulationError(
            f"simulating {prof.key} ({prof.name}) needs a CUDA build of torch "
            f"(this is {torch.__version__}); a GPU is not needed"
        )
    if not _active_lock.acquire(blocking=False):
        raise SimulationError("a simulation is already active; simulations do not nest")
    own_dir = output_dir is None
    out = tempfile.mkdtemp(prefix=f"inductor_xpu_sim_{prof.key}_") if own_dir else output_dir
    assert out is not None
    os.makedirs(out, exist_ok=True)
    sim = Simulation(prof, count, out)
    frames_before = _compiled_frame_count()
    try:
        with contextlib.ExitStack() as stack:
            if own_dir:
                stack.callback(shutil.rmtree, out, True)
            stack.callback(_reset_dynamo_if_compiled, frames_before)
            stack.callback(_clear_device_caches)
            _install_config(stack, sim, dict(inductor_config or {}))
            _install_device_interface(stack, sim)
            _install_backend(stack, sim)
            _install_fake_device_context(stack, sim)
            _install_triton_target(stack, sim)
            _install_capture(stack, sim)
            _install_constant_identity(stack, sim)
            _install_tensor_methods(stack, sim)
            _install_sdpa(stack, sim)
            _install_conv_backend(stack, sim)
            _install_grad_guard(stack, sim)
            _install_query_recorder(stack, sim)
            _install_gpu_type(stack, sim)
            _install_device_probes(stack, sim)
            _clear_device_caches()
            _active = sim
            sim.active = True
            try:
                yield sim
            finally:
                sim.active = False
                _active = None
    finally:
        _active_lock.release()


def _compiled_frame_count() -> int:
    from torch._dynamo.utils import counters

    return sum(counters["frames"].values())


def _reset_dynamo_if_compiled(frames_before: int) -> None:
    # Dynamo caches compiled frames on the code objects; frames compiled for
    # the simulated device must not be found again after the simulation.
    if _compiled_frame_count() != frames_before:
        torch._dynamo.reset()
