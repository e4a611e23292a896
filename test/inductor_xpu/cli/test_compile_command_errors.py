# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile`` and ``status`` as a user meets them:
what the report says about the overlay, bad ``--out`` paths, failing user
scripts, failed compiles, ``inductor_xpu.enable()`` without autoload.

Subprocess cases run ``python -m inductor_xpu`` in a fresh process with
the environment under test (one process for the commands of one
environment); the others, the overlay on included, call the CLI in this
process.
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path
from unittest import mock

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu import config
from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.compile import CompileOptions, format_summary, run_compile
from inductor_xpu.compile.cli import EXIT_FAILED, EXIT_USAGE
from inductor_xpu.compile.outdir import MANIFEST, OutputDirectory
from inductor_xpu.series import apply_series, PatchSeries, PatchStatus
from inductor_xpu.overlay.state import _reports, OverlayStatus, WOULD_APPLY
from inductor_xpu.series.writer import FileChange, render_patch


IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
LOWERING = "torch/_inductor/lowering.py"
# what a compile that is not the series' code prints once, in its summary
WARNING = "WARNING:"
PATCH_STATES = {s.value for s in PatchStatus}


def _env(**extra: str) -> dict[str, str]:
    keep = ("INDUCTOR_XPU_CACHE_DIR",)
    env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_") or k in keep}
    env.pop("TORCH_DEVICE_BACKEND_AUTOLOAD", None)
    env.update(extra)
    return env


def _patch(subject: str, message: str, *changes: FileChange) -> str:
    return render_patch(
        author="A U Thor <author@example.com>",
        date="Mon, 1 Jan 2024 00:00:00 +0000",
        subject=subject,
        message=message,
        changes=changes,
    )


DRIFTED = "0099-test-does-not-apply.patch"
DEPENDENT = "0100-test-depends-on-drifted.patch"


def write_series_with_failures(directory: Path) -> Path:
    """The repo's series plus a patch that does not apply to any torch and
    one that depends on it."""
    shutil.copytree(config.series_dir, directory)
    old = "def no_such_function():\n    return 1\n"
    (directory / DRIFTED).write_text(
        _patch("drifted", "Test Plan: this test.", FileChange(LOWERING, old, old.replace("1", "2")))
    )
    old = "def no_such_function_either():\n    return 1\n"
    (directory / DEPENDENT).write_text(
        _patch(
            "dependent",
            f"Test Plan: this test.\n\nDepends-on: {DRIFTED}",
            FileChange(LOWERING, old, old.replace("1", "2")),
        )
    )
    with open(directory / "series", "a") as f:
        f.write(f"{DRIFTED}\n{DEPENDENT}\n")
    return directory


# run_cli_each's process: main(argv) for each argv, as `python -m inductor_xpu`
# runs it (inductor_xpu first, torch in main), each one's exit status, stdout
# and stderr on the last line
EACH = """
import contextlib, io, json, sys
from inductor_xpu.__main__ import main
results = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code
    results.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""


class TmpTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)

    def write(self, name: str, text: str) -> Path:
        path = self.tmp / name
        path.write_text(textwrap.dedent(text))
        return path

    def run_cli(self, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "inductor_xpu", *argv],
            env=_env(**env),
            capture_output=True,
            text=True,
            timeout=300,
            cwd=self.tmp,
        )

    def run_cli_each(self, *argvs: tuple[str, ...], **env: str) -> list[subprocess.CompletedProcess[str]]:
        """What ``python -m inductor_xpu ARGV`` prints and returns, for each
        of ``argvs``, from one fresh process with the environment under test:
        the overlay's state is decided once per process, at ``import torch``,
        and each command runs through the entry point's ``main``."""
        proc = subprocess.run(
            [sys.executable, "-c", EACH, json.dumps(argvs)],
            env=_env(**env),
            capture_output=True,
            text=True,
            timeout=300,
            cwd=self.tmp,
        )
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        results = json.loads(proc.stdout.splitlines()[-1])
        return [
            subprocess.CompletedProcess([sys.executable, "-m", "inductor_xpu", *argv], code, stdout, stderr)
            for argv, (code, stdout, stderr) in zip(argvs, results)
        ]

    def cli(self, *argv: str) -> tuple[int, str, str]:
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = cli_main(list(argv))
        return code, stdout.getvalue(), stderr.getvalue()


# ---------------------------------------------------------------------------
# defect 4: the report says whether the series' code ran


