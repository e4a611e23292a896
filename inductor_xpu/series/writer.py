"""Write patches in ``git format-patch`` form (used by ``tools/patches.py``)."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import email.utils
from collections.abc import Sequence

from .hunks import format_hunks, make_hunks
from .patch import patch_commit_id, split_lines
from .trailers import get_trailer, set_trailer  # the one trailer rule; re-exported for writers


__all__ = ["FileChange", "get_trailer", "git_blob_id", "render_patch", "set_trailer"]

_NULL_ID = "0" * 40


@dataclasses.dataclass(frozen=True)
class FileChange:
    path: str
    old: str | None  # None: the file is created
    new: str | None  # None: the file is deleted


def git_blob_id(text: str | None) -> str:
    if text is None:
        return _NULL_ID
    data = text.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _count(old: str | None, new: str | None) -> tuple[int, int]:
    adds = dels = 0
    for h in make_hunks(old or "", new or ""):
        adds += sum(1 for tag, _ in h.lines if tag == "+")
        dels += sum(1 for tag, _ in h.lines if tag == "-")
    return adds, dels


def _diffstat(changes: Sequence[FileChange]) -> str:
    rows = []
    total_add = total_del = 0
    for c in changes:
        adds, dels = _count(c.old, c.new)
        total_add += adds
        total_del += dels
        rows.append((c.path, adds, dels))
    width = max(len(r[0]) for r in rows)
    out = []
    for path, adds, dels in rows:
        n = adds + dels
        bar = "+" * min(adds, 60) + "-" * min(dels, 60)
        out.append(f" {path:<{width}} | {n:>3} {bar}".rstrip())
    files = f"{len(changes)} file{'s' if len(changes) != 1 else ''} changed"
    parts = [files]
    if total_add:
        parts.append(f"{total_add} insertion{'s' if total_add != 1 else ''}(+)")
    if total_del:
        parts.append(f"{total_del} deletion{'s' if total_del != 1 else ''}(-)")
    out.append(" " + ", ".join(parts))
    return "\n".join(out) + "\n"


def _file_diff(c: FileChange) -> str:
    head = [f"diff --git a/{c.path} b/{c.path}\n"]
    old_id, new_id = git_blob_id(c.old), git_blob_id(c.new)
    if c.old is None:
        head.append("new file mode 100644\n")
        head.append(f"index {_NULL_ID}..{new_id}\n")
    elif c.new is None:
        head.append("deleted file mode 100644\n")
        head.append(f"index {old_id}..{_NULL_ID}\n")
    else:
        head.append(f"index {old_id}..{new_id} 100644\n")
    head.append("--- /dev/null\n" if c.old is None else f"--- a/{c.path}\n")
    head.append("+++ /dev/null\n" if c.new is None else f"+++ b/{c.path}\n")
    hunks = make_hunks(c.old or "", c.new or "")
    return "".join(head) + format_hunks(hunks)


def render_patch(
    *,
    author: str,
    date: str | None,
    subject: str,
    message: str,
    changes: Sequence[FileChange],
) -> str:
    """The text ``git format-patch --full-index`` would write for one commit."""
    changes = [
        c for c in changes if c.old != c.new and split_lines(c.old or "") != split_lines(c.new or "")
    ]
    if not changes:
        raise ValueError("the patch would change nothing")
    diffs = "".join(_file_diff(c) for c in changes)
    body = message.strip("\n")
    commit_id = patch_commit_id(subject, body, diffs)
    date = date or email.utils.format_datetime(datetime.datetime.now(datetime.timezone.utc))
    parts = [
        f"From {commit_id} Mon Sep 17 00:00:00 2001\n",
        f"From: {author}\n",
        f"Date: {date}\n",
        f"Subject: [PATCH] {subject}\n",
        "\n",
        (body + "\n\n") if body else "",
        "---\n",
        _diffstat(changes),
        "\n",
        diffs,
        "-- \n2.39.5\n\n",
    ]
    return "".join(parts)
