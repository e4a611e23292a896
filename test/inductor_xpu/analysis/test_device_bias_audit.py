# Owner(s): ["module: inductor"]
"""The static device-bias audit: scanner, allowlist, report, CLI, calibration."""

import contextlib
import fnmatch
import functools
import io
import json
import shutil
import tempfile
import textwrap
import unittest
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.__main__ import build_parser, main
from inductor_xpu.analysis import (
    ALLOWLIST,
    AllowlistEntry,
    Rule,
    TorchTree,
    audit_sources,
    audit_tree,
    scan_source,
)
from inductor_xpu.analysis.audit import (
    DISTRIBUTED_MODULES,
    EXCLUDED_DIRS,
    SCOPES,
    inductor_files,
    is_excluded,
)
from inductor_xpu.analysis.scanner import CATEGORIES, CUDA_ATTRIBUTE_CATEGORIES
from inductor_xpu.series.writer import FileChange, render_patch


def scan(src, file="x.py"):
    return scan_source(textwrap.dedent(src), file)


def summary(sites):
    return [(s.line, s.category, s.symbol) for s in sites]


def write_tree(root, files, version="9.9.9"):
    """A fake torch tree: root/torch/version.py and root/torch/_inductor/<files>."""
    inductor = Path(root) / "torch" / "_inductor"
    inductor.mkdir(parents=True, exist_ok=True)
    (Path(root) / "torch" / "version.py").write_text(f"__version__ = '{version}'\n")
    for rel, text in files.items():
        path = inductor / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return Path(root)


@functools.cache
def installed_audit(patched=False):
    """The audit of the installed torch (each variant computed once: ~5 s)."""
    return audit_tree(patched=patched)


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["audit", *argv])
    return rc, out.getvalue(), err.getvalue()


class TestScannerCategories(TestCase):
    def test_torch_cuda_attribute_outermost_chain(self):
        sites = scan(
            """\
            import torch
            torch.cuda.synchronize()
            torch.cuda.memory._record_memory_history(enabled=None)
            x = torch.cuda.get_device_properties(0).major
            m = torch.cuda
            torch.xpu.synchronize()
            torch.Event()
            """
        )
        self.assertEqual(
            summary(sites),
            [
                (2, "torch.cuda", "torch.cuda.synchronize"),
                (3, "torch.cuda", "torch.cuda.memory._record_memory_history"),
                (4, "torch.cuda", "torch.cuda.get_device_properties"),
                (5, "torch.cuda", "torch.cuda"),
            ],
        )
        self.assertEqual(sites[1].spelling, "torch.cuda.memory._record_memory_history")

    def test_nested_chains_in_arguments_each_count(self):
        sites = scan("torch.cuda.get_device_properties(torch.cuda.current_device())\n")
        self.assertEqual(
            sorted(s.symbol for s in sites),
            ["torch.cuda.current_device", "torch.cuda.get_device_properties"],
        )

    def test_cuda_only_classes(self):
        sites = scan(
            """\
            e = torch.cuda.Event(enable_timing=True)
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                pass
            s: torch.cuda.Stream = torch.cuda.streams.Stream()
            torch.cuda.current_stream()
            """
        )
        self.assertEqual(
            summary(sites),
            [
                (1, "torch.cuda-class", "torch.cuda.Event"),
                (2, "torch.cuda-class", "torch.cuda.CUDAGraph"),
                (3, "torch.cuda-class", "torch.cuda.graph"),
                (5, "torch.cuda-class", "torch.cuda.Stream"),
                (5, "torch.cuda-class", "torch.cuda.streams.Stream"),
                (6, "torch.cuda", "torch.cuda.current_stream"),
            ],
        )

    def test_aliases(self):
        sites = scan(
            """\
            import torch.cuda as c
            from torch import cuda
            from torch.cuda import synchronize as sync, Stream
            import torch as t
            c.synchronize()
            cuda.Event()
            sync()
            Stream()
            t.cuda.current_device()
            t.xpu.current_device()
            """
        )
        self.assertEqual(
            summary(sites),
            [
                (1, "cuda-import", "torch.cuda"),
                (2, "cuda-import", "torch.cuda"),
                (3, "cuda-import", "torch.cuda.synchronize"),
                (3, "cuda-import", "torch.cuda.Stream"),
                (5, "torch.cuda-alias", "torch.cuda.synchronize"),
                (6, "torch.cuda-alias", "torch.cuda.Event"),
                (7, "torch.cuda-alias", "torch.cuda.synchronize"),
                (8, "torch.cuda-alias", "torch.cuda.Stream"),
                (9, "torch.cuda-alias", "torch.cuda.current_device"),
            ],
        )
        self.assertEqual(sites[4].spelling, "c.synchronize")
        self.assertEqual(sites[8].spelling, "t.cuda.current_device")

    def test_alias_scoping_is_lexical(self):
        sites = scan(
            """\
            def f():
                from torch.cuda import synchronize
                synchronize()
                def inner():
                    synchronize()

            def g():
                synchronize()  # not bound here

            class C:
                from torch.cuda import Event
                e = Event()
                def m(self):
                    return Event()  # class scope does not reach methods

            def h(synchronize):
                synchronize = 1
            """
        )
        self.assertEqual(
            [(s.line, s.category, s.function) for s in sites],
            [
                (2, "cuda-import", "f"),
                (3, "torch.cuda-alias", "f"),
                (5, "torch.cuda-alias", "f.<locals>.inner"),
                (11, "cuda-import", "C"),
                (12, "torch.cuda-alias", "C"),
            ],
        )

    def test_cuda_string_comparisons(self):
        sites = scan(
            """\
            a = device.type == "cuda"
            b = "cuda" == device.type
            c = x != "cuda"
            d = "cuda" in str(device)
            e = device.type in ("cuda", "xpu")
            f = device_type not in ["cuda"]
            g = dev == "cuda:0"
            h = x is "cuda"
            # not device checks on "cuda":
            i = x == "cpu"
            j = mode == "cudagraphs"
            k = torch.device("cuda")
            l = "cuda" + suffix
            m = x < "cuda"
            n = dev == "cuda:x"
            """
        )
        self.assertEqual([s.line for s in sites], [1, 2, 3, 4, 5, 6, 7, 8])
        self.assertTrue(all(s.category == "cuda-string" for s in sites))
        self.assertEqual(sites[0].symbol, "device.type == 'cuda'")
        self.assertEqual(sites[4].symbol, "device.type in ('cuda', 'xpu')")

    def test_one_site_per_comparison(self):
        sites = scan('ok = "cpu" != d == "cuda" != e\n')
        self.assertEqual(len(sites), 1)

    def test_device_specific_imports(self):
        sites = scan(
            """\
            import torch
            import torch.cuda
            import torch.cuda.nvtx as nvtx
            from torch.cuda.amp import autocast
            from torch._C import _cuda_getCurrentRawStream, _set_grad_enabled
            from torch._C._cudart import cudaProfilerStart
            from torch.backends import cudnn, mkldnn
            import torch.backends.cuda
            from torch._C import _xpu_getCurrentRawStream
            from .cuda import nothing_here
            from torch import xpu
            """
        )
        self.assertEqual(
            summary(sites),
            [
                (2, "cuda-import", "torch.cuda"),
                (3, "cuda-import", "torch.cuda.nvtx"),
                (4, "cuda-import", "torch.cuda.amp.autocast"),
                (5, "cuda-import", "torch._C._cuda_getCurrentRawStream"),
                (6, "cuda-import", "torch._C._cudart.cudaProfilerStart"),
                (7, "cuda-import", "torch.backends.cudnn"),
                (8, "cuda-import", "torch.backends.cuda"),
            ],
        )

    def test_private_bindings_and_backend_flags(self):
        sites = scan(
            """\
            from torch._C import _cuda_releasePool
            torch._C._cuda_clearCublasWorkspaces()
            _cuda_releasePool(0, pool)
            p = torch.backends.cuda.matmul.fp32_precision
            q = torch.backends.cudnn.allow_tf32
            r = torch.backends.mkldnn.enabled
            s = torch._C._xpu_getCurrentRawStream(0)
            """
        )
        self.assertEqual(
            summary(sites),
            [
                (1, "cuda-import", "torch._C._cuda_releasePool"),
                (2, "torch._C._cuda", "torch._C._cuda_clearCublasWorkspaces"),
                (3, "torch._C._cuda", "torch._C._cuda_releasePool"),
                (4, "torch.backends.cuda", "torch.backends.cuda.matmul.fp32_precision"),
                (5, "torch.backends.cuda", "torch.backends.cudnn.allow_tf32"),
            ],
        )

    def test_strings_are_not_code(self):
        sites = scan(
            '''\
            def f(s: "torch.cuda.Stream"):
                """torch.cuda.synchronize() in a docstring"""
                code = "torch.cuda.synchronize()"
            '''
        )
        self.assertEqual(sites, [])

    def test_every_category_is_known(self):
        sites = scan(
            """\
            from torch.cuda import Stream
            torch.cuda.synchronize(); torch.cuda.Event(); Stream()
            torch._C._cuda_x(); torch.backends.cuda.flag; d == "cuda"
            """
        )
        self.assertEqual(sorted({s.category for s in sites}), sorted(CATEGORIES))


