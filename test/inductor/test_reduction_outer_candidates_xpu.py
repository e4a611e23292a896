# Owner(s): ["module: inductor"]
"""XPU's OUTER and OUTER_TINY reductions (persistent OUTER_TINY ones too) get a
second autotuning candidate: the hint's tile at the warps that leave each
work-item at most two of its elements, at least twice the warps, and a
narrower tile where make_config caps the warps (the one config spills in IGC
on GPUs with a smaller register file); CUDA keeps its one config."""

from torch._inductor.runtime import triton_heuristics
from torch._inductor.runtime.hints import DeviceProperties, ReductionHint
from torch._inductor.test_case import run_tests, TestCase


def _props(device_type: str, sub_group_sizes: list | None = None) -> DeviceProperties:
    # an xpu's cc is its properties (sub_group_sizes among them); {}: unknown
    return DeviceProperties(
        type=device_type,
        index=0,
        multi_processor_count=32,
        cc=90 if device_type == "cuda" else ({"sub_group_sizes": sub_group_sizes} if sub_group_sizes else {}),
        max_threads_per_block=1024,
        warp_size=32,
    )


def _outer_configs(
    device_type: str,
    inductor_meta: dict | None = None,
    size_hints: dict | None = None,
    hint: ReductionHint = ReductionHint.OUTER,
    sub_group_sizes: list | None = None,
):
    # 24,576 x 392 after the split: a batch-norm backward's per-channel sums
    # (x // 4096 <= 8: XBLOCK 16, R0_BLOCK 32)
    return triton_heuristics.reduction(
        size_hints or {"x": 32768, "r0_": 512},
        reduction_hint=hint,
        triton_meta={"device": _props(device_type, sub_group_sizes), "signature": {}},
        inductor_meta={"num_load": 2, **(inductor_meta or {})},
        return_configs=True,
    )


def _persistent_configs(
    device_type: str,
    size_hints: dict,
    hint: ReductionHint = ReductionHint.OUTER_TINY,
    inductor_meta: dict | None = None,
):
    return triton_heuristics.persistent_reduction(
        size_hints,
        reduction_hint=hint,
        triton_meta={"device": _props(device_type), "signature": {}},
        inductor_meta={"num_load": 2, **(inductor_meta or {})},
        return_configs=True,
    )


def _blocks(configs) -> list:
    return [(c.kwargs["XBLOCK"], c.kwargs.get("R0_BLOCK"), c.num_warps) for c in configs]


