# Owner(s): ["module: inductor"]
"""The model suite's ``--codegen-only --native`` (tools/bench/suite_lib/native.py):
the CSV cells of a row's native section from synthetic sections, and one
tiny model generated for a simulated Max 1550 whose kernels go through
Intel's Triton backend and IGC (skipped, with the reason, where ``make
native-env`` has not run); code generated for an Arc A770 and compiled for
the Max 1550 is a row error naming the mismatch, not a failed kernel."""

from __future__ import annotations

import contextlib
import csv
import functools
import gzip
import io
import json
import sys
import tempfile
import unittest
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "tools" / "bench"))

from suite_lib import codegen, native_table  # noqa: E402
from suite_lib.native import NATIVE_COLUMNS, native_cells, native_section, VERDICT_ERROR  # noqa: E402

from inductor_xpu.native.env import native_env_missing  # noqa: E402


SKIP_REASON = native_env_missing()


def _kernel(name: str, status: str = "compiled", **facts: object) -> dict:
    """A kernel entry as NativeResult.to_json writes it (graph 0, pointwise)."""
    return {"graph": 0, "name": name, "kind": "pointwise", "status": status, **facts}


class TestNativeCells(TestCase):
    def test_counts_spills_dpas_and_instructions(self):
        section = {
            "verdict": "failed",
            "device": "pvc",
            "wall_seconds": 3.5,
            "kernels": [
                _kernel("mm", dot=1, dpas=32, spill_bytes=0, grf=128, inst_count=400),
                _kernel("mm_fma", dot=1, dpas=0, spill_bytes=0, grf=128, inst_count=900),
                _kernel("big", dot=0, dpas=0, spill_bytes=2048, grf=256, inst_count=1000),
                _kernel("gather", "toolchain_gap", isa_without_asserts=True, dot=0, dpas=0, spill_bytes=64,
                        grf=128, inst_count=52),
                _kernel("scan", "frontend_gap"),
                _kernel("bad", "failed", stage="ocloc", message="error: IGC aborted\nmore"),
            ],
        }
        cells = native_cells(section)
        self.assertEqual(set(cells), set(NATIVE_COLUMNS))
        self.assertEqual(
            {k: cells[k] for k in NATIVE_COLUMNS if k not in ("native_detail",)},
            {
                "native_verdict": "failed",
                "native_device": "pvc",
                "native_kernels": 6,
                "native_compiled": 3,
                "native_failed": 1,
                "native_frontend_gap": 1,
                "native_toolchain_gap": 1,
                # the toolchain gap's facts are of the kernel without its asserts, and count
                "native_dot": 2,
                "native_dpas": 1,
                "native_spilling": 2,
                "native_spilling_every_candidate": None,  # compiled without spill_threshold: unknown
                "native_spill_bytes": 2112,
                "native_grf256": 1,
                "native_inst_count": 2352,
                "native_seconds": 3.5,
            },
        )
        self.assertEqual(cells["native_detail"], "bad: ocloc: error: IGC aborted")

    def test_spilling_in_every_candidate(self):
        candidate = {"config": {"kwargs": {"XBLOCK": 512}, "num_warps": 8}, "status": "compiled", "spill_bytes": 0}
        section = {"verdict": "compiled, spills", "kernels": [
            _kernel("avoidable", spill_bytes=1216, n_configs=3, spill_threshold=16, candidates=[candidate]),
            _kernel("unavoidable", spill_bytes=64, n_configs=1, spill_threshold=16),
            _kernel("within", spill_bytes=16, n_configs=2, spill_threshold=16),
            _kernel("clean", spill_bytes=0, n_configs=2, spill_threshold=16),
        ]}  # fmt: skip
        cells = native_cells(section)
        self.assertEqual((cells["native_spilling"], cells["native_spilling_every_candidate"]), (3, 1))

    def test_no_section_and_error_section(self):
        self.assertEqual(native_cells(None), dict.fromkeys(NATIVE_COLUMNS))
        cells = native_cells({"verdict": VERDICT_ERROR, "error": "NativeEnvError: run make native-env", "kernels": []})
        self.assertEqual(cells["native_verdict"], VERDICT_ERROR)
        self.assertEqual(cells["native_kernels"], 0)
        self.assertIn("make native-env", cells["native_detail"])


