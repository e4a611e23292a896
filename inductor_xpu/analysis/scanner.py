"""Find CUDA device-bias sites in one Python source text, by its AST.

A *site* is one place where shared Inductor code is written for CUDA only.
The categories (disjoint: every site has exactly one):

``torch.cuda``
    A ``torch.cuda.<attr>`` use spelled from the ``torch`` module:
    ``torch.cuda.synchronize()``, ``torch.cuda.get_device_properties(i).major``
    (the call's ``.major`` is not part of the chain), or a bare ``torch.cuda``.
``torch.cuda-class``
    The same, for CUDA-only classes and stream/graph machinery
    (:data:`CUDA_ONLY_CLASSES`): ``torch.cuda.Event``, ``torch.cuda.Stream``,
    ``torch.cuda.CUDAGraph``, ``torch.cuda.graph``, ``torch.cuda.graphs...``.
``torch.cuda-alias``
    A use of a name an import bound to ``torch.cuda`` or something in it
    (``import torch.cuda as c``; ``from torch import cuda``;
    ``from torch.cuda import X`` then ``X``; ``import torch as t`` then
    ``t.cuda.X``).  The symbol is the resolved name (``torch.cuda.X``).
``torch._C._cuda``
    Private CUDA bindings: ``torch._C._cuda*`` (``torch._C._cuda_getCurrentRawStream``),
    spelled out or through an alias.
``torch.backends.cuda``
    cuBLAS / cuDNN flags: ``torch.backends.cuda...`` and ``torch.backends.cudnn...``.
``cuda-string``
    A comparison that tests a device (type) against the literal ``"cuda"``
    (or ``"cuda:N"``): ``device.type == "cuda"``, ``"cuda" != x``,
    ``x in ("cuda", "xpu")``, ``"cuda" in str(device)``.  One site per
    ``ast.Compare`` node.
``cuda-import``
    A device-specific import: ``import torch.cuda[...]``, ``from torch.cuda[...] import``,
    ``from torch import cuda``, ``from torch._C import _cuda...``,
    ``from torch._C._cuda... import``, ``import torch.backends.cuda/cudnn``,
    ``from torch.backends import cuda/cudnn``.  One site per imported name.

Counting rule for attribute chains (the calibrated figure): one site per
*outermost* attribute chain, i.e. per ``ast.Attribute`` node whose ``value``
chain ends in a ``Name`` and which is not itself the ``value`` of a larger
``ast.Attribute``.  ``torch.cuda.memory._snapshot()`` is one site (symbol
``torch.cuda.memory._snapshot``), not three.  Counting only the chains
spelled ``torch.cuda...`` from the name ``torch`` (the ``torch.cuda`` and
``torch.cuda-class`` categories together) gives 178 sites in 41 files for
stock torch 2.13.0 and 198 in 45 for 2.14.1, the figures of the project brief.

What the scan does not see: strings (string annotations such as
``"torch.cuda.Stream"``, code that Inductor *generates* as text, e.g.
``"torch.cuda.nvtx.range_push(...)"`` in ``codegen/wrapper.py``),
``getattr(torch, "cuda")``, and ``torch.version.cuda``/``torch.version.hip``
checks.  Name resolution is static and lexical: a module-level import binds for
the whole file, an import inside a function for that function (and functions
nested in it); rebinding a name by assignment is not tracked.

Each site records the enclosing function or class as a ``__qualname__``
(``CUDAGraphNode.__init__``, ``f.<locals>.g``, ``<module>``); decorators,
base classes and keywords of a ``class``/``def`` belong to the enclosing
scope, while a function's signature (annotations, defaults) belongs to the
function.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator


__all__ = [
    "CATEGORIES",
    "CUDA_ONLY_CLASSES",
    "CUDA_ATTRIBUTE_CATEGORIES",
    "Site",
    "scan_source",
]

TORCH_CUDA = "torch.cuda"
TORCH_CUDA_CLASS = "torch.cuda-class"
TORCH_CUDA_ALIAS = "torch.cuda-alias"
TORCH_C_CUDA = "torch._C._cuda"
TORCH_BACKENDS_CUDA = "torch.backends.cuda"
CUDA_STRING = "cuda-string"
CUDA_IMPORT = "cuda-import"

CATEGORIES: tuple[str, ...] = (
    TORCH_CUDA,
    TORCH_CUDA_CLASS,
    TORCH_CUDA_ALIAS,
    TORCH_C_CUDA,
    TORCH_BACKENDS_CUDA,
    CUDA_STRING,
    CUDA_IMPORT,
)

# Categories whose sites are ``torch.cuda.<attr>`` chains spelled from the
# name ``torch``: together they are the calibrated ``torch.cuda.*`` figure.
CUDA_ATTRIBUTE_CATEGORIES: tuple[str, ...] = (TORCH_CUDA, TORCH_CUDA_CLASS)

# First attribute after ``torch.cuda`` that makes a chain a ``torch.cuda-class``
# site: CUDA-only classes and the stream / graph / memory-pool machinery.
CUDA_ONLY_CLASSES: frozenset[str] = frozenset(
    {
        "CUDAGraph",
        "Event",
        "ExternalStream",
        "MemPool",
        "MemPoolContext",
        "Stream",
        "StreamContext",
        "graph",
        "graph_pool_handle",
        "graphs",
        "make_graphed_callables",
        "stream",
        "streams",
    }
)

_COMPARE_OPS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)


@dataclasses.dataclass(frozen=True)
class Site:
    """One device-bias site.  ``file`` is relative to ``torch/_inductor``."""

    file: str
    line: int
    col: int
    symbol: str
    category: str
    function: str
    spelling: str  # the source text of the chain/import/comparison
    allowlist: str | None = None  # feature name of the matching allowlist entry

    def with_allowlist(self, feature: str | None) -> Site:
        return dataclasses.replace(self, allowlist=feature)

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def _is_cuda_literal(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    value = node.value
    return value == "cuda" or (
        value.startswith("cuda:") and value[5:].isdigit()
    )


def _holds_cuda_literal(node: ast.AST) -> bool:
    if _is_cuda_literal(node):
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_cuda_literal(e) for e in node.elts)
    return False


def _is_cuda_comparison(node: ast.Compare) -> bool:
    operands = [node.left, *node.comparators]
    for i, op in enumerate(node.ops):
        if not isinstance(op, _COMPARE_OPS):
            continue
        left, right = operands[i], operands[i + 1]
        if _is_cuda_literal(left) or _is_cuda_literal(right):
            return True
        # x in ("cuda", "xpu") / x not in ["cuda"]
        if isinstance(op, (ast.In, ast.NotIn)) and _holds_cuda_literal(right):
            return True
    return False


def _classify_symbol(symbol: str) -> str | None:
    """Category of a resolved dotted name, or None if it is not CUDA-specific."""
    parts = symbol.split(".")
    if parts[:2] == ["torch", "cuda"]:
        if len(parts) > 2 and parts[2] in CUDA_ONLY_CLASSES:
            return TORCH_CUDA_CLASS
        return TORCH_CUDA
    if parts[:2] == ["torch", "_C"] and len(parts) > 2 and parts[2].startswith("_cuda"):
        return TORCH_C_CUDA
    if parts[:2] == ["torch", "backends"] and len(parts) > 2 and parts[2] in (
        "cuda",
        "cudnn",
    ):
        return TORCH_BACKENDS_CUDA
    return None


def _dotted(node: ast.AST) -> tuple[str, list[str]] | None:
    """``a.b.c`` -> ("a", ["b", "c"]); None unless the chain ends in a Name."""
    attrs: list[str] = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return node.id, attrs[::-1]
    return None


_Scope = dict[str, str]  # local name -> dotted module path it is bound to


def _import_bindings(node: ast.Import | ast.ImportFrom) -> Iterator[tuple[str, str]]:
    """(bound name, dotted target) for each name an import binds."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name
            else:
                # `import torch.cuda` binds `torch`, to the package `torch`.
                top = alias.name.split(".", 1)[0]
                yield top, top
        return
    if node.level or not node.module:
        return  # relative imports never bind a torch name
    for alias in node.names:
        if alias.name == "*":
            continue
        yield alias.asname or alias.name, f"{node.module}.{alias.name}"


