"""Hardware-less code generation: ``with simulate("max1550") as sim: ...``.

Inside the context Inductor generates its complete xpu output -- the Python
wrapper module with its Triton kernels -- for fake xpu tensors, on a machine
with no Intel GPU and no Intel Triton backend, and runs none of it (an
NVIDIA profile, such as ``h100``, simulates a cuda device the same way):

* the ``torch._dynamo`` device interface for ``xpu`` answers from a
  :class:`~inductor_xpu.device.profile.DeviceProfile`
  (:mod:`inductor_xpu.device.device_interface`);
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
  (:mod:`inductor_xpu.device.tensor_methods`);
* ``scaled_dot_product_attention`` on xpu tensors picks its backend as
  the XPU build does (:mod:`inductor_xpu.device.meta.sdpa`): ATen's choice
  goes through a dispatch stub only XPU builds register;
* grad is disabled by default, as for inference.  Autograd on xpu tensors
  needs that device guard too, and its absence aborts the process: the
  autograd shim (:mod:`inductor_xpu.device.xpu_autograd`) supplies it, so
  inputs that require grad compile and a training step compiles its
  forward, backward and optimizer graphs
  (:mod:`inductor_xpu.modes.training`, under ``torch.enable_grad()``);
  without the shim (``Simulation.autograd_unavailable`` says why), a
  compile that would trace a joint forward/backward graph is refused;
* Inductor is configured so that nothing benchmarks or autotunes and no
  compile workers are started (they would not see the simulated device);
* calls to ``torch.xpu`` made while compiling are recorded, with their
  callers, in :attr:`Simulation.device_queries`: each is device-biased code
  whose answer comes from this machine, not from the profile.

``torch.xpu.is_available()`` stays False throughout.  Everything is restored
on exit -- registries, patched attributes, configuration, and the caches that
hold device answers -- and Dynamo's compiled-frame cache is reset if
anything was compiled, so nothing compiled for the simulated device survives.

How it is built: each item above is an *installer*, a context manager that
changes one thing and undoes it exactly on exit, in the module of its
concern (``config``, ``autotune``, ``registries``, ``fake_tensors``,
``codegen``, ``constant_capture``, ``operators``, ``grad``, ``queries``).
``devices`` composes them per simulated device type
(:class:`~.state.SimulatedDevice`: ``XPU``, ``CUDA``) as an ordered list,
together with what differs between device types (interface class, backend
hash, SDPA rule); :func:`simulate` (``context``) enters that list in one
``ExitStack``.  :class:`Simulation` (``state``) is the context's state and
inputs, which every installer is given; ``state`` imports no installer.
``replay`` is the module returned in place of the compiled wrapper,
``results`` what comes back, ``freezing`` where each constant comes from.
"""

from __future__ import annotations

from inductor_xpu.generated_code import strip_triton_blocks, TRITON_BLOCK_RE, triton_blocks, TritonBlock
from inductor_xpu.device.simulation.config import (
    FREEZING_ADJUSTMENT,
    SIMULATION_FUNCTORCH_CONFIG,
    SIMULATION_INDUCTOR_CONFIG,
)
from inductor_xpu.device.simulation.context import active_simulation, simulate
from inductor_xpu.device.simulation.devices import CUDA, XPU
from inductor_xpu.device.simulation.queries import RECORDED_XPU_APIS
from inductor_xpu.device.simulation.results import CompileResult, DeviceQuery, GeneratedCode, SimulationError
from inductor_xpu.device.simulation.state import SimulatedDevice, Simulation


DEVICE = XPU.type

__all__ = [
    "CUDA",
    "CompileResult",
    "DEVICE",
    "DeviceQuery",
    "FREEZING_ADJUSTMENT",
    "GeneratedCode",
    "RECORDED_XPU_APIS",
    "SIMULATION_FUNCTORCH_CONFIG",
    "SIMULATION_INDUCTOR_CONFIG",
    "SimulatedDevice",
    "Simulation",
    "SimulationError",
    "TRITON_BLOCK_RE",
    "TritonBlock",
    "XPU",
    "active_simulation",
    "simulate",
    "strip_triton_blocks",
    "triton_blocks",
]
