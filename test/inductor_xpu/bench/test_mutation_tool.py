# Owner(s): ["module: inductor"]
"""tools/bench/mutation.py's arguments (issue 45 R18): a golden program,
dtype, operator or suite model that does not exist, a timeout that is not a
positive number of seconds, or nothing to run is an argument error (exit
status 2, naming it) before anything runs, and no record is written (with
the default ``--out`` an empty run replaced the committed record).  Nothing
is compiled."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"
if str(BENCH) not in sys.path:  # run as a script: conftest.py has not put it there
    sys.path.insert(0, str(BENCH))

import mutation  # noqa: E402
import mutation_report  # noqa: E402


class TestArguments(TestCase):
    def refused(self, *argv: str) -> str:
        """``mutation.py argv`` exits 2 and writes nothing; its stderr."""
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "record"
            stderr = io.StringIO()
            with contextlib.redirect_stderr(stderr), self.assertRaises(SystemExit) as exit:
                mutation.main([*argv, "--out", str(out)])
            self.assertEqual(exit.exception.code, 2, stderr.getvalue())
            self.assertEqual(sorted(p.name for p in Path(tmp).iterdir()), [])
        return stderr.getvalue()

    def test_a_program_that_does_not_exist(self):
        self.assertIn("no golden program 'NOSUCH'", self.refused("--programs", "NOSUCH"))
        self.assertIn("no golden program 'NOSUCH'", self.refused("--programs", "layer_norm,NOSUCH"))

    def test_a_timeout_that_is_not_positive(self):
        for value in ("0", "-5", "nan", "inf", "abc"):
            with self.subTest(timeout=value):
                self.assertIn("--timeout", self.refused("--programs", "layer_norm", "--timeout", value))

    def test_a_dtype_that_does_not_exist(self):
        err = self.refused("--programs", "layer_norm", "--dtypes", "fp99")
        self.assertIn("'fp99' is not a dtype (choose from fp32, fp16, bf16)", err)
        self.assertNotIn("Traceback", err)

    def test_an_operator_or_suite_model_that_does_not_exist(self):
        self.assertIn("no operator 'nosuch'", self.refused("--programs", "layer_norm", "--operators", "nosuch"))
        self.assertIn("no suite model 'NoSuchModel'", self.refused("--programs", "none", "--suite", "NoSuchModel"))

    def test_nothing_to_run(self):
        self.assertIn("nothing to run", self.refused("--programs", "none"))


class TestMergedRecords(TestCase):
    """A record merged from runs made apart (issue 45 R9: the new operator
    run alone, merged with the earlier runs' rows): each run keeps the
    machine it ran on, and a program run by several runs is one row."""

    def test_runs_keep_their_machine_and_programs_are_not_counted_twice(self):
        clean = {"subject": "layer_norm", "kind": "golden", "dtype": "fp32", "freezing": False,
                 "accuracy": "PASS", "plan": "PASS", "mutants_found": 40, "mutants_run": 30, "seconds": 10.0}
        with tempfile.TemporaryDirectory() as tmp:
            old, new = Path(tmp) / "old.json", Path(tmp) / "new.json"
            old.write_text(json.dumps({"runs": [{"command": "a", "settings": {}}], "clean": [clean],
                                       "mutants": [{"operator": "literal"}]}))
            old.with_suffix(".md").write_text("| machine | Xeon, AVX-512 |\n| versions | torch 2.15.0 |\n")
            later = {**clean, "plan": "FAIL", "mutants_found": 4, "mutants_run": 4, "seconds": 1.5}
            new.write_text(json.dumps({"runs": [{"command": "b", "settings": {}, "machine": "EPYC, AVX2",
                                                 "versions": "torch 2.15.0"}],
                                       "clean": [later], "mutants": [{"operator": "precision_loss"}]}))
            runs, summaries, rows = mutation_report.merge_records([str(old), str(new)])
        self.assertEqual([r["machine"] for r in runs], ["Xeon, AVX-512", "EPYC, AVX2"])
        self.assertEqual(len(rows), 2)
        (summary,) = summaries
        self.assertEqual((summary["plan"], summary["mutants_found"], summary["mutants_run"], summary["seconds"]),
                         ("FAIL", 44, 34, 11.5))
        self.assertEqual(mutation_report._per_run(runs, "machine", "here"),
                         ["| machine | Xeon, AVX-512 (runs 1) |", "| machine | EPYC, AVX2 (runs 2) |"])
        self.assertEqual(mutation_report._per_run(runs, "versions", "here"), ["| versions | torch 2.15.0 |"])


if __name__ == "__main__":
    run_tests()
