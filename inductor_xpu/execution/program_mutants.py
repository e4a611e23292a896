"""Mutants of a generated program's text, to measure what the execution
check catches (mutation testing; not to be confused with
:mod:`~inductor_xpu.execution.mutation`, the inputs a graph mutates).

A generated xpu program is one Python text per graph: the wrapper's host
code (its ``call``: allocations, extern calls, kernel launches) and its
Triton kernels (each in an ``async_compile.triton(...)`` string).  A mutant
changes one thing on one line of it -- the kind of slip a wrong lowering,
fusion or layout would make -- and is executed in place of the program
(:func:`~inductor_xpu.execution.execute_program` takes the texts).

Operators (:data:`OPERATORS`; each gives every site it finds):

* ``literal``: a kernel's float literal times 1.01 and 0.99;
* ``bound``: a mask bound (``xindex < xnumel``) -1/+1, a comparison with an
  integer constant -1/+1, a strict comparison made non-strict and back;
* ``index``: a divisor, modulus or stride of a kernel's index expression
  -1/+1, a load's address offset by one element, a host
  ``reinterpret_tensor``'s offset +1 and first stride +1;
* ``swap``: the operands of a non-commutative operation exchanged (``-``,
  ``/``, comparisons, ``tl.where``'s branches, ``libdevice.pow``, host
  ``mm``/``bmm``);
* ``onednn``: a oneDNN op's post-op (``gelu``->``relu``, ``relu``->``none``,
  ``add``->``sub``, ...), its gelu algorithm, its float arguments (alpha,
  scalars, scales) times 1.01;
* ``upcast``: one ``.to(tl.float32)`` dropped;
* ``reduction_init``: a reduction's initial value (an accumulator's
  ``tl.full``, a masked reduction's ``tl.where`` fill): 0 -> 1, -inf/inf ->
  0, others +1;
* ``extern``: an extern call's ``alpha``/``beta`` times 1.01, ``beta`` 0,
  an operand's ``reinterpret_tensor`` strides reversed (a transpose);
* ``sdpa``: an SDPA call's ``is_causal`` flipped, its ``scale`` times 1.01
  and 0.99;
* ``precision_loss``: in an fp32 program, a downcast inserted: a
  reduction's operand (``tl.sum``'s, a looped reduction's accumulated
  value) or a ``tl.dot``'s or a host ``mm``/``bmm``/``addmm``'s operand
  rounded through bf16 and through fp16 (``v`` ->
  ``v.to(tl.bfloat16).to(tl.float32)``); in an fp16/bf16 program (the
  program's declared dtype: :func:`mutants`' ``low_precision``), an
  accumulation performed in fp16/bf16 instead of fp32 (``tl.sum(v, 1)`` ->
  ``tl.sum(v.to(tl.bfloat16), 1)``; a looped reduction's accumulator
  rounded to bf16/fp16 at each step).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence


@dataclasses.dataclass(frozen=True)
class Line:
    """A line of a graph's text and where it is: in a kernel's body
    (``kernel``: its name) or in the host code's ``call`` (``kernel`` None)."""

    graph: int
    number: int  # 1-based
    text: str
    kernel: str | None
    # the program was compiled for fp16/bf16 values (its declared dtype)
    low_precision: bool = False


@dataclasses.dataclass(frozen=True)
class Mutant:
    """One change: ``operator`` at ``graph``'s line ``line`` (in ``site``:
    a kernel's name or ``host``), ``description`` what it changed, and the
    program's texts with it (``sources``, one per graph)."""

    operator: str
    graph: int
    line: int
    site: str
    description: str
    sources: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.operator}:{self.graph}:{self.line}:{self.description}"


# -- where the lines are -------------------------------------------------------

_KERNEL_START = re.compile(r"^\w+ = async_compile\.triton\('(\w+)', '''")
_KERNEL_END = re.compile(r"^''', device_str=")
_KERNEL_DEF = re.compile(r"^def (\w+)\(")
_CALL_DEF = re.compile(r"^( *)def call\(")


