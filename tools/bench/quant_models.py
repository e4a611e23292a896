#!/usr/bin/env python3
"""PT2E INT8 at model level: a ResNet-50 and a BERT encoder quantized with
torchao's PT2E flow (``inductor_xpu.modes.int8``) and compiled with freezing:

* xpu (hardware-less, ``XPUInductorQuantizer``, ``simulate(TARGET)``): the
  generated Triton kernels, the oneDNN INT8 calls, the INT8 counters and the
  (de)quantize ops left to generated kernels;
* CPU (``X86InductorQuantizer``, compiled and run for real): the same
  counts, and the INT8 model's accuracy against the fp32 model on held-out
  random inputs (calibration on other random inputs): top-1 agreement and
  logits' max abs difference / cosine similarity.  The xpu-flow model
  (signed int8 activations) is also run eagerly on CPU (its q/dq reference
  ops), which gives that flow's numerics without an Intel GPU.

Models, built offline from configs with random weights (suite_lib.models):
BertForMaskedLM (the suite's spec, BERT-base, ``--small`` sequence length)
and transformers' ResNetForImageClassification with its default config
(ResNet-50: bottleneck stages 3-4-6-3), standing in for the suite's timm
resnet50, as timm needs a torchvision built for the installed torch.

    python tools/bench/quant_models.py --out benchmarks/results/quant_int8_models.md
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import torch

from benchlib.machine import machine_description
from benchlib.report import command_line, utc_now, write_json, write_text
from inductor_xpu.generated_code import kernel_count


class LogitsOnly(torch.nn.Module):
    """The model's logits as one tensor (export- and compare-friendly)."""

    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        key = "input_ids" if not x.is_floating_point() else "pixel_values"
        return self.model(**{key: x}).logits


def resnet50(batch: int, size: int) -> tuple[torch.nn.Module, Callable[[int], torch.Tensor], str]:
    import transformers

    torch.manual_seed(1337)
    model = transformers.ResNetForImageClassification(transformers.ResNetConfig()).eval()

    def inputs(seed: int) -> torch.Tensor:
        return torch.randn(batch, 3, size, size, generator=torch.Generator().manual_seed(seed))

    return LogitsOnly(model), inputs, f"ResNet-50 (transformers ResNetConfig()), {batch}x3x{size}x{size}"


def bert(batch: int, seq_len: int) -> tuple[torch.nn.Module, Callable[[int], torch.Tensor], str]:
    from suite_lib import models

    spec = next(s for s in models.all_specs() if s.name == "BertForMaskedLM")
    model_cls, config = models.hf_model_and_config(spec)
    models.reset_rng_state()
    model = model_cls(config).eval()
    vocab = config.vocab_size

    def inputs(seed: int) -> torch.Tensor:
        return torch.randint(0, vocab, (batch, seq_len), generator=torch.Generator().manual_seed(seed))

    return LogitsOnly(model), inputs, f"BertForMaskedLM (suite spec, BERT-base), {batch}x{seq_len} tokens"


def _counts(summary: dict[str, Any], sources: list[str]) -> dict[str, Any]:
    return {**summary, "generated_kernels": sum(kernel_count(s) for s in sources)}


def compile_xpu(model: torch.nn.Module, x: torch.Tensor, target: str) -> dict[str, Any]:
    from inductor_xpu.modes.int8 import compile_quantized, summarize
    from inductor_xpu.compile.pipeline import TargetOptions

    report = compile_quantized(model, (x,), {}, target, TargetOptions(record_cuda=False, reraise=True))
    sources = [c.source for c in report.generated]
    out = _counts(summarize(sources, report.inductor_counters), sources)
    out["graphs"] = len(sources)
    out["compile_s"] = round(report.elapsed_s, 1)  # the compile, not the quantization
    return out


def _agreement(ref: torch.Tensor, got: torch.Tensor) -> dict[str, float]:
    ref, got = ref.float(), got.float()
    return {
        "top1_agreement": float((ref.argmax(-1) == got.argmax(-1)).float().mean()),
        "max_abs_diff": float((ref - got).abs().max()),
        "ref_max_abs": float(ref.abs().max()),
        "cosine": float(torch.nn.functional.cosine_similarity(ref.flatten(), got.flatten(), dim=0)),
    }