class TestEnclosingFunction(TestCase):
    def test_qualnames(self):
        sites = scan(
            """\
            torch.cuda.a()

            @torch.cuda.b
            def f(x=torch.cuda.c(), *, y: torch.cuda.d = None) -> torch.cuda.e:
                torch.cuda.f()
                def g():
                    torch.cuda.g()
                    return lambda: torch.cuda.h()
                class Local:
                    def m(self):
                        torch.cuda.i()

            class C(torch.cuda.j):
                k = torch.cuda.k()
                class D:
                    async def m(self):
                        [torch.cuda.l() for _ in range(2)]
            """
        )
        self.assertEqual(
            [(s.symbol.rsplit(".", 1)[1], s.function) for s in sites],
            [
                ("a", "<module>"),
                ("b", "<module>"),
                ("c", "f"),
                ("d", "f"),
                ("e", "f"),
                ("f", "f"),
                ("g", "f.<locals>.g"),
                ("h", "f.<locals>.g.<locals>.<lambda>"),
                ("i", "f.<locals>.Local.m"),
                ("j", "<module>"),
                ("k", "C"),
                ("l", "C.D.m"),
            ],
        )


_TEST_ALLOWLIST = (
    AllowlistEntry(
        feature="graphs",
        reason="test: graph capture",
        rules=(Rule("graphs/*.py", "torch.cuda*", "Capture.*"),),
    ),
    AllowlistEntry(
        feature="nvtx",
        reason="test: NVTX",
        rules=(Rule("*", "torch.cuda.nvtx*"),),
    ),
    AllowlistEntry(feature="never", reason="test: unused", rules=(Rule("nope.py"),)),
)

_ALLOWLIST_SRC = """\
class Capture:
    def record(self):
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()

def bench():
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push("x")
"""


