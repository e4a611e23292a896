# Owner(s): ["module: inductor"]
"""Golden tests of Inductor's C++ wrapper for xpu, generated without an Intel
GPU and never compiled.

Programs of ``inductor_xpu.programs.codegen.PROGRAMS`` (``CPP_WRAPPER_PROGRAMS``)
are compiled for a simulated Data Center GPU Max 1550 with
``cpp_wrapper=True``: Inductor's GPU C++ wrapper compiles its Triton kernels
lazily at the first call, so it is generated in one pass; the simulation
captures it where Inductor would compile it (``inductor_xpu.device.simulation.cpp_wrapper``).
Checked: the C++ is the xpu wrapper (``cpp_wrapper/xpu.h``, SYCL kernels
and queue, ``AOTIXpuGuard``, ``aoti_torch_get_current_xpu_stream``), every
Triton kernel it embeds is an xpu kernel with the profile's properties, no
``cuda`` anywhere, and the C++ source against
``expect/xpu_cpp_wrapper_codegen/<release>/<program>.cpp``
(``EXPECTTEST_ACCEPT=1`` refreshes).  ``compile --cpp-wrapper`` writes
``output_code_<n>.cpp`` beside the Python module, for every profile.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile

import torch
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_xpu_codegen import normalize_generated, XpuCodegenChecks  # noqa: E402
from test_xpu_codegen import assert_expected, expect_dir  # noqa: E402
from inductor_xpu.programs.codegen import Program, PROGRAMS  # noqa: E402

from inductor_xpu.__main__ import main as cli_main  # noqa: E402
from inductor_xpu.compile.outdir import MANIFEST  # noqa: E402
from inductor_xpu.compile.report import summarize_wrapper  # noqa: E402
from inductor_xpu.device import get_profile, list_profiles, simulate  # noqa: E402
from inductor_xpu.generated_code import cpp_source  # noqa: E402


TARGET = "max1550"
EXPECT_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect", "xpu_cpp_wrapper_codegen")
EXPECT_DIR = expect_dir(EXPECT_ROOT)

CPP_WRAPPER_PROGRAMS: tuple[str, ...] = (
    "pointwise_chain",
    "softmax",
    "layer_norm",
    "linear_gelu",
    "conv2d_relu",
    "embedding",
    "sum_split",
    "dynamic_softmax",
    "sdpa_causal_fp16",
)
# What the C++ wrapper of each program must contain beyond the xpu parts.
CPP_FEATURES: dict[str, tuple[str, ...]] = {
    "linear_gelu": (r"aoti_torch_xpu_(addmm|mm)_out\(",),
    "conv2d_relu": (r"aoti_torch_xpu_convolution\(",),
    "sdpa_causal_fp16": (r"aoti_torch_xpu__scaled_dot_product_fused_attention_overrideable\(",),
    "sum_split": (r"call_triton_red_fused_sum_0\(", r"call_triton_(per|red)_fused_sum_1\("),
    "dynamic_softmax": (r"int64_t s\d+ = ",),
}

_PROGRAMS = {p.name: p for p in PROGRAMS}
_CUDA_RE = re.compile(r"cuda", re.IGNORECASE)


def compile_cpp_wrapper(program: Program, target: str = TARGET) -> list:
    from inductor_xpu.compile.pipeline import compile_for_target, TargetOptions

    report = compile_for_target(
        program.build(),
        None,
        None,
        target,
        TargetOptions(
            inductor_config=dict(program.config),
            compile_options={"cpp_wrapper": True},
            dynamic=program.dynamic,
            fake_inputs=lambda sim: ([sim.tensor(*t.shape, dtype=t.dtype) for t in program.inputs], {}),
            record_cuda=False,
            clear_counters=False,
            reraise=True,
        ),
    )
    return report.result.code


def normalize_cpp(source: str, profile) -> str:
    # the kernels embedded in the C++ carry what normalize_generated replaces
    return normalize_generated(source, profile)


class XpuCppWrapperChecks(XpuCodegenChecks):
    def check_cpp_wrapper(self, graph, profile) -> str:
        self.assertEqual(graph.wrapper_kind, "cpp")
        cpp = cpp_source(graph.source)
        self.assertIsNotNone(cpp)
        self.assertIn("#include <torch/csrc/inductor/cpp_wrapper/xpu.h>", cpp)
        if "aoti_torch_empty_strided(" in cpp:  # buffers are allocated on xpu
            self.assertIn("CACHE_TORCH_DEVICE(xpu);", cpp)
            self.assertRegex(cpp, r"aoti_torch_empty_strided\(.*cached_torch_device_type_xpu")
        self.assertRegex(cpp, r"AOTIXpuGuard device_guard\(0\);")
        summary = summarize_wrapper(cpp)
        if summary.triton_kernels:  # kernels launch on the current xpu queue
            self.assertIn("aoti_torch_get_current_xpu_stream(", cpp)
            self.assertIn("sycl::queue* stream", cpp)
        for name in summary.triton_kernels:
            self.assertRegex(cpp, rf"static std::unique_ptr<sycl::kernel> {name} = nullptr;")
            self.assertRegex(cpp, rf"call_{name}\(")
        self.assertEqual(set(summary.kernel_device_strs), {"xpu"} if summary.triton_kernels else set())
        if summary.triton_kernels:
            self.assertIn(f"multi_processor_count={profile.gpu_subslice_count}", cpp)
        # no cuda anywhere in the C++ (its header is cpp_wrapper/xpu.h) ...
        self.assertEqual([ln for ln in cpp.splitlines() if _CUDA_RE.search(ln)], [])
        # ... nor in the Python module around it
        self.assertEqual([ln for ln in graph.source.splitlines() if _CUDA_RE.search(ln)], [])
        # generated, not compiled: the module only holds the call that would compile it
        self.assertIn("CppWrapperCodeCache.load_pybinding(", graph.source)
        return cpp


class TestXpuCppWrapperCodegen(XpuCppWrapperChecks, TestCase):
    maxDiff = None

    def check_program(self, program: Program) -> None:
        profile = get_profile(TARGET)
        code = compile_cpp_wrapper(program)
        self.assertEqual(len(code), program.graphs)
        parts = []
        for i, graph in enumerate(code):
            cpp = self.check_cpp_wrapper(graph, profile)
            for feature in CPP_FEATURES.get(program.name, ()):
                self.assertRegex(cpp, feature)
            parts.append(f"// ===== graph {i} of {len(code)} =====\n{normalize_cpp(cpp, profile)}")
        golden = (
            f"// golden: C++ wrapper of {program.name} on simulated {profile.key} "
            "(normalised; EXPECTTEST_ACCEPT=1 refreshes)\n" + "".join(parts)
        )
        assert_expected(self, EXPECT_DIR, f"{program.name}.cpp", golden)

    def test_program_set(self):
        self.assertGreaterEqual(len(CPP_WRAPPER_PROGRAMS), 6)
        self.assertTrue(set(CPP_WRAPPER_PROGRAMS) <= set(_PROGRAMS))
        if os.path.isdir(EXPECT_DIR):
            known = set(CPP_WRAPPER_PROGRAMS) | set(AOT_PROGRAMS)
            stale = {f[:-4] for f in os.listdir(EXPECT_DIR) if f.endswith(".cpp")} - known
            self.assertEqual(stale, set())


def _make_program_test(program: Program):
    def test(self: TestXpuCppWrapperCodegen) -> None:
        self.check_program(program)

    test.__name__ = f"test_{program.name}"
    return test


for _name in CPP_WRAPPER_PROGRAMS:
    setattr(TestXpuCppWrapperCodegen, f"test_{_name}", _make_program_test(_PROGRAMS[_name]))


class TestCompileCppWrapper(XpuCppWrapperChecks, TestCase):
    """``python -m inductor_xpu compile --cpp-wrapper``."""

    def setUp(self):
        super().setUp()
        self.out = tempfile.mkdtemp(prefix="compile_cpp_wrapper_")

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)
        super().tearDown()

    def cli(self, *argv: str, out: str) -> tuple[int, str]:
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
            code = cli_main(["compile", *argv, "--out", out])
        return code, stdout.getvalue()

    def test_every_profile(self):
        for profile in list_profiles():
            if getattr(profile, "device_type", "xpu") != "xpu":
                continue  # the NVIDIA profiles simulate cuda
            with self.subTest(target=profile.key):
                out = os.path.join(self.out, profile.key)
                code, stdout = self.cli("--target", profile.key, "--model", "mlp", "--cpp-wrapper", out=out)
                self.assertEqual(code, 0, stdout)
                with open(os.path.join(out, "report.json")) as f:
                    report = json.load(f)
                self.assertEqual(report["status"], "ok")
                self.assertEqual(
                    [(g["file"], g.get("cpp_file")) for g in report["graphs"]],
                    [("output_code_0.py", "output_code_0.cpp")],
                )
                with open(os.path.join(out, "output_code_0.cpp")) as f:
                    cpp = f.read()
                with open(os.path.join(out, "output_code_0.py")) as f:
                    self.assertEqual(cpp_source(f.read()), cpp)
                self.assertIn(f"multi_processor_count={profile.gpu_subslice_count}", cpp)
                self.assertIn("#include <torch/csrc/inductor/cpp_wrapper/xpu.h>", cpp)
                self.assertNotRegex(cpp, _CUDA_RE)

    def test_stale_cpp_files_are_removed(self):
        # an earlier run's C++ wrapper (listed in its manifest) goes; a file
        # this tool did not write would stay (issue 24 defect 1)
        out = os.path.join(self.out, "stale")
        code, stdout = self.cli("--model", "mlp", "--cpp-wrapper", out=out)
        self.assertEqual(code, 0, stdout)
        self.assertTrue(os.path.exists(os.path.join(out, "output_code_0.cpp")))
        code, stdout = self.cli("--model", "mlp", out=out)
        self.assertEqual(code, 0, stdout)
        self.assertEqual(sorted(os.listdir(out)), [MANIFEST, "output_code_0.py", "report.json"])


# ---------------------------------------------------------------------------
# AOTInductor package sources (inductor_xpu.modes.aot)

# The AOTI runtime interface Inductor prepends to every AOT wrapper
# (torch/_inductor/codegen/aoti_runtime/interface.cpp) names CUDA in two
# fixed lines whatever the device: the AOT wrapper's fixed header.
AOT_FIXED_HEADER_CUDA_LINES = (
    '// "CUDA error: an illegal memory access was encountered") are lost when',
    'is_cpu ? "cpu" : "cuda",',
)


class _Linear(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(32, 64)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.gelu(self.fc(x)).softmax(-1)


class _ConvNet(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.norm = torch.nn.BatchNorm2d(8)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.norm(self.conv(x))).amax((2, 3))


class _Embed(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embed = torch.nn.Embedding(50, 16)
        self.norm = torch.nn.LayerNorm(16)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.norm(self.embed(ids)).sum(1)


AOT_PROGRAMS: dict[str, tuple] = {
    "aot_linear_gelu_softmax": (_Linear, ((8, 32), torch.float32)),
    "aot_conv_bn_relu": (_ConvNet, ((2, 3, 16, 16), torch.float32)),
    "aot_embedding_layernorm": (_Embed, ((4, 10), torch.int64)),
}


def compile_aot_program(name: str, out_dir: str, target: str = TARGET):
    from inductor_xpu.modes.aot import compile_aot

    build, (shape, dtype) = AOT_PROGRAMS[name]
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        module = build().eval()
    with simulate(target) as sim:
        fake = sim.to_fake(module)
        x = sim.tensor(*shape, dtype=dtype)
        return compile_aot(sim, fake, x, out_dir=out_dir)


class TestXpuAotCodegen(TestCase):
    maxDiff = None

    def setUp(self):
        super().setUp()
        from inductor_xpu.modes.aot import aot_supported

        reason = aot_supported()
        if reason:
            self.skipTest(reason)
        self.out = tempfile.mkdtemp(prefix="aot_golden_")

    def tearDown(self):
        shutil.rmtree(getattr(self, "out", ""), ignore_errors=True)
        super().tearDown()

    def check_aot(self, name: str) -> None:
        profile = get_profile(TARGET)
        out = os.path.join(self.out, name)
        produced = compile_aot_program(name, out)
        self.assertEqual(len(produced), 1)
        sources = produced[0]
        with open(os.path.join(out, sources.wrapper), encoding="utf-8") as f:
            wrapper = f.read()
        with open(os.path.join(out, sources.metadata), encoding="utf-8") as f:
            metadata = json.load(f)
        self.assertEqual((metadata["device_type"], metadata["compiled"]), ("xpu", False))
        self.assertIn("#include <torch/csrc/inductor/aoti_include/xpu.h>", wrapper)
        kernels = metadata["kernels"]
        self.assertTrue(kernels)
        self.assertEqual(len(sources.triton_kernels), len(kernels))
        for kernel, facts in kernels.items():
            macro = kernel.upper()
            # the facts a compiled kernel would report, baked into the AOT source
            self.assertIn(f'#define {macro}_CUBIN_PATH "{kernel}.zebin"', wrapper)
            self.assertIn(f'#define {macro}_MANGLED_NAME "{kernel}"', wrapper)
            self.assertIn(f"#define {macro}_NUM_WARPS {facts['num_warps']}", wrapper)
            self.assertIn(f"#define {macro}_SHARED_MEM 0", wrapper)
            self.assertEqual((facts["threads_per_warp"], facts["target_arch"]), (32, profile.triton_arch))
            with open(os.path.join(out, "aot_0", "triton", f"{kernel}.py"), encoding="utf-8") as f:
                triton_source = f.read()
            self.assertIn(f"def {kernel}(", triton_source)
            self.assertIn(f"multi_processor_count={profile.gpu_subslice_count}", triton_source)
        offending = [
            line for line in wrapper.splitlines()
            if _CUDA_RE.search(line) and line.strip() not in AOT_FIXED_HEADER_CUDA_LINES
        ]
        self.assertEqual(offending, [])
        golden = (
            f"// golden: AOTInductor wrapper of {name} on simulated {profile.key} (not compiled; "
            "EXPECTTEST_ACCEPT=1 refreshes)\n"
            + "// kernels: "
            + json.dumps({k: {f: v[f] for f in ("num_warps", "config")} for k, v in sorted(kernels.items())},
                         sort_keys=True)
            + "\n"
            + normalize_generated(wrapper, profile)
        )
        assert_expected(self, EXPECT_DIR, f"{name}.cpp", golden)

    def test_failed_compile_leaves_nothing(self):
        from inductor_xpu.modes.aot import compile_aot

        out = os.path.join(self.out, "failed")

        class Bad(torch.nn.Module):
            def forward(self, x):
                return x @ x  # (4, 3) @ (4, 3): a shape error while exporting

        with simulate(TARGET) as sim, self.assertRaises(Exception):
            compile_aot(sim, Bad(), sim.tensor(4, 3), out_dir=out)
        self.assertFalse(os.path.exists(out))
        self.assertEqual([f for f in os.listdir(self.out) if f.startswith(".aot-staging-")], [])

    def test_compile_aot_every_profile(self):
        for profile in list_profiles():
            if getattr(profile, "device_type", "xpu") != "xpu":
                continue
            with self.subTest(target=profile.key):
                out = os.path.join(self.out, profile.key)
                stdout = io.StringIO()
                with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(io.StringIO()):
                    code = cli_main(["compile", "--target", profile.key, "--model", "mlp", "--aot", "--out", out])
                self.assertEqual(code, 0, stdout.getvalue())
                with open(os.path.join(out, "report.json")) as f:
                    report = json.load(f)
                graphs = report["aot"]["graphs"]
                self.assertEqual(len(graphs), 1)
                for facts in graphs[0]["kernels"].values():
                    self.assertEqual(facts["target_arch"], profile.triton_arch)
                for rel in graphs[0]["files"]:
                    self.assertTrue(os.path.exists(os.path.join(out, rel)), rel)


def _make_aot_test(name: str):
    def test(self: TestXpuAotCodegen) -> None:
        self.check_aot(name)

    test.__name__ = f"test_{name}"
    return test


for _name in AOT_PROGRAMS:
    setattr(TestXpuAotCodegen, f"test_{_name}", _make_aot_test(_name))


if __name__ == "__main__":
    run_tests()