class TestReportOverlay(TmpTestCase):
    """``report.json``'s ``overlay`` section and the summary's warning."""

    def compile_argv(self) -> tuple[str, ...]:
        return ("compile", "--model", "mlp", "--out", str(self.tmp / "out"))

    def overlay_section(self, proc: subprocess.CompletedProcess[str]) -> tuple[subprocess.CompletedProcess[str], dict]:
        """The compile ``proc`` ended well, and its report's ``overlay``."""
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        with open(self.tmp / "out" / "report.json") as f:
            return proc, json.load(f)["overlay"]

    def compile_in_subprocess(self, **env: str) -> tuple[subprocess.CompletedProcess[str], dict]:
        return self.overlay_section(self.run_cli(*self.compile_argv(), **env))

    def compile_in_process(self) -> tuple[subprocess.CompletedProcess[str], dict]:
        """The compile in this process, whose overlay is the default
        environment's (installed by the autoload at ``import torch``)."""
        argv = self.compile_argv()
        return self.overlay_section(subprocess.CompletedProcess(argv, *self.cli(*argv)))

    def assert_inactive(self, proc: subprocess.CompletedProcess[str], overlay: dict, reason: str) -> None:
        self.assertFalse(overlay["active"])
        self.assertFalse(overlay["fully_active"])
        self.assertTrue(any(reason in r for r in overlay["reasons"]), overlay["reasons"])
        warnings = [line for line in proc.stdout.splitlines() if WARNING in line]
        self.assertEqual(len(warnings), 1, proc.stdout)
        self.assertIn("not active", warnings[0])
        self.assertIn(reason, warnings[0])
        # still a dry run of every patch, which says what it would do
        self.assertIn(WOULD_APPLY, {p["status"] for p in overlay["patches"]})
        self.assertNotIn(PatchStatus.APPLIED.value, {p["status"] for p in overlay["patches"]})

    def test_active(self) -> None:
        # the overlay off needs a process of its own (the cases below); on,
        # it is this process's
        proc, overlay = self.compile_in_process()
        self.assertNotIn(WARNING, proc.stdout)
        self.assertTrue(overlay["active"])
        self.assertTrue(overlay["fully_active"])
        self.assertEqual(overlay["reasons"], [])
        self.assertEqual(overlay["torch_version"], torch.__version__)
        series = PatchSeries.load(config.series_dir)
        self.assertEqual(overlay["series_digest"], series.digest)
        self.assertTrue(overlay["applied_fingerprint"])
        # every patch accounted for, each with a state of the engine
        self.assertEqual([p["name"] for p in overlay["patches"]], [p.name for p in series.patches])
        statuses = [p["status"] for p in overlay["patches"]]
        self.assertLessEqual(set(statuses), PATCH_STATES - {PatchStatus.NOT_APPLICABLE.value})
        self.assertEqual(sum(overlay["patch_counts"].values()), len(series.patches))
        self.assertGreater(overlay["patch_counts"][PatchStatus.APPLIED.value], 0)

    def test_disabled(self) -> None:
        proc, overlay = self.compile_in_subprocess(INDUCTOR_XPU_DISABLE="1")
        self.assert_inactive(proc, overlay, "INDUCTOR_XPU_DISABLE=1")
        self.assertTrue(overlay["disabled"])

    def test_autoload_off(self) -> None:
        proc, overlay = self.compile_in_subprocess(TORCH_DEVICE_BACKEND_AUTOLOAD="0")
        self.assert_inactive(proc, overlay, "TORCH_DEVICE_BACKEND_AUTOLOAD=0")
        self.assertFalse(overlay["autoload"])

    def test_patches_skipped_in_non_strict_mode(self) -> None:
        series = write_series_with_failures(self.tmp / "series")
        proc, overlay = self.compile_in_subprocess(INDUCTOR_XPU_SERIES_DIR=str(series))
        self.assertTrue(overlay["active"])
        self.assertFalse(overlay["fully_active"])
        self.assertRegex(" ".join(overlay["reasons"]), rf"2 of \d+ patches do not apply .*{DRIFTED}")
        warnings = [line for line in proc.stdout.splitlines() if WARNING in line]
        self.assertEqual(len(warnings), 1, proc.stdout)
        self.assertIn("only part of the inductor_xpu series is in effect", warnings[0])
        by_name = {p["name"]: p for p in overlay["patches"]}
        self.assertEqual(by_name[DRIFTED]["status"], PatchStatus.NOT_APPLICABLE.value)
        self.assertRegex(by_name[DRIFTED]["detail"], rf"^{LOWERING} hunk #1: ")
        self.assertEqual(
            by_name[DEPENDENT]["detail"], f"depends on {DRIFTED}, which is not applied"
        )

    def test_summary_warning_is_one_line_in_process(self) -> None:
        # the summary of a report whose overlay section says "inactive"
        report = run_compile(CompileOptions(model="mlp", out=str(self.tmp / "out")))
        self.assertEqual(report.status, "ok", report.error)
        self.assertNotIn(WARNING, format_summary(report))
        # a compile that worked has no hint either
        self.assertIsNone(report.data["hint"])
        self.assertNotIn("hint:", format_summary(report))
        report.data["overlay"] = {**report.data["overlay"], "active": False, "fully_active": False,
                                  "reasons": ["why"]}
        lines = [line for line in format_summary(report).splitlines() if WARNING in line]
        self.assertEqual(len(lines), 1)
        self.assertIn("(why)", lines[0])


