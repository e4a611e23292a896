"""pytest plugin for the emulated xpu device (opt-in, never autoloaded):

    pytest -p inductor_xpu.emulation.pytest_plugin --emulate-xpu[=PROFILE] TESTS

sets the environment before the test files (and torch) are imported, so
upstream-style tests see ``torch.xpu.is_available()`` and ``GPU_TYPE == "xpu"``.
Imports nothing of torch itself."""

from __future__ import annotations

import os
import sys
from typing import Any

from inductor_xpu.emulation.settings import DEFAULT_PROFILE, EMULATE_ENV, emulation_variables


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("inductor_xpu")
    group.addoption("--emulate-xpu", nargs="?", const=DEFAULT_PROFILE, default=None, metavar="PROFILE",
                    help=f"run on an EMULATED xpu device (default profile {DEFAULT_PROFILE})")
    group.addoption("--emulate-xpu-devices", type=int, default=1, metavar="N", help="emulated devices (default 1)")


def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    ns = early_config.known_args_namespace
    profile = getattr(ns, "emulate_xpu", None)
    if profile is None:
        return
    if "torch" in sys.modules and os.environ.get(EMULATE_ENV) != profile:
        raise RuntimeError("--emulate-xpu: torch was imported before the plugin (load it with -p, first)")
    os.environ.update(emulation_variables(profile, getattr(ns, "emulate_xpu_devices", 1)))


def pytest_report_header(config: Any) -> str | None:
    profile = os.environ.get(EMULATE_ENV)
    if not profile:
        return None
    return f"inductor_xpu: EMULATED xpu device ({profile}: host memory, CPU kernels, Triton's interpreter)"
