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
"""
