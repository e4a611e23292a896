# Owner(s): ["module: inductor"]
"""The C++ of xpu programs type-checked against the real headers, with no GPU
(``inductor_xpu.native.cpp_check``).

The project's CLI (in-process, one compile per program) writes for a
simulated Max 1550 the C++ wrapper of ``mlp`` and ``convnet``
(``--cpp-wrapper``: ``output_code_0.cpp``) and the AOTInductor sources of
``mlp`` (``--aot``: ``aot/aot_0/wrapper.cpp``); each passes ``g++
-std=c++20 -fsyntax-only -DUSE_XPU`` with Inductor's xpu flags against
torch's headers (the installed wheel), SYCL's (``intel-sycl-rt``, unpacked
by ``make native-env``) and Level Zero's (``libze-dev``).  The negative
control: the mlp wrapper with one kernel launch given the SYCL queue by
value instead of its pointer fails, naming the file and the line.

The four sources go through one ``check_cpp_sources`` call, two compilers
at a time: about 10-13 s of g++ each.  Skipped, naming ``make native-env``,
where g++ or the headers are missing.

With a fake g++ (``INDUCTOR_XPU_CXX``, a shell script hanging in a child
``sleep``), everywhere: Ctrl-C while it "compiles" stops the check at once,
every g++ killed with its process group; a g++ hanging on
``-dumpfullversion`` (the toolchain's probe) is one line within
``inductor_xpu.config.cxx_probe_timeout_s``, nothing of it left running.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import signal
import sys
import tempfile
import threading
import time
import unittest
import uuid
from pathlib import Path
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.modes.aot import aot_supported
from inductor_xpu.native.cpp_check import (
    check_cpp_sources,
    CppCheckResult,
    FAILED,
    MISSING,
    missing_prerequisites,
    OK,
    parse_errors,
    write_xpu_cmake_macros_stand_in,
    XPU_CMAKE_MACROS,
)
from inductor_xpu.native.env import INTEL_SYCL_RT_VERSION, MAKE_TARGET, SYCL_ROOT_ENV


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_native_processes import kill_all_with, processes_with, TOKEN_VAR  # noqa: E402


TARGET = "max1550"
# The checks share the AOT and C++ wrapper sources of one compile each; on a
# torch whose AOTInductor path is not simulated (2.13) they skip, naming why.
SKIP_REASON = missing_prerequisites() or aot_supported()
requires_cpp_toolchain = unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")

# The negative control: a kernel launch given the queue (sycl::queue) where
# torch's launchKernel takes its pointer (sycl::queue*).
GOOD_LAUNCH = "kernel_args_, stream_);"
BAD_LAUNCH = "kernel_args_, *stream_);"
BAD_NAME = "output_code_0_bad_launch.cpp"

_OUT = tempfile.TemporaryDirectory(prefix="inductor-xpu-test-cpp-check-")


def _compile(name: str, *flags: str) -> Path:
    out = Path(_OUT.name) / name
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
        code = cli_main(["compile", "--target", TARGET, *flags, "--out", str(out)])
    if code != 0:
        raise AssertionError(f"compile {' '.join(flags)}: exit status {code}\n{stdout.getvalue()}")
    return out


@functools.cache
def sources() -> dict[str, Path]:
    """The C++ sources to check, by label, each program compiled once."""
    mlp = _compile("mlp", "--model", "mlp", "--cpp-wrapper")
    convnet = _compile("convnet", "--model", "convnet", "--cpp-wrapper")
    mlp_aot = _compile("mlp-aot", "--model", "mlp", "--aot")
    wrapper = (mlp / "output_code_0.cpp").read_text()
    assert GOOD_LAUNCH in wrapper, "the mlp wrapper launches no kernel on stream_"
    bad = mlp / BAD_NAME
    bad.write_text(wrapper.replace(GOOD_LAUNCH, BAD_LAUNCH, 1))
    return {
        "mlp": mlp / "output_code_0.cpp",
        "convnet": convnet / "output_code_0.cpp",
        "mlp_aot": mlp_aot / "aot" / "aot_0" / "wrapper.cpp",
        "bad": bad,
    }


@functools.cache
def checked() -> CppCheckResult:
    return check_cpp_sources(list(sources().values()), jobs=2)


class TestCppCheck(TestCase):
    def assert_type_checks(self, label: str) -> None:
        result = checked()
        entry = result.file(str(sources()[label]))
        self.assertEqual(entry.status, OK, "\n".join(result.summary_lines() + entry.errors))
        self.assertEqual(entry.errors, [])

    @requires_cpp_toolchain
    def test_mlp_cpp_wrapper(self):
        self.assert_type_checks("mlp")

    @requires_cpp_toolchain
    def test_convnet_cpp_wrapper(self):
        self.assert_type_checks("convnet")

    @requires_cpp_toolchain
    def test_mlp_aot_sources(self):
        self.assertIn("#include <torch/csrc/inductor/aoti_include/xpu.h>", sources()["mlp_aot"].read_text())
        self.assert_type_checks("mlp_aot")

    @requires_cpp_toolchain
    def test_injected_type_error_fails(self):
        result = checked()
        self.assertFalse(result.passed)
        bad = sources()["bad"]
        entry = result.file(str(bad))
        self.assertEqual(entry.status, FAILED)
        self.assertEqual([f.name for f in result.failed], [str(bad)])
        lines = bad.read_text().splitlines()
        self.assertEqual(entry.error_file, str(bad.resolve()))
        self.assertIn(BAD_LAUNCH, lines[entry.error_line - 1])
        self.assertIn(f"{BAD_NAME}:{entry.error_line}:", entry.errors[0])
        self.assertRegex(entry.errors[0], r"sycl::(_V1::)?queue")
        self.assertIn(f"{BAD_NAME}: failed", entry.describe())

    @requires_cpp_toolchain
    def test_command_and_versions(self):
        result = checked()
        command = result.command
        for flag in ("-fsyntax-only", "-std=c++20", "-DUSE_XPU", "-DC10_USING_CUSTOM_GENERATED_MACROS"):
            self.assertIn(flag, command)
        self.assertTrue(any(a.endswith(os.path.join("torch", "include")) for a in command), command)
        self.assertTrue(any(a.startswith("-I") and a.endswith(os.path.join("include", "sycl")) for a in command))
        self.assertEqual(command[command.index("-idirafter") + 1].rsplit(os.sep, 1)[-1], "stand-in")
        self.assertEqual(result.versions["intel-sycl-rt"], INTEL_SYCL_RT_VERSION)
        for entry in result.files:
            self.assertEqual(entry.command, [*command, entry.path])
            self.assertGreater(entry.seconds, 0)
        self.assertRegex(result.summary_lines()[0], r"^C\+\+ type-check .*intel-sycl-rt .*: 1 of 4 failed")

    def test_missing_prerequisite_is_named(self):
        with tempfile.TemporaryDirectory() as tmp, mock.patch.dict(os.environ, {SYCL_ROOT_ENV: tmp}):
            result = check_cpp_sources("int main() { return 0; }\n")
        self.assertEqual([f.status for f in result.files], [MISSING])
        self.assertIn("intel-sycl-rt", result.missing)
        self.assertIn(MAKE_TARGET, result.missing)
        self.assertEqual(result.files[0].name, "cpp_source_0.cpp")
        self.assertFalse(result.passed)

    def test_missing_source_file_is_named(self):
        with self.assertRaisesRegex(FileNotFoundError, "no_such_wrapper.cpp"):
            check_cpp_sources(["no_such_wrapper.cpp"])

    def test_stand_in_xpu_cmake_macros(self):
        with tempfile.TemporaryDirectory() as tmp:
            header = write_xpu_cmake_macros_stand_in(Path(tmp))
            self.assertEqual(header, Path(tmp) / XPU_CMAKE_MACROS)
            self.assertIn("#define C10_XPU_BUILD_SHARED_LIBS", header.read_text())

    def test_parse_errors(self):
        output = "\n".join(
            [
                "In file included from a.h:1,",
                "/x/a.h:3:5: warning: unused [-Wunused]",
                "/x/w.cpp:80:12: error: cannot convert 'sycl::queue' to 'sycl::queue*'",
                "/x/w.cpp:81: error: no column",
                "cc1plus: fatal error: y.cpp: No such file or directory",
            ]
        )
        errors, file, line, warnings = parse_errors(output)
        self.assertEqual((file, line, warnings), ("/x/w.cpp", 80, 1))
        self.assertEqual(len(errors), 3)
        self.assertTrue(errors[2].startswith("cc1plus: fatal error"))


# A g++ that answers -dumpfullversion (or hangs on it, with HANG_PROBE set)
# and hangs on a compile, in a child process, after saying so in a file.
FAKE_GXX = """\
#!/bin/sh
if [ "$1" = "-dumpfullversion" ] && [ -z "$HANG_PROBE" ]; then echo 12.2.0; exit 0; fi
touch "$FAKE_GXX_STARTED.$$"
sleep "${FAKE_SLEEP:-300}"
"""


def fake_gxx(directory: str) -> str:
    path = os.path.join(directory, "g++")
    with open(path, "w") as f:
        f.write(FAKE_GXX)
    os.chmod(path, 0o755)
    return path


class TestCppCheckProcesses(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = self._tmp.name
        self.token = uuid.uuid4().hex
        self.started = os.path.join(self.tmp, "started")
        self.env = {TOKEN_VAR: self.token, "FAKE_GXX_STARTED": self.started, "INDUCTOR_XPU_CXX": fake_gxx(self.tmp)}

    def tearDown(self) -> None:
        kill_all_with(self.token)
        self._tmp.cleanup()
        super().tearDown()

    def test_ctrl_c_stops_gxx_at_once(self):
        from inductor_xpu.native.cpp_check import _Toolchain

        toolchain = _Toolchain(self.env["INDUCTOR_XPU_CXX"], (), {"g++": "12.2.0"})
        running = lambda: [p for p in os.listdir(self.tmp) if p.startswith("started.")]  # noqa: E731

        def interrupt_when_both_run() -> None:
            deadline = time.monotonic() + 60
            while len(running()) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C

        # three sources, two g++ at a time: two running, one waiting
        sources = [f"int x{i};\n" for i in range(3)]
        with mock.patch.dict(os.environ, self.env), mock.patch(
            "inductor_xpu.native.cpp_check._find_toolchain", return_value=toolchain
        ):
            threading.Thread(target=interrupt_when_both_run, daemon=True).start()
            start = time.monotonic()
            with self.assertRaises(KeyboardInterrupt):
                check_cpp_sources(sources, jobs=2)
            elapsed = time.monotonic() - start
        self.assertEqual(len(running()), 2)  # the third never started
        self.assertLess(elapsed, 20)  # not the 300 s of the fake g++
        self.assertEqual(processes_with(self.token), [])

    def test_hanging_version_probe_is_one_line_in_time(self):
        from inductor_xpu import config

        gxx = self.env["INDUCTOR_XPU_CXX"]
        start = time.monotonic()
        with mock.patch.dict(os.environ, {**self.env, "HANG_PROBE": "1"}), config.patch(cxx_probe_timeout_s=1.0):
            missing = missing_prerequisites()
            result = check_cpp_sources("int main() { return 0; }\n")
        self.assertLess(time.monotonic() - start, 30)
        self.assertIn(f"`{gxx} -dumpfullversion` did not answer in 1 s (killed;", missing)
        self.assertEqual(len(missing.splitlines()), 1)
        self.assertEqual([f.status for f in result.files], [MISSING])
        self.assertIn("did not answer in 1 s", result.missing)
        self.assertEqual(processes_with(self.token), [])


if __name__ == "__main__":
    run_tests()
