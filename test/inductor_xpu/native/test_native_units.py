# Owner(s): ["module: inductor"]
"""The parts of ``inductor_xpu.native`` that need neither triton-xpu nor
ocloc: reading IGC's ``.asm`` dumps (on small fixtures written for these
tests in the layout IGC 1.0.12504 writes), the frontend-gap reading of
Triton's errors, taking a kernel's ``tl.device_assert`` statements out and
what its compile without them makes of an IGC failure (a toolchain gap, or
still a failure), the profile -> ocloc device mapping, the report's lines and
verdicts, the cache, the missing-toolchain error, and which GPU a generated
kernel was made for.  Runs everywhere, in well under a second.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import tempfile
import textwrap
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.generated_code import kernel_device_name
from inductor_xpu.device.simulation import autotune
from inductor_xpu.native import NativeEnvError, OclocError
from inductor_xpu.native import cache as native_cache
from inductor_xpu.native import env
from inductor_xpu.native.cache import kernel_key, NativeCache, ocloc_gave_verdict
from inductor_xpu.native.devices import native_target
from inductor_xpu.native.env import (
    find_native_env,
    LEVEL_ZERO_INCLUDE_ENV,
    NativeEnv,
    OCLOC_ENV,
    SITE_ENV,
    SYCL_ROOT_ENV,
)
from inductor_xpu.native.isa import opcode, parse_asm
from inductor_xpu.native.ocloc import _failure_text, run_ocloc
from inductor_xpu.native.report import KernelNative, NativeResult
from inductor_xpu.native.worker import (
    assert_free_outcome,
    device_assert_gap,
    frontend_gap,
    pass_failure,
    precompile,
    without_device_asserts,
)
from inductor_xpu.device import get_profile
from inductor_xpu.overlay.cache import seal


# A SIMD16 kernel with two dpas, a spill, an LSC load, a block load, an LSC
# store, a raw send and an end-of-thread send; labels, comments, predicates.
DPAS_ASM = textwrap.dedent(
    """\
    //.kernel triton_tem_fused_mm_0
    //.platform PVCXT
    //.thread_config numGRF=256, numAcc=8, numSWSB=16
    //.options_string "-TotalGRFNum 256 "
    //.instCount 9
    //.RA type	LOCAL_ROUND_ROBIN_BC_RA
    //.spill size 4096
    //.spill flag store 1

    //.declare BuiltInR0 (0)  rf=r size=64 type=ud align=32 words (r0.0)
    // B000: Preds:{},  Succs:{B001}
    per_thread_prolog:
    (W)     mov (16|M0)              r1.0<1>:ud    0x0:ud
            load_block2d.ugm.d16.a64 (1|M0)  r10:8  [r2:1]            {$1} // ex_desc:0x0; desc:0x2
            load.ugm.d32.a64 (16|M0)  r20:1       [r12:2]            {$2} // ex_desc:0x0; desc:0x3
    _0_012:
            dpas.8x8 (16|M0)         r30:f         r30:f         r10:bf        r40.0:bf         {Atomic,$3}
            dpas.8x8 (16|M0)         r38:f         r38:f         r14:bf        r44.0:bf         {$4}
    (W&~f0.0) store.ugm.d32.a64 (16|M0)  [r22:2]      r30:1           {$5} // ex_desc:0x0; desc:0x4
    (W)     send.slm (16|M0)         r5       r0      null:0  0x0            0x0210011F           {$6}
    (W)     sync.nop                 null                             {Compacted,$6.src}
    (W)     send.gtwy (8|M0)         null     r127    null:0  0x0            0x02000010           {EOT}


    //.BankConflicts: 0
    """
)

# A SIMD32 pointwise kernel, no spill line, no dpas.
POINTWISE_ASM = textwrap.dedent(
    """\
    //.kernel triton_poi_fused_add_0
    //.platform DG2
    //.thread_config numGRF=128, numAcc=4, numSWSB=16
    //.instCount 5
            load.ugm.d32.a64 (32|M0)  r20:2       [r12:4]            {$2}
            add (32|M0)              r30.0<1>:f    r20.0<1;1,0>:f    1.0:f
            store.ugm.d32.a64 (32|M0)  [r22:4]      r30:2           {$5}
    L512:
    (W)     send.gtwy (8|M0)         null     r127    null:0  0x0            0x02000010           {EOT}
    """
)


def fake_env(*devices: str) -> NativeEnv:
    return NativeEnv("/site", "3.3.0b1", "/usr/bin/ocloc", "22.43.24595", "1.0.12504", devices)


class TestAsmParser(TestCase):
    def test_dpas_kernel(self):
        stats = parse_asm(DPAS_ASM, "OCL_asm1234_simd16_entry_0001.asm")
        self.assertEqual(stats.kernel, "triton_tem_fused_mm_0")
        self.assertEqual(stats.platform, "PVCXT")
        self.assertEqual(stats.inst_count, 9)
        self.assertEqual(stats.num_grf, 256)
        self.assertEqual(stats.simd, 16)
        self.assertEqual(stats.dpas, 2)
        # block load, load, store, send.slm, send.gtwy; not sync.nop
        self.assertEqual(stats.sends, 5)
        self.assertEqual(stats.spill_bytes, 4096)

    def test_pointwise_kernel(self):
        stats = parse_asm(POINTWISE_ASM)
        self.assertEqual((stats.num_grf, stats.dpas, stats.sends, stats.spill_bytes), (128, 0, 3, 0))
        # no file name: the widest execution size
        self.assertEqual(stats.simd, 32)
        self.assertEqual(stats.platform, "DG2")

    def test_flag_spills_are_not_register_spills(self):
        self.assertEqual(parse_asm("//.spill flag store 2\n//.spill flag load 2\n").spill_bytes, 0)

    def test_empty_text(self):
        stats = parse_asm("")
        self.assertEqual(
            (stats.inst_count, stats.num_grf, stats.simd, stats.dpas, stats.sends), (None, None, None, 0, 0)
        )

    def test_opcode(self):
        self.assertEqual(opcode("(W&~f0.0) store.ugm.d32.a64 (16|M0)  [r22:2] r30:1"), "store.ugm.d32.a64")
        self.assertEqual(opcode("        dpas.8x8 (16|M0) r30:f"), "dpas.8x8")
        self.assertIsNone(opcode("_0_012:"))
        self.assertIsNone(opcode("//.instCount 9"))
        self.assertIsNone(opcode("   "))

    def test_json_round_trip(self):
        stats = parse_asm(DPAS_ASM, "x_simd16_y.asm")
        self.assertEqual(type(stats).from_json(stats.to_json()), stats)


class TestFrontendGaps(TestCase):
    def test_missing_names(self):
        self.assertEqual(
            frontend_gap("AttributeError: module 'triton.language' has no attribute 'reduce_or'"),
            "triton.language.reduce_or",
        )
        self.assertEqual(
            frontend_gap("ImportError: cannot import name 'knobs' from 'triton' (/site/triton/__init__.py)"),
            "triton.knobs",
        )
        self.assertEqual(
            frontend_gap("TypeError: range.__init__() got an unexpected keyword argument 'warp_specialize'"),
            "range(warp_specialize=)",
        )

    def test_kernel_bugs_are_not_gaps(self):
        self.assertIsNone(frontend_gap("NameError: name 'no_such_name' is not defined"))
        self.assertIsNone(frontend_gap("AttributeError: module 'numpy' has no attribute 'float'"))


class TestPassFailure(TestCase):
    # how triton-xpu 3.3.0b1 reports a failed pass on stderr (shortened)
    STDERR = textwrap.dedent("""\
        LLVM ERROR: Layout is expected to be surjective, i.e. every `out` coordinate can be reached
         - register=1 -> (8)
        #blocked = #ttg.blocked<{sizePerThread = [4, 1]}>
        /tmp/k.py:11:0: error: Failures have been detected while processing an MLIR pass pipeline
        /tmp/k.py:11:0: note: Pipeline failed while executing [`IntelDecomposeUnsupportedConversions` on 'builtin.module' operation]: reproducer generated at `std::errs`
        """)  # noqa: E501

    def test_pass_and_first_error(self):
        self.assertEqual(
            pass_failure(self.STDERR),
            "in IntelDecomposeUnsupportedConversions: Layout is expected to be surjective, i.e. every `out` "
            "coordinate can be reached",
        )
        self.assertEqual(pass_failure("x.py:1:0: error: 'tt.dot' op operand #0 bad\n"),
                         "in a pass: 'tt.dot' op operand #0 bad")
        self.assertIsNone(pass_failure("W1127 some warning\n"))

    def test_precompile_names_the_pass_and_keeps_stderr(self):
        class Launcher:
            def _precompile_config(self, cfg: object) -> object:
                os.write(2, TestPassFailure.STDERR.encode())
                raise RuntimeError("PassManager::run failed")

        with tempfile.TemporaryFile() as err:
            saved = os.dup(2)
            os.dup2(err.fileno(), 2)
            try:
                with self.assertRaises(RuntimeError) as raised:
                    precompile(Launcher(), None)
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            err.seek(0)
            passed_on = err.read().decode()
        self.assertTrue(str(raised.exception).startswith(
            "PassManager::run failed in IntelDecomposeUnsupportedConversions: Layout is expected"), raised.exception)
        self.assertEqual(str(raised.exception.__cause__), "PassManager::run failed")
        self.assertEqual(passed_on, self.STDERR)  # what was captured still reaches stderr


class TestDevices(TestCase):
    def test_profiles(self):
        env = fake_env("acm-g10", "dg2-g10", "pvc", "xe-hpc")
        for profile, device in (("max1550", "pvc"), ("max1100", "pvc"), ("a770", "acm-g10")):
            target = native_target(get_profile(profile), env)
            self.assertEqual((target.device, target.unsupported), (device, None), profile)

    def test_devices_this_ocloc_does_not_list(self):
        env = fake_env("acm-g10", "pvc")
        for profile, arch in (("b580", "bmg"), ("arc140v", "lnl")):
            target = native_target(get_profile(profile), env)
            self.assertIsNone(target.device)
            self.assertIn("this IGC (1.0.12504, ocloc 22.43.24595) does not know", target.unsupported)
            self.assertIn(f"({arch}: ocloc device", target.unsupported)
        # a newer ocloc that lists Battlemage compiles for it
        self.assertEqual(native_target(get_profile("b580"), fake_env("bmg-g21", "pvc")).device, "bmg-g21")

    def test_not_an_intel_gpu(self):
        self.assertIn("not an Intel GPU", native_target(get_profile("h100"), fake_env("pvc")).unsupported)


def fake_tool(directory: str, name: str, body: str) -> str:
    """An executable shell script ``name`` in ``directory``."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + textwrap.dedent(body))
    os.chmod(path, 0o755)
    return path


