"""Meta kernels for the oneDNN INT8 weight-prepack ops.

The PT2E INT8 freezing passes (``torchao.quantization.pt2e.inductor_passes.x86``
from torch 2.15, ``torch/_inductor/fx_passes/quantization.py`` before) put
``onednn.qconv_prepack`` and ``onednn.qlinear_prepack`` nodes on the frozen
int8 weights, which freezing's constant folding then evaluates.  On real CPU
tensors that runs the CPU kernels; on fake tensors (a hardware-less xpu
compile, or any FakeTensorMode trace) it needs a Meta kernel, which torch
lacks for ``qconv_prepack`` (2.13 to 2.15) and for ``qlinear_prepack``
(2.13; 2.15 has one), so the compile fails with
``UnsupportedOperatorException: onednn.qconv_prepack.default``.

Like :mod:`.mkldnn_binary`, these are registered through
``torch.library`` by the autoload hook, each only where torch has no Meta
kernel, so an upstream one wins once it exists.

Output rules: those of the XPU kernels, the only ones a fake xpu tensor
stands for (the CPU kernels return opaque oneDNN-layout tensors that have no
Meta equivalent, and CPU compiles fold these ops on real tensors):

* ``qconv_prepack``: XPU has no prepack and returns the weight unchanged
  (``aten/src/ATen/native/mkldnn/xpu/qconv.cpp``, ``qconv_prepack_xpu``):
  a tensor of the weight's shape, strides and dtype;
* ``qlinear_prepack``: XPU returns ``weight.transpose(0, 1)``, shape
  ``(in_features, out_features)`` (``aten/src/ATen/native/mkldnn/xpu/qlinear.cpp``,
  ``q_linear_prepack_onednn``); given as torch 2.15's own Meta kernel does
  (a new ``(K, N)`` tensor), so the generated code is the same on every
  release.

``test/inductor_xpu/meta_kernels/test_onednn_quant_fake_kernels.py`` checks the rules.
"""

from __future__ import annotations

import torch

from inductor_xpu.meta_kernels import MetaKernels


def qconv_prepack(  # noqa: ANN201
    weight,  # noqa: ANN001
    weight_scales,  # noqa: ANN001
    input_scale,  # noqa: ANN001
    input_zero_point,  # noqa: ANN001
    stride,  # noqa: ANN001
    padding,  # noqa: ANN001
    dilation,  # noqa: ANN001
    groups,  # noqa: ANN001
    input_shape=None,  # noqa: ANN001
):
    return weight.new_empty_strided(weight.shape, weight.stride())


def qlinear_prepack(weight, input_shape=None):  # noqa: ANN001, ANN201
    torch._check(weight.dim() == 2, lambda: f"qlinear_prepack expects a 2D weight, got {weight.dim()}D")
    n, k = weight.shape
    torch._check(
        input_shape is None or input_shape[-1] == k,
        lambda: f"qlinear_prepack: input_shape[-1] ({input_shape[-1]}) must match in_features ({k})",
    )
    return weight.new_empty((k, n))


KERNELS = {
    "qconv_prepack": qconv_prepack,
    "qlinear_prepack": qlinear_prepack,
}


# The Library stays alive with it: dropping a Library deregisters its kernels.
META_KERNELS = MetaKernels("onednn", KERNELS)
register = META_KERNELS.register
REGISTERED = META_KERNELS.registered
