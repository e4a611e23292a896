# golden: training step of transformer_block_sdpa on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# ===== graph 0 of 2: forward =====
# AOT ID: ['<n>_forward']
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


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [layer_norm], Original ATen: [aten.native_layer_norm]
# Source node to ATen node mapping:
#   layer_norm => add, add_1, mul, mul_1, rsqrt, sub, var_mean
# Graph fragment:
#   %primals_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=primals_1]
#   %buf1 : Tensor "f32[2, 16, 1][16, 1, 32]xpu:0" = PlaceHolder[target=buf1]
#   %getitem_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=rsqrt]
#   %primals_2 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_2]
#   %primals_3 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_3]
#   %var_mean : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%primals_1, [2]), kwargs = {correction: 0, keepdim: True})
#   %add : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, 1e-05), kwargs = {})
#   %rsqrt : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add,), kwargs = {})
#   %sub : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%primals_1, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %primals_2), kwargs = {})
#   %add_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_1, %primals_3), kwargs = {})
#   return %getitem_1,%buf1,%rsqrt,%add_1
triton_per_fused_native_layer_norm_0 = async_compile.triton('triton_per_fused_native_layer_norm_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 32, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_native_layer_norm_0', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 3, 'num_reduction': 4, 'autotune_hints': set(), 'tiling_scores': {'x': 512, 'r0_': 25088}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_native_layer_norm_0(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 32
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp23 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp25 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.broadcast_to(tmp1, [XBLOCK, R0_BLOCK])
    tmp6 = tl.where(xmask, tmp4, 0)
    tmp7 = tl.sum(tmp6, 1)[:, None].to(tl.float32)
    tmp8 = (tl.full([1, 1], 64, tl.int32)).to(tl.float32)
    tmp9 = (tmp7 / tmp8)
    tmp10 = tmp1 - tmp9
    tmp11 = tmp10 * tmp10
    tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
    tmp14 = tl.where(xmask, tmp12, 0)
    tmp15 = tl.sum(tmp14, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 64.0, tl.float32)
    tmp17 = (tmp15 / tmp16)
    tmp18 = tl.full([1, 1], 1e-05, tl.float32)
    tmp19 = tmp17 + tmp18
    tmp20 = libdevice.rsqrt(tmp19)
    tmp21 = tmp0 - tmp9
    tmp22 = tmp21 * tmp20
    tmp24 = tmp22 * tmp23
    tmp26 = tmp24 + tmp25
    tl.store(in_out_ptr0 + (x0), tmp20, xmask)
    tl.store(out_ptr1 + (r0_1 + 64*x0), tmp26, xmask)
    tl.store(out_ptr0 + (x0), tmp9, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [linear_1, x, layer_norm_1], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
# Source node to ATen node mapping:
#   layer_norm_1 => add_3, add_4, mul_2, mul_3, rsqrt_1, sub_1, var_mean_1
#   linear_1 => view_5
#   x => add_2
# Graph fragment:
#   %primals_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=primals_1]
#   %addmm_1 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=addmm_1]
#   %buf13 : Tensor "f32[2, 16, 1][16, 1, 32]xpu:0" = PlaceHolder[target=buf13]
#   %getitem_15 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=getitem_15]
#   %rsqrt_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=rsqrt_1]
#   %primals_8 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_8]
#   %primals_9 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_9]
#   %view_5 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [2, 16, 64]), kwargs = {})
#   %add_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_1, %view_5), kwargs = {})
#   %var_mean_1 : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%add_2, [2]), kwargs = {correction: 0, keepdim: True})
#   %add_3 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_14, 1e-05), kwargs = {})
#   %rsqrt_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_3,), kwargs = {})
#   %sub_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_2, %getitem_15), kwargs = {})
#   %mul_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_1, %rsqrt_1), kwargs = {})
#   %mul_3 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, %primals_8), kwargs = {})
#   %add_4 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_3, %primals_9), kwargs = {})
#   return %getitem_15,%buf13,%rsqrt_1,%add_4
triton_per_fused_add_native_layer_norm_view_1 = async_compile.triton('triton_per_fused_add_native_layer_norm_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 32, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 3, 'num_reduction': 4, 'autotune_hints': set(), 'tiling_scores': {'x': 512, 'r0_': 33280}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_view_1(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 32
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp25 = tl.load(in_ptr2 + (r0_1), None, eviction_policy='evict_last')
    tmp27 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
    tmp8 = tl.where(xmask, tmp6, 0)
    tmp9 = tl.sum(tmp8, 1)[:, None].to(tl.float32)
    tmp10 = (tl.full([1, 1], 64, tl.int32)).to(tl.float32)
    tmp11 = (tmp9 / tmp10)
    tmp12 = tmp3 - tmp11
    tmp13 = tmp12 * tmp12
    tmp14 = tl.broadcast_to(tmp13, [XBLOCK, R0_BLOCK])
    tmp16 = tl.where(xmask, tmp14, 0)
    tmp17 = tl.sum(tmp16, 1)[:, None].to(tl.float32)
    tmp18 = tl.full([1, 1], 64.0, tl.float32)
    tmp19 = (tmp17 / tmp18)
    tmp20 = tl.full([1, 1], 1e-05, tl.float32)
    tmp21 = tmp19 + tmp20
    tmp22 = libdevice.rsqrt(tmp21)
    tmp23 = tmp2 - tmp11
    tmp24 = tmp23 * tmp22
    tmp26 = tmp24 * tmp25
    tmp28 = tmp26 + tmp27
    tl.store(in_out_ptr0 + (x0), tmp22, xmask)
    tl.store(out_ptr1 + (r0_1 + 64*x0), tmp28, xmask)
    tl.store(out_ptr0 + (x0), tmp11, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.view, aten.gelu]
# Source node to ATen node mapping:
#   gelu => add_5, erf, mul_4, mul_5, mul_6
#   linear_2 => view_7
# Graph fragment:
#   %addmm_2 : Tensor "f32[32, 256][256, 1]xpu:0" = PlaceHolder[target=addmm_2]
#   %view_7 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [2, 16, 256]), kwargs = {})
#   %mul_4 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, 0.5), kwargs = {})
#   %mul_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, 0.7071067811865476), kwargs = {})
#   %erf : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_5,), kwargs = {})
#   %add_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf, 1), kwargs = {})
#   %mul_6 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_4, %add_5), kwargs = {})
#   return %mul_6
triton_poi_fused_gelu_view_2 = async_compile.triton('triton_poi_fused_gelu_view_2', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_gelu_view_2', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 98304}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_view_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 8192
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None)
    tmp1 = tl.full([1], 0.5, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp4 = tmp0 * tmp3
    tmp5 = libdevice.erf(tmp4)
    tmp6 = tl.full([1], 1.0, tl.float32)
    tmp7 = tmp5 + tmp6
    tmp8 = tmp2 * tmp7
    tl.store(out_ptr0 + (x0), tmp8, None)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [linear_1, x, linear_3, add_1], Original ATen: [aten.view, aten.add, aten.addmm]
# Source node to ATen node mapping:
#   add_1 => add_6
#   linear_1 => view_5
#   linear_3 => add_tensor, view_9
#   x => add_2
# Graph fragment:
#   %primals_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=primals_1]
#   %addmm_1 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=addmm_1]
#   %primals_13 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_13]
#   %mm_default : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=mm_default]
#   %view_5 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [2, 16, 64]), kwargs = {})
#   %add_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_1, %view_5), kwargs = {})
#   %add_tensor : Tensor "f32[32, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_13, %mm_default), kwargs = {})
#   %view_9 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor, [2, 16, 64]), kwargs = {})
#   %add_6 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_2, %view_9), kwargs = {})
#   return %add_6
triton_poi_fused_add_addmm_view_3 = async_compile.triton('triton_poi_fused_add_addmm_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_add_addmm_view_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 41216}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_addmm_view_3(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % 64)
    tmp0 = tl.load(in_ptr0 + (x2), xmask)
    tmp1 = tl.load(in_ptr1 + (x2), xmask)
    tmp3 = tl.load(in_ptr2 + (x0), xmask, eviction_policy='evict_last')
    tmp4 = tl.load(in_out_ptr0 + (x2), xmask)
    tmp2 = tmp0 + tmp1
    tmp5 = tmp3 + tmp4
    tmp6 = tmp2 + tmp5
    tl.store(in_out_ptr0 + (x2), tmp6, xmask)
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
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13 = args
        args.clear()
        assert_size_stride(primals_1, (2, 16, 64), (1024, 64, 1), 'input')
        assert_size_stride(primals_2, (64, ), (1, ), 'input')
        assert_size_stride(primals_3, (64, ), (1, ), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            primals_1 = copy_if_misaligned(primals_1)
            buf0 = empty_strided_xpu((2, 16, 1), (16, 1, 1), torch.float32)
            buf1 = empty_strided_xpu((2, 16, 1), (16, 1, 32), torch.float32)
            buf3 = reinterpret_tensor(buf1, (2, 16, 1), (16, 1, 1), 0); del buf1  # reuse
            buf4 = empty_strided_xpu((2, 16, 64), (1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [layer_norm], Original ATen: [aten.native_layer_norm]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_0.run(buf3, primals_1, primals_2, primals_3, buf0, buf4, 32, 64, stream=raw_stream0)
            del primals_2
            del primals_3
            assert_size_stride(primals_5, (192, ), (1, ), 'input')
            assert_size_stride(primals_4, (192, 64), (64, 1), 'input')
            buf5 = empty_strided_xpu((32, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [layer_norm, linear], Original ATen: [aten.native_layer_norm, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(primals_5, reinterpret_tensor(buf4, (32, 64), (64, 1), 0), reinterpret_tensor(primals_4, (64, 192), (1, 64), 0), alpha=1, beta=1, out=buf5)
            del primals_5
            # Topologically Sorted Source Nodes: [linear, view, unbind, transpose, transpose_1, transpose_2, attn], Original ATen: [aten.view, aten.unbind, aten.transpose, aten._scaled_dot_product_fused_attention_overrideable]
            buf6 = torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default(reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 0), reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 64), reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 128), None, 0.0, True)
            buf7 = buf6[0]
            assert_size_stride(buf7, (2, 4, 16, 16), (1024, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            assert_alignment(buf7, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            buf8 = buf6[1]
            assert_size_stride(buf8, (2, 4, 16), (64, 16, 1), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            assert_alignment(buf8, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            buf9 = buf6[6]
            assert_size_stride(buf9, (), (), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            assert_alignment(buf9, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            buf10 = buf6[7]
            assert_size_stride(buf10, (), (), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            assert_alignment(buf10, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            del buf6
            assert_size_stride(primals_7, (64, ), (1, ), 'input')
            assert_size_stride(primals_6, (64, 64), (64, 1), 'input')
            buf11 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [transpose_3, reshape, linear_1], Original ATen: [aten.transpose, aten.view, aten.t, aten.addmm]
            extern_kernels.addmm(primals_7, reinterpret_tensor(buf7, (32, 64), (64, 1), 0), reinterpret_tensor(primals_6, (64, 64), (1, 64), 0), alpha=1, beta=1, out=buf11)
            del primals_7
            assert_size_stride(primals_8, (64, ), (1, ), 'input')
            assert_size_stride(primals_9, (64, ), (1, ), 'input')
            buf12 = empty_strided_xpu((2, 16, 1), (16, 1, 1), torch.float32)
            buf13 = empty_strided_xpu((2, 16, 1), (16, 1, 32), torch.float32)
            buf15 = reinterpret_tensor(buf13, (2, 16, 1), (16, 1, 1), 0); del buf13  # reuse
            buf16 = empty_strided_xpu((2, 16, 64), (1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_1, x, layer_norm_1], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_view_1.run(buf15, primals_1, buf11, primals_8, primals_9, buf12, buf16, 32, 64, stream=raw_stream0)
            del primals_9
            assert_size_stride(primals_11, (256, ), (1, ), 'input')
            assert_size_stride(primals_10, (256, 64), (64, 1), 'input')
            buf17 = empty_strided_xpu((32, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_1, x, layer_norm_1, linear_2], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.t, aten.addmm]
            extern_kernels.addmm(primals_11, reinterpret_tensor(buf16, (32, 64), (64, 1), 0), reinterpret_tensor(primals_10, (64, 256), (1, 64), 0), alpha=1, beta=1, out=buf17)
            del primals_11
            buf18 = empty_strided_xpu((2, 16, 256), (4096, 256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_2, gelu], Original ATen: [aten.view, aten.gelu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_view_2.run(buf17, buf18, 8192, stream=raw_stream0)
            assert_size_stride(primals_12, (64, 256), (256, 1), 'input')
            buf19 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_2, gelu, linear_3], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
            extern_kernels.mm(reinterpret_tensor(buf18, (32, 256), (256, 1), 0), reinterpret_tensor(primals_12, (256, 64), (1, 256), 0), out=buf19)
            assert_size_stride(primals_13, (64, ), (1, ), 'input')
            buf20 = reinterpret_tensor(buf19, (2, 16, 64), (1024, 64, 1), 0); del buf19  # reuse
            # Topologically Sorted Source Nodes: [linear_1, x, linear_3, add_1], Original ATen: [aten.view, aten.add, aten.addmm]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_add_addmm_view_3.run(buf20, primals_1, buf11, primals_13, 2048, stream=raw_stream0)
            del primals_13
        return (buf20, primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, buf0, buf3, reinterpret_tensor(buf4, (32, 64), (64, 1), 0), reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 0), reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 64), reinterpret_tensor(buf5, (2, 4, 16, 16), (3072, 16, 192, 1), 128), buf7, buf8, buf9, buf10, buf11, buf12, buf15, reinterpret_tensor(buf16, (32, 64), (64, 1), 0), buf17, reinterpret_tensor(buf18, (32, 256), (256, 1), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((2, 16, 64), (1024, 64, 1), device='xpu:0', dtype=torch.float32)
    primals_2 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_3 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_4 = rand_strided((192, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_5 = rand_strided((192, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_6 = rand_strided((64, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_7 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_8 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_9 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_10 = rand_strided((256, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_11 = rand_strided((256, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_12 = rand_strided((64, 256), (256, 1), device='xpu:0', dtype=torch.float32)
    primals_13 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
# ===== graph 1 of 2: backward =====
# AOT ID: ['<n>_backward']
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


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_10, sum_1], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_1 => sum_1
#   view_10 => view_10
# Graph fragment:
#   %tangents_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=tangents_1]
#   %view_10 : Tensor "f32[32, 64][64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%tangents_1, [32, 64]), kwargs = {})
#   %sum_1 : Tensor "f32[1, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_10, [0], True), kwargs = {})
#   return %sum_1
triton_per_fused_sum_view_0 = async_compile.triton('triton_per_fused_sum_view_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 32},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_view_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': set(), 'tiling_scores': {'x': 8704, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_view_0(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13], Original ATen: [aten.view, aten.gelu, aten.gelu_backward]
# Source node to ATen node mapping:
#   add_8 => add_8
#   exp => exp
#   gelu => add_5, erf, mul_5
#   linear_2 => view_7
#   mul_10 => mul_10
#   mul_11 => mul_11
#   mul_12 => mul_12
#   mul_13 => mul_13
#   mul_8 => mul_8
#   mul_9 => mul_9
#   view_12 => view_12
# Graph fragment:
#   %mm : Tensor "f32[32, 256][256, 1]xpu:0" = PlaceHolder[target=mm]
#   %addmm_2 : Tensor "f32[32, 256][256, 1]xpu:0" = PlaceHolder[target=addmm_2]
#   %view_12 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [2, 16, 256]), kwargs = {})
#   %view_7 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [2, 16, 256]), kwargs = {})
#   %mul_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, 0.7071067811865476), kwargs = {})
#   %erf : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_5,), kwargs = {})
#   %add_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf, 1), kwargs = {})
#   %mul_8 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_5, 0.5), kwargs = {})
#   %mul_9 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, %view_7), kwargs = {})
#   %mul_10 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_9, -0.5), kwargs = {})
#   %exp : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_10,), kwargs = {})
#   %mul_11 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_12 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, %mul_11), kwargs = {})
#   %add_8 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_8, %mul_12), kwargs = {})
#   %mul_13 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_12, %add_8), kwargs = {})
#   return %mul_13
triton_poi_fused_gelu_gelu_backward_view_1 = async_compile.triton('triton_poi_fused_gelu_gelu_backward_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_gelu_gelu_backward_view_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 131072}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_gelu_backward_view_1(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 8192
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None)
    tmp1 = tl.load(in_ptr0 + (x0), None)
    tmp2 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tl.store(in_out_ptr0 + (x0), tmp17, None)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13, view_13, sum_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
# Source node to ATen node mapping:
#   add_8 => add_8
#   exp => exp
#   gelu => add_5, erf, mul_5
#   linear_2 => view_7
#   mul_10 => mul_10
#   mul_11 => mul_11
#   mul_12 => mul_12
#   mul_13 => mul_13
#   mul_8 => mul_8
#   mul_9 => mul_9
#   sum_2 => sum_2
#   view_12 => view_12
#   view_13 => view_13
# Graph fragment:
#   %mul_13 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0" = PlaceHolder[target=mul_13]
#   %view_12 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm, [2, 16, 256]), kwargs = {})
#   %view_7 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_2, [2, 16, 256]), kwargs = {})
#   %mul_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, 0.7071067811865476), kwargs = {})
#   %erf : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_5,), kwargs = {})
#   %add_5 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf, 1), kwargs = {})
#   %mul_8 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_5, 0.5), kwargs = {})
#   %mul_9 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, %view_7), kwargs = {})
#   %mul_10 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_9, -0.5), kwargs = {})
#   %exp : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_10,), kwargs = {})
#   %mul_11 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_12 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_7, %mul_11), kwargs = {})
#   %add_8 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_8, %mul_12), kwargs = {})
#   %mul_13 : Tensor "f32[2, 16, 256][4096, 256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_12, %add_8), kwargs = {})
#   %view_13 : Tensor "f32[32, 256][256, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_13, [32, 256]), kwargs = {})
#   %sum_2 : Tensor "f32[1, 256][256, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_13, [0], True), kwargs = {})
#   return %sum_2
triton_per_fused_gelu_gelu_backward_sum_view_2 = async_compile.triton('triton_per_fused_gelu_gelu_backward_sum_view_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 32},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_gelu_gelu_backward_sum_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': set(), 'tiling_scores': {'x': 34816, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_gelu_gelu_backward_sum_view_2(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 256*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_15, mul_15, mul_16, sum_3, linear_1, x, layer_norm_1, mul_17, sum_4, mul_18, sub_3, sub_4, div, mul_19, add_9], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm]
# Source node to ATen node mapping:
#   add_9 => add_9
#   div => div
#   layer_norm_1 => mul_2, sub_1
#   linear_1 => view_5
#   mul_15 => mul_15
#   mul_16 => mul_16
#   mul_17 => mul_17
#   mul_18 => mul_18
#   mul_19 => mul_19
#   sub_3 => sub_3
#   sub_4 => sub_4
#   sum_3 => sum_3
#   sum_4 => sum_4
#   view_15 => view_15
#   x => add_2
# Graph fragment:
#   %mm_2 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=mm_2]
#   %primals_8 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_8]
#   %primals_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=primals_1]
#   %addmm_1 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=addmm_1]
#   %getitem_15 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=getitem_15]
#   %rsqrt_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=rsqrt_1]
#   %tangents_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=tangents_1]
#   %sum_3 : Tensor "f32[2, 16, 1][16, 1, 32]xpu:0" = PlaceHolder[target=sum_3]
#   %sum_4 : Tensor "f32[2, 16, 1][16, 1, 32]xpu:0" = PlaceHolder[target=sum_4]
#   %view_15 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [2, 16, 64]), kwargs = {})
#   %mul_15 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_15, %primals_8), kwargs = {})
#   %mul_16 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_15, 64), kwargs = {})
#   %sum_3 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_15, [2], True), kwargs = {})
#   %view_5 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [2, 16, 64]), kwargs = {})
#   %add_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_1, %view_5), kwargs = {})
#   %sub_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_2, %getitem_15), kwargs = {})
#   %mul_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_1, %rsqrt_1), kwargs = {})
#   %mul_17 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_15, %mul_2), kwargs = {})
#   %sum_4 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_17, [2], True), kwargs = {})
#   %mul_18 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_2, %sum_4), kwargs = {})
#   %sub_3 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_16, %sum_3), kwargs = {})
#   %sub_4 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_3, %mul_18), kwargs = {})
#   %div : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_1, 64), kwargs = {})
#   %mul_19 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div, %sub_4), kwargs = {})
#   %add_9 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_1, %mul_19), kwargs = {})
#   return %sum_3,%sum_4,%add_9
triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_3 = async_compile.triton('triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 32, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 1, 'num_reduction': 2, 'autotune_hints': set(), 'tiling_scores': {'x': 256, 'r0_': 49408}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_3(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 32
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), None, eviction_policy='evict_last')
    tmp7 = tl.load(in_ptr2 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp8 = tl.load(in_ptr3 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp10 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp12 = tl.load(in_ptr5 + (x0), xmask, eviction_policy='evict_last')
    tmp19 = tl.load(in_ptr6 + (r0_1 + 64*x0), xmask, eviction_policy='evict_first', other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp9 = tmp7 + tmp8
    tmp11 = tmp9 - tmp10
    tmp13 = tmp11 * tmp12
    tmp14 = tmp2 * tmp13
    tmp15 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp17 = tl.where(xmask, tmp15, 0)
    tmp18 = tl.sum(tmp17, 1)[:, None].to(tl.float32)
    tmp20 = tl.full([1, 1], 0.015625, tl.float32)
    tmp21 = tmp12 * tmp20
    tmp22 = tl.full([1, 1], 64.0, tl.float32)
    tmp23 = tmp2 * tmp22
    tmp24 = tmp23 - tmp6
    tmp25 = tmp13 * tmp18
    tmp26 = tmp24 - tmp25
    tmp27 = tmp21 * tmp26
    tmp28 = tmp19 + tmp27
    tl.store(out_ptr2 + (r0_1 + 64*x0), tmp28, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat], Original ATen: [aten.transpose, aten.stack]
# Source node to ATen node mapping:
#   cat => cat
#   permute_21 => permute_21
#   permute_22 => permute_22
#   permute_23 => permute_23
# Graph fragment:
#   %getitem_16 : Tensor "f32[2, 4, 16, 16][1024, 16, 64, 1]xpu:0" = PlaceHolder[target=getitem_16]
#   %getitem_17 : Tensor "f32[2, 4, 16, 16][1024, 16, 64, 1]xpu:0" = PlaceHolder[target=getitem_17]
#   %getitem_18 : Tensor "f32[2, 4, 16, 16][1024, 16, 64, 1]xpu:0" = PlaceHolder[target=getitem_18]
#   %permute_21 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_18, [0, 2, 1, 3]), kwargs = {})
#   %permute_22 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_17, [0, 2, 1, 3]), kwargs = {})
#   %permute_23 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_16, [0, 2, 1, 3]), kwargs = {})
#   %cat : Tensor "f32[2, 16, 12, 16][3072, 192, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%permute_23, %permute_22, %permute_21], 2), kwargs = {})
#   return %cat
triton_poi_fused_stack_transpose_4 = async_compile.triton('triton_poi_fused_stack_transpose_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_stack_transpose_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 73728}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_stack_transpose_4(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 6144
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x1 = ((xindex // 16) % 12)
    x0 = (xindex % 16)
    x2 = xindex // 192
    x3 = xindex
    tmp0 = (x1).to(tl.int32)
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = (x1).to(tl.int64)
    tmp4 = (tmp3).to(tl.int64)
    tmp5 = tl.full([1], 4, tl.int64)
    tmp6 = tmp4 < tmp5
    tmp7 = tl.load(in_ptr0 + (x0 + 16*(x1) + 64*x2), tmp6 & xmask, other=0.0)
    tmp8 = tmp4 >= tmp5
    tmp9 = tl.full([1], 8, tl.int64)
    tmp10 = tmp4 < tmp9
    tmp11 = tmp8 & tmp10
    tmp12 = tl.load(in_ptr1 + (x0 + 16*((-4) + x1) + 64*x2), tmp11 & xmask, other=0.0)
    tmp13 = tmp0 >= tmp9
    tmp14 = tl.full([1], 12, tl.int64)
    tmp15 = tmp0 < tmp14
    tmp16 = tl.load(in_ptr2 + (x0 + 16*((-8) + x1) + 64*x2), tmp13 & xmask, other=0.0)
    tmp17 = tl.where(tmp11, tmp12, tmp16)
    tmp18 = tl.where(tmp6, tmp7, tmp17)
    tl.store(out_ptr0 + (x3), tmp18, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_15, linear_1, x, layer_norm_1, mul_20, sum_5, sum_6, view_24, layer_norm, mul_26, sum_11, sum_12], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   layer_norm => mul, sub
#   layer_norm_1 => mul_2, sub_1
#   linear_1 => view_5
#   mul_20 => mul_20
#   mul_26 => mul_26
#   sum_11 => sum_11
#   sum_12 => sum_12
#   sum_5 => sum_5
#   sum_6 => sum_6
#   view_15 => view_15
#   view_24 => view_24
#   x => add_2
# Graph fragment:
#   %mm_2 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=mm_2]
#   %primals_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0" = PlaceHolder[target=primals_1]
#   %addmm_1 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=addmm_1]
#   %getitem_15 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=getitem_15]
#   %rsqrt_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=rsqrt_1]
#   %mm_6 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=mm_6]
#   %getitem_1 : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[2, 16, 1][16, 1, 1]xpu:0" = PlaceHolder[target=rsqrt]
#   %view_15 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [2, 16, 64]), kwargs = {})
#   %view_5 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_1, [2, 16, 64]), kwargs = {})
#   %add_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_1, %view_5), kwargs = {})
#   %sub_1 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_2, %getitem_15), kwargs = {})
#   %mul_2 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_1, %rsqrt_1), kwargs = {})
#   %mul_20 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_15, %mul_2), kwargs = {})
#   %sum_5 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_20, [0, 1]), kwargs = {})
#   %sum_6 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_15, [0, 1]), kwargs = {})
#   %view_24 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_6, [2, 16, 64]), kwargs = {})
#   %sub : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%primals_1, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_26 : Tensor "f32[2, 16, 64][1024, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_24, %mul), kwargs = {})
#   %sum_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_26, [0, 1]), kwargs = {})
#   %sum_12 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_24, [0, 1]), kwargs = {})
#   return %sum_5,%sum_6,%sum_11,%sum_12
triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_5 = async_compile.triton('triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 32},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 8, 'num_store': 4, 'num_reduction': 4, 'autotune_hints': set(), 'tiling_scores': {'x': 34816, 'r0_': 512}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_5(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr0, out_ptr1, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 64*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 64*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp2 = tl.load(in_ptr2 + (x0 + 64*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp4 = tl.load(in_ptr3 + (r0_1), None, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr4 + (r0_1), None, eviction_policy='evict_last')
    tmp17 = tl.load(in_ptr5 + (x0 + 64*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp18 = tl.load(in_ptr6 + (r0_1), None, eviction_policy='evict_last')
    tmp20 = tl.load(in_ptr7 + (r0_1), None, eviction_policy='evict_last')
    tmp3 = tmp1 + tmp2
    tmp5 = tmp3 - tmp4
    tmp7 = tmp5 * tmp6
    tmp8 = tmp0 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tmp13 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp15 = tl.where(xmask, tmp13, 0)
    tmp16 = tl.sum(tmp15, 1)[:, None].to(tl.float32)
    tmp19 = tmp1 - tmp18
    tmp21 = tmp19 * tmp20
    tmp22 = tmp17 * tmp21
    tmp23 = tl.broadcast_to(tmp22, [XBLOCK, R0_BLOCK])
    tmp25 = tl.where(xmask, tmp23, 0)
    tmp26 = tl.sum(tmp25, 1)[:, None].to(tl.float32)
    tmp27 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
    tmp29 = tl.where(xmask, tmp27, 0)
    tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp12, xmask)
    tl.store(out_ptr1 + (x0), tmp16, xmask)
    tl.store(out_ptr2 + (x0), tmp26, xmask)
    tl.store(out_ptr3 + (x0), tmp30, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat, view_20, view_21, view_22, sum_8], Original ATen: [aten.transpose, aten.stack, aten.view, aten.sum]
# Source node to ATen node mapping:
#   cat => cat
#   permute_21 => permute_21
#   permute_22 => permute_22
#   permute_23 => permute_23
#   sum_8 => sum_8
#   view_20 => view_20
#   view_21 => view_21
#   view_22 => view_22
# Graph fragment:
#   %cat : Tensor "f32[2, 16, 12, 16][3072, 192, 16, 1]xpu:0" = PlaceHolder[target=cat]
#   %permute_21 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_18, [0, 2, 1, 3]), kwargs = {})
#   %permute_22 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_17, [0, 2, 1, 3]), kwargs = {})
#   %permute_23 : Tensor "f32[2, 16, 4, 16][1024, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_16, [0, 2, 1, 3]), kwargs = {})
#   %cat : Tensor "f32[2, 16, 12, 16][3072, 192, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%permute_23, %permute_22, %permute_21], 2), kwargs = {})
#   %view_20 : Tensor "f32[2, 16, 3, 4, 16][3072, 192, 64, 16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [2, 16, 3, 4, 16]), kwargs = {})
#   %view_21 : Tensor "f32[2, 16, 192][3072, 192, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%view_20, [2, 16, 192]), kwargs = {})
#   %view_22 : Tensor "f32[32, 192][192, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%view_21, [32, 192]), kwargs = {})
#   %sum_8 : Tensor "f32[1, 192][192, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_22, [0], True), kwargs = {})
#   return %sum_8
triton_per_fused_stack_sum_transpose_view_6 = async_compile.triton('triton_per_fused_stack_sum_transpose_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 32},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_stack_sum_transpose_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': set(), 'tiling_scores': {'x': 26112, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_stack_sum_transpose_view_6(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 192
    r0_numel = 32
    R0_BLOCK: tl.constexpr = 32
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 192*r0_1), xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
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
        primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, getitem_1, rsqrt, view, permute_1, permute_2, permute_3, getitem_5, getitem_6, getitem_11, getitem_12, addmm_1, getitem_15, rsqrt_1, view_6, addmm_2, view_8, tangents_1 = args
        args.clear()
        assert_size_stride(tangents_1, (2, 16, 64), (1024, 64, 1), 'input')
        assert_size_stride(primals_12, (64, 256), (256, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            tangents_1 = copy_if_misaligned(tangents_1)
            buf0 = empty_strided_xpu((32, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_10, linear_3, permute_8, mm], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(tangents_1, (32, 64), (64, 1), 0), primals_12, out=buf0)
            del primals_12
            assert_size_stride(view_8, (32, 256), (256, 1), 'input')
            buf1 = empty_strided_xpu((64, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_10, permute_9, mm_1], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(tangents_1, (64, 32), (1, 64), 0), view_8, out=buf1)
            del view_8
            buf2 = empty_strided_xpu((1, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_10, sum_1], Original ATen: [aten.view, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_0.run(tangents_1, buf2, 64, 32, stream=raw_stream0)
            assert_size_stride(addmm_2, (32, 256), (256, 1), 'input')
            buf3 = reinterpret_tensor(buf0, (2, 16, 256), (4096, 256, 1), 0); del buf0  # reuse
            # Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13], Original ATen: [aten.view, aten.gelu, aten.gelu_backward]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_view_1.run(buf3, addmm_2, 8192, stream=raw_stream0)
            del addmm_2
            assert_size_stride(primals_10, (256, 64), (64, 1), 'input')
            buf4 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13, view_13, permute_12, mm_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf3, (32, 256), (256, 1), 0), primals_10, out=buf4)
            del primals_10
            assert_size_stride(view_6, (32, 64), (64, 1), 'input')
            buf5 = empty_strided_xpu((256, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13, view_13, permute_13, mm_3], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf3, (256, 32), (1, 256), 0), view_6, out=buf5)
            del view_6
            buf6 = empty_strided_xpu((1, 256), (256, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_12, linear_2, gelu, mul_8, mul_9, mul_10, exp, mul_11, mul_12, add_8, mul_13, view_13, sum_2], Original ATen: [aten.view, aten.gelu, aten.gelu_backward, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_gelu_gelu_backward_sum_view_2.run(buf3, buf6, 256, 32, stream=raw_stream0)
            del buf3
            assert_size_stride(primals_8, (64, ), (1, ), 'input')
            assert_size_stride(primals_1, (2, 16, 64), (1024, 64, 1), 'input')
            assert_size_stride(addmm_1, (32, 64), (64, 1), 'input')
            assert_size_stride(getitem_15, (2, 16, 1), (16, 1, 1), 'input')
            assert_size_stride(rsqrt_1, (2, 16, 1), (16, 1, 1), 'input')
            buf11 = empty_strided_xpu((2, 16, 64), (1024, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_15, mul_15, mul_16, sum_3, linear_1, x, layer_norm_1, mul_17, sum_4, mul_18, sub_3, sub_4, div, mul_19, add_9], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_3.run(buf4, primals_8, primals_1, addmm_1, getitem_15, rsqrt_1, tangents_1, buf11, 32, 64, stream=raw_stream0)
            del primals_8
            del tangents_1
            assert_size_stride(primals_6, (64, 64), (64, 1), 'input')
            buf12 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_16, linear_1, permute_16, mm_4], Original ATen: [aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf11, (32, 64), (64, 1), 0), primals_6, out=buf12)
            del primals_6
            assert_size_stride(permute_1, (2, 4, 16, 16), (3072, 16, 192, 1), 'input')
            assert_size_stride(permute_2, (2, 4, 16, 16), (3072, 16, 192, 1), 'input')
            assert_size_stride(permute_3, (2, 4, 16, 16), (3072, 16, 192, 1), 'input')
            assert_size_stride(getitem_5, (2, 4, 16, 16), (1024, 16, 64, 1), 'input')
            assert_size_stride(getitem_6, (2, 4, 16), (64, 16, 1), 'input')
            assert_size_stride(getitem_11, (), (), 'input')
            assert_size_stride(getitem_12, (), (), 'input')
            # Topologically Sorted Source Nodes: [view_18, view_19, permute_20, _scaled_dot_product_fused_attention_overrideable_backward], Original ATen: [aten.view, aten.transpose, aten._scaled_dot_product_fused_attention_overrideable_backward]
            buf15 = torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default(reinterpret_tensor(buf12, (2, 4, 16, 16), (1024, 16, 64, 1), 0), permute_1, permute_2, permute_3, None, [True, True, True, False], getitem_5, getitem_6, None, None, 16, 16, 0.0, True, getitem_11, getitem_12)
            del buf12
            del getitem_11
            del getitem_12
            del getitem_6
            del permute_1
            del permute_2
            del permute_3
            buf16 = buf15[0]
            assert_size_stride(buf16, (2, 4, 16, 16), (1024, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            assert_alignment(buf16, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            buf17 = buf15[1]
            assert_size_stride(buf17, (2, 4, 16, 16), (1024, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            assert_alignment(buf17, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            buf18 = buf15[2]
            assert_size_stride(buf18, (2, 4, 16, 16), (1024, 16, 64, 1), 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            assert_alignment(buf18, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable_backward.default')
            del buf15
            buf19 = empty_strided_xpu((2, 16, 12, 16), (3072, 192, 16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat], Original ATen: [aten.transpose, aten.stack]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_stack_transpose_4.run(buf16, buf17, buf18, buf19, 6144, stream=raw_stream0)
            del buf16
            del buf17
            assert_size_stride(primals_4, (192, 64), (64, 1), 'input')
            buf20 = reinterpret_tensor(buf18, (32, 64), (64, 1), 0); del buf18  # reuse
            # Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat, view_20, view_21, view_22, linear, permute_24, mm_6], Original ATen: [aten.transpose, aten.stack, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf19, (32, 192), (192, 1), 0), primals_4, out=buf20)
            del primals_4
            assert_size_stride(getitem_1, (2, 16, 1), (16, 1, 1), 'input')
            assert_size_stride(rsqrt, (2, 16, 1), (16, 1, 1), 'input')
            buf9 = empty_strided_xpu((64, ), (1, ), torch.float32)
            buf10 = empty_strided_xpu((64, ), (1, ), torch.float32)
            buf23 = empty_strided_xpu((64, ), (1, ), torch.float32)
            buf24 = empty_strided_xpu((64, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_15, linear_1, x, layer_norm_1, mul_20, sum_5, sum_6, view_24, layer_norm, mul_26, sum_11, sum_12], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_native_layer_norm_backward_view_5.run(buf4, primals_1, addmm_1, getitem_15, rsqrt_1, buf20, getitem_1, rsqrt, buf9, buf10, buf23, buf24, 64, 32, stream=raw_stream0)
            del addmm_1
            del buf20
            del buf4
            del getitem_1
            del getitem_15
            del primals_1
            del rsqrt
            del rsqrt_1
            buf13 = empty_strided_xpu((64, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_16, permute_17, transpose_3, reshape, linear_1, mm_5], Original ATen: [aten.view, aten.t, aten.transpose, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf11, (64, 32), (1, 64), 0), reinterpret_tensor(getitem_5, (32, 64), (64, 1), 0), out=buf13)
            del getitem_5
            buf14 = empty_strided_xpu((1, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_16, sum_7], Original ATen: [aten.view, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_0.run(buf11, buf14, 64, 32, stream=raw_stream0)
            del buf11
            assert_size_stride(view, (32, 64), (64, 1), 'input')
            buf21 = empty_strided_xpu((192, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat, view_20, view_21, view_22, permute_25, mm_7], Original ATen: [aten.transpose, aten.stack, aten.view, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf19, (192, 32), (1, 192), 0), view, out=buf21)
            del view
            buf22 = empty_strided_xpu((1, 192), (192, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_21, permute_22, permute_23, cat, view_20, view_21, view_22, sum_8], Original ATen: [aten.transpose, aten.stack, aten.view, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_stack_sum_transpose_view_6.run(buf19, buf22, 192, 32, stream=raw_stream0)
            del buf19
        return (None, buf23, buf24, buf21, reinterpret_tensor(buf22, (192, ), (1, ), 0), buf13, reinterpret_tensor(buf14, (64, ), (1, ), 0), buf9, buf10, buf5, reinterpret_tensor(buf6, (256, ), (1, ), 0), buf1, reinterpret_tensor(buf2, (64, ), (1, ), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    _shared_storage_9 = rand_strided((6144,), (1,), device='xpu:0', dtype=torch.float32)
    primals_1 = rand_strided((2, 16, 64), (1024, 64, 1), device='xpu:0', dtype=torch.float32)
    primals_4 = rand_strided((192, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_6 = rand_strided((64, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_8 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_10 = rand_strided((256, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_12 = rand_strided((64, 256), (256, 1), device='xpu:0', dtype=torch.float32)
    getitem_1 = rand_strided((2, 16, 1), (16, 1, 1), device='xpu:0', dtype=torch.float32)
    rsqrt = rand_strided((2, 16, 1), (16, 1, 1), device='xpu:0', dtype=torch.float32)
    view = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    permute_1 = torch.as_strided(_shared_storage_9, (2, 4, 16, 16), (3072, 16, 192, 1))
    permute_2 = torch.as_strided(_shared_storage_9, (2, 4, 16, 16), (3072, 16, 192, 1))
    permute_3 = torch.as_strided(_shared_storage_9, (2, 4, 16, 16), (3072, 16, 192, 1))
    getitem_5 = rand_strided((2, 4, 16, 16), (1024, 16, 64, 1), device='xpu:0', dtype=torch.float32)
    getitem_6 = rand_strided((2, 4, 16), (64, 16, 1), device='xpu:0', dtype=torch.float32)
    getitem_11 = rand_strided((), (), device='xpu:0', dtype=torch.int64)
    getitem_12 = rand_strided((), (), device='xpu:0', dtype=torch.int64)
    addmm_1 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    getitem_15 = rand_strided((2, 16, 1), (16, 1, 1), device='xpu:0', dtype=torch.float32)
    rsqrt_1 = rand_strided((2, 16, 1), (16, 1, 1), device='xpu:0', dtype=torch.float32)
    view_6 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    addmm_2 = rand_strided((32, 256), (256, 1), device='xpu:0', dtype=torch.float32)
    view_8 = rand_strided((32, 256), (256, 1), device='xpu:0', dtype=torch.float32)
    tangents_1 = rand_strided((2, 16, 64), (1024, 64, 1), device='xpu:0', dtype=torch.float32)
    return [primals_1, primals_4, primals_6, primals_8, primals_10, primals_12, getitem_1, rsqrt, view, permute_1, permute_2, permute_3, getitem_5, getitem_6, getitem_11, getitem_12, addmm_1, getitem_15, rsqrt_1, view_6, addmm_2, view_8, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
