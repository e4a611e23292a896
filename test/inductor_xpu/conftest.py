"""pytest configuration shared by the project's own tests.

``test/inductor_xpu/`` holds the tests of this project, one folder per
package area (``overlay/``, ``series/``, ``device/``, ``execution/``, ``codegen/`` with the
golden expect files, ``cli/``, ``analysis/``, ``meta_kernels/``,
``fusion/``, ``bench/``); ``test/inductor/`` holds only the upstream tests
that the patches of ``torch_patches/`` carry.

The bench tools under ``tools/bench`` are scripts, not an installed
package: their tests import ``benchlib`` and ``suite_lib`` from there, made
importable here once.
"""

from __future__ import annotations

import sys
from pathlib import Path


REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "tools" / "bench"

if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))
