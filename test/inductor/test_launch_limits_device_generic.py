# Owner(s): ["module: inductor"]
"""Threads per block and warp size must come from the device's interface.

DeviceProperties.create() and get_max_numwarps() used CUDA property names
and torch.cuda; an XPU reports its limit as max_work_group_size.
"""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


class _XpuPropsOnlyInterface(di.XpuInterface):
    """XpuInterface answering from fixed properties; nothing can run on it."""

    # Property names as torch.xpu.get_device_properties() reports them; an
    # Intel GPU whose work-groups hold at most 512 work-items.
    props = types.SimpleNamespace(
        name="Intel(R) Graphics",
        gpu_subslice_count=12,
        max_work_group_size=512,
        sub_group_sizes=[8, 16, 32],
    )
    available = False

    @classmethod
    def is_available(cls) -> bool:
        return cls.available

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls.props

    @staticmethod
    def get_compute_capability(device=None):
        return {}


class TestLaunchLimits(TestCase):
    def setUp(self):
        super().setUp()
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _XpuPropsOnlyInterface)
        DeviceProperties.create.cache_clear()

        def restore():
            DeviceProperties.create.cache_clear()
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def test_xpu_threads_per_block_is_work_group_size(self):
        props = DeviceProperties.create(torch.device("xpu", 0))
        self.assertEqual(props.max_threads_per_block, 512)

    def test_xpu_warp_size_is_triton_sub_group_size(self):
        props = DeviceProperties.create(torch.device("xpu", 0))
        self.assertEqual(props.warp_size, 32)
        self.assertEqual(di.XpuInterface.get_warp_size(), 32)

    def test_xpu_max_numwarps(self):
        # 512 work-items per work-group / 32 per sub-group.
        with mock.patch.object(
            utils, "get_gpu_type", return_value="xpu"
        ), mock.patch.object(_XpuPropsOnlyInterface, "available", True):
            self.assertEqual(utils.get_max_numwarps(), 16)

    def test_no_gpu_keeps_defaults(self):
        # No GPU at all: the CUDA defaults (1024 threads / 32) as before.
        with mock.patch.object(
            utils, "get_gpu_type", return_value="xpu"
        ), mock.patch.object(_XpuPropsOnlyInterface, "available", False):
            self.assertEqual(utils.get_max_numwarps(), 32)

    def test_interface_defaults(self):
        class Plain(di.DeviceInterface):
            @classmethod
            def get_device_properties(cls, device=None):
                return types.SimpleNamespace(multi_processor_count=8)

        self.assertEqual(Plain.get_max_threads_per_block(), 1024)
        # An unreported warp size is recorded as the release records it (32
        # through 2.13, None after) and means 32 threads either way.
        plain = DeviceProperties(
            type="plain",
            index=0,
            multi_processor_count=8,
            cc=0,
            max_threads_per_block=Plain.get_max_threads_per_block(),
            warp_size=Plain.get_warp_size(),
        )
        self.assertEqual(plain.warp_size_or_default, 32)

        class Reported(di.DeviceInterface):
            @classmethod
            def get_device_properties(cls, device=None):
                return types.SimpleNamespace(max_threads_per_block=256, warp_size=64)

        self.assertEqual(Reported.get_max_threads_per_block(), 256)
        self.assertEqual(Reported.get_warp_size(), 64)

    def test_cpu_has_no_warp_size(self):
        props = DeviceProperties.create(torch.device("cpu"))
        self.assertIsNone(props.warp_size)
        self.assertEqual(props.max_threads_per_block, 1024)

    def test_cuda_matches_device_properties(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        device = torch.device("cuda", torch.cuda.current_device())
        cuda_props = torch.cuda.get_device_properties(device)
        props = DeviceProperties.create(device)
        self.assertEqual(props.max_threads_per_block, cuda_props.max_threads_per_block)
        self.assertEqual(props.warp_size, cuda_props.warp_size)
        with mock.patch.object(utils, "get_gpu_type", return_value="cuda"):
            self.assertEqual(
                utils.get_max_numwarps(),
                cuda_props.max_threads_per_block // cuda_props.warp_size,
            )


if __name__ == "__main__":
    run_tests()