class TestNativeTable(TestCase):
    def _row(self, name: str, target: str, kernels: list[dict]) -> dict:
        verdict = "failed" if any(k["status"] == "failed" for k in kernels) else "compiled"
        device = {"max1550": "pvc", "a770": "acm-g10"}[target]
        native = {"verdict": verdict, "device": device, "versions": {"triton-xpu": "3.3.0b1"}, "kernels": kernels}
        return {"name": name, "suite": "timm_models", "status": "pass", "variant": target, "native": native}

    def test_tables_count_causes_spills_and_dpas(self):
        rows = [
            self._row("m1", "max1550", [
                _kernel("k0", dot=1, dpas=8, inst_count=100, grf=128),
                _kernel("k1", spill_bytes=512, grf=256, first_spill_bytes=4096, inst_count=50, config={"num_warps": 4},
                        n_configs=1, spill_threshold=16),
            ]),
            self._row("m1", "a770", [
                _kernel("k0", dot=1, dpas=0, dpas_layout=True, inst_count=300),
                _kernel("k1", "failed", stage="ocloc", message="error: 12 bad triton_poi_7"),
            ]),
            self._row("m2", "a770", [_kernel("k9", "failed", stage="ocloc", message="error: 3 bad triton_red_1")]),
            # ocloc's log starts with the same notice for every kernel: the
            # cause is its first error line
            self._row("m3", "a770", [_kernel("k5", "failed", stage="ocloc", message=(
                "kernel triton_per_4: IGC did not compile its SPIR-V for acm-g10 (ocloc failed with exit status 245): "
                "Compilation from IR - skipping loading of FCL\n\nerror: Double type is not supported on this platform."
                "\nin file: triton_per_4.py:35\nerror: backend compiler failed build."))]),
        ]
        with tempfile.TemporaryDirectory() as tmp:
            run = Path(tmp) / "run"
            run.mkdir()
            (run / "x_codegen.json").write_text(json.dumps(rows))
            out = Path(tmp) / "out" / "native"
            why = Path(tmp) / "why.json"
            why.write_text(json.dumps({"tl.dot without dpas: a770": "The toolchain's."}))
            self.assertEqual(native_table.main(["--out", str(out), "--commit", "abc", "--explanations", str(why),
                                                f"bf16={run}"]), 0)
            md = out.with_suffix(".md").read_text()
            with open(out.with_suffix(".csv")) as f:
                flat = list(csv.DictReader(f))
            with open(out.parent / "native_kernels.csv") as f:
                notable = list(csv.DictReader(f))
        self.assertIn(
            "| bf16 | max1550 (pvc) | 1 of 1 | 2 | 2 | 100.0% | 0 | 0 | 0 | 1 | 1 | 512 | 1 | 1 | 1 (100%) | 150 |", md
        )
        self.assertIn("| bf16 | a770 (acm-g10) | 3 of 3 | 4 | 1 | 25.0% | 3 |", md)
        # one cause for both IGC failures: names and numbers taken out
        self.assertIn("| failed in ocloc: error: N bad N | 2 | bf16 a770: 2 |", md)
        self.assertIn("| failed in ocloc: error: Double type is not supported on this platform. | 1 | bf16 a770: 1 | m3 k5 |",
                      md)
        self.assertIn("| bf16 | a770 | m1 | k0 | True |", md)  # a tl.dot with no dpas
        self.assertIn("- a770: 1 of 1 compiled `tl.dot` kernels.  The toolchain's.", md)  # and why, per target
        self.assertNotIn("- max1550:", md)
        self.assertEqual(len(flat), 4)
        self.assertEqual({(k["name"], k["kernel"]) for k in notable},
                         {("m1", "k1"), ("m1", "k0"), ("m2", "k9"), ("m3", "k5")})
        double = next(k for k in notable if k["kernel"] == "k5")
        self.assertTrue(double["message"].endswith("skipping loading of FCL error: Double type is not supported on this "
                                                   "platform."), double["message"])
        spill = next(k for k in notable if k["target"] == "max1550")
        self.assertEqual((spill["spill_bytes"], spill["first_spill_bytes"], spill["config"]), ("512", "4096", "bf16"))
        self.assertEqual(spill["candidates_facts"], "its only config")
        self.assertIn("| `{\"num_warps\": 4}` | its only config |", md)


