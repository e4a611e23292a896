"""Apply unified-diff hunks to text, and make hunks from two texts.

Matching rules (``torch_patches/README.md``, "Rules the engine enforces"):

* a hunk's old side (context and removed lines) must match the text exactly,
  line for line; it may sit at any offset from the line its header names;
* if the old side matches in more than one place the hunk is refused as
  ambiguous, even when one of the places is the one the header names;
* there is no fuzz: context lines are never dropped to make a hunk fit.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from .errors import HunkApplyError
from .patch import Hunk, split_lines


__all__ = ["apply_hunks", "find_hunk", "make_hunks", "format_hunks"]


def find_hunk(lines: Sequence[str], hunk: Hunk, index: int) -> int:
    """Return the 0-based line where ``hunk``'s old side matches ``lines``."""
    old = hunk.old_lines
    if not old:
        if lines:
            raise HunkApplyError(
                index, "hunk has no context and the file is not empty"
            )
        return 0
    n = len(old)
    first = old[0]
    matches = [
        i
        for i in range(len(lines) - n + 1)
        if lines[i] == first and list(lines[i : i + n]) == old
    ]
    if not matches:
        expected = hunk.old_start
        return _raise_no_match(lines, old, expected, index)
    if len(matches) > 1:
        where = ", ".join(str(m + 1) for m in matches[:5])
        raise HunkApplyError(
            index,
            f"ambiguous context: matches at lines {where}; refusing to guess "
            "(add context to the hunk)",
        )
    return matches[0]


def _raise_no_match(lines: Sequence[str], old: list[str], expected: int, index: int) -> int:
    # Point at the first old line that is missing, to make drift easy to see.
    for line in old:
        if line not in lines:
            raise HunkApplyError(
                index,
                f"context not found near line {expected}: line {line.rstrip()!r} "
                "is not in the file",
            )
    raise HunkApplyError(
        index,
        f"context not found near line {expected}: the hunk's lines are present "
        "but not in this order",
    )


def apply_hunks(text: str, hunks: Iterable[Hunk], *, reverse: bool = False) -> str:
    """Apply ``hunks`` in order to ``text`` (all or nothing).

    Raises :class:`HunkApplyError` with the 1-based hunk index on the first
    hunk that does not apply; ``text`` is never partially modified because
    strings are immutable and the result is only returned on success.
    """
    lines = split_lines(text)
    for index, hunk in enumerate(hunks, start=1):
        h = hunk.reversed() if reverse else hunk
        at = find_hunk(lines, h, index)
        lines[at : at + len(h.old_lines)] = h.new_lines
    return "".join(lines)


_SECTION = re.compile(r"^[ \t]*((class|(async[ \t]+)?def)[ \t].*)$")


def _section(lines: Sequence[str], before: int) -> str:
    """The enclosing ``def``/``class`` line git would show after ``@@``."""
    for line in reversed(lines[:before]):
        m = _SECTION.match(line.rstrip("\n"))
        if m:
            return m.group(1)[:80]
    return ""


def make_hunks(
    old: str, new: str, context: int = 3, *, unique: bool = True
) -> list[Hunk]:
    """Hunks that turn ``old`` into ``new``, as ``diff -U<context>`` would.

    With ``unique`` (the default) the context is widened until every hunk
    matches in exactly one place, so the result is accepted by
    :func:`apply_hunks`, which refuses ambiguous context.
    """
    hunks = _make_hunks(old, new, context)
    if not unique:
        return hunks
    limit = len(split_lines(old)) + 1
    while context < limit:
        try:
            apply_hunks(old, hunks)
            return hunks
        except HunkApplyError:
            context = context * 2 + 1
            hunks = _make_hunks(old, new, context)
    return hunks


def _make_hunks(old: str, new: str, context: int) -> list[Hunk]:
    a, b = split_lines(old), split_lines(new)
    hunks: list[Hunk] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for group in matcher.get_grouped_opcodes(context):
        body: list[tuple[str, str]] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                body.extend((" ", line) for line in a[i1:i2])
                continue
            body.extend(("-", line) for line in a[i1:i2])
            body.extend(("+", line) for line in b[j1:j2])
        i1, i2 = group[0][1], group[-1][2]
        j1, j2 = group[0][3], group[-1][4]
        old_count, new_count = i2 - i1, j2 - j1
        # unified diff convention: start is 0 for an empty side
        old_start = i1 + 1 if old_count else i1
        new_start = j1 + 1 if new_count else j1
        hunks.append(
            Hunk(
                old_start, old_count, new_start, new_count, _section(a, i1), tuple(body)
            )
        )
    return hunks


def _range(start: int, count: int) -> str:
    return f"{start}" if count == 1 else f"{start},{count}"


def format_hunks(hunks: Iterable[Hunk]) -> str:
    """Render hunks as unified-diff text (with "No newline" markers)."""
    out: list[str] = []
    for h in hunks:
        section = f" {h.section}" if h.section else ""
        out.append(
            f"@@ -{_range(h.old_start, h.old_count)} "
            f"+{_range(h.new_start, h.new_count)} @@{section}\n"
        )
        for tag, text in h.lines:
            if text.endswith("\n"):
                out.append(tag + text)
            else:
                out.append(tag + text + "\n\\ No newline at end of file\n")
    return "".join(out)