def broken_site(directory: str, error: str) -> str:
    """A triton-xpu site with what the check looks for (the Intel backend's
    compiler.py, a dist-info) whose ``triton`` raises ``error`` on import."""
    site = os.path.join(directory, "site")
    os.makedirs(os.path.join(site, "triton", "backends", "intel"))
    os.makedirs(os.path.join(site, "triton_xpu-3.3.0b1.dist-info"))
    open(os.path.join(site, "triton", "backends", "intel", "compiler.py"), "w").close()
    with open(os.path.join(site, "triton", "__init__.py"), "w") as f:
        f.write(f"raise ImportError({error!r})\n")
    return site


@contextlib.contextmanager
def unreadable(directory: str) -> Iterator[None]:
    """``directory`` as mode 000 makes it for a user who is not root: what
    is under it cannot be looked at, it cannot be listed or searched.  The
    tests run as root, whom mode bits do not stop, so the os functions
    pathlib and the checks use answer as the kernel would (EACCES)."""
    root = os.path.abspath(directory)

    def inside(path: Any) -> bool:
        return isinstance(path, (str, os.PathLike)) and os.path.abspath(os.fspath(path)).startswith(root + os.sep)

    def denied(path: Any) -> OSError:
        return PermissionError(13, "Permission denied", os.fspath(path))

    real = {name: getattr(os, name) for name in ("stat", "lstat", "listdir", "scandir", "access", "open")}

    def stat(path, *args, **kwargs):
        if inside(path):
            raise denied(path)
        return real["stat"](path, *args, **kwargs)

    def lstat(path, *args, **kwargs):
        if inside(path):
            raise denied(path)
        return real["lstat"](path, *args, **kwargs)

    def listdir(path=".", *args, **kwargs):
        if inside(path) or os.path.abspath(os.fspath(path)) == root:
            raise denied(path)
        return real["listdir"](path, *args, **kwargs)

    def scandir(path=".", *args, **kwargs):
        if inside(path) or os.path.abspath(os.fspath(path)) == root:
            raise denied(path)
        return real["scandir"](path, *args, **kwargs)

    def access(path, mode, *args, **kwargs):
        if inside(path):
            return False
        if os.path.abspath(os.fspath(path)) == root:
            return mode == os.F_OK
        return real["access"](path, mode, *args, **kwargs)

    def open_(path, *args, **kwargs):
        if inside(path):
            raise denied(path)
        return real["open"](path, *args, **kwargs)

    if os.getuid() != 0:
        os.chmod(root, 0)
        try:
            yield
        finally:
            os.chmod(root, 0o755)
        return
    with mock.patch.multiple(os, stat=stat, lstat=lstat, listdir=listdir, scandir=scandir, access=access,
                             open=open_):
        yield


