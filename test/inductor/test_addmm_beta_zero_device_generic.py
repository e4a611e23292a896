# Owner(s): ["module: inductor"]
"""addmm with beta=0 ignores its input on every GPU, not only on CUDA.

torch.addmm documents that with beta=0 the input is not read (nan and inf in
it do not propagate), and XPU's eager addmm honours that like CUDA's.  These
tests run on CPU: they drive the decomposition, the post-grad unfuse rewrite
and the addmm lowering with a fake "xpu" device, with the GPU list patched.
"""

from unittest import mock

import torch
import torch._inductor.utils as inductor_utils
from torch._inductor.test_case import run_tests, TestCase
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx


aten = torch.ops.aten


def _gpus(*device_types):
    return mock.patch.object(inductor_utils, "GPU_TYPES", list(device_types))


class AddmmBetaZeroDeviceGenericTest(TestCase):
    def _fake(self, mode, device, *shapes):
        with mode:
            return [torch.empty(*shape, device=device) for shape in shapes]

    def test_decomposition_leaves_beta_zero_to_the_lowering(self):
        from torch._inductor import decomposition

        mode = FakeTensorMode()
        for device in ("cuda", "xpu"):
            with self.subTest(device=device), _gpus("cuda", "xpu"):
                # K == 1 would otherwise decompose into mat1 * mat2 + 0 * inp
                inp, mat1, mat2 = self._fake(mode, device, (8,), (4, 1), (1, 8))
                out = decomposition.addmm(inp, mat1, mat2, beta=0)
                self.assertIs(out, NotImplemented)

    def test_unfuse_bias_add_drops_the_input(self):
        from torch._inductor.fx_passes.post_grad import pass_patterns

        def f(inp, a, b):
            return torch.relu(torch.addmm(inp, a, b, beta=0))

        for device in ("cuda", "xpu"):
            with self.subTest(device=device), _gpus("cuda", "xpu"):
                mode = FakeTensorMode()
                args = self._fake(mode, device, (8,), (4, 16), (16, 8))
                with mode:
                    gm = make_fx(f)(*args)
                    pass_patterns[2].apply(gm.graph)
                gm.graph.lint()
                targets = [n.target for n in gm.graph.nodes if n.op == "call_function"]
                self.assertNotIn(aten.addmm.default, targets)
                self.assertIn(aten.mm.default, targets)
                # beta=0: the input is not read at all, not multiplied by 0
                inp = next(n for n in gm.graph.nodes if n.op == "placeholder")
                self.assertEqual(len(inp.users), 0)

    def test_lowering_lowers_beta_zero_to_mm(self):
        from torch._inductor.kernel import mm as mm_kernel
        from torch._inductor.lowering import lowerings

        def node(device):
            n = mock.Mock()
            n.get_device.return_value = torch.device(device)
            n.get_dtype.return_value = torch.float32
            return n

        sentinel = object()
        for device in ("cuda", "xpu"):
            with (
                self.subTest(device=device),
                _gpus("cuda", "xpu"),
                mock.patch.dict(lowerings, {aten.mm: lambda a, b: sentinel}),
            ):
                inp, mat1, mat2 = node(device), node(device), node(device)
                # the lowering itself, without register_lowering's IR checks
                tuned_addmm = getattr(
                    mm_kernel.tuned_addmm, "__wrapped__", mm_kernel.tuned_addmm
                )
                out = tuned_addmm(inp, mat1, mat2, beta=0)
                self.assertIs(out, sentinel)


if __name__ == "__main__":
    run_tests()
