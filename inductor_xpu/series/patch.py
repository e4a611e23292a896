"""Parse ``git format-patch`` files into :class:`Patch` objects.

A patch file is a single mbox message: ``From <sha> <date>`` line, mail
headers (``From:``, ``Date:``, ``Subject:``), the commit message, a ``---``
line, an optional diffstat, then one ``diff --git`` section per file.  Only
text diffs are accepted; a binary diff, a truncated hunk, a hunk whose line
counts disagree with its header, or a path outside the trees the series may
touch is a :class:`SeriesFormatError` naming the patch, file and hunk.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from pathlib import PurePosixPath

from .errors import SeriesFormatError
from .trailers import get_trailer, get_trailers
from .version import TorchRelease


__all__ = [
    "ALLOWED_ROOTS",
    "FilePatch",
    "Hunk",
    "Patch",
    "parse_patch",
    "split_lines",
]

# Paths a patch may touch: torch's own package (applied by the overlay and to
# source trees) and PyTorch's in-tree tests (applied to source trees and
# carried by the upstream export; the overlay ignores them).
ALLOWED_ROOTS = ("torch", "test")

_HUNK_HEADER = re.compile(
    r"^@@ -(?P<os>\d+)(?:,(?P<ol>\d+))? \+(?P<ns>\d+)(?:,(?P<nl>\d+))? @@(?P<sec>.*)$"
)
_NO_NEWLINE = "\\ No newline at end of file"


def split_lines(text: str) -> list[str]:
    """Split ``text`` into lines that keep their ``\\n`` (only ``\\n`` splits)."""
    if not text:
        return []
    lines = text.split("\n")
    out = [line + "\n" for line in lines[:-1]]
    if lines[-1]:
        out.append(lines[-1])
    return out


def patch_commit_id(subject: str, body: str, diffs: str) -> str:
    """The ``From <id>`` of a patch ``writer.render_patch`` writes: a hash of
    its subject, message and diffs (so an edited message is a new id)."""
    return hashlib.sha1((subject + body + diffs).encode("utf-8")).hexdigest()


@dataclasses.dataclass(frozen=True)
class Hunk:
    """One ``@@`` hunk. ``lines`` holds ``(tag, text)`` with tag in `` -+``;
    ``text`` keeps its newline (absent where the diff said "No newline")."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int
    section: str
    lines: tuple[tuple[str, str], ...]

    @property
    def old_lines(self) -> list[str]:
        return [text for tag, text in self.lines if tag in " -"]

    @property
    def new_lines(self) -> list[str]:
        return [text for tag, text in self.lines if tag in " +"]

    def reversed(self) -> Hunk:
        swap = {" ": " ", "-": "+", "+": "-"}
        return Hunk(
            self.new_start,
            self.new_count,
            self.old_start,
            self.old_count,
            self.section,
            tuple((swap[tag], text) for tag, text in self.lines),
        )


@dataclasses.dataclass(frozen=True)
class FilePatch:
    """The changes a patch makes to one file."""

    path: str  # the file's path after the change (or before, for a deletion)
    hunks: tuple[Hunk, ...]
    is_new: bool = False
    is_deleted: bool = False

    @property
    def module_name(self) -> str | None:
        """``torch/_inductor/utils.py`` -> ``torch._inductor.utils``."""
        p = PurePosixPath(self.path)
        if p.parts[0] != "torch" or p.suffix != ".py":
            return None
        parts = list(p.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts)


