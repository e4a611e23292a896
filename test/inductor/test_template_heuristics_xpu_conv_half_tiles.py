# Owner(s): ["module: inductor"]
"""XPU conv template tiles of 64x32 and 32x64.

The conv template runs a non-1x1 kernel window at most 4 warps, and the
smallest listed conv tile is 64x64: on PVC the template of ViT's 16x16
patch-embedding conv spills registers at 64x64 (every listed choice did).
XPUConfigHeuristic appends the two half tiles to its conv list; every listed
config stays, in order.  The CUDA and CPU lists are unchanged.  CPU-only:
nothing is compiled."""

from unittest import mock

from torch._inductor.template_heuristics.triton import (
    BaseConfigHeuristic,
    ConvConfig,
    CPUConfigHeuristic,
    CUDAConfigHeuristic,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase


HALF_TILES = [ConvConfig(64, 32, 16, 2, 4), ConvConfig(32, 64, 16, 2, 4)]


def _key(config):
    return (
        config.kwargs["BLOCK_M"],
        config.kwargs["BLOCK_N"],
        config.kwargs["BLOCK_K"],
        config.num_stages,
        config.num_warps,
    )


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
            configs = [_key(c) for c in configs]
        self.assertEqual(configs[-2:], [(64, 32, 16, 2, 4), (32, 64, 16, 2, 4)])
        self.assertEqual(len(configs), len(set(configs)))


if __name__ == "__main__":
    run_tests()
