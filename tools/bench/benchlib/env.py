"""The environment of a benchmark child process: stock torch or the overlay.

Benchmarks that compare the series with stock torch run each variant in a
fresh process.  Both start from this process's environment without any
``INDUCTOR_XPU_*`` setting (so neither inherits the caller's overlay
options); the stock one gets ``INDUCTOR_XPU_DISABLE=1``.  ``no_compile_cache``
turns Inductor's FX graph and AOTAutograd caches off, so every process
compiles for itself.
"""

from __future__ import annotations

import os


def variant_env(*, stock: bool, no_compile_cache: bool = False) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
    if stock:
        env["INDUCTOR_XPU_DISABLE"] = "1"
    if no_compile_cache:
        env["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "0"
        env["TORCHINDUCTOR_AUTOGRAD_CACHE"] = "0"
    return env
