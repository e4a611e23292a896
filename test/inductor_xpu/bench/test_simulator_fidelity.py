# Owner(s): ["module: inductor"]
"""The comparison half of tools/bench/fidelity.py (tools/bench/suite_lib/fidelity.py):
parsing and normalising output codes, matching kernels and wrapper lines, and
classifying every difference.  Synthetic output codes in Inductor's layout;
nothing is compiled and no GPU is needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest.mock
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"

from suite_lib import fidelity  # noqa: E402


DEVICE = "DeviceProperties(type='cuda', index=0, multi_processor_count={sms}, cc=90, major=9, warp_size=32)"


def kernel(name: str, *, sms: int = 132, size_hints: int = 1024, body: str = "tmp1 = tmp0 + 1.0",
           backend_hash: str = "AB12", path: str = "/tmp/torchinductor_root/ab/cabc.py") -> str:  # fmt: skip
    return f"""

# kernel path: {path}
{name} = async_compile.triton('{name}', '''
import triton
import triton.language as tl

@triton_heuristics.pointwise(
    size_hints={{'x': {size_hints}}},
    filename=__file__,
    triton_meta={{'signature': {{'in_ptr0': '*fp16', 'out_ptr0': '*fp16', 'xnumel': 'i32'}}, 'device': {DEVICE.format(sms=sms)}, 'constants': {{}}}},
    inductor_meta={{'grid_type': 'Grid1D', 'kernel_name': '{name}', 'backend_hash': '{backend_hash}', 'num_load': 1}},
    min_elem_per_thread=0
)
@triton.jit
def {name}(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    tmp0 = tl.load(in_ptr0 + xoffset)
    {body}
    tl.store(out_ptr0 + xoffset, tmp1)
''', device_str='cuda')
"""


def output_code(kernels: list[str], calls: list[str], aot: int = 0) -> str:
    header = f"# AOT ID: ['{aot}_inference']\nimport torch\nfrom torch._inductor.select_algorithm import extern_kernels\n"
    body = "\n\ndef call(args):\n    arg0_1, = args\n" + "".join(f"    {c}\n" for c in calls) + "    return (buf1, )\n"
    return header + "".join(kernels) + "\nasync_compile.wait(globals())\n" + body


def standard(index: int = 0, **kw) -> str:
    name = f"triton_poi_fused_add_{index}"
    return output_code(
        [kernel(name, **kw)],
        [
            "buf0 = empty_strided_cuda((8, 8), (8, 1), torch.float16)",
            "extern_kernels.mm(arg0_1, arg0_1, out=buf0)",
            "buf1 = empty_strided_cuda((8, 8), (8, 1), torch.float16)",
            f"{name}.run(buf0, buf1, 64, stream=stream0)",
        ],
    )


class TestParse(TestCase):
    def test_kernels_and_wrapper(self):
        code = output_code([kernel("triton_poi_fused_add_0"), kernel("triton_red_fused_sum_1")], ["pass"])
        parsed = fidelity.parse(code)
        self.assertEqual([k.base for k in parsed.kernels], ["triton_poi_fused_add", "triton_red_fused_sum"])
        self.assertEqual([k.device_str for k in parsed.kernels], ["cuda", "cuda"])
        self.assertIn("<kernel triton_poi_fused_add>", parsed.wrapper)
        src = parsed.kernels[0].source
        self.assertIn("'backend_hash': '<hash>'", src)
        self.assertIn("'kernel_name': 'triton_poi_fused_add'", src)  # own name without the index
        self.assertNotIn("triton_poi_fused_add_0", src)

    def test_normalises_what_carries_no_meaning(self):
        a = standard(0, backend_hash="AAAA", path="/tmp/x/1.py")
        b = standard(7, backend_hash="BBBB", path="/tmp/y/2.py").replace("['0_inference']", "['5_inference']")
        pa, pb = fidelity.parse(a), fidelity.parse(b)
        self.assertEqual([k.name for k in pa.kernels + pb.kernels], ["triton_poi_fused_add_0", "triton_poi_fused_add_7"])
        self.assertEqual([k.source for k in pa.kernels], [k.source for k in pb.kernels])
        self.assertEqual(pa.wrapper, pb.wrapper)
        g = fidelity.compare_graph(a, b)
        self.assertTrue(g.identical)
        self.assertEqual((g.identical_kernels, g.real_kernels), (1, 1))
        self.assertEqual(g.identical_wrapper_lines, g.wrapper_lines)
        self.assertEqual(g.differences, [])


    def test_frozen_constant_ids(self):
        decl = "_frozen_param3 = None  # device(type='cuda', index=0) torch.float16 (768,) (1,) {}\n"
        a = decl.format("7f2eba4c3d90") + standard()
        b = decl.format("7fe2d9835400") + standard()
        c = decl.replace("(768,)", "(1024,)").format("7fe2d9835400") + standard()
        self.assertTrue(fidelity.compare_graph(a, b).wrapper_identical)
        self.assertFalse(fidelity.compare_graph(a, c).wrapper_identical)


class TestClassify(TestCase):
    def _one(self, real: str, sim: str) -> fidelity.Difference:
        g = fidelity.compare_graph(real, sim, "m/c/graph 0")
        kernel_diffs = [d for d in g.differences if d.part == "kernel"]
        self.assertEqual(len(kernel_diffs), 1, g.differences)
        self.assertFalse(g.identical)
        self.assertEqual(g.identical_kernels, 0)
        return kernel_diffs[0]

    def test_device_properties(self):
        d = self._one(standard(sms=132), standard(sms=114))
        self.assertEqual(d.cls, "device properties")
        self.assertIn("device.multi_processor_count", d.detail)
        self.assertNotIn("device.cc", d.detail)

    def test_heuristics_metadata(self):
        d = self._one(standard(size_hints=1024), standard(size_hints=2048))
        self.assertEqual(d.cls, "heuristics metadata")
        self.assertIn("size_hints", d.detail)

    def test_kernel_body(self):
        d = self._one(standard(), standard(body="tmp1 = tmp0 * 2.0"))
        self.assertEqual(d.cls, "kernel body")
        self.assertIn("tmp1 = tmp0", d.detail)

    def test_kernel_only_on_one_side_and_wrapper_lines(self):
        real = standard()
        sim = output_code(
            [kernel("triton_poi_fused_add_0"), kernel("triton_poi_fused_mul_1")],
            [
                "buf0 = empty_strided_cuda((8, 8), (8, 1), torch.float16)",
                "extern_kernels.bmm(arg0_1, arg0_1, out=buf0)",
                "buf1 = empty_strided_cuda((8, 8), (8, 1), torch.float16)",
                "triton_poi_fused_add_0.run(buf0, buf1, 64, stream=stream0)",
            ],
        )
        g = fidelity.compare_graph(real, sim, "w")
        classes = {(d.part, d.cls) for d in g.differences}
        self.assertIn(("kernel", "only in the simulation"), classes)
        self.assertIn(("wrapper", "extern call"), classes)
        self.assertEqual(g.identical_kernels, 1)
        self.assertFalse(g.wrapper_identical)
        self.assertLess(g.identical_wrapper_lines, g.wrapper_lines)
        extern = [d for d in g.differences if d.cls == "extern call"][0]
        self.assertIn("extern_kernels.mm", extern.detail)
        self.assertIn("extern_kernels.bmm", extern.detail)

    def test_wrapper_line_classes(self):
        c = fidelity.classify_wrapper_line
        self.assertEqual(c("extern_kernels.addmm(a, b, c, out=buf1)"), "extern call")
        self.assertEqual(c("torch.ops.aten._scaled_dot_product_cudnn_attention.default(q, k, v)"), "extern call")
        self.assertEqual(c("triton_poi_fused_add.run(buf0, 8, stream=stream0)"), "kernel launch")
        self.assertEqual(c("buf3 = empty_strided_cuda((8, ), (1, ), torch.float16)"), "allocation / view")
        self.assertEqual(c("# Topologically Sorted Source Nodes: [x]"), "comment (graph/source mapping)")


class TestCaseAndSummary(TestCase):
    def test_graph_count_and_shares(self):
        same = fidelity.compare_case("m1", "fp16-nofreezing", [standard()], [standard(3)])
        differ = fidelity.compare_case("m2", "fp16-freezing", [standard(), standard()], [standard(sms=1)])
        self.assertEqual(same.differences, [])
        self.assertIn(("graph", "graph count"), {(d.part, d.cls) for d in differ.differences})
        failed = fidelity.CaseComparison("m3", "bf16-freezing", "real: failed")
        s = fidelity.summarise([same, differ, failed])
        self.assertEqual((s["cases"], s["cases_compared"], s["graphs_compared"]), (3, 2, 2))
        self.assertEqual((s["identical_kernels"], s["real_kernels"]), (1, 2))
        self.assertAlmostEqual(s["identical_kernel_share"], 0.5)
        self.assertEqual(s["identical_wrappers"], 2)  # only the kernel's device differs in m2
        self.assertEqual(s["difference_classes"]["kernel: device properties"], 1)


class TestCompareCommand(TestCase):
    def _tree(self, root: Path, side: str, model: str, config: str, sources: list[str]) -> None:
        d = root / side / model / config
        d.mkdir(parents=True)
        for i, s in enumerate(sources):
            (d / f"{i:03d}.py").write_text(s)
        status = {"configs": {config: {"status": "ok", "graphs": len(sources)}}}
        (root / side / model / "status.json").write_text(json.dumps(status))

    def test_compare_writes_reports(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            self._tree(root, "real", "tiny", "fp16-nofreezing", [standard()])
            self._tree(root, "sim", "tiny", "fp16-nofreezing", [standard(body="tmp1 = tmp0 - 1.0")])
            proc = subprocess.run(
                [sys.executable, str(BENCH / "fidelity.py"), "compare", tmp],
                capture_output=True, text=True, timeout=60,
            )  # fmt: skip
            self.assertEqual(proc.returncode, 0, proc.stderr)
            summary = json.loads(proc.stdout)
            self.assertEqual(summary["identical_kernel_share"], 0.0)
            md = (root / "fidelity.md").read_text()
            self.assertIn("| kernel: kernel body | 1 |", md)
            diffs = (root / "fidelity_differences.csv").read_text()
            self.assertIn("tiny/fp16-nofreezing/graph 0,kernel,kernel body", diffs)

    def test_compare_without_runs_is_a_usage_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = subprocess.run(
                [sys.executable, str(BENCH / "fidelity.py"), "compare", tmp], capture_output=True, text=True, timeout=60
            )
            self.assertEqual(proc.returncode, 2)
            self.assertIn("no real/ and sim/", proc.stderr)

    def test_simulated_worker_saves_the_output_codes(self):
        # The sim side keeps the compile's generated code (no files of its own to read back).
        # The worker's entry point in this process (a fresh Python importing
        # torch costs about 3 s of CPU); CUDA hidden as `run` hides it, for a
        # CUDA not initialized yet.
        with tempfile.TemporaryDirectory() as tmp, unittest.mock.patch.dict(os.environ, {"CUDA_VISIBLE_DEVICES": ""}):
            import fidelity as fidelity_script  # tools/bench/fidelity.py

            code = fidelity_script.main(
                ["worker", "--side", "sim", "--model", "selftest_mlp", "--out", tmp, "--dtypes", "fp16",
                 "--freezing", "off", "--target", "h100", "--small"]
            )  # fmt: skip
            self.assertEqual(code, 0)
            model = Path(tmp) / "sim" / "selftest_mlp"
            status = json.loads((model / "status.json").read_text())
            self.assertEqual(status["configs"]["fp16-nofreezing"]["status"], "ok", status)
            self.assertEqual([p.name for p in model.iterdir() if p.is_dir()], ["fp16-nofreezing"])
            (code,) = (model / "fp16-nofreezing").glob("*.py")
            self.assertIn("device_str='cuda'", code.read_text())


class TestTorchFree(TestCase):
    def test_compares_with_torch_blocked(self):
        # The comparison works on strings: it and the reader of generated
        # code it uses (inductor_xpu.generated_code) import no torch.
        script = (
            "import sys\n"
            "sys.modules['torch'] = None\n"
            f"sys.path.insert(0, {str(BENCH)!r})\n"
            "from suite_lib import fidelity\n"
            f"src = {kernel('triton_poi_fused_add_0')!r}\n"
            "graph = fidelity.compare_graph(src, src)\n"
            "assert graph.identical_kernels == 1, graph\n"
            "assert not [m for m in sys.modules if m.startswith('torch') and sys.modules[m] is not None]\n"
            "print('ok')\n"
        )
        proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=REPO)
        self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
        self.assertEqual(proc.stdout.strip(), "ok")


if __name__ == "__main__":
    run_tests()
