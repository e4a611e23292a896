# Owner(s): ["module: inductor"]
"""The Triton conv templates must allow TF32 by the flags of the convolution
device's math library (oneDNN on XPU), not by cuDNN's."""

import contextlib
import types
from unittest import mock

import torch
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.kernel import conv
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch._subclasses.fake_tensor import FakeTensorMode


def _fail(*args, **kwargs):
    raise AssertionError("no device runtime may be asked for precision flags")


def _input(name, device, size):
    stride = ir.FlexibleLayout.contiguous_strides(size)
    layout = ir.FixedLayout(torch.device(device), torch.float32, size, stride)
    return ir.TensorBox.create(ir.InputBuffer(name=name, layout=layout))


class TestConvPrecisionDeviceGeneric(TestCase):
    def setUp(self):
        super().setUp()
        # Library-wide flags first: setting one also sets its per-op flags.
        names = (
            ("cudnn", None),
            ("mkldnn", None),
            ("cuda", "matmul"),
            ("cudnn", "conv"),
            ("cudnn", "rnn"),
            ("mkldnn", "matmul"),
            ("mkldnn", "conv"),
            ("mkldnn", "rnn"),
        )

        def holder(lib, op):
            obj = getattr(torch.backends, lib)
            return getattr(obj, op) if op else obj

        self._saved_fp32_precision = {
            key: holder(*key).fp32_precision for key in names
        }
        # cuDNN allows TF32 for convolutions, oneDNN does not (the defaults)
        # (torch.backends.{cudnn,mkldnn}.fp32_precision refuse assignment under
        # the test case's disabled global flags: set them underneath)
        torch._C._set_fp32_precision_setter("cuda", "all", "tf32")
        torch.backends.cudnn.conv.fp32_precision = "tf32"
        torch.backends.cudnn.rnn.fp32_precision = "tf32"
        torch._C._set_fp32_precision_setter("mkldnn", "all", "none")
        torch.backends.mkldnn.conv.fp32_precision = "none"

    def tearDown(self):
        # Restore before TestCase.tearDown, which checks for leaked flags.
        for (lib, op), value in self._saved_fp32_precision.items():
            backend = "mkldnn" if lib == "mkldnn" else "cuda"
            torch._C._set_fp32_precision_setter(backend, op or "all", value)
        super().tearDown()

    @contextlib.contextmanager
    def _lowering(self):
        """Record the ALLOW_TF32 the conv templates are given; nothing runs."""
        recorded = []

        def append_choice(choices, **kwargs):
            recorded.append(kwargs["ALLOW_TF32"])

        cfg = types.SimpleNamespace(num_stages=2, num_warps=4, kwargs={})
        choices = mock.MagicMock()
        choices.get_conv_configs.return_value = lambda *args, **kwargs: [cfg]
        gm = torch.fx.symbolic_trace(lambda x: x)
        fake_mode = FakeTensorMode()
        with V.set_fake_mode(fake_mode):
            graph = GraphLowering(gm)
        templates = (
            conv.conv2d_template,
            conv.conv2d_bwd_weight_template,
            conv.conv2d_bwd_input_template,
        )
        with contextlib.ExitStack() as stack:
            stack.enter_context(V.set_graph_handler(graph))
            stack.enter_context(V.set_choices_handler(choices))
            stack.enter_context(V.set_fake_mode(fake_mode))
            for template in templates:
                stack.enter_context(
                    mock.patch.object(template, "maybe_append_choice", append_choice)
                )
            stack.enter_context(
                mock.patch.object(conv, "use_triton_template", return_value=True)
            )
            stack.enter_context(
                mock.patch.object(
                    conv,
                    "autotune_select_algorithm",
                    side_effect=lambda name, choices, args, layout: (args[0], None),
                )
            )
            for backend in (
                "_use_conv_autotune_backend",
                "_use_conv_bwd_weight_autotune_backend",
                "_use_conv_bwd_input_autotune_backend",
            ):
                stack.enter_context(
                    mock.patch(f"torch._inductor.utils.{backend}", return_value=True)
                )
            stack.enter_context(mock.patch.object(torch.xpu, "is_available", _fail))
            yield recorded

    def _forward(self, device):
        with self._lowering() as recorded:
            x = _input("x", device, [2, 4, 8, 8])
            w = _input("w", device, [8, 4, 3, 3])
            conv.convolution(x, w, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)
        self.assertTrue(recorded)
        return set(recorded)

    def _backward(self, device):
        with contextlib.ExitStack() as stack:
            if device == "cuda":
                # Newer releases keep the Triton backward templates on ROCm
                # only (which also follows cuDNN's flags): lower as ROCm.
                stack.enter_context(mock.patch.object(torch.version, "hip", "6.4"))
            recorded = stack.enter_context(self._lowering())
            grad_out = _input("g", device, [2, 8, 8, 8])
            x = _input("x", device, [2, 4, 8, 8])
            w = _input("w", device, [8, 4, 3, 3])
            conv.convolution_backward_lowering(
                grad_out,
                x,
                w,
                None,
                [1, 1],
                [1, 1],
                [1, 1],
                False,
                [0, 0],
                1,
                [True, True, False],
            )
        self.assertTrue(recorded)
        return set(recorded)

    def test_xpu_forward_follows_onednn(self):
        self.assertEqual(self._forward("xpu"), {False})
        torch._C._set_fp32_precision_setter("mkldnn", "all", "tf32")
        self.assertEqual(self._forward("xpu"), {True})

    def test_xpu_backward_follows_onednn(self):
        self.assertEqual(self._backward("xpu"), {False})
        torch.backends.mkldnn.conv.fp32_precision = "tf32"
        self.assertEqual(self._backward("xpu"), {True})

    def test_cuda_follows_cudnn(self):
        self.assertEqual(self._forward("cuda"), {True})
        self.assertEqual(self._backward("cuda"), {True})
        torch._C._set_fp32_precision_setter("cuda", "all", "ieee")
        torch.backends.cudnn.conv.fp32_precision = "ieee"
        torch.backends.cudnn.rnn.fp32_precision = "ieee"
        self.assertEqual(self._forward("cuda"), {False})
        self.assertEqual(self._backward("cuda"), {False})


if __name__ == "__main__":
    run_tests()
