# Owner(s): ["module: inductor"]
"""The compiled FSDP2 stock-vs-overlay benchmark (tools/bench/fsdp2_gpu.py).

Its comparison (tools/bench/fsdp2_comparison.py: variant order,
step-by-step loss agreement, throughput, the sanitizer's patched-path
comparison, the record) on made-up results; one
variant process for real on CPU (two gloo ranks, FSDP2, no compile, about
30 s); and, where two CUDA GPUs are visible, a short compiled run of both
variants.
"""

from __future__ import annotations

import math
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]

import fsdp2_comparison  # noqa: E402
import fsdp2_gpu  # noqa: E402
from benchlib.child import child_result  # noqa: E402
from benchlib.env import variant_env  # noqa: E402


PARAMS = {"steps": 4, "warmup": 2, "record_steps": 2, "seed": 0, "lr": 1e-3, "layers": 1, "d_model": 8,
          "heads": 2, "vocab": 16, "seq": 4, "batch": 2, "compile": "model", "backend": "inductor",
          "rounds": 2, "ca_fullgraph": 1, "world": 2, "cpu": 0}


def _caller(file: str, function: str, symbol: str, count: int, package: str = "torch._inductor") -> dict[str, Any]:
    return {"package": package, "file": file, "line": 1, "function": function, "symbol": symbol,
            "kind": "call", "count": count}


def _uses(*callers: dict[str, Any]) -> dict[str, Any]:
    return {"count": sum(c["count"] for c in callers), "by_caller": list(callers)}


def _run(losses: list[list[float]], step_ms: list[list[float]] | None = None, *, overlay: bool = False,
         uses: dict[str, Any] | None = None) -> dict[str, Any]:
    """A variant's result as a child writes it: one row per rank."""
    ranks = []
    for r, rank_losses in enumerate(losses):
        ranks.append({
            "rank": r, "status": "ok", "losses": rank_losses,
            "step_ms": (step_ms or [[10.0] * len(rank_losses)] * len(losses))[r],
            "graphs": {}, "cuda_api": uses or _uses(), "cuda_uses_after_recording": 0,
        })
    facts = {"patches": {"p1": "applied"}, "patched_files": ["torch/_inductor/utils.py"]}
    return {"ranks": ranks, "torch": "2.11.0", "overlay": {"active": overlay, **(facts if overlay else {})},
            "record_steps": 2}


class TestPlan(TestCase):
    def test_rounds_alternate_stock_and_overlay(self) -> None:
        names = [v.name for v in fsdp2_comparison.plan_variants(["hooks-eager", "traced"], 2)]
        self.assertEqual(names, [
            "hooks-eager_stock1", "hooks-eager_overlay1", "hooks-eager_overlay2", "hooks-eager_stock2",
            "traced_stock1", "traced_overlay1", "traced_overlay2", "traced_stock2",
        ])
        self.assertEqual([v.name for v in fsdp2_comparison.plan_variants(["traced"], 1)],
                         ["traced_stock1", "traced_overlay1"])

    def test_bad_arguments_refused(self) -> None:
        for argv in (["--steps", "10", "--warmup", "10"], ["--d-model", "30", "--heads", "4"], ["--rounds", "0"]):
            with self.assertRaises(SystemExit, msg=argv):
                fsdp2_gpu.main([*argv, "--out-dir", tempfile.mkdtemp()])


class TestLossAgreement(TestCase):
    def test_equal_and_differing_steps(self) -> None:
        a = _run([[3.0, 2.0, 1.5, 1.0], [3.1, 2.1, 1.6, 1.1]])
        same = fsdp2_comparison.loss_agreement(a, _run([[3.0, 2.0, 1.5, 1.0], [3.1, 2.1, 1.6, 1.1]]))
        self.assertEqual(same["max_abs_diff"], 0.0)
        self.assertIsNone(same["first_differing_step"])
        self.assertEqual(same["bitwise_equal_steps"], 4)
        # rank 1 differs at step 2 only: every rank counts, not just the mean
        b = _run([[3.0, 2.0, 1.5, 1.0], [3.1, 2.1, 1.6 + 1e-3, 1.1]])
        diff = fsdp2_comparison.loss_agreement(b, a)
        self.assertEqual(diff["first_differing_step"], 2)
        self.assertEqual(diff["bitwise_equal_steps"], 3)
        self.assertAlmostEqual(diff["max_abs_diff"], 1e-3)
        self.assertAlmostEqual(diff["max_abs_diff_mean_loss"], 5e-4)
        self.assertAlmostEqual(diff["per_step_max_abs_diff"][2], 1e-3)

    def test_runs_of_different_length_refused(self) -> None:
        with self.assertRaisesRegex(ValueError, "ranks or steps"):
            fsdp2_comparison.loss_agreement(_run([[1.0, 2.0]] * 2), _run([[1.0]] * 2))


