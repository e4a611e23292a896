"""Which option gives ``tl.dot`` a DPAS layout on the Arc A770 with Intel's Triton backend.

One small matmul kernel (a ``BLOCK_M x BLOCK_N`` tile, ``BLOCK_K`` per
step, fp32 accumulator; 64x64x32 by default) is compiled the way the
native compile compiles Inductor's kernels (:mod:`inductor_xpu.native`):
triton-xpu to SPIR-V for the profile's ``GPUTarget`` (the Intel backend's
``arch_parser`` answered by :func:`inductor_xpu.native.worker.install_host_shims`),
then IGC's ``ocloc`` to native ISA for the profile's device
(:func:`inductor_xpu.native.ocloc.compile_spirv`, GRF 256 again where GRF
128 spills), with no GPU.  Each case runs in a process of its own (a
triton-xpu assertion or LLVM fatal error ends only that case).

The variants are what the backend's source gates DPAS on (triton-xpu
3.3.0b1 = intel/intel-xpu-backend-for-triton tag v3.3.0b1):

* ``default``: Inductor's launch, 32 threads per warp;
* ``tpw16`` / ``tpw8``: the ``threads_per_warp`` option (XPUOptions) 16 / 8;
* ``min_sg16``: the target's ``sub_group_sizes`` without 8 (as if the
  smallest sub-group were 16, which TritonAnnotateModule tests);
* ``no_mma_tpw8``: ``tpw8`` on a target without
  ``has_subgroup_matrix_multiply_accumulate`` (the backend's ``supportDPAS``).

Prints a markdown table (benchmarks/results/xpu_dpas_dg2.md): per device,
variant and dtype, the threads per warp compiled, whether the TTGIR has a
DPAS layout (and its execution size), IGC's ``dpas`` count, SIMD width, GRF
and spill bytes, or the error.  Needs the native toolchain (``make
native-env``); run with ``PYTHONPATH=<repo>``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable


REPO = Path(__file__).resolve().parents[2]

DEVICES = ("max1550", "a770")
VARIANTS = ("default", "tpw16", "tpw8", "min_sg16", "no_mma_tpw8")
DTYPES = ("bf16", "fp16")
# The kernel's problem size: a multiple of every tile probed.
SIZE = 256


def variant_options(variant: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(triton.compile options, target property overrides) of ``variant``."""
    options: dict[str, Any] = {"num_warps": 4, "num_stages": 2}
    overrides: dict[str, Any] = {}
    if variant == "default":
        pass
    elif variant == "tpw16":
        options["threads_per_warp"] = 16
    elif variant == "tpw8":
        options["threads_per_warp"] = 8
    elif variant == "min_sg16":
        overrides["sub_group_sizes"] = "without 8"
    elif variant == "no_mma_tpw8":
        options["threads_per_warp"] = 8
        overrides["has_subgroup_matrix_multiply_accumulate"] = False
    else:
        raise ValueError(f"dpas_probe: unknown variant {variant!r} (one of {', '.join(VARIANTS)})")
    return options, overrides


def _dpas_layout(ttgir: str) -> str | None:
    """The first DPAS encoding of ``ttgir`` (``#ttig.dpas<{...}>``), or None."""
    m = re.search(r"dpas<\{([^}]*)\}>", ttgir)
    return m.group(1) if m else None


def _execution_size(layout: str | None) -> int | None:
    m = re.search(r"executionSize\s*=\s*(\d+)", layout or "")
    return int(m.group(1)) if m else None


# Opcodes of floating-point arithmetic (with a float-typed operand: ``:f``,
# ``:hf``, ``:bf``); a kernel whose tl.dot was compiled has some.
_FLOAT_MATH_OPCODES = frozenset({"add", "mul", "mad", "madm", "math", "dpas", "dpasw"})
_FLOAT_TYPE = re.compile(r":(f|hf|bf)\b")


def float_math(asm: str) -> int:
    """The floating-point arithmetic instructions of an ISA dump."""
    from inductor_xpu.native.isa import opcode

    count = 0
    for line in asm.splitlines():
        op = opcode(line)
        if op is not None and op.partition(".")[0] in _FLOAT_MATH_OPCODES and _FLOAT_TYPE.search(line):
            count += 1
    return count


