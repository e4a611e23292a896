"""Replay the patch series onto another torch release with git's three-way
merge, and re-cut each patch there (``tools/patches.py rebase``).

In a scratch git repository, the old release's ``.py`` tree is committed and
the series ``git am``-ed onto it (one commit per patch); the new release's
tree is committed on a branch from the same base and each patch commit is
cherry-picked onto it, so git merges with the old release as the base.
Also :func:`git`, the one way ``tools/patches.py`` runs git.  Nothing here
imports torch.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from .engine import apply_series
from .errors import OverlayError
from .patch import ALLOWED_ROOTS, parse_patch
from .series import BACKPORTS, PATCH_NAME, PatchSeries, release_of
from .trees import TorchTree
from .version import TorchRelease
from .writer import FileChange, render_patch, set_trailer


__all__ = [
    "GitError",
    "RebaseError",
    "RebaseOutcome",
    "git",
    "keep_backports",
    "read_rename_map",
    "rebase_series",
    "rename_in_message",
    "set_backports_trailer",
    "write_rebased",
]


class GitError(OverlayError):
    """A git command failed (its message is git's)."""


class RebaseError(OverlayError):
    """The series cannot be rebased as asked (a rename map, the old release)."""


def git(
    repo: Path, *argv: str, check: bool = True, identity: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``git -C repo ARGV``: the one way tools/patches.py runs git.

    ``check``: a failure is a :class:`GitError` with git's message.
    ``identity``: ``GIT_AUTHOR_*``/``GIT_COMMITTER_*`` for the commits it
    makes (rebase's scratch repository); None: the user's own (apply and
    export commit as the user).
    """
    env = {**os.environ, **identity} if identity is not None else None
    proc = subprocess.run(["git", "-C", str(repo), *argv], text=True, capture_output=True, env=env)
    if check and proc.returncode != 0:
        raise GitError(f"git {' '.join(argv)} failed in {repo}:\n{proc.stderr.strip()}")
    return proc


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
    git(repo, "add", "-A", "torch")
    git(repo, "commit", "-q", "--allow-empty", "-m", message, identity=REBASE_IDENTITY)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _texts_at(repo: Path, rev: str, paths: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for path in paths:
        proc = git(repo, "show", f"{rev}:{path}", check=False)
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
            raise RebaseError(f"{path}:{n}: expected 'OLD_NAME NEW_NAME', got {raw!r}")
        old, new = (x if x.endswith(".patch") else x + ".patch" for x in line)
        if old not in known:
            raise RebaseError(f"{path}:{n}: {old} is not in the series")
        if not PATCH_NAME.match(new):
            raise RebaseError(f"{path}:{n}: {new} is not NNNN-area-subject.patch")
        pairs.append((old, new))
    olds = [o for o, _ in pairs]
    news = [n for _, n in pairs]
    missing = known - set(olds)
    if missing or len(set(olds)) != len(olds) or len(set(news)) != len(news):
        raise RebaseError(
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
    git(workdir, "init", "-q", "-b", "old")
    git(workdir, "config", "core.autocrlf", "false")
    git(workdir, "config", "merge.conflictstyle", "diff3")
    base = _commit_py_tree(workdir, old, f"torch {old.version}")
    commits: dict[str, str] = {}
    for patch in series.patches:
        proc = git(
            workdir, "am", "--3way", "--keep-cr", str(series.directory / patch.name),
            check=False, identity=REBASE_IDENTITY,
        )
        if proc.returncode != 0:
            git(workdir, "am", "--abort", check=False)
            raise RebaseError(
                f"{patch.name} does not apply to torch {old.version} at {old.root}; "
                f"rebase starts from a release the whole series applies to:\n{proc.stdout}{proc.stderr}"
            )
        commits[patch.name] = git(workdir, "rev-parse", "HEAD").stdout.strip()
    git(workdir, "checkout", "-q", "-b", "new", base)
    _commit_py_tree(workdir, new, f"torch {new.version}")

    order = order or [(p.name, p.name) for p in series.patches]
    renames = {o: n for o, n in order if o != n}
    by_name = {p.name: p for p in series.patches}
    outcomes: list[RebaseOutcome] = []
    for old_name, new_name in order:
        patch = by_name[old_name]
        head = git(workdir, "rev-parse", "HEAD").stdout.strip()
        before = _texts_at(workdir, head, patch.paths)
        one = dataclasses.replace(series, patches=(patch,))
        as_is = apply_series(one, lambda p: before.get(p), roots=ALLOWED_ROOTS)
        proc = git(
            workdir, "cherry-pick", "--allow-empty", commits[old_name], check=False, identity=REBASE_IDENTITY
        )
        if proc.returncode != 0:
            unmerged = git(workdir, "diff", "--name-only", "--diff-filter=U", check=False).stdout
            conflict = git(workdir, "diff", check=False).stdout if unmerged.strip() else None
            git(workdir, "cherry-pick", "--abort", check=False)
            git(workdir, "reset", "-q", "--hard", head)
            if conflict is None:  # the merge left nothing to commit: the change is there already
                outcomes.append(RebaseOutcome(old_name, new_name, REBASE_UPSTREAM))
            else:
                outcomes.append(RebaseOutcome(old_name, new_name, REBASE_CONFLICT, conflict=conflict))
            continue
        after = _texts_at(workdir, "HEAD", patch.paths)
        changes = [FileChange(p, before[p], after[p]) for p in patch.paths if before[p] != after[p]]
        if not any(PurePosixPath(c.path).parts[0] == "torch" for c in changes):
            # only the patch's new test is left: torch already has the change
            git(workdir, "reset", "-q", "--hard", head)
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
                staged[o.name] = p.with_message(rename_in_message(p.message, renames))
    for o in outcomes:
        if o.old_name not in staged:
            (directory / o.old_name).unlink(missing_ok=True)
    for name, text in staged.items():
        (directory / name).write_text(text)
    lines = [line for line in (directory / "series").read_text().splitlines() if line.startswith("#")]
    (directory / "series").write_text("\n".join(lines + [o.name for o in outcomes]) + "\n")
    PatchSeries.load(directory)


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
        series = PatchSeries.load(directory)
        result = apply_series(series, tree.read, torch_version=tree.version, roots=("torch",))
        todo = [s for s in result.failed if s.patch.name not in kept and s.patch.name in old_texts]
        if not todo:
            break
        patch = todo[0].patch
        old = parse_patch(old_texts[patch.name], patch.name)
        message = set_trailer(old.message, "Cut-against", f"torch {TorchRelease.parse(tree.version)}")
        message = set_trailer(message, "Backports", None)
        text = old.with_message(message)
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
    path.write_text(patch.with_message(message))
