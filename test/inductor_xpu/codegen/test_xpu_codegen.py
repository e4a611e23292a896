# Owner(s): ["module: inductor"]
"""Golden tests of the xpu code Inductor generates, without an Intel GPU.

Every program of ``inductor_xpu.programs.codegen.PROGRAMS`` is compiled for a
simulated Data Center GPU Max 1550 (``inductor_xpu.device.simulate``, fake
xpu tensors, nothing executed) inside a ``CudaApiRecorder``, and its
generated wrapper + Triton kernels are checked for:

* the xpu-specific parts: the xpu raw-stream getter, ``torch.xpu``
  device guards, ``device_str='xpu'`` kernels, ``DeviceProperties(type='xpu'
  ...)`` carrying the profile's numbers;
* no ``cuda`` anywhere but the one stock wrapper-header line;
* what the program must produce (``Program.features``);
* the whole normalised output, against
  ``expect/xpu_codegen/<torch major.minor>/<program>.py``
  (refresh: ``EXPECTTEST_ACCEPT=1 python test/inductor_xpu/codegen/test_xpu_codegen.py``
  or ``--accept``);
* the ``torch.cuda`` uses made from ``torch._inductor`` while compiling:
  exactly the known ones of ``KNOWN_INDUCTOR_CUDA_USES`` (each a device-bias
  bug, listed there and nowhere else).

The expect files hold what each tested torch release (2.15, the series'
base, and 2.13) generates with the current ``torch_patches/`` series; a
patch that changes generated code changes them (refresh both sets).

With ``INDUCTOR_XPU_CODEGEN_REPORT=PATH`` each program's outcome is also
written to ``PATH`` (JSON) and ``PATH`` with a ``.md`` suffix (a table):
``pass``, ``differs`` (code generated, but it differs from the expect file
or misses a check) or ``fails`` (no code generated), with the first line of
the error, the torch version and, for ``differs``, the normalised code
under ``<PATH stem>_generated/`` to diff against the expect files.  The
tests pass or fail as without it; this is how a torch version is surveyed
(benchmarks/results/xpu_codegen_versions.md).

Training (forward, backward, optimizer step) and the C++ wrapper have their
own goldens: test_xpu_training_codegen.py and test_xpu_cpp_wrapper_codegen.py.
``TestCompileCommand`` covers ``python -m inductor_xpu compile``.
"""

from __future__ import annotations

import ast
import contextlib
import difflib
import io
import json
import os
import re
import sys
import tempfile
import textwrap

import expecttest
import torch
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from inductor_xpu.programs.codegen import compile_program, Program, PROGRAMS  # noqa: E402

from inductor_xpu.__main__ import main as cli_main  # noqa: E402
from inductor_xpu.compile import CompileOptions, run_compile  # noqa: E402
from inductor_xpu.compile.cli import EXIT_USAGE  # noqa: E402
from inductor_xpu.compile.report import summarize_wrapper  # noqa: E402
from inductor_xpu import config as inductor_xpu_config  # noqa: E402
from inductor_xpu.series.series import release_of, SeriesBase  # noqa: E402
from inductor_xpu.device import get_profile, simulate, SimulationError  # noqa: E402


TARGET = "max1550"
# One set of expect files per torch release that CI tests, since upstream's
# generated code differs between releases: expect/xpu_codegen/<release>/, the
# release named as for backports (torch 2.15.0+cpu -> 2.15).  Another release
# (a survey with INDUCTOR_XPU_CODEGEN_REPORT) is compared with the set of the
# series' base release (torch_patches/BASE).  EXPECTTEST_ACCEPT=1 writes the
# installed release's set.
EXPECT_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect", "xpu_codegen")


def expect_dir(root: str) -> str:
    """``root/<installed release>``, or the series base's set when the installed
    release has none (a survey run); every golden family keeps one set per
    release under its own root."""
    installed = os.path.join(root, release_of(torch.__version__))
    if os.path.isdir(installed) or expecttest.ACCEPT:
        return installed
    base_file = os.path.join(str(inductor_xpu_config.series_dir), "BASE")
    with open(base_file, encoding="utf-8") as f:
        base = SeriesBase.parse(f.read(), base_file).version
    return os.path.join(root, release_of(base))


