"""``scaled_dot_product_attention`` on fake xpu tensors, for a simulation.

ATen chooses an SDPA backend in C++: ``aten::scaled_dot_product_attention``
(CompositeImplicitAutograd) asks ``_fused_sdp_choice_stub`` for the query's
device type, and the Meta kernel of ``aten::_fused_sdp_choice`` does the
same for a tensor whose key set has XPU.  Only an XPU build registers the
stub for xpu (``_fused_sdp_choice_xpu``); in any other build the dispatch
stub asserts ("An unexpected device type was provided xpu"), so neither
explicit ``F.scaled_dot_product_attention`` nor Inductor's attention fusion
(``fx_passes/fuse_attention.py``, whose replacements call
``aten.scaled_dot_product_attention``) can be traced for fake xpu tensors.

While a simulation is active this module supplies, for xpu only:

* :func:`select_sdp_backend_xpu`: the XPU build's backend selection
  (``aten/src/ATen/native/mkldnn/xpu/Attention.cpp`` ``select_sdp_backend_xpu``
  and ``aten/src/ATen/native/transformers/xpu/sdp_utils.cpp``), in its
  priority order ``overrideable`` (oneDNN's fused SDPA), ``flash_attention``
  (the SYCL-TLA kernel, on the architectures it supports: decided by the
  profile), ``math``, ``efficient_attention`` (-> math, as on XPU), honouring
  ``torch.backends.cuda.enable_*_sdp`` / ``torch.nn.attention.sdpa_kernel``.
  Only the checks that can be decided from fake tensors and the profile are
  ported; every one of them is.
* a FakeTensor rule for ``aten._fused_sdp_choice`` on xpu tensors (other
  devices keep the Meta kernel);
* a kernel of ``aten::scaled_dot_product_attention`` for the ``AutogradXPU``
  dispatch key that replaces the composite for xpu tensors only: it picks the
  backend as above and calls the same ATen op the composite calls for it
  (``aten._scaled_dot_product_fused_attention_overrideable``,
  ``aten._scaled_dot_product_flash_attention``,
  ``aten._scaled_dot_product_attention_math``), after the same boolean mask
  conversion.  Those ops have Python Meta kernels, and Inductor lowers them
  as it would on an XPU build (fallbacks with ``sdpa_constraint``).

:func:`register` is the one registration path of a device's rule (an
:class:`SdpaRule`: :class:`XpuSdpa`, or
:class:`inductor_xpu.device.meta.sdpa_cuda.CudaSdpa` for a simulated NVIDIA
device, which shares the generic ``sdp_utils`` checks below).  Nothing here
claims a device exists, and :func:`register` undoes everything on exit.
The real fix is in C++ (a Meta kernel of ``_fused_sdp_choice`` and a
composite that do not need the XPU stub); see
docs/hardware_less_codegen.md, blocker 2.
"""

from __future__ import annotations

import contextlib
import enum
import math
from collections.abc import Iterator
from typing import Any, ClassVar, Optional

import torch
from torch import Tensor

from inductor_xpu.device.profile import DeviceProfile


DEVICE = "xpu"

aten = torch.ops.aten


class SDPBackend(enum.IntEnum):
    """``sdp::SDPBackend`` (same numbers as ``torch.nn.attention.SDPBackend``)."""

    error = -1
    math = 0
    flash_attention = 1
    efficient_attention = 2
    cudnn_attention = 3
    overrideable = 4


# The XPU build's priority order (Attention.cpp priority_order()).
XPU_PRIORITY_ORDER: tuple[SDPBackend, ...] = (
    SDPBackend.overrideable,
    SDPBackend.flash_attention,
    SDPBackend.math,
    SDPBackend.efficient_attention,
    SDPBackend.cudnn_attention,
)

