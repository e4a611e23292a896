"""CPU INT8 on the INT8 golden programs, with full-range and 7-bit activations.

For each golden of ``test/inductor_xpu/codegen/test_xpu_quant_codegen.py``
(calibrated on the inputs it is checked on, as ``compile --quant --run``
does): CPU INT8 (``inductor_xpu.modes.int8.cpu_int8_outputs``: X86InductorQuantizer,
Inductor on CPU, oneDNN) against the float model and against the PT2E program
it compiles, run eagerly.  The ISA is this process's
(``inductor_xpu.cpu_isa``): run it again with ``ONEDNN_MAX_CPU_ISA=AVX2`` for
the AVX2 rows.  Prints a markdown table (benchmarks/results/quant_int8_isa.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch
import torch.nn.functional as F


REPO = Path(__file__).resolve().parents[2]


def _cosine(a: torch.Tensor, b: torch.Tensor) -> float:
    return float(F.cosine_similarity(a.flatten().double(), b.flatten().double(), dim=0))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--programs", default="mlp,mlp_dynamic,conv_block")
    args = p.parse_args(argv)
    sys.path.insert(0, str(REPO / "test" / "inductor_xpu" / "codegen"))
    from test_xpu_quant_codegen import PROGRAMS

    from inductor_xpu.cpu_isa import detect
    from inductor_xpu.modes.int8 import cpu_int8_outputs, quantize

    isa = detect().describe()
    by_name = {program.name: program for program in PROGRAMS}
    print("| program | oneDNN ISA | activations | CPU INT8 vs fp32 | CPU INT8 vs its PT2E program |")
    print("|---|---|---|---|---|")
    for name in args.programs.split(","):
        program = by_name[name]
        for reduce_range in (False, True):
            torch.manual_seed(0)
            model, inputs = program.make().eval(), program.inputs()
            with torch.no_grad():
                fp32 = torch.utils._pytree.tree_leaves(model(*inputs))[0]
                pt2e = quantize(model, inputs, device="cpu", dynamic=program.dynamic, reduce_range=reduce_range)
                reference = torch.utils._pytree.tree_leaves(pt2e(*inputs))[0]
            cpu = cpu_int8_outputs(model, inputs, dynamic=program.dynamic, reduce_range=reduce_range)[0]
            print(
                f"| {name} | {isa} | {'reduce_range' if reduce_range else 'full range'} | "
                f"{_cosine(cpu, fp32):.5f} | {_cosine(cpu, reference):.5f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
