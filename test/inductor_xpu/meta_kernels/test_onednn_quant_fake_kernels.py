# Owner(s): ["module: inductor"]
"""Meta kernels of the oneDNN INT8 weight-prepack ops (inductor_xpu/meta_kernels/onednn_quant.py).

Freezing's constant folding evaluates ``onednn.qconv_prepack`` /
``onednn.qlinear_prepack`` on the frozen int8 weights; on fake tensors
(a hardware-less xpu compile) that needs Meta kernels, which torch lacks for
``qconv_prepack`` (and for ``qlinear_prepack`` before 2.15).  Their outputs
follow the XPU kernels: ``qconv_prepack`` returns the weight unchanged,
``qlinear_prepack`` its ``(in, out)`` transpose.
"""

import torch
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode

from inductor_xpu.meta_kernels import onednn_quant


onednn = torch.ops.onednn


class TestOnednnQuantFakeKernels(TestCase):
    def setUp(self):
        super().setUp()
        if not torch._C._has_mkldnn:
            self.skipTest("torch built without oneDNN")
        onednn_quant.register()

    def test_registered_where_torch_has_none(self):
        for name in onednn_quant.KERNELS:
            self.assertTrue(torch._C._dispatch_has_kernel_for_dispatch_key(f"onednn::{name}", "Meta"), name)
        # idempotent: nothing registered twice
        self.assertEqual(onednn_quant.register(), [])

    def test_qconv_prepack_fake_xpu_is_the_weight(self):
        with FakeTensorMode():
            for shape in ((16, 8, 3, 3), (4, 2, 5), (8, 4, 1, 1)):
                w = torch.empty(shape, dtype=torch.int8, device="xpu")
                scales = torch.empty(shape[0], device="xpu")
                packed = onednn.qconv_prepack(w, scales, 0.1, 3, [1] * (w.dim() - 2), [0] * (w.dim() - 2),
                                              [1] * (w.dim() - 2), 1, None)
                self.assertEqual((packed.shape, packed.stride(), packed.dtype, packed.device),
                                 (w.shape, w.stride(), w.dtype, w.device))

    def test_qlinear_prepack_fake_xpu_is_transposed(self):
        with FakeTensorMode():
            w = torch.empty(64, 32, dtype=torch.int8, device="xpu")
            packed = onednn.qlinear_prepack(w, [8, 32])
            self.assertEqual((tuple(packed.shape), packed.dtype, packed.device.type), ((32, 64), torch.int8, "xpu"))
            with self.assertRaisesRegex(Exception, "in_features|must match"):
                onednn.qlinear_prepack(w, [8, 31])

    def test_real_cpu_kernel_still_runs(self):
        # Meta kernels do not shadow the CPU kernel on real tensors
        w = torch.randint(-128, 127, (16, 8, 3, 3), dtype=torch.int8)
        packed = onednn.qconv_prepack(w, torch.ones(16), 0.1, 0, [1, 1], [1, 1], [1, 1], 1, [2, 8, 12, 12])
        self.assertTrue(packed.is_mkldnn)


if __name__ == "__main__":
    run_tests()
