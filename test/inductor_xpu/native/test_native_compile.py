# Owner(s): ["module: inductor"]
"""Intel's own compilers on generated xpu kernels (``inductor_xpu.native``):
every Triton kernel of a few golden programs compiled for a simulated Max
1550 goes through triton-xpu's Intel backend to SPIR-V and IGC's ``ocloc``
to native ISA for ``pvc``, with no GPU, and the report says so per kernel.

The programs (``inductor_xpu.programs.codegen``): ``layer_norm`` (a
persistent reduction), ``log_softmax_looped`` (looped and persistent
reductions, a pointwise kernel) and ``bf16_mm_softmax`` with max-autotune
(a Triton mm template, whose ``tl.dot`` must reach the matrix engine).
Beside them, kernels made from the generated template and reduction to
fail on purpose -- each check can fail:

* the template with a 64 x 128 tile at 4 warps: IGC spills (the template
  as generated does not), the backend's retry with 256 GRF is recorded;
* a kernel using a name Triton does not know: ``failed`` in Triton, named;
* a kernel using ``tl.reduce_or`` (newer than triton-xpu 3.3): a frontend
  gap, named;
* bytes that are no kernel's SPIR-V: IGC refuses them, the kernel named;
* a kernel that kills the worker: ``failed`` (stage ``worker``), the other
  kernels compiled by a new worker.

And the ``embedding`` golden, whose one kernel has Inductor's bounds check
of an indirect index (``tl.device_assert``), on which IGC 22.43 aborts: a
toolchain gap with the ISA facts of the kernel compiled without its assert;
beside it two variants that stay failed: one still failing in IGC without
the assert statement (it keeps another ``tl.device_assert``, inside an
assignment the retry leaves in place), one failing in Triton (no retry).

All kernels go through one ``compile_native`` call (one worker), cached on
disk (the project's cache directory), so a second run compiles nothing
but the worker-killing kernel (never cached): about 40 s cold and 25 s warm
on two busy cores (most of it Inductor generating the programs and workers
importing torch).  Skipped, with the reason, where ``make
native-env`` has not installed triton-xpu or ocloc is missing.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import struct
import tempfile
import time
import unittest

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.generated_code import triton_blocks, TritonBlock
from inductor_xpu.native import compile_native, NativeResult, NativeSourceError, OclocError
from inductor_xpu.native.env import find_native_env, native_env_missing
from inductor_xpu.native.ocloc import compile_spirv
from inductor_xpu.programs.codegen import compile_program, PROGRAMS_BY_NAME


TARGET = "max1550"
PROGRAMS = ("layer_norm", "log_softmax_looped", "bf16_mm_softmax")
# a kernel with a tl.device_assert, on which IGC 22.43 aborts (a toolchain gap)
ASSERT_PROGRAMS = ("embedding",)


SKIP_REASON = native_env_missing()
requires_native_env = unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")


@functools.cache
def generated() -> dict[str, list[str]]:
    """Each program's generated wrappers (one per graph) for the target."""
    out = {}
    for name in PROGRAMS + ASSERT_PROGRAMS:
        program = PROGRAMS_BY_NAME[name]
        if name == "bf16_mm_softmax":  # a Triton template for the mm
            program = dataclasses.replace(program, config={**program.config, "max_autotune": True})
        code, _ = compile_program(program, TARGET)
        out[name] = [c.source for c in code]
    return out


def block(kernel_prefix: str) -> TritonBlock:
    for sources in generated().values():
        for source in sources:
            for b in triton_blocks(source):
                if b.kernel.startswith(kernel_prefix):
                    return b
    raise AssertionError(f"no generated kernel {kernel_prefix}*")


def wrapper(name: str, source: str) -> str:
    """A wrapper module defining the one kernel ``name`` (as Inductor writes it)."""
    return f"{name} = async_compile.triton('{name}', '''{source}''', device_str='xpu')\n"


def variant(original: TritonBlock, name: str, edit) -> str:
    """``original`` renamed ``name``, its source edited by ``edit``."""
    source = original.source.replace(original.kernel, name)
    edited = edit(source)
    assert edited != source, f"the edit of {original.kernel} changed nothing"
    return wrapper(name, edited)


