# Owner(s): ["module: inductor"]
"""Template heuristics must read the hardware limits (shared memory per block,
compute-unit count) of the GPU in use from its device interface."""

import contextlib
import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor.kernel.flex import flex_decoding
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.template_heuristics import triton as triton_heuristics
from torch._inductor.template_heuristics.triton import (
    BaseConfigHeuristic,
    GemmConfig,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


# The in-tree interface of each GPU type, so its vendor-specific readings of the
# properties (e.g. XPU's Xe-core count) stay in force.
_INTERFACE_CLASSES = {"cuda": di.CudaInterface, "xpu": di.XpuInterface}


def _props_only_interface(device_type, props):
    base = _INTERFACE_CLASSES.get(device_type, di.DeviceInterface)

    class PropsOnlyInterface(base):
        """Answers property queries only; nothing can run on it."""

        @staticmethod
        def is_available() -> bool:
            return True

        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return props

        @staticmethod
        def get_compute_capability(device=None):
            return 0

    return PropsOnlyInterface


# An Intel Data Center GPU Max 1550 as torch.xpu describes it.
_MAX_1550 = types.SimpleNamespace(
    name="Intel(R) Data Center GPU Max 1550",
    gpu_subslice_count=64,
    max_work_group_size=1024,
    local_mem_size=128 * 1024,
)

# 5 stages of 128x64 + 64x128 fp32 tiles: 320 KiB, more than any GPU offers.
_BIG = GemmConfig(128, 128, 64, 5, 8)
# 1 stage of 32x16 + 16x32 fp32 tiles: 4 KiB.
_SMALL = GemmConfig(32, 32, 16, 1, 2)


class TestTemplateHeuristicsDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        DeviceProperties.create.cache_clear()
        saved = dict(di.device_interfaces)

        def restore():
            DeviceProperties.create.cache_clear()
            di.device_interfaces.clear()
            di.device_interfaces.update(saved)

        self.addCleanup(restore)

    @contextlib.contextmanager
    def _gpu_in_use(self, device_type, props):
        di.register_interface_for_device(
            device_type, _props_only_interface(device_type, props)
        )
        # Both modules bind get_gpu_type at import; create=True lets the test
        # run (and fail) on a torch where they do not.
        with (
            mock.patch.object(
                triton_heuristics, "get_gpu_type", return_value=device_type, create=True
            ),
            mock.patch.object(
                flex_decoding, "get_gpu_type", return_value=device_type, create=True
            ),
        ):
            yield

    # -- shared memory -----------------------------------------------------
    def test_xpu_shared_local_memory_prunes_configs(self):
        with (
            self._gpu_in_use("xpu", _MAX_1550),
            mock.patch.object(torch.cuda, "get_device_properties", _fail),
        ):
            heuristic = XPUConfigHeuristic()
            exceeds = heuristic._get_exceeding_shared_memory_checker(False, 0)
            self.assertIsNotNone(exceeds)
            self.assertTrue(exceeds(_BIG, 4))
            self.assertFalse(exceeds(_SMALL, 4))
            self.assertEqual(
                heuristic._prune_exceeding_max_shared_mem_configs([_BIG, _SMALL], 4),
                [_SMALL],
            )

    def test_cuda_shared_memory_optin_preferred(self):
        # An H100 reports 227 KiB opt-in shared memory per block.
        props = types.SimpleNamespace(
            shared_memory_per_block_optin=232448, shared_memory_per_block=49152
        )
        with self._gpu_in_use("cuda", props):
            exceeds = BaseConfigHeuristic()._get_exceeding_shared_memory_checker(
                False, 0
            )
            self.assertIsNotNone(exceeds)
            self.assertFalse(exceeds(GemmConfig(128, 128, 64, 3, 8), 4))  # 192 KiB
            self.assertTrue(exceeds(_BIG, 4))

    def test_unknown_shared_memory_does_not_prune(self):
        with self._gpu_in_use("xpu", types.SimpleNamespace(name="no limits")):
            self.assertIsNone(
                XPUConfigHeuristic()._get_exceeding_shared_memory_checker(False, 0)
            )

    def test_no_gpu_does_not_prune(self):
        if torch.cuda.is_available():
            self.skipTest("needs a machine without a GPU")
        self.assertIsNone(
            BaseConfigHeuristic()._get_exceeding_shared_memory_checker(False, 0)
        )

    # -- flex decoding split-k ----------------------------------------------
    def test_xpu_split_k_uses_xe_core_count(self):
        with (
            self._gpu_in_use("xpu", _MAX_1550),
            mock.patch.object(torch.cuda, "get_device_properties", _fail),
        ):
            # 64 Xe-cores over B * H = 8 heads, two splits per core.
            self.assertEqual(
                flex_decoding.get_split_k(2, 4, 1024, torch.device("xpu", 0)), 16
            )
            self.assertEqual(flex_decoding.get_split_k(2, 4, 1024), 16)
            # at least one split
            self.assertEqual(flex_decoding.get_split_k(64, 64, 1024), 1)

    def test_cuda_matches_device_properties(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        props = torch.cuda.get_device_properties(torch.cuda.current_device())
        self.assertEqual(
            flex_decoding.get_split_k(1, 1, 1024, torch.device("cuda", 0)),
            torch.cuda.get_device_properties(0).multi_processor_count * 2,
        )
        exceeds = BaseConfigHeuristic()._get_exceeding_shared_memory_checker(False, 0)
        limit = getattr(
            props, "shared_memory_per_block_optin", props.shared_memory_per_block
        )
        self.assertEqual(exceeds(_SMALL, 4), 4096 > limit)
        self.assertEqual(exceeds(_BIG, 4), 320 * 1024 > limit)


if __name__ == "__main__":
    run_tests()
