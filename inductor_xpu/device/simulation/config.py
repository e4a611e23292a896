"""The Inductor and functorch options a simulation needs."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from typing import Any, TYPE_CHECKING

from inductor_xpu.device.simulation.results import SimulationError


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


# Inductor options a simulation needs.  Caches: a cached artifact would skip
# code generation (and the FX graph cache would pickle the unloadable module).
# compile_threads=1: subprocess workers import torch afresh and would see no
# simulated device.  Everything that benchmarks runs kernels, so it is off:
# autotuning, benchmark-driven fusion, and shape_padding, whose pad_mm pass
# decides by timing padded and unpadded matmuls on the device
# (fx_passes/pad_mm.py _should_pad) -- a simulation cannot know that outcome
# and generates the unpadded code.  max_autotune and max_autotune_gemm are
# off unless the caller asks (CALLER_MAY_SET): the template choices are then
# made by a rule, not benchmarks (simulation/autotune.py), with what would
# still benchmark off: autotuning in a subprocess, pipelined autotuning, and
# template-epilogue fusion decided by timing the fused kernel
# (benchmark_template_fusion, named benchmark_epilogue_fusion before torch
# 2.15; a name this torch does not have, or has only as a deprecated alias,
# is not set).
SIMULATION_INDUCTOR_CONFIG: dict[str, Any] = {
    "shape_padding": False,
    "fx_graph_cache": False,
    "fx_graph_remote_cache": False,
    "compile_threads": 1,
    "max_autotune": False,
    "max_autotune_gemm": False,
    "max_autotune_pointwise": False,
    "coordinate_descent_tuning": False,
    "benchmark_kernel": False,
    "benchmark_fusion": False,
    "autotune_in_subproc": False,
    "pipeline_max_autotune_gemm": False,
    "benchmark_template_fusion": False,
    "benchmark_epilogue_fusion": False,
    "triton.cudagraphs": False,
    "fx_wrapper": False,
}
# The options of SIMULATION_INDUCTOR_CONFIG a caller may change.
CALLER_MAY_SET: frozenset[str] = frozenset({"max_autotune", "max_autotune_gemm"})
# What simulate() adds under freezing, and why (reports quote it): frozen
# parameters become graph constants and Inductor inlines the small ones by
# value (GraphLowering.get_attr: 0-d via .item(), 1-D with <= 8 elements via
# .tolist()); the simulation's parameters are fake and have no values.
FREEZING_ADJUSTMENT: dict[str, str] = {
    "always_keep_tensor_constants": (
        "True: with freezing, Inductor inlines small constants by value "
        "(graph.py GraphLowering.get_attr); fake parameters have no values, "
        "so constants of <= 8 elements stay tensors here"
    )
}

SIMULATION_FUNCTORCH_CONFIG: dict[str, Any] = {
    "enable_autograd_cache": False,
    "enable_remote_autograd_cache": False,
}


@contextlib.contextmanager
def inductor_config(sim: Simulation) -> Iterator[None]:
    """:data:`SIMULATION_INDUCTOR_CONFIG` with the caller's options
    (``sim.inductor_options``; those a simulation fixes cannot change, but
    for :data:`CALLER_MAY_SET`), and
    :data:`SIMULATION_FUNCTORCH_CONFIG`."""
    import torch._functorch.config as functorch_config
    import torch._inductor.config as inductor_config

    overrides = dict(sim.inductor_options)
    forbidden = {
        k: v
        for k, v in overrides.items()
        if k in SIMULATION_INDUCTOR_CONFIG and k not in CALLER_MAY_SET and v != SIMULATION_INDUCTOR_CONFIG[k]
    }
    if forbidden:
        raise SimulationError(
            f"these Inductor options cannot be used in a simulation: {forbidden} "
            "(they benchmark kernels, start workers, or need compiled kernels)"
        )
    if overrides.get("freezing", inductor_config.freezing):
        # FREEZING_ADJUSTMENT: fake parameters have no values to inline.
        overrides.setdefault("always_keep_tensor_constants", True)
    # Inductor reads storages' data pointers (freezing compares parameters'
    # storages, the C++ wrapper checks alignment: torch/_inductor/utils.py);
    # on fake tensors that warns, harmlessly.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Accessing the data pointer of FakeTensor")
        fixed = _known(inductor_config, SIMULATION_INDUCTOR_CONFIG)
        with inductor_config.patch({**fixed, **overrides}), functorch_config.patch(SIMULATION_FUNCTORCH_CONFIG):
            sim.installed.append("torch._inductor.config / torch._functorch.config (patched)")
            yield


def _known(module: Any, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` less the names ``module`` (a torch config module) does not
    have, or has only as an alias of another name."""
    entries = module._config
    return {k: v for k, v in options.items() if k in entries and getattr(entries[k], "alias", None) is None}