def big_tile(source: str) -> str:
    """A 64 x 128 output tile (K 32) at 4 warps: its fp32 accumulators alone
    fill a thread's 128 registers (64 * 128 * 4 bytes / 4 threads of 16 lanes
    = 8 KiB = 128 GRF of 64 bytes).  (IGC takes ~5 s on it; 256 x 256 spills
    too, in ~70 s.)"""
    source = re.sub(r"BLOCK_M : tl.constexpr = \d+", "BLOCK_M : tl.constexpr = 64", source)
    source = re.sub(r"BLOCK_N : tl.constexpr = \d+", "BLOCK_N : tl.constexpr = 128", source)
    source = re.sub(r"BLOCK_K : tl.constexpr = \d+", "BLOCK_K : tl.constexpr = 32", source)
    return re.sub(r"^num_warps=\d+,", "num_warps=4,", source, flags=re.MULTILINE)


def first_statement(line: str):
    """An edit inserting ``line`` as the kernel body's first statement."""

    def edit(source: str) -> str:
        return re.sub(r"(\n@triton\.jit\ndef \w+\([^)]*\):\n)", lambda m: m.group(1) + f"    {line}\n", source)

    return edit


def assert_kept_in_an_assignment(source: str) -> str:
    """Each ``tl.device_assert(...)`` statement followed by the same call in
    an assignment, which the retry without asserts leaves in place: IGC
    aborts on the kernel again."""
    return re.sub(r"^( +)(tl\.device_assert\(.*)$", r"\1\2\n\1_kept = \2", source, flags=re.MULTILINE)


# docs/hardware_less_codegen.md, "A third finding that is the toolchain's": a
# loop-carried [1, 256] column sum of two bf16 tiles of opposite contiguity,
# at one warp, fails in triton-xpu 3.3.0b1's IntelDecomposeUnsupportedConversions
COLUMN_SUM_LOOP = """\
    x = tl.arange(0, 4)[:, None]
    r = tl.arange(0, 256)[None, :]
    acc = tl.zeros([1, 256], tl.float32)
    for _ in range(0, 64 - 4 * tl.program_id(0), 4):
        a = tl.load(arg_A + r + 256 * x).to(tl.float32)
        b = tl.load(arg_B + x + 4 * r).to(tl.float32)
        m = tl.load(arg_A + x).to(tl.float32)
        acc += tl.sum(a * (b - m), 0)[None, :]
    tl.store(out_ptr0 + r, acc.to(tl.bfloat16))
"""


def column_sum_loop(source: str) -> str:
    """The mm template's body replaced by :data:`COLUMN_SUM_LOOP`, at one warp."""
    head = re.match(r"(?s).*?\n@triton\.jit\ndef \w+\(arg_A, arg_B, out_ptr0\):\n", source).group(0)
    return re.sub(r"^num_warps=\d+,", "num_warps=1,", head, flags=re.MULTILINE) + COLUMN_SUM_LOOP


SPILL = "triton_tem_fused_mm_spill_99"
PASS_FAILS = "triton_tem_fused_mm_pass_fails_92"
UNKNOWN_NAME = "triton_per_fused_unknown_name_98"
GAP = "triton_per_fused_reduce_or_97"
ASSERT_KEPT = "triton_poi_fused_embedding_assert_kept_94"
ASSERT_UNKNOWN_NAME = "triton_poi_fused_embedding_unknown_name_93"


