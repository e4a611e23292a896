"""In-tree-style support modules for Inductor's FX passes on xpu.

:mod:`.mkldnn_fake_kernels`: meta (fake-tensor) kernels for the oneDNN
post-op fusion ops that torch registers none for, so graphs holding them
trace with fake tensors on any device (hardware-less xpu code generation
included).  :mod:`.onednn_quant_fake_kernels`: the same for the oneDNN
INT8 weight-prepack ops that PT2E INT8 freezing folds.
"""