def program_lines(source: str, graph: int = 0, low_precision: bool = False) -> Iterator[Line]:
    """The lines a mutation may change: kernel bodies (after the kernel's
    ``def``) and the host ``call``'s body (``low_precision``: the program
    was compiled for fp16/bf16 values)."""
    kernel: str | None = None
    in_body = False
    call_indent: int | None = None
    for number, text in enumerate(source.splitlines(), 1):
        if kernel is None and (m := _KERNEL_START.match(text)):
            kernel, in_body = m.group(1), False
            continue
        if kernel is not None:
            if _KERNEL_END.match(text):
                kernel = None
            elif in_body:
                yield Line(graph, number, text, kernel, low_precision)
            elif _KERNEL_DEF.match(text):
                in_body = True
            continue
        if (m := _CALL_DEF.match(text)) is not None:
            call_indent = len(m.group(1))
            continue
        if call_indent is not None:
            if text.strip() and len(text) - len(text.lstrip()) <= call_indent:
                call_indent = None
            elif text.strip() and not text.lstrip().startswith("#"):
                yield Line(graph, number, text, None, low_precision)


# -- operators -----------------------------------------------------------------

# an operator: a line -> (the changed line, what changed) for each site on it
Operator = Callable[[Line], Iterator[tuple[str, str]]]

_FLOAT = re.compile(r"(?<![\w.])(\d+\.\d*(?:e[+-]?\d+)?|\d+e[+-]?\d+)(?![\w.])")
_ASSERT = re.compile(r"tl\.device_assert|tl\.static_assert")


def _replace(text: str, match: re.Match[str], new: str, group: int = 0) -> str:
    return text[: match.start(group)] + new + text[match.end(group) :]


def _scaled(text: str, match: re.Match[str], group: int = 1) -> Iterator[tuple[str, str]]:
    value = float(match.group(group))
    if value == 0.0:
        return
    for factor in (1.01, 0.99):
        new = repr(value * factor)
        yield _replace(text, match, new, group), f"{match.group(group)} -> {new}"


def literal(line: Line) -> Iterator[tuple[str, str]]:
    """A kernel's float literal times 1.01 and 0.99."""
    if line.kernel is None or _ASSERT.search(line.text):
        return
    for m in _FLOAT.finditer(line.text):
        yield from _scaled(line.text, m)


_MASK = re.compile(r"^\s*\w*mask = (\w+index) < (\w+numel)\s*$")
_INT_COMPARE = re.compile(r"(?<![<>=!])(<|<=|>|>=)\s*(\d+)(?![\w.])")
_STRICT = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_TMP_COMPARE = re.compile(r"^(\s*tmp\d+ = )(\w+) (<|<=|>|>=) (\w+)\s*$")


def bound(line: Line) -> Iterator[tuple[str, str]]:
    """A mask bound -1/+1; a comparison with an integer constant -1/+1; a
    comparison's strictness."""
    if line.kernel is None or _ASSERT.search(line.text):
        return
    text = line.text
    if (m := _MASK.match(text)) is not None:
        for delta in ("- 1", "+ 1"):
            yield _replace(text, m, f"({m.group(2)} {delta})", 2), f"{m.group(1)} < {m.group(2)} {delta}"
        return
    if "index" in text and re.match(r"^\s*\w+ = ", text) and "tl.where" not in text:
        return  # an index expression, not a comparison of values
    for m in _INT_COMPARE.finditer(text):
        value = int(m.group(2))
        for new in (value - 1, value + 1):
            if new >= 0:
                yield _replace(text, m, str(new), 2), f"{m.group(1)} {value} -> {m.group(1)} {new}"
    if (m := _TMP_COMPARE.match(text)) is not None:
        op = _STRICT[m.group(3)]
        yield f"{m.group(1)}{m.group(2)} {op} {m.group(4)}", f"{m.group(3)} -> {op}"


_INDEX_DEF = re.compile(r"^\s*[xyzr]\w* = .*index")
_DIVISOR = re.compile(r"(//|%) (\d+)")
_STRIDE = re.compile(r"(?<![\w.])(\d+)\*")
_ADDRESS = re.compile(r"tl\.load\((\w+) \+ \(")
_REINTERPRET = re.compile(r"reinterpret_tensor\((\w+), \(([^()]*)\), \(([^()]*)\), (\d+)\)")


