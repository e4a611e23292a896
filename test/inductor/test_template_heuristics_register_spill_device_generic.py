# Owner(s): ["module: inductor"]
"""The register-spill pruning of the EXHAUSTIVE GEMM search space
(``_prune_reg_spill_configs``) is an NVIDIA/AMD register model read from
torch.cuda: it must apply to the CUDA and ROCm config heuristics only, and
leave the configs of other devices (XPU, CPU, MTIA) alone without asking
torch.cuda."""

import math
import types
from unittest import mock

import torch
from torch._inductor.template_heuristics.triton import (
    CPUConfigHeuristic,
    CUDAConfigHeuristic,
    GemmConfig,
    MTIAConfigHeuristic,
    ROCmConfigHeuristic,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase


# GemmConfig(block_m, block_n, block_k, num_stages, num_warps)
_CONFIGS = [
    GemmConfig(32, 32, 32, 2, 4),
    GemmConfig(64, 64, 32, 3, 4),
    GemmConfig(128, 128, 32, 3, 4),
    # 128 * 128 / (2 * 32) = 256 accumulator registers per thread: spills
    # with 32-wide warps, fits with 64-wide wavefronts.
    GemmConfig(128, 128, 32, 3, 2),
    # 256 * 256 / (4 * 32) = 512: spills with 32-wide warps and 64-wide
    # wavefronts alike.
    GemmConfig(256, 256, 32, 3, 4),
    GemmConfig(256, 128, 64, 4, 8),
]


def _reference_pruned(configs, warp_size, num_reg=255):
    """The NVIDIA-oriented model CUDA and ROCm apply: drop a config whose
    accumulator alone needs more than num_reg registers per thread."""
    return [
        c
        for c in configs
        if math.ceil(c.block_m * c.block_n / (c.num_warps * warp_size)) <= num_reg
    ]


def _asked_torch_cuda(*args, **kwargs):
    raise AssertionError("asked torch.cuda")


def _bare(cls):
    # ROCmConfigHeuristic.__init__ asks the Triton backend for its options,
    # which needs a ROCm device; the pruning does not use the instance state.
    return object.__new__(cls)


class TestTemplateHeuristicsRegisterSpillDeviceGeneric(TestCase):
    def _mock_cuda(self, warp_size=None):
        """Make torch.cuda report a device with the given warp size, or raise
        if it is asked at all (warp_size=None)."""
        if warp_size is None:
            current = mock.patch.object(
                torch.cuda, "current_device", side_effect=_asked_torch_cuda
            )
            props = mock.patch.object(
                torch.cuda, "get_device_properties", side_effect=_asked_torch_cuda
            )
        else:
            current = mock.patch.object(torch.cuda, "current_device", return_value=0)
            props = mock.patch.object(
                torch.cuda,
                "get_device_properties",
                return_value=types.SimpleNamespace(warp_size=warp_size),
            )
        current_mock = current.start()
        self.addCleanup(current.stop)
        props_mock = props.start()
        self.addCleanup(props.stop)
        return current_mock, props_mock

    def _check_keeps_all_without_torch_cuda(self, heuristic):
        current_mock, props_mock = self._mock_cuda()
        configs = list(_CONFIGS)
        self.assertEqual(heuristic._prune_reg_spill_configs(configs), _CONFIGS)
        self.assertFalse(current_mock.called, "torch.cuda.current_device was asked")
        self.assertFalse(
            props_mock.called, "torch.cuda.get_device_properties was asked"
        )

    def _check_keeps_all_beside_cuda_device(self, heuristic):
        # A process that also has a CUDA device: its NVIDIA register model and
        # warp size are not those of the device these configs are for.
        self._mock_cuda(warp_size=32)
        self.assertEqual(heuristic._prune_reg_spill_configs(list(_CONFIGS)), _CONFIGS)

    def test_xpu_keeps_configs_without_asking_torch_cuda(self):
        self._check_keeps_all_without_torch_cuda(XPUConfigHeuristic())

    def test_xpu_keeps_configs_beside_cuda_device(self):
        self._check_keeps_all_beside_cuda_device(XPUConfigHeuristic())

    def test_cpu_keeps_configs_without_asking_torch_cuda(self):
        self._check_keeps_all_without_torch_cuda(CPUConfigHeuristic())

    def test_cpu_keeps_configs_beside_cuda_device(self):
        self._check_keeps_all_beside_cuda_device(CPUConfigHeuristic())

    def test_mtia_keeps_configs_without_asking_torch_cuda(self):
        self._check_keeps_all_without_torch_cuda(MTIAConfigHeuristic())

    def test_cuda_prunes_spilling_configs(self):
        self._mock_cuda(warp_size=32)
        pruned = CUDAConfigHeuristic()._prune_reg_spill_configs(list(_CONFIGS))
        self.assertEqual(pruned, _reference_pruned(_CONFIGS, warp_size=32))
        self.assertNotIn(GemmConfig(256, 256, 32, 3, 4), pruned)
        self.assertNotIn(GemmConfig(128, 128, 32, 3, 2), pruned)
        self.assertIn(GemmConfig(128, 128, 32, 3, 4), pruned)

    def test_rocm_prunes_spilling_configs(self):
        # ROCm applies the same model as CUDA (torch.cuda reports the 64-wide
        # wavefront as its warp size).
        self._mock_cuda(warp_size=64)
        pruned = _bare(ROCmConfigHeuristic)._prune_reg_spill_configs(list(_CONFIGS))
        self.assertEqual(
            pruned, CUDAConfigHeuristic()._prune_reg_spill_configs(list(_CONFIGS))
        )
        self.assertNotIn(GemmConfig(256, 256, 32, 3, 4), pruned)
        self.assertIn(GemmConfig(128, 128, 32, 3, 4), pruned)


if __name__ == "__main__":
    run_tests()
