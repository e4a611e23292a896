# golden: --quant int8-dynamic mlp_dynamic on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
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
from torch._inductor.runtime.runtime_utils import assert_tensor_metadata

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_size_stride_grouped = torch._C._dynamo.guards.assert_size_stride_grouped
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
_frozen_param0 = None  # device(type='xpu', index=0) torch.float32 (64,) (1,) <hash>
_frozen_param1 = None  # device(type='xpu', index=0) torch.float32 (32,) (1,) <hash>
_frozen_param3 = None  # device(type='xpu', index=0) torch.float32 (64,) (1,) <hash>
_frozen_param4 = None  # device(type='xpu', index=0) torch.int64 (64,) (1,) <hash>
_frozen_param6 = None  # device(type='xpu', index=0) torch.float32 (32,) (1,) <hash>
_frozen_param7 = None  # device(type='xpu', index=0) torch.int64 (32,) (1,) <hash>
_frozen_param8 = None  # device(type='xpu', index=0) torch.int8 (32, 64) (64, 1) <hash>
_frozen_param9 = None  # device(type='xpu', index=0) torch.int8 (64, 32) (32, 1) <hash>
_frozen_param4_0 = None  # device(type='xpu', index=0) torch.int32 (64,) (1,) <hash>
_frozen_param7_0 = None  # device(type='xpu', index=0) torch.int32 (32,) (1,) <hash>


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [choose_qparams_tensor, quantize_per_tensor_tensor], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor]
# Source node to ATen node mapping:
#   choose_qparams_tensor => amax, amin, clamp_max, clamp_min, clamp_min_1, convert_element_type, convert_element_type_1, convert_element_type_2, div, div_1, round_1, sub, sub_1, view
#   quantize_per_tensor_tensor => quantize_per_tensor
# Graph fragment:
#   %arg8_1 : Tensor "f32[8, 32][32, 1]xpu:0" = PlaceHolder[target=arg8_1]
#   %amax : Tensor "f32[][]xpu:0" = PlaceHolder[target=amax]
#   %amin : Tensor "f32[][]xpu:0" = PlaceHolder[target=amin]
#   %amax : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.amax.default](args = (%arg8_1,), kwargs = {})
#   %amin : Tensor "f32[][]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.amin.default](args = (%arg8_1,), kwargs = {})
#   %sub : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%amax, %amin), kwargs = {})
#   %div : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%sub, 255.0), kwargs = {})
#   %clamp_min : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_min.default](args = (%div, <float>), kwargs = {})
#   %view : Tensor "f32[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clamp_min, [1]), kwargs = {})
#   %convert_element_type_1 : Tensor "f64[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view, torch.float64), kwargs = {})
#   %div_1 : Tensor "f32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%amin, %view), kwargs = {})
#   %round_1 : Tensor "f32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.round.default](args = (%div_1,), kwargs = {})
#   %convert_element_type : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%round_1, torch.int32), kwargs = {})
#   %sub_1 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (0, %convert_element_type), kwargs = {})
#   %clamp_min_1 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_min.default](args = (%sub_1, 0), kwargs = {})
#   %clamp_max : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_max.default](args = (%clamp_min_1, 255), kwargs = {})
#   %convert_element_type_2 : Tensor "i64[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%clamp_max, torch.int64), kwargs = {})
#   %quantize_per_tensor : Tensor "u8[8, 32][32, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.quantized_decomposed.quantize_per_tensor.tensor](args = (%arg8_1, %convert_element_type_1, %convert_element_type_2, 0, 255, torch.uint8), kwargs = {})
#   return %amax,%amin,%quantize_per_tensor,%convert_element_type_1,%convert_element_type_2
triton_per_fused_choose_qparams_quantize_per_tensor_0 = async_compile.triton('triton_per_fused_choose_qparams_quantize_per_tensor_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr2': '*u8', 'out_ptr3': '*fp64', 'out_ptr4': '*i64', 'xnumel': 'constexpr', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {'xnumel': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_choose_qparams_quantize_per_tensor_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 3, 'num_reduction': 2, 'autotune_hints': (), 'tiling_scores': {'r0_': 1536}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_choose_qparams_quantize_per_tensor_0(in_ptr0, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1
    r0_numel = 256
    R0_BLOCK: tl.constexpr = 256
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_0 = r0_index
    tmp0 = tl.load(in_ptr0 + (r0_0), None, eviction_policy='evict_first')
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = triton_helpers.max2(tmp1, 1)[:, None].to(tl.float32)
    tmp5 = triton_helpers.min2(tmp1, 1)[:, None].to(tl.float32)
    tmp6 = tmp3 - tmp5
    tmp7 = tl.full([1, 1], <float>, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tl.full([1, 1], <float>, tl.float32)
    tmp10 = tl.maximum(tmp8, tmp9, tl.PropagateNan.ALL)
    tmp11 = tmp10.to(tl.float64)
    tmp12 = (tmp5 / tmp10)
    tmp13 = libdevice.nearbyint(tmp12)
    tmp14 = tmp13.to(tl.int32)
    tmp15 = tl.full([1, 1], 0, tl.int32)
    tmp16 = tmp15 - tmp14
    tmp17 = tl.maximum(tmp16, tmp15, tl.PropagateNan.ALL)
    tmp18 = tl.full([1, 1], 255, tl.int32)
    tmp19 = tl.minimum(tmp17, tmp18, tl.PropagateNan.ALL)
    tmp20 = tmp19.to(tl.int64)
    tmp21 = tmp11.to(tl.float32)
    tmp22 = tmp20.to(tl.float32)
    tmp23 = tl.full([1, 1], 1.0, tl.float32)
    tmp24 = (tmp23 / tmp21)
    tmp25 = tmp0 * tmp24
    tmp26 = libdevice.nearbyint(tmp25)
    tmp27 = tmp26 + tmp22
    tmp28 = tl.full([1, 1], 0.0, tl.float32)
    tmp29 = tl.maximum(tmp27, tmp28, tl.PropagateNan.ALL)
    tmp30 = tl.full([1, 1], 255.0, tl.float32)
    tmp31 = tl.minimum(tmp29, tmp30, tl.PropagateNan.ALL)
    tmp32 = tmp31.to(tl.int16).to(tl.uint8)
    tl.store(out_ptr2 + (tl.broadcast_to(r0_0, [XBLOCK, R0_BLOCK])), tmp32, None)
    tl.store(out_ptr3 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp11, None)
    tl.store(out_ptr4 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp20, None)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [choose_qparams_tensor_1, quantize_per_tensor_tensor_1], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor]
# Source node to ATen node mapping:
#   choose_qparams_tensor_1 => amax_1, amin_1, clamp_max_1, clamp_min_2, clamp_min_3, convert_element_type_3, convert_element_type_4, convert_element_type_5, div_2, div_3, round_2, sub_2, sub_3, view_1
#   quantize_per_tensor_tensor_1 => quantize_per_tensor_1
# Graph fragment:
#   %qlinear_1 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=qlinear_1]
#   %amax_1 : Tensor "f32[][]xpu:0" = PlaceHolder[target=amax_1]
#   %amin_1 : Tensor "f32[][]xpu:0" = PlaceHolder[target=amin_1]
#   %amax_1 : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.amax.default](args = (%qlinear_1,), kwargs = {})
#   %amin_1 : Tensor "f32[][]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.amin.default](args = (%qlinear_1,), kwargs = {})
#   %sub_2 : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%amax_1, %amin_1), kwargs = {})
#   %div_2 : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%sub_2, 255.0), kwargs = {})
#   %clamp_min_2 : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_min.default](args = (%div_2, <float>), kwargs = {})
#   %view_1 : Tensor "f32[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%clamp_min_2, [1]), kwargs = {})
#   %convert_element_type_4 : Tensor "f64[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%view_1, torch.float64), kwargs = {})
#   %div_3 : Tensor "f32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%amin_1, %view_1), kwargs = {})
#   %round_2 : Tensor "f32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.round.default](args = (%div_3,), kwargs = {})
#   %convert_element_type_3 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%round_2, torch.int32), kwargs = {})
#   %sub_3 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (0, %convert_element_type_3), kwargs = {})
#   %clamp_min_3 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_min.default](args = (%sub_3, 0), kwargs = {})
#   %clamp_max_1 : Tensor "i32[1][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clamp_max.default](args = (%clamp_min_3, 255), kwargs = {})
#   %convert_element_type_5 : Tensor "i64[1][1]xpu:0"[num_users=2] = call_function[target=torch.ops.prims.convert_element_type.default](args = (%clamp_max_1, torch.int64), kwargs = {})
#   %quantize_per_tensor_1 : Tensor "u8[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.quantized_decomposed.quantize_per_tensor.tensor](args = (%qlinear_1, %convert_element_type_4, %convert_element_type_5, 0, 255, torch.uint8), kwargs = {})
#   return %amax_1,%amin_1,%quantize_per_tensor_1,%convert_element_type_4,%convert_element_type_5
triton_per_fused_choose_qparams_quantize_per_tensor_1 = async_compile.triton('triton_per_fused_choose_qparams_quantize_per_tensor_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr2': '*u8', 'out_ptr3': '*fp64', 'out_ptr4': '*i64', 'xnumel': 'constexpr', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {'xnumel': 1}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_choose_qparams_quantize_per_tensor_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 3, 'num_reduction': 2, 'autotune_hints': (), 'tiling_scores': {'r0_': 3072}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_choose_qparams_quantize_per_tensor_1(in_ptr0, out_ptr2, out_ptr3, out_ptr4, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1
    r0_numel = 512
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_0 = r0_index
    tmp0 = tl.load(in_ptr0 + (r0_0), None, eviction_policy='evict_first')
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = triton_helpers.max2(tmp1, 1)[:, None].to(tl.float32)
    tmp5 = triton_helpers.min2(tmp1, 1)[:, None].to(tl.float32)
    tmp6 = tmp3 - tmp5
    tmp7 = tl.full([1, 1], <float>, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tl.full([1, 1], <float>, tl.float32)
    tmp10 = tl.maximum(tmp8, tmp9, tl.PropagateNan.ALL)
    tmp11 = tmp10.to(tl.float64)
    tmp12 = (tmp5 / tmp10)
    tmp13 = libdevice.nearbyint(tmp12)
    tmp14 = tmp13.to(tl.int32)
    tmp15 = tl.full([1, 1], 0, tl.int32)
    tmp16 = tmp15 - tmp14
    tmp17 = tl.maximum(tmp16, tmp15, tl.PropagateNan.ALL)
    tmp18 = tl.full([1, 1], 255, tl.int32)
    tmp19 = tl.minimum(tmp17, tmp18, tl.PropagateNan.ALL)
    tmp20 = tmp19.to(tl.int64)
    tmp21 = tmp11.to(tl.float32)
    tmp22 = tmp20.to(tl.float32)
    tmp23 = tl.full([1, 1], 1.0, tl.float32)
    tmp24 = (tmp23 / tmp21)
    tmp25 = tmp0 * tmp24
    tmp26 = libdevice.nearbyint(tmp25)
    tmp27 = tmp26 + tmp22
    tmp28 = tl.full([1, 1], 0.0, tl.float32)
    tmp29 = tl.maximum(tmp27, tmp28, tl.PropagateNan.ALL)
    tmp30 = tl.full([1, 1], 255.0, tl.float32)
    tmp31 = tl.minimum(tmp29, tmp30, tl.PropagateNan.ALL)
    tmp32 = tmp31.to(tl.int16).to(tl.uint8)
    tl.store(out_ptr2 + (tl.broadcast_to(r0_0, [XBLOCK, R0_BLOCK])), tmp32, None)
    tl.store(out_ptr3 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp11, None)
    tl.store(out_ptr4 + (tl.full([1, 1], 0, tl.int32).broadcast_to(XBLOCK, 1)), tmp20, None)
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
        arg8_1, = args
        args.clear()
        assert_size_stride(arg8_1, (8, 32), (32, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            arg8_1 = copy_if_misaligned(arg8_1)
            buf4 = empty_strided_xpu((8, 32), (32, 1), torch.uint8)
            buf2 = empty_strided_xpu((1, ), (1, ), torch.float64)
            buf3 = empty_strided_xpu((1, ), (1, ), torch.int64)
            # Topologically Sorted Source Nodes: [choose_qparams_tensor, quantize_per_tensor_tensor], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_choose_qparams_quantize_per_tensor_0.run(arg8_1, buf4, buf2, buf3, 1, 256, stream=raw_stream0)
            del arg8_1
            # Topologically Sorted Source Nodes: [choose_qparams_tensor, quantize_per_tensor_tensor, gelu_default], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor, aten.gelu]
            buf5 = torch.ops.onednn.qlinear_pointwise.tensor(buf4, reinterpret_tensor(buf2, (), (), 0), reinterpret_tensor(buf3, (), (), 0), _frozen_param8, _frozen_param3, _frozen_param4_0, _frozen_param0, 1.0, 0, torch.float32, 'gelu', [None], 'none')
            assert_tensor_metadata(buf5, (8, 64), (64, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': convert_element_type_1, 'x_zp': convert_element_type_2, 'packed_weight': qlinear_prepack_1, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'gelu', 'postop_args': [], 'postop_algorithm': 'none'}))")
            assert_tensor_metadata(buf5, (8, 64), (64, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': convert_element_type_1, 'x_zp': convert_element_type_2, 'packed_weight': qlinear_prepack_1, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'gelu', 'postop_args': [], 'postop_algorithm': 'none'}))")
            del buf4
            buf10 = empty_strided_xpu((8, 64), (64, 1), torch.uint8)
            buf8 = buf2; del buf2  # reuse
            buf9 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [choose_qparams_tensor_1, quantize_per_tensor_tensor_1], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_choose_qparams_quantize_per_tensor_1.run(buf5, buf10, buf8, buf9, 1, 512, stream=raw_stream0)
            del buf5
            # Topologically Sorted Source Nodes: [choose_qparams_tensor_1, quantize_per_tensor_tensor_1, linear_default_1], Original ATen: [quantized_decomposed.choose_qparams, quantized_decomposed.quantize_per_tensor, aten.addmm]
            buf11 = torch.ops.onednn.qlinear_pointwise.tensor(buf10, reinterpret_tensor(buf8, (), (), 0), reinterpret_tensor(buf9, (), (), 0), _frozen_param9, _frozen_param6, _frozen_param7_0, _frozen_param1, 1.0, 0, torch.float32, 'none', [None], '')
            assert_tensor_metadata(buf11, (8, 32), (32, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor_1, 'x_scale': convert_element_type_4, 'x_zp': convert_element_type_5, 'packed_weight': qlinear_prepack, 'w_scale': arg6_1, 'w_zp': arg7_1, 'b': arg1_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            assert_tensor_metadata(buf11, (8, 32), (32, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor_1, 'x_scale': convert_element_type_4, 'x_zp': convert_element_type_5, 'packed_weight': qlinear_prepack, 'w_scale': arg6_1, 'w_zp': arg7_1, 'b': arg1_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            del buf10
            del buf8
            del buf9
        return (buf11, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    global _frozen_param0
    _frozen_param0 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param1
    _frozen_param1 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param3
    _frozen_param3 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param4
    _frozen_param4 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.int64)
    global _frozen_param6
    _frozen_param6 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.float32)
    global _frozen_param7
    _frozen_param7 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.int64)
    global _frozen_param8
    _frozen_param8 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.int8)
    global _frozen_param9
    _frozen_param9 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.int8)
    global _frozen_param4_0
    _frozen_param4_0 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.int32)
    global _frozen_param7_0
    _frozen_param7_0 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.int32)
    arg8_1 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    return [arg8_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
