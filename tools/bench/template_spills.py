"""Compile every Triton template choice of a model's max-autotune
selections natively, for one or more Intel GPUs, and print each choice's
spill.

    python tools/bench/template_spills.py --script PATH:FUNC [--dtype bf16] \
        [--targets a770,max1550] [--configs "BM,BN,BK,STAGES,WARPS;..."] \
        [--depthwise-configs "BM,BC,STAGES,WARPS;..."] [--templates NAME,...] [--json OUT.json]

The model is compiled with max-autotune for each target, as ``compile
--max-autotune`` compiles it (simulated GPU, nothing runs).  At each
GEMM/conv selection every template choice's kernel (the benchmark module a
device's precompile loads) is compiled with Intel's Triton XPU backend and
IGC for that target (``inductor_xpu.native``), GRF 256 again where 128
spills.  The rule's choice is then taken, so the compile goes on.

Without ``--configs`` the choices are those XPU's template heuristics give
in this process (its torch and series).  With ``--configs``, XPU's mm and
conv lists are those tiles instead, each keeping its warps up to one
accumulator element per work-item (series 0016's ``XPUFMAConfig``), not
lowered to one 16x16 tile per warp: a sweep of tiles and warps.  The conv
tiles are made as XPU's own (series 0018's ``XPUFMAConvConfig``: a kernel
window up to 3x3 unrolled; a larger one runs at most 4 warps).  Sizes are
still scaled to the problem as Inductor scales them.  With
``--depthwise-configs``, XPU's depthwise conv2d list (series 0068) is those
tiles (BLOCK_M pixels by BLOCK_C channels).  With ``--templates``, only
those templates' choices are compiled (named as the table prints them,
e.g. ``triton_depthwise_conv2d``; none of them offered is an error).  Needs
``make native-env``.  Bad arguments exit with status 2, nothing compiled.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import re
import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from unittest import mock


DTYPES = ("fp32", "fp16", "bf16")


class ArgumentError(ValueError):
    """A bad argument, named: exit status 2."""


def parse_configs(
    text: str, option: str = "--configs", fields: str = "BLOCK_M,BLOCK_N,BLOCK_K,STAGES,WARPS"
) -> list[tuple[int, ...]]:
    """``"BM,BN,BK,STAGES,WARPS;..."`` (``fields``) as tuples of positive ints."""
    width = len(fields.split(","))
    configs = []
    for item in (part.strip() for part in text.split(";")):
        if not item:
            continue
        try:
            values = tuple(int(f) for f in item.split(","))
        except ValueError:
            raise ArgumentError(f"{option} {item!r}: not integers") from None
        if len(values) != width or min(values) < 1:
            raise ArgumentError(f"{option} {item!r}: want {fields}, each >= 1")
        configs.append(values)
    if not configs:
        raise ArgumentError(f"{option}: no config")
    return configs


DEPTHWISE_FIELDS = "BLOCK_M,BLOCK_C,STAGES,WARPS"


@contextlib.contextmanager
def xpu_depthwise_list(configs: Sequence[tuple[int, ...]] | None) -> Iterator[None]:
    """XPU's depthwise conv2d list (series 0068) replaced by ``configs``."""
    if configs is None:
        yield
        return
    from torch._inductor.template_heuristics import triton as heuristics

    config = getattr(heuristics, "DepthwiseConv2dConfig", None)
    if config is None:
        raise ArgumentError(
            "--depthwise-configs needs series patch 0068 (DepthwiseConv2dConfig) in effect on this torch"
        )
    tiles = types.SimpleNamespace(depthwise_conv2d_configs=[config(*c) for c in configs])
    cls = heuristics.XPUConfigHeuristic

    def get_depthwise_conv2d_configs(self: Any) -> Any:
        # the base's getter, on these tiles: a heuristic cached before takes them too
        return heuristics.BaseConfigHeuristic.get_depthwise_conv2d_configs(tiles)  # type: ignore[arg-type]

    with mock.patch.object(cls, "get_depthwise_conv2d_configs", get_depthwise_conv2d_configs):
        yield


