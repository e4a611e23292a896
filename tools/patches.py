#!/usr/bin/env python3
"""Work on the ``torch_patches/`` series: check, apply, export, and edit it.

  check   [--torch-dir DIR]        report each patch: applied / upstream / does not apply
  matrix  --torch-dir DIR [DIR..]  the same for several trees, as a markdown table
  apply   --torch-dir DIR          apply to a tree: git checkout -> ``git am`` (one commit
                                   per patch); plain tree (PyPI/unzipped wheel) -> in place
  recover --torch-dir DIR          put back a plain tree an apply was killed in the middle of
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
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath


REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from inductor_xpu.series.engine import PatchStatus, SeriesResult, apply_series  # noqa: E402
from inductor_xpu.series.errors import OverlayError, TreeWriteError  # noqa: E402
from inductor_xpu.series.hunks import apply_hunks  # noqa: E402
from inductor_xpu.series.journal import JOURNAL, WriteJournal  # noqa: E402
from inductor_xpu.series.patch import ALLOWED_ROOTS, parse_patch  # noqa: E402
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


def _interrupted_write(tree: TorchTree) -> WriteJournal | None:
    try:
        return WriteJournal.load(tree.root)
    except OverlayError as e:
        raise ToolError(str(e)) from None


def _recover(tree: TorchTree, journal: WriteJournal) -> None:
    try:
        print(f"{tree.root}: {journal.recover()}")
    except OverlayError as e:
        raise ToolError(str(e)) from None


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


def _git(
    repo: Path, *argv: str, check: bool = True, identity: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``git -C repo ARGV``: the one way this tool runs git.

    ``check``: a failure is a :class:`ToolError` with git's message.
    ``identity``: ``GIT_AUTHOR_*``/``GIT_COMMITTER_*`` for the commits it
    makes (rebase's scratch repository); None: the user's own (apply and
    export commit as the user).
    """
    env = {**os.environ, **identity} if identity is not None else None
    proc = subprocess.run(["git", "-C", str(repo), *argv], text=True, capture_output=True, env=env)
    if check and proc.returncode != 0:
        raise ToolError(f"git {' '.join(argv)} failed in {repo}:\n{proc.stderr.strip()}")
    return proc


def apply_to_git(series: PatchSeries, tree: TorchTree) -> list[str]:
    """``git am --3way`` every patch; on failure the checkout is left as it was."""
    # git am commits as the user: without an identity every patch would fail
    # and the real cause would come after a "does not apply"
    ident = _git(tree.root, "var", "GIT_COMMITTER_IDENT", check=False)
    if ident.returncode != 0:
        raise ToolError(
            f"git has no committer identity in {tree.root} (git am commits each patch as you); "
            "nothing was changed. Set user.name and user.email (git config), or GIT_COMMITTER_NAME "
            f"and GIT_COMMITTER_EMAIL. git says:\n{ident.stderr.strip()}"
        )
    if _git(tree.root, "status", "--porcelain", "--untracked-files=no").stdout.strip():
        raise ToolError(f"{tree.root} has uncommitted changes; commit or stash them first")
    start = _git(tree.root, "rev-parse", "HEAD").stdout.strip()
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
            _git(tree.root, "am", "--3way", "--keep-cr", "--keep-non-patch", str(series.directory / patch.name))
        except ToolError as e:
            _git(tree.root, "am", "--abort", check=False)
            _git(tree.root, "reset", "--hard", start)
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
    the apply was killed after its last rename, completed."""
    tree = _find_tree(args.torch_dir)
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
        _git(tree.root, "checkout", "-q", "-b", args.branch)
    names = apply_to_git(series, tree)
    print(_git(tree.root, "log", "--oneline", f"-{len(names)}").stdout.rstrip())
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

REBASE_CLEAN = "rebased cleanly"
REBASE_MERGED = "rebased with a 3-way merge"
REBASE_UPSTREAM = "upstream (empty after the merge)"
REBASE_CONFLICT = "conflicted"

# the committer (and author) of the rebase's scratch commits
REBASE_IDENTITY = {
    "GIT_AUTHOR_NAME": "inductor-xpu rebase",
    "GIT_AUTHOR_EMAIL": "rebase@inductor-xpu.invalid",
    "GIT_COMMITTER_NAME": "inductor-xpu rebase",
    "GIT_COMMITTER_EMAIL": "rebase@inductor-xpu.invalid",
}


@dataclasses.dataclass
class RebaseOutcome:
    old_name: str
    name: str  # the patch's name after the rebase (--map renames)
    state: str
    text: str | None = None  # the re-cut patch; None where it conflicted or went upstream
    conflict: str | None = None  # git's conflicted diff


def _commit_py_tree(repo: Path, tree: TorchTree, message: str) -> str:
    """Make the work tree hold exactly ``tree``'s ``torch/**/*.py`` and commit it."""
    target = repo / "torch"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(
        tree.root / "torch",
        target,
        ignore=lambda d, names: [
            n for n in names if not n.endswith(".py") and not (Path(d) / n).is_dir()
        ],
    )
    _git(repo, "add", "-A", "torch")
    _git(repo, "commit", "-q", "--allow-empty", "-m", message, identity=REBASE_IDENTITY)
    return _git(repo, "rev-parse", "HEAD").stdout.strip()


