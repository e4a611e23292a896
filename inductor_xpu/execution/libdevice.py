"""``libdevice`` for Triton kernels run in Triton's interpreter on CPU.

Inductor's Triton kernels call device math through ``libdevice.<name>``
(``torch._inductor.runtime.triton_helpers.libdevice``).  The interpreter does
not implement extern elementwise calls, and without a GPU backend
``libdevice`` is not even importable.  :data:`LIBDEVICE` stands in for it:
each function Inductor emits (``codegen/triton.py`` and ``triton_helpers``)
is an elementwise torch CPU operation on the interpreter's numpy-backed
tensors, computed in the argument's dtype (fp32 stays fp32, fp64 fp64; bf16
through torch) and returning what the device function returns (a float of
the argument's type; ``isnan``/``isinf``/``signbit`` a bool, ``ilogb`` an
int32, ``llrint`` an int64).  A function without a mapping raises
:class:`CannotExecute` when a kernel calls it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from inductor_xpu.execution.errors import CannotExecute


# What a device function returns: the type of its first floating argument,
# or a fixed type.
SAME = "same"


def _ilogb(x: torch.Tensor) -> torch.Tensor:
    """ilogb: the unbiased exponent (frexp's minus one); 0 and NaN give
    INT_MIN, +-inf INT_MAX, as CUDA's libdevice and glibc do."""
    _, exponent = torch.frexp(x)
    out = (exponent - 1).to(torch.int32)
    int_min, int_max = torch.iinfo(torch.int32).min, torch.iinfo(torch.int32).max
    out = torch.where((x == 0) | torch.isnan(x), torch.full_like(out, int_min), out)
    return torch.where(torch.isinf(x), torch.full_like(out, int_max), out)


@dataclasses.dataclass(frozen=True)
class LibdeviceFunction:
    """One device function: its torch CPU equivalent and result type."""

    name: str
    fn: Callable[..., torch.Tensor]
    result: str | torch.dtype = SAME


def _unary(name: str, fn: Callable[..., torch.Tensor], result: str | torch.dtype = SAME) -> LibdeviceFunction:
    return LibdeviceFunction(name, fn, result)


_FUNCTIONS: tuple[LibdeviceFunction, ...] = (
    *(
        _unary(name, getattr(torch, name))
        for name in (
            "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "rsqrt",
            "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
            "asinh", "acosh", "atanh", "erf", "erfc", "erfinv", "lgamma",
            "floor", "ceil", "trunc", "atan2", "fmod", "copysign", "hypot", "nextafter", "ldexp",
        )
    ),
    _unary("pow", torch.pow),
    # Special functions Inductor's Triton code calls through libdevice.
    _unary("cyl_bessel_i0", torch.special.i0),
    _unary("cyl_bessel_i1", torch.special.i1),
    _unary("j0", torch.special.bessel_j0),
    _unary("j1", torch.special.bessel_j1),
    _unary("y0", torch.special.bessel_y0),
    _unary("y1", torch.special.bessel_y1),
    _unary("erfcx", torch.special.erfcx),
    # fp32-suffixed and fast variants: the same function at fp32.
    _unary("fast_tanhf", torch.tanh),
    _unary("nextafterf", torch.nextafter),
    # Round to nearest, ties to even (the current rounding mode): torch.round.
    _unary("nearbyint", torch.round),
    _unary("rint", torch.round),
    _unary("llrint", torch.round, torch.int64),
    # Correctly rounded arithmetic (no contraction into an FMA): one torch op.
    _unary("mul_rn", torch.mul),
    _unary("div_rn", torch.div),
    _unary("add_rn", torch.add),
    _unary("isnan", torch.isnan, torch.bool),
    _unary("isinf", torch.isinf, torch.bool),
    _unary("signbit", torch.signbit, torch.bool),
    _unary("ilogb", _ilogb, torch.int32),
)

CPU_FUNCTIONS: dict[str, LibdeviceFunction] = {f.name: f for f in _FUNCTIONS}


def _triton_language() -> Any:
    import triton.language as tl

    return tl


def _to_torch(value: Any) -> Any:
    """An interpreter tensor as a CPU torch tensor (sharing nothing); a
    constexpr or Python scalar as itself."""
    tl = _triton_language()
    if isinstance(value, tl.constexpr):
        return value.value
    if not isinstance(value, tl.tensor):
        return value
    data = np.ascontiguousarray(value.handle.data)
    if value.dtype.scalar == tl.bfloat16:
        return torch.from_numpy(data.copy()).view(torch.bfloat16)
    return torch.from_numpy(data.copy())


_TL_BY_TORCH = {
    torch.bool: "int1",
    torch.int32: "int32",
    torch.int64: "int64",
    torch.float16: "float16",
    torch.bfloat16: "bfloat16",
    torch.float32: "float32",
    torch.float64: "float64",
}


def _to_interpreter(result: torch.Tensor, block: bool) -> Any:
    from triton.runtime.interpreter import TensorHandle

    tl = _triton_language()
    if result.dtype not in _TL_BY_TORCH:
        raise CannotExecute(f"libdevice result of dtype {result.dtype} has no Triton type")
    tl_dtype = getattr(tl, _TL_BY_TORCH[result.dtype])
    data = result.contiguous().view(torch.uint16).numpy() if result.dtype == torch.bfloat16 else result.numpy()
    data = np.array(data, copy=True)
    ty = tl.block_type(tl_dtype, list(data.shape)) if block else tl_dtype
    return tl.tensor(TensorHandle(data, tl_dtype), ty)


def call(function: LibdeviceFunction, *args: Any) -> Any:
    """Apply ``function`` to interpreter tensors (and scalars) elementwise."""
    tl = _triton_language()
    tensors = [a for a in args if isinstance(a, tl.tensor)]
    if not tensors:
        raise CannotExecute(f"libdevice.{function.name} called with no tensor argument")
    values = [_to_torch(a) for a in args]
    floating = [v for v in values if isinstance(v, torch.Tensor) and v.is_floating_point()]
    like = floating[0] if floating else next(v for v in values if isinstance(v, torch.Tensor))
    values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=like.dtype) for v in values]
    result = function.fn(*values)
    dtype = like.dtype if function.result == SAME else function.result
    assert isinstance(dtype, torch.dtype)
    block = any(t.type.is_block() for t in tensors)
    return _to_interpreter(result.to(dtype), block)


class CpuLibdevice:
    """The ``libdevice`` a kernel sees in the interpreter: each attribute a
    function of :data:`CPU_FUNCTIONS`; an unmapped one raises
    :class:`CannotExecute` naming it."""

    def __init__(self, functions: dict[str, LibdeviceFunction] | None = None) -> None:
        self._functions = dict(CPU_FUNCTIONS if functions is None else functions)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("__"):
            raise AttributeError(name)
        function = self._functions.get(name)
        if function is None:
            raise CannotExecute(f"libdevice.{name} has no CPU mapping")

        def libdevice_function(*args: Any, _semantic: Any = None) -> Any:
            return call(function, *args)

        libdevice_function.__name__ = name
        return libdevice_function

    def __repr__(self) -> str:
        return f"CpuLibdevice({len(self._functions)} functions)"


LIBDEVICE = CpuLibdevice()
