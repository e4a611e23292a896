# Owner(s): ["module: inductor"]
"""select_algorithm must benchmark and tune on the device it compiles for,
not on whatever torch.cuda reports."""

import contextlib
import os
import types
from datetime import timedelta
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import config, ir, select_algorithm
from torch._inductor.kernel.mm import mm_template
from torch._inductor.select_algorithm import AlgorithmSelectorCache, get_num_workers
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


def _fail(*args, **kwargs):
    raise AssertionError("torch.cuda must not be asked about another device type")


class _Stop(Exception):
    pass


class _FakeXpuInterface(di.DeviceInterface):
    """Records synchronize() and timing events; nothing runs on a device."""

    log: list[str] = []

    class Event:
        def __init__(self, enable_timing=False):
            assert enable_timing
            self.recorded = False

        def record(self):
            _FakeXpuInterface.log.append("record")
            self.recorded = True

        def synchronize(self):
            _FakeXpuInterface.log.append("event_sync")

        def elapsed_time(self, end):
            assert self.recorded and end.recorded
            return 1.5

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def device_count() -> int:
        return 2

    @staticmethod
    def current_device() -> int:
        return 0

    @staticmethod
    def synchronize(device=None) -> None:
        _FakeXpuInterface.log.append("synchronize")


class TestSelectAlgorithmDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        _FakeXpuInterface.log = []
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _FakeXpuInterface)

        def restore():
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    @contextlib.contextmanager
    def _no_cuda(self):
        with contextlib.ExitStack() as stack:
            for name in ("synchronize", "device_count", "is_tf32_supported"):
                stack.enter_context(mock.patch.object(torch.cuda, name, _fail))
            stack.enter_context(mock.patch.object(torch.cuda, "Event", _fail))
            yield

    # -- collective benchmarking ---------------------------------------------
    def test_collective_benchmark_times_on_output_device(self):
        out = types.SimpleNamespace(device=torch.device("xpu", 0))
        runs = []

        def benchmark_collective(*inputs, out):
            _FakeXpuInterface.log.append("run")
            runs.append(inputs)

        choice = types.SimpleNamespace(benchmark_collective=benchmark_collective)
        barrier = mock.Mock()
        barrier.wait.return_value = True
        with (
            self._no_cuda(),
            mock.patch("torch.distributed.barrier", return_value=barrier),
        ):
            total = AlgorithmSelectorCache._run_collective_benchmark(
                choice, ("a", "b"), out, 3, None, timedelta(seconds=1)
            )
        self.assertEqual(total, 3 * 1.5)
        self.assertEqual(runs, [("a", "b")] * 3)
        self.assertEqual(
            _FakeXpuInterface.log,
            ["synchronize"]
            + ["synchronize", "record", "run", "record", "event_sync"] * 3,
        )

    def test_collective_result_reduced_on_output_device(self):
        out = torch.zeros(2)
        out_xpu = types.SimpleNamespace(
            device=torch.device("xpu", 0), zero_=lambda: None
        )
        devices = []
        real_tensor = torch.tensor

        def tensor(data, dtype=None, device=None):
            devices.append(device)
            return real_tensor(data, dtype=dtype)

        work = mock.Mock()
        work.wait.return_value = True
        autotune_args = mock.Mock()
        autotune_args.get_benchmark_tensors.return_value.unpack.return_value = (
            (out,),
            out_xpu,
        )
        with (
            mock.patch.object(
                AlgorithmSelectorCache, "_run_collective_benchmark", return_value=2.0
            ),
            mock.patch("torch.distributed.get_rank", return_value=1),
            mock.patch("torch.distributed.all_reduce", return_value=work),
            mock.patch.object(torch, "tensor", tensor),
            config.patch(collective_benchmark_nruns=2),
        ):
            timing = AlgorithmSelectorCache.benchmark_collective_choice(
                types.SimpleNamespace(name="c"), autotune_args
            )
        self.assertEqual(devices, ["xpu:1"])
        self.assertEqual(timing, 1.0)

    # -- TF32 workaround -------------------------------------------------------
    def _generate_kwargs(self, device):
        layout = ir.FixedLayout(device, torch.float32, [16, 16])
        seen = {}

        def generate_and_load(*args, **kwargs):
            seen.update(next(a for a in args if isinstance(a, dict)))
            raise _Stop

        with mock.patch.object(
            type(mm_template), "generate_and_load", generate_and_load
        ):
            with self.assertRaises(_Stop):
                mm_template.generate(
                    input_nodes=(),
                    layout=layout,
                    num_stages=2,
                    num_warps=4,
                    ALLOW_TF32=True,
                )
        return seen

    def test_tf32_workaround_asks_template_device(self):
        with (
            self._no_cuda(),
            mock.patch.object(torch.cuda, "is_available", _fail),
            mock.patch.object(torch.xpu, "is_available", return_value=True),
            mock.patch.object(torch.xpu, "is_tf32_supported", return_value=False),
        ):
            kwargs = self._generate_kwargs(torch.device("xpu", 0))
        self.assertEqual(kwargs["ALLOW_TF32"], "False")

    def test_tf32_kept_where_template_device_supports_it(self):
        # A CUDA GPU without TF32 must not turn TF32 off for an xpu template.
        with (
            mock.patch.object(torch.cuda, "is_available", return_value=True),
            mock.patch.object(torch.cuda, "is_tf32_supported", return_value=False),
            mock.patch.object(torch.xpu, "is_available", return_value=True),
            mock.patch.object(torch.xpu, "is_tf32_supported", return_value=True),
        ):
            kwargs = self._generate_kwargs(torch.device("xpu", 0))
        self.assertIs(kwargs["ALLOW_TF32"], True)

    def test_tf32_workaround_on_cuda_unchanged(self):
        with (
            mock.patch.object(torch.cuda, "is_available", return_value=True),
            mock.patch.object(torch.cuda, "is_tf32_supported", return_value=False),
        ):
            kwargs = self._generate_kwargs(torch.device("cuda", 0))
        self.assertEqual(kwargs["ALLOW_TF32"], "False")

    # -- compile workers -------------------------------------------------------
    def test_num_workers_divided_by_gpus_in_use(self):
        get_num_workers.cache_clear()
        self.addCleanup(get_num_workers.cache_clear)
        env = {
            k: v for k, v in os.environ.items() if k != "TORCHINDUCTOR_COMPILE_THREADS"
        }
        with mock.patch.dict(os.environ, env, clear=True):
            cpu_count = get_num_workers()
            get_num_workers.cache_clear()
            with (
                self._no_cuda(),
                # config is a config module: replace get_num_workers' view of it
                mock.patch.object(
                    select_algorithm,
                    "config",
                    types.SimpleNamespace(is_fbcode=lambda: True),
                ),
                mock.patch.object(
                    select_algorithm, "get_gpu_type", return_value="xpu", create=True
                ),
            ):
                # two (fake) xpu devices share the CPUs
                self.assertEqual(get_num_workers(), cpu_count // 2)

    def test_cuda_tf32_workaround_matches_device(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        kwargs = self._generate_kwargs(torch.device("cuda", 0))
        expected = True if torch.cuda.is_tf32_supported() else "False"
        self.assertEqual(kwargs["ALLOW_TF32"], expected)


if __name__ == "__main__":
    run_tests()
