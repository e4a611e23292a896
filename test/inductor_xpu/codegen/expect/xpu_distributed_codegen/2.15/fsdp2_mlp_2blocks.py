# golden: fsdp2 training step of fsdp2_mlp_2blocks over 4 ranks on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# fsdp2 over 4 ranks (fake process group), device xpu
#   unit blocks.0: Shard(0) 4 params, 4192 elements
#   unit blocks.1: Shard(0) 4 params, 4192 elements
#   config reorder_for_compute_comm_overlap = True
#   config reorder_for_compute_comm_overlap_passes = ['sink_waits', 'raise_comms', 'reorder_compute_for_overlap']
#   config bucket_all_gathers_fx = 'all'
#   config bucket_reduce_scatters_fx = 'all'
#   config bucket_all_reduces_fx = 'all'
#   config _fuse_ddp_communication = False
#   config aten_distributed_optimizations.enable_overlap_scheduling = False
#   config aten_distributed_optimizations.enable_simple_overlap = True
#   config aten_distributed_optimizations.collective_bucketing = None
#   graph 0 (forward):
#     passes: deduplicate_wait_tensors (8->8), bucket_reduce_scatters (8->8), bucket_all_reduce (8->8), bucket_all_gathers (8->1), decide_global_ordering_of_comms (1->1), sink_waits (1->1), raise_comms (1->1), reorder_compute_for_overlap (1->1), reorder_compute_and_comm_for_overlap (1->1), simple_overlap (1->1)
#     @3 _c10d_functional.all_gather_into_tensor_out.default(float32[2096], float32[8384]; 4, '0') 41920 bytes, waited @4, 0 op(s) overlapped
#     wait_tensor x1
#   graph 1 (backward):
#     passes: deduplicate_wait_tensors (8->8), bucket_reduce_scatters (8->1), bucket_all_reduce (1->1), bucket_all_gathers (1->1), decide_global_ordering_of_comms (1->1), sink_waits (1->1), raise_comms (1->1), reorder_compute_for_overlap (1->1), reorder_compute_and_comm_for_overlap (1->1), simple_overlap (1->1)
#     @23 _c10d_functional.reduce_scatter_tensor.default(float32[8384]; 'sum', 4, '0') 33536 bytes, waited @24, 0 op(s) overlapped
#     wait_tensor x1
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


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => cat, copy_, slice_1, view_1, view_3, view_5, view_7
# Graph fragment:
#   %view : Tensor "f32[16][1]xpu:0" = PlaceHolder[target=view]
#   %primals_3 : Tensor "f32[16, 32][32, 1]xpu:0" = PlaceHolder[target=primals_3]
#   %view_2 : Tensor "f32[8][1]xpu:0" = PlaceHolder[target=view_2]
#   %primals_7 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=primals_7]
#   %view_4 : Tensor "f32[16][1]xpu:0" = PlaceHolder[target=view_4]
#   %primals_11 : Tensor "f32[16, 32][32, 1]xpu:0" = PlaceHolder[target=primals_11]
#   %view_6 : Tensor "f32[8][1]xpu:0" = PlaceHolder[target=view_6]
#   %primals_15 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=primals_15]
#   %cat : Tensor "f32[2096][1]xpu:0" = PlaceHolder[target=cat]
#   %wait_tensor_8 : Tensor "f32[8384][1]xpu:0" = PlaceHolder[target=wait_tensor_8]
#   %slice_1 : Tensor "f32[2096][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%empty, 0, 0, 2096), kwargs = {})
#   %view_1 : Tensor "f32[512][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%primals_3, [-1]), kwargs = {})
#   %view_3 : Tensor "f32[512][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%primals_7, [-1]), kwargs = {})
#   %view_5 : Tensor "f32[512][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%primals_11, [-1]), kwargs = {})
#   %view_7 : Tensor "f32[512][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%primals_15, [-1]), kwargs = {})
#   %cat : Tensor "f32[2096][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7],), kwargs = {})
#   %copy_ : Tensor "f32[2096][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.copy_.default](args = (%slice_1, %cat), kwargs = {})
#   return %cat,%buf2
triton_poi_fused_0 = async_compile.triton('triton_poi_fused_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4096}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_0', 'mutated_arg_names': ['out_ptr1'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 25152}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2096
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = (x0).to(tl.int32)
    tmp1 = tl.full([1], 0, tl.int64)
    tmp2 = tmp0 >= tmp1
    tmp3 = (x0).to(tl.int64)
    tmp4 = (tmp3).to(tl.int64)
    tmp5 = tl.full([1], 16, tl.int64)
    tmp6 = tmp4 < tmp5
    tmp7 = tl.load(in_ptr0 + (x0), tmp6 & xmask, eviction_policy='evict_last', other=0.0)
    tmp8 = tmp4 >= tmp5
    tmp9 = tl.full([1], 528, tl.int64)
    tmp10 = tmp4 < tmp9
    tmp11 = tmp8 & tmp10
    tmp12 = tl.load(in_ptr1 + ((-16) + x0), tmp11 & xmask, eviction_policy='evict_last', other=0.0)
    tmp13 = tmp4 >= tmp9
    tmp14 = tl.full([1], 536, tl.int64)
    tmp15 = tmp4 < tmp14
    tmp16 = tmp13 & tmp15
    tmp17 = tl.load(in_ptr2 + ((-528) + x0), tmp16 & xmask, eviction_policy='evict_last', other=0.0)
    tmp18 = tmp4 >= tmp14
    tmp19 = tl.full([1], 1048, tl.int64)
    tmp20 = tmp4 < tmp19
    tmp21 = tmp18 & tmp20
    tmp22 = tl.load(in_ptr3 + ((-536) + x0), tmp21 & xmask, eviction_policy='evict_last', other=0.0)
    tmp23 = tmp4 >= tmp19
    tmp24 = tl.full([1], 1064, tl.int64)
    tmp25 = tmp4 < tmp24
    tmp26 = tmp23 & tmp25
    tmp27 = tl.load(in_ptr4 + ((-1048) + x0), tmp26 & xmask, eviction_policy='evict_last', other=0.0)
    tmp28 = tmp4 >= tmp24
    tmp29 = tl.full([1], 1576, tl.int64)
    tmp30 = tmp4 < tmp29
    tmp31 = tmp28 & tmp30
    tmp32 = tl.load(in_ptr5 + ((-1064) + x0), tmp31 & xmask, eviction_policy='evict_last', other=0.0)
    tmp33 = tmp4 >= tmp29
    tmp34 = tl.full([1], 1584, tl.int64)
    tmp35 = tmp4 < tmp34
    tmp36 = tmp33 & tmp35
    tmp37 = tl.load(in_ptr6 + ((-1576) + x0), tmp36 & xmask, eviction_policy='evict_last', other=0.0)
    tmp38 = tmp0 >= tmp34
    tmp39 = tl.full([1], 2096, tl.int64)
    tmp40 = tmp0 < tmp39
    tmp41 = tl.load(in_ptr7 + ((-1584) + x0), tmp38 & xmask, eviction_policy='evict_last', other=0.0)
    tmp42 = tl.where(tmp36, tmp37, tmp41)
    tmp43 = tl.where(tmp31, tmp32, tmp42)
    tmp44 = tl.where(tmp26, tmp27, tmp43)
    tmp45 = tl.where(tmp21, tmp22, tmp44)
    tmp46 = tl.where(tmp16, tmp17, tmp45)
    tmp47 = tl.where(tmp11, tmp12, tmp46)
    tmp48 = tl.where(tmp6, tmp7, tmp47)
    tl.store(out_ptr1 + (x0), tmp48, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => clone_1, split_with_sizes, view_8
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_1 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_1,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_1
triton_poi_fused_1 = async_compile.triton('triton_poi_fused_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_1', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 16384}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 512)
    x1 = xindex // 512
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (16 + x0 + 2096*x1), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor, linear, relu], Original ATen: [aten.addmm, aten.relu]
# Source node to ATen node mapping:
#   all_gather_into_tensor => _unsafe_view, clone, split_with_sizes, view_8
#   linear => add_tensor_1
#   relu => relu
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %mm_default_1 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm_default_1]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem,), kwargs = {memory_format: torch.contiguous_format})
#   %_unsafe_view : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone, [64]), kwargs = {})
#   %add_tensor_1 : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%_unsafe_view, %mm_default_1), kwargs = {})
#   %relu : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%add_tensor_1,), kwargs = {})
#   return %relu
triton_poi_fused_addmm_relu_2 = async_compile.triton('triton_poi_fused_addmm_relu_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 512}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_addmm_relu_2', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 6144}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_addmm_relu_2(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 64)
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (2096*(x0 // 16) + ((x0 % 16))), xmask, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x2), xmask)
    tmp2 = tmp0 + tmp1
    tmp3 = tl.full([1], 0, tl.int32)
    tmp4 = tl.maximum(tmp3, tmp2, tl.PropagateNan.ALL)
    tl.store(in_out_ptr0 + (x2), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => clone_3, split_with_sizes, view_8
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_3 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_3,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_3
triton_poi_fused_3 = async_compile.triton('triton_poi_fused_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_3', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 16384}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_3(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 512)
    x1 = xindex // 512
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (536 + x0 + 2096*x1), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => clone_2, split_with_sizes, view_8
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_2 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_2,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_2
triton_poi_fused_4 = async_compile.triton('triton_poi_fused_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_4', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 256}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 32
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 8)
    x1 = xindex // 8
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (528 + x0 + 2096*x1), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_2], Original ATen: [aten.t]
# Source node to ATen node mapping:
#   all_gather_into_tensor => _unsafe_view_5, clone_5, split_with_sizes, view_8
#   linear_2 => permute_2
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_5 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_5,), kwargs = {memory_format: torch.contiguous_format})
#   %_unsafe_view_5 : Tensor "f32[64, 32][32, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone_5, [64, 32]), kwargs = {})
#   %permute_2 : Tensor "f32[32, 64][1, 32]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%_unsafe_view_5, [1, 0]), kwargs = {})
#   return %permute_2
triton_poi_fused_t_5 = async_compile.triton('triton_poi_fused_t_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_t_5', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 16384}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_t_5(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 32)
    x1 = xindex // 32
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (1064 + 2096*(x1 // 16) + (((x0 + 32*x1) % 512))), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_2, relu_1], Original ATen: [aten.addmm, aten.relu]
# Source node to ATen node mapping:
#   all_gather_into_tensor => _unsafe_view_4, clone_4, split_with_sizes, view_8
#   linear_2 => add_tensor
#   relu_1 => relu_1
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %mm_default : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm_default]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_4 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_4,), kwargs = {memory_format: torch.contiguous_format})
#   %_unsafe_view_4 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten._unsafe_view.default](args = (%clone_4, [64]), kwargs = {})
#   %add_tensor : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%_unsafe_view_4, %mm_default), kwargs = {})
#   %relu_1 : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%add_tensor,), kwargs = {})
#   return %relu_1
triton_poi_fused_addmm_relu_6 = async_compile.triton('triton_poi_fused_addmm_relu_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 512}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_addmm_relu_6', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 6144}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_addmm_relu_6(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 64)
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (1048 + 2096*(x0 // 16) + ((x0 % 16))), xmask, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x2), xmask)
    tmp2 = tmp0 + tmp1
    tmp3 = tl.full([1], 0, tl.int32)
    tmp4 = tl.maximum(tmp3, tmp2, tl.PropagateNan.ALL)
    tl.store(in_out_ptr0 + (x2), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => clone_7, split_with_sizes, view_8
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_7 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_7,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_7
triton_poi_fused_7 = async_compile.triton('triton_poi_fused_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_7', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 16384}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 512)
    x1 = xindex // 512
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (1584 + x0 + 2096*x1), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
# Source node to ATen node mapping:
#   all_gather_into_tensor => clone_6, split_with_sizes, view_8
# Graph fragment:
#   %buf7 : Tensor  = PlaceHolder[target=buf7]
#   %view_8 : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%wait_tensor_8, [4, -1]), kwargs = {})
#   %split_with_sizes : [num_users=8] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%view_8, [16, 512, 8, 512, 16, 512, 8, 512], 1), kwargs = {})
#   %clone_6 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%getitem_6,), kwargs = {memory_format: torch.contiguous_format})
#   return %clone_6
triton_poi_fused_8 = async_compile.triton('triton_poi_fused_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_8', 'mutated_arg_names': [], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 256}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_8(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 32
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 8)
    x1 = xindex // 8
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (1576 + x0 + 2096*x1), xmask)
    tl.store(out_ptr0 + (x2), tmp0, xmask)
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
        primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17 = args
        args.clear()
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            buf0 = empty_strided_xpu((8384, ), (1, ), torch.float32)
            assert_size_stride_grouped((primals_1, primals_3, primals_5, primals_7, primals_9, primals_11, primals_13, primals_15), ((16, ), (16, 32), (8, ), (8, 64), (16, ), (16, 32), (8, ), (8, 64)), ((1, ), (32, 1), (1, ), (64, 1), (1, ), (32, 1), (1, ), (64, 1)), 'input')
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_0.run(primals_1, primals_3, primals_5, primals_7, primals_9, primals_11, primals_13, primals_15, buf0, 2096, stream=raw_stream0)
            del primals_1
            del primals_11
            del primals_13
            del primals_15
            del primals_3
            del primals_5
            del primals_7
            del primals_9
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            torch.ops._c10d_functional.all_gather_into_tensor_out.default(reinterpret_tensor(buf0, (2096, ), (1, ), 0), 4, '0', out=buf0)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            torch.ops._c10d_functional.wait_tensor.default(buf0)
            buf8 = empty_strided_xpu((4, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_1.run(buf0, buf8, 2048, stream=raw_stream0)
            assert_size_stride(primals_17, (8, 32), (32, 1), 'input')
            primals_17 = copy_if_misaligned(primals_17)
            buf9 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear], Original ATen: [aten.t, aten.addmm]
            extern_kernels.mm(primals_17, reinterpret_tensor(buf8, (32, 64), (1, 32), 0), out=buf9)
            buf10 = buf9; del buf9  # reuse
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear, relu], Original ATen: [aten.addmm, aten.relu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_relu_2.run(buf10, buf0, 512, stream=raw_stream0)
            buf11 = buf8; del buf8  # reuse
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_3.run(buf0, buf11, 2048, stream=raw_stream0)
            buf12 = empty_strided_xpu((4, 8), (8, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_4.run(buf0, buf12, 32, stream=raw_stream0)
            buf13 = empty_strided_xpu((8, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_1], Original ATen: [aten.t, aten.addmm]
            extern_kernels.addmm(reinterpret_tensor(buf12, (32, ), (1, ), 0), buf10, reinterpret_tensor(buf11, (64, 32), (1, 64), 0), alpha=1, beta=1, out=buf13)
            buf14 = empty_strided_xpu((32, 64), (1, 32), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_2], Original ATen: [aten.t]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_t_5.run(buf0, buf14, 2048, stream=raw_stream0)
            buf15 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.addmm]
            extern_kernels.mm(buf13, buf14, out=buf15)
            buf16 = buf15; del buf15  # reuse
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_2, relu_1], Original ATen: [aten.addmm, aten.relu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_relu_6.run(buf16, buf0, 512, stream=raw_stream0)
            buf17 = empty_strided_xpu((4, 512), (512, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_7.run(buf0, buf17, 2048, stream=raw_stream0)
            buf18 = buf12; del buf12  # reuse
            # Topologically Sorted Source Nodes: [all_gather_into_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_8.run(buf0, buf18, 32, stream=raw_stream0)
            del buf0
            buf19 = empty_strided_xpu((8, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [all_gather_into_tensor, linear_3], Original ATen: [aten.t, aten.addmm]
            extern_kernels.addmm(reinterpret_tensor(buf18, (32, ), (1, ), 0), buf16, reinterpret_tensor(buf17, (64, 32), (1, 64), 0), alpha=1, beta=1, out=buf19)
            del buf18
        return (buf19, primals_17, buf10, buf13, buf16, reinterpret_tensor(buf17, (32, 64), (64, 1), 0), reinterpret_tensor(buf14, (64, 32), (32, 1), 0), reinterpret_tensor(buf11, (32, 64), (64, 1), 0), primals_2, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_2 = None
    primals_3 = rand_strided((16, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_4 = None
    primals_5 = rand_strided((8, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_6 = None
    primals_7 = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_8 = None
    primals_9 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_10 = None
    primals_11 = rand_strided((16, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_12 = None
    primals_13 = rand_strided((8, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_14 = None
    primals_15 = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_16 = None
    primals_17 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5, primals_6, primals_7, primals_8, primals_9, primals_10, primals_11, primals_12, primals_13, primals_14, primals_15, primals_16, primals_17]


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


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [sum_1, view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.sum, aten.view]
# Source node to ATen node mapping:
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   sum_1 => sum_1
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
# Graph fragment:
#   %tangents_1 : Tensor "f32[8, 32][32, 1]xpu:0" = PlaceHolder[target=tangents_1]
#   %sum_1 : Tensor "f32[1, 32][32, 1]xpu:0" = PlaceHolder[target=sum_1]
#   %sum_1 : Tensor "f32[1, 32][32, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%tangents_1, [0], True), kwargs = {})
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %sum_1,%buf14
triton_per_fused_sum_view_0 = async_compile.triton('triton_per_fused_sum_view_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 32, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_view_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': (), 'tiling_scores': {'x': 1280, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_view_0(in_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 32
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 8)
    x3 = xindex // 8
    tmp0 = tl.load(in_ptr0 + (x0 + 32*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(r0_mask & xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr1 + (x2 + 2112*x3), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, le, full_default, where, sum_2, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
# Source node to ATen node mapping:
#   full_default => full_default
#   le => le
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   sum_2 => sum_2
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
#   where => where
# Graph fragment:
#   %relu_1 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=relu_1]
#   %mm : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm]
#   %where : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=where]
#   %sum_2 : Tensor "f32[1, 64][64, 1]xpu:0" = PlaceHolder[target=sum_2]
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %le : Tensor "b8[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.le.Scalar](args = (%relu_1, 0), kwargs = {})
#   %full_default : Tensor "f32[][]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: xpu:0, pin_memory: False})
#   %where : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=3] = call_function[target=torch.ops.aten.where.self](args = (%le, %full_default, %mm), kwargs = {})
#   %sum_2 : Tensor "f32[1, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%where, [0], True), kwargs = {})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %where,%sum_2,%buf16
triton_per_fused_sum_threshold_backward_view_1 = async_compile.triton('triton_per_fused_sum_threshold_backward_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_threshold_backward_view_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'autotune_hints': (), 'tiling_scores': {'x': 8704, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_threshold_backward_view_1(in_out_ptr0, in_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 16)
    x3 = xindex // 16
    tmp0 = tl.load(in_out_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp3 = tl.load(in_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.full([1, 1], 0.0, tl.float32)
    tmp2 = tmp0 <= tmp1
    tmp4 = tl.where(tmp2, tmp1, tmp3)
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(r0_mask & xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 64*r0_1), tmp4, r0_mask & xmask)
    tl.store(out_ptr1 + (x2 + 2112*x3), tmp8, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, view_11, sum_3, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   sum_3 => sum_3
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
# Graph fragment:
#   %mm_2 : Tensor "f32[8, 32][32, 1]xpu:0" = PlaceHolder[target=mm_2]
#   %sum_3 : Tensor "f32[1, 32][32, 1]xpu:0" = PlaceHolder[target=sum_3]
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %sum_3 : Tensor "f32[1, 32][32, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mm_2, [0], True), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %sum_3,%buf18
triton_per_fused_sum_view_2 = async_compile.triton('triton_per_fused_sum_view_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 32, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': (), 'tiling_scores': {'x': 1280, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_view_2(in_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 32
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 8)
    x3 = xindex // 8
    tmp0 = tl.load(in_ptr0 + (x0 + 32*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(r0_mask & xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr1 + (x2 + 2112*x3), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, full_default, view_11, view_14, le_1, where_1, sum_4, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
# Source node to ATen node mapping:
#   full_default => full_default
#   le_1 => le_1
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   sum_4 => sum_4
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
#   where_1 => where_1
# Graph fragment:
#   %relu : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=relu]
#   %mm_4 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm_4]
#   %where_1 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=where_1]
#   %sum_4 : Tensor "f32[1, 64][64, 1]xpu:0" = PlaceHolder[target=sum_4]
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %full_default : Tensor "f32[][]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: xpu:0, pin_memory: False})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %le_1 : Tensor "b8[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.le.Scalar](args = (%relu, 0), kwargs = {})
#   %where_1 : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.where.self](args = (%le_1, %full_default, %mm_4), kwargs = {})
#   %sum_4 : Tensor "f32[1, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%where_1, [0], True), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %where_1,%sum_4,%buf20
triton_per_fused_sum_threshold_backward_view_3 = async_compile.triton('triton_per_fused_sum_threshold_backward_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_threshold_backward_view_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'autotune_hints': (), 'tiling_scores': {'x': 8704, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_threshold_backward_view_3(in_out_ptr0, in_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 16)
    x3 = xindex // 16
    tmp0 = tl.load(in_out_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp3 = tl.load(in_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.full([1, 1], 0.0, tl.float32)
    tmp2 = tmp0 <= tmp1
    tmp4 = tl.where(tmp2, tmp1, tmp3)
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(r0_mask & xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 64*r0_1), tmp4, r0_mask & xmask)
    tl.store(out_ptr1 + (x2 + 2112*x3), tmp8, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
# Source node to ATen node mapping:
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
# Graph fragment:
#   %mm_1 : Tensor "f32[32, 64][64, 1]xpu:0" = PlaceHolder[target=mm_1]
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %buf13
triton_poi_fused_view_4 = async_compile.triton('triton_poi_fused_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 24576}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_view_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % 512)
    x1 = xindex // 512
    tmp0 = tl.load(in_ptr0 + (x2), xmask)
    tl.store(out_ptr0 + (x0 + 2112*x1), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
# Source node to ATen node mapping:
#   reduce_scatter_tensor => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   view_11 => view_11
#   view_14 => view_14
#   view_17 => view_17
#   view_8 => view_8
# Graph fragment:
#   %mm_3 : Tensor "f32[64, 32][32, 1]xpu:0" = PlaceHolder[target=mm_3]
#   %view_8 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_1, [32]), kwargs = {})
#   %view_11 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_2, [64]), kwargs = {})
#   %view_14 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_3, [32]), kwargs = {})
#   %view_17 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%sum_4, [64]), kwargs = {})
#   %view : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [4, -1]), kwargs = {})
#   %view_1 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [4, -1]), kwargs = {})
#   %view_2 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [4, -1]), kwargs = {})
#   %view_3 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [4, -1]), kwargs = {})
#   %view_4 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [4, -1]), kwargs = {})
#   %view_5 : Tensor "f32[4, 8][8, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [4, -1]), kwargs = {})
#   %view_6 : Tensor "f32[4, 512][512, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [4, -1]), kwargs = {})
#   %view_7 : Tensor "f32[4, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [4, -1]), kwargs = {})
#   %cat : Tensor "f32[4, 2096][2096, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7], 1), kwargs = {})
#   return %buf15
triton_poi_fused_view_5 = async_compile.triton('triton_poi_fused_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 24576}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_view_5(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % 512)
    x1 = xindex // 512
    tmp0 = tl.load(in_ptr0 + (x2), xmask)
    tl.store(out_ptr0 + (x0 + 2112*x1), tmp0, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [reduce_scatter_tensor], Original ATen: []
# Source node to ATen node mapping:
#   reduce_scatter_tensor => reduce_scatter_tensor_8, view_9
# Graph fragment:
#   %cat : Tensor "f32[4, 2096][2112, 1]xpu:0" = PlaceHolder[target=cat]
#   %view_9 : Tensor "f32[8384][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat, [8384]), kwargs = {})
#   %reduce_scatter_tensor_8 : Tensor "f32[2096][1]xpu:0"[num_users=1] = call_function[target=torch.ops._c10d_functional.reduce_scatter_tensor.default](args = (%view_9, sum, 4, 0), kwargs = {})
#   return %buf22
triton_poi_fused_6 = async_compile.triton('triton_poi_fused_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16384}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 100608}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_6(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 8384
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (2112*(x0 // 2096) + ((x0 % 2096))), xmask)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
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
        primals_17, relu, addmm_1, relu_1, permute_4, permute_8, permute_12, primals_2, tangents_1 = args
        args.clear()
        assert_size_stride_grouped((tangents_1, permute_4), ((8, 32), (32, 64)), ((32, 1), (64, 1)), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            tangents_1 = copy_if_misaligned(tangents_1)
            buf0 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [mm], Original ATen: [aten.mm]
            extern_kernels.mm(tangents_1, permute_4, out=buf0)
            del permute_4
            assert_size_stride(relu_1, (8, 64), (64, 1), 'input')
            buf1 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_5, mm_1], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(tangents_1, (32, 8), (1, 32), 0), relu_1, out=buf1)
            buf21 = empty_strided_xpu((4, 2096), (2112, 1), torch.float32)
            buf14 = reinterpret_tensor(buf21, (4, 8), (2112, 1), 512)  # alias
            # Topologically Sorted Source Nodes: [sum_1, view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.sum, aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_0.run(tangents_1, buf14, 32, 8, stream=raw_stream0)
            del tangents_1
            buf3 = relu_1; del relu_1  # reuse
            buf16 = reinterpret_tensor(buf21, (4, 16), (2112, 1), 1032)  # alias
            # Topologically Sorted Source Nodes: [view_8, le, full_default, where, sum_2, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_threshold_backward_view_1.run(buf3, buf0, buf16, 64, 8, stream=raw_stream0)
            del buf0
            assert_size_stride(permute_8, (64, 32), (32, 1), 'input')
            buf4 = empty_strided_xpu((8, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [mm_2], Original ATen: [aten.mm]
            extern_kernels.mm(buf3, permute_8, out=buf4)
            del permute_8
            assert_size_stride(addmm_1, (8, 32), (32, 1), 'input')
            buf5 = empty_strided_xpu((64, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_9, mm_3], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf3, (64, 8), (1, 64), 0), addmm_1, out=buf5)
            del addmm_1
            assert_size_stride(permute_12, (32, 64), (64, 1), 'input')
            buf7 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [mm_4], Original ATen: [aten.mm]
            extern_kernels.mm(buf4, permute_12, out=buf7)
            del permute_12
            assert_size_stride(relu, (8, 64), (64, 1), 'input')
            buf8 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_13, mm_5], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf4, (32, 8), (1, 32), 0), relu, out=buf8)
            buf18 = reinterpret_tensor(buf21, (4, 8), (2112, 1), 1560)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, sum_3, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_2.run(buf4, buf18, 32, 8, stream=raw_stream0)
            del buf4
            buf10 = relu; del relu  # reuse
            buf20 = reinterpret_tensor(buf21, (4, 16), (2112, 1), 2080)  # alias
            # Topologically Sorted Source Nodes: [view_8, full_default, view_11, view_14, le_1, where_1, sum_4, view_17, reduce_scatter_tensor], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_threshold_backward_view_3.run(buf10, buf7, buf20, 64, 8, stream=raw_stream0)
            del buf7
            assert_size_stride(primals_17, (8, 32), (32, 1), 'input')
            primals_17 = copy_if_misaligned(primals_17)
            buf11 = empty_strided_xpu((64, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default, le_1, where_1, permute_16, mm_6], Original ATen: [aten.threshold_backward, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf10, (64, 8), (1, 64), 0), primals_17, out=buf11)
            del buf10
            del primals_17
            buf13 = reinterpret_tensor(buf21, (4, 512), (2112, 1), 0)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_4.run(buf1, buf13, 2048, stream=raw_stream0)
            del buf1
            buf15 = reinterpret_tensor(buf21, (4, 512), (2112, 1), 520)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_5.run(buf5, buf15, 2048, stream=raw_stream0)
            del buf5
            buf17 = reinterpret_tensor(buf21, (4, 512), (2112, 1), 1048)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_5.run(buf8, buf17, 2048, stream=raw_stream0)
            del buf8
            buf19 = reinterpret_tensor(buf21, (4, 512), (2112, 1), 1568)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, reduce_scatter_tensor], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_4.run(buf11, buf19, 2048, stream=raw_stream0)
            del buf11
            buf22 = empty_strided_xpu((8384, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [reduce_scatter_tensor], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_6.run(buf21, buf22, 8384, stream=raw_stream0)
            del buf13
            del buf14
            del buf15
            del buf16
            del buf17
            del buf18
            del buf19
            del buf20
            del buf21
            # Topologically Sorted Source Nodes: [reduce_scatter_tensor], Original ATen: []
            buf23 = torch.ops._c10d_functional.reduce_scatter_tensor.default(buf22, 'sum', 4, '0')
            assert_tensor_metadata(buf23, (2096, ), (1, ), torch.float32, 'torch.ops._c10d_functional.reduce_scatter_tensor.default')
            assert_alignment(buf23, 16, 'torch.ops._c10d_functional.reduce_scatter_tensor.default')
            # Topologically Sorted Source Nodes: [reduce_scatter_tensor], Original ATen: []
            torch.ops._c10d_functional.wait_tensor.default(buf23)
            del buf22
        return (reinterpret_tensor(buf23, (16, ), (1, ), 2080), primals_2, reinterpret_tensor(buf23, (16, 32), (32, 1), 1568), primals_2, reinterpret_tensor(buf23, (8, ), (1, ), 1560), primals_2, reinterpret_tensor(buf23, (8, 64), (64, 1), 1048), primals_2, reinterpret_tensor(buf23, (16, ), (1, ), 1032), primals_2, reinterpret_tensor(buf23, (16, 32), (32, 1), 520), primals_2, reinterpret_tensor(buf23, (8, ), (1, ), 512), primals_2, reinterpret_tensor(buf23, (8, 64), (64, 1), 0), primals_2, None, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_17 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    relu = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    addmm_1 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    relu_1 = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    permute_4 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    permute_8 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    permute_12 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_2 = None
    tangents_1 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    return [primals_17, relu, addmm_1, relu_1, permute_4, permute_8, permute_12, primals_2, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
