# Owner(s): ["module: inductor"]
"""Smoke tests of the model-suite harness (tools/bench/suite.py).

Model lists, builders on tiny configs, the compile counters, the codegen-only
hook, the one-process-per-model machinery (a crashing and a hanging row cost
one row each), the writers, and one end-to-end ``--accuracy --small`` run of a
small HuggingFace model.  Tests that need timm, transformers or matplotlib
skip, saying so, where those are missing (``pip install -e .[bench]``).
"""

from __future__ import annotations

import contextlib
import csv
import importlib
import io
import json
import os
import subprocess
import tempfile
import time
import unittest
import unittest.mock
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import fresh_cache


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"

from suite_lib import cli, codegen, compare_table, execution, models, orchestrator, report, stats  # noqa: E402


def _importable(name: str) -> str | None:
    """None if ``name`` imports, else why not."""
    try:
        importlib.import_module(name)
    except Exception as e:  # noqa: BLE001
        return f"{name} is not importable here ({type(e).__name__}: {e}); pip install -e .[bench]"
    return None


def _timm_missing() -> str | None:
    """None if timm imports, else why not -- precisely for the usual cause."""
    why = _importable("timm")
    if why is None:
        return None
    tv = _importable("torchvision")
    if tv is not None and "+cpu" in torch.__version__:
        return (
            f"timm imports torchvision, which this torch ({torch.__version__}) has none of: "
            "a torchvision must be built for the exact torch, PyPI's torchvision wheels are "
            "CUDA builds (linked to libtorch_cuda) and PyPI has no torchvision source "
            "distribution; run timm tests with PyPI's torch (docs/model_suite.md). [{tv}]"
        ).replace("{tv}", tv)
    return why


NO_TRANSFORMERS = _importable("transformers")
# timm imports torchvision at module level; the CPU torch build has no
# matching torchvision on PyPI (docs/model_suite.md).
NO_TIMM = _timm_missing()
NO_MATPLOTLIB = _importable("matplotlib")

# The make-test smoke subset of --codegen-only (the model-suite issue's
# deliverable 5): three timm and three HuggingFace models, --small, code
# generated for a simulated Max 1550.  Chosen for short compiles and for
# variety: inverted residuals with squeeze-excite and hard-swish, a small
# depthwise-separable CPU-oriented net, a ViT (attention through SDPA); a
# BERT-style encoder, a GPT-2 decoder, a BART-style decoder with
# cross-attention layers (BlenderbotSmall).
SMOKE_TIMM = ("mobilenetv3_large_100", "lcnet_050", "deit_tiny_patch16_224")
SMOKE_HF = ("DistilBertForMaskedLM", "DistillGPT2", "BlenderbotSmallForCausalLM")
SMOKE_TARGET = "max1550"

# The e2e run's model: the smallest HF model in the list (ElectraConfig() is
# electra-small: 13.5M parameters).
E2E_HF_MODEL = "ElectraForCausalLM"


def _spec(name: str) -> models.ModelSpec:
    (spec,) = [s for s in models.all_specs() if s.name == name]
    return spec


