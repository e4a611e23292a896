# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile --run``: after the xpu code is generated,
each graph's wrapper executes on CPU (``inductor_xpu.execution``) and
is compared with eager; report.json's ``execution``, the summary's lines, the
exit status, the plans ``--run`` refuses, and the generated text is the text
without ``--run``.

About 30 s on torch 2.15 and on 2.13 (five plans compiled and executed, the demo also
compiled without ``--run``; the refusals compile nothing).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import tempfile
import unittest
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.runtime.cache_dir_utils import cache_dir
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import fresh_cache

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.compile import CompileOptions, CompileUsageError
from inductor_xpu.compile.cli import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from inductor_xpu.compile.execution import execution_failed, execution_lines, execution_section, plan_rule
from inductor_xpu.modes.int8 import torchao_version
from inductor_xpu.execution import Comparison, ExecutionResult, OutputComparison
from inductor_xpu.execution.plan_verdict import PlanCheck


TARGET = "max1550"
# run_cli's outputs; removed when the process exits, not when this module's
# tests end: test_compile_int8_verdict calls run_cli too, in whatever order
# (a pytest-xdist worker may run that file after this one).
_TMP = tempfile.TemporaryDirectory()
_AOT_ID = re.compile(r"^# AOT ID: .*$", re.MULTILINE)


def run_cli(*flags: str) -> tuple[int, str, dict[str, Any], str]:
    """``compile --target max1550 FLAGS`` in this process: exit status,
    stdout, report.json, output_code_0.py with the Inductor cache directory
    (each test has its own: kernel path comments) written ``<cache_dir>``."""
    out = Path(_TMP.name) / f"out{len(list(Path(_TMP.name).iterdir()))}"
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
        code = cli_main(["compile", "--target", TARGET, *flags, "--out", str(out)])
    report = json.loads((out / "report.json").read_text())
    generated = (out / "output_code_0.py").read_text().replace(cache_dir(), "<cache_dir>")
    return code, stdout.getvalue(), report, generated


@functools.cache
def compile_cli(*flags: str) -> tuple[int, str, dict[str, Any], str]:
    """:func:`run_cli`, each distinct call once."""
    return run_cli(*flags)


def _result(graph: str, *, status: str = "ran", passed: bool | None = None) -> ExecutionResult:
    comparison = None
    if passed is not None:
        output = OutputComparison(0, "torch.float32", (2, 3), 0.5, 0.25, 0.9, 0.5, passed)
        comparison = Comparison(1e-3, [output])
    return ExecutionResult(graph=graph, status=status, comparison=comparison)