def run_case(device: str, variant: str, dtype: str, block: tuple[int, int, int], work: Path,
             on_start: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Compile the probe kernel for one case (in this process: the worker's
    environment, triton-xpu first on the path); ``on_start`` gets the case's
    record (device, target, options) before Triton compiles."""
    import triton
    import triton.language as tl
    from triton.compiler import ASTSource

    # the kernel's annotations and body are resolved in this module's globals
    globals()["tl"] = tl
    from triton.backends.compiler import GPUTarget

    from inductor_xpu.device.registry import get_profile
    from inductor_xpu.native.devices import native_target
    from inductor_xpu.native.env import find_native_env
    from inductor_xpu.native.ocloc import compile_spirv
    from inductor_xpu.native.worker import install_host_shims

    @triton.jit
    def dpas_probe_mm(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        rk = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
            b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
            acc += tl.dot(a, b)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)

    env = find_native_env()
    profile = get_profile(device)
    target = native_target(profile, env)
    record: dict[str, Any] = {"device": device, "ocloc_device": target.device, "variant": variant, "dtype": dtype,
                              "block": list(block)}
    if target.device is None:
        return {**record, "error": target.unsupported}
    options, overrides = variant_options(variant)
    arch = profile.triton_target_arch()
    for key, value in overrides.items():
        if key == "sub_group_sizes":
            value = [s for s in arch["sub_group_sizes"] if s != 8]
        arch[key] = value
    record["sub_group_sizes"] = list(arch["sub_group_sizes"])
    record["options"] = {k: v for k, v in options.items() if k == "threads_per_warp"}
    install_host_shims(profile.triton_arch)
    if on_start is not None:
        on_start(record)
    bm, bn, bk = block
    src = ASTSource(
        dpas_probe_mm,
        signature={"a_ptr": f"*{dtype}", "b_ptr": f"*{dtype}", "c_ptr": "*fp32", "M": "constexpr",
                   "N": "constexpr", "K": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
                   "BLOCK_K": "constexpr"},
        constexprs={"M": SIZE, "N": SIZE, "K": SIZE, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
    )
    try:
        compiled = triton.compile(src, target=GPUTarget("xpu", arch, 32), options=options)
    except BaseException as e:  # noqa: BLE001 - the case's outcome, reported
        lines = [line.strip() for line in str(e).strip().splitlines() if line.strip()]
        return {**record, "error": f"triton: {type(e).__name__}: {' '.join(lines[-3:])}"[:400]}
    ttgir = compiled.asm.get("ttgir", "")
    layout = _dpas_layout(ttgir)
    record.update(
        threads_per_warp=compiled.metadata.threads_per_warp,
        dpas_layout=layout is not None,
        execution_size=_execution_size(layout),
        layout=layout,
        build_flags=compiled.metadata.build_flags,
    )
    try:
        binary = compile_spirv(compiled.asm["spv"], compiled.metadata.name, target.device,
                               compiled.metadata.build_flags, work / "ocloc", ocloc=env.ocloc)
    except Exception as e:  # noqa: BLE001 - IGC's answer, reported
        return {**record, "error": f"ocloc: {str(e).strip().splitlines()[0][:300]}"}
    isa = binary.final.isa
    record.update(dpas=isa.dpas, float_math=float_math(binary.final.asm), simd=isa.simd, grf=isa.num_grf,
                  spill_bytes=isa.spill_bytes, inst_count=isa.inst_count, grf256_retry=binary.retried_large_grf)
    return record


def _stages_made(cache: Path) -> dict[str, Any]:
    """What the IR stages a dead case's Triton wrote to ``cache`` say: the
    stages made, the TTGIR's threads per warp and DPAS layout."""
    made = sorted({p.suffix.lstrip(".") for p in cache.rglob("*") if p.suffix in (".ttir", ".ttgir", ".llir", ".spv")},
                  key=("ttir", "ttgir", "llir", "spv").index)
    facts: dict[str, Any] = {"stages_made": made}
    ttgirs = list(cache.rglob("*.ttgir"))
    if ttgirs:
        ttgir = ttgirs[0].read_text(errors="replace")
        layout = _dpas_layout(ttgir)
        tpw = re.search(r'"ttg.threads-per-warp"\s*=\s*(\d+)', ttgir)
        facts.update(dpas_layout=layout is not None, execution_size=_execution_size(layout), layout=layout,
                     threads_per_warp=int(tpw.group(1)) if tpw else None)
    return facts


def _child_env() -> dict[str, str]:
    from inductor_xpu.native.api import _worker_env
    from inductor_xpu.native.env import find_native_env

    env = _worker_env(find_native_env())
    env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], str(REPO)])
    return env


