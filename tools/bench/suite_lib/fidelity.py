"""Simulator fidelity: compare the output code of a real compile with the
output code of a simulated one (``tools/bench/fidelity.py``).

An output code is the wrapper module Inductor generates for one graph (what
``TORCH_COMPILE_DEBUG`` saves as ``output_code.py``).  :func:`parse` splits it
into its Triton kernels (``name = async_compile.triton('name', '''src''',
device_str=...)``) and the rest, the wrapper; :func:`normalise` removes
what differs between two compiles of the same graph without meaning
anything: temporary paths, the kernel cache paths' hashes, the Triton
``backend_hash``, the AOT graph counter, and the kernel names' numeric
suffix (``triton_poi_fused_add_3`` -> ``triton_poi_fused_add``; the wrapper
calls kernels by these names).

:func:`compare_graph` then matches kernels by normalised source (a multiset:
the share of the real compile's kernels with an identical simulated twin),
compares the wrapper line by line (difflib) and gives every difference a
class (:func:`classify_kernel_pair`, :func:`classify_wrapper_line`).
Everything here works on strings; it reads the Triton blocks with the one
reader of generated code, :mod:`inductor_xpu.generated_code`, which imports
no torch either.
"""

from __future__ import annotations

import collections
import dataclasses
import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Any

from inductor_xpu.generated_code import TRITON_BLOCK_RE


_INDEX_SUFFIX = re.compile(r"_\d+$")

_NORMALISE = (
    # Kernel cache paths and temporary files: hashes and random names.
    (re.compile(r"# kernel path: \S+"), "# kernel path: <path>"),
    (re.compile(r"/tmp/[\w./-]+"), "<tmp>"),
    (re.compile(r"'backend_hash': '[0-9A-Fa-f]+'"), "'backend_hash': '<hash>'"),
    (re.compile(r"# AOT ID: \['\d+_(\w+)'\]"), r"# AOT ID: ['<n>_\1']"),
    # Frozen constants' declarations end with the tensor's id() in hex.
    (re.compile(r"^(_frozen_param\d+ = None  # .*) [0-9a-f]{6,}$", re.MULTILINE), r"\1 <id>"),
)


@dataclasses.dataclass
class Kernel:
    name: str  # as generated
    base: str  # without the numeric suffix
    kind: str  # async_compile.<kind>: triton, cpp_pybinding, ...
    device_str: str
    source: str  # normalised, own name replaced by the base


@dataclasses.dataclass
class OutputCode:
    kernels: list[Kernel]
    wrapper: list[str]  # normalised lines outside the kernel definitions


def base_name(name: str) -> str:
    return _INDEX_SUFFIX.sub("", name)


def _normalise_text(text: str) -> str:
    for pattern, repl in _NORMALISE:
        text = pattern.sub(repl, text)
    return text


def _rename(text: str, names: dict[str, str]) -> str:
    if not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)


def parse(source: str) -> OutputCode:
    """Kernels and wrapper lines of one output code, normalised."""
    # Inductor's wrapper defines its GPU kernels as Triton blocks; the one
    # parser of them is generated_code's (groups: variable, kernel, source,
    # device_str).
    found = list(TRITON_BLOCK_RE.finditer(source))
    names = {m.group(2): base_name(m.group(2)) for m in found}
    names.update({m.group(1): base_name(m.group(1)) for m in found if m.group(1)})
    kernels = [
        Kernel(
            name=m.group(2),
            base=base_name(m.group(2)),
            kind="triton",
            device_str=m.group(4),
            source=_rename(_normalise_text(m.group(3)), names),
        )
        for m in found
    ]
    rest = []
    last = 0
    for m in found:
        rest.append(source[last : m.start()])
        rest.append(f"<kernel {base_name(m.group(2))}>")
        last = m.end()
    rest.append(source[last:])
    wrapper = _rename(_normalise_text("".join(rest)), names)
    lines = [line.rstrip() for line in wrapper.splitlines() if line.strip()]
    return OutputCode(kernels=kernels, wrapper=lines)


# ------------------------------------------------------------------ classes


# Wrapper lines by what they do.
def classify_wrapper_line(line: str) -> str:
    s = line.strip()
    if s.startswith("#"):
        return "comment (graph/source mapping)"
    if "extern_kernels." in s or re.search(r"\btorch\.ops\.\w+\.\w+", s) or s.startswith("aten."):
        return "extern call"
    if ".run(" in s:
        return "kernel launch"
    if "empty_strided" in s or "reinterpret_tensor" in s or s.startswith("del "):
        return "allocation / view"
    if s.startswith(("from ", "import ")) or " = torch._C." in s:
        return "header"
    if "assert_size_stride" in s or "assert_alignment" in s:
        return "guard assert"
    if "get_raw_stream" in s or "device_guard" in s or "set_device" in s:
        return "stream / device guard"
    if s.startswith("<kernel "):
        return "kernel definition order"
    return "other"


