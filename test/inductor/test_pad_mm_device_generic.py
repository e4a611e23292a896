# Owner(s): ["module: inductor"]
"""pad_mm's bf16 large-K heuristics must ask the matmul's device, not torch.cuda."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import config
from torch._inductor.fx_passes.pad_mm import is_mm_compute_bound, should_pad_mm_bf16
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _props_only_interface(props, base=di.DeviceInterface):
    """A device interface that answers property queries only."""

    class PropsOnly(base):
        @staticmethod
        def is_available() -> bool:
            return False

        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return props

        @staticmethod
        def get_compute_capability(device=None):
            return getattr(props, "major", 0) * 10

    return PropsOnly


XPU_PROPS = types.SimpleNamespace(
    name="Intel(R) Data Center GPU Max 1550",
    gpu_subslice_count=64,
    max_work_group_size=1024,
)


def _cuda_props(major):
    return types.SimpleNamespace(
        name=f"sm{major}0", multi_processor_count=132, major=major, minor=0
    )


def _no_cuda(*args, **kwargs):
    raise AssertionError("pad_mm asked torch.cuda")


# bf16, K much larger than M and N (N odd, K over the pad_aten_mm_pass threshold)
M, N, K = 16, 15, 8388608


class TestPadMmDeviceHeuristics(TestCase):
    def setUp(self):
        super().setUp()
        patch = config.patch(post_grad_fusion_options={"pad_aten_mm_pass": {}})
        patch.__enter__()
        self.addCleanup(patch.__exit__, None, None, None)

    def use_interface(self, device_type, props):
        DeviceProperties.create.cache_clear()
        saved = di.device_interfaces.get(device_type)
        # XPU keeps its own reading of the compute-unit count (Xe-cores).
        base = di.XpuInterface if device_type == "xpu" else di.DeviceInterface
        di.register_interface_for_device(
            device_type, _props_only_interface(props, base)
        )

        def restore():
            DeviceProperties.create.cache_clear()
            if saved is None:
                di.device_interfaces.pop(device_type, None)
            else:
                di.register_interface_for_device(device_type, saved)

        self.addCleanup(restore)
        patch = mock.patch.object(torch.cuda, "get_device_capability", _no_cuda)
        patch.start()
        self.addCleanup(patch.stop)

    def test_xpu_gets_the_padding(self):
        self.use_interface("xpu", XPU_PROPS)
        xpu = torch.device("xpu", 0)
        self.assertTrue(is_mm_compute_bound(M, K, N, torch.bfloat16, xpu))
        self.assertTrue(should_pad_mm_bf16(torch.bfloat16, M, N, K, xpu))

    def test_sm90_cut_off(self):
        if torch.version.hip is not None:
            self.skipTest("CUDA device type renamed to hip")
        cuda = torch.device("cuda", 0)
        self.use_interface("cuda", _cuda_props(8))
        self.assertTrue(should_pad_mm_bf16(torch.bfloat16, M, N, K, cuda))
        self.use_interface("cuda", _cuda_props(9))
        self.assertFalse(should_pad_mm_bf16(torch.bfloat16, M, N, K, cuda))

    def test_other_shapes_do_not_ask_the_device(self):
        self.use_interface("xpu", XPU_PROPS)
        xpu = torch.device("xpu", 0)
        self.assertFalse(should_pad_mm_bf16(torch.float16, M, N, K, xpu))
        self.assertFalse(should_pad_mm_bf16(torch.bfloat16, K, N, M, xpu))

    def test_cuda_matches_device_capability(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        DeviceProperties.create.cache_clear()
        expected = torch.cuda.get_device_capability() < (9, 0)
        cuda = torch.device("cuda", torch.cuda.current_device())
        self.assertEqual(should_pad_mm_bf16(torch.bfloat16, M, N, K, cuda), expected)
        self.assertEqual(should_pad_mm_bf16(torch.bfloat16, M, N, K), expected)


if __name__ == "__main__":
    run_tests()
