#!/usr/bin/env python3
"""Compiled FSDP2 training on two GPUs, stock torch vs the overlay, through NCCL.

A small decoder-only transformer is wrapped with FSDP2 (``fully_shard`` per
block, then the root) on every GPU of the machine and trained for
``--steps`` AdamW steps from one seed, compiled with ``torch.compile``.  Each
variant runs in a fresh process (stock: ``INDUCTOR_XPU_DISABLE=1``; overlay:
the series applied at ``import torch``), which starts one rank per GPU.  With
``--rounds 2`` the order is stock, overlay, overlay, stock: two stock
processes give the run-to-run noise of the losses and of the throughput.

Two ways to compile (``--mode``):

* ``hooks-eager``  ``torch.compile(model)``; FSDP2's hooks (all-gather,
  reduce-scatter) run eagerly between the compiled graphs.  The way every
  torch release supports.
* ``traced``       the hooks traced too (``skip_fsdp_hooks=False``) with
  compiled autograd, so Inductor sees the collectives and runs its comm
  passes; only on a torch that still has the knob.

Per variant: every step's loss (each rank's, and their mean), throughput over
the steps after ``--warmup`` (device events, no host synchronisation per
step), the graphs compiled, and the ``torch.cuda`` uses recorded by the
project's runtime sanitizer (:class:`inductor_xpu.analysis.sanitizer.CudaApiRecorder`)
over the first ``--record-steps`` steps (the compile and the first runs).
The record compares the overlay's uses from the modules the series patched
(and from ``inductor_xpu``) with stock's uses from the same files.  This
script measures; the comparison and the record are :mod:`fsdp2_comparison`.

    python tools/bench/fsdp2_gpu.py --out-dir /tmp/fsdp2   # GPUs
    python tools/bench/fsdp2_gpu.py --cpu 2 --compile none --steps 6 --out-dir /tmp/x  # dry run, gloo
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import logging
import os
import platform
import socket
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib.child import add_child_out_argument, run_child, write_child_out
from benchlib.env import variant_env
from benchlib.machine import machine_description
from benchlib.ranks import end_rank
from benchlib.report import command_line, utc_now, write_json, write_text
from fsdp2_comparison import plan_variants, render, summarize, Variant


log = logging.getLogger(__name__)

MODES = ("hooks-eager", "traced")
COMPILES = ("model", "none")
# NVLink multicast stays off (it can take a shared host's GPUs out of service).
NO_MULTICAST = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"}


# -- the model and the data (torch imported inside) ----------------------------


def _model(args: argparse.Namespace) -> Any:
    import torch
    import torch.nn.functional as F
    from torch import nn

    class Block(nn.Module):
        def __init__(self, d: int, heads: int) -> None:
            super().__init__()
            self.heads = heads
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.fc1, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            b, t, d = x.shape
            q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, d // self.heads).unbind(2)
            a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
            x = x + self.proj(a.transpose(1, 2).reshape(b, t, d))
            return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))

    class Transformer(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            d = args.d_model
            self.tok, self.pos = nn.Embedding(args.vocab, d), nn.Embedding(args.seq, d)
            self.blocks = nn.ModuleList(Block(d, args.heads) for _ in range(args.layers))
            self.ln_f, self.head = nn.LayerNorm(d), nn.Linear(d, args.vocab, bias=False)

        def forward(self, idx: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
            x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
            for block in self.blocks:
                x = block(x)
            logits = self.head(self.ln_f(x))
            return F.cross_entropy(logits.flatten(0, 1), targets.flatten())

    return Transformer()


def _batches(args: argparse.Namespace, rank: int, device: Any) -> list[tuple[Any, Any]]:
    """Token sequences from one fixed random Markov chain (each token has 4
    possible successors: learnable, so the loss falls), a data shard per rank."""
    import torch

    table = torch.randint(0, args.vocab, (args.vocab, 4), generator=torch.Generator().manual_seed(args.seed))
    g = torch.Generator().manual_seed(args.seed * 1000 + 1 + rank)
    n = args.steps * args.batch
    seq = torch.empty(n, args.seq + 1, dtype=torch.long)
    seq[:, 0] = torch.randint(0, args.vocab, (n,), generator=g)
    choice = torch.randint(0, 4, (n, args.seq), generator=g)
    for t in range(args.seq):
        seq[:, t + 1] = table[seq[:, t], choice[:, t]]
    seq = seq.to(device).view(args.steps, args.batch, args.seq + 1)
    return [(seq[i, :, :-1], seq[i, :, 1:]) for i in range(args.steps)]


def _graph_counts() -> dict[str, int]:
    from torch._dynamo.utils import counters

    return {
        "frames_ok": counters["frames"]["ok"],
        "unique_graphs": counters["stats"]["unique_graphs"],
        "aot_autograd_graphs": counters["aot_autograd"]["total"],
        "compiled_autograd_captures": counters["compiled_autograd"]["captures"],
        "graph_breaks": sum(counters["graph_break"].values()),
    }


def _overlay_facts() -> dict[str, Any]:
    """Whether the overlay is in this process, its patches' states and the
    files of the modules it patched (as the sanitizer names files)."""
    try:
        from inductor_xpu.analysis.sanitizer import _display_path
        from inductor_xpu.overlay import installed
    except ImportError as e:
        return {"active": False, "why": f"inductor_xpu not importable: {e}"}
    o = installed()
    if o is None:
        return {"active": False}
    return {
        "active": True,
        "patches": {s.patch.name: s.status.value for s in o.result.states},
        "patched_files": sorted(_display_path(m.origin) for m in o.modules.values()),
    }


def _traced_configs(ca_fullgraph: bool) -> tuple[list[Any], str | None]:
    """The config patches of the traced mode (upstream's traceable-FSDP2 test
    settings) that this torch has; a reason when a required one is missing."""
    import torch
    import torch._functorch.config
    import torch._inductor.config

    dyn = torch._dynamo.config
    for required in ("skip_fsdp_hooks", "compiled_autograd"):
        if not hasattr(dyn, required):
            return [], (
                f"cannot run: torch {torch.__version__} has no torch._dynamo.config.{required} "
                "(FSDP2's hooks are never traced on this release)"
            )
    # FSDP2's own debug logging (pre_backward) is a graph break under
    # compiled autograd's full graph on torch 2.11: logging to ignore, as
    # Dynamo's message advises.
    ignore = "ignore_logging_functions" if hasattr(dyn, "ignore_logging_functions") else "ignore_logger_methods"
    fsdp_log = logging.getLogger("torch.distributed.fsdp.fully_shard")
    wanted: list[tuple[Any, dict[str, Any]]] = [
        (dyn, {"skip_fsdp_hooks": False, "compiled_autograd": True, "inline_inbuilt_nn_modules": True,
               "compiled_autograd_kwargs_override": {"fullgraph": ca_fullgraph},
               ignore: set(getattr(dyn, ignore, set())) | {fsdp_log.debug}}),
        (torch._functorch.config, dict(recompute_views=True, enable_autograd_cache=False)),
        (torch._inductor.config, dict(
            reorder_for_compute_comm_overlap=True,
            reorder_for_compute_comm_overlap_passes=["sink_waits", "raise_comms", "reorder_compute_for_overlap"],
        )),
    ]
    return [cfg.patch(**{k: v for k, v in kw.items() if hasattr(cfg, k)}) for cfg, kw in wanted], None


def _rank(rank: int, world: int, args: argparse.Namespace, port: int) -> None:
    import contextlib

    import torch
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    timeout = datetime.timedelta(seconds=args.nccl_timeout)
    if args.cpu:
        dev = torch.device("cpu")
        dist.init_process_group("gloo", rank=rank, world_size=world, timeout=timeout)
    else:
        dev = torch.device("cuda", rank)
        torch.cuda.set_device(dev)
        dist.init_process_group("nccl", rank=rank, world_size=world, timeout=timeout, device_id=dev)
    mesh = init_device_mesh(dev.type, (world,))
    row: dict[str, Any] = {"rank": rank}
    configs: list[Any] = []
    if args.mode == "traced":
        configs, why = _traced_configs(bool(args.ca_fullgraph))
        if why:
            row["status"] = why
    if "status" not in row:
        torch.manual_seed(args.seed)
        model = _model(args).to(dev)
        for block in model.blocks:
            fully_shard(block, mesh=mesh)
        fully_shard(model, mesh=mesh)
        # FSDP2's lazy init before the sanitizer starts: the device handle
        # it keeps is then the real torch.cuda, not the recorder's proxy.
        model._get_fsdp_state()._lazy_init()
        opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
        batches = _batches(args, rank, dev)
        with contextlib.ExitStack() as stack:
            for cfg in configs:
                stack.enter_context(cfg)
            row.update(_train(model, opt, batches, args, dev))
        row["status"] = "ok"
    rows: list[Any] = [None] * world
    dist.all_gather_object(rows, row)
    if rank == 0:
        write_child_out(args.child_out, {"ranks": rows, **_process_facts(args, dev)}, indent=1)
    end_rank()


def _train(model: Any, opt: Any, batches: list[Any], args: argparse.Namespace, dev: Any) -> dict[str, Any]:
    """The training loop: the sanitizer over the first ``record_steps``
    steps, device events around every step, the losses kept on the device
    (no host synchronisation per step)."""
    import torch
    import torch.distributed as dist

    from inductor_xpu.analysis.sanitizer import CudaApiRecorder

    if args.compile == "none":
        step_fn = model
    elif args.mode == "traced":
        def fwd_bwd(x: Any, y: Any) -> Any:
            loss = model(x, y)
            loss.backward()
            return loss

        step_fn = torch.compile(fwd_bwd, backend=args.backend)
    else:
        step_fn = torch.compile(model, backend=args.backend)
    gpu = dev.type == "cuda"
    events = [torch.cuda.Event(enable_timing=True) for _ in range(args.steps + 1)] if gpu else []
    host: list[float] = []
    losses = []
    counts: dict[str, dict[str, int]] = {}
    rec = CudaApiRecorder()
    recording = args.record_steps > 0
    cuda_api: dict[str, Any] = {}
    recorded_at_exit = 0
    if recording:
        rec.__enter__()
    t0 = time.perf_counter()
    first_step_s = None
    for i, (x, y) in enumerate(batches):
        if i == args.record_steps and recording:
            if gpu:
                torch.cuda.synchronize(dev)
            rec.__exit__(None, None, None)
            recording = False
            cuda_api = rec.to_json()
            recorded_at_exit = len(rec.uses)
            counts["after_recording"] = _graph_counts()
        if i == args.warmup:
            counts["after_warmup"] = _graph_counts()
            if gpu:
                torch.cuda.synchronize(dev)
            dist.barrier()
        if i == 1:
            if gpu:
                torch.cuda.synchronize(dev)
            first_step_s = time.perf_counter() - t0
        if gpu:
            events[i].record()
        host.append(time.perf_counter())
        if args.mode == "traced" and args.compile != "none":
            torch.compiler.set_stance("force_eager" if i < 1 else "default")
            loss = step_fn(x, y)
        else:
            loss = step_fn(x, y)
            loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        losses.append(loss.detach())
    if gpu:
        events[-1].record()
        torch.cuda.synchronize(dev)
    host.append(time.perf_counter())
    if recording:  # fewer steps than --record-steps
        rec.__exit__(None, None, None)
        cuda_api = rec.to_json()
        recorded_at_exit = len(rec.uses)
    counts["end"] = _graph_counts()
    if gpu:
        step_ms = [events[i].elapsed_time(events[i + 1]) for i in range(args.steps)]
    else:
        step_ms = [(host[i + 1] - host[i]) * 1e3 for i in range(args.steps)]
    return {
        "losses": torch.stack(losses).float().cpu().tolist(),
        "step_ms": step_ms,
        "first_step_s": first_step_s,
        "graphs": counts,
        "cuda_api": cuda_api,
        "cuda_uses_after_recording": len(rec.uses) - recorded_at_exit,
        "cuda_uses_after_recording_by_caller": _late_uses(rec.uses[recorded_at_exit:]),
        "max_memory_allocated_mib": torch.cuda.max_memory_allocated(dev) / 2**20 if gpu else None,
    }


def _late_uses(uses: Sequence[Any]) -> dict[str, int]:
    """Uses recorded after the recorder stopped (through a proxy some code
    kept), per caller and symbol: they show the sanitizer's reach, not cost."""
    from inductor_xpu.analysis.sanitizer import _display_path

    return dict(Counter(f"{_display_path(u.filename)} {u.function}: {u.symbol}" for u in uses).most_common())


