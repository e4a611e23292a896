# Owner(s): ["module: inductor"]
"""The bench toolkit (tools/bench/benchlib): the child-process protocol every
benchmark uses to run a variant in a fresh process, and the shared summaries
and writers.  Children here are tiny ``python -c`` programs: no torch."""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"

from benchlib import child, machine, report  # noqa: E402


# A child that writes {"argv": its arguments} as its result (it imports benchlib: the root is on PYTHONPATH).
WRITER = (
    "import sys; from benchlib.child import write_child_out; "
    "write_child_out(sys.argv[sys.argv.index('--child-out') + 1], {'argv': sys.argv[1:]})"
)


class TestChildProtocol(TestCase):
    def test_result_comes_back_through_child_out(self) -> None:
        run = child.run_child([sys.executable, "-c", WRITER, "--x", "1"], env={"PATH": os.environ.get("PATH", "")})
        self.assertEqual(run.returncode, 0)
        self.assertFalse(run.timed_out)
        argv = run.result["argv"]
        self.assertEqual(argv[:2], ["--x", "1"])
        self.assertEqual(argv[2], child.CHILD_OUT)
        self.assertFalse(Path(argv[3]).exists(), "the temporary result file is removed after reading")

    def test_result_kept_where_asked_and_stale_one_removed(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "sub" / "r.json"
            out.parent.mkdir()
            out.write_text('{"stale": true}')
            result = child.child_result([sys.executable, "-c", WRITER], out=out)
            self.assertNotIn("stale", result)
            self.assertEqual(json.loads(out.read_text()), result)
            # a child that writes nothing: the stale file must not pass for its result
            out.write_text('{"stale": true}')
            run = child.run_child([sys.executable, "-c", "pass"], out=out)
            self.assertIsNone(run.result)
            self.assertEqual(run.describe_exit(), "exited with code 0 without a result")

    def test_failure_and_timeout(self) -> None:
        with self.assertRaisesRegex(child.ChildError, "exited with code 3 without a result"):
            child.child_result([sys.executable, "-c", "import sys; sys.exit(3)"])
        run = child.run_child([sys.executable, "-c", "import time; time.sleep(60)"], timeout=0.5)
        self.assertTrue(run.timed_out)
        self.assertIsNone(run.returncode)
        self.assertLess(run.elapsed_s, 30)
        self.assertEqual(run.describe_exit(), "timed out; killed")
        run = child.run_child([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"])
        self.assertEqual(run.describe_exit(), "killed by SIGTERM")

    def test_child_env_puts_the_bench_root_first_once(self) -> None:
        env = child.child_env({"PYTHONPATH": "/elsewhere"})
        self.assertEqual(env["PYTHONPATH"].split(os.pathsep), [str(child.BENCH_ROOT), "/elsewhere"])
        self.assertEqual(child.child_env(env)["PYTHONPATH"], env["PYTHONPATH"])
        self.assertEqual(child.BENCH_ROOT, BENCH.resolve())


class TestSummariesAndWriters(TestCase):
    def test_geomean_skips_what_is_not_a_positive_number(self) -> None:
        self.assertAlmostEqual(report.geomean([3, 0.5, None, "x", 0, -1]), math.sqrt(1.5))
        self.assertIsNone(report.geomean([None, 0]))

    def test_writers_make_folders(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = report.write_json(Path(tmp) / "a" / "r.json", {"p": Path("/x")})
            self.assertEqual(json.loads(path.read_text()), {"p": "/x"})
            path = report.write_csv(Path(tmp) / "b" / "r.csv", [{"a": 1.0, "b": None}], ["a", "b"])
            self.assertEqual(path.read_text(), "a,b\n1.000000,\n")
            self.assertEqual(report.write_text(Path(tmp) / "c" / "r.md", "# t\n").read_text(), "# t\n")

    def test_machine_lines(self) -> None:
        line = machine.machine_description()
        self.assertIn(f"{os.cpu_count()} CPU cores, {machine.cpu_name()}", line)
        self.assertTrue(line.endswith(f", oneDNN ISA {machine.onednn_isa()}"), line)
        line = machine.versions_line("2.15.0", triton=None, timm="1.0")
        self.assertEqual(line.split(", ")[1:], ["torch 2.15.0", "timm 1.0"])


if __name__ == "__main__":
    run_tests()
