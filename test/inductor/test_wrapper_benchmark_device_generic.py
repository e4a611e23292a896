# Owner(s): ["module: inductor"]
"""The compiled-module benchmark harness must report memory of the GPU in use."""

import contextlib
import io
import sys
from unittest import mock

import torch
from torch._inductor import wrapper_benchmark
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another GPU type")


class TestCompiledModuleMainMemory(TestCase):
    def _run_main(self, *argv):
        calls = []

        def benchmark_fn(times, repeat):
            calls.append((times, repeat))
            return 0.002

        out = io.StringIO()
        with (
            mock.patch.object(sys, "argv", ["output_code.py", *argv]),
            contextlib.redirect_stdout(out),
        ):
            wrapper_benchmark.compiled_module_main("bench", benchmark_fn)
        return out.getvalue(), calls

    @contextlib.contextmanager
    def _xpu_in_use(self):
        """get_gpu_type() answers "xpu"; torch.xpu's memory API is mocked, so
        nothing runs on a device, and torch.cuda must not be asked."""
        with contextlib.ExitStack() as stack:
            stack.enter_context(
                mock.patch("torch._inductor.utils.get_gpu_type", return_value="xpu")
            )
            stack.enter_context(
                mock.patch.object(torch.xpu, "is_available", return_value=True)
            )
            xpu = {
                name: stack.enter_context(mock.patch.object(torch.xpu, name))
                for name in ("reset_peak_memory_stats", "max_memory_allocated")
            }
            xpu["max_memory_allocated"].return_value = 123_456_789
            for name in (
                "_record_memory_history",
                "_dump_snapshot",
            ):
                xpu[name] = stack.enter_context(
                    mock.patch.object(torch.xpu.memory, name)
                )
            for name in ("reset_peak_memory_stats", "max_memory_allocated"):
                stack.enter_context(mock.patch.object(torch.cuda, name, _fail))
            stack.enter_context(
                mock.patch.object(torch.cuda.memory, "_record_memory_history", _fail)
            )
            yield xpu

    def test_peak_memory_of_xpu(self):
        with self._xpu_in_use() as xpu:
            out, calls = self._run_main("--times", "3", "--repeat", "2")
        self.assertEqual(calls, [(3, 2)])
        xpu["reset_peak_memory_stats"].assert_called_once_with()
        xpu["max_memory_allocated"].assert_called_once_with()
        self.assertIn("Peak GPU memory usage 123.457 MB", out)

    def test_memory_snapshot_of_xpu(self):
        with self._xpu_in_use() as xpu:
            out, calls = self._run_main("--cuda-memory-snapshot")
        # the timed run, then the 10 runs recorded into the snapshot
        self.assertEqual(calls, [(10, 10), (10, 1)])
        xpu["_record_memory_history"].assert_has_calls(
            [mock.call(max_entries=100000), mock.call(enabled=None)]
        )
        xpu["_dump_snapshot"].assert_called_once()
        self.assertIn("memory snapshot has been written", out)

    def test_collect_memory_snapshot_of_xpu(self):
        with self._xpu_in_use() as xpu:
            wrapper_benchmark.collect_memory_snapshot(lambda times, repeat: 0.0)
        xpu["_dump_snapshot"].assert_called_once()

    def test_unavailable_gpu_reports_nothing(self):
        with (
            mock.patch("torch._inductor.utils.get_gpu_type", return_value="xpu"),
            mock.patch.object(torch.xpu, "is_available", return_value=False),
            mock.patch.object(torch.xpu, "max_memory_allocated", _fail),
        ):
            out, calls = self._run_main()
        self.assertEqual(calls, [(10, 10)])
        self.assertNotIn("Peak GPU memory", out)

    def test_gpu_without_memory_stats_reports_nothing(self):
        # MPS keeps no peak-memory statistics: the harness just times it.
        with (
            mock.patch("torch._inductor.utils.get_gpu_type", return_value="mps"),
            mock.patch.object(torch.mps, "is_available", return_value=True),
        ):
            out, _ = self._run_main()
        self.assertNotIn("Peak GPU memory", out)

    def test_cuda_peak_memory(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        out, _ = self._run_main("--times", "1", "--repeat", "1")
        self.assertIn("Peak GPU memory usage", out)


if __name__ == "__main__":
    run_tests()
