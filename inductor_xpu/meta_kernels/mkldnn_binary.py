"""Meta kernels for the oneDNN binary post-op fusion ops.

Inductor's mkldnn fusion passes (``torch/_inductor/fx_passes/mkldnn_fusion.py``)
emit ``mkldnn._linear_pointwise.binary``, ``mkldnn._convolution_pointwise.binary``
and the in-place ``mkldnn._convolution_pointwise_.binary``.  torch (2.11 to
2.15) registers Meta kernels for the unary overloads only
(``torch/_meta_registrations.py``), so a FakeTensorMode trace of a graph
holding a binary one fails (``UnsupportedOperatorException``) on every
device; on cpu the fake-tensor fallback does not cover them either.

``torch._meta_registrations`` is imported by ``import torch`` before the
autoload hook runs, so the overlay cannot patch it: these kernels are
registered through ``torch.library`` instead (:func:`register`, called by the
autoload hook), each only where torch has no Meta kernel for the op, so an
upstream one wins once it exists.

The output rules are those of the real kernels (CPU:
``aten/src/ATen/native/mkldnn/Linear.cpp`` and ``Conv.cpp``; XPU:
``aten/src/ATen/native/mkldnn/xpu/Linear.cpp`` and ``Conv.cpp``):

* linear binary: a new contiguous tensor ``input.shape[:-1] + (weight.shape[0],)``
  of the input's dtype (the weight is ``(out_features, in_features)``);
* convolution binary: the convolution's output shape, channels last when the
  input or the weight suggests channels last (``mkldnn_conv_use_channels_last``),
  contiguous otherwise, input's dtype;
* in-place convolution binary: ``other`` itself.

``test/inductor_xpu/meta_kernels/test_mkldnn_fusion_meta.py`` compares each with the real CPU
kernel's shape, strides and dtype.
"""

from __future__ import annotations

import torch

from inductor_xpu.meta_kernels import MetaKernels


def linear_pointwise_binary(input_tensor, other, weight, bias, attr):  # noqa: ANN001, ANN201
    return input_tensor.new_empty((*input_tensor.shape[:-1], weight.shape[0]))


def convolution_pointwise_binary(  # noqa: ANN201
    input_tensor,  # noqa: ANN001
    other,  # noqa: ANN001
    weight,  # noqa: ANN001
    bias,  # noqa: ANN001
    padding,  # noqa: ANN001
    stride,  # noqa: ANN001
    dilation,  # noqa: ANN001
    groups,  # noqa: ANN001
    binary_attr,  # noqa: ANN001
    alpha,  # noqa: ANN001
    unary_attr,  # noqa: ANN001
    unary_scalars,  # noqa: ANN001
    unary_algorithm,  # noqa: ANN001
):
    from torch._meta_registrations import calc_conv_nd_return_shape
    from torch._prims_common import suggest_memory_format

    shape_out = calc_conv_nd_return_shape(input_tensor, weight, stride, padding, dilation, False, groups, [])
    out = input_tensor.new_empty(shape_out)
    channels_last = torch.channels_last if input_tensor.dim() == 4 else torch.channels_last_3d
    if channels_last in (suggest_memory_format(input_tensor), suggest_memory_format(weight)):
        out = out.to(memory_format=channels_last)
    return out


def convolution_pointwise_binary_(other, input_tensor, *args):  # noqa: ANN001, ANN002, ANN201
    return other


KERNELS = {
    "_linear_pointwise.binary": linear_pointwise_binary,
    "_convolution_pointwise.binary": convolution_pointwise_binary,
    "_convolution_pointwise_.binary": convolution_pointwise_binary_,
}


# The Library stays alive with it: dropping a Library deregisters its kernels.
META_KERNELS = MetaKernels("mkldnn", KERNELS)
register = META_KERNELS.register
REGISTERED = META_KERNELS.registered