class TestThroughput(TestCase):
    def test_tokens_over_the_slowest_rank_after_warmup(self) -> None:
        run = _run([[1.0] * 4] * 2, step_ms=[[500.0, 500.0, 10.0, 10.0], [500.0, 500.0, 20.0, 20.0]])
        tp = fsdp2_comparison.throughput(run, PARAMS)
        # 2 timed steps x 2 sequences x 4 tokens x 2 ranks over rank 1's 40 ms
        self.assertAlmostEqual(tp["tokens_per_s"], 32 / 0.040)
        self.assertEqual(tp["median_step_ms"], 20.0)
        self.assertEqual(tp["timed_steps"], 2)


class TestCompareCudaUses(TestCase):
    PATCHED = ["torch/_inductor/utils.py"]

    def test_statuses_on_patched_paths_only(self) -> None:
        stock = _uses(
            _caller("torch/_inductor/utils.py", "get_gpu_type", "torch.cuda.is_available", 2),
            _caller("torch/_inductor/utils.py", "num_sms", "torch.cuda.get_device_properties", 1),
            _caller("torch/_dynamo/utils.py", "preserve_rng_state", "torch.cuda.get_rng_state", 5, "torch._dynamo"),
        )
        overlay = _uses(
            _caller("torch/_inductor/utils.py", "get_gpu_type", "torch.cuda.is_available", 1),
            _caller("torch/_inductor/utils.py", "num_sms", "torch.cuda.get_device_properties", 3),
            _caller("torch/_inductor/utils.py", "get_gpu_type", "torch.cuda.synchronize", 1),
            # not a patched file: never compared, whatever its count
            _caller("torch/_dynamo/utils.py", "preserve_rng_state", "torch.cuda.get_rng_state", 50, "torch._dynamo"),
            # the package's own code always counts as the overlay's path
            _caller("inductor_xpu/overlay/state.py", "install", "torch.cuda.is_available", 1, "inductor_xpu"),
        )
        c = fsdp2_comparison.compare_cuda_uses(stock, overlay, self.PATCHED)
        status = {(r["function"], r["symbol"]): r["status"] for r in c["rows"]}
        self.assertEqual(status, {
            ("get_gpu_type", "torch.cuda.is_available"): "fewer",
            ("num_sms", "torch.cuda.get_device_properties"): "more",
            ("get_gpu_type", "torch.cuda.synchronize"): "new",
            ("install", "torch.cuda.is_available"): "new",
        })
        self.assertEqual(len(c["new"]), 2)
        self.assertEqual((c["stock_total_on_paths"], c["overlay_total_on_paths"]), (3, 6))
        self.assertEqual(sorted(map(tuple, c["new_file_symbol"])), [
            ("inductor_xpu/overlay/state.py", "torch.cuda.is_available"),
            ("torch/_inductor/utils.py", "torch.cuda.synchronize"),
        ])

    def test_a_use_moved_to_another_function_is_new_by_function_not_by_symbol(self) -> None:
        stock = _uses(_caller("torch/_inductor/utils.py", "old_helper", "torch.cuda.is_available", 1))
        overlay = _uses(_caller("torch/_inductor/utils.py", "new_helper", "torch.cuda.is_available", 1))
        c = fsdp2_comparison.compare_cuda_uses(stock, overlay, self.PATCHED)
        self.assertEqual([r["function"] for r in c["new"]], ["new_helper"])
        self.assertEqual(c["new_file_symbol"], [])


