# golden: --quant int8 conv_block on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# AOT ID: ['<n>_inference']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
from torch._C._dynamo.guards import copy_if_misaligned
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _xpu_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p
_frozen_param0 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param1 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param2 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param3 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param4 = None  # device(type='xpu', index=0) torch.int64 (16,) (1,) <hash>
_frozen_param6 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param7 = None  # device(type='xpu', index=0) torch.int64 (16,) (1,) <hash>
_frozen_param9 = None  # device(type='xpu', index=0) torch.float32 (16,) (1,) <hash>
_frozen_param10 = None  # device(type='xpu', index=0) torch.int64 (16,) (1,) <hash>
_frozen_param12 = None  # device(type='xpu', index=0) torch.int8 (16, 8, 3, 3) (72, 9, 3, 1) <hash>
x_scale = None  # device(type='cpu') torch.float32 () () <hash>
x_zp = None  # device(type='cpu') torch.int32 () () <hash>
_frozen_param13 = None  # device(type='xpu', index=0) torch.int8 (16, 16, 3, 3) (144, 9, 3, 1) <hash>
_frozen_param14 = None  # device(type='xpu', index=0) torch.int8 (16, 8, 1, 1) (8, 1, 1, 1) <hash>
x_scale_0 = None  # device(type='cpu') torch.float32 () () <hash>
x_zp_0 = None  # device(type='cpu') torch.int32 () () <hash>
x_scale_1 = None  # device(type='cpu') torch.float32 () () <hash>
x_zp_1 = None  # device(type='cpu') torch.int32 () () <hash>


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [quantize_per_tensor_default], Original ATen: [quantized_decomposed.quantize_per_tensor]
# Source node to ATen node mapping:
#   quantize_per_tensor_default => quantize_per_tensor
# Graph fragment:
#   %arg12_1 : Tensor "f32[2, 8, 12, 12][1152, 144, 12, 1]xpu:0" = PlaceHolder[target=arg12_1]
#   %quantize_per_tensor : Tensor "i8[2, 8, 12, 12][1152, 144, 12, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.quantized_decomposed.quantize_per_tensor.default](args = (%arg12_1, <float>, -5, -128, 127, torch.int8), kwargs = {})
#   return %quantize_per_tensor
triton_poi_fused_quantize_per_tensor_0 = async_compile.triton('triton_poi_fused_quantize_per_tensor_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'y': 16, 'x': 256}, tile_hint=TileHint.SQUARE,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*i8', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'kernel_name': 'triton_poi_fused_quantize_per_tensor_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'y': 4608, 'x': 9216}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_quantize_per_tensor_0(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    ynumel = 16
    xnumel = 144
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x2 = xindex
    y3 = yindex
    y0 = (yindex % 8)
    y1 = yindex // 8
    tmp0 = tl.load(in_ptr0 + (x2 + 144*y3), xmask & ymask)
    tmp1 = tl.full([1, 1], <float>, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = libdevice.nearbyint(tmp2)
    tmp4 = tl.full([1, 1], -5.0, tl.float32)
    tmp5 = tmp3 + tmp4
    tmp6 = tl.full([1, 1], -128.0, tl.float32)
    tmp7 = triton_helpers.maximum(tmp5, tmp6)
    tmp8 = tl.full([1, 1], 127.0, tl.float32)
    tmp9 = triton_helpers.minimum(tmp7, tmp8)
    tmp10 = tmp9.to(tl.int8)
    tl.store(out_ptr0 + (y0 + 8*x2 + 1152*y1), tmp10, xmask & ymask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [dequantize_per_tensor_default_2], Original ATen: [quantized_decomposed.dequantize_per_tensor]
# Source node to ATen node mapping:
#   dequantize_per_tensor_default_2 => dequantize_per_tensor_3
# Graph fragment:
#   %qconv : Tensor "i8[2, 16, 12, 12][2304, 1, 192, 16]xpu:0" = PlaceHolder[target=qconv]
#   %dequantize_per_tensor_3 : Tensor "f32[2, 16, 12, 12][2304, 1, 192, 16]xpu:0"[num_users=1] = call_function[target=torch.ops.quantized_decomposed.dequantize_per_tensor.default](args = (%qconv, <float>, 11, -128, 127, torch.int8), kwargs = {})
#   return %qconv_binary
triton_poi_fused_dequantize_per_tensor_1 = async_compile.triton('triton_poi_fused_dequantize_per_tensor_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i8', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_dequantize_per_tensor_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 41472}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_dequantize_per_tensor_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 4608
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tmp0.to(tl.float32)
    tmp2 = tl.full([1], 11.0, tl.float32)
    tmp3 = tmp1 - tmp2
    tmp4 = tl.full([1], <float>, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp6 = tmp5.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
# Graph fragment:
#   %buf4 : Tensor  = PlaceHolder[target=buf4]
#   %inductor_force_stride_order_default : Tensor "f32[2, 16, 12, 12][2304, 144, 12, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.prims.inductor_force_stride_order.default](args = (%qconv_binary, (2304, 144, 12, 1)), kwargs = {})
#   return %inductor_force_stride_order_default
triton_poi_fused_2 = async_compile.triton('triton_poi_fused_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 36864}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 4608
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 144)
    x1 = ((xindex // 144) % 16)
    x2 = xindex // 2304
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x1 + 16*x0 + 2304*x2), xmask, eviction_policy='evict_last')
    tl.store(out_ptr0 + (x3), tmp0, xmask)
''', device_str='xpu')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        arg12_1, = args
        args.clear()
        assert_size_stride(arg12_1, (2, 8, 12, 12), (1152, 144, 12, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            arg12_1 = copy_if_misaligned(arg12_1)
            buf0 = empty_strided_xpu((2, 8, 12, 12), (1152, 1, 96, 8), torch.int8)
            # Topologically Sorted Source Nodes: [quantize_per_tensor_default], Original ATen: [quantized_decomposed.quantize_per_tensor]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_quantize_per_tensor_0.run(arg12_1, buf0, 16, 144, stream=raw_stream0)
            del arg12_1
            # Topologically Sorted Source Nodes: [quantize_per_tensor_default, quantize_per_tensor_default_1], Original ATen: [quantized_decomposed.quantize_per_tensor]
            buf1 = torch.ops.onednn.qconv_pointwise.tensor(buf0, x_scale, x_zp, _frozen_param12, _frozen_param3, _frozen_param4, _frozen_param0, [1, 1], [1, 1], [1, 1], 1, <float>, -128, torch.int8, 'relu', [None], '')
            assert_size_stride(buf1, (2, 16, 12, 12), (2304, 1, 192, 16), "torch._inductor.fx_passes.functools.partial(<function _register_quantized_conv_lowering.<locals>.qconv at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -5, 'packed_weight': qconv_prepack_2, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'stride': [1, 1], 'padding': [1, 1], 'dilation': [1, 1], 'groups': 1, 'output_scale': <float>, 'output_zero_point': -128, 'output_dtype': torch.int8, 'postop_name': 'relu', 'postop_args': [], 'postop_algorithm': ''}))")
            assert_size_stride(buf1, (2, 16, 12, 12), (2304, 1, 192, 16), "torch._inductor.fx_passes.functools.partial(<function _register_quantized_conv_lowering.<locals>.qconv at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -5, 'packed_weight': qconv_prepack_2, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'stride': [1, 1], 'padding': [1, 1], 'dilation': [1, 1], 'groups': 1, 'output_scale': <float>, 'output_zero_point': -128, 'output_dtype': torch.int8, 'postop_name': 'relu', 'postop_args': [], 'postop_algorithm': ''}))")
            # Topologically Sorted Source Nodes: [quantize_per_tensor_default_2], Original ATen: [quantized_decomposed.quantize_per_tensor]
            buf2 = torch.ops.onednn.qconv_pointwise.tensor(buf0, x_scale_0, x_zp_0, _frozen_param14, _frozen_param9, _frozen_param10, _frozen_param2, [1, 1], [0, 0], [1, 1], 1, <float>, 11, torch.int8, 'none', [None], '')
            assert_size_stride(buf2, (2, 16, 12, 12), (2304, 1, 192, 16), "torch._inductor.fx_passes.functools.partial(<function _register_quantized_conv_lowering.<locals>.qconv at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -5, 'packed_weight': qconv_prepack, 'w_scale': arg9_1, 'w_zp': arg10_1, 'b': arg2_1, 'stride': [1, 1], 'padding': [0, 0], 'dilation': [1, 1], 'groups': 1, 'output_scale': <float>, 'output_zero_point': 11, 'output_dtype': torch.int8, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            assert_size_stride(buf2, (2, 16, 12, 12), (2304, 1, 192, 16), "torch._inductor.fx_passes.functools.partial(<function _register_quantized_conv_lowering.<locals>.qconv at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -5, 'packed_weight': qconv_prepack, 'w_scale': arg9_1, 'w_zp': arg10_1, 'b': arg2_1, 'stride': [1, 1], 'padding': [0, 0], 'dilation': [1, 1], 'groups': 1, 'output_scale': <float>, 'output_zero_point': 11, 'output_dtype': torch.int8, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            del buf0
            buf3 = empty_strided_xpu((2, 16, 12, 12), (2304, 1, 192, 16), torch.float32)
            # Topologically Sorted Source Nodes: [dequantize_per_tensor_default_2], Original ATen: [quantized_decomposed.dequantize_per_tensor]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_dequantize_per_tensor_1.run(buf2, buf3, 4608, stream=raw_stream0)
            del buf2
            # Topologically Sorted Source Nodes: [dequantize_per_tensor_default_2, relu_1], Original ATen: [quantized_decomposed.dequantize_per_tensor, aten.relu]
            torch.ops.onednn.qconv2d_pointwise.binary_tensor(buf1, x_scale_1, x_zp_1, _frozen_param13, _frozen_param6, _frozen_param7, buf3, _frozen_param1, [1, 1], [1, 1], [1, 1], 1, 1.0, 0, torch.float32, 1.0, 0, 'sum', 1.0, 'relu', [None], '')
            del buf1
            buf5 = empty_strided_xpu((2, 16, 12, 12), (2304, 144, 12, 1), torch.float32)
            # Topologically Sorted Source Nodes: [], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_2.run(buf3, buf5, 4608, stream=raw_stream0)
            del buf3
        return (buf5, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    global _frozen_param0
    _frozen_param0 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param1
    _frozen_param1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param2
    _frozen_param2 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param3
    _frozen_param3 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param4
    _frozen_param4 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.int64)
    global _frozen_param6
    _frozen_param6 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param7
    _frozen_param7 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.int64)
    global _frozen_param9
    _frozen_param9 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param10
    _frozen_param10 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.int64)
    global _frozen_param12
    _frozen_param12 = rand_strided((16, 8, 3, 3), (72, 9, 3, 1), device='xpu:0', dtype=torch.int8)
    global x_scale
    x_scale = rand_strided((), (), device='cpu', dtype=torch.float32)
    global x_zp
    x_zp = rand_strided((), (), device='cpu', dtype=torch.int32)
    global _frozen_param13
    _frozen_param13 = rand_strided((16, 16, 3, 3), (144, 9, 3, 1), device='xpu:0', dtype=torch.int8)
    global _frozen_param14
    _frozen_param14 = rand_strided((16, 8, 1, 1), (8, 1, 1, 1), device='xpu:0', dtype=torch.int8)
    global x_scale_0
    x_scale_0 = rand_strided((), (), device='cpu', dtype=torch.float32)
    global x_zp_0
    x_zp_0 = rand_strided((), (), device='cpu', dtype=torch.int32)
    global x_scale_1
    x_scale_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    global x_zp_1
    x_zp_1 = rand_strided((), (), device='cpu', dtype=torch.int32)
    arg12_1 = rand_strided((2, 8, 12, 12), (1152, 144, 12, 1), device='xpu:0', dtype=torch.float32)
    return [arg12_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
