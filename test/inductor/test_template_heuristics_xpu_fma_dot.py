# Owner(s): ["module: inductor"]
"""XPU GEMM and conv template configs where tl.dot has no DPAS layout.

Triton's Intel backend lays a dot out for DPAS only on a GPU whose smallest
sub-group size is 16; on DG2 (Arc A-series, sub-groups of 8) every dot is
FMA, where each work-item holds its accumulator elements in registers.  There
XPUConfigHeuristic puts tiles with enough warps for at most two accumulator
elements per work-item ahead of the listed configs, and keeps their warps.
Everywhere else (PVC, CUDA, CPU) the configs are unchanged.  CPU-only: the
device's properties are mocked."""

import types
from unittest import mock

import torch
from torch._inductor.template_heuristics import triton as th
from torch._inductor.template_heuristics.triton import (
    CUDAConfigHeuristic,
    GemmConfig,
    XPUConfigHeuristic,
)
from torch._inductor.test_case import run_tests, TestCase


def _key(config):
    return (
        config.kwargs["BLOCK_M"],
        config.kwargs["BLOCK_N"],
        config.kwargs["BLOCK_K"],
        config.num_stages,
        config.num_warps,
    )


class TestXPUFMADotConfigs(TestCase):
    def _configs(self, get, fma, m=512, n=768, k=768, **kwargs):
        """The configs ``get()`` yields for an (m, n, k) problem, unscaled
        (no graph), with the dot lowering to FMA or not."""
        heuristic = XPUConfigHeuristic()
        with mock.patch.object(
            XPUConfigHeuristic, "_dot_lowers_to_fma", return_value=fma
        ), mock.patch.object(heuristic, "should_scale_configs", False):
            return [_key(c) for c in get(heuristic)(m, n, k, dtype_size=2, **kwargs)]

    def test_fma_tiles_come_first_with_their_warps(self):
        mm = self._configs(lambda h: h.get_mm_configs(), fma=True)
        # 32x32 at 16 warps: 2 accumulator elements per work-item; Inductor's
        # one-16x16-tile-per-warp rule would have made it 4 warps (8 each).
        self.assertEqual(
            mm[:5],
            [
                (64, 32, 16, 2, 32),
                (32, 64, 16, 2, 32),
                (32, 32, 32, 2, 32),
                (32, 32, 16, 2, 16),
                (16, 16, 16, 2, 4),
            ],
        )
        for block_m, block_n, _, _, warps in mm[:5]:
            self.assertLessEqual(block_m * block_n / (warps * 32), 2)
        # the conv tiles too (a later change may choose other ones)
        fma_conv = XPUConfigHeuristic().fma_conv_configs
        conv = self._configs(lambda h: h.get_conv_configs(), fma=True)
        self.assertEqual(
            conv[: len(fma_conv)],
            [
                (c.block_m, c.block_n, c.block_k, c.num_stages, c.num_warps)
                for c in fma_conv
            ],
        )
        for block_m, block_n, _, _, warps in conv[: len(fma_conv)]:
            self.assertLessEqual(block_m * block_n / (warps * 32), 2)

    def test_only_adds(self):
        # every config of the device without FMA dots is still there, in order
        for get in (lambda h: h.get_mm_configs(), lambda h: h.get_conv_configs()):
            listed = self._configs(get, fma=False)
            fma = self._configs(get, fma=True)
            self.assertGreater(len(fma), len(listed))
            self.assertEqual([c for c in fma if c in listed], listed)

    def test_without_fma_the_lists_are_unchanged(self):
        heuristic = XPUConfigHeuristic()
        expected = [
            (c.block_m, c.block_n, c.block_k, c.num_stages, min(c.num_warps, c.block_m * c.block_n // 256))
            for c in heuristic.mm_configs
        ]
        got = self._configs(lambda h: h.get_mm_configs(), fma=False)
        self.assertEqual(got, list(dict.fromkeys(expected)))

    def test_not_for_int8_or_other_templates(self):
        listed = self._configs(lambda h: h.get_mm_configs(), fma=False, op_name="int_mm")
        self.assertEqual(
            self._configs(lambda h: h.get_mm_configs(), fma=True, op_name="int_mm"), listed
        )
        listed = self._configs(lambda h: h.get_mm_configs(), fma=False, has_int8_tensor=True)
        self.assertEqual(
            self._configs(lambda h: h.get_mm_configs(), fma=True, has_int8_tensor=True),
            listed,
        )

    def test_warps_of_a_scaled_fma_tile_stop_at_one_element_per_work_item(self):
        heuristic = XPUConfigHeuristic()
        # a 16x16 tile (a problem of 16 rows and columns) at 32 warps would
        # give 1024 work-items 256 elements
        self.assertEqual(heuristic._num_warps(th.XPUFMAConfig(16, 16, 16, 2, 32)), 8)
        self.assertEqual(heuristic._num_warps(th.XPUFMAConfig(32, 32, 16, 2, 16)), 16)
        # the listed configs keep Inductor's rule
        self.assertEqual(heuristic._num_warps(GemmConfig(32, 32, 16, 2, 16)), 4)
        self.assertEqual(CUDAConfigHeuristic()._num_warps(GemmConfig(32, 32, 16, 2, 16)), 4)

    def _lowers_to_fma(self, available=True, cc=None):
        interface = types.SimpleNamespace(
            is_available=lambda: available, current_device=lambda: 0
        )
        props = types.SimpleNamespace(cc=cc)
        with mock.patch.object(
            th, "get_interface_for_device", return_value=interface
        ) as get_interface, mock.patch.object(
            th.DeviceProperties, "create", return_value=props
        ) as create:
            result = XPUConfigHeuristic()._dot_lowers_to_fma()
        get_interface.assert_called_once_with("xpu")
        if available:
            create.assert_called_once_with(torch.device("xpu", 0))
        return result

    def test_fma_decided_by_the_smallest_sub_group_size(self):
        # DG2 (Arc A770): sub-groups of 8, 16, 32 -> FMA
        self.assertTrue(self._lowers_to_fma(cc={"sub_group_sizes": [8, 16, 32]}))
        # PVC (Max 1550): 16, 32 -> DPAS
        self.assertFalse(self._lowers_to_fma(cc={"sub_group_sizes": [16, 32]}))
        # unknown properties, or no XPU: the lists as they are
        self.assertFalse(self._lowers_to_fma(cc={}))
        self.assertFalse(self._lowers_to_fma(cc=None))
        self.assertFalse(self._lowers_to_fma(available=False))


if __name__ == "__main__":
    run_tests()
