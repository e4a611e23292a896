"""References for xpu's fused SDPA (oneDNN's
``aten._scaled_dot_product_fused_attention_overrideable`` and its backward),
which have no CPU kernel: softmax attention recomputed in fp32, in the
layouts and dtypes of the ops' meta functions.  Results that used them are
labelled as references."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import torch

from inductor_xpu.execution.errors import CannotExecute


aten = torch.ops.aten


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
        from inductor_xpu.execution.errors import CannotExecute

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


def sdpa_fused_overrideable_backward_reference(
    grad_out: torch.Tensor,
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attn_bias: torch.Tensor | None,
    grad_input_mask: Sequence[bool],
    out: torch.Tensor,
    logsumexp: torch.Tensor,
    cum_seq_q: torch.Tensor | None,
    cum_seq_k: torch.Tensor | None,
    max_q: int,
    max_k: int,
    dropout_p: float,
    is_causal: bool,
    philox_seed: torch.Tensor,
    philox_offset: torch.Tensor,
    *,
    scale: float | None = None,
) -> tuple[torch.Tensor | None, ...]:
    """``aten._scaled_dot_product_fused_attention_overrideable_backward``
    (oneDNN's fused SDPA backward on xpu; no CPU kernel): the gradients of
    softmax attention, recomputed in fp32 from query/key/value as the
    forward's reference computes it, in the layouts and dtypes of the op's
    meta function (``empty_like`` of each input)."""
    if dropout_p != 0.0:
        raise CannotExecute("the SDPA backward reference implements no dropout (dropout_p != 0)")
    scores, q, k, v = attention_scores(query, key, value, attn_bias, is_causal, scale)
    d_out = grad_out.float()
    groups = query.size(-3) // key.size(-3)  # grouped-query attention: each key/value head serves `groups`
    scale_ = scale if scale is not None else 1.0 / math.sqrt(q.size(-1))
    probs = torch.softmax(scores, dim=-1)
    d_v = probs.transpose(-2, -1) @ d_out
    d_probs = d_out @ v.transpose(-2, -1)
    d_scores = probs * (d_probs - (d_probs * probs).sum(-1, keepdim=True))
    d_q = (d_scores @ k) * scale_
    d_k = (d_scores.transpose(-2, -1) @ q) * scale_
    if groups != 1:
        d_k = d_k.unflatten(-3, (-1, groups)).sum(-3)
        d_v = d_v.unflatten(-3, (-1, groups)).sum(-3)
    meta = torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default(
        *(t.to("meta") for t in (grad_out, query, key, value)),
        attn_bias.to("meta") if attn_bias is not None else None,
        list(grad_input_mask),
        *(t.to("meta") if isinstance(t, torch.Tensor) else t for t in (out, logsumexp, cum_seq_q, cum_seq_k)),
        max_q,
        max_k,
        dropout_p,
        is_causal,
        philox_seed.to("meta"),
        philox_offset.to("meta"),
        scale=scale,
    )
    grads: list[torch.Tensor | None] = []
    for like, grad in zip(meta, (d_q, d_k, d_v, d_scores)):
        if like is None:
            grads.append(None)
            continue
        if grad is d_scores and attn_bias is not None:  # summed over the bias's broadcast dimensions
            grad = grad.sum_to_size(attn_bias.shape)
        result = torch.empty_strided(like.shape, like.stride(), dtype=like.dtype)
        result.copy_(grad)
        grads.append(result)
    return tuple(grads)


# op -> its reference (extern.REFERENCES takes these)
REFERENCES: dict[Any, Callable[..., Any]] = {
    aten._scaled_dot_product_fused_attention_overrideable.default: sdpa_fused_overrideable_reference,
    aten._scaled_dot_product_fused_attention_overrideable_backward.default: sdpa_fused_overrideable_backward_reference,
}
