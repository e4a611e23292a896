"""``scaled_dot_product_attention`` on fake cuda tensors, for a simulation
of an NVIDIA device (``simulate("h100")``).

A CUDA build of torch chooses the SDPA backend in C++
(``aten/src/ATen/native/transformers/cuda/sdp_utils.cpp``
``select_sdp_backend``), asking the current device: its compute capability
(``at::cuda::getCurrentDeviceProperties()``) and ``at::cuda::is_available()``.
With no device (CUDA hidden) every fused backend is refused and the
composite falls back to math, while an H100 takes cuDNN attention or flash
attention.  This module answers those questions from the profile:

* :func:`select_sdp_backend_cuda`: ``select_sdp_backend`` with the checks of
  ``can_use_cudnn_attention``, ``can_use_flash_attention`` and
  ``can_use_mem_efficient_attention`` for dense inputs (and the generic ones
  of ``sdp_utils_cpp.h``), the priority order of ``priority_order()``
  (cuDNN first where ``check_prefer_cudnn_attention()`` prefers it: sm90 and
  sm10x with a cuDNN runtime newer than 9.15.0), honouring
  ``torch.backends.cuda.enable_*_sdp`` / ``sdpa_kernel``.  The machine's
  software (cuDNN runtime version, CUDA version) is asked of the machine,
  as the real device's process would; the device's properties come from the
  profile.
* a kernel of ``aten::scaled_dot_product_attention`` for the
  ``AutogradCUDA`` dispatch key, also its Python ``CompositeImplicitAutograd``
  kernel (what ``OpOverload.decompose`` runs in AOTAutograd), that replaces
  the composite for fake cuda tensors (others keep the composite): it picks the backend as above and
  calls what ``attention.cpp`` ``scaled_dot_product_attention`` calls for it,
  with the same mask conversion and head-dim padding;
* a FakeTensor rule for ``aten._fused_sdp_choice`` on cuda tensors.

Nested tensors are not handled (refused: math).  :class:`CudaSdpa` is
registered as every device's rule is (:func:`inductor_xpu.device.meta.sdpa.register`),
and everything is undone on exit.
"""

from __future__ import annotations

import math
import os
from typing import Any, Optional

import torch
from torch import Tensor

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.meta.sdpa import (
    any_requires_grad,
    attn_mask_shape,
    batch_and_heads,
    dense_4d,
    enabled,
    is_nested,
    nonzero_seqlens,
    SdpaRule,
    SDPBackend,
)


DEVICE = "cuda"

aten = torch.ops.aten

# sdp_utils.cpp kMinCuDNNFrontendVersionForD256: the cuDNN frontend torch is
# built with is not visible from Python; the wheels of torch >= 2.10 bundle a
# frontend newer than 1.24.0 (assumption: only matters for head dims > 128).
CUDNN_FRONTEND_SUPPORTS_D256 = True


def _cudnn_version() -> int:
    # at::detail::getCUDAHooks().versionRuntimeCuDNN(): the machine's cuDNN
    # library, no device needed.
    try:
        return int(torch.backends.cudnn.version() or 0)
    except Exception:  # noqa: BLE001 - no cuDNN: no cuDNN attention
        return 0


def _cuda_version() -> int:
    major, minor = (torch.version.cuda or "0.0").split(".")[:2]
    return int(major) * 1000 + int(minor) * 10


def _sm(profile: DeviceProfile) -> tuple[int, int]:
    assert profile.major is not None and profile.minor is not None
    return profile.major, profile.minor


def _sm_in(profile: DeviceProfile, lo: tuple[int, int], hi: tuple[int, int]) -> bool:
    return lo <= _sm(profile) <= hi


def prefer_cudnn_attention(profile: DeviceProfile) -> bool:
    """``check_prefer_cudnn_attention()``."""
    if os.environ.get("TORCH_CUDNN_SDPA_DEPRIORITIZED", "").lower() in ("1", "true", "on", "yes", "y"):
        return False
    major, minor = _sm(profile)
    if _cuda_version() < 13000:
        return _cudnn_version() > 91500 and major in (9, 10) and minor in (0, 3)
    return _cudnn_version() > 91500 and major in (9, 10)


