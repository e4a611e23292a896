# Owner(s): ["module: inductor"]
"""The native compile against a bad environment, end to end (issue 45): one
generated kernel (the ``pointwise_chain`` program's, for a simulated Max
1550) through ``compile_kernel_sources`` and the worker, with

* an ``ocloc`` killed by SIGKILL (as the OOM killer does) while compiling:
  the failure is not cached, the next run with a working ocloc compiles (R4);
* a relative ``INDUCTOR_XPU_NATIVE_SITE``: the worker, which runs in a
  temporary directory, still imports triton-xpu (R6);
* a triton-xpu site that does not import, with the kernel already in the
  cache: refused in one line before the cache is read (R7).

Each cache is the test's own.  About four worker starts (~20 s each on two
busy cores).  Skipped where ``make native-env`` has not installed
triton-xpu or ocloc is missing.
"""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from pathlib import Path
from unittest import mock

from torch._inductor.test_case import run_tests, TestCase

from inductor_xpu.generated_code import triton_blocks
from inductor_xpu.native import compile_kernel_sources, NativeEnvError
from inductor_xpu.native.env import find_native_env, SITE_ENV


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_native_compile import requires_native_env, TARGET  # noqa: E402


@functools.cache
def kernel() -> tuple[str, str]:
    """The ``pointwise_chain`` program's one kernel: (name, source)."""
    from inductor_xpu.programs.codegen import compile_program, PROGRAMS_BY_NAME

    code, _ = compile_program(PROGRAMS_BY_NAME["pointwise_chain"], TARGET)
    (block,) = [b for c in code for b in triton_blocks(c.source)]
    return block.kernel, block.source


def write_script(path: Path, text: str) -> str:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(0o755)
    return str(path)


@requires_native_env
class TestNativeEnvironment(TestCase):
    def setUp(self):
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)
        self.cache_dir = self.tmp / "cache"
        patcher = mock.patch("inductor_xpu.native.api.default_directory", return_value=self.cache_dir)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.cwd = os.getcwd()
        self.addCleanup(os.chdir, self.cwd)

    def compile(self, **env: str):
        with mock.patch.dict(os.environ, env):
            return compile_kernel_sources([kernel()], TARGET, jobs=1)

    def test_ocloc_killed_from_outside_is_not_cached(self):
        """R4: ocloc killed by SIGKILL was cached as the kernel's verdict, and
        the next run with a working ocloc served "failed" from the cache."""
        real = find_native_env().ocloc
        # answers the toolchain's questions as the real one (same versions: same cache key), dies compiling
        killed = write_script(
            self.tmp / "ocloc",
            f'case "$1" in compile) [ "$2" = --help ] || kill -KILL $$;; esac\nexec {real} "$@"\n',
        )
        result = self.compile(INDUCTOR_XPU_OCLOC=killed)
        (k,) = result.kernels
        self.assertEqual((k.status, k.stage), ("failed", "ocloc"))
        self.assertIn("ocloc was killed by SIGKILL", k.message)
        self.assertEqual(list(self.cache_dir.glob("*")), [])  # nothing stored
        result = self.compile(INDUCTOR_XPU_OCLOC=real)
        (k,) = result.kernels
        self.assertEqual(k.status, "compiled", k.message)
        self.assertFalse(k.from_cache)
        self.assertIsNotNone(k.grf)
        # a compiler's verdict is cached
        self.assertEqual(self.compile(INDUCTOR_XPU_OCLOC=real).kernels[0].from_cache, True)

    def test_relative_site_from_the_worker(self):
        """R6: a relative site passed the check, then the worker (in a
        temporary directory) imported the venv's triton: KeyError: 'intel'."""
        site = Path(find_native_env().site_dir)
        os.chdir(site.parent)
        with mock.patch.dict(os.environ, {SITE_ENV: site.name}):
            result = compile_kernel_sources([kernel()], TARGET, jobs=1, cache=False)
        (k,) = result.kernels
        self.assertEqual(k.status, "compiled", k.message)

    def test_broken_site_is_refused_before_the_cache(self):
        """R7: with the kernel in the cache, a site whose triton does not
        import reported "1 compiled" (nothing checked it); without a cache,
        each kernel failed with "Traceback (most recent call last):"."""
        site = Path(find_native_env().site_dir)
        self.assertEqual(self.compile().kernels[0].status, "compiled")  # now in the cache
        self.assertEqual(len(list(self.cache_dir.glob("*"))), 1)
        # the same site (same versions: same cache key), but its triton cannot load its library
        broken = self.tmp / "broken-site"
        broken.mkdir()
        for entry in site.iterdir():
            if entry.name != "triton":
                (broken / entry.name).symlink_to(entry)
        (broken / "triton").mkdir()
        for entry in (site / "triton").iterdir():
            if entry.name != "__init__.py":
                (broken / "triton" / entry.name).symlink_to(entry)
        (broken / "triton" / "__init__.py").write_text(
            "raise ImportError('libtriton.so: cannot open shared object file: No such file or directory')\n"
        )
        with self.assertRaises(NativeEnvError) as raised:
            self.compile(**{SITE_ENV: str(broken)})
        self.assertEqual(
            str(raised.exception),
            f"native compile: triton-xpu in {broken} ({SITE_ENV}) does not load: ImportError: libtriton.so: "
            f"cannot open shared object file: No such file or directory; run `make native-env` to reinstall it",
        )


if __name__ == "__main__":
    run_tests()