@contextlib.contextmanager
def xpu_template_lists(configs: Sequence[tuple[int, ...]] | None) -> Iterator[None]:
    """XPU's mm and conv lists replaced by ``configs`` (kept warps): the
    class's ``preprocess_mm_configs``, so heuristic instances made before
    (they are singletons, cached by the registry) take them too."""
    if configs is None:
        yield
        return
    from torch._inductor.template_heuristics import triton as heuristics

    fma_config = getattr(heuristics, "XPUFMAConfig", None)
    if fma_config is None:
        raise ArgumentError("--configs needs series patch 0016 (XPUFMAConfig) in effect on this torch")
    # conv tiles as XPU's own conv tiles are made (series 0018: a small kernel
    # window unrolled, warps kept), where that class exists
    conv_config = getattr(heuristics, "XPUFMAConvConfig", fma_config)
    mm_tiles = [fma_config(*c) for c in configs]
    conv_tiles = [conv_config(*c) for c in configs]
    cls = heuristics.XPUConfigHeuristic
    original = cls.__dict__["preprocess_mm_configs"]
    base = heuristics.BaseConfigHeuristic.preprocess_mm_configs

    def preprocess(self: Any, m: Any, n: Any, k: Any, configs: Any, *args: Any, **kwargs: Any) -> Any:
        op_name = kwargs.get("op_name", "mm")
        if op_name in ("mm", "addmm", "bmm", "baddbmm", "conv"):
            tiles = conv_tiles if op_name == "conv" else mm_tiles
            return base(self, m, n, k, list(tiles), *args, **kwargs)  # these alone, none prepended
        return original(self, m, n, k, configs, *args, **kwargs)

    cls.preprocess_mm_configs = preprocess  # type: ignore[method-assign]
    try:
        yield
    finally:
        cls.preprocess_mm_configs = original  # type: ignore[method-assign]


def _blocks(description: str) -> str:
    """A choice's tile: the ``BLOCK_*`` values of its description (a
    depthwise tile's BLOCK_C is in no ``tile_shape``)."""
    return ",".join(f"{k}={v}" for k, v in re.findall(r"\b(BLOCK_[A-Z])=(\d+)", description))