@dataclasses.dataclass(frozen=True)
class Patch:
    """One ``git format-patch`` file of the series."""

    name: str
    author: str
    date: str
    subject: str
    message: str  # the commit message body, without the subject
    files: tuple[FilePatch, ...]
    text: str
    # The torch release ("2.13") a backport variant is for; None for the
    # primary, which is cut against the series' base release.
    release: str | None = None

    @property
    def label(self) -> str:
        """The patch's name, with the release of a backport variant."""
        return self.name if self.release is None else f"{self.name} (backport {self.release})"

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def with_message(self, message: str) -> str:
        """This patch's text with ``message`` as its commit message (between
        the headers and ``---``), also where it had none (``new``'s patch),
        and the ``From`` line's id ``render_patch`` gives that message."""
        if self.message:
            text = self.text.replace(self.message, message, 1)
        else:
            head, sep, rest = self.text.partition("\n\n---\n")
            if not sep or not message:
                return self.text
            text = f"{head}\n\n{message}\n\n---\n{rest}"
        # the From line's id as render_patch writes it for this message
        first, newline, rest = text.partition("\n")
        start, end = rest.find("\ndiff --git "), rest.rfind("\n-- \n")
        if not first.startswith("From ") or start < 0 or end < start:
            return text
        commit = patch_commit_id(self.subject, message.strip("\n"), rest[start + 1 : end + 1])
        return f"From {commit} {first.split(' ', 2)[2]}{newline}{rest}"

    @property
    def paths(self) -> list[str]:
        return [f.path for f in self.files]

    @property
    def needed_since(self) -> TorchRelease | None:
        """The release named by a ``Needed-since: torch 2.15`` trailer: the
        first release that has the code the patch changes.  On an older
        torch the patch is not needed (rather than failing to apply)."""
        found = self._release_trailer("Needed-since")
        return found[0] if found is not None else None

    def _release_trailer(self, key: str) -> tuple[TorchRelease, str] | None:
        """``Key: torch X.Y note`` -> (X.Y, note)."""
        value = get_trailer(self.message, key)
        m = _RELEASE_TRAILER.match(value) if value is not None else None
        if m is None:
            return None
        return TorchRelease.parse(m.group(1)), m.group(2).strip()

    @property
    def upstream_in(self) -> tuple[TorchRelease, str] | None:
        """``Upstream-in: torch 2.14 (pytorch#183436)``: upstream fixed the
        same problem its own way in that release, so from it on the patch is
        upstream though its text does not reverse there.  (release, note)"""
        return self._release_trailer("Upstream-in")

    @property
    def obsolete_since(self) -> tuple[TorchRelease, str] | None:
        """``Obsolete-since: torch 2.15 (why)``: from that release on, the
        code the patch changes is gone (the fix lives where the code went,
        in another patch of the series): the patch is not needed there."""
        return self._release_trailer("Obsolete-since")

    @property
    def depends_on(self) -> list[str]:
        """Patches named in ``Depends-on: NNNN-....patch`` trailers.

        A patch that uses what an earlier patch adds (say a new
        DeviceInterface method) says so; where the dependency does not apply,
        neither does this patch, even if its hunks would.
        """
        out = []
        for value in get_trailers(self.message, "Depends-on"):
            if re.fullmatch(r"\S+", value):
                out.append(value if value.endswith(".patch") else value + ".patch")
        return out


_RELEASE_TRAILER = re.compile(r"^(?:torch\s+)?(\d+\.\d+)\b\s*(.*)$")


def _decode(value: str, header: str, patch: str) -> str:
    try:
        return str(make_header(decode_header(value)))
    except (ValueError, LookupError, HeaderParseError) as e:  # bad base64, unknown charset, ...
        raise SeriesFormatError(f"cannot decode the {header} header ({e})", patch=patch) from None


def _check_path(raw: str, patch: str) -> str:
    path = raw
    if path.startswith('"'):
        raise SeriesFormatError(f"quoted path {raw!r} is not supported", patch=patch)
    p = PurePosixPath(path)
    if p.is_absolute() or ".." in p.parts or not p.parts:
        raise SeriesFormatError(f"path {raw!r} is not a relative path", patch=patch)
    if p.parts[0] not in ALLOWED_ROOTS:
        raise SeriesFormatError(
            f"path {raw!r} is outside torch/ (patches may touch torch/ and, "
            "for in-tree tests, test/)",
            patch=patch,
            file=path,
        )
    if p.parts[0] == "torch" and p.suffix == ".py" and any("." in part for part in (*p.parts[:-1], p.stem)):
        # The overlay imports torch/a/b.py as torch.a.b: a dot in a name
        # would make it serve another module (torch/_inductor.utils.py
        # would replace torch._inductor.utils), where a tree gets a stray file.
        raise SeriesFormatError(
            f"path {raw!r}: a '.' in a module's file or package name (only the "
            ".py suffix may have one); it would be imported as "
            f"{'.'.join((*p.parts[:-1], p.stem))}",
            patch=patch,
            file=path,
        )
    return path