def _ints(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def index(line: Line) -> Iterator[tuple[str, str]]:
    """Index divisors, moduli and strides -1/+1, a load's address +1
    element, a host view's offset and first stride +1."""
    text = line.text
    if line.kernel is None:
        for m in _REINTERPRET.finditer(text):
            name, strides, offset = m.group(1), _ints(m.group(3)), int(m.group(4))
            yield _replace(text, m, str(offset + 1), 4), f"{name} view offset {offset} -> {offset + 1}"
            if strides and strides[0].isdigit():
                changed = ", ".join([str(int(strides[0]) + 1), *strides[1:]]) + ("," if len(strides) == 1 else "")
                yield _replace(text, m, changed, 3), f"{name} view stride {strides[0]} -> {int(strides[0]) + 1}"
        return
    if _ASSERT.search(text):
        return
    if _INDEX_DEF.match(text) or "tl.load(" in text or "tl.store(" in text:
        for m in _DIVISOR.finditer(text):
            value = int(m.group(2))
            for new in (value - 1, value + 1):
                if new > 0:
                    yield _replace(text, m, str(new), 2), f"{m.group(1)} {value} -> {new}"
        address = text[text.find("tl.") :] if ("tl.load(" in text or "tl.store(" in text) else ""
        start = len(text) - len(address)
        for m in _STRIDE.finditer(address):
            value = int(m.group(1))
            for new in (value - 1, value + 1):
                if new > 0:
                    new_text = text[: start + m.start(1)] + str(new) + text[start + m.end(1) :]
                    yield new_text, f"stride {value} -> {new}"
    if (load := _ADDRESS.search(text)) is not None:
        yield text[: load.end()] + "1 + " + text[load.end() :], f"{load.group(1)} address + 1"


_BINARY = re.compile(r"^(\s*tmp\d+ = \(?)(\w+) (-|/) (\w+)(\)?\s*)$")
_WHERE = re.compile(r"tl\.where\(([^,()]+), ([^,()]+), ([^,()]+)\)")
_POW = re.compile(r"libdevice\.pow\((\w+), (\w+)\)")
_HOST_MM = re.compile(r"extern_kernels\.(mm|bmm)\((\w+|reinterpret_tensor\([^()]*\([^()]*\), \([^()]*\), \d+\)), "
                      r"(\w+|reinterpret_tensor\([^()]*\([^()]*\), \([^()]*\), \d+\)), out=")


def swap(line: Line) -> Iterator[tuple[str, str]]:
    """Operands of a non-commutative operation exchanged."""
    text = line.text
    if line.kernel is None:
        if (m := _HOST_MM.search(text)) is not None:
            yield (text[: m.start(2)] + m.group(3) + ", " + m.group(2) + text[m.end(3) :],
                   f"{m.group(1)} operands swapped")
        return
    if (m := _BINARY.match(text)) is not None and m.group(2) != m.group(4):
        yield f"{m.group(1)}{m.group(4)} {m.group(3)} {m.group(2)}{m.group(5)}", f"a {m.group(3)} b -> b {m.group(3)} a"
    if (m := _TMP_COMPARE.match(text)) is not None and m.group(2) != m.group(4):
        yield f"{m.group(1)}{m.group(4)} {m.group(3)} {m.group(2)}", f"a {m.group(3)} b -> b {m.group(3)} a"
    for m in _WHERE.finditer(text):
        if m.group(2) != m.group(3):
            yield _replace(text, m, f"tl.where({m.group(1)}, {m.group(3)}, {m.group(2)})"), "tl.where branches swapped"
    for m in _POW.finditer(text):
        yield _replace(text, m, f"libdevice.pow({m.group(2)}, {m.group(1)})"), "pow operands swapped"


_ONEDNN_CALL = re.compile(r"torch\.ops\.(?:mkldnn|onednn)\.\w+\.(\w+)\(")
_UNARY = {"gelu": "relu", "relu": "none", "silu": "relu", "swish": "relu", "hardswish": "relu",
          "hardsigmoid": "sigmoid", "sigmoid": "tanh", "tanh": "sigmoid", "leaky_relu": "relu",
          "hardtanh": "relu", "none": "relu"}  # fmt: skip
_BINARY_ATTR = {"add": "sub", "sub": "add", "mul": "add"}
_ATTR = re.compile(r"'(\w*)'")


def onednn(line: Line) -> Iterator[tuple[str, str]]:
    """A oneDNN op's post-op (its string arguments in order: a binary op's
    binary attribute, then the unary attribute and its algorithm), a gelu's
    algorithm, a float argument (alpha, scalars, scales)."""
    text = line.text
    if line.kernel is not None or (call := _ONEDNN_CALL.search(text)) is None:
        return
    start = call.end()
    words = list(_ATTR.finditer(text, start))
    roles = (["binary"] if call.group(1).startswith("binary") else []) + ["unary", "algorithm"]
    unary = next((w.group(1) for w, r in zip(words, roles) if r == "unary"), None)
    for m, role in zip(words, roles):
        word = m.group(1)
        if role == "binary":
            new = _BINARY_ATTR.get(word)
        elif role == "unary":
            new = _UNARY.get(word)
        else:
            new = ("none" if word == "tanh" else "tanh") if unary == "gelu" else None
        if new is not None:
            yield _replace(text, m, new, 1), f"{role} '{word}' -> '{new}'"
    for m in _FLOAT.finditer(text, start):
        if float(m.group(1)) != 0.0:
            new = repr(float(m.group(1)) * 1.01)
            yield _replace(text, m, new, 1), f"{m.group(1)} -> {new}"


_UPCAST = re.compile(r"\.to\(tl\.float32\)")


def upcast(line: Line) -> Iterator[tuple[str, str]]:
    """One ``.to(tl.float32)`` dropped."""
    if line.kernel is None:
        return
    for m in _UPCAST.finditer(line.text):
        yield _replace(line.text, m, ""), ".to(tl.float32) dropped"


_ACCUMULATOR = re.compile(r"^\s*_tmp\w* = tl\.(?:full|zeros)\(\[[^\]]*\], ([^,()]+|float\(\"-?inf\"\))")
_REDUCTION_FILL = re.compile(r"tl\.where\([^,()]*mask[^,()]*, \w+, ([^,()]+|float\(\"-?inf\"\))\)")


def _init_change(value: str) -> str | None:
    value = value.strip()
    if value in ('float("-inf")', 'float("inf")'):
        return "0"
    try:
        number = float(value)
    except ValueError:
        return None
    return "1" if number == 0 else repr(number + 1)


def reduction_init(line: Line) -> Iterator[tuple[str, str]]:
    """A reduction's initial value: an accumulator's, a masked reduction's
    fill."""
    if line.kernel is None:
        return
    for pattern in (_ACCUMULATOR, _REDUCTION_FILL):
        for m in pattern.finditer(line.text):
            new = _init_change(m.group(1))
            if new is not None:
                yield _replace(line.text, m, new, 1), f"init {m.group(1).strip()} -> {new}"


_EXTERN = re.compile(r"extern_kernels\.\w+\(")
_ALPHA_BETA = re.compile(r"\b(alpha|beta)=([\d.e+-]+)")


def extern(line: Line) -> Iterator[tuple[str, str]]:
    """An extern call's alpha/beta, and an operand view transposed."""
    text = line.text
    if line.kernel is not None or _EXTERN.search(text) is None:
        return
    for m in _ALPHA_BETA.finditer(text):
        value = float(m.group(2))
        new = repr(value * 1.01)
        yield _replace(text, m, new, 2), f"{m.group(1)}={m.group(2)} -> {new}"
        if m.group(1) == "beta" and value != 0:
            yield _replace(text, m, "0", 2), f"beta={m.group(2)} -> 0"
    for m in _REINTERPRET.finditer(text):
        strides = _ints(m.group(3))
        if len(strides) >= 2 and strides[-1] != strides[-2]:
            new = ", ".join([*strides[:-2], strides[-1], strides[-2]])
            yield _replace(text, m, new, 3), f"{m.group(1)} view transposed: strides ({m.group(3)}) -> ({new})"


_SDPA = re.compile(r"_scaled_dot_product_\w*attention\w*\.default\(")
_SCALE = re.compile(r"\bscale=([\d.e+-]+)")
# (query, key, value, attn_bias, dropout_p, is_causal, ...): is_causal given
_CAUSAL = re.compile(r"\bis_causal=(True|False)|\(\w+, \w+, \w+, \w+, [\d.e+-]+, (True|False)\b")


def sdpa(line: Line) -> Iterator[tuple[str, str]]:
    """An SDPA call's ``is_causal`` flipped (given as ``True`` where it was
    left out), its ``scale`` times 1.01/0.99."""
    text = line.text
    if line.kernel is not None or (call := _SDPA.search(text)) is None:
        return
    flip = {"True": "False", "False": "True"}
    if (m := _CAUSAL.search(text, call.end() - 1)) is not None:
        group = 1 if m.group(1) else 2
        yield _replace(text, m, flip[m.group(group)], group), f"is_causal {m.group(group)} -> {flip[m.group(group)]}"
    else:
        close = text.rindex(")")
        yield text[:close] + ", is_causal=True" + text[close:], "is_causal False -> True"
    if (m := _SCALE.search(text)) is not None:
        yield from ((t, f"scale {d}") for t, d in _scaled(text, m))


_SUM = re.compile(r"\btl\.sum\((\w+)(?=[,)])")
_DOT = re.compile(r"\btl\.dot\((\w+)(?=, )")
# a looped reduction's step: tmpN = _tmpM + tmpK (the accumulator, then the value)
_ACCUMULATE = re.compile(r"^(\s*tmp\d+ = )(_tmp\d+) \+ (tmp\d+)\s*$")
_HOST_OPERAND = re.compile(r"extern_kernels\.(?:(mm|bmm)\((\w+)(?=, )|(addmm)\(\w+, (\w+)(?=, ))")
_LOW = (("bfloat16", "bf16"), ("float16", "fp16"))


def precision_loss(line: Line) -> Iterator[tuple[str, str]]:
    """fp32 program: a reduction's, a dot's or a host matmul's operand
    rounded through bf16/fp16.  fp16/bf16 program: a sum or a looped
    reduction accumulated in bf16/fp16 instead of fp32."""
    text = line.text
    if _ASSERT.search(text):
        return
    if line.kernel is None:
        if line.low_precision:
            return  # a host matmul of a low-precision program computes in its dtype already
        for m in _HOST_OPERAND.finditer(text):
            group = 2 if m.group(1) else 4
            op, name = m.group(group - 1), m.group(group)
            for dtype, short in _LOW:
                yield (_replace(text, m, f"{name}.to(torch.{dtype}).to(torch.float32)", group),
                       f"{op} operand {name} rounded through {short}")
        return
    for dtype, short in _LOW:
        if line.low_precision:
            for m in _SUM.finditer(text):
                yield _replace(text, m, f"{m.group(1)}.to(tl.{dtype})", 1), f"tl.sum of {m.group(1)} in {short}"
            if (m := _ACCUMULATE.match(text)) is not None:
                yield (f"{m.group(1)}({m.group(2)} + {m.group(3)}).to(tl.{dtype})",
                       f"accumulator {m.group(2)} in {short}")
            continue
        rounded = f".to(tl.{dtype}).to(tl.float32)"
        for m in _SUM.finditer(text):
            yield _replace(text, m, m.group(1) + rounded, 1), f"tl.sum operand {m.group(1)} rounded through {short}"
        for m in _DOT.finditer(text):
            yield _replace(text, m, m.group(1) + rounded, 1), f"tl.dot operand {m.group(1)} rounded through {short}"
        if (m := _ACCUMULATE.match(text)) is not None:
            yield (f"{m.group(1)}{m.group(2)} + {m.group(3)}{rounded}",
                   f"accumulated {m.group(3)} rounded through {short}")


OPERATORS: dict[str, Operator] = {
    "literal": literal,
    "bound": bound,
    "index": index,
    "swap": swap,
    "onednn": onednn,
    "upcast": upcast,
    "reduction_init": reduction_init,
    "extern": extern,
    "sdpa": sdpa,
    "precision_loss": precision_loss,
}


def mutants(
    sources: Sequence[str], operators: Sequence[str] | None = None, *, low_precision: bool = False
) -> Iterator[Mutant]:
    """Every mutant of the program ``sources`` (one text per graph) by each
    of ``operators`` (default: all of :data:`OPERATORS`), in order;
    ``low_precision``: the program was compiled for fp16/bf16 values (its
    declared dtype: ``precision_loss`` then accumulates in low precision
    instead of rounding fp32 operands)."""
    names = list(OPERATORS) if operators is None else list(operators)
    unknown = [n for n in names if n not in OPERATORS]
    if unknown:
        raise ValueError(f"no mutation operator {unknown[0]!r} (known: {', '.join(OPERATORS)})")
    for graph, source in enumerate(sources):
        lines = source.splitlines(keepends=True)
        for line in program_lines(source, graph, low_precision):
            for name in names:
                seen = set()
                for new_text, description in OPERATORS[name](line):
                    if new_text == line.text or new_text in seen:
                        continue
                    seen.add(new_text)
                    ending = lines[line.number - 1][len(line.text) :]
                    mutated = "".join([*lines[: line.number - 1], new_text + ending, *lines[line.number :]])
                    texts = tuple(mutated if g == graph else s for g, s in enumerate(sources))
                    yield Mutant(name, graph, line.number, line.kernel or "host", description, texts)


def replace_once(source: str, old: str, new: str) -> str:
    """``source`` with its one occurrence of ``old`` replaced (a hand-made
    mutant: the tests' GELU constant); raises if there is not exactly one."""
    count = source.count(old)
    if count != 1:
        raise ValueError(f"{old!r} occurs {count} times")
    return source.replace(old, new)
