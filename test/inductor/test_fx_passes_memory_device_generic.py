# Owner(s): ["module: inductor"]
"""FX passes must ask the current accelerator, not torch.cuda, about memory and GPUs."""

from unittest import mock

import torch
import torch.fx as fx
from torch._inductor.fx_passes import (
    fsdp,
    numeric_utils,
    reduced_atomic_contention as scatter,
)
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON
from torch.utils._ordered_set import OrderedSet


def _no_cuda(*args, **kwargs):
    raise AssertionError("torch.cuda must not be used here")


def _scatter_budget():
    """What the partitioned-scatter pass budgets its buffers against.

    The pass was restructured in torch 2.14: it now builds a memory state
    holding the device's total memory (None: no gating); before, it fit a
    partition count into 10% of that memory.  Answers the total memory (or
    None) for the former, the partitions of 10M float32 outputs out of 8
    for the latter (8: no gating).
    """
    if hasattr(scatter, "_build_scatter_memory_state"):
        gm = fx.symbolic_trace(lambda x: x + 1)
        with mock.patch.object(
            scatter, "build_memory_profile", lambda graph, releasable: [0, 0, 0]
        ):
            state = scatter._build_scatter_memory_state(gm.graph)
        return None if state is None else state.total_gpu_bytes
    return scatter._fit_to_memory_budget(10_000_000, 8, torch.float32)


_GATED_1GB = 10**9 if hasattr(scatter, "_build_scatter_memory_state") else 2
_UNGATED = None if hasattr(scatter, "_build_scatter_memory_state") else 8


class TestFxPassesAcceleratorQueries(TestCase):
    def _accelerator(self, **attrs):
        """Pretend an accelerator is present, answering ``attrs``."""
        patches = [mock.patch.object(torch.accelerator, "is_available", lambda: True)]
        patches += [
            mock.patch.object(torch.accelerator, name, value)
            for name, value in attrs.items()
        ]
        for p in patches:
            p.start()
            self.addCleanup(p.stop)

    def _forbid_cuda(self, *names):
        for name in names:
            p = mock.patch.object(torch.cuda, name, _no_cuda)
            p.start()
            self.addCleanup(p.stop)

    def test_scatter_budget_reads_accelerator_memory(self):
        # A 1 GB device (before 2.14, 10% budget: 10M fp32 outputs, 40 MB
        # each, fit 2 partitions).
        self._accelerator(get_memory_info=lambda device=None: (0, 10**9))
        self._forbid_cuda("mem_get_info")
        self.assertEqual(_scatter_budget(), _GATED_1GB)

    def test_scatter_budget_without_accelerator(self):
        with mock.patch.object(torch.accelerator, "is_available", lambda: False):
            self.assertEqual(_scatter_budget(), _UNGATED)

    def test_scatter_budget_accelerator_without_memory_info(self):
        def unsupported(device=None):
            raise RuntimeError("getMemoryInfo is not supported")

        self._accelerator(get_memory_info=unsupported)
        self.assertEqual(_scatter_budget(), _UNGATED)

    def test_fsdp_gpus_per_node_from_accelerator(self):
        self._accelerator(device_count=lambda: 4)
        self._forbid_cuda("device_count")
        gm = fx.symbolic_trace(lambda x: x + 1)
        with mock.patch.multiple(
            fsdp,
            identify_fsdp_groups=lambda gm: (OrderedSet(["fsdp_pg"]), 16),
            bucket_fsdp_all_gather=lambda *args, **kwargs: None,
            bucket_fsdp_reduce_scatter=lambda *args, **kwargs: None,
            bucket_fsdp_all_reduce=lambda *args, **kwargs: None,
        ), self.assertLogs(fsdp.logger, "INFO") as logs:
            fsdp.pre_bucket_fsdp_collectives(gm, bucket_cap_mb=100.0)
        # 16 ranks on 4-GPU nodes: 4 nodes (CUDA's "no GPU" default of 8 gives 2).
        self.assertIn("nNodes=4,", "\n".join(logs.output))

    def test_clean_memory_empties_accelerator_cache(self):
        empty_cache = mock.Mock()
        self._accelerator(empty_cache=empty_cache)
        self._forbid_cuda("empty_cache")
        numeric_utils.clean_memory()
        empty_cache.assert_called_once_with()

    def test_clean_memory_without_accelerator(self):
        with mock.patch.object(torch.accelerator, "is_available", lambda: False):
            numeric_utils.clean_memory()

    def test_cuda_memory_budget_unchanged(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        _, total = torch.cuda.mem_get_info()
        if hasattr(scatter, "_build_scatter_memory_state"):
            self.assertEqual(_scatter_budget(), total)
            return
        numel = int(total * 0.10 / 4 / 3)  # 4 partitions fit exactly, 8 do not
        self.assertEqual(
            scatter._fit_to_memory_budget(numel, 8, torch.float32), 4
        )


if __name__ == "__main__":
    run_tests()
