# Owner(s): ["module: inductor"]
"""GeneratorState inputs must come from the graph-safe RNG registry, not torch.cuda."""

from unittest import mock

import torch
from torch._functorch._aot_autograd import utils as aot_utils
from torch._inductor import ir
from torch._inductor.graph import GraphLowering
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.virtualized import V
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.testing._internal.inductor_utils import HAS_CUDA_AND_TRITON


class TestGeneratorStateExample(TestCase):
    def _process(self, device: torch.device) -> torch.Generator:
        """Run process_kernel on a GeneratorState input; return what the op got."""
        received = []

        def kernel(generator, n):
            received.append(generator)
            return torch.empty(n)

        gm = torch.fx.symbolic_trace(lambda x: x)
        graph = GraphLowering(gm)
        node = next(iter(gm.graph.nodes))
        with V.set_graph_handler(graph), V.set_fake_mode(
            FakeTensorMode()
        ), V.set_current_node(node):
            state = ir.GeneratorState(name="fwd_rng_state_0", device=device)
            ir.ExternKernel.process_kernel(kernel, state, 4)
        (generator,) = received
        return generator

    def _check_registered_device(self, device_type: str) -> None:
        # ``device_type`` registered for graph-safe RNG, its default generator
        # stood in for by a CPU generator: nothing runs on the device.
        default_generator = torch.Generator().manual_seed(1234)
        requested = []

        def get_generator(device):
            requested.append(device)
            return default_generator

        with mock.patch.object(
            aot_utils, "_GRAPHSAFE_RNG_DEVICE_TYPES", {"cuda", device_type}
        ), mock.patch.object(
            getattr(torch, device_type), "_get_generator", get_generator, create=True
        ):
            generator = self._process(torch.device(device_type, 1))

        self.assertEqual(requested, [torch.device(device_type, 1)])
        self.assertIsNot(generator, default_generator)  # a clone, not the original
        self.assertEqual(generator.get_state(), default_generator.get_state())

    def test_registered_device_uses_its_generator(self):
        self._check_registered_device("xpu")

    def test_any_registered_device_type(self):
        # Any backend may register (register_graphsafe_rng_device_type), not
        # only the ones Inductor names.
        self._check_registered_device("mtia")

    def test_unregistered_device_is_rejected(self):
        with self.assertRaises(AssertionError):
            self._process(torch.device("mps", 0))

    def test_cuda_default_generator(self):
        if not HAS_CUDA_AND_TRITON:
            self.skipTest("needs a CUDA device")
        generator = self._process(torch.device("cuda", 0))
        self.assertEqual(
            generator.get_state(), torch.cuda.default_generators[0].get_state()
        )


if __name__ == "__main__":
    run_tests()
