"""The one reader of Inductor's generated wrapper code, and of which Inductor
counters are oneDNN counters.  Torch-free: it imports only the standard
library and works on strings and plain dicts, so tools that only read
generated code (the fidelity comparison, report writers) need no torch.

Inductor generates, per compiled graph, a wrapper module (what
``TORCH_COMPILE_DEBUG`` saves as ``output_code.py``): its Triton kernels as
``NAME = async_compile.triton('KERNEL', '''<source>''', device_str='DEV')``
blocks, then host code (``call``) that launches them
(``triton_poi_fused_add_0.run(...)``) and calls what Inductor did not
generate: ``extern_kernels.mm(...)``, ``torch.ops.<namespace>.<op>.<overload>(...)``,
among them oneDNN's ``torch.ops.mkldnn._linear_pointwise.default(...)`` and
``torch.ops.onednn.qconv_pointwise.tensor(...)`` with their post-ops as
string arguments.

The API (stable; the simulation, the compile command, ``inductor_xpu.modes.int8``
and ``tools/bench`` import these names):

Triton kernels
    :data:`TRITON_BLOCK_RE`, :class:`TritonBlock`, :func:`triton_blocks`,
    :func:`strip_triton_blocks`; :func:`kernel_count` (Triton and C++ kernels);
    :func:`kernel_kind` (a Triton kernel's heuristics: pointwise, reduction ...);
    :func:`kernel_device_name` (the GPU a Triton kernel was generated for).
Host code and its calls
    :func:`host_code`; :func:`cpp_source` (the C++ a ``cpp_wrapper`` module
    embeds); :data:`EXTERN_CALL_RE`, :func:`extern_calls`
    (``{name: count}``); :data:`FALLBACK_RE`, :func:`fallbacks` (the ATen/prims
    ones: ops Inductor did not lower); :func:`op_calls` (the calls into given
    ``torch.ops`` namespaces).
Kernel launches
    :data:`KERNEL_LAUNCH_RE`, :func:`kernel_launches`.
oneDNN calls with their post-ops
    :data:`ONEDNN_CALL_RE`, :class:`OneDNNCall`, :func:`onednn_calls`.
(De)quantize left in generated kernels
    :class:`UnfusedQuantOps`, :func:`unfused_quant_ops`.
oneDNN counters of ``torch._dynamo.utils.counters["inductor"]``
    :data:`ONEDNN_COUNTER_RE` (the one definition), :func:`is_onednn_counter`,
    :func:`onednn_counters`; views built on it: :func:`quant_counters` (the
    PT2E INT8 passes), :func:`mkldnn_fusion_counters` (the floating-point
    fusion passes), :func:`is_match_count` / :func:`onednn_match_total`
    (numbers of matches, not of matched nodes).
"""

from __future__ import annotations

import ast
import collections
import dataclasses
import re
from collections.abc import Iterable, Mapping


__all__ = [
    "EXTERN_CALL_RE",
    "FALLBACK_RE",
    "KERNEL_DEFINITION_RE",
    "KERNEL_KIND_RE",
    "KERNEL_LAUNCH_RE",
    "MKLDNN_MATCHER_COUNT_RE",
    "ONEDNN_CALL_RE",
    "ONEDNN_COUNTER_RE",
    "ONEDNN_MATCH_COUNT_RE",
    "QUANT_COUNTER_RE",
    "OneDNNCall",
    "TRITON_BLOCK_RE",
    "TritonBlock",
    "UnfusedQuantOps",
    "cpp_source",
    "extern_calls",
    "fallbacks",
    "host_code",
    "is_match_count",
    "is_onednn_counter",
    "kernel_count",
    "kernel_device_name",
    "kernel_kind",
    "kernel_launches",
    "mkldnn_fusion_counters",
    "onednn_calls",
    "onednn_counters",
    "onednn_match_total",
    "op_calls",
    "quant_counters",
    "strip_triton_blocks",
    "triton_blocks",
    "unfused_quant_ops",
]


# ---------------------------------------------------------------------------
# Triton kernels

# Each Triton kernel a wrapper defines (``NAME = async_compile.triton('KERNEL',
# <source>, device_str='DEV')``; the C++ wrapper's embedded Python has no
# ``NAME =``).  Groups: variable, kernel, source, device_str.
TRITON_BLOCK_RE = re.compile(
    r"(?:(\w+) = )?async_compile\.triton\('(\w+)', '''(.*?)''', device_str='(\w+)'\)",
    re.DOTALL,
)


@dataclasses.dataclass(frozen=True)
class TritonBlock:
    """One ``async_compile.triton(...)`` definition in a wrapper module."""

    variable: str | None  # None: not assigned to a name
    kernel: str
    source: str
    device_str: str


