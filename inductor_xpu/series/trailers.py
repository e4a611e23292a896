"""Commit-message trailers (``Depends-on:``, ``Needed-since:``,
``Cut-against:``, ...), read and written by one rule, git's: the trailers
are the last paragraph of the message, when every line of it is
``Key: value``.  A ``Key: value`` line anywhere else is prose."""

from __future__ import annotations

import re


__all__ = ["get_trailer", "get_trailers", "set_trailer", "trailers"]

_TRAILER = re.compile(r"^([A-Z][A-Za-z0-9-]*):\s*(.*)$")


def _paragraphs(message: str) -> list[str]:
    return message.strip("\n").split("\n\n") if message.strip() else []


def _block(paragraph: str) -> list[tuple[str, str, str]] | None:
    """The ``(key, value, line)`` of each line of a trailer paragraph; None
    where the paragraph is not one."""
    out = []
    for line in paragraph.splitlines():
        m = _TRAILER.match(line)
        if m is None:
            return None
        out.append((m.group(1), m.group(2).strip(), line))
    return out or None


def _last_block(paragraphs: list[str]) -> list[tuple[str, str, str]]:
    return (_block(paragraphs[-1]) or []) if paragraphs else []


def trailers(message: str) -> list[tuple[str, str]]:
    """Every ``(key, value)`` trailer of ``message``, in order."""
    return [(k, v) for k, v, _ in _last_block(_paragraphs(message))]


def get_trailers(message: str, key: str) -> list[str]:
    """The values of every ``Key: value`` trailer of ``message`` (a key
    such as ``Depends-on`` may repeat)."""
    return [v for k, v in trailers(message) if k == key]


def get_trailer(message: str, key: str) -> str | None:
    """The value of the first ``Key: value`` trailer of ``message``, if any."""
    values = get_trailers(message, key)
    return values[0] if values else None


def set_trailer(message: str, key: str, value: str | None) -> str:
    """``message`` with its ``Key: value`` trailer set (``None``: removed);
    a new trailer starts that paragraph if there is none."""
    paragraphs = _paragraphs(message)
    block = _last_block(paragraphs)
    if block:
        paragraphs.pop()
    kept = [line for k, _, line in block if k != key]
    if value is not None:
        kept.append(f"{key}: {value}")
    if kept:
        paragraphs.append("\n".join(kept))
    return "\n\n".join(paragraphs)
