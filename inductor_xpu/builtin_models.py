"""Small built-in networks for ``python -m inductor_xpu compile --model NAME``.

Each builder returns ``(module, example_inputs)`` on CPU, with fixed seeds,
sized so that Inductor compiles them in seconds.  They are written to
compile under a hardware-less simulation (:mod:`inductor_xpu.device`),
so they keep clear of the stock-torch blockers listed in
docs/hardware_less_codegen.md:

* attention is written out as matmul -> softmax -> matmul, but its logits
  are scaled by a learned per-head temperature (a tensor, as in
  Swin-v2-style attention), not by a Python float: Inductor's attention
  fusion (``fx_passes/fuse_attention.py``) only rewrites float scales, so it
  leaves this graph alone (SDPA, once a blocker, is simulated since:
  ``inductor_xpu.device.meta.sdpa``; the demo's golden output predates it);
* nothing builds constants with ``torch.full`` / ``x[i] = c`` (the
  constant-folding blocker, fixed since by torch_patches/0080);
* dropout appears only in training mode, which the simulation refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import torch
import torch.nn.functional as F
from torch import nn


__all__ = ["BUILTIN_MODELS", "BuiltinModel", "build_model"]

SEED = 0


class MultiHeadAttention(nn.Module):
    """Self-attention as matmul -> softmax -> matmul with a learned per-head
    temperature on the logits."""

    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.temperature = nn.Parameter(torch.full((1, heads, 1, 1), (dim // heads) ** -0.5))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch, tokens, dim = x.shape
        qkv = self.qkv(x).view(batch, tokens, 3, self.heads, dim // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
        weights = torch.softmax((q @ k.transpose(-2, -1)) * self.temperature, dim=-1)
        mixed = (weights @ v).transpose(1, 2).reshape(batch, tokens, dim)
        return self.out(mixed)


class TransformerBlock(nn.Module):
    """Pre-norm block: x + attn(ln(x)); x + fc2(gelu(fc1(ln(x))))."""

    def __init__(self, dim: int = 64, heads: int = 4, hidden: int = 128) -> None:
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = MultiHeadAttention(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class DemoNet(nn.Module):
    """The compile command's demo: a conv stem (conv+relu, conv+silu,
    conv+add), a linear projection, a transformer block (layernorm,
    attention as matmul-softmax-matmul, linear+gelu, residual adds) and a
    pooled linear head."""

    def __init__(self, channels: int = 16, dim: int = 64, classes: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, 2 * channels, 3, stride=2, padding=1)
        self.conv3 = nn.Conv2d(2 * channels, 2 * channels, 3, padding=1)
        self.proj = nn.Linear(2 * channels, dim)
        self.block = TransformerBlock(dim, heads=4, hidden=2 * dim)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        x = F.relu(self.conv1(image))
        x = F.silu(self.conv2(x))
        x = self.conv3(x) + x  # conv + binary add
        tokens = F.relu(self.proj(x.flatten(2).transpose(1, 2)))  # linear + relu
        tokens = self.block(tokens)
        return self.head(self.norm(tokens).mean(dim=1))


class MLP(nn.Module):
    def __init__(self, dims: tuple[int, ...] = (256, 512, 512, 10)) -> None:
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = F.silu(x) if i % 2 else F.relu(x)
        return x


class ConvNet(nn.Module):
    """conv-bn-relu x2, a residual conv + add + relu, max pool, linear."""

    def __init__(self, classes: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(32)
        self.conv2 = nn.Conv2d(32, 64, 3, stride=2, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(64)
        self.conv3 = nn.Conv2d(64, 64, 3, padding=1)
        self.fc = nn.Linear(64, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(self.bn2(self.conv2(x)))
        x = F.relu(self.conv3(x) + x)
        x = F.max_pool2d(x, 2)
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


@dataclasses.dataclass(frozen=True)
class BuiltinModel:
    name: str
    description: str
    build: Callable[[], tuple[nn.Module, tuple[torch.Tensor, ...]]]


def _demo() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    return DemoNet(), (torch.randn(2, 3, 16, 16),)


def _mlp() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    return MLP(), (torch.randn(32, 256),)


def _convnet() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    return ConvNet(), (torch.randn(4, 3, 32, 32),)


def _transformer_block() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    return TransformerBlock(dim=128, heads=8, hidden=512), (torch.randn(2, 64, 128),)


BUILTIN_MODELS: dict[str, BuiltinModel] = {
    m.name: m
    for m in (
        BuiltinModel(
            "demo",
            "convs (+relu/silu/add), linears (+relu/gelu), attention as "
            "matmul-softmax-matmul, layernorm, residual adds",
            _demo,
        ),
        BuiltinModel("mlp", "4-layer MLP: linear+relu, linear+silu", _mlp),
        BuiltinModel("convnet", "conv-bn-relu, residual conv+add+relu, max pool, linear", _convnet),
        BuiltinModel(
            "transformer_block",
            "pre-norm transformer block: layernorm, attention, linear+gelu",
            _transformer_block,
        ),
    )
}


def build_model(name: str) -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """The built-in model ``name`` and its example inputs, on CPU, built
    with a fixed seed."""
    try:
        model = BUILTIN_MODELS[name]
    except KeyError:
        raise KeyError(f"unknown model {name!r}; built-in models: {', '.join(BUILTIN_MODELS)}") from None
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(SEED)
        return model.build()
