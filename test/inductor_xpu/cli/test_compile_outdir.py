# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile --out DIR`` against a hostile or busy
``DIR``: temporary files never written through a planted link, a run that
fails or is interrupted keeps the previous run's outputs, two runs into one
directory, a manifest that lists files the tool did not write, manifests
that are not a manifest, and the ``--out``/``--run``/``--world-size``
values refused before anything is built.

Nothing here compiles: :class:`FakeCompile` stands in for
``inductor_xpu.compile.pipeline.compile_for_target`` (each graph's "code" is a line
naming the run), so each case is the command's own work on the directory.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.analysis.sanitizer import CudaApiRecorder
from inductor_xpu.compile import CompileOptions, CompileUsageError
from inductor_xpu.compile.cli import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from inductor_xpu.compile.outdir import MANIFEST
from inductor_xpu.compile.pipeline import CompileReport
from inductor_xpu.device import GeneratedCode
from inductor_xpu.device.simulation.results import AotSources


FORMAT = "inductor-xpu compile manifest 1"


class FakeCompile:
    """``compile_for_target`` that compiles nothing: ``graphs`` graphs whose
    code is ``# <tag> graph <i>``; with ``aot``, one AOT graph's sources;
    ``during`` is called in the middle (a second run, a Ctrl-C)."""

    def __init__(self, tag: str, graphs: int = 1, *, aot: bool = False,
                 during: Callable[[], None] | None = None) -> None:
        self.tag, self.graphs, self.aot, self.during = tag, graphs, aot, during

    def __call__(self, program: Any, args: Any, kwargs: Any, profile: Any, options: Any) -> CompileReport:
        if self.during is not None:
            self.during()
        generated = [GeneratedCode(profile.key, "python", self.source(i), "") for i in range(self.graphs)]
        aot = None
        if self.aot:
            texts = {"aot_0/wrapper.cpp": f"// {self.tag}\n", "aot_0/metadata.json": "{}\n",
                     "aot_0/triton/triton_poi_0.py": f"# {self.tag}\n"}
            aot = [AotSources(options.step.out_dir, "aot_0/wrapper.cpp", None, ["aot_0/triton/triton_poi_0.py"],
                              "aot_0/metadata.json", texts, {})]
            options.step.packages = aot  # as the AOT mode's step keeps them
        return CompileReport(profile.key, "ok", generated, [], {}, CudaApiRecorder(), 0.0, aot=aot)

    def source(self, i: int) -> str:
        return f"# {self.tag} graph {i}\n"


class OutDirTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.out = self.tmp / "out"

    def cli(self, *argv: str, fake: FakeCompile | None = None, out: Path | str | None = None) -> tuple[int, str, str]:
        """``compile --model mlp --out DIR ARGV`` in this process, the
        compile replaced by ``fake``."""
        stdout, stderr = io.StringIO(), io.StringIO()
        fake = fake or FakeCompile("run")
        with mock.patch("inductor_xpu.compile.pipeline.compile_for_target", fake), contextlib.redirect_stdout(
            stdout
        ), contextlib.redirect_stderr(stderr):
            code = cli_main(["compile", "--model", "mlp", "--out", str(self.out if out is None else out), *argv])
        return code, stdout.getvalue(), stderr.getvalue()

    def ok(self, *argv: str, fake: FakeCompile | None = None) -> None:
        code, stdout, stderr = self.cli(*argv, fake=fake)
        self.assertEqual(code, EXIT_OK, stdout + stderr)

    def refused(self, *argv: str, out: Path | str | None = None, built: bool = False) -> str:
        """The one line (exit status 2) of a run refused before its
        program is built (``built``: before it is compiled)."""
        guard = contextlib.nullcontext() if built else mock.patch(
            "inductor_xpu.compile.command.load_program",
            side_effect=AssertionError("the program was built although the run is refused"),
        )
        fake = FakeCompile("refused", during=self.fail_compiled)
        with guard:
            code, stdout, stderr = self.cli(*argv, fake=fake, out=out)
        self.assertEqual(code, EXIT_USAGE, stdout + stderr)
        self.assertEqual(stdout, "")
        self.assertNotIn("Traceback", stderr)
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        return lines[0]

    def fail_compiled(self) -> None:
        raise AssertionError("compiled although the run is refused")

    def snapshot(self, directory: Path | None = None) -> dict[str, str]:
        """Every file under ``directory`` (relative path -> text)."""
        directory = directory or self.out
        return {
            str(p.relative_to(directory)): p.read_text()
            for p in sorted(directory.rglob("*"))
            if p.is_file() and not p.is_symlink()
        }

    def manifest(self) -> dict[str, Any]:
        with open(self.out / MANIFEST) as f:
            return json.load(f)

    def write_manifest(self, text: str) -> None:
        (self.out / MANIFEST).write_text(text)


