"""Import cycles among the project's modules, found from their source alone.

``python tools/import_cycles.py inductor_xpu tools`` parses every ``.py``
file under the given paths (nothing of the checked code is imported) and
prints each cycle of the import graph as a chain of modules, with the
``file:line`` of each import edge; it exits 1 if there is a cycle, 0 if
there is none.

What counts as an edge:

- Every ``import`` and ``from ... import`` statement, wherever it is:
  at module level, under ``if TYPE_CHECKING:``, and inside functions.  A
  lazy import hides a cycle from the interpreter, it does not remove it, and
  a type-only import is still a dependency of the code that names the type.
  Each edge says where it was found (``import-time``, ``type-checking`` or
  ``function``).
- ``import a.b.c`` is an edge to ``a.b.c`` itself, not to the packages
  ``a.b`` and ``a`` whose ``__init__`` also runs: the question is which
  module needs which, and a package's ``__init__`` is counted only where it
  is named (``import a``, ``from a import name`` with ``name`` not a
  module).  A cycle that exists only through an implicit parent
  ``__init__`` is therefore not reported.
- ``from pkg import name`` is an edge to ``pkg.name`` where that is a
  module of the checked tree, else to ``pkg``.  Relative imports are
  resolved against the importing module's package.
- Imports of modules outside the checked tree (torch, the standard library)
  are ignored; ``importlib.import_module`` calls are not import statements
  and are not counted.

Module names follow ``sys.path`` the way the code is run: a directory with
an ``__init__.py`` is a package named from the nearest directory above it
without one; a directory without ``__init__.py`` is a source root, whose
``.py`` files are top-level modules and whose packages are top-level
packages.  So ``inductor_xpu/device/registry.py`` is
``inductor_xpu.device.registry``, ``tools/patches.py`` is ``patches``, and
``tools/bench/suite_lib/codegen.py`` is ``suite_lib.codegen``, as the bench
scripts, which put ``tools/bench`` on ``sys.path``, import it.

A cycle is a strongly connected component of more than one module (Tarjan's
algorithm), or a module importing itself.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path


IMPORT_TIME = "import-time"
TYPE_CHECKING_ONLY = "type-checking"
IN_FUNCTION = "function"


@dataclasses.dataclass(frozen=True)
class SourceModule:
    """One ``.py`` file of the checked tree and its module name."""

    name: str
    path: Path
    is_package: bool

    @property
    def package(self) -> str:
        """The package relative imports in this module resolve against."""
        if self.is_package:
            return self.name
        return self.name.rpartition(".")[0]


@dataclasses.dataclass(frozen=True)
class ImportEdge:
    """One import statement of ``source`` that names module ``target``."""

    source: str
    target: str
    path: Path
    line: int
    where: str

    def location(self, root: Path) -> str:
        """``file:line (where)``, the file relative to ``root`` if under it."""
        try:
            shown = self.path.resolve().relative_to(root)
        except ValueError:
            shown = self.path
        return f"{shown}:{self.line} ({self.where})"


@dataclasses.dataclass(frozen=True)
class ImportCycle:
    """A strongly connected set of modules and the import edges among them."""

    modules: tuple[str, ...]
    edges: tuple[ImportEdge, ...]

    def chain(self) -> list[ImportEdge]:
        """A shortest closed chain of edges through the cycle's first module."""
        start = self.modules[0]
        first_edge: dict[tuple[str, str], ImportEdge] = {}
        for edge in self.edges:
            first_edge.setdefault((edge.source, edge.target), edge)
        by_source: dict[str, list[ImportEdge]] = {}
        for edge in first_edge.values():
            by_source.setdefault(edge.source, []).append(edge)
        came_by: dict[str, ImportEdge] = {}
        frontier = [start]
        while frontier:
            following: list[str] = []
            for module in frontier:
                for edge in by_source.get(module, []):
                    if edge.target == start:
                        chain = [edge]
                        while chain[0].source != start:
                            chain.insert(0, came_by[chain[0].source])
                        return chain
                    if edge.target not in came_by:
                        came_by[edge.target] = edge
                        following.append(edge.target)
            frontier = following
        raise AssertionError(f"no cycle through {start}")


def source_modules(paths: Sequence[Path]) -> dict[str, SourceModule]:
    """Every ``.py`` file under ``paths``, by module name."""
    modules: dict[str, SourceModule] = {}
    for path in paths:
        path = path.resolve()
        if path.is_file():
            root = path.parent
            while (root / "__init__.py").exists():
                root = root.parent
            _add_module(modules, path, root)
            continue
        root = path
        while (root / "__init__.py").exists():
            root = root.parent
        for file in sorted(path.rglob("*.py")):
            _add_module(modules, file, _source_root(file, root))
    return modules


