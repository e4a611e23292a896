# Owner(s): ["module: inductor"]
"""The overlay end to end, in fresh Python processes.

``import torch`` alone must install the overlay (autoload entry point), in the
main process and in Inductor's compile workers; ``INDUCTOR_XPU_DISABLE=1``
must give stock torch; tracebacks must show patched lines; the code cache
must survive corrupt and foreign entries.

A fresh process that imports torch._inductor costs about 7 s of CPU, so
probes that need the same environment (variables, series, cache state) and
do not depend on what ran before them in the process share one: each prints
its own section (``_probe_script``) and each test asserts on its own
section.  Probes about import order, or that need a cold cache, an exit
status or stderr of their own, keep a process of their own.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

import torch

from inductor_xpu import config
from inductor_xpu.overlay.cache import _MAGIC
from inductor_xpu.overlay.state import _one_line
from inductor_xpu.series import apply_series, PatchSeries, SeriesFormatError
from inductor_xpu.series.trees import read_under, TorchTree
from inductor_xpu.series.writer import FileChange, render_patch
from torch._inductor.test_case import run_tests, TestCase


LOWERING = "torch/_inductor/lowering.py"
# A line that exists only in the patched lowering.py (patch 0001).
PATCHED_LINE = "device_interface = get_interface_for_device(device.type)"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
    env.pop("TORCH_DEVICE_BACKEND_AUTOLOAD", None)
    env.update(extra)
    return env


def _python(argv: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv],
        env=_env(**env),
        capture_output=True,
        text=True,
        timeout=300,
    )


# The module's shared runs write under one temporary directory.
_module_tmp: tempfile.TemporaryDirectory[str] | None = None


def _module_dir(name: str) -> Path:
    global _module_tmp
    if _module_tmp is None:
        _module_tmp = tempfile.TemporaryDirectory()
    return Path(_module_tmp.name) / name


def tearDownModule() -> None:
    global _module_tmp
    _group_run.cache_clear()
    _cold_code_cache_run.cache_clear()
    if _module_tmp is not None:
        _module_tmp.cleanup()
        _module_tmp = None


def _marker(name: str) -> str:
    return f"----- inductor_xpu probe {name} -----"


def _probe_script(probes: tuple[tuple[str, str], ...]) -> str:
    """One script that runs ``probes`` in order, each after a line that
    starts its section of stdout."""
    return "\n".join(f"print({_marker(name)!r}, flush=True)\n{textwrap.dedent(code)}" for name, code in probes)


def _sections(stdout: str) -> dict[str, str]:
    """``_probe_script``'s stdout, by probe."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in stdout.splitlines(keepends=True):
        match = re.fullmatch(r"----- inductor_xpu probe (\S+) -----\n?", line)
        if match:
            current = sections.setdefault(match.group(1), [])
        elif current is not None:
            current.append(line)
    return {name: "".join(lines) for name, lines in sections.items()}


class OverlayProcessTestCase(TestCase):
    # Each test's processes use a code cache of their own, cold at its first
    # process; a class whose tests do not depend on the cache's state sets
    # SHARED_CACHE and its tests share one (a cold apply of the series
    # costs a process that imports torch._inductor about 3 s of CPU:
    # benchmarks/results/overlay.md).
    SHARED_CACHE = False
    _shared_cache: tempfile.TemporaryDirectory[str] | None = None

    @classmethod
    def tearDownClass(cls) -> None:
        if cls._shared_cache is not None:
            cls._shared_cache.cleanup()
            cls._shared_cache = None
        super().tearDownClass()

    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.cache_dir = self.tmp / "cache"
        if self.SHARED_CACHE:
            if type(self)._shared_cache is None:
                type(self)._shared_cache = tempfile.TemporaryDirectory()
            self.cache_dir = Path(type(self)._shared_cache.name) / "cache"

    def run_py(self, code: str, *, check: bool = True, **env: str) -> subprocess.CompletedProcess[str]:
        return self._run(["-c", textwrap.dedent(code)], check=check, **env)

    def run_status(self, **env: str) -> subprocess.CompletedProcess[str]:
        """``python -m inductor_xpu status`` in a fresh process (any exit status)."""
        return self._run(["-m", "inductor_xpu", "status"], check=False, **env)

    def _run(self, argv: list[str], *, check: bool, **env: str) -> subprocess.CompletedProcess[str]:
        env.setdefault("INDUCTOR_XPU_CACHE_DIR", str(self.cache_dir))
        proc = _python(argv, **env)
        if check:
            self.assert_ran(proc)
        return proc

    def assert_ran(self, proc: subprocess.CompletedProcess[str]) -> None:
        if proc.returncode != 0:
            self.fail(f"subprocess failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")

    def probe_output(self, group: str, probe: str) -> str:
        """The stdout of ``probe`` in ``group``'s shared process (_GROUPS),
        which must have exited 0."""
        proc = _group_run(group)
        sections = _sections(proc.stdout)
        if proc.returncode != 0 or probe not in sections:
            self.fail(f"{group} probes failed ({proc.returncode}), no {probe} section:\n{proc.stdout}\n{proc.stderr}")
        return sections[probe]

    def series_with(self, name: str, text: str) -> Path:
        """The repo's series plus one extra patch, in a temporary directory."""
        d = self.tmp / "series"
        shutil.copytree(config.series_dir, d)
        (d / name).write_text(text)
        with open(d / "series", "a") as f:
            f.write(name + "\n")
        return d