# ---------------------------------------------------------------------------
# D2: temporary files in DIR are created, never opened through a link


class TestTemporaryFiles(OutDirTestCase):
    def test_planted_manifest_tmp_link_is_not_followed(self) -> None:
        self.ok(fake=FakeCompile("first"))
        victim = self.tmp / "victim.txt"
        victim.write_text("precious\n")
        planted = self.out / f"{MANIFEST}.{os.getpid()}.tmp"
        planted.symlink_to(victim)
        self.ok(fake=FakeCompile("second"))
        self.assertEqual(victim.read_text(), "precious\n")
        self.assertEqual((self.out / "output_code_0.py").read_text(), "# second graph 0\n")
        self.assertEqual(self.manifest()["files"], ["output_code_0.py", "report.json"])
        # nothing else of this run's is left in DIR
        self.assertEqual(
            sorted(os.listdir(self.out)), sorted([MANIFEST, planted.name, "output_code_0.py", "report.json"])
        )


# ---------------------------------------------------------------------------
# D4: a failed or interrupted run keeps the previous run's outputs


class TestPreviousOutputsKept(OutDirTestCase):
    def test_interrupt_keeps_previous_outputs(self) -> None:
        self.ok("--cpp-wrapper", fake=FakeCompile("first", graphs=2))
        before = self.snapshot()

        def interrupt() -> None:
            raise KeyboardInterrupt

        code, stdout, stderr = self.cli("--run", fake=FakeCompile("second", during=interrupt))
        self.assertEqual(code, EXIT_INTERRUPTED, stdout + stderr)
        self.assertNotIn("Traceback", stderr)
        self.assertEqual(len(stderr.strip().splitlines()), 1, stderr)
        self.assertIn("interrupted", stderr)
        self.assertEqual(self.snapshot(), before)
        # the next run is not refused, and replaces the first one's outputs
        self.ok(fake=FakeCompile("third"))
        self.assertEqual(sorted(os.listdir(self.out)), [MANIFEST, "output_code_0.py", "report.json"])

    def test_failing_second_build_keeps_previous_outputs(self) -> None:
        # --run builds the program again after the compile: this script's
        # function fails the second time it is called
        counter = self.tmp / "calls"
        script = self.tmp / "flaky.py"
        script.write_text(
            textwrap.dedent(
                f"""
                import torch

                def build():
                    with open({str(counter)!r}, "a") as f:
                        f.write("x")
                    with open({str(counter)!r}) as f:
                        if len(f.read()) > 1:
                            raise RuntimeError("fails the second time")
                    return torch.nn.Linear(4, 4), (torch.randn(2, 4),)
                """
            )
        )
        self.ok(fake=FakeCompile("first"))
        before = self.snapshot()
        stdout, stderr = io.StringIO(), io.StringIO()
        with mock.patch("inductor_xpu.compile.pipeline.compile_for_target", FakeCompile("second")), contextlib.redirect_stdout(
            stdout
        ), contextlib.redirect_stderr(stderr):
            code = cli_main(["compile", "--script", f"{script}:build", "--run", "--out", str(self.out)])
        self.assertEqual(code, EXIT_USAGE, stdout.getvalue() + stderr.getvalue())
        self.assertIn("fails the second time", stderr.getvalue())
        self.assertEqual(self.snapshot(), before)


# ---------------------------------------------------------------------------
# D5: one run at a time in a directory