@functools.cache
def native() -> tuple[NativeResult, dict[str, int], float]:
    """One compile_native over every program's graphs and the variants;
    the graph index of each program, and the call's wall time."""
    sources: list[str] = []
    graphs: dict[str, int] = {}
    for name, wrappers in generated().items():
        graphs[name] = len(sources)
        sources.extend(wrappers)
    template = block("triton_tem_fused_mm")
    reduction = block("triton_per_fused_native_layer_norm")
    embedding = block("triton_poi_fused_embedding")
    unknown_name = first_statement("_x = no_such_name_in_triton + 1")
    for name, source in (
        (SPILL, variant(template, SPILL, big_tile)),
        (UNKNOWN_NAME, variant(reduction, UNKNOWN_NAME, unknown_name)),
        (GAP, variant(reduction, GAP, first_statement("_x = tl.reduce_or(tl.full([4], 1, tl.int32), 0)"))),
        (ASSERT_KEPT, variant(embedding, ASSERT_KEPT, assert_kept_in_an_assignment)),
        (ASSERT_UNKNOWN_NAME, variant(embedding, ASSERT_UNKNOWN_NAME, unknown_name)),
        (PASS_FAILS, variant(template, PASS_FAILS, column_sum_loop)),
    ):
        graphs[name] = len(sources)
        sources.append(source)
    start = time.perf_counter()
    result = compile_native(sources, TARGET)
    return result, graphs, time.perf_counter() - start


