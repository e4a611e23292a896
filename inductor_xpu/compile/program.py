"""The program ``python -m inductor_xpu compile`` compiles, built on CPU: a
built-in model (``--model``) or ``FUNC()`` of a user's script (``--script
PATH:FUNC``), converted to ``--dtype``.

An error in the user's script (at import, a SyntaxError or an ImportError
included, or in ``FUNC()``) is a :class:`ScriptError` showing the user's
own frames only and the exception (exit status 2); so is a ``sys.exit()``
there (:func:`exit_call`), in one line naming the script and the function.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import re
import sys
import traceback
from collections.abc import Callable
from typing import Any

import torch

from inductor_xpu.compile.options import CompileOptions, CompileUsageError


__all__ = ["Program", "ScriptError", "call_script", "exit_call", "load_program"]


class ScriptError(CompileUsageError):
    """The user's script failed; the message holds its own frames."""


@dataclasses.dataclass
class Program:
    """A program on CPU: ``module(*args, **kwargs)``."""

    module: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    description: str


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


def exit_call(e: SystemExit) -> str:
    """The ``sys.exit(...)`` call that raised ``e``, as written."""
    return "sys.exit()" if e.code is None else f"sys.exit({e.code!r})"


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
    except SystemExit as e:  # the user's sys.exit() would end this command silently
        sys.modules.pop(module_name, None)
        raise ScriptError(
            f"--script: importing {path} called {exit_call(e)} (the script stopped the process)"
        ) from None
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
    except SystemExit as e:
        raise ScriptError(f"--script: {func_name}() in {path} called {exit_call(e)}") from None
    except Exception as e:
        raise ScriptError(format_user_error(e, path, f"--script: {func_name}() in {path} raised")) from None
    if not (isinstance(result, (tuple, list)) and len(result) == 2):
        raise CompileUsageError(
            f"--script: {func_name}() must return (module, example_inputs), got {type(result).__name__}"
        )
    return result[0], result[1]


def load_program(options: CompileOptions) -> Program:
    """The program of ``options`` on CPU, converted to its dtype, in
    training or inference mode."""
    from inductor_xpu.builtin_models import BUILTIN_MODELS, build_model

    if options.script:
        module, inputs = call_script(options.script)
        description = f"{options.script}()"
    else:
        name = options.model or "demo"
        try:
            module, inputs = build_model(name)
        except KeyError as e:
            raise CompileUsageError(e.args[0]) from None
        description = BUILTIN_MODELS[name].description
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    if isinstance(inputs, dict):
        args, kwargs = (), dict(inputs)
    elif isinstance(inputs, (tuple, list)):
        args, kwargs = tuple(inputs), {}
    else:
        args, kwargs = (inputs,), {}
    if not callable(module):
        raise CompileUsageError(f"{options.program_name}: {type(module).__name__} is not callable")
    dtype = options.dtype_conversion  # AMP: fp32 module, autocast forward
    if dtype is not None:
        if isinstance(module, torch.nn.Module):
            module = module.to(dtype)
        args, kwargs = _convert_dtype((args, kwargs), dtype)
    if isinstance(module, torch.nn.Module):
        module.train(options.train)
    return Program(module, args, kwargs, description)


def _convert_dtype(value: Any, dtype: torch.dtype) -> Any:
    def convert(t: torch.Tensor) -> torch.Tensor:
        return t.to(dtype) if t.is_floating_point() else t

    return torch.utils._pytree.tree_map_only(torch.Tensor, convert, value)
