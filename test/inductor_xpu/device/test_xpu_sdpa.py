# Owner(s): ["module: inductor"]
"""scaled_dot_product_attention for fake xpu tensors in a simulation
(``inductor_xpu.device.meta.sdpa``): the backend the XPU build would pick, the
ATen op it lowers to, and the exact undo on exit."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses import fake_impls
from torch.nn.attention import sdpa_kernel, SDPBackend as TorchSDPBackend

from inductor_xpu.device import get_profile, simulate
from inductor_xpu.device.meta.sdpa import select_sdp_backend_xpu, SDPBackend


def has_xpu_sdpa_kernel() -> bool:
    return torch._C._dispatch_has_kernel_for_dispatch_key("aten::scaled_dot_product_attention", "AutogradXPU")


class TestXpuSdpaChoice(TestCase):
    def choose(self, *shape, dtype=torch.float32, profile="max1550", mask=None, dropout_p=0.0, is_causal=False,
               enable_gqa=False, kv_heads=None):
        with simulate(profile) as sim:
            q = sim.tensor(*shape, dtype=dtype)
            kv_shape = list(shape)
            if kv_heads is not None:
                kv_shape[1] = kv_heads
            k = v = sim.tensor(*kv_shape, dtype=dtype)
            return select_sdp_backend_xpu(q, k, v, mask, dropout_p, is_causal, enable_gqa, get_profile(profile))

    def test_onednn_fused_kernel_first(self):
        for dtype in (torch.float32, torch.float16, torch.bfloat16):
            self.assertIs(self.choose(2, 4, 64, 64, dtype=dtype), SDPBackend.overrideable)
        # grouped-query attention
        self.assertIs(self.choose(2, 8, 64, 64, kv_heads=2, enable_gqa=True), SDPBackend.overrideable)

    def test_math_where_onednn_does_not_apply(self):
        self.assertIs(self.choose(2, 4, 32, 16, dtype=torch.float64), SDPBackend.math)  # no double
        self.assertIs(self.choose(2, 4, 32, 16, dropout_p=0.1), SDPBackend.math)  # no dropout
        self.assertIs(self.choose(2, 4, 32, 640), SDPBackend.math)  # head dim > 576
        self.assertIs(self.choose(4, 32, 16), SDPBackend.math)  # 3-D

    def test_flash_follows_the_profile(self):
        # With the oneDNN kernel disabled, FlashAttentionXPU is next, on the
        # architectures it supports (PVC, BMG): not on an Arc A770 (DG2).
        with sdpa_kernel([TorchSDPBackend.FLASH_ATTENTION, TorchSDPBackend.MATH]):
            self.assertIs(self.choose(2, 4, 64, 64, dtype=torch.float16, profile="max1550"), SDPBackend.flash_attention)
            self.assertIs(self.choose(2, 4, 64, 64, dtype=torch.bfloat16, profile="b580"), SDPBackend.flash_attention)
            self.assertIs(self.choose(2, 4, 64, 64, dtype=torch.float16, profile="a770"), SDPBackend.math)
            self.assertIs(self.choose(2, 4, 64, 64, dtype=torch.float32, profile="max1550"), SDPBackend.math)
            self.assertIs(self.choose(2, 4, 64, 256, dtype=torch.float16, profile="max1550"), SDPBackend.math)

    def test_no_backend_raises(self):
        with sdpa_kernel([TorchSDPBackend.CUDNN_ATTENTION]):
            with self.assertRaisesRegex(RuntimeError, "No viable backend for scaled_dot_product_attention"):
                self.choose(2, 4, 64, 64)


class TestXpuSdpaInSimulation(TestCase):
    def test_fused_sdp_choice_op(self):
        with simulate("max1550") as sim:
            q = sim.tensor(1, 2, 8, 16)
            with sim.fake_mode:
                self.assertEqual(torch.ops.aten._fused_sdp_choice(q, q, q), int(SDPBackend.overrideable))
                c = torch.empty(1, 2, 8, 16)
                # other devices keep the Meta kernel (math for CPU tensors)
                self.assertEqual(torch.ops.aten._fused_sdp_choice(c, c, c), int(SDPBackend.math))
            self.assertFalse(torch.xpu.is_available())

    def test_compiled_sdpa_lowers_to_the_chosen_op(self):
        def fn(q, k, v):
            return F.scaled_dot_product_attention(q, k, v, scale=0.25)

        with simulate("max1550") as sim:
            q = sim.tensor(2, 4, 64, 32)
            code = sim.compile(fn, q, q, q).source
            self.assertIn(SDPBackend.overrideable, sim.sdpa.choices)
        self.assertIn(
            "torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default("
            "arg0_1, arg0_1, arg0_1, scale=0.25)",
            code,
        )

    def test_restored_on_exit(self):
        checks_before = list(fake_impls.op_implementations_checks)
        self.assertFalse(has_xpu_sdpa_kernel())
        with simulate("max1550") as sim:
            self.assertTrue(has_xpu_sdpa_kernel())
            self.assertEqual(len(fake_impls.op_implementations_checks), len(checks_before) + 1)
            self.assertIn("aten::scaled_dot_product_attention (AutogradXPU kernel)", sim.installed)
        self.assertFalse(has_xpu_sdpa_kernel())
        self.assertEqual(fake_impls.op_implementations_checks, checks_before)
        # CPU SDPA is untouched.
        q = torch.randn(1, 2, 8, 16)
        self.assertEqual(F.scaled_dot_product_attention(q, q, q).shape, q.shape)


if __name__ == "__main__":
    run_tests()