class TestStatus(TmpTestCase):
    def test_series_that_cannot_load_is_an_error(self) -> None:
        proc = self.run_cli("status", INDUCTOR_XPU_SERIES_DIR=str(self.tmp / "no-series"))
        self.assertNotEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("series file not found", proc.stdout)

    def test_strict_overlay_error_is_one_line(self) -> None:
        # In strict mode the overlay's error stops torch's backend autoload;
        # the command says the overlay's words in one line, no traceback.
        proc = self.run_cli(
            "status", INDUCTOR_XPU_SERIES_DIR=str(self.tmp / "no-series"), INDUCTOR_XPU_STRICT="1"
        )
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)
        self.assertEqual(len(proc.stderr.strip().splitlines()), 1, proc.stderr)
        self.assertIn("overlay error (strict)", proc.stderr)
        self.assertIn("series file not found", proc.stderr)

    def test_not_installed_says_would_apply(self) -> None:
        for env, header in (
            ({"TORCH_DEVICE_BACKEND_AUTOLOAD": "0"}, "TORCH_DEVICE_BACKEND_AUTOLOAD=0"),
            ({"INDUCTOR_XPU_DISABLE": "1"}, "disabled (INDUCTOR_XPU_DISABLE=1)"),
        ):
            with self.subTest(env=env):
                # both commands from one process of this environment
                brief, proc = self.run_cli_each(("status",), ("status", "--verbose"), **env)
                # one line: the counts say "would apply"
                self.assertEqual(brief.returncode, 0, brief.stdout + brief.stderr)
                self.assertIn(header, brief.stdout)
                self.assertRegex(brief.stdout, r": \d+ would apply")
                self.assertNotRegex(brief.stdout, r"\d+ applied")
                self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
                self.assertIn(header, proc.stdout)
                self.assertIn("what it would do", proc.stdout)
                self.assertNotIn("dry run", proc.stdout)
                states = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("  0")]
                self.assertIn("would", states)
                self.assertNotIn("applied", states)

    def test_dependency_messages(self) -> None:
        # "None: depends on" (status) and ": : depends on" (tools/patches.py)
        series = PatchSeries.load(write_series_with_failures(self.tmp / "series"))
        root = Path(torch.__file__).resolve().parent.parent

        def read(path: str) -> str | None:
            p = root / path
            return p.read_text() if p.is_file() else None

        result = apply_series(series, read, torch_version=torch.__version__)
        dependent = next(s for s in result.states if s.patch.name == DEPENDENT)
        self.assertEqual(dependent.status, PatchStatus.NOT_APPLICABLE)
        self.assertEqual(dependent.describe(), f"does not apply: depends on {DRIFTED}, which is not applied")
        drifted = next(s for s in result.states if s.patch.name == DRIFTED)
        self.assertRegex(drifted.describe(), rf"^does not apply: {LOWERING} hunk #1: ")
        reports = {r.name: r for r in _reports(result)}
        self.assertEqual(reports[DEPENDENT].detail, f"depends on {DRIFTED}, which is not applied")
        st = OverlayStatus(
            torch_version=torch.__version__, torch_path="", series_dir="", base=None, active=True,
            disabled=False, strict=False, error=None, patches=list(reports.values()), cache_dir=None, modules=[],
        )
        text = st.format()
        self.assertNotIn("None:", text)
        self.assertNotIn(": :", text)
        self.assertRegex(text, rf"{DEPENDENT}\s+does not apply\s+depends on {DRIFTED}")


# ---------------------------------------------------------------------------
# defect 5: enable() does what the autoload does


