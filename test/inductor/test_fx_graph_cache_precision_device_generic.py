# Owner(s): ["module: inductor"]
"""The FX graph cache key must hold the precision flags of XPU's and CPU's
math library (oneDNN), not only cuBLAS's."""

import torch
from torch._inductor.codecache import compiled_fx_graph_hash
from torch._inductor.test_case import run_tests, TestCase


class TestFxGraphCachePrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        matmul = torch.backends.cuda.matmul
        self._saved = (
            matmul.fp32_precision,
            matmul.allow_fp16_reduced_precision_reduction,
            torch.backends.mkldnn.matmul.fp32_precision,
            torch.backends.mkldnn.conv.fp32_precision,
        )
        matmul.fp32_precision = "ieee"
        matmul.allow_fp16_reduced_precision_reduction = True
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.conv.fp32_precision = "ieee"

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        matmul = torch.backends.cuda.matmul
        matmul.fp32_precision = self._saved[0]
        matmul.allow_fp16_reduced_precision_reduction = self._saved[1]
        torch.backends.mkldnn.matmul.fp32_precision = self._saved[2]
        torch.backends.mkldnn.conv.fp32_precision = self._saved[3]
        super().tearDown()

    @staticmethod
    def _key():
        gm = torch.fx.GraphModule({}, torch.fx.Graph())
        gm.graph.output(None)
        return compiled_fx_graph_hash(gm, [], {}, [])[0]

    def test_key_follows_onednn_matmul(self):
        before = self._key()
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self.assertNotEqual(self._key(), before)

    def test_key_follows_onednn_conv(self):
        before = self._key()
        torch.backends.mkldnn.conv.fp32_precision = "tf32"
        self.assertNotEqual(self._key(), before)

    def test_key_keeps_cublas_flags(self):
        before = self._key()
        torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
        self.assertNotEqual(self._key(), before)
        torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = True
        self.assertEqual(self._key(), before)
        torch.backends.cuda.matmul.fp32_precision = "tf32"
        self.assertNotEqual(self._key(), before)


if __name__ == "__main__":
    run_tests()