def _texts_at(repo: Path, rev: str, paths: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for path in paths:
        proc = _git(repo, "show", f"{rev}:{path}", check=False)
        out[path] = proc.stdout if proc.returncode == 0 else None
    return out


def read_rename_map(path: Path, series: PatchSeries) -> list[tuple[str, str]]:
    """``OLD NEW`` per line (``#`` comments): the new order and names.

    Every patch of the series must be listed once; ``NEW`` must be a valid
    patch name.
    """
    pairs: list[tuple[str, str]] = []
    known = {p.name for p in series.patches}
    for n, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        if len(line) != 2:
            raise ToolError(f"{path}:{n}: expected 'OLD_NAME NEW_NAME', got {raw!r}")
        old, new = (x if x.endswith(".patch") else x + ".patch" for x in line)
        if old not in known:
            raise ToolError(f"{path}:{n}: {old} is not in the series")
        if not PATCH_NAME.match(new):
            raise ToolError(f"{path}:{n}: {new} is not NNNN-area-subject.patch")
        pairs.append((old, new))
    olds = [o for o, _ in pairs]
    news = [n for _, n in pairs]
    missing = known - set(olds)
    if missing or len(set(olds)) != len(olds) or len(set(news)) != len(news):
        raise ToolError(
            f"{path}: must list every patch once under a unique new name"
            + (f" (missing: {', '.join(sorted(missing))})" if missing else "")
        )
    return pairs


def rename_in_message(message: str, renames: dict[str, str]) -> str:
    for old, new in renames.items():
        message = re.sub(
            rf"\b{re.escape(old.removesuffix('.patch'))}(\.patch)?\b",
            lambda m: new.removesuffix(".patch") + (m.group(1) or ""),
            message,
        )
    return message


def rebase_series(
    series: PatchSeries,
    old: TorchTree,
    new: TorchTree,
    workdir: Path,
    order: list[tuple[str, str]] | None = None,
) -> list[RebaseOutcome]:
    """Replay ``series`` (which must apply to ``old``) onto ``new``.

    In a scratch git repository: commit ``old``'s ``.py`` tree, ``git am``
    the series onto it (one commit per patch), commit ``new``'s tree on a
    branch from the same base, and cherry-pick each patch commit onto it,
    in ``order`` (default: the series order), so git merges three ways with
    the old release as the base.  Each patch is re-cut from the commit it
    became, with the context our writer chooses.
    """
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    _git(workdir, "init", "-q", "-b", "old")
    _git(workdir, "config", "core.autocrlf", "false")
    _git(workdir, "config", "merge.conflictstyle", "diff3")
    base = _commit_py_tree(workdir, old, f"torch {old.version}")
    commits: dict[str, str] = {}
    for patch in series.patches:
        proc = _git(
            workdir, "am", "--3way", "--keep-cr", str(series.directory / patch.name),
            check=False, identity=REBASE_IDENTITY,
        )
        if proc.returncode != 0:
            _git(workdir, "am", "--abort", check=False)
            raise ToolError(
                f"{patch.name} does not apply to torch {old.version} at {old.root}; "
                f"rebase starts from a release the whole series applies to:\n{proc.stdout}{proc.stderr}"
            )
        commits[patch.name] = _git(workdir, "rev-parse", "HEAD").stdout.strip()
    _git(workdir, "checkout", "-q", "-b", "new", base)
    _commit_py_tree(workdir, new, f"torch {new.version}")

    order = order or [(p.name, p.name) for p in series.patches]
    renames = {o: n for o, n in order if o != n}
    by_name = {p.name: p for p in series.patches}
    outcomes: list[RebaseOutcome] = []
    for old_name, new_name in order:
        patch = by_name[old_name]
        head = _git(workdir, "rev-parse", "HEAD").stdout.strip()
        before = _texts_at(workdir, head, patch.paths)
        one = dataclasses.replace(series, patches=(patch,))
        as_is = apply_series(one, lambda p: before.get(p), roots=ALLOWED_ROOTS)
        proc = _git(
            workdir, "cherry-pick", "--allow-empty", commits[old_name], check=False, identity=REBASE_IDENTITY
        )
        if proc.returncode != 0:
            unmerged = _git(workdir, "diff", "--name-only", "--diff-filter=U", check=False).stdout
            conflict = _git(workdir, "diff", check=False).stdout if unmerged.strip() else None
            _git(workdir, "cherry-pick", "--abort", check=False)
            _git(workdir, "reset", "-q", "--hard", head)
            if conflict is None:  # the merge left nothing to commit: the change is there already
                outcomes.append(RebaseOutcome(old_name, new_name, REBASE_UPSTREAM))
            else:
                outcomes.append(RebaseOutcome(old_name, new_name, REBASE_CONFLICT, conflict=conflict))
            continue
        after = _texts_at(workdir, "HEAD", patch.paths)
        changes = [FileChange(p, before[p], after[p]) for p in patch.paths if before[p] != after[p]]
        if not any(PurePosixPath(c.path).parts[0] == "torch" for c in changes):
            # only the patch's new test is left: torch already has the change
            _git(workdir, "reset", "-q", "--hard", head)
            outcomes.append(RebaseOutcome(old_name, new_name, REBASE_UPSTREAM))
            continue
        state = REBASE_MERGED if as_is.failed else REBASE_CLEAN
        text = render_patch(
            author=patch.author,
            date=patch.date,
            subject=patch.subject,
            message=set_trailer(
                rename_in_message(patch.message, renames), "Cut-against", f"torch {TorchRelease.parse(new.version)}"
            ),
            changes=changes,
        )
        outcomes.append(RebaseOutcome(old_name, new_name, state, text=text))
    return outcomes


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
    counts = {s: sum(o.state == s for o in outcomes) for s in (REBASE_CLEAN, REBASE_MERGED, REBASE_UPSTREAM, REBASE_CONFLICT)}
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
            old_texts[o.name] = p.text.replace(p.message, rename_in_message(p.message, renames), 1)
        write_rebased(series, outcomes)
        print(f"wrote the re-cut patches into {series.directory}; conflicted and upstream ones are left as they were")
        kept = keep_backports(series.directory, old_texts, old)
        if kept:
            print(f"kept the {release_of(old.version)} texts as backports: {', '.join(kept)}")
    return 1 if counts[REBASE_CONFLICT] else 0


def write_rebased(series: PatchSeries, outcomes: list[RebaseOutcome]) -> None:
    """Replace the series by the rebased one: new names, new order, new texts."""
    directory = series.directory
    renames = {o.old_name: o.name for o in outcomes}
    staged: dict[str, str] = {}
    for o in outcomes:
        if o.text is not None:
            staged[o.name] = o.text
        else:
            old = series.directory / o.old_name
            staged[o.name] = old.read_text()
            if renames and o.old_name != o.name:
                p = next(p for p in series.patches if p.name == o.old_name)
                staged[o.name] = staged[o.name].replace(p.message, rename_in_message(p.message, renames), 1)
    for o in outcomes:
        if o.old_name not in staged:
            (directory / o.old_name).unlink(missing_ok=True)
    for name, text in staged.items():
        (directory / name).write_text(text)
    lines = [line for line in (directory / "series").read_text().splitlines() if line.startswith("#")]
    (directory / "series").write_text("\n".join(lines + [o.name for o in outcomes]) + "\n")
    load_series(directory)


def keep_backports(directory: Path, old_texts: dict[str, str], tree: TorchTree) -> list[str]:
    """After a rebase away from ``tree``'s release: where the new primary no
    longer applies there, keep the text that did as that release's backport.

    ``old_texts`` maps each (new) patch name to its text before the rebase.
    Patches are taken in series order, since a backport changes what the
    later patches of the same file see.  Returns the names backported.
    """
    release = release_of(tree.version)
    kept: list[str] = []
    while True:
        series = load_series(directory)
        result = apply_series(series, tree.read, torch_version=tree.version, roots=("torch",))
        todo = [s for s in result.failed if s.patch.name not in kept and s.patch.name in old_texts]
        if not todo:
            break
        patch = todo[0].patch
        old = parse_patch(old_texts[patch.name], patch.name)
        message = set_trailer(old.message, "Cut-against", f"torch {TorchRelease.parse(tree.version)}")
        message = set_trailer(message, "Backports", None)
        text = old.text.replace(old.message, message, 1)
        target = directory / BACKPORTS / release / patch.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        kept.append(patch.name)
    for name in kept:
        set_backports_trailer(directory, name)
    return kept


def set_backports_trailer(directory: Path, name: str) -> None:
    """The primary's ``Backports:`` trailer lists the releases that have one."""
    releases = sorted(
        (d.name for d in (directory / BACKPORTS).glob("*") if (d / name).is_file()),
        key=lambda r: tuple(int(x) for x in r.split(".")),
    )
    path = directory / name
    patch = parse_patch(path.read_text(), name)
    message = set_trailer(patch.message, "Backports", ", ".join(releases) if releases else None)
    path.write_text(patch.text.replace(patch.message, message, 1))


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
    except ToolError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
