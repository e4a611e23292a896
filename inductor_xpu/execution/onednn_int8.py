"""oneDNN INT8 ops of an xpu plan, on CPU.

An xpu INT8 plan quantizes activations to signed int8
(``XPUInductorQuantizer``); the CPU kernels of ``onednn.qconv_pointwise`` /
``qlinear_pointwise`` take unsigned activations and their own opaque packed
weights, so they cannot run the plan's calls.  Here each INT8 op is its
definition, written out: dequantize the activation and the (per-channel)
weight, the fp32 convolution or linear with bias, the binary post-op
(``sum``/``add`` with the dequantized accumulator), the unary post-op, then
quantize to the output dtype (round half to even, zero point, clamp) or
cast.  They are reference implementations (labelled as such in the result),
the same arithmetic as the PT2E quantize/dequantize reference of the
program the plan was compiled from.

The weights the plan was compiled for are xpu's prepacked weights, plain
int8 tensors: ``onednn.qconv_prepack`` keeps the weight's shape and
``onednn.qlinear_prepack`` transposes it (``[in, out]``), as the constants'
compiled sizes say; :data:`PREPACK` computes them on CPU for the folded
constants (:mod:`~inductor_xpu.execution.constants`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.nn.functional as F

from inductor_xpu.execution.onednn_post_ops import apply_binary_post_op, apply_unary_post_op


onednn = torch.ops.onednn


def _scalar(t: Any) -> Any:
    return t.item() if isinstance(t, torch.Tensor) and t.numel() == 1 else t


def _dequantize_activation(qx: torch.Tensor, scale: Any, zero_point: Any) -> torch.Tensor:
    if qx.is_floating_point():  # a float input (dynamic quantization quantizes inside the op)
        return qx.float()
    return (qx.float() - _scalar(zero_point)) * _scalar(scale)


def _dequantize_weight(
    qw: torch.Tensor, scale: torch.Tensor, zero_point: torch.Tensor, channel_dim: int
) -> torch.Tensor:
    shape = [1] * qw.dim()
    shape[channel_dim] = -1
    return (qw.float() - zero_point.reshape(shape).float()) * scale.reshape(shape).float()


def _output(y: torch.Tensor, scale: float, zero_point: int, dtype: torch.dtype | None) -> torch.Tensor:
    dtype = dtype or torch.float32
    if dtype in (torch.int8, torch.uint8):
        info = torch.iinfo(dtype)
        return torch.clamp(torch.round(y / scale) + zero_point, info.min, info.max).to(dtype)
    return y.to(dtype)


def _binary(y: torch.Tensor, other: torch.Tensor, scale: float, zero_point: int, attr: str, alpha: Any) -> torch.Tensor:
    return apply_binary_post_op(y, _dequantize_activation(other, scale, zero_point), attr, alpha)


def _conv(
    qx, x_scale, x_zp, qw, w_scale, w_zp, bias, stride, padding, dilation, groups
) -> torch.Tensor:
    x = _dequantize_activation(qx, x_scale, x_zp)
    w = _dequantize_weight(qw, w_scale, w_zp, 0)
    b = bias.float() if bias is not None else None
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[qx.dim() - 2]
    return conv(x, w, b, list(stride), list(padding), list(dilation), int(groups))


def _linear(qx, x_scale, x_zp, qw, w_scale, w_zp, bias) -> torch.Tensor:
    x = _dequantize_activation(qx, x_scale, x_zp)
    w = _dequantize_weight(qw, w_scale, w_zp, 1)  # [in, out]: xpu's prepacked layout
    y = x @ w
    return y + bias.float() if bias is not None else y


def qconv_pointwise(
    qx, x_scale, x_zp, qw, w_scale, w_zp, bias, stride, padding, dilation, groups,
    output_scale, output_zp, output_dtype, attr, scalars, algorithm,
) -> torch.Tensor:
    y = _conv(qx, x_scale, x_zp, qw, w_scale, w_zp, bias, stride, padding, dilation, groups)
    return _output(apply_unary_post_op(y, attr, scalars, algorithm), output_scale, output_zp, output_dtype)


def qconv2d_pointwise_binary(
    qx, x_scale, x_zp, qw, w_scale, w_zp, qaccum, bias, stride, padding, dilation, groups,
    output_scale, output_zp, output_dtype, accum_scale, accum_zp, binary_attr, alpha,
    unary_attr, unary_scalars, unary_algorithm,
) -> torch.Tensor:
    """The ``sum`` post-op writes into the accumulator (the generated code
    reads the result there); ``add`` returns a new tensor."""
    y = _conv(qx, x_scale, x_zp, qw, w_scale, w_zp, bias, stride, padding, dilation, groups)
    y = _binary(y, qaccum, accum_scale, accum_zp, binary_attr, alpha)
    y = apply_unary_post_op(y, unary_attr, unary_scalars, unary_algorithm)
    out = _output(y, output_scale, output_zp, output_dtype)
    if binary_attr == "sum":
        qaccum.copy_(out)
        return qaccum
    return out


def qlinear_pointwise(
    qx, x_scale, x_zp, qw, w_scale, w_zp, bias, output_scale, output_zp, output_dtype,
    post_op_name, post_op_args, post_op_algorithm,
) -> torch.Tensor:
    y = _linear(qx, x_scale, x_zp, qw, w_scale, w_zp, bias)
    y = apply_unary_post_op(y, post_op_name, post_op_args, post_op_algorithm)
    return _output(y, output_scale, output_zp, output_dtype)


def qlinear_pointwise_binary(
    qx, x_scale, x_zp, qw, w_scale, w_zp, other, bias, output_scale, output_zp, output_dtype,
    other_scale, other_zp, binary_post_op, binary_alpha, unary_post_op, unary_post_op_args,
    unary_post_op_algorithm,
) -> torch.Tensor:
    y = _linear(qx, x_scale, x_zp, qw, w_scale, w_zp, bias)
    y = _binary(y, other, other_scale, other_zp, binary_post_op, binary_alpha)
    y = apply_unary_post_op(y, unary_post_op, unary_post_op_args, unary_post_op_algorithm)
    out = _output(y, output_scale, output_zp, output_dtype)
    if binary_post_op == "sum":
        other.copy_(out)
        return other
    return out


def _ops(packet: Any, names: Sequence[str]) -> list[Any]:
    return [getattr(packet, n) for n in names if hasattr(packet, n)]


def _references() -> dict[Any, Callable[..., Any]]:
    if not hasattr(onednn, "qconv_pointwise"):
        return {}
    refs: dict[Any, Callable[..., Any]] = {}
    for op in _ops(onednn.qconv_pointwise, ("default", "tensor")):
        refs[op] = qconv_pointwise
    for name in ("qconv2d_pointwise", "qconv_pointwise"):
        if hasattr(onednn, name):
            for op in _ops(getattr(onednn, name), ("binary", "binary_tensor")):
                refs[op] = qconv2d_pointwise_binary
    for op in _ops(onednn.qlinear_pointwise, ("default", "tensor")):
        refs[op] = qlinear_pointwise
    for op in _ops(onednn.qlinear_pointwise, ("binary", "binary_tensor")):
        refs[op] = qlinear_pointwise_binary
    return refs


# oneDNN INT8 op -> its reference (an xpu plan's signed int8 activations and
# plain prepacked weights have no CPU kernel).
REFERENCES: dict[Any, Callable[..., Any]] = _references()


def xpu_qconv_prepack(weight: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
    """xpu's ``onednn.qconv_prepack``: the int8 weight, as it is."""
    return weight.contiguous()


def xpu_qlinear_prepack(weight: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
    """xpu's ``onednn.qlinear_prepack``: the int8 weight ``[out, in]``
    transposed to ``[in, out]``."""
    return weight.t().contiguous()


# A prepack op in a folded computation (the PT2E passes call the overload
# packet) -> what it computes for xpu.
PREPACK: dict[Any, Callable[..., Any]] = (
    {
        op: xpu
        for packet, xpu in ((onednn.qconv_prepack, xpu_qconv_prepack), (onednn.qlinear_prepack, xpu_qlinear_prepack))
        for op in (packet, packet.default)
    }
    if hasattr(onednn, "qconv_prepack")
    else {}
)
