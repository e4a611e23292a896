# Owner(s): ["module: inductor"]
"""The C++ wrapper's debug sync must come from the device's op overrides."""

import types
from unittest import mock

import torch
from torch._inductor.codegen.aoti_hipify_utils import maybe_hipify_code_wrapper
from torch._inductor.codegen.common import DeviceOpOverrides, get_device_op_overrides
from torch._inductor.codegen.cpp_wrapper_gpu import CppWrapperGpu
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import IndentedBuffer


class TestCppWrapperDebugSync(TestCase):
    def debug_sync(self, device, device_codegen=None):
        """What CppWrapperGpu.generate_debug_sync writes for ``device`` (no GPU)."""
        if device_codegen is None:
            device_codegen = get_device_op_overrides(device)
        wrapper = types.SimpleNamespace(device=device, device_codegen=device_codegen)
        buffer = IndentedBuffer()
        CppWrapperGpu.generate_debug_sync(wrapper, buffer)
        return buffer.getvalue().strip()

    def test_xpu_overrides(self):
        self.assertEqual(
            get_device_op_overrides("xpu").cpp_device_synchronize(),
            "c10::xpu::device_synchronize();",
        )

    def test_xpu_debug_sync(self):
        self.assertEqual(self.debug_sync("xpu"), "c10::xpu::device_synchronize();")

    def test_cuda_debug_sync(self):
        with mock.patch.object(torch.version, "hip", None):
            self.assertEqual(
                self.debug_sync("cuda"), "CUDA_DRIVER_CHECK(cuCtxSynchronize());"
            )

    def test_rocm_debug_sync(self):
        with mock.patch.object(torch.version, "hip", "6.4.0"):
            expected = maybe_hipify_code_wrapper(
                "AOTI_RUNTIME_CUDA_CHECK(cudaDeviceSynchronize());"
            )
            self.assertEqual(self.debug_sync("cuda"), expected)
        self.assertIn("DeviceSynchronize());", expected)

    def test_unsupported_device_raises(self):
        with self.assertRaisesRegex(
            NotImplementedError, "triton debug sync is not supported with foo"
        ):
            self.debug_sync("foo", DeviceOpOverrides())


if __name__ == "__main__":
    run_tests()
