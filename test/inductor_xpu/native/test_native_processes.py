# Owner(s): ["module: inductor"]
"""The native compile's processes end with it, and its hangs are bounded.

The native compile (:func:`inductor_xpu.native.compile_kernel_sources`) of
one generated kernel with a fake ``ocloc`` (``INDUCTOR_XPU_OCLOC``: a shell
script answering ``ocloc query`` and ``ocloc compile --help`` as IGC
22.43's does, and hanging in a child ``sleep`` on ``ocloc compile``), every
process of it marked by an environment variable of the test's own
(inherited by the worker, ocloc and its ``sleep``):

* SIGINT, SIGTERM and SIGKILL of the compiling process (a subprocess with a
  ``TMPDIR`` of its own) while the fake ocloc hangs: afterwards no process
  of it is left (the worker, ocloc, its ``sleep``) and no
  ``inductor-xpu-native-*`` directory (the job holds every kernel's source)
  in its ``TMPDIR``.  SIGINT is the compiling process's to clean up
  (``KeyboardInterrupt``; ``compile`` turns SIGTERM into one too:
  test_native_cli.py); SIGTERM without a handler and SIGKILL end it at once,
  and the worker, seeing its parent gone, ends the rest;
* the hung ocloc killed by its time limit
  (``inductor_xpu.config.native_ocloc_timeout_s``), its ``sleep`` with it:
  the kernel failed, naming the limit; progress lines meanwhile;
* a worker past its own limit (a kernel whose source hangs in the worker,
  after starting a child of its own) killed with every process it started.

These need triton-xpu (the worker compiles the kernel to SPIR-V before the
fake ocloc gets it): skipped, with the reason, where ``make native-env``
has not installed it.  About a minute and a half on two busy cores.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
import uuid
from pathlib import Path
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.native.env import native_env_missing, OCLOC_ENV


REPO = Path(__file__).resolve().parents[3]
SKIP_REASON = native_env_missing()
requires_native_env = unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")
TOKEN_VAR = "INDUCTOR_XPU_TEST_PROCESS_TOKEN"

# IGC 22.43's answers to the two queries the toolchain check makes; a
# version of its own (no native cache entry of a real ocloc is served); then
# `ocloc compile` hangs in a child process, after saying so in a file.
FAKE_OCLOC = """\
#!/bin/sh
case "$1" in
query) printf '0.0.fake-hung' > "$2"; exit 0 ;;
esac
if [ "$2" = "--help" ]; then
  echo "<device_type> can be: pvc, acm-g10 or hexadecimal value with 0x prefix"
  exit 0
fi
touch "$FAKE_OCLOC_STARTED"
sleep "${FAKE_SLEEP:-300}"
"""

# The compiling process: the kernel of KERNEL_JSON natively compiled.
PARENT = """\
import json, sys
from inductor_xpu.native import compile_kernel_sources

name, source = json.load(open(sys.argv[1]))
result = compile_kernel_sources([(name, source)], "max1550", cache=False)
print(result.kernels[0].status)
"""


@functools.cache
def hardswish_kernel() -> tuple[str, str]:
    """The one Triton kernel Inductor generates for a hardswish on max1550:
    its name and source."""
    import torch

    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
    from inductor_xpu.generated_code import triton_blocks

    report = compile_for_target(
        torch.nn.Hardswish(), (torch.randn(64, 32),), {}, "max1550", TargetOptions(reraise=True)
    )
    (block,) = [b for code in report.generated for b in triton_blocks(code.source)]
    return block.kernel, block.source


def fake_ocloc(directory: Path) -> Path:
    ocloc = directory / "ocloc"
    ocloc.write_text(FAKE_OCLOC)
    ocloc.chmod(0o755)
    return ocloc


def processes_with(token: str) -> list[tuple[int, str]]:
    """The live processes (not zombies) whose environment holds
    ``TOKEN_VAR=token``: pid and command line."""
    marker = f"{TOKEN_VAR}={token}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes()
            if stat[stat.rfind(b")") + 2 :].split()[0] in (b"Z", b"X"):
                continue
            if marker in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                found.append((int(entry), cmdline.strip()))
        except (OSError, IndexError):
            continue
    return found


def kill_all_with(token: str) -> None:
    """What a failed test left behind, killed."""
    for pid, _ in processes_with(token):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


class NativeRun:
    """The native compile of :func:`hardswish_kernel` in a subprocess with
    the fake ocloc and a TMPDIR of its own, its processes marked."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.token = uuid.uuid4().hex
        self.tmpdir = root / "tmp"
        self.tmpdir.mkdir()
        self.started = root / "ocloc-started"
        kernel = root / "kernel.json"
        kernel.write_text(json.dumps(hardswish_kernel()))
        parent = root / "parent.py"
        parent.write_text(PARENT)
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]),
            OCLOC_ENV: str(fake_ocloc(root)),
            "FAKE_OCLOC_STARTED": str(self.started),
            "TMPDIR": str(self.tmpdir),
            TOKEN_VAR: self.token,
        }
        self.argv = [sys.executable, str(parent), str(kernel)]

    def start(self) -> subprocess.Popen[str]:
        return subprocess.Popen(
            self.argv, env=self.env, cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )

    def wait_for_ocloc(self, proc: subprocess.Popen[str], timeout: float = 240) -> None:
        deadline = time.monotonic() + timeout
        while not self.started.exists():
            if proc.poll() is not None:
                out, err = proc.communicate()
                raise AssertionError(f"the compile ended ({proc.returncode}) before ocloc started:\n{out}\n{err}")
            if time.monotonic() > deadline:
                raise AssertionError("the fake ocloc did not start")
            time.sleep(0.1)

    def leftovers(self, wait_s: float) -> tuple[list[tuple[int, str]], list[str]]:
        """The processes and native temporary directories left, once none
        is or ``wait_s`` seconds have passed."""
        deadline = time.monotonic() + wait_s
        while True:
            processes = processes_with(self.token)
            dirs = sorted(p.name for p in self.tmpdir.glob("inductor-xpu-native-*"))
            if (not processes and not dirs) or time.monotonic() > deadline:
                return processes, dirs
            time.sleep(0.1)


