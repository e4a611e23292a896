#!/usr/bin/env python3
"""Work on the ``torch_patches/`` series: check, apply, export, and edit it.

  check   [--torch-dir DIR]        report each patch: applied / upstream / does not apply
  matrix  --torch-dir DIR [DIR..]  the same for several trees, as a markdown table
  apply   --torch-dir DIR          apply to a tree: git checkout -> ``git am`` (one commit
                                   per patch); plain tree (PyPI/unzipped wheel) -> in place
  recover --torch-dir DIR          put back a plain tree an apply was killed in the middle of
                                   (--discard: remove a journal that cannot be used)
  export  --torch-dir CHECKOUT     write the series as a commit stack onto a git checkout
  rebase  --from OLD --onto NEW    replay the series onto another release with git 3-way merges,
                                   report each patch (clean / 3-way / upstream / conflict), re-cut
  new     NAME --subject S FILE..  start a new patch at the end of the series (quilt new+add)
  edit    NAME [--add FILE..]      materialize an existing patch's files for editing
  refresh                          regenerate the patch being edited against pristine torch

``DIR`` is a directory holding ``torch/`` (an unzipped wheel, site-packages,
or a PyTorch source checkout); without it the installed torch is used.  The
edit loop (new/edit, change files under ``.patches-work/``, refresh) is
documented in ``torch_patches/README.md``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import sys
from pathlib import Path, PurePosixPath


REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from inductor_xpu.series.engine import PatchStatus, SeriesResult, apply_series  # noqa: E402
from inductor_xpu.series.errors import OverlayError, TreeWriteError  # noqa: E402
from inductor_xpu.series.hunks import apply_hunks  # noqa: E402
from inductor_xpu.series.journal import JOURNAL, JournalError, WriteJournal, discard_unusable  # noqa: E402
from inductor_xpu.series.patch import ALLOWED_ROOTS  # noqa: E402
from inductor_xpu.series.rebase import (  # noqa: E402
    REBASE_CLEAN,
    REBASE_CONFLICT,
    REBASE_MERGED,
    REBASE_UPSTREAM,
    GitError,
    git,
    keep_backports,
    read_rename_map,
    rebase_series,
    rename_in_message,
    set_backports_trailer,
    write_rebased,
)
from inductor_xpu.series.series import BACKPORTS, PATCH_NAME, PatchSeries, release_of  # noqa: E402
from inductor_xpu.series.trees import TorchTree, write_files  # noqa: E402
from inductor_xpu.series.writer import FileChange, render_patch, set_trailer  # noqa: E402
from inductor_xpu.series.version import TorchRelease  # noqa: E402


DEFAULT_SERIES = REPO / "torch_patches"
DEFAULT_AUTHOR = "inductor-xpu developers <inductor-xpu@users.noreply.github.com>"


class ToolError(Exception):
    pass


# --------------------------------------------------------------------------
# Trees
# --------------------------------------------------------------------------


def open_tree(torch_dir: str | None, *, recover: bool = False) -> TorchTree:
    """The tree ``--torch-dir`` names, or the installed torch's (found
    without importing torch).

    A tree that an ``apply`` was killed in the middle of (its journal is
    there) is half-written: it is refused, naming ``recover``, so that no
    command reads it as it is (``check`` would take the patches written so
    far for upstream ones); with ``recover`` it is put back first.
    """
    tree = _find_tree(torch_dir)
    journal = _interrupted_write(tree)
    if journal is None:
        return tree
    if not recover:
        try:
            journal.check_tree()  # one recover cannot use: say how to get out
        except JournalError as e:
            raise ToolError(f"{e}{_way_out(tree)}") from None
        raise ToolError(
            f"{tree.root}: an apply was interrupted there and left it half-written ({JOURNAL}); "
            f"put it back first: tools/patches.py recover --torch-dir {tree.root}"
        )
    _recover(tree, journal)
    return _find_tree(torch_dir)


def _find_tree(torch_dir: str | None) -> TorchTree:
    try:
        return TorchTree.at(torch_dir, needs="torch/__init__.py") if torch_dir else TorchTree.installed()
    except OverlayError as e:
        raise ToolError(str(e)) from None


def _way_out(tree: TorchTree) -> str:
    return (
        "; if no apply of yours was interrupted in this tree, remove the journal with "
        f"tools/patches.py recover --discard --torch-dir {tree.root} (it first checks that no staged "
        "file or kept original is left)"
    )


def _interrupted_write(tree: TorchTree) -> WriteJournal | None:
    """The journal in ``tree``; one that cannot be used is refused, saying how to get out."""
    try:
        return WriteJournal.load(tree.root)
    except JournalError as e:
        raise ToolError(f"{e}{_way_out(tree)}") from None
    except OverlayError as e:
        raise ToolError(str(e)) from None


def _recover(tree: TorchTree, journal: WriteJournal) -> None:
    try:
        print(f"{tree.root}: {journal.recover()}")
    except JournalError as e:
        raise ToolError(f"{e}{_way_out(tree)}") from None
    except OverlayError as e:
        raise ToolError(str(e)) from None


def _journal_left(torch_dir: str | None) -> Path | None:
    """The journal a command on ``--torch-dir`` was interrupted with, if any."""
    if not torch_dir:
        return None
    path = Path(torch_dir).resolve()
    for root in (path, path.parent):
        if (root / JOURNAL).exists():
            return root
    return None


def load_series(series_dir: Path) -> PatchSeries:
    try:
        return PatchSeries.load(series_dir)
    except OverlayError as e:
        raise ToolError(str(e)) from None


# --------------------------------------------------------------------------
# check / apply / export
# --------------------------------------------------------------------------


def format_result(result: SeriesResult) -> str:
    width = max((len(s.patch.name) for s in result.states), default=0)
    lines = []
    for s in result.states:
        lines.append(f"{s.patch.name:<{width}}  {s.describe()}")
    return "\n".join(lines)


def cmd_check(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    tree = open_tree(args.torch_dir)
    result = apply_series(series, tree.read, torch_version=tree.version, roots=tree.roots)
    if args.json:
        print(json.dumps(result_json(result, tree), indent=2))
    else:
        print(f"torch {tree.version} at {tree.root}")
        print(format_result(result))
    stale = stale_repo_tests(series)
    for path in stale:
        print(f"stale: {path} in the series differs from the repo's copy (run refresh)")
    return 1 if result.failed or stale else 0


def cmd_matrix(args: argparse.Namespace) -> int:
    """One column per torch tree: the state of every patch, as markdown."""
    series = load_series(args.series)
    trees = [open_tree(d) for d in args.torch_dir]
    results = [
        apply_series(series, t.read, torch_version=t.version, roots=("torch",)) for t in trees
    ]
    header = "| patch | " + " | ".join(t.version for t in trees) + " |"
    lines = [header, "|---" * (len(trees) + 1) + "|"]
    notes = []
    for i, patch in enumerate(series.patches):
        cells = []
        for t, r in zip(trees, results):
            s = r.states[i]
            cells.append(f"{s.status.value} (backport {s.backport})" if s.backport else s.status.value)
            if s.status is PatchStatus.NOT_APPLICABLE:
                notes.append(f"- {patch.name} on {t.version}: {s.describe()}")
        lines.append(f"| {patch.name.removesuffix('.patch')} | " + " | ".join(cells) + " |")
    summary = ["| **in order** (applied, upstream or not needed) | " + " | ".join(
        f"{len(r.states) - len(r.failed)} of {len(r.states)}" for r in results
    ) + " |"]
    print("\n".join(lines + summary + ([""] + notes if notes else [])))
    return 1 if any(r.failed for r in results) and args.strict else 0


def result_json(result: SeriesResult, tree: TorchTree) -> dict[str, object]:
    return {
        "torch": tree.version,
        "root": str(tree.root),
        "patches": [
            {
                "name": s.patch.name,
                "status": s.status.value,
                "backport": s.backport,
                "file": s.file,
                "hunk": s.hunk,
                "reason": s.reason,
            }
            for s in result.states
        ],
    }


def stale_repo_tests(series: PatchSeries) -> list[str]:
    """In-tree tests the series adds that this repo also runs must be equal,
    in the primary and in every backport variant (same test everywhere)."""
    stale = []
    for patch in series.patches:
        for variant in (patch, *series.backports.get(patch.name, ())):
            for fp in variant.files:
                if PurePosixPath(fp.path).parts[0] != "test" or not fp.is_new:
                    continue
                repo_copy = REPO / fp.path
                text = apply_hunks("", fp.hunks)
                if repo_copy.is_file() and repo_copy.read_text() != text:
                    stale.append(f"{fp.path} ({variant.label})")
    return stale


def apply_to_git(series: PatchSeries, tree: TorchTree) -> list[str]:
    """``git am --3way`` every patch; on failure the checkout is left as it was."""
    # git am commits as the user: without an identity every patch would fail
    # and the real cause would come after a "does not apply"
    ident = git(tree.root, "var", "GIT_COMMITTER_IDENT", check=False)
    if ident.returncode != 0:
        raise ToolError(
            f"git has no committer identity in {tree.root} (git am commits each patch as you); "
            "nothing was changed. Set user.name and user.email (git config), or GIT_COMMITTER_NAME "
            f"and GIT_COMMITTER_EMAIL. git says:\n{ident.stderr.strip()}"
        )
    if git(tree.root, "status", "--porcelain", "--untracked-files=no").stdout.strip():
        raise ToolError(f"{tree.root} has uncommitted changes; commit or stash them first")
    start = git(tree.root, "rev-parse", "HEAD").stdout.strip()
    # primaries only (backports are for the overlay on older wheels); a patch
    # the checkout already has is not committed twice
    primaries = dataclasses.replace(series, backports={})
    result = apply_series(primaries, tree.read, torch_version=tree.version, roots=("torch",))
    upstream = {  # or not needed: nothing to commit for this release
        s.patch.name for s in result.states if s.status in (PatchStatus.UPSTREAM, PatchStatus.NOT_NEEDED)
    }
    applied = []
    for patch in series.patches:
        if patch.name in upstream:
            continue
        try:
            git(tree.root, "am", "--3way", "--keep-cr", "--keep-non-patch", str(series.directory / patch.name))
        except GitError as e:
            git(tree.root, "am", "--abort", check=False)
            git(tree.root, "reset", "--hard", start)
            raise ToolError(
                f"patch {patch.name} does not apply to {tree.root} (torch {tree.version}); "
                f"the checkout was reset to {start[:12]}\n{e}"
            ) from None
        applied.append(patch.name)
    return applied


def apply_in_place(series: PatchSeries, tree: TorchTree) -> list[str]:
    """Write the patched files into a plain tree: all patches or none."""
    result = apply_series(series, tree.read, torch_version=tree.version, roots=tree.roots)
    if result.failed:
        raise ToolError(
            "nothing written; these patches do not apply to "
            f"{tree.root} (torch {tree.version}):\n"
            + "\n".join(f"  {s.patch.name}: {s.describe()}" for s in result.failed)
        )
    # staged, then renamed into place; any failure puts every file back
    try:
        write_files(tree.root, {path: result.patched[path] for path in result.changed_paths()})
    except TreeWriteError as e:
        raise ToolError(f"{tree.root}: {e}") from None
    return [s.patch.name for s in result.states if s.status is PatchStatus.APPLIED]


def cmd_apply(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    tree = open_tree(args.torch_dir, recover=True)
    names = apply_to_git(series, tree) if tree.is_git else apply_in_place(series, tree)
    how = "git am" if tree.is_git else "in place"
    print(f"applied {len(names)} patch(es) to {tree.root} ({how}): {', '.join(names)}")
    return 0


def cmd_recover(args: argparse.Namespace) -> int:
    """Put back a plain tree that an apply was killed in the middle of
    (SIGKILL, power loss): rolled back to the files it had before, or, where
    the apply was killed after its last rename, completed.  ``--discard``:
    remove a journal recovery cannot use (see discard_unusable)."""
    tree = _find_tree(args.torch_dir)
    if args.discard:
        try:
            print(f"{tree.root}: {discard_unusable(tree.root)}")
        except OverlayError as e:
            raise ToolError(str(e)) from None
        return 0
    journal = _interrupted_write(tree)
    if journal is None:
        print(f"{tree.root}: no interrupted apply to recover")
    else:
        _recover(tree, journal)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    tree = open_tree(args.torch_dir)
    if not tree.is_git:
        raise ToolError(f"{tree.root} is not a git checkout")
    if args.branch:
        git(tree.root, "checkout", "-q", "-b", args.branch)
    names = apply_to_git(series, tree)
    print(git(tree.root, "log", "--oneline", f"-{len(names)}").stdout.rstrip())
    return 0


# --------------------------------------------------------------------------
# the edit loop: new / edit / refresh
# --------------------------------------------------------------------------


def _materialize(
    series: PatchSeries, upto: int, tree: TorchTree, paths: list[str], skip_failing: bool = False
) -> dict[str, str | None]:
    """Texts of ``paths`` after the first ``upto`` patches, from ``tree``
    (each patch as the primary or the backport the engine picks there)."""
    partial = dataclasses.replace(series, patches=series.patches[:upto])
    read = tree.read
    result = apply_series(partial, read, torch_version=tree.version, roots=ALLOWED_ROOTS)
    if result.failed and not skip_failing:
        raise ToolError(
            "the series does not apply here (--skip-failing builds on the patches that do):\n"
            + format_result(result)
        )
    texts = {}
    for p in paths:
        texts[p] = result.patched[p] if p in result.patched else _read_base(tree, p)
    return texts


def _read_base(tree: TorchTree, path: str) -> str | None:
    if PurePosixPath(path).parts[0] == "test":
        return None if not tree.has_tests else tree.read(path)
    return tree.read(path)


def _write_workdir(
    workdir: Path, state: dict[str, object], base: dict[str, str | None]
) -> None:
    if workdir.exists():
        raise ToolError(f"{workdir} exists: refresh or remove it first")
    for path, text in base.items():
        (workdir / "base" / path).parent.mkdir(parents=True, exist_ok=True)
        if text is not None:
            (workdir / "base" / path).write_text(text)
            if PurePosixPath(path).parts[0] == "torch":
                (workdir / path).parent.mkdir(parents=True, exist_ok=True)
                (workdir / path).write_text(text)
    (workdir / "state.json").write_text(json.dumps(state, indent=2))


def _check_paths(paths: list[str]) -> None:
    for p in paths:
        pp = PurePosixPath(p)
        if pp.is_absolute() or ".." in pp.parts or pp.parts[0] not in ALLOWED_ROOTS:
            raise ToolError(f"{p}: only paths under torch/ or test/ can be patched")


def cmd_new(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    name = args.name if args.name.endswith(".patch") else args.name + ".patch"
    if (args.series / name).exists() or any(p.name == name for p in series.patches):
        raise ToolError(f"{name} already exists")
    if not PATCH_NAME.match(name):
        raise ToolError(f"{name}: name must be NNNN-area-subject.patch")
    _check_paths(args.files)
    tree = open_tree(args.torch_dir)
    base = _materialize(series, len(series.patches), tree, args.files, args.skip_failing)
    state = {
        "patch": name,
        "new": True,
        "subject": args.subject,
        "author": args.author,
        "message": Path(args.message_file).read_text() if args.message_file else "",
        "files": args.files,
        "missing": [p for p, t in base.items() if t is None],
    }
    _write_workdir(args.workdir, state, base)
    print(f"edit the files under {args.workdir} (tests: in the repo's test/), then run refresh")
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    name = args.name if args.name.endswith(".patch") else args.name + ".patch"
    index = next((i for i, p in enumerate(series.patches) if p.name == name), None)
    if index is None:
        raise ToolError(f"{name} is not in the series")
    patch = series.patches[index]
    # a backport may touch other paths than the primary (files upstream moved)
    variant = next((b for b in series.backports.get(name, ()) if b.release == args.backport), patch)
    paths = variant.paths + [p for p in args.add if p not in variant.paths]
    _check_paths(paths)
    tree = open_tree(args.torch_dir)
    here = apply_series(
        dataclasses.replace(series, patches=series.patches[: index + 1]),
        tree.read, torch_version=tree.version, roots=ALLOWED_ROOTS,
    ).states[-1]
    if here.backport and here.backport != args.backport:
        raise ToolError(
            f"{name} applies to torch {tree.version} through its {here.backport} backport: "
            f"edit that with --backport {here.backport}, or the primary with --torch-dir "
            f"of torch {series.base.version}"
        )
    base = _materialize(series, index, tree, paths, args.skip_failing)
    if args.backport:
        # start from the variant (or the primary) where it applies, else from the base
        # alone: its dependencies are in ``base`` already
        alone = dataclasses.replace(variant, message="\n".join(
            line for line in variant.message.splitlines() if not line.startswith("Depends-on:")
        ))
        one = dataclasses.replace(series, patches=(alone,), backports={})
        applied = apply_series(one, lambda p: base.get(p), roots=ALLOWED_ROOTS)
        if applied.failed and variant is not patch:
            raise ToolError(
                f"the {args.backport} backport of {name} does not apply to torch {tree.version} "
                f"after the earlier patches: {applied.failed[0].describe()}"
            )
        # a new backport starts from the base (the primary does not apply here)
        current = {p: applied.patched.get(p, base[p]) for p in paths} if not applied.failed else dict(base)
    else:
        current = _materialize(series, index + 1, tree, paths, args.skip_failing)
    message = patch.message
    if args.backport:
        # the variant's own message, or the primary's as a backport: cut
        # against this release, and no list of backports of its own
        message = variant.message if variant is not patch else set_trailer(
            set_trailer(patch.message, "Backports", None), "Cut-against", f"torch {TorchRelease.parse(tree.version)}"
        )
    state = {
        "patch": name,
        "backport": args.backport,
        "new": False,
        "subject": patch.subject,
        "author": patch.author,
        "date": patch.date,
        "message": message,
        "files": paths,
        "missing": [p for p, t in base.items() if t is None],
    }
    _write_workdir(args.workdir, state, base)
    for path, text in current.items():
        if text is not None and PurePosixPath(path).parts[0] == "torch":
            (args.workdir / path).write_text(text)
    print(f"edit the files under {args.workdir} (tests: in the repo's test/), then run refresh")
    return 0


def cmd_refresh(args: argparse.Namespace) -> int:
    workdir: Path = args.workdir
    state_file = workdir / "state.json"
    if not state_file.is_file():
        raise ToolError(f"nothing is being edited ({state_file} not found); use new or edit")
    state = json.loads(state_file.read_text())
    changes = []
    for path in state["files"]:
        base_file = workdir / "base" / path
        old = None if path in state["missing"] else base_file.read_text()
        source = REPO / path if PurePosixPath(path).parts[0] == "test" else workdir / path
        new = source.read_text() if source.is_file() else None
        if old != new:
            changes.append(FileChange(path, old, new))
    if not changes:
        raise ToolError("no changes to write")
    message = args.message if args.message is not None else state["message"]
    text = render_patch(
        author=state["author"] or DEFAULT_AUTHOR,
        date=state.get("date"),
        subject=state["subject"],
        message=message,
        changes=changes,
    )
    series_dir: Path = args.series
    if state.get("backport"):
        target = series_dir / BACKPORTS / state["backport"] / state["patch"]
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        target = series_dir / state["patch"]
    target.write_text(text)
    if state.get("backport"):
        set_backports_trailer(series_dir, state["patch"])  # the primary lists it
    if state["new"]:
        series_file = series_dir / "series"
        listed = series_file.read_text()
        if state["patch"] not in listed.split():
            if listed and not listed.endswith("\n"):
                listed += "\n"
            series_file.write_text(listed + state["patch"] + "\n")
    load_series(series_dir)  # the result must parse
    if not args.keep:
        shutil.rmtree(workdir)
    print(f"wrote {target}")
    return 0


# --------------------------------------------------------------------------
# rebase: replay the series onto another torch release with git's 3-way merge
# --------------------------------------------------------------------------

def cmd_rebase(args: argparse.Namespace) -> int:
    series = load_series(args.series)
    old = open_tree(args.from_dir)
    new = open_tree(args.onto)
    order = read_rename_map(Path(args.map), series) if args.map else None
    workdir: Path = args.workdir.with_name(args.workdir.name + "-rebase")
    outcomes = rebase_series(series, old, new, workdir, order)
    width = max(len(o.name) for o in outcomes)
    print(f"rebase of {len(outcomes)} patches from torch {old.version} onto torch {new.version}")
    for o in outcomes:
        renamed = f" (was {o.old_name})" if o.old_name != o.name else ""
        print(f"  {o.name:<{width}}  {o.state}{renamed}")
    states = (REBASE_CLEAN, REBASE_MERGED, REBASE_UPSTREAM, REBASE_CONFLICT)
    counts = {s: sum(o.state == s for o in outcomes) for s in states}
    print("  " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    conflicts = workdir / "conflicts"
    for o in outcomes:
        if o.conflict is not None:
            conflicts.mkdir(exist_ok=True)
            (conflicts / o.name).write_text(o.conflict)
            print(f"conflict in {o.name}: {conflicts / o.name}")
    if args.write:
        renames = {o.old_name: o.name for o in outcomes}
        old_texts = {}
        for o in outcomes:  # the texts before the rebase, under their new names
            p = next(p for p in series.patches if p.name == o.old_name)
            old_texts[o.name] = p.with_message(rename_in_message(p.message, renames))
        write_rebased(series, outcomes)
        print(f"wrote the re-cut patches into {series.directory}; conflicted and upstream ones are left as they were")
        kept = keep_backports(series.directory, old_texts, old)
        if kept:
            print(f"kept the {release_of(old.version)} texts as backports: {', '.join(kept)}")
    return 1 if counts[REBASE_CONFLICT] else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--series", type=Path, default=DEFAULT_SERIES, help="series directory")
    parser.add_argument(
        "--workdir", type=Path, default=REPO / ".patches-work", help="edit-loop work directory"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("check", help="report each patch's state on a torch tree")
    p.add_argument("--torch-dir")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("matrix", help="markdown table of patch states over several torch trees")
    p.add_argument("--torch-dir", nargs="+", required=True)
    p.add_argument("--strict", action="store_true", help="exit 1 if any patch does not apply")
    p.set_defaults(func=cmd_matrix)

    p = sub.add_parser("rebase", help="replay the series onto another torch release (git 3-way merges)")
    p.add_argument("--from", dest="from_dir", required=True, help="torch tree the series applies to")
    p.add_argument("--onto", required=True, help="torch tree to rebase onto")
    p.add_argument("--map", help="file of 'OLD_NAME NEW_NAME' lines: renumber and reorder while rebasing")
    p.add_argument("--write", action="store_true", help="write the re-cut patches into the series")
    p.set_defaults(func=cmd_rebase)

    p = sub.add_parser("apply", help="apply the series to a torch tree")
    p.add_argument("--torch-dir", required=True)
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("recover", help="put back a plain tree that an apply was killed in the middle of")
    p.add_argument("--torch-dir", required=True)
    p.add_argument("--discard", action="store_true", help="remove a journal recovery cannot use (another "
                   "tree's, truncated), once no staged file or kept original is left in the tree")
    p.set_defaults(func=cmd_recover)

    p = sub.add_parser("export", help="write the series as a commit stack onto a git checkout")
    p.add_argument("--torch-dir", required=True)
    p.add_argument("--branch", help="create this branch first")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("new", help="start a new patch at the end of the series")
    p.add_argument("name")
    p.add_argument("files", nargs="+")
    p.add_argument("--subject", required=True)
    p.add_argument("--author", default=DEFAULT_AUTHOR)
    p.add_argument("--message-file")
    p.add_argument("--torch-dir")
    p.add_argument("--skip-failing", action="store_true", help="build on the earlier patches that apply")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("edit", help="materialize a patch's files for editing")
    p.add_argument("name")
    p.add_argument("--add", nargs="*", default=[])
    p.add_argument("--torch-dir")
    p.add_argument("--backport", metavar="RELEASE", help="edit the backport for RELEASE (e.g. 2.13) "
                   "against --torch-dir of that release; refresh writes backports/RELEASE/NAME")
    p.add_argument("--skip-failing", action="store_true", help="build on the earlier patches that apply")
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("refresh", help="regenerate the patch being edited")
    p.add_argument("--message", help="replace the commit message body")
    p.add_argument("--keep", action="store_true", help="keep the work directory")
    p.set_defaults(func=cmd_refresh)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (ToolError, OverlayError) as e:  # the library's errors name their file
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        root = _journal_left(getattr(args, "torch_dir", None) if args.command in ("apply", "recover") else None)
        again = f": run tools/patches.py recover --torch-dir {root} again to finish putting the tree back"
        again = again if root else ""
        print(f"error: interrupted{again}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