class TestModelLists(TestCase):
    def test_names_unique_and_sizes_positive(self):
        specs = models.all_specs()
        names = [s.name for s in specs]
        self.assertEqual(len(names), len(set(names)))
        for s in specs:
            self.assertGreater(s.batch_size, 0, s.name)
            self.assertIn(s.suite, models.SUITES)
            self.assertTrue(s.builder, s.name)
            if s.suite == models.HF:
                self.assertGreater(s.seq_len or 0, 0, s.name)
        self.assertGreaterEqual(len(models.TIMM_MODELS), 20)
        self.assertGreaterEqual(len(models.HF_MODELS), 15)

    def test_dynamo_batch_sizes_and_sequence_lengths(self):
        # Spot checks against benchmarks/dynamo: list size / yaml divisor,
        # get_sequence_length.
        self.assertEqual(_spec("BertForMaskedLM").batch_size, 16)
        self.assertEqual(_spec("BertForMaskedLM").seq_len, 512)
        self.assertEqual(_spec("T5Small").seq_len, 1024)
        self.assertEqual(_spec("MobileBertForMaskedLM").seq_len, 128)
        self.assertEqual(_spec("TrOCRForCausalLM").seq_len, 256)
        self.assertEqual(_spec("mobilevit_s").batch_size, 64)
        self.assertEqual(_spec("ghostnet_100").batch_size, 512)

    def test_select(self):
        self.assertEqual(len(models.select_specs("hf")), len(models.HF_MODELS))
        self.assertEqual(len(models.select_specs("all")), len(models.HF_MODELS) + len(models.TIMM_MODELS))
        self.assertNotIn("selftest_mlp", [s.name for s in models.select_specs("all")])
        self.assertEqual([s.name for s in models.select_specs("all", only="selftest_mlp")], ["selftest_mlp"])
        names = [s.name for s in models.select_specs("timm", filters=["^mobile"])]
        self.assertEqual(names, ["mobilenetv2_100", "mobilenetv3_large_100", "mobilevit_s"])
        with self.assertRaises(ValueError):
            models.select_specs("all", only="NoSuchModel")

    def test_batch_size_rules(self):
        bert, resnet = _spec("BertForMaskedLM"), _spec("resnet50")
        self.assertEqual(models.effective_batch_size(bert, accuracy=False, small=False), 16)
        self.assertEqual(models.effective_batch_size(bert, accuracy=True, small=False), 1)
        self.assertEqual(models.effective_batch_size(resnet, accuracy=True, small=False), 8)
        self.assertEqual(models.effective_batch_size(resnet, accuracy=False, small=True), 2)

    def test_tolerances(self):
        def tol(name, **kw):
            kw.setdefault("training", False)
            kw.setdefault("device", "cuda")
            kw.setdefault("freezing", False)
            return models.tolerance_for(_spec(name), **kw)

        self.assertEqual(tol("BertForQuestionAnswering").tol, 1e-3)
        self.assertEqual(tol("GPT2ForSequenceClassification").tol, 4e-3)
        self.assertEqual(tol("GPT2ForSequenceClassification", device="cpu").tol, 5e-3)
        self.assertTrue(tol("GPT2ForSequenceClassification").use_larger_multiplier_for_smaller_tensor)
        self.assertEqual(tol("BertForMaskedLM", training=True).tol, 2e-2)
        self.assertEqual(tol("inception_v3", training=True).tol, 4e-2)
        self.assertEqual(tol("resnet50", training=True).tol, 1e-2)
        self.assertEqual(tol("resnet50").tol, 1e-3)

    def test_selftest_builder(self):
        built = models.build(_spec("selftest_conv"), "cpu", batch_size=3)
        self.assertIsInstance(built.model, torch.nn.Module)
        self.assertFalse(built.model.training)
        self.assertEqual(tuple(built.inputs[0].shape), (3, 3, 16, 16))
        self.assertEqual(built.model(*built.inputs).shape, (3, 10))

    @unittest.skipIf(NO_TRANSFORMERS, NO_TRANSFORMERS or "")
    def test_hf_builders_tiny(self):
        tiny = dict(num_hidden_layers=1, hidden_size=32, num_attention_heads=2, intermediate_size=37)
        built = models.build(_spec("BertForMaskedLM"), batch_size=2, small=True, overrides=tiny)
        again = models.build(_spec("BertForMaskedLM"), batch_size=2, small=True, overrides=tiny)
        self.assertEqual(type(built.model).__name__, "BertForMaskedLM")
        self.assertEqual(set(built.inputs), {"input_ids", "labels"})
        self.assertEqual(tuple(built.inputs["input_ids"].shape), (2, models.SMALL_SEQ_LEN))
        self.assertEqual(built.inputs["input_ids"].tolist(), again.inputs["input_ids"].tolist())
        with torch.no_grad():
            out = built.model(**built.inputs)
        self.assertEqual(out.logits.shape[:2], (2, models.SMALL_SEQ_LEN))
        self.assertTrue(torch.isfinite(out.loss))

        t5 = models.build(
            _spec("T5Small"),
            batch_size=1,
            small=True,
            overrides=dict(num_layers=1, d_model=16, d_ff=32, d_kv=8, num_heads=2),
        )
        self.assertEqual(type(t5.model).__name__, "T5ForConditionalGeneration")
        self.assertIs(t5.inputs["decoder_input_ids"], t5.inputs["input_ids"])
        bart = models.build(
            _spec("BartForCausalLM"),
            batch_size=1,
            small=True,
            overrides=dict(decoder_layers=1, d_model=16, decoder_ffn_dim=32, decoder_attention_heads=2),
        )
        self.assertEqual(int(bart.inputs["input_ids"][0, -1]), bart.model.config.eos_token_id)

    @unittest.skipIf(NO_TRANSFORMERS, NO_TRANSFORMERS or "")
    def test_hf_named_checkpoint_configs(self):
        _, camembert = models.hf_model_and_config(_spec("CamemBert"))
        self.assertEqual((camembert.vocab_size, camembert.max_position_embeddings), (32005, 514))
        cls, distilgpt2 = models.hf_model_and_config(_spec("DistillGPT2"))
        self.assertEqual((cls.__name__, distilgpt2.n_layer), ("GPT2LMHeadModel", 6))
        _, gpt2cls = models.hf_model_and_config(_spec("GPT2ForSequenceClassification"))
        self.assertEqual(gpt2cls.pad_token_id, 0)

    @unittest.skipIf(NO_TIMM, NO_TIMM or "")
    def test_timm_builders_tiny(self):
        built = models.build(_spec("lcnet_050"), batch_size=2, small=True)
        self.assertEqual(tuple(built.inputs[0].shape), (2, 3, 128, 128))
        with torch.no_grad():
            self.assertEqual(built.model(*built.inputs).shape, (2, 1000))
        # A ViT's timm config fixes its input size: --small keeps 224.
        vit = models.build(_spec("deit_tiny_patch16_224"), batch_size=1, small=True, overrides={"depth": 1})
        self.assertEqual(tuple(vit.inputs[0].shape), (1, 3, 224, 224))


def _compile_and_run(fn, *args):
    torch._dynamo.reset()
    with fresh_cache(), stats.collect_compile_stats() as st:
        torch.compile(fn, backend="inductor")(*args)
    return st


class TestCompileStats(TestCase):
    def test_graphs_breaks_kernels_fallbacks(self):
        def f(x):
            y = torch.sort(x).values + 1
            torch._dynamo.graph_break()
            return y.sin()

        st = _compile_and_run(f, torch.randn(8, 8))
        self.assertEqual(st.dynamo["unique_graphs"], 2)
        self.assertEqual(st.dynamo["graph_breaks"], 1)
        self.assertGreaterEqual(st.kernels, 2)
        self.assertEqual(st.fallbacks, 1)
        self.assertEqual(list(st.fallback_ops), ["aten.sort.stable"])
        self.assertGreaterEqual(st.extern_calls, 1)

    def test_onednn_counters(self):
        if not torch.backends.mkldnn.is_available():
            self.skipTest("this torch has no oneDNN")
        conv = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU()).eval()
        with torch.no_grad(), torch._inductor.config.patch(freezing=True):
            st = _compile_and_run(conv, torch.randn(1, 3, 12, 12))
        self.assertGreater(st.onednn_fusions, 0, st.onednn)
        self.assertIn("mkldnn_unary_fusion_matcher_count", st.onednn)


