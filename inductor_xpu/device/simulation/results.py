"""What a simulation gives back: the generated code of each compiled graph
(an AOT compile's: its package sources),
the ``torch.xpu`` queries made while compiling, and its one error type."""

from __future__ import annotations

import dataclasses
from typing import Any, TYPE_CHECKING

from inductor_xpu.generated_code import cpp_source, triton_blocks


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.freezing import GraphConstants


class SimulationError(RuntimeError):
    """A simulation cannot be entered or cannot do what was asked."""


@dataclasses.dataclass(frozen=True)
class GeneratedCode:
    """One compiled graph's generated code."""

    profile: str
    wrapper_kind: str  # "python", or "cpp" (the C++ wrapper, in its Python module)
    source: str
    path: str
    # Where the wrapper's constants come from, and the arguments it takes
    # (inductor_xpu.device.simulation.freezing); not part of the code.
    constants: GraphConstants | None = dataclasses.field(default=None, compare=False, repr=False)

    def triton_kernels(self) -> dict[str, str]:
        """Kernel name -> Triton source, as the wrapper defines them."""
        return {b.kernel: b.source for b in triton_blocks(self.source)}

    def cpp_source(self) -> str | None:
        """The C++ wrapper source of a ``cpp`` wrapper (``cpp_wrapper_src``)."""
        return cpp_source(self.source) if self.wrapper_kind == "cpp" else None

    def kernel_device_strs(self) -> set[str]:
        return {b.device_str for b in triton_blocks(self.source)}


@dataclasses.dataclass
class AotSources:
    """One AOT-compiled graph's package sources (paths relative to
    ``directory``), with their text (``texts``: path -> text, every file) and
    the facts of the graph's own Triton kernels (``kernels``: name -> facts,
    as in its ``metadata.json``)."""

    directory: str
    wrapper: str
    kernel: str | None
    triton_kernels: list[str]
    metadata: str
    texts: dict[str, str] = dataclasses.field(default_factory=dict)
    kernels: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)

    def files(self) -> list[str]:
        return [f for f in (self.wrapper, self.kernel, self.metadata, *self.triton_kernels) if f]


@dataclasses.dataclass
class DeviceQuery:
    """A ``torch.xpu`` call made while compiling under a simulation."""

    api: str
    caller: str
    outcome: str
    count: int = 1


@dataclasses.dataclass
class CompileResult:
    outputs: Any
    code: list[GeneratedCode]

    @property
    def source(self) -> str:
        return "\n".join(c.source for c in self.code)
