"""The one failure family of executing a generated program on CPU."""

from __future__ import annotations


class CannotExecute(RuntimeError):
    """A part of a generated program has no CPU equivalent here.

    ``reason`` is the named status the result reports
    (``cannot execute: <reason>``); ``graph`` and ``kernel`` say where, when
    known."""

    def __init__(self, reason: str, *, graph: str | None = None, kernel: str | None = None) -> None:
        self.reason = reason
        self.graph = graph
        self.kernel = kernel
        super().__init__(self.status)

    @property
    def status(self) -> str:
        where = "".join(f" [{k} {v}]" for k, v in (("graph", self.graph), ("kernel", self.kernel)) if v)
        return f"cannot execute: {self.reason}{where}"


def find_cannot_execute(e: BaseException) -> CannotExecute | None:
    """The :class:`CannotExecute` behind ``e`` (the Triton interpreter wraps
    what a kernel raises in its own error), or None."""
    seen: set[int] = set()
    cur: BaseException | None = e
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, CannotExecute):
            return cur
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return None