def _process_facts(args: argparse.Namespace, dev: Any) -> dict[str, Any]:
    import torch

    facts: dict[str, Any] = {
        "torch": torch.__version__,
        "python": platform.python_version(),
        "device": str(dev),
        "overlay": _overlay_facts(),
        "tf32_matmul": torch.backends.cuda.matmul.allow_tf32,
        "skip_fsdp_hooks": getattr(torch._dynamo.config, "skip_fsdp_hooks", None),
        "record_steps": args.record_steps,
    }
    try:
        import triton

        facts["triton"] = triton.__version__
    except ImportError:
        facts["triton"] = None
    if dev.type == "cuda":
        facts["device_name"] = torch.cuda.get_device_name(dev)
        facts["cuda"] = torch.version.cuda
        facts["nccl"] = ".".join(map(str, torch.cuda.nccl.version()))
    return facts


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _child(args: argparse.Namespace) -> int:
    import torch
    import torch.multiprocessing as mp

    world = args.cpu or torch.cuda.device_count()
    if world < 2:
        print(f"needs at least 2 CUDA GPUs, found {world}", file=sys.stderr)
        return 2
    mp.spawn(_rank, args=(world, args, _free_port()), nprocs=world, join=True)
    return 0


# -- the command line -------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--modes", nargs="+", choices=MODES, default=["hooks-eager"])
    p.add_argument("--mode", choices=MODES, default="hooks-eager", help=argparse.SUPPRESS)  # a child's
    p.add_argument("--rounds", type=int, default=2, help="stock/overlay process pairs, alternated")
    p.add_argument("--steps", type=int, default=300)
    p.add_argument("--warmup", type=int, default=50, help="steps before the timed ones")
    p.add_argument("--record-steps", type=int, default=10, help="steps under the torch.cuda sanitizer")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--d-model", type=int, default=384)
    p.add_argument("--heads", type=int, default=6)
    p.add_argument("--vocab", type=int, default=2048)
    p.add_argument("--seq", type=int, default=256)
    p.add_argument("--batch", type=int, default=8, help="sequences per rank and step")
    p.add_argument("--compile", choices=COMPILES, default="model")
    p.add_argument("--ca-fullgraph", type=int, choices=(0, 1), default=1,
                   help="traced mode: compiled autograd's backward as one graph (1, upstream's test) or with breaks")
    p.add_argument("--backend", default="inductor")
    p.add_argument("--cpu", type=int, default=0, metavar="N",
                   help="dry run of the script: N CPU processes on gloo instead of the GPUs")
    p.add_argument("--nccl-timeout", type=float, default=300, help="seconds")
    p.add_argument("--child-timeout", type=float, default=420, help="seconds per variant")
    p.add_argument("--out-dir", type=Path, required=False, help="raw results, logs, summary.json and the record")
    p.add_argument("--record", type=Path, help="the markdown record (default: OUT_DIR/fsdp2_gpu.md)")
    p.add_argument("--commit", help="the commit the run was made from, for the record")
    p.add_argument("--machine", help="the machine, in words, for the record (default: what this host says)")
    add_child_out_argument(p)
    return p


