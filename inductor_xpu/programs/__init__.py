"""The golden programs: small, self-contained programs that each exercise
one part of Inductor's code generation for a simulated device.

:mod:`.codegen`: inference programs (``PROGRAMS``) and
``compile_program``; :mod:`.training`: training programs
(``TRAINING_PROGRAMS``) and ``compile_training_program``.  The golden tests
(``test/inductor_xpu/codegen/``) compare their generated code with expect
files; ``tools/xpu_sanitizer_report.py`` compiles them under the
``torch.cuda`` sanitizer.  They live in the package, not in ``test/``, so
tools never import test code.
"""