def run_cpu(model: torch.nn.Module, inputs: Callable[[int], torch.Tensor], calib: int, evals: int) -> dict[str, Any]:
    from torch._dynamo.utils import counters
    from torch._inductor.utils import run_and_get_code

    from inductor_xpu.modes.int8 import cpu_int8_compiled, cpu_int8_reduce_range, quantize, summarize

    calibration = [(inputs(100 + i),) for i in range(calib)]
    held_out = [inputs(200 + i) for i in range(evals)]
    with torch.no_grad():
        ref = [model(x) for x in held_out]
    q_xpu_flow = quantize(model, calibration[0], device="xpu", calibration=calibration)
    # the program CPU INT8 compiles, eager (its reference q/dq ops): what
    # oneDNN's kernels should compute; they drift from it where u8s8 saturates
    q_cpu = quantize(model, calibration[0], device="cpu", calibration=calibration, reduce_range=cpu_int8_reduce_range())
    with torch.no_grad():
        eager_cpu_program = [q_cpu(x) for x in held_out]
    uncached = {"fx_graph_cache": False, "fx_graph_remote_cache": False}
    with cpu_int8_compiled(model, calibration[0], calibration=calibration, inductor_options=uncached) as compiled:
        counters.clear()
        t0 = time.perf_counter()
        first, code = run_and_get_code(compiled, held_out[0])
        snapshot = dict(counters["inductor"])
        compile_s = time.perf_counter() - t0
        got = [first] + [compiled(x) for x in held_out[1:]]
        eager_xpu_flow = [q_xpu_flow(x) for x in held_out]
    out = _counts(summarize(code, snapshot), code)
    out["compile_s"] = round(compile_s, 1)
    out["accuracy_x86_int8_compiled"] = _agreement(torch.cat(ref), torch.cat(got))
    out["accuracy_xpu_flow_int8_eager"] = _agreement(torch.cat(ref), torch.cat(eager_xpu_flow))
    out["x86_int8_compiled_vs_its_pt2e_program"] = _agreement(torch.cat(eager_cpu_program), torch.cat(got))
    out["calibration_batches"], out["eval_batches"] = calib, evals
    return out


def _range_text(reduce_range: bool | None) -> str:
    if reduce_range is None:
        return "not recorded"
    return "reduce_range (7-bit, 0..127)" if reduce_range else "full 8-bit range (0..255)"