class TestEnableWithoutAutoload(TmpTestCase):
    PROBE = """
        import torch
        import inductor_xpu
        if {enable}:
            inductor_xpu.enable()
        from torch._subclasses.fake_tensor import FakeTensorMode
        from inductor_xpu.meta_kernels import mkldnn_binary
        with FakeTensorMode():
            x, w, other = torch.empty(1, 3, 8, 8), torch.empty(4, 3, 3, 3), torch.empty(1, 4, 6, 6)
            out = torch.ops.mkldnn._convolution_pointwise.binary(
                x, other, w, None, [0, 0], [1, 1], [1, 1], 1, "sum", None, None, [], None
            )
        print("shape", tuple(out.shape))
        print("meta", sorted(mkldnn_binary.REGISTERED))
    """

    def probe_in_process(self) -> list[str]:
        """The probe in this process: the autoload registered the kernels at
        ``import torch``, and nothing registers more (registering is idempotent)."""
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):
            exec(textwrap.dedent(self.PROBE.format(enable=False)), {})
        return stdout.getvalue().splitlines()

    def probe(self, enable: bool, **env: str) -> list[str]:
        proc = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(self.PROBE.format(enable=enable))],
            env=_env(**env),
            capture_output=True,
            text=True,
            timeout=300,
        )
        self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
        return proc.stdout.splitlines()

    @unittest.skipUnless(torch._C._has_mkldnn, "oneDNN build")
    def test_enable_registers_what_autoload_does(self) -> None:
        autoloaded = self.probe_in_process()
        enabled = self.probe(True, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
        self.assertIn("shape (1, 4, 6, 6)", enabled)
        self.assertEqual(enabled, autoloaded)


# ---------------------------------------------------------------------------
# defect 6: --out is checked before compiling


class TestOutDir(TmpTestCase):
    def compile_to(self, out: Path | str) -> tuple[int, str, str]:
        # the program is never built: the output directory is refused first
        with mock.patch(
            "inductor_xpu.compile.command.load_program",
            side_effect=AssertionError("compiled although --out is unusable"),
        ):
            return self.cli("compile", "--model", "mlp", "--out", str(out))

    def assert_refused(self, out: Path | str, problem: str) -> None:
        code, stdout, stderr = self.compile_to(out)
        self.assertEqual(code, EXIT_USAGE, stderr)
        self.assertEqual(stdout, "")
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        self.assertIn(f"--out {out}", lines[0])
        self.assertIn(problem, lines[0])
        self.assertNotIn("Traceback", stderr)

    def test_existing_file(self) -> None:
        f = self.write("file", "x")
        self.assert_refused(f, "exists and is not a directory")
        self.assertEqual(f.read_text(), "x")

    def test_path_under_a_file(self) -> None:
        f = self.write("file", "x")
        self.assert_refused(f / "sub" / "dir", f"{f} is a file, not a directory")

    @unittest.skipIf(IS_ROOT, "root writes anywhere (see the mocked cases)")
    def test_unwritable_parent(self) -> None:
        parent = self.tmp / "ro"
        parent.mkdir()
        parent.chmod(0o500)
        self.addCleanup(parent.chmod, 0o700)
        self.assert_refused(parent / "out", "permission denied")

    @unittest.skipIf(IS_ROOT, "root writes anywhere (see the mocked cases)")
    def test_read_only_existing_directory(self) -> None:
        out = self.tmp / "ro"
        out.mkdir()
        out.chmod(0o500)
        self.addCleanup(out.chmod, 0o700)
        self.assert_refused(out, "cannot write files in it: permission denied")

    @contextlib.contextmanager
    def refusing_writes_under(self, directory: Path):
        """A filesystem where nothing can be created under ``directory``
        (a read-only mount, say), whoever runs the test."""
        real_open, real_os_open, real_makedirs = builtins.open, os.open, os.makedirs
        prefix = str(directory) + os.sep

        def inside(path: object) -> bool:
            return isinstance(path, (str, os.PathLike)) and os.path.abspath(os.fspath(path)).startswith(prefix)

        def fake_open(file, mode="r", *args, **kwargs):  # noqa: ANN001, ANN202
            if inside(file) and any(c in mode for c in "wax+"):
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, mode, *args, **kwargs)

        def fake_os_open(path, flags, *args, **kwargs):  # noqa: ANN001, ANN202
            if inside(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                raise PermissionError(13, "Permission denied", str(path))
            return real_os_open(path, flags, *args, **kwargs)

        def fake_makedirs(name, *args, **kwargs):  # noqa: ANN001, ANN202
            if inside(name) and not os.path.isdir(name):
                raise PermissionError(13, "Permission denied", str(name))
            return real_makedirs(name, *args, **kwargs)

        with mock.patch("builtins.open", fake_open), mock.patch("os.open", fake_os_open), mock.patch(
            "os.makedirs", fake_makedirs
        ):
            yield

    def test_read_only_existing_directory_mocked(self) -> None:
        out = self.tmp / "ro"
        out.mkdir()
        with self.refusing_writes_under(out):
            self.assert_refused(out, "cannot write files in it: permission denied")

    def test_unwritable_parent_mocked(self) -> None:
        parent = self.tmp / "ro"
        parent.mkdir()
        with self.refusing_writes_under(parent):
            self.assert_refused(parent / "out", "cannot create it: permission denied")

    def test_missing_directories_are_created(self) -> None:
        out = self.tmp / "a" / "b"
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out))
        self.assertEqual(code, 0, stdout + stderr)
        self.assertTrue((out / "report.json").is_file())
        self.assertEqual([p.name for p in out.iterdir() if p.name.startswith(".")], [])

    def test_a_symbolic_link_loop_is_named(self) -> None:
        # issue 45 R20: it was "exists and is not a directory" / "is a file, not a directory"
        loop = self.tmp / "loop"
        loop.symlink_to(loop)
        self.assert_refused(loop, "--out " + f"{loop}: a symbolic link loop")
        self.assert_refused(loop / "sub", f"{loop} is a symbolic link loop")
        a, b = self.tmp / "a", self.tmp / "b"
        a.symlink_to(b)
        b.symlink_to(a)
        self.assert_refused(a / "x" / "y", f"{a} is a symbolic link loop")
        self.assertTrue(loop.is_symlink() and a.is_symlink() and b.is_symlink())