EXPECT_DIR = expect_dir(EXPECT_ROOT)


def assert_expected(test: TestCase, directory: str, name: str, actual: str) -> None:
    """Compare ``actual`` with the expect file ``directory/name`` (``name``
    with its suffix); with ``EXPECTTEST_ACCEPT=1`` (or ``--accept``) write it
    instead."""
    path = os.path.join(directory, name)
    expected = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            expected = f.read()
    if expecttest.ACCEPT:
        if expected != actual:
            os.makedirs(directory, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(actual)
        return
    if expected is None:
        test.fail(f"no expect file {path}; to create it run with EXPECTTEST_ACCEPT=1")
    test.assertMultiLineEqual(
        expected,
        actual,
        f"generated code differs from {path} (EXPECTTEST_ACCEPT=1 to accept the new output)",
    )

# Stock-torch device-bias site: PythonWrapperCodegen.write_header
# (torch/_inductor/codegen/wrapper.py) aliases the CUDA allocator in every
# Python wrapper, whatever the graph's device.  It is the one line of
# generated xpu code allowed to say "cuda"; nothing else is.
STOCK_CUDA_HEADER_LINE = "empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda"

# torch.cuda uses whose caller is in torch._inductor, seen while compiling
# for xpu: (file, function, symbol) -> why.  A compile for xpu must not touch
# torch.cuda, so each entry is a device-bias bug, and this is the one place
# that lists them (the expected failures of "no torch.cuda use from
# torch._inductor").  The tests assert that exactly the entries that apply to
# a program are seen: an unknown caller fails, and so does a fixed one
# (remove its entry when a torch_patches/ patch fixes it).
ADDMM_PATTERNS_INIT = (
    "torch/_inductor/fx_passes/freezing_patterns.py",
    "addmm_patterns_init",
    "torch.cuda.is_available",
)
KNOWN_INDUCTOR_CUDA_USES: dict[tuple[str, str, str], str] = {}


# torch.cuda uses from torch._inductor that a patch of the series removes:
# use -> (patch, why).  Where that patch is not in effect (a torch version it
# does not apply to; `python -m inductor_xpu status`), the use is still there
# and may be seen; where it is in effect (torch 2.13), it must not be.
FIXED_BY_PATCH: dict[tuple[str, str, str], tuple[str, str]] = {
    # 2.14+: utils.get_gpu_dram_gbps (scheduler, pad_mm) looked the GPU up in
    # the datasheet table by the name of torch.cuda's current device
    ("torch/_inductor/analysis/device_info.py", "datasheet_dram_bw_gbs", "torch.cuda.is_available"): (
        "0006-device-tflops-device-generic",
        "datasheet_dram_bw_gbs without a name asks torch.cuda, then torch.xpu, for the current device",
    ),
    ("torch/_inductor/utils.py", "get_gpu_type", "torch.cuda.is_available"): (
        "0003-utils-device-generic-gpu-type",
        "get_gpu_type asks each GPU type's is_available(), CUDA's first, on every compile",
    ),
    # Seen only in the first freezing compile of a process
    # (freezing_patterns.lazy_init runs once per process).
    ADDMM_PATTERNS_INIT: (
        "0040-fx-passes-device-generic-pattern-trace-device",
        "freezing: fx_passes/freezing_patterns.py addmm_patterns_init picks the "
        "device to trace its patterns on by asking each GPU type's is_available()",
    ),
}


# torch.cuda uses from torch._inductor that only newer torch versions have
# (code the series' base, 2.13, does not contain, so no patch of the series
# can fix them yet): use -> (first torch version, why).  Where torch is that
# version or newer they may be seen; each is a device-bias bug to patch once
# the series moves to that version.
NEWER_TORCH_USES: dict[tuple[str, str, str], tuple[tuple[int, int], str]] = {}


def torch_release() -> tuple[int, int]:
    major, minor = torch.__version__.split(".")[:2]
    return int(major), int(minor)


def patches_not_in_effect() -> set[str]:
    """Names (without ``.patch``) of the series' patches that are neither
    applied nor upstream on this torch."""
    from inductor_xpu.overlay import installed
    from inductor_xpu.series import PatchStatus

    overlay = installed()
    if overlay is None:
        return {patch for patch, _ in FIXED_BY_PATCH.values()}
    return {
        state.patch.name.removesuffix(".patch")
        for state in overlay.result.states
        if state.status not in (PatchStatus.APPLIED, PatchStatus.UPSTREAM)
    }


def assert_known_inductor_cuda_uses(test: TestCase, seen: set[tuple[str, str, str]]) -> None:
    """``seen`` is exactly the known uses that apply: none, but for the uses
    of FIXED_BY_PATCH whose patch is not in effect on this torch, and the
    NEWER_TORCH_USES of this torch version.  (utils.get_gpu_type asked
    torch.cuda on every compile until torch_patches/0003, and
    freezing_patterns.addmm_patterns_init in the first freezing compile of a
    process until torch_patches/0040.)"""
    inactive = patches_not_in_effect()
    unfixed = {use for use, (patch, _) in FIXED_BY_PATCH.items() if patch in inactive}
    unfixed |= {use for use, (since, _) in NEWER_TORCH_USES.items() if torch_release() >= since}
    unknown = seen - set(KNOWN_INDUCTOR_CUDA_USES) - unfixed
    test.assertEqual(unknown, set(), "new torch.cuda use(s) from torch._inductor while compiling for xpu")
    test.assertEqual(seen - unfixed, set())


def inductor_cuda_uses(recorder) -> set[tuple[str, str, str]]:
    """``(file, function, symbol)`` of each torch.cuda use from torch._inductor;
    a comprehension is named by the function holding it."""
    return {
        (c["file"], c["function"].split(".<", 1)[0], c["symbol"])
        for c in recorder.to_json()["inductor_callers"]
    }


_DEVICE_PROPERTIES_RE = re.compile(
    r"DeviceProperties\(type='(\w+)', index=(\d+), multi_processor_count=(\d+), cc=(\{.*?\}), major="
)


def _capability_json(profile) -> dict:
    return json.loads(json.dumps(profile.capability()))  # tuples -> lists, as in the repr


def normalize_generated(source: str, profile) -> str:
    """The generated code with what varies between runs replaced: the AOT
    graph counter, kernel cache paths, the backend hash, and the capability
    dict (checked against the profile by check_xpu_parts)."""
    out = re.sub(r"# AOT ID: \['\d+_(\w+)'\]", r"# AOT ID: ['<n>_\1']", source)
    out = re.sub(r"# kernel path: .*", "# kernel path: <kernel cache path>", out)
    out = re.sub(r"'backend_hash': '[0-9A-F]{64}'", "'backend_hash': '<backend hash>'", out)
    out = _DEVICE_PROPERTIES_RE.sub(
        lambda m: m.group(0).replace(m.group(4), f"<capability of {profile.key}>"), out
    )
    return out


class XpuCodegenChecks:
    """Assertions shared by the golden tests and the compile command tests."""

    def check_xpu_parts(self, source: str, profile) -> None:
        summary = summarize_wrapper(source)
        kernels = summary.triton_kernels
        # Every Triton kernel is compiled for xpu ...
        self.assertEqual(set(summary.kernel_device_strs), {"xpu"} if kernels else set())
        # ... with the simulated device's properties in its triton_meta.
        props = _DEVICE_PROPERTIES_RE.findall(source)
        self.assertEqual(len(props), len(kernels), "one DeviceProperties per kernel")
        for dev_type, index, mpc, cc in props:
            self.assertEqual((dev_type, index), ("xpu", "0"))
            self.assertEqual(int(mpc), profile.gpu_subslice_count)
            self.assertEqual(ast.literal_eval(cc), _capability_json(profile))
        self.assertNotRegex(source, r"DeviceProperties\(type='(?!xpu')")
        # Launches go on the xpu stream, under an xpu device guard.
        if kernels:
            self.assertIn("from torch._C import _xpu_getCurrentRawStream as get_raw_stream", source)
            launches = re.findall(r"\w+\.run\(.*\)$", source, re.M)
            self.assertTrue(launches)
            for launch in launches:
                self.assertIn("stream=raw_stream0", launch)
            self.assertIn("raw_stream0 = get_raw_stream(0)", source)
        self.assertIn("with torch.xpu._DeviceGuard(0):", source)
        self.assertNotRegex(source, r"torch\.cuda\.|_cuda_getCurrentRawStream|device_str='cuda'")
        # "cuda" nowhere, except the stock header alias (see STOCK_CUDA_HEADER_LINE).
        offending = [
            line
            for line in source.splitlines()
            if "cuda" in line.lower() and line.strip() != STOCK_CUDA_HEADER_LINE
        ]
        self.assertEqual(offending, [])

    def assert_expected_file(self, name: str, actual: str) -> None:
        """Compare with ``expect/xpu_codegen/<release>/<name>.py``."""
        assert_expected(self, EXPECT_DIR, f"{name}.py", actual)


REPORT_ENV = "INDUCTOR_XPU_CODEGEN_REPORT"


class ProgramReport:
    """Per-program outcomes for ``INDUCTOR_XPU_CODEGEN_REPORT`` (see the
    module docstring); rewritten after every program, so a run that stops
    early still leaves what it saw."""

    def __init__(self, path: str) -> None:
        self.path = path
        stem = path[:-5] if path.endswith(".json") else path
        self.md_path = stem + ".md"
        self.generated_dir = stem + "_generated"
        self.rows: dict[str, dict] = {}
        if os.path.exists(path):  # several pytest invocations add up
            with open(path, encoding="utf-8") as f:
                self.rows = {row["program"]: row for row in json.load(f).get("programs", [])}

    def record(self, name: str, status: str, stage: str | None, error: BaseException | None,
               golden: str | None) -> None:
        first_line = ""
        if error is not None:
            lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
            # A header line ending in ":" says little without the next one.
            shown = " ".join(lines[:2]) if lines and lines[0].endswith(":") else (lines[0] if lines else "")
            first_line = f"{type(error).__name__}: {shown}"[:300]
        row: dict = {"program": name, "status": status, "stage": stage, "error": first_line}
        if status == "differs" and golden is not None:
            os.makedirs(self.generated_dir, exist_ok=True)
            out = os.path.join(self.generated_dir, f"{name}.py")
            with open(out, "w", encoding="utf-8") as f:
                f.write(golden)
            row["generated"] = out
            expect = os.path.join(EXPECT_DIR, f"{name}.py")
            if os.path.exists(expect):
                with open(expect, encoding="utf-8") as f:
                    old = f.read().splitlines()
                new = golden.splitlines()
                changed = [
                    line for line in difflib.unified_diff(old, new, lineterm="", n=0)
                    if line[:1] in "+-" and not line.startswith(("+++", "---"))
                ]
                row["changed_lines"] = len(changed)
                if stage == "expect" and changed:
                    # The first change says more than assertMultiLineEqual's head.
                    first = [next((c for c in changed if c[0] == sign), "") for sign in "-+"]
                    row["error"] = " / ".join(c[:140].strip() for c in first if c)
        self.rows[name] = row
        self.write()

    def write(self) -> None:
        rows = [self.rows[n] for n in sorted(self.rows)]
        counts = {k: sum(1 for r in rows if r["status"] == k) for k in ("pass", "differs", "fails")}
        data = {"torch": torch.__version__, "target": TARGET, "counts": counts, "programs": rows}
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        lines = [
            f"# xpu codegen golden programs on torch {torch.__version__} (target {TARGET})",
            "",
            f"pass {counts['pass']}, differs {counts['differs']}, fails {counts['fails']}",
            "",
            "| program | status | stage | changed lines | first error line |",
            "|---|---|---|---|---|",
        ]
        for r in rows:
            error = r["error"].replace("|", "\\|")
            lines.append(
                f"| {r['program']} | {r['status']} | {r['stage'] or ''} | {r.get('changed_lines', '')} | {error} |"
            )
        with open(self.md_path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


_report: ProgramReport | None = None


def program_report() -> ProgramReport | None:
    global _report
    path = os.environ.get(REPORT_ENV)
    if not path:
        return None
    if _report is None or _report.path != path:
        _report = ProgramReport(path)
    return _report


class TestXpuCodegen(XpuCodegenChecks, TestCase):
    """One test per program (``test_<name>``); see the module docstring."""

    maxDiff = None

    def check_program(self, program: Program) -> None:
        report = program_report()
        if report is None:
            self._check_program(program, {})
            return
        state: dict = {}
        try:
            self._check_program(program, state)
        except BaseException as e:
            stage = state.get("stage", "compile")
            report.record(program.name, "fails" if stage == "compile" else "differs", stage, e, state.get("golden"))
            raise
        report.record(program.name, "pass", None, None, None)

    def _check_program(self, program: Program, state: dict) -> None:
        """``state["stage"]``: how far it got (compile, checks, expect);
        ``state["golden"]``: the normalised code once generated."""
        profile = get_profile(TARGET)
        state["stage"] = "compile"
        code, recorder = compile_program(program, TARGET)
        state["stage"] = "checks"
        state["golden"] = (
            f"# golden: {program.name} on simulated {profile.key} "
            f"(normalised; EXPECTTEST_ACCEPT=1 refreshes)\n"
        ) + "".join(
            f"# ===== graph {i} of {len(code)} =====\n{normalize_generated(g.source, profile)}"
            for i, g in enumerate(code)
        )
        self.assertEqual(len(code), program.graphs)
        for graph in code:
            self.assertEqual(graph.wrapper_kind, "python")
            self.check_xpu_parts(graph.source, profile)
        source = "\n".join(graph.source for graph in code)
        for feature in program.features:
            self.assertRegex(source, feature)
        assert_known_inductor_cuda_uses(self, inductor_cuda_uses(recorder))
        state["stage"] = "expect"
        self.assert_expected_file(program.name, state["golden"])

    def test_program_set(self):
        names = [p.name for p in PROGRAMS]
        self.assertEqual(len(names), len(set(names)))
        self.assertGreaterEqual(len(names), 25)
        # No expect file without a program.
        if os.path.isdir(EXPECT_DIR):
            stale = {f[:-3] for f in os.listdir(EXPECT_DIR) if f.endswith(".py")} - set(names)
            self.assertEqual(stale, set())

    def test_mm_triton_template_with_max_autotune(self):
        # Inductor picks its Triton mm template over extern mm only by
        # benchmarking them (max_autotune); a simulation runs no kernel.
        try:
            config = {"max_autotune": True, "max_autotune_gemm_backends": "TRITON"}
            with simulate(TARGET, inductor_config=config) as sim:
                code = sim.compile(lambda a, b: a @ b, sim.tensor(256, 256), sim.tensor(256, 256)).code
        except SimulationError as e:
            self.assertRegex(str(e), "max_autotune")
            self.skipTest(f"the simulation refuses max_autotune (Triton templates are chosen by benchmarking): {e}")
        self.assertRegex(code[0].source, r"def triton_tem_fused_mm_0\(")


def _make_program_test(program: Program):
    def test(self: TestXpuCodegen) -> None:
        self.check_program(program)

    test.__name__ = f"test_{program.name}"
    test.__doc__ = f"golden xpu code of {program.name}"
    return test


for _program in PROGRAMS:
    setattr(TestXpuCodegen, f"test_{_program.name}", _make_program_test(_program))


class TestCompileCommand(XpuCodegenChecks, TestCase):
    """``python -m inductor_xpu compile``."""

    def setUp(self):
        super().setUp()
        self._tmp = tempfile.TemporaryDirectory()
        self.out = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()
        super().tearDown()

    def cli(self, *argv: str) -> tuple[int, str, str]:
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = cli_main(["compile", *argv, "--out", self.out])
        return code, stdout.getvalue(), stderr.getvalue()

    def read_report(self) -> dict:
        with open(os.path.join(self.out, "report.json")) as f:
            return json.load(f)

    def test_demo(self):
        code, stdout, _ = self.cli()
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        profile = get_profile(TARGET)
        self.assertEqual(report["status"], "ok")
        self.assertEqual(report["target"]["key"], TARGET)
        self.assertEqual(report["versions"]["torch"], torch.__version__)
        self.assertEqual(report["program"]["name"], "demo")
        self.assertEqual(report["graph_breaks"]["count"], 0)
        self.assertEqual(len(report["graphs"]), 1)
        graph = report["graphs"][0]
        with open(os.path.join(self.out, graph["file"])) as f:
            source = f.read()
        self.check_xpu_parts(source, profile)
        self.assertEqual(graph, summarize_wrapper(source, 0, "output_code_0.py").to_json())
        # convs, linears and the attention matmuls are extern kernels; the
        # post-ops, softmax and layernorms are Triton kernels.
        # bmm: q @ k^T and weights @ v.  The projection of the transposed
        # conv features (a linear on a non-contiguous 3-D input) is one mm:
        # its weight requires grad, as in real inference, so ATen's matmul
        # folds it (should_fold), as the simulated H100 does.
        self.assertEqual(
            graph["extern_calls"],
            {
                "extern_kernels.addmm": 1,
                "extern_kernels.bmm": 2,
                "extern_kernels.convolution": 3,
                "extern_kernels.mm": 5,
            },
        )
        self.assertEqual(graph["fallbacks"], {})
        kernels = " ".join(graph["triton_kernels"])
        for part in ("relu", "silu", "gelu", "_softmax", "native_layer_norm", "mean"):
            self.assertIn(part, kernels)
        # Attention is not rewritten to SDPA: its learned per-head temperature
        # (a tensor) is no pattern of fx_passes/fuse_attention.py.
        self.assertNotIn("scaled_dot_product", source)
        self.assertEqual(report["counters"]["onednn"], {})
        cuda = report["cuda_api"]
        self.assertEqual(cuda["count"], sum(cuda["by_package"].values()))
        seen = {(c["file"], c["function"].split(".<")[0], c["symbol"]) for c in cuda["inductor_callers"]}
        assert_known_inductor_cuda_uses(self, seen)
        # FakeTensorMode.avoid_device_init asked torch.cuda.is_available() on
        # every fake op; a simulation answers it (the xpu device is never there).
        self.assertNotIn("torch._subclasses", cuda["by_package"])
        inductor_uses = sum(c["count"] for c in cuda["inductor_callers"])
        self.assertEqual(inductor_uses == 0, not seen)  # 0 on torch 2.13 with the series
        for line in (
            "compile demo for max1550 (Intel(R) Data Center GPU Max 1550), fp32, inference: OK",
            f"torch.cuda uses from torch._inductor: {inductor_uses}",
            "output_code_0.py",
        ):
            self.assertIn(line, stdout)

    def test_freezing_fuses_convs_with_onednn(self):
        code, stdout, _ = self.cli("--model", "convnet", "--freezing")
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        self.assertTrue(report["inductor_config"]["freezing"])
        onednn = report["counters"]["onednn"]
        self.assertGreater(onednn.get("mkldnn_conv_weight_pack_matcher_count", 0), 0)
        self.assertGreater(onednn.get("mkldnn_unary_fusion_matcher_count", 0), 0)
        self.assertGreater(onednn.get("mkldnn_conv_binary_unary_fusion_matcher_count", 0), 0)
        for name, value in onednn.items():
            self.assertEqual(report["counters"]["inductor"][name], value)
        extern = report["graphs"][0]["extern_calls"]
        self.assertIn("torch.ops.mkldnn._convolution_pointwise.default", extern)
        self.assertIn("torch.ops.mkldnn._convolution_pointwise.binary", extern)
        self.assertIn("always_keep_tensor_constants", report["simulation_adjustments"])
        self.assertIn("oneDNN/mkldnn fusion counters: mkldnn_", stdout)
        assert_known_inductor_cuda_uses(
            self,
            {(c["file"], c["function"].split(".<")[0], c["symbol"]) for c in report["cuda_api"]["inductor_callers"]},
        )

    def test_script_and_dtype(self):
        script = os.path.join(self.out, "user_model.py")
        with open(script, "w") as f:
            f.write(
                textwrap.dedent(
                    """
                    import torch

                    def build():
                        model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.SiLU())
                        return model, (torch.randn(8, 32),)
                    """
                )
            )
        code, stdout, _ = self.cli("--script", f"{script}:build", "--dtype", "bf16", "--target", "arc140v")
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        self.assertEqual((report["target"]["key"], report["options"]["dtype"]), ("arc140v", "bf16"))
        with open(os.path.join(self.out, "output_code_0.py")) as f:
            source = f.read()
        self.check_xpu_parts(source, get_profile("arc140v"))
        self.assertIn("'*bf16'", source)
        self.assertIn("torch.bfloat16", source)

    def test_graph_breaks_give_one_file_per_graph(self):
        script = os.path.join(self.out, "breaks.py")
        with open(script, "w") as f:
            f.write(
                textwrap.dedent(
                    """
                    import torch

                    def fn(x):
                        y = x.sin()
                        torch._dynamo.graph_break()
                        return y.cos()

                    def build():
                        return fn, [torch.randn(16, 16)]
                    """
                )
            )
        code, stdout, _ = self.cli("--script", f"{script}:build")
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        self.assertEqual(report["graph_breaks"]["count"], 1)
        self.assertEqual([g["file"] for g in report["graphs"]], ["output_code_0.py", "output_code_1.py"])
        self.assertTrue(os.path.exists(os.path.join(self.out, "output_code_1.py")))

    def test_sdpa_takes_the_xpu_backend(self):
        # Was blocker 2 of docs/hardware_less_codegen.md (aten's SDPA backend
        # choice needs the XPU dispatch stub); the simulation now picks the
        # backend as the XPU build does (inductor_xpu.device.meta.sdpa): oneDNN's
        # fused kernel, an ATen fallback in the wrapper.
        script = os.path.join(self.out, "sdpa.py")
        with open(script, "w") as f:
            f.write(
                textwrap.dedent(
                    """
                    import torch

                    class Attention(torch.nn.Module):
                        def forward(self, q):
                            return torch.nn.functional.scaled_dot_product_attention(q, q, q)

                    def build():
                        return Attention(), (torch.randn(1, 2, 8, 16),)
                    """
                )
            )
        code, stdout, _ = self.cli("--script", f"{script}:build")
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        self.assertEqual(report["status"], "ok")
        self.assertIsNone(report.get("known_blocker"))
        graph = report["graphs"][0]
        self.assertEqual(
            graph["fallbacks"], {"torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default": 1}
        )
        with open(os.path.join(self.out, graph["file"])) as f:
            self.check_xpu_parts(f.read(), get_profile(TARGET))

    def test_usage_errors(self):
        for argv, message in (
            (("--model", "no_such_model"), "built-in models: demo, mlp, convnet, transformer_block"),
            (("--target", "rtx4090"), "known: "),
            (("--script", "no_colon.py"), "PATH:FUNC"),
        ):
            with self.subTest(argv=argv):
                code, _, stderr = self.cli(*argv)
                self.assertEqual(code, EXIT_USAGE)
                self.assertIn(message, stderr)

    def test_run_compile_api(self):
        report = run_compile(CompileOptions(model="transformer_block", dynamic=True, out=self.out))
        self.assertEqual(report.status, "ok", report.error)
        self.assertEqual(report.files, ["output_code_0.py", "report.json"])
        self.assertTrue(report.data["options"]["dynamic"])
        self.assertEqual(
            report.data["command"],
            f"python -m inductor_xpu compile --target max1550 --model transformer_block --dynamic --out {self.out}",
        )


if __name__ == "__main__":
    run_tests()
