# Owner(s): ["module: inductor"]
"""XPU's 3-D pointwise kernels get two more autotuning candidates at two
elements per work-item (the others keep 256 per warp: 8 per work-item at 32
per sub-group, which IGC spills on GPUs with 32-byte registers for a heavy
fused expression); CUDA's configs are unchanged."""

from torch._inductor.runtime import triton_heuristics
from torch._inductor.runtime.hints import DeviceProperties
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


def _configs(device_type: str, size_hints: dict, inductor_meta: dict | None = None):
    return triton_heuristics.pointwise(
        size_hints,
        triton_meta={"device": _props(device_type), "signature": {}},
        inductor_meta=inductor_meta or {},
        return_configs=True,
    )


def _per_item(config) -> float:
    tile = config.kwargs["XBLOCK"] * config.kwargs["YBLOCK"] * config.kwargs["ZBLOCK"]
    return tile / (config.num_warps * 32)


class TestPointwise3DCandidates(TestCase):
    # a softmax backward over a stacked, padded attention map (coat_lite_mini)
    HINTS = {"x": 64, "y": 256, "z": 4096}

    def test_xpu_gets_two_elements_per_work_item(self):
        configs = _configs("xpu", self.HINTS)
        # the configs every 3-D kernel had keep 8 or more per work-item
        self.assertTrue(all(_per_item(c) >= 8 for c in configs[:-2]), [_per_item(c) for c in configs])
        extra = [(c.kwargs["XBLOCK"], c.kwargs["YBLOCK"], c.kwargs["ZBLOCK"], c.num_warps) for c in configs[-2:]]
        self.assertEqual(extra, [(8, 8, 8, 8), (1, 1, 512, 8)])
        self.assertEqual([_per_item(c) for c in configs[-2:]], [2, 2])

    def test_cuda_unchanged(self):
        configs = _configs("cuda", self.HINTS)
        self.assertEqual(len(configs), 1)
        self.assertEqual(
            [(c.kwargs["XBLOCK"], c.kwargs["YBLOCK"], c.kwargs["ZBLOCK"]) for c in configs], [(16, 16, 16)]
        )
        autotuned = _configs("cuda", self.HINTS, {"max_autotune_pointwise": True})
        self.assertTrue(all(_per_item(c) >= 8 for c in autotuned))


if __name__ == "__main__":
    run_tests()
