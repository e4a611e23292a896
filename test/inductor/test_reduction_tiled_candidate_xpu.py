# Owner(s): ["module: inductor"]
"""XPU's tiled reductions (y, x and one reduction dimension) get a candidate of
one (y, x) output per program, one element per work-item: each config Inductor
spreads over y, x and r by the tiling scores spills in IGC.  CUDA's candidates
are unchanged, and so are XPU's 2-D reductions."""

from torch._inductor.runtime import triton_heuristics
from torch._inductor.runtime.hints import DeviceProperties, ReductionHint
from torch._inductor.test_case import run_tests, TestCase


def _props(device_type: str) -> DeviceProperties:
    return DeviceProperties(
        type=device_type,
        index=0,
        multi_processor_count=32,
        cc=90 if device_type == "cuda" else {},
        max_threads_per_block=1024,
        warp_size=32,
    )


# convnext_tiny's layer-norm backward over permuted dimensions (a training
# step): 1,792 x 14 outputs, each a sum over 384 values
TILED = {"y": 2048, "x": 16, "r0_": 512}
TILING_SCORES = {"y": 38635520, "x": 19468288, "r0_": 77071872}


def _configs(device_type: str, size_hints: dict, **inductor_meta):
    return triton_heuristics.reduction(
        size_hints,
        reduction_hint=ReductionHint.DEFAULT,
        triton_meta={"device": _props(device_type), "signature": {}},
        inductor_meta={"num_load": 10, "num_reduction": 1, **inductor_meta},
        return_configs=True,
    )


def _blocks(configs) -> list:
    return [
        (c.kwargs.get("YBLOCK"), c.kwargs["XBLOCK"], c.kwargs.get("R0_BLOCK"), c.num_warps)
        for c in configs
    ]


class TestTiledReductionCandidate(TestCase):
    def test_xpu_gets_one_output_per_program(self):
        cuda = _blocks(_configs("cuda", TILED, tiling_scores=TILING_SCORES))
        xpu = _blocks(_configs("xpu", TILED, tiling_scores=TILING_SCORES))
        # every tile of the list is there, in order; then one output per
        # program, 128 of the 384 values at a time over 4 warps of 32
        self.assertEqual(xpu[: len(cuda)], cuda)
        self.assertEqual(xpu[len(cuda) :], [(1, 1, 128, 4)])
        # the list's tiles each hold more than one (y, x) output
        self.assertTrue(all(y * x > 1 for y, x, _, _ in cuda))

    def test_short_reduction_gets_its_whole_length(self):
        hints = {"y": 2048, "x": 16, "r0_": 32}
        xpu = _blocks(_configs("xpu", hints, tiling_scores={"y": 4, "x": 2, "r0_": 1}))
        self.assertEqual(xpu[-1], (1, 1, 32, 1))

    def test_two_dimensional_reductions_unchanged(self):
        for hints in ({"x": 32768, "r0_": 512}, {"x": 64, "r0_": 65536}):
            xpu = _blocks(_configs("xpu", hints))
            self.assertNotIn((1, 1, 128, 4), xpu)
            self.assertTrue(all(y is None for y, _, _, _ in xpu))


if __name__ == "__main__":
    run_tests()
