# Owner(s): ["module: inductor"]
"""The few-input-channels conv2d template: a choice for a device that lists configs.

A conv2d with a few input channels (groups == 1, at most 4: an image's
channels, as in resnet's 7x7 stem, ViT's 16x16 patch embedding or ConvNeXt's
4x4 patchify) went only to the generic conv template.  Its tl.dot pads the
reduction of 3 channels to BLOCK_K, and a large window runs in its flattened
loop at 4 warps at most; on DG2, where Triton lowers tl.dot to FMA, every
config spills registers there.  kernel/conv.py now also offers
few_in_channels_conv2d_template, a rank-1 update per (window position, input
channel) on a [pixels, output channels] tile, with the configs of
V.choices.get_few_in_channels_conv2d_configs(device_type): XPU lists some, no
other device does, so CUDA, ROCm and CPU get the choices they got.

The lowering tests are CPU-only (nothing is compiled, the templates'
maybe_append_choice is mocked); the numerics tests need a GPU whose heuristics
list configs (XPU).
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


TEMPLATE = "conv2d_few_in_channels"


class TestFewInChannelsConv2dLowering(TestCase):
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
        templates = (
            conv.few_in_channels_conv2d_template,
            conv.depthwise_conv2d_template,
            conv.conv2d_template,
        )
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

    def _conv(self, device, in_channels, out_channels, groups, kernel, stride=1, padding=0):
        with self._lowering() as recorded:
            x = _input("x", [2, in_channels, 32, 32], device)
            w = _input("w", [out_channels, in_channels // groups, *kernel], device)
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

    def test_xpu_stem_gets_the_template_first(self):
        # resnet's stem: 3 -> 64, 7x7, stride 2, padding 3
        recorded = self._conv("xpu", 3, 64, 1, [7, 7], stride=2, padding=3)
        names = [name for name, _ in recorded]
        n = len(XPUConfigHeuristic().few_in_channels_conv2d_configs)
        self.assertGreater(n, 0)
        self.assertEqual(names[:n], [TEMPLATE] * n)
        # the generic template's choices follow, as before
        self.assertTrue(names[n:])
        self.assertEqual(set(names[n:]), {"convolution2d"})
        kwargs = recorded[0][1]
        self.assertEqual((kwargs["KERNEL_H"], kwargs["KERNEL_W"]), (7, 7))
        self.assertEqual((kwargs["STRIDE_H"], kwargs["STRIDE_W"]), (2, 2))
        self.assertEqual((kwargs["PADDING_H"], kwargs["PADDING_W"]), (3, 3))
        self.assertEqual(set(kwargs) & {"BLOCK_M", "BLOCK_N", "BLOCK_K"}, {"BLOCK_M", "BLOCK_N"})

    def test_up_to_four_input_channels(self):
        for in_channels in (1, 4):
            names = {name for name, _ in self._conv("xpu", in_channels, 16, 1, [16, 16], stride=16)}
            self.assertIn(TEMPLATE, names, in_channels)
        names = {name for name, _ in self._conv("xpu", 5, 16, 1, [3, 3])}
        self.assertEqual(names, {"convolution2d"})

    def test_not_for_grouped_or_depthwise_convs(self):
        names = {name for name, _ in self._conv("xpu", 4, 8, 2, [3, 3])}
        self.assertEqual(names, {"convolution2d"})
        names = {name for name, _ in self._conv("xpu", 4, 4, 4, [3, 3])}
        self.assertNotIn(TEMPLATE, names)

    def test_cuda_and_cpu_are_unchanged(self):
        for device in ("cuda", "cpu"):
            names = {name for name, _ in self._conv(device, 3, 64, 1, [7, 7], 2, 3)}
            self.assertEqual(names, {"convolution2d"}, device)


class TestFewInChannelsConv2dConfigs(TestCase):
    def test_only_xpu_lists_configs(self):
        # (ROCm's heuristics need a ROCm Triton driver to be built; they
        # inherit the base's empty list)
        for heuristic in (BaseConfigHeuristic, CUDAConfigHeuristic, CPUConfigHeuristic):
            self.assertEqual(
                heuristic().get_few_in_channels_conv2d_configs(), [], heuristic.__name__
            )
        configs = XPUConfigHeuristic().get_few_in_channels_conv2d_configs()
        self.assertEqual(
            [
                (c.kwargs["BLOCK_M"], c.kwargs["BLOCK_N"], c.num_stages, c.num_warps)
                for c in configs
            ],
            [(64, 32, 1, 8), (32, 32, 1, 4)],
        )
        for cfg in configs:
            # at most 8 accumulator elements per work-item of 32
            per_item = cfg.kwargs["BLOCK_M"] * cfg.kwargs["BLOCK_N"] / (cfg.num_warps * 32)
            self.assertLessEqual(per_item, 8)


def _no_generic_conv_configs(*args, **kwargs):
    return iter(())


@unittest.skipUnless(
    HAS_GPU and GPU_TYPE == "xpu", "XPU lists few-input-channels conv2d configs"
)
class TestFewInChannelsConv2dTemplate(TestCase):
    """Numerics of the template alone: the generic template gets no configs."""

    def _check(self, in_channels, kernel, stride, padding, bias, channels_last, size=(19, 17)):
        conv2d = torch.nn.Conv2d(
            in_channels, 40, kernel, stride=stride, padding=padding, bias=bias, device=GPU_TYPE
        )
        x = torch.randn(2, in_channels, *size, device=GPU_TYPE)
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
        ), mock.patch.object(
            XPUConfigHeuristic,
            "get_few_in_channels_conv2d_configs",
            lambda self: BaseConfigHeuristic.get_few_in_channels_conv2d_configs(self)[:1],
        ), torch.no_grad():
            out, code = run_and_get_code(torch.compile(fn), x)
            expected = fn(x)
        # the template (a rank-1 update per window position and channel)
        self.assertIn("acc += x[:, None] * w[None, :]", code[0])
        self.assertNotIn("tl.dot", code[0])
        self.assertEqual(out, expected, atol=1e-4, rtol=1e-4)

    def test_7x7_stride_2_stem(self):
        self._check(3, 7, 2, 3, bias=False, channels_last=True)

    def test_4x4_patchify_with_bias(self):
        self._check(3, 4, 4, 0, bias=True, channels_last=True, size=(16, 20))

    def test_one_channel_3x5_contiguous(self):
        self._check(1, (3, 5), (2, 1), (1, 0), bias=True, channels_last=False)


if __name__ == "__main__":
    run_tests()
