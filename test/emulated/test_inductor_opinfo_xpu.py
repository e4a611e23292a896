"""Upstream's OpInfo database through Inductor on xpu, upstream-style:
``instantiate_device_type_tests(..., only_for="xpu", allow_xpu=True)`` and ``@ops(op_db)``
with the OpInfos' own xpu skips and xfails, each case compiled on xpu and
compared with eager xpu (inductor_xpu.emulation.sweeps, the method of
upstream's test_torchinductor_opinfo.py).

Needs an xpu device: a real one, or the emulated one:

    python -m inductor_xpu emulate -- python -m pytest test/emulated

(``make test`` runs a fixed sample, OPINFO_STRIDE, with the overlay on and
off).  Without an xpu device every test skips.
"""

from __future__ import annotations

import os

import torch
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.common_device_type import instantiate_device_type_tests, ops
from torch.testing._internal.common_methods_invocations import op_db
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_GPU

from inductor_xpu.emulation.sweeps import NO_DTYPE, PASS, run_op_case


# Every OPINFO_STRIDE-th OpInfo (1: all of them), fp32, the first sample.
STRIDE = int(os.environ.get("OPINFO_STRIDE", "1"))
SAMPLE = op_db[::STRIDE]

# Cases that fail on the emulated device, each with its class
# (benchmarks/results/upstream_sweep.md): strict, so a fixed case fails here
# until it is taken off the list.
EXPECTED_FAILURES: dict[str, str] = {
    "sparse.sampled_addmm": "emulation gap: sparse CSR tensors are not emulated",
    "sparse.mm.reduce": "emulation gap: sparse CSR tensors are not emulated",
    "torch.ops.aten._efficient_attention_forward": "emulation gap: a CUDA-only op, no CPU kernel",
    "jiterator_unary": "upstream xfail for xpu: jiterator is CUDA and ROCm only",
    "jiterator_binary": "upstream xfail for xpu: jiterator is CUDA and ROCm only",
    "jiterator_4inputs_with_extra_args": "upstream xfail for xpu: jiterator is CUDA and ROCm only",
    "jiterator_binary_return_by_ref": "upstream xfail for xpu: jiterator is CUDA and ROCm only",
    "jiterator_2inputs_2outputs": "upstream xfail for xpu: jiterator is CUDA and ROCm only",
    "fft.rfft2": "emulation gap: the CPU kernel's strides are not the xpu meta function's (assert_size_stride)",
    "fft.rfftn": "emulation gap: the CPU kernel's strides are not the xpu meta function's (assert_size_stride)",
}


class TestInductorOpInfoXpu(TestCase):
    @ops(SAMPLE, allowed_dtypes=(torch.float32,))
    def test_compiled_matches_eager(self, device, dtype, op):
        if not (HAS_GPU and GPU_TYPE == "xpu"):
            self.skipTest("no xpu device (run under `python -m inductor_xpu emulate`)")
        samples = op.sample_inputs(device, dtype, requires_grad=False)
        sample = next(iter(samples), None)
        if sample is None:
            self.skipTest("no sample input")
        result = run_op_case(op, sample, dtype, 0)
        name = op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")
        expected = EXPECTED_FAILURES.get(name)
        if result.outcome in (PASS, NO_DTYPE):
            if expected is not None:
                self.fail(f"{name} passes now: take it off EXPECTED_FAILURES ({expected})")
            return
        if expected is None:
            self.fail(f"{name}: {result.outcome} ({result.cause}): {result.detail}")


instantiate_device_type_tests(TestInductorOpInfoXpu, globals(), only_for="xpu", allow_xpu=True)

if __name__ == "__main__":
    run_tests()
