# golden: ddp training step of ddp_mlp_2blocks over 4 ranks on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# ddp over 4 ranks (fake process group), device xpu
#   unit <root>: Replicate() 8 params, 8384 elements
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
#     passes: bucket_reduce_scatters (0->0), bucket_all_reduce (0->0), bucket_all_gathers (0->0), decide_global_ordering_of_comms (0->0), sink_waits (0->0), raise_comms (0->0), reorder_compute_for_overlap (0->0), reorder_compute_and_comm_for_overlap (0->0), simple_overlap (0->0)
#     wait_tensor x0
#   graph 1 (backward):
#     passes: deduplicate_wait_tensors (8->8), bucket_reduce_scatters (8->8), bucket_all_reduce (8->1), bucket_all_gathers (1->1), decide_global_ordering_of_comms (1->1), sink_waits (1->1), raise_comms (1->1), reorder_compute_for_overlap (1->1), reorder_compute_and_comm_for_overlap (1->1), simple_overlap (1->1)
#     @22 _c10d_functional.all_reduce_.default(float32[8384]; 'sum', '0') 33536 bytes, waited @23, 0 op(s) overlapped
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
# Topologically Sorted Source Nodes: [linear, relu], Original ATen: [aten.addmm, aten.relu]
# Source node to ATen node mapping:
#   linear => add_tensor_1
#   relu => relu
# Graph fragment:
#   %primals_1 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_1]
#   %mm_default_1 : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm_default_1]
#   %add_tensor_1 : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_1, %mm_default_1), kwargs = {})
#   %relu : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%add_tensor_1,), kwargs = {})
#   return %relu
triton_poi_fused_addmm_relu_0 = async_compile.triton('triton_poi_fused_addmm_relu_0', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_addmm_relu_0', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 6400}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_addmm_relu_0(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 512
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 64)
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x2), xmask)
    tmp2 = tmp0 + tmp1
    tmp3 = tl.full([1], 0, tl.int32)
    tmp4 = tl.maximum(tmp3, tmp2, tl.PropagateNan.ALL)
    tl.store(in_out_ptr0 + (x2), tmp4, xmask)
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
        assert_size_stride_grouped((primals_17, primals_3), ((8, 32), (64, 32)), ((32, 1), (32, 1)), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            primals_17 = copy_if_misaligned(primals_17)
            buf0 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]
            extern_kernels.mm(primals_17, reinterpret_tensor(primals_3, (32, 64), (1, 32), 0), out=buf0)
            del primals_3
            assert_size_stride(primals_1, (64, ), (1, ), 'input')
            buf1 = buf0; del buf0  # reuse
            # Topologically Sorted Source Nodes: [linear, relu], Original ATen: [aten.addmm, aten.relu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_relu_0.run(buf1, primals_1, 512, stream=raw_stream0)
            del primals_1
            assert_size_stride_grouped((primals_5, primals_7), ((32, ), (32, 64)), ((1, ), (64, 1)), 'input')
            buf2 = empty_strided_xpu((8, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.t, aten.addmm]
            extern_kernels.addmm(primals_5, buf1, reinterpret_tensor(primals_7, (64, 32), (1, 64), 0), alpha=1, beta=1, out=buf2)
            del primals_5
            assert_size_stride(primals_11, (64, 32), (32, 1), 'input')
            buf3 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.t, aten.addmm]
            extern_kernels.mm(buf2, reinterpret_tensor(primals_11, (32, 64), (1, 32), 0), out=buf3)
            assert_size_stride(primals_9, (64, ), (1, ), 'input')
            buf4 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [linear_2, relu_1], Original ATen: [aten.addmm, aten.relu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_relu_0.run(buf4, primals_9, 512, stream=raw_stream0)
            del primals_9
            assert_size_stride_grouped((primals_13, primals_15), ((32, ), (32, 64)), ((1, ), (64, 1)), 'input')
            buf5 = empty_strided_xpu((8, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_3], Original ATen: [aten.t, aten.addmm]
            extern_kernels.addmm(primals_13, buf4, reinterpret_tensor(primals_15, (64, 32), (1, 64), 0), alpha=1, beta=1, out=buf5)
            del primals_13
        return (buf5, primals_7, primals_17, buf1, buf2, buf4, primals_15, primals_11, primals_2, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_2 = None
    primals_3 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_4 = None
    primals_5 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_6 = None
    primals_7 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_8 = None
    primals_9 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_10 = None
    primals_11 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_12 = None
    primals_13 = rand_strided((32, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_14 = None
    primals_15 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
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
# Topologically Sorted Source Nodes: [sum_1, view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.sum, aten.view]
# Source node to ATen node mapping:
#   all_reduce => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
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
#   %view : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [-1]), kwargs = {})
#   %view_1 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [-1]), kwargs = {})
#   %view_2 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [-1]), kwargs = {})
#   %view_3 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [-1]), kwargs = {})
#   %view_4 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [-1]), kwargs = {})
#   %view_5 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [-1]), kwargs = {})
#   %view_6 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [-1]), kwargs = {})
#   %view_7 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [-1]), kwargs = {})
#   %cat : Tensor "f32[8384][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7],), kwargs = {})
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
    tmp0 = tl.load(in_ptr0 + (x0 + 32*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(r0_mask & xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr1 + (x0), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, le, full_default, where, sum_2, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
# Source node to ATen node mapping:
#   all_reduce => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
#   full_default => full_default
#   le => le
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
#   %view : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [-1]), kwargs = {})
#   %view_1 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [-1]), kwargs = {})
#   %view_2 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [-1]), kwargs = {})
#   %view_3 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [-1]), kwargs = {})
#   %view_4 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [-1]), kwargs = {})
#   %view_5 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [-1]), kwargs = {})
#   %view_6 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [-1]), kwargs = {})
#   %view_7 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [-1]), kwargs = {})
#   %cat : Tensor "f32[8384][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7],), kwargs = {})
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
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
    tmp0 = tl.load(in_out_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp3 = tl.load(in_ptr0 + (x0 + 64*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.full([1, 1], 0.0, tl.float32)
    tmp2 = tmp0 <= tmp1
    tmp4 = tl.where(tmp2, tmp1, tmp3)
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(r0_mask & xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 64*r0_1), tmp4, r0_mask & xmask)
    tl.store(out_ptr1 + (x0), tmp8, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view]
# Source node to ATen node mapping:
#   all_reduce => cat, view, view_1, view_2, view_3, view_4, view_5, view_6, view_7
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
#   %view : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_1, [-1]), kwargs = {})
#   %view_1 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_8, [-1]), kwargs = {})
#   %view_2 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_3, [-1]), kwargs = {})
#   %view_3 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_11, [-1]), kwargs = {})
#   %view_4 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_5, [-1]), kwargs = {})
#   %view_5 : Tensor "f32[32][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_14, [-1]), kwargs = {})
#   %view_6 : Tensor "f32[2048][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mm_6, [-1]), kwargs = {})
#   %view_7 : Tensor "f32[64][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_17, [-1]), kwargs = {})
#   %cat : Tensor "f32[8384][1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view, %view_1, %view_2, %view_3, %view_4, %view_5, %view_6, %view_7],), kwargs = {})
#   return %buf13
triton_poi_fused_view_2 = async_compile.triton('triton_poi_fused_view_2', '''
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
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 24576}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_view_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 2048
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
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
        primals_7, primals_17, relu, addmm_1, relu_1, permute_4, permute_8, primals_2, tangents_1 = args
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
            buf21 = empty_strided_xpu((8384, ), (1, ), torch.float32)
            buf14 = reinterpret_tensor(buf21, (32, ), (1, ), 2048)  # alias
            # Topologically Sorted Source Nodes: [sum_1, view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.sum, aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_0.run(tangents_1, buf14, 32, 8, stream=raw_stream0)
            del tangents_1
            buf3 = relu_1; del relu_1  # reuse
            buf16 = reinterpret_tensor(buf21, (64, ), (1, ), 4128)  # alias
            # Topologically Sorted Source Nodes: [view_8, le, full_default, where, sum_2, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
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
            assert_size_stride(primals_7, (32, 64), (64, 1), 'input')
            buf7 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [linear_1, permute_12, mm_4], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(buf4, primals_7, out=buf7)
            del primals_7
            assert_size_stride(relu, (8, 64), (64, 1), 'input')
            buf8 = empty_strided_xpu((32, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_13, mm_5], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf4, (32, 8), (1, 32), 0), relu, out=buf8)
            buf18 = reinterpret_tensor(buf21, (32, ), (1, ), 6240)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, sum_3, view_14, view_17, all_reduce], Original ATen: [aten.view, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_0.run(buf4, buf18, 32, 8, stream=raw_stream0)
            del buf4
            buf10 = relu; del relu  # reuse
            buf20 = reinterpret_tensor(buf21, (64, ), (1, ), 8320)  # alias
            # Topologically Sorted Source Nodes: [view_8, full_default, view_11, view_14, le_1, where_1, sum_4, view_17, all_reduce], Original ATen: [aten.view, aten.threshold_backward, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_threshold_backward_view_1.run(buf10, buf7, buf20, 64, 8, stream=raw_stream0)
            del buf7
            assert_size_stride(primals_17, (8, 32), (32, 1), 'input')
            primals_17 = copy_if_misaligned(primals_17)
            buf11 = empty_strided_xpu((64, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_default, le_1, where_1, permute_16, mm_6], Original ATen: [aten.threshold_backward, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf10, (64, 8), (1, 64), 0), primals_17, out=buf11)
            del buf10
            del primals_17
            buf13 = reinterpret_tensor(buf21, (2048, ), (1, ), 0)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_2.run(buf1, buf13, 2048, stream=raw_stream0)
            del buf1
            buf15 = reinterpret_tensor(buf21, (2048, ), (1, ), 2080)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_2.run(buf5, buf15, 2048, stream=raw_stream0)
            del buf5
            buf17 = reinterpret_tensor(buf21, (2048, ), (1, ), 4192)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_2.run(buf8, buf17, 2048, stream=raw_stream0)
            del buf8
            buf19 = reinterpret_tensor(buf21, (2048, ), (1, ), 6272)  # alias
            # Topologically Sorted Source Nodes: [view_8, view_11, view_14, view_17, all_reduce], Original ATen: [aten.view]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_view_2.run(buf11, buf19, 2048, stream=raw_stream0)
            del buf11
            del buf13
            del buf14
            del buf15
            del buf16
            del buf17
            del buf18
            del buf19
            del buf20
            # Topologically Sorted Source Nodes: [all_reduce], Original ATen: []
            torch.ops._c10d_functional.all_reduce_.default(buf21, 'sum', '0')
            # Topologically Sorted Source Nodes: [all_reduce], Original ATen: []
            torch.ops._c10d_functional.wait_tensor.default(buf21)
        return (reinterpret_tensor(buf21, (64, ), (1, ), 8320), primals_2, reinterpret_tensor(buf21, (64, 32), (32, 1), 6272), primals_2, reinterpret_tensor(buf21, (32, ), (1, ), 6240), primals_2, reinterpret_tensor(buf21, (32, 64), (64, 1), 4192), primals_2, reinterpret_tensor(buf21, (64, ), (1, ), 4128), primals_2, reinterpret_tensor(buf21, (64, 32), (32, 1), 2080), primals_2, reinterpret_tensor(buf21, (32, ), (1, ), 2048), primals_2, reinterpret_tensor(buf21, (32, 64), (64, 1), 0), primals_2, None, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_7 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_17 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    relu = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    addmm_1 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    relu_1 = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    permute_4 = rand_strided((32, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    permute_8 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_2 = None
    tangents_1 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    return [primals_7, primals_17, relu, addmm_1, relu_1, permute_4, permute_8, primals_2, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
