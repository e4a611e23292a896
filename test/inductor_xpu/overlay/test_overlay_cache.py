# Owner(s): ["module: inductor"]
"""The overlay's code cache keeps its promises (docs/overlay.md, "The code cache").

* It never changes what it did not create: a shared or foreign
  ``INDUCTOR_XPU_CACHE_DIR`` keeps its mode and the cache uses a private
  subdirectory it creates; a subdirectory it did not create is refused, not
  chmod-ed (``TestCacheDirectory``).
* A corrupt entry is always a miss: whatever happens to an entry's bytes, the
  import gives the right module and the entry is rewritten valid
  (``TestCorruptEntries``, a hypothesis property, and end to end).
* It is safe under concurrency: processes racing on an empty cache all get
  the right code, and a later one gets only hits (``TestConcurrency``).
* A directory it cannot write costs one warning per process, not one per
  module (``TestReadOnlyDirectory``).
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path
from unittest import mock

from hypothesis import given, HealthCheck, settings, strategies as st

from inductor_xpu import config
from inductor_xpu.overlay import cache as cache_module
from inductor_xpu.overlay.cache import _MAGIC, code_cache_key, CodeCache, decode_entry
from inductor_xpu.overlay.importer import OverlayFinder, PatchedModule
from torch._inductor.test_case import run_tests, TestCase


IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
SUBDIR = f"inductor_xpu-uid{os.getuid()}"
# magic, key, "\n", digest, "\n": what a corruption "inside the payload" keeps
HEADER_SIZE = len(_MAGIC) + 65 + 65

# A module with a bit of everything marshal writes: nested code objects,
# constants of every kind, non-ASCII names and strings, an import.
PROBE_SOURCE = textwrap.dedent(
    '''
    """Probe module for the code cache tests."""
    import collections

    CONSTANTS = (1, -2**70, 2.5, 3j, "ünïcødé", b"\\x00bytes", frozenset({1, 2}), None, True, ...)

    def scaled(x, *rest, factor=3, **named):
        return [x * factor + i for i in range(4)] + list(rest) + sorted(named)

    class Shape:
        sides = {"triangle": 3, "square": 4}

        def __init__(self, kind):
            self.kind = kind

        def perimeter(self, length):
            return self.sides[self.kind] * length

    def größe(values):
        return sum(v if v > 0 else -v for v in values)

    async def later():
        return "awaited"

    FINGERPRINT = (
        CONSTANTS,
        scaled(2, "a", factor=5, z=1, y=2),
        Shape("square").perimeter(2.5),
        größe([-3, 4, -5]),
        (lambda a, b=2: a ** b)(7),
        collections.Counter("mississippi").most_common(2),
        later.__code__.co_name,
    )
    '''
)


# The module's shared runs write under one temporary directory.
_module_tmp: tempfile.TemporaryDirectory[str] | None = None


def tearDownModule() -> None:
    global _module_tmp
    _import_torch_on_a_shared_directory.cache_clear()
    if _module_tmp is not None:
        _module_tmp.cleanup()
        _module_tmp = None


@functools.cache
def _import_torch_on_a_shared_directory() -> tuple[subprocess.CompletedProcess[str], Path]:
    """``import torch, torch._inductor.lowering`` in a fresh process whose
    INDUCTOR_XPU_CACHE_DIR is a new 1777 directory, and that directory: one
    cold process for TestCacheDirectory (the directory) and
    TestCorruptEntries (the entries it wrote, copied before any change)."""
    global _module_tmp
    if _module_tmp is None:
        _module_tmp = tempfile.TemporaryDirectory()
    d = Path(_module_tmp.name) / "d"
    d.mkdir()
    d.chmod(0o1777)
    env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
    env.pop("TORCH_DEVICE_BACKEND_AUTOLOAD", None)
    env["INDUCTOR_XPU_CACHE_DIR"] = str(d)
    proc = subprocess.run(
        [sys.executable, "-c", "import torch, torch._inductor.lowering"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    return proc, d


def _reference_fingerprint() -> tuple:
    namespace: dict[str, object] = {"__name__": "_reference"}
    exec(compile(PROBE_SOURCE, "<reference>", "exec", dont_inherit=True), namespace)
    return namespace["FINGERPRINT"]  # type: ignore[return-value]


class CacheTestCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.tmp = Path(tmp.name)

    def compile_probe(self, cache: CodeCache, key: str = "0" * 64) -> None:
        code = cache.get_or_compile(key, PROBE_SOURCE, str(self.tmp / "probe.py"))
        namespace: dict[str, object] = {"__name__": "_probe"}
        exec(code, namespace)
        self.assertEqual(namespace["FINGERPRINT"], _reference_fingerprint())


class TestCacheDirectory(CacheTestCase):
    def test_new_directory_is_created_private(self) -> None:
        d = self.tmp / "a" / "b"
        cache = CodeCache(d)
        self.compile_probe(cache)
        self.assertEqual(stat.S_IMODE(d.stat().st_mode), 0o700)
        self.assertEqual(cache.path, d)
        self.assertEqual(len(list(d.glob("*.code"))), 1)

    def test_shared_directory_keeps_its_mode(self) -> None:
        # a /tmp-like directory, a setgid group directory, a world-writable one
        for mode in (0o1777, 0o2775, 0o777):
            with self.subTest(mode=oct(mode)):
                d = self.tmp / f"shared-{mode:o}"
                d.mkdir()
                d.chmod(mode)
                cache = CodeCache(d)
                self.compile_probe(cache)
                self.assertEqual(stat.S_IMODE(d.stat().st_mode), mode)
                sub = d / SUBDIR
                self.assertEqual(cache.path, sub)
                st = os.lstat(sub)
                self.assertTrue(stat.S_ISDIR(st.st_mode))
                self.assertEqual((st.st_mode & 0o777, st.st_uid), (0o700, os.getuid()))
                self.assertEqual(len(list(sub.glob("*.code"))), 1)
                # the next process finds its subdirectory and hits
                again = CodeCache(d)
                self.compile_probe(again)
                self.assertEqual((again.hits, again.misses), (1, 0))

    def assert_refused(self, d: Path, sub: Path, what: str) -> None:
        before = os.lstat(sub)
        cache = CodeCache(d)
        with self.assertLogs(cache_module.log, logging.WARNING) as logs:
            self.compile_probe(cache)  # still compiles, uncached
            self.compile_probe(cache)
        self.assertEqual(len(logs.output), 1, logs.output)
        self.assertIn(str(sub), logs.output[0])
        self.assertIn(what, logs.output[0])
        self.assertFalse(cache.usable())
        after = os.lstat(sub)
        self.assertEqual(
            (after.st_mode, after.st_uid, after.st_gid), (before.st_mode, before.st_uid, before.st_gid)
        )
        self.assertEqual(stat.S_IMODE(d.stat().st_mode), 0o1777)

    def test_existing_subdirectory_not_private_is_refused_untouched(self) -> None:
        d = self.tmp / "shared"
        d.mkdir()
        d.chmod(0o1777)
        sub = d / SUBDIR
        sub.mkdir()
        sub.chmod(0o755)
        self.assert_refused(d, sub, "not private (mode 755)")
        self.assertEqual(list(sub.iterdir()), [])

    def test_existing_subdirectory_symlink_is_refused(self) -> None:
        d = self.tmp / "shared"
        d.mkdir()
        d.chmod(0o1777)
        elsewhere = self.tmp / "elsewhere"
        elsewhere.mkdir(mode=0o700)
        (d / SUBDIR).symlink_to(elsewhere)
        self.assert_refused(d, d / SUBDIR, "a symbolic link")
        self.assertEqual(list(elsewhere.iterdir()), [])

    @unittest.skipUnless(IS_ROOT, "needs root to chown")
    def test_existing_subdirectory_of_another_user_is_refused(self) -> None:
        d = self.tmp / "shared"
        d.mkdir()
        d.chmod(0o1777)
        sub = d / SUBDIR
        sub.mkdir(mode=0o700)
        os.chown(sub, 4242, 4242)
        self.assert_refused(d, sub, "owned by uid 4242")

    def test_import_torch_leaves_shared_directory_alone(self) -> None:
        """The issue's reproduction: a 1777 INDUCTOR_XPU_CACHE_DIR was made 0700."""
        proc, d = _import_torch_on_a_shared_directory()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(stat.S_IMODE(d.stat().st_mode), 0o1777)
        self.assertEqual(stat.S_IMODE((d / SUBDIR).stat().st_mode), 0o700)
        self.assertTrue(list((d / SUBDIR).glob("*.code")))
        self.assertEqual([p.name for p in d.iterdir()], [SUBDIR])


