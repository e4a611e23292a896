"""The convolution backend of a bf16 convolution on fake cuda tensors, for a
simulation of an NVIDIA device.

FakeTensor's convolution rule (``torch/_subclasses/fake_impls.py`` ``conv``)
gives the output the memory format of the backend ATen would run:
``torch._C._select_conv_backend`` then
``torch._C._conv_determine_backend_memory_format``.  For bf16, ATen's
``ConvParams::use_cudnn`` (``aten/src/ATen/native/Convolution.cpp``) asks
``getCUDAHooks().supportsBFloat16ConvolutionWithCuDNNv8()``, which is the
current device's ``major >= 8`` (``aten/src/ATen/cuda/detail/CUDAHooks.cpp``).
With no device it is false: not cuDNN, and a channels-last convolution
answers contiguous where an H100 answers channels-last.  That check is the
only place the backend choice differs between bf16 and fp16
(``use_cudnn_depthwise`` restricts its extra cuDNN depthwise case to fp16,
but decides contiguous inputs only, whose format is contiguous for either
backend).

While installed, a bf16 convolution of fake cuda tensors selects its backend
as its fp16 twin (same sizes and strides) does when the profile's
``major >= 8``; the memory format is then determined with the bf16 tensors,
as before.
"""

from __future__ import annotations

from typing import Any, Callable

import torch

from inductor_xpu.device.profile import DeviceProfile


def _fp16_twin(t: Any) -> Any:
    from torch._subclasses.fake_tensor import FakeTensor

    if not isinstance(t, FakeTensor) or t.dtype != torch.bfloat16:
        return t
    with t.fake_mode:
        return torch.empty_strided(t.size(), t.stride(), dtype=torch.float16, device=t.device)


def make_select_conv_backend(original: Callable[..., Any], profile: DeviceProfile) -> Callable[..., Any]:
    supports_bf16_cudnn = profile.major is not None and profile.major >= 8

    def select_conv_backend(*args: Any, **kwargs: Any) -> Any:
        from torch._subclasses.fake_tensor import FakeTensor

        args = list(args)
        slots: list[tuple[Any, Any]] = []  # (container, key) of input, weight, bias
        for i, name in enumerate(("input", "weight", "bias")):
            if i < len(args):
                slots.append((args, i))
            elif name in kwargs:
                slots.append((kwargs, name))
        tensors = [c[k] for c, k in slots[:2]]
        if (
            supports_bf16_cudnn
            and len(tensors) == 2
            and all(isinstance(t, FakeTensor) and t.device.type == "cuda" for t in tensors)
            and any(t.dtype == torch.bfloat16 for t in tensors)
        ):
            for c, k in slots:
                c[k] = _fp16_twin(c[k])
        return original(*args, **kwargs)

    return select_conv_backend
