"""Worker process: runs one model and writes its row as JSON.

    python -m suite_lib.worker --name NAME --options JSON --child-out PATH

The orchestrator starts one of these per model (and per overlay variant), so a
crash or a hang costs that row only.  The row goes to ``--child-out`` (the
bench toolkit's child protocol, ``benchlib.child``: written atomically) rather
than stdout, which models and compilers are free to use; stdout and stderr go
to the row's log file.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import traceback

from benchlib.child import add_child_out_argument, write_child_out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m suite_lib.worker")
    parser.add_argument("--name", required=True)
    parser.add_argument("--options", required=True, help="RunOptions as JSON")
    add_child_out_argument(parser, required=True, help="where to write the row (JSON)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    # Imported here so that a broken torch install is a row, not a traceback
    # the orchestrator has to guess from.
    try:
        from suite_lib import models
        from suite_lib.runner import RunOptions, run_model

        opts = RunOptions.from_json(json.loads(args.options))
        (spec,) = [s for s in models.all_specs() if s.name == args.name]
        row = run_model(spec, opts)
    except Exception as e:  # noqa: BLE001 - reported as the row
        traceback.print_exc()
        row = {
            "name": args.name,
            "status": "harness_error",
            "detail": f"{type(e).__name__}: {e}"[:500],
        }
    write_child_out(args.child_out, row)
    sys.stdout.flush()
    sys.stderr.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
