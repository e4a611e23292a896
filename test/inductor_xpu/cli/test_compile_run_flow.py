# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile --run``'s flow and verdict: a graph that
could not execute is never a pass (INCOMPLETE), random ops are compared
(``fallback_random`` under ``--run``), a user's ``sys.exit`` is reported, a
program that compiles nothing says so, and ``--run-timeout`` / progress.

The engine is mocked where the flow, not the execution, is tested; the
programs compiled are tiny scripts (a few seconds each).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.compile import CompileOptions, CompileUsageError
from inductor_xpu.compile.options import MAX_RUN_TIMEOUT_S
from inductor_xpu.compile.cli import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from inductor_xpu.compile.execution import execution_failed, execution_lines, execution_section
from inductor_xpu.execution import ExecutionResult


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_compile_run import _result  # noqa: E402  (one result builder for the verdict tests)


TARGET = "max1550"
_TMP = tempfile.TemporaryDirectory()

SCRIPTS = """\
import sys
import torch


class Dropout(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.nn.functional.dropout(self.fc(x), p=0.5, training=True) * 2


def random_ops():
    def f(x):
        return torch.nn.functional.dropout(x, p=0.5, training=True) + torch.rand_like(x)

    return f, (torch.randn(8, 8),)


def dropout_module():
    torch.manual_seed(0)
    return Dropout(), (torch.randn(4, 8),)


def returns_none():
    def f(x):
        x.sum()

    return f, (torch.randn(4),)


def returns_a_number():
    def f(x):
        return 3

    return f, (torch.randn(4),)


def pointwise():
    def f(x):
        return x.sin() + 1

    return f, (torch.randn(64),)


def exits():
    sys.exit(0)


def exits_in_forward():
    def f(x):
        sys.exit(3)

    return f, (torch.randn(4),)
"""


def setUpModule() -> None:
    Path(_TMP.name, "scripts.py").write_text(SCRIPTS)


def tearDownModule() -> None:
    _TMP.cleanup()


def script(func: str) -> str:
    return f"{_TMP.name}/scripts.py:{func}"


