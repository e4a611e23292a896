"""The extern calls of a generated program on CPU.

``extern_kernels.mm/addmm/bmm/convolution``, the oneDNN fused ops
(``mkldnn._convolution_pointwise``, ``_linear_pointwise``, ``onednn.q*``) and
ATen fallbacks run on the CPU kernels of the same ops once their tensors are
CPU tensors.  :class:`ExternOpRecorder` records which ran, and gives the ops
that have no CPU kernel a reference implementation (:data:`REFERENCES`: the
fused SDPA and its backward, :mod:`.sdpa`, and the oneDNN INT8 ops of
:mod:`.onednn_int8`) -- and the
fused float oneDNN ops, where their CPU kernel has none for the dtype
(:mod:`.onednn_fp`) --, labelled as such in the result."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from inductor_xpu.execution import onednn_fp, onednn_int8, sdpa
from inductor_xpu.execution.kernels import ExecutionState


log = logging.getLogger(__name__)

aten = torch.ops.aten

# Allocation and view plumbing of the wrapper itself (and of the
# interpreter's data movement): not extern calls of the program.
_PLUMBING = frozenset(
    {
        "aten.empty_strided",
        "aten.empty",
        "aten.as_strided",
        "aten.alias",
        "aten.view",
        "aten._reshape_alias",
        "aten.detach",
        "aten.set_",
        "aten.new_empty",
        "aten.new_empty_strided",
        "aten.lift_fresh",
    }
)


# Ops with no CPU kernel -> a reference implementation.
REFERENCES: dict[Any, Callable[..., Any]] = {
    **sdpa.REFERENCES,
    **onednn_int8.REFERENCES,
}


def op_name(func: Any) -> str:
    """``aten.mm.out``, ``mkldnn._convolution_pointwise.default``..."""
    packet = func.overloadpacket
    namespace = getattr(packet, "_qualified_op_name", str(packet)).split("::")[0]
    return f"{namespace}.{packet.__name__}.{func._overloadname}"


class ExternOpRecorder(TorchDispatchMode):
    """Counts the ops the wrapper calls (outside Triton kernels), and runs
    the :data:`REFERENCES` in place of ops with no CPU kernel."""

    def __init__(self, state: ExecutionState) -> None:
        super().__init__()
        self._state = state
        self.ops: Counter[str] = Counter()
        self.references: Counter[str] = Counter()

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = kwargs or {}
        if self._state.in_kernel:
            return func(*args, **kwargs)
        name = op_name(func)
        reference = REFERENCES.get(func)
        if reference is not None:
            self.references[name] += 1
            result = reference(*args, **kwargs)
            self._state.record(f"{name} (reference)", (args, kwargs, result))
            return result
        try:
            result = func(*args, **kwargs)
        except RuntimeError as e:
            fallback = onednn_fp.WHERE_NO_CPU_KERNEL.get(func)
            if fallback is None:
                raise
            # no CPU kernel for this dtype on this CPU (oneDNN fp16 without
            # AVX-512 FP16): the op's definition, as a reference
            log.info("%s: the CPU kernel raised (%s); running its reference", name, str(e).splitlines()[0])
            self.references[name] += 1
            result = fallback(*args, **kwargs)
            self._state.record(f"{name} (reference)", (args, kwargs, result))
            return result
        if name.rsplit(".", 1)[0] not in _PLUMBING:
            self.ops[name] += 1
            self._state.record(name, (args, kwargs, result))
        return result
