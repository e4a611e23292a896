"""The programs of the xpu codegen golden tests (test_xpu_codegen.py).

Each :class:`Program` is a function (or a module built on CPU) with the
shapes of its inputs, compile options, and what its generated xpu code must
contain (``features``: regular expressions) beyond the xpu parts every
program is checked for.  tools/xpu_sanitizer_report.py runs them too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn


@dataclasses.dataclass(frozen=True)
class T:
    """An input: a fake xpu tensor of this shape and dtype (no data)."""

    shape: tuple[int, ...]
    dtype: torch.dtype = torch.float32


@dataclasses.dataclass(frozen=True)
class Program:
    name: str
    fn: Callable[..., Any]
    inputs: tuple[T, ...]
    # Regular expressions the generated code (all graphs) must match.
    features: tuple[str, ...]
    dynamic: bool | None = None
    # Inductor options for the simulation (torch._inductor.config names).
    config: dict[str, Any] = dataclasses.field(default_factory=dict)
    # fn is a zero-argument factory of an nn.Module built on CPU.
    module: bool = False
    graphs: int = 1
    # Executed on inputs without ties (inductor_xpu.programs.variants):
    # the order torch.sort gives equal values is unspecified, so a sort's
    # indices are compared exactly only where no two values are equal.
    distinct: bool = False

    def build(self) -> Callable[..., Any]:
        if not self.module:
            return self.fn
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(0)
            return self.fn().eval()


# Elementwise max/min: triton_helpers.maximum/minimum up to torch 2.13,
# tl.maximum/minimum(a, b, tl.PropagateNan.ALL) from 2.14 (the same NaN-
# propagating operation).
MAXIMUM = r"triton_helpers\.maximum\(|tl\.maximum\(.*tl\.PropagateNan\.ALL\)"
MINIMUM = r"triton_helpers\.minimum\(|tl\.minimum\(.*tl\.PropagateNan\.ALL\)"


def _long(*shape: int) -> T:
    return T(shape, torch.int64)


def _graph_break(x: torch.Tensor) -> torch.Tensor:
    y = x.sin()
    torch._dynamo.graph_break()
    return (y.cos() + 1).sum(-1)


class _ConvBN(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(8, 16, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.bn(self.conv(x)))


class _ConvReLU(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, stride=2, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.conv(x))


class _LinearGelu(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(256, 512)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(self.fc(x))


PROGRAMS: tuple[Program, ...] = (
    # -- pointwise ----------------------------------------------------------
    Program(
        "pointwise_chain",
        lambda x, y: torch.relu(x.sin() * y + 1).exp(),
        (T((64, 128)), T((64, 128))),
        (r"def triton_poi_fused_\w*sin\w*_0\(", r"tl_math\.sin", r"libdevice\.exp"),
    ),
    Program(
        "pointwise_broadcast_where",
        lambda x, y: torch.where(x > 0, x * y, (y - x).clamp(-1.0, 1.0)),
        (T((64, 1)), T((1, 256))),
        (r"tl\.where", MAXIMUM, MINIMUM),
    ),
    Program(
        "views_permute_cat",
        lambda x, y: torch.cat([x.permute(0, 2, 1).sin(), y.transpose(1, 2).reshape(4, 32, 48)], dim=2) + 1,
        (T((4, 64, 32)), T((4, 48, 32))),
        (r"triton_poi_fused_\w*cat",),
    ),
    # -- reductions ---------------------------------------------------------
    Program(
        "sum_inner_persistent",
        lambda x: x.sum(-1),
        (T((64, 512)),),
        (r"def triton_per_fused_sum_0\(", r"@triton_heuristics\.persistent_reduction"),
    ),
    Program(
        "amax_inner_looped",
        lambda x: x.amax(-1),
        (T((512, 8192)),),
        (r"def triton_red_fused_amax_0\(", r"for r0_offset in (tl\.)?range\("),
    ),
    Program(
        "sum_outer",
        lambda x: x.sum(0),
        (T((4096, 64)),),
        (r"def triton_(red|per)_fused_sum_0\(", r"ReductionHint\.OUTER"),
    ),
    Program(
        "sum_split",
        lambda x: x.sum(),
        (T((1 << 20,)),),
        # A full reduction of 1M elements is split: a partial-sums kernel,
        # then a kernel reducing the partials.
        (r"def triton_red_fused_sum_0\(", r"def triton_per_fused_sum_1\("),
    ),
    Program(
        "argmax",
        lambda x: x.argmax(-1),
        (T((64, 1000)),),
        (r"triton_helpers\.max_with_index|triton_helpers\.maximum_with_index",),
    ),
    Program(
        "softmax",
        lambda x: torch.softmax(x, dim=-1),
        (T((128, 1000)),),
        (r"def triton_per_fused__softmax\w*_0\(", r"libdevice\.exp|tl_math\.exp"),
    ),
    Program(
        "log_softmax_looped",
        lambda x: torch.log_softmax(x, dim=-1),
        (T((16, 32000)),),
        (r"def triton_red_fused\w*softmax\w*_0\(", r"tl_math\.log"),
    ),
    Program(
        "layer_norm",
        lambda x, w, b: F.layer_norm(x, (768,), w, b),
        (T((64, 768)), T((768,)), T((768,))),
        (r"def triton_per_fused_native_layer_norm_0\(", r"libdevice\.rsqrt"),
    ),
    Program(
        "rms_norm",
        lambda x, w: x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w,
        (T((64, 2048)), T((2048,))),
        (r"def triton_(per|red)_fused_\w*mean\w*_0\(", r"libdevice\.rsqrt"),
    ),
    Program(
        "var_mean_welford",
        lambda x: torch.var_mean(x, dim=-1, correction=0),
        (T((64, 8192)),),
        (r"triton_helpers\.welford",),
    ),
    # -- matmul / conv (extern kernels) -----------------------------------
    Program("mm", lambda a, b: a @ b, (T((128, 256)), T((256, 64))), (r"extern_kernels\.mm\(",)),
    Program("bmm", torch.bmm, (T((8, 64, 32)), T((8, 32, 16))), (r"extern_kernels\.bmm\(",)),
    Program(
        "addmm",
        torch.addmm,
        (T((64,)), T((128, 256)), T((256, 64))),
        (r"extern_kernels\.addmm\(",),
    ),
    Program(
        "linear_gelu",
        _LinearGelu,
        (T((32, 256)),),
        (r"extern_kernels\.mm\(", r"def triton_poi_fused_\w*gelu\w*_0\(", r"libdevice\.erf"),
        module=True,
    ),
    Program(
        "conv2d_relu",
        _ConvReLU,
        (T((2, 3, 32, 32)),),
        (r"extern_kernels\.convolution\(", r"triton_poi_fused_convolution_relu"),
        module=True,
    ),
    Program(
        "conv_batchnorm_relu",
        _ConvBN,
        (T((2, 8, 16, 16)),),
        (r"extern_kernels\.convolution\(", r"sqrt"),
        module=True,
    ),
    Program(
        "max_pool2d",
        lambda x: F.max_pool2d(x, 3, 2, 1),
        (T((2, 16, 32, 32)),),
        (MAXIMUM,),
    ),
    # -- scans, sorting ------------------------------------------------------
    Program(
        "cumsum",
        lambda x: x.cumsum(-1),
        (T((64, 256)),),
        (r"tl\.associative_scan",),
    ),
    Program(
        "sort",
        lambda x: torch.sort(x, dim=-1),
        (T((8, 128)),),
        (r"triton_helpers\.sort_with_index",),
        distinct=True,
    ),
    # topk is not lowered: an ATen fallback.
    Program("topk", lambda x: torch.topk(x, 5, dim=-1), (T((64, 1000)),), (r"torch\.ops\.aten\.topk\.default\(",)),
    # -- indexing ------------------------------------------------------------
    Program(
        "gather",
        lambda x, idx: torch.gather(x, 1, idx),
        (T((64, 128)), _long(64, 16)),
        (r"tl\.device_assert",),
    ),
    Program(
        "scatter_add",
        lambda x, idx, src: x.scatter_add(1, idx, src),
        (T((64, 128)), _long(64, 16), T((64, 16))),
        (r"atomic_add",),
    ),
    Program(
        "index_put_accumulate",
        lambda x, idx, v: torch.index_put(x, (idx,), v, accumulate=True),
        (T((128, 32)), _long(64), T((64, 32))),
        (r"atomic_add",),
    ),
    Program(
        "embedding",
        lambda idx, w: F.embedding(idx, w),
        (_long(8, 32), T((1000, 64))),
        (r"tl\.device_assert",),
    ),
    # -- random ----------------------------------------------------------------
    Program(
        "dropout_fallback_random",
        lambda x: F.dropout(x, 0.25, training=True),
        (T((64, 128)),),
        (r"torch\.ops\.aten\.native_dropout\.default\(",),
        config={"fallback_random": True},
    ),
    # -- dynamic shapes -------------------------------------------------------
    Program(
        "dynamic_pointwise",
        lambda x, y: (x * y).sigmoid() + 1,
        (T((64, 128)), T((64, 128))),
        (r"\bs\d+\b", r"tl\.sigmoid"),
        dynamic=True,
    ),
    Program(
        "dynamic_softmax",
        lambda x: torch.softmax(x, dim=-1),
        (T((32, 1000)),),
        (r"\bs\d+\b", r"def triton_(red|per)_fused__softmax"),
        dynamic=True,
    ),
    # -- low precision ----------------------------------------------------------
    Program(
        "fp16_layer_norm",
        lambda x, w, b: F.layer_norm(x, (512,), w, b),
        (T((64, 512), torch.float16), T((512,), torch.float16), T((512,), torch.float16)),
        (r"'\*fp16'", r"\.to\(tl\.float32\)", r"torch\.float16"),
    ),
    Program(
        "bf16_mm_softmax",
        lambda a, b: torch.softmax(a @ b, dim=-1),
        (T((128, 256), torch.bfloat16), T((256, 512), torch.bfloat16)),
        (r"extern_kernels\.mm\(", r"'\*bf16'", r"torch\.bfloat16"),
    ),
    # -- attention (scaled_dot_product_attention) ------------------------------
    # The SDPA backend is the one the XPU build picks (inductor_xpu.device.meta.sdpa):
    # oneDNN's fused kernel (the "overrideable" backend, an extern call) where it
    # applies, else the math decomposition.
    Program(
        "sdpa_bool_mask",
        lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
        (T((2, 4, 64, 32)), T((2, 4, 64, 32)), T((2, 4, 64, 32)), T((2, 1, 64, 64), torch.bool)),
        (
            r"torch\.ops\.aten\._scaled_dot_product_fused_attention_overrideable\.default\(",
            r"def triton_poi_fused\w*where\w*_0\(",  # the bool mask made additive
        ),
    ),
    Program(
        "sdpa_causal_fp16",
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
        (T((2, 8, 128, 64), torch.float16),) * 3,
        (
            r"torch\.ops\.aten\._scaled_dot_product_fused_attention_overrideable\.default\("
            r"\w+, \w+, \w+, None, 0\.0, True\)",
        ),
    ),
    Program(
        # oneDNN's SDPA takes no float64: the math backend, decomposed.
        "sdpa_math_fp64",
        lambda q, k, v: F.scaled_dot_product_attention(q, k, v),
        (T((2, 4, 32, 16), torch.float64),) * 3,
        (r"extern_kernels\.bmm\(", r"def triton_per_fused__safe_softmax\w*\(", r"'\*fp64'"),
    ),
    Program(
        # Inductor's attention fusion (fx_passes/fuse_attention.py) rewrites
        # matmul -> scale -> softmax -> matmul into SDPA.
        "attention_fusion",
        lambda q, k, v: (q @ k.transpose(-2, -1)).div(8.0).softmax(dim=-1) @ v,
        (T((2, 4, 64, 64)),) * 3,
        (r"torch\.ops\.aten\._scaled_dot_product_fused_attention_overrideable\.default\(.*scale=0\.125",),
    ),
    # -- constants folded by the joint-graph pass ---------------------------------
    Program(
        # constant_fold_uniform_value deduces full(...).exp() and the tril mask.
        "constant_folding",
        lambda x: (x + torch.full((64,), 2.0, device=x.device).exp()).masked_fill(
            ~torch.ones(64, 64, dtype=torch.bool, device=x.device).tril(), -1e4
        ),
        (T((64, 64)),),
        (r"tl\.full\(\[1\], 7\.38905\d*, tl\.float32\)",),
    ),
    # -- several graphs ---------------------------------------------------------
    Program(
        "graph_break",
        _graph_break,
        (T((64, 64)),),
        (r"tl_math\.sin", r"tl_math\.cos"),
        graphs=2,
    ),
)

PROGRAMS_BY_NAME: dict[str, Program] = {p.name: p for p in PROGRAMS}


def compile_program(program: Program, target: str = "max1550") -> tuple[list[Any], Any]:
    """Compile ``program`` for the simulated ``target`` inside a
    :class:`~inductor_xpu.analysis.sanitizer.CudaApiRecorder`; returns the
    generated code (one entry per graph) and the recorder."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    fn = program.build()  # outside the recorder: seeding touches torch.cuda
    report = compile_for_target(
        fn,
        None,
        None,
        target,
        TargetOptions(
            inductor_config=dict(program.config),
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
            step=lambda sim, fn, args, kwargs: sim.compile(fn, *args, dynamic=program.dynamic),
            record_cuda=True,
            clear_counters=False,
            reraise=True,
        ),
    )
    return report.generated, report.cuda_uses