def priority_order(profile: DeviceProfile) -> list[SDPBackend]:
    """``priority_order()``: the context's order, with cuDNN first where
    preferred (the C++ sets that order once, on the first choice, unless the
    user set one: only the default order is replaced here)."""
    current = [SDPBackend(int(b)) for b in torch._C._get_sdp_priority_order()]
    default = [SDPBackend.flash_attention, SDPBackend.efficient_attention, SDPBackend.math,
               SDPBackend.cudnn_attention, SDPBackend.overrideable]
    if current == default and prefer_cudnn_attention(profile):
        first = [SDPBackend.cudnn_attention, SDPBackend.flash_attention,
                 SDPBackend.efficient_attention, SDPBackend.math]
        return first + [b for b in current if b not in first]
    return current


# -- checks (sdp_utils_cpp.h / cuda/sdp_utils.cpp) -------------------------------


def _last_dim_stride_1(q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], ignore_singleton_dim: bool) -> bool:
    # check_last_dim_stride_equals_1_dense: on cuda the mask's last stride too
    ok = q.stride(-1) == 1 and k.stride(-1) == 1 and v.stride(-1) == 1
    if ignore_singleton_dim:
        ok = ok or q.size(-1) == 1
    return ok and (mask is None or mask.stride(-1) == 1)


def _same_dtype_in(q: Tensor, k: Tensor, v: Tensor, dtypes: tuple[torch.dtype, ...]) -> bool:
    # check_tensor_dtype
    return q.dtype in dtypes and q.dtype == k.dtype == v.dtype


def _low_precision(q: Tensor, k: Tensor, v: Tensor, profile: DeviceProfile) -> bool:
    # check_dtypes_low_precision
    dtypes = (torch.float16, torch.bfloat16) if _sm(profile)[0] >= 8 else (torch.float16,)
    return _same_dtype_in(q, k, v, dtypes)


def _deterministic_refuses() -> bool:
    return torch.are_deterministic_algorithms_enabled() and not torch.is_deterministic_algorithms_warn_only_enabled()


def _cudnn_mask_shape(q: Tensor, k: Tensor, mask: Optional[Tensor]) -> bool:
    # check_attn_mask_shape (sdp_utils_cpp.h): 2-D, or 4-D broadcastable in
    # batch and heads; the last two dims exact or 1.
    if mask is None:
        return True
    if mask.requires_grad:
        return False
    if mask.dim() not in (2, 4):
        return False
    return attn_mask_shape(q, k, mask)


def can_use_cudnn(
    q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], dropout_p: float, is_causal: bool,
    enable_gqa: bool, profile: DeviceProfile,
) -> bool:
    """``can_use_cudnn_attention`` for dense inputs."""
    cudnn = _cudnn_version()
    if cudnn < 90000 or not torch.backends.cudnn.is_available():
        return False
    if dropout_p > 0.0 and 91100 < cudnn < 91400:
        return False
    if not enabled(SDPBackend.cudnn_attention) or is_nested(q, k, v):
        return False
    if not dense_4d(q, k, v) or _deterministic_refuses():
        return False
    if not _low_precision(q, k, v, profile) or not _cudnn_mask_shape(q, k, mask):
        return False
    if not _sm_in(profile, (8, 0), (12, 1)):  # check_cudnn_hardware_support
        return False
    if dropout_p * 16.0 != math.floor(dropout_p * 16.0):  # check_cudnn_dropout
        return False
    # dense constraints
    if not nonzero_seqlens(q, k) or not _last_dim_stride_1(q, k, v, mask, ignore_singleton_dim=True):
        return False
    if not batch_and_heads(q, k, v, enable_gqa, supports_gqa=True):
        return False
    return _cudnn_tensor_shapes(q, k, v, dropout_p, profile) and _cudnn_d256_bprop(q, k, v, profile)


def _cudnn_sm90_or_sm10x(profile: DeviceProfile) -> tuple[bool, bool]:
    major, minor = _sm(profile)
    sm90_or_10x = (major == 9 and minor == 0) or major == 10
    unsupported_sm107 = major == 10 and minor == 7 and _cudnn_version() <= 92500
    return sm90_or_10x, unsupported_sm107


