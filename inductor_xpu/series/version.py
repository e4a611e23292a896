"""Torch versions as the series speaks of them: one :class:`TorchRelease`
type (``2.13.0+cpu``, a trailer's ``torch 2.15``, a backport directory's
``2.13``) and the ``supported:`` range of ``BASE`` (:class:`SupportedRange`)."""

from __future__ import annotations

import dataclasses
import re


__all__ = ["SupportedRange", "TorchRelease"]

_VERSION = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?(?=$|[.+a-z])")


@dataclasses.dataclass(frozen=True, order=True)
class TorchRelease:
    """A torch version reduced to the numbers that matter here:
    ``2.13.0+cpu``, ``2.16.0.dev20260101`` and ``2.16.0a0+git1234`` are
    ``2.13.0``, ``2.16.0`` and ``2.16.0`` (a pre-release counts as its
    release).  Ordered by (major, minor, patch)."""

    major: int
    minor: int
    patch: int = 0

    @classmethod
    def parse(cls, version: str) -> TorchRelease:
        """``"2.13.0+cpu"`` -> ``TorchRelease(2, 13, 0)``; ``"2.13"`` ->
        ``TorchRelease(2, 13, 0)``; ``ValueError`` for anything else."""
        m = _VERSION.match(version.strip())
        if m is None:
            raise ValueError(f"{version!r} is not a torch version (like 2.13 or 2.13.0)")
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))

    @classmethod
    def of(cls, version: str | None) -> TorchRelease | None:
        """:meth:`parse`, or None where ``version`` is None or not a
        version (a tree whose version could not be read: ``"unknown"``)."""
        if version is None:
            return None
        try:
            return cls.parse(version)
        except ValueError:
            return None

    @property
    def release(self) -> str:
        """``2.13``: the release (what a backport directory is named for)."""
        return f"{self.major}.{self.minor}"

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


_CLAUSE = re.compile(r"^(>=|<=|==|!=|>|<)\s*(\d+\.\d+(?:\.\d+)?)$")
_COMPARE = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


@dataclasses.dataclass(frozen=True)
class SupportedRange:
    """``>=2.13,<2.16``: comma-separated clauses, all of which must hold.

    A clause compares at its own precision: ``<=2.15`` holds for every
    2.15.x, ``<=2.15.1`` only up to 2.15.1.  The empty range holds for
    every torch.
    """

    text: str
    clauses: tuple[tuple[str, TorchRelease, bool], ...] = ()  # (operator, version, has patch number)

    @classmethod
    def parse(cls, text: str) -> SupportedRange:
        """``ValueError`` naming the clause that is not ``<op><version>``."""
        clauses = []
        for raw in text.split(","):
            clause = raw.strip()
            if not clause and not text.strip():
                continue
            m = _CLAUSE.match(clause)
            if m is None:
                raise ValueError(
                    f"{clause!r} is not a version clause like '>=2.13' or '<2.16' "
                    "(operators: >= <= > < == !=)"
                )
            clauses.append((m.group(1), TorchRelease.parse(m.group(2)), m.group(2).count(".") == 2))
        return cls(text.strip(), tuple(clauses))

    def __contains__(self, release: TorchRelease) -> bool:
        for op, bound, exact in self.clauses:
            key = release if exact else (release.major, release.minor)
            other = bound if exact else (bound.major, bound.minor)
            if not _COMPARE[op](key, other):
                return False
        return True

    def __bool__(self) -> bool:
        return bool(self.clauses)

    def __str__(self) -> str:
        return self.text
