# Owner(s): ["module: inductor"]
"""The e8m0 (MX-format scale) pattern of fx_passes/misc_patterns.py on every GPU.

``(clamp(ceil(log2(x)), -127, 127) + 127).to(uint8)`` (torchao's MX scale
computation) is rewritten to read the IEEE-754 biased exponent of ``x``
directly (bit manipulation), or on NVIDIA SM100+ to the
``cvt.rp.satfinite.ue8m0x2.f32`` PTX instruction: software log2 in a fused
Triton kernel can land 1 ULP below a power of two and round the scale wrong.
Stock torch registered the pattern only when it traced on CUDA, so an xpu
compile kept the log2.

Three xpu cases, one per kind of machine:

* ``test_xpu_pattern_on_fake_xpu_graph`` (any build, no XPU needed): registers
  the patterns for xpu under FakeTensorMode and applies them to the FX graph of
  the expression traced on fake xpu tensors: the log2 is replaced by the
  bit manipulation; a CPU graph is left alone;
* ``test_xpu_compiled_exact`` (``requires_gpu``, GPU_TYPE == "xpu"): compiles
  on a real Intel GPU and checks the Triton kernel and the exact result;
* ``test_xpu_uses_bit_manipulation``: compiles for a simulated Intel GPU
  (inductor-xpu's hardware-less target, ``inductor_xpu.device.simulate``: fake
  xpu tensors, nothing runs); skipped where that package is not installed.

The patterns are registered once per process, for the first device type
compiled, so each case registers them afresh (``_fresh_e8m0_patterns``).
"""

import contextlib
import unittest
from unittest import mock

import torch
from torch._inductor.fx_passes import joint_graph, misc_patterns, post_grad
from torch._inductor.pattern_matcher import fwd_only, PatternMatcherPass
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import run_and_get_code
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing import FileCheck
from torch.testing._internal.inductor_utils import (
    GPU_TYPE,
    HAS_CUDA_AND_TRITON,
    requires_gpu,
)


try:
    from inductor_xpu.device import simulate
except ImportError:  # pragma: no cover - upstream has no simulator
    simulate = None


E8M0_PATTERN = "e8m0_rceil_log2_pattern"


def e8m0_scale(x):
    return (torch.clamp(torch.ceil(torch.log2(x)), -127, 127) + 127).to(torch.uint8)


def e8m0_reference(x):
    """The exact e8m0 scale of positive normal float32 values, computed on bits."""
    bits = x.float().cpu().view(torch.int32)
    biased = ((bits >> 23) & 0xFF) + ((bits & 0x7FFFFF) != 0).to(torch.int32)
    return biased.clamp(0, 254).to(torch.uint8)


@contextlib.contextmanager
def _fresh_e8m0_patterns(e8m0_only=False):
    """
    Register the misc patterns as a fresh process would, for the device of the
    next compile: a new medium-priority post-grad pass (where the e8m0 patterns
    go; they match nothing else a pointwise graph has) and the registration
    caches cleared.  Yields the names of the search functions registered, with
    the device of their example inputs.  With ``e8m0_only``, the other misc
    patterns (randperm, which a build without xpu cannot trace on fake xpu
    tensors) are recorded but not registered.
    """
    registered = []
    real_register = misc_patterns.register_replacement
    # post_grad's one-time registrations (the oneDNN fusion lowerings among
    # them) look pass_patterns up when they run: run them now, into the real
    # passes, or a first compile inside the mock below would leave them in
    # the discarded pass, and oneDNN fusion off for the rest of the process.
    post_grad.lazy_init()

    def recording_register(search_fn, replace_fn, example_inputs, *args, **kwargs):
        devices = {t.device.type for t in example_inputs if isinstance(t, torch.Tensor)}
        registered.append((search_fn.__name__, devices))
        if e8m0_only and not search_fn.__name__.startswith("e8m0"):
            return False
        return real_register(search_fn, replace_fn, example_inputs, *args, **kwargs)

    passes = list(post_grad.pass_patterns)
    passes[1] = PatternMatcherPass(pass_name=passes[1].pass_name, subsystem=passes[1].subsystem)
    joint_graph.lazy_init.cache_clear()
    misc_patterns._misc_patterns_init.cache_clear()
    try:
        with mock.patch.object(post_grad, "pass_patterns", passes), mock.patch.object(
            misc_patterns, "register_replacement", recording_register
        ):
            yield registered, passes[1]
    finally:
        joint_graph.lazy_init.cache_clear()
        misc_patterns._misc_patterns_init.cache_clear()
        torch._dynamo.reset()


