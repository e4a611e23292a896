# Owner(s): ["module: inductor"]
"""The runtime sanitizer records torch.cuda uses with their callers, and leaves no trace."""

import sys
from unittest import mock

import torch
from inductor_xpu.analysis.sanitizer import _package_of, CudaApiRecorder, CudaApiUse
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
        # a virtualenv inside a folder named torch: the innermost package wins
        self.assertEqual(
            _package_of("/opt/torch/.venv/lib/python3.12/site-packages/triton/runtime/driver.py"), "triton.runtime"
        )
        self.assertEqual(
            _package_of("/opt/torch/.venv/lib/python3.12/site-packages/torch/cuda/__init__.py"), "torch.cuda"
        )
        self.assertEqual(_package_of("/x/site-packages/torch/_inductor/fx_passes/a.py"), "torch._inductor")
        self.assertEqual(_package_of("/x/site-packages/triton/backends/nvidia/driver.py"), "triton.backends")
        self.assertEqual(_package_of("/tmp/user_code.py"), "other")

    def test_cpu_compile_is_recorded_by_package(self):
        with CudaApiRecorder() as rec:
            torch.compile(lambda x: (x.cos() * 2).sum())(torch.randn(4))
        data = rec.to_json()
        self.assertEqual(data["count"], sum(data["by_package"].values()))

    def test_by_caller_and_to_json_group_alike(self):
        # One grouping (issue 22 item 6): the same callers, counts and order,
        # most frequent first, ties in the order first recorded.
        inductor = "/x/site-packages/torch/_inductor/utils.py"
        dynamo = "/x/site-packages/torch/_dynamo/utils.py"
        a = CudaApiUse("torch.cuda.is_available", "call", dynamo, 10, "f")
        b = CudaApiUse("torch.cuda.synchronize", "call", inductor, 3, "g")
        c = CudaApiUse("torch.cuda.Event", "access", inductor, 3, "g")
        d = CudaApiUse("torch.cuda.synchronize", "call", inductor, 7, "h")
        rec = CudaApiRecorder()
        rec.uses = [a, b, a, c, d, b, a, d]
        expected = [(a, 3), (b, 2), (d, 2), (c, 1)]
        self.assertEqual(
            rec.by_caller().most_common(),
            [(f"{u.where} ({u.function}) {u.symbol}", n) for u, n in expected],
        )
        callers = rec.to_json()["by_caller"]
        self.assertEqual(
            [(c["file"], c["line"], c["function"], c["symbol"], c["kind"], c["count"]) for c in callers],
            [
                ("torch/_dynamo/utils.py", 10, "f", "torch.cuda.is_available", "call", 3),
                ("torch/_inductor/utils.py", 3, "g", "torch.cuda.synchronize", "call", 2),
                ("torch/_inductor/utils.py", 7, "h", "torch.cuda.synchronize", "call", 2),
                ("torch/_inductor/utils.py", 3, "g", "torch.cuda.Event", "access", 1),
            ],
        )
        self.assertEqual(rec.to_json()["inductor_callers"], callers[1:])
        self.assertEqual(
            rec.format().splitlines()[:2],
            [
                "8 torch.cuda use(s):",
                f"     3x {dynamo}:10 (f) torch.cuda.is_available",
            ],
        )


if __name__ == "__main__":
    run_tests()
