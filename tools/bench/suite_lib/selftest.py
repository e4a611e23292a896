"""Builders of the ``selftest`` suite (models.SELFTEST_MODELS): torch-only models that check the harness itself.

Run it (``--suite selftest``) on a new machine or device before a long run:
in seconds it shows that workers start, compile, time, and report, and that a
worker that dies or hangs costs one row and nothing more.  It is never part of
``--suite all``.

* ``selftest_mlp``  Linear-GELU-Linear: accuracy, performance and codegen.
* ``selftest_conv`` Conv-BatchNorm-ReLU-pool-Linear: the oneDNN conv paths.
* ``selftest_crash`` the worker aborts (SIGABRT) while building the model.
* ``selftest_hang`` the worker sleeps while building the model, until the
  ``--timeout`` ends it.

This module knows nothing of ``suite_lib.models`` (which calls :func:`build`
with a spec's ``builder`` and seeds the RNGs first), so the two do not import
each other.
"""

from __future__ import annotations

import os
import time

import torch


class _Mlp(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = torch.nn.Linear(64, 128)
        self.fc2 = torch.nn.Linear(128, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))


class _ConvNet(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 16, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(16)
        self.fc = torch.nn.Linear(16, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.bn(self.conv(x)))
        return self.fc(torch.flatten(torch.nn.functional.adaptive_avg_pool2d(y, 1), 1))


def build(
    builder: str, device: str | torch.device, batch_size: int
) -> tuple[torch.nn.Module, list[torch.Tensor], str]:
    """The model ``builder`` names on ``device``, its example inputs and
    their description (``BxC...``)."""
    if builder == "crash":
        os.abort()
    if builder == "hang":
        while True:
            time.sleep(60)
    model: torch.nn.Module
    if builder == "mlp":
        model = _Mlp()
        shape: tuple[int, ...] = (batch_size, 64)
    elif builder == "conv":
        model = _ConvNet()
        shape = (batch_size, 3, 16, 16)
    else:
        raise ValueError(f"unknown selftest builder {builder!r}")
    model.to(device)
    example = torch.randn(shape, device=device)
    return model, [example], "x".join(map(str, shape))