def _cudnn_tensor_shapes(q: Tensor, k: Tensor, v: Tensor, dropout_p: float, profile: DeviceProfile) -> bool:
    """``check_cudnn_tensor_shapes``."""
    b, h, s_q, d_qk = q.shape
    s_k, d_v = k.size(2), v.size(3)
    if b > 65535 or h > 65535:
        return False
    cudnn = _cudnn_version()
    if cudnn < 8903 or (cudnn < 8906 and dropout_p != 0.0):
        return False
    sm90_or_10x, unsupported_sm107 = _cudnn_sm90_or_sm10x(profile)
    limit = 128
    if sm90_or_10x and not unsupported_sm107 and cudnn > 92200 and CUDNN_FRONTEND_SUPPORTS_D256:
        limit = 256
    elif sm90_or_10x and cudnn >= 91100 and d_qk == 192 and d_v == 128:
        limit = 192
    if d_qk > limit or d_v > limit or d_qk % 8 != 0 or d_v % 8 != 0:
        return False
    if cudnn < 8906 and s_k % 64 != 0:
        return False
    if cudnn < 90000 and (s_q < 64 or (dropout_p != 0.0 and (s_q % 64 != 0 or s_k % 64 != 0))):
        return False
    if s_k == 1:
        return False
    return not (dropout_p != 0.0 and s_q == 1)


def _cudnn_d256_bprop(q: Tensor, k: Tensor, v: Tensor, profile: DeviceProfile) -> bool:
    """``check_cudnn_d256_bprop_head_dim``."""
    if not any_requires_grad(q, k, v):
        return True
    sm90_or_10x, unsupported_sm107 = _cudnn_sm90_or_sm10x(profile)
    if not (_cudnn_version() > 92200 and CUDNN_FRONTEND_SUPPORTS_D256 and sm90_or_10x and not unsupported_sm107):
        return True
    d_qk, d_v = q.size(3), v.size(3)
    return (d_qk <= 128 and d_v <= 128) or (d_qk == 192 and d_v == 128) or (d_qk == 256 and d_v == 256)


def can_use_flash(
    q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], dropout_p: float, is_causal: bool,
    enable_gqa: bool, profile: DeviceProfile,
) -> bool:
    """``can_use_flash_attention`` for dense inputs."""
    if not enabled(SDPBackend.flash_attention) or is_nested(q, k, v):
        return False
    if not dense_4d(q, k, v) or mask is not None:  # check_for_attn_mask
        return False
    # check_head_dim_size_flash
    if not (q.size(-1) == k.size(-1) == v.size(-1)) or q.size(-1) > 256:
        return False
    if not _sm_in(profile, (8, 0), (12, 1)):  # check_flash_attention_hardware_support
        return False
    # check_requires_grad_and_head_dim_gt192_constraints_on_sm86_89_or_120
    if any_requires_grad(q, k, v) and (_sm_in(profile, (8, 6), (8, 9)) or _sm_in(profile, (12, 0), (12, 1))):
        d = q.size(-1)
        if not (d <= 192 or (dropout_p <= 0.0 and d > 224)):
            return False
    if is_causal and q.size(-2) != k.size(-2):  # check_flash_causal_non_square_seqlens
        return False
    dtypes: tuple[torch.dtype, ...] = (torch.float16, torch.bfloat16)
    if _sm(profile)[0] >= 9 and torch._C._get_fa3_sdp_enabled():  # check_dtypes_flash_attention
        dtypes += (torch.float8_e4m3fn,)
    elif _sm(profile)[0] < 8:
        dtypes = (torch.float16,)
    if not _same_dtype_in(q, k, v, dtypes):
        return False
    if not batch_and_heads(q, k, v, enable_gqa, supports_gqa=True):
        return False
    return nonzero_seqlens(q, k) and _last_dim_stride_1(q, k, v, None, ignore_singleton_dim=True)


