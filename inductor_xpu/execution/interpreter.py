"""Triton's interpreter, in this process and only while asked.

Triton decides between its compiler and its interpreter when a function is
decorated (``triton.jit`` reads ``triton.knobs.runtime.interpret``, i.e.
``TRITON_INTERPRET``).  Setting the variable for the process would turn every
``@triton.jit`` function defined afterwards into an interpreted one; here it
is set only while a generated kernel's source is executed
(:func:`load_kernel`), so only that kernel is interpreted.

The ``@triton.jit`` helpers a kernel calls (``tl.sum``, ``tl.sigmoid``,
``triton_helpers.maximum``...) were decorated when their modules were first
imported, as compiled functions that cannot be called outside a compiled
kernel.  :func:`interpreted_calls` routes such calls, while it is active, to
an interpreted copy of the same function whose globals are a copy of its
module's with ``libdevice`` replaced by the CPU one (the module itself is not
touched), and restores Triton's language patches after each call.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import logging
import os
import textwrap
import threading
import types
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from inductor_xpu.execution.errors import CannotExecute
from inductor_xpu.execution.libdevice import CpuLibdevice


log = logging.getLogger(__name__)

# Executions patch process-wide objects (the JIT call, torch.xpu's device
# calls): one at a time.
EXECUTION_LOCK = threading.RLock()


class ModuleView:
    """A module seen through a few replaced attributes (every other attribute
    is the module's own)."""

    def __init__(self, module: types.ModuleType, overrides: Mapping[str, Any]) -> None:
        self._module = module
        self._overrides = dict(overrides)

    def __getattr__(self, name: str) -> Any:
        if name in self._overrides:
            return self._overrides[name]
        return getattr(self._module, name)

    def __repr__(self) -> str:
        return f"<view of {self._module.__name__} replacing {sorted(self._overrides)}>"


def builtins_importing(views: Mapping[str, Any]) -> dict[str, Any]:
    """A ``__builtins__`` whose ``from M import ...`` gives ``views[M]`` for
    the modules named there (every other import is the real one)."""
    real_import = builtins.__import__

    def import_(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        module = real_import(name, globals, locals, fromlist, level)
        if fromlist and level == 0 and name in views:
            return views[name]
        return module

    namespace = dict(vars(builtins))
    namespace["__import__"] = import_
    return namespace


def kernel_module_views(libdevice: CpuLibdevice) -> dict[str, Any]:
    """What a generated kernel's imports give: ``triton_helpers`` with the CPU
    ``libdevice`` and a ``set_driver_to_gpu`` that does nothing (there is no
    GPU driver to select)."""
    import torch._inductor.runtime as runtime
    from torch._inductor.runtime import triton_helpers

    helpers = ModuleView(triton_helpers, {"libdevice": libdevice, "set_driver_to_gpu": lambda: None})
    return {
        "torch._inductor.runtime": ModuleView(runtime, {"triton_helpers": helpers}),
        "torch._inductor.runtime.triton_helpers": helpers,
    }


def load_kernel(name: str, source: str, path: str, libdevice: CpuLibdevice) -> Any:
    """Execute a generated kernel's source (written to ``path``, where Triton
    reads a function's source from) with Triton in interpreter mode; return
    its Inductor launcher (the ``CachingAutotuner`` the heuristics decorator
    made), set to launch through the interpreter."""
    import triton

    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    module = types.ModuleType(f"inductor_xpu_execution_{name}")
    module.__file__ = path
    module.__dict__["__builtins__"] = builtins_importing(kernel_module_views(libdevice))
    code = compile(source, path, "exec")
    cache_dir = os.environ.get("TRITON_CACHE_DIR")
    try:
        with triton.knobs.runtime.scope():
            triton.knobs.runtime.interpret = True
            exec(code, module.__dict__)
    finally:
        # The launcher's constructor sets TRITON_CACHE_DIR when unset.
        if cache_dir is None:
            os.environ.pop("TRITON_CACHE_DIR", None)
    launcher = getattr(module, name, None)
    if launcher is None or not hasattr(launcher, "run"):
        raise CannotExecute(f"the source of kernel {name} defines no launcher named {name}", kernel=name)
    if not hasattr(launcher, "triton_interpret"):
        raise CannotExecute(
            f"kernel {name}'s launcher ({type(launcher).__name__}) has no interpreter path", kernel=name
        )
    # Read from TRITON_INTERPRET when constructed: the interpreted launch
    # (the first config of the heuristics, the grid of the launch
    # parameters) instead of compiling.
    launcher.triton_interpret = True
    return launcher


class _LanguagePatchDepth(threading.local):
    depth = 0


_language_patched = _LanguagePatchDepth()


@contextlib.contextmanager
def _patched_for(fn: Any) -> Iterator[None]:
    """triton.language as the interpreter runs ``fn`` (its ``_patch_lang``),
    restored on exit (``InterpretedFunction.__call__`` leaves it patched)."""
    from triton.runtime import interpreter

    scope = interpreter._patch_lang(fn)
    try:
        yield
    finally:
        if scope is not None:
            scope.restore()


def tree_reduce(self: Any, input: Any) -> Any:
    """``ReduceOps.generic_reduce`` (a reduction whose combine function the
    interpreter does not know: ``triton_helpers.maximum``, Welford's...)
    as a pairwise tree: the combine function applied to whole halves, log2(n)
    calls, instead of once per element in Python (a 512 x 8192 amax: 4M
    calls).  Elements are combined as a GPU's tree combines them; the
    combine functions of reductions are associative and commutative (ties
    broken by index where it matters).  A length that is not a power of two
    takes the interpreter's own path."""
    import numpy as np
    import triton.language as tl
    from triton.runtime.interpreter import TensorHandle

    original_axis = self.axis
    tensors, axis = self.unravel(input, self.axis)
    datas = [t.handle.data for t in tensors]
    dtypes = [t.dtype for t in tensors]
    n = datas[0].shape[axis]
    if n & (n - 1):
        return _generic_reduce(self, input)
    combine = blockwise(self.combine_fn.fn)

    def block(data: Any, dtype: Any) -> Any:
        data = np.ascontiguousarray(data)
        return tl.tensor(TensorHandle(data, dtype), tl.block_type(dtype, list(data.shape)))

    while datas[0].shape[axis] > 1:
        half = datas[0].shape[axis] // 2
        left = [block(np.take(d, np.arange(half), axis=axis), t) for d, t in zip(datas, dtypes)]
        right = [block(np.take(d, np.arange(half, 2 * half), axis=axis), t) for d, t in zip(datas, dtypes)]
        combined = combine(*left, *right)
        combined = combined if isinstance(combined, tuple) else (combined,)
        shape = left[0].handle.data.shape
        datas = [
            np.broadcast_to(np.asarray(c.handle.data if isinstance(c, tl.tensor) else c), shape).astype(d.dtype)
            for c, d in zip(combined, datas)
        ]
    ret = []  # packed as generic_reduce packs its result
    for data, tensor, dtype in zip(datas, tensors, dtypes):
        data = np.squeeze(data, axis=axis)
        if self.keep_dims:
            if original_axis is not None:
                data = np.expand_dims(data, axis)
            else:
                for _ in range(len(tensor.handle.data.shape)):
                    data = np.expand_dims(data, 0)
        elif original_axis is None:
            data = data.item()
        ret.append(self.to_tensor(data, dtype))
    return ret


_generic_reduce: Any = None


def _logical_not(value: Any) -> Any:
    """``not value`` as a compiled kernel computes it: elementwise for a
    Triton tensor (``tensor.__not__``, what Triton's code generator calls),
    Python's ``not`` for anything else."""
    import triton.language as tl

    if isinstance(value, tl.tensor):
        return value.__not__()
    return not value


class _NotAsLogicalNot(ast.NodeTransformer):
    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        node = self.generic_visit(node)  # type: ignore[assignment]
        if not isinstance(node.op, ast.Not):
            return node
        call = ast.Call(func=ast.Name(id=_LOGICAL_NOT, ctx=ast.Load()), args=[node.operand], keywords=[])
        return ast.copy_location(call, node)


_LOGICAL_NOT = "_inductor_xpu_logical_not"
# combine function -> its blockwise copy (a kernel's own combine functions
# go with their kernel)
_blockwise: weakref.WeakKeyDictionary[Callable[..., Any], Callable[..., Any]] = weakref.WeakKeyDictionary()


def blockwise(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A combine function's Python source made to compute on whole blocks
    what the compiled function computes: ``not x`` is the elementwise logical
    not (Triton's code generator calls ``x.__not__()``).  Python's ``not`` on
    a block is one bool -- the interpreter's ``tensor.__bool__`` is True for
    any block of more than one element -- which is right only when the
    interpreter calls the function one element at a time: run on halves,
    ``maximum_with_index``'s ``a_isnan & (not b_isnan)`` was all False and a
    NaN never won a ``max(dim)``/``argmax``.  A function without ``not``, or
    whose source cannot be read, is returned as it is."""
    cached = _blockwise.get(fn)
    if cached is not None:
        return cached
    rewritten = fn
    try:
        lines, first_line = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        lines = []
    source = textwrap.dedent("".join(lines))
    if lines and fn.__closure__ is None and "not" in source:
        tree = ast.parse(source)
        (definition,) = tree.body
        if isinstance(definition, ast.FunctionDef) and any(
            isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not) for n in ast.walk(definition)
        ):
            definition.decorator_list = []
            tree = ast.fix_missing_locations(_NotAsLogicalNot().visit(tree))
            ast.increment_lineno(tree, first_line - 1)
            fn_globals = {**fn.__globals__, _LOGICAL_NOT: _logical_not}
            namespace: dict[str, Any] = {}
            exec(compile(tree, inspect.getsourcefile(fn) or "<combine>", "exec"), fn_globals, namespace)
            rewritten = namespace[fn.__name__]
            rewritten.__defaults__ = fn.__defaults__
            rewritten.__kwdefaults__ = fn.__kwdefaults__
    _blockwise[fn] = rewritten
    return rewritten


@contextlib.contextmanager
def patched_language() -> Iterator[None]:
    """``triton.language`` and ``triton.language.core`` as the interpreter
    patches them, for one kernel launch: the interpreted helpers it calls run
    without patching them again; reductions with a combine function the
    interpreter does not know run as a tree (:func:`tree_reduce`)."""
    global _generic_reduce
    import triton.language as tl
    from triton.runtime.interpreter import ReduceOps

    def language() -> None:
        """A function that sees both language modules."""

    fn = types.FunctionType(language.__code__, {"tl": tl, "core": tl.core})
    original = ReduceOps.generic_reduce
    _generic_reduce = original
    with _patched_for(fn):
        _language_patched.depth += 1
        ReduceOps.generic_reduce = tree_reduce
        try:
            yield
        finally:
            ReduceOps.generic_reduce = original
            _language_patched.depth -= 1


class _InterpretedCalls:
    """Routes calls of compiled ``@triton.jit`` functions to interpreted
    copies (see the module docstring)."""

    def __init__(self, libdevice: CpuLibdevice) -> None:
        self.libdevice = libdevice
        # id(JIT function) -> (the function, its interpreted copy).  Keyed by
        # id: a JITFunction's hash is its cache key, which cannot be computed
        # while the interpreter's patches are in place.
        self.copies: dict[int, tuple[Any, Any]] = {}

    def interpreted(self, jit_fn: Any) -> Any:
        from triton.runtime.interpreter import InterpretedFunction

        entry = self.copies.get(id(jit_fn))
        copy = entry[1] if entry is not None else None
        if copy is None:
            fn = jit_fn.fn
            fn_globals = dict(fn.__globals__)
            if "libdevice" in fn_globals:
                fn_globals["libdevice"] = self.libdevice
            clone = types.FunctionType(fn.__code__, fn_globals, fn.__name__, fn.__defaults__, fn.__closure__)
            clone.__kwdefaults__ = fn.__kwdefaults__
            clone.__qualname__ = fn.__qualname__
            clone.__module__ = fn.__module__
            copy = InterpretedFunction(clone)
            self.copies[id(jit_fn)] = (jit_fn, copy)
        return copy

    def call(self, jit_fn: Any, *args: Any, **kwargs: Any) -> Any:
        copy = self.interpreted(jit_fn)
        if _language_patched.depth:
            # Inside a launch (patched_language): patching triton.language
            # again for each call (as InterpretedFunction.__call__ does) costs
            # about a millisecond, and a reduction with a combine function
            # calls it per element.
            return copy.rewrite()(*args, **kwargs)
        with _patched_for(copy.fn):
            return copy.rewrite()(*args, **kwargs)

    def forget(self) -> None:
        from triton.runtime.interpreter import InterpretedFunction

        for _, copy in self.copies.values():
            InterpretedFunction.rewritten_fn.pop(copy.fn, None)
        self.copies.clear()


@contextlib.contextmanager
def interpreted_calls(libdevice: CpuLibdevice) -> Iterator[Callable[[], None]]:
    """While active, a compiled ``@triton.jit`` function called from an
    interpreted kernel runs interpreted (its copy sees ``libdevice``)."""
    from triton.runtime.jit import JITFunction

    calls = _InterpretedCalls(libdevice)
    original = JITFunction.__call__

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        return calls.call(self, *args, **kwargs)

    with EXECUTION_LOCK:
        setattr(JITFunction, "__call__", call)  # typed differently across triton releases
        try:
            yield calls.forget
        finally:
            setattr(JITFunction, "__call__", original)
            calls.forget()


def _bf16_bits_rtne(values: Any) -> Any:
    """fp32 values (numpy) -> bfloat16 bit patterns (uint16), rounded to
    nearest, ties to even, as a device's ``fp32 -> bf16`` conversion and
    torch do; NaN stays NaN (quiet)."""
    import numpy as np

    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = ((bits + (((bits >> 16) & 1) + 0x7FFF)) >> 16).astype(np.uint16)
    nan = np.isnan(values)
    if np.any(nan):
        rounded = np.where(nan, ((bits >> 16) | 0x40).astype(np.uint16), rounded)
    return rounded


def _bf16_bits_rne_f64(values: Any) -> Any:
    """float64 values (numpy; integers and bools are exact in it up to
    2**53) -> bfloat16 bit patterns, rounded once to nearest, ties to even,
    as a device converts an integer or a double to bf16 (through fp32 a
    value just above a bf16 tie could round twice, onto the tie, then to
    even)."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        _, exponent = np.frexp(x)  # x = m * 2**exponent, 0.5 <= |m| < 1
        # bf16 keeps 8 significant bits, fewer below its smallest normal 2**-126
        step = np.ldexp(1.0, np.maximum(exponent - 1, -126) - 7)
        rounded = np.where(np.isfinite(x), np.rint(x / step) * step, x)  # exact in float64
        return _bf16_bits_rtne(rounded.astype(np.float32))  # now representable: no second rounding


def _fma_rounded_once(x: Any, y: Any, z: Any) -> Any:
    """``x * y + z`` (float64 numpy arrays holding fp32/fp16/bf16 values)
    with its one rounding still to come: the product is exact in float64
    and the sum is rounded to odd (an inexact sum gets an odd last bit), so
    rounding the result to a format of at most 51 bits rounds the exact value
    once, as an FMA does."""
    import numpy as np

    with np.errstate(over="ignore", invalid="ignore"):
        product = x * y
        total = product + z
        # the sum's rounding error, exactly (TwoSum)
        back = total - product
        error = (product - (total - back)) + (z - back)
        even = (total.view(np.int64) & 1) == 0
        nudge = (error != 0) & even & np.isfinite(total)
        return np.where(nudge, np.nextafter(total, np.where(error > 0, np.inf, -np.inf)), total)


def _bf16_atomic_add(ptrs: Any, values: Any, mask: Any) -> Any:
    """``tl.atomic_add`` of bf16 values (uint16 bit patterns) at ``ptrs``,
    one add at a time in the lanes' order, each rounded to bf16 as a device's
    bf16 atomic add rounds (to nearest even: the fp32 sum of two bf16 values
    is exact or far below a bf16 half-ulp, so rounding it once is the
    device's single rounding); returns the old values (0 in masked lanes).
    Lanes adding to one address are applied in turns: each turn loads,
    adds and stores the first pending lane of every address."""
    import numpy as np
    from triton.runtime import interpreter

    native = interpreter._interpreter
    shape = np.shape(ptrs)
    ptrs = np.asarray(ptrs).reshape(-1)
    widened = (np.broadcast_to(values, shape).reshape(-1).astype(np.uint32) << 16).view(np.float32)
    old = np.zeros(ptrs.shape, dtype=np.uint16)
    pending = np.flatnonzero(np.broadcast_to(mask, shape).reshape(-1))
    while pending.size:
        _, first = np.unique(ptrs[pending], return_index=True)
        turn = pending[np.sort(first)]
        every = np.ones(turn.shape, dtype=np.bool_)
        current = native.load(ptrs[turn], every, np.zeros(turn.shape, dtype=np.uint16), np.dtype(np.uint16))
        old[turn] = current
        total = (current.astype(np.uint32) << 16).view(np.float32) + widened[turn]
        native.store(ptrs[turn], _bf16_bits_rtne(total), every)
        pending = pending[~np.isin(pending, turn)]
    return old.reshape(shape)


@contextlib.contextmanager
def device_arithmetic() -> Iterator[None]:
    """While active, what Triton's interpreter (3.7 to 3.9,
    ``InterpreterBuilder``) computes differently from a compiled kernel is
    computed as a compiled kernel computes it:

    * ``cast_impl``, fp32 -> bf16: the interpreter passes no rounding mode,
      which truncates (11.0549 -> 11.0, where a device and torch give
      11.0625), so every bf16 store was biased toward zero by up to one bf16
      ulp; a compiled ``.to(tl.bfloat16)`` rounds to nearest even (the
      default ``fp_downcast_rounding``).
    * ``cast_impl``, anything else (an integer, a bool loaded from memory,
      fp64) -> bf16: the interpreter converted the value with numpy's
      ``astype`` to bf16's storage type, uint16, so the result was the
      source's bits (an int32 2 -> 1.8e-40, True -> 9.2e-41, an fp64 -1.0 ->
      NaN); the value is rounded once to nearest even.
    * ``create_dot`` on bf16 operands: the interpreter keeps bf16 blocks as
      their uint16 bit patterns and multiplied those (triton-lang/triton
      #11584): a bf16 ``tl.dot`` (Inductor's GEMM templates) gave garbage;
      the operands are widened to fp32, as the device's dot accumulates.
    * ``create_splat`` of a boolean scalar (a template's ``idx_q < BATCH`` in
      a store mask): the interpreter typed the comparison with its operands'
      int32 and splatted int32 data, which triton 3.9's store refuses as a
      mask ("mask has unsupported dtype"); bool data stays bool.
    * ``create_fma`` (``tl.fma``: Inductor's optimizer kernels): triton 3.7
      multiplies and adds, rounding twice (a quarter of random fp32 triples
      differ from the fused result), and 3.7 to 3.9 multiply a bf16 fma's bit
      patterns (garbage); fp32, fp16 and bf16 are rounded once
      (:func:`_fma_rounded_once`).
    * ``create_atomic_rmw``, a bf16 ``tl.atomic_add`` (scatter_add,
      index_put with accumulate, in bf16): the interpreter's atomics have no
      bf16 ("Unsupported data type"), so such a program could not run; it is
      added as a device adds (:func:`_bf16_atomic_add`).

    Everything else the interpreter does is left as it is."""
    import numpy as np
    import triton.language as tl
    from triton.runtime import interpreter

    builder = interpreter.InterpreterBuilder
    names = ("cast_impl", "create_dot", "create_splat", "create_atomic_rmw", "create_fma")
    originals = {name: getattr(builder, name) for name in names}

    def cast_impl(self: Any, src: Any, dst_type: Any) -> Any:
        if dst_type.scalar == tl.bfloat16 and src.dtype.scalar != tl.bfloat16:
            if src.dtype.scalar == tl.float32:
                bits = _bf16_bits_rtne(src.data)
            else:
                bits = _bf16_bits_rne_f64(np.asarray(src.data).astype(np.float64))
            data = bits.view(interpreter._get_np_dtype(dst_type))
            return interpreter.TensorHandle(data, dst_type.scalar)
        return originals["cast_impl"](self, src, dst_type)

    def widened(handle: Any) -> Any:
        if handle.dtype.scalar != tl.bfloat16:
            return handle
        data = interpreter._convert_float(handle.data, tl.bfloat16, tl.float32, None).view(np.float32)
        return interpreter.TensorHandle(data.reshape(handle.data.shape), tl.float32)

    def create_dot(self: Any, a: Any, b: Any, *args: Any, **kwargs: Any) -> Any:
        return originals["create_dot"](self, widened(a), widened(b), *args, **kwargs)

    def create_splat(self: Any, ret_ty: Any, arg: Any) -> Any:
        if not isinstance(arg.dtype, tl.block_type) and np.asarray(arg.data).dtype == np.bool_:
            return interpreter.TensorHandle(np.full(ret_ty.shape, arg.data, dtype=np.bool_), tl.int1)
        return originals["create_splat"](self, ret_ty, arg)

    def create_atomic_rmw(self: Any, rmw_op: Any, ptr: Any, val: Any, mask: Any, sem: Any, scope: Any) -> Any:
        if val.dtype.scalar == tl.bfloat16 and rmw_op == interpreter._ir.ATOMIC_OP.FADD:
            old = _bf16_atomic_add(ptr.data, val.data, mask.data)
            return interpreter.TensorHandle(old, tl.bfloat16)
        return originals["create_atomic_rmw"](self, rmw_op, ptr, val, mask, sem, scope)

    def create_fma(self: Any, x: Any, y: Any, z: Any) -> Any:
        dtype = z.dtype.scalar
        if dtype not in (tl.float32, tl.float16, tl.bfloat16):
            return originals["create_fma"](self, x, y, z)
        wide = [widened(h).data.astype(np.float64) for h in (x, y, z)]
        total = _fma_rounded_once(*np.broadcast_arrays(*wide))
        if dtype == tl.bfloat16:
            data = _bf16_bits_rne_f64(total).view(interpreter._get_np_dtype(dtype))
        else:
            data = total.astype(interpreter._get_np_dtype(dtype))
        return interpreter.TensorHandle(data, dtype)

    replacements = {
        "cast_impl": cast_impl,
        "create_fma": create_fma,
        "create_dot": create_dot,
        "create_splat": create_splat,
        "create_atomic_rmw": create_atomic_rmw,
    }
    with EXECUTION_LOCK:
        for name, fn in replacements.items():
            setattr(builder, name, fn)
        try:
            yield
        finally:
            for name, fn in originals.items():
                setattr(builder, name, fn)