class TestEnv(TestCase):
    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = tmp.name
        self.cwd = os.getcwd()
        self.addCleanup(os.chdir, self.cwd)

    def test_missing_triton_xpu_names_the_make_target(self):
        with tempfile.TemporaryDirectory() as empty, mock.patch.dict(os.environ, {SITE_ENV: empty}):
            with self.assertRaisesRegex(NativeEnvError, rf"triton-xpu .*{empty}.*run `make native-env`"):
                find_native_env()

    def test_relative_paths_are_made_absolute(self):
        """R6: the worker runs in a temporary directory, so a relative
        INDUCTOR_XPU_NATIVE_SITE made it import the venv's triton; each
        path setting is absolute once read."""
        os.chdir(self.tmp)
        fake_tool(self.tmp, "ocloc", "exit 0\n")
        with mock.patch.dict(os.environ, {SITE_ENV: ".native/site", SYCL_ROOT_ENV: "sycl",
                                          OCLOC_ENV: "./ocloc", LEVEL_ZERO_INCLUDE_ENV: "inc"}):
            self.assertEqual(env.site_dir(), Path(self.tmp) / ".native" / "site")
            self.assertEqual(env.sycl_root(), Path(self.tmp) / "sycl")
            self.assertEqual(env.find_ocloc(), os.path.join(self.tmp, "ocloc"))
            with self.assertRaisesRegex(NativeEnvError, re.escape(f"are not in {self.tmp}/inc (")):
                env.find_level_zero_include()

    def test_ocloc_setting_named_for_what_it_is(self):
        """R13: a bad INDUCTOR_XPU_OCLOC was reported as "not on PATH"."""
        os.chdir(self.tmp)
        open(os.path.join(self.tmp, "plain"), "w").close()
        os.mkdir(os.path.join(self.tmp, "dir"))
        for value, said in (
            ("../nope/ocloc", f"{os.path.dirname(self.tmp)}/nope/ocloc (INDUCTOR_XPU_OCLOC) does not exist"),
            ("plain", None),  # a bare name: looked up on PATH
            ("./plain", f"{self.tmp}/plain (INDUCTOR_XPU_OCLOC) is not executable"),
            ("./dir", f"{self.tmp}/dir (INDUCTOR_XPU_OCLOC) is not a file"),
        ):
            with self.subTest(value), mock.patch.dict(os.environ, {OCLOC_ENV: value, SITE_ENV: self.tmp}):
                with self.assertRaises(NativeEnvError) as raised:
                    find_native_env()
                message = str(raised.exception)
                self.assertEqual(len(message.splitlines()), 1)
                self.assertIn(said or "plain (INDUCTOR_XPU_OCLOC) is not on PATH", message)
                if said:
                    self.assertNotIn("not on PATH", message)

    def test_unreadable_site_and_sycl_root_are_one_line(self):
        """R13: an unreadable INDUCTOR_XPU_NATIVE_SITE or
        INDUCTOR_XPU_SYCL_ROOT raised PermissionError (the SYCL root's after
        the whole compile); a file where a directory belongs is named too."""
        locked = os.path.join(self.tmp, "locked")
        os.makedirs(os.path.join(locked, "triton"))
        a_file = os.path.join(self.tmp, "a_file")
        open(a_file, "w").close()
        with mock.patch.dict(os.environ, {SITE_ENV: locked}), unreadable(locked):
            with self.assertRaisesRegex(NativeEnvError, rf"^native compile: triton-xpu's site {locked} "
                                                        rf"\({SITE_ENV}\) cannot be read: Permission denied$"):
                find_native_env()
        with mock.patch.dict(os.environ, {SITE_ENV: a_file}):
            with self.assertRaisesRegex(NativeEnvError, rf"{a_file} \({SITE_ENV}\) is not a directory$"):
                find_native_env()
        with mock.patch.dict(os.environ, {SYCL_ROOT_ENV: locked}), unreadable(locked):
            problem = f"C++ type-check: SYCL's root {locked} ({SYCL_ROOT_ENV}) cannot be read: Permission denied"
            self.assertEqual(env.sycl_root_problem(), problem)
            with self.assertRaisesRegex(NativeEnvError, f"^{re.escape(problem)}$"):
                env.find_sycl_headers()
        with mock.patch.dict(os.environ, {SYCL_ROOT_ENV: os.path.join(self.tmp, "missing")}):
            self.assertIsNone(env.sycl_root_problem())  # missing: the type-check's "missing", as before

    def test_hanging_ocloc_query_is_one_line(self):
        """R10: an ``ocloc query`` that never answers was a TimeoutExpired
        traceback after 60 s; its children are stopped too."""
        ocloc = fake_tool(self.tmp, "ocloc", "sleep 300\n")  # a child of the shell holds the pipes
        with mock.patch.object(env, "OCLOC_QUERY_TIMEOUT_S", 1):
            for call, what in ((lambda: env._ocloc_query(ocloc, "OCL_DRIVER_VERSION"), "query OCL_DRIVER_VERSION"),
                               (lambda: env._ocloc_devices(ocloc), "compile --help")):
                with self.subTest(what):
                    start = time.monotonic()
                    with self.assertRaisesRegex(NativeEnvError, rf"^native compile: `{ocloc} {what}` did not "
                                                                rf"answer in 1 s \({OCLOC_ENV}\)$"):
                        call()
                    self.assertLess(time.monotonic() - start, 30)

    def test_broken_site_is_one_line_naming_the_cause(self):
        """R7: a site whose triton does not import made every kernel fail
        with "Traceback (most recent call last):" and a worker restart each."""
        site = broken_site(self.tmp, "libtriton.so: cannot open shared object file: No such file or directory")
        ocloc = fake_tool(self.tmp, "ocloc", "exit 0\n")
        with mock.patch.dict(os.environ, {SITE_ENV: site, OCLOC_ENV: ocloc}):
            with self.assertRaises(NativeEnvError) as raised:
                find_native_env()
        self.assertEqual(
            str(raised.exception),
            f"native compile: triton-xpu in {site} ({SITE_ENV}) does not load: ImportError: libtriton.so: cannot "
            f"open shared object file: No such file or directory; run `make native-env` to reinstall it",
        )


