# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu compile --out DIR`` against a hostile or busy
``DIR``: temporary files never written through a planted link, a run that
fails or is interrupted keeps the previous run's outputs, two runs into one
directory, a manifest that lists files the tool did not write, manifests
that are not a manifest, and the ``--out``/``--run``/``--world-size``
values refused before anything is built.

Nothing here compiles: :class:`FakeCompile` stands in for
``inductor_xpu.targets.compile_for_target`` (each graph's "code" is a line
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
import unittest
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.analysis.sanitizer import CudaApiRecorder
from inductor_xpu.compile import CompileOptions, CompileUsageError
from inductor_xpu.compile.cli import EXIT_OK, EXIT_USAGE
from inductor_xpu.compile.outdir import MANIFEST
from inductor_xpu.targets import CompileReport, GeneratedCode
from inductor_xpu.targets.aot import AotSources


FORMAT = "inductor-xpu compile manifest 1"
EXIT_INTERRUPTED = 130


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
            aot = [AotSources(options.aot_dir, "aot_0/wrapper.cpp", None, ["aot_0/triton/triton_poi_0.py"],
                              "aot_0/metadata.json", texts, {})]
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
        with mock.patch("inductor_xpu.targets.compile_for_target", fake), contextlib.redirect_stdout(
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