class TestConcurrentRuns(OutDirTestCase):
    def test_second_run_into_the_same_directory_is_refused(self) -> None:
        second: list[str] = []

        def run_second() -> None:
            # a second compile into DIR while the first one compiles
            second.append(self._second())

        self.ok(fake=FakeCompile("first", during=run_second))
        self.assertIn(f"--out {self.out}", second[0])
        self.assertIn("another compile", second[0])
        files = self.snapshot()
        self.assertEqual(files["output_code_0.py"], "# first graph 0\n")
        self.assertNotIn("--force", json.loads(files["report.json"])["command"])  # the second run's flag
        self.assertEqual(self.manifest()["files"], ["output_code_0.py", "report.json"])
        # the lock goes with the run: the next one is not refused
        self.ok(fake=FakeCompile("third"))

    def _second(self) -> str:
        stdout, stderr = io.StringIO(), io.StringIO()
        with mock.patch(
            "inductor_xpu.compile.command.load_program",
            side_effect=AssertionError("the second run built its program"),
        ), mock.patch(
            "inductor_xpu.compile.pipeline.compile_for_target", FakeCompile("second", graphs=2)
        ), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = cli_main(["compile", "--model", "mlp", "--out", str(self.out), "--force"])
        self.assertEqual(code, EXIT_USAGE, stdout.getvalue() + stderr.getvalue())
        lines = stderr.getvalue().strip().splitlines()
        self.assertEqual(len(lines), 1, stderr.getvalue())
        return lines[0]

    def test_lock_in_another_process(self) -> None:
        self.out.mkdir()
        holder = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); "
                "fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True); sys.stdin.read()",
                str(self.out),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.addCleanup(holder.wait)
        self.addCleanup(holder.stdin.close)
        self.assertEqual(holder.stdout.readline().strip(), "locked")
        line = self.refused()
        self.assertIn("another compile", line)
        self.assertEqual(os.listdir(self.out), [])


# ---------------------------------------------------------------------------
# D6: only the tool's own outputs, unchanged since, are removed


class TestRemovesOnlyItsOwnOutputs(OutDirTestCase):
    def test_manifest_listing_other_files_is_refused(self) -> None:
        self.ok(fake=FakeCompile("first"))
        (self.out / "sub").mkdir()
        (self.out / "sub" / "keep.txt").write_text("keep\n")
        (self.out / "notes.txt").write_text("notes\n")
        data = self.manifest()
        data["files"] += ["sub/keep.txt", "notes.txt"]
        data["dirs"] = ["sub"]
        self.write_manifest(json.dumps(data))
        before = self.snapshot()
        line = self.refused()
        self.assertIn(f"{MANIFEST} is unreadable", line)
        self.assertIn("sub/keep.txt", line)
        self.assertEqual(self.snapshot(), before)
        # --force ignores such a manifest: it writes, and removes nothing
        self.ok("--force", fake=FakeCompile("second"))
        self.assertEqual((self.out / "sub" / "keep.txt").read_text(), "keep\n")
        self.assertEqual((self.out / "notes.txt").read_text(), "notes\n")

    def test_changed_output_is_not_removed(self) -> None:
        self.ok("--cpp-wrapper", fake=FakeCompile("first", graphs=2))
        self.assertIn("sha256", self.manifest())
        (self.out / "output_code_1.py").write_text("# the user's edit\n")
        # changed since the tool wrote it: not the tool's any more
        line = self.refused()
        self.assertIn("output_code_1.py", line)
        self.assertIn("--force", line)
        self.ok("--force", fake=FakeCompile("second"))
        self.assertEqual((self.out / "output_code_1.py").read_text(), "# the user's edit\n")
        # what the first run wrote and nobody changed is gone
        self.assertFalse((self.out / "output_code_0.cpp").exists())
        self.assertFalse((self.out / "output_code_1.cpp").exists())
        self.assertEqual((self.out / "output_code_0.py").read_text(), "# second graph 0\n")
        self.assertNotIn("output_code_1.py", self.manifest()["files"])

    def test_aot_outputs_replaced_and_removed(self) -> None:
        self.ok("--aot", fake=FakeCompile("first", aot=True))
        self.assertEqual((self.out / "aot" / "aot_0" / "wrapper.cpp").read_text(), "// first\n")
        self.ok("--aot", fake=FakeCompile("second", aot=True))
        self.assertEqual((self.out / "aot" / "aot_0" / "wrapper.cpp").read_text(), "// second\n")
        self.ok(fake=FakeCompile("third"))
        self.assertFalse((self.out / "aot").exists())
        self.assertEqual(sorted(os.listdir(self.out)), [MANIFEST, "output_code_0.py", "report.json"])

    def test_aot_holding_a_user_file_is_refused_before_compiling(self) -> None:
        self.ok("--aot", fake=FakeCompile("first", aot=True))
        (self.out / "aot" / "aot_0" / "mine.txt").write_text("mine\n")
        before = self.snapshot()
        for force in ((), ("--force",)):
            with self.subTest(force=force):
                line = self.refused("--aot", *force)
                self.assertIn("aot/", line)
                self.assertEqual(self.snapshot(), before)


