"""In-tree-style Inductor code generation modules for Intel GPUs (xpu).

Laid out as they would sit under ``torch/_inductor/codegen/`` upstream; they
use only Inductor's public registration points.
"""
