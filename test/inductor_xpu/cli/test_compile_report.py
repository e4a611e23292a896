# Owner(s): ["module: inductor"]
"""The one result of a compile (``inductor_xpu.compile.pipeline.CompileReport``):
it carries the generated code (each graph's wrapper text, the AOT sources'
text and kernel facts), which ``python -m inductor_xpu compile`` writes and
tools read without reading files back; each AOT graph's ``metadata.json``
lists its own kernels only.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import main as cli_main
from inductor_xpu.compile import CompileOptions, run_compile
from inductor_xpu.device import simulate


TARGET = "max1550"
HAS_TORCHAO = importlib.util.find_spec("torchao") is not None


class _Sin(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.sin() + 1


class _Cos(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.cos() * 2


class TmpTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)


class TestAotKernelsPerGraph(TmpTestCase):
    def setUp(self) -> None:
        super().setUp()
        from inductor_xpu.modes.aot import aot_supported

        reason = aot_supported()
        if reason:
            self.skipTest(reason)

    def test_each_graph_lists_its_own_kernels(self) -> None:
        # Two graphs AOT-compiled under one set of hooks: the second one's
        # metadata.json listed the first one's kernel too.
        from inductor_xpu.modes.aot import _aot_hooks, _export

        produced: list = []
        with simulate(TARGET) as sim, torch.no_grad():
            with _aot_hooks(sim, str(self.tmp), produced):
                for module in (_Sin(), _Cos()):
                    x = sim.tensor(8, 32)
                    gm = _export(sim, module, (x,), {})
                    torch._inductor.aot_compile(
                        gm, (x,), {}, options={"aot_inductor.package": True, "always_keep_tensor_constants": True}
                    )
        self.assertEqual(len(produced), 2)
        metadata = []
        for sources, op in zip(produced, ("sin", "cos")):
            with open(self.tmp / sources.metadata) as f:
                metadata.append(json.load(f)["kernels"])
            own = {os.path.splitext(os.path.basename(p))[0] for p in sources.triton_kernels}
            self.assertEqual(set(metadata[-1]), own)
            self.assertTrue(own and all(op in name for name in own), own)
        # the same facts in memory, and every file's text
        for sources, kernels in zip(produced, metadata):
            self.assertEqual(sources.kernels, kernels)
            for rel in sources.files():
                self.assertEqual((self.tmp / rel).read_text(), sources.texts[rel], rel)

    def test_compile_report_carries_the_aot_sources(self) -> None:
        out = self.tmp / "out"
        report = run_compile(CompileOptions(model="mlp", aot=True, out=str(out)))
        self.assertEqual(report.status, "ok", report.error)
        self.assertEqual(len(report.aot), 1)
        sources = report.aot[0]
        for rel in sources.files():
            self.assertEqual((out / "aot" / rel).read_text(), sources.texts[rel], rel)
        self.assertEqual(report.data["aot"]["graphs"][0]["kernels"], sources.kernels)
        with open(out / "report.json") as f:
            self.assertEqual(json.load(f)["aot"]["graphs"][0]["kernels"], sources.kernels)
        # a second run replaces the first one's sources
        report = run_compile(CompileOptions(model="mlp", aot=True, out=str(out)))
        self.assertEqual(report.status, "ok", report.error)
        self.assertEqual(sorted(os.listdir(out / "aot")), ["aot_0"])


class TestCompileReportCode(TmpTestCase):
    def test_generated_code_is_in_the_report(self) -> None:
        out = self.tmp / "out"
        report = run_compile(CompileOptions(model="mlp", train=True, optimizer="sgd", out=str(out)))
        if report.status == "refused":
            self.skipTest(f"training refused here: {report.data['error']}")
        self.assertEqual(report.status, "ok", report.error)
        self.assertEqual(len(report.phases), len(report.generated))
        self.assertEqual(list(dict.fromkeys(report.phases)), ["forward", "backward", "optimizer"])
        for i, (code, graph) in enumerate(zip(report.generated, report.data["graphs"])):
            self.assertEqual(graph["phase"], report.phases[i])
            self.assertEqual((out / graph["file"]).read_text(), code.source)
        self.assertEqual(report.by_phase("forward"), report.generated[: report.phases.count("forward")])


@unittest.skipUnless(HAS_TORCHAO, "torchao is not installed")
class TestQuantNothingQuantized(TmpTestCase):
    def test_says_nothing_was_quantized(self) -> None:
        script = self.tmp / "relu.py"
        script.write_text(
            textwrap.dedent(
                """
                import torch

                class M(torch.nn.Module):
                    def forward(self, x):
                        return torch.relu(x) * 2

                def build():
                    return M(), (torch.randn(8, 16),)
                """
            )
        )
        out = self.tmp / "out"
        proc = subprocess.run(
            [sys.executable, "-m", "inductor_xpu", "compile", "--script", f"{script}:build", "--quant", "int8",
             "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn("INT8: nothing was quantized", proc.stdout)
        with open(out / "report.json") as f:
            self.assertTrue(json.load(f)["quant"]["nothing_quantized"])
        # torchao's import-time pytree warning is not the user's business
        self.assertNotIn("is an Enum subclass", proc.stderr)

    def test_quantized_model_does_not_say_so(self) -> None:
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
            code = cli_main(["compile", "--model", "mlp", "--quant", "int8", "--out", str(self.tmp / "out")])
        self.assertEqual(code, 0, stdout.getvalue())
        self.assertNotIn("nothing was quantized", stdout.getvalue())
        with open(self.tmp / "out" / "report.json") as f:
            self.assertFalse(json.load(f)["quant"]["nothing_quantized"])


if __name__ == "__main__":
    run_tests()