class _TtyStringIO(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_cli(*flags: str, tty: bool = False) -> tuple[int, str, str, Path]:
    """``compile --target max1550 FLAGS`` in this process: exit status,
    stdout, stderr and the output directory."""
    out = Path(_TMP.name) / f"out{len(list(Path(_TMP.name).iterdir()))}"
    stdout, stderr = io.StringIO(), (_TtyStringIO() if tty else io.StringIO())
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = cli_main(["compile", "--target", TARGET, *flags, "--out", str(out)])
    return code, stdout.getvalue(), stderr.getvalue(), out


def report_of(out: Path) -> dict[str, Any]:
    return json.loads((out / "report.json").read_text())


CANNOT = "cannot execute: the optimizer graph's gradient has strides (1, 3), the wrapper asserts (3, 1)"


# ---------------------------------------------------------------------------
# W7: a graph that cannot execute is never a pass


class TestIncomplete(TestCase):
    def test_a_graph_that_cannot_execute_beside_passing_ones_is_incomplete(self) -> None:
        # the training step of W7: forward and backward pass, the optimizer cannot execute
        results = [
            _result("0 (forward)", passed=True),
            _result("1 (backward)", passed=True),
            _result("2 (optimizer)", status=CANNOT),
        ]
        self.assertTrue(execution_failed(results))
        section = execution_section(results)
        self.assertFalse(section["passed"])
        self.assertEqual(section["verdict"], "INCOMPLETE")
        self.assertEqual(
            execution_lines(section)[-1],
            "  execution: 3 graphs: 2 passed, 0 failed, 1 cannot execute: INCOMPLETE",
        )

    def test_graphs_not_executed_after_one_that_stopped_are_incomplete(self) -> None:
        results = [_result("0 (forward)", passed=True), _result("1 (backward)", status="not executed")]
        self.assertEqual(execution_section(results)["verdict"], "INCOMPLETE")

    def test_a_graph_that_ran_without_a_comparison_is_incomplete(self) -> None:
        section = execution_section([_result("0", passed=True), _result("1")])
        self.assertEqual(section["verdict"], "INCOMPLETE")
        self.assertFalse(section["passed"])

    def test_a_difference_is_a_failure_even_beside_a_graph_that_cannot_execute(self) -> None:
        section = execution_section([_result("0", passed=False), _result("1", status=CANNOT)])
        self.assertEqual(section["verdict"], "FAIL")

    def test_every_graph_passed_is_a_pass(self) -> None:
        section = execution_section([_result("0", passed=True), _result("1", passed=True)])
        self.assertEqual(section["verdict"], "PASS")
        self.assertTrue(section["passed"])

    def test_cli_exit_status_and_summary(self) -> None:
        results = [_result("0", passed=True), _result("1", status=CANNOT)]
        with mock.patch("inductor_xpu.execution.execute_program", return_value=results):
            code, stdout, _, out = run_cli("--script", script("pointwise"), "--run")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertIn("1 passed, 0 failed, 1 cannot execute: INCOMPLETE", stdout)
        execution = report_of(out)["execution"]
        self.assertFalse(execution["passed"])
        self.assertEqual(execution["verdict"], "INCOMPLETE")


# ---------------------------------------------------------------------------
# W4: random ops are compared: --run compiles with fallback_random=True


class TestRandomOps(TestCase):
    def test_inference_random_ops_are_compared(self) -> None:
        code, stdout, _, out = run_cli("--script", script("random_ops"), "--run")
        report = report_of(out)
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertTrue(report["inductor_config"]["fallback_random"])
        graph = report["execution"]["graphs"][0]
        self.assertTrue(graph["passed"], stdout)
        self.assertIn("aten.native_dropout.default", graph["extern_ops"])
        self.assertEqual(report["execution"]["verdict"], "PASS")

    def test_without_run_random_ops_keep_inductors_generator(self) -> None:
        code, stdout, _, out = run_cli("--script", script("random_ops"))
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertNotIn("fallback_random", report_of(out)["inductor_config"])
        self.assertIn("inductor_random", (out / "output_code_0.py").read_text())

    def test_training_dropout_is_compared(self) -> None:
        code, stdout, _, out = run_cli("--script", script("dropout_module"), "--train", "--run")
        execution = report_of(out)["execution"]
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertEqual([g["status"] for g in execution["graphs"]], ["ran", "ran"], stdout)
        self.assertEqual(execution["verdict"], "PASS", stdout)


# ---------------------------------------------------------------------------
# W8: sys.exit in the user's script


class TestUserExit(TestCase):
    def check_one_line(self, func: str, *flags: str, says: str) -> None:
        code, stdout, stderr, _ = run_cli("--script", script(func), *flags)
        self.assertEqual(code, EXIT_USAGE, stdout)
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        self.assertTrue(lines[0].startswith("compile: --script: "), lines[0])
        self.assertIn(f"{_TMP.name}/scripts.py", lines[0])
        self.assertIn(f"{func}", lines[0])
        self.assertIn(says, lines[0])

    def test_sys_exit_in_func(self) -> None:
        self.check_one_line("exits", "--run", says="exits() in ")
        self.check_one_line("exits", says="called sys.exit(0)")

    def test_sys_exit_at_import(self) -> None:
        path = Path(_TMP.name, "exits_at_import.py")
        path.write_text("import sys\nsys.exit(0)\n")
        code, _, stderr, _ = run_cli("--script", f"{path}:build")
        self.assertEqual(code, EXIT_USAGE)
        self.assertEqual(
            stderr.strip(), f"compile: --script: importing {path} called sys.exit(0) (the script stopped the process)"
        )

    def test_sys_exit_in_the_program(self) -> None:
        self.check_one_line("exits_in_forward", "--run", says="called sys.exit(3)")


# ---------------------------------------------------------------------------
# M1: nothing was compiled


class TestNothingCompiled(TestCase):
    def test_function_returning_none(self) -> None:
        for flags in ((), ("--run",)):
            with self.subTest(flags=flags):
                code, stdout, _, out = run_cli("--script", script("returns_none"), *flags)
                self.assertEqual(code, EXIT_FAILED, stdout)
                self.assertIn("nothing was compiled: f returned None (no tensor computation to compile)", stdout)
                report = report_of(out)
                self.assertEqual(report["status"], "failed")
                self.assertIsNone(report["execution"])
                self.assertNotIn("0 graphs", stdout)

    def test_function_making_no_tensor_computation(self) -> None:
        code, stdout, _, _ = run_cli("--script", script("returns_a_number"), "--run")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertIn("nothing was compiled: f made no tensor computation (it returned an int)", stdout)


# ---------------------------------------------------------------------------
# M5: --run-timeout and progress


def _never_ending(*args: Any, **kwargs: Any) -> list[ExecutionResult]:
    from inductor_xpu.execution.kernels import execution_observer

    observer = execution_observer()
    assert observer is not None
    observer.graph_started("0")
    observer.kernel_launched("0", "triton_poi_fused_sin_0", 1)
    while True:
        time.sleep(0.01)


class TestRunTimeout(TestCase):
    def test_options(self) -> None:
        with self.assertRaisesRegex(CompileUsageError, "--run-timeout needs --run"):
            CompileOptions(run_timeout=5).validate()
        with self.assertRaisesRegex(CompileUsageError, "--run-timeout must be > 0"):
            CompileOptions(run=True, run_timeout=0).validate()
        CompileOptions(run=True, run_timeout=0.5).validate()
        self.assertIn("--run-timeout 0.5", CompileOptions(run=True, run_timeout=0.5).command_line())
        with self.assertRaises(SystemExit) as cm, contextlib.redirect_stderr(io.StringIO()):
            cli_main(["compile", "--run", "--run-timeout", "soon"])  # argparse: not a number
        self.assertEqual(cm.exception.code, EXIT_USAGE)

    def test_a_timeout_beyond_the_bound_is_an_argument_error(self) -> None:
        # issue 45 R12: 1e10 passed the check and crashed in setitimer (OverflowError traceback)
        CompileOptions(run=True, run_timeout=MAX_RUN_TIMEOUT_S).validate()
        for value in ("1e10", "1e12", "1e308", str(MAX_RUN_TIMEOUT_S + 1)):
            with self.subTest(timeout=value):
                with self.assertRaisesRegex(CompileUsageError, f"--run-timeout must be at most {MAX_RUN_TIMEOUT_S}"):
                    CompileOptions(run=True, run_timeout=float(value)).validate()
                code, stdout, stderr, _ = run_cli("--script", script("pointwise"), "--run", "--run-timeout", value)
                self.assertEqual(code, EXIT_USAGE, stdout + stderr)
                lines = [line for line in stderr.splitlines() if line.strip()]
                self.assertEqual(len(lines), 1, stderr)
                self.assertIn("--run-timeout must be at most", lines[0])
                self.assertNotIn("Traceback", stdout + stderr)

    def test_a_run_past_its_limit_is_stopped_and_named(self) -> None:
        start = time.monotonic()
        with mock.patch("inductor_xpu.execution.execute_program", side_effect=_never_ending):
            code, stdout, _, out = run_cli("--script", script("pointwise"), "--run", "--run-timeout", "0.5")
        self.assertLess(time.monotonic() - start, 60)
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertIn("execution on CPU: graph 0: timed out after 0.5 s", stdout)
        self.assertIn("1 timed out: TIMED OUT", stdout)
        report = report_of(out)
        self.assertEqual(report["status"], "ok")
        self.assertEqual(report["execution"]["verdict"], "TIMED OUT")
        self.assertEqual(report["execution"]["graphs"][0]["status"], "timed out after 0.5 s")
        self.assertIn("sin", (out / "output_code_0.py").read_text())  # the compile's outputs are kept

    def test_a_run_within_its_limit_passes(self) -> None:
        code, stdout, _, out = run_cli("--script", script("pointwise"), "--run", "--run-timeout", "300")
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertEqual(report_of(out)["execution"]["verdict"], "PASS")


class TestProgress(TestCase):
    def test_progress_on_a_tty(self) -> None:
        code, stdout, stderr, _ = run_cli("--script", script("pointwise"), "--run", tty=True)
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertIn("run: graph 0: started", stderr)
        self.assertIn("run: graph 0: done, 1 kernel launch (last triton_poi_fused_add_sin_0), ", stderr)

    def test_a_short_run_prints_no_progress(self) -> None:
        code, stdout, stderr, _ = run_cli("--script", script("pointwise"), "--run")
        self.assertEqual(code, EXIT_OK, stdout)
        self.assertNotIn("run: graph", stderr)

    def test_a_long_run_shows_progress(self) -> None:
        from inductor_xpu.compile import execution

        with (
            mock.patch.object(execution, "PROGRESS_AFTER_S", 0.0),
            mock.patch.object(execution, "PROGRESS_EVERY_S", 0.05),
            mock.patch("inductor_xpu.execution.execute_program", side_effect=_never_ending),
        ):
            code, stdout, stderr, _ = run_cli("--script", script("pointwise"), "--run", "--run-timeout", "0.5")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertIn("run: graph 0: kernel triton_poi_fused_sin_0 (1 kernel launch), ", stderr)


if __name__ == "__main__":
    run_tests()
