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

With ``inductor_xpu.config.autotune_native_spills`` (env
``INDUCTOR_XPU_AUTOTUNE_NATIVE_SPILLS``; :func:`native_spill_check`), the
rule is :data:`RULE_SPILLS`: each template choice, in order, is compiled by
Intel's compilers for the profile's GPU (:mod:`inductor_xpu.native`, its
cache), and one whose kernel spills more than Inductor's
``config.triton.spill_threshold`` is skipped, as a device's autotuner skips
a spilling config (``CachingAutotuner.bench``: ``n_spills`` above
``spill_threshold``, 16 for xpu, where xpu's ``n_spills`` is Level Zero's
``spillMemSize``, bytes); the first that does not is taken.  Every skipped
choice is recorded with its spill (:class:`RejectedChoice`).  Where every
template spills, or the toolchain or the device is missing, the choice is
:data:`RULE`'s, with the reason.

Everything else of ``__call__`` runs as on hardware.  What could still
benchmark is fixed off by the simulation's Inductor options
(:mod:`~inductor_xpu.device.simulation.config`): autotuning in a
subprocess, template fusion decided by benchmarking the fused kernel,
pipelined autotuning.

That last one has a part that needs no timing, and with the spill check it
is kept (:data:`FUSION_RULE`): on a device, max-autotune's template fusion
benchmark (``Scheduler.speedup_by_fusion`` on a ``MultiTemplateBuffer``,
``config.benchmark_template_fusion``, on by default) compiles the chosen
template fused with its epilogue (or prologue), and
``TritonScheduling.benchmark_codegened_module`` times a fused kernel whose
launcher spills more than its ``n_spills_threshold`` as ``inf``, so the
fusion is not taken.  The simulation compiles the same fused kernel
(``Scheduler.generate_kernel_code_from_nodes``, the benchmark module a
device compiles) for the profile's GPU and does the same; a fused kernel
within the threshold is fused, as without the check (its timing against
the two kernels unfused is what no simulation has).  Each such decision is
recorded (:class:`TemplateFusion`, :func:`template_fusions`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
import weakref
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TYPE_CHECKING

from inductor_xpu.device.simulation.patching import replaced


if TYPE_CHECKING:
    from inductor_xpu.device.simulation.state import Simulation


log = logging.getLogger(__name__)

RULE = (
    "first-template: the first Triton template choice, in the order Inductor's "
    "template heuristics for the device produce them (template by template, "
    "config by config); the first ATen (extern) choice where there is none; "
    "no benchmark"
)


RULE_SPILLS = (
    "first-template-without-spills: the first Triton template choice, in the order Inductor's "
    "template heuristics for the device produce them, whose kernel, compiled by Intel's Triton "
    "backend and IGC for the device (no GPU), spills no more than Inductor's spill_threshold; "
    "the first template where every one spills or nothing could be compiled; the first ATen "
    "(extern) choice where there is no template; no benchmark"
)
# Why a choice was skipped: what CachingAutotuner.bench does with a
# launcher whose n_spills exceeds spill_threshold (BenchmarkFailureReason).
REJECTED_SPILLS = "register_spilling"
FUSION_RULE = (
    "fused-kernel-spills: a fusion into a Triton template is not taken where the fused kernel, "
    "compiled by Intel's Triton backend and IGC for the device (no GPU), spills more than "
    "benchmark_codegened_module's n_spills_threshold (a device's template fusion benchmark "
    "times it as inf); taken otherwise, as without the spill check (no timing)"
)
# SpillCheck.fallback's start where every template choice spilled (the first
# is then taken); the suite's native table counts those selections by it.
EVERY_TEMPLATE_SPILLS = "every template choice spills"


@dataclasses.dataclass(frozen=True)
class RejectedChoice:
    """A template choice :data:`RULE_SPILLS` skipped: its kernel, compiled
    natively, spills more than the threshold."""

    index: int  # its position among the op's choices
    name: str  # the template's name (mm, bmm, ...)
    config: dict[str, Any]  # its config (BLOCK_M/N/K, num_warps, num_stages, ...)
    spill_bytes: int  # of the binary a device loads (after the 256-GRF retry, where there was one)
    grf: int | None  # that binary's registers per thread
    first_spill_bytes: int | None  # at the first GRF mode (128), where it was compiled again
    threshold: int  # Inductor's spill_threshold
    rule: str = REJECTED_SPILLS

    def describe(self) -> str:
        first = f", {self.first_spill_bytes:,} at GRF 128" if self.first_spill_bytes else ""
        return (
            f"spills {self.spill_bytes:,} bytes at GRF {self.grf}{first} "
            f"(> spill_threshold {self.threshold}: {self.rule})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "config": dict(self.config),
            "spill_bytes": self.spill_bytes,
            "grf": self.grf,
            "first_spill_bytes": self.first_spill_bytes,
            "threshold": self.threshold,
            "rule": self.rule,
        }


@dataclasses.dataclass(frozen=True)
class SpillCheck:
    """What :data:`RULE_SPILLS` did for one selection."""

    device: str | None  # ocloc's device; None where nothing could be compiled
    threshold: int  # Inductor's spill_threshold (bytes of spill on xpu)
    compiled: int  # template choices compiled: the first, and all the others where it spilled
    from_cache: int  # of those, served by the native cache
    seconds: float
    chosen_spill_bytes: int | None = None  # the chosen template's, where it was compiled
    # Why the choice is RULE's (first template) after all: every template
    # spills, the toolchain or the device is missing, a compile failed.
    fallback: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "threshold": self.threshold,
            "compiled": self.compiled,
            "from_cache": self.from_cache,
            "seconds": round(self.seconds, 3),
            "chosen_spill_bytes": self.chosen_spill_bytes,
            "fallback": self.fallback,
        }


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
    # With RULE_SPILLS only (absent from to_json otherwise): the template
    # choices skipped for their spills, in order, and what the check did.
    rejected: tuple[RejectedChoice, ...] = ()
    spill_check: SpillCheck | None = None

    def to_json(self) -> dict[str, Any]:
        spills: dict[str, Any] = {}
        if self.spill_check is not None:
            spills = {"rejected": [r.to_json() for r in self.rejected], "spill_check": self.spill_check.to_json()}
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
            **spills,
        }


