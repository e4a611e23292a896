"""Command line: ``python -m inductor_xpu {status} ...``."""

from __future__ import annotations

import argparse
import sys


def _status(args: argparse.Namespace) -> int:
    from inductor_xpu import status

    st = status()
    print(st.format())
    if st.strict and not st.all_applied:
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m inductor_xpu")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("status", help="torch version, patch states, code cache")
    p.set_defaults(func=_status)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