@requires_native_env
class TestNativeCompile(TestCase):
    def test_golden_programs_compile_for_pvc(self):
        result, graphs, _ = native()
        self.assertEqual(result.device, "pvc")
        self.assertIsNone(result.unsupported)
        for name in PROGRAMS:
            kernels = [k for k in result.kernels if k.graph == graphs[name]]
            self.assertTrue(kernels, name)
            for k in kernels:
                with self.subTest(program=name, kernel=k.name):
                    self.assertEqual(k.status, "compiled", k.message)
                    self.assertIn(k.grf, (128, 256))
                    self.assertIn(k.simd, (16, 32))
                    self.assertGreater(k.inst_count, 0)
                    self.assertGreater(k.sends, 0)  # every kernel loads or stores
                    self.assertEqual(k.spill_bytes, 0)
                    self.assertIsNotNone(k.config)
            self.assertIn(f"graph {graphs[name]}: {len(kernels)} kernels: {len(kernels)} compiled",
                          "\n".join(result.summary_lines()))

    def test_template_dot_reaches_dpas(self):
        result, graphs, _ = native()
        template = next(k for k in result.kernels if k.graph == graphs["bf16_mm_softmax"] and k.kind == "template")
        self.assertEqual(template.dot, 1)
        self.assertTrue(template.dpas_layout)
        self.assertGreater(template.dpas, 0)
        # Intel's backend compiles a module with tl.dot at the DPAS width
        self.assertEqual(template.threads_per_warp, 16)
        self.assertEqual(template.simd, 16)
        # the launch config is the template's own (num_warps in its decorator)
        warps = int(re.search(r"^num_warps=(\d+),", block("triton_tem_fused_mm").source, re.MULTILINE).group(1))
        self.assertEqual(template.config["num_warps"], warps)
        others = [k for k in result.kernels if k.graph in (graphs["layer_norm"], graphs["log_softmax_looped"])]
        self.assertTrue(all(k.dpas == 0 and not k.dot and k.simd == 32 for k in others), others)

    def test_launch_config_is_the_execution_engines(self):
        # The worker (triton-xpu's triton) compiles the config the CPU
        # execution engine (.venv's triton, in its interpreter) launches:
        # the first of Inductor's heuristics for the same source.
        from inductor_xpu.execution.interpreter import EXECUTION_LOCK, load_kernel
        from inductor_xpu.execution.libdevice import CpuLibdevice

        result, graphs, _ = native()
        checked = 0
        with tempfile.TemporaryDirectory() as tmp, EXECUTION_LOCK:
            for name in PROGRAMS:
                for source in generated()[name]:
                    for b in triton_blocks(source):
                        launcher = load_kernel(b.kernel, b.source, f"{tmp}/{b.kernel}.py", CpuLibdevice())
                        first = launcher.configs[0]
                        native_config = result.kernel(b.kernel, graphs[name]).config
                        with self.subTest(kernel=b.kernel):
                            self.assertEqual(native_config["kwargs"], dict(first.kwargs))
                            self.assertEqual(native_config["num_warps"], first.num_warps)
                            self.assertEqual(native_config["num_stages"], first.num_stages)
                        checked += 1
        self.assertEqual(checked, 6)

    def test_forced_big_tile_spills(self):
        result, graphs, _ = native()
        spill = result.kernel(SPILL)
        self.assertEqual(spill.status, "compiled", spill.message)
        self.assertGreater(spill.spill_bytes, 0)
        # as Triton's Intel backend does: spilled at 128 GRF, compiled again with 256
        self.assertTrue(spill.grf_retry)
        self.assertEqual(spill.grf, 256)
        self.assertIn("-cl-intel-256-GRF-per-thread", spill.build_flags)
        self.assertGreater(spill.first_spill_bytes, spill.spill_bytes)
        self.assertEqual(spill.config["num_warps"], 4)
        self.assertEqual(result.kernel(block("triton_tem_fused_mm").kernel).spill_bytes, 0)
        lines = "\n".join(result.summary_lines())
        self.assertIn(f"graph {graphs[SPILL]} {SPILL}: compiled, GRF 256 (after a spill at 128)", lines)
        self.assertIn(f"spills {spill.spill_bytes} bytes", lines)

    def test_kernel_triton_rejects_fails_named(self):
        result, _, _ = native()
        bad = result.kernel(UNKNOWN_NAME)
        self.assertEqual(bad.status, "failed")
        self.assertEqual(bad.stage, "triton")
        self.assertIn("no_such_name_in_triton", bad.message)
        self.assertEqual(result.verdict, "failed")
        self.assertIn(f"{UNKNOWN_NAME}: failed in triton", "\n".join(result.summary_lines()))

    def test_failed_pass_is_named_with_its_error(self):
        # MLIR writes which pass failed, and why, to stderr; the record has it
        result, _, _ = native()
        bad = result.kernel(PASS_FAILS)
        self.assertEqual((bad.status, bad.stage), ("failed", "triton"), bad.message)
        self.assertTrue(bad.message.startswith(
            "RuntimeError: PassManager::run failed in IntelDecomposeUnsupportedConversions: Layout is expected to be "
            "surjective"), bad.message)

    def test_api_newer_than_the_frontend_is_a_gap(self):
        result, _, _ = native()
        gap = result.kernel(GAP)
        self.assertEqual(gap.status, "frontend_gap", gap.message)
        self.assertEqual(gap.gap, "triton.language.reduce_or")
        self.assertIn(f"{GAP}: frontend gap: triton.language.reduce_or", "\n".join(result.summary_lines()))

    def test_device_assert_igc_aborts_on_is_a_toolchain_gap(self):
        # IGC 22.43 aborts on triton-xpu 3.3's lowering of tl.device_assert;
        # the embedding's kernel compiles without its bounds check
        result, graphs, _ = native()
        k = next(k for k in result.kernels if k.graph == graphs["embedding"])
        self.assertIn("tl.device_assert(", block("triton_poi_fused_embedding").source)
        self.assertEqual(k.status, "toolchain_gap", k.message)
        self.assertEqual(k.gap, "IGC 22.43 aborts on tl.device_assert (triton-xpu 3.3.0b1's lowering)")
        self.assertEqual(k.stage, "ocloc")
        self.assertIn("(ocloc was killed by SIGABRT)", k.message)  # IGC's own failure, kept
        # the ISA facts, of the kernel without its assert, marked so
        self.assertEqual((k.without_asserts, k.isa_without_asserts), ("compiled", True))
        self.assertEqual((k.grf, k.simd, k.spill_bytes, k.dpas), (128, 32, 0, 0))
        self.assertGreater(k.inst_count, 0)
        self.assertGreater(k.sends, 0)
        lines = "\n".join(result.summary_lines())
        self.assertIn(f"graph {graphs['embedding']}: 1 kernels: 0 compiled, 1 toolchain gap (IGC 22.43 aborts", lines)
        self.assertIn(f"{k.name}: toolchain gap: {k.gap}; without its tl.device_assert: GRF 128, SIMD32, "
                      f"{k.inst_count} instructions", lines)
        self.assertEqual(result.to_json()["kernels"][result.kernels.index(k)]["isa_without_asserts"], True)

    def test_device_assert_kernel_failing_without_it_stays_failed(self):
        # negative controls: IGC still aborts once the assert statement is
        # out (another tl.device_assert kept in an assignment), and a
        # failure in Triton is no reason to retry
        result, _, _ = native()
        kept = result.kernel(ASSERT_KEPT)
        self.assertEqual((kept.status, kept.stage), ("failed", "ocloc"))
        self.assertIn(f"kernel {ASSERT_KEPT}: IGC did not compile its SPIR-V for pvc (ocloc was killed by SIGABRT)",
                      kept.message)
        self.assertRegex(kept.without_asserts, r"^failed in ocloc: .*killed by SIGABRT")
        self.assertFalse(kept.isa_without_asserts)
        self.assertIsNone(kept.inst_count)
        self.assertIn(f"{ASSERT_KEPT}: failed in ocloc: ", "\n".join(result.summary_lines()))
        unknown = result.kernel(ASSERT_UNKNOWN_NAME)
        self.assertEqual((unknown.status, unknown.stage, unknown.without_asserts), ("failed", "triton", None))
        self.assertIn("no_such_name_in_triton", unknown.message)

    def test_second_compile_comes_from_the_cache(self):
        result, _, first_seconds = native()
        start = time.perf_counter()
        again = compile_native([wrapper(b.kernel, b.source) for b in [block("triton_per_fused_native_layer_norm")]],
                               TARGET)
        self.assertTrue(all(k.from_cache for k in again.kernels), again.kernels)
        self.assertEqual(again.kernels[0].inst_count, result.kernel(again.kernels[0].name).inst_count)
        self.assertLess(time.perf_counter() - start, 10)

    def test_worker_death_costs_one_kernel(self):
        # a kernel whose source kills the worker while it loads; the kernel
        # beside it goes to a new worker (the crash is never cached)
        crash = "triton_poi_crash_96"
        after = "triton_per_fused_after_crash_95"
        result = compile_native(
            [
                wrapper(crash, "import os\nos._exit(7)\n"),
                variant(block("triton_per_fused_native_layer_norm"), after, lambda s: s + "\n# after a crash\n"),
            ],
            TARGET,
        )
        died = result.kernel(crash)
        self.assertEqual((died.status, died.stage), ("failed", "worker"))
        self.assertIn(f"the worker compiling kernel {crash} exited with status 7", died.message)
        self.assertEqual(result.kernel(after).status, "compiled", result.kernel(after).message)

    def test_spirv_igc_rejects_names_the_kernel(self):
        # a SPIR-V header (magic, version 1.5, generator, bound, schema), then no valid module
        words = [0x07230203, 0x00010500, 0, 16, 0] + [0xDEADBEEF] * 8
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaises(OclocError) as caught:
                compile_spirv(struct.pack(f"<{len(words)}I", *words), "triton_poi_corrupt_0", "pvc", "", tmp,
                              ocloc=find_native_env().ocloc)
        self.assertEqual(caught.exception.kernel, "triton_poi_corrupt_0")
        self.assertIn("kernel triton_poi_corrupt_0: IGC did not compile its SPIR-V for pvc", str(caught.exception))

    def test_code_of_another_gpu_is_refused(self):
        source = wrapper("triton_per_fused_native_layer_norm_0", block("triton_per_fused_native_layer_norm").source)
        refused = r"not generated for a770 .*triton_per_fused_native_layer_norm_0"
        with self.assertRaisesRegex(NativeSourceError, refused):
            compile_native([source], "a770")

    def test_device_this_igc_does_not_know(self):
        for profile, arch in (("b580", "bmg"), ("arc140v", "lnl")):
            result = compile_native([], profile)
            self.assertEqual(result.verdict, "unsupported device")
            self.assertIsNone(result.device)
            self.assertRegex(result.unsupported, rf"does not know .*\({arch}: .*nothing was compiled")