class TestDefaultLocations(CacheTestCase):
    """Where the configuration puts the cache and the series when the
    environment names nothing usable (issue 26 M6)."""

    def test_home_that_does_not_exist_is_not_created(self) -> None:
        # HOME=/nonexistent/home made the cache create /nonexistent/... (as root)
        home = self.tmp / "nonexistent" / "home"
        temp = self.tmp / "tmp"
        temp.mkdir()
        with mock.patch.dict(os.environ, {"HOME": str(home)}), mock.patch.object(tempfile, "tempdir", str(temp)):
            os.environ.pop("XDG_CACHE_HOME", None)
            with self.assertLogs("inductor_xpu.config", logging.DEBUG) as logs:
                directory = config._default_cache_dir()
            cache = CodeCache(directory)
            self.compile_probe(cache)
        self.assertFalse((self.tmp / "nonexistent").exists())
        self.assertEqual(cache.path, temp / SUBDIR)  # the shared temporary directory's private subdirectory
        self.assertIn(str(home), "\n".join(logs.output))

    def fallback_cache(self, plant) -> tuple[CodeCache, Path, list[str]]:
        """The code cache where there is no home: ``plant(path)`` has made
        something at ``$TMPDIR/inductor_xpu-uid<UID>`` first (as another
        user could in a shared /tmp); the cache, that path, its warnings."""
        temp = Path(tempfile.mkdtemp(dir=self.tmp))
        temp.chmod(0o1777)
        fallback = temp / SUBDIR
        plant(fallback)
        with mock.patch.dict(os.environ, {"HOME": str(self.tmp / "nonexistent")}), \
                mock.patch.object(tempfile, "tempdir", str(temp)):
            os.environ.pop("XDG_CACHE_HOME", None)
            directory = config._default_cache_dir()
            self.assertEqual(directory, str(fallback))
            cache = CodeCache(directory)
            with self.assertLogs(cache_module.log, logging.WARNING) as logs:
                self.compile_probe(cache)  # still compiles, uncached
                self.compile_probe(cache)
        return cache, fallback, logs.output

    def test_fallback_symlink_is_refused(self) -> None:
        """Issue 45 R16: a link planted at the fallback was followed (4 MB
        of entries written where it pointed), even to a private directory."""
        elsewhere = self.tmp / "elsewhere"
        elsewhere.mkdir(mode=0o700)
        cache, fallback, warnings = self.fallback_cache(lambda path: path.symlink_to(elsewhere))
        self.assertFalse(cache.usable())
        self.assertEqual(len(warnings), 1, warnings)
        self.assertIn(f"{fallback} exists and is a symbolic link", warnings[0])
        self.assertEqual(list(elsewhere.iterdir()), [])
        self.assertTrue(fallback.is_symlink())  # left as it is

    def test_fallback_not_private_is_refused(self) -> None:
        """A directory at the fallback that others can write (or, as root
        can make it, another user's) is not used, nor a subdirectory in it."""
        plants = [("not private (mode 777)", lambda path: (path.mkdir(), path.chmod(0o777)))]
        if IS_ROOT:
            plants.append(("owned by uid 4242", lambda path: (path.mkdir(mode=0o700), os.chown(path, 4242, 4242))))
        for what, plant in plants:
            with self.subTest(what):
                cache, fallback, warnings = self.fallback_cache(plant)
                self.assertFalse(cache.usable())
                self.assertEqual(len(warnings), 1, warnings)
                self.assertIn(f"{fallback} exists and is {what}", warnings[0])
                self.assertEqual(list(fallback.iterdir()), [])

    def test_existing_home_is_used(self) -> None:
        home = self.tmp / "home"
        home.mkdir()
        with mock.patch.dict(os.environ, {"HOME": str(home), "XDG_CACHE_HOME": ""}):
            self.assertEqual(config._default_cache_dir(), str(home / ".cache" / "inductor_xpu"))
        with mock.patch.dict(os.environ, {"HOME": str(home), "XDG_CACHE_HOME": str(self.tmp / "xdg")}):
            self.assertEqual(config._default_cache_dir(), str(self.tmp / "xdg" / "inductor_xpu"))
        # a relative XDG_CACHE_HOME is ignored, as the XDG spec says
        with mock.patch.dict(os.environ, {"HOME": str(home), "XDG_CACHE_HOME": "rel"}):
            self.assertEqual(config._default_cache_dir(), str(home / ".cache" / "inductor_xpu"))

    def test_empty_variables_are_unset(self) -> None:
        # INDUCTOR_XPU_SERIES_DIR="" was taken as the current directory
        env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
        env.update(INDUCTOR_XPU_SERIES_DIR="", INDUCTOR_XPU_CACHE_DIR="", TORCH_DEVICE_BACKEND_AUTOLOAD="0")
        code = "from inductor_xpu import config; print(config.series_dir); print(config.cache_dir)"
        proc = subprocess.run(
            [sys.executable, "-c", code],
            env=env, capture_output=True, text=True, timeout=300, cwd=self.tmp,
        )
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.splitlines(), [config._default_series_dir(), config._default_cache_dir()])


