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
from collections.abc import Callable, Iterator
from typing import Any

import torch

from inductor_xpu.targets.device_interface import (
    make_simulated_xpu_interface,
    SimulatedDeviceError,
)
from inductor_xpu.targets.tensor_methods import (
    device_guard_available,
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
    "cpp_wrapper": False,
    "fx_wrapper": False,
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

# torch.xpu functions whose calls are recorded while simulating.
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


@dataclasses.dataclass(frozen=True)
class GeneratedCode:
    """One compiled graph's generated code."""

    profile: str
    wrapper_kind: str  # "python"
    source: str
    path: str

    _KERNEL_RE = re.compile(
        r"(\w+) = async_compile\.triton\('(\w+)', '''(.*?)''', device_str='(\w+)'\)",
        re.DOTALL,
    )

    def triton_kernels(self) -> dict[str, str]:
        """Kernel name -> Triton source, as the wrapper defines them."""
        return {m.group(2): m.group(3) for m in self._KERNEL_RE.finditer(self.source)}

    def kernel_device_strs(self) -> set[str]:
        return {m.group(4) for m in self._KERNEL_RE.finditer(self.source)}


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
        self.device_count = device_count
        self.output_dir = output_dir
        self.interface = make_simulated_xpu_interface(profile, device_count)
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
            raise SimulationError(f"xpu:{index} is not simulated ({self.device_count} device(s))")
        return torch.device(DEVICE, index)

    def tensor(
        self,
        *size: int,
        dtype: torch.dtype = torch.float32,
        stride: tuple[int, ...] | None = None,
        requires_grad: bool = False,
        index: int = 0,
    ) -> torch.Tensor:
        """A fake tensor on simulated ``xpu:index`` (no data)."""
        if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
            size = tuple(size[0])
        with self.fake_mode:
            if stride is None:
                out = torch.empty(size, dtype=dtype, device=self.device(index))
            else:
                out = torch.empty_strided(size, stride, dtype=dtype, device=self.device(index))
        return out.requires_grad_(requires_grad)

    def to_fake(self, obj: Any, index: int = 0) -> Any:
        """A fake xpu twin of a tensor (same shape, strides and dtype; no
        data; not requiring grad), or a module whose parameters and buffers
        are replaced by such twins in place (like ``module.to("xpu")``, plus
        ``requires_grad_(False)``: a simulation compiles inference graphs)."""
        if isinstance(obj, torch.nn.Module):
            return self._fake_module(obj, index)
        if isinstance(obj, torch.Tensor):
            return self._fake_tensor(obj, index=index)
        raise TypeError(f"cannot make a fake xpu {type(obj).__name__}")

    def _fake_module(self, module: torch.nn.Module, index: int) -> torch.nn.Module:
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
        for param in module.parameters():
            param.requires_grad_(False)
        return module

    def _fake_tensor(self, t: torch.Tensor, index: int = 0) -> torch.Tensor:
        from torch._subclasses.fake_tensor import FakeTensor

        if isinstance(t, FakeTensor) and t.fake_mode is self.fake_mode and t.device.type == DEVICE:
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
        self._refuse_grad(fn, example_inputs, example_kwargs)
        start = len(self.generated)
        compiled = torch.compile(
            fn, backend="inductor", dynamic=dynamic, fullgraph=fullgraph, mode=mode, options=options
        )
        outputs = compiled(*example_inputs, **example_kwargs)
        return CompileResult(outputs=outputs, code=self.generated[start:])

    @staticmethod
    def _refuse_grad(fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        # Checked before Dynamo runs: tracing an op on an xpu tensor that
        # requires grad with grad enabled aborts the process (no xpu device
        # guard in this build), so this is the last place to say no.
        leaves = list(torch.utils._pytree.tree_leaves((args, kwargs)))
        if isinstance(fn, torch.nn.Module):
            leaves += list(fn.parameters()) + list(fn.buffers())
        bad = [t for t in leaves if isinstance(t, torch.Tensor) and t.requires_grad and t.device.type == DEVICE]
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
                    "a graph compiled for a simulated xpu was called with a real tensor "
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
        return super().run_node(n)


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
    di.register_interface_for_device(DEVICE, sim.interface)
    for index in range(sim.device_count):
        di.register_interface_for_device(f"{DEVICE}:{index}", sim.interface)
    sim.patches.append("torch._dynamo.device_interface.device_interfaces['xpu'...]")


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
        if device.type != DEVICE:
            original(device)

    fake_tensor.init_gpu_context = init_gpu_context  # type: ignore[assignment]
    stack.callback(setattr, fake_tensor, "init_gpu_context", original)
    sim.patches.append("torch._subclasses.fake_tensor.init_gpu_context (skips xpu)")


def _install_triton_target(stack: contextlib.ExitStack, sim: Simulation) -> None:
    import torch.utils._triton as triton_utils

    backend_hash = _simulated_backend_hash(sim.profile)

    def triton_hash_with_backend() -> str:
        return backend_hash

    def triton_backend() -> Any:
        raise SimulatedDeviceError(
            "no Intel Triton backend is installed, so no Triton compiler exists for the "
            f"simulated target {sim.profile.triton_target()!r}"
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
        code = GeneratedCode(profile=sim.profile.key, wrapper_kind="python", source=source, path=path)
        sim.generated.append(code)
        log.info("simulated %s: captured generated code -> %s", sim.profile.key, path)
        gm = getattr(self, "orig_gm", None) or self.module
        assert isinstance(gm, torch.fx.GraphModule)
        return SimulatedCompiledModule(sim, gm, path, code)

    def codegen_with_cpp_wrapper(self: GraphLowering, *args: Any, **kwargs: Any) -> Any:
        raise SimulationError(
            "cpp_wrapper is not supported by a simulation: the C++ wrapper embeds "
            "compiled Triton kernels, which need the Intel Triton backend"
        )

    _set_attr(stack, GraphLowering, "_compile_to_module_lines", _compile_to_module_lines, sim)
    _set_attr(stack, GraphLowering, "codegen_with_cpp_wrapper", codegen_with_cpp_wrapper, sim)


def _install_sdpa(stack: contextlib.ExitStack, sim: Simulation) -> None:
    from inductor_xpu.targets.sdpa import install

    sim.sdpa = stack.enter_context(install(sim.profile))
    sim.patches.append("aten::scaled_dot_product_attention (AutogradXPU kernel)")
    sim.patches.append("torch._subclasses.fake_impls rule: aten._fused_sdp_choice (xpu)")


def _install_tensor_methods(stack: contextlib.ExitStack, sim: Simulation) -> None:
    if device_guard_available(DEVICE):
        return
    for name, method in make_tensor_method_overrides(DEVICE, sim.interface.current_device).items():
        _set_attr(stack, torch.Tensor, name, method, sim)


def _install_grad_guard(stack: contextlib.ExitStack, sim: Simulation) -> None:
    # The autograd engine asks the (absent) xpu device guard for a stream
    # when it records an op on an xpu tensor that requires grad, and that
    # aborts the process (see tensor_methods).  Simulate inference only, and
    # refuse a compile that would trace a joint graph instead of crashing.
    import torch._inductor.compile_fx as compile_fx_module

    stack.enter_context(torch.no_grad())
    original = compile_fx_module.compile_fx

    @functools.wraps(original)
    def compile_fx(model: Any, example_inputs: Any, *args: Any, **kwargs: Any) -> Any:
        if not device_guard_available(DEVICE):
            needs_grad = [
                i
                for i, t in enumerate(torch.utils._pytree.tree_leaves(example_inputs))
                if isinstance(t, torch.Tensor) and t.requires_grad and t.device.type == DEVICE
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
                )
        return original(model, example_inputs, *args, **kwargs)

    _set_attr(stack, compile_fx_module, "compile_fx", compile_fx, sim)


def _install_query_recorder(stack: contextlib.ExitStack, sim: Simulation) -> None:
    xpu_dir = os.path.dirname(torch.xpu.__file__)
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
                sim._record_query(f"torch.xpu.{api}", caller, f"raised {type(e).__name__}")
                raise
            sim._record_query(f"torch.xpu.{api}", caller, f"returned {result!r:.80}")
            return result

        return recorded

    for api in RECORDED_XPU_APIS:
        original = getattr(torch.xpu, api, None)
        if callable(original):
            _set_attr(stack, torch.xpu, api, wrap(api, original), sim)


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
            _install_tensor_methods(stack, sim)
            _install_sdpa(stack, sim)
            _install_grad_guard(stack, sim)
            _install_query_recorder(stack, sim)
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
