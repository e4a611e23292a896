#!/usr/bin/env python3
"""A compiled DDP model on every GPU of the machine, with the overlay, through NCCL.

Each rank trains the same small model for ``--steps`` steps twice from the
same initial weights: once eager under DistributedDataParallel, once with
``torch.compile`` of the DDP module (Dynamo's DDPOptimizer splits the graph
at bucket boundaries, Inductor compiles each piece).  Every rank checks the
compiled run's losses and final parameters against the eager run's, and the
ranks check that their parameters agree with each other (DDP keeps replicas
equal).  Rank 0 writes the result.

    python tools/bench/ddp_gpu.py --out benchmarks/results/ddp_gpu.md

Set ``INDUCTOR_XPU_DISABLE=1`` for the same run on stock torch.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import socket
import sys
from pathlib import Path
from typing import Any

from benchlib.ranks import end_rank


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _model(width: int):
    import torch

    return torch.nn.Sequential(
        torch.nn.Linear(width, 4 * width),
        torch.nn.GELU(),
        torch.nn.LayerNorm(4 * width),
        torch.nn.Linear(4 * width, width),
        torch.nn.SiLU(),
        torch.nn.Linear(width, 16),
    )


def _train(model: Any, steps: int, batches: list[Any]) -> list[float]:
    import torch

    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    losses = []
    for i in range(steps):
        x, y = batches[i]
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses


def _worker(rank: int, world: int, args: argparse.Namespace, port: int) -> None:
    import torch
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel as DDP

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    if args.cpu:  # a dry run of the script itself, on gloo
        dist.init_process_group("gloo", rank=rank, world_size=world)
        dev = torch.device("cpu")
    else:
        torch.cuda.set_device(rank)
        dist.init_process_group("nccl", rank=rank, world_size=world)
        dev = torch.device("cuda", rank)
    torch.manual_seed(0)
    init = _model(args.width).state_dict()
    g = torch.Generator().manual_seed(100 + rank)  # each rank its own data shard
    batches = [
        (torch.randn(args.batch, args.width, generator=g).to(dev),
         torch.randint(0, 16, (args.batch,), generator=g).to(dev))
        for _ in range(args.steps)
    ]

    def fresh() -> Any:
        m = _model(args.width)
        m.load_state_dict(init)
        # small buckets so DDPOptimizer splits the graph into several pieces
        return DDP(
            m.to(dev), device_ids=None if args.cpu else [rank], bucket_cap_mb=args.bucket_mb
        )

    eager = fresh()
    eager_losses = _train(eager, args.steps, batches)
    torch._dynamo.reset()
    compiled_ddp = fresh()
    if args.wrap == "compile_ddp":  # torch.compile(DDP(m)): Dynamo's DDPOptimizer splits at buckets
        compiled = torch.compile(compiled_ddp)
    else:  # DDP(torch.compile(m)): DDP's hooks outside the compiled module
        compiled_ddp.module = torch.compile(compiled_ddp.module)
        compiled = compiled_ddp
    compiled_losses = _train(compiled, args.steps, batches)

    tol = dict(rtol=1e-3, atol=1e-3)
    params_match = all(
        torch.allclose(a, b, **tol)
        for a, b in zip(eager.module.parameters(), compiled_ddp.module.parameters())
    )
    losses_match = all(abs(a - b) <= 1e-3 * max(1.0, abs(a)) for a, b in zip(eager_losses, compiled_losses))
    # replicas agree: rank 0's parameters broadcast and compared everywhere
    flat = torch.cat([p.detach().flatten() for p in compiled_ddp.module.parameters()])
    ref = flat.clone()
    dist.broadcast(ref, 0)
    replicas_equal = bool(torch.equal(flat, ref))
    from torch._dynamo.utils import counters

    graphs = counters["aot_autograd"]["total"]  # no compiled graph, no test
    ok = torch.tensor(
        [int(params_match and losses_match and replicas_equal and graphs > 0)], device=dev
    )
    dist.all_reduce(ok, op=dist.ReduceOp.MIN)

    overlay: dict[str, Any] = {"active": False}
    try:
        from inductor_xpu.overlay import installed

        o = installed()
        if o is not None:
            overlay = {
                "active": True,
                "patches": {s.patch.name: s.status.value for s in o.result.states},
            }
    except ImportError:
        pass
    row = {
        "rank": rank,
        "params_match": params_match,
        "losses_match": losses_match,
        "replicas_equal": replicas_equal,
        "eager_losses": eager_losses,
        "compiled_losses": compiled_losses,
        "graphs": graphs,
        "graph_breaks": sum(counters["graph_break"].values()),
        "overlay": overlay,
    }
    rows: list[Any] = [None] * world
    dist.all_gather_object(rows, row)
    if rank == 0:
        Path(args.json).write_text(json.dumps({"all_ok": bool(ok.item()), "ranks": rows}, indent=2))
    end_rank()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--width", type=int, default=512)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--wrap", choices=("compile_ddp", "ddp_compiled"), default="compile_ddp",
                   help="torch.compile(DDP(m)) or DDP(torch.compile(m))")
    p.add_argument("--bucket-mb", type=float, default=1.0)
    p.add_argument("--out", type=Path)
    p.add_argument("--json", type=Path, default=Path("ddp_gpu.json"))
    p.add_argument("--cpu", type=int, default=0, metavar="N",
                   help="dry run of the script: N CPU processes on gloo instead of the GPUs")
    args = p.parse_args(argv)

    import torch
    import torch.multiprocessing as mp

    world = args.cpu or torch.cuda.device_count()
    if world < 2:
        print(f"needs at least 2 CUDA GPUs, found {world}", file=sys.stderr)
        return 2
    mp.spawn(_worker, args=(world, args, _free_port()), nprocs=world, join=True)
    result = json.loads(args.json.read_text())
    r0 = result["ranks"][0]
    lines = [
        f"# Compiled DDP on {world} GPUs ({torch.cuda.get_device_name(0)}), NCCL"
        if not args.cpu else f"# Compiled DDP dry run: {world} CPU processes, gloo",
        "",
        f"Command: `python tools/bench/ddp_gpu.py {' '.join(argv or sys.argv[1:])}`",
        f"Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}; "
        f"torch {torch.__version__}, Python {platform.python_version()}"
        + ("" if args.cpu else f", NCCL {'.'.join(map(str, torch.cuda.nccl.version()))}"),
        f"Overlay active: {r0['overlay']['active']}"
        + (
            f" ({sum(v == 'applied' for v in r0['overlay']['patches'].values())} of "
            f"{len(r0['overlay']['patches'])} patches applied on this torch)"
            if r0["overlay"]["active"] else ""
        ),
        f"`--wrap {args.wrap}`; {args.steps} SGD steps, width {args.width}, batch {args.batch} per rank, "
        f"DDP buckets of {args.bucket_mb} MB.",
        "",
        "| rank | compiled losses = eager | compiled params = eager | replicas equal | losses (compiled) |",
        "|---|---|---|---|---|",
    ]
    for r in result["ranks"]:
        losses = ", ".join(f"{x:.4f}" for x in r["compiled_losses"])
        lines.append(
            f"| {r['rank']} | {r['losses_match']} | {r['params_match']} | {r['replicas_equal']} | {losses} |"
        )
    lines += ["", f"Graphs compiled by AOTAutograd/Inductor on rank 0: {r0['graphs']}; "
              f"graph breaks: {r0['graph_breaks']}", "",
              f"All ranks OK: {result['all_ok']}"]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)
    return 0 if result["all_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