class TestSummary(TestCase):
    def runs(self, overlay_uses: dict[str, Any]) -> dict[str, Any]:
        losses = [[3.0, 2.0, 1.5, 1.0], [3.1, 2.1, 1.6, 1.1]]
        return {
            "hooks-eager_stock1": _run(losses, [[10.0] * 4] * 2),
            "hooks-eager_overlay1": _run(losses, [[9.0] * 4] * 2, overlay=True, uses=overlay_uses),
            "hooks-eager_overlay2": _run(losses, [[11.0] * 4] * 2, overlay=True, uses=overlay_uses),
            "hooks-eager_stock2": _run([losses[0], [3.1, 2.1, 1.6, 1.2]], [[10.0] * 4] * 2),
        }

    def test_summary_and_record(self) -> None:
        variants = fsdp2_comparison.plan_variants(["hooks-eager", "traced"], 2)
        runs = self.runs(_uses())
        runs["traced_stock1"] = {"error": "exited with code 1 without a result"}
        m = fsdp2_comparison.summarize(runs, [v for v in variants if v.name in runs], PARAMS)
        he = m["hooks-eager"]
        self.assertEqual(he["status"], "ok")
        self.assertEqual([a["max_abs_diff"] for a in he["losses"]["overlay_vs_stock1"]], [0.0, 0.0])
        self.assertAlmostEqual(he["losses"]["stock2_vs_stock1"][0]["max_abs_diff"], 0.1)
        # the median of the overlay's two throughputs (9 and 11 ms steps) over stock's (10 ms)
        self.assertAlmostEqual(he["throughput"]["ratio_overlay_over_stock"], (1 / 9 + 1 / 11) / 2 * 10)
        self.assertAlmostEqual(he["throughput"]["ratio_stock2_over_stock1"], 1.0)
        self.assertTrue(he["sanitizer"]["no_new_uses"])
        self.assertTrue(m["traced"]["status"].startswith("incomplete: traced_stock1: exited with code 1"))
        summary = {"params": PARAMS, "command": "python tools/bench/fsdp2_gpu.py", "date": "d", "commit": "c",
                   "machine": "m", "facts": {"torch": "2.11.0", "device_name": "GPU"}, "order": list(runs),
                   "modes": m, "notes": []}
        text = fsdp2_comparison.render(summary)
        self.assertIn("# Compiled FSDP2 training on 2 GPUs (GPU)", text)
        self.assertIn("| overlay run 1 vs stock run 1 | 0 | 0 | 0 | n/a | 4/4 |", text)
        self.assertIn("Overlay/stock throughput (median over runs): 1.010", text)
        self.assertIn("stock does not make: **True**", text)

    def test_a_new_use_fails_the_sanitizer_verdict(self) -> None:
        new = _uses(_caller("torch/_inductor/utils.py", "f", "torch.cuda.synchronize", 1))
        variants = fsdp2_comparison.plan_variants(["hooks-eager"], 2)
        m = fsdp2_comparison.summarize(self.runs(new), variants, PARAMS)["hooks-eager"]
        self.assertFalse(m["sanitizer"]["no_new_uses"])


class TestCpuVariant(TestCase):
    """One variant process for real: two gloo ranks on CPU, FSDP2, no compile."""

    def test_two_ranks_train_and_record(self) -> None:
        argv = ["--cpu=2", "--compile=none", "--steps=4", "--warmup=2", "--record-steps=2", "--layers=1",
                "--d-model=16", "--heads=2", "--vocab=32", "--seq=8", "--batch=2"]
        with tempfile.TemporaryDirectory() as tmp:
            result = child_result([sys.executable, fsdp2_gpu.__file__, *argv],
                                  env=variant_env(stock=True), out=Path(tmp) / "r.json", timeout=300)
        self.assertFalse(result["overlay"]["active"])
        ranks = result["ranks"]
        self.assertEqual([r["rank"] for r in ranks], [0, 1])
        for r in ranks:
            self.assertEqual(r["status"], "ok")
            self.assertEqual(len(r["losses"]), 4)
            self.assertTrue(all(math.isfinite(x) for x in r["losses"]))
            self.assertEqual(len(r["step_ms"]), 4)
            self.assertIn("by_caller", r["cuda_api"])
        self.assertNotEqual(ranks[0]["losses"], ranks[1]["losses"], "each rank trains on its own shard")
        agreement = fsdp2_comparison.loss_agreement({"ranks": ranks}, {"ranks": ranks})
        self.assertEqual(agreement["bitwise_equal_steps"], 4)


@unittest.skipUnless(torch.cuda.is_available() and torch.cuda.device_count() >= 2, "needs two CUDA GPUs")
class TestGpuRun(TestCase):
    def test_compiled_stock_and_overlay(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            code = fsdp2_gpu.main(["--rounds=1", "--steps=12", "--warmup=4", "--record-steps=3", "--layers=2",
                                   "--d-model=64", "--heads=2", "--vocab=128", "--seq=32", "--batch=2",
                                   "--out-dir", tmp])
        self.assertEqual(code, 0)


if __name__ == "__main__":
    run_tests()