# ---------------------------------------------------------------------------
# issue 45 R20: a tool's raw output reaches the terminal as printable text


class TestRawToolOutput(TmpTestCase):
    def test_ocloc_bytes_in_the_summary_are_escaped(self) -> None:
        from inductor_xpu.native import KernelNative, NativeResult

        raw = "\x1b]0;pwned\x07\x1b[2Jerror: IGC rejected \x08\x08it \udcff"
        result = NativeResult("max1550", "pvc", "pvc", {"ocloc": "test"}, [
            KernelNative(0, "triton_poi_fused_0", "pointwise", "failed", stage="ocloc", message=raw)
        ], graphs=1)
        with mock.patch("inductor_xpu.compile.options.CompileOptions._validate_native"), mock.patch(
            "inductor_xpu.native.compile_native", return_value=result
        ):
            code, stdout, stderr = self.cli("compile", "--model", "mlp", "--native", "--out", str(self.tmp / "out"))
        self.assertEqual(code, EXIT_FAILED, stdout + stderr)
        self.assertIn(
            "triton_poi_fused_0: failed in ocloc: \\x1b]0;pwned\\x07\\x1b[2Jerror: IGC rejected \\x08\\x08it \\xff",
            stdout,
        )
        unprintable = sorted({ch for ch in stdout + stderr if not (ch.isprintable() or ch in "\n\t")})
        self.assertEqual(unprintable, [])
        # report.json keeps the message as it came (JSON escapes it)
        report = json.loads((self.tmp / "out" / "report.json").read_text(errors="surrogateescape"))
        self.assertEqual(report["native"]["kernels"][0]["message"], raw)


# ---------------------------------------------------------------------------
# issue 45 R20: a disk full names the file and is not a usage error


