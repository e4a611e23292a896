# Owner(s): ["module: inductor"]
"""Series loading and application: bad input, atomicity, upstream detection."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import inductor_xpu.series

from hypothesis import given, settings, strategies as st
from test_overlay_hunks import PROFILE  # the project's fixed hypothesis profile

from inductor_xpu.series import (
    PatchApplyError,
    PatchSeries,
    PatchStatus,
    SeriesBase,
    SeriesFormatError,
    SupportedRange,
    TorchRelease,
    apply_series,
)
from inductor_xpu.series.trees import TorchTree
from inductor_xpu.series.writer import FileChange, render_patch
from torch._inductor.test_case import run_tests, TestCase


BASE = "base: 2.13.0\n"
A = "".join(f"a{i} = {i}\n" for i in range(12))
B = "".join(f"b{i} = {i}\n" for i in range(12))
FILES = {"torch/_inductor/a.py": A, "torch/_inductor/b.py": B}


def patch_text(subject: str, *changes: FileChange) -> str:
    return render_patch(
        author="A U Thor <author@example.com>",
        date="Mon, 1 Jan 2024 00:00:00 +0000",
        subject=subject,
        message=f"{subject}\n\nTest Plan: unit test.",
        changes=changes,
    )


def change(path: str, old_line: str, new_line: str, files=FILES) -> FileChange:
    old = files[path]
    assert old_line in old
    return FileChange(path, old, old.replace(old_line, new_line))


class SeriesDir:
    def __init__(self, testcase: TestCase) -> None:
        self._tmp = tempfile.TemporaryDirectory()
        testcase.addCleanup(self._tmp.cleanup)
        self.path = Path(self._tmp.name)
        (self.path / "BASE").write_text(BASE)

    def write(self, patches: dict[str, str], series: list[str] | None = None) -> Path:
        for name, text in patches.items():
            (self.path / name).write_text(text)
        names = series if series is not None else list(patches)
        (self.path / "series").write_text("# test series\n" + "\n".join(names) + "\n")
        return self.path


def read_from(files: dict[str, str]):
    return lambda path: files.get(path)


class TestBadInput(TestCase):
    """Each malformed input: a SeriesFormatError naming the place, nothing applied."""

    def load_error(self, text: str, name: str = "0001-test-bad.patch") -> str:
        d = SeriesDir(self).write({name: text})
        with self.assertRaises(SeriesFormatError) as cm:
            PatchSeries.load(d)
        return str(cm.exception)

    def good(self) -> str:
        return patch_text("[inductor] good", change("torch/_inductor/a.py", "a5 = 5", "a5 = 50"))

    def test_good_patch_loads(self) -> None:
        d = SeriesDir(self).write({"0001-test-good.patch": self.good()})
        series = PatchSeries.load(d)
        self.assertEqual(series.patches[0].paths, ["torch/_inductor/a.py"])
        self.assertEqual(series.base.version, "2.13.0")

    def test_truncated_hunk(self) -> None:
        text = self.good()
        cut = text[: text.index("+a5 = 50")]
        msg = self.load_error(cut)
        self.assertIn("0001-test-bad.patch", msg)
        self.assertIn("torch/_inductor/a.py", msg)
        self.assertIn("hunk #1", msg)
        self.assertIn("truncated hunk", msg)

    def test_wrong_line_counts(self) -> None:
        text = self.good().replace("@@ -3,7 +3,7 @@", "@@ -3,9 +3,7 @@")
        self.assertNotEqual(text, self.good())
        msg = self.load_error(text)
        self.assertIn("hunk #1", msg)
        self.assertRegex(msg, "line counts disagree|truncated hunk")

    def test_header_that_is_not_a_diff(self) -> None:
        msg = self.load_error("this is not a patch\n")
        self.assertIn("not a git format-patch file", msg)
        text = self.good().replace("diff --git", "dif --git", 1)
        self.assertIn("patch contains no diff", self.load_error(text))

    def test_path_outside_torch(self) -> None:
        text = self.good().replace("torch/_inductor/a.py", "setup.py")
        msg = self.load_error(text)
        self.assertIn("outside torch/", msg)
        text = self.good().replace("torch/_inductor/a.py", "torch/../../etc/passwd")
        self.assertIn("not a relative path", self.load_error(text))

    def test_dot_in_a_module_name(self) -> None:
        # issue 24 item 5: torch/_inductor.utils.py would be imported as
        # torch._inductor.utils (and written as a stray file by apply)
        for path, module in (
            ("torch/_inductor.utils.py", "torch._inductor.utils"),
            ("torch/_inductor/kernel.v2/mm.py", "torch._inductor.kernel.v2.mm"),
        ):
            text = patch_text("[inductor] dotted", FileChange(path, None, "x = 1\n"))
            msg = self.load_error(text)
            self.assertIn("0001-test-bad.patch", msg)
            self.assertIn(f"file {path}", msg)
            self.assertIn(f"imported as {module}", msg)
        # the .py suffix, and dots outside torch's package, are fine
        d = SeriesDir(self).write({"0001-test-ok.patch": patch_text(
            "[inductor] ok", FileChange("torch/_inductor/new_file.py", None, "x = 1\n"),
            FileChange("test/inductor/data.v2.txt", None, "x\n"),
        )})
        self.assertEqual(len(PatchSeries.load(d).patches), 1)

    def test_unreadable_series_files(self) -> None:
        # issue 24 item 2: each is a SeriesFormatError naming the file
        d = SeriesDir(self).write({"0001-test-good.patch": self.good()})
        (d / "series").write_bytes(b"0001-test-good.patch\n# caf\xe9\n")
        with self.assertRaisesRegex(SeriesFormatError, rf"{d / 'series'}: series file is not UTF-8"):
            PatchSeries.load(d)
        d = SeriesDir(self).write({"0001-test-good.patch": self.good()})
        (d / "BASE").write_bytes(b"base: 2.13.0 # \xff\n")
        with self.assertRaisesRegex(SeriesFormatError, rf"{d / 'BASE'}: BASE file is not UTF-8"):
            PatchSeries.load(d)
        d = SeriesDir(self).write({"0001-test-good.patch": self.good()})
        (d / "backports" / "2.13" / "0001-test-good.patch").mkdir(parents=True)
        with self.assertRaisesRegex(SeriesFormatError, "backports/2.13/0001-test-good.patch: backport is a directory"):
            PatchSeries.load(d)
        d = SeriesDir(self).write({}, series=["0001-test-dir.patch"])
        (d / "0001-test-dir.patch").mkdir()
        with self.assertRaisesRegex(SeriesFormatError, "patch 0001-test-dir.patch: patch is a directory"):
            PatchSeries.load(d)

    def test_patch_naming_a_directory_of_the_tree(self) -> None:
        # issue 24 item 2: a diff of torch/_inductor, a directory in the tree
        text = patch_text("[inductor] dir", FileChange("torch/_inductor", "a\n", "b\n"))
        s = PatchSeries.load(SeriesDir(self).write({"0001-test-dir.patch": text}))
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "torch" / "_inductor").mkdir(parents=True)
            (Path(tmp) / "torch" / "__init__.py").write_text("")
            tree = TorchTree.at(tmp)
            with self.assertRaisesRegex(
                SeriesFormatError, r"patch 0001-test-dir.patch, file torch/_inductor: .*is a directory, not a file"
            ):
                apply_series(s, tree.read)

    def test_binary_diff(self) -> None:
        text = self.good().replace(
            "index ", "GIT binary patch\nliteral 4\nabc\n\nindex ", 1
        )
        self.assertIn("binary diff is not supported", self.load_error(text))

    def test_series_names_missing_file(self) -> None:
        d = SeriesDir(self).write(
            {"0001-test-good.patch": self.good()},
            series=["0001-test-good.patch", "0002-test-missing.patch"],
        )
        with self.assertRaisesRegex(SeriesFormatError, r"series:3: series names 0002-test-missing.patch"):
            PatchSeries.load(d)

    def test_bad_patch_name(self) -> None:
        d = SeriesDir(self).write({"fix.patch": self.good()})
        with self.assertRaisesRegex(SeriesFormatError, "not NNNN-area-subject.patch"):
            PatchSeries.load(d)

    def test_one_bad_patch_loads_nothing(self) -> None:
        d = SeriesDir(self).write(
            {"0001-test-good.patch": self.good(), "0002-test-bad.patch": "garbage\n"}
        )
        with self.assertRaisesRegex(SeriesFormatError, "0002-test-bad.patch"):
            PatchSeries.load(d)


class TestApplication(TestCase):
    def series(self, patches: dict[str, str]) -> PatchSeries:
        return PatchSeries.load(SeriesDir(self).write(patches))

    def test_applies_in_order(self) -> None:
        s = self.series(
            {
                "0001-test-one.patch": patch_text("one", change("torch/_inductor/a.py", "a2 = 2", "a2 = 20")),
                "0002-test-two.patch": patch_text("two", change("torch/_inductor/a.py", "a9 = 9", "a9 = 90")),
            }
        )
        r = apply_series(s, read_from(FILES))
        self.assertEqual([x.status for x in r.states], [PatchStatus.APPLIED] * 2)
        self.assertIn("a2 = 20\n", r.patched["torch/_inductor/a.py"])
        self.assertIn("a9 = 90\n", r.patched["torch/_inductor/a.py"])
        self.assertEqual(r.applied_by_file["torch/_inductor/a.py"], ["0001-test-one.patch", "0002-test-two.patch"])

    def test_patch_is_atomic_across_files(self) -> None:
        text = patch_text(
            "both",
            change("torch/_inductor/a.py", "a2 = 2", "a2 = 20"),
            change("torch/_inductor/b.py", "b7 = 7", "b7 = 70"),
        )
        s = self.series({"0001-test-both.patch": text})
        files = dict(FILES)
        files["torch/_inductor/b.py"] = B.replace("b7 = 7", "b7 = drifted")
        r = apply_series(s, read_from(files), torch_version="9.9")
        (state,) = r.states
        self.assertEqual(state.status, PatchStatus.NOT_APPLICABLE)
        self.assertEqual((state.file, state.hunk), ("torch/_inductor/b.py", 1))
        # a.py's hunk applied cleanly on its own, but nothing of the patch is kept.
        self.assertEqual(r.patched["torch/_inductor/a.py"], A)
        self.assertEqual(r.changed_paths(), [])
        with self.assertRaises(PatchApplyError) as cm:
            r.raise_for_failures()
        msg = str(cm.exception)
        for part in ("0001-test-both.patch", "torch/_inductor/b.py", "hunk #1", "torch 9.9"):
            self.assertIn(part, msg)

    def test_already_upstream(self) -> None:
        c = change("torch/_inductor/a.py", "a2 = 2", "a2 = 20")
        s = self.series({"0001-test-up.patch": patch_text("up", c)})
        r = apply_series(s, read_from({**FILES, c.path: c.new}))
        self.assertEqual(r.states[0].status, PatchStatus.UPSTREAM)
        self.assertEqual(r.patched[c.path], c.new)

    def test_stacked_patches_already_upstream(self) -> None:
        # Two patches on the same line, both already in the tree: only the
        # second reverses on its own; the first reverses beneath it.
        first = change("torch/_inductor/a.py", "a5 = 5", "a5 = 50")
        after_first = {**FILES, first.path: first.new}
        second = change("torch/_inductor/a.py", "a5 = 50", "a5 = 500", files=after_first)
        s = self.series(
            {
                "0001-test-first.patch": patch_text("first", first),
                "0002-test-second.patch": patch_text("second", second),
            }
        )
        r = apply_series(s, read_from({**FILES, second.path: second.new}))
        self.assertEqual([x.status for x in r.states], [PatchStatus.UPSTREAM] * 2)
        self.assertEqual(r.states[0].reason, "reverses cleanly beneath later patches of the series")
        self.assertEqual(r.patched[second.path], second.new)
        # With only the first in the tree, the second applies on top of it.
        r = apply_series(s, read_from(after_first))
        self.assertEqual(
            [x.status for x in r.states], [PatchStatus.UPSTREAM, PatchStatus.APPLIED]
        )
        self.assertEqual(r.states[0].reason, "reverses cleanly")
        self.assertEqual(r.patched[second.path], second.new)

    def test_conflicting_patches(self) -> None:
        s = self.series(
            {
                "0001-test-first.patch": patch_text("first", change("torch/_inductor/a.py", "a5 = 5", "a5 = 50")),
                "0002-test-second.patch": patch_text("second", change("torch/_inductor/a.py", "a5 = 5", "a5 = 500")),
            }
        )
        r = apply_series(s, read_from(FILES))
        first, second = r.states
        self.assertEqual(first.status, PatchStatus.APPLIED)
        self.assertEqual(second.status, PatchStatus.NOT_APPLICABLE)
        self.assertIn("conflicts with earlier patch(es) of the series: 0001-test-first.patch", second.reason)
        self.assertIn("a5 = 50\n", r.patched["torch/_inductor/a.py"])
        self.assertNotIn("a5 = 500\n", r.patched["torch/_inductor/a.py"])

    def test_new_file(self) -> None:
        c = FileChange("torch/_inductor/new_mod.py", None, "X = 1\n")
        s = self.series({"0001-test-new.patch": patch_text("new", c)})
        r = apply_series(s, read_from(FILES))
        self.assertEqual(r.states[0].status, PatchStatus.APPLIED)
        self.assertEqual(r.patched[c.path], "X = 1\n")
        # Present already with the same content: upstream; different: refused.
        r = apply_series(s, read_from({c.path: "X = 1\n"}))
        self.assertEqual(r.states[0].status, PatchStatus.UPSTREAM)
        r = apply_series(s, read_from({c.path: "X = 2\n"}))
        self.assertEqual(r.states[0].status, PatchStatus.NOT_APPLICABLE)

    def test_test_files_out_of_overlay_scope(self) -> None:
        c = FileChange("test/inductor/test_new.py", None, "def test(): pass\n")
        s = self.series({"0001-test-tests.patch": patch_text("tests", c)})
        r = apply_series(s, read_from(FILES))
        self.assertEqual(r.states[0].status, PatchStatus.OUT_OF_SCOPE)
        r = apply_series(s, read_from(FILES), roots=("torch", "test"))
        self.assertEqual(r.states[0].status, PatchStatus.APPLIED)

    def test_depends_on(self) -> None:
        first = patch_text("first", change("torch/_inductor/a.py", "a2 = 2", "a2 = 20"))
        second = render_patch(
            author="A U Thor <author@example.com>",
            date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="second",
            message="Uses what the first adds.\n\nDepends-on: 0001-test-first.patch",
            changes=[change("torch/_inductor/b.py", "b3 = 3", "b3 = 30")],
        )
        s = self.series({"0001-test-first.patch": first, "0002-test-second.patch": second})
        self.assertEqual(s.patches[1].depends_on, ["0001-test-first.patch"])
        r = apply_series(s, read_from(FILES))
        self.assertEqual([x.status for x in r.states], [PatchStatus.APPLIED] * 2)
        # the dependency does not apply on this tree: neither does the dependent,
        # although its own hunks would
        drifted = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2", "a2 = two")}
        r = apply_series(s, read_from(drifted))
        self.assertEqual(r.states[1].status, PatchStatus.NOT_APPLICABLE)
        self.assertIn("depends on 0001-test-first.patch", r.states[1].reason)
        self.assertEqual(r.patched["torch/_inductor/b.py"], B)

    def test_depends_on_must_name_an_earlier_patch(self) -> None:
        text = render_patch(
            author="A <a@example.com>", date=None, subject="x",
            message="Depends-on: 0009-test-later.patch",
            changes=[change("torch/_inductor/b.py", "b3 = 3", "b3 = 30")],
        )
        with self.assertRaisesRegex(SeriesFormatError, "must name an earlier patch"):
            self.series({"0001-test-x.patch": text})

    def test_the_repo_series_loads(self) -> None:
        from inductor_xpu import config

        series = PatchSeries.load(config.series_dir)
        self.assertGreaterEqual(len(series.patches), 2)
        for p in series.patches:
            self.assertTrue(p.subject)
            self.assertIn("Test Plan", p.message, f"{p.name} says how it was tested")


# A file as an older release has it: the line the patch changes differs.
A_OLD = A.replace("a2 = 2\n", "a2 = 2  # old release\n")
FILES_OLD = {**FILES, "torch/_inductor/a.py": A_OLD}


class TestBackports(TestCase):
    """backports/<release>/NAME: the primary, else the variant that applies."""

    def series(self, backports: dict[str, str] | None = None) -> PatchSeries:
        d = SeriesDir(self).write(
            {
                "0001-test-one.patch": patch_text("one", change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")),
                "0002-test-two.patch": patch_text("two", change("torch/_inductor/a.py", "a9 = 9", "a9 = 90")),
            }
        )
        for release, text in (backports or {}).items():
            (d / "backports" / release).mkdir(parents=True)
            (d / "backports" / release / "0001-test-one.patch").write_text(text)
        return PatchSeries.load(d)

    def backport_text(self) -> str:
        return patch_text(
            "one", change("torch/_inductor/a.py", "a2 = 2  # old release\n", "a2 = 20\n", files=FILES_OLD)
        )

    def test_backport_used_where_primary_does_not_apply(self) -> None:
        s = self.series({"2.13": self.backport_text()})
        r = apply_series(s, read_from(FILES_OLD), torch_version="2.13.0+cpu")
        self.assertEqual([x.status for x in r.states], [PatchStatus.APPLIED] * 2)
        self.assertEqual([x.backport for x in r.states], ["2.13", None])
        self.assertEqual(r.states[0].describe(), "applied (backport 2.13)")
        self.assertIn("a2 = 20\n", r.patched["torch/_inductor/a.py"])
        self.assertIn("a9 = 90\n", r.patched["torch/_inductor/a.py"])

    def test_primary_preferred_where_it_applies(self) -> None:
        s = self.series({"2.13": self.backport_text()})
        r = apply_series(s, read_from(FILES), torch_version="2.13.0")
        self.assertEqual(r.states[0].status, PatchStatus.APPLIED)
        self.assertIsNone(r.states[0].backport)

    def test_other_release_variant_tried_after_own(self) -> None:
        # no variant for 2.14: the 2.13 one still applies to a 2.14 tree that has the old line
        s = self.series({"2.13": self.backport_text()})
        r = apply_series(s, read_from(FILES_OLD), torch_version="2.14.1")
        self.assertEqual(r.states[0].backport, "2.13")
        self.assertEqual([v.release for v in s.variants(s.patches[0], "2.12.0")], [None, "2.13"])

    def test_nothing_applies_names_the_backports(self) -> None:
        s = self.series({"2.13": self.backport_text()})
        drifted = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2\n", "a2 = 'drifted'\n")}
        r = apply_series(s, read_from(drifted), torch_version="2.14.1")
        state = r.states[0]
        self.assertEqual(state.status, PatchStatus.NOT_APPLICABLE)
        self.assertIn("the backports for 2.13 do not apply either", state.reason)
        self.assertEqual(r.patched["torch/_inductor/a.py"].count("a2 = 20"), 0)

    def test_backport_at_an_older_path_is_served(self) -> None:
        # upstream moved the file: the primary patches the new path, the
        # backport the old one; the importer must serve the old module
        from inductor_xpu.overlay.importer import build_modules, touched_module_names

        moved = {"torch/_inductor/a_new.py": A}
        primary = patch_text("one", change("torch/_inductor/a_new.py", "a2 = 2\n", "a2 = 20\n", files=moved))
        old_path = {"torch/_inductor/a.py": A}
        backport = patch_text("one", change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n", files=old_path))
        d = SeriesDir(self).write({"0001-test-one.patch": primary})
        (d / "backports" / "2.13").mkdir(parents=True)
        (d / "backports" / "2.13" / "0001-test-one.patch").write_text(backport)
        s = PatchSeries.load(d)
        r = apply_series(s, read_from(old_path), torch_version="2.13.0")
        self.assertEqual(r.states[0].backport, "2.13")
        modules = build_modules(s, r, Path("/nonexistent"), "2.13.0")
        self.assertEqual(list(modules), ["torch._inductor.a"])
        self.assertIn("a2 = 20\n", modules["torch._inductor.a"].source)
        self.assertEqual(sorted(touched_module_names(s)), ["torch._inductor.a", "torch._inductor.a_new"])

    def test_backport_changes_the_digest(self) -> None:
        self.assertNotEqual(self.series().digest, self.series({"2.13": self.backport_text()}).digest)

    def test_bad_backports_refused(self) -> None:
        other_subject = patch_text(
            "not one", change("torch/_inductor/a.py", "a2 = 2  # old release\n", "a2 = 20\n", files=FILES_OLD)
        )
        with self.assertRaisesRegex(SeriesFormatError, "keeps the primary's subject"):
            self.series({"2.13": other_subject})
        with self.assertRaisesRegex(SeriesFormatError, "named for a release"):
            self.series({"old": self.backport_text()})
        d = SeriesDir(self).write({"0001-test-one.patch": self.backport_text()})
        (d / "backports" / "2.13").mkdir(parents=True)
        (d / "backports" / "2.13" / "0005-test-stray.patch").write_text(self.backport_text())
        with self.assertRaisesRegex(SeriesFormatError, "0005-test-stray.patch, which is not in the series"):
            PatchSeries.load(d)


class TestTrailers(TestCase):
    def test_one_rule_trailers_are_the_last_paragraph(self) -> None:
        # issue 22 item 6: the patch reader and the writer read the same
        # trailers (git's rule); before, the reader took any line
        from inductor_xpu.series.writer import get_trailer

        middle = "Why.\n\nDepends-on: 0001-test-first.patch\n\nTest Plan: run it.\n\nCut-against: torch 2.15.0"
        last = "Why.\n\nTest Plan: run it.\n\nDepends-on: 0001-test-first\nNeeded-since: torch 2.15\nCut-against: torch 2.15.0"
        for message, deps, since in ((middle, [], None), (last, ["0001-test-first.patch"], TorchRelease(2, 15))):
            c = change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")
            text = render_patch(
                author="A U Thor <author@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
                subject="s", message=message, changes=[c],
            )
            patch = PatchSeries.load(SeriesDir(self).write({"0002-test-second.patch": text})).patches[0] if not deps else None
            if patch is not None:
                self.assertEqual(patch.depends_on, deps)
                self.assertIsNone(patch.needed_since)
            self.assertEqual(get_trailer(message, "Depends-on"), deps[0].removesuffix(".patch") if deps else None)
            self.assertEqual(get_trailer(message, "Cut-against"), "torch 2.15.0")
        from inductor_xpu.series.patch import parse_patch

        patch = parse_patch(render_patch(
            author="A U Thor <author@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="s", message=last, changes=[change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")],
        ), "0002-test-second.patch")
        self.assertEqual(patch.depends_on, ["0001-test-first.patch"])
        self.assertEqual(patch.needed_since, TorchRelease(2, 15))

    def test_set_and_get(self) -> None:
        from inductor_xpu.series.writer import get_trailer, set_trailer

        msg = "Why.\n\nTest Plan: run it."
        msg = set_trailer(msg, "Cut-against", "torch 2.15.0")
        self.assertEqual(msg, "Why.\n\nTest Plan: run it.\n\nCut-against: torch 2.15.0")
        msg = set_trailer(msg, "Backports", "2.13")
        msg = set_trailer(msg, "Cut-against", "torch 2.16.0")
        self.assertEqual(get_trailer(msg, "Cut-against"), "torch 2.16.0")
        self.assertEqual(msg.split("\n\n")[-1], "Backports: 2.13\nCut-against: torch 2.16.0")
        self.assertEqual(set_trailer(set_trailer(msg, "Backports", None), "Cut-against", None),
                         "Why.\n\nTest Plan: run it.")


class TestWithMessage(TestCase):
    def test_a_patch_without_message_gets_one_after_its_headers(self) -> None:
        # `new` writes a patch with no message: setting its Backports trailer
        # put the line before "From <sha>" (a file that no longer parses)
        from inductor_xpu.series.patch import parse_patch

        change = FileChange("torch/_inductor/x.py", "a = 1\n", "a = 2\n")
        kwargs = dict(author="A <a@b>", date="Thu, 1 Jan 2026 00:00:00 +0000", subject="[inductor] x", changes=[change])
        bare = parse_patch(render_patch(message="", **kwargs), "0001-x.patch")
        self.assertEqual(bare.message, "")

        text = bare.with_message("Backports: 2.14")
        self.assertEqual(text, render_patch(message="Backports: 2.14", **kwargs))
        full = parse_patch(text, "0001-x.patch")
        self.assertEqual(full.message, "Backports: 2.14")
        # the From line's id follows the message, as refresh writes it
        self.assertEqual(full.with_message("Why.\n\nBackports: 2.14"),
                         render_patch(message="Why.\n\nBackports: 2.14", **kwargs))


class TestNeededSince(TestCase):
    """A patch for code that first appears in a later release is 'not needed'
    on an older torch, and only where it says so."""

    def series(self, message: str) -> PatchSeries:
        c = change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")
        text = render_patch(
            author="A U Thor <author@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="new code", message=message, changes=[c],
        )
        return PatchSeries.load(SeriesDir(self).write({"0001-test-new-code.patch": text}))

    def test_not_needed_on_older_release(self) -> None:
        s = self.series("Fix new code.\n\nNeeded-since: torch 2.15")
        self.assertEqual(s.patches[0].needed_since, TorchRelease(2, 15))
        older = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2\n", "")}
        r = apply_series(s, read_from(older), torch_version="2.14.1")
        self.assertEqual(r.states[0].status, PatchStatus.NOT_NEEDED)
        self.assertEqual(r.failed, [])
        self.assertIn("first appears in torch 2.15", r.states[0].reason)
        # on 2.15 it must apply as any patch: drift there is still a failure
        r = apply_series(s, read_from(older), torch_version="2.15.0")
        self.assertEqual(r.states[0].status, PatchStatus.NOT_APPLICABLE)

    def test_without_trailer_a_failure_stays_a_failure(self) -> None:
        s = self.series("Fix new code.")
        older = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2\n", "")}
        r = apply_series(s, read_from(older), torch_version="2.14.1")
        self.assertEqual(r.states[0].status, PatchStatus.NOT_APPLICABLE)


class TestUpstreamIn(TestCase):
    def test_fixed_upstream_another_way(self) -> None:
        c = change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")
        text = render_patch(
            author="A U Thor <author@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="fix", message="Fix.\n\nUpstream-in: torch 2.14 (pytorch#1)", changes=[c],
        )
        s = PatchSeries.load(SeriesDir(self).write({"0001-test-fix.patch": text}))
        other_way = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2\n", "a2 = 'twenty'\n")}
        r = apply_series(s, read_from(other_way), torch_version="2.15.0")
        self.assertEqual(r.states[0].status, PatchStatus.UPSTREAM)
        self.assertEqual(r.states[0].reason, "fixed upstream in torch 2.14 (pytorch#1)")
        # before that release it must apply, or it is a failure
        r = apply_series(s, read_from(other_way), torch_version="2.13.0")
        self.assertEqual(r.states[0].status, PatchStatus.NOT_APPLICABLE)
        r = apply_series(s, read_from(FILES), torch_version="2.13.0")
        self.assertEqual(r.states[0].status, PatchStatus.APPLIED)

    def test_obsolete_since(self) -> None:
        c = change("torch/_inductor/a.py", "a2 = 2\n", "a2 = 20\n")
        text = render_patch(
            author="A U Thor <author@example.com>", date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="fix", message="Fix.\n\nObsolete-since: torch 2.15 (the code moved; 0031 fixes it there)",
            changes=[c],
        )
        s = PatchSeries.load(SeriesDir(self).write({"0001-test-fix.patch": text}))
        gone = {**FILES, "torch/_inductor/a.py": A.replace("a2 = 2\n", "")}
        r = apply_series(s, read_from(gone), torch_version="2.15.0")
        self.assertEqual(r.states[0].status, PatchStatus.NOT_NEEDED)
        self.assertEqual(r.states[0].reason, "obsolete since torch 2.15 (the code moved; 0031 fixes it there)")
        self.assertEqual(apply_series(s, read_from(gone), torch_version="2.14.1").states[0].status,
                         PatchStatus.NOT_APPLICABLE)


class TestVersions(TestCase):
    """issue 22 item 6 (one TorchRelease type) and issue 24 item 4 (the
    supported range of BASE)."""

    def test_torch_release(self) -> None:
        self.assertEqual(TorchRelease.parse("2.13.0+cpu"), TorchRelease(2, 13, 0))
        self.assertEqual(TorchRelease.parse("2.16.0.dev20260101+cu132"), TorchRelease(2, 16, 0))
        self.assertEqual(TorchRelease.parse("2.16.0a0+git1234"), TorchRelease(2, 16, 0))
        self.assertEqual(TorchRelease.parse("2.13"), TorchRelease(2, 13, 0))
        self.assertEqual(TorchRelease.parse("2.14.1").release, "2.14")
        self.assertEqual(str(TorchRelease.parse("2.15.0+cu132")), "2.15.0")
        self.assertLess(TorchRelease.parse("2.9.1"), TorchRelease.parse("2.10.0"))
        self.assertIsNone(TorchRelease.of("unknown"))
        for bad in ("unknown", "2", "v2.13", "2.x"):
            with self.assertRaises(ValueError):
                TorchRelease.parse(bad)

    def test_supported_range(self) -> None:
        r = SupportedRange.parse(">=2.13,<2.16")
        self.assertEqual(
            [v for v in ("2.12.1", "2.13.0", "2.15.9", "2.16.0", "3.0.0") if TorchRelease.parse(v) in r],
            ["2.13.0", "2.15.9"],
        )
        self.assertIn(TorchRelease(2, 15, 3), SupportedRange.parse("<=2.15"))  # a clause's own precision
        self.assertNotIn(TorchRelease(2, 15, 3), SupportedRange.parse("<=2.15.1"))
        self.assertFalse(SupportedRange.parse(""))
        self.assertIn(TorchRelease(9, 9), SupportedRange.parse(""))
        for bad in (">=2.13,", "2.13", "~=2.13", ">=2.x"):
            with self.assertRaises(ValueError):
                SupportedRange.parse(bad)

    def test_base_checks_its_fields(self) -> None:
        base = SeriesBase.parse("base: 2.15.0\nsupported: >=2.13,<2.16\n", "BASE")
        self.assertTrue(base.supports("2.13.0+cpu"))
        self.assertFalse(base.supports("2.12.0"))
        self.assertFalse(base.supports("unknown"))
        self.assertTrue(SeriesBase.parse("base: 2.15.0\n", "BASE").supports("1.0"))
        with self.assertRaisesRegex(SeriesFormatError, r"BASE: supported: '2\.13' is not a version clause"):
            SeriesBase.parse("base: 2.15.0\nsupported: 2.13\n", "BASE")
        with self.assertRaisesRegex(SeriesFormatError, r"BASE: base: 'latest' is not a torch version"):
            SeriesBase.parse("base: latest\n", "BASE")


# Byte-level corruption of one file of a copy of the repo's series.
_CORRUPTION = st.lists(
    st.tuples(st.sampled_from(["flip", "insert", "delete", "invalid-utf8"]), st.integers(0, 2**31), st.integers(1, 255)),
    min_size=1,
    max_size=4,
)


def _corrupt(data: bytes, edits: list[tuple[str, int, int]]) -> bytes:
    out = bytearray(data)
    for op, where, value in edits:
        i = where % (len(out) + 1)
        if op == "insert" or not out:
            out[i:i] = bytes([value])
        elif op == "invalid-utf8":
            out[i:i] = bytes([0xC3, value & 0x3F])  # a lead byte without its continuation
        elif op == "delete":
            del out[min(i, len(out) - 1)]
        else:
            out[min(i, len(out) - 1)] ^= value
    return bytes(out)


class TestCorruptSeries(TestCase):
    """issue 24 item 2: however the bytes of ``series``, ``BASE``, a patch or
    a backport are damaged, loading the series either succeeds or raises a
    SeriesFormatError that names the damaged file, never another exception."""

    PATCH = "0006-device-tflops-device-generic.patch"  # has Depends-on trailers and two backports

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        from inductor_xpu import config

        cls._tmp = tempfile.TemporaryDirectory()
        cls.dir = Path(cls._tmp.name) / "series"
        shutil.copytree(config.series_dir, cls.dir)

    @classmethod
    def tearDownClass(cls) -> None:
        cls._tmp.cleanup()
        super().tearDownClass()

    @settings(PROFILE, max_examples=60)
    @given(st.sampled_from(["series", "BASE", PATCH, f"backports/2.13/{PATCH}"]), _CORRUPTION)
    def test_loads_or_names_the_file(self, name: str, edits: list[tuple[str, int, int]]) -> None:
        path = self.dir / name
        original = path.read_bytes()
        path.write_bytes(_corrupt(original, edits))
        try:
            PatchSeries.load(self.dir)
        except SeriesFormatError as e:
            named = str(path) if name in ("series", "BASE") else name
            self.assertIn(named, str(e))
        finally:
            path.write_bytes(original)


class TestSeriesLibraryStandsAlone(TestCase):
    """``inductor_xpu.series`` imports neither torch nor the overlay."""

    PACKAGE = Path(inductor_xpu.series.__file__).parent

    def test_imports_only_the_standard_library_and_itself(self) -> None:
        files = sorted(self.PACKAGE.glob("*.py"))
        self.assertGreaterEqual(len(files), 8)
        outside = []
        for path in files:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level:
                    # relative: must stay inside the package
                    if node.level > 1:
                        outside.append(f"{path.name}: {'.' * node.level}{node.module or ''}")
                    continue
                names = (
                    [a.name for a in node.names] if isinstance(node, ast.Import)
                    else [node.module] if isinstance(node, ast.ImportFrom) else []
                )
                for name in names:
                    top = name.split(".")[0]
                    if top != "__future__" and top not in sys.stdlib_module_names:
                        outside.append(f"{path.name}: {name}")
        self.assertEqual(outside, [])

    # A child in which importing torch (or the overlay) fails: what the
    # series library imports shows in sys.modules.
    BLOCK_TORCH = textwrap.dedent(
        """
        import sys

        class Refuse:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "torch" or name.startswith(("inductor_xpu.overlay", "inductor_xpu.config")):
                    raise ImportError(f"the series library imported {name}")
                return None

        sys.meta_path.insert(0, Refuse())
        """
    )

    def run_blocked(self, code: str, *args: str, stdin: str | None = None) -> list[str]:
        proc = subprocess.run(
            [sys.executable, "-c", self.BLOCK_TORCH + textwrap.dedent(code), *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=self.PACKAGE.parent.parent,
        )
        self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
        return proc.stdout.splitlines()

    def assert_only_the_series_library(self, modules: str) -> None:
        loaded = ast.literal_eval(modules)
        self.assertIn("inductor_xpu.series.engine", loaded)
        self.assertEqual([m for m in loaded if m != "inductor_xpu" and not m.startswith("inductor_xpu.series")], [])

    def test_applies_the_series_with_torch_and_the_overlay_unimportable(self) -> None:
        # issue 22 item 5: the real package (inductor_xpu/__init__.py imports
        # no torch), not a stand-in parent
        code = """
            from inductor_xpu.series import apply_series, PatchSeries, TorchTree
            series_dir, torch_tree = sys.argv[1:]
            series = PatchSeries.load(series_dir)
            tree = TorchTree.at(torch_tree, needs="torch/__init__.py")
            result = apply_series(series, tree.read, torch_version=tree.version)
            print(len(result.states) == len(series.patches) > 0, len(result.changed_paths()) > 0)
            print(sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "inductor_xpu")))
        """
        from inductor_xpu import config

        applied, modules = self.run_blocked(code, str(config.series_dir), str(TorchTree.installed().root))
        self.assertEqual(applied, "True True")
        self.assert_only_the_series_library(modules)

    def test_applies_the_series_to_a_tree_in_memory(self) -> None:
        # issue 22 item 5: `import inductor_xpu.series` with torch blocked,
        # the repo's series applied to a small tree held in a dict: the files
        # of the first patch, nothing else
        from inductor_xpu import config

        series = PatchSeries.load(config.series_dir)
        first = series.patches[0]
        tree = TorchTree.installed()
        files = {p: tree.read(p) for p in first.paths if p.startswith("torch/")}
        code = """
            import json
            import inductor_xpu.series
            from inductor_xpu.series import apply_series, PatchSeries, PatchStatus
            files = json.load(sys.stdin)
            series = PatchSeries.load(sys.argv[1])
            result = apply_series(series, files.get, torch_version=sys.argv[2])
            print(result.states[0].status is PatchStatus.APPLIED)
            print(all(result.patched[p] != text for p, text in files.items()))
            print(sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "inductor_xpu")))
        """
        import json

        first_applied, changed, modules = self.run_blocked(
            code, str(config.series_dir), tree.version, stdin=json.dumps(files)
        )
        self.assertEqual((first_applied, changed), ("True", "True"))
        self.assert_only_the_series_library(modules)


if __name__ == "__main__":
    run_tests()
