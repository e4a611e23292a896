# Owner(s): ["module: inductor"]
"""The one INT8 compile, ``inductor_xpu.modes.int8.compile_quantized``, that the
INT8 benchmarks (tools/bench/fusion_parity_int8.py, quant_models.py) call:
the code it generates is the code of the steps it stands for (quantize,
move factories, compile with freezing), it adds freezing to the caller's
Inductor options, and it refuses a device without a PT2E quantizer.
Skipped without torchao."""

from __future__ import annotations

import re
import unittest

import torch
from torch._inductor.test_case import run_tests, TestCase

import fusion_parity_int8  # noqa: E402
import quant_models  # noqa: E402
from inductor_xpu.modes.int8 import compile_quantized, move_factories_to, quantize, summarize, torchao_version
from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions


requires_torchao = unittest.skipUnless(torchao_version() is not None, "torchao is not installed")


def _pattern(name: str) -> fusion_parity_int8.Pattern:
    return next(p for p in fusion_parity_int8.zoo() if p.name == name)


def _comparable(source: str) -> str:
    """What differs between two compiles of one graph in one process: the
    AOT graph counter, object addresses, constants' ids."""
    source = re.sub(r"# AOT ID: \['\d+_", "# AOT ID: ['<n>_", source)
    source = re.sub(r"0x[0-9a-f]+", "<address>", source)
    return re.sub(r"^(\w+ = None  # .*) [0-9a-f]{6,}$", r"\1 <id>", source, flags=re.M)


@requires_torchao
class TestCompileQuantized(TestCase):
    def test_the_code_of_the_steps(self):
        pat = _pattern("conv+add+relu")
        options = TargetOptions(record_cuda=False, reraise=True)
        torch.manual_seed(0)
        model, inputs = pat.make().eval(), pat.inputs()
        report = compile_quantized(model, inputs, {}, "max1550", options)
        # the steps, as the benchmarks and the compile command wrote them before
        torch.manual_seed(0)
        model, inputs = pat.make().eval(), pat.inputs()
        converted = move_factories_to(quantize(model, inputs, device="xpu"), "xpu:0")
        torch._dynamo.reset()
        steps = compile_for_target(
            converted, tuple(inputs), {}, "max1550",
            TargetOptions(inductor_config={"freezing": True}, record_cuda=False, reraise=True),
        )  # fmt: skip
        self.assertEqual(report.status, "ok")
        self.assertEqual(len(report.generated), 1)
        self.assertEqual(
            [_comparable(g.source) for g in report.generated], [_comparable(g.source) for g in steps.generated]
        )
        got = summarize([g.source for g in report.generated], report.inductor_counters)
        self.assertEqual(got, summarize([g.source for g in steps.generated], steps.inductor_counters))
        self.assertEqual(got["onednn_calls"], ["qconv_pointwise.tensor()", "qconv2d_pointwise.binary_tensor(sum/relu)"])
        # the benchmark's xpu side is this compile
        self.assertEqual(fusion_parity_int8.compile_xpu("max1550", pat, False), got)

    def test_freezing_added_to_the_callers_options(self):
        import torch._inductor.config as inductor_config

        def step(sim, module, args, kwargs):  # no compile: what the simulation's Inductor options are
            return inductor_config.freezing, inductor_config.layout_optimization

        pat = _pattern("linear")
        torch.manual_seed(0)
        options = TargetOptions(inductor_config={"layout_optimization": False}, step=step, reraise=True)
        report = compile_quantized(pat.make().eval(), pat.inputs(), None, "max1550", options)
        self.assertEqual(report.result, (True, False))
        self.assertEqual(options.inductor_config, {"layout_optimization": False})  # not changed in place

    def test_a_device_without_a_quantizer(self):
        pat = _pattern("linear")
        with self.assertRaisesRegex(ValueError, "no PT2E Inductor quantizer for device 'cuda'"):
            compile_quantized(pat.make().eval(), pat.inputs(), {}, "h100")


@requires_torchao
class TestQuantModelsCpu(TestCase):
    def test_cpu_side_is_the_x86_int8_compile(self):
        # quant_models.run_cpu compiles through inductor_xpu.modes.int8.cpu_int8_compiled
        # (the CPU INT8 that `compile --quant --run` agrees with): oneDNN INT8
        # linears, and logits close to the float model's
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).eval()

        def inputs(seed: int) -> torch.Tensor:
            return torch.randn(4, 32, generator=torch.Generator().manual_seed(seed))

        res = quant_models.run_cpu(model, inputs, 2, 2)
        self.assertEqual(sorted(res["onednn_calls"]), ["qlinear_pointwise.tensor()", "qlinear_pointwise.tensor(relu)"])
        # on every x86 CPU: 7-bit activations where oneDNN's u8s8 saturates
        self.assertGreater(res["accuracy_x86_int8_compiled"]["cosine"], 0.99)
        # oneDNN computes the program it compiles (measured: 1.0 with VNNI;
        # capped to AVX2, 0.999 with reduce_range, 0.965 with full-range u8s8
        # saturating -- held-out inputs past the calibrated range account for
        # the 0.999)
        self.assertGreater(res["x86_int8_compiled_vs_its_pt2e_program"]["cosine"], 0.995)
        self.assertGreater(res["accuracy_xpu_flow_int8_eager"]["cosine"], 0.99)
        self.assertEqual((res["calibration_batches"], res["eval_batches"]), (2, 2))


if __name__ == "__main__":
    run_tests()
