# Owner(s): ["module: inductor"]
"""Golden tests of the xpu code Inductor generates for *training*, without
an Intel GPU.

Every program of ``inductor_xpu.programs.training.TRAINING_PROGRAMS`` is trained for
one step on a simulated Data Center GPU Max 1550
(:func:`inductor_xpu.modes.training.compile_training_step`: the forward
graph, the backward graph Inductor compiles when ``loss.backward()`` runs,
and the compiled optimizer step where the program has one), and checked
like the inference goldens of test_xpu_codegen.py: the xpu parts, no
``cuda`` but the stock header line, each phase's features, the known
``torch.cuda`` uses from ``torch._inductor``, and the whole normalised
output against ``expect/xpu_training_codegen/<release>/<program>.py``
(``EXPECTTEST_ACCEPT=1`` refreshes).

Autograd on fake xpu tensors needs the C++ shim of
:mod:`inductor_xpu.device.xpu_autograd`; the tests also check that the
process is as before once a simulation ends (no xpu device guard left, grad
mode and torch's accelerator unchanged), and that ``compile --train`` is
refused cleanly, never aborting, where the shim cannot be built.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

import torch
from torch._inductor.test_case import run_tests, TestCase


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_xpu_codegen import (  # noqa: E402
    assert_expected,
    expect_dir,
    assert_known_inductor_cuda_uses,
    inductor_cuda_uses,
    normalize_generated,
    XpuCodegenChecks,
)
from inductor_xpu.programs.training import compile_training_program, TRAINING_PROGRAMS, TrainingProgram  # noqa: E402

from inductor_xpu import config as inductor_xpu_config  # noqa: E402
from inductor_xpu.__main__ import main as cli_main  # noqa: E402
from inductor_xpu.compile.cli import EXIT_REFUSED, EXIT_USAGE  # noqa: E402
from inductor_xpu.device import get_profile, list_profiles, simulate, SimulationError  # noqa: E402
from inductor_xpu.device.xpu_autograd import load_shim, shim_path, xpu_guard_registered, XpuAutogradUnavailable  # noqa: E402


TARGET = "max1550"
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
EXPECT_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expect", "xpu_training_codegen")


EXPECT_DIR = expect_dir(EXPECT_ROOT)


def shim_available() -> str | None:
    """None if autograd on fake xpu tensors works here, else why not."""
    try:
        load_shim()
    except XpuAutogradUnavailable as e:
        return str(e)
    return None


class TestXpuTrainingCodegen(XpuCodegenChecks, TestCase):
    """One test per training program (``test_<name>``)."""

    maxDiff = None

    def setUp(self):
        super().setUp()
        reason = shim_available()
        if reason:
            self.skipTest(f"training simulation unavailable: {reason}")

    def check_program(self, program: TrainingProgram) -> None:
        profile = get_profile(TARGET)
        result, recorder = compile_training_program(program, TARGET)
        # Graphs come in phase order: forward, backward, optimizer.
        self.assertEqual(list(dict.fromkeys(result.phases)), list(program.phases))
        self.assertEqual(len(result.phases), len(result.code))
        for graph in result.code:
            self.assertEqual(graph.wrapper_kind, "python")
            self.check_xpu_parts(graph.source, profile)
        for phase, features in program.features.items():
            source = "\n".join(g.source for g in result.by_phase(phase))
            for feature in features:
                self.assertRegex(source, feature, f"{phase} graph(s) of {program.name}")
        assert_known_inductor_cuda_uses(self, inductor_cuda_uses(recorder))
        golden = (
            f"# golden: training step of {program.name} on simulated {profile.key} "
            f"(normalised; EXPECTTEST_ACCEPT=1 refreshes)\n"
        ) + "".join(
            f"# ===== graph {i} of {len(result.code)}: {phase} =====\n{normalize_generated(g.source, profile)}"
            for i, (g, phase) in enumerate(zip(result.code, result.phases))
        )
        assert_expected(self, EXPECT_DIR, f"{program.name}.py", golden)

    def test_program_set(self):
        names = [p.name for p in TRAINING_PROGRAMS]
        self.assertEqual(len(names), len(set(names)))
        self.assertGreaterEqual(len(names), 10)
        self.assertTrue(any(p.optimizer for p in TRAINING_PROGRAMS))
        self.assertTrue(any(p.amp_dtype for p in TRAINING_PROGRAMS))
        if os.path.isdir(EXPECT_DIR):
            stale = {f[:-3] for f in os.listdir(EXPECT_DIR) if f.endswith(".py")} - set(names)
            self.assertEqual(stale, set())


def _make_program_test(program: TrainingProgram):
    def test(self: TestXpuTrainingCodegen) -> None:
        self.check_program(program)

    test.__name__ = f"test_{program.name}"
    test.__doc__ = f"golden xpu training code of {program.name}"
    return test


for _program in TRAINING_PROGRAMS:
    setattr(TestXpuTrainingCodegen, f"test_{_program.name}", _make_program_test(_program))


def _run_python(code: str, env: dict[str, str] | None = None, timeout: int = 600) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


class TestTrainingSimulation(TestCase):
    """The simulation's autograd support: what it does to the process."""

    def setUp(self):
        super().setUp()
        reason = shim_available()
        if reason:
            self.skipTest(f"training simulation unavailable: {reason}")

    def test_process_unchanged_after_simulation(self):
        import torch._inductor.lowering as lowering

        grad_before = torch.is_grad_enabled()
        accelerator_before = torch.accelerator.current_accelerator()
        engine_before = (torch.autograd._engine_run_backward, torch.autograd.graph._engine_run_backward)
        lowerings_before = dict(lowering.lowerings)
        self.assertFalse(xpu_guard_registered())
        for grad in (True, False):
            with torch.set_grad_enabled(grad):
                with simulate(TARGET) as sim:
                    self.assertTrue(sim.autograd)
                    self.assertTrue(xpu_guard_registered())
                    # inside: an eager backward on fake xpu tensors works
                    w = sim.tensor(4, 4, requires_grad=True)
                    with torch.enable_grad():
                        (w * 2).sum().backward()
                    self.assertEqual((w.grad.shape, w.grad.device.type), ((4, 4), "xpu"))
                    # the accelerator is only xpu while the engine runs
                    self.assertEqual(torch.accelerator.current_accelerator(), accelerator_before)
                self.assertEqual(torch.is_grad_enabled(), grad)
        self.assertEqual(torch.is_grad_enabled(), grad_before)
        self.assertFalse(xpu_guard_registered())
        self.assertEqual(torch.accelerator.current_accelerator(), accelerator_before)
        self.assertEqual(
            (torch.autograd._engine_run_backward, torch.autograd.graph._engine_run_backward), engine_before
        )
        self.assertEqual(dict(lowering.lowerings), lowerings_before)
        # a CPU backward still works as before
        x = torch.ones(3, requires_grad=True)
        (x * 3).sum().backward()
        self.assertEqual(x.grad.tolist(), [3.0, 3.0, 3.0])

    def test_guard_really_removed_after_simulation(self):
        # In a fresh process: after the simulation, autograd on fake xpu
        # tensors is as in stock torch again -- the missing guard aborts the
        # process -- so nothing of the simulation's registration survives.
        proc = _run_python(
            """
            import torch
            from inductor_xpu.device import simulate
            from torch._subclasses.fake_tensor import FakeTensorMode
            with simulate("max1550") as sim:
                assert sim.autograd
            print("simulation-ended", flush=True)
            with FakeTensorMode():
                w = torch.empty(4, device="xpu", requires_grad=True)
                (w * 2).sum().backward()
            print("backward-ran", flush=True)
            """
        )
        self.assertIn("simulation-ended", proc.stdout, proc.stderr[-2000:])
        self.assertNotIn("backward-ran", proc.stdout)
        self.assertNotEqual(proc.returncode, 0)

    def test_backward_before_the_first_simulation(self):
        # The engine sizes its device queues at the first backward of the
        # process.  Without a GPU guard counting devices then, training is
        # refused with the reason (no abort); priming first makes it work.
        code = """
            import sys, torch
            from inductor_xpu.device import simulate
            from inductor_xpu.device.xpu_autograd import prime_autograd_engine
            if sys.argv[1] == "prime":
                assert prime_autograd_engine()
            x = torch.ones(3, requires_grad=True)
            (x * 2).sum().backward()
            with simulate("max1550") as sim:
                print("autograd", sim.autograd, sim.autograd_unavailable)
            """
        for mode, expected in (("prime", "autograd True None"), ("none", "autograd")):
            with self.subTest(mode=mode):
                proc = subprocess.run(
                    [sys.executable, "-c", textwrap.dedent(code), mode],
                    cwd=REPO, capture_output=True, text=True, timeout=600,
                )
                self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
                self.assertIn(expected, proc.stdout)
                if mode == "none" and "autograd False" in proc.stdout:
                    # (a machine whose GPU guard gave the engine a queue trains anyway)
                    self.assertIn("started its device threads before the xpu autograd shim", proc.stdout)

    def test_joint_graph_matches_cpu(self):
        # The xpu joint graph is traced by autograd's own engine, as on an XPU
        # build: for a program whose decompositions do not depend on the
        # device, the forward and backward graphs AOTAutograd gives Inductor
        # are those of the same program on CPU, but for the device.
        from functorch.compile import aot_function, make_boxed_func
        from torch._subclasses.fake_tensor import FakeTensorMode

        def fn(x, w1, w2):
            return torch.relu(x @ w1).tanh() @ w2

        def graphs(make) -> list[str]:
            codes: list[str] = []

            def capture(gm, _inputs):
                codes.append(gm.code.replace("xpu:0", "DEV").replace("cpu", "DEV"))
                return make_boxed_func(gm.forward)

            compiled = aot_function(fn, fw_compiler=capture, bw_compiler=capture)
            x, w1, w2 = make(8, 16, False), make(16, 32, True), make(32, 4, True)
            with torch.enable_grad():
                compiled(x, w1, w2).sum().backward()
            self.assertEqual((w1.grad.shape, w2.grad.shape), ((16, 32), (32, 4)))
            return codes

        with simulate(TARGET) as sim:
            xpu = graphs(lambda *s: sim.tensor(s[:2], requires_grad=s[2]))
        mode = FakeTensorMode()
        with mode:
            cpu = graphs(lambda *s: torch.empty(s[:2]).requires_grad_(s[2]))
        self.assertEqual(len(xpu), 2)
        self.assertEqual(xpu, cpu)


