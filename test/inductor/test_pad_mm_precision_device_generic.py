# Owner(s): ["module: inductor"]
"""pad_mm's bench key must follow the TF32 flag of the matmul's device."""

import torch
from torch._inductor.fx_passes.pad_mm import should_pad_bench_key
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode


aten = torch.ops.aten


class TestPadMmBenchKeyPrecision(TestCase):
    def setUp(self):
        super().setUp()
        saved = (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        )

        def restore():
            torch.backends.cuda.matmul.fp32_precision = saved[0]
            torch.backends.mkldnn.matmul.fp32_precision = saved[1]

        self.addCleanup(restore)

    def tf32_keyed(self, device, *, cublas, onednn, dtype=torch.float32):
        """Whether the bench key of a ``device`` mm says TF32, under these flags."""
        torch.backends.cuda.matmul.fp32_precision = cublas
        torch.backends.mkldnn.matmul.fp32_precision = onednn
        with FakeTensorMode():
            a = torch.empty(64, 32, dtype=dtype, device=device)
            b = torch.empty(32, 16, dtype=dtype, device=device)
        key = should_pad_bench_key(None, a, b, aten.mm, is_base_time_key=True)
        return key.endswith(", True)")

    def test_xpu_follows_onednn_matmul_flag(self):
        self.assertTrue(self.tf32_keyed("xpu", cublas="ieee", onednn="tf32"))
        self.assertFalse(self.tf32_keyed("xpu", cublas="tf32", onednn="ieee"))

    def test_cuda_follows_cublas_flag(self):
        self.assertTrue(self.tf32_keyed("cuda", cublas="tf32", onednn="ieee"))
        self.assertFalse(self.tf32_keyed("cuda", cublas="ieee", onednn="tf32"))

    def test_half_precision_has_no_tf32_key(self):
        self.assertFalse(
            self.tf32_keyed("xpu", cublas="tf32", onednn="tf32", dtype=torch.float16)
        )


if __name__ == "__main__":
    run_tests()
