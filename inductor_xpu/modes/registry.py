"""The compile modes the ``compile`` command offers, in the order it calls
them: :data:`MODES`, and :func:`select_modes`, the one place that reads
which modes a command's options ask for.  A new mode is one module with a
:class:`~inductor_xpu.modes.base.CompileMode` subclass, and one line here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from inductor_xpu.modes.aot import AotMode
from inductor_xpu.modes.autotune import AutotuneMode
from inductor_xpu.modes.base import CompileMode
from inductor_xpu.modes.cpp_wrapper import CppWrapperMode
from inductor_xpu.modes.distributed import DistributedMode
from inductor_xpu.modes.freezing import FreezingMode
from inductor_xpu.modes.inference import InferenceMode
from inductor_xpu.modes.int8 import Int8Mode
from inductor_xpu.modes.native import NativeMode
from inductor_xpu.modes.training import TrainingMode


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions


__all__ = ["MODES", "select_modes"]


# The primary modes first (exactly one of them compiles), then the modes
# that add to a compile, in the order they configure it (the C++ wrapper's
# compile option before the AOT step takes the compile options).
MODES: tuple[type[CompileMode], ...] = (
    InferenceMode,
    TrainingMode,
    DistributedMode,
    Int8Mode,
    FreezingMode,
    CppWrapperMode,
    AotMode,
    AutotuneMode,
    NativeMode,
)


def select_modes(options: CompileOptions) -> list[CompileMode]:
    """The modes ``options`` ask for, the primary one first; raises
    :class:`~inductor_xpu.modes.base.CompileUsageError` for a mode flag's
    value outside its choices."""
    modes = [mode for mode in (cls.from_options(options) for cls in MODES) if mode is not None]
    primary = [mode for mode in modes if mode.primary]
    assert len(primary) == 1, f"exactly one primary mode, got {[m.name for m in primary]}"
    return modes
