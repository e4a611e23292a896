"""The extern calls of a generated program on CPU.

``extern_kernels.mm/addmm/bmm/convolution``, the oneDNN fused ops
(``mkldnn._convolution_pointwise``, ``_linear_pointwise``, ``onednn.q*``) and
ATen fallbacks run on the CPU kernels of the same ops once their tensors are
CPU tensors.  :class:`ExternOpRecorder` records which ran, and gives the ops
that have no CPU kernel a reference implementation (:data:`REFERENCES`: the
fused SDPA, and the oneDNN INT8 ops of :mod:`.onednn_int8`) -- and the
fused float oneDNN ops, where their CPU kernel has none for the dtype
(:mod:`.onednn_fp`) --, labelled as such in the result."""

from __future__ import annotations

import logging
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from inductor_xpu.targets.execution import onednn_fp, onednn_int8
from inductor_xpu.targets.execution.kernels import ExecutionState


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


def attention_scores(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attn_bias: torch.Tensor | None,
    is_causal: bool,
    scale: float | None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Scaled, masked attention scores in fp32 and the fp32 query, key and
    value they come from (grouped-query attention: each key/value head
    repeated for the query heads it serves) -- what the SDPA references
    compute the forward and the backward from."""
    q, k, v = (t.float() for t in (query, key, value))
    groups = q.size(-3) // k.size(-3)
    if groups != 1:
        k, v = k.repeat_interleave(groups, -3), v.repeat_interleave(groups, -3)
    scale_ = scale if scale is not None else 1.0 / math.sqrt(q.size(-1))
    scores = (q @ k.transpose(-2, -1)) * scale_
    if is_causal:
        keep = torch.ones(q.size(-2), k.size(-2), dtype=torch.bool).tril()
        scores = scores.masked_fill(~keep, float("-inf"))
    if attn_bias is not None and attn_bias.dtype == torch.bool:
        scores = scores.masked_fill(~attn_bias, float("-inf"))
    elif attn_bias is not None:
        scores = scores + attn_bias.float()
    return scores, q, k, v


def sdpa_fused_overrideable_reference(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attn_bias: torch.Tensor | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    return_debug_mask: bool = False,
    *,
    scale: float | None = None,
) -> tuple[Any, ...]:
    """``aten._scaled_dot_product_fused_attention_overrideable`` (oneDNN's
    fused SDPA on xpu; no CPU kernel): attention computed in fp32 and cast to
    the query's dtype, in the output layout and with the outputs of the op's
    schema (output, logsumexp, cum_seq_q/k None, max_q/k, seed, offset,
    debug mask None), the output's strides those of the op's meta function."""
    if dropout_p != 0.0:
        from inductor_xpu.targets.execution.errors import CannotExecute

        raise CannotExecute("the SDPA reference implements no dropout (dropout_p != 0)")
    scores, _, _, v = attention_scores(query, key, value, attn_bias, is_causal, scale)
    logsumexp = torch.logsumexp(scores, dim=-1)
    out = torch.softmax(scores, dim=-1) @ v
    meta = aten._scaled_dot_product_fused_attention_overrideable.default(
        *(t.to("meta") for t in (query, key, value)),
        attn_bias.to("meta") if attn_bias is not None else None,
        dropout_p,
        is_causal,
        return_debug_mask,
        scale=scale,
    )
    result = torch.empty_strided(meta[0].shape, meta[0].stride(), dtype=query.dtype)
    result.copy_(out)
    lse = logsumexp.reshape(meta[1].shape).to(meta[1].dtype)
    seed = torch.zeros((), dtype=torch.long)
    offset = torch.zeros((), dtype=torch.long)
    return (result, lse, None, None, meta[4], meta[5], seed, offset, None)


# Ops with no CPU kernel -> a reference implementation.
REFERENCES: dict[Any, Callable[..., Any]] = {
    aten._scaled_dot_product_fused_attention_overrideable.default: sdpa_fused_overrideable_reference,
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
