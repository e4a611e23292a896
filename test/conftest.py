"""pytest collection for the upstream tests the series carries
(test/inductor, test/distributed).

Test files that a patch of the series adds (its upstream test) only make
sense where that patch is in effect.  On a torch where the patch does not
apply (see ``python -m inductor_xpu status``), such a file is not collected,
and the terminal summary lists it with the reason, so a run on another torch
version (the GPU machine's 2.11, say) tests what applies there.
"""

from __future__ import annotations

from pathlib import Path

import pytest


_SKIPPED: dict[str, str] = {}


def _tests_of_inactive_patches() -> dict[str, str]:
    import torch  # noqa: F401  (the autoload entry point installs the overlay; inductor_xpu imports no torch)

    from inductor_xpu.overlay import installed
    from inductor_xpu.series import PatchStatus

    overlay = installed()
    if overlay is None:
        return {}
    inactive: dict[str, str] = {}
    for state in overlay.result.states:
        if state.status in (PatchStatus.APPLIED, PatchStatus.UPSTREAM):
            continue
        for f in state.patch.files:
            if f.path.startswith("test/"):
                inactive[f.path] = (
                    f"{state.patch.name} {state.status.value} on torch "
                    f"{overlay.result.torch_version}"
                )
    return inactive


_INACTIVE: dict[str, str] | None = None

# Files whose tests build fake xpu tensors outside a simulation (with a
# properties-only xpu device interface).  torch < 2.13 initialises a real
# device context for every fake cuda/xpu tensor whenever CUDA is available
# (fake_tensor.init_gpu_context; 2.13 checks the current accelerator), so on
# a machine with an NVIDIA GPU and such a torch they cannot run: probed below.
_FAKE_XPU_OUTSIDE_SIMULATION = (
    "test/inductor/test_constant_folding_device_generic.py",
    "test/inductor/test_fuse_attention_precision_device_generic.py",
    "test/inductor/test_pad_mm_precision_device_generic.py",
    "test/inductor/test_pattern_trace_device_generic.py",
    "test/inductor/test_precision_cache_keys_device_generic.py",
    "test/inductor/test_quantization_device_generic.py",
)


def _fake_xpu_tensors_unavailable() -> str | None:
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    try:
        with FakeTensorMode(allow_non_fake_inputs=True):
            torch.empty(1, device="xpu")
    except Exception as e:  # noqa: BLE001
        return (
            f"fake xpu tensors need a real xpu context on torch {torch.__version__} "
            f"with CUDA available ({type(e).__name__}: {e}); fixed upstream in 2.13"
        )
    return None


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    global _INACTIVE
    if _INACTIVE is None:
        _INACTIVE = _tests_of_inactive_patches()
        why = _fake_xpu_tensors_unavailable()
        if why is not None:
            for path in _FAKE_XPU_OUTSIDE_SIMULATION:
                _INACTIVE.setdefault(path, why)
    rel = collection_path.resolve().relative_to(Path(__file__).resolve().parents[1]).as_posix()
    reason = _INACTIVE.get(rel)
    if reason is None:
        return None
    _SKIPPED[rel] = reason
    return True


def pytest_sessionfinish(session: pytest.Session) -> None:
    # A pytest-xdist worker collects, its controller prints the summary:
    # the worker hands its list over (pytest_testnodedown below).
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["inductor_xpu_not_collected"] = dict(_SKIPPED)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:  # noqa: ANN001 (pytest-xdist's WorkerController)
    _SKIPPED.update(getattr(node, "workeroutput", {}).get("inductor_xpu_not_collected", {}))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _SKIPPED:
        terminalreporter.section("not collected: their patch is not in effect on this torch, or they cannot run here")
        for path, reason in sorted(_SKIPPED.items()):
            terminalreporter.line(f"{path}: {reason}")
