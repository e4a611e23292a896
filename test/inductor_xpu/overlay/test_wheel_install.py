# Owner(s): ["module: inductor"]
"""The package as a user installs it: a wheel, not the editable checkout.

* Building the wheel writes nothing into the source tree (no ``build/``, no
  ``*.egg-info``): it is built from a copy of the checkout whose files are
  made read-only and compared before and after.
* The wheel, installed (``pip install --no-deps``) into a fresh virtual
  environment that borrows this environment's torch, carries the series and
  the autoload entry point: ``import torch`` installs the overlay from the
  installed package, in the main process and in Inductor's compile-worker
  subprocesses (``AsyncCompile.process_pool()`` with ``compile_threads=2``),
  a real CPU ``torch.compile`` with workers succeeds, and the ``compile``
  command reports the whole series in effect.

The slowest file of the suite's end-to-end cases (about 30 to 60 s): it
builds and installs once for all its tests.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import torch
from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[3]
# what the build reads (setup.cfg: metadata, long_description, packages)
BUILD_INPUTS = ("setup.py", "setup.cfg", "pyproject.toml", "README.md", "inductor_xpu", "torch_patches")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".lock", "_torch_patches")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
    for name in ("TORCH_DEVICE_BACKEND_AUTOLOAD", "PYTHONPATH", "PIP_CONSTRAINT"):
        env.pop(name, None)
    env.update(extra)
    return env


def _tree(root: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``root`` with its size and mtime."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath, name)
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_size if p.is_file() else 0, st.st_mtime_ns)
    return out


def _set_read_only(root: Path, read_only: bool) -> None:
    for dirpath, dirnames, filenames in os.walk(root):
        for name in [*dirnames, *filenames, "."]:
            p = Path(dirpath, name)
            mode = p.lstat().st_mode
            write = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
            p.chmod(mode & ~write if read_only else mode | stat.S_IWUSR)


def _run(argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=400, **kwargs)  # type: ignore[call-overload]


class TestWheelInstall(TestCase):
    tmp: Path
    src: Path
    wheel: Path
    venv_python: Path
    site_packages: Path
    src_before: dict[str, tuple[int, int]]
    src_after: dict[str, tuple[int, int]]

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls._tmp = tempfile.TemporaryDirectory()
        cls.tmp = Path(cls._tmp.name)
        try:
            cls._build_and_install()
        except BaseException:
            cls._cleanup()
            raise

    @classmethod
    def _cleanup(cls) -> None:
        src = getattr(cls, "src", None)
        if src is not None and src.exists():
            _set_read_only(src, False)
        cls._tmp.cleanup()

    @classmethod
    def tearDownClass(cls) -> None:
        cls._cleanup()
        super().tearDownClass()

    @classmethod
    def _build_and_install(cls) -> None:
        # A read-only copy of the checkout (root ignores the mode bits: the
        # tree is also compared before and after the build).
        cls.src = cls.tmp / "src"
        cls.src.mkdir()
        for name in BUILD_INPUTS:
            path = REPO / name
            if path.is_dir():
                shutil.copytree(path, cls.src / name, ignore=IGNORE)
            else:
                shutil.copy2(path, cls.src / name)
        _set_read_only(cls.src, True)
        cls.src_before = _tree(cls.src)
        dist = cls.tmp / "dist"
        build = _run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
             "--no-index", "-w", str(dist), str(cls.src)],
            env=_env(),
            cwd=cls.tmp,
        )
        cls.src_after = _tree(cls.src)
        if build.returncode != 0:
            raise AssertionError(f"pip wheel failed:\n{build.stdout}\n{build.stderr}")
        (cls.wheel,) = dist.glob("inductor_xpu-*.whl")
        # A fresh environment with this one's torch (a path entry, which
        # does not run this environment's .pth files, so the editable
        # install of the checkout stays out), and the wheel.
        venv = cls.tmp / "venv"
        _run([sys.executable, "-m", "venv", "--without-pip", str(venv)]).check_returncode()
        cls.venv_python = venv / "bin" / "python"
        cls.site_packages = Path(
            _run([str(cls.venv_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
            .stdout.strip()
        )
        torch_site = Path(torch.__file__).resolve().parent.parent
        (cls.site_packages / "_inductor_xpu_test_torch.pth").write_text(f"{torch_site}\n")
        install = _run(
            [sys.executable, "-m", "pip", "--python", str(cls.venv_python), "install", "-q",
             "--no-deps", "--no-index", str(cls.wheel)],
            env=_env(),
        )
        if install.returncode != 0:
            raise AssertionError(f"pip install failed:\n{install.stdout}\n{install.stderr}")

    def run_venv(self, *argv: str) -> subprocess.CompletedProcess[str]:
        work = self.tmp / "work"  # outside the checkout
        work.mkdir(exist_ok=True)
        proc = _run([str(self.venv_python), *argv], env=_env(INDUCTOR_XPU_CACHE_DIR=str(self.tmp / "cache")), cwd=work)
        self.assertEqual(proc.returncode, 0, f"{proc.stdout}\n{proc.stderr[-4000:]}")
        return proc

    def test_build_writes_nothing_into_the_checkout(self) -> None:
        added = sorted(set(self.src_after) - set(self.src_before))
        changed = sorted(p for p in self.src_before if self.src_after.get(p) != self.src_before[p])
        self.assertEqual((added[:5], changed[:5]), ([], []), f"{len(added)} added, {len(changed)} changed")
        for name in ("build", "inductor_xpu.egg-info", "inductor_xpu/_torch_patches"):
            self.assertFalse((self.src / name).exists(), name)

    def test_workers_run_the_installed_overlay(self) -> None:
        probe = self.tmp / "probe.py"
        probe.write_text(
            textwrap.dedent(
                """
                import torch
                import inductor_xpu
                from torch._inductor import config
                from torch._inductor.async_compile import AsyncCompile
                from inductor_xpu.overlay.importer import is_patched

                print("main", inductor_xpu.__file__, inductor_xpu.status().fully_active)
                config.compile_threads = 2
                pool = AsyncCompile.process_pool()  # Inductor's compile workers
                try:
                    st = pool.submit(inductor_xpu.status).result(timeout=300)
                    print("worker", st.fully_active, st.series_dir)
                    print("worker_patched", pool.submit(is_patched, "torch._inductor.lowering").result(timeout=60))
                finally:
                    pool.shutdown()

                @torch.compile
                def f(x, y):
                    return (x.sin() + y).relu() @ y.t()

                x, y = torch.randn(16, 16), torch.randn(16, 16)
                torch.testing.assert_close(f(x, y), (x.sin() + y).relu() @ y.t())
                print("compiled", is_patched("torch._inductor.lowering"))
                """
            )
        )
        out = self.run_venv(str(probe)).stdout
        installed = str(self.site_packages / "inductor_xpu")
        self.assertIn(f"main {installed}/__init__.py True", out)
        self.assertIn(f"worker True {installed}/_torch_patches", out)
        self.assertIn("worker_patched True", out)
        self.assertIn("compiled True", out)

    def test_compile_command(self) -> None:
        out = self.tmp / "compile-out"
        self.run_venv("-m", "inductor_xpu", "compile", "--model", "mlp", "--out", str(out))
        with open(out / "report.json") as f:
            report = json.load(f)
        self.assertEqual(report["status"], "ok", report["error"])
        self.assertTrue(report["overlay"]["fully_active"], report["overlay"]["reasons"])
        self.assertEqual(report["overlay"]["series_dir"], str(self.site_packages / "inductor_xpu" / "_torch_patches"))


if __name__ == "__main__":
    run_tests()
