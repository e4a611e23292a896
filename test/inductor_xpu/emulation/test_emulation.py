"""The emulated xpu device: opt-in only, refused where an XPU build (or
another xpu device guard) exists, named by ``status``, and a device that
upstream-style tests can run on (allocation, aliasing, out= resize, RNG,
streams and events, autograd, compiled kernels, device-side asserts).

Each case runs in a fresh process: the device is installed at ``import
torch`` and never undone."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from torch._inductor.test_case import run_tests, TestCase


ENV_KEYS = ("INDUCTOR_XPU_EMULATE", "INDUCTOR_XPU_EMULATE_DEVICES", "TRITON_INTERPRET")


def _run(args: list[str], *, emulate: str | None = None, devices: int = 1,
         timeout: float = 300) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    cmd = args
    if emulate:
        cmd = [sys.executable, "-m", "inductor_xpu", "emulate", "--target", emulate, "--devices", str(devices), "--",
               *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=base, timeout=timeout)


def _python(code: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, "-c", textwrap.dedent(code)], **kwargs)  # type: ignore[arg-type]


class TestOptIn(TestCase):
    def test_never_starts_on_its_own(self):
        proc = _python("""
            import torch
            from inductor_xpu.emulation import installed
            print(torch.xpu.is_available(), installed(), torch._C._has_xpu)
            import sys
            from inductor_xpu.__main__ import main
            sys.exit(main(["status", "--verbose"]))
        """)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.split()[:3], ["False", "None", "False"])
        self.assertIn("xpu device: none (emulation off", proc.stdout)

    def test_status_names_it(self):
        emulated = _run(["python", "-m", "inductor_xpu", "status"], emulate="a770")
        self.assertEqual(emulated.returncode, 0, emulated.stderr)
        self.assertIn("xpu device: EMULATED (a770;", emulated.stdout)
        self.assertIn("EMULATED xpu device", emulated.stderr)  # the command's own banner

    def test_a_non_xpu_profile_is_refused_in_one_line(self):
        proc = _run(["python", "-c", "print('ran')"], emulate="h100")
        self.assertEqual(proc.returncode, 2)
        self.assertNotIn("ran", proc.stdout)
        self.assertEqual(len(proc.stderr.strip().splitlines()), 1, proc.stderr)
        self.assertIn("is a cuda profile, not an xpu one", proc.stderr)


class TestRefusal(TestCase):
    def test_refused_in_an_xpu_build(self):
        # What an XPU build of torch reports (torch._C._has_xpu), before the
        # emulation looks: the device is refused, nothing is installed.
        proc = _python("""
            import torch
            torch._C._has_xpu = True
            from inductor_xpu.emulation import EmulationRefused, runtime
            try:
                runtime.install("max1550")
            except EmulationRefused as e:
                print("refused:", e)
            print(runtime.installed_profile())
        """)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("refused: emulated xpu refused: torch", proc.stdout)
        self.assertIn("is an XPU build (torch._C._has_xpu)", proc.stdout)
        self.assertTrue(proc.stdout.strip().endswith("None"))

    def test_refused_where_an_xpu_device_guard_is_registered(self):
        # The simulation's autograd shim registers an xpu guard: the
        # emulation's native check refuses, as it does for an XPU build's.
        proc = _python("""
            import torch
            from inductor_xpu.device.xpu_autograd import xpu_autograd
            from inductor_xpu.emulation import EmulationRefused, runtime
            with xpu_autograd():
                try:
                    runtime.install("max1550")
                except EmulationRefused as e:
                    print("refused:", e)
            print(torch.xpu.is_available())
        """)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("refused: emulated xpu refused: the simulation's autograd shim is installed", proc.stdout)
        self.assertTrue(proc.stdout.strip().endswith("False"))


DEVICE_SCRIPT = """
import torch
assert torch.xpu.is_available() and torch.xpu.device_count() == 2, torch.xpu.device_count()
assert str(torch.accelerator.current_accelerator()) == "xpu"
assert "(emulated)" in torch.xpu.get_device_name()
x = torch.arange(12.0, device="xpu").reshape(3, 4)
v = x.t()
v.mul_(2)  # in place through a view: the base sees it
assert x.device.type == "xpu" and x[1, 2].item() == 12.0
out = torch.empty(0, device="xpu")
torch.add(x, 1, out=out)  # out= resized by the CPU kernel
assert out.shape == (3, 4) and out.device.type == "xpu" and out[2, 3].item() == 23.0
g = torch.Generator(device="xpu").manual_seed(3)
a = torch.rand(4, device="xpu", generator=g)
g.manual_seed(3)
assert torch.equal(a, torch.rand(4, device="xpu", generator=g))
torch.manual_seed(0); b = torch.randn(3, device="xpu")
torch.manual_seed(0); assert torch.equal(b, torch.randn(3, device="xpu"))
with torch.xpu.device(1):
    assert torch.empty(1, device="xpu").device.index == 1
s = torch.xpu.Stream()
with torch.xpu.stream(s):
    assert torch.xpu.current_stream() == s
e0, e1 = torch.xpu.Event(enable_timing=True), torch.xpu.Event(enable_timing=True)
e0.record(); e1.record(); torch.xpu.synchronize()
assert e0.elapsed_time(e1) >= 0
before = torch.xpu.memory_allocated()
big = torch.empty(1 << 20, device="xpu")
assert torch.xpu.memory_allocated() - before == 4 << 20
w = torch.randn(5, requires_grad=True, device="xpu")
(w * w).sum().backward()
assert w.grad.device.type == "xpu" and torch.allclose(w.grad, 2 * w.detach())
f = torch.compile(lambda t: (t.sin() + 1).relu().sum(1))
t = torch.randn(8, 16, device="xpu")
assert torch.allclose(f(t), (t.sin() + 1).relu().sum(1), atol=1e-5)
# An index Inductor cannot bound-check (the assert is off) reads past the
# tensor: on a GPU a fault or an assert, here an error, never host memory.
import torch._inductor.config as c
c.assert_indirect_indexing = False
g = torch.compile(lambda x, i: x[i] + 1)
try:
    g(t[0], torch.tensor([1, 1000000], device="xpu"))
    raise AssertionError("an out-of-bounds load was not caught")
except Exception as e:
    assert "out-of-bounds load" in str(e), e
print("device ok")
"""


class TestEmulatedDevice(TestCase):
    def test_device_runtime_compile_and_device_side_asserts(self):
        proc = _run(["python", "-c", DEVICE_SCRIPT], emulate="max1550", devices=2)
        self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
        self.assertIn("device ok", proc.stdout)


if __name__ == "__main__":
    run_tests()