# check_head_dim_size_xpu: oneDNN's SDPA takes head dims up to 576.
OVERRIDEABLE_MAX_HEAD_DIM = 576
# FlashAttentionXPU (SYCL-TLA): head dims up to 192, fp16/bf16, and only on
# these architectures (sdp_utils.cpp check_flash_attention_hardware_support:
# intel_gpu_pvc, intel_gpu_pvc_vg, intel_gpu_bmg_g21, intel_gpu_bmg_g31; by
# the Intel Triton backend's names of those architectures).
FLASH_MAX_HEAD_DIM = 192
FLASH_ARCHITECTURES = frozenset({"pvc", "bmg"})


def enabled(backend: SDPBackend) -> bool:
    getter = {
        SDPBackend.math: "_get_math_sdp_enabled",
        SDPBackend.flash_attention: "_get_flash_sdp_enabled",
        SDPBackend.efficient_attention: "_get_mem_efficient_sdp_enabled",
        SDPBackend.cudnn_attention: "_get_cudnn_sdp_enabled",
        SDPBackend.overrideable: "_get_overrideable_sdp_enabled",
    }[backend]
    return bool(getattr(torch._C, getter)())


# -- the sdp_utils checks ------------------------------------------------------


def is_nested(*ts: Optional[Tensor]) -> bool:
    return any(t is not None and t.is_nested for t in ts)


def dense_4d(q: Tensor, k: Tensor, v: Tensor) -> bool:
    # check_tensor_shapes: 4-D query, key, value
    return q.dim() == 4 and k.dim() == 4 and v.dim() == 4


def batch_and_heads(q: Tensor, k: Tensor, v: Tensor, enable_gqa: bool, supports_gqa: bool) -> bool:
    # check_batch_size_and_num_heads_dense
    if not (q.size(0) == k.size(0) == v.size(0)):
        return False
    qh, kh, vh = q.size(1), k.size(1), v.size(1)
    if qh == kh == vh:
        return True
    return supports_gqa and enable_gqa and kh == vh and qh % kh == 0


def attn_mask_shape(q: Tensor, k: Tensor, mask: Optional[Tensor]) -> bool:
    # check_attn_mask_shape: broadcastable to (B, H, L, S), last two dims exact
    # or 1.
    if mask is None:
        return True
    if mask.dim() < 2 or mask.dim() > 4:
        return False
    target = (q.size(0), q.size(1), q.size(2), k.size(2))[-mask.dim():]
    return all(m == t or m == 1 for m, t in zip(mask.shape, target))


def nonzero_seqlens(q: Tensor, k: Tensor) -> bool:
    return q.size(-2) != 0 and k.size(-2) != 0


def _last_dim_stride_1(ts: tuple[Tensor, ...], ignore_singleton_dim: bool) -> bool:
    for t in ts:
        if t.stride(-1) != 1 and not (ignore_singleton_dim and t.size(-1) == 1):
            return False
    return True


def any_requires_grad(*ts: Optional[Tensor]) -> bool:
    return torch.is_grad_enabled() and any(t is not None and t.requires_grad for t in ts)


def can_use_overrideable(
    q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], dropout_p: float, enable_gqa: bool
) -> bool:
    """``use_overrideable_xpu`` / ``can_use_overrideable_attention``: oneDNN's fused SDPA."""
    if is_nested(q, k, v) or dropout_p > 0.0:
        return False
    if not dense_4d(q, k, v) or not batch_and_heads(q, k, v, enable_gqa, supports_gqa=True):
        return False
    if not attn_mask_shape(q, k, mask) or not nonzero_seqlens(q, k):
        return False
    if not _last_dim_stride_1((q, k, v), ignore_singleton_dim=False):
        return False
    # check_head_dim_size_xpu
    if q.size(-1) != k.size(-1) or max(q.size(-1), v.size(-1)) > OVERRIDEABLE_MAX_HEAD_DIM:
        return False
    # check_grad: no gradient through the mask, no GQA with gradients.
    if any_requires_grad(q, k, v, mask):
        if mask is not None and mask.requires_grad:
            return False
        if not (q.size(1) == k.size(1) == v.size(1)):
            return False
    return q.dtype == k.dtype == v.dtype and q.dtype in (torch.float32, torch.bfloat16, torch.float16)


