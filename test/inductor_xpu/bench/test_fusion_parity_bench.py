# Owner(s): ["module: inductor"]
"""The fusion parity table's comparison against a second CPU
(tools/bench/fusion_parity.py ``--cpu-only`` and ``--report --other-cpu``)."""

from __future__ import annotations

from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]

import fusion_parity  # noqa: E402


PACK = "mkldnn_linear_weight_pack_matcher_count"
UNARY = "mkldnn_unary_fusion_matcher_count"


def _row(pattern, dtype, cpu, xpu, calls=()):
    return {"pattern": pattern, "dtype": dtype,
            "cpu": {"counters": cpu, "calls": []},
            "xpu": {"counters": xpu, "calls": list(calls)}}


class TestOtherCpuSection(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.series = {"rows": [
            _row("linear+relu", "bf16", {}, {PACK: 1, UNARY: 1}, ["linear_pointwise(relu)"]),
            _row("gated MLP (silu*up)", "bf16", {}, {PACK: 2}, ["linear_pointwise()"] * 2),
        ]}
        self.other = {
            "torch": "2.11.0", "cpu_capability": "AVX512", "cpu_mkldnn_bf16": True,
            "cpu_mkldnn_fp16": True, "machine": "xeon", "command": "fusion_parity.py --cpu-only",
            "rows": [
                _row("linear+relu", "bf16", {PACK: 1, UNARY: 1}, {}),
                _row("gated MLP (silu*up)", "bf16", {PACK: 3, UNARY: 1}, {}),
            ],
        }

    def test_counts_and_names_what_xpu_fuses_less(self) -> None:
        text = "\n".join(fusion_parity.other_cpu_section(self.series, self.other))
        self.assertIn("| bf16 | 2 | 2 | 1 | 1 |", text)
        self.assertIn("fuses less than that CPU: gated MLP (silu*up) bf16.", text)
        self.assertIn("xpu packed 2 linears where that CPU packed 3", text)

    def test_all_at_parity(self) -> None:
        self.series["rows"][1]["xpu"]["counters"] = {PACK: 3, UNARY: 1}
        text = "\n".join(fusion_parity.other_cpu_section(self.series, self.other))
        self.assertIn("fuses less than that CPU: none.", text)
        self.assertNotIn("xpu packed", text)


class TestCpuOnly(TestCase):
    def test_cpu_only_run_leaves_xpu_unrun(self) -> None:
        res = fusion_parity.run("max1550", ["fp32"], r"^conv2d\+relu$", cpu_only=True)
        (row,) = res["rows"]
        self.assertTrue(res["cpu_only"])
        self.assertEqual(row["xpu"]["error"], "not run (--cpu-only)")
        self.assertEqual(row["cpu"]["counters"].get(UNARY), 1)


if __name__ == "__main__":
    run_tests()