class TestOutDirDiskFull(TmpTestCase):
    def write_fails(self, failing: str, out: Path) -> tuple[int, str, str]:
        """A compile into ``out`` where writing ``failing`` (an output's name
        or the manifest's) finds the disk full."""
        real = OutputDirectory._write_temporary

        def full(directory: OutputDirectory, name: str, data: bytes) -> str:
            if name == failing:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(directory, name, data)

        with mock.patch.object(OutputDirectory, "_write_temporary", full):
            return self.cli("compile", "--model", "mlp", "--out", str(out))

    def assert_one_line(self, code: int, stdout: str, stderr: str) -> str:
        self.assertEqual(code, EXIT_FAILED, stdout + stderr)  # not EXIT_USAGE: the arguments were fine
        self.assertEqual(stdout, "")
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        self.assertNotIn("Traceback", stderr)
        return lines[0]

    def test_the_file_that_failed_is_named(self) -> None:
        out = self.tmp / "out"
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out))
        self.assertEqual(code, 0, stdout + stderr)
        before = {p.name: p.read_bytes() for p in out.iterdir()}
        # report.json is written after output_code_0.py: the message named
        # output_code_0.py (or "?" when the first file failed)
        for failing in ("report.json", "output_code_0.py"):
            with self.subTest(failing=failing):
                line = self.assert_one_line(*self.write_fails(failing, out))
                self.assertIn(f"--out {out}: cannot write {failing}: No space left on device", line)
                self.assertEqual({p.name: p.read_bytes() for p in out.iterdir()}, before)  # the last run's, intact

    def test_a_manifest_that_cannot_be_written(self) -> None:
        # was an OSError traceback after the outputs were written
        out = self.tmp / "out"
        line = self.assert_one_line(*self.write_fails(MANIFEST, out))
        self.assertIn(f"--out {out}: cannot write {MANIFEST}: No space left on device; 2 of 2 files written", line)
        self.assertIn("could not be written either", line)

    def test_a_full_disk_before_compiling(self) -> None:
        out = self.tmp / "out"
        out.mkdir()
        real_open = os.open

        def full(path, flags, *args, **kwargs):  # noqa: ANN001, ANN202
            if os.path.dirname(os.fspath(path)) == str(out) and flags & os.O_CREAT:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.fspath(path))
            return real_open(path, flags, *args, **kwargs)

        with mock.patch("os.open", full), mock.patch(
            "inductor_xpu.compile.command.load_program", side_effect=AssertionError("compiled on a full disk")
        ):
            line = self.assert_one_line(*self.cli("compile", "--model", "mlp", "--out", str(out)))
        self.assertIn(f"--out {out}: cannot write files in it: No space left on device", line)


# ---------------------------------------------------------------------------
# issue 24 defect 1: --out removes only what the tool wrote