class TestOcloc(TestCase):
    """What an ocloc run that gives no verdict becomes (R4, R8): an
    :class:`OclocError` whose exit status :func:`ocloc_gave_verdict` refuses."""

    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = tmp.name

    def run_fake(self, body: str) -> OclocError:
        ocloc = fake_tool(self.tmp, "ocloc", body)
        with self.assertRaises(OclocError) as raised:
            run_ocloc(b"spirv", "triton_poi_0", "pvc", "", Path(self.tmp) / "work", ocloc=ocloc)
        return raised.exception

    def test_binary_without_isa_dump_is_no_verdict(self):
        """R8: reported as "compiled, 0 spill; GRF None; SIMDNone" and cached."""
        e = self.run_fake("""\
            while [ $# -gt 0 ]; do [ "$1" = -out_dir ] && out="$2"; shift; done
            printf 'binary' > "$out/kernel"
            """)
        self.assertRegex(str(e), r"^kernel triton_poi_0: ocloc -device pvc wrote a binary but IGC dumped no native "
                                 r"ISA \(\.asm\) under .*/igc: \(no output\)$")
        self.assertFalse(ocloc_gave_verdict(e.returncode))

    def test_killed_or_garbage_is_no_verdict(self):
        """R4: killed from outside (the OOM killer), garbage and no binary."""
        e = self.run_fake("kill -KILL $$\n")
        self.assertEqual(e.returncode, -signal.SIGKILL)
        self.assertIn("ocloc was killed by SIGKILL", str(e))
        self.assertFalse(ocloc_gave_verdict(e.returncode))
        e = self.run_fake("printf '\\377\\376garbage'\n")
        self.assertIn("ocloc wrote no binary", str(e))
        self.assertFalse(ocloc_gave_verdict(e.returncode))
        e = self.run_fake("echo 'error: undefined reference'; exit 1\n")  # ocloc's own "no"
        self.assertTrue(ocloc_gave_verdict(e.returncode))
        self.assertTrue(ocloc_gave_verdict(-signal.SIGABRT))  # IGC's own assertion


def compiled(name: str, graph: int = 0, **kw) -> KernelNative:
    values = dict(grf=128, simd=32, inst_count=100, dpas=0, sends=4, spill_bytes=0, dot=0)
    values.update(kw)
    return KernelNative(graph, name, "pointwise", "compiled", **values)