class TestCompileRun(TestCase):
    def check_passes(
        self, *flags: str, references: dict[str, int] | None = None, plan: str = "PASS"
    ) -> dict[str, Any]:
        code, stdout, report, _ = compile_cli(*flags, "--run")
        self.assertEqual(report["status"], "ok", report.get("error_text"))
        execution = report["execution"]
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertTrue(execution["passed"], stdout)
        self.assertEqual(execution["totals"]["graphs"], len(report["graphs"]))
        self.assertEqual(execution["totals"]["passed"], len(report["graphs"]))
        for g, compiled in zip(execution["graphs"], report["graphs"]):
            self.assertEqual(g["status"], "ran")
            self.assertTrue(g["passed"])
            self.assertTrue(g["compared"])
            self.assertLessEqual(g["max_abs_err"], 1e-3)
            self.assertGreater(g["cosine"], 0.999)
            # every kernel the wrapper defines ran, every extern call was made
            self.assertEqual(sorted(g["kernels"]), sorted(compiled["triton_kernels"]))
            # (an op with no CPU kernel ran as its reference implementation)
            self.assertEqual(
                sum(g["extern_ops"].values()) + sum(g["references"].values()),
                sum(compiled["extern_calls"].values()),
            )
            self.assertEqual(g["references"], references or {})
            self.assertIn(
                f"graph {g['graph']}: ran, pass (max abs {g['max_abs_err']:.2g}, cosine {g['cosine']:.6f}), "
                f"{len(g['kernels'])} kernel{'' if len(g['kernels']) == 1 else 's'}",
                stdout,
            )
        self.assertIn("cannot execute: PASS", stdout)
        # both verdicts named: the suite's accuracy rule and the plan rule
        self.assertEqual(execution["accuracy"]["verdict"], "PASS")
        self.assertEqual(execution["plan"]["verdict"], plan)
        self.assertTrue(all(g["plan"]["passed"] is (plan == "PASS" or None) for g in execution["graphs"]), stdout)
        self.assertIn(f"  verdicts: accuracy PASS (the suite's rule), plan {plan} ({plan_rule()})", stdout)
        self.assertIn("--run", report["command"])
        return report

    def test_demo(self) -> None:
        report = self.check_passes()
        self.assertGreater(len(report["execution"]["graphs"][0]["kernels"]), 1)

    def test_builtin_models(self) -> None:
        for model in ("mlp", "convnet", "transformer_block"):
            with self.subTest(model=model):
                self.check_passes("--model", model)

    def test_frozen_plans_run_with_their_folded_constants(self) -> None:
        # freezing: conv-bn folded into the weights, oneDNN convolutions with
        # fused unary and binary post-ops, a linear with a transposed weight
        report = self.check_passes("--model", "convnet", "--freezing")
        extern = report["execution"]["graphs"][0]["extern_ops"]
        self.assertIn("mkldnn._convolution_pointwise.default", extern)
        self.assertIn("mkldnn._convolution_pointwise.binary", extern)
        self.assertIn("mkldnn._linear_pointwise.default", extern)

    def test_max_autotune_templates_run(self) -> None:
        report = self.check_passes("--model", "mlp", "--max-autotune")
        self.assertTrue(report["autotune"])
        for choice in report["autotune"]:
            self.assertEqual((choice["kind"], choice["name"]), ("template", "triton_mm"))
            self.assertGreater(choice["choices"], 1)
        kernels = report["execution"]["graphs"][0]["kernels"]
        self.assertEqual(len([k for k in kernels if k.startswith("triton_tem_")]), len(report["autotune"]))

    def test_training_step_runs_against_eager_autograd(self) -> None:
        code, stdout, report, _ = compile_cli("--model", "mlp", "--train", "--optimizer", "sgd", "--run")
        self.assertEqual(code, EXIT_OK, stdout)
        execution = report["execution"]
        self.assertTrue(execution["passed"], stdout)
        self.assertEqual([g["status"] for g in execution["graphs"]], ["ran"] * 3)
        for phase, g in zip(("forward", "backward", "optimizer"), execution["graphs"]):
            self.assertIn(f"({phase})", g["graph"])
            self.assertTrue(g["passed"] and g["compared"], g)
        self.assertIn("3 graphs: 3 passed, 0 failed, 0 cannot execute: PASS", stdout)

    def test_frozen_fp16_linear_runs_where_the_cpu_has_no_fp16_kernel(self) -> None:
        # fp16 mkldnn._linear_pointwise: the CPU kernel where this CPU has
        # one, else its reference (oneDNN fp16 needs AVX-512 FP16)
        code, stdout, report, _ = compile_cli("--model", "mlp", "--dtype", "fp16", "--freezing", "--run")
        self.assertEqual(code, EXIT_OK, stdout)
        graph = report["execution"]["graphs"][0]
        self.assertTrue(graph["passed"], stdout)
        ran = {**graph["extern_ops"], **graph["references"]}
        self.assertEqual(ran, {"mkldnn._linear_pointwise.default": 3})

    @unittest.skipUnless(torchao_version() is not None, "torchao is not installed (pip install 'inductor-xpu[quant]')")
    def test_int8_plan_runs_and_agrees_with_cpu_int8_and_fp32(self) -> None:
        script = str(Path(__file__).parents[1] / "codegen" / "test_xpu_quant_codegen.py") + ":build_mlp"
        # the plan verdict is not judged: the PT2E program does not run in
        # float64 (INT8 plans are checked exactly against it instead)
        report = self.check_passes(
            "--script", script, "--quant", "int8", references={"onednn.qlinear_pointwise.tensor": 2}, plan="NOT JUDGED"
        )
        int8 = report["execution"]["int8"]
        self.assertEqual([a["reference"] for a in int8], ["cpu_int8", "fp32"])
        self.assertTrue(all(a["agrees"] and a["cosine"] >= a["min_cosine"] for a in int8), int8)
        self.assertTrue(all(a["expected"] for a in int8), int8)  # CPU INT8 is faithful on every x86 CPU
        _, stdout, _, _ = compile_cli("--script", script, "--quant", "int8", "--run")  # the same run
        self.assertIn(int8[0]["note"], stdout)

    def test_generated_code_is_the_same_with_and_without_run(self) -> None:
        _, _, with_run, code_with_run = compile_cli("--run")
        with fresh_cache():  # an independent compile, not the cache's copy of the one with --run
            _, stdout, without_run, code_without_run = compile_cli()
        self.assertIsNone(without_run["execution"])
        self.assertNotIn("execution", stdout)
        self.assertIn("# AOT ID", code_with_run)
        self.assertIn("<cache_dir>", code_with_run)
        self.assertEqual(_AOT_ID.sub("", code_with_run), _AOT_ID.sub("", code_without_run))
        self.assertEqual(with_run["graphs"], without_run["graphs"])

    def test_a_graph_that_differs_from_eager_fails(self) -> None:
        failing = _result("0", passed=False)
        with mock.patch("inductor_xpu.execution.execute_program", return_value=[failing]):
            code, stdout, report, _ = run_cli("--model", "mlp", "--run")
        self.assertEqual(report["status"], "ok")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertFalse(report["execution"]["passed"])
        self.assertIn("graph 0: ran, FAIL (max abs 0.5, cosine 0.900000)", stdout)
        self.assertIn("graph 0: output 0 (torch.float32[2, 3]) differs from eager", stdout)
        self.assertIn("1 failed, 0 cannot execute: FAIL", stdout)


