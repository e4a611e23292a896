# Owner(s): ["oncall: distributed"]
"""FSDPModule.set_all_reduce_hook takes a stream of any device (torch.Stream), not only a CUDA one."""

import inspect
import typing

import torch
from torch.distributed.fsdp import FSDPModule
from torch.distributed.fsdp._fully_shard import _fully_shard
from torch.testing._internal.common_utils import run_tests, TestCase


class TestAllReduceHookStreamType(TestCase):
    def test_stream_is_a_device_generic_stream(self):
        annotation = (
            inspect.signature(FSDPModule.set_all_reduce_hook)
            .parameters["stream"]
            .annotation
        )
        if isinstance(annotation, str):  # the module defers its annotations
            annotation = eval(annotation, vars(_fully_shard))  # noqa: P204
        # torch.Stream is the base of every device's stream class
        # (torch.cuda.Stream, torch.xpu.Stream, torch.mtia.Stream, ...) in
        # builds with that device; torch.cuda.Stream admits CUDA's only.
        self.assertEqual(
            set(typing.get_args(annotation)), {torch.Stream, type(None)}
        )
        doc = inspect.getdoc(FSDPModule.set_all_reduce_hook)
        self.assertIn("stream (Optional[torch.Stream])", doc)
        self.assertNotIn("torch.cuda.Stream", doc)


if __name__ == "__main__":
    run_tests()