class TestCodegenOnly(TestCase):
    def test_eager_failure_is_reported_first(self):
        class Broken(torch.nn.Module):
            def forward(self, x):
                raise RuntimeError("broken model")

        result = codegen.run_codegen_only(Broken(), [torch.randn(2)], "max1550")
        self.assertEqual(result.status, "eager_fail_to_run")
        self.assertIn("broken model", result.detail)

    def test_error_description_names_the_root_cause(self):
        def bad_backend(gm, example_inputs):
            raise NotImplementedError("no kernel for xpu\nsecond line")

        with self.assertRaises(Exception) as ctx:
            torch.compile(lambda x: x + 1, backend=bad_backend)(torch.randn(2))
        detail = codegen.describe_error(ctx.exception)
        self.assertTrue(detail.startswith("BackendCompilerFailed <- NotImplementedError: no kernel for xpu ["), detail)
        self.assertIn("in bad_backend]", detail)
        self.assertNotIn("second line", detail)

    def test_without_simulate_the_row_says_so(self):
        simulate, _ = codegen.load_simulate()
        if simulate is not None:
            self.skipTest("inductor_xpu.device.simulate exists; see test_codegen_with_simulate")
        built = models.build(_spec("selftest_mlp"), batch_size=2)
        result = codegen.run_codegen_only(built.model, built.inputs, "max1550")
        self.assertEqual(result.status, "codegen_unavailable")
        self.assertIn("inductor_xpu.device", result.detail)

    def test_codegen_with_simulate(self):
        simulate, why = codegen.load_simulate()
        if simulate is None:
            self.skipTest(why)

        class PointwiseAndReduction(torch.nn.Module):
            def forward(self, x):
                return torch.softmax(x.sin() * 2, dim=-1)

        result = codegen.run_codegen_only(PointwiseAndReduction(), [torch.randn(4, 32)], "max1550")
        self.assertEqual(result.status, "pass", result.detail)
        self.assertEqual(result.wrappers, 1)
        self.assertGreaterEqual(result.triton_kernels, 1)
        self.assertEqual(result.stats.kernels, result.triton_kernels)
        self.assertEqual(result.stats.dynamo["unique_graphs"], 1)

    def test_sources_are_the_written_modules(self):
        # result.sources is what the simulation wrote to output_dir, in order
        # (tools/bench/fidelity.py reads it instead of the files).
        simulate, why = codegen.load_simulate()
        if simulate is None:
            self.skipTest(why)

        class TwoGraphs(torch.nn.Module):
            def forward(self, x):
                y = x.sin() * 2
                torch._dynamo.graph_break()
                return torch.softmax(y, dim=-1)

        with tempfile.TemporaryDirectory() as tmp:
            result = codegen.run_codegen_only(TwoGraphs(), [torch.randn(4, 32)], "max1550", output_dir=tmp)
            self.assertEqual(result.status, "pass", result.detail)
            files = [p.read_text() for p in sorted(Path(tmp).glob("*.py"))]
        self.assertEqual(len(files), 2)
        self.assertEqual(result.sources, files)
        self.assertNotIn("sources", result.as_dict())


class _GeluMlp(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 8)

    def forward(self, x):
        return torch.softmax(self.fc2(torch.nn.functional.gelu(self.fc1(x))), dim=-1)


def _add_to_first_store(source: str, amount: str = "1e-2") -> str:
    """The wrapper text with its first kernel storing ``amount`` too much."""
    import re

    edited, n = re.subn(r"(tl\.store\(\w+ \+ \([^()]*\), )(tmp\d+)(,)", rf"\1(\2 + {amount})\3", source, count=1)
    assert n == 1, "no tl.store to edit"
    return edited


