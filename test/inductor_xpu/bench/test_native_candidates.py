# Owner(s): ["module: inductor"]
"""tools/bench/native_candidates.py: which saved kernels it compiles (by
name and heuristics kind, each name once across wrappers), and its
argument errors (a missing directory or names file, no kernel matched:
exit status 2 naming it, before anything is compiled).  Nothing is
compiled here; the native compile itself is inductor_xpu.native's
(test/inductor_xpu/native)."""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
BENCH = REPO / "tools" / "bench"
if str(BENCH) not in sys.path:  # run as a script: conftest.py has not put it there
    sys.path.insert(0, str(BENCH))

import native_candidates  # noqa: E402


def _kernel(name: str, decorator: str) -> str:
    return (
        f"{name} = async_compile.triton('{name}', '''\n"
        "import triton\n"
        "from torch._inductor.runtime import triton_heuristics\n"
        f"@triton_heuristics.{decorator}(size_hints={{'x': 1024, 'r0_': 32}})\n"
        "@triton.jit\n"
        f"def {name}(in_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):\n"
        "    pass\n"
        "''', device_str='xpu')\n"
    )


class TestKernelSelection(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.tmp = Path(tempfile.mkdtemp())
        self.addCleanup(__import__("shutil").rmtree, self.tmp)
        (self.tmp / "a770_000_0a1b.py").write_text(
            _kernel("triton_per_fused_a_0", "persistent_reduction") + _kernel("triton_red_fused_b_1", "reduction")
        )
        sub = self.tmp / "model"
        sub.mkdir()
        # the same name again in another graph's wrapper: compiled once, the first
        (sub / "a770_001_2c3d.py").write_text(
            _kernel("triton_per_fused_a_0", "persistent_reduction") + _kernel("triton_poi_fused_c_2", "pointwise")
        )
        # the same name in another graph with another source: compiled too
        (sub / "a770_002_4e5f.py").write_text(_kernel("triton_poi_fused_c_2", "reduction"))

    def test_every_kernel_once_in_order(self):
        kernels = native_candidates._kernels([str(self.tmp)], None, None)
        self.assertEqual(
            [n for n, _ in kernels],
            ["triton_per_fused_a_0", "triton_red_fused_b_1", "triton_poi_fused_c_2", "triton_poi_fused_c_2"],
        )
        self.assertIn("persistent_reduction", kernels[0][1])
        self.assertIn("reduction(", kernels[3][1])

    def test_a_graphs_kernel(self):
        kernels = native_candidates._kernels([str(self.tmp)], {"2:triton_poi_fused_c_2"}, None)
        self.assertEqual(len(kernels), 1)
        self.assertIn("triton_heuristics.reduction(", kernels[0][1])

    def test_by_name_and_kind(self):
        by_name = native_candidates._kernels([str(self.tmp)], {"triton_per_fused_a_0", "absent"}, None)
        self.assertEqual([n for n, _ in by_name], ["triton_per_fused_a_0"])
        by_kind = native_candidates._kernels([str(self.tmp)], None, "reduction")
        self.assertEqual([n for n, _ in by_kind], ["triton_red_fused_b_1", "triton_poi_fused_c_2"])

    def refused(self, *argv: str) -> str:
        """``native_candidates.py argv`` returns 2; its stderr."""
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            code = native_candidates.main(list(argv))
        self.assertEqual(code, 2, stderr.getvalue())
        return stderr.getvalue()

    def test_missing_directory_is_named(self):
        self.assertIn("nowhere: no such directory", self.refused("--target", "a770", str(self.tmp / "nowhere")))

    def test_missing_names_file_is_named(self):
        missing = str(self.tmp / "names.txt")
        self.assertIn("--kernels", self.refused("--target", "a770", "--kernels", missing, str(self.tmp)))

    def test_nothing_matched_compiles_nothing(self):
        names = self.tmp / "names.txt"
        names.write_text("# none of these\ntriton_absent_9\n")
        self.assertIn("no kernel matched", self.refused("--target", "a770", "--kernels", str(names), str(self.tmp)))


if __name__ == "__main__":
    run_tests()