class TestAllowlist(TestCase):
    def audit(self, files):
        return audit_sources(files, allowlist=_TEST_ALLOWLIST)

    def test_matches_file_symbol_and_function(self):
        report = self.audit({"graphs/trees.py": _ALLOWLIST_SRC, "other.py": _ALLOWLIST_SRC})
        got = [(s.file, s.function, s.symbol, s.allowlist) for s in report.sites]
        self.assertEqual(
            got,
            [
                ("graphs/trees.py", "Capture.record", "torch.cuda.synchronize", "graphs"),
                ("graphs/trees.py", "Capture.record", "torch.cuda.CUDAGraph", "graphs"),
                # same symbol, other function: not explained
                ("graphs/trees.py", "bench", "torch.cuda.synchronize", None),
                ("graphs/trees.py", "bench", "torch.cuda.nvtx.range_push", "nvtx"),
                # same function and symbol, file outside the glob: not explained
                ("other.py", "Capture.record", "torch.cuda.synchronize", None),
                ("other.py", "Capture.record", "torch.cuda.CUDAGraph", None),
                ("other.py", "bench", "torch.cuda.synchronize", None),
                ("other.py", "bench", "torch.cuda.nvtx.range_push", "nvtx"),
            ],
        )
        self.assertEqual(len(report.allowlisted), 4)
        self.assertEqual(len(report.unexplained), 4)
        self.assertEqual(report.unused_allowlist(), ["never"])
        self.assertEqual(report.by_allowlist_entry(), {"graphs": 2, "nvtx": 2, "never": 0})

    def test_entry_for_sites_a_patch_introduces(self):
        # Unused on stock torch is expected for such an entry; on the patched
        # tree it must explain something.
        entry = AllowlistEntry(
            feature="patched-only", reason="test", rules=(Rule("nope.py"),), introduced_by="0099-x"
        )
        report = audit_sources({"other.py": _ALLOWLIST_SRC}, allowlist=_TEST_ALLOWLIST + (entry,))
        self.assertEqual(report.unused_allowlist(), ["graphs", "never"])
        report.patched = True
        self.assertEqual(report.unused_allowlist(), ["graphs", "never", "patched-only"])

    def test_not_by_line(self):
        before = self.audit({"graphs/trees.py": _ALLOWLIST_SRC})
        moved = self.audit({"graphs/trees.py": "\n\n\n# moved\n" + _ALLOWLIST_SRC})
        self.assertEqual([s.line + 4 for s in before.sites], [s.line for s in moved.sites])
        self.assertEqual(
            [s.allowlist for s in before.sites], [s.allowlist for s in moved.sites]
        )

    def test_project_allowlist_policy(self):
        shared = """\
        def get_system():
            torch.cuda.get_device_properties(torch.cuda.current_device())
            torch.cuda.synchronize()
            return torch.cuda.is_available()
        """
        trees = """\
        class CUDAGraphNode:
            def _record(self):
                with torch.cuda.graph(self.graph):
                    torch._C._cuda_releasePool(0, self.pool)
        """
        report = audit_sources(
            {
                "codecache.py": textwrap.dedent(shared),
                "select_algorithm.py": textwrap.dedent(shared),
                "cudagraph_trees.py": textwrap.dedent(trees),
                "utils.py": "def f():\n    torch.cuda.nvtx.range('x')\n",
            }
        )
        explained = {(s.file, s.symbol): s.allowlist for s in report.sites}
        # Generic device queries in shared code are never allowlisted.
        for file in ("codecache.py", "select_algorithm.py"):
            for sym in (
                "torch.cuda.get_device_properties",
                "torch.cuda.current_device",
                "torch.cuda.synchronize",
                "torch.cuda.is_available",
            ):
                self.assertIsNone(explained[(file, sym)], (file, sym))
        self.assertEqual(explained[("cudagraph_trees.py", "torch.cuda.graph")], "cuda-graph-trees")
        self.assertEqual(
            explained[("cudagraph_trees.py", "torch._C._cuda_releasePool")], "cuda-graph-trees"
        )
        self.assertEqual(explained[("utils.py", "torch.cuda.nvtx.range")], "nvtx")

    def test_project_allowlist_is_well_formed(self):
        features = [e.feature for e in ALLOWLIST]
        self.assertEqual(len(features), len(set(features)))
        for entry in ALLOWLIST:
            self.assertGreater(len(entry.reason), 40, entry.feature)
            self.assertTrue(entry.rules, entry.feature)
            for rule in entry.rules:
                # Matching is by file, symbol and function only.
                self.assertEqual(
                    sorted(vars(rule)), ["file", "function", "symbol"], entry.feature
                )
                self.assertFalse(rule.file.startswith("/"), rule)


