# Owner(s): ["module: inductor"]
"""Inductor's Triton heuristics must decide by the kernel's device, not by
torch.cuda or by whether this torch was built with (or sees) an XPU."""

from unittest import mock

import torch
from torch._inductor.runtime import triton_heuristics
from torch._inductor.runtime.hints import DeviceProperties, ReductionHint
from torch._inductor.test_case import run_tests, TestCase


def _props(device_type: str) -> DeviceProperties:
    return DeviceProperties(
        type=device_type,
        index=0,
        multi_processor_count=64,
        cc=90 if device_type == "cuda" else {},
        max_threads_per_block=1024,
        warp_size=32,
    )


def _inner_persistent_config(device_type: str, cuda_available: bool):
    # x=4096, r=512: the one-config INNER case of the non-autotuning path.
    size_hints = {"x": 4096, "r0_": 512}
    with mock.patch.object(torch.cuda, "is_available", return_value=cuda_available):
        configs = triton_heuristics._persistent_reduction_configs(
            size_hints,
            reduction_hint=ReductionHint.INNER,
            inductor_meta={},
            triton_meta={"device": _props(device_type)},
        )
    # the one config the device gets (the first: an XPU kernel may get
    # candidates with fewer elements per work-item after it)
    assert configs, configs
    return configs[0]


class TestPersistentReductionConfigs(TestCase):
    def test_xpu_kernel_on_machine_with_cuda(self):
        # Before: torch.cuda.is_available() picked the CUDA config
        # (XBLOCK=2, num_warps=1) for an XPU kernel.
        config = _inner_persistent_config("xpu", cuda_available=True)
        self.assertEqual(config.kwargs["XBLOCK"], 8)
        self.assertNotEqual(config.num_warps, 1)

    def test_xpu_kernel_without_cuda(self):
        config = _inner_persistent_config("xpu", cuda_available=False)
        self.assertEqual(config.kwargs["XBLOCK"], 8)
        self.assertNotEqual(config.num_warps, 1)

    def test_cuda_kernel_keeps_cuda_config(self):
        for cuda_available in (True, False):
            with self.subTest(cuda_available=cuda_available):
                config = _inner_persistent_config("cuda", cuda_available)
                self.assertEqual(config.kwargs["XBLOCK"], 2)
                self.assertEqual(config.num_warps, 1)

    def test_rocm_kernel_keeps_cuda_config(self):
        config = _inner_persistent_config("hip", cuda_available=True)
        self.assertEqual(config.num_warps, 1)


def _pointwise_configs(device_type: str, size_hints: dict, xpu_available: bool):
    # The configs the pointwise decorator autotunes over by default
    # (autotune_pointwise on, no max-autotune).
    with mock.patch.object(torch.xpu, "is_available", return_value=xpu_available):
        return triton_heuristics.pointwise(
            size_hints,
            triton_meta={"device": _props(device_type)},
            inductor_meta={},
            return_configs=True,
        )


def _blocks(configs) -> list:
    return [(dict(c.kwargs), c.num_warps) for c in configs]


class TestPointwiseConfigs(TestCase):
    # The XPU pointwise configs (intel-xpu-backend-for-triton #5133, #5198,
    # #5199) and the 3D candidates XPU always autotunes over.

    def test_xpu_kernel_gets_xpu_configs_1d(self):
        for xpu_available in (True, False):
            with self.subTest(xpu_available=xpu_available):
                configs = _pointwise_configs("xpu", {"x": 16777216}, xpu_available)
                self.assertIn({"XBLOCK": 32}, [c.kwargs for c in configs])

    def test_xpu_kernel_gets_xpu_configs_2d_and_3d(self):
        xpu_2d = _pointwise_configs("xpu", {"y": 1024, "x": 1024}, xpu_available=False)
        self.assertIn(({"YBLOCK": 256, "XBLOCK": 4}, 4), _blocks(xpu_2d))
        self.assertIn(({"YBLOCK": 32, "XBLOCK": 32}, 8), _blocks(xpu_2d))
        xpu_3d = _pointwise_configs("xpu", {"z": 64, "y": 64, "x": 64}, xpu_available=False)
        # XPU's full 3-D list (CUDA without max-autotune: one config)
        self.assertGreaterEqual(len(xpu_3d), 7)
        self.assertEqual(xpu_3d[0].kwargs, {"ZBLOCK": 16, "YBLOCK": 16, "XBLOCK": 16})

    def test_cuda_kernel_keeps_cuda_configs(self):
        for xpu_available in (True, False):
            with self.subTest(xpu_available=xpu_available):
                configs_1d = _pointwise_configs("cuda", {"x": 16777216}, xpu_available)
                self.assertEqual(_blocks(configs_1d), [({"XBLOCK": 1024}, 4), ({"XBLOCK": 512}, 8)])
                configs_2d = _pointwise_configs("cuda", {"y": 1024, "x": 1024}, xpu_available)
                self.assertEqual(len(configs_2d), 6)
                configs_3d = _pointwise_configs("cuda", {"z": 64, "y": 64, "x": 64}, xpu_available)
                self.assertEqual([c.kwargs for c in configs_3d], [{"ZBLOCK": 16, "YBLOCK": 16, "XBLOCK": 16}])


class _UnrelatedError(Exception):
    pass


class TestLauncherOutOfMemory(TestCase):
    def test_device_oom_is_caught_without_torch_cuda(self):
        compile_result = mock.Mock()
        compile_result.make_launcher.side_effect = torch.OutOfMemoryError(
            "XPU out of memory"
        )
        # The handler must name the device-generic class, not read it from
        # torch.cuda.
        with mock.patch.object(torch.cuda, "OutOfMemoryError", _UnrelatedError):
            launcher, exc = triton_heuristics.CachingAutotuner._make_launcher(
                mock.Mock(), compile_result
            )
        self.assertIsNone(launcher)
        self.assertIsInstance(exc, torch.OutOfMemoryError)

    def test_cuda_oom_class_is_the_generic_one(self):
        # CUDA keeps catching exactly what it caught before.
        self.assertIs(torch.cuda.OutOfMemoryError, torch.OutOfMemoryError)


if __name__ == "__main__":
    run_tests()