@dataclasses.dataclass(frozen=True)
class TemplateFusion:
    """One fusion into a Triton template judged by :data:`FUSION_RULE`."""

    # Index of the graph being scheduled (its code is the next one generated).
    graph: int
    template: str  # the template buffer's name
    nodes: tuple[str, ...]  # the other side's buffers
    epilogue: bool  # the other side is the template's epilogue (else its prologue)
    fused: bool  # the decision
    threshold: int  # benchmark_codegened_module's n_spills_threshold
    device: str | None = None  # ocloc's device; None where nothing was compiled
    spill_bytes: int | None = None  # the fused kernel's, where it was compiled
    grf: int | None = None
    from_cache: bool = False
    seconds: float = 0.0
    # Why the decision was made without a native result: taken (no source,
    # no toolchain, a compile that did not finish) or, where the fused kernel
    # cannot be split (CantSplit), not taken; None where it was compiled.
    unchecked: str | None = None
    rule: str = FUSION_RULE

    def describe(self) -> str:
        side = "epilogue" if self.epilogue else "prologue"
        what = f"{self.template} + {side} {', '.join(self.nodes)}"
        if self.unchecked:
            return f"{what}: {'fused' if self.fused else 'not fused'} unchecked ({self.unchecked})"
        verdict = "fused" if self.fused else "not fused"
        return (
            f"{what}: {verdict}, the fused kernel spills {self.spill_bytes:,} bytes at GRF {self.grf} "
            f"({'>' if not self.fused else '<='} n_spills_threshold {self.threshold})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "graph": self.graph,
            "template": self.template,
            "nodes": list(self.nodes),
            "epilogue": self.epilogue,
            "fused": self.fused,
            "threshold": self.threshold,
            "device": self.device,
            "spill_bytes": self.spill_bytes,
            "grf": self.grf,
            "from_cache": self.from_cache,
            "seconds": round(self.seconds, 3),
            "unchecked": self.unchecked,
            "rule": self.rule,
        }


