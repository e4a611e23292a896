# Owner(s): ["module: inductor"]
"""get_device_tflops and get_gpu_dram_gbps must give an Intel GPU that the
datasheet does not name its peaks from its SYCL device properties (EU count,
architecture, matrix engine, memory clock), not 0.0 or Triton's CUDA-only
bandwidth estimate; the datasheet, where it names the device, still wins."""

import types
import unittest
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.analysis import device_info
from torch._inductor.analysis.device_info import DeviceInfo
from torch._inductor.runtime.hints import DeviceProperties
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import get_device_tflops, get_gpu_dram_gbps


# SYCL's sycl::ext::oneapi::experimental::architecture values
# (device_architecture.def): intel_gpu_pvc, intel_gpu_acm_g10, intel_gpu_bmg_g21.
_PVC = 0x030F000700
_DG2_G10 = 0x030DC00800
_BMG_G21 = 0x0500400400

# Property sets shaped like those of a Data Center GPU Max 1550 stack (FLAT
# mode), an Arc A770 and an Arc B580, under a name no datasheet entry has.
# SYCL reports the width of one memory channel, 64 bits.
_PVC_STACK = dict(
    architecture=_PVC,
    device_id=0x0BD5,
    gpu_eu_count=512,
    gpu_subslice_count=64,
    has_fp64=True,
    has_subgroup_matrix_multiply_accumulate=True,
    has_subgroup_matrix_multiply_accumulate_tensor_float32=True,
    memory_clock_rate=3200,
    memory_bus_width=64,
)
_DG2 = dict(
    architecture=_DG2_G10,
    device_id=0x56A0,
    gpu_eu_count=512,
    gpu_subslice_count=32,
    has_fp64=False,
    has_subgroup_matrix_multiply_accumulate=True,
    has_subgroup_matrix_multiply_accumulate_tensor_float32=False,
    memory_clock_rate=2187,
    memory_bus_width=64,
)
_BMG = dict(
    architecture=_BMG_G21,
    device_id=0xE20B,
    gpu_eu_count=160,
    gpu_subslice_count=20,
    has_fp64=True,
    has_subgroup_matrix_multiply_accumulate=True,
    has_subgroup_matrix_multiply_accumulate_tensor_float32=False,
    memory_clock_rate=2400,
    memory_bus_width=64,
)


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


def _triton_dram_gbps(*args, **kwargs):
    return "triton"


class _XpuPropsOnlyInterface(di.XpuInterface):
    """An available XPU answering ``props``; nothing runs on it."""

    props = dict(_PVC_STACK, name="Intel(R) Test GPU")

    @classmethod
    def _props(cls):
        return types.SimpleNamespace(
            max_work_group_size=1024, sub_group_sizes=[16, 32], **cls.props
        )

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls._props()

    @staticmethod
    def get_compute_capability(device=None):
        return {}

    class Worker:
        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return _XpuPropsOnlyInterface._props()


class _FakeNvidiaInterface(di.CudaInterface):
    """An available NVIDIA GPU not in the datasheet; nothing runs on it."""

    @staticmethod
    def _props():
        return types.SimpleNamespace(
            name="NVIDIA Test GPU",
            major=9,
            minor=0,
            multi_processor_count=132,
            max_threads_per_block=1024,
            warp_size=32,
        )

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def current_device() -> int:
        return 0

    @classmethod
    def get_device_properties(cls, device=None):
        return cls._props()

    @staticmethod
    def get_compute_capability(device=None):
        return 90

    class Worker:
        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return _FakeNvidiaInterface._props()