class TestReadOnlyDirectory(CacheTestCase):
    def compile_many(self, cache: CodeCache, n: int = 30) -> list[str]:
        with self.assertLogs(cache_module.log, logging.WARNING) as logs:
            for i in range(n):
                self.compile_probe(cache, key=f"{i:064x}")
        return logs.output

    def test_unwritable_directory_warns_once(self) -> None:
        # root writes anywhere: make every write fail as a read-only
        # directory would
        failing = mock.patch.object(
            cache_module.tempfile, "mkstemp", side_effect=PermissionError(13, "Permission denied")
        )
        cache = CodeCache(self.tmp / "cache")
        with failing:
            output = self.compile_many(cache)
        self.assertEqual(len(output), 1, output)
        self.assertIn("cannot write to", output[0])
        self.assertEqual(cache.misses, 30)

    @unittest.skipIf(IS_ROOT, "root writes to a 0500 directory")
    def test_read_only_directory_warns_once(self) -> None:
        d = self.tmp / "cache"
        d.mkdir(mode=0o700)
        d.chmod(0o500)
        self.addCleanup(d.chmod, 0o700)
        output = self.compile_many(CodeCache(d))
        self.assertEqual(len(output), 1, output)


def _corrupt(data: bytes, draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["flip", "truncate", "zero", "random", "garbage"]))
    n = len(data)
    if kind == "flip":  # bit flips inside the payload, header kept
        out = bytearray(data)
        for _ in range(draw(st.integers(1, 20))):
            offset = draw(st.integers(HEADER_SIZE, n - 1))
            out[offset] ^= 1 << draw(st.integers(0, 7))
        return bytes(out)
    if kind == "truncate":
        return data[: draw(st.integers(0, n - 1))]
    start = draw(st.integers(0, n - 1))
    length = draw(st.integers(1, n - start))
    if kind == "zero":
        return data[:start] + bytes(length) + data[start + length :]
    if kind == "random":
        return data[:start] + draw(st.binary(min_size=length, max_size=length)) + data[start + length :]
    return draw(st.binary(max_size=2 * n))


