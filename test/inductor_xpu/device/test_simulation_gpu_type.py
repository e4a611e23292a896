# Owner(s): ["module: inductor"]
"""Inside ``simulate()``, Inductor's ``get_gpu_type()`` is the simulated device.

``torch._inductor.utils.get_gpu_type()`` names the GPU type Inductor
targets where a pass has no device at hand: ``fx_passes/joint_graph.py
bmm_to_mm`` rewrites a batch-1 ``bmm`` into ``mm`` only on that type, and
``fx_passes/post_grad.py move_constructors_to_gpu`` moves CPU tensor
constructors (``arange`` ...) feeding GPU ops onto it.  It asks the machine
(``torch.accelerator``; before 2.15 ``torch.<type>.is_available()``), so in
an xpu simulation it answered "cuda" -- on a CPU machine and on one with an
NVIDIA GPU -- and neither pass targeted xpu.  The simulation makes it answer
the simulated type, without making ``torch.xpu.is_available()`` true.
"""

from __future__ import annotations

import sys
from unittest import mock

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.device import simulate


def batch1_bmm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.bmm(a, b)


def cpu_index(x: torch.Tensor) -> torch.Tensor:
    # The index is built on the CPU (no device given) and used on x's device.
    idx = torch.arange(x.shape[0]) * 2 % x.shape[0]
    return x[idx] + 1


def gpu_type_bindings() -> dict[str, object]:
    """Every torch module's ``get_gpu_type`` binding."""
    return {
        name: vars(m)["get_gpu_type"]
        for name, m in list(sys.modules.items())
        if name.startswith("torch") and m is not None and "get_gpu_type" in vars(m)
    }


class TestGpuTypeInSimulation(TestCase):
    def test_passes_target_the_simulated_xpu(self):
        import torch._inductor.fx_passes.joint_graph as joint_graph
        import torch._inductor.fx_passes.post_grad as post_grad
        import torch._inductor.utils as inductor_utils

        accelerator = torch.accelerator.current_accelerator()
        with simulate("max1550") as sim:
            self.assertEqual(inductor_utils.get_gpu_type(), "xpu")
            self.assertEqual(joint_graph.get_gpu_type(), "xpu")
            self.assertEqual(post_grad.get_gpu_type(), "xpu")
            self.assertFalse(torch.xpu.is_available())
            self.assertEqual(torch.accelerator.current_accelerator(), accelerator)
            bmm = sim.compile(batch1_bmm, sim.tensor(1, 64, 32), sim.tensor(1, 32, 16)).source
            index = sim.compile(cpu_index, sim.tensor(16, 8)).code
        # bmm_to_mm: a batch-1 bmm on the target GPU type becomes an mm.
        self.assertIn("extern_kernels.mm(reinterpret_tensor(arg0_1, (64, 32)", bmm)
        self.assertNotIn("extern_kernels.bmm(", bmm)
        # move_constructors_to_gpu: the arange is generated on xpu, fused
        # into the one Triton kernel; no C++ kernel, no host-to-device copy.
        self.assertEqual(len(index), 1)
        self.assertEqual(len(index[0].triton_kernels()), 1)
        self.assertNotIn("cpp_fused", index[0].source)
        self.assertNotIn("empty_strided_cpu((", index[0].source)
        self.assertFalse(torch.xpu.is_available())

    def test_the_machines_accelerator_does_not_matter(self):
        # On a machine with an NVIDIA GPU torch.accelerator names cuda, and
        # get_gpu_type() (torch_patches/0003) answers it first.
        import torch._inductor.utils as inductor_utils

        with mock.patch.object(torch.accelerator, "current_accelerator", return_value=torch.device("cuda")):
            inductor_utils.get_gpu_type.cache_clear()
            try:
                with simulate("a770") as sim:
                    self.assertEqual(inductor_utils.get_gpu_type(), "xpu")
                    bmm = sim.compile(batch1_bmm, sim.tensor(1, 64, 32), sim.tensor(1, 32, 16)).source
            finally:
                inductor_utils.get_gpu_type.cache_clear()
        self.assertNotIn("extern_kernels.bmm(", bmm)

    def test_restored_everywhere_on_exit(self):
        import torch._inductor.utils as inductor_utils

        before = gpu_type_bindings()
        self.assertIn("torch._inductor.fx_passes.joint_graph", before)
        with simulate("b580") as sim:
            inside = gpu_type_bindings()
            sim.compile(batch1_bmm, sim.tensor(1, 8, 8), sim.tensor(1, 8, 8))
        after = gpu_type_bindings()
        original = inductor_utils.get_gpu_type
        replaced = {k for k, v in before.items() if v is original}
        self.assertIn("torch._inductor.fx_passes.post_grad", replaced)
        self.assertFalse({k for k in replaced if inside[k] is original})
        # Everything is back, and modules imported during the simulation
        # hold the original too.
        self.assertEqual({k: after[k] for k in before}, before)
        self.assertEqual({k for k, v in after.items() if v is inside["torch._inductor.utils"]}, set())
        self.assertEqual(inductor_utils.get_gpu_type(), "cuda" if not torch.xpu.is_available() else "xpu")


if __name__ == "__main__":
    run_tests()
