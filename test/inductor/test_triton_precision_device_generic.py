# Owner(s): ["module: inductor"]
"""Triton dots and templates must decide TF32 by the precision flags of the
kernel's device (oneDNN's on XPU), not by cuBLAS's."""

import re
from unittest import mock

import sympy

import torch
from torch._inductor.autoheuristic.autoheuristic_utils import (
    AHContext,
    context_add_using_tf32,
)
from torch._inductor.codegen.triton import TritonOverrides
from torch._inductor.kernel.flex import flex_attention
from torch._inductor.kernel_inputs import MMKernelInputs
from torch._inductor.template_heuristics.triton import MMTemplateConfigMixin
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V


def _fail(*args, **kwargs):
    raise AssertionError("no device runtime may be asked for precision flags")


class _Operand:
    def __init__(self, name, shape):
        self.name = name
        self.shape = shape
        self.dtype = torch.float32
        self.mask_vars = ()

    def __str__(self):
        return self.name


def _flex_float32_precision(device):
    # torch >= 2.15 sets the option (set_float32_precision), older releases
    # return it (get_float32_precision).
    if hasattr(flex_attention, "set_float32_precision"):
        kernel_options = {}
        flex_attention.set_float32_precision(kernel_options, torch.float32, device)
        return kernel_options["FLOAT32_PRECISION"]
    return flex_attention.get_float32_precision(device)


def _graph_on(device):
    graph = mock.MagicMock()
    graph.get_current_device_or_throw.return_value = torch.device(device)
    graph.sizevars.statically_known_true.return_value = True
    return graph


class TestTritonPrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        self._saved_precisions = (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        )
        # XPU (oneDNN) allows TF32, cuBLAS does not
        torch.backends.cuda.matmul.fp32_precision = "ieee"
        torch.backends.mkldnn.matmul.fp32_precision = "tf32"
        patcher = mock.patch.object(torch.xpu, "is_available", _fail)
        patcher.start()
        self.addCleanup(patcher.stop)

    def tearDown(self):
        # before TestCase.tearDown, which checks that no test leaks these flags
        (
            torch.backends.cuda.matmul.fp32_precision,
            torch.backends.mkldnn.matmul.fp32_precision,
        ) = self._saved_precisions
        super().tearDown()

    def _swap(self):
        torch.backends.cuda.matmul.fp32_precision = "tf32"
        torch.backends.mkldnn.matmul.fp32_precision = "ieee"

    def _dot_precision(self, device):
        kernel = mock.MagicMock(is_native_matmul=True)
        kernel.dense_size_list.return_value = ["ZBLOCK", "YBLOCK", "R0_BLOCK"]
        kernel.cse.generate.side_effect = lambda buffer, expr, **kwargs: expr
        a = _Operand("a", ["YBLOCK", "R0_BLOCK"])
        b = _Operand("b", ["R0_BLOCK", "XBLOCK"])
        with V.set_graph_handler(_graph_on(device)), V.set_kernel_handler(kernel):
            code = TritonOverrides.dot(a, b)
        return re.search(r'input_precision="(\w+)"', code).group(1)

    def test_native_dot_follows_kernel_device(self):
        self.assertEqual(self._dot_precision("xpu"), "tf32")
        self.assertEqual(self._dot_precision("cuda"), "ieee")
        self._swap()
        self.assertEqual(self._dot_precision("xpu"), "ieee")
        self.assertEqual(self._dot_precision("cuda"), "tf32")

    def _template_allow_tf32(self, device):
        kernel_inputs = mock.MagicMock(spec=MMKernelInputs)
        kernel_inputs.mnk_symbolic.return_value = (sympy.Integer(1024),) * 3
        kernel_inputs.device.return_value = torch.device(device)
        kernel_inputs.device_type = device
        with V.set_graph_handler(_graph_on(device)):
            kwargs = MMTemplateConfigMixin.get_extra_kwargs(
                mock.MagicMock(), kernel_inputs, "mm"
            )
        return kwargs["ALLOW_TF32"]

    def test_mm_template_follows_input_device(self):
        self.assertTrue(self._template_allow_tf32("xpu"))
        self.assertFalse(self._template_allow_tf32("cuda"))
        self._swap()
        self.assertFalse(self._template_allow_tf32("xpu"))
        self.assertTrue(self._template_allow_tf32("cuda"))

    def test_flex_attention_follows_query_device(self):
        self.assertEqual(_flex_float32_precision(torch.device("xpu", 0)), "'tf32'")
        if torch.version.hip is None:
            self.assertEqual(
                _flex_float32_precision(torch.device("cuda", 0)), "'ieee'"
            )
        self._swap()
        self.assertEqual(_flex_float32_precision(torch.device("xpu", 0)), "'ieee'")

    def test_autoheuristic_follows_matmul_device(self):
        def using_tf32(device):
            context = AHContext()
            context_add_using_tf32(context, torch.float32, torch.device(device))
            return context.context_dict["using_tf32"]

        self.assertTrue(using_tf32("xpu"))
        self.assertFalse(using_tf32("cuda"))
        context = AHContext()
        context_add_using_tf32(context, torch.float16, torch.device("xpu"))
        self.assertEqual(context.context_dict["using_tf32"], "not_float_32")


if __name__ == "__main__":
    run_tests()