class TestXpuPeaksFromProperties(TestCase):
    def setUp(self):
        super().setUp()
        di.get_interface_for_device("cpu")  # register the built-in interfaces first
        saved = {t: di.device_interfaces.get(t) for t in ("xpu", "cuda")}
        di.register_interface_for_device("xpu", _XpuPropsOnlyInterface)
        di.register_interface_for_device("cuda", _FakeNvidiaInterface)
        self._mkldnn_fp32_precision = torch.backends.mkldnn.matmul.fp32_precision
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"
        self._clear_caches()

        def restore():
            for device_type, interface in saved.items():
                if interface is None:
                    di.device_interfaces.pop(device_type, None)
                else:
                    di.register_interface_for_device(device_type, interface)
            self._clear_caches()

        self.addCleanup(restore)
        import triton.testing

        # Triton's bandwidth estimate, answering that it was asked
        patcher = mock.patch.object(
            triton.testing, "get_dram_gbps", _triton_dram_gbps
        )
        patcher.start()
        self.addCleanup(patcher.stop)
        self._no_cuda = mock.patch.multiple(
            torch.cuda,
            is_available=_fail,
            get_device_name=_fail,
            get_device_capability=_fail,
            get_device_properties=_fail,
            current_device=_fail,
        )
        self._no_cuda.start()
        self._use_gpu("xpu")

    def tearDown(self):
        # before TestCase.tearDown, which asks torch.cuda and checks that the
        # flags were restored
        self._no_cuda.stop()
        torch.backends.mkldnn.matmul.fp32_precision = self._mkldnn_fp32_precision
        super().tearDown()

    def _use_gpu(self, device_type):
        """Make ``device_type`` the GPU type and accelerator in use (device 0)."""
        for patcher in (
            mock.patch.multiple(
                torch.accelerator,
                current_accelerator=lambda *args, **kwargs: torch.device(device_type),
                current_device_index=lambda *args, **kwargs: 0,
            ),
            mock.patch.object(utils, "get_gpu_type", return_value=device_type),
        ):
            patcher.start()
            self.addCleanup(patcher.stop)

    @staticmethod
    def _clear_caches():
        DeviceProperties.create.cache_clear()
        for name in (
            "get_device_tflops",
            "_get_device_tflops",
            "get_gpu_dram_gbps",
            "_get_device_dram_gbps",
        ):
            cache_clear = getattr(getattr(utils, name, None), "cache_clear", None)
            if cache_clear is not None:
                cache_clear()

    def _device(self, props, name="Intel(R) Test GPU"):
        patcher = mock.patch.object(
            _XpuPropsOnlyInterface, "props", dict(props, name=name)
        )
        patcher.start()
        self.addCleanup(patcher.stop)
        self._clear_caches()

    def _tflops(self, dtype):
        return get_device_tflops(dtype, "xpu:0")

    def test_pvc_stack(self):
        self._device(_PVC_STACK)
        # 512 EUs x ops per EU and clock x 1.6 GHz
        self.assertAlmostEqual(self._tflops(torch.float32), 26.2144)
        self.assertAlmostEqual(self._tflops(torch.float64), 26.2144)
        self.assertAlmostEqual(self._tflops(torch.bfloat16), 419.4304)
        self.assertAlmostEqual(self._tflops(torch.float16), 419.4304)
        self.assertAlmostEqual(self._tflops(torch.int8), 838.8608)
        self.assertEqual(self._tflops(torch.float8_e4m3fn), 0.0)
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self._clear_caches()
        self.assertAlmostEqual(self._tflops(torch.float32), 209.7152)
        # a stack's share of the card's 8192-bit HBM2e at 3200 MT/s
        self.assertAlmostEqual(get_gpu_dram_gbps(), 1638.4)
        get_device_dram_gbps = getattr(utils, "get_device_dram_gbps", None)
        if get_device_dram_gbps is not None:  # a device's own, from 2.15 on
            self.assertAlmostEqual(get_device_dram_gbps("xpu:0"), 1638.4)

    def test_dg2(self):
        self._device(_DG2)
        # 512 EUs at 2.1 GHz; no FP64 hardware
        self.assertAlmostEqual(self._tflops(torch.float32), 17.2032)
        self.assertEqual(self._tflops(torch.float64), 0.0)
        self.assertAlmostEqual(self._tflops(torch.float16), 137.6256)
        self.assertAlmostEqual(self._tflops(torch.bfloat16), 137.6256)
        self.assertAlmostEqual(self._tflops(torch.int8), 275.2512)
        # no TF32 on its matrix engine: the float32 vector rate
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        self._clear_caches()
        self.assertAlmostEqual(self._tflops(torch.float32), 17.2032)
        # 256-bit GDDR6, reported at 1/8 of 17.5 Gbps
        self.assertAlmostEqual(get_gpu_dram_gbps(), 559.872)

    def test_bmg(self):
        self._device(_BMG)
        self.assertAlmostEqual(self._tflops(torch.float32), 14.592)
        self.assertAlmostEqual(self._tflops(torch.bfloat16), 116.736)
        self.assertAlmostEqual(self._tflops(torch.int8), 233.472)
        self.assertAlmostEqual(get_gpu_dram_gbps(), 460.8)

    def test_no_matrix_engine_reported(self):
        self._device(dict(_BMG, has_subgroup_matrix_multiply_accumulate=False))
        self.assertAlmostEqual(self._tflops(torch.bfloat16), 14.592)
        self.assertAlmostEqual(self._tflops(torch.int8), 14.592)

    def test_datasheet_entry_wins(self):
        name = "Intel(R) Test GPU With Datasheet"
        # made-up figures for the test, not a datasheet
        info = DeviceInfo(
            tops={torch.float32: 1.0, torch.bfloat16: 2.0},
            dram_bw_gbs=3.0,
            dram_gb=4.0,
        )
        patcher = mock.patch.dict(device_info._device_mapping, {name.upper(): info})
        patcher.start()
        self.addCleanup(patcher.stop)
        self._device(_PVC_STACK, name=name)
        self.assertEqual(self._tflops(torch.bfloat16), 2.0)
        self.assertEqual(self._tflops(torch.float32), 1.0)
        if getattr(device_info, "datasheet_dram_bw_gbs", None) is None:
            raise unittest.SkipTest("no datasheet bandwidth in this release")
        self.assertEqual(get_gpu_dram_gbps(), 3.0)

    def test_unknown_architecture_or_missing_properties(self):
        for props in (
            dict(_PVC_STACK, architecture=0x0000000312800400),  # not in the table
            dict(_PVC_STACK, gpu_eu_count=0),
            {k: v for k, v in _PVC_STACK.items() if k != "architecture"},
        ):
            self._device(props)
            with self.assertLogs(utils.log, level="WARNING") as logs:
                self.assertEqual(self._tflops(torch.bfloat16), 0.0)
            self.assertIn("no Triton fallback available", logs.output[0])
        for props in (
            dict(_PVC_STACK, architecture=0x0000000312800400),
            dict(_PVC_STACK, memory_clock_rate=0),
            dict(_PVC_STACK, device_id=0x0BD6),  # no known memory bus
        ):
            self._device(props)
            # as before: Triton's estimate
            self.assertEqual(get_gpu_dram_gbps(), "triton")

    def test_cuda_unchanged(self):
        self._use_gpu("cuda")
        self._clear_caches()
        import triton.testing

        with mock.patch.multiple(
            triton.testing,
            get_max_tensorcore_tflops=lambda dtype, *a, **k: ("tensorcore", dtype),
            get_max_simd_tflops=lambda dtype, *a, **k: ("simd", dtype),
        ), mock.patch("torch._utils_internal.max_clock_rate", lambda *a: 1000):
            self.assertEqual(
                get_device_tflops(torch.bfloat16, "cuda:0"),
                ("tensorcore", torch.bfloat16),
            )
        self.assertEqual(get_gpu_dram_gbps(), "triton")


if __name__ == "__main__":
    run_tests()