def report(res: dict[str, Any]) -> str:
    lines = [
        "# PT2E INT8 at model level: xpu (hardware-less) and CPU",
        "",
        f"Command: `{res['command']}`  ",
        f"Date: {res['date']}  ",
        f"Machine: {res['machine']}; ATen CPU capability {res['cpu_capability']}  ",
        f"CPU INT8 activations: {_range_text(res.get('cpu_int8_reduce_range'))}  ",
        f"Python {res['python']}, torch {res['torch']}, torchao {res['torchao']}; xpu target {res['target']} (simulated)",
        "",
        "Flow: `inductor_xpu.modes.int8.quantize` (torch.export, prepare_pt2e, calibration on CPU with random "
        "inputs, convert_pt2e; int8 per-channel weights, static per-tensor activations), then torch.compile "
        "with freezing.  xpu: `XPUInductorQuantizer` in `simulate()`; CPU: `X86InductorQuantizer`, run.  "
        "Accuracy: held-out random inputs (other seeds than calibration), INT8 logits against the fp32 "
        "model's; `xpu flow, eager on CPU` runs the XPUInductorQuantizer model's reference q/dq ops.",
        "",
    ]
    for m in res["models"]:
        x, c = m["xpu"], m["cpu"]
        lines += [f"## {m['description']}", ""]
        lines += ["| | xpu (simulated) | CPU |", "|---|---|---|"]
        lines.append(f"| generated kernels | {x.get('generated_kernels', '-')} (Triton) | {c.get('generated_kernels', '-')} (C++) |")
        for key, label in (("onednn_calls", "oneDNN INT8 calls"),):
            def calls(side: dict[str, Any]) -> str:
                from collections import Counter

                return ", ".join(f"{k} x{v}" for k, v in Counter(side.get(key, [])).most_common()) or "-"
            lines.append(f"| {label} | {calls(x)} | {calls(c)} |")
        for side_name in ("counters",):
            lines.append(
                "| INT8 counters | "
                + " ".join(f"{k.removesuffix('_matcher_count').removesuffix('_count')}={v}" for k, v in x.get(side_name, {}).items())
                + " | "
                + " ".join(f"{k.removesuffix('_matcher_count').removesuffix('_count')}={v}" for k, v in c.get(side_name, {}).items())
                + " |"
            )
        uf = lambda s: (f"quantize {s['unfused']['quantize']}, dequantize {s['unfused']['dequantize']}, "  # noqa: E731
                        f"q/dq pairs {s['unfused']['pairs']}" if "unfused" in s else s.get("error", "-"))
        lines.append(f"| (de)quantize in generated kernels | {uf(x)} | {uf(c)} |")
        lines.append(f"| compile time | {x.get('compile_s', '-')} s | {c.get('compile_s', '-')} s |")
        if x.get("error"):
            lines.append(f"| xpu error | {x['error']} | |")
        lines.append("")
        for key, label in (("accuracy_x86_int8_compiled", "CPU INT8 (X86InductorQuantizer), compiled"),
                           ("accuracy_xpu_flow_int8_eager", "xpu flow (XPUInductorQuantizer), eager on CPU")):
            a = c.get(key)
            if a:
                lines.append(
                    f"* {label} vs fp32, {c['eval_batches']} held-out batches ({c['calibration_batches']} calibration): "
                    f"top-1 agreement {a['top1_agreement']:.3f}, logits max abs diff {a['max_abs_diff']:.4g} "
                    f"(fp32 max |logit| {a['ref_max_abs']:.4g}), cosine {a['cosine']:.5f}"
                )
        faithful = c.get("x86_int8_compiled_vs_its_pt2e_program")
        if faithful:
            lines.append(
                f"* CPU INT8, compiled (oneDNN) vs the PT2E program it compiles, eager: logits max abs diff "
                f"{faithful['max_abs_diff']:.4g}, cosine {faithful['cosine']:.5f} (1 where oneDNN computes it exactly)"
            )
        unfused = x.get("unfused", {}).get("kernels", [])
        if unfused:
            lines.append(f"* xpu kernels that dequantize: {', '.join(unfused)}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default="max1550")
    p.add_argument("--models", default="resnet50,bert")
    p.add_argument("--calib", type=int, default=4)
    p.add_argument("--evals", type=int, default=4)
    p.add_argument("--json")
    p.add_argument("--out")
    args = p.parse_args(argv)
    from inductor_xpu.modes.int8 import cpu_int8_reduce_range, torchao_version

    if torchao_version() is None:
        print("quant_models.py: needs torchao (pip install 'inductor-xpu[quant]')", file=sys.stderr)
        return 2
    builders = {"resnet50": lambda: resnet50(2, 128), "bert": lambda: bert(1, 64)}
    res: dict[str, Any] = {
        "command": command_line("quant_models.py", argv),
        "date": utc_now(),
        "machine": machine_description(),
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "cpu_int8_reduce_range": cpu_int8_reduce_range(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "torchao": torchao_version(),
        "target": args.target,
        "models": [],
    }
    for name in args.models.split(","):
        model, inputs, description = builders[name]()
        entry: dict[str, Any] = {"name": name, "description": description}
        for side, fn in (("xpu", lambda: compile_xpu(model, inputs(100), args.target)),
                         ("cpu", lambda: run_cpu(model, inputs, args.calib, args.evals))):
            try:
                entry[side] = fn()
            except Exception as e:  # noqa: BLE001 - recorded
                entry[side] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"}
            print(f"{name} {side}: {json.dumps(entry[side])[:600]}", file=sys.stderr, flush=True)
        res["models"].append(entry)
    if args.json:
        write_json(args.json, res)
    md = report(res)
    if args.out:
        write_text(args.out, md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
