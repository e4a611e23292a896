"""User-facing checks and messages of ``python -m inductor_xpu compile``.

* :func:`prepare_out_dir`: the output directory is checked and created
  before anything is compiled (or a user script is run), so a path that
  cannot be written is one line and exit status 2, not a traceback after a
  whole compile.
* :func:`call_script`: ``--script PATH:FUNC``.  An error in the user's
  script (at import, a SyntaxError or an ImportError included, or in
  ``FUNC()``) is shown with the user's own frames only and the exception,
  exit status 2.
* :func:`describe_failure`: the summary line and, where there is one, a
  hint for a compile that failed: the error of the user's program itself
  rather than Dynamo's wrapper around it (a shape mismatch), and what to do
  about control flow on a tensor's value, which fake tensors cannot resolve.
"""

from __future__ import annotations

import errno
import importlib.util
import os
import re
import sys
import traceback
import uuid
from typing import Any

from inductor_xpu.compile_command import CompileUsageError


__all__ = ["ScriptError", "call_script", "describe_failure", "prepare_out_dir"]


# ---------------------------------------------------------------------------
# --out


def _why(e: OSError) -> str:
    return os.strerror(e.errno) if e.errno else str(e)


def prepare_out_dir(path: str) -> None:
    """Create ``path`` (and its parents) if missing and prove that files can
    be created in it; raises :class:`CompileUsageError` naming the path and
    the problem."""
    where = f"--out {path}"
    if os.path.lexists(path) and not os.path.isdir(path):
        raise CompileUsageError(f"{where}: exists and is not a directory")
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent):  # the nearest existing ancestor
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise CompileUsageError(f"{where}: {parent} is a file, not a directory")
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise CompileUsageError(f"{where}: exists and is not a directory") from None
    except NotADirectoryError:
        raise CompileUsageError(f"{where}: a parent of it is a file, not a directory") from None
    except PermissionError:
        raise CompileUsageError(f"{where}: cannot create it: permission denied in {parent}") from None
    except OSError as e:
        raise CompileUsageError(f"{where}: cannot create it: {_why(e)}") from None
    # os.access is no proof (root, ACLs, read-only mounts): create a file.
    probe = os.path.join(path, f".inductor_xpu-write-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as e:
        what = "permission denied" if e.errno in (errno.EACCES, errno.EPERM) else _why(e)
        raise CompileUsageError(f"{where}: cannot write files in it: {what}") from None
    os.close(fd)
    os.remove(probe)


# ---------------------------------------------------------------------------
# --script


class ScriptError(CompileUsageError):
    """The user's script failed; the message holds its own frames."""


def _a(type_name: str) -> str:
    return f"an {type_name}" if type_name[:1].lower() in "aeiou" else f"a {type_name}"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def format_user_error(e: BaseException, path: str, what: str) -> str:
    """``what`` then the traceback of ``e`` limited to frames in ``path``,
    and the exception itself."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if _same_file(f.filename, path)]
    lines = [f"{what}:"]
    if frames:
        lines.append(f"Traceback (most recent call last; frames in {path} only):")
        lines += [line.rstrip("\n") for line in traceback.format_list(frames)]
    lines += [line.rstrip("\n") for line in traceback.format_exception_only(type(e), e)]
    return "\n".join(lines)


def call_script(spec: str) -> tuple[Any, Any]:
    """``FUNC()`` of ``--script PATH:FUNC``: ``(module, example_inputs)``."""
    path, sep, func_name = spec.rpartition(":")
    if not sep or not path or not func_name:
        raise CompileUsageError(f"--script wants PATH:FUNC, got {spec!r}")
    if not os.path.isfile(path):
        raise CompileUsageError(f"--script: no file {path!r}")
    module_name = "_inductor_xpu_script_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    import_spec = importlib.util.spec_from_file_location(module_name, path)
    if import_spec is None or import_spec.loader is None:
        raise CompileUsageError(f"--script: cannot import {path!r}")
    script = importlib.util.module_from_spec(import_spec)
    sys.modules[module_name] = script
    try:
        import_spec.loader.exec_module(script)
    except Exception as e:
        sys.modules.pop(module_name, None)
        raise ScriptError(format_user_error(e, path, f"--script: importing {path} failed")) from None
    if not hasattr(script, func_name):
        raise CompileUsageError(f"--script: {path} has no function {func_name!r}")
    func = getattr(script, func_name)
    if not callable(func):
        raise CompileUsageError(f"--script: {path}: {func_name} is {_a(type(func).__name__)}, not a function")
    try:
        result = func()
    except Exception as e:
        raise ScriptError(format_user_error(e, path, f"--script: {func_name}() in {path} raised")) from None
    if not (isinstance(result, (tuple, list)) and len(result) == 2):
        raise CompileUsageError(
            f"--script: {func_name}() must return (module, example_inputs), got {type(result).__name__}"
        )
    return result[0], result[1]


# ---------------------------------------------------------------------------
# failed compiles

DATA_DEPENDENT_HINT = (
    "the program reads a tensor's value (.item(), bool(t), `if t`, ...): fake tensors have "
    "no values, so a simulation cannot resolve that branch. Write it as data "
    "(torch.where, torch.cond), or decide it outside the compiled function (in FUNC, "
    "on CPU) and pass the result in; a graph break or torch._check(...) does not help "
    "here, since .item() itself needs a value"
)

_DATA_DEPENDENT_TYPES = ("DataDependentOutputException", "GuardOnDataDependentSymNode")


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else ""


def describe_failure(inner: BaseException) -> tuple[str, str | None]:
    """``(summary line, hint)`` for the innermost error of a failed compile."""
    line = f"{type(inner).__name__}: {_first_line(inner)}"
    from inductor_xpu.targets.pipeline import error_chain

    chain = error_chain(inner, context="always")
    if any(type(x).__name__ in _DATA_DEPENDENT_TYPES for x in chain):
        return line, DATA_DEPENDENT_HINT
    # Dynamo's "RuntimeError when making fake tensor call" wraps the error
    # of the op itself (a shape mismatch ...): name that one.
    if type(inner).__name__ == "TorchRuntimeError" and len(chain) > 1:
        root = chain[-1]
        if _first_line(root) and root is not inner:
            return f"{type(root).__name__}: {_first_line(root)} ({line})", None
    return line, None
