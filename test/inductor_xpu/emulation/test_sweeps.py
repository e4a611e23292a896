"""The sweeps' classification and the stock/series report (no device needed)."""

from __future__ import annotations

import json
import os
import tempfile

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.emulation.sweeps import (
    classify,
    COMPILE_ERROR,
    compare,
    EAGER_ERROR,
    EMULATION_GAP,
    INTERPRETER_LIMIT,
    MISMATCH,
    PRECISION,
    UPSTREAM_XFAIL,
    XPU_BUG,
)


class TestClassify(TestCase):
    def test_classes(self):
        self.assertEqual(classify(EAGER_ERROR, "NotImplementedError: Could not run 'aten::x' ... 'CPU' backend"),
                         EMULATION_GAP)
        self.assertEqual(classify(EAGER_ERROR, "AssertionError: Jiterator is only supported on CUDA and ROCm GPUs"),
                         UPSTREAM_XFAIL)
        self.assertEqual(classify(COMPILE_ERROR, "InterpreterError: CannotExecute('libdevice.j0 has no CPU mapping')"),
                         INTERPRETER_LIMIT)
        self.assertEqual(classify(COMPILE_ERROR, "AssertionError: expected size 3==3, stride 6==1 at dim=1"),
                         EMULATION_GAP)
        self.assertEqual(classify(MISMATCH, "output 0: Tensor-likes are not close!; Mismatched elements: 3 / 9"),
                         PRECISION)
        self.assertEqual(classify(MISMATCH, "output 1: dtype torch.float32, eager torch.bfloat16"), EMULATION_GAP)
        self.assertEqual(classify(MISMATCH, "output 0: dtype torch.float32, eager torch.bfloat16"), XPU_BUG)
        self.assertEqual(classify(COMPILE_ERROR, "LoweringException: something Inductor got wrong"), XPU_BUG)

    def test_compare_catches_a_1e_3_error_in_fp32(self):
        import torch

        x = torch.randn(16)
        self.assertIsNone(compare(x, x.clone(), torch.float32))
        self.assertIsNotNone(compare(x + 1e-3, x, torch.float32))
        self.assertIn("shape", compare(x[:3], x, torch.float32))


class TestReport(TestCase):
    def _record(self, directory: str, name: str, outcomes: dict[str, str]) -> str:
        path = os.path.join(directory, name)
        with open(path, "w") as f:
            f.write(json.dumps({"header": True, "variant": name.split(".")[0], "torch": "2.15.0", "target": "max1550",
                                "family": "opinfo", "dtypes": "fp32", "samples": 1, "ops": len(outcomes),
                                "started": "now"}) + "\n")
            for op, outcome in outcomes.items():
                detail = "" if outcome == "pass" else "LoweringException: boom"
                f.write(json.dumps({"family": "opinfo", "name": op, "dtype": "fp32", "sample": 0, "outcome": outcome,
                                    "cause": "", "detail": detail, "seconds": 0.1}) + "\n")
        return path

    def test_fixed_and_broken_cases_are_named(self):
        import upstream_sweep_report

        with tempfile.TemporaryDirectory() as tmp:
            stock = self._record(tmp, "stock.jsonl", {"a": "pass", "b": COMPILE_ERROR, "c": "pass"})
            series = self._record(tmp, "series.jsonl", {"a": "pass", "b": "pass", "c": MISMATCH})
            upstream_sweep_report.main(["--stock", stock, "--series", series, "--out", tmp])
            text = open(os.path.join(tmp, "upstream_sweep.md")).read()
            self.assertIn("1 fixed by the series, 1 broken by it", text)
            self.assertIn("- fixed by the series: b fp32", text)
            self.assertIn("- broken by the series: c fp32", text)
            self.assertIn("| opinfo | fp32 | 2/3 (66.7%) | 2/3 (66.7%) | 0 |", text)
            self.assertTrue(os.path.exists(os.path.join(tmp, "upstream_sweep.png")))


if __name__ == "__main__":
    run_tests()