def triton_blocks(source: str) -> list[TritonBlock]:
    """The Triton kernels wrapper ``source`` defines, in order."""
    return [TritonBlock(*m.groups()) for m in TRITON_BLOCK_RE.finditer(source)]


def strip_triton_blocks(source: str) -> str:
    """``source`` without its Triton kernel definitions: the host code."""
    return TRITON_BLOCK_RE.sub("", source)


# A generated kernel's definition: Triton (GPU) or C++ (CPU,
# ``cpp_fused_... = async_compile.cpp_pybinding([...], '''<source>''')``).
KERNEL_DEFINITION_RE = re.compile(r"async_compile\.(?:triton|cpp_pybinding)\(")


def kernel_count(source: str) -> int:
    """The number of generated kernels (Triton or C++) wrapper ``source`` defines."""
    return len(KERNEL_DEFINITION_RE.findall(source))


# The heuristics decorator of a Triton kernel's source: what the kernel is.
KERNEL_KIND_RE = re.compile(r"@triton_heuristics\.(\w+)\(")


def kernel_kind(triton_source: str) -> str:
    """``pointwise``, ``reduction``, ``persistent_reduction``, ``template``
    ...: the ``@triton_heuristics`` decorator of a Triton kernel's source;
    ``other`` without one."""
    m = KERNEL_KIND_RE.search(triton_source)
    return m.group(1) if m else "other"


# The device a Triton kernel was generated for: the ``name`` in the
# ``cc={...}`` of the ``DeviceProperties(...)`` in its triton_meta (the
# capability dict; xpu's holds the device name).
_KERNEL_DEVICE_NAME_RE = re.compile(r"DeviceProperties\(type='\w+'.*?\bcc=\{[^}]*?'name': '([^']*)'")


def kernel_device_name(triton_source: str) -> str | None:
    """The name of the GPU whose properties a Triton kernel's source carries
    (``'Intel(R) Data Center GPU Max 1550'``); None where its triton_meta
    names none (a CUDA kernel's ``cc`` is a number)."""
    m = _KERNEL_DEVICE_NAME_RE.search(triton_source)
    return m.group(1) if m else None


# ---------------------------------------------------------------------------
# host code and its calls

# A call outside generated kernels: ``extern_kernels.mm(``,
# ``torch.ops.mkldnn._linear_pointwise.default(``, ``aten.sort.stable(``.
EXTERN_CALL_RE = re.compile(r"\b(extern_kernels\.\w+|torch\.ops\.\w+\.\w+(?:\.\w+)?|aten\.\w+(?:\.\w+)?)\(")
# Of those, the ATen fallbacks: ops Inductor did not lower.
FALLBACK_RE = re.compile(r"^(?:torch\.ops\.)?(?:aten|prims)\.")


def host_code(source: str) -> str:
    """The code of wrapper ``source`` that runs: without its Triton kernel
    definitions and without the benchmark harness (``get_args`` on)."""
    return strip_triton_blocks(source).split("\ndef get_args():", 1)[0]


def cpp_source(python_module: str) -> str | None:
    """The C++ wrapper source a cpp_wrapper module embeds
    (``cpp_wrapper_src = ...``), or None if it is a Python wrapper."""
    if "cpp_wrapper_src" not in python_module:
        return None
    try:
        tree = ast.parse(python_module)
    except SyntaxError:
        return None
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == "cpp_wrapper_src"
        ):
            value = ast.literal_eval(node.value)
            return value if isinstance(value, str) else None
    return None


def extern_calls(source: str) -> dict[str, int]:
    """``{name: count}``, by name, of the calls wrapper ``source`` makes
    outside generated kernels (:data:`EXTERN_CALL_RE`), in its host code,
    comments left out."""
    calls: collections.Counter[str] = collections.Counter()
    for line in host_code(source).splitlines():
        calls.update(EXTERN_CALL_RE.findall(line.split("#", 1)[0]))
    return dict(sorted(calls.items()))


def fallbacks(calls: Mapping[str, int]) -> dict[str, int]:
    """The ATen/prims fallbacks among :func:`extern_calls`' ``calls``."""
    return {name: n for name, n in sorted(calls.items()) if FALLBACK_RE.match(name)}


def op_calls(source: str, namespaces: Iterable[str]) -> dict[str, int]:
    """``{"NAMESPACE.op[.overload]": count}`` of the ``torch.ops`` calls into
    ``namespaces`` among :func:`extern_calls`, e.g. ``{"mkldnn._linear_pointwise.default": 2}``."""
    prefixes = tuple(f"torch.ops.{ns}." for ns in namespaces)
    return {
        name.removeprefix("torch.ops."): n for name, n in extern_calls(source).items() if name.startswith(prefixes)
    }