class TestOutDirKeepsUserFiles(TmpTestCase):
    """``compile --out DIR`` never deletes what it did not write: a run
    removes the files its manifest lists, refuses a directory holding
    files of its names that no manifest lists (unless ``--force``, which
    removes nothing either), and never follows a symbolic link."""

    USER_FILES = {
        "aot/src/keep.cpp": "// the user's own\n",
        "report.json": '{"mine": true}\n',
        "output_code_7.py": "# the user's own\n",
        "notes.txt": "notes\n",
    }

    def make_dir(self, name: str = "out", files: dict[str, str] | None = None) -> Path:
        out = self.tmp / name
        for rel, text in (self.USER_FILES if files is None else files).items():
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(text)
        return out

    def assert_files(self, out: Path, files: dict[str, str]) -> None:
        for rel, text in files.items():
            self.assertTrue((out / rel).is_file(), rel)
            self.assertEqual((out / rel).read_text(), text, rel)

    def refused(self, *argv: str) -> str:
        """The one line of a compile refused before building the program."""
        with mock.patch(
            "inductor_xpu.compile.command.load_program",
            side_effect=AssertionError("compiled although --out is refused"),
        ):
            code, stdout, stderr = self.cli("compile", "--model", "mlp", *argv)
        self.assertEqual(code, EXIT_USAGE, stdout + stderr)
        self.assertEqual(stdout, "")
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        self.assertNotIn("Traceback", stderr)
        return lines[0]

    def test_directory_with_files_of_its_names_is_refused(self) -> None:
        out = self.make_dir()
        line = self.refused("--out", str(out))
        self.assertIn(f"--out {out}", line)
        self.assertIn("output_code_7.py, report.json", line)
        self.assertIn("--force", line)
        self.assert_files(out, self.USER_FILES)
        self.assertEqual(sorted(p.name for p in out.iterdir()), ["aot", "notes.txt", "output_code_7.py", "report.json"])

    def test_force_writes_and_removes_nothing(self) -> None:
        out = self.make_dir()
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out), "--force")
        self.assertEqual(code, 0, stdout + stderr)
        kept = {k: v for k, v in self.USER_FILES.items() if k != "report.json"}
        self.assert_files(out, kept)
        with open(out / "report.json") as f:
            self.assertEqual(json.load(f)["status"], "ok")  # replaced: a name this run writes
        with open(out / MANIFEST) as f:
            self.assertEqual(json.load(f)["files"], ["output_code_0.py", "report.json"])
        # output_code_7.py is still not the tool's: the next run needs --force
        # too, and removes what this one wrote, nothing else
        self.refused("--out", str(out))
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out), "--cpp-wrapper", "--force")
        self.assertEqual(code, 0, stdout + stderr)
        self.assert_files(out, kept)
        self.assertTrue((out / "output_code_0.cpp").is_file())

    def test_next_run_removes_what_the_last_one_wrote(self) -> None:
        out = self.tmp / "out"
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out), "--cpp-wrapper")
        self.assertEqual(code, 0, stdout + stderr)
        (out / "notes.txt").write_text("notes\n")
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out))
        self.assertEqual(code, 0, stdout + stderr)
        self.assertEqual(
            sorted(p.name for p in out.iterdir()), [MANIFEST, "notes.txt", "output_code_0.py", "report.json"]
        )

    def test_symlinked_aot_is_left_alone(self) -> None:
        elsewhere = self.make_dir("elsewhere", {"keep.cpp": "// keep\n", "aot_0/wrapper.cpp": "// keep\n"})
        out = self.tmp / "out"
        out.mkdir()
        (out / "aot").symlink_to(elsewhere, target_is_directory=True)
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out))
        self.assertEqual(code, 0, stdout + stderr)
        self.assertNotIn("Traceback", stderr)
        self.assertTrue((out / "aot").is_symlink())
        self.assert_files(elsewhere, {"keep.cpp": "// keep\n", "aot_0/wrapper.cpp": "// keep\n"})
        # --aot would write there: refused, whatever --force says
        for force in ((), ("--force",)):
            with self.subTest(force=force):
                line = self.refused("--out", str(out), "--aot", *force)
                self.assertIn("aot/ is a symbolic link and was not written by this tool", line)
                self.assertTrue((out / "aot").is_symlink())
        # a manifest naming files under the link: nothing removed through it
        # (a manifest naming a file the tool does not write, aot/keep.cpp, is
        # refused: test_compile_outdir.py)
        (out / MANIFEST).write_text(
            json.dumps(
                {
                    "format": "inductor-xpu compile manifest 1",
                    "files": ["output_code_0.py", "report.json", "aot/aot_0/wrapper.cpp"],
                    "dirs": ["aot/aot_0", "aot"],
                }
            )
        )
        code, stdout, stderr = self.cli("compile", "--model", "mlp", "--out", str(out))
        self.assertEqual(code, 0, stdout + stderr)
        self.assert_files(elsewhere, {"keep.cpp": "// keep\n", "aot_0/wrapper.cpp": "// keep\n"})
        self.assertTrue((out / "aot").is_symlink())

    def test_out_dot_in_a_project(self) -> None:
        project = self.make_dir(
            "project", {"README.md": "# mine\n", "report.json": "{}\n", "aot/notes.md": "mine\n"}
        )
        cwd = os.getcwd()
        os.chdir(project)
        self.addCleanup(os.chdir, cwd)
        line = self.refused("--out", ".")
        self.assertIn("--out .: holds report.json", line)
        self.assert_files(project, {"README.md": "# mine\n", "report.json": "{}\n", "aot/notes.md": "mine\n"})

    def test_manifest_naming_paths_outside_is_refused(self) -> None:
        victim = self.make_dir("victim", {"precious.txt": "x\n"})
        out = self.make_dir("out", {"notes.txt": "n\n"})
        for entry in ("../victim/precious.txt", str(victim / "precious.txt")):
            with self.subTest(entry=entry):
                (out / MANIFEST).write_text(
                    json.dumps({"format": "inductor-xpu compile manifest 1", "files": [entry], "dirs": []})
                )
                line = self.refused("--out", str(out))
                self.assertIn(f"{MANIFEST} is unreadable", line)
                self.assert_files(victim, {"precious.txt": "x\n"})


# ---------------------------------------------------------------------------
# defect 7: a failing user script shows the user's frames, exit 2


