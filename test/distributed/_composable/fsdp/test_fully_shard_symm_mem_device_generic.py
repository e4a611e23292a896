# Owner(s): ["oncall: distributed"]
"""FSDP2's symmetric-memory buffers come from the FSDP device's memory pool, not torch.cuda's."""

import contextlib
from unittest import mock

import torch
from torch.distributed.fsdp._fully_shard import _fsdp_collectives
from torch.testing._internal.common_utils import run_tests, TestCase


def _no_cuda(*args, **kwargs):
    raise AssertionError("torch.cuda must not be used here")


class _DeviceModule:
    """Stands in for an accelerator's device module (torch.xpu, torch.cuda):
    records the memory pools its use_mem_pool is entered with."""

    def __init__(self) -> None:
        self.pools: list[object] = []

    @contextlib.contextmanager
    def use_mem_pool(self, pool, device=None):
        self.pools.append(pool)
        yield


class TestSymmMemAllocDeviceGeneric(TestCase):
    def _allocate(self, device):
        # The allocator's state is the process group only, which allocate()
        # does not use; __init__ would rendezvous over it.
        alloc = object.__new__(_fsdp_collectives.SymmMemAllocMixin)
        module, pool = _DeviceModule(), object()
        with (
            mock.patch.object(
                _fsdp_collectives.symm_mem, "get_mem_pool", return_value=pool
            ) as get_mem_pool,
            mock.patch.object(
                torch, "get_device_module", return_value=module
            ) as get_device_module,
            mock.patch.object(torch.cuda, "use_mem_pool", _no_cuda),
        ):
            out = alloc.allocate((2, 3), dtype=torch.float32, device=device)
        return out, module, pool, get_mem_pool, get_device_module

    def test_pool_of_the_fsdp_device(self):
        # The buffer itself is allocated on CPU, so nothing runs on a device;
        # the pool is entered through the device's module, whatever it is.
        device = torch.device("cpu")
        out, module, pool, get_mem_pool, get_device_module = self._allocate(device)
        self.assertEqual(out.shape, (2, 3))
        self.assertEqual(out.dtype, torch.float32)
        get_mem_pool.assert_called_once_with(device)
        get_device_module.assert_called_once_with(device)
        self.assertEqual(module.pools, [pool])


if __name__ == "__main__":
    run_tests()