class TestCorruptEntries(CacheTestCase):
    NAME = "_inductor_xpu_cache_probe"

    def import_probe(self, directory: Path) -> tuple[object, CodeCache]:
        """Import the probe module through the overlay's finder and loader
        with a fresh cache on ``directory`` (as a new process would)."""
        origin = str(self.tmp / "probe.py")
        module = PatchedModule(
            name=self.NAME,
            origin=origin,
            source=PROBE_SOURCE,
            is_package=False,
            cache_key=code_cache_key(
                source_hash="probe", patch_digests=["p"], filename=origin, torch_version="t"
            ),
        )
        cache = CodeCache(directory)
        finder = OverlayFinder({self.NAME: module}, cache)
        sys.meta_path.insert(0, finder)
        try:
            sys.modules.pop(self.NAME, None)
            imported = importlib.import_module(self.NAME)
        finally:
            sys.meta_path.remove(finder)
            sys.modules.pop(self.NAME, None)
        return imported, cache

    @settings(
        derandomize=True,
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(st.data())
    def test_any_corruption_is_a_miss_and_rewritten(self, data: st.DataObject) -> None:
        expected = _reference_fingerprint()
        with tempfile.TemporaryDirectory(dir=self.tmp) as d:
            directory = Path(d) / "cache"
            module, cache = self.import_probe(directory)
            (entry,) = directory.glob("*.code")
            valid = entry.read_bytes()
            corrupted = _corrupt(valid, data.draw)
            if corrupted == valid:
                return
            entry.write_bytes(corrupted)
            logging.disable(logging.WARNING)
            try:
                module, cache = self.import_probe(directory)
            finally:
                logging.disable(logging.NOTSET)
            # the import works and gives the right module...
            self.assertEqual(module.FINGERPRINT, expected)  # type: ignore[attr-defined]
            self.assertEqual((cache.hits, cache.misses), (0, 1))
            # ...and the entry was rewritten valid: the next import hits
            self.assertNotIsInstance(decode_entry(entry.stem, entry.read_bytes()), str)
            module, cache = self.import_probe(directory)
            self.assertEqual(module.FINGERPRINT, expected)  # type: ignore[attr-defined]
            self.assertEqual((cache.hits, cache.misses), (1, 0))
            self.assertEqual(sorted(p.name for p in directory.iterdir()), [entry.name])

    def test_any_unmarshal_error_is_a_miss(self) -> None:
        """Whatever marshal raises (SystemError included), it is a miss."""
        cache = CodeCache(self.tmp / "cache")
        self.compile_probe(cache)
        for error in (SystemError("Objects/codeobject.c:250: bad argument"), MemoryError(), EOFError()):
            with self.subTest(error=type(error).__name__):
                fresh = CodeCache(self.tmp / "cache")
                with mock.patch.object(cache_module.marshal, "loads", side_effect=error), \
                        self.assertLogs(cache_module.log, logging.WARNING) as logs:
                    self.compile_probe(fresh)
                self.assertEqual((fresh.hits, fresh.misses), (0, 1))
                self.assertIn("ignoring corrupt cache entry", logs.output[0])
                self.assertIn(type(error).__name__, logs.output[0])
        fresh = CodeCache(self.tmp / "cache")
        self.compile_probe(fresh)
        self.assertEqual((fresh.hits, fresh.misses), (1, 0))

    def test_entry_of_an_older_format_is_replaced_quietly(self) -> None:
        cache = CodeCache(self.tmp / "cache")
        self.compile_probe(cache)
        (entry,) = (self.tmp / "cache").glob("*.code")
        entry.write_bytes(b"IXPUCODE1\n" + entry.stem.encode() + b"\n" + b"\xe3\x00old payload")
        fresh = CodeCache(self.tmp / "cache")
        with self.assertNoLogs(cache_module.log, logging.WARNING):
            self.compile_probe(fresh)
        self.assertEqual((fresh.hits, fresh.misses), (0, 1))
        self.assertTrue(entry.read_bytes().startswith(_MAGIC))

    def test_import_torch_survives_corrupt_entries(self) -> None:
        """The issue's reproduction: 20 bytes flipped inside a payload, header
        kept, gave SystemError from marshal at every later import."""
        d = self.tmp / "cache"
        env = {k: v for k, v in os.environ.items() if not k.startswith("INDUCTOR_XPU_")}
        env.pop("TORCH_DEVICE_BACKEND_AUTOLOAD", None)
        env["INDUCTOR_XPU_CACHE_DIR"] = str(d)
        probe = textwrap.dedent(
            """
            import inspect
            import torch._inductor.lowering as L
            from inductor_xpu.overlay import installed
            c = installed().finder.cache
            print("PATCHED" if "get_interface_for_device" in inspect.getsource(L.get_threads_per_round) else "STOCK")
            print("hits", c.hits, "misses", c.misses)
            """
        )

        def run() -> list[str]:
            proc = subprocess.run(
                [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=300
            )
            self.assertEqual(proc.returncode, 0, proc.stderr)
            return proc.stdout.split()

        # the entries a cold `import torch, torch._inductor.lowering` wrote
        # (TestCacheDirectory's process), copied into a private directory
        cold, shared = _import_torch_on_a_shared_directory()
        self.assertEqual(cold.returncode, 0, cold.stderr)
        shutil.copytree(shared / SUBDIR, d)
        entries = sorted(d.glob("*.code"))
        self.assertGreaterEqual(len(entries), 2)
        rng = random.Random(16)
        for entry in entries:
            data = bytearray(entry.read_bytes())
            for offset in rng.sample(range(HEADER_SIZE, len(data)), 20):
                data[offset] ^= 0xFF
            entry.write_bytes(bytes(data))
        out = run()
        self.assertEqual(out[0], "PATCHED")
        self.assertEqual((int(out[2]), int(out[4])), (0, len(entries)))
        for entry in entries:
            self.assertNotIsInstance(decode_entry(entry.stem, entry.read_bytes()), str, entry)


# Each racer loads cache.py by its file name (it imports nothing but the
# standard library), so it starts in milliseconds, waits for the start
# signal, then compiles every source through one CodeCache.
RACER = textwrap.dedent(
    """
    import hashlib, importlib.util, os, sys, time
    spec = importlib.util.spec_from_file_location("_ixpu_cache", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    directory, start, sources = sys.argv[2], sys.argv[3], sys.argv[4:]
    while not os.path.exists(start):
        time.sleep(0.001)
    cache = module.CodeCache(directory)
    for path in sources:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        key = module.code_cache_key(
            source_hash=hashlib.sha256(text.encode()).hexdigest(), patch_digests=[], filename=path, torch_version="race"
        )
        code = cache.get_or_compile(key, text, path)
        assert code == compile(text, path, "exec", dont_inherit=True), path
    print(cache.hits, cache.misses)
    """
)


class TestConcurrency(CacheTestCase):
    RACERS = 8

    def sources(self) -> list[str]:
        paths = []
        for i in range(5):  # entries of about 100 kB, written while others read
            body = "".join(
                f"def f{i}_{j}(x, y={j}):\n    return [x * y + k for k in range({j})] + ['{'ü' * (j % 7)}']\n"
                for j in range(300)
            )
            path = self.tmp / f"source{i}.py"
            path.write_text(body, encoding="utf-8")
            paths.append(str(path))
        return paths

    def race(self, directory: Path, sources: list[str], racers: int) -> list[tuple[int, int]]:
        start = self.tmp / f"start-{time.monotonic_ns()}"
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", RACER, cache_module.__file__, str(directory), str(start), *sources],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for _ in range(racers)
        ]
        start.touch()
        counts = []
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            self.assertEqual(proc.returncode, 0, err)
            self.assertEqual(err, "")  # no warning: nothing was seen half-written
            hits, misses = map(int, out.split())
            counts.append((hits, misses))
        return counts

    def check_race(self, directory: Path, entries_in: Path) -> None:
        sources = self.sources()
        counts = self.race(directory, sources, self.RACERS)
        self.assertTrue(all(h + m == len(sources) for h, m in counts), counts)
        self.assertEqual(len(list(entries_in.glob("*.code"))), len(sources))
        # no temporary file left behind; a later process gets only hits
        self.assertEqual([p.name for p in entries_in.iterdir() if not p.name.endswith(".code")], [])
        self.assertEqual(self.race(directory, sources, 1), [(len(sources), 0)])

    def test_racing_processes_on_an_empty_cache(self) -> None:
        d = self.tmp / "new" / "cache"
        self.check_race(d, d)

    def test_racing_processes_on_a_shared_directory(self) -> None:
        d = self.tmp / "shared"
        d.mkdir()
        d.chmod(0o1777)
        self.check_race(d, d / SUBDIR)
        self.assertEqual(stat.S_IMODE(d.stat().st_mode), 0o1777)


if __name__ == "__main__":
    run_tests()