class TestCodegenRun(TestCase):
    """--codegen-only --run: the generated program executed on CPU, in the row."""

    TOL = models.Tolerance(1e-3, False, False)

    def setUp(self):
        super().setUp()
        simulate, why = codegen.load_simulate()
        if simulate is None:
            self.skipTest(why)

    def run_model(self, dtype=torch.float32):
        torch.manual_seed(0)
        model = _GeluMlp().to(dtype).eval()
        return codegen.run_codegen_only(model, [torch.randn(4, 16, dtype=dtype)], "max1550", run=self.TOL)

    def test_tiny_model_runs_and_passes(self):
        result = self.run_model(torch.float16)
        self.assertEqual(result.status, "pass", result.detail)
        self.assertEqual(result.execution, "pass", result.execution_detail)
        self.assertEqual((result.graphs_ran, result.graphs_cannot_execute), (1, 0))
        self.assertGreaterEqual(result.kernels_launched, 1)
        self.assertGreaterEqual(sum(result.extern_ops.values()), 2)  # the two GEMMs
        self.assertEqual(result.libdevice["erf"], 1)  # exact GELU
        self.assertEqual(execution.unmapped_libdevice(list(result.libdevice)), [])
        self.assertLess(result.exec_max_abs_err, 1e-2)
        self.assertGreater(result.exec_cosine, 0.999)
        self.assertEqual(result.exec_tolerance, 1e-3)
        row = result.as_dict()
        self.assertEqual(row["execution"], "pass")
        # the plan verdict: the fp16 plan executed lifted to fp32
        self.assertEqual(row["exec_plan"], "pass", row["exec_plan_detail"])
        cells = report.run_cells(row)
        self.assertIn("erf=1", cells["libdevice"].split(";"))
        self.assertEqual(cells["extern_op_calls"], sum(result.extern_ops.values()))

    def test_wrong_kernel_fails_naming_it(self):
        # negative control: the executed copy of the first kernel stores 0.5
        # too much; the generated code itself is untouched
        import inductor_xpu.execution as engine

        real = engine.execute_program

        def wrong(fn, args, sources, graph_inputs, **kwargs):
            return real(fn, args, [_add_to_first_store(s, "0.5") for s in sources], graph_inputs, **kwargs)

        with unittest.mock.patch.object(engine, "execute_program", wrong):
            result = self.run_model()
        self.assertEqual(result.status, "pass", result.detail)
        self.assertEqual(result.execution, "fail_accuracy")
        self.assertRegex(
            result.execution_detail, r"graph 0: output 0 .* differs from eager: .*produced by (kernel )?triton_"
        )
        self.assertGreater(result.exec_max_abs_err, 1e-3)

    def test_graph_break_runs_graph_by_graph(self):
        # the graph after the break takes a value the program computed: its
        # inputs come from the real program run with a recording backend
        class TwoGraphs(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(16, 16)

            def forward(self, x):
                y = torch.nn.functional.gelu(self.fc(x))
                torch._dynamo.graph_break()
                return torch.softmax(self.fc(y) * 2, dim=-1)

        torch.manual_seed(0)
        result = codegen.run_codegen_only(
            TwoGraphs().to(torch.bfloat16).eval(), [torch.randn(4, 16, dtype=torch.bfloat16)], "max1550", run=self.TOL
        )
        self.assertEqual(result.wrappers, 2)
        self.assertEqual(result.execution, "pass", result.execution_detail + str(result.cannot_execute))
        self.assertEqual((result.graphs_ran, result.graphs_cannot_execute), (2, 0))

    def test_forward_under_a_wraps_decorator(self):
        # HuggingFace's forward decorators: Dynamo traces wrapper(self,
        # *args, **kwargs), so the graph inputs are L['kwargs'][...]
        import functools

        def decorated(forward):
            @functools.wraps(forward)
            def wrapper(self, *args, **kwargs):
                return forward(self, *args, **kwargs)

            return wrapper

        class Decorated(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(16, 8)

            @decorated
            def forward(self, input_ids=None, attention_mask=None):
                return torch.nn.functional.gelu(self.fc(input_ids)) * attention_mask

        torch.manual_seed(0)
        model = Decorated().eval()
        inputs = {"input_ids": torch.randn(4, 16), "attention_mask": torch.ones(4, 8)}
        result = codegen.run_codegen_only(model, inputs, "max1550", run=self.TOL)
        self.assertEqual(result.execution, "pass", result.execution_detail + str(result.cannot_execute))
        self.assertIs(type(model), Decorated)  # the class is restored

    def test_side_effect_outputs_run_graph_by_graph(self):
        # levit_128's attention-bias cache: Dynamo returns the cached tensor
        # from the graph too, so the wrapper has more outputs than the program
        class Cache(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(16, 16)
                self.cache = {}

            def forward(self, x):
                key = str(x.device)  # as LeViT's: one entry per device
                if key not in self.cache:
                    self.cache[key] = self.fc.bias * 2
                return torch.nn.functional.gelu(self.fc(x)) + self.cache[key]

        torch.manual_seed(0)
        result = codegen.run_codegen_only(Cache().eval(), [torch.randn(4, 16)], "max1550", run=self.TOL)
        self.assertEqual(result.execution, "pass", result.execution_detail + str(result.cannot_execute))

    def test_engine_exception_is_a_named_status(self):
        import inductor_xpu.execution as engine

        def broken(*args, **kwargs):
            raise RuntimeError("engine broke")

        with unittest.mock.patch.object(engine, "execute_program", broken):
            result = self.run_model()
        self.assertEqual(result.execution, "cannot_execute")
        self.assertEqual(result.cannot_execute, ["graph 0: cannot execute: RuntimeError: engine broke"])

    def test_without_run_the_row_is_unchanged(self):
        torch.manual_seed(0)
        result = codegen.run_codegen_only(_GeluMlp().eval(), [torch.randn(4, 16)], "max1550")
        self.assertIsNone(result.execution)
        self.assertNotIn("execution", result.as_dict())
        self.assertFalse(set(report.flatten(result.as_dict(), "codegen")) & set(report.RUN_COLUMNS))

    def test_cli_run_row(self):
        with tempfile.TemporaryDirectory() as tmp:
            # with coarsened launches (the results' runs use them): counted per row
            # (selftest_mlp's kernels already cover their numels in one program:
            # test_xpu_execution's TestCoarsenedLaunches has kernels that grow)
            with _workers_here():
                proc = _suite_here("--codegen-only", "--run", "--run-min-block-elements", "4096", "--target",
                                   "max1550", "--suite", "selftest", "--only", "selftest_mlp", "--small",
                                   "--out", tmp)  # fmt: skip
            self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
            (row,) = _read_csv(Path(tmp) / "inductor_selftest_float32_inference_xpu-max1550_codegen.csv")
            self.assertEqual((row["codegen"], row["execution"]), ("pass", "pass"), row["execution_detail"])
            self.assertLessEqual(int(row["kernels_coarsened"]), int(row["kernels_launched"]))
            self.assertEqual((row["graphs_ran"], row["graphs_cannot_execute"]), ("1", "0"))
            self.assertIn("erf=1", row["libdevice"].split(";"))
            self.assertIn("1 of 1 generated programs pass", (Path(tmp) / "summary.md").read_text())
        refused = _suite_here("--codegen-only", "--run", "--target", "max1550", "--training", "--only", "selftest_mlp")
        self.assertEqual(refused.returncode, 2)
        self.assertIn("--run is for --codegen-only, inference", refused.stderr)
        refused = _suite_here("--codegen-only", "--run-min-block-elements", "4096", "--target", "max1550")
        self.assertEqual(refused.returncode, 2)
        self.assertIn("--run-min-block-elements is for --run", refused.stderr)


class TestOrchestrator(TestCase):
    def test_worker_env(self):
        base = {"PATH": "/bin", "INDUCTOR_XPU_DISABLE": "1"}
        stock = orchestrator.worker_env("stock", "accuracy", Path("/c"), base)
        overlay = orchestrator.worker_env("overlay", "performance", Path("/c"), base)
        self.assertEqual(stock["INDUCTOR_XPU_DISABLE"], "1")
        self.assertNotIn("INDUCTOR_XPU_DISABLE", overlay)
        self.assertNotEqual(stock["TORCHINDUCTOR_CACHE_DIR"], overlay["TORCHINDUCTOR_CACHE_DIR"])
        self.assertEqual(stock["CUBLAS_WORKSPACE_CONFIG"], ":4096:8")
        self.assertTrue(stock["PYTHONPATH"].startswith(str(BENCH)))
        self.assertEqual(orchestrator.worker_env("", "accuracy", None, base)["INDUCTOR_XPU_DISABLE"], "1")

    def test_hang_and_crash_cost_one_row_each(self):
        jobs = [orchestrator.Job(_spec(n)) for n in ("selftest_hang", "selftest_crash", "selftest_mlp")]
        # One limit for every row: long enough for selftest_mlp's worker
        # (start-up and compile) on a loaded 2-core machine, where 25 s was not.
        timeout = 75
        with tempfile.TemporaryDirectory() as tmp:
            rows = orchestrator.run_jobs(
                jobs, {"mode": "accuracy"}, timeout=timeout, log_dir=Path(tmp), progress=False
            )
            hang, crash, mlp = rows
            self.assertEqual(hang["status"], "timeout")
            self.assertGreaterEqual(hang["process_time"], timeout)
            self.assertEqual(crash["status"], "fail_to_run")
            self.assertIn("SIGABRT", crash["detail"])
            self.assertEqual(mlp["status"], "pass", mlp.get("detail"))
            self.assertEqual(mlp["compile_stats"]["dynamo"]["unique_graphs"], 1)
            self.assertTrue(Path(crash["log"]).exists())


class TestTimeBudgetAndCombined(TestCase):
    def test_spent_budget_rows_are_not_run(self):
        jobs = [orchestrator.Job(_spec("selftest_mlp"), v) for v in ("stock", "overlay")]
        with tempfile.TemporaryDirectory() as tmp:
            rows = orchestrator.run_jobs(
                jobs, {"mode": "accuracy"}, timeout=60, log_dir=Path(tmp), progress=False, time_budget=0
            )
        self.assertEqual([r["status"] for r in rows], ["not_run", "not_run"])
        self.assertEqual([r["variant"] for r in rows], ["stock", "overlay"])
        self.assertIn("time budget", rows[0]["detail"])
        self.assertEqual(report._summary_line(rows, "accuracy")["ran"], 0)

    def test_split_combined_row(self):
        args = cli.build_parser().parse_args(["--accuracy", "--performance", "--small"])
        row = {
            "name": "BertForMaskedLM", "suite": "huggingface", "variant": "overlay", "log": "l",
            "modes": {
                "performance": {"status": "pass", "batch_size": 1, "speedup": 1.5, "log": "x"},
                "accuracy": {"status": "fail_accuracy", "batch_size": 1},
            },
        }  # fmt: skip
        parts = cli.split_row(row, args)
        self.assertEqual(parts["performance"]["speedup"], 1.5)
        self.assertEqual(parts["performance"]["log"], "l")
        self.assertEqual(parts["accuracy"]["status"], "fail_accuracy")
        self.assertEqual(parts["accuracy"]["variant"], "overlay")
        # A worker that died counts for both modes (both at the performance batch size).
        args = cli.build_parser().parse_args(["--accuracy", "--performance"])
        dead = cli.split_row({"name": "BertForMaskedLM", "suite": "huggingface", "status": "timeout"}, args)
        self.assertEqual({m: r["status"] for m, r in dead.items()}, {"performance": "timeout", "accuracy": "timeout"})
        self.assertEqual((dead["performance"]["batch_size"], dead["accuracy"]["batch_size"]), (16, 16))

    def test_modes_that_cannot_combine(self):
        with self.assertRaises(SystemExit):
            cli.main(["--codegen-only", "--performance", "--target", "max1550"])

    def test_first_samples(self):
        from suite_lib.runner import first_samples

        inputs = {"input_ids": torch.zeros(4, 8, dtype=torch.long), "scale": torch.ones(3)}
        one = first_samples(inputs, 4)
        self.assertEqual(tuple(one["input_ids"].shape), (1, 8))
        self.assertEqual(tuple(one["scale"].shape), (3,))
        self.assertEqual(tuple(first_samples(inputs, 4, 2)["input_ids"].shape), (2, 8))
        self.assertIs(first_samples(inputs, 1), inputs)
        self.assertIs(first_samples(inputs, 2, 2), inputs)


def _row(name, status, **kw):
    return {"name": name, "suite": "selftest", "dev": "cpu", "batch_size": 2, "status": status, **kw}


class TestReport(TestCase):
    rows = [
        _row("a", "pass", speedup=2.0, abs_latency=1.5, compilation_latency=3.0, variant="stock",
             compile_stats={"dynamo": {"unique_graphs": 1, "graph_breaks": 0}, "kernels": 4}),
        _row("a", "pass", speedup=3.0, abs_latency=1.0, compilation_latency=3.3, variant="overlay",
             compile_stats={"dynamo": {"unique_graphs": 1, "graph_breaks": 0}, "kernels": 4}),
        _row("b", "fail_to_run", detail="boom", variant="stock"),
        _row("b", "pass", speedup=0.5, abs_latency=4.0, compilation_latency=1.0, variant="overlay"),
    ]  # fmt: skip

    def test_csv_dynamo_columns(self):
        dynamo_performance_head = (
            "dev", "name", "batch_size", "speedup", "abs_latency", "compilation_latency", "compression_ratio",
        )  # fmt: skip
        self.assertEqual(report.PERFORMANCE_COLUMNS[:7], dynamo_performance_head)
        self.assertEqual(report.ACCURACY_COLUMNS[:4], ("dev", "name", "batch_size", "accuracy"))
        with tempfile.TemporaryDirectory() as tmp:
            flat = [report.flatten(r, "performance") for r in self.rows]
            path = report.write_csv(Path(tmp) / "p.csv", flat, report.PERFORMANCE_COLUMNS)
            with open(path) as f:
                records = list(csv.DictReader(f))
        self.assertEqual(records[0]["speedup"], "2.000000")
        self.assertEqual(records[0]["unique_graphs"], "1")
        self.assertEqual(records[2]["speedup"], "0.000000")  # failed rows: speedup 0
        self.assertEqual(records[2]["status"], "fail_to_run")
        self.assertEqual(records[2]["detail"], "boom")

    def test_compare_and_markdown(self):
        comp = {r["name"]: r for r in report.compare_rows(self.rows, "performance")}
        self.assertAlmostEqual(comp["a"]["speedup_ratio"], 1.5)
        self.assertEqual(comp["b"]["status_stock"], "fail_to_run")
        self.assertIsNone(comp["b"]["speedup_ratio"])
        info = report.RunInfo(
            title="T", command="python tools/bench/suite.py --performance", date="D", mode="performance",
            wall_time_s=1.0, env={"torch": "2.x", "device": "cpu", "device_name": "cpu0"},
            variants={"stock": {"overlay": "disabled"}, "overlay": {"overlay": "active"}},
        )  # fmt: skip
        md = report.render_markdown(info, self.rows, csv_files=[], chart=None, relative_to=Path("."))
        self.assertIn("`python tools/bench/suite.py --performance`", md)
        self.assertIn("| selftest | overlay | 2 | 2 | 2 | 100.0% | 1.225x |", md)  # geomean(3, 0.5)
        self.assertIn("| selftest | stock | 2 | 2 | 1 | 50.0% | 2.000x |", md)
        self.assertIn("## Stock vs overlay", md)
        self.assertIn("torch 2.x", md)

    @unittest.skipIf(NO_MATPLOTLIB, NO_MATPLOTLIB or "")
    def test_png(self):
        with tempfile.TemporaryDirectory() as tmp:
            for mode in ("performance", "accuracy"):
                path = report.plot(self.rows, mode, Path(tmp) / f"{mode}.png", "t")
                data = path.read_bytes()
                self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
                self.assertGreater(len(data), 5000)


def _suite_here(*args: str) -> subprocess.CompletedProcess:
    """``suite.py --no-progress ARGS``: its exit status, stdout and stderr,
    with the command line (``cli.main``) run in this process: a fresh Python
    importing torch costs about 3 s of CPU, and the workers, one process per
    row, are what isolates the rows (and turns the overlay off for a stock
    one) -- unless :func:`_workers_here` is in effect.  test_plan_parity runs
    suite.py itself."""
    argv = ["--no-progress", *args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as e:  # argparse's error: exit status 2
            code = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def _restore_config(module, saved: dict) -> None:
    current = module.get_config_copy()  # getattr would warn of deprecated keys
    for key, value in saved.items():
        if current[key] != value:
            setattr(module, key, value)


@contextlib.contextmanager
def _workers_here():
    """The orchestrator's workers run in this process: ``suite_lib.worker``'s
    main (the one-model entry point, the row written by the child protocol)
    instead of one Python per model, for tests that read a row and not the
    process boundary (a crash or a hang, the overlay turned off by
    environment: those keep their processes).  What a worker sets for its
    whole process (``--inductor-config``, ``--run-min-block-elements``, the
    fp32 precision flags --accuracy sets through ``allow_tf32``) is restored
    after each row."""
    import inductor_xpu.config as xpu_config
    from benchlib.child import ChildRun
    from suite_lib import worker
    from torch._inductor import config as inductor_config
    from torch.testing._internal.common_utils import _restore_fp32_precision, _snapshot_fp32_precision

    def run_child(argv, *, env=None, out=None, timeout=None, output=None, cwd=None):
        # Only what the environment would not change in this process.
        assert argv[1:3] == ["-m", "suite_lib.worker"], argv
        disable = env.get("INDUCTOR_XPU_DISABLE")
        assert disable == os.environ.get("INDUCTOR_XPU_DISABLE"), "a stock variant needs its process"
        full = [*argv, orchestrator.CHILD_OUT, str(out)]
        saved = inductor_config.get_config_copy(), xpu_config.get_config_copy(), _snapshot_fp32_precision()
        started = time.perf_counter()
        try:
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                code = worker.main(full[3:])
        finally:
            torch._dynamo.reset()
            _restore_config(inductor_config, saved[0])
            _restore_config(xpu_config, saved[1])
            _restore_fp32_precision(saved[2])
        result = json.loads(Path(out).read_text()) if Path(out).exists() else None
        return ChildRun(full, code, result, False, time.perf_counter() - started)

    with unittest.mock.patch.object(orchestrator, "run_child", run_child):
        yield


def _read_csv(path: Path) -> list[dict[str, str]]:
    with open(path) as f:
        return list(csv.DictReader(f))


class TestInterruptedRun(TestCase):
    def test_rows_kept_after_each_row(self):
        # A run killed between rows (a timeout of the whole job, a machine
        # taken back) keeps every finished row in full, not only its CSV cells.
        def run_jobs(jobs, options, *, on_row, **kwargs):
            stats = {"dynamo": {"unique_graphs": 1}}
            on_row({"name": "selftest_mlp", "suite": "selftest", "status": "pass", "compile_stats": stats})
            raise KeyboardInterrupt

        with tempfile.TemporaryDirectory() as tmp:
            with unittest.mock.patch.object(orchestrator, "run_jobs", run_jobs):
                with self.assertRaises(KeyboardInterrupt):
                    _suite_here(
                        "--codegen-only", "--target", "max1550", "--only", "selftest_mlp,selftest_conv", "--out", tmp
                    )
            (raw,) = Path(tmp).glob("*_codegen.json")
            (row,) = json.loads(raw.read_text())
            self.assertEqual((row["name"], row["compile_stats"]), ("selftest_mlp", {"dynamo": {"unique_graphs": 1}}))
            (csv_file,) = Path(tmp).glob("*_codegen.csv")
            self.assertEqual([r["name"] for r in _read_csv(csv_file)], ["selftest_mlp"])


class TestEndToEnd(TestCase):
    @unittest.skipIf(NO_TRANSFORMERS, NO_TRANSFORMERS or "")
    def test_hf_accuracy_small_cpu(self):
        with tempfile.TemporaryDirectory() as tmp:
            with _workers_here():
                proc = _suite_here("--accuracy", "--device", "cpu", "--small", "--only", E2E_HF_MODEL, "--out", tmp)
            self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
            (row,) = _read_csv(Path(tmp) / "inductor_huggingface_float32_inference_cpu_accuracy.csv")
            log = (Path(tmp) / "logs" / f"{E2E_HF_MODEL}.log").read_text()[-3000:]
            self.assertEqual(row["accuracy"], "pass", row["detail"] + log)
            self.assertEqual((row["name"], row["batch_size"], row["input"]), (E2E_HF_MODEL, "1", "1x64"))
            self.assertEqual(row["graph_breaks"], "0")
            md = (Path(tmp) / "summary.md").read_text()
            self.assertIn(f"--only {E2E_HF_MODEL}", md)
            self.assertIn("100.0%", md)

    def test_selftest_performance_compare_overlay(self):
        # --accuracy --performance: both modes in one worker per variant,
        # each with its own outputs.
        with tempfile.TemporaryDirectory() as tmp:
            proc = _suite_here(
                "--accuracy", "--performance", "--only", "selftest_mlp", "--compare-overlay",
                "--repeat", "3", "--warmup", "1", "--out", tmp,
            )  # fmt: skip
            self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
            acc_prefix = Path(tmp) / "inductor_selftest_float32_inference_cpu_accuracy"
            for variant in ("stock", "overlay"):
                (acc,) = _read_csv(Path(f"{acc_prefix}_{variant}.csv"))
                # One compile: the accuracy check judged the performance run's.
                self.assertEqual((acc["accuracy"], acc["batch_size"]), ("pass", "8"), acc["detail"])
                self.assertEqual(acc["unique_graphs"], "1")
                self.assertNotIn("recompiled", acc["detail"])
            (table,) = compare_table.join(Path(tmp))[1]
            self.assertEqual((table["accuracy_stock"], table["status_overlay"]), ("pass", "pass"))
            self.assertEqual((table["accuracy_batch_size"], table["batch_size"]), ("8", "8"))
            prefix = Path(tmp) / "inductor_selftest_float32_inference_cpu_performance"
            stock = _read_csv(Path(f"{prefix}_stock.csv"))[0]
            overlay = _read_csv(Path(f"{prefix}_overlay.csv"))[0]
            (comp,) = _read_csv(Path(f"{prefix}_overlay_compare.csv"))
            for row in (stock, overlay):
                self.assertEqual(row["status"], "pass", row["detail"])
                self.assertGreater(float(row["speedup"]), 0)
                self.assertGreater(float(row["abs_latency"]), 0)
            self.assertAlmostEqual(
                float(comp["speedup_ratio"]), float(overlay["speedup"]) / float(stock["speedup"]), places=4
            )
            md = (Path(tmp) / "summary.md").read_text()
            self.assertIn("overlay (stock) | disabled", md)
            self.assertIn("overlay (overlay) | active", md)
            self.assertIn("# Model suite: accuracy, cpu", md)
            self.assertIn("Geomean overlay/stock speedup ratio", md)
            if not NO_MATPLOTLIB:
                chart = prefix.parent / "inductor_all_float32_inference_cpu_performance.png"
                self.assertTrue(chart.exists())


class TestInductorConfigOption(TestCase):
    def test_parse(self):
        self.assertEqual(
            cli.parse_inductor_config(["layout_optimization=False", "triton.cudagraphs=True", "x=max-autotune", "n=3"]),
            {"layout_optimization": False, "triton.cudagraphs": True, "x": "max-autotune", "n": 3},
        )
        for bad in ("layout_optimization", "=1"):
            with self.assertRaisesRegex(ValueError, "KEY=VALUE"):
                cli.parse_inductor_config([bad])
        with self.assertRaises(SystemExit):  # argparse's error, before any model runs
            cli.main(["--codegen-only", "--target", "max1550", "--inductor-config", "nokey"])

    def test_max_autotune_reaches_the_simulation(self):
        # The simulation fixes Inductor's max_autotune off unless its caller
        # asks: a process-wide patch (the runner's) left the suite's
        # max-autotune rows with ATen GEMMs and no template
        linear = torch.nn.Linear(16, 16).to(torch.bfloat16)
        x = torch.randn(16, 16, dtype=torch.bfloat16)
        result = codegen.run_codegen_only(linear, [x], "max1550", eager=False, inductor_config={"max_autotune": True})
        self.assertEqual(result.status, "pass", result.detail)
        self.assertIn("triton_tem_", "".join(result.sources))

    def test_reaches_the_compile_and_unknown_keys_fail_the_row(self):
        # selftest_conv on xpu: layout optimization (always on for oneDNN
        # devices) converts the conv's input and weight to channels-last;
        # turned off, those kernels are gone.
        kernels = {}
        with tempfile.TemporaryDirectory() as tmp:
            for name, extra in (("default", ()), ("off", ("--inductor-config", "layout_optimization=False")),
                                ("bad", ("--inductor-config", "no_such_option=1"))):  # fmt: skip
                out = Path(tmp) / name
                with _workers_here():
                    proc = _suite_here("--codegen-only", "--target", "max1550", "--only", "selftest_conv",
                                       "--eager-check", "none", "--out", str(out), *extra)  # fmt: skip
                self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
                (row,) = _read_csv(out / "inductor_selftest_float32_inference_xpu-max1550_codegen.csv")
                if name == "bad":
                    self.assertEqual(row["codegen"], "fail_to_run")
                    self.assertIn("torch._inductor.config has no option 'no_such_option'", row["detail"])
                else:
                    self.assertEqual(row["codegen"], "pass", row["detail"])
                    kernels[name] = int(row["kernels"])
            self.assertIn("--inductor-config layout_optimization=False", (Path(tmp) / "off" / "summary.md").read_text())
        self.assertLess(kernels["off"], kernels["default"])


class TestCodegenSmoke(TestCase):
    """``--codegen-only --target max1550 --small`` for the smoke subset, one
    worker process per model as the harness runs it: every model generates
    xpu code (a graph, Triton kernels, a wrapper) and Inductor asks
    ``torch.cuda`` nothing while doing so (the sanitizer's count of uses from
    ``torch._inductor``)."""

    def _smoke(self, suite: str, names: tuple[str, ...]) -> None:
        # The workers stay processes: the count of torch.cuda uses is a fresh
        # process's (a use behind a cache, made first by an earlier test in
        # this one, would not be counted here).
        with tempfile.TemporaryDirectory() as tmp:
            proc = _suite_here(
                "--codegen-only", "--target", SMOKE_TARGET, "--small", "--suite", suite,
                "--filter", "^(" + "|".join(names) + ")$", "--timeout", "300", "--out", tmp,
            )  # fmt: skip
            self.assertEqual(proc.returncode, 0, proc.stderr[-3000:])
            (csv_path,) = Path(tmp).glob(f"inductor_*_xpu-{SMOKE_TARGET}_codegen.csv")
            rows = {r["name"]: r for r in _read_csv(csv_path)}
            self.assertEqual(set(rows), set(names))
            for name, row in rows.items():
                with self.subTest(model=name):
                    log = (Path(tmp) / "logs" / f"{name}.log").read_text()[-3000:]
                    self.assertEqual(row["codegen"], "pass", row["detail"] + "\n" + log)
                    self.assertGreaterEqual(int(row["graphs"]), 1)
                    self.assertGreaterEqual(int(row["wrappers"]), 1)
                    self.assertGreater(int(row["kernels"]), 0)
                    self.assertGreater(int(row["triton_kernels"]), 0)
                    self.assertEqual(row["cuda_calls_inductor"], "0", row["cuda_inductor_sites"])

    @unittest.skipIf(NO_TRANSFORMERS, NO_TRANSFORMERS or "")
    def test_codegen_smoke_hf(self):
        self._smoke("hf", SMOKE_HF)

    @unittest.skipIf(NO_TIMM, NO_TIMM or "")
    def test_codegen_smoke_timm(self):
        self._smoke("timm", SMOKE_TIMM)


if __name__ == "__main__":
    run_tests()
