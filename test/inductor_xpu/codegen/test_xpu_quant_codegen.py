# Owner(s): ["module: inductor"]
"""Golden tests of PT2E INT8 (``--quant int8``) xpu code, without an Intel GPU.

Each program of ``PROGRAMS`` is quantized with torchao's PT2E flow and
``XPUInductorQuantizer`` (``inductor_xpu.modes.int8.quantize``: export, prepare,
calibrate eagerly on CPU, convert), compiled with freezing for a simulated
Max 1550 and checked for: the xpu parts every golden checks
(``test_xpu_codegen.XpuCodegenChecks``), the INT8 matcher counters, the
``onednn.qconv_pointwise``/``qlinear_pointwise`` calls with their post-ops,
no dequantize left to a Triton kernel where the pattern fuses, and the
whole normalised output against
``expect/xpu_quant_codegen/<release>/<program>.py`` (refresh with
``EXPECTTEST_ACCEPT=1``).  Calibrated scales are normalised away (they are
floating-point results of CPU observers); zero points, shapes, strides and
calls are kept.

torchao is an optional dependency (``pip install inductor-xpu[quant]``):
without it every test here is skipped, and ``TestQuantCommandWithoutTorchao``
checks the command's one-line error.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import sys
import tempfile
import unittest
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import torch
import torch.nn.functional as F
from torch import nn
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_xpu_codegen import assert_expected, expect_dir, normalize_generated, XpuCodegenChecks  # noqa: E402

from inductor_xpu.__main__ import main as cli_main  # noqa: E402
from inductor_xpu.compile.cli import EXIT_USAGE  # noqa: E402
from inductor_xpu.modes.int8 import compile_quantized, summarize, torchao_version  # noqa: E402
from inductor_xpu.compile.pipeline import TargetOptions  # noqa: E402
from inductor_xpu.device import get_profile  # noqa: E402


TARGET = "max1550"
EXPECT_DIR = expect_dir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect", "xpu_quant_codegen"))
HAS_TORCHAO = torchao_version() is not None
requires_torchao = unittest.skipUnless(HAS_TORCHAO, "torchao is not installed (pip install 'inductor-xpu[quant]')")


class ConvBlock(nn.Module):
    """conv-relu, then conv + 1x1-conv shortcut, relu: qconv unary and
    qconv binary (sum) + relu."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(8, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 16, 3, padding=1)
        self.shortcut = nn.Conv2d(8, 16, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.conv1(x))
        return F.relu(self.conv2(y) + self.shortcut(x))


class Mlp(nn.Module):
    """linear-gelu-linear: qlinear unary (gelu) and a plain qlinear."""

    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.gelu(self.fc1(x)))


@dataclasses.dataclass(frozen=True)
class QuantProgram:
    name: str
    make: Callable[[], nn.Module]
    inputs: Callable[[], tuple[torch.Tensor, ...]]
    dynamic: bool
    counters: dict[str, int]  # INT8 counters that must be reached
    calls: tuple[str, ...]  # inductor_xpu.modes.int8.onednn_calls(), in order


PROGRAMS: tuple[QuantProgram, ...] = (
    QuantProgram(
        "conv_block",
        ConvBlock,
        lambda: (torch.randn(2, 8, 12, 12),),
        False,
        {"qconv_weight_prepack_matcher_count": 3, "qconv_unary_matcher_count": 2, "qconv2d_binary_matcher_count": 1},
        ("qconv_pointwise.tensor(relu)", "qconv_pointwise.tensor()", "qconv2d_pointwise.binary_tensor(sum/relu)"),
    ),
    QuantProgram(
        "mlp",
        Mlp,
        lambda: (torch.randn(8, 32),),
        False,
        {"qlinear_weight_prepack_matcher_count": 2, "qlinear_unary_matcher_count": 1, "qlinear_unary_lower_count": 2},
        ("qlinear_pointwise.tensor(gelu)", "qlinear_pointwise.tensor()"),
    ),
    QuantProgram(
        "mlp_dynamic",
        Mlp,
        lambda: (torch.randn(8, 32),),
        True,
        {"qlinear_weight_prepack_matcher_count": 2, "qlinear_unary_matcher_count": 1, "qlinear_unary_lower_count": 2},
        ("qlinear_pointwise.tensor(gelu)", "qlinear_pointwise.tensor()"),
    ),
)


def build_mlp() -> tuple[nn.Module, tuple[torch.Tensor, ...]]:
    """``--script`` entry point for the command tests."""
    torch.manual_seed(0)
    return Mlp(), (torch.randn(8, 32),)


