# Owner(s): ["module: inductor"]
"""Collective benchmarking must time on the current accelerator, not torch.cuda."""

import types
from unittest import mock

import torch
from torch._inductor.fx_passes import node_runtime_estimation
from torch._inductor.test_case import run_tests, TestCase


def _no_cuda(*args, **kwargs):
    raise AssertionError("torch.cuda must not be used here")


class _ClockEvent:
    """A timing event on a fake clock that advances by 1 ms per record()."""

    clock = 0.0

    def __init__(self, enable_timing: bool = False) -> None:
        assert enable_timing
        self.time = None

    def record(self, stream=None) -> None:
        _ClockEvent.clock += 1.0
        self.time = _ClockEvent.clock

    def synchronize(self) -> None:
        pass

    def elapsed_time(self, end: "_ClockEvent") -> float:
        return end.time - self.time


class TestCollectiveBenchmark(TestCase):
    def test_times_with_accelerator_sync_and_events(self):
        syncs = []
        # The "collective" runs on CPU tensors; only the timing calls are checked.
        collective = types.SimpleNamespace(target=lambda x: x * 2)
        with mock.patch.object(
            torch.accelerator, "synchronize", lambda device=None: syncs.append(device)
        ), mock.patch.object(torch, "Event", _ClockEvent), mock.patch.object(
            torch.cuda, "synchronize", _no_cuda
        ), mock.patch.object(torch.cuda, "Event", _no_cuda):
            ms = node_runtime_estimation._benchmark_collective_with_cuda_events_impl(
                collective, (torch.empty(4, 4),), {}, nruns=3
            )
        self.assertEqual(ms, 1.0)
        self.assertEqual(syncs, [None, None])  # around the warm-up call


if __name__ == "__main__":
    run_tests()