# ---------------------------------------------------------------------------
# kernel launches

# A generated kernel's launch in a wrapper's ``call``: ``triton_poi_fused_..._0.run(``
# (Python wrapper, GPU) or ``cpp_fused_..._0(`` (CPU).  Inductor names kernels
# after the ATen ops they fuse (``config.triton.descriptive_names``).
KERNEL_LAUNCH_RE = re.compile(r"^\s*((?:triton|cpp)_\w+?)(?:\.run)?\(", re.MULTILINE)


def kernel_launches(source: str) -> list[str]:
    """Names of the generated kernels wrapper ``source``'s ``call`` launches,
    in order, once per launch."""
    body = source.split("\n    def call(self, args):", 1)[-1].split("\ndef get_args():", 1)[0]
    return KERNEL_LAUNCH_RE.findall(body)


# ---------------------------------------------------------------------------
# oneDNN calls with their post-ops

# A call of a oneDNN op, its arguments up to the line's last ``)``, e.g.
#   torch.ops.mkldnn._linear_pointwise.default(buf, w, b, 'gelu', [-1], 'tanh')
#   torch.ops.mkldnn._convolution_pointwise.binary(x, o, w, b, ..., 'add', None, 'relu', [-1], '')
#   torch.ops.onednn.qconv_pointwise.tensor(buf1, ..., 'relu', [None], '')
# (The graph comments write ``target=torch.ops....default](args``: no match.)
ONEDNN_CALL_RE = re.compile(r"torch\.ops\.(onednn|mkldnn)\.(\w+)\.(\w+)\(([^\n]*)\)")


@dataclasses.dataclass(frozen=True)
class OneDNNCall:
    """One call of a oneDNN op: ``mkldnn`` (floating point:
    ``_convolution_pointwise``, ``_linear_pointwise``) or ``onednn`` (INT8:
    ``qconv_pointwise``, ``qlinear_pointwise``), with the string arguments
    that name its post-ops (``'none'`` and ``''`` left out)."""

    namespace: str
    op: str
    overload: str
    post_ops: tuple[str, ...]

    @property
    def label(self) -> str:
        """``linear_pointwise(gelu/tanh)``, ``conv_pointwise.binary(add/relu)``,
        ``qconv_pointwise.tensor(relu)``: the op without leading underscores
        (``convolution`` shortened to ``conv``), the overload unless
        ``default``, the post-ops."""
        op = self.op.strip("_").replace("convolution", "conv")
        overload = "" if self.overload == "default" else f".{self.overload}"
        return f"{op}{overload}({'/'.join(self.post_ops)})"


def onednn_calls(sources: Iterable[str], namespace: str | None = None) -> list[OneDNNCall]:
    """The oneDNN calls in the wrappers ``sources``, in order; only those of
    ``namespace`` (``"mkldnn"`` or ``"onednn"``) if given."""
    calls = []
    for src in sources:
        for ns, op, overload, args in ONEDNN_CALL_RE.findall(src):
            if namespace is None or ns == namespace:
                post_ops = tuple(s for s in re.findall(r"'([^']*)'", args) if s not in ("", "none"))
                calls.append(OneDNNCall(ns, op, overload, post_ops))
    return calls


# ---------------------------------------------------------------------------
# (de)quantize left in generated kernels

_QUANTIZE_IN_NAME = re.compile(r"(?<!de)quantize_per_|choose_qparams")
_DEQUANTIZE_IN_NAME = re.compile(r"dequantize_per_")


@dataclasses.dataclass
class UnfusedQuantOps:
    """(De)quantize ops Inductor left to generated (Triton/C++) kernels, read
    from the launched kernels' names.

    ``quantize``: activation quantization feeding an int8 oneDNN op (expected:
    the oneDNN ops take int8 inputs, and quantizing is pointwise work).
    ``dequantize``: a dequantize not folded into a oneDNN op.
    ``pairs``: kernels doing both, a quantize->dequantize round trip that
    nothing consumed as int8 (the pattern around it was not fused).
    ``kernels``: the launched kernels that dequantize."""

    quantize: int = 0
    dequantize: int = 0
    pairs: int = 0
    kernels: list[str] = dataclasses.field(default_factory=list)


def unfused_quant_ops(sources: Iterable[str]) -> UnfusedQuantOps:
    """The (de)quantize work the wrappers ``sources`` launch as generated kernels."""
    out = UnfusedQuantOps()
    for src in sources:
        for name in kernel_launches(src):
            has_q = bool(_QUANTIZE_IN_NAME.search(name))
            has_dq = bool(_DEQUANTIZE_IN_NAME.search(name))
            out.quantize += has_q
            out.dequantize += has_dq
            out.pairs += has_q and has_dq
            if has_dq:
                out.kernels.append(name)
    return out


