# Owner(s): ["module: inductor"]
"""The CPU post-op fusion benchmark's bookkeeping (tools/bench/postop_fusion.py).

Not its timings (those are recorded in benchmarks/results, never asserted):
the generated-code digest that decides "same code as stock", the merge of
interleaved rounds, and one child end to end on the smallest block (its
``--child-out`` entry point, run in the test's process).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"

import postop_fusion  # noqa: E402


_CODE = """
_frozen_param1 = None  # device(type='cpu') torch.float32 (3072,) (1,) {addr}
cpp_fused_add_0 = async_compile.cpp_pybinding(['float*'], r'''
#include "{path}/pi/cpi4x.h"
''')
assert_size_stride(buf2, (8, 64), (64, 1), "partial(<function fn at {hexaddr}>)")
buf0 = torch.ops.mkl._mkl_linear.default(arg2_1, _frozen_param8, {weight}, None, 1024)
"""


def _code(addr="7f111df97ac0", path="/tmp/torchinductor_root/ab", hexaddr="0x7f7338662c00",
          weight="_frozen_param9"):
    return _CODE.format(addr=addr, path=path, hexaddr=hexaddr, weight=weight)


class TestCodeDigest(TestCase):
    def test_ignores_what_differs_between_processes(self) -> None:
        a = postop_fusion._code_digest([_code()])
        b = postop_fusion._code_digest(
            [_code(addr="7fb79906f890", path="/tmp/torchinductor_x/cd", hexaddr="0x7f11996f6ac0")]
        )
        self.assertEqual(a, b)

    def test_sees_a_code_change(self) -> None:
        self.assertNotEqual(
            postop_fusion._code_digest([_code()]),
            postop_fusion._code_digest([_code(weight="_frozen_param11")]),
        )


def _result(rows):
    return {"torch": "2.13.0", "threads": 2, "overlay_patches_applied": None, "rows": rows}


class TestMergeRounds(TestCase):
    def test_median_of_round_medians_and_digests(self) -> None:
        rounds = [
            _result([{"block": "mlp", "dtype": "fp32", "eager_ms": e, "compiled_ms": c,
                      "code_digest": d}])
            for e, c, d in ((10.0, 5.0, "x"), (30.0, 7.0, "x"), (20.0, 6.0, "y"))
        ]
        row = postop_fusion._merge_rounds(rounds)["rows"][0]
        self.assertEqual(row["eager_ms"], 20.0)
        self.assertEqual(row["compiled_ms"], 6.0)
        self.assertEqual(row["compiled_ms_rounds"], [5.0, 7.0, 6.0])
        self.assertEqual(row["code_digests"], ["x", "y"])
        self.assertEqual(postop_fusion._spread(row, "compiled_ms"), "5.000-7.000")

    def test_an_error_in_any_round_marks_the_row(self) -> None:
        ok = {"block": "mlp", "dtype": "bf16", "compiled_ms": 1.0, "code_digest": "x"}
        bad = {"block": "mlp", "dtype": "bf16", "error": "RuntimeError: boom"}
        row = postop_fusion._merge_rounds([_result([ok]), _result([bad])])["rows"][0]
        self.assertEqual(row["error"], "RuntimeError: boom")

    def test_rejects_too_few_iterations(self) -> None:
        with self.assertRaises(SystemExit):
            postop_fusion.main(["--iters", "5"])


class TestReport(TestCase):
    def _per_round(self, n):
        def res(variant, c):
            row = {"block": "mlp", "dtype": "fp32", "variant": variant, "compiled_ms": c,
                   "code_digest": "d", "max_abs_diff": 0.0, "ops": {}, "counters": {}}
            if variant == "stock":
                row["eager_ms"] = 2 * c
            return _result([row])
        return {"stock": [res("stock", 4.0)] * n, "series": [res("series", 5.0)] * n}

    def test_written_after_each_round_and_says_when_cut_short(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            args = argparse.Namespace(rounds=3, iters=30, warmup=5, blocks=["mlp"], dtypes=["fp32"],
                                      out=Path(tmp) / "r.md", json=Path(tmp) / "r.json")
            text = postop_fusion._report(args, [], self._per_round(1), ["stock", "series"], 1)
            self.assertEqual(args.out.read_text(), text)
            self.assertIn("1 interleaved round(s)", text)
            self.assertIn("(of 3 asked for; the run was cut short)", text)
            self.assertIn("| mlp | fp32 | 8.000 | 4.000 (4.000-4.000) | 5.000 (5.000-5.000) |", text)
            self.assertIn("| 1.250 | yes |", text)
            self.assertIn("Geomean series/stock over 1 rows: 1.250;", text)
            text = postop_fusion._report(args, [], self._per_round(3), ["stock", "series"], 3)
            self.assertNotIn("cut short", text)
            self.assertEqual(len(json.loads(args.json.read_text())["rounds"]["stock"]), 3)


class TestChild(TestCase):
    def test_mlp_fp32_child(self) -> None:
        # The child's entry point (--child-out) in this process: what is
        # asserted is its row, not the process boundary, and a fresh Python
        # importing torch costs about 3 s of CPU.  Its --threads is restored.
        threads = torch.get_num_threads()
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "child.json"
            try:
                code = postop_fusion.main(
                    ["--variant", "stock", "--child-out", str(out), "--iters", "2", "--warmup", "1",
                     "--threads", "1", "--blocks", "mlp", "--dtypes", "fp32"]
                )
            finally:
                torch.set_num_threads(threads)
                torch._dynamo.reset()
            self.assertEqual(code, 0)
            (row,) = json.loads(out.read_text())["rows"]
        self.assertNotIn("error", row)
        self.assertLess(row["max_abs_diff"], 1e-4)
        self.assertEqual(len(row["code_digest"]), 16)
        self.assertGreater(row["compiled_ms"], 0)
        # fp32 CPU linears take MKL's packed path (no post-op) on stock torch
        self.assertEqual(sum(n for op, n in row["ops"].items() if "linear" in op), 2)


if __name__ == "__main__":
    run_tests()