_DECORATOR = re.compile(r"^@triton_heuristics\.\w+\(")
_META_ITEM = re.compile(r"'(\w+)': ((?:DeviceProperties\([^)]*\))|(?:\{[^{}]*\})|(?:\[[^\[\]]*\])|(?:'[^']*')|[^,{}\[\]]+)")


def _balanced(text: str, start: int) -> int:
    """The index after the bracket closing the one at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def _meta_items(text: str) -> dict[str, str]:
    items = {}
    # DeviceProperties(...) may hold a capability dict: cut it out whole.
    while (i := text.find("DeviceProperties(")) >= 0:
        end = _balanced(text, i + len("DeviceProperties"))
        items["device"] = text[i:end]
        text = text[:i] + text[end:]
    for m in _META_ITEM.finditer(text):
        items.setdefault(m.group(1), m.group(2).strip())
    return items


def _devprop_fields(text: str) -> dict[str, str]:
    body = text[text.find("(") + 1 : -1] if "(" in text else text
    fields, depth, key, start = {}, 0, None, 0
    for i, ch in enumerate(body + ","):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "=" and depth == 0 and key is None:
            key, start = body[:i].rsplit(",", 1)[-1].strip(), i + 1
        elif ch == "," and depth == 0 and key is not None:
            fields[key] = body[start:i].strip()
            key = None
    return fields


def _devprop_diff(a: str, b: str) -> list[str]:
    fa, fb = _devprop_fields(a), _devprop_fields(b)
    return [f"device.{k}" for k in sorted(set(fa) | set(fb)) if fa.get(k) != fb.get(k)]


def classify_kernel_pair(real: str, sim: str) -> tuple[str, str]:
    """The class of the difference between two (normalised) sources of the
    same kernel, and a short detail (which keys or the first line)."""
    ra, sa = real.splitlines(), sim.splitlines()
    diff = [line for line in difflib.ndiff(ra, sa) if line[:2] in ("- ", "+ ")]
    minus = [d[2:] for d in diff if d.startswith("- ")]
    plus = [d[2:] for d in diff if d.startswith("+ ")]
    if all(_DECORATOR.match(line) or line.strip().startswith(("triton_meta=", "inductor_meta=", "size_hints="))
           for line in minus + plus):  # fmt: skip
        ka, kb = _meta_items("\n".join(minus)), _meta_items("\n".join(plus))
        keys = []
        # Decorator arguments of their own (size_hints=..., tile hints).
        for line in minus + plus:
            m = re.match(r"\s*(\w+)=", line)
            if m and m.group(1) not in ("triton_meta", "inductor_meta") and m.group(1) not in keys:
                keys.append(m.group(1))
        for k in sorted(set(ka) | set(kb)):
            if ka.get(k) == kb.get(k):
                continue
            if k == "device":
                keys += _devprop_diff(ka.get(k, ""), kb.get(k, ""))
            else:
                keys.append(k)
        if keys and all(k.startswith("device.") for k in keys):
            return "device properties", ", ".join(keys)
        return "heuristics metadata", ", ".join(keys) or (minus + plus)[0][:160]
    first = (minus or plus)[0].strip()[:160] if (minus or plus) else ""
    return "kernel body", first


# ------------------------------------------------------------------ compare


@dataclasses.dataclass
class Difference:
    where: str  # "model/config/graph n"
    part: str  # "kernel" | "wrapper" | "graph"
    cls: str
    detail: str


@dataclasses.dataclass
class GraphComparison:
    real_kernels: int = 0
    sim_kernels: int = 0
    identical_kernels: int = 0
    wrapper_lines: int = 0  # the real compile's
    identical_wrapper_lines: int = 0
    wrapper_identical: bool = True
    identical: bool = True
    differences: list[Difference] = dataclasses.field(default_factory=list)


def compare_graph(real_src: str, sim_src: str, where: str = "") -> GraphComparison:
    real, sim = parse(real_src), parse(sim_src)
    out = GraphComparison(real_kernels=len(real.kernels), sim_kernels=len(sim.kernels))
    # Kernels: a multiset match on (base name, normalised source).
    sim_left = collections.Counter((k.base, k.source) for k in sim.kernels)
    unmatched_real: list[Kernel] = []
    for k in real.kernels:
        key = (k.base, k.source)
        if sim_left[key] > 0:
            sim_left[key] -= 1
            out.identical_kernels += 1
        else:
            unmatched_real.append(k)
    unmatched_sim: list[Kernel] = []
    for k in sim.kernels:  # what sim_left still counts was not matched
        key = (k.base, k.source)
        if sim_left[key] > 0:
            sim_left[key] -= 1
            unmatched_sim.append(k)
    by_base: dict[str, list[Kernel]] = collections.defaultdict(list)
    for k in unmatched_sim:
        by_base[k.base].append(k)
    for k in unmatched_real:
        twins = by_base.get(k.base)
        if twins:
            twin = twins.pop(0)
            cls, detail = classify_kernel_pair(k.source, twin.source)
            out.differences.append(Difference(where, "kernel", cls, f"{k.base}: {detail}"))
        else:
            out.differences.append(Difference(where, "kernel", "only in the real compile", k.base))
    for twins in by_base.values():
        for k in twins:
            out.differences.append(Difference(where, "kernel", "only in the simulation", k.base))
    # Wrapper: line by line.
    out.wrapper_lines = len(real.wrapper)
    matcher = difflib.SequenceMatcher(a=real.wrapper, b=sim.wrapper, autojunk=False)
    out.identical_wrapper_lines = sum(b.size for b in matcher.get_matching_blocks())
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        lines = real.wrapper[i1:i2] or sim.wrapper[j1:j2]
        classes = collections.Counter(classify_wrapper_line(line) for line in lines)
        cls = classes.most_common(1)[0][0]
        real_line = real.wrapper[i1].strip()[:160] if i2 > i1 else "(none)"
        sim_line = sim.wrapper[j1].strip()[:160] if j2 > j1 else "(none)"
        out.differences.append(Difference(where, "wrapper", cls, f"real: {real_line} | sim: {sim_line}"))
    out.wrapper_identical = real.wrapper == sim.wrapper
    out.identical = out.wrapper_identical and not any(d.part == "kernel" for d in out.differences)
    return out


@dataclasses.dataclass
class CaseComparison:
    """One model and configuration: all its graphs."""

    model: str
    config: str
    status: str  # "compared", or why not ("real: failed ...")
    real_graphs: int = 0
    sim_graphs: int = 0
    graphs: list[GraphComparison] = dataclasses.field(default_factory=list)
    differences: list[Difference] = dataclasses.field(default_factory=list)

    def totals(self) -> dict[str, int]:
        t = collections.Counter()
        for g in self.graphs:
            t["real_kernels"] += g.real_kernels
            t["sim_kernels"] += g.sim_kernels
            t["identical_kernels"] += g.identical_kernels
            t["wrapper_lines"] += g.wrapper_lines
            t["identical_wrapper_lines"] += g.identical_wrapper_lines
            t["identical_wrappers"] += int(g.wrapper_identical)
            t["identical_graphs"] += int(g.identical)
        t["graphs_compared"] = len(self.graphs)
        return dict(t)


def compare_case(model: str, config: str, real: Sequence[str], sim: Sequence[str]) -> CaseComparison:
    """Compare the output codes of one model and configuration, graph by
    graph in compile order."""
    case = CaseComparison(model, config, "compared", len(real), len(sim))
    where = f"{model}/{config}"
    if len(real) != len(sim):
        case.differences.append(
            Difference(where, "graph", "graph count", f"real {len(real)} graphs, simulated {len(sim)}")
        )
    for i, (r, s) in enumerate(zip(real, sim)):
        g = compare_graph(r, s, f"{where}/graph {i}")
        case.graphs.append(g)
        case.differences += g.differences
    return case


def summarise(cases: Iterable[CaseComparison]) -> dict[str, Any]:
    cases = list(cases)
    t: collections.Counter[str] = collections.Counter()
    for c in cases:
        if c.status == "compared":
            t.update(c.totals())
    classes = collections.Counter((d.part, d.cls) for c in cases for d in c.differences)
    real_k = t["real_kernels"]
    return {
        "cases": len(cases),
        "cases_compared": sum(1 for c in cases if c.status == "compared"),
        "graphs_compared": t["graphs_compared"],
        "identical_graphs": t["identical_graphs"],
        "real_kernels": real_k,
        "sim_kernels": t["sim_kernels"],
        "identical_kernels": t["identical_kernels"],
        "identical_kernel_share": t["identical_kernels"] / real_k if real_k else None,
        "identical_wrappers": t["identical_wrappers"],
        "identical_wrapper_share": t["identical_wrappers"] / t["graphs_compared"] if t["graphs_compared"] else None,
        "wrapper_lines": t["wrapper_lines"],
        "identical_wrapper_lines": t["identical_wrapper_lines"],
        "identical_wrapper_line_share": (
            t["identical_wrapper_lines"] / t["wrapper_lines"] if t["wrapper_lines"] else None
        ),
        "difference_classes": {f"{p}: {c}": n for (p, c), n in classes.most_common()},
    }