def _patch(subject: str, *changes: FileChange) -> str:
    return render_patch(
        author="A U Thor <author@example.com>",
        date="Mon, 1 Jan 2024 00:00:00 +0000",
        subject=subject,
        message="Test Plan: this test.",
        changes=changes,
    )


_CACHE_KEY_PROBE = "import torch; print(repr(torch.compiler.config.cache_key_tag))"
_SOURCE_PROBE = """
    import inspect
    import torch._inductor.lowering as L
    print("PATCHED" if "get_interface_for_device" in inspect.getsource(L.get_threads_per_round) else "STOCK")
    print(L.__file__)
"""
_WORKER_PROBE = """
    import os
    import torch
    from torch._inductor.compile_worker.subproc_pool import SubprocPool
    from inductor_xpu.overlay.importer import is_patched

    pool = SubprocPool(1)
    try:
        print("worker", pool.submit(is_patched, "torch._inductor.lowering").result(timeout=240))
        print("worker_pid_differs", pool.submit(os.getpid).result(timeout=60) != os.getpid())
    finally:
        pool.shutdown()
"""
# Before anything reads lowering.py's lines (inspect, a traceback): it looks
# at the linecache entry the overlay leaves.
_MEMORY_PROBE = f"""
    import inspect, linecache
    import torch._inductor.lowering as L
    from inductor_xpu.overlay import installed
    o = installed()
    print("texts", len(o.result.pristine), len(o.result.patched))
    print("entry", type(linecache.cache[L.__file__]).__name__)
    print("PATCHED" if {PATCHED_LINE!r} in inspect.getsource(L) else "STOCK")
    print("entry", type(linecache.cache[L.__file__]).__name__)
"""
# Last: it runs Inductor's backend registration.
_REGISTRATION_PROBE = """
    import torch
    from torch._inductor.codegen import common
    # the overlay hooks nothing into Inductor's registration: on torch
    # 2.13 to 2.15 it registers the xpu backend itself
    # (inductor_xpu/codegen/xpu/registration.py)
    print("stock", common.init_backend_registration.__module__ == common.__name__)
    common.init_backend_registration()
    common.get_device_op_overrides("cpu")  # as Inductor's first codegen does
    from inductor_xpu.codegen.xpu.registration import registered_backends_summary
    s = registered_backends_summary()
    print("xpu", s["registered_by_inductor_xpu"], s["wrappers"]["cpp"] is not None, s["wrappers"]["fx"] is not None)
    print("cpu", common.get_scheduling_for_device("cpu") is not None)
    # every other device keeps its own op overrides (torch 2.11 imported
    # them only while the registry was empty)
    print("overrides", {d: type(common.get_device_op_overrides(d)).__name__ for d in ("cuda", "cpu", "xpu")})
"""

