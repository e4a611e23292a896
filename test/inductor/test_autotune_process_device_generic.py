# Owner(s): ["module: inductor"]
"""Autotune subprocesses must be given the devices of the GPU type in use:
CUDA_VISIBLE_DEVICES selects nothing on an Intel GPU (ZE_AFFINITY_MASK does)."""

import contextlib
import os
from unittest import mock

from torch._dynamo import device_interface as di
from torch._inductor import autotune_process, config
from torch._inductor.autotune_process import TuningProcess, TuningProcessPool
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


class _FakeXpuInterface(di.DeviceInterface):
    """Answers availability and device count only; nothing runs on it."""

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def device_count() -> int:
        return 4


class TestAutotuneProcessDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        saved = di.device_interfaces.get("xpu")
        di.register_interface_for_device("xpu", _FakeXpuInterface)

        def restore():
            if saved is None:
                di.device_interfaces.pop("xpu", None)
            else:
                di.register_interface_for_device("xpu", saved)

        self.addCleanup(restore)

    @contextlib.contextmanager
    def _gpu_type(self, gpu_type):
        # autotune_process binds get_gpu_type at import; create=True lets the
        # test run (and fail) on a torch where it does not.
        with mock.patch.object(
            autotune_process, "get_gpu_type", return_value=gpu_type, create=True
        ):
            yield

    def _device_list(self, env):
        keep = {
            k: v
            for k, v in os.environ.items()
            if k not in ("CUDA_VISIBLE_DEVICES", "ZE_AFFINITY_MASK")
        }
        with (
            mock.patch.dict(os.environ, {**keep, **env}, clear=True),
            config.patch(autotune_multi_device=True),
        ):
            return TuningProcessPool.get_device_list()

    def test_xpu_device_list_follows_ze_affinity_mask(self):
        with self._gpu_type("xpu"):
            env = {"ZE_AFFINITY_MASK": "1,3", "CUDA_VISIBLE_DEVICES": "0"}
            self.assertEqual(self._device_list(env), [1, 3])
            # CUDA_VISIBLE_DEVICES says nothing about Intel GPUs.
            self.assertEqual(
                self._device_list({"CUDA_VISIBLE_DEVICES": "2"}), [0, 1, 2, 3]
            )

    def test_cuda_device_list_follows_cuda_visible_devices(self):
        cuda = mock.Mock(device_count=mock.Mock(return_value=8))
        with (
            self._gpu_type("cuda"),
            mock.patch.object(
                autotune_process, "get_interface_for_device", return_value=cuda
            ),
        ):
            env = {"CUDA_VISIBLE_DEVICES": "4,5", "ZE_AFFINITY_MASK": "0"}
            self.assertEqual(self._device_list(env), [4, 5])

    def test_xpu_subprocess_sees_only_its_device(self):
        with (
            self._gpu_type("xpu"),
            mock.patch.object(autotune_process.subprocess, "Popen") as popen,
        ):
            process = TuningProcess(device=2)
        self.addCleanup(process.close)
        env = popen.call_args.kwargs["env"]
        self.assertEqual(env["ZE_AFFINITY_MASK"], "2")
        self.assertNotEqual(env.get("CUDA_VISIBLE_DEVICES"), "2")

    def test_cuda_subprocess_sees_only_its_device(self):
        with (
            self._gpu_type("cuda"),
            mock.patch.object(autotune_process.subprocess, "Popen") as popen,
        ):
            process = TuningProcess(device=1)
        self.addCleanup(process.close)
        env = popen.call_args.kwargs["env"]
        self.assertEqual(env["CUDA_VISIBLE_DEVICES"], "1")
        self.assertNotIn("ZE_AFFINITY_MASK", env)

    def test_cuda_machine_uses_cuda_visible_devices(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        self.assertEqual(
            autotune_process.get_visible_devices_env_var(), "CUDA_VISIBLE_DEVICES"
        )
        self.assertEqual(self._device_list({"CUDA_VISIBLE_DEVICES": "0"}), [0])


if __name__ == "__main__":
    run_tests()
