"""``python -m inductor_xpu compile``: Inductor's xpu output for a model, on
a machine without an Intel GPU.

The model (a built-in one, or ``FUNC()`` of a script returning ``(module,
example_inputs)`` built on CPU) is moved to fake xpu tensors of a simulated
device and compiled once by the one pipeline
(:func:`inductor_xpu.compile.pipeline.compile_for_target`), inside a
:class:`~inductor_xpu.analysis.sanitizer.CudaApiRecorder`.  Nothing runs on
any device.  Written to ``--out``: ``output_code_<n>.py`` (each compiled
graph's wrapper module with its Triton kernels), ``report.json``, with
``--cpp-wrapper`` ``output_code_<n>.cpp``, with ``--aot`` the AOTInductor
package sources (``aot/``), and the manifest of what the run wrote (a later
run removes those files, nothing else).  See docs/hardware_less_codegen.md.

The rooms: :mod:`.pipeline` (``compile_for_target``, the one pipeline,
and its result ``CompileReport``), :mod:`.options` (what is asked, the
choices, usage errors), :mod:`.outdir` (the output directory and its
manifest), :mod:`.program` (the program on CPU: model, script, dtype),
:mod:`.command` (``run_compile``: the compile modes of
:mod:`inductor_xpu.modes`, picked once, at each stage), :mod:`.report`
(``report.json`` and the summary), :mod:`.execution` (``--run``: the
generated code executed on CPU against eager, and its report), :mod:`.cli`
(flags and exit statuses).

The names below are imported when first used (PEP 562): importing
:mod:`.pipeline`, which the compile modes build on, does not import the
command and its modes.
"""

from __future__ import annotations

import importlib
from typing import Any


__all__ = ["CompileOptions", "CompileUsageError", "format_summary", "run_compile"]

_WHERE = {
    "CompileOptions": "inductor_xpu.compile.options",
    "CompileUsageError": "inductor_xpu.compile.options",
    "format_summary": "inductor_xpu.compile.report",
    "run_compile": "inductor_xpu.compile.command",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
