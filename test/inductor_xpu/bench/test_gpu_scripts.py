# Owner(s): ["module: inductor"]
"""tools/bench/gpu_suite.sh and gpu_checks.sh (issue 45 R17): they
installed the carried wheels into the fixed /tmp/site, put it on
PYTHONPATH, and used the fixed scratch directories /tmp/gpu_suite_work and
/tmp/gpu_checks -- paths another local user can create first.  Each script
runs here with a fake ``python3`` that only logs how it was called (no
torch, no GPU, a second or two): the wheels go to a new private directory
(mktemp -d), scratch too, and both are gone when the script exits."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import tempfile
import unittest
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
SCRIPTS = {name: REPO / "tools" / "bench" / name for name in ("gpu_suite.sh", "gpu_checks.sh")}

# logs each call's arguments and PYTHONPATH, one line each; succeeds
FAKE_PYTHON = """#!/usr/bin/env bash
echo "ARGS $* PYTHONPATH=${PYTHONPATH:-}" >> "$FAKE_LOG"
exit 0
"""


@unittest.skipIf(shutil.which("bash") is None, "needs bash")
class TestNoFixedTmpPaths(TestCase):
    def test_scripts_parse(self):
        for name, script in SCRIPTS.items():
            with self.subTest(script=name):
                subprocess.run(["bash", "-n", str(script)], check=True)

    def test_no_fixed_tmp_path_in_the_code(self):
        for name, script in SCRIPTS.items():
            code = [line for line in script.read_text().splitlines() if not line.lstrip().startswith("#")]
            with self.subTest(script=name):
                self.assertEqual([line for line in code if re.search(r"(?<![\w}])/tmp/", line)], [])

    def run_script(self, name: str) -> tuple[list[str], Path]:
        """``name`` run from a fake repository root with one carried wheel,
        a fake python3 first on PATH and TMPDIR a fresh directory: the fake
        python's log lines and that TMPDIR (after the run)."""
        root = Path(self.tmp.name)
        repo, bin_dir, tmpdir = root / "repo", root / "bin", root / "tmp"
        for d in (repo / ".whl", bin_dir, tmpdir):
            d.mkdir(parents=True)
        (repo / ".whl" / "expecttest-0.3.0-py3-none-any.whl").write_bytes(b"")
        python = bin_dir / "python3"
        python.write_text(FAKE_PYTHON)
        python.chmod(python.stat().st_mode | stat.S_IXUSR)
        log = root / "log.txt"
        env = {
            "PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(root), "TMPDIR": str(tmpdir),
            "FAKE_LOG": str(log), "OUT": str(root / "out"),
        }
        proc = subprocess.run(["bash", str(SCRIPTS[name]), *(["--device", "cpu", "--models", "m"]
                               if name == "gpu_suite.sh" else [])],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=120)
        if name == "gpu_suite.sh":  # gpu_checks.sh ends with a tail of a report the fake python never wrote
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertNotIn("unbound variable", proc.stderr)
        return log.read_text().splitlines(), tmpdir

    def setUp(self):
        super().setUp()
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def test_wheels_and_scratch_go_to_private_directories(self):
        for name, prefix in (("gpu_suite.sh", "gpu_suite_site."), ("gpu_checks.sh", "gpu_checks_site.")):
            with self.subTest(script=name):
                lines, tmpdir = self.run_script(name)
                (install,) = [line for line in lines if "--target" in line]
                site = Path(re.search(r"--target (\S+)", install).group(1))
                self.assertEqual(site.parent, tmpdir, install)
                self.assertTrue(site.name.startswith(prefix), install)
                # what the script then runs imports from there
                later = [line for line in lines[lines.index(install) + 1 :] if "PYTHONPATH=" in line]
                self.assertTrue(later and all(f"PYTHONPATH={site}" in line for line in later), later)
                self.assertEqual(list(tmpdir.iterdir()), [])  # site and scratch removed at exit
                self.tmp.cleanup()
                self.tmp = tempfile.TemporaryDirectory()


if __name__ == "__main__":
    run_tests()