def _check(args: argparse.Namespace) -> None:
    if args.warmup >= args.steps or args.record_steps > args.steps:
        raise SystemExit("--warmup must be below --steps and --record-steps at most --steps")
    if args.d_model % args.heads:
        raise SystemExit("--d-model must be a multiple of --heads")
    if args.rounds < 1:
        raise SystemExit("--rounds must be at least 1")


PARAMS = ("steps", "warmup", "record_steps", "seed", "lr", "layers", "d_model", "heads", "vocab", "seq", "batch",
          "compile", "backend", "rounds", "ca_fullgraph")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    _check(args)
    for key, value in NO_MULTICAST.items():
        os.environ.setdefault(key, value)
    if args.child_out:
        return _child(args)
    if args.out_dir is None:
        raise SystemExit("--out-dir is required")
    if importlib.util.find_spec("inductor_xpu") is None:
        raise SystemExit("inductor_xpu is not importable by this python: pip install -e . with it first")
    out_dir: Path = args.out_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    variants = plan_variants(args.modes, args.rounds)
    forwarded = [f"--{k.replace('_', '-')}={getattr(args, k)}" for k in PARAMS if k not in ("rounds", "record_steps")]
    forwarded += [f"--cpu={args.cpu}", f"--nccl-timeout={args.nccl_timeout}"]
    runs: dict[str, dict[str, Any]] = {}
    summary: dict[str, Any] = {}
    record = {mode: args.record_steps for mode in args.modes}
    for v in variants:
        started = time.perf_counter()
        result = _run_variant(args, v, forwarded, record[v.mode], out_dir)
        if "error" in result and record[v.mode] and not any(n.startswith(v.mode) for n in runs):
            # The first process of a mode failed under the sanitizer: the
            # whole mode again without it (noted in the record), so the
            # sanitizer itself cannot cost the losses and the throughput.
            print(f"{v.name}: {result['error']}; again without the sanitizer", flush=True)
            (out_dir / f"{v.name}.log").rename(out_dir / f"{v.name}_with_sanitizer.log")
            record[v.mode] = 0
            result = _run_variant(args, v, forwarded, 0, out_dir)
        runs[v.name] = result
        if "error" in result:
            write_json(out_dir / f"{v.name}.json", result)
        print(f"{v.name}: {result.get('error', 'done')} in {time.perf_counter() - started:.0f} s", flush=True)
        summary = _summary(args, argv, variants, runs)
        write_json(out_dir / "summary.json", summary, indent=1)
        write_text(args.record or out_dir / "fsdp2_gpu.md", render(summary))
    print(render(summary))
    return 0 if all(m["status"] == "ok" for m in summary["modes"].values()) else 1


