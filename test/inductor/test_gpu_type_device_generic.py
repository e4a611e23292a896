# Owner(s): ["module: inductor"]
"""utils.get_gpu_type() must ask the build's accelerator, not torch.cuda first."""

import contextlib
from unittest import mock

import torch
from torch._dynamo import device_interface as di
from torch._inductor import utils
from torch._inductor.test_case import run_tests, TestCase


def _cuda_must_not_be_asked(*args, **kwargs):
    raise AssertionError("get_gpu_type() asked torch.cuda")


class TestGetGpuType(TestCase):
    def setUp(self):
        super().setUp()
        utils.get_gpu_type.cache_clear()
        self.addCleanup(utils.get_gpu_type.cache_clear)

    def gpu_type_with(self, accelerator):
        """get_gpu_type() on a machine whose available accelerator is
        `accelerator`: with a GPU type, torch.cuda must not be asked."""
        utils.get_gpu_type.cache_clear()
        with mock.patch.object(
            torch.accelerator, "current_accelerator", return_value=accelerator
        ) as current, mock.patch.object(
            torch.cuda, "is_available", side_effect=_cuda_must_not_be_asked
        ):
            result = utils.get_gpu_type()
        current.assert_called_once_with(check_available=True)
        return result

    def gpu_type_without_gpu(self, accelerator):
        """get_gpu_type() on a machine where no GPU type is available."""
        utils.get_gpu_type.cache_clear()
        with contextlib.ExitStack() as stack:
            stack.enter_context(
                mock.patch.object(
                    torch.accelerator, "current_accelerator", return_value=accelerator
                )
            )
            for name, interface in di.get_registered_device_interfaces():
                if name in utils.GPU_TYPES:
                    stack.enter_context(
                        mock.patch.object(interface, "is_available", return_value=False)
                    )
            stack.enter_context(
                mock.patch.object(torch.cuda, "is_available", return_value=False)
            )
            return utils.get_gpu_type()

    def test_xpu(self):
        self.assertEqual(self.gpu_type_with(torch.device("xpu")), "xpu")

    def test_each_gpu_type(self):
        for device_type in utils.GPU_TYPES:
            self.assertEqual(self.gpu_type_with(torch.device(device_type)), device_type)

    def test_no_accelerator_defaults_to_cuda(self):
        self.assertEqual(self.gpu_type_without_gpu(None), "cuda")

    def test_not_a_gpu_type_defaults_to_cuda(self):
        self.assertEqual(self.gpu_type_without_gpu(torch.device("meta")), "cuda")

    def test_matches_this_machine(self):
        acc = torch.accelerator.current_accelerator(check_available=True)
        expected = acc.type if acc is not None and acc.type in utils.GPU_TYPES else "cuda"
        self.assertEqual(utils.get_gpu_type(), expected)


if __name__ == "__main__":
    run_tests()