# Each active simulation's choices, in the order they were made.
_CHOICES: weakref.WeakKeyDictionary[Simulation, list[AutotuneChoice]] = weakref.WeakKeyDictionary()
# And its fusions into templates judged by FUSION_RULE.
_FUSIONS: weakref.WeakKeyDictionary[Simulation, list[TemplateFusion]] = weakref.WeakKeyDictionary()


def autotune_choices(sim: Simulation) -> list[AutotuneChoice]:
    """The choices :data:`RULE` made in ``sim`` so far (empty without
    max-autotune, or where every op had a single choice)."""
    return list(_CHOICES.get(sim, ()))


def template_fusions(sim: Simulation) -> list[TemplateFusion]:
    """The fusions into templates :data:`FUSION_RULE` judged in ``sim`` so
    far (empty without the spill check or without templates)."""
    return list(_FUSIONS.get(sim, ()))


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


def native_spills_enabled() -> bool:
    """Whether selections follow :data:`RULE_SPILLS`
    (``inductor_xpu.config.autotune_native_spills``), read at each selection."""
    from inductor_xpu import config

    return bool(config.autotune_native_spills)


@contextlib.contextmanager
def native_spill_check(enabled: bool = True) -> Iterator[None]:
    """Selections made inside follow :data:`RULE_SPILLS` (``enabled``) or
    :data:`RULE`: ``inductor_xpu.config.autotune_native_spills`` for the
    block, e.g. around ``compile_for_target`` (the ``--native`` flag's)."""
    from inductor_xpu import config

    with config.patch(autotune_native_spills=enabled):  # type: ignore[attr-defined]
        yield


def spill_threshold() -> int:
    """Inductor's ``config.triton.spill_threshold``: what
    ``CachingAutotuner.bench`` compares a launcher's ``n_spills`` with (16
    unless ROCm; xpu's ``n_spills`` is Level Zero's ``spillMemSize``, bytes)."""
    from torch._inductor import config as inductor_config

    return int(inductor_config.triton.spill_threshold)


def template_source(choice: Any) -> tuple[str, str] | None:
    """``(kernel name, module text)`` of a Triton template choice: the
    benchmark module ``TritonTemplate.generate`` wrote for its config (what
    a device's ``precompile`` loads and compiles), None where it has none."""
    bmreq = getattr(choice, "bmreq", None)
    path = getattr(bmreq, "module_path", None)
    name = getattr(bmreq, "kernel_name", None)
    if not path or not name:
        return None
    try:
        return str(name), Path(path).read_text(encoding="utf-8")
    except OSError as e:
        log.debug("template choice %s: cannot read %s: %s", getattr(choice, "name", "?"), path, e)
        return None