def _run_variant(args: argparse.Namespace, v: Variant, forwarded: list[str], record_steps: int,
                 out_dir: Path) -> dict[str, Any]:
    """One variant in a fresh process: its result, or ``{"error": how it ended}``."""
    with open(out_dir / f"{v.name}.log", "w") as logf:
        run = run_child(
            [sys.executable, __file__, *forwarded, f"--mode={v.mode}", f"--record-steps={record_steps}"],
            env=variant_env(stock=v.stock, no_compile_cache=True),
            out=out_dir / f"{v.name}.json", timeout=args.child_timeout, output=logf,
        )
    return run.result if run.returncode == 0 and run.result else {"error": run.describe_exit()}


def _summary(args: argparse.Namespace, argv: list[str] | None, variants: list[Variant],
             runs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    params = {k: getattr(args, k) for k in PARAMS}
    first = next((r for r in runs.values() if "error" not in r), {})
    facts = {k: v for k, v in first.items() if k not in ("ranks", "overlay")}
    params["world"] = len(first.get("ranks", [])) or args.cpu or 2
    params["cpu"] = args.cpu
    notes = []
    for name, r in runs.items():
        o = r.get("overlay", {})
        stock = "stock" in name
        if "error" not in r and o.get("active") == stock:
            notes.append(f"{name}: overlay active = {o.get('active')}, not what the variant asks")
        if not stock and o.get("active"):
            states = Counter(o["patches"].values())
            notes.append(f"{name}: of {len(o['patches'])} patches on torch {r.get('torch')}: "
                         + ", ".join(f"{n} {state}" for state, n in states.most_common()))
    return {
        "command": command_line("fsdp2_gpu.py", argv),
        "date": utc_now(),
        "commit": args.commit,
        "machine": args.machine or machine_description(),
        "params": params,
        "facts": facts,
        "order": [v.name for v in variants],
        "modes": summarize(runs, [v for v in variants if v.name in runs], params),
        "notes": notes,
    }


if __name__ == "__main__":
    sys.exit(main())
