#!/usr/bin/env python3
"""LLM decode with a static KV cache, compiled by Inductor on the emulated xpu device, stock torch against the series.

The hardware-less simulation cannot compile a HuggingFace Llama decode step
with ``StaticCache``: the cache allocates its key/value tensors on the model's
device at the first update ("Torch not compiled with XPU enabled").  On the
emulated xpu device (docs/emulated_xpu.md) the tensors are real, so the step
compiles and runs.  This builds a small random-weight Llama from a
``LlamaConfig`` (no download), prefills a prompt eagerly, then runs
``--steps`` greedy decode steps with a ``StaticCache`` (the model's forward
with ``cache_position``), once eagerly on xpu and once with the decode step
under ``torch.compile`` (default mode, ``fullgraph=True``, falling back to
``fullgraph=False`` with a note), and compares logits and tokens per step.
With ``--generate`` it also runs ``model.generate(cache_implementation=
"static")`` on xpu, which transformers compiles by itself on an xpu device.

    python tools/bench/llm_decode_emulated.py --out benchmarks/results/llm_decode_emulated.md

The parent runs one child per variant (``stock``: INDUCTOR_XPU_DISABLE=1;
``series``: the overlay on), each re-executed under ``python -m inductor_xpu
emulate``, and writes the record from their JSON results.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib.child import add_child_out_argument, run_child, write_child_out  # noqa: E402
from benchlib.env import variant_env  # noqa: E402
from benchlib.machine import machine_description, versions_line  # noqa: E402
from benchlib.report import command_line, utc_now, write_text  # noqa: E402

VARIANTS = ("stock", "series")
DTYPES = {"bf16": "bfloat16", "fp32": "float32"}

#: What only the emulated device reaches among the model-suite uses (the record's closing section).
REACH = """\
What else only the emulated device reaches (the simulation has no xpu tensors, so anything that puts a real
tensor on the device at run time stops there; here it runs, eagerly on CPU kernels and compiled in Triton's
interpreter):

- `model.generate(..., cache_implementation="static")`: transformers allocates the StaticCache on `xpu` and,
  because the device type is `xpu`, compiles the decode forward by itself (`_valid_auto_compile_criteria`);
  measured above with `--generate`.
- any cache or buffer created inside `forward` on the input's device: `StaticCache`/`HybridCache`/sliding-window
  caches (lazy initialisation at the first update), `torch.arange(..., device=x.device)` position ids and
  causal masks built per call, RoPE tables cached on first use, `register_buffer` tensors moved with `.to("xpu")`.
- `torch.compile` on a module whose parameters live on `xpu` (`model.to("xpu")`): the simulation compiles against
  fake/meta xpu tensors only and cannot run the result, so numbers against eager xpu need this device.
