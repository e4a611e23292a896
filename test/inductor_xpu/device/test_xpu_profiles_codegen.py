# Owner(s): ["module: inductor"]
"""Inductor's xpu code follows the device profile, not just its metadata.

The same program compiled for different simulated Intel GPUs
(``inductor_xpu.device.simulate``) gets different code where Inductor's
heuristics read the device: the split-reduction decision
(``torch/_inductor/choices.py InductorChoices.reduction_split_factor``)
uses ``DeviceProperties.multi_processor_count``, which for xpu is the
profile's ``gpu_subslice_count`` (Xe-cores): 64 per stack on a Data Center
GPU Max 1550, 8 on the Lunar Lake Arc 140V iGPU.

* an inner reduction with fewer than ``2 * multi_processor_count`` rows is
  split in two kernels (not enough rows to fill the device), otherwise it is
  one kernel;
* a full reduction is split into a number of partial sums that grows with
  the Xe-core count (the heuristic sizes the split against
  ``multi_processor_count * 2048`` threads, 32 to 512 elements each).

Every number asserted below is read from the generated kernels.
"""

from __future__ import annotations

import re

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.device import get_profile, list_profiles, simulate


_KERNEL_RE = re.compile(r"async_compile\.triton\('(\w+)', '''(.*?)''', device_str='xpu'\)", re.DOTALL)


def kernel_shapes(source: str) -> list[tuple[str, int, int]]:
    """``(kernel name, xnumel, r0_numel)`` of each Triton kernel, in order."""
    shapes = []
    for name, body in _KERNEL_RE.findall(source):
        xnumel = re.search(r"^    xnumel = (\d+)$", body, re.M)
        r0_numel = re.search(r"^    r0_numel = (\d+)$", body, re.M)
        assert xnumel and r0_numel, f"{name}: no static xnumel/r0_numel"
        shapes.append((name, int(xnumel.group(1)), int(r0_numel.group(1))))
    return shapes


def multi_processor_counts(source: str) -> set[int]:
    return {int(n) for n in re.findall(r"DeviceProperties\(type='xpu', index=0, multi_processor_count=(\d+)", source)}


def compile_for(profile: str, fn, *shapes: tuple[int, ...]) -> str:
    # dynamic=False: a second compile of the same code object with another
    # shape would otherwise become a dynamic-shape compile.
    with simulate(profile) as sim:
        return sim.compile(fn, *(sim.tensor(*s) for s in shapes), dynamic=False).source


def row_amax(x: torch.Tensor) -> torch.Tensor:
    return x.amax(dim=-1)


def full_sum(x: torch.Tensor) -> torch.Tensor:
    return x.sum()


class TestProfileSensitiveCodegen(TestCase):
    def test_same_reduction_split_on_max1550_not_on_arc140v(self):
        # amax over 32 rows of 16384: 32 < 2 * 64 Xe-cores on a Max 1550,
        # so each row is split in two partial maxima (64 x 8192, then 32 x 2);
        # 32 >= 2 * 8 Xe-cores on the Arc 140V, so one kernel does it.
        max1550 = compile_for("max1550", row_amax, (32, 16384))
        arc140v = compile_for("arc140v", row_amax, (32, 16384))
        self.assertEqual(
            kernel_shapes(max1550),
            [("triton_red_fused_amax_0", 64, 8192), ("triton_per_fused_amax_1", 32, 2)],
        )
        self.assertEqual(kernel_shapes(arc140v), [("triton_red_fused_amax_0", 32, 16384)])
        self.assertEqual(multi_processor_counts(max1550), {64})
        self.assertEqual(multi_processor_counts(arc140v), {8})

    def test_split_threshold_is_twice_the_xe_core_count(self):
        for key, split_rows, whole_rows in (("max1550", 127, 128), ("arc140v", 15, 16)):
            cores = get_profile(key).gpu_subslice_count
            self.assertEqual((split_rows + 1, whole_rows), (2 * cores, 2 * cores))
            with self.subTest(profile=key, rows=split_rows):
                self.assertEqual(
                    kernel_shapes(compile_for(key, row_amax, (split_rows, 16384))),
                    [("triton_red_fused_amax_0", 2 * split_rows, 8192), ("triton_per_fused_amax_1", split_rows, 2)],
                )
            with self.subTest(profile=key, rows=whole_rows):
                self.assertEqual(
                    kernel_shapes(compile_for(key, row_amax, (whole_rows, 16384))),
                    [("triton_red_fused_amax_0", whole_rows, 16384)],
                )

    def test_full_reduction_split_count_follows_the_device(self):
        # sum of 2**22 elements: partial sums (kernel 0: splits x elements
        # each), then one kernel reducing the partials (kernel 1).
        expected = {
            "max1550": (512, 8192),  # 64 Xe-cores
            "max1100": (256, 16384),  # 56
            "a770": (128, 32768),  # 32
            "b580": (80, 52429),  # 20
            "arc140v": (32, 131072),  # 8
        }
        self.assertEqual(set(expected), {p.key for p in list_profiles() if p.device_type == "xpu"})
        for key, (splits, per_split) in expected.items():
            with self.subTest(profile=key):
                source = compile_for(key, full_sum, (1 << 22,))
                self.assertEqual(
                    kernel_shapes(source),
                    [("triton_red_fused_sum_0", splits, per_split), ("triton_per_fused_sum_1", 1, splits)],
                )
                self.assertEqual(multi_processor_counts(source), {get_profile(key).gpu_subslice_count})
        by_cores = sorted(expected, key=lambda k: get_profile(k).gpu_subslice_count)
        self.assertEqual([expected[k][0] for k in by_cores], sorted(v[0] for v in expected.values()))

    def test_one_million_element_sum(self):
        # The split that torch.sum(x[1M]) gets: 128 x 8192 on a Max 1550 stack,
        # 32 x 32768 on the Lunar Lake iGPU.
        self.assertEqual(
            kernel_shapes(compile_for("max1550", full_sum, (1 << 20,)))[0], ("triton_red_fused_sum_0", 128, 8192)
        )
        self.assertEqual(
            kernel_shapes(compile_for("arc140v", full_sum, (1 << 20,)))[0], ("triton_red_fused_sum_0", 32, 32768)
        )


if __name__ == "__main__":
    run_tests()
