"""Tensor methods for simulated xpu tensors on a torch built without XPU.

Some ``torch.Tensor`` methods are hand-written C++ (python_variable_methods.cpp,
python_variable_indexing.cpp, tensor_new.cpp) that open an
``OptionalDeviceGuard`` on the tensor's device, or resolve a device without
an index to "the current device", before dispatching.  On a build without
XPU there is no device guard for ``xpu``, so these raise "PyTorch is not
linked with support for xpu devices" for every tensor whose device is
``xpu`` -- fake tensors, functional tensors and proxies included, although
none of them needs a device.  FakeTensorMode works around this for CUDA
only (``torch._C._ensureCUDADeviceGuardSet``).  Affected in torch 2.13:
``__getitem__``, ``__setitem__``, ``contiguous``, ``copy_``, ``__invert__``,
``nonzero``, ``new_tensor``, and ``to``/``xpu`` with an index-less xpu device.

Inductor hits them on every xpu compile (its pattern matcher traces
``randperm(...)[: n]`` for the input device in ``fx_passes/misc_patterns.py``;
decompositions call ``.contiguous()``), and so do most models.

:func:`tensor_method_overrides` returns replacements that do the same with
ATen operators (``aten.select``/``slice``/``unsqueeze``/``index``/
``index_put_``/``copy_``/``contiguous`` ...), in the order and with the
arguments the C++ code uses, so traced graphs are the ones an XPU build
records (for a Python-number value, what that is depends on the torch
release: see :class:`ScalarSetitemPaths`).  They are installed on
``torch.Tensor`` only inside :func:`inductor_xpu.device.simulate`; tensors
of other device types go to torch's own implementation unchanged.

Not covered (no Python-level hook exists): the autograd engine's
``InputMetadata`` also asks the device guard for the current stream, which
*aborts the process* when autograd records an op on an xpu tensor that
requires grad.  Simulations therefore run with grad disabled.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import sys
from collections.abc import Sequence
from typing import Any

import torch
from torch.overrides import handle_torch_function, has_torch_function
from torch.utils._python_dispatch import TorchDispatchMode


aten = torch.ops.aten

# PY_SSIZE_T_MAX: what an absent slice stop unpacks to in C++.
_SLICE_STOP_MAX = sys.maxsize

_ORIGINAL = {
    name: getattr(torch._C.TensorBase, name)
    for name in (
        "__getitem__",
        "__setitem__",
        "contiguous",
        "copy_",
        "__invert__",
        "nonzero",
        "new_tensor",
        "to",
        "xpu",
    )
}


def _is_int_like(obj: Any) -> bool:
    if isinstance(obj, bool):
        return False
    if isinstance(obj, (int, torch.SymInt)):
        return True
    if isinstance(obj, torch.Tensor):
        return False
    return hasattr(obj, "__index__") and not isinstance(obj, (float, complex))


def _as_int(obj: Any) -> Any:
    return obj if isinstance(obj, (int, torch.SymInt)) else operator.index(obj)


def _is_sequence(obj: Any) -> bool:
    return isinstance(obj, (list, tuple)) or (
        isinstance(obj, Sequence) and not isinstance(obj, (str, bytes, torch.Tensor))
    )


def _treat_sequence_as_tuple(index: Any) -> bool:
    # NumPy's legacy rule (C++ treatSequenceAsTuple): a short non-tuple
    # sequence holding a tensor, sequence, slice, Ellipsis or None is a tuple
    # of indices; otherwise it is one index.
    if isinstance(index, tuple):
        return True
    if isinstance(index, torch.Tensor) or not _is_sequence(index):
        return False
    if len(index) >= 32:
        return False
    return any(
        isinstance(item, (torch.Tensor, slice)) or _is_sequence(item) or item is Ellipsis or item is None
        for item in index
    )


def _index_tuple(index: Any) -> tuple[Any, ...]:
    return tuple(index) if _treat_sequence_as_tuple(index) else (index,)


def _count_specified_dimensions(indices: tuple[Any, ...]) -> int:
    count = 0
    for obj in indices:
        if isinstance(obj, torch.Tensor):
            count += obj.dim() if obj.dtype in (torch.bool, torch.uint8) else 1
        elif obj is None or obj is Ellipsis or isinstance(obj, bool):
            continue
        else:
            count += 1
    return count


def _statically_true(cond: Any) -> bool:
    if isinstance(cond, torch.SymBool):
        from torch.fx.experimental.symbolic_shapes import statically_known_true

        return bool(statically_known_true(cond))
    return bool(cond)


def _apply_select(result: torch.Tensor, dim: int, index: Any, real_dim: int) -> torch.Tensor:
    if result.dim() == 0:
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
        )
    index = _as_int(index)
    size = result.size(dim)
    if isinstance(index, int) and isinstance(size, int) and (index < -size or index >= size):
        raise IndexError(
            f"index {index} is out of bounds for dimension {real_dim} with size {size}"
        )
    return aten.select.int(result, dim, index)


def _apply_slice(
    result: torch.Tensor, dim: int, piece: slice, disable_slice_optimization: bool
) -> torch.Tensor:
    step = 1 if piece.step is None else _as_int(piece.step)
    if isinstance(step, int) and step <= 0:
        raise ValueError("step must be greater than zero")
    start = 0 if piece.start is None else _as_int(piece.start)
    stop = _SLICE_STOP_MAX if piece.stop is None else _as_int(piece.stop)
    if (
        not disable_slice_optimization
        and result.dim() > 0
        and _statically_true(start == 0)
        and _statically_true(result.size(dim) <= stop)
        and _statically_true(step == 1)
    ):
        return result  # a slice spanning the whole axis: no operator recorded
    return aten.slice.Tensor(result, dim, start, stop, step)


def _bool_index_tensor(like: torch.Tensor, value: bool) -> torch.Tensor:
    # C++ boolToIndexingTensor: a 1-element (True) or empty (False) long
    # index on self's device; for True, CPU fills an empty tensor with 0 and
    # other devices allocate zeros.
    if not value:
        return aten.empty.memory_format([0], dtype=torch.long, layout=like.layout, device=like.device)
    if like.device.type == "cpu":
        out = aten.empty.memory_format([1], dtype=torch.long, layout=like.layout, device=like.device)
        return aten.fill_.Scalar(out, 0.0)
    return aten.zeros.default([1], dtype=torch.long, layout=like.layout, device=like.device)


def _sequence_to_tensor(seq: Any, device: torch.device) -> torch.Tensor:
    flat = list(_flatten(seq))
    dtype = torch.bool if flat and all(isinstance(v, bool) for v in flat) else torch.long
    return torch.tensor(seq, dtype=dtype, device=device)


def _flatten(seq: Any):
    for item in seq:
        if _is_sequence(item):
            yield from _flatten(item)
        else:
            yield item


def _record(out: list[torch.Tensor | None], dim: int, tensor: torch.Tensor) -> int:
    while len(out) <= dim:
        out.append(None)
    out[dim] = tensor
    if tensor.dtype in (torch.bool, torch.uint8):
        return dim + tensor.dim()
    return dim + 1


def _apply_slicing(
    self: torch.Tensor, indices: tuple[Any, ...], disable_slice_optimization: bool = False
) -> tuple[torch.Tensor, list[torch.Tensor | None]]:
    specified = _count_specified_dimensions(indices)
    if specified > self.dim():
        raise IndexError(f"too many indices for tensor of dimension {self.dim()}")
    result = self
    out: list[torch.Tensor | None] = []
    dim = 0
    for real_dim, obj in enumerate(indices):
        if _is_int_like(obj):
            result = _apply_select(result, dim, obj, real_dim)
        elif isinstance(obj, slice):
            result = _apply_slice(result, dim, obj, disable_slice_optimization)
            dim += 1
        elif obj is Ellipsis:
            dim += self.dim() - specified
        elif obj is None:
            result = aten.unsqueeze.default(result, dim)
            dim += 1
        elif isinstance(obj, bool):
            result = aten.unsqueeze.default(result, dim)
            dim = _record(out, dim, _bool_index_tensor(result, obj))
        elif isinstance(obj, torch.Tensor):
            if obj.dim() == 0 and (obj.dtype == torch.bool or not obj.is_floating_point() and not obj.is_complex()):
                if obj.dtype in (torch.bool, torch.uint8):
                    result = aten.unsqueeze.default(result, dim)
                    dim = _record(out, dim, _bool_index_tensor(result, bool(obj.item())))
                else:
                    result = _apply_select(result, dim, int(obj.item()), real_dim)
            else:
                dim = _record(out, dim, obj)
        elif _is_sequence(obj):
            dim = _record(out, dim, _sequence_to_tensor(obj, self.device))
        else:
            raise IndexError(
                "only integers, slices (`:`), ellipsis (`...`), None and long or "
                f"byte Variables are valid indices (got {type(obj).__name__})"
            )
    return result, out


_NUMBER_TYPES = (bool, int, float, complex, torch.SymInt, torch.SymFloat, torch.SymBool)


def _check_value(self: torch.Tensor, value: Any) -> None:
    if not isinstance(value, (torch.Tensor, *_NUMBER_TYPES)):
        raise TypeError(f"can't assign a {type(value).__name__} to a {self.dtype} tensor")


def _scalar_arg(value: Any) -> Any:
    # C++ unpacks a Python bool as an integer (bool is an int subclass), so it
    # records fill_(t, 1) and scalar_tensor(1, ...), not True.
    return int(value) if isinstance(value, bool) else value


def _value_to_tensor(self: torch.Tensor, value: Any) -> torch.Tensor:
    # C++ valueToTensor: a tensor is used as is; a Python number becomes a
    # 0-dim tensor of self's dtype -- on CPU a constant (scalar_tensor_static,
    # then lift_fresh), elsewhere an at::scalar_tensor on self's device.
    if isinstance(value, torch.Tensor):
        return value
    _check_value(self, value)
    symbolic = isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool))
    if self.device.type == "cpu" and not symbolic:
        from torch.utils._python_dispatch import _disable_current_modes

        with _disable_current_modes(), torch._C.DisableTorchFunction():
            constant = torch.scalar_tensor(value, dtype=self.dtype, device="cpu")  # type: ignore[arg-type]
        return aten.lift_fresh.default(constant)
    return aten.scalar_tensor.default(_scalar_arg(value), dtype=self.dtype, layout=self.layout, device=self.device)


@dataclasses.dataclass(frozen=True)
class ScalarSetitemPaths:
    """Which in-place fill operators the installed torch's C++ ``__setitem__``
    records for a Python-number value instead of materialising it as a 0-dim
    tensor (``lift_fresh``/``scalar_tensor``) and copying or ``index_put_``-ing
    that.  torch 2.13 has none; torch 2.15 has all three:

    * ``fill``: basic indexing (ints, slices, None, Ellipsis, bools) ->
      ``fill_.Scalar`` on the view;
    * ``index_fill``: exactly one index tensor, of dtype long ->
      ``index_fill_.int_Scalar`` along its dimension (flattened if not 1-D);
    * ``masked_fill``: exactly one index tensor, a bool/uint8 mask ->
      ``masked_fill_.Scalar`` with the mask unsqueezed at the end to
      broadcast against the view.

    Where any path exists the number is only turned into a tensor once the
    indices are applied and no path fits (so after the slicing operators),
    as 2.15 does; otherwise before the slicing, as 2.13 does.
    """

    fill: bool = False
    index_fill: bool = False
    masked_fill: bool = False

    @property
    def defers_value(self) -> bool:
        return self.fill or self.index_fill or self.masked_fill


class _RecordOps(TorchDispatchMode):
    def __init__(self) -> None:
        super().__init__()
        self.ops: set[Any] = set()

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        self.ops.add(func)
        return func(*args, **(kwargs or {}))


@functools.cache
def scalar_setitem_paths() -> ScalarSetitemPaths:
    """Ask the installed torch, once, which :class:`ScalarSetitemPaths` its
    C++ ``__setitem__`` takes, by running it on tiny CPU tensors under a
    dispatch mode that records the operators it calls.

    Probing the behaviour (rather than comparing ``torch.__version__``) is
    what keeps the simulation faithful to the C++ actually installed: nightly
    and vendor builds between releases, and backports, get what they do, not
    what their version number suggests.  The C++ decision depends neither on
    the device nor on the dtype (checked on cpu and meta against 2.13 and
    2.15), so a CPU run answers for xpu tensors too.
    """
    from torch.utils._python_dispatch import _disable_current_modes

    setitem = _ORIGINAL["__setitem__"]
    found: dict[str, bool] = {}
    with _disable_current_modes(), torch._C.DisableTorchFunction(), torch.no_grad():
        probes = {
            "fill": (0, aten.fill_.Scalar),
            "index_fill": (torch.tensor([0]), aten.index_fill_.int_Scalar),
            "masked_fill": (torch.tensor([True, False]), aten.masked_fill_.Scalar),
        }
        for name, (index, op) in probes.items():
            target = torch.zeros(2, 2)
            with _RecordOps() as recorder:
                setitem(target, index, 1.0)
            found[name] = op in recorder.ops
    return ScalarSetitemPaths(**found)


def _assign(dst: torch.Tensor, self: torch.Tensor, value: Any, paths: ScalarSetitemPaths) -> None:
    # Basic indexing: ``dst`` is the view of ``self`` the indices select.
    if not isinstance(value, torch.Tensor) and paths.fill:
        aten.fill_.Scalar(dst, _scalar_arg(value))
        return
    _copy_to(dst, _value_to_tensor(self, value))


def _fill_indexed(
    sliced: torch.Tensor, tensor_indices: list[torch.Tensor | None], value: Any, paths: ScalarSetitemPaths
) -> bool:
    """Record the single-index-tensor fill for a number ``value`` where this
    torch has one; False when it does not apply (then ``index_put_``)."""
    present = [(dim, t) for dim, t in enumerate(tensor_indices) if t is not None]
    if len(present) != 1:
        return False
    dim, index = present[0]
    if index.dtype in (torch.bool, torch.uint8):
        if not paths.masked_fill:
            return False
        mask = index
        for _ in range(sliced.dim() - dim - index.dim()):
            mask = aten.unsqueeze.default(mask, -1)
        aten.masked_fill_.Scalar(sliced, mask, _scalar_arg(value))
        return True
    if index.dtype != torch.long or not paths.index_fill:
        return False
    if index.dim() != 1:
        index = aten.view.default(index, [-1])
    aten.index_fill_.int_Scalar(sliced, dim, index, _scalar_arg(value))
    return True


def _slice_prefix_ones(sizes: Sequence[Any]) -> list[Any]:
    sizes = list(sizes)
    first = 0
    while first < len(sizes) and _statically_true(sizes[first] == 1):
        first += 1
    return sizes[first:]


def _copy_to(dst: torch.Tensor, src: torch.Tensor) -> None:
    if list(dst.shape) == list(src.shape):
        aten.copy_.default(dst, src)
        return
    if src.dim() == 0 and src.device.type == "cpu":
        aten.fill_.Tensor(dst, src)
        return
    src_view = aten.view.default(src, _slice_prefix_ones(src.shape))
    if list(src_view.shape) != list(dst.shape):
        src_view = aten.expand.default(src_view, list(dst.shape))
    aten.copy_.default(dst, src_view)


def getitem(self: torch.Tensor, index: Any) -> torch.Tensor:
    """``self[index]`` with ATen operators (see the module docstring)."""
    if has_torch_function((self,)):
        return handle_torch_function(torch.Tensor.__getitem__, (self,), self, index)
    indices = _index_tuple(index)
    # A lone slice always records its slice (C++ get-item disables the
    # whole-axis shortcut there so the result is a fresh view).
    result, tensor_indices = _apply_slicing(
        self, indices, disable_slice_optimization=isinstance(index, slice)
    )
    if not tensor_indices:
        if result is self:
            return aten.alias.default(self)  # x[...] is a new view, never self
        return result
    return aten.index.Tensor(result, tensor_indices)


def setitem(self: torch.Tensor, index: Any, value: Any) -> None:
    """``self[index] = value`` with ATen operators (see the module docstring
    and :class:`ScalarSetitemPaths` for a Python-number value)."""
    if has_torch_function((self,)) or (
        isinstance(value, torch.Tensor) and has_torch_function((value,))
    ):
        handle_torch_function(torch.Tensor.__setitem__, (self, value), self, index, value)
        return
    _check_value(self, value)
    paths = ScalarSetitemPaths() if isinstance(value, torch.Tensor) else scalar_setitem_paths()
    if not paths.defers_value:
        value = _value_to_tensor(self, value)
    if index is False:
        return
    if index is None or index is True:
        _assign(aten.unsqueeze.default(self, 0), self, value, paths)
        return
    if index is Ellipsis:
        _assign(self, self, value, paths)
        return
    indices = _index_tuple(index)
    sliced, tensor_indices = _apply_slicing(self, indices)
    if not tensor_indices:
        _assign(sliced, self, value, paths)
        return
    if not isinstance(value, torch.Tensor):
        if _fill_indexed(sliced, tensor_indices, value, paths):
            return
        value = _value_to_tensor(self, value)
    prefixless = _slice_prefix_ones(value.shape)
    if list(prefixless) != list(value.shape):
        value = aten.view.default(value, prefixless)
    aten.index_put_.default(sliced, tensor_indices, value, False)


def contiguous(self: torch.Tensor, memory_format: torch.memory_format = torch.contiguous_format) -> torch.Tensor:
    if has_torch_function((self,)):
        return handle_torch_function(torch.Tensor.contiguous, (self,), self, memory_format=memory_format)
    if self.is_contiguous(memory_format=memory_format):
        return self
    return aten.contiguous.default(self, memory_format=memory_format)


def copy_(self: torch.Tensor, src: torch.Tensor, non_blocking: bool = False) -> torch.Tensor:
    if has_torch_function((self, src)):
        return handle_torch_function(torch.Tensor.copy_, (self, src), self, src, non_blocking)
    return aten.copy_.default(self, src, non_blocking)


def invert(self: torch.Tensor) -> torch.Tensor:
    if has_torch_function((self,)):
        return handle_torch_function(torch.Tensor.__invert__, (self,), self)
    if self.is_floating_point() or self.is_complex():
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return aten.bitwise_not.default(self)


def nonzero(self: torch.Tensor, *, as_tuple: bool = False) -> Any:
    if has_torch_function((self,)):
        return handle_torch_function(
            torch.Tensor.nonzero, (self,), self, as_tuple=as_tuple  # type: ignore[arg-type]
        )
    if as_tuple:
        return tuple(aten.nonzero_numpy.default(self))
    return aten.nonzero.default(self)


def new_tensor(
    self: torch.Tensor,
    data: Any,
    dtype: torch.dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    layout: Any = None,
    pin_memory: bool = False,
) -> torch.Tensor:
    if has_torch_function((self,)):
        return handle_torch_function(
            torch.Tensor.new_tensor, (self,), self, data, dtype=dtype, device=device,
            requires_grad=requires_grad,
        )
    dtype = self.dtype if dtype is None else dtype
    device = self.device if device is None else _with_index(torch.device(device), None)
    if isinstance(data, torch.Tensor):
        out = aten._to_copy.default(data.detach(), dtype=dtype, device=device)
    else:
        out = torch.tensor(data, dtype=dtype, device=device)
    return out.requires_grad_(requires_grad)


def _with_index(device: torch.device, current: Any) -> torch.device:
    if device.index is not None:
        return device
    return torch.device(device.type, current() if callable(current) else 0)


def make_tensor_method_overrides(device_type: str, current_device: Any = None) -> dict[str, Any]:
    """Replacements for the ``torch.Tensor`` methods named in the module
    docstring.  Tensors on ``device_type`` use the ATen-level versions above;
    every other tensor gets torch's own C++ method.  ``to``/``xpu`` apply to
    all tensors: they give an index-less ``device_type`` device the index
    ``current_device()`` (0 if not given) and then call torch's ``to``."""

    def on_device(t: torch.Tensor) -> bool:
        return t.device.type == device_type

    def indexed(value: Any) -> Any:
        if isinstance(value, str) and value.split(":")[0] == device_type:
            value = torch.device(value)
        if isinstance(value, torch.device) and value.type == device_type:
            return _with_index(value, current_device)
        return value

    def routed(name: str, replacement: Any) -> Any:
        original = _ORIGINAL[name]

        def method(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
            if on_device(self):
                return replacement(self, *args, **kwargs)
            return original(self, *args, **kwargs)

        method.__name__ = name
        method.__qualname__ = f"Tensor.{name}"
        return method

    def to(self: torch.Tensor, *args: Any, **kwargs: Any) -> Any:
        args = tuple(indexed(a) for a in args)
        if "device" in kwargs:
            kwargs["device"] = indexed(kwargs["device"])
        return _ORIGINAL["to"](self, *args, **kwargs)

    def xpu(self: torch.Tensor, device: Any = None, non_blocking: bool = False,
            memory_format: torch.memory_format = torch.preserve_format) -> torch.Tensor:
        if device is None:
            device = torch.device(device_type)
        elif isinstance(device, int):
            device = torch.device(device_type, device)
        return to(self, indexed(device), non_blocking=non_blocking, memory_format=memory_format)

    to.__qualname__ = "Tensor.to"
    overrides: dict[str, Any] = {
        "__getitem__": routed("__getitem__", getitem),
        "__setitem__": routed("__setitem__", setitem),
        "contiguous": routed("contiguous", contiguous),
        "copy_": routed("copy_", copy_),
        "__invert__": routed("__invert__", invert),
        "nonzero": routed("nonzero", nonzero),
        "new_tensor": routed("new_tensor", new_tensor),
        "to": to,
    }
    if device_type == "xpu":
        xpu.__qualname__ = "Tensor.xpu"
        overrides["xpu"] = xpu
    return overrides


_ORIGINAL_TENSOR_FACTORY = torch.tensor


def make_tensor_factory_override(device_type: str) -> Any:
    """A replacement for ``torch.tensor`` that copy-constructs from a tensor
    on ``device_type`` with ``aten._to_copy`` (what the C++ factory does
    after it has initialised the device, which a build without XPU refuses:
    "Torch not compiled with XPU enabled").  Inductor's oneDNN INT8
    lowerings convert a weight zero point this way
    (``mkldnn_lowerings.py``: ``torch.tensor(w_zp_tensor, dtype=torch.int32)``).
    Any other data goes to torch's own factory."""

    def tensor(data: Any, *args: Any, dtype: torch.dtype | None = None, device: Any = None,
               requires_grad: bool = False, **kwargs: Any) -> Any:
        if not args and isinstance(data, torch.Tensor) and data.device.type == device_type and (
            device is None or torch.device(device).type == device_type
        ):
            out = aten._to_copy.default(
                data.detach(), dtype=dtype or data.dtype, device=data.device if device is None else device
            )
            return out.requires_grad_(requires_grad)
        return _ORIGINAL_TENSOR_FACTORY(data, *args, dtype=dtype, device=device, requires_grad=requires_grad, **kwargs)

    tensor.__qualname__ = tensor.__name__ = "tensor"
    return tensor


def device_guard_available(device_type: str) -> bool:
    """Whether this torch has a C++ device guard for ``device_type``
    (i.e. whether the C++ indexing works on its tensors)."""
    module = getattr(torch, device_type, None)
    is_compiled = getattr(module, "_is_compiled", None)
    return bool(is_compiled()) if callable(is_compiled) else False
