# Owner(s): ["module: inductor"]
"""Pattern registration must trace on the GPU in use, without asking torch.cuda."""

import os
import sys
from unittest import mock

import torch
from torch._inductor.fx_passes import (
    freezing_patterns,
    fuse_attention,
    misc_patterns,
    pad_mm,
)
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


_real_cuda_is_available = torch.cuda.is_available


# Queries that reach torch.cuda through a device-interface lookup are the
# pass's own: look past these files for the code that asked.
_INDIRECT = (
    os.path.join("_dynamo", "device_interface.py"),
    os.path.join("_inductor", "utils.py"),
)


def _cuda_is_available_unless_from_fx_passes(*args, **kwargs):
    # FakeTensorMode asks torch.cuda too; only the passes under test may not.
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.endswith(_INDIRECT):
        frame = frame.f_back
    caller = frame.f_code.co_filename if frame is not None else ""
    if os.path.join("_inductor", "fx_passes") in caller:
        raise AssertionError(f"pattern registration asked torch.cuda ({caller})")
    return _real_cuda_is_available(*args, **kwargs)


class TestPatternTraceDevice(TestCase):
    def machine(self, accelerator):
        """Pretend the build's accelerator is ``accelerator`` (None: CPU only)."""
        for target in (
            mock.patch.object(
                torch.accelerator,
                "current_accelerator",
                lambda check_available=False: accelerator,
            ),
            mock.patch.object(
                torch.cuda, "is_available", _cuda_is_available_unless_from_fx_passes
            ),
        ):
            target.start()
            self.addCleanup(target.stop)

    def traced_devices(self, module, register_fn, init):
        """Devices of the example inputs ``init`` hands to ``module.register_fn``."""
        devices = set()

        def record(*args, **kwargs):
            for arg in (*args, *kwargs.values()):
                if isinstance(arg, (list, tuple)):
                    devices.update(
                        t.device.type for t in arg if isinstance(t, torch.Tensor)
                    )

        with mock.patch.object(module, register_fn, record), FakeTensorMode():
            init()
        return devices

    def addmm_devices(self):
        return self.traced_devices(
            freezing_patterns,
            "register_replacement",
            freezing_patterns.addmm_patterns_init.__wrapped__,
        )

    def sfdp_devices(self):
        devices = set()
        with FakeTensorMode():
            for _, kwargs in fuse_attention._get_sfdp_patterns():
                devices.update(t.device.type for t in kwargs["example_inputs"])
        return devices

    def pad_mm_devices(self):
        return self.traced_devices(
            pad_mm, "gen_register_replacement", pad_mm._pad_mm_init.__wrapped__
        )

    def misc_devices(self):
        return self.traced_devices(
            misc_patterns,
            "register_replacement",
            misc_patterns._misc_patterns_init.__wrapped__,
        )

    def test_xpu_freezing_patterns(self):
        self.machine(torch.device("xpu"))
        self.assertEqual(self.addmm_devices(), {"xpu"})

    def test_xpu_attention_patterns(self):
        self.machine(torch.device("xpu"))
        self.assertEqual(self.sfdp_devices(), {"xpu"})

    def test_xpu_pad_mm_patterns(self):
        self.machine(torch.device("xpu"))
        self.assertEqual(self.pad_mm_devices(), {"xpu"})

    def test_xpu_misc_patterns(self):
        self.machine(torch.device("xpu"))
        self.assertEqual(self.misc_devices(), {"xpu"})

    def test_cpu_only_machine(self):
        self.machine(None)
        self.assertEqual(self.addmm_devices(), {"cpu"})
        self.assertEqual(self.pad_mm_devices(), {"cpu"})
        self.assertEqual(self.misc_devices(), {"cpu"})

    def test_not_a_gpu_type_traces_on_cpu(self):
        self.machine(torch.device("meta"))
        self.assertEqual(self.addmm_devices(), {"cpu"})

    def test_input_device_wins(self):
        self.machine(torch.device("xpu"))
        devices = self.traced_devices(
            misc_patterns,
            "register_replacement",
            lambda: misc_patterns._misc_patterns_init.__wrapped__(torch.device("cpu")),
        )
        self.assertEqual(devices, {"cpu"})

    def test_cuda_machine(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        self.assertEqual(self.addmm_devices(), {"cuda"})
        self.assertEqual(self.pad_mm_devices(), {"cuda"})


if __name__ == "__main__":
    run_tests()