# ---------------------------------------------------------------------------
# oneDNN counters

# The one definition: the counters["inductor"] keys of the passes that
# rewrite a graph into oneDNN ops, on CPU upstream and on xpu with the series.
#   mkldnn_*        fx_passes/mkldnn_fusion.py: weight packing and post-op
#                   fusion of convolutions and linears (fp32/bf16/fp16)
#   onednn_*        oneDNN passes named after the library
#   q*_             the PT2E INT8 passes (fx_passes/quantization.py, torchao's
#                   inductor_passes/x86.py): qconv/qlinear prepack, fusion and
#                   lowering, qmaxpool2d, qcat, qreshape, qsdpa, quant_lift_up
#   dequant*, concat_dq_q, scaled_embedding_bag*   the same INT8 passes
#   woq_*           weight-only int8 linear (mkldnn's int8 mm)
# Not included: binary_folding* (fx_passes/binary_folding.py folds add/mul
# into convolution weights for any device; see onednn_counters'
# with_binary_folding).
ONEDNN_COUNTER_RE = re.compile(r"^(?:mkldnn|onednn|q[a-z0-9]*_|dequant|concat_dq_q|scaled_embedding_bag|woq)")
_BINARY_FOLDING_RE = re.compile(r"^binary_folding")


def is_onednn_counter(key: str) -> bool:
    return ONEDNN_COUNTER_RE.match(key) is not None


def onednn_counters(counters: Mapping[str, int], *, with_binary_folding: bool = False) -> dict[str, int]:
    """The oneDNN counters among Inductor's ``counters`` (non-zero, by key).

    ``with_binary_folding``: with ``binary_folding``/``binary_folding_conv``
    too.  Binary folding is not oneDNN's, but under freezing it folds the
    BatchNorm/add/mul around convolutions into their weights just before
    oneDNN packs them; the model suite has always recorded it beside the
    oneDNN counters (its ``onednn_counters`` column and ``onednn_fusions``
    total), and its bf16 accuracy rule reads ``binary_folding_conv`` there."""
    return {
        k: v
        for k, v in sorted(counters.items())
        if v and (is_onednn_counter(k) or (with_binary_folding and _BINARY_FOLDING_RE.match(k)))
    }


# The PT2E INT8 passes' counters of matches (``*_count``: weight prepack,
# post-op fusion (qconv_unary, qconv2d_binary, qlinear_binary ...), lowering,
# dequant promotion, qmaxpool2d/qcat/qreshape, concat q/dq) -- the INT8
# report's and the INT8 fusion table's counters.  Weight-only ``woq_`` (an
# fp activation path) and the ``*_nodes`` counters are not part of it.
QUANT_COUNTER_RE = re.compile(r"^(q[a-z0-9]*_|dequant_promotion|concat_dq_q)\w*_count$")


def quant_counters(counters: Mapping[str, int]) -> dict[str, int]:
    """The oneDNN counters of the PT2E INT8 passes (:data:`QUANT_COUNTER_RE`)."""
    return {k: v for k, v in onednn_counters(counters).items() if QUANT_COUNTER_RE.match(k)}


def mkldnn_fusion_counters(counters: Mapping[str, int]) -> dict[str, int]:
    """The oneDNN counters of the floating-point passes
    (fx_passes/mkldnn_fusion.py, ``mkldnn_*``): what the fp post-op fusion
    parity (``tools/bench/fusion_parity.py``) compares and records; the
    INT8 passes are its ``--int8`` table's."""
    return {k: v for k, v in onednn_counters(counters).items() if k.startswith("mkldnn_")}


# Of the fp fusion counters, the numbers of pattern matches (not of matched
# nodes): what the fusion parity tables show.
MKLDNN_MATCHER_COUNT_RE = re.compile(r"^mkldnn_.*_matcher_count$")

# Counters that are a number of matches (``*_matcher_count``, ``*_lower_count``,
# a binary folding) rather than of matched nodes (``*_matcher_nodes``).
ONEDNN_MATCH_COUNT_RE = re.compile(r"(_count|binary_folding.*)$")


def is_match_count(key: str) -> bool:
    return ONEDNN_MATCH_COUNT_RE.search(key) is not None


def onednn_match_total(counters: Mapping[str, int], *, with_binary_folding: bool = False) -> int:
    """The number of oneDNN pattern matches (conv/linear fusions, packing,
    lowerings) in ``counters``: the model suite's ``onednn_fusions``."""
    selected = onednn_counters(counters, with_binary_folding=with_binary_folding)
    return sum(v for k, v in selected.items() if is_match_count(k))
