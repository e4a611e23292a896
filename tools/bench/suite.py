#!/usr/bin/env python3
"""Model-suite harness: timm and HuggingFace models under torch.compile.

    python tools/bench/suite.py --accuracy --device cpu --small --only BertForMaskedLM
    python tools/bench/suite.py --performance --device xpu --suite timm --compare-overlay
    python tools/bench/suite.py --codegen-only --target max1550 --suite hf
    python tools/bench/suite.py --list

Each model runs in its own process (``--timeout`` each); results go to
``--out`` as dynamo-style CSV, a markdown summary and a PNG chart.  See
docs/model_suite.md.
"""

from __future__ import annotations

import sys

from suite_lib.cli import main


if __name__ == "__main__":
    sys.exit(main())
