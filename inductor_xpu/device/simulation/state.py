"""The state of one ``simulate()`` context, and what it offers inside:
fake inputs on the simulated device and ``compile``; and what a simulated
device type is (:class:`SimulatedDevice`: the installers a simulation of it
enters, and the values in which device types differ).

The installers (the other modules of this package) take a :class:`Simulation`
and change it; this module imports none of them, so each of them may name
it.  Which installers a device type has is
:mod:`~inductor_xpu.device.simulation.devices`."""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import itertools
from collections.abc import Callable, Iterable
from typing import Any

import torch

from inductor_xpu.device.device_interface import SimulatedInterface
from inductor_xpu.device.meta.sdpa import SdpaRule
from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.simulation.freezing import ConstantOrigins
from inductor_xpu.device.simulation.results import CompileResult, DeviceQuery, GeneratedCode, SimulationError
from inductor_xpu.device.tensor_methods import device_guard_available


# A context manager factory ``installer(sim)`` that changes one thing for the
# simulation's lifetime and undoes it exactly on exit.
Installer = Callable[["Simulation"], contextlib.AbstractContextManager[Any]]


@dataclasses.dataclass(frozen=True)
class SimulatedDevice:
    """One simulated device type."""

    type: str
    # The device interface class; SimulatedInterface.for_profile declares a
    # simulation's subclass of it.  (builtins.type: the field ``type`` above
    # is what ``type`` names in this class body.)
    interface: builtins.type[SimulatedInterface]
    # Entered in this order, undone in reverse.
    installers: tuple[Installer, ...]
    # The hash put into every kernel's inductor_meta["backend_hash"].
    backend_hash: Callable[[DeviceProfile], str]
    # The SDPA backend choice of the device's build.
    sdpa: builtins.type[SdpaRule]
    # Whether FakeTensorMode has this device type's device guard in this
    # build, so autograd works on its fake tensors without the xpu shim.
    native_autograd: bool = False
    # Why this torch cannot simulate the device type (None: it can).
    unsupported: Callable[[DeviceProfile], str | None] = lambda profile: None


class Simulation:
    """State of one ``simulate()`` context."""

    def __init__(
        self,
        profile: DeviceProfile,
        simulated_device: SimulatedDevice,
        device_count: int,
        output_dir: str,
        inductor_options: dict[str, Any] | None = None,
    ) -> None:
        from torch._subclasses.fake_tensor import FakeTensorMode

        self.profile = profile
        # "xpu", or "cuda" for an NVIDIA profile: the device type simulated.
        self.device_type = profile.device_type
        self.simulated_device = simulated_device
        self.device_count = device_count
        self.output_dir = output_dir
        # Inductor options asked for on top of the simulation's own.
        self.inductor_options: dict[str, Any] = dict(inductor_options or {})
        self.interface = self.simulated_device.interface.for_profile(profile, device_count)
        # allow_non_fake_inputs: replaying a compiled graph may meet real CPU
        # constants captured in it.
        self.fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
        self.generated: list[GeneratedCode] = []
        self._queries: dict[tuple[str, str], DeviceQuery] = {}
        self.active = False
        # What the installers replaced or registered, one line each.
        self.installed: list[str] = []
        # The device's inductor_xpu.device.meta.sdpa.SdpaRule while active: its
        # ``choices`` are the SDPA backends picked so far.
        self.sdpa: Any = None
        # Whether autograd works on the simulated xpu tensors
        # (inductor_xpu.device.xpu_autograd), and if not, why.
        self.autograd = False
        self.autograd_unavailable: str | None = None
        # While active: where each (fake) constant of a compiled graph comes
        # from (inductor_xpu.device.simulation.freezing).
        self.constant_origins: ConstantOrigins | None = None
        # id(fake parameter or buffer) -> (it, its name in the module to_fake
        # converted): which real tensor a fake one stands for.
        self._fake_names: dict[int, tuple[torch.Tensor, str]] = {}

    # -- results -------------------------------------------------------------
    @property
    def device_queries(self) -> list[DeviceQuery]:
        return list(self._queries.values())

    def record_query(self, api: str, caller: str, outcome: str) -> None:
        key = (api, caller)
        if key in self._queries:
            self._queries[key].count += 1
        else:
            self._queries[key] = DeviceQuery(api, caller, outcome)

    # -- grad ----------------------------------------------------------------
    def refuse_grad(self, tensors: Iterable[Any], what: Callable[[list[int]], str], advice: str = "") -> None:
        """Raise :class:`SimulationError` if one of ``tensors`` on the simulated
        device requires grad and this torch has no device guard for it.
        ``what(indices)`` names those tensors; ``advice`` follows the reason."""
        if device_guard_available(self.device_type):
            return
        bad = [
            i
            for i, t in enumerate(tensors)
            if isinstance(t, torch.Tensor) and t.requires_grad and t.device.type == self.device_type
        ]
        if bad:
            unavailable = self.autograd_unavailable
            shim = f"; the autograd shim is unavailable: {unavailable}" if unavailable else ""
            raise SimulationError(
                f"{what(bad)} require grad: a simulation compiles inference graphs only (autograd on xpu "
                "tensors needs an xpu device guard, which this torch build lacks, and its absence aborts "
                f"the process){advice}{shim}"
            )

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

    def fake_name(self, t: torch.Tensor) -> str | None:
        """The name (``"blocks.0.conv.weight"``) of the parameter or buffer
        the fake tensor ``t`` replaced in a module :meth:`to_fake` converted."""
        entry = self._fake_names.get(id(t))
        return entry[1] if entry is not None and entry[0] is t else None

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
        for name, t in itertools.chain(
            module.named_parameters(remove_duplicate=False), module.named_buffers(remove_duplicate=False)
        ):
            self._fake_names.setdefault(id(t), (t, name))
        if keep_grad or self.simulated_device.native_autograd or self.autograd:
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
            # Checked before Dynamo runs: tracing an op on an xpu tensor that
            # requires grad with grad enabled aborts the process (no xpu
            # device guard in this build), so this is the last place to say no.
            leaves = list(torch.utils._pytree.tree_leaves((example_inputs, example_kwargs)))
            if isinstance(fn, torch.nn.Module):
                leaves += list(fn.parameters()) + list(fn.buffers())
            self.refuse_grad(leaves, lambda bad: f"{len(bad)} xpu input/parameter tensor(s)")
        start = len(self.generated)
        compiled = torch.compile(
            fn, backend="inductor", dynamic=dynamic, fullgraph=fullgraph, mode=mode, options=options
        )
        outputs = compiled(*example_inputs, **example_kwargs)
        return CompileResult(outputs=outputs, code=self.generated[start:])

    def _require_active(self) -> None:
        if not self.active:
            raise SimulationError(
                f"the simulation of {self.profile.key} is not active (use it inside `with simulate(...)`)"
            )