def pick_without_spills(profile: str, choices: Sequence[Any]) -> tuple[int, tuple[RejectedChoice, ...], SpillCheck]:
    """The position of :data:`RULE_SPILLS`' choice among ``choices`` for
    ``profile``'s GPU, the template choices it skipped and what it did.

    Template choices are taken in order (each compiled from the native
    cache where it is there) until one spills no more than
    :func:`spill_threshold`.  The first is compiled alone (it is usually
    taken); where it spills, the others up to the next without a source are
    compiled in one :func:`compile_kernel_sources` call, so in one worker
    process (up to ``KERNELS_PER_WORKER`` of them) rather than one each.  A
    choice whose native compile fails is taken (its spills are unknown; the
    old toolchain may be the cause) with the reason; so is the first
    template where every one spills, or where nothing can be compiled
    (toolchain or device missing)."""
    from inductor_xpu.native import compile_kernel_sources, NativeError
    from inductor_xpu.native.report import COMPILED

    start = time.perf_counter()
    threshold = spill_threshold()
    first = pick(choices)
    templates = [i for i, c in enumerate(choices) if _kind(c) == "template"]
    rejected: list[RejectedChoice] = []
    compiled = from_cache = 0
    device: str | None = None

    def check(
        index: int, fallback: str | None, spill: int | None = None
    ) -> tuple[int, tuple[RejectedChoice, ...], SpillCheck]:
        if fallback:
            log.info("max-autotune spill check: %s; choice %d", fallback, index + 1)
        return index, tuple(rejected), SpillCheck(
            device, threshold, compiled, from_cache, time.perf_counter() - start, spill, fallback
        )

    if not templates:
        return check(first, None)
    kernels: dict[int, Any] = {}  # template choice -> its KernelNative
    for position, index in enumerate(templates):
        choice = choices[index]
        if index not in kernels:
            source = template_source(choice)
            if source is None:
                return check(index, f"choice {index + 1} ({_template_name(choice)}) has no kernel source to compile")
            batch, sources = [index], [source]
            if rejected:
                for later in templates[position + 1:]:
                    later_source = template_source(choices[later])
                    if later_source is None:
                        break
                    batch.append(later)
                    sources.append(later_source)
            try:
                result = compile_kernel_sources(sources, profile)
            except NativeError as e:  # the toolchain is missing, or the code is not the profile's
                return check(first if not rejected else index, f"no native compile: {e}")
            device = result.device
            if result.unsupported:
                return check(first, f"no native compile: {result.unsupported}")
            kernels.update(zip(batch, result.kernels, strict=True))
            compiled += len(result.kernels)
            from_cache += sum(int(k.from_cache) for k in result.kernels)
        kernel = kernels[index]
        if kernel.status != COMPILED:
            return check(
                index,
                f"choice {index + 1} ({_template_name(choice)}) was taken unchecked: its native compile did not finish "
                f"({kernel.describe()})",
            )
        spill = kernel.spill_bytes or 0
        if spill <= threshold:
            return check(index, None, spill)
        rejected.append(
            RejectedChoice(
                index=index,
                name=_template_name(choice),
                config=_config(choice),
                spill_bytes=spill,
                grf=kernel.grf,
                first_spill_bytes=kernel.first_spill_bytes,
                threshold=threshold,
            )
        )
        log.info("max-autotune: choice %d (%s) skipped: %s", index + 1, choice.name, rejected[-1].describe())
    return check(
        first,
        f"{EVERY_TEMPLATE_SPILLS} more than spill_threshold {threshold}: the first is taken",
        rejected[0].spill_bytes,
    )


def fusion_spill_threshold() -> int:
    """``n_spills_threshold`` of ``TritonScheduling.benchmark_codegened_module``
    (8 in torch 2.13 to 2.15): above it, a device's template fusion
    benchmark times the fused kernel as ``inf``."""
    import inspect

    from torch._inductor.codegen.triton import TritonScheduling

    parameter = inspect.signature(TritonScheduling.benchmark_codegened_module).parameters["n_spills_threshold"]
    return int(parameter.default)


def _triton_template(node: Any) -> Any:
    """The Triton template buffer of a scheduler node, None for any other."""
    from torch._inductor import ir

    if not node.is_template():
        return None
    template = node.get_template_node()
    return template if isinstance(template, ir.TritonTemplateBuffer) else None


def check_template_fusion(profile: str, graph: int, scheduler: Any, node1: Any, node2: Any) -> TemplateFusion | None:
    """:data:`FUSION_RULE`'s decision on fusing ``node1`` and ``node2``
    (scheduler nodes, one of them a Triton template's), None where neither
    is one.  The fused kernel's source is the benchmark module a device's
    template fusion benchmark compiles; it is compiled natively (the native
    cache first).  Where it cannot be (no toolchain, a compile that does not
    finish), the fusion is taken, with the reason."""
    from inductor_xpu.native import compile_kernel_sources, NativeError
    from inductor_xpu.native.report import COMPILED

    template = _triton_template(node1)
    epilogue = template is not None
    if not epilogue:
        template = _triton_template(node2)
    if template is None:
        return None
    start = time.perf_counter()
    other = node2 if epilogue else node1
    base = dict(
        graph=graph,
        template=str(template.get_name()),
        nodes=tuple(str(n.get_name()) for n in other.get_nodes()),
        epilogue=epilogue,
        threshold=fusion_spill_threshold(),
    )

    def taken(why: str) -> TemplateFusion:
        log.info("max-autotune fusion spill check: %s; fused unchecked", why)
        return TemplateFusion(**base, fused=True, seconds=time.perf_counter() - start, unchecked=why)

    from torch._inductor.codegen.simd import CantSplit

    try:
        source = scheduler.generate_kernel_code_from_nodes(
            [*node1.get_nodes(), *node2.get_nodes()], benchmark_kernel=False
        )
    except CantSplit:
        # a device's template fusion benchmark skips the choice, so nothing is fused
        log.info("max-autotune fusion spill check: the fused kernel cannot be generated (CantSplit); not fused")
        why = "the fused kernel cannot be split (CantSplit)"
        return TemplateFusion(**base, fused=False, seconds=time.perf_counter() - start, unchecked=why)
    except Exception as e:  # fused as without the check, rather than failing a compile that did not need this
        return taken(f"the fused kernel could not be generated: {type(e).__name__}: {e}")
    name = _jit_function(source)
    if name is None:
        return taken("the fused benchmark module defines no Triton kernel")
    try:
        result = compile_kernel_sources([(name, source)], profile)
    except NativeError as e:
        return taken(f"no native compile: {e}")
    if result.unsupported:
        return taken(f"no native compile: {result.unsupported}")
    (kernel,) = result.kernels
    if kernel.status != COMPILED:
        return taken(f"its native compile did not finish ({kernel.describe()})")
    spill = kernel.spill_bytes or 0
    decision = TemplateFusion(
        **base,
        fused=spill <= base["threshold"],
        device=result.device,
        spill_bytes=spill,
        grf=kernel.grf,
        from_cache=bool(kernel.from_cache),
        seconds=time.perf_counter() - start,
    )
    log.info("max-autotune fusion: %s", decision.describe())
    return decision