def _source_root(file: Path, outer_root: Path) -> Path:
    """The ``sys.path`` entry ``file`` is imported from: its nearest non-package directory."""
    root = file.parent
    while (root / "__init__.py").exists() and root != outer_root:
        root = root.parent
    return root


def _add_module(modules: dict[str, SourceModule], file: Path, root: Path) -> None:
    parts = list(file.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    if not parts or any(not part.isidentifier() for part in parts):
        return
    name = ".".join(parts)
    known = modules.get(name)
    if known is not None and known.path != file:
        raise SystemExit(f"import_cycles: {file} and {known.path} are both module {name}")
    modules[name] = SourceModule(name, file, is_package)


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import statement of ``tree`` and where it runs."""

    def visit(node: ast.AST, where: str) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, where
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for child in ast.iter_child_nodes(node):
                yield from visit(child, IN_FUNCTION)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test) and where == IMPORT_TIME:
            for child in node.body:
                yield from visit(child, TYPE_CHECKING_ONLY)
            for child in node.orelse:
                yield from visit(child, where)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, where)

    yield from visit(tree, IMPORT_TIME)


def _known(name: str, modules: dict[str, SourceModule]) -> str | None:
    """``name`` or its longest prefix that is a checked module, None if none is."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def _absolute(module: SourceModule, node: ast.ImportFrom) -> str | None:
    if not node.level:
        return node.module
    base = module.package.split(".") if module.package else []
    if node.level - 1 > len(base):
        return None
    base = base[: len(base) - (node.level - 1)]
    if node.module:
        base.append(node.module)
    return ".".join(base) or None


def import_edges(modules: dict[str, SourceModule]) -> list[ImportEdge]:
    """The import edges between the checked modules, in file and line order."""
    edges: list[ImportEdge] = []
    for module in modules.values():
        tree = ast.parse(module.path.read_text(encoding="utf-8"), filename=str(module.path))
        for node, where in _imports(tree):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [_known(alias.name, modules) for alias in node.names]
            else:
                package = _absolute(module, node)
                if package is None:
                    continue
                for alias in node.names:
                    submodule = f"{package}.{alias.name}"
                    targets.append(submodule if submodule in modules else _known(package, modules))
            for target in dict.fromkeys(targets):
                if target is not None:
                    edges.append(ImportEdge(module.name, target, module.path, node.lineno, where))
    return sorted(edges, key=lambda e: (str(e.path), e.line, e.target))


def strongly_connected(nodes: Sequence[str], successors: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of a graph, iteratively."""
    index: dict[str, int] = {}
    lowlink: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(successors.get(root, [])))]
        index[root] = lowlink[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = lowlink[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors.get(child, []))))
                elif child in on_stack:
                    lowlink[node] = min(lowlink[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowlink[parent] = min(lowlink[parent], lowlink[node])
            if lowlink[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def import_cycles(paths: Sequence[Path]) -> list[ImportCycle]:
    """The import cycles among the modules under ``paths``, largest first."""
    modules = source_modules(paths)
    edges = import_edges(modules)
    successors: dict[str, list[str]] = {}
    for edge in edges:
        successors.setdefault(edge.source, [])
        if edge.target not in successors[edge.source]:
            successors[edge.source].append(edge.target)
    cycles = []
    for component in strongly_connected(sorted(modules), successors):
        members = set(component)
        inside = tuple(e for e in edges if e.source in members and e.target in members)
        if len(component) > 1 or inside:
            cycles.append(ImportCycle(tuple(component), inside))
    return sorted(cycles, key=lambda c: (-len(c.modules), c.modules))


def format_cycle(cycle: ImportCycle, number: int, root: Path) -> str:
    """One cycle: a chain of modules closing on itself, then every edge among its modules."""
    lines = [f"cycle {number}: {len(cycle.modules)} module(s): {', '.join(cycle.modules)}"]
    chain = cycle.chain()
    lines.append(f"  {chain[0].source}")
    for edge in chain:
        lines.append(f"    -> {edge.target}    [{edge.location(root)}]")
    if len(cycle.edges) > len(chain):
        lines.append(f"  all {len(cycle.edges)} import edges among them:")
        for edge in cycle.edges:
            lines.append(f"    {edge.source} -> {edge.target}    [{edge.location(root)}]")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Find import cycles among Python modules from their source (every import "
        "statement, module-level, TYPE_CHECKING and function-level, counts). Exit 1 if any.",
    )
    parser.add_argument("paths", nargs="+", type=Path, help="packages, source directories or files to check")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"no such path: {', '.join(missing)}")
    cycles = import_cycles(args.paths)
    root = Path.cwd().resolve()
    for number, cycle in enumerate(cycles, 1):
        print(format_cycle(cycle, number, root))
    print(f"{len(cycles)} import cycle(s) in {', '.join(str(p) for p in args.paths)}")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
