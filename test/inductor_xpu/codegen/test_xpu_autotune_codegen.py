# Owner(s): ["module: inductor"]
"""max-autotune without an Intel GPU: Inductor's Triton templates for xpu.

With ``max_autotune`` a simulation chooses among a GEMM's or a
convolution's choices (ATen and the Triton templates the xpu heuristics
configure) by a rule instead of benchmarks
(:mod:`inductor_xpu.device.simulation.autotune`), and records each choice
(``CompileReport.autotune``).  For a few programs -- mm, addmm + relu, bmm,
conv2d + relu -- compiled for a simulated Max 1550:

* the generated code, checked like the inference goldens (xpu parts, the
  known ``torch.cuda`` uses only) and against
  ``expect/xpu_autotune_codegen/<release>/<program>.py`` with the choices
  made at its head (``EXPECTTEST_ACCEPT=1`` refreshes);
* its execution on CPU (Triton's interpreter runs the template kernels),
  compared with eager at the model suite's check;
* the rule: the same choice in two compiles, the first template in the
  heuristics' order, ATen where there is no template;
* nothing of it left once the simulation ends.

About 32 s on torch 2.15 (triton 3.9) and 38 s on 2.13 (triton 3.7), on two
busy cores.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys

import torch
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "execution"))

from test_xpu_codegen import (  # noqa: E402
    assert_expected,
    assert_known_inductor_cuda_uses,
    expect_dir,
    inductor_cuda_uses,
    normalize_generated,
    XpuCodegenChecks,
)
from test_xpu_execution import real_inputs  # noqa: E402

from inductor_xpu.programs.codegen import Program, PROGRAMS_BY_NAME, T  # noqa: E402
from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions  # noqa: E402
from inductor_xpu.device import get_profile, simulate  # noqa: E402
from inductor_xpu.execution import capture_graph_inputs, execute_program, ExecutionResult  # noqa: E402
from inductor_xpu.compile.pipeline import CompileReport  # noqa: E402
from inductor_xpu.device.simulation.autotune import pick, RULE  # noqa: E402


TARGET = "max1550"
EXPECT_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect", "xpu_autotune_codegen")
EXPECT_DIR = expect_dir(EXPECT_ROOT)
MAX_AUTOTUNE = {"max_autotune": True}


def _with_max_autotune(name: str, template: str) -> Program:
    program = PROGRAMS_BY_NAME[name]
    return dataclasses.replace(
        program, config={**program.config, **MAX_AUTOTUNE}, features=(rf"def triton_tem_fused_{template}\w*_\d+\(",)
    )


AUTOTUNE_PROGRAMS: tuple[Program, ...] = (
    _with_max_autotune("mm", "mm"),
    Program(
        "addmm_relu",
        lambda bias, a, b: torch.relu(torch.addmm(bias, a, b)),
        (T((64,)), T((128, 256)), T((256, 64))),
        (r"def triton_tem_fused_addmm_relu_\d+\(",),
        config=MAX_AUTOTUNE,
    ),
    _with_max_autotune("bmm", "bmm"),
    _with_max_autotune("conv2d_relu", "convolution_relu"),
)
AUTOTUNE_PROGRAMS_BY_NAME = {p.name: p for p in AUTOTUNE_PROGRAMS}


@dataclasses.dataclass(frozen=True)
class Compiled:
    report: CompileReport
    capture: object  # GraphInputCapture


def compile_autotuned(program: Program) -> Compiled:
    """``program`` compiled for the simulated target with max_autotune, as
    the golden programs are, inputs captured for execution."""
    capture = capture_graph_inputs()
    report = compile_for_target(
        program.build(),
        None,
        None,
        TARGET,
        TargetOptions(
            inductor_config={**program.config, **capture.inductor_config()},
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
            step=lambda sim, fn, args, kwargs: sim.compile(fn, *args, dynamic=program.dynamic),
            record_cuda=True,
            clear_counters=False,
            reraise=True,
        ),
    )
    return Compiled(report, capture)


@functools.lru_cache(maxsize=None)
def compiled(name: str) -> Compiled:
    return compile_autotuned(AUTOTUNE_PROGRAMS_BY_NAME[name])


def golden_text(program: Program, report: CompileReport) -> str:
    profile = get_profile(TARGET)
    head = "".join(f"# choice: {json.dumps(c.to_json(), sort_keys=True)}\n" for c in report.autotune)
    return (
        f"# golden: {program.name} with max_autotune on simulated {profile.key} "
        f"(normalised; EXPECTTEST_ACCEPT=1 refreshes)\n"
        + head
        + "".join(normalize_generated(g.source, profile) for g in report.generated)
    )


class TestXpuAutotuneCodegen(XpuCodegenChecks, TestCase):
    """One golden test and one execution test per program."""

    maxDiff = None

    def check_golden(self, program: Program) -> None:
        report = compiled(program.name).report
        profile = get_profile(TARGET)
        self.assertEqual(report.status, "ok")
        (code,) = report.generated
        self.check_xpu_parts(code.source, profile)
        for feature in program.features:
            self.assertRegex(code.source, feature)
        # the template replaced the extern call
        self.assertNotRegex(code.source, r"extern_kernels\.(mm|bmm|addmm|convolution)\(")
        assert_known_inductor_cuda_uses(self, inductor_cuda_uses(report.cuda_uses))
        (choice,) = report.autotune
        self.assertEqual((choice.graph, choice.kind, choice.index, choice.rule), (0, "template", 1, RULE))
        self.assertGreater(choice.choices, 1)
        self.assertIn("BLOCK_M", choice.config)
        assert_expected(self, EXPECT_DIR, f"{program.name}.py", golden_text(program, report))

    def check_execution(self, program: Program) -> None:
        c = compiled(program.name) if program.name in AUTOTUNE_PROGRAMS_BY_NAME else compile_autotuned(program)
        sources = [g.source for g in c.report.generated]
        (result,) = execute_program(program.build(), real_inputs(program), sources, c.capture.graphs)
        self.assertIsInstance(result, ExecutionResult)
        launched = [k.kernel for k in result.kernels]
        # (the bmm template's store mask ANDs a splatted scalar comparison,
        # which Triton 3.9's interpreter refused before the execution kept it
        # boolean: interpreter.device_arithmetic)
        self.assertEqual(result.status, "ran", result.to_json())
        self.assertTrue(result.passed, "\n".join(result.failures()))
        self.assertTrue(any(k.startswith("triton_tem_") for k in launched), launched)

    def test_bf16_template_executes(self):
        # a bf16 tl.dot in the interpreter multiplied raw bit patterns
        # (cosine 0.006) before the execution widened its operands
        self.check_execution(_with_max_autotune("bf16_mm_softmax", "mm"))

    def test_program_set(self):
        if os.path.isdir(EXPECT_DIR):
            stale = {f[:-3] for f in os.listdir(EXPECT_DIR) if f.endswith(".py")} - set(AUTOTUNE_PROGRAMS_BY_NAME)
            self.assertEqual(stale, set())

    def test_choice_is_deterministic_and_recorded(self):
        # A second compile of the same program, in the same process (the
        # template counters have moved on), makes the same choice and the
        # same code.
        first = compiled("mm").report
        second = compile_autotuned(AUTOTUNE_PROGRAMS_BY_NAME["mm"]).report
        self.assertEqual([c.to_json() for c in first.autotune], [c.to_json() for c in second.autotune])
        profile = get_profile(TARGET)
        self.assertEqual(
            [normalize_generated(g.source, profile) for g in first.generated],
            [normalize_generated(g.source, profile) for g in second.generated],
        )
        (choice,) = first.autotune
        self.assertEqual(choice.op, "mm")
        self.assertEqual(choice.inputs, ("f32[128, 256][256, 1]", "f32[256, 64][64, 1]"))
        self.assertEqual(choice.output, "f32[128, 64][64, 1]")
        self.assertEqual(choice.name, "triton_mm")
        # the chosen config is the one in the generated kernel
        (source,) = [g.source for g in first.generated]
        for key in ("BLOCK_M", "BLOCK_N"):
            self.assertIn(f"{key} : tl.constexpr = {choice.config[key]}\n", source)
        self.assertIn(f"num_warps={choice.config['num_warps']},", source)
        self.assertEqual(json.loads(json.dumps(choice.to_json())), choice.to_json())

    def test_rule(self):
        from torch._inductor.select_algorithm import ExternKernelCaller, TritonTemplateCaller

        def fake(cls):
            return object.__new__(cls)  # only the class matters to the rule

        aten, aten2 = fake(ExternKernelCaller), fake(ExternKernelCaller)
        t1, t2 = fake(TritonTemplateCaller), fake(TritonTemplateCaller)
        self.assertEqual(pick([aten, t1, t2]), 1)
        self.assertEqual(pick([t2, aten, t1]), 0)
        self.assertEqual(pick([object(), aten2, aten]), 1)  # no template: the first ATen choice
        self.assertEqual(pick([object(), object()]), 0)

    def test_without_max_autotune_nothing_is_chosen(self):
        program = dataclasses.replace(AUTOTUNE_PROGRAMS_BY_NAME["mm"], config={})
        report = compile_autotuned(program)
        self.assertEqual(report.report.autotune, [])
        self.assertRegex(report.report.generated[0].source, r"extern_kernels\.mm\(")

    def test_nothing_left_after_the_simulation(self):
        from torch._inductor import config as inductor_config
        from torch._inductor.select_algorithm import AlgorithmSelectorCache

        before = {n: vars(AlgorithmSelectorCache)[n] for n in ("do_autotuning", "make_precompile_fn")}
        config_before = inductor_config.save_config_portable()
        with simulate(TARGET, inductor_config=MAX_AUTOTUNE) as sim:
            self.assertTrue(inductor_config.max_autotune)
            self.assertIsNot(vars(AlgorithmSelectorCache)["do_autotuning"], before["do_autotuning"])
            self.assertTrue(any("AlgorithmSelectorCache.do_autotuning" in line for line in sim.installed))
        self.assertEqual({n: vars(AlgorithmSelectorCache)[n] for n in before}, before)
        self.assertEqual(inductor_config.save_config_portable(), config_before)


def _make_tests(program: Program) -> None:
    def golden(self: TestXpuAutotuneCodegen) -> None:
        self.check_golden(program)

    def execution(self: TestXpuAutotuneCodegen) -> None:
        self.check_execution(program)

    golden.__doc__ = f"golden xpu code of {program.name} with max_autotune"
    execution.__doc__ = f"{program.name} with max_autotune executed on CPU matches eager"
    setattr(TestXpuAutotuneCodegen, f"test_{program.name}", golden)
    setattr(TestXpuAutotuneCodegen, f"test_{program.name}_executes", execution)


for _program in AUTOTUNE_PROGRAMS:
    _make_tests(_program)


if __name__ == "__main__":
    run_tests()
