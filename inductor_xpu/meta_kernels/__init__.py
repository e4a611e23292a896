"""Meta (fake-tensor) kernels for oneDNN ops that torch registers none for,
so graphs holding them trace with fake tensors on any device (hardware-less
xpu code generation included).  The overlay registers them at ``import
torch`` (:func:`inductor_xpu.overlay.state.enable_overlay`), each only where
torch has no Meta kernel, so an upstream one wins once it exists.

:mod:`.mkldnn_binary`: the oneDNN binary post-op fusion ops (conv and linear
with ``add``/``sub``/``mul``) that Inductor's mkldnn fusion passes emit.
:mod:`.onednn_quant`: the oneDNN INT8 weight-prepack ops that PT2E INT8
freezing folds.
"""