def _imported_symbols(node: ast.Import | ast.ImportFrom) -> Iterator[tuple[str, str]]:
    """(symbol, spelling) of each name the import brings in (for cuda-import)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name, alias.name
    elif not node.level and node.module:
        for alias in node.names:
            yield f"{node.module}.{alias.name}", f"from {node.module} import {alias.name}"


def _is_cuda_import_symbol(symbol: str) -> bool:
    return _classify_symbol(symbol) is not None


_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPE_NODES = (*_FUNCTION_NODES, ast.ClassDef)


class _ImportCollector(ast.NodeVisitor):
    """Imports directly in one scope (not in the functions/classes inside it)."""

    def __init__(self) -> None:
        self.bindings: _Scope = {}

    def collect(self, scope: ast.AST) -> _Scope:
        body = getattr(scope, "body", [])
        if isinstance(body, list):  # a Lambda's body is one expression
            for stmt in body:
                self.visit(stmt)
        return self.bindings

    def visit_Import(self, node: ast.Import) -> None:
        self.bindings.update(_import_bindings(node))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.bindings.update(_import_bindings(node))

    def _skip(self, node: ast.AST) -> None:
        pass

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = _skip


@dataclasses.dataclass
class _Frame:
    name: str  # qualname component
    is_class: bool
    bindings: _Scope


class _Scanner(ast.NodeVisitor):
    def __init__(self, file: str) -> None:
        self.file = file
        self.sites: list[Site] = []
        self.frames: list[_Frame] = []

    # -- scopes ---------------------------------------------------------
    def qualname(self) -> str:
        parts: list[str] = []
        for frame in self.frames[1:]:
            parts.append(frame.name)
            if not frame.is_class:
                parts.append("<locals>")
        if parts and parts[-1] == "<locals>":
            parts.pop()
        return ".".join(parts) or "<module>"

    def resolve(self, name: str) -> str:
        """The dotted path ``name`` is bound to here (itself when unbound)."""
        innermost = len(self.frames) - 1
        for i in range(innermost, -1, -1):
            frame = self.frames[i]
            # Class bodies are not enclosing scopes for the functions in them.
            if frame.is_class and i != innermost:
                continue
            if name in frame.bindings:
                return frame.bindings[name]
        return name

    def _enter(self, node: ast.AST, name: str, is_class: bool) -> _Frame:
        frame = _Frame(name, is_class, _ImportCollector().collect(node))
        self.frames.append(frame)
        return frame

    def visit_Module(self, node: ast.Module) -> None:
        self._enter(node, "<module>", False)
        self.generic_visit(node)
        self.frames.pop()

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for d in node.decorator_list:
            self.visit(d)
        self._enter(node, node.name, False)
        self.visit(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        for stmt in node.body:
            self.visit(stmt)
        self.frames.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _visit_function

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._enter(node, "<lambda>", False)
        self.generic_visit(node)
        self.frames.pop()

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for n in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(n)
        self._enter(node, node.name, True)
        for stmt in node.body:
            self.visit(stmt)
        self.frames.pop()

    # -- sites ----------------------------------------------------------
    def add(self, node: ast.AST, symbol: str, category: str, spelling: str) -> None:
        self.sites.append(
            Site(
                file=self.file,
                line=getattr(node, "lineno", 0),
                col=getattr(node, "col_offset", 0),
                symbol=symbol,
                category=category,
                function=self.qualname(),
                spelling=spelling,
            )
        )

    def _chain(self, node: ast.Attribute | ast.Name) -> None:
        """``node`` is the outermost node of a Name/Attribute chain."""
        dotted = _dotted(node)
        if dotted is None:
            # e.g. f().x: the chain inside the call is visited on its own.
            self.generic_visit(node)
            return
        root, attrs = dotted
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            return
        target = self.resolve(root)
        symbol = ".".join([target, *attrs])
        category = _classify_symbol(symbol)
        if category is None:
            return
        spelling = ".".join([root, *attrs])
        aliased = target != root or root != "torch"
        if aliased and category in CUDA_ATTRIBUTE_CATEGORIES:
            category = TORCH_CUDA_ALIAS
        self.add(node, symbol, category, spelling)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        # Reached only for outermost chains: _chain never descends into a
        # chain that ends in a Name, and handles the others generically.
        self._chain(node)

    def visit_Name(self, node: ast.Name) -> None:
        self._chain(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        if _is_cuda_comparison(node):
            text = ast.unparse(node)
            self.add(node, text, CUDA_STRING, text)
        self.generic_visit(node)

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        for symbol, spelling in _imported_symbols(node):
            if _is_cuda_import_symbol(symbol):
                self.add(node, symbol, CUDA_IMPORT, spelling)

    visit_Import = visit_ImportFrom = _import


def scan_source(source: str, file: str = "<string>") -> list[Site]:
    """All device-bias sites of ``source``, in source order.

    ``file`` is recorded in each site (conventionally the path relative to
    ``torch/_inductor``).  Raises ``SyntaxError`` for unparsable source.
    """
    tree = ast.parse(source, filename=file)
    scanner = _Scanner(file)
    scanner.visit(tree)
    return sorted(scanner.sites, key=lambda s: (s.line, s.col))