def _strip_prefix(raw: str, prefix: str, patch: str) -> str | None:
    raw = raw.split("\t", 1)[0]
    if raw == "/dev/null":
        return None
    if not raw.startswith(prefix):
        raise SeriesFormatError(
            f"expected a path starting with {prefix!r}, got {raw!r}", patch=patch
        )
    return raw[len(prefix) :]


def _parse_headers(lines: list[str], name: str) -> tuple[dict[str, str], int]:
    if not lines or not lines[0].startswith("From "):
        raise SeriesFormatError(
            "not a git format-patch file (first line must be 'From <sha> <date>')",
            patch=name,
            line=1,
        )
    headers: dict[str, str] = {}
    key: str | None = None
    i = 1
    while i < len(lines):
        line = lines[i].rstrip("\n")
        if line == "":
            return headers, i + 1
        if line[0] in " \t" and key is not None:
            headers[key] += " " + line.strip()
        elif ":" in line:
            key, value = line.split(":", 1)
            key = key.strip().lower()
            headers[key] = value.strip()
        else:
            raise SeriesFormatError(
                f"malformed mail header {line!r}", patch=name, line=i + 1
            )
        i += 1
    raise SeriesFormatError("mail headers are not followed by a body", patch=name)


def _parse_hunk(
    lines: list[str], i: int, header: re.Match[str], name: str, path: str, index: int
) -> tuple[Hunk, int]:
    old_count = int(header.group("ol") if header.group("ol") is not None else 1)
    new_count = int(header.group("nl") if header.group("nl") is not None else 1)
    body: list[tuple[str, str]] = []
    seen_old = seen_new = 0
    while seen_old < old_count or seen_new < new_count:
        if i >= len(lines):
            raise SeriesFormatError(
                f"truncated hunk: expected {old_count} old and {new_count} new "
                f"lines, found {seen_old} and {seen_new}",
                patch=name,
                file=path,
                hunk=index,
            )
        raw = lines[i]
        tag = raw[:1]
        if raw.startswith(_NO_NEWLINE) and body:
            t, text = body[-1]
            body[-1] = (t, text.rstrip("\n"))
            i += 1
            continue
        if tag == "\n" or raw == "":
            # An empty context line whose leading space was stripped.
            tag, raw = " ", " \n"
        if tag not in " -+":
            raise SeriesFormatError(
                f"hunk line counts disagree with its header @@ -{header.group('os')},"
                f"{old_count} +{header.group('ns')},{new_count} @@: found "
                f"{seen_old} old and {seen_new} new lines before {raw.rstrip()!r}",
                patch=name,
                file=path,
                hunk=index,
                line=i + 1,
            )
        text = raw[1:]
        if tag in " -":
            seen_old += 1
        if tag in " +":
            seen_new += 1
        body.append((tag, text))
        i += 1
    if seen_old != old_count or seen_new != new_count:
        raise SeriesFormatError(
            f"hunk line counts disagree with its header: expected {old_count} old "
            f"and {new_count} new lines, found {seen_old} and {seen_new}",
            patch=name,
            file=path,
            hunk=index,
        )
    # A trailing "No newline" marker belongs to this hunk.
    if i < len(lines) and lines[i].startswith(_NO_NEWLINE) and body:
        t, text = body[-1]
        body[-1] = (t, text.rstrip("\n"))
        i += 1
    hunk = Hunk(
        int(header.group("os")),
        old_count,
        int(header.group("ns")),
        new_count,
        header.group("sec").strip(),
        tuple(body),
    )
    return hunk, i