def _bn_relu_max_pool(x: torch.Tensor, scale: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.max_pool2d(torch.relu(x * scale + shift), 3, 2, 1)


@functools.cache
def a770_pool() -> NativeResult:
    """resnet50's stem after its convolution (the batch norm folded to a
    scale and a shift, ReLU, the 3x3/2 max-pool; bf16, channels-last, its
    shapes), generated for the Arc A770 and compiled for acm-g10: the fused
    kernel's first autotuning candidate, XBLOCK 1024 at 4 warps (8 elements
    per work-item), spills in DG2's registers even with 256 of them; its
    other candidates do not (docs/hardware_less_codegen.md, "DG2 spills")."""
    return compile_native(list(a770_pool_sources()), "a770")


@functools.cache
def a770_pool_sources() -> tuple[str, ...]:
    """The wrappers :func:`a770_pool` compiles."""
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    def fake_inputs(sim):
        x = sim.tensor(8, 64, 144, 144, dtype=torch.bfloat16).to(memory_format=torch.channels_last)
        return (x, sim.tensor(64, 1, 1, dtype=torch.bfloat16), sim.tensor(64, 1, 1, dtype=torch.bfloat16)), {}

    report = compile_for_target(
        _bn_relu_max_pool, None, None, "a770",
        TargetOptions(fake_inputs=fake_inputs, step=lambda sim, fn, args, kwargs: sim.compile(fn, *args),
                      reraise=True),
    )  # fmt: skip
    return tuple(g.source for g in report.generated)


@requires_native_env
class TestAutotuneCandidates(TestCase):
    def test_first_candidate_spills_on_dg2_and_another_does_not(self):
        result = a770_pool()
        (k,) = [k for k in result.kernels if k.spills]
        self.assertEqual(k.status, "compiled")
        self.assertEqual((k.config["kwargs"]["XBLOCK"], k.config["num_warps"]), (1024, 4))
        self.assertGreater(k.spill_bytes, k.spill_threshold)
        self.assertTrue(k.grf_retry)
        # the XPU pointwise candidates (series 0010 registers them in every build)
        self.assertEqual(k.n_configs, 3)
        self.assertEqual(len(k.candidates), 2)
        self.assertTrue(all(c["status"] == "compiled" for c in k.candidates), k.candidates)
        free = k.spill_free_candidate
        self.assertIsNotNone(free, k.candidates)
        self.assertLessEqual(free["spill_bytes"], k.spill_threshold)
        self.assertFalse(k.spills_in_every_candidate)
        self.assertIn(f"{k.name}: compiled, GRF 256 (after a spill at 128)", "\n".join(result.summary_lines()))
        self.assertIn("; the autotuner has a way around it: candidate XBLOCK=", k.describe())
        # a kernel that does not spill over the threshold has no candidates compiled
        for other in result.kernels:
            if other is not k:
                self.assertIsNone(other.candidates)

    def test_candidates_of_a_kernel_compiled_without_its_asserts(self):
        # the same spilling kernel with a tl.device_assert, which IGC 22.43
        # aborts on: compiled again without it (a toolchain gap), and its
        # other candidates too, as a kernel without asserts has them (they
        # were not, and the kernel counted as neither avoidable nor not)
        (source,) = a770_pool_sources()
        lines = source.splitlines()
        # the pool's kernel is the wrapper's last
        i = [i for i, line in enumerate(lines) if line.strip().startswith("xmask = ")][-1]
        indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        lines.insert(i + 1, indent + 'tl.device_assert(xindex >= 0, "xindex >= 0")')
        result = compile_native(["\n".join(lines)], "a770")
        (k,) = [k for k in result.kernels if k.spills]
        self.assertEqual((k.status, k.without_asserts, k.isa_without_asserts), ("toolchain_gap", "compiled", True))
        self.assertGreater(k.spill_bytes, k.spill_threshold)
        self.assertIsNotNone(k.candidates)
        self.assertEqual(len(k.candidates), k.n_configs - 1)
        self.assertTrue(all(c["status"] == "compiled" for c in k.candidates), k.candidates)
        self.assertIsNotNone(k.spill_free_candidate, k.candidates)
        self.assertFalse(k.spills_in_every_candidate)


if __name__ == "__main__":
    run_tests()
