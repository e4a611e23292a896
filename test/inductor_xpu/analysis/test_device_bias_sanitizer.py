# Owner(s): ["module: inductor"]
"""The runtime sanitizer records torch.cuda uses with their callers, and leaves no trace."""

import sys
from unittest import mock

import torch
from inductor_xpu.analysis.sanitizer import _package_of, CudaApiRecorder
from torch._inductor.test_case import run_tests, TestCase


def _touch_cuda():
    torch.cuda.is_available()
    torch.cuda.memory.memory_allocated  # noqa: B018  (access of a function: not a call)
    return torch.cuda.Event  # a class: recorded as an access


class TestCudaApiRecorder(TestCase):
    def test_records_calls_and_accesses_with_caller(self):
        with CudaApiRecorder() as rec:
            _touch_cuda()
        symbols = [(u.symbol, u.kind, u.function) for u in rec.uses]
        self.assertIn(("torch.cuda.is_available", "call", "_touch_cuda"), symbols)
        self.assertIn(("torch.cuda.Event", "access", "_touch_cuda"), symbols)
        self.assertNotIn("torch.cuda.memory.memory_allocated", rec.by_symbol())
        (use,) = [u for u in rec.uses if u.symbol == "torch.cuda.is_available"]
        self.assertEqual(use.filename, __file__)
        self.assertIn("test_device_bias_sanitizer.py:", use.where)

    def test_submodule_calls(self):
        with CudaApiRecorder() as rec:
            torch.cuda.memory.memory_allocated()  # 0 without CUDA; no device needed
            torch.cuda.device_count()
        self.assertEqual(rec.by_symbol()["torch.cuda.memory.memory_allocated"], 1)
        self.assertEqual(rec.by_symbol()["torch.cuda.device_count"], 1)

    def test_restores_everything(self):
        real = torch.cuda
        originals = dict(vars(real))
        with self.assertRaises(ValueError):
            with CudaApiRecorder():
                self.assertIsNot(torch.cuda, real)
                self.assertIsNot(sys.modules["torch.cuda"], real)
                raise ValueError
        self.assertIs(torch.cuda, real)
        self.assertIs(sys.modules["torch.cuda"], real)
        self.assertEqual(vars(real), originals)

    def test_mock_patch_through_proxy_leaves_no_wrapper(self):
        original = torch.cuda.set_rng_state
        with CudaApiRecorder():
            with mock.patch("torch.cuda.set_rng_state", lambda *a: None):
                torch.cuda.set_rng_state(torch.zeros(1))
        self.assertIs(torch.cuda.set_rng_state, original)

    def test_not_reentrant(self):
        with CudaApiRecorder():
            with self.assertRaises(RuntimeError):
                with CudaApiRecorder():
                    pass

    def test_ignore_predicate(self):
        with CudaApiRecorder(ignore=lambda f: f == __file__) as rec:
            _touch_cuda()
        self.assertEqual(rec.uses, [])

    def test_package_of(self):
        self.assertEqual(_package_of("/x/site-packages/torch/_inductor/utils.py"), "torch._inductor")
        self.assertEqual(_package_of("/x/site-packages/torch/_inductor/fx_passes/a.py"), "torch._inductor")
        self.assertEqual(_package_of("/x/site-packages/triton/backends/nvidia/driver.py"), "triton.backends")
        self.assertEqual(_package_of("/tmp/user_code.py"), "other")

    def test_cpu_compile_is_recorded_by_package(self):
        with CudaApiRecorder() as rec:
            torch.compile(lambda x: (x.cos() * 2).sum())(torch.randn(4))
        data = rec.to_json()
        self.assertEqual(data["count"], sum(data["by_package"].values()))


if __name__ == "__main__":
    run_tests()