def _gemm_alignment(q: Tensor, profile: DeviceProfile) -> int:
    """``minimum_gemm_alignment``."""
    major = _sm(profile)[0]
    is_half = q.dtype in (torch.float16, torch.bfloat16)
    use_tc = major >= 8 or (major >= 7 and is_half)
    alignment = 4 if major >= 8 else 1
    if use_tc:
        alignment = max(alignment, 128 // (16 if is_half else 32))
    return alignment


def can_use_efficient(
    q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], dropout_p: float, is_causal: bool,
    enable_gqa: bool, profile: DeviceProfile,
) -> bool:
    """``can_use_mem_efficient_attention`` for dense inputs."""
    if not enabled(SDPBackend.efficient_attention) or is_nested(q, k, v):
        return False
    if not _sm_in(profile, (5, 0), (12, 1)) or not dense_4d(q, k, v):
        return False
    alignment = _gemm_alignment(q, profile)
    d_q, d_v = q.size(-1), v.size(-1)
    if not (d_q == k.size(-1) and d_q % alignment == 0 and d_q > 0 and d_v % alignment == 0 and d_v > 0):
        return False
    if _sm(profile)[0] >= 8:  # check_data_ptr_alignment_mem_efficient
        nbytes = alignment * q.element_size()
        for t in (q, k, v):
            if t.numel() != 0 and (t.storage_offset() * t.element_size()) % nbytes != 0:
                return False
    if not nonzero_seqlens(q, k) or not _last_dim_stride_1(q, k, v, mask, ignore_singleton_dim=False):
        return False
    if not batch_and_heads(q, k, v, enable_gqa, supports_gqa=True):
        return False
    dtypes = (torch.float16, torch.float32, torch.bfloat16) if _sm(profile)[0] >= 8 else (torch.float16, torch.float32)
    return _same_dtype_in(q, k, v, dtypes)


def select_sdp_backend_cuda(
    query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor], dropout_p: float,
    is_causal: bool, enable_gqa: bool, profile: DeviceProfile,
) -> SDPBackend:
    """The backend ``select_sdp_backend`` picks on the profiled device, or
    raises as it does."""
    backends = (SDPBackend.math, SDPBackend.flash_attention, SDPBackend.efficient_attention, SDPBackend.cudnn_attention)
    if not any(enabled(b) for b in backends):
        return SDPBackend.error
    args = (query, key, value, attn_mask, dropout_p, is_causal, enable_gqa, profile)
    for backend in priority_order(profile):
        if backend is SDPBackend.cudnn_attention and can_use_cudnn(*args):
            return backend
        if backend is SDPBackend.flash_attention and can_use_flash(*args):
            return backend
        if backend is SDPBackend.efficient_attention and can_use_efficient(*args):
            return backend
        if backend is SDPBackend.math and enabled(SDPBackend.math):
            return backend
    raise RuntimeError("No available kernel. Aborting execution.")


# -- the kernels -----------------------------------------------------------------


def _is_fake_cuda(t: Any) -> bool:
    # a fake cuda tensor, or a functional wrapper of one (AOTAutograd)
    from torch._subclasses.fake_tensor import is_fake

    return isinstance(t, Tensor) and t.device.type == DEVICE and is_fake(t)


def _composite(*args: Any, **kwargs: Any) -> Tensor:
    # ATen's CompositeImplicitAutograd kernel (attention.cpp)
    return aten.scaled_dot_product_attention.default._op_dk(
        torch._C.DispatchKey.CompositeImplicitAutograd, *args, **kwargs
    )


def _pad_last_dim(t: Tensor, alignment: int, slice_back: bool) -> Tensor:
    size = t.size(-1)
    if size % alignment == 0:
        return t
    padded = torch.nn.functional.pad(t, (0, alignment - size % alignment))
    return padded[..., :size] if slice_back else padded


def _preprocess_mask(mask: Tensor, query: Tensor, key: Tensor) -> Tensor:
    # attention.cpp preprocess_mask (memory-efficient attention)
    aligned = all(mask.stride(i) % 8 == 0 for i in range(mask.dim() - 1)) and mask.stride(-1) == 1
    if not aligned:
        size = mask.size(-1)
        mask = torch.nn.functional.pad(mask, (0, 8 - size % 8))[..., :size]
    return mask.expand(query.size(0), query.size(1), query.size(2), key.size(2))