class TestExclusions(TestCase):
    def test_excluded_dirs(self):
        src = "torch.cuda.synchronize()\n"
        report = audit_sources(
            {
                "codegen/cuda/cuda_kernel.py": src,
                "codegen/rocm/ck_template.py": src,
                "codegen/cutlass/x.py": src,
                "codegen/cutedsl/a/b.py": src,
                "codegen/nv_universal_gemm/x.py": src,
                "codegen/mtia/device_op_overrides.py": src,
                "codegen/cuda_combined_scheduling.py": src,
                "codegen/triton.py": src,
                "kernel/cuda/x.py": src,
            }
        )
        self.assertEqual(
            sorted(report.by_file()),
            ["codegen/cuda_combined_scheduling.py", "codegen/triton.py", "kernel/cuda/x.py"],
        )
        self.assertEqual(len(EXCLUDED_DIRS), 6)
        self.assertTrue(is_excluded("codegen/mtia"))
        self.assertFalse(is_excluded("codegen/cudagraph.py"))

    def test_tree_walk_skips_excluded_and_non_python(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = TorchTree.at(
                write_tree(
                    tmp,
                    {
                        "a.py": "torch.cuda.synchronize()\n",
                        "codegen/cuda/b.py": "torch.cuda.synchronize()\n",
                        "sub/c.py": "x = 1\n",
                        "notes.txt": "torch.cuda.synchronize()\n",
                    },
                )
            )
            self.assertEqual(tree.version, "9.9.9")
            self.assertEqual(inductor_files(tree), ["a.py", "sub/c.py"])
            # DIR may also be the torch package itself.
            self.assertEqual(TorchTree.at(Path(tmp) / "torch").root, tree.root)

    def test_unparsable_file_is_reported(self):
        report = audit_sources({"bad.py": "def (:\n", "good.py": "torch.cuda.foo()\n"})
        self.assertEqual([s.file for s in report.sites], ["good.py"])
        self.assertEqual(len(report.errors), 1)
        self.assertIn("bad.py", report.errors[0])


_FAKE_FILES = {
    "cudagraph_trees.py": """\
        import torch
        def record():
            g = torch.cuda.CUDAGraph()
            torch.cuda.synchronize()
        """,
    "utils.py": """\
        import torch
        def is_big_gpu(device):
            if device.type == "cuda":
                return torch.cuda.get_device_properties(device).multi_processor_count > 68
        """,
    "codegen/cuda/cuda_kernel.py": "torch.cuda.synchronize()\n",
}


class TestCommandLine(TestCase):
    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.root = write_tree(tmp.name, _FAKE_FILES)

    def test_json_shape(self):
        rc, out, _ = run_cli("--torch-dir", str(self.root), "--json")
        self.assertEqual(rc, 0)
        data = json.loads(out)
        for key in ("torch", "sites", "allowlisted", "unexplained", "by_file", "by_category"):
            self.assertIn(key, data)
        self.assertEqual(data["torch"], "9.9.9")
        self.assertEqual((data["sites"], data["allowlisted"], data["unexplained"]), (4, 2, 2))
        self.assertEqual(
            data["by_file"],
            {
                "cudagraph_trees.py": {"sites": 2, "allowlisted": 2, "unexplained": 0},
                "utils.py": {"sites": 2, "allowlisted": 0, "unexplained": 2},
            },
        )
        self.assertEqual(set(data["by_category"]), set(CATEGORIES))
        self.assertEqual(
            data["by_category"]["cuda-string"],
            {"sites": 1, "allowlisted": 0, "unexplained": 1, "files": 1},
        )
        self.assertEqual(data["calibration"]["sites"], 3)
        self.assertEqual(data["calibration"]["files"], 2)
        self.assertEqual(data["calibration"]["categories"], list(CUDA_ATTRIBUTE_CATEGORIES))
        self.assertEqual(
            data["calibration"]["by_file"], {"cudagraph_trees.py": 2, "utils.py": 1}
        )
        self.assertEqual(data["allowlist"]["cuda-graph-trees"], 2)
        self.assertIn("nccl-cost-model", data["unused_allowlist"])
        self.assertNotIn("site_list", data)

    def test_json_sites(self):
        rc, out, _ = run_cli("--torch-dir", str(self.root / "torch"), "--json", "--sites")
        self.assertEqual(rc, 0)
        first = json.loads(out)["site_list"][0]
        self.assertEqual(
            first,
            {
                "file": "cudagraph_trees.py",
                "line": 3,
                "col": 8,
                "symbol": "torch.cuda.CUDAGraph",
                "category": "torch.cuda-class",
                "function": "record",
                "spelling": "torch.cuda.CUDAGraph",
                "allowlist": "cuda-graph-trees",
            },
        )

    def test_plain_and_list(self):
        rc, out, _ = run_cli("--torch-dir", str(self.root), "--list")
        self.assertEqual(rc, 0)
        self.assertIn("torch 9.9.9", out)
        self.assertIn("sites: 4   allowlisted: 2   unexplained: 2", out)
        self.assertIn("3 in 2 files", out)
        listed = out.strip().splitlines()[-2:]
        self.assertEqual(
            listed,
            [
                "utils.py:3 device.type == 'cuda' cuda-string (is_big_gpu)",
                "utils.py:4 torch.cuda.get_device_properties torch.cuda (is_big_gpu)",
            ],
        )

    def test_missing_tree(self):
        rc, out, err = run_cli("--torch-dir", str(self.root / "nowhere"))
        self.assertEqual(rc, 2)
        self.assertIn("no torch/_inductor", err)


_OLD_A = "def f():\n    torch.cuda.synchronize()\n    torch.cuda.current_device()\n"
_NEW_A = "def f():\n    torch.cuda.synchronize()\n"
_NEW_FILE = "def g():\n    return torch.cuda.is_available()\n"
_GONE = "torch.cuda.empty_cache()\n"


def write_series(directory, changes):
    series = Path(directory)
    series.mkdir(parents=True)
    patch = render_patch(
        author="t <t@example.com>",
        date="Thu, 01 Jan 2026 00:00:00 +0000",
        subject="test",
        message="test",
        changes=changes,
    )
    (series / "0001-test.patch").write_text(patch)
    (series / "series").write_text("0001-test.patch\n")
    (series / "BASE").write_text("base: 9.9.9\n")
    return series


class TestPatchedAudit(TestCase):
    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.root = write_tree(Path(tmp.name) / "tree", {"a.py": _OLD_A, "gone.py": _GONE})
        self.series = write_series(
            Path(tmp.name) / "series_dir",
            [
                FileChange("torch/_inductor/a.py", _OLD_A, _NEW_A),
                FileChange("torch/_inductor/new.py", None, _NEW_FILE),
                FileChange("torch/_inductor/gone.py", _GONE, None),
            ],
        )

    def test_synthetic_series(self):
        stock = audit_tree(TorchTree.at(self.root))
        patched = audit_tree(TorchTree.at(self.root), patched=True, series_dir=self.series)
        self.assertEqual(
            {f: v["sites"] for f, v in stock.by_file().items()}, {"a.py": 2, "gone.py": 1}
        )
        self.assertEqual(
            {f: v["sites"] for f, v in patched.by_file().items()}, {"a.py": 1, "new.py": 1}
        )
        self.assertEqual(
            [(p.name, p.status, p.files) for p in patched.patches],
            [("0001-test.patch", "applied", ("a.py", "gone.py", "new.py"))],
        )
        self.assertFalse(stock.patched)

    def test_patch_that_does_not_apply_is_reported(self):
        (self.root / "torch/_inductor/a.py").write_text("def f():\n    pass\n")
        patched = audit_tree(TorchTree.at(self.root), patched=True, series_dir=self.series)
        self.assertEqual([p.status for p in patched.patches], ["does not apply"])
        # Atomic: new.py is not created, gone.py is not deleted.
        self.assertEqual(sorted(patched.by_file()), ["gone.py"])
        self.assertIn("patch 0001-test.patch: does not apply", patched.format_summary())

    def test_cli_patched(self):
        rc, out, _ = run_cli(
            "--torch-dir", str(self.root), "--patched", "--series-dir", str(self.series), "--json"
        )
        self.assertEqual(rc, 0)
        data = json.loads(out)
        self.assertTrue(data["patched"])
        self.assertEqual((data["sites"], data["unexplained"]), (2, 2))
        self.assertEqual(
            data["patches"],
            [
                {
                    "name": "0001-test.patch",
                    "status": "applied",
                    "detail": "applied",
                    "files": ["a.py", "gone.py", "new.py"],
                }
            ],
        )

    def test_series_on_installed_torch(self):
        stock, patched = installed_audit(), installed_audit(patched=True)
        applied = [p for p in patched.patches if p.status == "applied"]
        names = [p.name for p in applied]
        if not {
            "0060-lowering-device-generic-threads-per-round.patch",
            "0030-codecache-device-generic-system-info.patch",
        } <= set(names):
            self.skipTest("patches 0060/0030 do not apply to this torch")
        before, after = stock.by_file(), patched.by_file()
        # 0060 and 0030 take the torch.cuda uses out of these two functions.
        for file, function in (
            ("lowering.py", "get_threads_per_round"),
            ("codecache.py", "CacheBase.get_system"),
        ):
            self.assertLess(after[file]["sites"], before[file]["sites"], file)
            self.assertLess(after[file]["unexplained"], before[file]["unexplained"], file)
            for report, expect in ((stock, True), (patched, False)):
                uses = [
                    s
                    for s in report.sites
                    if s.file == file
                    and s.function == function
                    and s.category == "torch.cuda"
                ]
                self.assertEqual(bool(uses), expect, (file, function))
        self.assertLess(patched.calibration()["sites"], stock.calibration()["sites"])
        self.assertLess(len(patched.unexplained), len(stock.unexplained))
        # Files no patch touches audit the same.
        touched = {f for p in applied for f in p.files}
        self.assertIn("lowering.py", touched)
        untouched = set(before) - touched
        self.assertEqual({f: before[f] for f in untouched}, {f: after[f] for f in untouched})


def write_files(root, files):
    """Files of a fake torch tree, by path from its root (torch/...)."""
    for path, text in files.items():
        target = Path(root) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))