def _parse_file(
    lines: list[str], i: int, name: str
) -> tuple[FilePatch, int]:
    diff_line = lines[i].rstrip("\n")
    i += 1
    is_new = is_deleted = False
    old_path: str | None = None
    new_path: str | None = None
    # Extended git headers up to '---' / the next diff.
    while i < len(lines) and not lines[i].startswith(("--- ", "diff --git ")):
        line = lines[i].rstrip("\n")
        if line.startswith("new file mode"):
            is_new = True
        elif line.startswith("deleted file mode"):
            is_deleted = True
        elif line.startswith(("GIT binary patch", "Binary files ")):
            raise SeriesFormatError(
                f"binary diff is not supported ({diff_line!r})", patch=name
            )
        elif line.startswith(("rename from", "rename to", "copy from", "copy to")):
            raise SeriesFormatError(
                f"renames and copies are not supported ({line!r})", patch=name
            )
        elif line.startswith("@@"):
            raise SeriesFormatError(
                f"hunk without '---'/'+++' file header in {diff_line!r}", patch=name
            )
        i += 1
    if i >= len(lines) or not lines[i].startswith("--- "):
        if is_new or is_deleted:
            raise SeriesFormatError(
                f"empty file creation or deletion is not supported ({diff_line!r})",
                patch=name,
            )
        raise SeriesFormatError(f"no '---' header after {diff_line!r}", patch=name)
    old_path = _strip_prefix(lines[i][4:].rstrip("\n"), "a/", name)
    i += 1
    if i >= len(lines) or not lines[i].startswith("+++ "):
        raise SeriesFormatError(f"no '+++' header after {diff_line!r}", patch=name)
    new_path = _strip_prefix(lines[i][4:].rstrip("\n"), "b/", name)
    i += 1
    if old_path is None and new_path is None:
        raise SeriesFormatError("both sides of a diff are /dev/null", patch=name)
    if old_path is not None and new_path is not None and old_path != new_path:
        raise SeriesFormatError(
            f"renames are not supported ({old_path} -> {new_path})", patch=name
        )
    path = _check_path(new_path or old_path or "", name)
    is_new = is_new or old_path is None
    is_deleted = is_deleted or new_path is None
    hunks: list[Hunk] = []
    while i < len(lines) and lines[i].startswith("@@"):
        m = _HUNK_HEADER.match(lines[i].rstrip("\n"))
        if m is None:
            raise SeriesFormatError(
                f"malformed hunk header {lines[i].rstrip()!r}",
                patch=name,
                file=path,
                hunk=len(hunks) + 1,
            )
        hunk, i = _parse_hunk(lines, i + 1, m, name, path, len(hunks) + 1)
        hunks.append(hunk)
    if not hunks:
        raise SeriesFormatError("diff has no hunks", patch=name, file=path)
    if is_new and (len(hunks) != 1 or hunks[0].old_count != 0):
        raise SeriesFormatError(
            "a new file must be one hunk with no old lines", patch=name, file=path
        )
    if is_deleted and (len(hunks) != 1 or hunks[0].new_count != 0):
        raise SeriesFormatError(
            "a deleted file must be one hunk with no new lines", patch=name, file=path
        )
    return FilePatch(path, tuple(hunks), is_new, is_deleted), i


def parse_patch(text: str, name: str, release: str | None = None) -> Patch:
    """Parse one ``git format-patch`` message; raise :class:`SeriesFormatError`."""
    if "\x00" in text:
        raise SeriesFormatError("binary content (NUL byte) in patch file", patch=name)
    lines = split_lines(text)
    headers, i = _parse_headers(lines, name)
    subject = _decode(headers.get("subject", ""), "Subject", name)
    subject = re.sub(r"^\[PATCH[^\]]*\]\s*", "", subject)
    if not subject:
        raise SeriesFormatError("missing Subject header", patch=name)
    # Commit message: up to the '---' separator (or the first diff).
    body: list[str] = []
    while i < len(lines) and lines[i].rstrip("\n") != "---" and not lines[i].startswith(
        "diff --git "
    ):
        body.append(lines[i])
        i += 1
    while i < len(lines) and not lines[i].startswith("diff --git "):
        i += 1  # diffstat
    files: list[FilePatch] = []
    seen: set[str] = set()
    while i < len(lines):
        line = lines[i]
        if line.startswith("diff --git "):
            fp, i = _parse_file(lines, i, name)
            if fp.path in seen:
                raise SeriesFormatError(
                    "file appears twice in one patch", patch=name, file=fp.path
                )
            seen.add(fp.path)
            files.append(fp)
        elif line.rstrip("\n") == "-- ":
            break  # signature
        elif line.strip() == "":
            i += 1
        else:
            raise SeriesFormatError(
                f"unexpected line {line.rstrip()!r} between diffs", patch=name, line=i + 1
            )
    if not files:
        raise SeriesFormatError("patch contains no diff", patch=name)
    return Patch(
        name=name,
        author=_decode(headers.get("from", ""), "From", name),
        date=headers.get("date", ""),
        subject=subject,
        message="".join(body).strip("\n"),
        files=tuple(files),
        text=text,
        release=release,
    )
