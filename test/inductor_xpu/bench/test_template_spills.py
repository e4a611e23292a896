# Owner(s): ["module: inductor"]
"""tools/bench/template_spills.py: its arguments (bad ones exit 2, nothing
compiled), and, with the native toolchain, a sweep on the Arc A770: a
16x16x16 GEMM tile at one warp (Inductor's one 16x16 tile per warp: 8
accumulator elements per work-item) spills, the same tile at 4 warps does
not (series 0016).  Without a compile: a heuristic cached before the
sweep takes its tiles, and its conv tiles are made as XPU's own (series
0018)."""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import unittest
import unittest.mock
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"
if str(BENCH) not in sys.path:  # run as a script: conftest.py has not put it there
    sys.path.insert(0, str(BENCH))

import template_spills  # noqa: E402

from inductor_xpu.native.env import native_env_missing  # noqa: E402


SCRIPT = '''
import torch
def linear():
    torch.manual_seed(0)
    return torch.nn.Linear(256, 256), (torch.randn(64, 256),)
'''


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = template_spills.main(list(argv))
    return code, out.getvalue(), err.getvalue()


class TestArguments(TestCase):
    def test_configs_parsed(self):
        self.assertEqual(template_spills.parse_configs("16,16,16,2,4; 32,32,16,2,16;"),
                         [(16, 16, 16, 2, 4), (32, 32, 16, 2, 16)])

    def test_bad_arguments_exit_2_naming_them(self):
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "m.py"
            script.write_text(SCRIPT)
            for argv, message in [
                (["--configs", "16,16,16,2"], "'16,16,16,2': want BLOCK_M,BLOCK_N,BLOCK_K,STAGES,WARPS"),
                (["--configs", "16,16,x,2,4"], "'16,16,x,2,4': not integers"),
                (["--configs", "16,16,16,0,4"], "each >= 1"),
                (["--configs", ";"], "--configs: no config"),
                (["--targets", "a770,no_such_gpu"], "--targets: unknown 'no_such_gpu'"),
                (["--depthwise-configs", "64,32,1"], "'64,32,1': want BLOCK_M,BLOCK_C,STAGES,WARPS"),
                (["--templates", ","], "--templates: none"),
            ]:
                code, _, err = _run("--script", f"{script}:linear", *argv)
                self.assertEqual(code, 2, argv)
                self.assertIn(message, err)
            # a template no selection offers: named, with those offered
            code, _, err = _run("--script", f"{script}:linear", "--targets", "a770", "--templates", "triton_nope")
            self.assertEqual(code, 2)
            self.assertIn("--templates: no choice of triton_nope in any selection for a770", err)
            self.assertIn("triton_mm", err)
            code, _, err = _run("--script", f"{tmp}/missing.py:linear")
            self.assertEqual(code, 2)
            self.assertIn("no file", err)


class TestSweepLists(TestCase):
    def test_cached_heuristics_take_the_tiles_conv_tiles_as_xpus_own(self):
        # the sweep's conv tiles ask for a 3x3 window unrolled, as XPU's FMA
        # conv tiles do (series 0018); its mm tiles do not.  The heuristic is
        # made before the sweep, as a max-autotune compile earlier in the
        # process leaves it cached: it takes the sweep's tiles all the same.
        from torch._inductor.template_heuristics.triton import XPUConfigHeuristic

        heuristic = XPUConfigHeuristic()
        with template_spills.xpu_template_lists([(16, 16, 16, 2, 8)]), unittest.mock.patch.object(
            heuristic, "should_scale_configs", False  # unscaled: no graph here
        ):
            conv = list(heuristic.get_conv_configs()(3136, 64, 64, dtype_size=2))
            mm = list(heuristic.get_mm_configs()(512, 768, 768, dtype_size=2))
        self.assertEqual([(c.num_warps, c.kwargs.get("UNROLL_WINDOW")) for c in mm], [(8, None)])
        self.assertEqual([(c.num_warps, c.kwargs.get("UNROLL_WINDOW")) for c in conv], [(8, 9)])

    def test_cached_heuristics_take_the_depthwise_tiles(self):
        # series 0068's list, replaced for the sweep and put back after it
        from torch._inductor.template_heuristics.triton import XPUConfigHeuristic

        heuristic = XPUConfigHeuristic()
        before = [(c.kwargs, c.num_stages, c.num_warps) for c in heuristic.get_depthwise_conv2d_configs()]
        with template_spills.xpu_depthwise_list([(16, 8, 1, 2), (256, 32, 2, 8)]):
            swept = heuristic.get_depthwise_conv2d_configs()
        self.assertEqual(
            [(c.kwargs, c.num_stages, c.num_warps) for c in swept],
            [({"BLOCK_M": 16, "BLOCK_C": 8}, 1, 2), ({"BLOCK_M": 256, "BLOCK_C": 32}, 2, 8)],
        )
        self.assertEqual([(c.kwargs, c.num_stages, c.num_warps) for c in heuristic.get_depthwise_conv2d_configs()],
                         before)

    def test_blocks_of_a_description(self):
        self.assertEqual(template_spills._blocks("KERNEL_H=3, BLOCK_M=64, BLOCK_C=32, num_warps=8"),
                         "BLOCK_M=64,BLOCK_C=32")


@unittest.skipIf(native_env_missing() is not None, native_env_missing() or "")
class TestSweep(TestCase):
    def test_a770_tile_fits_only_with_more_warps(self):
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "m.py"
            script.write_text(SCRIPT)
            # (heuristics cached before the sweep take its tiles too:
            # TestSweepLists, without a compile)
            code, out, err = _run("--script", f"{script}:linear", "--targets", "a770,max1550",
                                  "--configs", "16,16,16,2,1;16,16,16,2,4", "--json", f"{tmp}/out.json")
            self.assertEqual(code, 0, err)
            import json

            records = json.loads(Path(f"{tmp}/out.json").read_text())["choices"]
        spill = {r["num_warps"]: r["spill_bytes"] or 0 for r in records if r["tile_shape"] == "(16, 16, 16)"}
        self.assertEqual({r["device"] for r in records}, {"acm-g10", "pvc"})
        # pvc: each target's own code, compiled for it (DPAS there)
        self.assertTrue(all(r["dpas"] for r in records if r["device"] == "pvc"), records)
        records = [r for r in records if r["device"] == "acm-g10"]
        spill = {r["num_warps"]: r["spill_bytes"] or 0 for r in records if r["tile_shape"] == "(16, 16, 16)"}
        self.assertGreater(spill[1], 16)
        self.assertLessEqual(spill[4], 16)
        self.assertRegex(out, r"a770 0 3 triton_mm \(16, 16, 16\) \(BLOCK_\w=16(,BLOCK_\w=16)*\) 4 2: 0 B")


if __name__ == "__main__":
    run_tests()