# ---------------------------------------------------------------------------
# C1: a manifest that is not one is refused in one line, before building


class TestBadManifests(OutDirTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.out.mkdir()
        (self.out / "notes.txt").write_text("notes\n")

    def assert_manifest_refused(self, text: str) -> None:
        self.write_manifest(text)
        before = self.snapshot()
        line = self.refused()
        self.assertIn(f"{MANIFEST} is unreadable", line)
        self.assertEqual(self.snapshot(), before)

    def test_bad_values(self) -> None:
        for files, dirs in (("5", "[]"), ("null", "[]"), ("NaN", "[]"), ("[]", "3"), ('"notes.txt"', "[]"),
                            ('[["report.json"]]', "[]"), ('{"a": 1}', "[]")):
            with self.subTest(files=files, dirs=dirs):
                self.assert_manifest_refused(f'{{"format": "{FORMAT}", "files": {files}, "dirs": {dirs}}}')

    def test_deeply_nested(self) -> None:
        depth = 100_000
        self.assert_manifest_refused(f'{{"format": "{FORMAT}", "files": {"[" * depth}{"]" * depth}}}')

    def test_bad_entries(self) -> None:
        for entry in ("report\u0000.json", "notes.txt/x", "report.json/x", "aot/../../x", ""):
            with self.subTest(entry=entry):
                self.assert_manifest_refused(json.dumps({"format": FORMAT, "files": [entry], "dirs": []}))

    def test_manifest_that_is_a_directory(self) -> None:
        (self.out / MANIFEST).mkdir()
        for force in ((), ("--force",)):
            with self.subTest(force=force):
                self.assertIn(MANIFEST, self.refused(*force))

    def test_name_it_writes_is_a_directory(self) -> None:
        # --force replaces files of the names it writes; a directory of such a
        # name cannot be replaced: refused before anything is built
        (self.out / "report.json").mkdir()
        (self.out / "report.json" / "inside.txt").write_text("inside\n")
        line = self.refused("--force")
        self.assertIn("report.json", line)
        self.assertIn("not a file", line)
        self.assertEqual((self.out / "report.json" / "inside.txt").read_text(), "inside\n")

    def test_listed_file_that_cannot_be_replaced(self) -> None:
        self.ok(fake=FakeCompile("first"))
        target = self.out / "output_code_0.py"
        if subprocess.run(["chattr", "+i", str(target)], capture_output=True).returncode != 0:
            self.skipTest("chattr +i is not available here (needs root and a filesystem with the flag)")
        self.addCleanup(subprocess.run, ["chattr", "-i", str(target)], capture_output=True)
        before = self.snapshot()
        line = self.refused()
        self.assertIn("output_code_0.py", line)
        self.assertEqual(self.snapshot(), before)


# ---------------------------------------------------------------------------
# M2, M6, D3: values refused before anything is built


class TestRefusedUpFront(OutDirTestCase):
    def test_run_on_a_cuda_target(self) -> None:
        line = self.refused("--target", "h100", "--run")
        self.assertIn("--run", line)
        self.assertIn("h100", line)
        self.assertIn("xpu", line)
        self.assertFalse(self.out.exists())

    def test_empty_out(self) -> None:
        cwd = os.getcwd()
        os.chdir(self.tmp)
        self.addCleanup(os.chdir, cwd)
        line = self.refused(out="")
        self.assertIn("--out", line)
        self.assertEqual(os.listdir(self.tmp), [])

    def test_over_long_out(self) -> None:
        for out, problem in (
            (self.tmp / "a" / ("n" * 256) / "b", "longer than"),
            (self.tmp.joinpath(*["d" * 250] * 20), "longer than"),
        ):
            with self.subTest(out=str(out)[:80]):
                line = self.refused(out=out)
                self.assertIn(problem, line)
                self.assertEqual(os.listdir(self.tmp), [])

    def test_world_size_bound(self) -> None:
        for n in ("2147483648", "2147483647", "100000000", "131073"):
            with self.subTest(world_size=n):
                line = self.refused("--train", "--distributed", "ddp", "--world-size", n)
                self.assertIn("--world-size", line)
                self.assertIn("131072", line)
        # the bound itself is accepted
        CompileOptions(train=True, distributed="ddp", world_size=131072).validate()
        with self.assertRaises(CompileUsageError):
            CompileOptions(train=True, distributed="ddp", world_size=131073).validate()


if __name__ == "__main__":
    run_tests()
