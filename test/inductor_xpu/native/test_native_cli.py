# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile --native``: after generating, every Triton
kernel compiled by Intel's Triton XPU backend and IGC for the target's GPU;
report.json's ``native``, the summary's lines and the exit status.

The refusals compile nothing (a g++ hanging on ``-dumpfullversion`` where
C++ would be type-checked: one line, before the compile); what fails after
the compile (the native compile, a g++ probe hanging then) is reported and
the compile's outputs still written; the summary's compile time counts the
native compile; SIGTERM ends the command as Ctrl-C does (exit status 143).
One compile of the ``mlp`` program with
``--native`` (its kernels come from the native cache after the first run),
and one with ``--aot --native``: the AOTInductor package's own Triton
kernels compiled natively (the package's C++ type-check is
test_cpp_check.py's, not repeated here).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu import config
from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.compile.cli import EXIT_FAILED, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE
from inductor_xpu.native import KernelNative, NativeEnvError, NativeResult
from inductor_xpu.native.cpp_check import CppCheckResult, CppFileCheck


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_cpp_check import fake_gxx  # noqa: E402
from test_native_compile import requires_native_env  # noqa: E402
from test_native_processes import kill_all_with, processes_with, TOKEN_VAR  # noqa: E402
from test_native_units import fake_env  # noqa: E402


_TMP = tempfile.TemporaryDirectory()


def tearDownModule() -> None:
    _TMP.cleanup()


def run_cli(*flags: str) -> tuple[int, str, str, dict[str, Any] | None]:
    out = Path(_TMP.name) / f"out{len(list(Path(_TMP.name).iterdir()))}"
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = cli_main(["compile", *flags, "--out", str(out)])
    report = json.loads((out / "report.json").read_text()) if (out / "report.json").exists() else None
    return code, stdout.getvalue(), stderr.getvalue(), report


class TestNativeRefusals(TestCase):
    def test_a_cuda_target(self):
        code, _, stderr, report = run_cli("--target", "h100", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_USAGE)
        self.assertIn("--native compiles with Intel's compilers for an Intel GPU; h100 simulates cuda", stderr)
        self.assertIsNone(report)

    def test_without_the_toolchain_nothing_is_compiled(self):
        missing = NativeEnvError("triton-xpu is not installed in .native/site: make native-env installs it")
        with mock.patch("inductor_xpu.native.env.find_native_env", side_effect=missing):
            code, _, stderr, report = run_cli("--target", "max1550", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_USAGE)
        self.assertEqual(stderr.strip().splitlines(), [f"compile: --native: {missing}"])
        self.assertIsNone(report)

    @requires_native_env
    def test_unreadable_sycl_root_refused_before_compiling(self):
        """Issue 45 R13: an unreadable INDUCTOR_XPU_SYCL_ROOT was a
        PermissionError traceback after the whole compile.  (Root reads
        a mode-000 directory, so the check sees what another user would.)"""
        from test_native_units import unreadable

        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "sycl")
            os.makedirs(os.path.join(root, "include", "sycl"))
            with mock.patch.dict(os.environ, {"INDUCTOR_XPU_SYCL_ROOT": root}), unreadable(root):
                code, _, stderr, report = run_cli("--target", "max1550", "--model", "mlp", "--native",
                                                  "--cpp-wrapper")
        self.assertEqual(code, EXIT_USAGE)
        self.assertEqual(
            stderr.strip().splitlines(),
            [f"compile: --native: C++ type-check: SYCL's root {root} (INDUCTOR_XPU_SYCL_ROOT) cannot be read: "
             f"Permission denied"],
        )
        self.assertIsNone(report)  # nothing compiled


def _result(*statuses: str) -> NativeResult:
    kernels = [
        KernelNative(0, f"triton_poi_fused_{i}", "pointwise", status, stage="ocloc" if status == "failed" else None,
                     message="error: IGC rejected it" if status == "failed" else None)
        for i, status in enumerate(statuses)
    ]
    return NativeResult("max1550", "pvc", "pvc", {"ocloc": "test"}, kernels, graphs=1)