class TestE8m0PatternsDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        torch._dynamo.reset()

    def test_xpu_pattern_on_fake_xpu_graph(self):
        # No XPU needed: the patterns are registered for xpu under
        # FakeTensorMode (their example inputs are fake xpu tensors) and
        # applied to the aten graph of the expression traced on fake xpu
        # tensors, as post_grad does.
        sm100_check = mock.Mock(return_value=False)
        fake_mode = FakeTensorMode()
        with fake_mode:
            x = torch.empty(1024, device="xpu", dtype=torch.float32)
            # traced as the patterns are: aten, Inductor's decompositions
            gm = fwd_only(e8m0_scale, [x])
            gm_cpu = fwd_only(e8m0_scale, [torch.empty(1024, dtype=torch.float32)])
        with _fresh_e8m0_patterns(e8m0_only=True) as (registered, pass_), mock.patch.object(
            misc_patterns, "is_nvidia_sm100_or_later", sm100_check
        ):
            with fake_mode:
                misc_patterns._misc_patterns_init(torch.device("xpu"))
            self.assertIn((E8M0_PATTERN, {"xpu"}), registered)
            self.assertNotIn("e8m0_rceil_pattern", [name for name, _ in registered])
            # the PTX variant is NVIDIA's: an xpu trace never asks about SM100
            sm100_check.assert_not_called()

            self.assertEqual(pass_.apply(gm.graph), 1)
            # registered for xpu: a CPU graph is not rewritten
            self.assertEqual(pass_.apply(gm_cpu.graph), 0)
        gm.recompile()
        targets = [n.target for n in gm.graph.nodes if n.op == "call_function"]
        self.assertNotIn(torch.ops.aten.log2.default, targets)
        self.assertNotIn(torch.ops.aten.ceil.default, targets)
        self.assertIn(torch.ops.aten.view.dtype, targets)
        (
            FileCheck()
            .check("aten.view.dtype")
            .check("int32")
            .check("23")
            .check("8388607")
            .check("254")
            .check("uint8")
            .run(gm.code)
        )
        out = next(n for n in gm.graph.nodes if n.op == "output").args[0]
        self.assertEqual(out.meta["val"].device.type, "xpu")
        self.assertEqual(out.meta["val"].dtype, torch.uint8)
        self.assertTrue(
            any(n.target is torch.ops.aten.log2.default for n in gm_cpu.graph.nodes)
        )

    @requires_gpu()
    @unittest.skipIf(GPU_TYPE != "xpu", "needs an Intel GPU")
    def test_xpu_compiled_exact(self):
        x = torch.rand(1024, device=GPU_TYPE) * 100 + 1e-3
        x[:8] = torch.tensor([0.25, 0.5, 1.0, 2.0, 4.0, 1024.0, 3.0, 0.75])
        with _fresh_e8m0_patterns() as (registered, _):
            out, code = run_and_get_code(torch.compile(e8m0_scale), x)
        self.assertIn((E8M0_PATTERN, {"xpu"}), registered)
        self.assertEqual(out.cpu(), e8m0_reference(x))
        FileCheck().check("bitcast=True").check(">>").check_not("log2").run(code[0])

    @unittest.skipIf(simulate is None, "needs inductor_xpu's hardware-less xpu target")
    def test_xpu_uses_bit_manipulation(self):
        sm100_check = mock.Mock(return_value=False)
        with _fresh_e8m0_patterns() as (registered, _), mock.patch.object(
            misc_patterns, "is_nvidia_sm100_or_later", sm100_check
        ), simulate("max1550") as sim:
            x = sim.tensor(1024, dtype=torch.float32)
            result = sim.compile(e8m0_scale, x)
        self.assertIn((E8M0_PATTERN, {"xpu"}), registered)
        # the PTX variant is NVIDIA's: an xpu compile never asks about SM100
        sm100_check.assert_not_called()
        self.assertNotIn("e8m0_rceil_pattern", [name for name, _ in registered])

        kernels = [src for graph in result.code for src in graph.triton_kernels().values()]
        self.assertEqual(len(kernels), 1)
        (
            FileCheck()
            .check("bitcast=True")
            .check("tl.full([1], 23, tl.int32)")
            .check(">>")
            .check("tl.full([1], 8388607, tl.int32)")
            .check("tl.full([1], 254, tl.int32)")
            .check("tl.uint8")
            .run(kernels[0])
        )
        FileCheck().check_not("log2").check_not("cvt.rp.satfinite").run(kernels[0])

    def test_cpu_untouched(self):
        x = torch.rand(256) * 100 + 1e-3
        x[:8] = torch.tensor([0.25, 0.5, 1.0, 2.0, 4.0, 1024.0, 3.0, 0.75])
        with _fresh_e8m0_patterns() as (registered, _):
            out, code = run_and_get_code(torch.compile(e8m0_scale), x)
        self.assertNotIn(E8M0_PATTERN, [name for name, _ in registered])
        self.assertEqual(out, e8m0_scale(x))
        FileCheck().check("log2").run(code[0])
        FileCheck().check_not("bitcast").run(code[0])

    @unittest.skipIf(not HAS_CUDA_AND_TRITON, "requires CUDA and Triton")
    def test_cuda_result_unchanged(self):
        from torch._inductor.utils import is_nvidia_sm100_or_later

        x = torch.rand(1024, device="cuda") * 100 + 1e-3
        x[:8] = torch.tensor([0.25, 0.5, 1.0, 2.0, 4.0, 1024.0, 3.0, 0.75])
        with _fresh_e8m0_patterns() as (registered, _):
            out, code = run_and_get_code(torch.compile(e8m0_scale), x)
        self.assertIn((E8M0_PATTERN, {"cuda"}), registered)
        self.assertEqual(out.cpu(), e8m0_reference(x))
        if is_nvidia_sm100_or_later():
            FileCheck().check("cvt.rp.satfinite.ue8m0x2.f32").run(code[0])
        else:
            FileCheck().check("bitcast=True").check(">>").check_not("log2").run(code[0])


if __name__ == "__main__":
    run_tests()
