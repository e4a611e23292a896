"""Freezing (``--freezing``, and PT2E INT8, which compiles with it):
Inductor's ``freezing``, with what the simulation adds to it (its
adjustments, reported)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from inductor_xpu.modes.base import CompileMode, CompilePlan


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions


class FreezingMode(CompileMode):
    """Parameters folded into constants at compile time: ``freezing=True``
    in Inductor's options, and the simulation's adjustments under it
    (:data:`inductor_xpu.device.simulation.FREEZING_ADJUSTMENT`)."""

    name = "freezing"

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls() if options.freezing else None

    def configure(self, plan: CompilePlan) -> None:
        from inductor_xpu.device.simulation import FREEZING_ADJUSTMENT

        plan.inductor_config["freezing"] = True
        plan.adjustments.update(FREEZING_ADJUSTMENT)

    def flags(self) -> list[str]:
        return ["freezing"]