class TestNativeVerdict(TestCase):
    def test_a_kernel_that_fails_to_compile_fails_the_command(self):
        with mock.patch("inductor_xpu.compile.options.CompileOptions._validate_native"), mock.patch(
            "inductor_xpu.native.compile_native", return_value=_result("compiled", "failed")
        ):
            code, stdout, _, report = run_cli("--target", "max1550", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertFalse(report["native"]["passed"])
        self.assertEqual(report["native"]["verdict"], "failed")
        self.assertIn("graph 0 triton_poi_fused_1: failed in ocloc: error: IGC rejected it", stdout)

    def test_cpp_wrapper_type_checked_named_as_written(self):
        # --native with --cpp-wrapper: the C++ wrapper type-checked against
        # SYCL's headers (inductor_xpu.native.cpp_check, tested with g++ in
        # test_cpp_check.py); a failure names the file as written in DIR and
        # fails the command
        def check(paths):
            (path,) = paths
            self.assertTrue(Path(path).read_text().strip())
            return CppCheckResult(
                [CppFileCheck(str(path), "failed", str(path), errors=[f"{path}:80:1: error: bad"])], ["g++"], {}
            )

        with mock.patch("inductor_xpu.compile.options.CompileOptions._validate_native"), mock.patch(
            "inductor_xpu.native.compile_native", return_value=_result("compiled")
        ), mock.patch("inductor_xpu.native.cpp_check.check_cpp_sources", side_effect=check):
            code, stdout, _, report = run_cli("--target", "max1550", "--model", "mlp", "--cpp-wrapper", "--native")
        self.assertEqual(code, EXIT_FAILED, stdout)
        self.assertTrue(report["native"]["passed"])
        self.assertFalse(report["cpp_check"]["passed"])
        self.assertEqual([f["name"] for f in report["cpp_check"]["files"]], ["output_code_0.cpp"])
        self.assertIn("    output_code_0.cpp: failed: ", stdout)

    @requires_native_env
    def test_mlp_aot_package_kernels_compile_natively(self):
        from inductor_xpu.modes.aot import aot_supported

        reason = aot_supported()
        if reason:
            self.skipTest(reason)

        def cpp_ok(paths):
            return CppCheckResult([CppFileCheck(str(p), "ok", str(p)) for p in paths], ["g++"], {})

        # the C++ type-check's prerequisites and result stand in (test_cpp_check.py checks them)
        with mock.patch("inductor_xpu.native.cpp_check.missing_prerequisites", return_value=None), mock.patch(
            "inductor_xpu.native.cpp_check.check_cpp_sources", side_effect=cpp_ok
        ):
            code, stdout, _, report = run_cli("--target", "max1550", "--model", "mlp", "--aot", "--native")
        self.assertEqual(code, EXIT_OK, stdout)
        native = report["native"]
        self.assertEqual((native["kernels_from"], native["verdict"], native["graphs"]), ("aot packages", "compiled", 1))
        # the package's kernels, each compiled from its triton/<name>.py
        (package,) = report["aot"]["graphs"]
        self.assertTrue(package["kernels"])
        self.assertEqual(sorted(k["name"] for k in native["kernels"]), sorted(package["kernels"]))
        self.assertEqual({(k["graph"], k["status"]) for k in native["kernels"]}, {(0, "compiled")})
        self.assertTrue(all(k["inst_count"] and k["grf"] and k["simd"] for k in native["kernels"]), native)
        n = len(native["kernels"])
        self.assertIn("native compile of the AOTInductor packages' Triton kernels for max1550 (ocloc -device pvc;",
                      stdout)
        self.assertIn(f"graph 0: {n} kernels: {n} compiled", stdout)
        self.assertNotIn("not compiled natively", stdout)

    @requires_native_env
    def test_mlp_compiles_natively_for_pvc(self):
        code, stdout, _, report = run_cli("--target", "max1550", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_OK, stdout)
        native = report["native"]
        self.assertTrue(native["passed"])
        self.assertEqual(native["device"], "pvc")
        self.assertEqual(native["verdict"], "compiled")
        self.assertEqual(native["kernels_from"], "wrappers")
        kernels = native["kernels"]
        self.assertTrue(kernels)
        self.assertEqual({k["status"] for k in kernels}, {"compiled"})
        self.assertTrue(all(k["inst_count"] and k["grf"] and k["simd"] for k in kernels), kernels)
        self.assertIn("native compile for max1550 (ocloc -device pvc;", stdout)
        self.assertIn(f"graph 0: {len(kernels)} kernels: {len(kernels)} compiled", stdout)


class TestNativeLateAndLong(TestCase):
    """What happens after the compile does not lose its outputs; a hanging
    probe is found before it; time and SIGTERM."""

    def setUp(self) -> None:
        super().setUp()
        self._tmp = tempfile.TemporaryDirectory()
        self.token = uuid.uuid4().hex
        self.hanging_gxx = {TOKEN_VAR: self.token, "FAKE_GXX_STARTED": os.path.join(self._tmp.name, "started"),
                            "INDUCTOR_XPU_CXX": fake_gxx(self._tmp.name), "HANG_PROBE": "1"}

    def tearDown(self) -> None:
        kill_all_with(self.token)
        self._tmp.cleanup()
        super().tearDown()

    def test_hanging_gxx_probe_refused_before_compiling(self):
        gxx = self.hanging_gxx["INDUCTOR_XPU_CXX"]
        start = time.monotonic()
        with mock.patch.dict(os.environ, self.hanging_gxx), config.patch(cxx_probe_timeout_s=1.0), mock.patch(
            "inductor_xpu.native.env.find_native_env", return_value=fake_env("pvc")
        ), mock.patch("inductor_xpu.compile.command.load_program") as load_program:
            code, _, stderr, report = run_cli("--target", "max1550", "--model", "mlp", "--cpp-wrapper", "--native")
        self.assertEqual(code, EXIT_USAGE, stderr)
        self.assertRegex(stderr, rf"^compile: --native: C\+\+ type-check: `{re.escape(gxx)} -dumpfullversion` "
                                 r"did not answer in 1 s \(killed; [^\n]*\n$")
        self.assertIsNone(report)
        load_program.assert_not_called()  # refused before the program was built
        self.assertLess(time.monotonic() - start, 30)
        self.assertEqual(processes_with(self.token), [])

    def test_hanging_gxx_probe_after_the_compile_keeps_its_outputs(self):
        # the probe passed before the compile (skipped here), g++ hangs after it
        with mock.patch.dict(os.environ, self.hanging_gxx), config.patch(cxx_probe_timeout_s=1.0), mock.patch(
            "inductor_xpu.compile.options.CompileOptions._validate_native"
        ), mock.patch("inductor_xpu.native.compile_native", return_value=_result("compiled")):
            code, stdout, stderr, report = run_cli("--target", "max1550", "--model", "mlp", "--cpp-wrapper", "--native")
        self.assertEqual(code, EXIT_FAILED, stdout + stderr)
        self.assertIsNotNone(report)
        self.assertTrue(report["native"]["passed"])
        self.assertFalse(report["cpp_check"]["passed"])
        self.assertIn("-dumpfullversion` did not answer in 1 s", report["cpp_check"]["missing"])
        self.assertRegex(stdout, r"wrote \S+output_code_0\.py, \S+output_code_0\.cpp")
        self.assertEqual(stderr, "")
        self.assertEqual(processes_with(self.token), [])

    def test_native_error_after_the_compile_keeps_its_outputs(self):
        gone = NativeEnvError("native compile: ocloc (IGC's offline compiler) is not on PATH")
        with mock.patch("inductor_xpu.compile.options.CompileOptions._validate_native"), mock.patch(
            "inductor_xpu.native.compile_native", side_effect=gone
        ):
            code, stdout, stderr, report = run_cli("--target", "max1550", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_FAILED, stdout + stderr)
        self.assertIsNotNone(report)
        self.assertEqual(report["native"]["passed"], False)
        self.assertEqual(report["native"]["error"], str(gone))
        self.assertIn(f"  native compile: not done: {gone}", stdout)
        self.assertRegex(stdout, r"wrote \S+output_code_0\.py")
        self.assertEqual(stderr, "")

    def test_compile_time_counts_the_native_compile(self):
        def slow_native(*args, **kwargs):
            time.sleep(1.5)
            result = _result("compiled")
            result.wall_seconds = 1.5
            return result

        with mock.patch("inductor_xpu.compile.options.CompileOptions._validate_native"), mock.patch(
            "inductor_xpu.native.compile_native", side_effect=slow_native
        ):
            code, stdout, _, report = run_cli("--target", "max1550", "--model", "mlp", "--native")
        self.assertEqual(code, EXIT_OK, stdout)
        m = re.search(r"compile time: (\d+\.\d) s \(native compile 1\.5 s\)", stdout)
        self.assertIsNotNone(m, stdout)
        self.assertGreaterEqual(float(m.group(1)), 1.5)
        self.assertGreaterEqual(report["elapsed_s"], 1.5)

    def test_sigterm_ends_the_command_as_an_interrupt(self):
        class Killed(Exception):
            pass

        def unhandled(signum, frame):  # what SIGTERM would do without the command's handler: end the test
            raise Killed("SIGTERM reached the process's own handler")

        def terminated(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(30)

        previous = signal.signal(signal.SIGTERM, unhandled)
        try:
            with mock.patch("inductor_xpu.compile.command.run_compile", side_effect=terminated):
                start = time.monotonic()
                code, _, stderr, report = run_cli("--target", "max1550", "--model", "mlp")
            after = signal.getsignal(signal.SIGTERM)
        finally:
            signal.signal(signal.SIGTERM, previous)
        self.assertLess(time.monotonic() - start, 20)
        self.assertEqual(code, EXIT_TERMINATED)
        self.assertEqual(
            stderr, "compile: terminated (SIGTERM); --out keeps the outputs of the last run that finished\n"
        )
        self.assertIsNone(report)
        self.assertIs(after, unhandled)  # the handler is the command's only while it runs


if __name__ == "__main__":
    run_tests()