- `mark_static_address` / cudagraph-style static inputs (the StaticCache's key/value tensors), `index_copy_` into
  them inside the compiled graph (the cache update is a mutation of a graph input).
- training steps of HF models on `xpu` (optimizer state allocated on the device at the first step) and
  `torch.xpu` memory statistics around a compiled call.

Not covered by this record: speed (the interpreter's timings mean nothing), multi-device or tensor-parallel
decode, paged/continuous-batching caches, quantized weights (not emulated)."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated: stock, series")
    p.add_argument("--dtypes", default="bf16", help="comma-separated: bf16, fp32")
    p.add_argument("--steps", type=int, default=4, help="decode steps after the prefill")
    p.add_argument("--prompt-len", type=int, default=8)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--kv-heads", type=int, default=2)
    p.add_argument("--intermediate", type=int, default=512)
    p.add_argument("--vocab", type=int, default=1000)
    p.add_argument("--generate", action="store_true", help="also run model.generate(cache_implementation='static')")
    p.add_argument("--target", default="max1550", help="the emulated device's profile")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds per child")
    p.add_argument("--out", help="the markdown record (default: print it)")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    add_child_out_argument(p)
    args = p.parse_args(argv)
    for v in args.variants.split(","):
        if v not in VARIANTS:
            p.error(f"--variants: {v!r} is not one of {', '.join(VARIANTS)}")
    for d in args.dtypes.split(","):
        if d not in DTYPES:
            p.error(f"--dtypes: {d!r} is not one of {', '.join(DTYPES)}")
    if args.steps < 1 or args.prompt_len < 1:
        p.error("--steps and --prompt-len: expected positive counts")
    return args


# ----------------------------------------------------------------------------------------------------------------
# child: one variant, under the emulated device


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ").strip()
    return text if len(text) <= 300 else text[:297] + "..."


def _config(args: argparse.Namespace) -> Any:
    from transformers import LlamaConfig

    return LlamaConfig(
        vocab_size=args.vocab, hidden_size=args.hidden, intermediate_size=args.intermediate,
        num_hidden_layers=args.layers, num_attention_heads=args.heads, num_key_value_heads=args.kv_heads,
        max_position_embeddings=256, rms_norm_eps=1e-6, rope_theta=10000.0, hidden_act="silu",
        tie_word_embeddings=False, use_cache=True, attn_implementation="sdpa",
    )


def _decode(model: Any, config: Any, prompt: Any, steps: int, step_fn: Any) -> tuple[list[Any], list[int], list[float]]:
    """Prefill ``prompt`` eagerly into a fresh StaticCache, then ``steps`` greedy steps through ``step_fn``:
    the last-position logits (CPU fp32) and token of each step and each step's wall time."""
    import torch
    from transformers import StaticCache

    plen = prompt.shape[1]
    cache = StaticCache(config=config, max_cache_len=plen + steps + 1)
    with torch.no_grad():
        out = model(input_ids=prompt, past_key_values=cache, cache_position=torch.arange(plen, device=prompt.device),
                    use_cache=True)
        tok = out.logits[:, -1].argmax(-1, keepdim=True)
        logits, tokens, times = [], [], []
        for i in range(steps):
            pos = torch.tensor([plen + i], device=prompt.device)
            t = time.perf_counter()
            step_logits = step_fn(tok, pos, cache)
            torch.xpu.synchronize()
            times.append(time.perf_counter() - t)
            last = step_logits[:, -1].float().cpu()
            tok = step_logits[:, -1].argmax(-1, keepdim=True)
            logits.append(last)
            tokens.append(int(tok.item()))
    return logits, tokens, times


def _cache_entries(fn: Any) -> int | None:
    import torch

    try:
        return len(torch._dynamo.eval_frame._debug_get_cache_entry_list(fn.__code__))
    except Exception:  # noqa: BLE001 - a private helper; absent means unknown
        return None


def _run_dtype(args: argparse.Namespace, dtype_name: str) -> dict[str, Any]:
    import torch
    from transformers import LlamaForCausalLM

    res: dict[str, Any] = {"dtype": dtype_name}
    dtype = getattr(torch, DTYPES[dtype_name])
    config = _config(args)
    torch.manual_seed(0)
    model = LlamaForCausalLM(config).to(dtype=dtype).to("xpu").eval()
    prompt = torch.randint(0, args.vocab, (1, args.prompt_len), generator=torch.Generator().manual_seed(1)).to("xpu")
    res["model"] = (f"Llama {args.layers} layers, hidden {args.hidden}, {args.heads} heads, {args.kv_heads} KV heads, "
                    f"intermediate {args.intermediate}, vocab {args.vocab}; "
                    f"{sum(p.numel() for p in model.parameters())} parameters")

    def eager_step(tok: Any, pos: Any, cache: Any) -> Any:
        return model(input_ids=tok, past_key_values=cache, cache_position=pos, use_cache=True).logits

    try:
        e_logits, e_tokens, _ = _decode(model, config, prompt, args.steps, eager_step)
        res["eager_tokens"] = e_tokens
        res["eager_ok"] = True
    except Exception as exc:  # noqa: BLE001
        res.update(eager_ok=False, error="eager: " + _one_line(exc))
        traceback.print_exc()
        return res

    def decode_step(tok: Any, pos: Any, cache: Any) -> Any:
        return model(input_ids=tok, past_key_values=cache, cache_position=pos, use_cache=True).logits

    res["compiled_ok"] = False
    for fullgraph in (True, False):
        torch._dynamo.reset()
        torch._dynamo.utils.counters.clear()
        compiled = torch.compile(decode_step, fullgraph=fullgraph)
        try:
            c_logits, c_tokens, times = _decode(model, config, prompt, args.steps, compiled)
        except Exception as exc:  # noqa: BLE001
            traceback.print_exc()
            res.setdefault("errors", []).append(f"fullgraph={fullgraph}: {_one_line(exc)}")
            continue
        counters = torch._dynamo.utils.counters
        entries = _cache_entries(decode_step)
        res.update(
            compiled_ok=True, fullgraph=fullgraph, compiled_tokens=c_tokens,
            tokens_equal=c_tokens == e_tokens,
            max_abs_err=[float((c - e).abs().max()) for c, e in zip(c_logits, e_logits)],
            max_abs_logit=[float(e.abs().max()) for e in e_logits],
            compile_s=times[0], step_s=times[1:],
            graph_breaks=sum(counters["graph_break"].values()),
            graph_break_reasons=sorted(counters["graph_break"])[:5],
            unique_graphs=counters["stats"]["unique_graphs"],
            recompiles=None if entries is None else max(entries - 1, 0),
        )
        break
    if res.get("errors"):
        res["error"] = "; ".join(res["errors"])
    if args.generate:
        res["generate"] = _run_generate(model, prompt, args.steps + 1, e_tokens)
    return res


def _run_generate(model: Any, prompt: Any, new_tokens: int, eager_tokens: list[int]) -> dict[str, Any]:
    """``model.generate`` with a static cache on xpu (transformers compiles the decode forward on xpu by itself)."""
    import torch

    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    out: dict[str, Any] = {}
    t = time.perf_counter()
    try:
        with torch.no_grad():
            seq = model.generate(prompt, max_new_tokens=new_tokens, do_sample=False, cache_implementation="static",
                                 pad_token_id=0)
    except Exception as exc:  # noqa: BLE001
        traceback.print_exc()
        return {"ok": False, "error": _one_line(exc), "seconds": time.perf_counter() - t}
    gen = [int(x) for x in seq[0, prompt.shape[1]:].cpu()]
    # generate's first new token comes from the prefill; the eager loop's tokens are those of the decode steps
    out.update(ok=True, seconds=time.perf_counter() - t, tokens=gen, tokens_equal=gen[1:] == eager_tokens,
               unique_graphs=torch._dynamo.utils.counters["stats"]["unique_graphs"],
               graph_breaks=sum(torch._dynamo.utils.counters["graph_break"].values()))
    return out


def child_main(args: argparse.Namespace) -> int:
    import torch
    import transformers
    from inductor_xpu.emulation import installed

    result: dict[str, Any] = {
        "torch": torch.__version__, "transformers": transformers.__version__,
        "overlay": os.environ.get("INDUCTOR_XPU_DISABLE") != "1", "target": args.target,
        "emulated": installed() is not None, "runs": [],
    }
    if installed() is None or not torch.xpu.is_available():
        result["error"] = "the emulated xpu device is not installed"
    else:
        result["device_name"] = torch.xpu.get_device_name(0)
        for d in args.dtypes.split(","):
            t = time.perf_counter()
            try:
                run = _run_dtype(args, d)
            except Exception as exc:  # noqa: BLE001
                traceback.print_exc()
                run = {"dtype": d, "error": _one_line(exc)}
            run["wall_s"] = time.perf_counter() - t
            result["runs"].append(run)
            print(f"llm_decode_emulated: {d}: {run}", file=sys.stderr, flush=True)
    if args.child_out:
        write_child_out(args.child_out, result)
    return 0


# ----------------------------------------------------------------------------------------------------------------
# parent: one emulated child per variant, then the record


def _fmt_list(values: list[float] | None, spec: str = ".3g") -> str:
    if not values:
        return "-"
    return ", ".join(format(v, spec) for v in values)


def render(args: argparse.Namespace, argv: list[str], results: dict[str, dict[str, Any]]) -> str:
    first = next((r for r in results.values() if r.get("torch")), {})
    lines = [
        "# LLM decode with a static KV cache on the emulated xpu device: stock vs series",
        "",
        f"Command: `{command_line('llm_decode_emulated.py', argv)}` (each variant re-executed under "
        f"`python -m inductor_xpu emulate --target {args.target}`; stock: `INDUCTOR_XPU_DISABLE=1`)  ",
        f"Date: {utc_now()}  ",
        f"Machine: {machine_description()}  ",
        f"Versions: {versions_line(first.get('torch', '?'), transformers=first.get('transformers'))}  ",
        f"Device: {first.get('device_name', '?')} (EMULATED: eager xpu runs CPU kernels, Inductor's Triton "
        "kernels run in Triton's interpreter; times are not device times)",
        "",
        f"Model: {next((r['model'] for v in results.values() for r in v.get('runs', []) if 'model' in r), '?')}; "
        "random weights (seed 0), RoPE, RMSNorm, SwiGLU, GQA, SDPA attention. "
        f"Prompt of {args.prompt_len} tokens prefilled eagerly into a `StaticCache` "
        f"(max_cache_len {args.prompt_len + args.steps + 1}), then {args.steps} greedy decode steps "
        "`model(input_ids=tok, past_key_values=cache, cache_position=pos)`, eager on xpu and with the step "
        "`torch.compile(decode_step, fullgraph=True)` (default mode), each run from a fresh cache and feeding "
        "back its own greedy token. Error: max |compiled - eager xpu| of the step's last-position logits.",
        "",
        "| variant | dtype | compiled ok | fullgraph | steps | max abs logits error per step | max abs logit | "
        "tokens equal | compile s (step 1) | later steps s | graph breaks | graphs | recompiles | error |",
        "|---|---|---|---|---:|---|---|---|---:|---|---:|---:|---:|---|",
    ]
    for variant, res in results.items():
        runs = res.get("runs") or [{"dtype": "-", "error": res.get("error", "no result")}]
        for r in runs:
            err = (r.get("error") or res.get("error") or "").replace("|", "/")
            head = f"| {variant} | {r.get('dtype')} | "
            if "compile_s" not in r:
                lines.append(head + f"no | - | 0 | - | - | - | - | - | - | - | - | {err} |")
                continue
            equal = "yes" if r.get("tokens_equal") else "NO"
            lines.append(
                head + f"yes | {r.get('fullgraph')} | {len(r['max_abs_err'])} | {_fmt_list(r['max_abs_err'])} | "
                f"{_fmt_list(r.get('max_abs_logit'))} | {equal} | {r['compile_s']:.1f} | "
                f"{_fmt_list(r.get('step_s'), '.2f')} | {r.get('graph_breaks')} | {r.get('unique_graphs')} | "
                f"{r.get('recompiles', '?')} | {err} |")
    lines += ["", "Tokens (eager xpu / compiled xpu):", ""]
    for variant, res in results.items():
        for r in res.get("runs", []):
            lines.append(f"- {variant} {r.get('dtype')}: {r.get('eager_tokens')} / {r.get('compiled_tokens')}"
                         + (f"; graph-break reasons: {r['graph_break_reasons']}" if r.get("graph_break_reasons")
                            else ""))
    if args.generate:
        lines += ["", "`model.generate(prompt, max_new_tokens="
                  f"{args.steps + 1}, do_sample=False, cache_implementation=\"static\")` on xpu: transformers "
                  "compiles the decode forward itself on an xpu device (its `CompileConfig`: "
                  "`mode=\"reduce-overhead\"`, `fullgraph=False`; Inductor skips cudagraphs on xpu, \"skipping "
                  "cudagraphs due to multiple devices: xpu\"). The first generated token comes from the prefill; "
                  "the rest are compared with the eager loop's:", "",
                  "| variant | dtype | ok | seconds | graphs | graph breaks | tokens | equal to the eager loop "
                  "| error |",
                  "|---|---|---|---:|---:|---:|---|---|---|"]
        for variant, res in results.items():
            for r in res.get("runs", []):
                g = r.get("generate")
                if g is None:
                    continue
                lines.append(
                    f"| {variant} | {r.get('dtype')} | {'yes' if g.get('ok') else 'no'} | {g.get('seconds', 0):.1f} | "
                    f"{g.get('unique_graphs', '-')} | {g.get('graph_breaks', '-')} | {g.get('tokens', '-')} | "
                    f"{'-' if 'tokens_equal' not in g else ('yes' if g['tokens_equal'] else 'NO')} | "
                    f"{g.get('error', '').replace('|', '/')} |")
    lines += ["", REACH, ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    if args.child:
        return child_main(args)
    child_args = [a for a in argv]
    if "--out" in child_args:
        i = child_args.index("--out")
        del child_args[i:i + 2]
    child_args = [a for a in child_args if not a.startswith("--out=")]
    results: dict[str, dict[str, Any]] = {}
    for variant in args.variants.split(","):
        env = variant_env(stock=variant == "stock")
        env.setdefault("HF_HUB_OFFLINE", "1")
        env.setdefault("TRANSFORMERS_OFFLINE", "1")
        cmd = [sys.executable, "-m", "inductor_xpu", "emulate", "--target", args.target, "--",
               sys.executable, os.path.abspath(__file__), *child_args, "--child"]
        print(f"llm_decode_emulated: {variant}: {' '.join(cmd)}", file=sys.stderr, flush=True)
        run = run_child(cmd, env=env, timeout=args.timeout)
        res = run.result if isinstance(run.result, dict) else {}
        if run.returncode != 0 or not res:
            res.setdefault("error", f"child {run.describe_exit()}")
        res["elapsed_s"] = run.elapsed_s
        results[variant] = res
    text = render(args, argv, results)
    if args.out:
        write_text(args.out, text)
        print(f"llm_decode_emulated: wrote {args.out}", file=sys.stderr)
    else:
        print(text)
    ok = all(r.get("compiled_ok") for res in results.values() for r in res.get("runs", [])) and all(
        res.get("runs") for res in results.values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