class TestCompileTrain(TestCase):
    """``python -m inductor_xpu compile --train``."""

    def setUp(self):
        super().setUp()
        self.out = tempfile.mkdtemp(prefix="compile_train_")

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)
        super().tearDown()

    def cli(self, *argv: str, out: str | None = None) -> tuple[int, str, str]:
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = cli_main(["compile", *argv, "--out", out or self.out])
        return code, stdout.getvalue(), stderr.getvalue()

    def read_report(self, out: str | None = None) -> dict:
        with open(os.path.join(out or self.out, "report.json")) as f:
            return json.load(f)

    def test_train_with_optimizer_marks_each_graph(self):
        if shim_available():
            self.skipTest(shim_available())
        code, stdout, _ = self.cli("--model", "mlp", "--train", "--optimizer", "adamw", "--dtype", "amp_bf16")
        self.assertEqual(code, 0, stdout)
        report = self.read_report()
        self.assertEqual(report["status"], "ok")
        self.assertEqual(report["options"]["optimizer"], "adamw")
        phases = [g["phase"] for g in report["graphs"]]
        self.assertEqual(list(dict.fromkeys(phases)), ["forward", "backward", "optimizer"])
        for g in report["graphs"]:
            self.assertTrue(os.path.exists(os.path.join(self.out, g["file"])))
            self.assertTrue(g["triton_kernels"])
        self.assertIn("output_code_0.py forward", stdout)

    def test_train_every_profile(self):
        if shim_available():
            self.skipTest(shim_available())
        for profile in list_profiles():
            key = profile.key
            if getattr(profile, "device_type", "xpu") != "xpu":
                continue  # the NVIDIA profiles (fidelity checks) simulate cuda
            with self.subTest(target=key):
                out = os.path.join(self.out, key)
                code, stdout, _ = self.cli("--target", key, "--model", "mlp", "--train", "--optimizer", "sgd", out=out)
                self.assertEqual(code, 0, stdout)
                report = self.read_report(out)
                self.assertEqual(report["target"]["key"], key)
                self.assertEqual(
                    list(dict.fromkeys(g["phase"] for g in report["graphs"])), ["forward", "backward", "optimizer"]
                )
                with open(os.path.join(out, "output_code_1.py")) as f:
                    self.assertIn(f"multi_processor_count={profile.gpu_subslice_count}", f.read())

    def test_optimizer_needs_train(self):
        code, _, stderr = self.cli("--model", "mlp", "--optimizer", "sgd")
        self.assertEqual(code, EXIT_USAGE)
        self.assertIn("--optimizer compiles the optimizer step of a training step: add --train", stderr)

    def _refused_in_subprocess(self, env: dict[str, str], reason: str) -> None:
        proc = _run_python(
            f"""
            import sys
            from inductor_xpu.__main__ import main
            sys.exit(main(["compile", "--model", "mlp", "--train", "--out", {self.out!r}]))
            """,
            env=env,
        )
        # refused with the reason, and the process did not abort
        self.assertEqual(proc.returncode, EXIT_REFUSED, proc.stdout + proc.stderr[-3000:])
        self.assertIn("training: REFUSED", proc.stdout)
        self.assertIn(reason, proc.stdout)
        report = self.read_report()
        self.assertEqual((report["status"], report["graphs"]), ("refused", []))

    def test_refused_without_a_compiler(self):
        # A fresh shim cache and a PATH without any C++ compiler.
        empty_bin = os.path.join(self.out, "bin")
        os.makedirs(empty_bin)
        env = {
            "PATH": empty_bin,
            "CXX": "",
            "INDUCTOR_XPU_CACHE_DIR": os.path.join(self.out, "cache"),
        }
        self._refused_in_subprocess(env, "no C++ compiler found")

    def test_refused_when_turned_off(self):
        self._refused_in_subprocess({"INDUCTOR_XPU_SIM_AUTOGRAD": "0"}, "turned off (INDUCTOR_XPU_SIM_AUTOGRAD=0)")

    def test_simulation_without_autograd_refuses_grad(self):
        with inductor_xpu_config.patch(sim_autograd=False):
            with simulate(TARGET) as sim:
                self.assertFalse(sim.autograd)
                model = sim.to_fake(torch.nn.Linear(8, 8), requires_grad=True)
                with torch.enable_grad(), self.assertRaisesRegex(SimulationError, "INDUCTOR_XPU_SIM_AUTOGRAD=0"):
                    sim.compile(model, sim.tensor(2, 8))
                # plain torch.compile (grad off, as the simulation leaves it) reaches
                # Inductor's compile_fx, which refuses too.  (With grad on, Dynamo's
                # own tracing of an op on such a tensor would abort the process
                # without the shim: that is what the shim is for.)
                with self.assertRaisesRegex(Exception, "require grad.*SIM_AUTOGRAD=0"):
                    torch.compile(lambda t: t * 3)(sim.tensor(4, requires_grad=True))
                self.assertEqual(sim.generated, [])

    def test_inputs_requiring_grad_compile_forward_and_backward(self):
        if shim_available():
            self.skipTest(shim_available())
        with simulate(TARGET) as sim:
            self.assertFalse(torch.is_grad_enabled())  # as for inference, unless asked
            x = sim.tensor(4, 8, requires_grad=True)
            with torch.enable_grad():
                result = sim.compile(lambda t: (t.sin() * 2).sum(), x)
                self.assertEqual(len(result.code), 1)  # the forward of the joint graph
                result.outputs.backward()
            self.assertEqual(len(sim.generated), 2)  # and the backward, compiled on backward()
            self.assertRegex(sim.generated[1].source, r"tl_math\.cos\(")
            self.assertEqual(x.grad.shape, (4, 8))


