# Owner(s): ["module: inductor"]
"""max-autotune like on a device: template choices whose kernel spills are
skipped (``inductor_xpu.config.autotune_native_spills``;
``inductor_xpu.device.simulation.autotune.RULE_SPILLS``).

A bf16 mm (128 x 256 @ 256 x 128) compiled for a simulated Max 1550 with
max-autotune, its mm template configs restricted to two, in this order:

* 64 x 128 x 32, 4 warps, 3 stages: its fp32 accumulators alone fill a
  thread's 128 registers; IGC spills ~33 KB at 128 GRF and still ~13 KB at
  256 on ``pvc`` (~5 s in IGC);
* 32 x 32 x 16, 2 warps, 1 stage (the xpu heuristics' first config): no
  spill.

With the option on, the first is compiled natively, skipped (report.json's
``autotune`` entry lists it with its spill bytes and the rule) and the second
taken; with it off the first is taken, as today.  Where every template
spills, or the toolchain is missing, the choice is the first template's,
with the reason.

The compiles go through the native cache (the project's cache directory):
about 35 s cold (two worker starts and IGC on the spilling kernel) and 20 s
warm on two busy cores, most of it Inductor.  The tests needing Intel's
toolchain skip, naming ``make native-env``, where it is not installed.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from typing import Any
from unittest import mock

import torch
from torch._inductor import config as inductor_config
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu import config
from inductor_xpu.compile.command import run_compile
from inductor_xpu.compile.options import CompileOptions
from inductor_xpu.compile.report import format_summary
from inductor_xpu.native.env import SITE_ENV
from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions
from inductor_xpu.compile.pipeline import CompileReport
from inductor_xpu.device.simulation.autotune import (
    FUSION_RULE,
    fusion_spill_threshold,
    native_spill_check,
    REJECTED_SPILLS,
    RULE,
    RULE_SPILLS,
)


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_native_compile import requires_native_env  # noqa: E402


try:  # torch 2.15
    from torch._inductor.heuristics.template.triton import GemmConfig, XPUMMTemplateConfigHeuristic
except ImportError:  # torch 2.13
    from torch._inductor.template_heuristics.triton import (  # type: ignore[no-redef]
        GemmConfig,
        XPUMMTemplateConfigHeuristic,
    )


TARGET = "max1550"
# (BLOCK_M, BLOCK_N, BLOCK_K, num_stages, num_warps)
SPILLING = GemmConfig(64, 128, 32, 3, 4)
SMALL = GemmConfig(32, 32, 16, 1, 2)
SCRIPT = textwrap.dedent(
    """
    import torch


    class MM(torch.nn.Module):
        def forward(self, a, b):
            return a @ b


    def program():
        return MM(), (torch.randn(128, 256), torch.randn(256, 128))
    """
)


# resnet50's downsampling bottleneck's end (conv3 + bn3, and the shortcut's
# 1x1 conv + bn, added, relu), then a 1x1 conv with a residual add, at batch
# 2: the 1x1 convs are mm templates; each downsampling mm with that epilogue
# spills on pvc at the 32 x 32, 2-warp config (as resnet50's four such
# kernels did in the suite's max-autotune table), the last one fits.
BLOCKS = textwrap.dedent(
    """
    import torch


    class Blocks(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv3 = torch.nn.Conv2d(64, 256, 1, bias=False)
            self.bn3 = torch.nn.BatchNorm2d(256)
            self.down = torch.nn.Conv2d(64, 256, 1, bias=False)
            self.bn_down = torch.nn.BatchNorm2d(256)
            self.conv = torch.nn.Conv2d(256, 256, 1, bias=False)

        def forward(self, x, y):
            out = torch.relu(self.bn3(self.conv3(x)) + self.bn_down(self.down(y)))
            return torch.relu(self.conv(out) + out)


    def program():
        cl = torch.channels_last
        x, y = (torch.randn(2, 64, 72, 72).to(memory_format=cl) for _ in range(2))
        return Blocks().eval().to(memory_format=cl), (x, y)
    """
)
# The fused kernels' names in the code generated with and without the fusions.
FUSED_DOWNSAMPLE = "triton_tem_fused__native_batch_norm_legit_no_training_add_convolution_relu_"
UNFUSED_DOWNSAMPLE = "triton_poi_fused__native_batch_norm_legit_no_training_add_convolution_relu_"
FUSED_RESIDUAL = "triton_tem_fused_add_convolution_relu_"


def _temporary_directory(prefix: str) -> str:
    """A directory for this process's cached results, removed when it exits."""
    directory = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return directory


@functools.cache
def script_path(script: str = SCRIPT) -> str:
    directory = _temporary_directory("inductor-xpu-autotune-spills-")
    path = os.path.join(directory, "program.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(script)
    return path


def mm_configs(configs: Sequence[Any]) -> Any:
    """The xpu mm template heuristics giving ``configs`` (scaled to the
    problem as usual) instead of theirs."""

    def get_mm_configs(self: Any) -> Any:
        return functools.partial(self.preprocess_mm_configs, configs=list(configs))

    return mock.patch.object(XPUMMTemplateConfigHeuristic, "get_mm_configs", get_mm_configs)


@functools.cache
def compiled_command(spill_check: bool) -> tuple[CompileReport, dict[str, Any]]:
    """``compile --script <mm> --dtype bf16 --max-autotune`` with the two
    configs, the spill check on or off: the report and its report.json."""
    out = _temporary_directory("inductor-xpu-autotune-spills-out-")
    options = CompileOptions(
        target=TARGET, script=f"{script_path()}:program", dtype="bf16", max_autotune=True, out=out, force=True
    )
    with mm_configs((SPILLING, SMALL)), native_spill_check(spill_check):
        report = run_compile(options)
    with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
        return report, json.load(f)


@functools.cache
def compiled_blocks(spill_check: bool, site: str | None = None) -> tuple[CompileReport, dict[str, Any]]:
    """``compile --script <BLOCKS> --dtype bf16 --max-autotune`` with the
    32 x 32 mm config alone, the spill check on or off (and the native site
    ``site`` where given): the report and its report.json."""
    out = _temporary_directory("inductor-xpu-fusion-spills-out-")
    options = CompileOptions(
        target=TARGET, script=f"{script_path(BLOCKS)}:program", dtype="bf16", max_autotune=True, out=out, force=True
    )
    environ = {SITE_ENV: site} if site is not None else {}
    with mm_configs((SMALL,)), native_spill_check(spill_check), mock.patch.dict(os.environ, environ):
        report = run_compile(options)
    with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
        return report, json.load(f)


def kernel_names(report: CompileReport) -> list[str]:
    (code,) = report.generated
    return re.findall(r"^(triton_\w+) = async_compile", code.source, re.MULTILINE)


def compile_mm(configs: Sequence[Any]) -> CompileReport:
    """The bf16 mm compiled through the library with ``configs``."""
    with mm_configs(configs):
        return compile_for_target(
            lambda a, b: a @ b,
            None,
            None,
            TARGET,
            TargetOptions(
                inductor_config={"max_autotune": True},
                fake_inputs=lambda sim: (
                    (sim.tensor(128, 256, dtype=torch.bfloat16), sim.tensor(256, 128, dtype=torch.bfloat16)),
                    {},
                ),
                step=lambda sim, fn, args, kwargs: sim.compile(fn, *args),
                reraise=True,
            ),
        )


def block_sizes(config: dict[str, Any]) -> tuple[Any, Any, Any]:
    return config["BLOCK_M"], config["BLOCK_N"], config["num_warps"]


class TestAutotuneSpills(TestCase):
    maxDiff = None

    def test_option_is_off_by_default(self):
        self.assertIs(config._config["autotune_native_spills"].default, False)  # type: ignore[attr-defined]
        with native_spill_check():
            self.assertTrue(config.autotune_native_spills)
        self.assertFalse(config.autotune_native_spills)
        # and on from the environment
        out = subprocess.run(
            [sys.executable, "-c", "from inductor_xpu import config; print(config.autotune_native_spills)"],
            env={**os.environ, "INDUCTOR_XPU_AUTOTUNE_NATIVE_SPILLS": "1"},
            capture_output=True,
            text=True,
            check=True,
        )
        self.assertEqual(out.stdout.strip(), "True")

    def test_option_off_chooses_as_today(self):
        report, data = compiled_command(False)
        self.assertEqual(report.status, "ok")
        (entry,) = data["autotune"]
        # ATen first, then the two templates: the first template, spilling or not
        self.assertEqual((entry["choices"], entry["index"], entry["rule"]), (3, 1, RULE))
        self.assertEqual(block_sizes(entry["config"]), (64, 128, 4))
        self.assertNotIn("rejected", entry)
        self.assertNotIn("spill_check", entry)
        (code,) = report.generated
        self.assertIn("BLOCK_M : tl.constexpr = 64\n", code.source)

    def test_missing_toolchain_falls_back_with_the_reason(self):
        with mock.patch.dict(os.environ, {SITE_ENV: os.path.join(tempfile.gettempdir(), "no-such-native-site")}):
            with native_spill_check():
                report = compile_mm((SPILLING, SMALL))
        (choice,) = report.autotune
        self.assertEqual((choice.index, choice.rule, choice.rejected), (1, RULE_SPILLS, ()))
        self.assertEqual(block_sizes(choice.config), (64, 128, 4))
        assert choice.spill_check is not None
        self.assertIn("make native-env", choice.spill_check.fallback or "")
        self.assertEqual(choice.spill_check.compiled, 0)

    @requires_native_env
    def test_spilling_first_config_is_skipped(self):
        report, data = compiled_command(True)
        self.assertEqual(report.status, "ok")
        (entry,) = data["autotune"]
        threshold = inductor_config.triton.spill_threshold
        # the second template is chosen ...
        self.assertEqual((entry["choices"], entry["index"], entry["rule"]), (3, 2, RULE_SPILLS))
        self.assertEqual(block_sizes(entry["config"]), (32, 32, 2))
        # ... the first one rejected for its spills, in report.json
        (rejected,) = entry["rejected"]
        self.assertEqual((rejected["index"], rejected["name"], rejected["rule"]), (1, "triton_mm", REJECTED_SPILLS))
        self.assertEqual(block_sizes(rejected["config"]), (64, 128, 4))
        self.assertEqual(rejected["threshold"], threshold)
        # spilled at 128 GRF, compiled again at 256 as the Intel backend does, still spilling
        self.assertEqual(rejected["grf"], 256)
        self.assertGreater(rejected["spill_bytes"], threshold)
        self.assertGreater(rejected["first_spill_bytes"], rejected["spill_bytes"])
        check = entry["spill_check"]
        self.assertEqual((check["device"], check["threshold"], check["compiled"], check["fallback"]),
                         ("pvc", threshold, 2, None))
        self.assertLessEqual(check["chosen_spill_bytes"], threshold)
        # the generated code has the chosen config
        (code,) = report.generated
        self.assertIn("BLOCK_M : tl.constexpr = 32\n", code.source)
        self.assertIn("BLOCK_N : tl.constexpr = 32\n", code.source)
        # one summary line per rejection
        summary = format_summary(report).splitlines()
        lines = [line for line in summary if "rejected choice" in line]
        self.assertEqual(len(lines), 1, summary)
        self.assertRegex(
            lines[0],
            r"^      rejected choice 2 triton_mm \(.*BLOCK_M=64, BLOCK_N=128.*\): spills [\d,]+ bytes at GRF 256, "
            r"[\d,]+ at GRF 128 > spill_threshold 16$",
        )

    @requires_native_env
    def test_every_template_spilling_falls_back_to_the_first(self):
        # the spilling config alone: the same kernel as above, from the native cache
        with native_spill_check():
            report = compile_mm((SPILLING,))
        (choice,) = report.autotune
        self.assertEqual((choice.choices, choice.index, choice.kind), (2, 1, "template"))
        self.assertEqual([r.index for r in choice.rejected], [1])
        assert choice.spill_check is not None
        self.assertIn("every template choice spills", choice.spill_check.fallback or "")


class TestTemplateFusionSpills(TestCase):
    """A fusion into a chosen template is not taken where the fused kernel
    spills (autotune.FUSION_RULE): what a device's template fusion benchmark
    does (``benchmark_codegened_module`` times it as inf)."""

    maxDiff = None

    def test_threshold_is_the_fusion_benchmarks(self):
        # TritonScheduling.benchmark_codegened_module(mod, n_spills_threshold=8), torch 2.13 to 2.15
        self.assertEqual(fusion_spill_threshold(), 8)

    def test_option_off_fuses_as_today(self):
        report, data = compiled_blocks(False)
        self.assertEqual(report.status, "ok")
        self.assertEqual(report.template_fusions, [])
        self.assertNotIn("template_fusions", data)
        names = kernel_names(report)
        self.assertTrue(any(n.startswith(FUSED_DOWNSAMPLE) for n in names), names)
        self.assertTrue(any(n.startswith(FUSED_RESIDUAL) for n in names), names)

    def test_missing_toolchain_fuses_unchecked_with_the_reason(self):
        report, data = compiled_blocks(True, os.path.join(tempfile.gettempdir(), "no-such-native-site"))
        self.assertEqual(report.status, "ok")
        fusions = data["template_fusions"]
        # the first downsampling mm takes the epilogue, so the other's is not offered
        self.assertEqual(len(fusions), 2, fusions)
        for fusion in fusions:
            self.assertTrue(fusion["fused"])
            self.assertIn("make native-env", fusion["unchecked"])
            self.assertIsNone(fusion["spill_bytes"])
        self.assertEqual(kernel_names(report), kernel_names(compiled_blocks(False)[0]))

    def test_fused_kernel_that_cannot_be_generated(self):
        # CantSplit: a device's fusion benchmark skips the choice, so nothing
        # is fused; any other error: fused as without the check, with the reason
        from torch._inductor.codegen.simd import CantSplit
        from torch._inductor.scheduler import Scheduler

        cant_split = CantSplit.__new__(CantSplit)  # its constructor's arguments differ across releases
        for error, fused, reason in ((cant_split, False, "CantSplit"), (RuntimeError("boom"), True, "boom")):
            with self.subTest(error=type(error).__name__), mock.patch.object(
                Scheduler, "generate_kernel_code_from_nodes", side_effect=error
            ):
                report = compiled_blocks.__wrapped__(True)[0]
            self.assertEqual(report.status, "ok")
            self.assertTrue(report.template_fusions)
            for fusion in report.template_fusions:
                self.assertEqual(fusion.fused, fused)
                self.assertIn(reason, fusion.unchecked or "")
                self.assertIsNone(fusion.spill_bytes)
            names = kernel_names(report)
            self.assertEqual(any(n.startswith(FUSED_DOWNSAMPLE) for n in names), fused, names)

    @requires_native_env
    def test_spilling_fused_kernel_is_not_fused(self):
        report, data = compiled_blocks(True)
        self.assertEqual(report.status, "ok")
        fusions = data["template_fusions"]
        # each pair judged once, though Inductor offers it in every fusion round
        self.assertEqual(len(fusions), 3, fusions)
        self.assertEqual({f["rule"] for f in fusions}, {FUSION_RULE})
        refused = [f for f in fusions if not f["fused"]]
        fused = [f for f in fusions if f["fused"]]
        # both downsampling mms with the bn/add/relu epilogue spill at GRF 256 ...
        self.assertEqual(len(refused), 2, fusions)
        for f in refused:
            self.assertEqual((f["device"], f["grf"], f["threshold"], f["epilogue"], f["unchecked"]),
                             ("pvc", 256, 8, True, None))
            self.assertGreater(f["spill_bytes"], 8)
        self.assertEqual(len({tuple(f["nodes"]) for f in refused}), 1)
        # ... the residual mm's epilogue fits
        (fits,) = fused
        self.assertLessEqual(fits["spill_bytes"], 8)
        # the epilogue is its own pointwise kernel; the fitting fusion stays
        names = kernel_names(report)
        self.assertFalse(any(n.startswith(FUSED_DOWNSAMPLE) for n in names), names)
        self.assertTrue(any(n.startswith(UNFUSED_DOWNSAMPLE) for n in names), names)
        self.assertTrue(any(n.startswith(FUSED_RESIDUAL) for n in names), names)
        # what the template choices themselves did is unchanged: all fit
        self.assertTrue(all(c["spill_check"]["fallback"] is None for c in data["autotune"]))
        summary = format_summary(report).splitlines()
        self.assertIn("  template fusions judged by the fused kernel's spills: 3, 2 not fused "
                      "(rule: fused-kernel-spills)", summary)
        lines = [line for line in summary if "the fused kernel spills" in line]
        self.assertEqual(len(lines), 2, summary)
        self.assertRegex(lines[0], r"^    graph 0 buf\d+ \+ epilogue op\d+, op\d+: the fused kernel spills [\d,]+ "
                                   r"bytes at GRF 256 > n_spills_threshold 8$")


if __name__ == "__main__":
    run_tests()
