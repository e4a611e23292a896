#!/usr/bin/env python3
"""Merge the plan-parity runs of ``suite.py --compare-target`` (one per dtype)
into one table: ``OUT.csv``, ``OUT.md`` and ``OUT.png``.

    python tools/bench/plan_parity.py --out benchmarks/results/plan_parity_max1550_a770 \\
        [--explanations FILE.json] [--note TEXT] RUN_DIR_OR_JSON...

The work is ``suite_lib.plan_parity.main``; this is its command.
"""

from __future__ import annotations

import sys

from suite_lib.plan_parity import main


if __name__ == "__main__":
    sys.exit(main())
