"""``python -m inductor_xpu emulate [--target PROFILE] [--devices N] -- CMD ...``:
run CMD (python, pytest, any program) with the emulated xpu device in every
process of it that imports torch."""

from __future__ import annotations

import argparse
import os
import shutil
import sys

from inductor_xpu.emulation.settings import DEFAULT_PROFILE, emulation_variables, EmulationRefused


def add_emulate_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "emulate",
        help="run a command (python, pytest...) on an EMULATED xpu device (host memory, CPU kernels, Triton's "
        "interpreter), for upstream's xpu tests; refused where torch is an XPU build",
    )
    p.add_argument("--target", default=DEFAULT_PROFILE, metavar="PROFILE",
                   help=f"the xpu profile whose properties the device reports (default {DEFAULT_PROFILE})")
    p.add_argument("--devices", type=int, default=1, metavar="N", help="emulated devices, 1 to 8 (default 1)")
    p.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- CMD ...", help="the command to run")
    p.set_defaults(func=run_emulate)


def run_emulate(args: argparse.Namespace) -> int:
    cmd = list(args.cmd)
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        print("inductor_xpu emulate: no command given (usage: python -m inductor_xpu emulate -- CMD ...)",
              file=sys.stderr)
        return 2
    if not 1 <= args.devices <= 8:
        print(f"inductor_xpu emulate: --devices {args.devices}: expected 1 to 8", file=sys.stderr)
        return 2
    from inductor_xpu.emulation import runtime

    # Installed here first: the refusal is one line before CMD starts, and
    # the native library is built once, for every process of CMD.
    try:
        profile = runtime.install(args.target, devices=args.devices)
    except EmulationRefused as e:
        print(f"inductor_xpu emulate: {e}", file=sys.stderr)
        return 2
    # `python` is this interpreter (the one torch and this package are in).
    executable = sys.executable if cmd[0] in ("python", "python3") else shutil.which(cmd[0])
    if executable is None:
        print(f"inductor_xpu emulate: {cmd[0]}: command not found", file=sys.stderr)
        return 127
    print(f"inductor_xpu: EMULATED xpu device ({profile}, {args.devices} device(s): host memory, CPU kernels, "
          "Triton's interpreter; not an Intel GPU)", file=sys.stderr, flush=True)
    sys.stdout.flush()
    os.execve(executable, [executable, *cmd[1:]], {**os.environ, **emulation_variables(profile, args.devices)})
    return 0  # not reached