def _convert_boolean_mask(mask: Optional[Tensor], dtype: torch.dtype, fill: float) -> Optional[Tensor]:
    # attention.cpp convert_boolean_attn_mask (fill -inf) and its cuDNN
    # variant (fill -65504): True takes part -> 0, False -> fill.  The ops
    # and their order are those torch 2.11 and 2.15 record: two scalar
    # tensors on the mask's device (the fill first) and where(mask, 0, fill),
    # no logical_not.
    if mask is None or mask.dtype != torch.bool:
        return mask
    masked_out = torch.scalar_tensor(fill, dtype=dtype, device=mask.device)
    zero = torch.scalar_tensor(0.0, dtype=dtype, layout=torch.strided, device=mask.device)
    return torch.where(mask, zero, masked_out)


class CudaSdpa(SdpaRule):
    """The CUDA build's choice on the profiled device, for fake cuda tensors
    (registered by :func:`inductor_xpu.device.meta.sdpa.register`)."""

    dispatch_key = "AutogradCUDA"
    # AOTAutograd's FunctionalTensorMode (and proxy tracing) decompose the
    # composite themselves (OpOverload.decompose: a Python kernel for
    # CompositeImplicitAutograd first), below the AutogradCUDA key.
    python_composite = True

    def owns(self, query: Any) -> bool:
        return _is_fake_cuda(query) and not is_nested(query)

    def select(self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor],
               dropout_p: float, is_causal: bool, enable_gqa: bool) -> SDPBackend:
        return select_sdp_backend_cuda(query, key, value, attn_mask, dropout_p, is_causal, enable_gqa, self.profile)

    def scaled_dot_product_attention(
        self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor] = None,
        dropout_p: float = 0.0, is_causal: bool = False, scale: Optional[float] = None,
        enable_gqa: bool = False,
    ) -> Tensor:
        args = (query, key, value, attn_mask, dropout_p, is_causal)
        if not all(_is_fake_cuda(t) for t in (query, key, value)) or is_nested(query, key, value):
            # real CUDA tensors (a GPU in this process) and nested ones: the composite
            return _composite(*args, scale=scale, enable_gqa=enable_gqa)
        backend = self.choose(*args, scale, enable_gqa)
        if backend is SDPBackend.cudnn_attention:
            mask = _convert_boolean_mask(attn_mask, query.dtype, -65504.0)
            lse = any_requires_grad(query, key, value)
            return aten._scaled_dot_product_cudnn_attention(
                query, key, value, mask, lse, dropout_p, is_causal, False, scale=scale
            )[0]
        mask = _convert_boolean_mask(attn_mask, query.dtype, -math.inf)
        if backend is SDPBackend.flash_attention:
            og_size = query.size(-1)
            og_scale = scale if scale is not None else 1.0 / math.sqrt(og_size)  # sdp::calculate_scale
            out = aten._scaled_dot_product_flash_attention(
                _pad_last_dim(query, 8, False), _pad_last_dim(key, 8, False), _pad_last_dim(value, 8, False),
                dropout_p, is_causal, False, scale=og_scale,
            )[0]
            # post_process_flash_output: out.slice(-1, 0, og_size)
            return aten.slice.Tensor(out, -1, 0, og_size) if out.size(-1) != og_size else out
        if backend is SDPBackend.efficient_attention:
            if mask is not None:
                mask = _preprocess_mask(mask, query, key)
            lse = any_requires_grad(query, key, value)
            return aten._scaled_dot_product_efficient_attention(
                query, key, value, mask, lse, dropout_p, is_causal, scale=scale
            )[0]
        if backend is SDPBackend.math:
            return aten._scaled_dot_product_attention_math(
                query, key, value, mask, dropout_p, is_causal, None, scale=scale, enable_gqa=enable_gqa
            )[0]
        raise RuntimeError("No viable backend for scaled_dot_product_attention was found.")
