# Owner(s): ["module: inductor"]
"""The template config lookup table must work on any GPU, keyed on the
device's own architecture name, not only on CUDA."""

import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import config, ir
from torch._inductor.graph import GraphLowering
from torch._inductor.kernel_inputs import MMKernelInputs
from torch._inductor.lookup_table.choices import LookupTableChoices
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


MAX_1550 = "Intel(R) Data Center GPU Max 1550"


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


def _props_only_interface(props, available=True):
    class PropsOnlyInterface(di.DeviceInterface):
        """Answers property queries only; nothing can run on it."""

        @staticmethod
        def is_available() -> bool:
            return available

        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def get_device_properties(device=None):
            return props

    return PropsOnlyInterface


def _mm_inputs(device):
    def buf(name, size):
        return ir.Buffer(
            name=name, layout=ir.FixedLayout(device, torch.float16, size)
        )

    return MMKernelInputs([buf("a", [64, 32]), buf("b", [32, 16])])


class TestLookupTableDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        LookupTableChoices._get_device_key.cache_clear()
        saved = dict(di.device_interfaces)

        def restore():
            LookupTableChoices._get_device_key.cache_clear()
            di.device_interfaces.clear()
            di.device_interfaces.update(saved)

        self.addCleanup(restore)
        di.register_interface_for_device(
            "xpu", _props_only_interface(types.SimpleNamespace(name=MAX_1550))
        )
        patcher = mock.patch("torch._inductor.utils.get_gpu_type", return_value="xpu")
        patcher.start()
        self.addCleanup(patcher.stop)
        patcher = mock.patch.object(torch.cuda, "get_device_properties", _fail)
        patcher.start()
        self.addCleanup(patcher.stop)

    def test_xpu_device_key_is_device_name(self):
        key = LookupTableChoices._get_device_key(torch.device("xpu", 0))
        self.assertEqual(key, MAX_1550)

    def test_cpu_has_no_device_key(self):
        self.assertIsNone(LookupTableChoices._get_device_key(torch.device("cpu")))

    def test_kernel_inputs_device_name(self):
        self.assertEqual(_mm_inputs(torch.device("xpu", 0)).device_name(), MAX_1550)
        self.assertIsNone(_mm_inputs(torch.device("cpu")).device_name())

    def test_table_used_when_gpu_in_use_is_available(self):
        table = {"key": [{"template_id": "mm"}]}
        with (
            config.patch({"lookup_table.table": table}),
            mock.patch.object(torch.cuda, "is_available", _fail),
        ):
            self.assertEqual(LookupTableChoices()._get_lookup_table(), table)
            di.register_interface_for_device(
                "xpu",
                _props_only_interface(
                    types.SimpleNamespace(name=MAX_1550), available=False
                ),
            )
            self.assertEqual(LookupTableChoices()._get_lookup_table(), {})

    def test_xpu_lookup_finds_device_specific_configs(self):
        kernel_inputs = _mm_inputs(torch.device("xpu", 0))
        entry = {"template_id": "triton_mm", "BLOCK_M": 64}
        graph = GraphLowering(torch.fx.symbolic_trace(lambda x: x))
        with V.set_graph_handler(graph):
            key = LookupTableChoices().make_lookup_key(
                kernel_inputs, "mm", include_device=True
            )
            self.assertTrue(key.startswith(MAX_1550 + "+"), key)
            with config.patch({"lookup_table.table": {key: [entry]}}):
                found = LookupTableChoices().lookup_template_configs(
                    kernel_inputs, "mm", ["triton_mm"]
                )
        self.assertEqual(found, {"triton_mm": [{"BLOCK_M": 64}]})


class TestLookupTableCuda(TestCase):
    def test_cuda_device_key_is_arch_name(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        LookupTableChoices._get_device_key.cache_clear()
        props = torch.cuda.get_device_properties(0)
        self.assertEqual(
            LookupTableChoices._get_device_key(torch.device("cuda", 0)),
            props.gcnArchName,
        )


if __name__ == "__main__":
    run_tests()
