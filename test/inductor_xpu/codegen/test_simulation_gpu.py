# Owner(s): ["module: inductor"]
"""Simulations in a process that has a real CUDA GPU (skipped without one).

Most PyTorch contributors work on a machine with an NVIDIA GPU, so
``simulate()`` and ``python -m inductor_xpu compile`` must work there:

* the golden programs (inductor_xpu/programs/codegen.py) generate the same xpu code
  with the GPU visible as with ``CUDA_VISIBLE_DEVICES=`` (nothing in the
  simulated xpu code may depend on the machine's CUDA);
* the compile command succeeds with the GPU visible;
* the simulation changes nothing real CUDA work relies on: a CUDA compile
  right after a simulation, in the same process, runs and matches eager;
* the ``h100``/``h200`` profile agrees with ``torch.cuda.get_device_properties()``
  of the GPU, where the GPU is that product.

Each case runs in a fresh subprocess, so that CUDA is first initialised
where the case says (inside the simulation), whatever ran before.  With
``INDUCTOR_XPU_GPU_TEST_OUT=DIR`` the subprocesses' JSON results are kept
in ``DIR``.

``TestCudaInitUnderRecorder`` runs everywhere: it checks the fix for the
failure this file was written for (``DeferredCudaCallError: ... name
'_get_device_properties' is not defined``) without a GPU.
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
import tempfile
from unittest import mock

import torch
from torch._inductor.test_case import run_tests, TestCase


HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)

OUT_ENV = "INDUCTOR_XPU_GPU_TEST_OUT"


# ---------------------------------------------------------------------------
# What the subprocesses run (``python -c "import test_simulation_gpu as t; t.X(path)"``).


def dump_golden_programs(path: str) -> None:
    """Compile every golden program for a simulated Max 1550 (inside a
    CudaApiRecorder, as the golden tests and the compile command do) and
    write ``{program: normalised code, or the error}``."""
    from test_xpu_codegen import normalize_generated
    from inductor_xpu.programs.codegen import compile_program, PROGRAMS

    from inductor_xpu.device import get_profile

    profile = get_profile("max1550")
    results: dict[str, str] = {}
    for program in PROGRAMS:
        try:
            code, _ = compile_program(program)
            results[program.name] = "\n".join(normalize_generated(c.source, profile) for c in code)
        except Exception as e:  # compared as such: the same failure on both sides
            lines = [line.strip() for line in str(e).splitlines() if line.strip()]
            results[program.name] = f"error: {type(e).__name__}: {' | '.join(lines[:3])[:500]}"
    info = {"cuda_available": torch.cuda.is_available(), "cuda_initialized": torch.cuda.is_initialized()}
    with open(path, "w") as f:
        json.dump({"info": info, "programs": results}, f, indent=1, sort_keys=True)


def compile_after_simulation(path: str) -> None:
    """A simulation (xpu and h100) and then, in the same process, real CUDA
    compiles checked against eager."""
    from inductor_xpu.programs.codegen import compile_program, PROGRAMS_BY_NAME

    import torch._inductor.utils as inductor_utils
    from torch._dynamo.device_interface import CudaInterface, get_interface_for_device
    from torch._inductor.runtime.hints import DeviceProperties

    from inductor_xpu.device import simulate

    out: dict[str, object] = {"cuda_initialized_before": torch.cuda.is_initialized()}
    for name in ("softmax", "conv_batchnorm_relu", "layer_norm"):
        compile_program(PROGRAMS_BY_NAME[name])  # xpu, under a CudaApiRecorder
    with simulate("h100") as sim:
        sim.compile(lambda x: x.softmax(-1), sim.tensor(64, 1000))
    out["cuda_initialized_by_simulation"] = torch.cuda.is_initialized()

    def f(x, w, b):
        y = torch.nn.functional.layer_norm(x @ w + b, (w.shape[1],))
        return torch.softmax(y, -1).sum(0), torch.relu(y).amax(-1)

    torch.manual_seed(0)
    args = (torch.randn(256, 512, device="cuda"), torch.randn(512, 384, device="cuda"), torch.randn(384, device="cuda"))
    expected = f(*args)
    compiled = torch.compile(f)
    actual = compiled(*args)
    conv = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.BatchNorm2d(8), torch.nn.ReLU()).cuda().eval()
    image = torch.randn(2, 3, 32, 32, device="cuda")
    with torch.no_grad():
        conv_expected = conv(image)
        conv_actual = torch.compile(conv)(image)
    out["matches_eager"] = [
        bool(torch.allclose(a, e, atol=1e-3, rtol=1e-3))
        for a, e in zip((*actual, conv_actual), (*expected, conv_expected))
    ]
    props = torch.cuda.get_device_properties(0)
    out["gpu_type"] = inductor_utils.get_gpu_type()
    out["cuda_interface_is_torchs"] = get_interface_for_device("cuda") is CudaInterface
    out["inductor_sms"] = DeviceProperties.create(torch.device("cuda", 0)).multi_processor_count
    out["real_sms"] = props.multi_processor_count
    out["device_name"] = props.name
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


def dump_device_properties(path: str) -> None:
    props = torch.cuda.get_device_properties(0)
    values = {}
    for name in dir(props):
        if name.startswith("_"):
            continue
        value = getattr(props, name)
        if not callable(value):
            values[name] = value if isinstance(value, (int, float, str, bool)) else str(value)
    with open(path, "w") as f:
        json.dump(values, f, indent=1, sort_keys=True)


# ---------------------------------------------------------------------------


def run_case(test: TestCase, func: str, *, cuda_visible: bool, name: str) -> dict:
    out_dir = os.environ.get(OUT_ENV) or tempfile.mkdtemp(prefix="inductor_xpu_gpu_test_")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{name}.json")
    env = dict(os.environ)
    if not cuda_visible:
        env["CUDA_VISIBLE_DEVICES"] = ""
    code = f"import sys; sys.path.insert(0, {HERE!r}); import test_simulation_gpu as t; t.{func}({path!r})"
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, timeout=900
    )
    test.assertEqual(proc.returncode, 0, f"{func} (CUDA visible: {cuda_visible}) failed:\n{proc.stderr[-6000:]}")
    with open(path) as f:
        return json.load(f)


class TestCudaInitUnderRecorder(TestCase):
    def test_cuda_init_defines_into_the_real_module(self):
        # torch._C._cuda_init (C++) defines _get_device_properties in the
        # dictionary of sys.modules["torch.cuda"]; under a CudaApiRecorder
        # that was the proxy, so the real module's get_device_properties
        # failed with "name '_get_device_properties' is not defined".
        from inductor_xpu.analysis.sanitizer import CudaApiRecorder

        real = sys.modules["torch.cuda"]
        seen = []

        def fake_cuda_init():
            module = sys.modules["torch.cuda"]
            seen.append(module)
            vars(module)["_inductor_xpu_probe"] = True  # as pybind11's def does

        try:
            with mock.patch.object(torch._C, "_cuda_init", fake_cuda_init, create=True):
                with CudaApiRecorder() as recorder:
                    self.assertIsNot(sys.modules["torch.cuda"], real)
                    torch._C._cuda_init()
                    self.assertIsNot(sys.modules["torch.cuda"], real)
                    self.assertTrue(torch.cuda._inductor_xpu_probe)  # through the proxy
                self.assertIs(torch._C._cuda_init, fake_cuda_init)
            self.assertEqual(seen, [real])
            self.assertTrue(vars(real)["_inductor_xpu_probe"])
            self.assertIn("torch.cuda._inductor_xpu_probe", recorder.by_symbol())
        finally:
            vars(real).pop("_inductor_xpu_probe", None)


class TestSimulationWithGpu(TestCase):
    def setUp(self):
        super().setUp()
        if not torch.cuda.is_available():
            self.skipTest("needs a CUDA GPU")

    def test_golden_programs_same_xpu_code_with_cuda_visible(self):
        hidden = run_case(self, "dump_golden_programs", cuda_visible=False, name="programs_cuda_hidden")
        visible = run_case(self, "dump_golden_programs", cuda_visible=True, name="programs_cuda_visible")
        self.assertFalse(hidden["info"]["cuda_available"])
        self.assertTrue(visible["info"]["cuda_available"])
        self.assertEqual(set(visible["programs"]), set(hidden["programs"]))
        generated = [n for n, src in hidden["programs"].items() if not src.startswith("error:")]
        self.assertGreaterEqual(len(generated), len(hidden["programs"]) // 2, hidden["programs"])
        differ = {}
        for name in sorted(hidden["programs"]):
            a, b = hidden["programs"][name], visible["programs"][name]
            if a != b:
                differ[name] = "\n".join(
                    list(
                        difflib.unified_diff(
                            a.splitlines(), b.splitlines(), "cuda hidden", "cuda visible", lineterm="", n=1
                        )
                    )[:40]
                )
        self.assertEqual(differ, {}, "\n\n".join(f"{k}:\n{v}" for k, v in differ.items()))

    def test_compile_command_with_cuda_visible(self):
        results = {}
        for visible in (False, True):
            with tempfile.TemporaryDirectory() as out:
                env = dict(os.environ)
                if not visible:
                    env["CUDA_VISIBLE_DEVICES"] = ""
                proc = subprocess.run(
                    [sys.executable, "-m", "inductor_xpu", "compile", "--target", "max1550", "--out", out],
                    env=env, cwd=REPO, capture_output=True, text=True, timeout=900,
                )
                self.assertEqual(proc.returncode, 0, f"CUDA visible: {visible}\n{proc.stdout}\n{proc.stderr[-4000:]}")
                with open(os.path.join(out, "report.json")) as f:
                    report = json.load(f)
                self.assertEqual(report["status"], "ok")
                results[visible] = report["totals"]
        self.assertEqual(results[True], results[False])

    def test_cuda_compile_after_simulation_matches_eager(self):
        out = run_case(self, "compile_after_simulation", cuda_visible=True, name="compile_after_simulation")
        self.assertFalse(out["cuda_initialized_before"])
        self.assertEqual(out["matches_eager"], [True, True, True])
        self.assertEqual(out["gpu_type"], "cuda")
        self.assertTrue(out["cuda_interface_is_torchs"])
        self.assertEqual(out["inductor_sms"], out["real_sms"])

    def test_nvidia_profile_matches_this_gpu(self):
        from inductor_xpu.device import list_profiles

        real = run_case(self, "dump_device_properties", cuda_visible=True, name="device_properties")
        matching = [p for p in list_profiles() if p.device_type == "cuda" and p.name == real["name"]]
        if not matching:
            self.skipTest(f"no profile for {real['name']}")
        profile = matching[0]
        simulated = vars(profile.device_properties())
        # Per-device identifiers aside, the real object has the profile's fields.
        # (torch < 2.15 may not bind the newest fields: those are not compared.)
        self.assertLessEqual(
            set(simulated) - set(real),
            {"max_threads_per_block", "shared_memory_per_block_optin", "regs_per_multiprocessor"},
        )
        exact = {
            k: v
            for k, v in simulated.items()
            if k in real and k not in ("total_memory", "clock_rate", "memory_clock_rate")
        }
        self.assertEqual(exact, {k: real[k] for k in exact})
        # Memory and clocks: a public spec-sheet figure vs the driver's.
        self.assertLessEqual(real["total_memory"], simulated["total_memory"])
        self.assertGreater(real["total_memory"], 0.97 * simulated["total_memory"])


if __name__ == "__main__":
    run_tests()