def normalize_quant(source: str, profile) -> str:
    out = normalize_generated(source, profile)
    # addresses of the pattern-matcher closures named in assert_tensor_metadata messages
    out = re.sub(r" at 0x[0-9a-f]+>", " at <address>>", out)
    # constants' reprs end in the tensor's hash (its id)
    out = re.sub(r"^(\w+ = None  # device\(.*\)) [0-9a-f]+$", r"\1 <hash>", out, flags=re.M)
    # calibrated scales: floats computed by CPU observers
    return re.sub(r"(?<![\w.])-?\d+\.\d{5,}(?:e[-+]?\d+)?", "<float>", out)


def compile_quant_program(program: QuantProgram) -> tuple[list, dict]:
    torch.manual_seed(0)
    model, inputs = program.make().eval(), program.inputs()
    options = TargetOptions(record_cuda=False, reraise=True)
    report = compile_quantized(model, tuple(inputs), {}, TARGET, options, dynamic=program.dynamic)
    return list(report.generated), dict(report.counters.get("inductor", {}))


@requires_torchao
class TestXpuQuantCodegen(XpuCodegenChecks, TestCase):
    maxDiff = None

    def check_program(self, program: QuantProgram) -> None:
        profile = get_profile(TARGET)
        code, counters = compile_quant_program(program)
        self.assertEqual(len(code), 1)
        source = code[0].source
        self.check_xpu_parts(source, profile)
        info = summarize([source], counters)
        for key, value in program.counters.items():
            self.assertEqual(info["counters"].get(key, 0), value, key)
        self.assertEqual(sorted(info["onednn_calls"]), sorted(program.calls))
        # int8 weights are prepacked into the oneDNN ops, never dequantized by a kernel
        self.assertNotRegex(source, r"def triton_\w*dequantize_per_channel")
        golden = (
            f"# golden: --quant {'int8-dynamic' if program.dynamic else 'int8'} {program.name} on simulated "
            f"{profile.key} (normalised; EXPECTTEST_ACCEPT=1 refreshes)\n" + normalize_quant(source, profile)
        )
        assert_expected(self, EXPECT_DIR, f"{program.name}.py", golden)

    def test_conv_block(self):
        self.check_program(PROGRAMS[0])

    def test_mlp(self):
        self.check_program(PROGRAMS[1])

    def test_mlp_dynamic(self):
        self.check_program(PROGRAMS[2])


@requires_torchao
class TestQuantCommand(TestCase):
    def run_cli(self, *argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = cli_main(list(argv))
        return code, out.getvalue(), err.getvalue()

    def test_quant_int8_reports_fusions(self):
        with tempfile.TemporaryDirectory() as d:
            script = f"{os.path.abspath(__file__)}:build_mlp"
            code, out, err = self.run_cli("compile", "--script", script, "--quant", "int8", "--out", d)
            self.assertEqual(code, 0, err)
            with open(os.path.join(d, "report.json"), encoding="utf-8") as f:
                report = json.load(f)
        self.assertTrue(report["options"]["freezing"])
        self.assertEqual(report["options"]["quant"], "int8")
        quant = report["quant"]
        self.assertEqual(quant["quantizer"], "XPUInductorQuantizer")
        self.assertEqual(quant["onednn_calls"], ["qlinear_pointwise.tensor(gelu)", "qlinear_pointwise.tensor()"])
        self.assertEqual(quant["counters"]["qlinear_unary_matcher_count"], 1)
        self.assertEqual(quant["unfused"]["dequantize"], 0)
        self.assertIn("oneDNN INT8 calls: qlinear_pointwise.tensor(gelu), qlinear_pointwise.tensor()", out)
        self.assertIn("--quant int8", report["command"])


class TestQuantCommandWithoutTorchao(TestCase):
    def test_missing_torchao_is_a_usage_error(self):
        # torchao's modules made unimportable, whether or not it is installed
        blocked = {name: None for name in list(sys.modules) if name == "torchao" or name.startswith("torchao.")}
        blocked["torchao"] = None
        err = io.StringIO()
        with mock.patch.dict(sys.modules, blocked), redirect_stderr(err), redirect_stdout(io.StringIO()):
            code = cli_main(["compile", "--model", "mlp", "--quant", "int8", "--out", tempfile.mkdtemp()])
        self.assertEqual(code, EXIT_USAGE)
        lines = err.getvalue().strip().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertRegex(lines[0], r"^compile: --quant needs torchao \(tested: torchao==[\d.]+; .*inductor-xpu\[quant\]")


if __name__ == "__main__":
    run_tests()
