"""Command line: ``python -m inductor_xpu {status,audit,compile} ...``."""

from __future__ import annotations

import argparse
import sys


def _status(args: argparse.Namespace) -> int:
    from inductor_xpu import status

    st = status()
    if args.verbose:
        print(st.format())
        print(_xpu_registration_summary())
    else:
        print(st.format_brief())
    line = _emulation_line()
    if args.verbose or not line.startswith("xpu device: none"):
        print(line)
    if st.error:  # the series does not load, or the overlay did not install
        return 1
    if st.strict and not st.all_applied:
        return 1
    return 0


def _emulation_line() -> str:
    from inductor_xpu.emulation import installed, requested
    from inductor_xpu.emulation.runtime import real_xpu_build

    profile = installed()
    if profile is not None:
        return f"xpu device: EMULATED ({profile}; host memory, CPU kernels, Triton's interpreter; not an Intel GPU)"
    why = real_xpu_build()
    if requested() is not None:
        return f"xpu device: emulation requested but not installed{f' ({why})' if why else ''}"
    return f"xpu device: real ({why})" if why else "xpu device: none (emulation off; opt in with `emulate`)"


def _audit(args: argparse.Namespace) -> int:
    import json

    from inductor_xpu.analysis.audit import audit_tree, INDUCTOR
    from inductor_xpu.series import OverlayError, TorchTree

    try:
        tree = TorchTree.at(args.torch_dir, needs=INDUCTOR) if args.torch_dir else TorchTree.installed()
        report = audit_tree(
            tree,
            patched=args.patched,
            series_dir=args.series_dir,
            skip_unreadable=args.skip_unreadable,
            scope=args.scope,
        )
    except OverlayError as e:
        print(f"audit: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json(with_sites=args.sites), indent=2))
    else:
        print(report.format_summary(top=args.top))
    if args.list:
        if args.json:
            print(report.format_list(), file=sys.stderr)
        else:
            print()
            print(report.format_list())
    incomplete = report.incomplete_message()
    if incomplete:
        print(f"audit: {incomplete}", file=sys.stderr)
        return 1
    return 0


def _xpu_registration_summary() -> str:
    """What Inductor uses for xpu, after its backend registration has run."""
    from torch._inductor.codegen.common import get_device_op_overrides, init_backend_registration

    from inductor_xpu.codegen.xpu.registration import registered_backends_summary

    init_backend_registration()
    get_device_op_overrides("cpu")  # Inductor registers every device's overrides on first use
    s = registered_backends_summary()
    wrappers = ", ".join(f"{k}={v}" for k, v in s["wrappers"].items())
    what = "" if s.get("registered_by_inductor_xpu") else ", NOT the classes inductor_xpu registers"
    return "\n".join(
        [
            f"xpu backend (registered by Inductor{what}):",
            f"  scheduling: {s['scheduling']}",
            f"  wrappers: {wrappers}",
            f"  device op overrides: {s['device_op_overrides']}",
            f"  device interface: {s['device_interface']}",
        ]
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m inductor_xpu")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("status", help="the overlay's state in one line; --verbose: each patch, modules, code cache")
    p.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="torch and series paths, each patch's state, the patched modules, the code cache and what Inductor "
        "registered for xpu",
    )
    p.set_defaults(func=_status)

    p = sub.add_parser(
        "audit",
        help="static device-bias audit of torch/_inductor (torch.cuda uses, 'cuda' checks)",
    )
    p.add_argument(
        "--torch-dir",
        metavar="DIR",
        help="directory holding torch/ (or the torch package itself); default: installed torch",
    )
    p.add_argument(
        "--patched",
        action="store_true",
        help="audit the tree as the torch_patches/ series leaves it",
    )
    p.add_argument(
        "--series-dir",
        metavar="DIR",
        help="patch series for --patched (default: inductor_xpu.config.series_dir)",
    )
    p.add_argument(
        "--scope",
        choices=("inductor", "distributed"),
        default="inductor",
        help="inductor: all of torch/_inductor (default); distributed: the modules Inductor"
        " compiles collectives with (comm passes, functional collectives, FSDP2), per module",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument(
        "--sites",
        action="store_true",
        help="with --json: include every site (file, line, symbol, category, function, allowlist)",
    )
    p.add_argument(
        "--list",
        action="store_true",
        help="print every unexplained site: file:line symbol category (function)"
        " (to stderr with --json)",
    )
    p.add_argument("--top", type=int, default=15, metavar="N", help="files in the table")
    p.add_argument(
        "--skip-unreadable",
        action="store_true",
        help="exit 0 although files could not be read or parsed (they are listed as skipped)",
    )
    p.set_defaults(func=_audit)

    from inductor_xpu.compile.cli import add_compile_parser

    add_compile_parser(sub)
    from inductor_xpu.emulation.command import add_emulate_parser

    add_emulate_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        import torch  # noqa: F401  (the autoload entry point installs the overlay here)
    except RuntimeError as e:
        # Strict mode: the overlay's error (a series that does not load, a
        # torch outside the supported range) stops torch's backend autoload,
        # which wraps it; say the overlay's own words in one line.
        if e.__cause__ is None:
            raise
        print(f"inductor_xpu: overlay error (strict): {e.__cause__}", file=sys.stderr)
        return 1
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
