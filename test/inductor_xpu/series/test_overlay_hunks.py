# Owner(s): ["module: inductor"]
"""Properties of the overlay's hunk engine (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from inductor_xpu.series import (
    HunkApplyError,
    apply_hunks,
    format_hunks,
    make_hunks,
    parse_patch,
)
from inductor_xpu.series.writer import FileChange, render_patch
from torch._inductor.test_case import run_tests, TestCase


# Reproducible in CI: a fixed profile, derandomized.
settings.register_profile(
    "inductor_xpu",
    derandomize=True,
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("inductor_xpu")
PROFILE = settings.get_profile("inductor_xpu")  # for the series' corruption property too

# A small alphabet makes repeated lines (and so ambiguity) common.
_line = st.sampled_from(
    ["a\n", "b\n", "c\n", "def f():\n", "    return x\n", "\n", "pass\n", "# note\n"]
)
_text = st.lists(_line, max_size=30).map("".join)


@st.composite
def _edited(draw: st.DrawFn) -> tuple[str, str]:
    """A text and an edited version of it (insertions, deletions, changes)."""
    old = draw(st.lists(_line, max_size=30))
    new = list(old)
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.sampled_from(["insert", "delete", "change"]))
        if op == "insert" or not new:
            new.insert(draw(st.integers(0, len(new))), draw(_line))
        elif op == "delete":
            del new[draw(st.integers(0, len(new) - 1))]
        else:
            new[draw(st.integers(0, len(new) - 1))] = draw(_line)
    return "".join(old), "".join(new)


def _maybe_drop_final_newline(text: str, drop: bool) -> str:
    return text[:-1] if drop and text.endswith("\n") else text


class TestHunkProperties(TestCase):
    @given(_edited())
    def test_diff_then_apply_yields_target(self, pair: tuple[str, str]) -> None:
        old, new = pair
        self.assertEqual(apply_hunks(old, make_hunks(old, new)), new)

    @given(_edited(), st.booleans())
    def test_without_final_newline(self, pair: tuple[str, str], drop: bool) -> None:
        old, new = pair
        new = _maybe_drop_final_newline(new, drop)
        self.assertEqual(apply_hunks(old, make_hunks(old, new)), new)

    @given(_edited())
    def test_apply_then_reverse_yields_original(self, pair: tuple[str, str]) -> None:
        old, new = pair
        hunks = make_hunks(old, new)
        self.assertEqual(apply_hunks(apply_hunks(old, hunks), hunks, reverse=True), old)

    @given(_edited(), st.integers(1, 40))
    def test_shifted_file_still_applies(self, pair: tuple[str, str], shift: int) -> None:
        old, new = pair
        if not old:
            return  # a hunk without context only applies to an empty file
        hunks = make_hunks(old, new)
        prefix = "".join(f"unrelated line {i}\n" for i in range(shift))
        self.assertEqual(apply_hunks(prefix + old, hunks), prefix + new)

    @given(_edited())
    def test_duplicated_context_is_refused(self, pair: tuple[str, str]) -> None:
        old, new = pair
        hunks = [h for h in make_hunks(old, new) if h.old_lines]
        if not hunks or not old.endswith("\n"):
            return
        # Every hunk's context now occurs twice: no hunk may guess.
        with self.assertRaisesRegex(HunkApplyError, "ambiguous context"):
            apply_hunks(old + old, hunks[:1])

    @given(_edited())
    def test_roundtrip_through_patch_text(self, pair: tuple[str, str]) -> None:
        old, new = pair
        if old == new:
            return
        text = render_patch(
            author="A U Thor <author@example.com>",
            date="Mon, 1 Jan 2024 00:00:00 +0000",
            subject="[inductor] roundtrip",
            message="Body.",
            changes=[FileChange("torch/_inductor/x.py", old, new)],
        )
        patch = parse_patch(text, "0001-test-roundtrip.patch")
        (fp,) = patch.files
        self.assertEqual(apply_hunks(old, fp.hunks), new)
        self.assertEqual(patch.subject, "[inductor] roundtrip")
        self.assertEqual(patch.message, "Body.")


class TestHunkExamples(TestCase):
    def test_offset_is_tolerated(self) -> None:
        old = "".join(f"line {i}\n" for i in range(20))
        new = old.replace("line 10\n", "LINE TEN\n")
        hunks = make_hunks(old, new)
        self.assertEqual(hunks[0].old_start, 8)
        shifted = "header\n" * 7 + old
        self.assertEqual(apply_hunks(shifted, hunks), "header\n" * 7 + new)

    def test_missing_context_names_the_line(self) -> None:
        old = "a\nb\nc\nd\n"
        hunks = make_hunks(old, "a\nb\nX\nd\n")
        with self.assertRaisesRegex(HunkApplyError, r"hunk #1: context not found.*'c'"):
            apply_hunks("a\nb\nQ\nd\n", hunks)

    def test_no_fuzz(self) -> None:
        # One changed context line is enough to refuse: no fuzz factor.
        old = "".join(f"l{i}\n" for i in range(9))
        hunks = make_hunks(old, old.replace("l4\n", "L4\n"))
        with self.assertRaises(HunkApplyError):
            apply_hunks(old.replace("l2\n", "l2 changed\n"), hunks)

    def test_make_hunks_widens_ambiguous_context(self) -> None:
        block = "x = 1\ny = 2\nz = 3\n"
        old = "def a():\n" + block + "def b():\n" + block
        new = "def a():\n" + block + "def b():\n" + block.replace("y = 2", "y = 20")
        hunks = make_hunks(old, new)
        self.assertEqual(apply_hunks(old, hunks), new)

    def test_section_names_enclosing_def(self) -> None:
        old = "class A:\n    def f(self):\n" + "".join(f"        x{i} = {i}\n" for i in range(9))
        hunks = make_hunks(old, old.replace("x7 = 7", "x7 = 70"))
        self.assertEqual(hunks[0].section, "def f(self):")

    def test_format_marks_missing_newline(self) -> None:
        text = format_hunks(make_hunks("a\nb", "a\nc"))
        self.assertIn("\\ No newline at end of file", text)


if __name__ == "__main__":
    run_tests()
