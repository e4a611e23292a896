# Owner(s): ["module: inductor"]
"""The import-cycle checker (``tools/import_cycles.py``): no cycle among the
modules of ``inductor_xpu`` and ``tools``, counting every import statement,
and negative controls that a cycle hidden in a function or under
``TYPE_CHECKING`` is found.  Source is parsed, nothing is imported."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
import tempfile
import textwrap
from pathlib import Path
from types import ModuleType

from torch._inductor.test_case import run_tests, TestCase


REPO = Path(__file__).resolve().parents[2]


def _load_checker() -> ModuleType:
    """tools/import_cycles.py as a module (tools/ is a directory of scripts)."""
    name = "_inductor_xpu_import_cycles_tool"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tools" / "import_cycles.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look themselves up there
        spec.loader.exec_module(module)
    return sys.modules[name]


import_cycles = _load_checker()


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


# pkg.a <-> pkg.b through an import inside a function; pkg.c <-> pkg.d
# through a TYPE_CHECKING import; pkg.e imports itself; pkg.f -> pkg.a is no
# cycle.  scripts/ is a source root as tools/bench is: run.py imports lib.y.
CYCLIC_TREE = {
    "pkg/__init__.py": "",
    "pkg/a.py": """\
        X = 1


        def f():
            from pkg import b

            return b.Y
        """,
    "pkg/b.py": """\
        from pkg.a import X

        Y = X
        """,
    "pkg/c.py": """\
        from __future__ import annotations

        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            from pkg.d import D


        class C:
            def d(self) -> D: ...
        """,
    "pkg/d.py": """\
        from .c import C


        class D(C): ...
        """,
    "pkg/e.py": """\
        import pkg.e
        """,
    "pkg/f.py": """\
        from pkg.a import X
        """,
    "scripts/run.py": """\
        from lib.y import Y
        """,
    "scripts/lib/__init__.py": "",
    "scripts/lib/y.py": """\
        Y = 2


        def again():
            import run

            return run
        """,
}


class TestImportCycles(TestCase):
    def test_no_import_cycle_in_the_project(self):
        cycles = import_cycles.import_cycles([REPO / "inductor_xpu", REPO / "tools"])
        described = "\n".join(import_cycles.format_cycle(c, i, REPO) for i, c in enumerate(cycles, 1))
        self.assertEqual(cycles, [], f"import cycles:\n{described}")

    def test_module_names_follow_sys_path(self):
        modules = import_cycles.source_modules([REPO / "inductor_xpu", REPO / "tools"])
        self.assertEqual(modules["inductor_xpu.device.simulation.state"].path.name, "state.py")
        self.assertTrue(modules["inductor_xpu.device"].is_package)
        self.assertIn("suite_lib.codegen", modules)  # tools/bench is on sys.path for the bench scripts
        self.assertIn("benchlib.report", modules)
        self.assertIn("patches", modules)  # tools/patches.py, run as a script

    def test_finds_cycles_hidden_in_functions_and_type_checking(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp).resolve()
            _write(root, CYCLIC_TREE)
            cycles = import_cycles.import_cycles([root / "pkg", root / "scripts"])
            found = {c.modules: {(e.source, e.target, e.where, e.line) for e in c.edges} for c in cycles}
            self.assertEqual(
                found,
                {
                    ("pkg.a", "pkg.b"): {("pkg.a", "pkg.b", "function", 5), ("pkg.b", "pkg.a", "import-time", 1)},
                    ("pkg.c", "pkg.d"): {
                        ("pkg.c", "pkg.d", "type-checking", 6),
                        ("pkg.d", "pkg.c", "import-time", 1),
                    },
                    ("lib.y", "run"): {("lib.y", "run", "function", 5), ("run", "lib.y", "import-time", 1)},
                    ("pkg.e",): {("pkg.e", "pkg.e", "import-time", 1)},
                },
            )

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp).resolve()
            _write(root, CYCLIC_TREE)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = import_cycles.main([str(root / "pkg")])
            self.assertEqual(status, 1)
            text = out.getvalue()
            self.assertIn("cycle 1: 2 module(s): pkg.a, pkg.b", text)
            self.assertIn(f"-> pkg.b    [{root / 'pkg' / 'a.py'}:5 (function)]", text)
            self.assertIn(f"-> pkg.a    [{root / 'pkg' / 'b.py'}:1 (import-time)]", text)
            self.assertIn("3 import cycle(s)", text)

            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = import_cycles.main([str(root / "pkg" / "f.py")])
            last = out.getvalue().strip().splitlines()[-1]
            self.assertEqual((status, last), (0, f"0 import cycle(s) in {root / 'pkg' / 'f.py'}"))


if __name__ == "__main__":
    run_tests()