class TestShimDirectory(TestCase):
    """The shim is a shared library ``ctypes`` loads: it is built and looked
    for only in the overlay cache's private directory, never in a directory
    other users can write to."""

    def test_shared_cache_dir_uses_the_private_subdirectory(self):
        with tempfile.TemporaryDirectory() as tmp:
            shared = os.path.join(tmp, "shared")
            os.mkdir(shared)
            os.chmod(shared, 0o1777)
            with inductor_xpu_config.patch(cache_dir=shared):
                self.assertEqual(
                    os.path.dirname(shim_path()),
                    os.path.join(shared, f"inductor_xpu-uid{os.getuid()}", "native_lib"),
                )
            self.assertEqual(os.stat(shared).st_mode & 0o7777, 0o1777)  # left as it was

    def test_planted_subdirectory_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            shared = os.path.join(tmp, "shared")
            os.mkdir(shared)
            os.chmod(shared, 0o1777)
            os.symlink(tmp, os.path.join(shared, f"inductor_xpu-uid{os.getuid()}"))
            with inductor_xpu_config.patch(cache_dir=shared):
                with self.assertRaisesRegex(XpuAutogradUnavailable, "symbolic link"):
                    shim_path()
                self.assertFalse(xpu_guard_registered())


if __name__ == "__main__":
    run_tests()
