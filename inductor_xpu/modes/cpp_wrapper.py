"""The C++ wrapper (``--cpp-wrapper``): Inductor's GPU C++ wrapper
generated for the simulated device, written beside its Python module
(:mod:`inductor_xpu.device.simulation.cpp_wrapper`), never compiled
(``--native`` type-checks it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from inductor_xpu.modes.base import CompileMode, CompilePlan


if TYPE_CHECKING:
    from inductor_xpu.compile.options import CompileOptions


class CppWrapperMode(CompileMode):
    """``torch.compile(options={"cpp_wrapper": True})``."""

    name = "cpp_wrapper"

    @classmethod
    def from_options(cls, options: CompileOptions) -> CompileMode | None:
        return cls() if options.cpp_wrapper else None

    def configure(self, plan: CompilePlan) -> None:
        plan.compile_options["cpp_wrapper"] = True

    def flags(self) -> list[str]:
        return ["cpp_wrapper"]
