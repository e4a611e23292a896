"""The programs of the xpu training codegen golden tests
(test_xpu_training_codegen.py).

Each :class:`TrainingProgram` is an ``nn.Module`` built on CPU, the shapes
of its inputs, and how it is trained: one step of
:func:`inductor_xpu.modes.training.compile_training_step` (forward,
backward, and the optimizer step when ``optimizer`` is set), optionally
under AMP.  ``features`` are regular expressions the generated code of the
named phase must match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TYPE_CHECKING

import torch
import torch.nn.functional as F
from torch import nn

from inductor_xpu.programs.codegen import T


if TYPE_CHECKING:
    from inductor_xpu.compile.pipeline import CompileReport


@dataclasses.dataclass(frozen=True)
class TrainingProgram:
    name: str
    build_module: Callable[[], nn.Module]
    inputs: tuple[T, ...]
    # phase -> regular expressions its generated code (all its graphs) must match
    features: dict[str, tuple[str, ...]]
    phases: tuple[str, ...] = ("forward", "backward")
    optimizer: str | None = None  # "sgd" / "adamw"
    amp_dtype: torch.dtype | None = None  # forward under torch.autocast("xpu", amp_dtype)
    dtype: torch.dtype | None = None  # module converted (inputs are given in it)
    config: dict[str, Any] = dataclasses.field(default_factory=dict)

    def build(self) -> nn.Module:
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(0)
            module = self.build_module()
        if self.dtype is not None:
            module = module.to(self.dtype)
        return module.train()


class _MLP(nn.Module):
    def __init__(self, d_in: int = 32, hidden: int = 64, d_out: int = 16) -> None:
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, d_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.relu(self.fc1(x)))


class _ConvBNReLUNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 3, stride=2, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(16)
        self.fc = nn.Linear(16, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(self.bn2(self.conv2(x)))
        return self.fc(x.mean((2, 3)))


class _TransformerBlock(nn.Module):
    """Pre-norm block: SDPA attention (causal) and a GELU MLP."""

    def __init__(self, dim: int = 64, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, s, 3, self.heads, d // self.heads).unbind(2)
        attn = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
        x = x + self.proj(attn.transpose(1, 2).reshape(b, s, d))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class _EmbeddingLayerNorm(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = nn.Embedding(100, 32)
        self.norm = nn.LayerNorm(32)
        self.head = nn.Linear(32, 8)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.head(self.norm(self.embed(ids)))


class _DropoutMLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(32, 64)
        self.drop = nn.Dropout(0.1)
        self.fc2 = nn.Linear(64, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(self.drop(F.relu(self.fc1(x))))


class _ResidualGELU(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(48)
        self.fc = nn.Linear(48, 48)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + F.gelu(self.fc(self.norm(x)), approximate="tanh")


class _CrossEntropy(nn.Module):
    """A classifier whose output is its loss (cross entropy with targets)."""

    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(32, 10)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(self.fc(x), target)


class _ConvPool(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 8 * 8, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(F.max_pool2d(F.relu(self.conv(x)), 2).flatten(1))


MM = r"extern_kernels\.(mm|addmm)\("
CONV = r"extern_kernels\.convolution\("
CONV_BACKWARD = r"aten\.convolution_backward\.default\("
# the compiled optimizer's horizontally fused foreach kernels
FOREACH = r"def triton_for_fused_\d+\("

TRAINING_PROGRAMS: tuple[TrainingProgram, ...] = (
    TrainingProgram(
        "mlp",
        _MLP,
        (T((8, 32)),),
        {"forward": (MM, r"triton_poi_fused_\w*relu"), "backward": (MM, r"threshold_backward|le\b|le_")},
    ),
    TrainingProgram(
        "conv_bn_relu",
        _ConvBNReLUNet,
        (T((4, 3, 16, 16)),),
        {
            "forward": (CONV, r"triton_\w+_fused_\w*native_batch_norm_legit_functional"),
            "backward": (CONV_BACKWARD, r"native_batch_norm_backward|threshold_backward"),
        },
    ),
    TrainingProgram(
        "transformer_block_sdpa",
        _TransformerBlock,
        (T((2, 16, 64)),),
        {
            "forward": (MM, r"scaled_dot_product|_fused_attention_overrideable|bmm"),
            "backward": (MM, r"scaled_dot_product|_fused_attention_overrideable_backward|bmm"),
        },
    ),
    TrainingProgram(
        "embedding_layernorm",
        _EmbeddingLayerNorm,
        (T((4, 12), torch.int64),),
        {
            "forward": (r"triton_\w+_fused_\w*embedding",),
            # the fallback an XPU build registers (inductor_xpu.device.simulation.grad.XPU_BUILD_FALLBACKS)
            "backward": (r"torch\.ops\.aten\.embedding_dense_backward\.default\(",),
        },
    ),
    TrainingProgram(
        "dropout",
        _DropoutMLP,
        (T((8, 32)),),
        {"forward": (r"tl\.rand\(|inductor_random|inductor_seeds",), "backward": (MM,)},
    ),
    TrainingProgram(
        "amp_bf16_mlp",
        _MLP,
        (T((8, 32)),),
        {"forward": (MM, r"tl\.bfloat16|bf16"), "backward": (MM, r"tl\.bfloat16|bf16")},
        amp_dtype=torch.bfloat16,
    ),
    TrainingProgram(
        "bf16_mlp",
        _MLP,
        (T((8, 32), torch.bfloat16),),
        {"forward": (MM, r"bf16"), "backward": (MM, r"bf16")},
        dtype=torch.bfloat16,
    ),
    TrainingProgram(
        "sgd_step",
        _MLP,
        (T((8, 32)),),
        {"optimizer": (FOREACH,)},
        phases=("forward", "backward", "optimizer"),
        optimizer="sgd",
    ),
    TrainingProgram(
        "adamw_step",
        _MLP,
        (T((8, 32)),),
        {"optimizer": (FOREACH, r"libdevice\.sqrt|tl\.sqrt|sqrt_rn")},
        phases=("forward", "backward", "optimizer"),
        optimizer="adamw",
    ),
    TrainingProgram(
        "residual_gelu_layernorm",
        _ResidualGELU,
        (T((4, 10, 48)),),
        {"forward": (r"tanh",), "backward": (r"tanh|\bmul\b",)},
    ),
    TrainingProgram(
        "cross_entropy",
        _CrossEntropy,
        (T((8, 32)), T((8,), torch.int64)),
        {
            "forward": (r"_log_softmax|log_softmax|tl_math\.log",),
            "backward": (r"nll_loss_backward|scatter|tl_math\.exp",),
        },
    ),
    TrainingProgram(
        "conv_pool",
        _ConvPool,
        (T((2, 3, 16, 16)),),
        {"forward": (CONV, r"max_pool2d"), "backward": (CONV_BACKWARD, r"max_pool2d_with_indices_backward|maximum")},
    ),
)


def compile_training_program(program: TrainingProgram, target: str = "max1550") -> tuple[CompileReport, Any]:
    """Compile one training step of ``program`` for the simulated ``target``
    inside a CudaApiRecorder; returns the report (its ``code`` and
    ``phases``) and the recorder."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.modes.training import training_options

    module = program.build()  # outside the recorder: seeding touches torch.cuda
    report = compile_for_target(
        module,
        None,
        None,
        target,
        training_options(
            TargetOptions(
                inductor_config=dict(program.config),
                amp_dtype=program.amp_dtype,
                fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
                record_cuda=True,
                clear_counters=False,
                reraise=True,
            ),
            program.optimizer,
        ),
    )
    return report, report.cuda_uses