_FSDP_PASS = "import torch\ndef count():\n    return torch.cuda.device_count()\n"
_FULLY_SHARD = (
    "import torch\n"
    "class FSDPModule:\n"
    "    def set_all_reduce_hook(self, hook, *, stream: torch.cuda.Stream = None):\n"
    "        pass\n"
    "    def _root_pre_forward(self):\n"
    "        return self._device.type in ['cuda', 'hpu', 'xpu']\n"
)
_FULLY_SHARD_FIXED = _FULLY_SHARD.replace("torch.cuda.Stream", "torch.Stream")


class TestDistributedScope(TestCase):
    """``--scope distributed``: the modules Inductor compiles collectives
    with, inside torch/_inductor and in torch/distributed, each counted
    (issue 25 item 2)."""

    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.root = write_tree(
            self.tmp / "tree",
            {
                "fx_passes/fsdp.py": _FSDP_PASS,
                "comm_lowering.py": "x = 1\n",
                "utils.py": "import torch\ntorch.cuda.synchronize()\n",
            },
        )
        write_files(
            self.root,
            {
                "torch/distributed/fsdp/_fully_shard/_fully_shard.py": _FULLY_SHARD,
                "torch/distributed/fsdp/_fully_shard/_fsdp_api.py": "x = 1\n",
                "torch/distributed/_functional_collectives.py": "x = 1\n",
                # torch/distributed outside the scope
                "torch/distributed/distributed_c10d.py": "torch.cuda.synchronize()\n",
            },
        )

    def test_files_of_each_scope(self):
        tree = TorchTree.at(self.root)
        self.assertEqual(
            SCOPES["distributed"].files(tree),
            [
                "torch/_inductor/comm_lowering.py",
                "torch/_inductor/fx_passes/fsdp.py",
                "torch/distributed/_functional_collectives.py",
                "torch/distributed/fsdp/_fully_shard/_fsdp_api.py",
                "torch/distributed/fsdp/_fully_shard/_fully_shard.py",
            ],
        )
        self.assertEqual(
            SCOPES["inductor"].files(tree),
            [
                "torch/_inductor/comm_lowering.py",
                "torch/_inductor/fx_passes/fsdp.py",
                "torch/_inductor/utils.py",
            ],
        )
        self.assertFalse(SCOPES["distributed"].contains("torch/distributed/distributed_c10d.py"))
        self.assertTrue(SCOPES["inductor"].contains("torch/_inductor/utils.py"))
        self.assertFalse(SCOPES["inductor"].contains("torch/_inductor/codegen/cuda/x.py"))

    def test_every_module_is_counted(self):
        report = audit_tree(TorchTree.at(self.root), scope="distributed")
        self.assertEqual(report.scope.name, "distributed")
        fully_shard = "torch/distributed/fsdp/_fully_shard/_fully_shard.py"
        # Inductor's files keep the names the inductor scope gives them, so
        # allowlist rules and reports agree between the scopes.
        self.assertEqual(
            report.by_module(),
            {
                "comm_lowering.py": {"sites": 0, "allowlisted": 0, "unexplained": 0},
                "fx_passes/fsdp.py": {"sites": 1, "allowlisted": 0, "unexplained": 1},
                "torch/distributed/_functional_collectives.py": {
                    "sites": 0, "allowlisted": 0, "unexplained": 0
                },
                "torch/distributed/fsdp/_fully_shard/_fsdp_api.py": {
                    "sites": 0, "allowlisted": 0, "unexplained": 0
                },
                # the stream annotation; the device list that names xpu is explained
                fully_shard: {"sites": 2, "allowlisted": 1, "unexplained": 1},
            },
        )
        explained = [s for s in report.sites if s.allowlist]
        self.assertEqual([s.allowlist for s in explained], ["gpu-list-includes-xpu"])
        inductor = audit_tree(TorchTree.at(self.root))
        self.assertEqual(
            inductor.by_file()["fx_passes/fsdp.py"], report.by_file()["fx_passes/fsdp.py"]
        )
        self.assertNotIn(fully_shard, inductor.by_file())

    def fill_scope(self):
        """A placeholder file for each module pattern the tree has none of."""
        files = SCOPES["distributed"].files(TorchTree.at(self.root))
        for pattern in DISTRIBUTED_MODULES:
            if not any(fnmatch.fnmatchcase(f, pattern) for f in files):
                path = self.root / pattern.replace("*", "x")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text("x = 1\n")

    def test_missing_modules_are_named(self):
        # The scope cannot be audited whole: the patterns no file matches
        # are named, and the command fails (issue 26 M4: 19 of 30 modules, exit 0).
        present = ("torch/distributed/", "torch/_inductor/fx_passes/fsdp.py")
        missing = [p for p in DISTRIBUTED_MODULES if not p.startswith(present)]
        for path in ("torch/_inductor/comm_lowering.py",):
            missing.remove(path)
        report = audit_tree(TorchTree.at(self.root), scope="distributed")
        self.assertEqual(report.missing, sorted(missing + ["torch/distributed/_functional_collectives_impl.py"]))
        self.assertFalse(report.complete)
        self.assertFalse(
            audit_tree(TorchTree.at(self.root), scope="distributed", skip_unreadable=True).complete
        )
        # no torch/distributed and no fx_passes/fsdp.py at all
        shutil.rmtree(self.root / "torch" / "distributed")
        (self.root / "torch" / "_inductor" / "fx_passes" / "fsdp.py").unlink()
        rc, out, err = run_cli("--torch-dir", str(self.root), "--scope", "distributed")
        self.assertEqual(rc, 1, out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        for pattern in (
            "torch/_inductor/fx_passes/fsdp.py",
            "torch/distributed/_functional_collectives.py",
            "torch/distributed/fsdp/_fully_shard/*.py",
        ):
            self.assertIn(pattern, err)
            self.assertIn(pattern, out)
        self.assertIn("19 of 20 module patterns name no file", err)
        rc, out, _ = run_cli("--torch-dir", str(self.root), "--scope", "distributed", "--json")
        self.assertEqual(rc, 1)
        self.assertEqual(len(json.loads(out)["missing_modules"]), 19)
        # the inductor scope has no module list: nothing is missing there
        self.assertEqual(audit_tree(TorchTree.at(self.root)).missing, [])

    def test_cli(self):
        self.fill_scope()
        rc, out, err = run_cli("--torch-dir", str(self.root), "--scope", "distributed", "--json")
        self.assertEqual(rc, 0, err)
        data = json.loads(out)
        self.assertEqual(data["scope"], "distributed")
        self.assertEqual((data["sites"], data["unexplained"]), (3, 2))
        self.assertEqual(data["module_patterns"], list(DISTRIBUTED_MODULES))
        self.assertEqual(data["missing_modules"], [])
        self.assertEqual(len(data["modules"]), 21)
        rc, out, _ = run_cli("--torch-dir", str(self.root), "--scope", "distributed", "--list")
        self.assertEqual(rc, 0)
        self.assertIn("torch 9.9.9, scope distributed", out)
        self.assertIn("21 modules", out)
        self.assertRegex(out, r"torch/distributed/_functional_collectives\.py +0 +0 +0")
        self.assertIn(
            "torch/distributed/fsdp/_fully_shard/_fully_shard.py:3 torch.cuda.Stream"
            " torch.cuda-class (FSDPModule.set_all_reduce_hook)",
            out,
        )
        rc, out, _ = run_cli("--torch-dir", str(self.root), "--json")
        self.assertEqual(json.loads(out)["scope"], "inductor")
        self.assertNotIn("modules", json.loads(out))
        # the command line offers every scope
        audit_parser = build_parser()._subparsers._group_actions[0].choices["audit"]
        (scope,) = [a for a in audit_parser._actions if a.dest == "scope"]
        self.assertEqual(tuple(scope.choices), tuple(SCOPES))

    def test_patched(self):
        path = "torch/distributed/fsdp/_fully_shard/_fully_shard.py"
        series = write_series(
            self.tmp / "series_dir", [FileChange(path, _FULLY_SHARD, _FULLY_SHARD_FIXED)]
        )
        tree = TorchTree.at(self.root)
        report = audit_tree(tree, scope="distributed", patched=True, series_dir=series)
        self.assertEqual(
            [(p.status, p.files) for p in report.patches], [("applied", (path,))]
        )
        self.assertEqual(report.by_module()[path]["unexplained"], 0)
        self.assertEqual(len(report.unexplained), 1)  # fx_passes/fsdp.py's
        # The inductor scope neither reads nor names the file.
        inductor = audit_tree(tree, patched=True, series_dir=series)
        self.assertEqual([p.files for p in inductor.patches], [()])

    def test_unused_allowlist_entries_per_scope(self):
        entries = (
            AllowlistEntry("inductor-only", "r", (Rule("nowhere.py"),)),
            AllowlistEntry(
                "both", "r", (Rule("nowhere.py"),), scopes=("inductor", "distributed")
            ),
        )
        tree = TorchTree.at(self.root)
        self.assertEqual(
            audit_tree(tree, scope="distributed", allowlist=entries).unused_allowlist(),
            ["both"],
        )
        self.assertEqual(
            audit_tree(tree, allowlist=entries).unused_allowlist(), ["inductor-only", "both"]
        )

    def test_unknown_scope(self):
        with self.assertRaisesRegex(ValueError, "unknown audit scope 'nccl'"):
            audit_tree(TorchTree.at(self.root), scope="nccl")


class TestDistributedScopeOnInstalledTorch(TestCase):
    def test_every_module_pattern_names_files(self):
        # A module renamed upstream would drop out of the scope silently.
        tree = TorchTree.installed()
        files = SCOPES["distributed"].files(tree)
        for pattern in DISTRIBUTED_MODULES:
            self.assertTrue(any(fnmatch.fnmatchcase(f, pattern) for f in files), pattern)

    def test_series_leaves_nothing_unexplained(self):
        report = audit_tree(scope="distributed", patched=True)
        self.assertEqual(report.errors, [])
        self.assertEqual(
            [f"{s.file}:{s.line} {s.symbol}" for s in report.unexplained], []
        )
        stock = audit_tree(scope="distributed")
        self.assertGreater(len(stock.unexplained), 0)


_UNPARSABLE = "def broken(:\n    torch.cuda.synchronize()\n"
_LATIN1 = b"# caf\xe9\ntorch.cuda.synchronize()\n"


class TestUnreadableFiles(TestCase):
    """A file the audit cannot read or parse is listed, and the audit fails
    unless told to skip it (issue 24 item 8: a non-UTF-8 file ended in a raw
    UnicodeDecodeError, an unparsable one was passed over with exit 0)."""

    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.root = write_tree(self.tmp / "tree", {"good.py": "torch.cuda.synchronize()\n"})
        self.inductor = self.root / "torch" / "_inductor"

    def audit_json(self, *argv):
        rc, out, err = run_cli("--torch-dir", str(self.root), "--json", *argv)
        return rc, json.loads(out), err

    def test_non_utf8_file(self):
        (self.inductor / "latin.py").write_bytes(_LATIN1)
        rc, out, err = run_cli("--torch-dir", str(self.root))
        self.assertEqual(rc, 1)
        self.assertIn("sites: 1   allowlisted: 0   unexplained: 1", out)  # good.py
        self.assertIn("NOT AUDITED: 1 file not read or parsed, sites not counted:", out)
        (line,) = [l for l in out.splitlines() if l.startswith("    latin.py: unreadable: ")]
        self.assertIn("UTF-8", line)
        self.assertIn(
            "audit: 1 file could not be read or parsed, so the audit is incomplete: latin.py"
            " (--skip-unreadable accepts this)",
            err,
        )

    def test_syntax_error_with_cuda_use(self):
        (self.inductor / "broken.py").write_text(_UNPARSABLE)
        rc, data, err = self.audit_json()
        self.assertEqual(rc, 1)
        self.assertEqual(
            data["unreadable"],
            [{"file": "broken.py", "problem": "unparsable", "detail": "invalid syntax (line 1)"}],
        )
        self.assertFalse(data["skip_unreadable"])
        self.assertEqual(data["sites"], 1)
        self.assertIn("incomplete: broken.py", err)

    def test_file_that_cannot_be_opened(self):
        # A symbolic link to itself cannot be opened, even by root (for whom
        # chmod 000 changes nothing); a dangling one is listed by the walk
        # but is not there to read.
        (self.inductor / "loop.py").symlink_to("loop.py")
        (self.inductor / "dangling.py").symlink_to("nowhere.py")
        rc, data, _ = self.audit_json()
        self.assertEqual(rc, 1)
        self.assertEqual(
            [(u["file"], u["problem"]) for u in data["unreadable"]],
            [("dangling.py", "unreadable"), ("loop.py", "unreadable")],
        )
        self.assertEqual(data["unreadable"][0]["detail"], "listed but not found when read")
        self.assertEqual(data["sites"], 1)

    def test_skip_unreadable(self):
        (self.inductor / "latin.py").write_bytes(_LATIN1)
        (self.inductor / "broken.py").write_text(_UNPARSABLE)
        rc, out, err = run_cli("--torch-dir", str(self.root), "--skip-unreadable")
        self.assertEqual(rc, 0)
        self.assertIn("skipped (--skip-unreadable): 2 files not read or parsed", out)
        self.assertIn("    broken.py: unparsable: invalid syntax (line 1)", out)
        self.assertIn("    latin.py: unreadable: ", out)
        self.assertNotIn("incomplete", err)
        rc, data, _ = self.audit_json("--skip-unreadable")
        self.assertEqual(rc, 0)
        self.assertTrue(data["skip_unreadable"])
        self.assertEqual([u["file"] for u in data["unreadable"]], ["broken.py", "latin.py"])

    def test_report(self):
        (self.inductor / "latin.py").write_bytes(_LATIN1)
        (self.inductor / "broken.py").write_text(_UNPARSABLE)
        report = audit_tree(TorchTree.at(self.root))
        self.assertFalse(report.complete)
        self.assertEqual(
            [(u.file, u.problem) for u in report.unreadable],
            [("broken.py", "unparsable"), ("latin.py", "unreadable")],
        )
        self.assertEqual(report.errors[0], "broken.py: unparsable: invalid syntax (line 1)")
        self.assertIn("UTF-8", report.errors[1])
        self.assertIn("broken.py, latin.py", report.incomplete_message())
        skipped = audit_tree(TorchTree.at(self.root), skip_unreadable=True)
        self.assertTrue(skipped.complete)
        self.assertIsNone(skipped.incomplete_message())
        self.assertEqual(skipped.unreadable, report.unreadable)

    def test_patched_file_that_is_not_utf8(self):
        (self.inductor / "a.py").write_bytes(_OLD_A.encode() + b"# \xe9\n")
        series = write_series(
            self.tmp / "series_dir", [FileChange("torch/_inductor/a.py", _OLD_A, _NEW_A)]
        )
        rc, data, _ = self.audit_json("--patched", "--series-dir", str(series))
        self.assertEqual(rc, 1)
        (unreadable,) = data["unreadable"]
        self.assertEqual((unreadable["file"], unreadable["problem"]), ("a.py", "unreadable"))
        self.assertIn("UTF-8", unreadable["detail"])
        # The patch's cause is the unreadable file, not a missing one.
        self.assertEqual(
            data["patches"][0]["detail"],
            f"does not apply: torch/_inductor/a.py: {unreadable['detail']}",
        )


# Stock-torch figures of the audit per release: (sites, files) of the
# calibration, the top files in order (ties by name), and the allowlist entries
# that explain nothing in that release (features it does not have yet, or no
# longer has).  A release not listed here is not calibrated.
CALIBRATION = {
    "2.13.0": {
        "sites_files": (178, 41),
        "top": [
            ("cudagraph_trees.py", 34),
            ("utils.py", 27),
            ("compile_fx.py", 12),
            ("comm_analysis.py", 10),
            ("select_algorithm.py", 9),
            ("wrapper_benchmark.py", 9),
            ("template_heuristics/triton.py", 8),
        ],
        # 2.15 features (FlyDSL, TunableOp dims mask, bf16 index_add, ...).
        "unused": [
            "cublas-bf16x9-emulation",
            "cuda-nvls-multicast-all-gather",
            "nvidia-scaled-mm-kernels",
            "rocm-flex-tdm-descriptors",
            "halide-backend-devices",
            "cuda-host-tma-alignment",
            "cuda-qualified-triton-reduction-codegen",
            "flydsl-rocm-kernels",
            "tunableop",
            "triton-bf16-atomic-add-capability",
            "nvidia-triton-conv-backward-miscompile",
            "cuda-rocm-warp-size-required",
            "gpu-type-tie-break",
        ],
    },
    "2.15.0": {
        "sites_files": (208, 48),
        "top": [
            ("cudagraph_trees.py", 37),
            ("utils.py", 29),
            ("compile_fx.py", 12),
            ("comm_analysis.py", 10),
            ("select_algorithm.py", 10),
            ("heuristics/template/triton.py", 9),
            ("runtime/benchmarking.py", 9),
        ],
        "unused": [],
    },
}
_RELEASE = torch.__version__.split("+")[0]


@unittest.skipUnless(_RELEASE in CALIBRATION, f"not calibrated on torch {_RELEASE}")
class TestCalibration(TestCase):
    def test_torch_cuda_figures(self):
        expected = CALIBRATION[_RELEASE]
        report = installed_audit()
        cal = report.calibration()
        self.assertEqual((cal["sites"], cal["files"]), expected["sites_files"])
        self.assertEqual(
            list(cal["by_file"].items())[: len(expected["top"])], expected["top"]
        )
        self.assertLess(cal["by_file"]["rocm_multiarch_utils.py"], 8)
        # Every allowlist entry explains something in the torch it was written
        # for; the ones listed explain features this release does not have.
        self.assertEqual(sorted(report.unused_allowlist()), sorted(expected["unused"]))
        self.assertEqual(report.errors, [])


if __name__ == "__main__":
    run_tests()
