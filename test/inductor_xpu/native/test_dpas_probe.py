# Owner(s): ["module: inductor"]
"""``tools/bench/dpas_probe.py``: which option gives ``tl.dot`` a DPAS layout
on the Arc A770 (``acm-g10``) with triton-xpu 3.3.0b1
(benchmarks/results/xpu_dpas_dg2.md).

The native case compiles the probe's matmul (a 32 x 32 x 16 tile, bf16) for
the A770 with ``threads_per_warp`` 16 and 8, each in a process of its own:

* 16: triton-xpu keeps the option, but its DPAS analysis wants the threads
  per warp equal to the smallest sub-group size (8 on DG2): no DPAS layout,
  no ``dpas`` in IGC's ISA;
* 8: the analysis accepts it and the TTGIR gets a DPAS layout of execution
  size 8, and the backend's DPAS lowering (written for 16 lanes) dies in
  LLVM (``Invalid cast``).

Should a newer triton-xpu lower it, the second check fails and the docs
(docs/hardware_less_codegen.md, "What it tells, what it cannot") must
change.  About 25 s; skipped, with the reason, without ``make native-env``.
"""

from __future__ import annotations

import importlib.util
import unittest
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.native.env import native_env_missing


REPO = Path(__file__).resolve().parents[3]
SKIP_REASON = native_env_missing()
requires_native_env = unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")


def _probe_module():
    spec = importlib.util.spec_from_file_location("dpas_probe", REPO / "tools" / "bench" / "dpas_probe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TestDpasProbeUnits(TestCase):
    def test_dpas_layout_read_from_ttgir(self):
        probe = _probe_module()
        ttgir = (
            '#mma = #ttig.dpas<{repeatCount = 8, systolicDepth = 8, executionSize = 8, opsPerChan = 2, '
            'threadsPerWarp = 8, warpsPerCTA = [2, 2], repCluster = [1, 1]}>\n'
            'module attributes {"ttg.threads-per-warp" = 8 : i32} {}'
        )
        layout = probe._dpas_layout(ttgir)
        self.assertIsNotNone(layout)
        self.assertEqual(probe._execution_size(layout), 8)
        self.assertIsNone(probe._dpas_layout("#blocked = #ttg.blocked<{sizePerThread = [1, 1]}>"))

    def test_float_math_counts_float_arithmetic_only(self):
        probe = _probe_module()
        asm = "\n".join([
            "//.kernel k",
            "(W)     mad (1|M0)   r1.2<1>:ud  r1.2<0;0>:ud  r2.0<0;0>:uw  0x60:uw",
            "        mad (16|M0)  r10.0<1>:f  r11.0<1;0>:f  r12.0<1;0>:f  r13.0<1;0>:f",
            "        dpas.8x8 (8|M0)  r20:f  r20:f  r30:bf  r40.0:bf",
            "        mov (16|M0)  r5.0<1>:f  r6.0<1;1,0>:f",
        ])
        self.assertEqual(probe.float_math(asm), 2)

    def test_unknown_variant_named(self):
        probe = _probe_module()
        with self.assertRaisesRegex(ValueError, "unknown variant 'tpw4'"):
            probe.variant_options("tpw4")


@requires_native_env
class TestDpasProbeA770(TestCase):
    def test_threads_per_warp_options_on_acm_g10(self):
        probe = _probe_module()
        rows = probe.probe(["a770"], ["tpw16", "tpw8"], ["bf16"], (32, 32, 16))
        by_variant = {row["variant"]: row for row in rows}
        tpw16, tpw8 = by_variant["tpw16"], by_variant["tpw8"]
        # 16 threads per warp: compiled by IGC for acm-g10, no DPAS anywhere
        self.assertNotIn("error", tpw16, tpw16.get("error"))
        self.assertEqual(tpw16["ocloc_device"], "acm-g10")
        self.assertEqual(tpw16["threads_per_warp"], 16)
        self.assertFalse(tpw16["dpas_layout"])
        self.assertEqual(tpw16["dpas"], 0)
        self.assertGreater(tpw16["float_math"], 0)
        # 8 threads per warp: a DPAS layout of execution size 8, which the
        # backend cannot lower
        self.assertTrue(tpw8["dpas_layout"], tpw8)
        self.assertEqual(tpw8["execution_size"], 8)
        self.assertEqual(tpw8["threads_per_warp"], 8)
        self.assertEqual(tpw8["stages_made"], ["ttir", "ttgir"])
        self.assertIn("Invalid cast", tpw8["error"])


if __name__ == "__main__":
    run_tests()
