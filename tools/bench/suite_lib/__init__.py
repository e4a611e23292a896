"""The model-suite harness behind ``tools/bench/suite.py``.

Modules, in the order a run uses them:

* ``cli``          the command line; writes the outputs.
* ``models``       the timm and HuggingFace lists, builders, inputs, tolerances
                   (and the ``selftest`` list; builders in ``selftest``).
* ``orchestrator`` one worker process per model, time limits, crashes; no torch.
* ``worker``       the worker's entry point (``python -m suite_lib.worker``).
* ``runner``       in the worker: accuracy, performance, codegen for one model.
* ``codegen``      ``run_codegen_only``: hardware-less xpu code generation.
* ``stats``        graphs, graph breaks, kernels, fallbacks, oneDNN counters.
* ``report``       CSV, markdown and PNG.
* ``plan_parity``  ``--compare-target`` tables (``tools/bench/plan_parity.py``
                   merges runs).

What every benchmark shares (the child-process protocol, ``geomean``, the
machine line, record writers) is in ``benchlib``, beside this package under
``tools/bench``, the import root of both.
"""