# The probes that share a process, by environment, in the order they run;
# each group's process has a code cache of its own, cold when it starts.
_GROUPS: dict[str, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {
    "default": (
        {},
        (
            ("cache_key_tag", _CACHE_KEY_PROBE),
            ("memory", _MEMORY_PROBE),
            ("source", _SOURCE_PROBE),
            ("compile_worker", _WORKER_PROBE),
            ("registration", _REGISTRATION_PROBE),
        ),
    ),
    "disabled": (
        {"INDUCTOR_XPU_DISABLE": "1"},
        (
            ("cache_key_tag", _CACHE_KEY_PROBE),
            ("source", _SOURCE_PROBE),
            ("compile_worker", _WORKER_PROBE),
        ),
    ),
}


@functools.cache
def _group_run(group: str) -> subprocess.CompletedProcess[str]:
    env, probes = _GROUPS[group]
    return _python(["-c", _probe_script(probes)], INDUCTOR_XPU_CACHE_DIR=str(_module_dir(group) / "cache"), **env)


def _file_state(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


_CODE_CACHE_PROBE = """
    import torch._inductor.lowering, torch._inductor.codecache
    from inductor_xpu.overlay import installed
    from inductor_xpu.overlay.importer import patched_modules_in_process
    c = installed().finder.cache
    print("loaded", len(patched_modules_in_process()), "hits", c.hits, "misses", c.misses)
"""


@functools.cache
def _cold_code_cache_run() -> tuple[subprocess.CompletedProcess[str], Path, tuple[str, int], tuple[str, int]]:
    """_CODE_CACHE_PROBE's process on a cold code cache, that cache (which
    no test changes: TestCodeCache copies it), and the installed
    lowering.py's digest and mtime before and after the process."""
    cache_dir = _module_dir("cold") / "cache"
    path = TorchTree.installed().root / LOWERING
    before = _file_state(path)
    proc = _python(["-c", textwrap.dedent(_CODE_CACHE_PROBE)], INDUCTOR_XPU_CACHE_DIR=str(cache_dir))
    return proc, cache_dir, before, _file_state(path)


class TestAutoload(OverlayProcessTestCase):
    SHARED_CACHE = True

    def test_import_torch_alone_patches(self) -> None:
        out = self.probe_output("default", "source").split()
        self.assertEqual(out[0], "PATCHED")
        # Same module name and __file__ as the installed file.
        self.assertEqual(out[1], str(TorchTree.installed().root / LOWERING))

    def test_importing_the_config_first(self) -> None:
        # inductor_xpu imports no torch (issue 22 item 5): where the config
        # is what first imports torch, the entry point waits for the config
        # and still installs the overlay before torch._inductor is imported
        proc = self.run_py(
            """
            from inductor_xpu import config
            from inductor_xpu.overlay import installed
            from inductor_xpu.overlay.importer import is_patched
            print("installed", installed() is not None, "patched", is_patched("torch._inductor.lowering"))
            """
        )
        self.assertIn("installed True patched True", proc.stdout)
        self.assertEqual([line for line in proc.stderr.splitlines() if "inductor_xpu" in line], [], proc.stderr)

    def test_disable_gives_stock(self) -> None:
        out = self.probe_output("disabled", "source").split()
        self.assertEqual(out[0], "STOCK")

    def test_compile_worker_runs_patched_code(self) -> None:
        out = self.probe_output("default", "compile_worker")
        self.assertIn("worker True", out)
        self.assertIn("worker_pid_differs True", out)

    def test_compile_worker_stock_when_disabled(self) -> None:
        self.assertIn("worker False", self.probe_output("disabled", "compile_worker"))

    def test_enable_refuses_after_touched_module_import(self) -> None:
        proc = self.run_py(
            """
            import torch
            import torch._inductor.lowering
            import inductor_xpu
            from inductor_xpu.overlay import OverlayEnableError
            try:
                inductor_xpu.enable()
            except OverlayEnableError as e:
                print("REFUSED", e)
            else:
                print("ENABLED")
            """,
            TORCH_DEVICE_BACKEND_AUTOLOAD="0",
        )
        self.assertIn("REFUSED", proc.stdout)
        self.assertIn("torch._inductor.lowering", proc.stdout)

    def test_enable_explicitly_without_autoload(self) -> None:
        proc = self.run_py(
            """
            import torch
            import inductor_xpu
            inductor_xpu.enable()
            from inductor_xpu.overlay.importer import is_patched
            print("patched", is_patched("torch._inductor.lowering"))
            """,
            TORCH_DEVICE_BACKEND_AUTOLOAD="0",
        )
        self.assertIn("patched True", proc.stdout)

    def test_site_packages_not_written(self) -> None:
        # a cold apply, what could write: TestCodeCache's cold process
        proc, _, before, after = _cold_code_cache_run()
        self.assert_ran(proc)
        self.assertEqual(before, after)

    def test_inductor_cache_key_differs_from_stock(self) -> None:
        self.assertIn("inductor_xpu-", self.probe_output("default", "cache_key_tag"))
        self.assertEqual(self.probe_output("disabled", "cache_key_tag").strip(), "''")


class TestXpuRegistration(OverlayProcessTestCase):
    def test_inductor_registers_the_xpu_backend(self) -> None:
        out = self.probe_output("default", "registration")
        self.assertIn("stock True", out)
        self.assertIn("xpu True True True", out)
        self.assertIn("cpu True", out)  # Inductor's own registration still ran
        self.assertIn(
            "overrides {'cuda': 'CUDADeviceOpOverrides', 'cpu': 'CpuDeviceOpOverrides', "
            "'xpu': 'XPUDeviceOpOverrides'}",
            out,
        )


class TestTracebacks(OverlayProcessTestCase):
    def test_traceback_shows_patched_line(self) -> None:
        proc = self.run_py(
            """
            import torch
            from torch._inductor.lowering import get_threads_per_round
            get_threads_per_round(torch.device("meta"))
            """,
            check=False,
        )
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn(PATCHED_LINE, proc.stderr)
        self.assertIn(str(TorchTree.installed().root / LOWERING), proc.stderr)

    def test_new_file_is_importable_and_traceable(self) -> None:
        src = "def boom():\n    raise ValueError('from the new module')\n"
        d = self.series_with(
            "0099-test-new-module.patch",
            _patch("new module", FileChange("torch/_inductor/_xpu_overlay_probe.py", None, src)),
        )
        proc = self.run_py(
            "from torch._inductor._xpu_overlay_probe import boom\nboom()\n",
            check=False,
            INDUCTOR_XPU_SERIES_DIR=str(d),
        )
        self.assertIn("ValueError: from the new module", proc.stderr)
        self.assertIn("raise ValueError('from the new module')", proc.stderr)


class TestNotApplicable(OverlayProcessTestCase):
    def bad_series(self) -> Path:
        old = "def no_such_function():\n    return 1\n"
        return self.series_with(
            "0099-test-does-not-apply.patch",
            _patch("drifted", FileChange(LOWERING, old, old.replace("1", "2"))),
        )

    def test_skipped_with_warning(self) -> None:
        d = self.bad_series()
        proc = self.run_py(
            """
            import torch
            from inductor_xpu.overlay.importer import is_patched
            print("patched", is_patched("torch._inductor.lowering"))
            import inductor_xpu
            print(inductor_xpu.status().format())
            """,
            INDUCTOR_XPU_SERIES_DIR=str(d),
        )
        self.assertIn("patched True", proc.stdout)  # the other patches still apply
        # one line at import, however many patches are skipped; the details are in status
        lines = [line for line in proc.stderr.splitlines() if "inductor_xpu" in line]
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertRegex(lines[0], r"1 of \d+ patches do not apply on torch \S+ and were skipped")
        self.assertIn("python -m inductor_xpu status", lines[0])
        self.assertRegex(proc.stdout, r"0099-test-does-not-apply.patch\s+does not apply\s+torch/_inductor/lowering.py hunk #1")

    def test_strict_mode_is_an_error(self) -> None:
        d = self.bad_series()
        proc = self.run_py(
            "import torch",
            check=False,
            INDUCTOR_XPU_SERIES_DIR=str(d),
            INDUCTOR_XPU_STRICT="1",
        )
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("PatchApplyError", proc.stderr)
        self.assertRegex(proc.stderr, r"patch 0099-test-does-not-apply.patch, file torch/_inductor/lowering.py, hunk #1, torch 2\.")
        status = self.run_status(INDUCTOR_XPU_SERIES_DIR=str(d), INDUCTOR_XPU_STRICT="1")
        self.assertNotEqual(status.returncode, 0)

    def test_bad_series_installs_nothing(self) -> None:
        d = self.series_with("0099-test-garbage.patch", "not a patch\n")
        proc = self.run_py(
            """
            import torch
            from inductor_xpu.overlay.importer import is_patched
            print("patched", is_patched("torch._inductor.lowering"))
            """,
            INDUCTOR_XPU_SERIES_DIR=str(d),
        )
        self.assertIn("patched False", proc.stdout)
        # one line naming the patch and pointing to `status`, no traceback
        lines = [line for line in proc.stderr.splitlines() if "inductor_xpu" in line]
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertIn("0099-test-garbage.patch", lines[0])
        self.assertIn("python -m inductor_xpu status", lines[0])
        self.assertNotIn("Traceback", proc.stderr)


def _stderr_lines(proc: subprocess.CompletedProcess[str]) -> list[str]:
    """The overlay's lines on stderr (its warnings start "inductor_xpu")."""
    return [line for line in proc.stderr.splitlines() if "inductor_xpu" in line]


class TestMalformedSeries(OverlayProcessTestCase):
    """issue 24 item 2: however the series is malformed, ``import torch``
    works outside strict mode (one warning line naming the file, stock
    torch) and ``status`` reports it; strict mode raises the error."""

    FIRST = "0001-device-interface-fp32-precision.patch"  # has no 2.13 backport

    def copy(self, name: str) -> Path:
        d = self.tmp / name
        shutil.copytree(config.series_dir, d)
        return d

    def non_utf8_series(self) -> tuple[Path, str]:
        d = self.copy("non_utf8_series")
        (d / "series").write_bytes((d / "series").read_bytes() + b"# caf\xe9\n")
        return d, f"{d / 'series'}: series file is not UTF-8"

    def non_utf8_base(self) -> tuple[Path, str]:
        d = self.copy("non_utf8_base")
        (d / "BASE").write_bytes((d / "BASE").read_bytes() + b"# \xff\n")
        return d, f"{d / 'BASE'}: BASE file is not UTF-8"

    def directory_named_like_a_backport(self) -> tuple[Path, str]:
        d = self.copy("directory_named_like_a_backport")
        (d / "backports" / "2.13" / self.FIRST).mkdir()
        return d, f"backports/2.13/{self.FIRST}: backport is a directory, not a file"

    def patch_naming_a_directory(self) -> tuple[Path, str]:
        d = self.series_with(
            "0099-test-directory.patch",
            _patch("a directory", FileChange("torch/_inductor", "a\n", "b\n")),
        )
        return d, "patch 0099-test-directory.patch, file torch/_inductor: "

    CASES = ("non_utf8_series", "non_utf8_base", "directory_named_like_a_backport", "patch_naming_a_directory")
    # The process tests take one case the series' loading finds and one its
    # applying finds: the import hook handles the SeriesFormatError of
    # either alike, whichever file it names (test_every_case_is_one_named_line
    # checks each case's error in this process).
    PROCESS_CASES = ("non_utf8_series", "patch_naming_a_directory")

    def test_every_case_is_one_named_line(self) -> None:
        # What the overlay's enable does with the series, up to the error:
        # load it, apply it to the installed torch in memory; the line the
        # warning and `status` show names the file.
        for case in self.CASES:
            with self.subTest(case):
                d, named = getattr(self, case)()
                with self.assertRaises(SeriesFormatError) as caught:
                    series = PatchSeries.load(d)
                    apply_series(series, read_under(TorchTree.installed().root), torch_version=torch.__version__)
                self.assertIn(named, _one_line(caught.exception))
                self.assertEqual(len(_one_line(caught.exception).splitlines()), 1)
                shutil.rmtree(d)

    def test_import_torch_gives_stock_torch_and_one_line(self) -> None:
        for case in self.PROCESS_CASES:
            with self.subTest(case):
                d, named = getattr(self, case)()
                proc = self.run_py(
                    """
                    import torch
                    from inductor_xpu.overlay.importer import is_patched
                    print("patched", is_patched("torch._inductor.lowering"))
                    import inductor_xpu
                    print(inductor_xpu.status().format())
                    """,
                    INDUCTOR_XPU_SERIES_DIR=str(d),
                )
                self.assertIn("patched False", proc.stdout)
                lines = _stderr_lines(proc)
                self.assertEqual(len(lines), 1, proc.stderr)
                self.assertIn("overlay not installed, torch runs stock code", lines[0])
                self.assertIn(named, lines[0])
                self.assertNotIn("Traceback", proc.stderr)
                errors = [line for line in proc.stdout.splitlines() if line.startswith("error: ")]
                self.assertEqual(len(errors), 1, proc.stdout)
                self.assertIn(named, errors[0])
                shutil.rmtree(d)

    def test_strict_mode_raises(self) -> None:
        for case in self.PROCESS_CASES:
            with self.subTest(case):
                d, named = getattr(self, case)()
                proc = self.run_py("import torch", check=False, INDUCTOR_XPU_SERIES_DIR=str(d), INDUCTOR_XPU_STRICT="1")
                self.assertNotEqual(proc.returncode, 0)
                self.assertIn("SeriesFormatError", proc.stderr)
                self.assertIn(named, proc.stderr)
                shutil.rmtree(d)

    def test_status_command_reports(self) -> None:
        d, named = self.non_utf8_series()
        proc = self.run_status(INDUCTOR_XPU_SERIES_DIR=str(d))
        self.assertEqual(proc.returncode, 1, proc.stderr)
        self.assertIn(f"error: {named}", proc.stdout)
        self.assertNotIn("Traceback", proc.stderr)

    def test_any_exception_of_the_overlay(self) -> None:
        # not only OverlayError: an unexpected exception while enabling is
        # one line outside strict mode, and leaves no finder behind
        code = """
            import inductor_xpu.overlay.state as state
            def broken(overlay):
                raise KeyError("boom")
            state._register_extensions = broken
            import torch
            from inductor_xpu.overlay import installed
            from inductor_xpu.overlay.importer import is_patched
            print("installed", installed() is not None, "patched", is_patched("torch._inductor.lowering"))
        """
        proc = self.run_py(code)
        self.assertIn("installed False patched False", proc.stdout)
        lines = _stderr_lines(proc)
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertIn("torch runs stock code: KeyError: 'boom'", lines[0])
        proc = self.run_py(code, check=False, INDUCTOR_XPU_STRICT="1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("KeyError: 'boom'", proc.stderr)


class TestSupportedRange(OverlayProcessTestCase):
    """issue 24 item 4: a torch outside BASE's ``supported:`` range is named
    at import and in ``status``, and is an error in strict mode."""

    RANGE = ">=2.99,<3.0"

    def series_for_other_torch(self) -> Path:
        d = self.tmp / "series"
        shutil.copytree(config.series_dir, d)
        base = (d / "BASE").read_text()
        lines = [f"supported: {self.RANGE}" if line.startswith("supported:") else line for line in base.splitlines()]
        self.assertIn(f"supported: {self.RANGE}", lines)
        (d / "BASE").write_text("\n".join(lines) + "\n")
        return d

    def test_named_at_import_and_in_status(self) -> None:
        d = self.series_for_other_torch()
        proc = self.run_py(
            """
            import torch
            from inductor_xpu.overlay.importer import is_patched
            print("patched", is_patched("torch._inductor.lowering"))
            import inductor_xpu
            from inductor_xpu.overlay.state import overlay_warning
            st = inductor_xpu.status()
            print(st.format())
            print(overlay_warning(st.to_json()))
            """,
            INDUCTOR_XPU_SERIES_DIR=str(d),
        )
        self.assertIn("patched True", proc.stdout)  # what applies is used
        lines = _stderr_lines(proc)
        self.assertEqual(len(lines), 1, proc.stderr)
        pattern = rf"torch \S+ is outside the supported range {self.RANGE}; (\d+) of (\d+) patches apply"
        self.assertRegex(lines[0], pattern)
        self.assertRegex(proc.stdout, rf"(?m)^{pattern}$")
        self.assertIn("overlay: active", proc.stdout)
        self.assertRegex(proc.stdout, rf"WARNING: only part of the inductor_xpu series is in effect \({pattern}\)")

    def test_strict_mode_is_an_error(self) -> None:
        d = self.series_for_other_torch()
        proc = self.run_py("import torch", check=False, INDUCTOR_XPU_SERIES_DIR=str(d), INDUCTOR_XPU_STRICT="1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("UnsupportedTorchError", proc.stderr)
        self.assertRegex(proc.stderr, rf"torch \S+ is outside the supported range {self.RANGE} \(\S+/BASE\)")
        status = self.run_status(
            INDUCTOR_XPU_SERIES_DIR=str(d), INDUCTOR_XPU_STRICT="1", TORCH_DEVICE_BACKEND_AUTOLOAD="0"
        )
        self.assertEqual(status.returncode, 1, status.stderr)
        self.assertRegex(status.stdout, rf"error: torch \S+ is outside the supported range {self.RANGE}")


class TestEmptySeries(OverlayProcessTestCase):
    def test_status_says_so(self) -> None:
        d = self.tmp / "series"
        d.mkdir()
        shutil.copy(Path(config.series_dir) / "BASE", d / "BASE")
        (d / "series").write_text("# nothing yet\n")
        proc = self.run_status(INDUCTOR_XPU_SERIES_DIR=str(d))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("series is empty", proc.stdout)
        self.assertEqual(_stderr_lines(proc), [])


class TestMemory(OverlayProcessTestCase):
    """issue 22 item 7: once installed, the overlay keeps neither the
    series' pristine and patched texts nor split lines of the modules it
    served; tracebacks and inspect still see the patched source."""

    def test_keeps_no_texts_and_lines_on_demand(self) -> None:
        self.assertEqual(
            self.probe_output("default", "memory").splitlines(),
            ["texts 0 0", "entry _PatchedLines", "PATCHED", "entry tuple"],
        )


class TestCodeCache(OverlayProcessTestCase):
    PROBE = _CODE_CACHE_PROBE

    def counts(self, out: str) -> tuple[int, int, int]:
        words = out.split()
        i = words.index("loaded")
        return int(words[i + 1]), int(words[i + 3]), int(words[i + 5])

    def entries(self) -> list[Path]:
        return sorted(self.cache_dir.glob("*.code"))

    def cold_run(self) -> tuple[subprocess.CompletedProcess[str], Path]:
        """The module's one process on a cold cache (_cold_code_cache_run)
        and that cache."""
        proc, cache_dir, _, _ = _cold_code_cache_run()
        self.assert_ran(proc)
        return proc, cache_dir

    def copy_of_the_cold_cache(self) -> None:
        """self.cache_dir: a copy of the cache the cold run left (mode kept)."""
        shutil.copytree(self.cold_run()[1], self.cache_dir)

    def test_cold_then_warm(self) -> None:
        proc, self.cache_dir = self.cold_run()
        loaded, hits, misses = self.counts(proc.stdout)
        self.assertGreaterEqual(loaded, 2)  # lowering and codecache at least
        self.assertEqual((hits, misses), (0, loaded))
        self.assertEqual(len(self.entries()), loaded)
        self.assertEqual(stat.S_IMODE(self.cache_dir.stat().st_mode), 0o700)
        self.assertEqual(self.counts(self.run_py(self.PROBE).stdout), (loaded, loaded, 0))

    def test_corrupt_entry_is_rebuilt(self) -> None:
        self.copy_of_the_cold_cache()
        entry = self.entries()[0]
        entry.write_bytes(_MAGIC + b"garbage")
        out = self.run_py(self.PROBE)
        loaded, hits, misses = self.counts(out.stdout)
        self.assertEqual((hits, misses), (loaded - 1, 1))
        self.assertIn("ignoring corrupt cache entry", out.stderr)
        self.assertTrue(entry.read_bytes().startswith(_MAGIC + entry.stem.encode()))
        self.assertEqual(self.counts(self.run_py(self.PROBE).stdout), (loaded, loaded, 0))

    @unittest.skipUnless(hasattr(os, "getuid") and os.getuid() == 0, "needs root to chown")
    def test_foreign_entry_is_ignored(self) -> None:
        self.copy_of_the_cold_cache()
        entry = self.entries()[0]
        os.chown(entry, 4242, 4242)
        out = self.run_py(self.PROBE)
        loaded, hits, misses = self.counts(out.stdout)
        self.assertEqual((hits, misses), (loaded - 1, 1))
        self.assertIn("owned by another user", out.stderr)
        self.assertEqual(entry.stat().st_uid, os.getuid())

    def test_cache_off(self) -> None:
        out = self.run_py(
            "import torch._inductor.lowering\nfrom inductor_xpu.overlay import installed\nprint(installed().finder.cache)",
            INDUCTOR_XPU_CODE_CACHE="0",
        )
        self.assertEqual(out.stdout.strip(), "None")
        self.assertFalse(self.cache_dir.exists())


if __name__ == "__main__":
    run_tests()
