# Owner(s): ["module: inductor"]
"""tools/patches.py: check, apply (plain tree and git), export, and the edit loop.

A full PyTorch checkout cannot be had here, so the git tests build one from
the installed torch's Python files (they equal the source tree's files at the
release tag), commit them as the base, and apply or export the series onto it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from collections.abc import Mapping
from pathlib import Path
from unittest import mock

import torch

from inductor_xpu import config
from inductor_xpu.series import PatchSeries, PatchStatus, apply_series
from inductor_xpu.series.trees import TorchTree
from inductor_xpu.series.series import release_of
from inductor_xpu.series.writer import FileChange, render_patch
from torch._inductor.test_case import run_tests, TestCase


# The patch whose context an upstream drift changes in the tests below.
DRIFTED = "0030-"
REPO = Path(__file__).resolve().parents[3]
TOOL = REPO / "tools" / "patches.py"
GIT_ID = [
    "-c", "user.name=Test", "-c", "user.email=test@example.com",
    "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main",
]


# How run_tool runs tools/patches.py after a prelude: in the same process, as
# its command line does.
_RUN_TOOL = """
import runpy, sys
sys.argv = [{tool!r}, *sys.argv[1:]]
runpy.run_path({tool!r}, run_name="__main__")
"""


def run_tool(
    *argv: str, check: bool = True, prelude: str = "", env: Mapping[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    """``tools/patches.py ARGV`` in a subprocess.  ``prelude``: Python code
    run first in that process (a test hook, an import blocker); ``env``:
    variables to set (None: to remove) on top of a test git identity."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
    environ.update({"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com",
                    "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "t@example.com"})
    for key, value in (env or {}).items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    command = [sys.executable, str(TOOL)] if not prelude else [
        sys.executable, "-c", prelude + _RUN_TOOL.format(tool=str(TOOL))
    ]
    proc = subprocess.run(
        [*command, *argv], capture_output=True, text=True, env=environ, timeout=600
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"patches.py {' '.join(argv)} -> {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


def git(root: Path, *argv: str) -> str:
    return subprocess.run(
        ["git", *GIT_ID, "-C", str(root), *argv], capture_output=True, text=True, check=True
    ).stdout


class ToolTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.series = PatchSeries.load(config.series_dir)

    def make_tree(self, name: str, *, with_tests: bool, git_repo: bool = False) -> Path:
        """torch/_inductor/**.py, torch/__init__.py and version.py of the installed torch."""
        root = self.tmp / name
        src = TorchTree.installed().root / "torch"
        shutil.copytree(src / "_inductor", root / "torch" / "_inductor",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        for f in ("__init__.py", "version.py"):
            shutil.copy(src / f, root / "torch" / f)
        # and every other torch file the series touches
        for path in self.series.paths():
            if path.startswith("torch/") and (TorchTree.installed().root / path).is_file():
                (root / path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(TorchTree.installed().root / path, root / path)
        if with_tests:
            (root / "test" / "inductor").mkdir(parents=True)
            (root / "test" / "inductor" / "README").write_text("in-tree tests\n")
        if git_repo:
            git(root.parent, "init", "-q", str(root))
            git(root, "add", "-A")
            git(root, "commit", "-q", "-m", "base: torch as installed")
        return root

    def drift(self, root: Path, prefix: str = DRIFTED) -> str:
        """Change one line the patch named ``prefix...`` changes, in the tree
        at ``root`` (as upstream drift would); returns the file's path."""
        patch = next(p for p in self.series.patches if p.name.startswith(prefix))
        fp = next(f for f in patch.files if f.path.startswith("torch/"))
        # a line the patch changes: neither the engine nor git's 3-way merge
        # can take the patch over it
        line = next(text for tag, text in fp.hunks[0].lines if tag == "-" and text.strip())
        target = root / fp.path
        text = target.read_text()
        self.assertEqual(text.count(line), 1, line)
        target.write_text(text.replace(line, line.rstrip("\n") + "  # drifted\n"))
        return fp.path

    @staticmethod
    def read_installed(path: str) -> str | None:
        target = TorchTree.installed().root / path
        return target.read_text() if target.exists() else None

    def overlay_result(self):
        return apply_series(self.series, self.read_installed, torch_version=torch.__version__)


# A prelude for run_tool: importing torch fails in the tool's process (and is
# reported at exit, even where the tool caught the ImportError), while
# find_spec("torch") still finds the installed torch, as the tool locates it.
BLOCK_TORCH = """
import atexit, importlib.abc, importlib.machinery, os, sys

class _BlockTorch(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    tried = []

    def find_spec(self, name, path, target=None):
        if name.partition(".")[0] != "torch":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None:
            spec.loader = self
        return spec

    def create_module(self, spec):
        self.tried.append(spec.name)
        raise ImportError(f"{spec.name} is blocked in this test")

    def exec_module(self, module):
        raise ImportError(f"{module.__name__} is blocked in this test")

def _report():
    if _BlockTorch.tried:
        sys.stderr.write(f"imported torch: {_BlockTorch.tried}\\n")
        sys.stderr.flush()
        os._exit(99)

atexit.register(_report)
sys.meta_path.insert(0, _BlockTorch())
"""


class TestCheck(ToolTestCase):
    def test_check_installed(self) -> None:
        out = run_tool("check", "--json").stdout
        data = json.loads(out)
        self.assertLessEqual({p["status"] for p in data["patches"]}, {"applied", "upstream", "not needed"})

    def test_check_reports_drift(self) -> None:
        root = self.make_tree("drift", with_tests=False)
        target = root / "torch/_inductor/lowering.py"
        target.write_text(target.read_text().replace("_CPU_GRAIN_SIZE = 32768", "_CPU_GRAIN_SIZE = 65536"))
        proc = run_tool("check", "--torch-dir", str(root), check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertRegex(proc.stdout, r"0060-\S+\s+does not apply: torch/_inductor/lowering.py hunk #1: context not found")
        self.assertRegex(proc.stdout, r"0004-\S+\s+applied")


    def test_check_imports_no_torch(self) -> None:
        """check runs with torch blocked from import (issue 22 item 5), on a
        --torch-dir tree and on the installed torch; so the autoload entry
        point never applies the overlay inside the patch tool."""
        root = self.make_tree("no-torch", with_tests=False)
        free = run_tool("check", "--torch-dir", str(root), prelude=BLOCK_TORCH, check=False)
        usual = run_tool("check", "--torch-dir", str(root), check=False)
        self.assertEqual(free.stderr, "")
        self.assertEqual((free.returncode, free.stdout), (usual.returncode, usual.stdout))
        self.assertRegex(free.stdout, r"0004-\S+\s+applied")
        installed = run_tool("check", prelude=BLOCK_TORCH, check=False)
        self.assertEqual(installed.stderr, "")
        self.assertEqual(
            installed.stdout.splitlines()[0], f"torch {torch.__version__} at {TorchTree.installed().root}"
        )


class TestApply(ToolTestCase):
    def test_plain_tree_in_place(self) -> None:
        root = self.make_tree("plain", with_tests=True)
        run_tool("apply", "--torch-dir", str(root))
        expected = self.overlay_result()
        for path in expected.changed_paths():
            self.assertEqual((root / path).read_text(), expected.patched[path], path)
        # the tests of the patches applied land in test/inductor/
        for state in expected.states:
            for f in state.applied.files if state.applied else ():
                if f.path.startswith("test/"):
                    self.assertTrue((root / f.path).is_file(), f.path)
        # now every patch is upstream there
        data = json.loads(run_tool("check", "--json", "--torch-dir", str(root)).stdout)
        self.assertLessEqual({p["status"] for p in data["patches"]}, {"upstream", "not needed"})

    def test_plain_tree_all_or_nothing(self) -> None:
        root = self.make_tree("atomic", with_tests=False)
        self.drift(root)
        before = (root / "torch/_inductor/lowering.py").read_text()
        proc = run_tool("apply", "--torch-dir", str(root), check=False)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("nothing written", proc.stderr)
        self.assertIn(DRIFTED, proc.stderr)
        # the lowering patches would have applied, but nothing is written
        self.assertEqual((root / "torch/_inductor/lowering.py").read_text(), before)


    def test_git_without_committer_identity_says_so_first(self) -> None:
        """git am commits as the user: with no identity, apply says so first
        (it said "does not apply ... reset" first; issue 24 item 7)."""
        home = self.tmp / "home"
        home.mkdir()
        # no identity; useConfigOnly keeps git from making one up from the host name
        (home / ".gitconfig").write_text("[user]\n\tuseConfigOnly = true\n")
        no_identity = {"HOME": str(home), "GIT_CONFIG_GLOBAL": str(home / ".gitconfig"), "GIT_CONFIG_NOSYSTEM": "1"}
        no_identity.update(dict.fromkeys(
            ["EMAIL", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"]
        ))
        root = self.make_tree("no-identity", with_tests=False, git_repo=True)
        head = git(root, "rev-parse", "HEAD")
        proc = run_tool("apply", "--torch-dir", str(root), check=False, env=no_identity)
        self.assertEqual(proc.returncode, 2, proc.stderr)
        self.assertIn("no committer identity", proc.stderr.splitlines()[0])
        self.assertIn("Committer identity unknown", proc.stderr)  # git's own words follow
        self.assertNotIn("does not apply", proc.stderr)
        self.assertEqual(git(root, "rev-parse", "HEAD"), head)
        self.assertEqual(git(root, "status", "--porcelain"), "")


def _snapshot(root: Path) -> dict[str, str]:
    """Every file and directory under ``root``: its mode and content digest."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
            out[str(path.relative_to(root))] = f"{oct(path.lstat().st_mode)} {digest}"
    return out


def _load_tool():
    """tools/patches.py as a module, to run it in this process."""
    name = "_inductor_xpu_patches_tool"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TOOL)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look themselves up there
        spec.loader.exec_module(module)
    return sys.modules[name]


class TestApplyWriteFailure(ToolTestCase):
    """apply on a plain tree writes all files or none, even when writing fails
    part way (issue 16: a read-only directory left 33 of 40 files written)."""

    def apply_in_process(self, root: Path, fail_at: int | None) -> tuple[int, str, str | None]:
        """Run ``patches.py apply`` where the ``fail_at``-th os.replace
        raises; returns the exit code, stderr and the file that failed."""
        tool = _load_tool()
        real_replace = os.replace
        calls = 0
        failed: list[str] = []

        def replace(src, dst):  # type: ignore[no-untyped-def]
            nonlocal calls
            calls += 1
            if calls == fail_at:
                failed.append(str(Path(dst).relative_to(root)))
                raise PermissionError(13, "Permission denied (simulated)", str(dst))
            return real_replace(src, dst)

        err = io.StringIO()
        with mock.patch("os.replace", replace), contextlib.redirect_stderr(err):
            rc = tool.main(["apply", "--torch-dir", str(root)])
        return rc, err.getvalue(), failed[0] if failed else None

    def test_failed_rename_puts_every_file_back(self) -> None:
        root = self.make_tree("rename", with_tests=True)
        tree = _load_tool().open_tree(str(root))
        expected = apply_series(self.series, tree.read, torch_version=tree.version, roots=tree.roots)
        changed = expected.changed_paths()  # torch/ and test/ files
        self.assertGreater(len(changed), 3)
        before = _snapshot(root)
        for fail_at in (1, len(changed) // 2, len(changed)):
            with self.subTest(fail_at=fail_at):
                rc, err, failed = self.apply_in_process(root, fail_at)
                self.assertIn(failed, changed)
                self.assertEqual(rc, 2, err)
                # one line naming the file that could not be written
                self.assertEqual(len(err.strip().splitlines()), 1, err)
                self.assertIn(f"could not write {failed}: Permission denied", err)
                self.assertIn("nothing was changed", err)
                after = _snapshot(root)
                self.assertEqual(sorted(set(after) ^ set(before)), [])
                self.assertEqual([p for p in before if after[p] != before[p]], [])
        # the tree is whole: a second apply works, and leaves no temporary files
        rc, err, _ = self.apply_in_process(root, None)
        self.assertEqual(rc, 0, err)
        for path in changed:
            self.assertEqual((root / path).read_text(), expected.patched[path], path)
        self.assertEqual(
            [p for p in _snapshot(root) if Path(p).name.startswith(".patches-")], []
        )

    @unittest.skipIf(hasattr(os, "geteuid") and os.geteuid() == 0, "root writes to a 0500 directory")
    def test_read_only_directory_writes_nothing(self) -> None:
        root = self.make_tree("read-only", with_tests=True)
        tree = _load_tool().open_tree(str(root))
        changed = apply_series(self.series, tree.read, torch_version=tree.version, roots=tree.roots).changed_paths()
        # a directory whose files come late in the write order
        blocked = (root / changed[-1]).parent
        before = _snapshot(root)
        blocked.chmod(0o500)
        self.addCleanup(blocked.chmod, 0o755)
        proc = run_tool("apply", "--torch-dir", str(root), check=False)
        blocked.chmod(0o755)
        self.assertEqual(proc.returncode, 2, proc.stderr)
        self.assertIn("could not write ", proc.stderr)
        self.assertIn(str(blocked.relative_to(root)), proc.stderr)
        after = _snapshot(root)
        self.assertEqual(sorted(set(after) ^ set(before)), [])
        self.assertEqual([p for p in before if after[p] != before[p]], [])


@unittest.skipUnless(
    release_of(torch.__version__) == release_of(PatchSeries.load(config.series_dir).base.version),
    "source checkouts get the primaries, cut against the series' base release",
)
class TestExport(ToolTestCase):
    def test_export_one_commit_per_patch(self) -> None:
        root = self.make_tree("pytorch", with_tests=True, git_repo=True)
        base = git(root, "rev-parse", "HEAD").strip()
        run_tool("export", "--torch-dir", str(root), "--branch", "xpu-series")
        log = git(root, "log", "--format=%an <%ae>|%s", f"{base}..HEAD").splitlines()
        # one commit per patch this release does not already have
        states = self.overlay_result().states
        exported = [s.patch for s in states if s.status is PatchStatus.APPLIED]
        self.assertEqual(len(log), len(exported))
        skipped = (PatchStatus.UPSTREAM, PatchStatus.NOT_NEEDED)
        self.assertEqual(len(exported) + sum(s.status in skipped for s in states), len(states))
        # newest first in git log; authors and subjects kept from the patches
        for line, patch in zip(reversed(log), exported):
            self.assertEqual(line, f"{patch.author}|{patch.subject}")
        self.assertEqual(git(root, "rev-parse", "--abbrev-ref", "HEAD").strip(), "xpu-series")
        # each commit touches exactly its patch's files
        commits = git(root, "rev-list", "--reverse", f"{base}..HEAD").split()
        for commit, patch in zip(commits, exported):
            files = git(root, "show", "--name-only", "--format=", commit).split()
            self.assertEqual(sorted(files), sorted(patch.paths))
        # the final tree equals the overlay's in-memory result for every touched file
        expected = self.overlay_result()
        for path in expected.changed_paths():
            self.assertEqual((root / path).read_text(), expected.patched[path], path)
        self.assertEqual(git(root, "status", "--porcelain"), "")

    def test_failed_export_leaves_checkout_as_it_was(self) -> None:
        root = self.make_tree("pytorch-drift", with_tests=True, git_repo=True)
        self.drift(root)
        git(root, "commit", "-q", "-am", "drift")
        head = git(root, "rev-parse", "HEAD").strip()
        proc = run_tool("export", "--torch-dir", str(root), check=False)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn(DRIFTED, proc.stderr)
        self.assertEqual(git(root, "rev-parse", "HEAD").strip(), head)
        self.assertEqual(git(root, "status", "--porcelain"), "")


class TestEditLoop(ToolTestCase):
    def copy_series(self) -> Path:
        d = self.tmp / "series"
        shutil.copytree(config.series_dir, d)
        return d

    def test_edit_refresh_roundtrip_is_identity(self) -> None:
        d = self.copy_series()
        work = self.tmp / "work"
        here = release_of(torch.__version__)
        base = release_of(self.series.base.version)
        for state in self.overlay_result().states:
            patch = state.applied
            # a text is the tool's output on the release it was cut against
            # (the primary on the base release, a backport on its own)
            if patch is None or (patch.release or base) != here:
                continue
            extra = ("--backport", patch.release) if patch.release else ()
            run_tool("--series", str(d), "--workdir", str(work), "edit", patch.name, *extra)
            run_tool("--series", str(d), "--workdir", str(work), "refresh")
            written = d / "backports" / patch.release / patch.name if patch.release else d / patch.name
            self.assertEqual(written.read_text(), patch.text, patch.label)
            self.assertFalse(work.exists())

    def test_new_patch_then_refresh(self) -> None:
        d = self.copy_series()
        work = self.tmp / "work"
        path = "torch/_inductor/lowering.py"
        run_tool("--series", str(d), "--workdir", str(work), "new",
                 "0099-test-new-thing", path, "--subject", "[inductor] new thing")
        edited = work / path
        text = edited.read_text()
        # the work copy already has the series applied
        self.assertIn("get_interface_for_device(device.type)", text)
        edited.write_text(text.replace("_CPU_GRAIN_SIZE = 32768", "_CPU_GRAIN_SIZE = 32768  # grain"))
        run_tool("--series", str(d), "--workdir", str(work), "refresh")
        self.assertIn("0099-test-new-thing.patch", (d / "series").read_text().split())
        series = PatchSeries.load(d)
        new = series.patches[-1]
        self.assertEqual(new.subject, "[inductor] new thing")
        self.assertEqual(new.paths, [path])
        result = apply_series(series, self.read_installed, torch_version=torch.__version__)
        self.assertEqual(result.failed, [])
        self.assertEqual(result.states[-1].status, PatchStatus.APPLIED)
        self.assertIn("# grain", result.patched[path])

    def test_refresh_without_edit_is_an_error(self) -> None:
        proc = run_tool("--workdir", str(self.tmp / "none"), "refresh", check=False)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("nothing is being edited", proc.stderr)


def _tiny_tree(root: Path, version: str, text: str) -> Path:
    (root / "torch" / "_inductor").mkdir(parents=True)
    (root / "torch" / "__init__.py").write_text("")
    (root / "torch" / "version.py").write_text(f"__version__ = '{version}'\n")
    (root / "torch" / "_inductor" / "x.py").write_text(text)
    return root


class TestRebase(ToolTestCase):
    """rebase: git 3-way replay onto another release, reported per patch."""

    OLD = "".join(f"v{i} = {i}\n" for i in range(40))

    def make_series(self) -> Path:
        d = self.tmp / "series"
        d.mkdir()
        (d / "BASE").write_text("base: 1.1.0\n")
        path = "torch/_inductor/x.py"

        def one(name: str, old_line: str, new_line: str) -> None:
            text = render_patch(
                author="A U Thor <a@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
                subject=name, message=f"Why {name}.\n\nTest Plan: none.",
                changes=[FileChange(path, self.OLD, self.OLD.replace(old_line, new_line))],
            )
            (d / f"{name}.patch").write_text(text)

        one("0001-t-clean", "v2 = 2\n", "v2 = 'two'\n")
        one("0002-t-merge", "v12 = 12\n", "v12 = 'twelve'\n")
        one("0003-t-conflict", "v22 = 22\n", "v22 = 'twenty-two'\n")
        one("0004-t-upstream", "v32 = 32\n", "v32 = 'thirty-two'\n")
        (d / "series").write_text("".join(f"{n}\n" for n in sorted(p.name for p in d.glob("*.patch"))))
        return d

    def test_rebase_reports_and_recuts(self) -> None:
        d = self.make_series()
        new = (
            self.OLD.replace("v14 = 14\n", "v14 = 'drift beside'\n")  # context only: 3-way merges it
            .replace("v22 = 22\n", "v22 = 'upstream took another way'\n")  # the changed line: conflict
            .replace("v32 = 32\n", "v32 = 'thirty-two'\n")  # already there
        )
        old_root = _tiny_tree(self.tmp / "old", "1.1.0", self.OLD)
        new_root = _tiny_tree(self.tmp / "new", "1.2.0+cpu", new)
        work = self.tmp / "work"
        proc = run_tool("--series", str(d), "--workdir", str(work), "rebase",
                        "--from", str(old_root), "--onto", str(new_root), "--write", check=False)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)  # one conflict
        out = proc.stdout
        self.assertRegex(out, r"0001-t-clean.patch\s+rebased cleanly")
        self.assertRegex(out, r"0002-t-merge.patch\s+rebased with a 3-way merge")
        self.assertRegex(out, r"0003-t-conflict.patch\s+conflicted")
        self.assertRegex(out, r"0004-t-upstream.patch\s+upstream")
        self.assertIn("1 rebased cleanly, 1 rebased with a 3-way merge, 1 upstream", out)
        conflict = (work.with_name("work-rebase") / "conflicts" / "0003-t-conflict.patch").read_text()
        self.assertIn("<<<<<<<", conflict)
        series = PatchSeries.load(d)
        result = apply_series(series, lambda p: new if p.endswith("x.py") else None, torch_version="1.2.0")
        self.assertEqual(
            [s.status.value for s in result.states], ["applied", "applied", "does not apply", "upstream"]
        )
        merged = series.patches[1]
        self.assertIn("Cut-against: torch 1.2.0", merged.message)
        # the text that the old release needs is kept as its backport
        self.assertEqual(sorted(p.name for p in (d / "backports" / "1.1").iterdir()), ["0002-t-merge.patch"])
        self.assertIn("Backports: 1.1", merged.message)
        old_result = apply_series(series, lambda p: self.OLD if p.endswith("x.py") else None, torch_version="1.1.0")
        self.assertEqual([s.describe() for s in old_result.states][:2], ["applied", "applied (backport 1.1)"])


if __name__ == "__main__":
    run_tests()