def sweep(
    module: Any, inputs: Any, target: str, templates: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """Each template choice of each selection of ``module`` compiled for
    ``target`` with max-autotune, compiled natively for that target (only
    the choices of ``templates``, where given)."""

    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.device.simulation import autotune
    from inductor_xpu.native import compile_kernel_sources

    records: list[dict[str, Any]] = []
    selections = [0]
    seen: set[str] = set()

    def compile_every_choice(profile: str, choices: Sequence[Any]) -> tuple[int, tuple[Any, ...], Any]:
        names = {i: autotune._template_name(c) for i, c in enumerate(choices) if autotune._kind(c) == "template"}
        seen.update(names.values())
        chosen = [i for i, name in names.items() if templates is None or name in templates]
        usable = [(i, s) for i in chosen if (s := autotune.template_source(choices[i])) is not None]
        result = compile_kernel_sources([s for _, s in usable], profile)
        for (i, _), kernel in zip(usable, result.kernels):
            config = autotune._config(choices[i])
            records.append({
                "selection": selections[0], "choice": i + 1, "target": target, "device": result.device,
                "template": names[i], "tile_shape": config.get("tile_shape"),
                "blocks": _blocks(str(getattr(choices[i], "description", ""))),
                "num_warps": config.get("num_warps"), "num_stages": config.get("num_stages"),
                "status": kernel.status, "spill_bytes": kernel.spill_bytes, "grf": kernel.grf,
                "simd": kernel.simd, "dpas": kernel.dpas, "inst_count": kernel.inst_count,
            })  # fmt: skip
        selections[0] += 1
        return autotune.pick(choices), (), None

    import torch
    from torch._inductor.utils import fresh_cache

    torch._dynamo.reset()
    # fresh caches: another target's template modules are that GPU's code
    with fresh_cache(), mock.patch.object(autotune, "pick_without_spills", compile_every_choice), \
            autotune.native_spill_check():
        args = tuple(inputs) if isinstance(inputs, (list, tuple)) else (inputs,)
        report = compile_for_target(module, args, {}, target, TargetOptions(inductor_config={"max_autotune": True}))
    if report.exception is not None:
        raise RuntimeError(f"the compile for {target} failed: {report.error_line}") from report.exception
    if templates is not None and not set(templates) & seen:
        raise ArgumentError(
            f"--templates: no choice of {', '.join(templates)} in any selection for {target} "
            f"(templates offered: {', '.join(sorted(seen)) or 'none'})"
        )
    return records


def format_table(records: Sequence[dict[str, Any]]) -> list[str]:
    lines = ["target selection choice template tile_shape (blocks) warps stages: spill bytes (GRF)"]
    for r in records:
        spill = (f"{r['spill_bytes'] or 0} B (GRF {r['grf']})" if r["status"] in ("compiled", "toolchain_gap")
                 else r["status"])  # fmt: skip
        lines.append(f"{r['target']} {r['selection']} {r['choice']} {r['template']} {r['tile_shape']} ({r['blocks']}) "
                     f"{r['num_warps']} {r['num_stages']}: {spill}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="template_spills.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--script", required=True, metavar="PATH:FUNC", help="FUNC() returns (module, example_inputs)")
    parser.add_argument("--dtype", choices=DTYPES, default="bf16")
    parser.add_argument("--targets", default="a770,max1550", help="device profiles, comma-separated")
    parser.add_argument("--configs", help="BM,BN,BK,STAGES,WARPS;...: XPU's mm and conv lists, warps kept")
    parser.add_argument(
        "--depthwise-configs", help=f"{DEPTHWISE_FIELDS};...: XPU's depthwise conv2d list (series 0068)"
    )
    parser.add_argument(
        "--templates", help="compile only these templates' choices (names as printed: triton_depthwise_conv2d,...)"
    )
    parser.add_argument("--json", help="write every choice's record here")
    args = parser.parse_args(argv)
    try:
        from inductor_xpu.device.registry import get_profile, list_profiles, UnknownProfileError

        targets = [t for t in args.targets.split(",") if t]
        if not targets:
            raise ArgumentError("--targets: none")
        for t in targets:
            try:
                get_profile(t)
            except UnknownProfileError:
                raise ArgumentError(
                    f"--targets: unknown {t!r}; known: {', '.join(p.key for p in list_profiles())}"
                ) from None
        configs = parse_configs(args.configs) if args.configs is not None else None
        depthwise = (
            parse_configs(args.depthwise_configs, "--depthwise-configs", DEPTHWISE_FIELDS)
            if args.depthwise_configs is not None else None
        )
        templates = [t for t in args.templates.split(",") if t] if args.templates is not None else None
        if templates == []:
            raise ArgumentError("--templates: none")
        from inductor_xpu.compile.options import CompileUsageError
        from inductor_xpu.compile.program import call_script

        try:
            module, inputs = call_script(args.script)
        except CompileUsageError as e:
            raise ArgumentError(str(e)) from None
        import torch

        dtype = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[args.dtype]
        module = module.to(dtype)
        inputs = [x.to(dtype) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        records = []
        for target in targets:  # the code is each target's own (its device's properties)
            with xpu_template_lists(configs), xpu_depthwise_list(depthwise):
                records += sweep(copy.deepcopy(module), inputs, target, templates)
    except ArgumentError as e:
        print(f"template_spills: {e}", file=sys.stderr)
        return 2
    print("\n".join(format_table(records)))
    if args.json:
        Path(args.json).write_text(json.dumps({"targets": targets, "choices": records}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