def _jit_function(source: str) -> str | None:
    """The name of the first ``@triton.jit`` function of a module's text."""
    import re

    match = re.search(r"^@triton\.jit\s*\ndef\s+(\w+)\s*\(", source, re.MULTILINE)
    return match.group(1) if match else None


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
    sim: Simulation,
    name: str,
    input_nodes: Sequence[Any],
    layout: Any,
    choices: Sequence[Any],
    index: int,
    rejected: tuple[RejectedChoice, ...] = (),
    spill_check: SpillCheck | None = None,
) -> AutotuneChoice:
    """The record of choosing ``choices[index]`` for the selection ``name``
    (by :data:`RULE_SPILLS` where ``spill_check`` is given)."""
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
        rule=RULE if spill_check is None else RULE_SPILLS,
        rejected=rejected,
        spill_check=spill_check,
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
        if native_spills_enabled():
            index, rejected, spill_check = pick_without_spills(sim.profile.key, choices)
            record = describe(sim, name, input_nodes, layout, choices, index, rejected, spill_check)
        else:
            index = pick(choices)
            record = describe(sim, name, input_nodes, layout, choices, index)
        made.append(record)
        log.info(
            "max-autotune %s: %s %s of %d choices (%s)", name, record.kind, record.name, len(choices), record.rule
        )
        return {c: 0.0 if i == index else float("inf") for i, c in enumerate(choices)}

    from torch._inductor.scheduler import Scheduler

    fusions: list[TemplateFusion] = []
    _FUSIONS[sim] = fusions
    speedup_by_fusion_on_device = Scheduler.speedup_by_fusion

    # Inductor offers a refused pair again in each fusion round; a device's
    # scheduler benchmarks a template fusion once (seen_template_fusions).
    decided: dict[tuple[Any, ...], bool] = {}

    def speedup_by_fusion(self: Any, node1: Any, node2: Any) -> Any:
        result = speedup_by_fusion_on_device(self, node1, node2)
        if result.should_fuse is not True or not native_spills_enabled():
            return result
        if _triton_template(node1) is None and _triton_template(node2) is None:
            return result
        key = (
            len(sim.generated),
            id(self),
            tuple(n.get_name() for n in node1.get_nodes()),
            tuple(n.get_name() for n in node2.get_nodes()),
        )
        if key not in decided:
            decision = check_template_fusion(sim.profile.key, len(sim.generated), self, node1, node2)
            assert decision is not None
            fusions.append(decision)
            decided[key] = decision.fused
        return type(result).fuse(decided[key])

    with replaced(sim, AlgorithmSelectorCache, "make_precompile_fn", make_precompile_fn), replaced(
        sim, AlgorithmSelectorCache, "do_autotuning", do_autotuning
    ), replaced(sim, Scheduler, "speedup_by_fusion", speedup_by_fusion):
        yield
