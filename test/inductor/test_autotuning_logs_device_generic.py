# Owner(s): ["module: inductor"]
"""Autotuning logs and AutoHeuristic must describe the GPU in use, not only CUDA."""

import contextlib
import io
import json
import types
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import ir
from torch._inductor.autoheuristic import autoheuristic
from torch._inductor.autoheuristic.autoheuristic_utils import AHContext
from torch._inductor.debug import DebugFormatter
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


MAX_1550 = "Intel(R) Data Center GPU Max 1550"


def _props_interface(available: bool = True) -> type[di.DeviceInterface]:
    class PropsOnlyInterface(di.DeviceInterface):
        """Answers property queries only; nothing can run on it."""

        props = types.SimpleNamespace(name=MAX_1550, gpu_subslice_count=64)

        @staticmethod
        def is_available() -> bool:
            return available

        @staticmethod
        def current_device() -> int:
            return 0

        @staticmethod
        def device_count() -> int:
            return 2

        @classmethod
        def get_device_properties(cls, device=None):
            return cls.props

    return PropsOnlyInterface


def _gpu_type_is_xpu():
    return mock.patch.object(autoheuristic, "get_gpu_type", lambda: "xpu", create=True)


class _Choice:
    def info_dict(self):
        return {"backend": "triton"}


class _XpuInterfaceTestCase(TestCase):
    def setUp(self):
        super().setUp()
        saved = di.device_interfaces.get("xpu")

        def restore():
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    def _register(self, available: bool = True) -> type[di.DeviceInterface]:
        interface = _props_interface(available)
        di.register_interface_for_device("xpu", interface)
        return interface


class TestAutotuningLog(_XpuInterfaceTestCase):
    def _log(self, device: torch.device) -> dict:
        out = io.StringIO()

        @contextlib.contextmanager
        def fopen_context(filename, mode="w", **kwargs):
            self.assertEqual(filename, "autotuning_result_json_list.txt")
            yield out

        handler = types.SimpleNamespace(
            fopen=None, fopen_context=fopen_context, filename=None
        )
        mat = ir.InputBuffer(
            name="mat1", layout=ir.FixedLayout(device, torch.float16, [64, 64])
        )
        DebugFormatter(handler).log_autotuning_results(
            "mm", [mat], {_Choice(): 0.5}, 1.0, 2.0, None
        )
        return json.loads(out.getvalue())

    def test_xpu_autotuning_record(self):
        self._register()
        record = self._log(torch.device("xpu", 0))
        self.assertEqual(record["xpu_device_name"], MAX_1550)
        self.assertEqual(record["xpu_device_count"], 2)
        self.assertNotIn("cuda_device_name", record)
        self.assertEqual(record["benchmark_result"], 0.5)

    def test_unavailable_device_is_recorded_as_none(self):
        self._register(available=False)
        record = self._log(torch.device("xpu", 0))
        self.assertIsNone(record["xpu_device_name"])
        self.assertEqual(record["xpu_device_count"], 0)

    def test_cuda_autotuning_record_unchanged(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        record = self._log(torch.device("cuda", 0))
        self.assertEqual(record["cuda_device_name"], torch.cuda.get_device_name())
        self.assertEqual(record["cuda_device_count"], torch.cuda.device_count())


class TestAutoHeuristicDevice(_XpuInterfaceTestCase):
    def _heuristic(self) -> autoheuristic.AutoHeuristic:
        with mock.patch.object(
            autoheuristic, "get_gpu_shared_memory", lambda: 65536
        ), _gpu_type_is_xpu():
            # The precondition stops it before any data collection or logging.
            return autoheuristic.AutoHeuristic(
                fallback=lambda: "a",
                choices=["a", "b"],
                feedback=None,
                context=AHContext(),
                name="test_device",
                precondition=lambda metadata, context: False,
            )

    def test_xpu_device_identifier(self):
        self._register()
        with _gpu_type_is_xpu():
            self.assertEqual(
                autoheuristic.AutoHeuristic.get_device_identifier(),
                MAX_1550.replace(" ", "_"),
            )

    def test_device_without_capability(self):
        self._register()
        self.assertEqual(self._heuristic().metadata.device_capa, (0, 0))

    def test_capability_from_device_interface(self):
        interface = self._register()
        interface.props = types.SimpleNamespace(name="gpu", major=9, minor=0)
        self.assertEqual(self._heuristic().metadata.device_capa, (9, 0))

    def test_no_device(self):
        self._register(available=False)
        with _gpu_type_is_xpu():
            self.assertEqual(
                autoheuristic.AutoHeuristic.get_device_identifier(), "non_cuda_device"
            )
        self.assertEqual(self._heuristic().metadata.device_capa, (0, 0))

    def test_cuda_values_unchanged(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        self.assertEqual(
            autoheuristic.AutoHeuristic.get_device_identifier(),
            torch.cuda.get_device_name().replace(" ", "_"),
        )


if __name__ == "__main__":
    run_tests()