class TestNativeTableAutotune(TestCase):
    def test_spill_checked_selections_per_target(self):
        def choice(op: str, fallback: str | None, rejected: list[int], compiled: int) -> dict:
            return {
                "graph": 0, "op": op, "inputs": ["bf16[8, 64]", "bf16[64, 64]"], "kind": "template",
                "name": "triton_mm", "config": {"tile_shape": "(16, 16, 16)", "num_warps": 4},
                "rejected": [{"index": i + 1, "config": {"tile_shape": f"({16 * (i + 1)}, 16, 16)", "num_warps": 4},
                              "spill_bytes": b} for i, b in enumerate(rejected)],
                "spill_check": {"device": "acm-g10", "threshold": 16, "compiled": compiled, "fallback": fallback},
            }

        def row(target: str, autotune: list[dict]) -> dict:
            return {"name": "resnet50", "suite": "timm_models", "status": "pass", "variant": target,
                    "autotune": autotune, "native": {"verdict": "compiled", "kernels": []}}

        every = "every template choice spills more than spill_threshold 16: the first is taken"
        rows = [
            row("a770", [choice("mm", None, [4096], 2), choice("convolution", every, [960, 64, 8192], 3),
                         {**choice("mm", "choice 1 (triton_mm) has no kernel source to compile", [], 0)}]),
            row("max1550", [choice("mm", None, [], 1)]),
            # a run without the spill check has no section
            {**row("a770", [{**choice("mm", None, [], 0), "spill_check": None}]), "name": "vit_base_patch16_224"},
        ]
        with tempfile.TemporaryDirectory() as tmp:
            run = Path(tmp) / "run"
            run.mkdir()
            (run / "x_codegen.json").write_text(json.dumps(rows))
            out = Path(tmp) / "native"
            self.assertEqual(native_table.main(["--out", str(out), f"bf16 autotune={run}"]), 0)
            md = out.with_suffix(".md").read_text()
        self.assertIn("| bf16 autotune | a770 | 3 | 1 | 1 | 1 | 5 |", md)
        self.assertIn("| bf16 autotune | max1550 | 1 | 1 | 0 | 0 | 1 |", md)
        # the selection where every template spills, with its least spill and that choice's tile
        self.assertIn("| bf16 autotune | a770 | resnet50 | convolution | bf16[8, 64] x bf16[64, 64] | 3 | 64 | "
                      "tile_shape=(32, 16, 16), num_warps=4 |", md)
        self.assertEqual(md.count("| bf16 autotune | a770 | resnet50 | convolution"), 1)
        self.assertEqual(native_table.autotune_lines([("bf16", rows[2])]), [])

    def test_template_fusions_per_target(self):
        def fusion(fused: bool, spill: int | None, unchecked: str | None = None) -> dict:
            return {"graph": 0, "template": "buf0", "nodes": ["op1"], "epilogue": True, "fused": fused,
                    "threshold": 8, "device": "pvc", "spill_bytes": spill, "grf": 256, "unchecked": unchecked}

        def row(target: str, fusions: list[dict]) -> dict:
            return {"name": "resnet50", "suite": "timm_models", "status": "pass", "variant": target,
                    "template_fusions": fusions, "native": {"verdict": "compiled", "kernels": []}}

        rows = [row("max1550", [fusion(False, 23616), fusion(False, 29120), fusion(True, 0),
                                fusion(True, None, "no native compile")]),
                row("a770", [fusion(True, 0)])]
        lines = native_table.template_fusion_lines([("bf16 autotune", r) for r in rows])
        self.assertIn("| bf16 autotune | max1550 | 4 | 1 | 2 | 1 | 29,120 |", lines)
        self.assertIn("| bf16 autotune | a770 | 1 | 1 | 0 | 0 | 0 |", lines)
        # rows without them (no spill check, no template) have no section
        self.assertEqual(native_table.template_fusion_lines([("bf16", row("a770", []))]), [])