@requires_native_env
class TestNativeProcesses(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(self._tmp.name)

    def tearDown(self) -> None:
        self._tmp.cleanup()
        super().tearDown()

    def interrupted(self, signum: int) -> None:
        """``signum`` sent to the compiling process while the fake ocloc hangs."""
        root = self.root / signal.Signals(signum).name
        root.mkdir()
        run = NativeRun(root)
        proc = run.start()
        try:
            run.wait_for_ocloc(proc)
            # this process, the worker, the fake ocloc and its sleep are running
            deadline = time.monotonic() + 10
            while len(processes_with(run.token)) < 4 and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertEqual(len(processes_with(run.token)), 4, processes_with(run.token))
            os.kill(proc.pid, signum)
            _, stderr = proc.communicate(timeout=60)
            self.assertEqual(proc.returncode, -signum, stderr)  # KeyboardInterrupt: re-raised as SIGINT
            processes, dirs = run.leftovers(wait_s=15)
            self.assertEqual(processes, [], f"left running after {signal.Signals(signum).name}")
            self.assertEqual(dirs, [], f"left in TMPDIR after {signal.Signals(signum).name}")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
            kill_all_with(run.token)

    def test_sigint_leaves_no_process_and_no_temporary_directory(self):
        self.interrupted(signal.SIGINT)

    def test_sigterm_leaves_no_process_and_no_temporary_directory(self):
        self.interrupted(signal.SIGTERM)

    def test_sigkill_leaves_no_process_and_no_temporary_directory(self):
        self.interrupted(signal.SIGKILL)

    def compile_with_limits(self, source: tuple[str, str], env: dict[str, str], **limits: float):
        """``source`` compiled here with ``limits``
        (``inductor_xpu.config``) and ``env``, the test's token and this
        test's TMPDIR in the environment: the result, the progress lines,
        the seconds it took and the processes left."""
        from inductor_xpu import config
        from inductor_xpu.native import compile_kernel_sources

        token = uuid.uuid4().hex
        lines: list[str] = []
        start = time.monotonic()
        try:
            with config.patch(**limits), mock.patch.dict(
                os.environ, {**env, TOKEN_VAR: token, "TMPDIR": str(self.root)}
            ), mock.patch("tempfile.tempdir", None):
                result = compile_kernel_sources([source], "max1550", cache=False, progress=lines.append)
            elapsed = time.monotonic() - start
            left = processes_with(token)
        finally:
            kill_all_with(token)
        self.assertEqual(sorted(p.name for p in self.root.glob("inductor-xpu-native-*")), [])
        return result, lines, elapsed, left

    def test_hung_ocloc_killed_by_its_time_limit(self):
        env = {OCLOC_ENV: str(fake_ocloc(self.root)), "FAKE_OCLOC_STARTED": str(self.root / "started")}
        name, source = hardswish_kernel()
        result, lines, elapsed, left = self.compile_with_limits((name, source), env, native_ocloc_timeout_s=6.0)
        self.assertEqual(left, [])  # ocloc's sleep too: its group was killed
        self.assertLess(elapsed, 120)
        kernel = result.kernel(name)
        self.assertEqual((kernel.status, kernel.stage), ("failed", "ocloc"))
        self.assertRegex(kernel.message, r"ocloc -device pvc did not finish in 6 s \(killed\)")
        # progress while it ran (past 5 s: ocloc alone takes 6)
        self.assertTrue(lines, "no progress line")
        self.assertRegex(lines[0], r"^native compile: 0 of 1 kernels done, \d+\.\d s$")

    def test_worker_past_its_limit_killed_with_its_processes(self):
        # a kernel whose source starts a process and hangs the worker: the
        # worker's limit (start + 1 kernel + 2 ocloc limits) kills both
        name = "triton_poi_hangs_91"
        source = textwrap.dedent(
            """\
            import subprocess, time
            subprocess.Popen(["sleep", "300"])
            time.sleep(300)
            """
        )
        result, _, elapsed, left = self.compile_with_limits(
            (name, source), {}, native_worker_start_timeout_s=25.0, native_worker_kernel_timeout_s=1.0,
            native_ocloc_timeout_s=1.0,
        )
        self.assertEqual(left, [])
        self.assertLess(elapsed, 60)
        kernel = result.kernel(name)
        self.assertEqual((kernel.status, kernel.stage), ("failed", "worker"))
        self.assertIn(f"the worker compiling kernel {name} timed out after 28 s", kernel.message)


if __name__ == "__main__":
    run_tests()