class TestReport(TestCase):
    def result(self, *kernels: KernelNative, graphs: int = 1) -> NativeResult:
        return NativeResult("max1550", "pvc", "pvc", {"triton-xpu": "3.3.0b1"}, list(kernels), graphs=graphs)

    def test_verdicts(self):
        self.assertEqual(self.result(compiled("a")).verdict, "compiled")
        self.assertEqual(self.result().verdict, "no Triton kernels")
        spill = compiled("b", spill_bytes=512, grf=256, grf_retry=True, first_spill_bytes=2048)
        self.assertEqual(self.result(compiled("a"), spill).verdict, "compiled, spills")
        self.assertTrue(self.result(spill).passed)
        gap = KernelNative(0, "c", "reduction", "frontend_gap", gap="triton.language.reduce_or")
        self.assertEqual(self.result(spill, gap).verdict, "frontend gaps")
        failed = KernelNative(0, "d", "reduction", "failed", stage="ocloc", message="IGC said no\nmore")
        self.assertEqual(self.result(spill, gap, failed).verdict, "failed")
        self.assertFalse(self.result(failed).passed)
        toolchain = KernelNative(0, "e", "pointwise", "toolchain_gap", gap="IGC aborts", isa_without_asserts=True)
        self.assertEqual(self.result(spill, toolchain).verdict, "toolchain gaps")
        self.assertTrue(self.result(spill, toolchain).passed)
        self.assertEqual(self.result(gap, toolchain).verdict, "frontend gaps")
        self.assertEqual(self.result(failed, toolchain).verdict, "failed")
        unsupported = NativeResult("b580", None, "bmg", {}, [], unsupported="not known")
        self.assertEqual(unsupported.verdict, "unsupported device")

    def test_lines(self):
        result = self.result(
            compiled("triton_poi_0"),
            compiled("triton_tem_1", dot=1, dpas=8, simd=16),
            compiled("triton_tem_2", graph=1, dot=1, dpas=0, dpas_layout=False, spill_bytes=64, grf=256,
                     grf_retry=True),
            KernelNative(1, "triton_red_3", "reduction", "failed", stage="ocloc", message="IGC said no\ndetails"),
            graphs=2,
        )
        lines = result.summary_lines()
        self.assertEqual(lines[0], "native compile for max1550 (ocloc -device pvc; triton-xpu 3.3.0b1): failed")
        self.assertEqual(
            lines[1],
            "  graph 0: 2 kernels: 2 compiled; tl.dot in 1, dpas in 1; 0 spill; GRF 128 x2; SIMD16 x1 SIMD32 x1",
        )
        self.assertEqual(
            lines[2],
            "  graph 1: 2 kernels: 1 compiled, 1 failed; tl.dot in 1, dpas in 0; 1 spill (64 bytes); GRF 256 x1; "
            "SIMD32 x1",
        )
        self.assertEqual(
            lines[3],
            "    graph 1 triton_tem_2: compiled, GRF 256 (after a spill at 128), SIMD32, 100 instructions, 0 dpas "
            "(tl.dot with no DPAS layout (FMA), no dpas in the ISA), 4 sends, spills 64 bytes",
        )
        self.assertEqual(lines[4], "    graph 1 triton_red_3: failed in ocloc: IGC said no")
        self.assertEqual(len(lines), 5)
        self.assertEqual(result.to_json()["totals"], {"compiled": 3, "failed": 1})

    def test_toolchain_gap_lines(self):
        gap = compiled("triton_poi_fused_embedding_1", inst_count=52, sends=8)
        gap.status, gap.gap, gap.isa_without_asserts = "toolchain_gap", "IGC 22.43 aborts on tl.device_assert", True
        failed = KernelNative(0, "triton_poi_2", "pointwise", "failed", stage="ocloc", message="IGC aborted\nmore",
                              without_asserts="failed in ocloc: IGC aborted")
        lines = self.result(compiled("triton_poi_0"), gap, failed).summary_lines()
        self.assertEqual(lines[0], "native compile for max1550 (ocloc -device pvc; triton-xpu 3.3.0b1): failed")
        self.assertEqual(
            lines[1],
            "  graph 0: 3 kernels: 1 compiled, 1 failed, 1 toolchain gap (IGC 22.43 aborts on tl.device_assert); "
            "0 spill; GRF 128 x1; SIMD32 x1",
        )
        self.assertEqual(
            lines[2],
            "    graph 0 triton_poi_fused_embedding_1: toolchain gap: IGC 22.43 aborts on tl.device_assert; without "
            "its tl.device_assert: GRF 128, SIMD32, 52 instructions, 0 dpas, 8 sends, no spill",
        )
        self.assertEqual(
            lines[3],
            "    graph 0 triton_poi_2: failed in ocloc: IGC aborted (without its tl.device_assert too: failed in "
            "ocloc: IGC aborted)",
        )

    def test_failure_text(self):
        self.assertEqual(_failure_text(-6), "ocloc was killed by SIGABRT")
        self.assertEqual(_failure_text(226), "ocloc failed with exit status 226")


# The embedding golden's kernel body, as Inductor 2.15 writes it for xpu.
EMBEDDING_BODY = """\
@triton.jit
def triton_poi_fused_embedding_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16384
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    x1 = xindex // 64
    x0 = (xindex % 64)
    tmp0 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')
    tl.device_assert((0 <= tmp0) & (tmp0 < 1000), "index out of bounds: 0 <= tmp0 < 1000")
    tmp2 = tl.load(in_ptr1 + (x0 + 64*tmp0), None)
    tl.store(out_ptr0 + (xindex), tmp2, None)
"""


def _candidate(xblock: int, num_warps: int, spill_bytes: int, status: str = "compiled") -> dict:
    return {"config": {"kwargs": {"XBLOCK": xblock}, "num_warps": num_warps, "num_stages": 1}, "status": status,
            "grf": 128, "spill_bytes": spill_bytes}


class TestTemplateSpillCheck(TestCase):
    # max-autotune's hardware-less spill check: the first template choice
    # compiled alone; where it spills, the others in one compile (one worker
    # process), and the first within the threshold taken.

    def check(self, spills: list[int]) -> tuple[list[list[str]], int, Any]:
        calls: list[list[str]] = []

        def compile_kernel_sources(sources: list[tuple[str, str]], profile: str) -> Any:
            calls.append([name for name, _ in sources])
            kernels = [KernelNative(0, name, "template", "compiled", spill_bytes=spills[int(name[1:])], grf=256)
                       for name, _ in sources]
            return types.SimpleNamespace(device="pvc", unsupported=None, kernels=kernels)

        with tempfile.TemporaryDirectory() as tmp:
            choices = []
            for i in range(len(spills)):
                path = os.path.join(tmp, f"k{i}.py")
                with open(path, "w") as f:
                    f.write(f"# template choice {i}\n")
                choices.append(types.SimpleNamespace(name=f"k{i}", bmreq=types.SimpleNamespace(
                    module_path=path, kernel_name=f"k{i}")))
            with mock.patch.object(autotune, "_kind", lambda c: "template"), \
                    mock.patch("inductor_xpu.native.compile_kernel_sources", compile_kernel_sources):
                index, rejected, check = autotune.pick_without_spills("max1550", choices)
        return calls, index, check

    def test_first_within_the_threshold_is_compiled_alone(self):
        calls, index, check = self.check([0, 9000, 0])
        self.assertEqual((calls, index, check.compiled), ([["k0"]], 0, 1))

    def test_after_a_spill_the_others_are_compiled_together(self):
        calls, index, check = self.check([9000, 8000, 0, 0])
        self.assertEqual((calls, index, check.compiled, check.fallback), ([["k0"], ["k1", "k2", "k3"]], 2, 4, None))

    def test_every_choice_spilling_takes_the_first(self):
        calls, index, check = self.check([9000, 8000])
        self.assertEqual((calls, index), ([["k0"], ["k1"]], 0))
        self.assertIn("every template choice spills", check.fallback)


