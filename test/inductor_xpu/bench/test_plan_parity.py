# Owner(s): ["module: inductor"]
"""Plan parity (tools/bench/suite.py --codegen-only --compare-target):
suite_lib.plan's bytes and FLOPs estimates on a tiny simulated compile,
suite_lib.plan_parity's pairing, ratios and tables on synthetic rows, and
one selftest model through the command line for two xpu targets."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"

from suite_lib import cli, codegen, plan_parity  # noqa: E402


class TinyMLP(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(16, 32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.gelu(self.fc(x)) * 2.0


class TestPlanStats(TestCase):
    def _plan(self, batch: int, target: str = "max1550") -> dict:
        torch.manual_seed(0)
        result = codegen.run_codegen_only(TinyMLP().eval(), [torch.randn(batch, 16)], target)
        self.assertEqual(result.status, "pass", result.detail)
        return result.as_dict()

    def test_bytes_and_flops_follow_the_shapes(self):
        small, large = self._plan(64), self._plan(128)
        for row in (small, large):
            plan = row["plan"]
            # One launch site per generated Triton kernel, all estimated.
            self.assertEqual(plan["kernel_sites"], row["triton_kernels"])
            self.assertEqual(plan["kernel_bytes_unknown"], 0)
            # The bias goes to the GELU epilogue (post_grad should_prefer_unfused_addmm).
            self.assertEqual(plan["extern_kernels"], {"extern_kernels.mm": 1})
        # mm of (B x 16) @ (16 x 32): 2 * B * 16 * 32 FLOPs (flop_counter's formula).
        self.assertEqual(small["plan"]["extern_flops"], 2 * 64 * 16 * 32)
        self.assertEqual(large["plan"]["extern_flops"], 2 * 128 * 16 * 32)
        # The epilogue (bias add, GELU, * 2) reads the mm's B x 32 fp32
        # output and the 32 biases and writes B x 32 values.
        for batch, r in ((64, small), (128, large)):
            self.assertEqual(r["plan"]["kernel_bytes"], 2 * batch * 32 * 4 + 32 * 4)


    def test_fused_sdpa_flops_on_xpu(self):
        # The XPU build takes oneDNN's fused SDPA (..._overrideable), for which
        # torch.utils.flop_counter has no formula: the SDPA one is used.
        class Attention(torch.nn.Module):
            def forward(self, q, k, v):
                return torch.nn.functional.scaled_dot_product_attention(q, k, v)

        b, h, s, d = 2, 4, 64, 32
        q = torch.randn(b, h, s, d, dtype=torch.float16)
        result = codegen.run_codegen_only(Attention(), [q, q.clone(), q.clone()], "max1550", eager=False)
        self.assertEqual(result.status, "pass", result.detail)
        plan = result.as_dict()["plan"]
        (op,) = [k for k in plan["extern_flops_by_kernel"] if "attention" in k]
        self.assertIn("overrideable", op)
        self.assertEqual(plan["extern_flops"], 2 * (2 * b * h * s * s * d))  # q @ k^T and p @ v


def row(name: str, variant: str, *, kernels: int, fallbacks: int = 0, nbytes: int = 1000,
        status: str = "pass", fallback_ops: dict | None = None) -> dict:  # fmt: skip
    return {
        "name": name,
        "suite": "huggingface",
        "variant": variant,
        "status": status,
        "compile_stats": {
            "dynamo": {"unique_graphs": 1, "graph_breaks": 0},
            "kernels": kernels,
            "extern_calls": 4,
            "fallbacks": fallbacks,
            "fallback_ops": fallback_ops or {},
        },
        "plan": {
            "kernel_bytes": nbytes,
            "extern_flops": 10**9,
            "extern_kernels": {"extern_kernels.mm": 4},
            "kernel_kinds": {"pointwise": kernels},
        },
    }


class TestParityRecords(TestCase):
    def test_ratios_worse_and_diff(self):
        rows = [
            row("A", "max1550", kernels=10, nbytes=2000),
            row("A", "h100", kernels=8, nbytes=1000),
            row("B", "max1550", kernels=5, fallbacks=1, fallback_ops={"aten.sort.stable": 1}),
            row("B", "h100", kernels=5),
            row("C", "max1550", kernels=4),
            row("C", "h100", kernels=0, status="fail_to_codegen"),
        ]
        recs = plan_parity.parity_records(rows, "fp16", "max1550", "h100")
        a, b, c = recs
        self.assertAlmostEqual(a["kernels_ratio"], 1.25)
        self.assertAlmostEqual(a["kernel_bytes_ratio"], 2.0)
        self.assertEqual(a["worse"], "kernels,kernel_bytes")
        self.assertEqual(b["worse"], "fallbacks")
        self.assertIn("aten.sort.stable 1/0", b["plan_diff"])
        self.assertEqual(c["worse"], "")  # not comparable
        self.assertIsNone(c["kernels_h100"])
        s = plan_parity.summary(recs)
        self.assertEqual((s["models"], s["both_pass"], s["worse"]), (3, 2, 2))
        self.assertAlmostEqual(s["geomean_kernels_ratio"], 1.25**0.5)
        plan_parity.apply_explanations(recs, {"A": "hardware fact: ...", "B/fp16": "fixed by patch X"})
        self.assertEqual(plan_parity.summary(recs)["worse_explained"], 2)
        md = plan_parity.render_markdown(recs, "max1550", "h100", header=["- command: x"])
        self.assertIn("| A | fp16 | 1/1 | 0/0 | 10/8 | 1.2500 |", md)
        self.assertIn("fixed by patch X", md)
        self.assertIn("fail_to_codegen", md)
        with tempfile.TemporaryDirectory() as tmp:
            path = plan_parity.write_csv(Path(tmp) / "p.csv", recs, "max1550", "h100")
            got = list(csv.DictReader(open(path)))
            self.assertEqual([r["name"] for r in got], ["A", "B", "C"])
            self.assertEqual(got[0]["kernels_ratio"], "1.2500")

    def test_one_writer_for_runs_and_merges(self):
        # A run's tables (cli.write_parity) and the merge's (plan_parity.main)
        # come from plan_parity.write_tables: the merge reads the runs' JSON.
        env = {"torch": "2.15.0", "triton": "3.6.0", "transformers": "4.57", "timm": "1.0", "overlay": "47 patches"}
        with tempfile.TemporaryDirectory() as tmp:
            runs = Path(tmp) / "runs"
            runs.mkdir()
            for dtype, kernels in (("fp16", 10), ("bf16", 12)):
                recs = plan_parity.parity_records(
                    [row("A", "max1550", kernels=kernels), row("A", "h100", kernels=8)], dtype, "max1550", "h100"
                )
                meta = {"target": "max1550", "compare_target": "h100", "dtype": dtype, "command": f"suite.py {dtype}",
                        "date": "d", "wall_time_s": 3.0, "machine": "m", "env": env}  # fmt: skip
                md = plan_parity.write_tables(
                    runs / f"plan_parity_max1550_h100_{dtype}", recs, "max1550", "h100",
                    header=[f"- {plan_parity.env_line(env)}"], meta=meta,
                )  # fmt: skip
                self.assertIn("- torch 2.15.0, triton 3.6.0, transformers 4.57, timm 1.0; overlay 47 patches", md)
                for ext in (".json", ".csv", ".md"):
                    self.assertTrue((runs / f"plan_parity_max1550_h100_{dtype}{ext}").exists(), ext)
            out = Path(tmp) / "merged"
            self.assertEqual(plan_parity.main([str(runs), "--out", str(out), "--note", "a note"]), 0)
            self.assertFalse(out.with_suffix(".json").exists())  # the merge writes no run record
            got = list(csv.DictReader(open(out.with_suffix(".csv"))))
            self.assertEqual(sorted((r["dtype"], r["kernels_max1550"]) for r in got), [("bf16", "12"), ("fp16", "10")])
            md = out.with_suffix(".md").read_text()
            self.assertIn("a note", md)
            self.assertIn("- `suite.py fp16` (fp16; d; wall 3 s)", md)
            self.assertIn("- machine: m; torch 2.15.0, triton 3.6.0", md)
            self.assertIn("| A | bf16 | 1/1 | 0/0 | 12/8 | 1.5000 |", md)

    def test_dedupe_prefers_the_run_that_got_furthest(self):
        a = plan_parity.parity_records([row("A", "x", kernels=1, status="not_run")], "fp16", "x", "y")
        b = plan_parity.parity_records([row("A", "x", kernels=1), row("A", "y", kernels=1)], "fp16", "x", "y")
        c = plan_parity.parity_records([row("A", "x", kernels=1)], "bf16", "x", "y")
        merged = plan_parity.dedupe(a + b + c)
        self.assertEqual([(r["dtype"], r["status_x"], r["status_y"]) for r in merged],
                         [("fp16", "pass", "pass"), ("bf16", "pass", "missing")])  # fmt: skip

    def test_split_targets(self):
        args = cli.build_parser().parse_args(
            ["--codegen-only", "--target", "max1550", "--compare-target", "h100,a770"]
        )
        parts = {t: {"status": "pass", "target": t} for t in ("max1550", "h100", "a770")}
        split = cli.split_targets({"name": "A", "log": "l", "status": "pass", "targets": parts}, args)
        self.assertEqual([r["variant"] for r in split], ["max1550", "h100", "a770"])
        self.assertEqual({r["log"] for r in split}, {"l"})
        died = cli.split_targets({"name": "A", "status": "timeout"}, args)
        self.assertEqual([r["status"] for r in died], ["timeout"] * 3)

    def test_bad_compare_target(self):
        with self.assertRaises(SystemExit):
            cli.main(["--codegen-only", "--target", "max1550", "--compare-target", "max1550"])


class TestCompareTargetCommand(TestCase):
    def test_selftest_two_xpu_targets(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run(
                [sys.executable, str(BENCH / "suite.py"), "--codegen-only", "--target", "max1550",
                 "--compare-target", "a770", "--only", "selftest_mlp", "--eager-check", "none",
                 "--out", tmp, "--save-code", f"{tmp}/code", "--no-progress"],
                capture_output=True, text=True, timeout=300,
            )  # fmt: skip
            self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
            data = json.loads((Path(tmp) / "plan_parity_max1550_a770_fp32.json").read_text())
            self.assertEqual((data["target"], data["compare_target"]), ("max1550", "a770"))
            (rec,) = data["records"]
            self.assertEqual((rec["status_max1550"], rec["status_a770"]), ("pass", "pass"))
            self.assertGreater(rec["kernel_bytes_max1550"], 0)
            self.assertEqual(rec["kernels_max1550"], rec["kernels_a770"])
            self.assertEqual(rec["kernel_bytes_max1550"], rec["kernel_bytes_a770"])
            self.assertEqual(rec["kernel_bytes_ratio"], 1.0)
            for target in ("max1550", "a770"):
                self.assertTrue(list((Path(tmp) / "code" / target / "selftest_mlp").glob("*.py")), target)
            self.assertTrue((Path(tmp) / "plan_parity_max1550_a770_fp32.md").exists())
            # The profiles are the run's variants; its summary has no stock/overlay table.
            summary = (Path(tmp) / "summary.md").read_text()
            self.assertIn("| selftest | a770 |", summary)
            self.assertNotIn("Stock vs overlay", summary)


if __name__ == "__main__":
    run_tests()