class TestRunRefusals(TestCase):
    def test_plans_run_cannot_execute_yet(self) -> None:
        for flags, shown in (
            (("--aot",), "--aot"),
            (("--cpp-wrapper",), "--cpp-wrapper"),
            (("--train", "--distributed", "ddp"), "--distributed"),
            (("--dtype", "amp_bf16"), "--dtype amp_bf16"),
        ):
            with self.subTest(flags=flags):
                stderr = io.StringIO()
                with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stderr(stderr):
                    code = cli_main(["compile", "--target", TARGET, "--run", *flags, "--out", f"{tmp}/out"])
                    self.assertFalse(Path(tmp, "out").exists())  # refused before anything is written
                self.assertEqual(code, EXIT_USAGE)
                lines = stderr.getvalue().splitlines()
                self.assertEqual(len(lines), 1, lines)
                self.assertTrue(lines[0].startswith(f"compile: --run with {shown} is not supported yet"), lines[0])
                self.assertIn(f"drop --run or {shown}", lines[0])

    def test_validate_checks_run(self) -> None:
        with self.assertRaisesRegex(CompileUsageError, "--run with --cpp-wrapper"):
            CompileOptions(run=True, cpp_wrapper=True).validate()
        CompileOptions(run=True, dtype="bf16", dynamic=True).validate()
        CompileOptions(run=True, freezing=True).validate()
        CompileOptions(freezing=True).validate()


class TestExitRule(TestCase):
    def test_rule(self) -> None:
        cannot = "cannot execute: graph input L['y'] is not a value of the program's frame"
        self.assertFalse(execution_failed([_result("0", passed=True)]))
        # a graph that cannot execute beside one that passed: never a pass (INCOMPLETE)
        self.assertTrue(execution_failed([_result("0", passed=True), _result("1", status=cannot)]))
        self.assertTrue(execution_failed([_result("0", passed=True), _result("1", passed=False)]))
        self.assertTrue(execution_failed([_result("0", status=cannot), _result("1", status=cannot)]))
        self.assertTrue(execution_failed([_result("0")]))  # ran, nothing compared
        self.assertTrue(execution_failed([]))

    def test_a_plan_that_fails_the_plan_rule_fails_the_run(self) -> None:
        # within the suite's tolerance, 1e3 times eager's error against float64
        result = _result("0", passed=True)
        result.comparison.outputs[0].plan = PlanCheck(2e-3, 2e-6, 1e-5, False, "plan error 0.002 against float64")
        self.assertTrue(execution_failed([result]))
        section = execution_section([result])
        self.assertEqual((section["accuracy"]["verdict"], section["plan"]["verdict"]), ("PASS", "FAIL"))
        self.assertEqual(section["verdict"], "FAIL")
        lines = execution_lines(section)
        self.assertIn(
            "    graph 0: output 0 (torch.float32[2, 3]) fails the plan rule: plan error 0.002 against float64", lines
        )
        self.assertTrue(lines[0].endswith("; plan FAIL (as generated, worst error 2e+02 of its bound)"), lines[0])
        self.assertTrue(lines[-1].endswith(": FAIL"), lines)

    def test_lines(self) -> None:
        cannot = "cannot execute: no CPU kernel for aten.foo [graph 1]"
        lines = execution_lines(execution_section([_result("0", passed=True), _result("1", status=cannot)]))
        self.assertEqual(
            lines,
            [
                "  execution on CPU: graph 0: ran, pass (max abs 0.5, cosine 0.900000), 0 kernels, 0 extern ops; "
                "plan not judged (no float64 reference)",
                f"  execution on CPU: graph 1: {cannot}",
                f"  verdicts: accuracy INCOMPLETE (the suite's rule), plan NOT JUDGED ({plan_rule()})",
                "  execution: 2 graphs: 1 passed, 0 failed, 1 cannot execute: INCOMPLETE",
            ],
        )


if __name__ == "__main__":
    run_tests()
