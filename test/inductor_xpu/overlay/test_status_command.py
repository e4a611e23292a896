# Owner(s): ["module: inductor"]
"""``python -m inductor_xpu status``: the overlay's state in one line (what
``make demo`` shows a newcomer first); ``--verbose``: each patch's state,
the patched modules, the code cache and Inductor's xpu registrations."""

from __future__ import annotations

import collections
import contextlib
import io

from torch._inductor.test_case import run_tests, TestCase

import inductor_xpu
from inductor_xpu.__main__ import main as cli_main


def _status(*flags: str) -> tuple[int, list[str]]:
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        code = cli_main(["status", *flags])
    return code, stdout.getvalue().splitlines()


class TestStatusCommand(TestCase):
    def test_one_line(self):
        st = inductor_xpu.status()
        code, lines = _status()
        self.assertEqual(code, 0)
        self.assertEqual(len(lines), 1, lines)
        counts = collections.Counter(p.status for p in st.patches)
        self.assertTrue(lines[0].startswith(f"overlay: active{' (strict)' if st.strict else ''} on torch "), lines)
        for status, n in counts.items():
            self.assertIn(f"{n} {status}", lines[0])
        self.assertIn(f"({len(st.modules)} modules patched)", lines[0])
        self.assertTrue(lines[0].endswith("python -m inductor_xpu status --verbose lists them"), lines)

    def test_verbose_lists_every_patch(self):
        st = inductor_xpu.status()
        code, lines = _status("--verbose")
        self.assertEqual(code, 0)
        for p in st.patches:
            self.assertTrue(any(line.split()[:2] == [p.name, p.status.split()[0]] for line in lines), p.name)
        self.assertTrue(any(line.startswith("patched modules: ") for line in lines))
        self.assertTrue(any(line.startswith("code cache: ") for line in lines))


if __name__ == "__main__":
    run_tests()
