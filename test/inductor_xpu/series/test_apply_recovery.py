# Owner(s): ["module: inductor"]
"""tools/patches.py apply on a plain tree, interrupted or pointed through a
symbolic link (issue 24 items 3 and 6).

A small synthetic tree and series (five files: changed, added in a new
directory, deleted) stand for torch and the series, so that ``apply`` can be
killed at every step of its switch from the old files to the new ones: each
rename, marking the journal committed, and removing the kept originals
(``inductor_xpu.series.trees.before_step``, a hook for tests).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_patches_tool import REPO, _snapshot, run_tool  # noqa: E402

from inductor_xpu.series import PatchSeries, apply_series  # noqa: E402
from inductor_xpu.series.journal import JOURNAL  # noqa: E402
from inductor_xpu.series.trees import read_under  # noqa: E402
from inductor_xpu.series.writer import FileChange, render_patch  # noqa: E402
from torch._inductor.test_case import run_tests, TestCase  # noqa: E402


X = "".join(f"x{i} = {i}\n" for i in range(20))
Y = "".join(f"y{i} = {i}\n" for i in range(20))
U = "".join(f"u{i} = {i}\n" for i in range(20))
GONE = "gone = True\n"
TREE = {
    "torch/__init__.py": "",
    "torch/version.py": "__version__ = '1.1.0'\n",
    "torch/_inductor/x.py": X,
    "torch/_inductor/y.py": Y,
    "torch/_inductor/gone.py": GONE,
    "torch/_dynamo/utils.py": U,
}


def make_tree(root: Path) -> Path:
    for path, text in TREE.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


def make_series(directory: Path) -> Path:
    directory.mkdir()
    (directory / "BASE").write_text("base: 1.1.0\n")

    def one(name: str, changes: list[FileChange]) -> None:
        (directory / f"{name}.patch").write_text(render_patch(
            author="A U Thor <a@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject=name, message=f"Why {name}.\n\nTest Plan: none.", changes=changes,
        ))

    one("0001-t-two-dirs", [
        FileChange("torch/_inductor/x.py", X, X.replace("x3 = 3\n", "x3 = 'three'\n")),
        FileChange("torch/_dynamo/utils.py", U, U.replace("u5 = 5\n", "u5 = 'five'\n")),
    ])
    one("0002-t-new-and-deleted", [
        FileChange("torch/_inductor/y.py", Y, Y.replace("y7 = 7\n", "y7 = 'seven'\n")),
        FileChange("torch/_inductor/newdir/z.py", None, "z = 1\n"),
        FileChange("torch/_inductor/gone.py", GONE, None),
    ])
    (directory / "series").write_text("0001-t-two-dirs.patch\n0002-t-new-and-deleted.patch\n")
    return directory


def kill_at(step: int, signum: int) -> str:
    """A prelude for run_tool: send ``signum`` to the tool's own process
    before step ``step`` of its write."""
    return (
        f"import os, sys\nsys.path.insert(0, {str(REPO)!r})\n"
        "from inductor_xpu.series import trees\n"
        f"trees.before_step = lambda k: k == {step} and os.kill(os.getpid(), {int(signum)})\n"
    )


AS_FROM_A_TERMINAL = (
    "import signal\n"
    "signal.signal(signal.SIGHUP, signal.SIG_DFL)\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
)


class RecoveryTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.series = make_series(self.tmp / "series")
        self.pristine = make_tree(self.tmp / "pristine")
        self.before = _snapshot(self.pristine)
        result = apply_series(PatchSeries.load(self.series), read_under(self.pristine), torch_version="1.1.0")
        self.assertEqual(result.failed, [])
        self.renames = len(result.changed_paths())  # one per file
        self.assertEqual(self.renames, 5)
        # the fully patched tree, written here without the tool
        patched = self.fresh("patched")
        for path in result.changed_paths():
            text = result.patched[path]
            if text is None:
                (patched / path).unlink()
            else:
                (patched / path).parent.mkdir(exist_ok=True)
                (patched / path).write_text(text)
        self.after = _snapshot(patched)
        self.assertNotEqual(self.after, self.before)

    def fresh(self, name: str) -> Path:
        return Path(shutil.copytree(self.pristine, self.tmp / name))

    def tool(self, *argv: str, prelude: str = "") -> tuple[int, str, str]:
        if prelude:
            # the signals these tests send reach the tool as from a terminal:
            # started under nohup or as a background job (a CI runner, say),
            # it inherits SIGHUP and SIGINT ignored, and the journal then
            # leaves them ignored, as it should
            prelude = AS_FROM_A_TERMINAL + prelude
        proc = run_tool("--series", str(self.series), *argv, prelude=prelude, check=False)
        return proc.returncode, proc.stdout, proc.stderr

    def assert_refused_by_check(self, root: Path) -> None:
        """check reads no half-written tree: one line naming recover."""
        rc, out, err = self.tool("check", "--torch-dir", str(root))
        self.assertEqual((rc, out), (2, ""), err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn(f"recover --torch-dir {root}", err)

    def assert_refused_everywhere(self, root: Path, says: str, *untouched: Path, and_says: str = "") -> None:
        snapshots = [_snapshot(d) for d in (root, *untouched)]
        for command in ("recover", "check", "apply"):
            with self.subTest(command=command):
                rc, out, err = self.tool(command, "--torch-dir", str(root))
                self.assertEqual(rc, 2, out + err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
                self.assertIn(says, err)
                self.assertIn(and_says, err)
                self.assertNotIn("Traceback", err)
                self.assertEqual([_snapshot(d) for d in (root, *untouched)], snapshots)


class TestKilledApply(RecoveryTestCase):
    """SIGKILL at every step: the journal lets the next command put the tree
    back (killed at a rename or before the commit: rolled back) or finish it
    (killed after the commit: completed); nothing of the write is left."""

    def kill(self, step: int) -> Path:
        root = self.fresh(f"killed-at-{step}")
        rc, _, err = self.tool("apply", "--torch-dir", str(root), prelude=kill_at(step, signal.SIGKILL))
        self.assertEqual(rc, -signal.SIGKILL, err)
        self.assertTrue((root / JOURNAL).is_file())
        self.assertNotEqual(_snapshot(root), self.before)  # staged files, kept originals, journal
        return root

    def test_recover_after_sigkill_at_every_step(self) -> None:
        steps = self.renames + 2  # the renames, marking the journal committed, removing the kept originals
        for step in range(steps):
            with self.subTest(step=step):
                root = self.kill(step)
                self.assert_refused_by_check(root)
                rc, out, err = self.tool("recover", "--torch-dir", str(root))
                self.assertEqual(rc, 0, err)
                completed = step == steps - 1
                self.assertIn("completed" if completed else "rolled back", out)
                self.assertEqual(_snapshot(root), self.after if completed else self.before)
                rc, out, err = self.tool("recover", "--torch-dir", str(root))
                self.assertEqual(rc, 0, err)
                self.assertIn("no interrupted apply to recover", out)
        # there is no further step: a hook for it never fires
        root = self.fresh("not-killed")
        rc, _, err = self.tool("apply", "--torch-dir", str(root), prelude=kill_at(steps, signal.SIGKILL))
        self.assertEqual(rc, 0, err)
        self.assertEqual(_snapshot(root), self.after)

    def test_apply_after_sigkill_at_every_step(self) -> None:
        for step in range(self.renames + 2):
            with self.subTest(step=step):
                root = self.kill(step)
                rc, out, err = self.tool("apply", "--torch-dir", str(root))
                self.assertEqual(rc, 0, err)
                self.assertIn("the interrupted write of 5 file(s)", out)
                self.assertEqual(_snapshot(root), self.after)


class TestSignalledApply(RecoveryTestCase):
    """SIGTERM (timeout, CI cancellation) and SIGHUP roll back at once, as
    Ctrl-C does, then end the process as the signal says; one that comes
    after the commit waits until the write is complete."""

    def signal_at(self, step: int, signum: int) -> tuple[Path, str]:
        root = self.fresh(f"{signal.Signals(signum).name}-at-{step}")
        rc, _, err = self.tool("apply", "--torch-dir", str(root), prelude=kill_at(step, signum))
        self.assertEqual(rc, -signum, err)
        self.assertFalse((root / JOURNAL).exists())
        return root, err

    def test_sigterm_at_every_step(self) -> None:
        for step in range(self.renames + 1):
            with self.subTest(step=step):
                root, err = self.signal_at(step, signal.SIGTERM)
                self.assertIn("interrupted by SIGTERM", err)
                self.assertIn("every file was put back", err)
                self.assertEqual(_snapshot(root), self.before)
        root, _ = self.signal_at(self.renames + 1, signal.SIGTERM)
        self.assertEqual(_snapshot(root), self.after)

    def test_sighup_rolls_back(self) -> None:
        root, err = self.signal_at(2, signal.SIGHUP)
        self.assertIn("interrupted by SIGHUP", err)
        self.assertEqual(_snapshot(root), self.before)


class TestSymlinks(RecoveryTestCase):
    """No file is written through a symbolic link: refused in one line,
    exit 2, before anything is written."""

    def assert_refused(self, root: Path, link: str, *untouched: Path) -> None:
        snapshots = [_snapshot(d) for d in (root, *untouched)]
        rc, out, err = self.tool("apply", "--torch-dir", str(root))
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn(f"{link} is a symbolic link", err)
        self.assertEqual([_snapshot(d) for d in (root, *untouched)], snapshots)

    def test_directory_linked_out_of_the_tree(self) -> None:
        root = self.fresh("dir-link")
        outside = self.tmp / "outside"
        shutil.move(root / "torch" / "_dynamo", outside)
        (root / "torch" / "_dynamo").symlink_to(outside, target_is_directory=True)
        self.assert_refused(root, "torch/_dynamo", outside)
        self.assertEqual((outside / "utils.py").read_text(), U)

    def test_linked_file(self) -> None:
        root = self.fresh("file-link")
        target = root / "torch" / "_inductor" / "x.py"
        target.rename(target.with_name("x_real.py"))
        target.symlink_to("x_real.py")
        self.assert_refused(root, "torch/_inductor/x.py")
        self.assertTrue(target.is_symlink())
        self.assertEqual(target.read_text(), X)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def entry(path: str, original: str | None, new: str | None) -> dict[str, str | None]:
    """A journal entry as write_files makes it (token 0000beef)."""
    name = path.rsplit("/", 1)[-1]
    return {
        "path": path, "original": original, "new": new,
        "staged": None if new is None else f".patches-new-0000beef-{name}",
        "aside": None if original is None else f".patches-old-0000beef-{name}",
    }


class TestUntrustedJournal(RecoveryTestCase):
    """A journal is input like any other: one that names a path through a
    symbolic link, or that does not parse, is refused by recover, check and
    apply in one line, exit 2, and nothing is changed (issue 26 D1, C2)."""

    def write_journal(self, root: Path, files: list[dict[str, str | None]], dirs: list[str] = ()) -> None:
        data = {"format": 1, "committed": False, "dirs": list(dirs), "files": files}
        (root / JOURNAL).write_text(json.dumps(data))

    def test_recover_never_goes_through_a_linked_directory(self) -> None:
        root = self.fresh("linked")
        outside = self.tmp / "outside"
        (outside / "sub").mkdir(parents=True)
        (outside / "victim.py").write_text("precious\n")
        (root / "torch" / "link").symlink_to(outside, target_is_directory=True)
        # what recover would delete: a file "the write added" and a directory "it created"
        self.write_journal(
            root,
            [entry("torch/link/victim.py", None, sha("precious\n")), entry("torch/link/sub/n.py", None, sha(""))],
            dirs=["torch/link/sub"],
        )
        self.assert_refused_everywhere(root, "torch/link is a symbolic link", outside)
        self.assertEqual((outside / "victim.py").read_text(), "precious\n")
        self.assertTrue((outside / "sub").is_dir())

    def test_linked_file_or_kept_name(self) -> None:
        root = self.fresh("linked-file")
        outside = self.tmp / "outside.py"
        outside.write_text(X)
        x = root / "torch" / "_inductor" / "x.py"
        kept = x.with_name(".patches-old-0000beef-x.py")
        kept.symlink_to(outside)  # rolling back would put the link in x.py's place
        self.write_journal(root, [entry("torch/_inductor/x.py", sha(X), sha(Y))])
        self.assert_refused_everywhere(root, ".patches-old-0000beef-x.py is a symbolic link", self.tmp / "outside.py")
        self.assertFalse(x.is_symlink())

    def test_deeply_nested_journal(self) -> None:
        root = self.fresh("nested")
        (root / JOURNAL).write_text("[" * 100_000 + "]" * 100_000)
        self.assert_refused_everywhere(root, "nested too deeply")

    def test_nul_byte_in_a_path(self) -> None:
        root = self.fresh("nul")
        self.write_journal(root, [entry("torch/_inductor/x\0.py", None, sha(X))])
        self.assert_refused_everywhere(root, "is not a path inside the tree")

    def test_sigint_during_recover(self) -> None:
        root = self.fresh("sigint")
        rc, _, err = self.tool("apply", "--torch-dir", str(root), prelude=kill_at(3, signal.SIGKILL))
        self.assertEqual(rc, -signal.SIGKILL, err)
        # Ctrl-C while the second file is put back
        prelude = (
            f"import os, signal, sys\nsys.path.insert(0, {str(REPO)!r})\n"
            "from inductor_xpu.series.journal import WriteJournal\n"
            "put_back, calls = WriteJournal._put_back, []\n"
            "def interrupted(self, entry):\n"
            "    calls.append(entry)\n"
            "    if len(calls) == 2:\n"
            "        os.kill(os.getpid(), signal.SIGINT)\n"
            "    return put_back(self, entry)\n"
            "WriteJournal._put_back = interrupted\n"
        )
        rc, out, err = self.tool("recover", "--torch-dir", str(root), prelude=prelude)
        self.assertIn(rc, (2, 130), out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn("interrupted", err)
        self.assertIn(f"recover --torch-dir {root} again", err)
        rc, out, err = self.tool("recover", "--torch-dir", str(root))
        self.assertEqual(rc, 0, err)
        self.assertIn("rolled back", out)
        self.assertEqual(_snapshot(root), self.before)


class TestUnusableJournal(RecoveryTestCase):
    """A journal of another tree, or a truncated one, left the tree stuck
    with no word on how to get out (issue 26 M3): every refusal now names
    ``recover --discard``, which removes such a journal once no staged file
    or kept original is left, and refuses otherwise."""

    def killed(self, name: str) -> Path:
        root = self.fresh(name)
        rc, _, err = self.tool("apply", "--torch-dir", str(root), prelude=kill_at(2, signal.SIGKILL))
        self.assertEqual(rc, -signal.SIGKILL, err)
        return root

    def assert_stuck_with_way_out(self, root: Path, says: str) -> None:
        self.assert_refused_everywhere(root, says, and_says=f"recover --discard --torch-dir {root}")

    def discard(self, root: Path) -> tuple[int, str, str]:
        return self.tool("recover", "--discard", "--torch-dir", str(root))

    def test_journal_of_another_tree(self) -> None:
        other = self.killed("other")
        root = self.fresh("here")
        x = root / "torch" / "_inductor" / "x.py"
        x.write_text(X + "x_local = 1\n")  # another release, say
        before = _snapshot(root)
        shutil.copy(other / JOURNAL, root / JOURNAL)
        self.assert_stuck_with_way_out(root, "does not describe this tree: torch/_inductor/x.py has other text")
        rc, out, err = self.discard(root)
        self.assertEqual(rc, 0, err)
        self.assertIn("removed the journal", out)
        self.assertEqual(_snapshot(root), before)
        rc, out, err = self.tool("check", "--torch-dir", str(root))
        self.assertNotIn(JOURNAL, out + err)

    def test_truncated_journal(self) -> None:
        root = self.killed("truncated")
        text = (root / JOURNAL).read_text()
        (root / JOURNAL).write_text(text[: len(text) // 2])
        self.assert_stuck_with_way_out(root, "the journal of an interrupted write is unreadable")
        # the kept originals of the write are there: discarding could lose them
        snapshot = _snapshot(root)
        rc, out, err = self.discard(root)
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn("not discarded", err)
        self.assertIn(".patches-old-", err)
        self.assertEqual(_snapshot(root), snapshot)
        # where none is left, it goes
        clean = self.fresh("truncated-clean")
        (clean / JOURNAL).write_text(text[: len(text) // 2])
        rc, out, err = self.discard(clean)
        self.assertEqual(rc, 0, err)
        self.assertEqual(_snapshot(clean), self.before)

    def test_discard_leaves_a_usable_journal(self) -> None:
        root = self.killed("usable")
        snapshot = _snapshot(root)
        rc, out, err = self.discard(root)
        self.assertEqual(rc, 2, out + err)
        self.assertIn("run recover without --discard", err)
        self.assertEqual(_snapshot(root), snapshot)
        rc, out, err = self.discard(self.fresh("none"))
        self.assertEqual((rc, out.strip()), (0, f"{self.tmp / 'none'}: no journal to discard"), err)


if __name__ == "__main__":
    run_tests()