class TestAutotuneCandidates(TestCase):
    # The worker compiles a kernel's other autotuning candidates where its
    # first spills over Inductor's spill_threshold: the autotuner skips a
    # candidate spilling more, so the spill it cannot avoid is the one where
    # no candidate stays within.

    def test_a_candidate_within_the_threshold(self):
        k = compiled("triton_poi_3", spill_bytes=1216, grf=256, grf_retry=True, n_configs=3, spill_threshold=16,
                     candidates=[_candidate(512, 8, 32), _candidate(32, 1, 16)])
        self.assertEqual(k.spill_free_candidate, _candidate(32, 1, 16))
        self.assertFalse(k.spills_in_every_candidate)
        self.assertTrue(k.describe().endswith(
            "spills 1216 bytes; the autotuner has a way around it: candidate XBLOCK=32, 1 warps spills 16 bytes, "
            "within spill_threshold 16"))

    def test_every_candidate_spills_or_fails(self):
        k = compiled("triton_poi_3", spill_bytes=1216, n_configs=3, spill_threshold=16,
                     candidates=[_candidate(512, 8, 17), _candidate(32, 1, 0, status="failed")])
        self.assertIsNone(k.spill_free_candidate)
        self.assertTrue(k.spills_in_every_candidate)
        self.assertTrue(k.describe().endswith("; each of its 3 autotuning candidates spills over spill_threshold"))

    def test_one_config_and_within_the_threshold(self):
        only = compiled("triton_tem_1", spill_bytes=64, n_configs=1, spill_threshold=16)
        self.assertTrue(only.spills_in_every_candidate)
        self.assertTrue(only.describe().endswith("spills 64 bytes; its only config"))
        small = compiled("triton_poi_2", spill_bytes=16, n_configs=2, spill_threshold=16)
        self.assertFalse(small.spills_in_every_candidate)
        self.assertTrue(small.describe().endswith("spills 16 bytes"))

    def test_candidates_not_compiled_are_unknown(self):
        # the worker stopped before its candidate phase: not "every candidate"
        k = compiled("triton_poi_3", spill_bytes=1216, n_configs=3, spill_threshold=16)
        self.assertFalse(k.spills_in_every_candidate)
        self.assertTrue(k.describe().endswith("; its other 2 autotuning candidates were not compiled"))

    def test_a_record_without_threshold_says_nothing(self):
        # compiled before candidates were: unknown, not "every candidate"
        k = compiled("triton_poi_3", spill_bytes=1216, n_configs=2)
        self.assertFalse(k.spills_in_every_candidate)
        self.assertTrue(k.describe().endswith("spills 1216 bytes"))


class TestDeviceAssertGap(TestCase):
    def test_asserts_replaced_by_pass_and_nothing_else(self):
        out = without_device_asserts(EMBEDDING_BODY)
        self.assertEqual(
            out, EMBEDDING_BODY.replace('tl.device_assert((0 <= tmp0) & (tmp0 < 1000), "index out of bounds: 0 '
                                        '<= tmp0 < 1000")', "pass")
        )
        self.assertEqual(len(out.splitlines()), len(EMBEDDING_BODY.splitlines()))  # Triton's line numbers hold

    def test_a_statement_over_lines_and_one_inside_a_block(self):
        source = (
            "    if xmask:\n"
            "        tl.device_assert((0 <= tmp0),\n"
            "                         \"index (out) of bounds\")\n"
            "    tmp1 = tmp0\n"
        )
        self.assertEqual(without_device_asserts(source), "    if xmask:\n        pass\n\n    tmp1 = tmp0\n")

    def test_none_without_an_assert_statement(self):
        in_an_assignment = EMBEDDING_BODY.replace("    tl.device_assert(", "    _ = tl.device_assert(")
        self.assertIsNone(without_device_asserts(in_an_assignment))
        self.assertIsNone(without_device_asserts("    tl.device_assert_like(x)\n    x = 'tl.device_assert(y)'\n"))

    def test_gap_name(self):
        versions = {"triton-xpu": "3.3.0b1", "ocloc": "22.43.24595", "igc": "1.0.12504.6-1+deb12u1"}
        self.assertEqual(device_assert_gap(versions, -6),
                         "IGC 22.43 aborts on tl.device_assert (triton-xpu 3.3.0b1's lowering)")
        self.assertEqual(device_assert_gap(versions, 1),
                         "IGC 22.43 fails on tl.device_assert (triton-xpu 3.3.0b1's lowering)")

    failure = {"key": "k1", "name": "triton_poi_0", "status": "failed", "stage": "ocloc", "ocloc_returncode": -6,
               "message": "kernel triton_poi_0: IGC did not compile its SPIR-V for pvc (ocloc was killed by SIGABRT)",
               "config": {"num_warps": 4}, "ocloc_seconds": 1.0, "triton_seconds": 0.5}

    def test_compiled_without_asserts_is_a_gap_with_those_facts(self):
        retry = {"key": "k1", "name": "triton_poi_0", "status": "compiled", "attempts": [{"isa": {"num_grf": 128}}],
                 "config": {"num_warps": 4}, "ocloc_seconds": 2.0, "triton_seconds": 0.5}
        gap = assert_free_outcome(self.failure, retry, "IGC 22.43 aborts on tl.device_assert")
        self.assertEqual(gap["status"], "toolchain_gap")
        self.assertEqual(gap["gap"], "IGC 22.43 aborts on tl.device_assert")
        self.assertEqual(gap["message"], self.failure["message"])
        self.assertEqual(gap["attempts"], retry["attempts"])
        self.assertTrue(gap["isa_without_asserts"])
        self.assertEqual((gap["ocloc_seconds"], gap["triton_seconds"]), (3.0, 1.0))

    def test_failing_without_asserts_too_stays_failed(self):
        # the kernel without its asserts broken too (IGC refuses its SPIR-V,
        # or Triton the source): the original failure, not a gap
        for retry in (
            {"key": "k1", "name": "triton_poi_0", "status": "failed", "stage": "ocloc",
             "message": "kernel triton_poi_0: IGC did not compile its SPIR-V for pvc (ocloc failed with exit status "
                        "226): Invalid SPIR-V module\nmore"},
            {"key": "k1", "name": "triton_poi_0", "status": "failed", "stage": "triton", "message": "NameError: x"},
        ):
            with self.subTest(stage=retry["stage"]):
                out = assert_free_outcome(self.failure, retry, "IGC 22.43 aborts on tl.device_assert")
                self.assertEqual((out["status"], out["stage"], out["message"]),
                                 ("failed", "ocloc", self.failure["message"]))
                self.assertNotIn("attempts", out)
                self.assertNotIn("isa_without_asserts", out)
                first = retry["message"].splitlines()[0]
                self.assertEqual(out["without_asserts"], f"failed in {retry['stage']}: {first}")