class TestUserScriptErrors(TmpTestCase):
    def compile_script(self, spec: str) -> tuple[int, str]:
        code, stdout, stderr = self.cli("compile", "--script", spec, "--out", str(self.tmp / "out"))
        self.assertEqual(stdout, "")
        self.assertFalse((self.tmp / "out" / "report.json").exists())
        return code, stderr

    def assert_only_user_frames(self, stderr: str, script: Path) -> None:
        files = [line.split('"')[1] for line in stderr.splitlines() if line.lstrip().startswith('File "')]
        self.assertTrue(files, stderr)
        self.assertEqual(set(files), {str(script)}, stderr)

    def test_function_raises(self) -> None:
        script = self.write(
            "raises.py",
            """
            import torch

            def helper():
                raise ValueError("bad configuration")

            def build():
                return helper()
            """,
        )
        code, stderr = self.compile_script(f"{script}:build")
        self.assertEqual(code, EXIT_USAGE, stderr)
        self.assertTrue(stderr.startswith(f"compile: --script: build() in {script} raised"), stderr)
        self.assert_only_user_frames(stderr, script)
        self.assertIn("line 8, in build", stderr)
        self.assertIn('raise ValueError("bad configuration")', stderr)
        self.assertTrue(stderr.rstrip().endswith("ValueError: bad configuration"), stderr)

    def test_import_error(self) -> None:
        script = self.write(
            "imports.py", "import torch\nimport no_such_module_for_this_test\n\ndef build():\n    pass\n"
        )
        code, stderr = self.compile_script(f"{script}:build")
        self.assertEqual(code, EXIT_USAGE, stderr)
        self.assertIn(f"importing {script} failed", stderr)
        self.assert_only_user_frames(stderr, script)
        self.assertIn("line 2, in <module>", stderr)
        self.assertIn("ModuleNotFoundError: No module named 'no_such_module_for_this_test'", stderr)

    def test_syntax_error(self) -> None:
        script = self.write("syntax.py", "def build(:\n    pass\n")
        code, stderr = self.compile_script(f"{script}:build")
        self.assertEqual(code, EXIT_USAGE, stderr)
        self.assertIn(f"importing {script} failed", stderr)
        self.assertIn(f'File "{script}", line 1', stderr)
        self.assertIn("SyntaxError", stderr)
        self.assertNotIn("importlib", stderr)
        self.assertNotIn("Traceback", stderr)

    def test_name_that_is_not_a_function(self) -> None:
        script = self.write("values.py", "build = 3\nname = 'x'\n")
        for func, what in (("build", "an int"), ("name", "a str")):
            with self.subTest(func=func):
                code, stderr = self.compile_script(f"{script}:{func}")
                self.assertEqual(code, EXIT_USAGE, stderr)
                self.assertEqual(stderr.strip(), f"compile: --script: {script}: {func} is {what}, not a function")
        code, stderr = self.compile_script(f"{script}:missing")
        self.assertIn("has no function 'missing'", stderr)


# ---------------------------------------------------------------------------
# rough edges: failed compiles say what failed and what to do


class TestFailedCompileMessages(TmpTestCase):
    def compile_script(self, source: str) -> tuple[dict, str]:
        script = self.write("program.py", source)
        report = run_compile(CompileOptions(script=f"{script}:build", out=str(self.tmp / "out")))
        self.assertEqual(report.status, "failed")
        return report.data, format_summary(report)

    def test_shape_error_is_in_the_summary(self) -> None:
        data, summary = self.compile_script(
            """
            import torch

            def build():
                return torch.nn.Linear(32, 64), (torch.randn(8, 16),)
            """
        )
        error_line = next(line for line in summary.splitlines() if line.startswith("  error: "))
        # the op's own error, with the shapes, not only Dynamo's wrapper
        self.assertRegex(error_line, r"RuntimeError: .*8, 16.*32, 64")
        self.assertEqual(data["error"], error_line.removeprefix("  error: "))

    def test_shape_error_is_printed_once(self) -> None:
        # FakeTensorMode's log of the failing meta function (E... lines with a
        # traceback) is not printed before the summary
        script = self.write(
            "shapes.py",
            """
            import torch

            def build():
                return torch.nn.Linear(32, 64), (torch.randn(8, 16),)
            """,
        )
        proc = self.run_cli("compile", "--script", f"{script}:build", "--out", str(self.tmp / "out"))
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertRegex(proc.stdout, r"  error: RuntimeError: .*8, 16.*32, 64")
        self.assertNotIn("Traceback", proc.stderr)
        self.assertNotIn("failed while attempting to run meta", proc.stderr)

    def test_data_dependent_branch_has_a_hint(self) -> None:
        data, summary = self.compile_script(
            """
            import torch

            def fn(x):
                if x.sum().item() > 0:
                    return x.sin()
                return x.cos()

            def build():
                return fn, (torch.randn(8, 16),)
            """
        )
        self.assertIn("fake tensors have no values", data["hint"])
        self.assertIn("torch.cond", data["hint"])
        hints = [line for line in summary.splitlines() if line.startswith("  hint: ")]
        self.assertEqual(len(hints), 1, summary)


if __name__ == "__main__":
    run_tests()