class TestOuterReductionCandidates(TestCase):
    def test_xpu_gets_the_tile_at_twice_the_warps(self):
        configs = _outer_configs("xpu")
        self.assertEqual(_blocks(configs), [(16, 32, 4), (16, 32, 8)])

    def test_xpu_three_sums_get_two_elements_per_work_item(self):
        # 36,064 x 512: a batch-norm backward's three per-channel sums of
        # five loads (XBLOCK 32, R0_BLOCK 32: 1,024 elements, 2 per
        # work-item at 16 warps of 32; at 8 warps IGC still spills 19,840
        # bytes on acm-g10)
        hints = {"x": 65536, "r0_": 512}
        meta = {"num_load": 5, "num_reduction": 3}
        self.assertEqual(_blocks(_outer_configs("xpu", meta, hints)), [(32, 32, 4), (32, 32, 16)])
        self.assertEqual(_blocks(_outer_configs("cuda", meta, hints)), [(32, 32, 4)])

    def test_xpu_narrower_tile_where_the_warps_are_capped(self):
        # 65,536 x 2,048, a batch-norm backward's sums in a training step
        # (regnety_002): XBLOCK 32, R0_BLOCK 64 is 2,048 elements, two per
        # work-item only at 32 warps; make_config caps the warps at 16,
        # where IGC spills 1,536 bytes on acm-g10, and XBLOCK 16 at 16 warps
        # spills none.  A register-intensive kernel (three sums of seven
        # loads) is capped at 8 warps: XBLOCK 8 (27,776 bytes of spill at
        # XBLOCK 32, 832 at 8).
        hints = {"x": 65536, "r0_": 2048}
        two_sums = {"num_load": 4, "num_reduction": 2}
        three_sums = {"num_load": 7, "num_reduction": 3}
        self.assertEqual(_blocks(_outer_configs("xpu", two_sums, hints)), [(32, 64, 4), (16, 64, 16)])
        self.assertEqual(_blocks(_outer_configs("xpu", three_sums, hints)), [(32, 64, 4), (8, 64, 8)])
        self.assertEqual(_blocks(_outer_configs("cuda", two_sums, hints)), [(32, 64, 4)])

    def test_xpu_outer_tiny_gets_the_tile_at_twice_the_warps(self):
        # A batch-norm's per-channel statistics over few values (regnety_002's
        # training step; welford keeps three accumulators): XBLOCK 4,
        # R0_BLOCK 128 at 4 warps spills 128 to 256 bytes on acm-g10, none at
        # 8 warps; persistent, XBLOCK 32 of 16 values at 4 warps 1,760
        # bytes, none at 8.
        hints = {"x": 256, "r0_": 128}
        tiny = ReductionHint.OUTER_TINY
        self.assertEqual(_blocks(_outer_configs("xpu", size_hints=hints, hint=tiny)), [(4, 128, 4), (4, 128, 8)])
        self.assertEqual(_blocks(_outer_configs("cuda", size_hints=hints, hint=tiny)), [(4, 128, 4)])
        persistent = {"x": 32, "r0_": 16}
        self.assertEqual(_blocks(_persistent_configs("xpu", persistent)), [(32, None, 4), (32, None, 8)])
        self.assertEqual(_blocks(_persistent_configs("cuda", persistent)), [(32, None, 4)])

    def test_xpu_persistent_outer_gets_a_narrower_tile(self):
        # A training step's batch-norm statistics over 32 values per channel
        # (densenet121: 800 channels, welford of three loads): the one
        # persistent OUTER config, XBLOCK 128 at 8 warps (the cap of a
        # persistent kernel), keeps 16 elements per work-item, which IGC
        # spills on acm-g10 (4,160 bytes; 1,504 at GRF 256); XBLOCK 16 at 8
        # warps (two) spills none.
        hints = {"x": 1024, "r0_": 32}
        outer = ReductionHint.OUTER
        self.assertEqual(_blocks(_persistent_configs("xpu", hints, outer)), [(128, None, 8), (16, None, 8)])
        self.assertEqual(_blocks(_persistent_configs("cuda", hints, outer)), [(128, None, 8)])

    def test_xpu_one_element_per_work_item_where_registers_are_32_bytes(self):
        # A GPU whose smallest sub-group is 8 (Arc A-series, DG2) has 32-byte
        # registers, half a 16-wide one's register file per work-item: there
        # a batch-norm backward's sums at two elements per work-item still
        # spill (32 to 4,672 bytes, levit_128's training step), at one none.
        dg2 = _blocks(_outer_configs("xpu", sub_group_sizes=[8, 16, 32]))
        self.assertEqual(dg2, [(16, 32, 4), (16, 32, 8), (16, 32, 16)])
        pvc = _blocks(_outer_configs("xpu", sub_group_sizes=[16, 32]))
        self.assertEqual(pvc, [(16, 32, 4), (16, 32, 8)])

    def test_xpu_mix_order_reduction_gets_two_elements_per_work_item(self):
        # A layer norm's backward as one mix-order reduction (DistilBERT:
        # 16,384 rows of 768): XBLOCK 2 of 1024 at 4 warps spills 8,640 to
        # 24,576 bytes on acm-g10 even at GRF 256; at 32 warps none.
        hints = {"x": 16384, "r0_": 1024}
        meta = {"RSPLIT_SIZE": 64, "num_load": 6, "num_reduction": 2}
        inner = ReductionHint.INNER

        def mix_order(device_type):
            configs = _persistent_configs(device_type, hints, inner, meta)
            return [(c.kwargs["XBLOCK"], c.kwargs["RSPLIT_SIZE"], c.num_warps) for c in configs]

        self.assertEqual(mix_order("xpu"), [(2, 64, 4), (2, 64, 32)])
        self.assertEqual(mix_order("cuda"), [(2, 64, 4)])

    def test_xpu_persistent_inner_rows_get_two_elements_per_work_item(self):
        # A softmax over rows of 196 (levit_128's attention, 802,816 rows):
        # XPU's one persistent INNER config, XBLOCK 8 of 256 at 8 warps (the
        # cap of a persistent kernel), keeps 8 elements per work-item, which
        # IGC spills on acm-g10 (6,368 to 6,880 bytes); XBLOCK 2 leaves two.
        hints = {"x": 1048576, "r0_": 256}
        inner = ReductionHint.INNER
        meta = {"num_load": 2, "num_store": 1}
        self.assertEqual(_blocks(_persistent_configs("xpu", hints, inner, meta)), [(8, None, 8), (2, None, 8)])
        self.assertEqual(_blocks(_persistent_configs("cuda", hints, inner, meta)), [(4, None, 1)])

    def test_xpu_persistent_inner_row_gets_more_warps(self):
        # One row per program (XBLOCK 1) cannot narrow: a T5 attention
        # softmax row of 1,024 at 8 warps keeps four elements per work-item
        # (1,056 bytes spilled on acm-g10); 16 warps leave two.
        # (five loads and stores: one row per program)
        hints = {"x": 32768, "r0_": 1024}
        inner = ReductionHint.INNER
        meta = {"num_load": 4, "num_store": 1}
        self.assertEqual(_blocks(_persistent_configs("xpu", hints, inner, meta)), [(1, None, 8), (1, None, 16)])
        self.assertEqual(len(_persistent_configs("cuda", hints, inner, meta)), 1)
        # rows of 1,024 at XBLOCK 8 narrow to one row, still four per
        # work-item at 8 warps (960 to 1,088 bytes): the row at 16 warps
        meta = {"num_load": 2, "num_store": 1}
        self.assertEqual(_blocks(_persistent_configs("xpu", hints, inner, meta)), [(8, None, 8), (1, None, 16)])

    def test_xpu_inner_reduction_of_two_accumulators_gets_two_elements_per_work_item(self):
        # A language model's loss: an online softmax's max and sum over a
        # vocabulary of 30,522 (16,384 rows).  The contiguous config, XBLOCK
        # 1, R0_BLOCK 2048 at 16 warps, keeps four elements of each
        # accumulator per work-item and spills 224 bytes on acm-g10 (XPU's
        # extra XBLOCK 64, R0_BLOCK 64 6,624); R0_BLOCK 1024 none.  A
        # reduction of one accumulator keeps its configs.
        hints = {"x": 16384, "r0_": 32768}
        inner = ReductionHint.INNER
        two = {"num_load": 1, "num_reduction": 2}
        one = {"num_load": 1, "num_reduction": 1}
        xpu_two = _blocks(_outer_configs("xpu", two, hints, inner))
        self.assertEqual(xpu_two[-2:], [(1, 2048, 16), (1, 1024, 16)])
        xpu_one = _blocks(_outer_configs("xpu", one, hints, inner))
        self.assertEqual(xpu_one, xpu_two[:-1])
        self.assertEqual(
            _blocks(_outer_configs("cuda", two, hints, inner)), _blocks(_outer_configs("cuda", one, hints, inner))
        )

    def test_cuda_keeps_one_config(self):
        self.assertEqual(_blocks(_outer_configs("cuda")), [(16, 32, 4)])

    def test_max_autotune_configs_unchanged(self):
        # with max-autotune every device autotunes over the full list, which
        # does not take the OUTER branch
        meta = {"max_autotune": True}
        self.assertEqual(_blocks(_outer_configs("xpu", meta)), _blocks(_outer_configs("cuda", meta)))


if __name__ == "__main__":
    run_tests()
