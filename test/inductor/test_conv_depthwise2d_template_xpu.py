# Owner(s): ["module: inductor"]
"""The depthwise conv2d template: a choice for a device that lists configs.

A depthwise conv2d (groups == in_channels == out_channels) went only to the
generic conv template, whose tl.dot has a reduction of one input channel per
group; on DG2, where Triton lowers tl.dot to FMA, every one of its configs
spills registers.  kernel/conv.py now also offers depthwise_conv2d_template,
one multiply-add per window position on a [pixels, channels] tile, with the
configs of V.choices.get_depthwise_conv2d_configs(device_type): XPU lists
some, no other device does, so CUDA, ROCm and CPU get the choices they got.

The lowering tests are CPU-only (nothing is compiled, the choices handler is
mocked); the numerics tests need a GPU whose heuristics list configs (XPU).
"""

import contextlib
import unittest
from unittest import mock

import torch
import torch.nn.functional as F
from torch._inductor import config, ir
from torch._inductor.choices import InductorChoices
from torch._inductor.graph import GraphLowering
from torch._inductor.kernel import conv
from torch._inductor.template_heuristics.triton import (
    BaseConfigHeuristic,
    CPUConfigHeuristic,
    CUDAConfigHeuristic,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import run_and_get_code
from torch._inductor.virtualized import V
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_GPU


def _input(name, size, device):
    stride = ir.FlexibleLayout.contiguous_strides(size)
    layout = ir.FixedLayout(torch.device(device), torch.float32, size, stride)
    return ir.TensorBox.create(ir.InputBuffer(name=name, layout=layout))


class TestDepthwiseConv2dLowering(TestCase):
    @contextlib.contextmanager
    def _lowering(self):
        """The templates the conv lowering offers; nothing is compiled."""
        recorded = []

        def append_choice(template):
            def append(choices, **kwargs):
                recorded.append((template.name, kwargs))

            return append

        gm = torch.fx.symbolic_trace(lambda x: x)
        fake_mode = FakeTensorMode()
        with V.set_fake_mode(fake_mode):
            graph = GraphLowering(gm)
        templates = (conv.depthwise_conv2d_template, conv.conv2d_template)
        with contextlib.ExitStack() as stack:
            stack.enter_context(V.set_graph_handler(graph))
            stack.enter_context(V.set_choices_handler(InductorChoices()))
            stack.enter_context(V.set_fake_mode(fake_mode))
            for template in templates:
                stack.enter_context(
                    mock.patch.object(
                        template, "maybe_append_choice", append_choice(template)
                    )
                )
            stack.enter_context(
                mock.patch.object(conv, "use_triton_template", return_value=True)
            )
            stack.enter_context(
                mock.patch.object(
                    conv,
                    "autotune_select_algorithm",
                    side_effect=lambda name, choices, args, layout: (args[0], None),
                )
            )
            stack.enter_context(
                mock.patch(
                    "torch._inductor.utils._use_conv_autotune_backend",
                    return_value=True,
                )
            )
            yield recorded

    def _conv(self, device, channels, groups, kernel, stride=1, padding=0):
        with self._lowering() as recorded:
            x = _input("x", [2, channels, 16, 16], device)
            w = _input("w", [channels, channels // groups, *kernel], device)
            conv.convolution(
                x,
                w,
                None,
                [stride, stride],
                [padding, padding],
                [1, 1],
                False,
                [0, 0],
                groups,
            )
        self.assertTrue(recorded)
        return recorded

    def test_xpu_depthwise_gets_the_template_first(self):
        recorded = self._conv("xpu", 32, 32, [3, 3], stride=2, padding=1)
        names = [name for name, _ in recorded]
        n = len(XPUConfigHeuristic().depthwise_conv2d_configs)
        self.assertGreater(n, 0)
        self.assertEqual(names[:n], ["depthwise_conv2d"] * n)
        # the generic template's choices follow, as before
        self.assertTrue(names[n:])
        self.assertEqual(set(names[n:]), {"convolution2d"})
        kwargs = recorded[0][1]
        self.assertEqual(
            (kwargs["KERNEL_H"], kwargs["KERNEL_W"]), (3, 3)
        )
        self.assertEqual((kwargs["STRIDE_H"], kwargs["STRIDE_W"]), (2, 2))
        self.assertEqual((kwargs["PADDING_H"], kwargs["PADDING_W"]), (1, 1))
        self.assertIn("BLOCK_C", kwargs)
        self.assertNotIn("GROUPS", kwargs)

    def test_a_window_of_any_size(self):
        recorded = self._conv("xpu", 16, 16, [7, 5], padding=2)
        kwargs = recorded[0][1]
        self.assertEqual(recorded[0][0], "depthwise_conv2d")
        self.assertEqual((kwargs["KERNEL_H"], kwargs["KERNEL_W"]), (7, 5))

    def test_not_for_other_convs(self):
        # dense, and grouped with more than one channel per group
        for groups in (1, 8):
            names = {name for name, _ in self._conv("xpu", 16, groups, [3, 3])}
            self.assertEqual(names, {"convolution2d"}, groups)

    def test_cuda_and_cpu_are_unchanged(self):
        for device in ("cuda", "cpu"):
            names = {name for name, _ in self._conv(device, 32, 32, [3, 3])}
            self.assertEqual(names, {"convolution2d"}, device)


class TestDepthwiseConv2dConfigs(TestCase):
    def test_only_xpu_lists_configs(self):
        for heuristic in (
            BaseConfigHeuristic,
            CUDAConfigHeuristic,
                    CPUConfigHeuristic,
        ):
            self.assertEqual(
                heuristic().get_depthwise_conv2d_configs(), [], heuristic.__name__
            )
        configs = XPUConfigHeuristic().get_depthwise_conv2d_configs()
        self.assertEqual(
            [
                (c.kwargs["BLOCK_M"], c.kwargs["BLOCK_C"], c.num_stages, c.num_warps)
                for c in configs
            ],
            [(128, 32, 1, 8), (64, 32, 1, 8), (32, 32, 1, 4)],
        )
        for cfg in configs:
            self.assertEqual(set(cfg.kwargs), {"BLOCK_M", "BLOCK_C"})
            # at most 16 accumulator elements per work-item of 32
            per_item = cfg.kwargs["BLOCK_M"] * cfg.kwargs["BLOCK_C"] / (cfg.num_warps * 32)
            self.assertLessEqual(per_item, 16)


def _no_generic_conv_configs(*args, **kwargs):
    return iter(())


@unittest.skipUnless(
    HAS_GPU and GPU_TYPE == "xpu", "XPU lists depthwise conv2d configs"
)
class TestDepthwiseConv2dTemplate(TestCase):
    """Numerics of the template alone: the generic template gets no configs."""

    def _check(self, kernel, stride, padding, bias, channels_last):
        channels = 24
        conv2d = torch.nn.Conv2d(
            channels,
            channels,
            kernel,
            stride=stride,
            padding=padding,
            groups=channels,
            bias=bias,
            device=GPU_TYPE,
        )
        x = torch.randn(2, channels, 9, 11, device=GPU_TYPE)
        if channels_last:
            x = x.to(memory_format=torch.channels_last)
            conv2d = conv2d.to(memory_format=torch.channels_last)

        def fn(x):
            return F.relu(conv2d(x))

        # one choice, so nothing is benchmarked; the relu is fused into the
        # template's epilogue unbenchmarked too
        with config.patch(
            max_autotune=True,
            max_autotune_conv_backends="TRITON",
            benchmark_epilogue_fusion=False,
        ), mock.patch.object(
            InductorChoices,
            "get_conv_configs",
            return_value=_no_generic_conv_configs,
        ), torch.no_grad():
            out, code = run_and_get_code(torch.compile(fn), x)
            expected = fn(x)
        # the depthwise template (its tile has channels, BLOCK_C), no tl.dot
        self.assertIn("BLOCK_C : tl.constexpr", code[0])
        self.assertNotIn("tl.dot", code[0])
        self.assertEqual(out, expected, atol=1e-5, rtol=1e-5)

    def test_3x3(self):
        self._check(3, 1, 1, bias=False, channels_last=True)

    def test_7x7_stride_2_with_bias(self):
        self._check(7, 2, 3, bias=True, channels_last=True)

    def test_3x5_contiguous(self):
        self._check((3, 5), (2, 1), (1, 0), bias=True, channels_last=False)


if __name__ == "__main__":
    run_tests()