class TestNativeTableMerge(TestCase):
    def test_a_later_directory_replaces_a_models_row(self):
        # a model that timed out in the first directory and passed when rerun
        # with --only into a second one counts once, as rerun
        def row(name: str, target: str, status: str, kernels: list[dict]) -> dict:
            native = {"verdict": "compiled", "device": "pvc", "kernels": kernels} if kernels else None
            return {"name": name, "suite": "timm_models", "status": status, "variant": target, "native": native}

        first = [row("m1", "max1550", "pass", [_kernel("k0", inst_count=10)]), row("m2", "max1550", "timeout", [])]
        rerun = [row("m2", "max1550", "pass", [_kernel("k0", inst_count=7), _kernel("k1", inst_count=5)])]
        with tempfile.TemporaryDirectory() as tmp:
            dirs = []
            for i, rows in enumerate((first, rerun)):
                d = Path(tmp) / f"run{i}"
                d.mkdir()
                if i == 0:
                    (d / "x_codegen.json").write_text(json.dumps(rows))
                else:  # as committed: compressed
                    (d / "x_codegen.json.gz").write_bytes(gzip.compress(json.dumps(rows).encode()))
                dirs.append(d)
            out = Path(tmp) / "out" / "native"
            self.assertEqual(native_table.main(["--out", str(out), f"bf16={dirs[0]}", f"bf16={dirs[1]}"]), 0)
            with open(out.with_suffix(".csv")) as f:
                flat = list(csv.DictReader(f))
            md = out.with_suffix(".md").read_text()
        self.assertEqual(sorted((f["name"], f["codegen"], f["native_kernels"]) for f in flat),
                         [("m1", "pass", "1"), ("m2", "pass", "2")])
        self.assertIn("| bf16 | max1550 (pvc) | 2 of 2 | 3 | 3 | 100.0% |", md)
        # neither directory has a summary.md (a stopped run): each names its models
        self.assertIn(f"| bf16 | a run stopped before its summary (`{dirs[0]}`, no summary.md): the rows of 2 models, "
                      "m1, m2 |", md)
        self.assertIn(f"(`{dirs[1]}`, no summary.md): the rows of 1 model, m2 |", md)

    def test_one_run_per_model_is_one_line(self):
        # the suite run one model at a time (--only NAME --out DIR/NAME):
        # one line for the configuration, with its runs, dates and wall
        # time; the models of the suite it has not run yet are named
        def summary(name: str, date: str, wall: str) -> str:
            command = (f"python tools/bench/suite.py --codegen-only --native --dtype bf16 --only {name} "
                       f"--out /o/bf16/{name}")
            return (f"| command | `{command}` |\n| date | {date} |\n| wall time | {wall} |\n")

        suite = native_table.SUITE_MODELS
        with tempfile.TemporaryDirectory() as tmp:
            args = []
            for name, date, wall in ((suite[0], "2026-11-27 19:59 UTC", "64 s"),
                                     (suite[1], "2026-11-27 20:00 UTC", "79 s")):
                d = Path(tmp) / name
                d.mkdir()
                (d / "x_codegen.json").write_text(json.dumps([{
                    "name": name, "suite": "timm_models", "status": "pass", "variant": "max1550",
                    "native": {"verdict": "compiled", "device": "pvc", "kernels": [_kernel("k0", inst_count=3)]},
                }]))
                (d / "summary.md").write_text(summary(name, date, wall))
                args.append(f"bf16={d}")
            out = Path(tmp) / "out" / "native"
            self.assertEqual(native_table.main(["--out", str(out), *args]), 0)
            md = out.with_suffix(".md").read_text()
            # a configuration meant for a subset names what it lacks of that subset
            subset = f"bf16={suite[0]},{suite[1]},{suite[5]}"
            self.assertEqual(native_table.main(["--out", str(out), "--subset", subset, *args]), 0)
            md_subset = out.with_suffix(".md").read_text()
            stderr = io.StringIO()
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(stderr):
                native_table.main(["--out", str(out), "--subset", "bf16=resnet50,no_such_model", *args])
            mislabelled = io.StringIO()
            with self.assertRaises(SystemExit), contextlib.redirect_stderr(mislabelled):
                native_table.main(["--out", str(out), "--subset", f"bf16 autotune={suite[0]}", *args])
        self.assertIn("--subset bf16: not suite models: no_such_model", stderr.getvalue())
        self.assertIn("--subset bf16 autotune: no LABEL=RUN_DIR has that label", mislabelled.getvalue())
        self.assertIn(f"- bf16: 2 of its subset of 3 ({suite[0]}, {suite[1]}, {suite[5]}); not run: {suite[5]}\n",
                      md_subset)
        self.assertIn("| bf16 | `python tools/bench/suite.py --codegen-only --native --dtype bf16 --only MODEL "
                      "--out /o/bf16/MODEL`, one run per model, 2 runs (2026-11-27 19:59 UTC to 2026-11-27 20:00 UTC, "
                      "wall time 143 s in all) |", md)
        self.assertNotIn(f"--only {suite[0]}", md)
        self.assertEqual(len(suite), 37)
        self.assertIn(f"- bf16: 2; not run: {', '.join(suite[2:])}\n", md)

    def test_a_file_that_cannot_be_read_stops_the_table_naming_it(self):
        # issue 45 R14: a corrupt or truncated .json.gz was a BadGzipFile or
        # EOFError traceback, a wrong-shaped file an AttributeError one
        good = [{"name": "m1", "suite": "timm_models", "status": "pass", "variant": "max1550",
                 "native": {"verdict": "compiled", "device": "pvc", "kernels": [_kernel("k0")]}}]
        compressed = gzip.compress(json.dumps(good).encode())
        broken = {
            "corrupt": ("x_codegen.json.gz", b"not gzip at all", "BadGzipFile"),
            "truncated": ("x_codegen.json.gz", compressed[: len(compressed) // 2], "truncated"),
            "not json": ("x_codegen.json", b"{\"name\": ", "JSONDecodeError"),
            "an object": ("x_codegen.json", json.dumps(good[0]).encode(), "not a list of rows"),
            "a list of numbers": ("x_codegen.json.gz", gzip.compress(b"[1, 2]"), "not a list of rows"),
        }
        for case, (name, data, cause) in broken.items():
            with self.subTest(case=case), tempfile.TemporaryDirectory() as tmp:
                run = Path(tmp) / "run"
                run.mkdir()
                (run / "a_codegen.json").write_text(json.dumps(good))
                (run / name).write_bytes(data)
                out = Path(tmp) / "out" / "native"
                stderr = io.StringIO()
                with self.assertRaises(SystemExit) as cm, contextlib.redirect_stderr(stderr):
                    native_table.main(["--out", str(out), f"bf16={run}"])
                message = str(cm.exception.code)
                self.assertEqual(len(message.splitlines()), 1, message)
                self.assertTrue(message.startswith(f"native_table: {run / name}: "), message)
                self.assertIn(cause, message)
                self.assertFalse(out.parent.exists())  # nothing written


class _GeluMlp(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = torch.nn.Linear(16, 32)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.gelu(self.fc(x)) * 2.0


@functools.cache
def _generated(target: str) -> codegen.CodegenResult:
    torch.manual_seed(0)
    result = codegen.run_codegen_only(_GeluMlp().eval(), [torch.randn(8, 16)], target, eager=False)
    assert result.status == "pass", result.detail
    return result


@unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")
class TestNativeSection(TestCase):
    def test_every_generated_kernel_is_compiled_for_pvc(self):
        result = _generated("max1550")
        section = native_section(result.sources, "max1550")
        cells = native_cells(section)
        self.assertEqual(section["device"], "pvc")
        self.assertTrue(section["passed"], section)
        self.assertEqual(cells["native_kernels"], result.triton_kernels)
        self.assertEqual(cells["native_compiled"], result.triton_kernels)
        self.assertGreater(cells["native_inst_count"], 0)

    def test_max_autotune_rows_record_spill_checked_choices(self):
        # suite.py --native: max-autotune's choice skips templates whose native
        # kernel spills; on the A770 (FMA dots) 0016's tiles give one that fits
        from inductor_xpu.device.simulation.autotune import native_spill_check

        torch.manual_seed(0)
        with native_spill_check():
            result = codegen.run_codegen_only(
                _GeluMlp().eval(), [torch.randn(8, 16)], "a770", eager=False, inductor_config={"max_autotune": True}
            )
        self.assertEqual(result.status, "pass", result.detail)
        [choice] = result.as_dict()["autotune"]
        self.assertEqual(choice["kind"], "template")
        self.assertEqual(choice["spill_check"]["device"], "acm-g10")
        self.assertIsNone(choice["spill_check"]["fallback"], choice)
        self.assertLessEqual(choice["spill_check"]["chosen_spill_bytes"], choice["spill_check"]["threshold"])
        # the mm's gelu epilogue fused, its fused kernel judged (and fitting)
        [fusion] = result.as_dict()["template_fusions"]
        self.assertEqual((fusion["device"], fusion["fused"], fusion["epilogue"]), ("acm-g10", True, True))
        self.assertLessEqual(fusion["spill_bytes"], fusion["threshold"])

    def test_code_for_another_gpu_is_a_row_error(self):
        section = native_section(_generated("a770").sources, "max1550")
        self.assertEqual(section["verdict"], VERDICT_ERROR)
        self.assertFalse(section["passed"])
        self.assertIn("NativeSourceError", section["error"])


if __name__ == "__main__":
    run_tests()