def can_use_flash(
    q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor], dropout_p: float, is_causal: bool,
    enable_gqa: bool, profile: DeviceProfile,
) -> bool:
    """``sdp::can_use_flash_attention`` for xpu (SYCL-TLA FlashAttentionXPU)."""
    if profile.triton_arch not in FLASH_ARCHITECTURES:
        return False
    if mask is not None or dropout_p > 0.0 or is_nested(q, k, v):
        return False
    if not dense_4d(q, k, v) or not batch_and_heads(q, k, v, enable_gqa, supports_gqa=True):
        return False
    if not nonzero_seqlens(q, k) or not _last_dim_stride_1((q, k, v), ignore_singleton_dim=True):
        return False
    if is_causal and q.size(-2) != k.size(-2):
        return False
    if not (q.dtype == k.dtype == v.dtype and q.dtype in (torch.float16, torch.bfloat16)):
        return False
    if not (q.size(-1) == k.size(-1) == v.size(-1)) or q.size(-1) > FLASH_MAX_HEAD_DIM:
        return False
    return not torch.are_deterministic_algorithms_enabled()


def select_sdp_backend_xpu(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    attn_mask: Optional[Tensor],
    dropout_p: float,
    is_causal: bool,
    enable_gqa: bool,
    profile: DeviceProfile,
) -> SDPBackend:
    """The backend ``_fused_sdp_choice_xpu`` picks, or raises as it does."""
    for backend in XPU_PRIORITY_ORDER:
        if not enabled(backend):
            continue
        if backend is SDPBackend.overrideable:
            if can_use_overrideable(query, key, value, attn_mask, dropout_p, enable_gqa):
                return backend
        elif backend is SDPBackend.flash_attention:
            if can_use_flash(query, key, value, attn_mask, dropout_p, is_causal, enable_gqa, profile):
                return backend
        elif backend is SDPBackend.math:
            return backend
        elif backend is SDPBackend.efficient_attention:
            # XPU has no memory-efficient kernel: "falling back to math backend".
            return SDPBackend.math
        # cudnn_attention: never usable on xpu.
    raise RuntimeError(
        "No viable backend for scaled_dot_product_attention was found. This is likely due to "
        "turning off both the math kernel and the overrideable kernels."
    )


# -- the kernels ---------------------------------------------------------------


def _convert_boolean_attn_mask(mask: Optional[Tensor], dtype: torch.dtype) -> Optional[Tensor]:
    # attention.cpp convert_boolean_attn_mask: True takes part -> 0, False -> -inf.
    if mask is None or mask.dtype != torch.bool:
        return mask
    zero = torch.scalar_tensor(0.0, dtype=dtype, device=mask.device)
    return torch.where(mask.logical_not(), -math.inf, zero)


def _is_xpu(t: Any) -> bool:
    return isinstance(t, Tensor) and t.device.type == DEVICE


class SdpaRule:
    """A device's SDPA backend choice while a simulation is active: the
    fake-tensor rule of ``aten._fused_sdp_choice`` and the kernel of
    ``aten::scaled_dot_product_attention`` that :func:`register` installs,
    and the choices made.  Subclasses say which tensors are theirs, how the
    device chooses, what the kernel calls for the choice, and under which
    dispatch key it replaces the composite."""

    # The autograd dispatch key whose kernel replaces ATen's composite.
    dispatch_key: ClassVar[str]
    # Also a Python CompositeImplicitAutograd kernel: what
    # ``OpOverload.decompose`` runs in AOTAutograd's FunctionalTensorMode
    # (and proxy tracing), below the autograd key.
    python_composite: ClassVar[bool] = False

    def __init__(self, profile: DeviceProfile) -> None:
        self.profile = profile
        self.choices: list[SDPBackend] = []

    def owns(self, query: Any) -> bool:
        raise NotImplementedError

    def select(self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor],
               dropout_p: float, is_causal: bool, enable_gqa: bool) -> SDPBackend:
        raise NotImplementedError

    def scaled_dot_product_attention(
        self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor] = None,
        dropout_p: float = 0.0, is_causal: bool = False, scale: Optional[float] = None,
        enable_gqa: bool = False,
    ) -> Tensor:
        raise NotImplementedError

    def choose(self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor] = None,
               dropout_p: float = 0.0, is_causal: bool = False, scale: Optional[float] = None,
               enable_gqa: bool = False) -> SDPBackend:
        backend = self.select(query, key, value, attn_mask, dropout_p, is_causal, enable_gqa)
        self.choices.append(backend)
        return backend

    # aten._fused_sdp_choice under FakeTensorMode (fake_impls rule).
    def fused_sdp_choice_fake_rule(self, fake_mode: Any, func: Any, *args: Any, **kwargs: Any) -> Any:
        query = args[0] if args else kwargs.get("query")
        if not self.owns(query):
            return NotImplemented  # the Meta kernel, as before
        return int(self.choose(*args, **kwargs))


