"""The report of ``interpreter_fidelity.py``: per kernel launch, the
interpreter's outputs (kept by ``generate``) against the device's
(``--device-run``), in the output's dtype: bitwise, within 1 ulp, within the
bound of its kind, or beyond it, each beyond explained.

Bounds (:func:`bounds_text` states them in the report).  A pointwise or
foreach kernel computes each element from its inputs alone: the two sides
may differ only by the rounding of the functions they call (a device's
``exp``/``sin``/``rsqrt`` are not torch's CPU ones, and the device contracts
``a * b + c`` into an FMA), so 1 ulp of the output dtype is the bound.  A
reduction or a GEMM template sums ``n`` terms (``rnumel``; the K of the
GEMM) in another order on each side; two tree-shaped summation orders of
``n`` fp32 terms differ by at most ``2 ceil(log2 n) u sum|x|`` (``u =
2**-24``; Higham, Accuracy and Stability of Numerical Algorithms, 4.2).
``sum|x|`` is not at hand for a fused kernel's intermediate terms, so the
bound is normwise over each output storage, ``sqrt(n) ||interp||`` standing
for it: ``||device - interp|| <= 2 ceil(log2 n) u sqrt(n) ||interp||``
(:func:`order_bound`), or every element within 1 ulp.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

from benchlib.report import write_csv, write_text
from interpreter_fidelity_device import compare_bytes, initial_bytes, LAUNCH_BYTES, TOTAL_BYTES, TRAVEL_BYTES


BITWISE, ULP1, BOUND, BEYOND, NOT_RUN, FAILED = (
    "bitwise", "<= 1 ulp", "within bound", "beyond", "not run", "device failed")
CLASSES = (BITWISE, ULP1, BOUND, BEYOND, NOT_RUN, FAILED)
U32 = 2.0 ** -24

# What the device computes differently, by PTX instruction (the device run
# counts them in each compiled kernel) and by CUDA libdevice function.
DEVICE_INSTRUCTIONS = {
    "div.full.f32": "`/` is div.full.f32 (approximate, 2 ulp)",
    "rsqrt.approx.ftz.f32": "rsqrt is rsqrt.approx.ftz.f32",
    "ex2.approx.ftz.f32": "exp is ex2.approx.ftz.f32 of x*log2(e)",
    "ex2.approx.f32": "exp2 is ex2.approx.f32",
    "rcp.approx.ftz.f32": "a reciprocal is rcp.approx.ftz.f32",
}
SOFTWARE = ("erf", "tanh", "sin", "cos", "pow", "log", "sigmoid")
# Launches beyond their bound analysed by hand, past what ``explain`` derives
# from a row: what was found, and how it was checked.
NOTES = {
    "training__adamw_step__fp32__triton_for_fused_1": (
        "By hand (the H100 run of 2026-11-27; the H200's bytes are the same): the parameter update (out_ptr3 "
        "and its three siblings) differs by about the same relative 3e-5 on every element, the device's the "
        "larger.  The bias correction 1 - 0.999**step (step 1) cancels 1000-fold, and the device's "
        "libdevice.pow(0.999, 1.0) is 0.999 less 1 ulp (torch's CPU pow, which the interpreter calls, is exact "
        "there): 1 ulp of 0.999 (2**-24) over 0.001 is 6e-5, 3e-5 after its sqrt_rn.  The kernel's fp32 "
        "arithmetic redone in numpy gives the interpreter's bytes for all 2048 elements of out_ptr3 with the "
        "exact pow, and the device's for 68% of them with pow one ulp low (the rest within 1.5e-8: the redone "
        "arithmetic does not model the device's approximate div.full.f32); the float64 reference puts the "
        "interpreter closer on every element.  Parameters the update brings near zero show thousands of ulps."),
}


def explain(row: dict[str, Any], ptx: dict[str, int]) -> str:
    """Why a launch's outputs differ, from the evidence the row carries:
    atomics whose device result changes run to run, FMA contraction (the
    device without it gives the interpreter's bits), the device's
    approximate instructions and libdevice functions, the float64
    reference's verdict, cancellation."""
    parts = []
    if row.get("device_deterministic") is False:
        return ("Atomic accumulation order: lanes adding to one address land in the device's order, the "
                "interpreter's in lane order; launched twice on the same inputs the device gives different "
                "bytes, so no single result is right.")
    if row.get("no_fp_fusion") == BITWISE:
        parts.append(f"FMA contraction: Inductor compiles with enable_fp_fusion=True, the device fuses a*b+c "
                     f"({ptx.get('fma.rn.f32', 0) + ptx.get('fma.rn.ftz.f32', 0)} fma.rn in its PTX) where the "
                     f"interpreter rounds the product; compiled without contraction the device gives the "
                     f"interpreter's bits.")
    else:
        device = [text for name, text in DEVICE_INSTRUCTIONS.items() if ptx.get(name)]
        calls = row.get("calls", "")
        software = [name for name in SOFTWARE if re.search(rf"\b(libdevice|tl_math|tl)\.{name}\b", calls)]
        if software:
            device.append(f"CUDA libdevice's {', '.join(software)} (software, about 1 ulp) against torch's CPU ones")
        if ptx.get("fma.rn.f32") or ptx.get("fma.rn.ftz.f32"):
            device.append("FMA contraction")
        if device:
            parts.append("Device arithmetic: " + "; ".join(device) + ".")
    if row.get("interp_err_ulp") is not None and row.get("device_err_ulp") is not None:
        ie, de = row["interp_err_ulp"], row["device_err_ulp"]
        verdict = ("the interpreter is as close or closer" if ie <= de * 1.05 + 0.05
                   else "the device is closer")
        parts.append(f"Against the kernel in float64: interpreter {ie:.3g} ulp, device {de:.3g} ulp ({verdict}).")
    if row.get("abs_ulp_at_max") is not None and row.get("max_ulp") and row["max_ulp"] > 2 * row["abs_ulp_at_max"]:
        parts.append(f"The largest difference is {row['abs_ulp_at_max']:.3g} ulp of the largest output: the many-ulp "
                     "elements are results near zero (cancellation after the rounding that differs).")
    return " ".join(parts)


_CALLS = re.compile(r"\b(libdevice|tl_math|tl)\.(exp2?|expm1|log1?p?2?|log10|sqrt(?:_rn)?|rsqrt|sigmoid|sin|cos|"
                    r"tan|tanh|erfc?|erfinv|pow|div_rn|fdiv|atan2?|dot|atomic_add|rand|randn)\(")
_DIVISION = re.compile(r"\btmp\w+ = [^\n#]*[\w)\]] / [\w(]")


def math_calls(source: str) -> str:
    """The calls of a kernel whose device arithmetic can differ from the
    CPU's: transcendental functions, square roots, division, dots,
    atomics."""
    body = source[source.find("def triton_"):]
    names = sorted({f"{m.group(1)}.{m.group(2)}" for m in _CALLS.finditer(body)})
    if _DIVISION.search(body):
        names.append("/")
    return " ".join(names)


def order_bound(n: int | None) -> float | None:
    """The normwise relative bound for two summation orders of n fp32 terms."""
    if not n or n < 2:
        return None
    return 2 * math.ceil(math.log2(n)) * U32 * math.sqrt(n)


def _reduction_length(entry: dict[str, Any]) -> int | None:
    """How many terms each output sums: a reduction's ``rnumel``; a GEMM
    template's K, the inner dimension of its first operand (``arg_A``: the
    template's name for it; an addmm's bias comes first)."""
    if entry.get("rnumel"):
        return int(entry["rnumel"])
    if entry["kind"] == "template":
        tensors = [a for a in entry["args"] if a["kind"] == "tensor"]
        first = next((a for a in tensors if a["name"] == "arg_A"), tensors[0] if tensors else None)
        return int(first["size"][-1]) if first else None
    return None


class Launches:
    """Where a launch's bytes are: the interpreter's (kept here), the
    initial ones, the device's."""

    def __init__(self, data: Path, interp: Path, results: Path) -> None:
        self.data, self.interp, self.results = data, interp, results
        self._packs: dict[str, Any] = {}

    def _pack(self, name: str) -> Any:
        import torch

        if name not in self._packs:
            self._packs[name] = torch.load(self.results / name, weights_only=True)
        return self._packs[name]

    def initial(self, entry: dict[str, Any], i: int) -> Any:
        import torch

        spec = entry["storages"][i]
        carried = None
        if spec["start"] == "carried":
            carried = torch.load(self.data / "launches" / f"{entry['id']}.pt", weights_only=True)[i]
        return initial_bytes(spec, carried)

    def interpreted(self, entry: dict[str, Any], i: int) -> Any:
        import torch

        if not entry["storages"][i]["changed"]:
            return self.initial(entry, i)
        return torch.load(self.interp / f"{entry['id']}.pt", weights_only=True)["after"][i]

    def device(self, entry: dict[str, Any], key: str, pack: str) -> Any:
        return self._pack(pack)[key]


def bounds_text(examples: tuple[int, ...] = (8, 64, 256, 768, 7631)) -> list[str]:
    """The classes and the bound of each kind of kernel, for the report's
    header."""
    values = ", ".join(f"n={n}: {order_bound(n):.1e}" for n in examples)
    return [
        "## Classes and bounds",
        "",
        "Each storage a launch wrote is compared as elements of its dtype; the ulp distance of two floats is",
        "how many floats of the dtype lie between them plus one (adjacent floats are 1 apart, +0 and -0 are 0",
        "apart, NaN and NaN 0, NaN and a number infinitely far).  A launch takes the class of its worst",
        "storage:",
        "",
        "- **bitwise**: every byte equal.",
        "- **<= 1 ulp**: every element within 1 ulp, no NaN on one side only, no element of a fresh allocation",
        "  written by one side only.",
        "- **within bound** (reductions `triton_red_*`/`triton_per_*` and GEMM templates `triton_tem_*` only):",
        "  not within 1 ulp, but each storage either within 1 ulp or, normwise,",
        "  `||device - interp||_2 / ||interp||_2 <= 2 ceil(log2 n) u sqrt(n)` with `u = 2**-24` (Inductor",
        "  accumulates fp16 and bf16 in fp32 too) and `n` the terms each output sums: a reduction's `rnumel`,",
        "  a GEMM's K (" + values + ").",
        "  Two summation orders of n terms differ by at most `(d1 + d2) u sum|x|`, `d` the depth of each",
        "  order: `n - 1` for a loop, `ceil(log2 n)` for a tree (Higham, *Accuracy and Stability of Numerical",
        "  Algorithms*, 4.2).  Both sides are mostly trees (numpy's pairwise `sum` along a block's last axis",
        "  and the engine's tree for other combine functions; the device's short per-thread loops and warp",
        "  shuffles), so `d1 + d2 = 2 ceil(log2 n)`; `sum|x|` of a fused kernel's intermediate terms is not at",
        "  hand, and `sqrt(n) ||sum||` stands for it (its expected size for zero-mean terms).  The bound is",
        "  for such data, not a worst case (a loop's depth, terms of one sign, would allow more).",
        "- **beyond**: anything else.  Pointwise (`triton_poi_*`) and foreach (`triton_for_*`: several pointwise",
        "  kernels in one launch, the optimizer steps) kernels sum nothing, so their bound is 1 ulp of the",
        "  output dtype per element, with no normwise allowance.",
        "- **not run**: the launch did not travel to the GPU machine (below, per kernel, why).",
        "- **device failed**: the device did not compile or run it.",
        "",
    ]


def _classify(entry: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[str, str]:
    """The launch's class and, beyond 1 ulp, what the bound was."""
    if all(r["bitwise"] for r in rows):
        return BITWISE, ""
    clean = all(not r.get("one_side_only") and not r.get("nan_mismatch") for r in rows)
    if clean and all(r.get("max_ulp") is not None and r["max_ulp"] <= 1 for r in rows):
        return ULP1, ""
    n = _reduction_length(entry)
    bound = order_bound(n) if entry["kind"] in ("reduction", "template") else None
    if bound is not None and clean and all(
        r.get("max_ulp") is not None and (r["max_ulp"] <= 1 or r.get("normwise_rel", math.inf) <= bound)
        for r in rows
    ):
        return BOUND, f"normwise <= {bound:.1e} (n={n})"
    return BEYOND, (f"normwise bound {bound:.1e} (n={n})" if bound is not None else "1 ulp")


class References:
    """Each side's error against the launch in float64
    (:mod:`interpreter_fidelity_reference`), per differing storage, cached
    in ``INTERP/reference.json`` (it takes an interpreter run)."""

    def __init__(self, interp: Path, enabled: bool) -> None:
        self.path, self.enabled = interp / "reference.json", enabled
        self.cache: dict[str, Any] = json.loads(self.path.read_text()) if self.path.exists() else {}

    def errors(self, entry: dict[str, Any], source: str, where: Launches, storages: dict[int, Any]) -> dict[int, Any]:
        from interpreter_fidelity_reference import errors_against, reference

        key = entry["id"]
        if key not in self.cache and self.enabled:
            try:
                initial = [where.initial(entry, i) for i in range(len(entry["storages"]))]
                ref = reference(entry, source, initial)
                self.cache[key] = {} if ref is None else {
                    str(i): errors_against(ref[i], where.interpreted(entry, i), device,
                                           entry["storages"][i]["dtype"])
                    for i, device in storages.items()}
            except Exception as e:  # noqa: BLE001 - no reference: the row says so
                self.cache[key] = {"error": f"{type(e).__name__}: {str(e)[:200]}"}
            self.path.write_text(json.dumps(self.cache, indent=1))
        return {int(i): v for i, v in self.cache.get(key, {}).items() if i != "error"}


def launch_rows(data: Path, interp: Path, results: Path, references: bool = True
                ) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """The manifest, the device's results and one row per launch: its class,
    the worst storage's numbers, the evidence ``explain`` reads, and the
    explanation (``references``: each side's error against float64 where
    they differ)."""
    manifest = json.loads((data / "manifest.json").read_text())
    device = json.loads((results / "device_results.json").read_text())
    where = Launches(data, interp, results)
    refs = References(interp, references)
    rows = []
    carried_before = 0  # by the launches generate kept, in its order
    for entry in manifest["launches"]:
        row: dict[str, Any] = {k: entry.get(k) for k in ("id", "set", "program", "dtype", "target", "kernel", "kind")}
        row["n"] = _reduction_length(entry)
        row["grid"] = "x".join(map(str, entry["grid"] or []))
        row["config"] = " ".join(f"{k}={v}" for k, v in entry.get("config", {}).items())
        row["num_warps"] = entry.get("options", {}).get("num_warps")
        source = data / "sources" / f"{entry['source']}.py"
        row["calls"] = math_calls(source.read_text()) if source.exists() else ""
        record = device["launches"].get(entry["id"])
        if "skipped" in entry or record is None:
            row["class"], row["detail"] = NOT_RUN, entry.get("skipped", "not in the device's results")
            row["carried"], row["carried_bytes"] = carried_storages(entry), entry.get("carried_bytes")
            row["carried_before"] = carried_before
            rows.append(row)
            continue
        carried_before += entry.get("carried_bytes", 0)
        if record["status"] != "ok":
            row["class"], row["detail"] = FAILED, record["status"]
            rows.append(row)
            continue
        compared, plain = [], []
        device_bytes = {i: where.device(entry, f"{entry['id']}/{i}", record["outputs"][str(i)])
                        for i in record.get("differing_storages", []) if record["outputs"].get(str(i))}
        errors = refs.errors(entry, source.read_text(), where, device_bytes) if device_bytes else {}
        for i, dev in device_bytes.items():
            before, mine = where.initial(entry, i), where.interpreted(entry, i)
            dtype = entry["storages"][i]["dtype"]
            r = compare_bytes(before, mine, dev, dtype)
            r["args"] = entry["storages"][i]["args"]
            r.update(errors.get(i, {}))
            compared.append(r)
            nf = record.get("no_fp_fusion_outputs", {}).get(str(i))
            if nf == "same":
                plain.append(r)
            elif nf is not None:
                plain.append(compare_bytes(before, mine, where.device(entry, f"{entry['id']}/{i}/no_fp_fusion", nf),
                                           dtype))
        if record.get("differing_storages") and not compared:
            row["class"], row["detail"] = NOT_RUN, "the device's outputs did not come back"
            rows.append(row)
            continue
        row["class"], row["bound"] = _classify(entry, compared)
        if record.get("differing_storages") and "no_fp_fusion_differing" in record:  # measured
            row["no_fp_fusion"] = (BITWISE if not record["no_fp_fusion_differing"]
                                   else _classify(entry, plain)[0] if plain else "")
        if "device_deterministic" in record:
            row["device_deterministic"] = record["device_deterministic"]
        worst = max(compared, key=lambda r: r.get("max_ulp") or 0, default=None)
        if worst is not None:
            row.update({k: worst.get(k) for k in ("max_ulp", "beyond_1ulp", "elements", "normwise_rel", "max_abs",
                                                  "max_abs_ref", "one_side_only", "nan_mismatch",
                                                  "device_larger_share")})
            row["interp_err_ulp"] = max((r["interp_err_ulp"] for r in compared if "interp_err_ulp" in r), default=None)
            row["device_err_ulp"] = max((r["device_err_ulp"] for r in compared if "device_err_ulp" in r), default=None)
            row["output"] = ",".join(worst["args"])
            row["worst"] = worst.get("worst")
            row["ulp_hist"] = worst.get("ulp_hist")
            plain_worst = max(plain, key=lambda r: r.get("max_ulp") or 0, default=None)
            row["max_ulp_no_fp_fusion"] = 0 if row.get("no_fp_fusion") == BITWISE else (
                plain_worst.get("max_ulp") if plain_worst else None)
        row["ptx"] = " ".join(f"{k}:{v}" for k, v in sorted(record.get("ptx", {}).items()))
        if row.get("max_abs") is not None and row.get("max_abs_ref"):
            from interpreter_fidelity_reference import ulp

            import torch

            spacing = float(ulp(torch.tensor([row["max_abs_ref"]], dtype=torch.float64), worst["dtype"])[0])
            row["abs_ulp_at_max"] = row["max_abs"] / spacing
        row["explanation"] = explain(row, record.get("ptx", {})) if row["class"] not in (BITWISE, ULP1) else ""
        if entry["id"] in NOTES:
            row["explanation"] = f"{row['explanation']} {NOTES[entry['id']]}".strip()
        rows.append(row)
    return manifest, device, rows


def carried_storages(entry: dict[str, Any], most: int = 3) -> str:
    """The storages a launch would carry to the GPU machine, the largest
    first: their arguments, dtype, shape and size."""
    shapes = {a["name"]: a["size"] for a in entry["args"] if a["kind"] == "tensor"}
    carried = sorted((s for s in entry["storages"] if s.get("start") == "carried"), key=lambda s: -s["nbytes"])
    parts = [f"{'/'.join(s['args'])} ({s['dtype']} {'x'.join(map(str, shapes.get(s['args'][0], [])))}, "
             f"{s['nbytes'] / 2**20:.1f} MiB)" for s in carried[:most]]
    if len(carried) > most:
        parts.append(f"{len(carried) - most} more of {sum(s['nbytes'] for s in carried[most:]) / 2**20:.2f} MiB")
    return ", ".join(parts)


COLUMNS = ("set", "program", "dtype", "target", "kernel", "kind", "n", "grid", "config", "num_warps", "calls", "class",
           "max_ulp", "beyond_1ulp", "elements", "normwise_rel", "max_abs", "max_abs_ref", "one_side_only",
           "nan_mismatch", "abs_ulp_at_max", "device_larger_share", "interp_err_ulp", "device_err_ulp", "ptx", "output",
           "no_fp_fusion", "max_ulp_no_fp_fusion", "device_deterministic", "bound",
           "detail", "carried", "explanation")


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


def compare_runs(first: Path, second: Path) -> str:
    """Whether two device runs of the same data gave the same bytes."""
    import torch

    runs = [json.loads((d / "device_results.json").read_text()) for d in (first, second)]
    packs: list[dict[str, Any]] = [{}, {}]
    for pack, d in zip(packs, (first, second)):
        for f in sorted(d.glob("device_outputs_*.pt")):
            pack.update(torch.load(f, weights_only=True))
    same, differ = 0, []
    for lid, a in runs[0]["launches"].items():
        b = runs[1]["launches"].get(lid, {})
        if a.get("differing_storages") != b.get("differing_storages"):
            differ.append(lid)
            continue
        for i in a.get("differing_storages", []):
            key = f"{lid}/{i}"
            if key in packs[0] and key in packs[1] and torch.equal(packs[0][key], packs[1][key]):
                same += 1
            else:
                differ.append(lid)
    bitwise = sum(1 for lid, a in runs[0]["launches"].items()
                  if a.get("status") == "ok" and not a.get("differing_storages")
                  and runs[1]["launches"].get(lid, {}).get("status") == "ok"
                  and not runs[1]["launches"][lid].get("differing_storages"))
    differ = sorted(set(differ))
    text = (f"A second run on {runs[1]['env']['device']} ({runs[1]['env']['date']}): {bitwise} launches bitwise "
            f"equal to the interpreter in both runs; of the others' outputs, {same} have the same device bytes in "
            f"both runs")
    return text + (f"; {len(differ)} launches differ ({', '.join(f'`{d}`' for d in differ)})." if differ else ".")


# the device's results name their command since they record it
DEVICE_COMMAND = "python tools/bench/interpreter_fidelity.py --device-run DATA --out OUT [--jobs N]"


def render(manifest: dict[str, Any], device: dict[str, Any], rows: list[dict[str, Any]], command: str,
           second_run: str = "") -> str:
    """The markdown report: where and how, the classes and bounds, the
    summary, every launch beyond its bound, every launch not run, every
    launch."""
    env = device["env"]
    lines = [
        "# The execution engine's interpreter against a real GPU",
        "",
        "Each Triton kernel the engine runs in Triton's interpreter (with the project's CPU libdevice and",
        "its corrections, `inductor_xpu.execution.interpreter.device_arithmetic`) also compiled by Triton",
        "and run on an NVIDIA GPU, on the same inputs (the bytes of every storage the launch reads), with",
        "the same grid, config and Inductor's compile options; every output compared bit for bit and in",
        "ulps of its dtype (`tools/bench/interpreter_fidelity.py`; how launches and inputs are paired: its",
        "docstring).",
        "",
        f"- Commands: {'; '.join(f'`{c}`' for c in manifest.get('commands', []))}; "
        f"on the GPU machine `{device.get('command', DEVICE_COMMAND)}`; {command}",
        f"- Kernels generated and interpreted on: {manifest['machine']}; Python {manifest['python']}, torch "
        f"{manifest['torch']}, triton {manifest['triton']}; {manifest['date']}",
        f"- Compiled and run on: {env['device']}; Python {env['python']}, torch {env['torch']}, triton "
        f"{env['triton']}, CUDA {env['cuda']}; kernels' triton_helpers: {env['triton_helpers']}; {env['date']}",
        *([f"- {second_run}"] if second_run else []),
        "",
        *bounds_text(),
        "## Summary",
        "",
    ]
    by_dtype: dict[str, Counter[str]] = {}
    for r in rows:
        by_dtype.setdefault(r["dtype"], Counter())[r["class"]] += 1
    lines += ["| dtype | kernels | " + " | ".join(CLASSES) + " |", "|---|---:|" + "---:|" * len(CLASSES)]
    total: Counter[str] = Counter()
    for dtype in sorted(by_dtype, key=lambda d: ("fp32", "fp16", "bf16", "fp64").index(d) if d in
                        ("fp32", "fp16", "bf16", "fp64") else 9):
        c = by_dtype[dtype]
        total += c
        lines.append(f"| {dtype} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in CLASSES) + " |")
    lines.append(f"| all | {sum(total.values())} | " + " | ".join(str(total[k]) for k in CLASSES) + " |")
    by_set: dict[str, Counter[str]] = {}
    for r in rows:
        by_set.setdefault(f"{r['set']} ({r['kind']})", Counter())[r["class"]] += 1
    lines += ["", "| set (kind) | kernels | " + " | ".join(CLASSES) + " |", "|---|---:|" + "---:|" * len(CLASSES)]
    for key in sorted(by_set):
        c = by_set[key]
        lines.append(f"| {key} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in CLASSES) + " |")
    beyond = [r for r in rows if r["class"] in (BEYOND, FAILED)]
    lines += ["", "## Beyond the bound", ""]
    if not beyond:
        lines.append("None.")
    for r in beyond:
        lines.append(f"- `{r['set']}/{r['program']}/{r['dtype']}` `{r['kernel']}` ({r['kind']}, n={r['n']}): "
                     f"{r['class']}, max {_fmt(r.get('max_ulp'))} ulp, {_fmt(r.get('beyond_1ulp'))} of "
                     f"{_fmt(r.get('elements'))} elements beyond 1 ulp, normwise {_fmt(r.get('normwise_rel'))} "
                     f"(bound: {r.get('bound') or r.get('detail', '')}); without FMA contraction: "
                     f"{r.get('no_fp_fusion', '')} ({_fmt(r.get('max_ulp_no_fp_fusion'))} ulp). "
                     f"{r.get('explanation') or '(no explanation yet)'}")
    lines += not_run_text(manifest, [r for r in rows if r["class"] == NOT_RUN])
    lines += ["", "## Every kernel", "",
              "| set | program | dtype | kernel | kind | n | class | max ulp | >1 ulp | normwise | no FMA |",
              "|---|---|---|---|---|---:|---|---:|---:|---:|---|"]
    for r in rows:
        lines.append(f"| {r['set']} | {r['program']} | {r['dtype']} | `{r['kernel']}` | {r['kind']} | "
                     f"{_fmt(r['n'])} | {r['class']} | {_fmt(r.get('max_ulp'))} | {_fmt(r.get('beyond_1ulp'))} | "
                     f"{_fmt(r.get('normwise_rel'))} | {r.get('no_fp_fusion', '')} |")
    return "\n".join(lines) + "\n"


def not_run_text(manifest: dict[str, Any], rows: list[dict[str, Any]]) -> list[str]:
    """Why each launch that did not run on the device did not."""
    if not rows:
        return []
    # data made before the manifest recorded its limits: the command's (defaults)
    limits = manifest.get("limits", {"launch_bytes": LAUNCH_BYTES, "total_bytes": TOTAL_BYTES,
                                     "travel_bytes": TRAVEL_BYTES})
    launch, total, travel = (limits[k] / 2**20 for k in ("launch_bytes", "total_bytes", "travel_bytes"))
    lines = ["", "## Not run", "",
             "A launch's inputs that are neither fresh allocations (0xFF bytes on both sides) nor a program input",
             "made again from its seed on the GPU machine -- model weights, the outputs of earlier kernels -- travel",
             f"there as bytes, with the working tree ({travel:.0f} MiB in all): `generate` carries at most "
             f"{launch:.0f} MiB for one launch",
             f"and {total:.0f} MiB in all (`--launch-mib`, `--total-mib`), in the order the launches run.  These did "
             "not fit:", ""]
    for r in rows:
        size = r.get("carried_bytes") or 0
        verdict = (f"more than the {travel:.0f} MiB that travel: it cannot run this way at any limit"
                   if size > limits["travel_bytes"] else
                   "it would run with higher limits and less of the other data (a new `generate`)")
        lines.append(f"- `{r['set']}/{r['program']}/{r['dtype']}` `{r['kernel']}` ({r['kind']}, n={r['n']}): "
                     f"{r['detail']} ({r.get('carried_before', 0) / 2**20:.1f} MiB carried by the launches "
                     f"before it); it carries {r.get('carried') or 'nothing'}; {verdict}.")
    return lines


def report(args: argparse.Namespace) -> int:
    """``interpreter_fidelity.py report``: the csv and the markdown."""
    from benchlib.report import command_line

    manifest, device, rows = launch_rows(Path(args.data), Path(args.interp), Path(args.results))
    second = compare_runs(Path(args.results), Path(args.second_run)) if args.second_run else ""
    write_csv(args.csv, rows, COLUMNS, fmt=_fmt)
    write_text(args.md, render(manifest, device, rows, f"report: `{command_line('interpreter_fidelity.py')}`",
                               second))
    counts = Counter(r["class"] for r in rows)
    print(", ".join(f"{k}: {counts[k]}" for k in CLASSES), f"-> {args.md}, {args.csv}")
    return 0