def probe(devices: list[str], variants: list[str], dtypes: list[str], block: tuple[int, int, int],
          timeout_s: float = 300.0) -> list[dict[str, Any]]:
    """Every case, each in a process of its own; a case whose process dies
    (an assertion of the backend, an LLVM fatal error) is reported with
    the end of what it wrote."""
    env = _child_env()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="dpas-probe-") as tmp:
        for device in devices:
            for variant in variants:
                for dtype in dtypes:
                    out = Path(tmp) / f"{device}-{variant}-{dtype}.json"
                    # Triton writes each stage's IR there as it is made: a
                    # case that dies still tells how far it got
                    cache = Path(tmp) / f"cache-{device}-{variant}-{dtype}"
                    env["TRITON_CACHE_DIR"] = str(cache)
                    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", device, variant, dtype,
                           "--block", "x".join(map(str, block)), "--out", str(out)]
                    try:
                        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout_s)
                    except subprocess.TimeoutExpired:
                        ended = f"did not finish in {timeout_s:g} s (killed)"
                    else:
                        tail = [line for line in (proc.stderr or proc.stdout).strip().splitlines() if line.strip()]
                        ended = (f"process ended with status {proc.returncode}: "
                                 f"{tail[-1][:300] if tail else '(no output)'}")
                    row = json.loads(out.read_text()) if out.is_file() else {
                        "device": device, "variant": variant, "dtype": dtype, "block": list(block)}
                    if not row.pop("finished", False):
                        row.update(_stages_made(cache), error=ended)
                    rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| device (ocloc) | variant | dtype | sub_group_sizes | threads per warp | DPAS layout in TTGIR "
        "(executionSize) | dpas in ISA | FP math in ISA | SIMD | GRF | spill bytes | error |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        layout = "-" if "dpas_layout" not in r else (
            f"yes ({r['execution_size']})" if r["dpas_layout"] else "no")
        lines.append(
            f"| {r['device']} ({r.get('ocloc_device') or '-'}) | {r['variant']} | {r['dtype']} | "
            f"{r.get('sub_group_sizes', '-')} | {r.get('threads_per_warp', '-')} | {layout} | "
            f"{r.get('dpas', '-')} | {r.get('float_math', '-')} | {r.get('simd', '-')} | {r.get('grf', '-')} | "
            f"{r.get('spill_bytes', '-')} | "
            f"{_error_cell(r)} |"
        )
    return "\n".join(lines)


def _error_cell(row: dict[str, Any]) -> str:
    error = row.get("error") or ""
    if error and "stages_made" in row:
        error = f"after {', '.join(row['stages_made']) or 'no stage'}: {error}"
    return error.replace("|", "/")


def _block(text: str) -> tuple[int, int, int]:
    parts = text.lower().split("x")
    if len(parts) != 3 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise argparse.ArgumentTypeError(f"--block {text!r}: expected MxNxK, e.g. 64x64x32")
    return int(parts[0]), int(parts[1]), int(parts[2])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--devices", default=",".join(DEVICES))
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--dtypes", default=",".join(DTYPES))
    p.add_argument("--block", type=_block, default=(64, 64, 32), help="BLOCK_MxBLOCK_NxBLOCK_K (default 64x64x32)")
    p.add_argument("--json", help="also write the rows as JSON here")
    p.add_argument("--one", nargs=3, metavar=("DEVICE", "VARIANT", "DTYPE"), help=argparse.SUPPRESS)
    p.add_argument("--out", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        out = Path(args.out)
        with tempfile.TemporaryDirectory(prefix="dpas-probe-case-") as work:
            row = run_case(*args.one, args.block, Path(work), on_start=lambda r: out.write_text(json.dumps(r)))
        out.write_text(json.dumps({**row, "finished": True}))
        return 0
    from inductor_xpu.native.env import native_env_missing

    missing = native_env_missing()
    if missing:
        print(f"dpas_probe: {missing}", file=sys.stderr)
        return 2
    for name, given, known in (("--devices", args.devices, None), ("--variants", args.variants, VARIANTS),
                               ("--dtypes", args.dtypes, DTYPES)):
        bad = [v for v in given.split(",") if known is not None and v not in known]
        if bad:
            print(f"dpas_probe: {name}: unknown {', '.join(bad)} (one of {', '.join(known)})", file=sys.stderr)
            return 2
    rows = probe(args.devices.split(","), args.variants.split(","), args.dtypes.split(","), args.block)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