def isa(**kw) -> dict:
    values = dict(kernel="k", platform="PVCXT", inst_count=100, num_grf=128, simd=32, dpas=0, sends=4, spill_bytes=0)
    values.update(kw)
    return values


def verdict(key: str, status: str = "compiled", **kw) -> dict:
    """A record as the worker writes it, of a compiler's verdict."""
    record = {"key": key, "name": "k", "status": status, "stage": None if status == "compiled" else "triton",
              "message": None, "config": {"kwargs": {"XBLOCK": 512}, "num_warps": 4, "num_stages": 1},
              "n_configs": 1, "spill_threshold": 16, "triton_seconds": 1.5, "ocloc_seconds": 0.5}
    if status in ("compiled", "toolchain_gap"):
        record["attempts"] = [{"build_flags": "", "spilled_in_log": False, "asm_file": "k.asm", "isa": isa(),
                               "log": ""}]
    record.update(kw)
    return record


class TestCache(TestCase):
    """The native compile cache (issue 45: R4, R5, R8, R16, R19)."""

    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = tmp.name
        self.key = kernel_key("k", "source", "pvc", "pvc", {"triton-xpu": "3.3.0b1"})

    def plant(self, key: str, record: Any) -> str:
        """An entry of ``record`` under ``key``, sealed as the cache seals
        them (right key, right digest), whatever ``record`` holds."""
        path = os.path.join(self.dir, f"{key}.native")
        with open(path, "wb") as f:
            f.write(seal(native_cache._MAGIC, key, json.dumps(record).encode()))
        return path

    def test_round_trip_and_corrupt_entries(self):
        key = self.key
        self.assertNotEqual(key, kernel_key("k", "source", "acm-g10", "dg2", {"triton-xpu": "3.3.0b1"}))
        self.assertNotEqual(key, kernel_key("k", "source", "pvc", "pvc", {"triton-xpu": "3.4.0"}))
        cache = NativeCache(self.dir)
        self.assertIsNone(cache.get(key))
        cache.put(key, verdict(key))
        self.assertEqual(cache.get(key), verdict(key))
        for garbage in (b"{not json", b"", seal(native_cache._MAGIC, "other", b"{}")):
            with self.subTest(garbage=garbage[:20]):
                with open(os.path.join(self.dir, f"{key}.native"), "wb") as f:
                    f.write(garbage)
                cache = NativeCache(self.dir)
                with self.assertLogs("inductor_xpu.native.cache", "WARNING"):
                    self.assertIsNone(cache.get(key))
        self.assertIsNone(NativeCache(None).get(key))

    def test_invalid_records_are_misses_with_one_warning(self):
        """R5: a record of the right key with contents of the wrong shape
        (``"attempts": "notalist"`` raised AttributeError; ``"status":
        "weird"`` counted as a pass) is a miss; R19: one warning for all."""
        bad = {
            "attempts is not a list": verdict(self.key, attempts="notalist"),
            "status outside the verdicts": verdict(self.key, status="weird"),
            "status not_compiled (the result's, no verdict)": verdict(self.key, status="not_compiled"),
            "an attempt's isa of the wrong type": verdict(self.key, attempts=[{"isa": {"num_grf": "128"}}]),
            "an attempt not an object": verdict(self.key, attempts=[7]),
            "compiled without an isa": verdict(self.key, attempts=[{"build_flags": "", "isa": None}]),
            "a candidate's spill of the wrong type": verdict(self.key, candidates=[{"status": "compiled",
                                                                                    "spill_bytes": "9"}]),
            "a count that is a bool": verdict(self.key, n_configs=True),
            "a message that is a list": verdict(self.key, status="failed", message=["x"]),
            "another kernel's key": verdict("0" * 64),
            "a list, not a record": [verdict(self.key)],
        }
        cache = NativeCache(self.dir)
        with self.assertLogs("inductor_xpu.native.cache", "DEBUG") as logs:
            for what, record in bad.items():
                with self.subTest(what):
                    path = self.plant(self.key, record)
                    self.assertIsNone(cache.get(self.key))
        warnings = [line for line in logs.output if line.startswith("WARNING")]
        self.assertEqual(len(warnings), 1, warnings)
        self.assertIn(path, warnings[0])
        self.assertIn("attempts is str 'notalist'", warnings[0])
        self.assertEqual((cache.problems, cache.misses, cache.hits), (len(bad), len(bad), 0))
        self.plant(self.key, verdict(self.key))  # the same entry, valid: a hit
        self.assertEqual(cache.get(self.key), verdict(self.key))

    def test_one_warning_for_many_bad_entries(self):
        """R19: 17 corrupt entries, then a failed write: one warning line."""
        keys = [kernel_key(f"k{i}", "source", "pvc", "pvc", {}) for i in range(17)]
        for key in keys:
            with open(os.path.join(self.dir, f"{key}.native"), "wb") as f:
                f.write(b"garbage")
        cache = NativeCache(self.dir)
        with self.assertLogs("inductor_xpu.native.cache", "WARNING") as logs:
            for key in keys:
                self.assertIsNone(cache.get(key))
            with mock.patch("tempfile.mkstemp", side_effect=OSError(28, "No space left on device")):
                for key in keys:
                    cache.put(key, verdict(key))
        self.assertEqual(len(logs.output), 1, logs.output)
        self.assertEqual(cache.problems, 18)  # the writes stop after the first failure

    def test_altered_entry_is_a_miss(self):
        """R16: each entry carries its digest, as the code cache's do."""
        cache = NativeCache(self.dir)
        cache.put(self.key, verdict(self.key))
        path = os.path.join(self.dir, f"{self.key}.native")
        data = open(path, "rb").read()
        forged = data.replace(b'"num_grf": 128', b'"num_grf": 256')
        self.assertNotEqual(forged, data)
        with open(path, "wb") as f:
            f.write(forged)
        with self.assertLogs("inductor_xpu.native.cache", "WARNING") as logs:
            self.assertIsNone(NativeCache(self.dir).get(self.key))
        self.assertIn("digest mismatch", logs.output[0])

    def test_entry_through_a_link_or_of_another_user_is_a_miss(self):
        """R16: entries are read as the code cache reads its own: a regular
        file of the user, not through a symbolic link."""
        elsewhere = tempfile.TemporaryDirectory()
        self.addCleanup(elsewhere.cleanup)
        NativeCache(elsewhere.name).put(self.key, verdict(self.key))  # a valid entry, somewhere else
        os.symlink(os.path.join(elsewhere.name, f"{self.key}.native"), os.path.join(self.dir, f"{self.key}.native"))
        with self.assertLogs("inductor_xpu.native.cache", "WARNING") as logs:
            self.assertIsNone(NativeCache(self.dir).get(self.key))
        self.assertIn("a symbolic link", logs.output[0])
        if os.getuid() == 0:  # chown needs root
            os.unlink(os.path.join(self.dir, f"{self.key}.native"))
            NativeCache(self.dir).put(self.key, verdict(self.key))
            os.chown(os.path.join(self.dir, f"{self.key}.native"), 4242, 4242)
            with self.assertLogs("inductor_xpu.native.cache", "WARNING") as logs:
                self.assertIsNone(NativeCache(self.dir).get(self.key))
            self.assertIn("owned by another user", logs.output[0])

    def test_only_a_compilers_verdict_is_stored(self):
        """R4, R8: an ocloc killed from outside (SIGKILL: the OOM killer),
        out of time, that could not start, or that exited 0 without a binary
        or without the ISA dump gave no verdict: not stored."""
        key = self.key
        not_verdicts = {
            "ocloc killed by SIGKILL": verdict(key, status="failed", stage="ocloc", ocloc_returncode=-signal.SIGKILL),
            "ocloc killed by SIGTERM": verdict(key, status="failed", stage="ocloc", ocloc_returncode=-signal.SIGTERM),
            "ocloc timed out": verdict(key, status="failed", stage="ocloc", ocloc_returncode=None),
            "ocloc exited 0 without its outputs": verdict(key, status="failed", stage="ocloc", ocloc_returncode=0),
            "the worker died": verdict(key, status="failed", stage="worker"),
            "compiled without the ISA dump": verdict(
                key, attempts=[{"build_flags": "", "spilled_in_log": False, "asm_file": "", "isa": None, "log": ""}]
            ),
        }
        verdicts = {
            "IGC rejected it": verdict(key, status="failed", stage="ocloc", ocloc_returncode=1),
            "IGC aborted (its own assertion)": verdict(key, status="failed", stage="ocloc",
                                                       ocloc_returncode=-signal.SIGABRT),
            "Triton rejected it": verdict(key, status="failed", stage="triton"),
            "a frontend gap": verdict(key, status="frontend_gap", stage="load", gap="triton.language.foo"),
            "compiled": verdict(key),
        }
        for what, record in {**not_verdicts, **verdicts}.items():
            with self.subTest(what):
                for name in os.listdir(self.dir):
                    os.unlink(os.path.join(self.dir, name))
                NativeCache(self.dir).put(key, record)
                self.assertEqual(NativeCache(self.dir).get(key), record if what in verdicts else None)


class TestKernelDeviceName(TestCase):
    def test_xpu_and_cuda_kernels(self):
        xpu = (
            "triton_meta={'signature': {'x': '*fp32'}, 'device': DeviceProperties(type='xpu', index=0, "
            "multi_processor_count=64, cc={'architecture': 1, 'name': 'Intel(R) Data Center GPU Max 1550', "
            "'sub_group_sizes': [16, 32]}, major=None, warp_size=32)}"
        )
        self.assertEqual(kernel_device_name(xpu), "Intel(R) Data Center GPU Max 1550")
        cuda = "'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9)"
        self.assertIsNone(kernel_device_name(cuda))


if __name__ == "__main__":
    run_tests()
