# Owner(s): ["module: inductor"]
"""The shared-A bmm template must take TF32 from the bmm device's math library."""

import torch
from torch._inductor.kernel import bmm
from torch._inductor.test_case import run_tests, TestCase


class TestBmmSharedAPrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        self.saved = (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        )

    def tearDown(self):
        # restored before TestCase checks that no precision flag leaked
        (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        ) = self.saved
        super().tearDown()

    def allow_tf32(self, device):
        values = {
            c["ALLOW_TF32"]
            for c in bmm._bmm_shared_a_configs(torch.float32, torch.device(device))
        }
        self.assertEqual(len(values), 1)
        return values.pop()

    def test_follows_the_device_library(self):
        # cuBLAS and oneDNN disagree, both ways round
        for cublas, onednn in (("tf32", "ieee"), ("ieee", "tf32")):
            with self.subTest(cublas=cublas, onednn=onednn):
                torch.backends.cuda.matmul.fp32_precision = cublas
                torch.backends.mkldnn.matmul.fp32_precision = onednn
                self.assertEqual(self.allow_tf32("cuda:0"), cublas == "tf32")
                self.assertEqual(self.allow_tf32("xpu:0"), onednn == "tf32")


if __name__ == "__main__":
    run_tests()
