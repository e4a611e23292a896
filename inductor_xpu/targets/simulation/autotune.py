"""max-autotune without a device: Inductor's template choices are made by a
stated rule instead of by benchmarks, and every choice is recorded.

With ``max_autotune`` / ``max_autotune_gemm``, Inductor lowers a GEMM or a
convolution to a list of choices -- the ATen kernel (an extern call) and its
Triton templates (``mm``, ``bmm``, ``addmm``, ``conv2d``... each with the
configs the device's template heuristics produce) -- and
``AlgorithmSelectorCache.__call__`` (torch/_inductor/select_algorithm.py)
picks one: ``make_precompile_fn`` compiles every choice in worker threads,
``do_autotuning`` benchmarks them on the device (or in a subprocess) and
returns their timings, the fastest wins.  A simulation has no device, so
those two methods are replaced, on ``AlgorithmSelectorCache`` itself, for the
simulation's lifetime (the same two methods, same signatures, on torch 2.13
to 2.15):

- ``make_precompile_fn`` returns a function that compiles nothing (no
  threads, no subprocess, no autotune-cache lookup);
- ``do_autotuning`` benchmarks nothing: it applies :data:`RULE` and returns
  timings that make ``__call__`` take the rule's choice (0 for it, ``inf``
  for the others), and records the choice (:class:`AutotuneChoice`).

Everything else of ``__call__`` runs as on hardware.  What could still
benchmark is fixed off by the simulation's Inductor options
(:mod:`~inductor_xpu.targets.simulation.config`): autotuning in a
subprocess, template-epilogue fusion decided by benchmarking the fused
kernel, pipelined autotuning.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import weakref
from collections.abc import Iterator, Sequence
from typing import Any, TYPE_CHECKING

from inductor_xpu.targets.simulation.patching import replaced


if TYPE_CHECKING:
    from inductor_xpu.targets.simulation.state import Simulation


log = logging.getLogger(__name__)

RULE = (
    "first-template: the first Triton template choice, in the order Inductor's "
    "template heuristics for the device produce them (template by template, "
    "config by config); the first ATen (extern) choice where there is none; "
    "no benchmark"
)


@dataclasses.dataclass(frozen=True)
class AutotuneChoice:
    """One selection among an op's choices, made by :data:`RULE`."""

    # Index of the graph being lowered (its code is the next one generated).
    graph: int
    op: str  # the selection's name: "mm", "addmm", "bmm", "convolution", ...
    inputs: tuple[str, ...]  # each input: dtype[sizes][strides], e.g. "f32[128, 256][256, 1]"
    output: str  # the output layout, same form
    choices: int  # how many choices there were
    index: int  # the chosen one's position among them
    kind: str  # "template" (a Triton template), "extern" (ATen), or the caller's class name
    name: str  # the chosen one's name: the template's (e.g. "mm") or the extern kernel's
    config: dict[str, Any]  # the template's config (block sizes, num_warps, num_stages, ...)
    rule: str = RULE

    def to_json(self) -> dict[str, Any]:
        return {
            "graph": self.graph,
            "op": self.op,
            "inputs": list(self.inputs),
            "output": self.output,
            "choices": self.choices,
            "index": self.index,
            "kind": self.kind,
            "name": self.name,
            "config": dict(self.config),
            "rule": self.rule,
        }


# Each active simulation's choices, in the order they were made.
_CHOICES: weakref.WeakKeyDictionary[Simulation, list[AutotuneChoice]] = weakref.WeakKeyDictionary()


def autotune_choices(sim: Simulation) -> list[AutotuneChoice]:
    """The choices :data:`RULE` made in ``sim`` so far (empty without
    max-autotune, or where every op had a single choice)."""
    return list(_CHOICES.get(sim, ()))


def _kind(choice: Any) -> str:
    from torch._inductor.select_algorithm import ExternKernelCaller, TritonTemplateCaller

    if isinstance(choice, TritonTemplateCaller):
        return "template"
    if isinstance(choice, ExternKernelCaller):
        return "extern"
    return type(choice).__name__


def pick(choices: Sequence[Any]) -> int:
    """The position of :data:`RULE`'s choice."""
    kinds = [_kind(c) for c in choices]
    for wanted in ("template", "extern"):
        if wanted in kinds:
            return kinds.index(wanted)
    return 0


def _layout_str(node: Any) -> str:
    """``dtype[sizes][strides]`` of an IR node or a layout."""
    from torch.utils._dtype_abbrs import dtype_abbrs

    layout = node if hasattr(node, "stride") and not callable(node.stride) else node.get_layout()
    dtype = layout.dtype
    return (
        f"{dtype_abbrs.get(dtype, str(dtype))}[{', '.join(map(str, layout.size))}]"
        f"[{', '.join(map(str, layout.stride))}]"
    )


def _template_name(choice: Any) -> str:
    template = getattr(choice, "template", None)
    name = getattr(template, "name", None)
    if isinstance(name, str):
        return name
    # A TritonTemplateCaller is named after its template and a global counter
    # (triton_mm_12): drop the counter, which depends on what compiled before.
    base, _, suffix = str(choice.name).rpartition("_")
    return base if suffix.isdigit() and base else str(choice.name)


def _config(choice: Any) -> dict[str, Any]:
    info = choice.info_dict() if hasattr(choice, "info_dict") else {}
    return {str(k): v if isinstance(v, (bool, int, float, str)) or v is None else str(v) for k, v in info.items()}


def describe(
    sim: Simulation, name: str, input_nodes: Sequence[Any], layout: Any, choices: Sequence[Any], index: int
) -> AutotuneChoice:
    """The record of choosing ``choices[index]`` for the selection ``name``."""
    chosen = choices[index]
    kind = _kind(chosen)
    return AutotuneChoice(
        graph=len(sim.generated),
        op=str(name),
        inputs=tuple(_layout_str(n) for n in input_nodes),
        output=_layout_str(layout),
        choices=len(choices),
        index=index,
        kind=kind,
        name=_template_name(chosen) if kind == "template" else str(chosen.name),
        config=_config(chosen) if kind == "template" else {},
    )


@contextlib.contextmanager
def deterministic_selection(sim: Simulation) -> Iterator[None]:
    """``AlgorithmSelectorCache``'s precompile and benchmark steps replaced
    by :data:`RULE` (see the module's docstring); the choices made are
    :func:`autotune_choices` (sim)."""
    from torch._inductor.select_algorithm import AlgorithmSelectorCache

    made: list[AutotuneChoice] = []
    _CHOICES[sim] = made

    def make_precompile_fn(self: Any, choices: Any, name: str, inputs_key: str, *args: Any, **kwargs: Any) -> Any:
        def precompile_nothing(*args: Any, **kwargs: Any) -> dict[Any, float]:
            return {}

        return precompile_nothing

    def do_autotuning(
        self: Any,
        name: str,
        input_nodes: Any,
        layout: Any,
        input_gen_fns: Any,
        inputs_key: Any,
        choices: list[Any],
        precompile_fn: Any,
        *args: Any,
        **kwargs: Any,
    ) -> dict[Any, float]:
        index = pick(choices)
        record = describe(sim, name, input_nodes, layout, choices, index)
        made.append(record)
        log.info("max-autotune %s: %s %s of %d choices (%s)", name, record.kind, record.name, len(choices), RULE)
        return {c: 0.0 if i == index else float("inf") for i, c in enumerate(choices)}

    with replaced(sim, AlgorithmSelectorCache, "make_precompile_fn", make_precompile_fn), replaced(
        sim, AlgorithmSelectorCache, "do_autotuning", do_autotuning
    ):
        yield
