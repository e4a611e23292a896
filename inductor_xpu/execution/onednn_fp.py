"""oneDNN's fused float convolution and linear ops where the CPU has no kernel
for the dtype.

An xpu plan calls ``mkldnn._convolution_pointwise`` / ``_linear_pointwise``
(with unary and binary post-ops) in the program's dtype.  Their CPU kernels
run fp32 and, on CPUs with the ISA for it, bf16 and fp16; elsewhere oneDNN
has no implementation ("could not create a primitive descriptor", fp16 on a
CPU without AVX-512 FP16).  Only then, the op runs as its definition: the
convolution or linear in fp32 on the upcast operands, the binary post-op,
the unary post-op, cast back to the input's dtype, in the layout the op's
meta function gives (the one the compile assumed and the wrapper asserts)
-- a reference implementation, labelled as such in the result.  (A device computes fp16
ops with fp32 accumulation too.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.nn.functional as F

from inductor_xpu.execution.onednn_post_ops import apply_binary_post_op, apply_unary_post_op


mkldnn = torch.ops.mkldnn


def _conv(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor | None, padding: Sequence[int], stride: Sequence[int],
          dilation: Sequence[int], groups: int) -> torch.Tensor:
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[x.dim() - 2]
    return conv(x.float(), w.float(), b.float() if b is not None else None, list(stride), list(padding),
                list(dilation), int(groups))


def _laid_out(op: Any, args: Sequence[Any], y: torch.Tensor) -> torch.Tensor:
    """``y`` in the shape, strides and dtype that ``op``'s meta function
    gives for ``args`` -- the layout the compile assumed, which the
    generated wrapper asserts (the unary convolution: channels last; the
    binary one: channels last where the input or the weight suggests it)."""
    meta_args = torch.utils._pytree.tree_map(
        lambda a: a.to("meta") if isinstance(a, torch.Tensor) else a, list(args)
    )
    like = op(*meta_args)
    out = torch.empty_strided(like.shape, like.stride(), dtype=like.dtype)
    out.copy_(y)
    return out


def convolution_pointwise(x, w, b, padding, stride, dilation, groups, attr, scalars, algorithm):  # noqa: ANN001, ANN201
    y = apply_unary_post_op(_conv(x, w, b, padding, stride, dilation, groups), attr, scalars, algorithm)
    return _laid_out(
        mkldnn._convolution_pointwise.default, (x, w, b, padding, stride, dilation, groups, attr, scalars, algorithm), y
    )


def convolution_pointwise_binary(  # noqa: ANN201
    x, other, w, b, padding, stride, dilation, groups, binary_attr, alpha, unary_attr, unary_scalars,  # noqa: ANN001
    unary_algorithm,  # noqa: ANN001
):
    y = apply_binary_post_op(_conv(x, w, b, padding, stride, dilation, groups), other, binary_attr, alpha)
    y = apply_unary_post_op(y, unary_attr, unary_scalars, unary_algorithm)
    args = (x, other, w, b, padding, stride, dilation, groups, binary_attr, alpha, unary_attr, unary_scalars,
            unary_algorithm)
    return _laid_out(mkldnn._convolution_pointwise.binary, args, y)


def convolution_pointwise_binary_inplace(  # noqa: ANN201
    other, x, w, b, padding, stride, dilation, groups, binary_attr, alpha, unary_attr, unary_scalars,  # noqa: ANN001
    unary_algorithm,  # noqa: ANN001
):
    """``mkldnn._convolution_pointwise_.binary``: the result is written into
    ``other`` (the accumulator), which is returned."""
    out = convolution_pointwise_binary(
        x, other, w, b, padding, stride, dilation, groups, binary_attr, alpha, unary_attr, unary_scalars,
        unary_algorithm,
    )
    other.copy_(out)
    return other


def linear_pointwise(x, w, b, attr, scalars, algorithm):  # noqa: ANN001, ANN201
    y = apply_unary_post_op(F.linear(x.float(), w.float(), b.float() if b is not None else None), attr, scalars,
                            algorithm)
    return _laid_out(mkldnn._linear_pointwise.default, (x, w, b, attr, scalars, algorithm), y)


def linear_pointwise_binary(x, other, w, b, attr):  # noqa: ANN001, ANN201
    y = apply_binary_post_op(F.linear(x.float(), w.float(), b.float() if b is not None else None), other, attr)
    return _laid_out(mkldnn._linear_pointwise.binary, (x, other, w, b, attr), y)


def _references() -> dict[Any, Callable[..., Any]]:
    refs: dict[Any, Callable[..., Any]] = {}
    if hasattr(mkldnn, "_convolution_pointwise"):
        refs[mkldnn._convolution_pointwise.default] = convolution_pointwise
        refs[mkldnn._convolution_pointwise.binary] = convolution_pointwise_binary
    if hasattr(mkldnn, "_convolution_pointwise_"):
        refs[mkldnn._convolution_pointwise_.binary] = convolution_pointwise_binary_inplace
    if hasattr(mkldnn, "_linear_pointwise"):
        refs[mkldnn._linear_pointwise.default] = linear_pointwise
        refs[mkldnn._linear_pointwise.binary] = linear_pointwise_binary
    return refs


# Op -> its reference, used only where the op's CPU kernel raises for the
# call's dtype (the result names the kernel's error).
WHERE_NO_CPU_KERNEL: dict[Any, Callable[..., Any]] = _references()
