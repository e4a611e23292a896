# Owner(s): ["module: inductor"]
"""The verdict of ``compile --quant int8 --run``: the executed xpu INT8 plan
against its PT2E program (every CPU), against CPU INT8 (where this CPU's
oneDNN computes it faithfully: ``inductor_xpu.cpu_isa``) and against the
float model; report.json's ``execution.int8``, the summary's lines and the
exit status follow the same rule.  One INT8 compile (about 15 s).
"""

from __future__ import annotations

import os
import sys
import unittest
from pathlib import Path
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.compile.cli import EXIT_FAILED
from inductor_xpu.compile.execution import execution_lines, execution_section
from inductor_xpu.execution.compare import Int8Agreement
from inductor_xpu.modes.int8 import torchao_version
from inductor_xpu.execution import Comparison, ExecutionResult, OutputComparison


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_compile_run import run_cli  # noqa: E402


NOTE = "CPU INT8 on AVX2 without VNNI: u8s8 saturation, agreement not expected"


def _passed_graph() -> ExecutionResult:
    output = OutputComparison(0, "torch.float32", (2, 3), 0.0, 0.0, 1.0, 0.0, True)
    return ExecutionResult(graph="0", status="ran", comparison=Comparison(1e-3, [output]))


def _agreements(cpu_cosine: float, *, expected: bool) -> list[Int8Agreement]:
    return [
        Int8Agreement("cpu_int8", "CPU INT8", 0.5, 0.5, cpu_cosine, expected, NOTE if not expected else "on VNNI"),
        Int8Agreement("fp32", "the float model", 0.01, 0.01, 0.9999),
    ]


class TestInt8Verdict(TestCase):
    def test_an_expected_disagreement_fails(self):
        section = execution_section([_passed_graph()], _agreements(0.98, expected=True))
        self.assertFalse(section["passed"])
        self.assertEqual([a["expected"] for a in section["int8"]], [True, True])
        lines = execution_lines(section)
        self.assertIn("  INT8 plan vs cpu_int8: max abs 0.5, cosine 0.980000 (DISAGREES: cosine < 0.99)", lines)
        self.assertTrue(lines[-1].endswith(": FAIL"), lines)

    def test_a_disagreement_not_expected_on_this_cpu_is_reported_not_failed(self):
        section = execution_section([_passed_graph()], _agreements(0.98, expected=False))
        self.assertTrue(section["passed"])
        self.assertEqual(section["int8"][0]["note"], NOTE)
        lines = execution_lines(section)
        self.assertIn(
            "  INT8 plan vs cpu_int8: max abs 0.5, cosine 0.980000 "
            "(disagrees, not expected on this CPU: cosine < 0.99)",
            lines,
        )
        self.assertIn(f"    {NOTE}", lines)
        self.assertTrue(lines[-1].endswith(": PASS"), lines)

    def test_the_float_model_is_always_expected(self):
        fp32 = Int8Agreement("fp32", "the float model", 1.0, 1.0, 0.9)
        section = execution_section([_passed_graph()], [fp32])
        self.assertFalse(section["passed"])

    @unittest.skipUnless(torchao_version() is not None, "torchao is not installed (pip install 'inductor-xpu[quant]')")
    def test_a_disagreeing_int8_plan_exits_non_zero(self):
        # the summary said DISAGREES ... FAIL and report.json passed=false,
        # yet the exit status was 0: it followed the graphs alone
        script = str(Path(__file__).parents[1] / "codegen" / "test_xpu_quant_codegen.py") + ":build_mlp"
        with mock.patch("inductor_xpu.modes.int8.int8_agreements", return_value=_agreements(0.5, expected=True)):
            code, stdout, report, _ = run_cli("--script", script, "--quant", "int8", "--run")
        self.assertTrue(report["execution"]["graphs"][0]["passed"], stdout)
        self.assertFalse(report["execution"]["passed"])
        self.assertIn("DISAGREES", stdout)
        self.assertEqual(code, EXIT_FAILED, stdout)


if __name__ == "__main__":
    run_tests()