class XpuSdpa(SdpaRule):
    """The XPU build's choice, for xpu tensors."""

    dispatch_key = "AutogradXPU"

    def owns(self, query: Any) -> bool:
        return _is_xpu(query)

    def select(self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor],
               dropout_p: float, is_causal: bool, enable_gqa: bool) -> SDPBackend:
        return select_sdp_backend_xpu(query, key, value, attn_mask, dropout_p, is_causal, enable_gqa, self.profile)

    def scaled_dot_product_attention(
        self, query: Tensor, key: Tensor, value: Tensor, attn_mask: Optional[Tensor] = None,
        dropout_p: float = 0.0, is_causal: bool = False, scale: Optional[float] = None,
        enable_gqa: bool = False,
    ) -> Tensor:
        backend = self.choose(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)
        mask = _convert_boolean_attn_mask(attn_mask, query.dtype)
        if backend is SDPBackend.overrideable:
            return aten._scaled_dot_product_fused_attention_overrideable(
                query, key, value, mask, dropout_p, is_causal, False, scale=scale
            )[0]
        if backend is SDPBackend.flash_attention:
            return aten._scaled_dot_product_flash_attention(
                query, key, value, dropout_p, is_causal, False, scale=scale
            )[0]
        return aten._scaled_dot_product_attention_math(
            query, key, value, mask, dropout_p, is_causal, None, scale=scale, enable_gqa=enable_gqa
        )[0]


# -- the registration ----------------------------------------------------------


@contextlib.contextmanager
def register(rule: SdpaRule) -> Iterator[SdpaRule]:
    """Install ``rule`` until exit: its FakeTensor rule for
    ``aten._fused_sdp_choice`` (before every other rule), its kernel of
    ``aten::scaled_dot_product_attention`` for ``rule.dispatch_key``, and,
    where ``rule.python_composite``, that kernel as the op's Python
    ``CompositeImplicitAutograd`` kernel.  Everything is undone on exit."""
    from torch._subclasses import fake_impls

    op = aten.scaled_dot_product_attention.default
    composite = torch._C.DispatchKey.CompositeImplicitAutograd
    if rule.python_composite and composite in op.py_kernels:
        raise RuntimeError(
            f"{op} already has a Python {composite} kernel; cannot simulate {rule.dispatch_key} SDPA"
        )
    entry = (_FusedSdpChoiceCheck(), rule.fused_sdp_choice_fake_rule)
    fake_impls.op_implementations_checks.insert(0, entry)
    lib = torch.library.Library("aten", "IMPL")  # noqa: TOR901
    try:
        lib.impl("scaled_dot_product_attention", rule.scaled_dot_product_attention, rule.dispatch_key)
        if rule.python_composite:
            op.py_impl(composite)(rule.scaled_dot_product_attention)
        yield rule
    finally:
        if rule.python_composite:
            op.py_kernels.pop(composite, None)
            op._dispatch_cache.clear()
        lib._destroy()
        if entry in fake_impls.op_implementations_checks:
            fake_impls.op_implementations_checks.remove(entry)


class _FusedSdpChoiceCheck:
    def __call__(self, func: Any) -> bool:
        return func is aten._fused_sdp_choice.default
