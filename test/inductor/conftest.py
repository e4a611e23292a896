"""pytest collection for test/inductor.

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
    from inductor_xpu.overlay import installed, PatchStatus

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


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    global _INACTIVE
    if _INACTIVE is None:
        _INACTIVE = _tests_of_inactive_patches()
    rel = collection_path.resolve().relative_to(Path(__file__).resolve().parents[2]).as_posix()
    reason = _INACTIVE.get(rel)
    if reason is None:
        return None
    _SKIPPED[rel] = reason
    return True


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _SKIPPED:
        terminalreporter.section("not collected: their patch is not in effect on this torch")
        for path, reason in sorted(_SKIPPED.items()):
            terminalreporter.line(f"{path}: {reason}")
