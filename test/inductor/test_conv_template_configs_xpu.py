# Owner(s): ["module: inductor"]
"""XPU conv template configs that fit Intel GPUs' registers.

The forward conv template runs a non-1x1 kernel window in a flattened loop
that triton#1254 miscompiles at 8 warps, so kernel/conv.py caps such a config
at 4 warps.  A config may set UNROLL_WINDOW: a window of at most that many
positions then runs the unrolled loop (as a 1x1 kernel does), where the config
keeps its warps.  XPU's tiles for a GPU whose tl.dot is FMA (DG2) set it to 9
(3x3): at 4 warps they spill registers there.  XPU's conv list also ends with
tiles of half the smallest listed accumulator (64x32, 32x64 at 4 warps): ViT's
patch-embedding conv spills at 64x64 on PVC.  Nothing else changes: CUDA,
ROCm, CPU and the listed XPU configs run as before.  CPU-only: nothing is
compiled, the device's properties are mocked."""

import contextlib
import types
from unittest import mock

import torch
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.kernel import conv
from torch._inductor.template_heuristics.triton import (
    BaseConfigHeuristic,
    ConvConfig,
    CPUConfigHeuristic,
    CUDAConfigHeuristic,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch._subclasses.fake_tensor import FakeTensorMode


def _input(name, size, device="xpu"):
    stride = ir.FlexibleLayout.contiguous_strides(size)
    layout = ir.FixedLayout(torch.device(device), torch.float32, size, stride)
    return ir.TensorBox.create(ir.InputBuffer(name=name, layout=layout))


def _cfg(num_warps, **kwargs):
    return types.SimpleNamespace(
        num_stages=2,
        num_warps=num_warps,
        kwargs={"BLOCK_M": 16, "BLOCK_N": 16, "BLOCK_K": 16, **kwargs},
    )


HALF_TILES = [ConvConfig(64, 32, 16, 2, 4), ConvConfig(32, 64, 16, 2, 4)]


def _half_key(config):
    return (
        config.kwargs["BLOCK_M"],
        config.kwargs["BLOCK_N"],
        config.kwargs["BLOCK_K"],
        config.num_stages,
        config.num_warps,
    )


class TestConvTemplateUnrollWindow(TestCase):
    @contextlib.contextmanager
    def _lowering(self, configs):
        """What the conv templates are given for ``configs``; nothing runs."""
        recorded = []

        def append_choice(template):
            def append(choices, **kwargs):
                recorded.append((template.name, kwargs))

            return append

        choices = mock.MagicMock()
        choices.get_conv_configs.return_value = lambda *args, **kwargs: list(configs)
        gm = torch.fx.symbolic_trace(lambda x: x)
        fake_mode = FakeTensorMode()
        with V.set_fake_mode(fake_mode):
            graph = GraphLowering(gm)
        templates = (
            conv.conv2d_template,
            conv.conv2d_bwd_weight_template,
            conv.conv2d_bwd_input_template,
        )
        with contextlib.ExitStack() as stack:
            stack.enter_context(V.set_graph_handler(graph))
            stack.enter_context(V.set_choices_handler(choices))
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
            for backend in (
                "_use_conv_autotune_backend",
                "_use_conv_bwd_weight_autotune_backend",
                "_use_conv_bwd_input_autotune_backend",
            ):
                stack.enter_context(
                    mock.patch(f"torch._inductor.utils.{backend}", return_value=True)
                )
            yield recorded

    def _forward(self, kernel, configs, padding=0):
        with self._lowering(configs) as recorded:
            x = _input("x", [2, 4, 16, 16])
            w = _input("w", [8, 4, *kernel])
            conv.convolution(
                x, w, None, [1, 1], [padding, padding], [1, 1], False, [0, 0], 1
            )
        self.assertTrue(recorded)
        return [(kw["UNROLL"], kw["num_warps"], "UNROLL_WINDOW" in kw) for _, kw in recorded]

    def test_a_window_within_the_config_unrolls_with_its_warps(self):
        configs = [_cfg(8, UNROLL_WINDOW=9), _cfg(16, UNROLL_WINDOW=9)]
        self.assertEqual(
            self._forward([3, 3], configs, padding=1), [(True, 8, False), (True, 16, False)]
        )
        self.assertEqual(self._forward([3, 1], configs), [(True, 8, False), (True, 16, False)])

    def test_a_larger_window_keeps_the_capped_loop(self):
        configs = [_cfg(8, UNROLL_WINDOW=9)]
        self.assertEqual(self._forward([5, 5], configs, padding=2), [(False, 4, False)])
        self.assertEqual(self._forward([1, 16], configs), [(False, 4, False)])

    def test_configs_without_a_window_are_unchanged(self):
        configs = [_cfg(8), _cfg(2)]
        # non-1x1: the flattened loop at 4 warps at most
        self.assertEqual(
            self._forward([3, 3], configs, padding=1), [(False, 4, False), (False, 2, False)]
        )
        # 1x1: unrolled, warps kept
        self.assertEqual(self._forward([1, 1], configs), [(True, 8, False), (True, 2, False)])

    def test_backward_templates_are_not_given_the_window(self):
        with self._lowering([_cfg(8, UNROLL_WINDOW=9)]) as recorded:
            conv.convolution_backward_lowering(
                _input("g", [2, 8, 16, 16]),
                _input("x", [2, 4, 16, 16]),
                _input("w", [8, 4, 3, 3]),
                None,
                [1, 1],
                [1, 1],
                [1, 1],
                False,
                [0, 0],
                1,
                [True, True, False],
            )
        self.assertTrue(recorded)
        for name, kwargs in recorded:
            self.assertNotIn("UNROLL_WINDOW", kwargs, name)
            self.assertEqual(kwargs["num_warps"], 8, name)


class TestXPUFMAConvConfigs(TestCase):
    def _conv_configs(self, heuristic, fma):
        with mock.patch.object(
            XPUConfigHeuristic, "_dot_lowers_to_fma", return_value=fma
        ), mock.patch.object(heuristic, "should_scale_configs", False):
            return list(heuristic.get_conv_configs()(3136, 64, 64, dtype_size=2))

    def _summary(self, config):
        return (
            config.kwargs["BLOCK_M"],
            config.kwargs["BLOCK_N"],
            config.num_warps,
            config.kwargs.get("UNROLL_WINDOW"),
        )

    def test_fma_conv_tiles_ask_for_a_3x3_window(self):
        heuristic = XPUConfigHeuristic()
        configs = self._conv_configs(heuristic, fma=True)
        fma = [self._summary(c) for c in configs[: len(heuristic.fma_conv_configs)]]
        self.assertEqual(
            fma, [(64, 32, 32, 9), (32, 32, 32, 9), (32, 16, 16, 9), (16, 16, 8, 9)]
        )
        # at most 2 accumulator elements per work-item of 32
        for block_m, block_n, warps, _ in fma:
            self.assertLessEqual(block_m * block_n / (warps * 32), 2)
        # the listed configs do not
        rest = configs[len(heuristic.fma_conv_configs) :]
        self.assertTrue(rest)
        self.assertTrue(all("UNROLL_WINDOW" not in c.kwargs for c in rest))

    def test_no_window_without_fma_or_on_cuda(self):
        configs = self._conv_configs(XPUConfigHeuristic(), fma=False)
        self.assertTrue(configs)
        self.assertTrue(all("UNROLL_WINDOW" not in c.kwargs for c in configs))
        heuristic = CUDAConfigHeuristic()
        with mock.patch.object(heuristic, "should_scale_configs", False):
            cuda = list(heuristic.get_conv_configs()(3136, 64, 64, dtype_size=2))
        self.assertTrue(cuda)
        self.assertTrue(all("UNROLL_WINDOW" not in c.kwargs for c in cuda))

    def test_mm_tiles_ask_for_nothing(self):
        heuristic = XPUConfigHeuristic()
        with mock.patch.object(
            XPUConfigHeuristic, "_dot_lowers_to_fma", return_value=True
        ), mock.patch.object(heuristic, "should_scale_configs", False):
            mm = list(heuristic.get_mm_configs()(512, 768, 768, dtype_size=2))
        self.assertTrue(all("UNROLL_WINDOW" not in c.kwargs for c in mm))


class TestXPUConvHalfTiles(TestCase):
    def test_xpu_appends_the_half_tiles(self):
        listed = BaseConfigHeuristic().conv_configs
        self.assertEqual(XPUConfigHeuristic().conv_configs, listed + HALF_TILES)
        for heuristic in (CUDAConfigHeuristic, CPUConfigHeuristic):
            configs = heuristic().conv_configs
            for tile in HALF_TILES:
                self.assertNotIn(tile, configs, heuristic.__name__)

    def test_a_patch_embedding_conv_gets_them_last(self):
        # ViT-B/16's patch embedding: 2 x 14 x 14 output positions, 768
        # output channels, 3 input channels (a 16x16 window)
        heuristic = XPUConfigHeuristic()
        with mock.patch.object(heuristic, "should_scale_configs", False):
            configs = heuristic.get_conv_configs()(392, 768, 3, dtype_size=2)
            configs = [_half_key(c) for c in configs]
        self.assertEqual(configs[-2:], [(64, 32, 16, 2, 4), (32, 64, 16, 2, 4)])
        self.assertEqual(len(configs), len(set(configs)))


if __name__ == "__main__":
    run_tests()
