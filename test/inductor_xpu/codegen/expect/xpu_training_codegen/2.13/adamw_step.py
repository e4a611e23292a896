# golden: training step of adamw_step on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# ===== graph 0 of 3: forward =====
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
# Topologically Sorted Source Nodes: [linear, relu], Original ATen: [aten.addmm, aten.relu]
# Source node to ATen node mapping:
#   linear => add_tensor
#   relu => relu
# Graph fragment:
#   %primals_2 : Tensor "f32[64][1]xpu:0" = PlaceHolder[target=primals_2]
#   %mm_default : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm_default]
#   %add_tensor : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%primals_2, %mm_default), kwargs = {})
#   %relu : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%add_tensor,), kwargs = {})
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
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_addmm_relu_0', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': False, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': set(), 'tiling_scores': {'x': 6400}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
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
    tmp4 = triton_helpers.maximum(tmp3, tmp2)
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
        primals_1, primals_2, primals_3, primals_4, primals_5 = args
        args.clear()
        assert_size_stride(primals_3, (8, 32), (32, 1), 'input')
        assert_size_stride(primals_1, (64, 32), (32, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            primals_3 = copy_if_misaligned(primals_3)
            buf0 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]
            extern_kernels.mm(primals_3, reinterpret_tensor(primals_1, (32, 64), (1, 32), 0), out=buf0)
            del primals_1
            assert_size_stride(primals_2, (64, ), (1, ), 'input')
            buf1 = buf0; del buf0  # reuse
            # Topologically Sorted Source Nodes: [linear, relu], Original ATen: [aten.addmm, aten.relu]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_addmm_relu_0.run(buf1, primals_2, 512, stream=raw_stream0)
            del primals_2
            assert_size_stride(primals_5, (16, ), (1, ), 'input')
            assert_size_stride(primals_4, (16, 64), (64, 1), 'input')
            buf2 = empty_strided_xpu((8, 16), (16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.t, aten.addmm]
            extern_kernels.addmm(primals_5, buf1, reinterpret_tensor(primals_4, (64, 16), (1, 64), 0), alpha=1, beta=1, out=buf2)
            del primals_5
        return (buf2, primals_3, primals_4, buf1, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_2 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    primals_3 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_4 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    primals_5 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_3, primals_4, primals_5]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
# ===== graph 1 of 3: backward =====
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
# Topologically Sorted Source Nodes: [sum_1], Original ATen: [aten.sum]
# Source node to ATen node mapping:
#   sum_1 => sum_1
# Graph fragment:
#   %tangents_1 : Tensor "f32[8, 16][16, 1]xpu:0" = PlaceHolder[target=tangents_1]
#   %sum_1 : Tensor "f32[1, 16][16, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%tangents_1, [0], True), kwargs = {})
#   return %sum_1
triton_per_fused_sum_0 = async_compile.triton('triton_per_fused_sum_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 16, 'r0_': 8},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'autotune_hints': set(), 'tiling_scores': {'x': 640, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_0(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 16
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
    tmp0 = tl.load(in_ptr0 + (x0 + 16*r0_1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(r0_mask & xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='xpu')


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [le, full_default, where, sum_2], Original ATen: [aten.threshold_backward, aten.sum]
# Source node to ATen node mapping:
#   full_default => full_default
#   le => le
#   sum_2 => sum_2
#   where => where
# Graph fragment:
#   %relu : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=relu]
#   %mm : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=mm]
#   %where : Tensor "f32[8, 64][64, 1]xpu:0" = PlaceHolder[target=where]
#   %le : Tensor "b8[8, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.le.Scalar](args = (%relu, 0), kwargs = {})
#   %full_default : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: xpu:0, pin_memory: False})
#   %where : Tensor "f32[8, 64][64, 1]xpu:0"[num_users=2] = call_function[target=torch.ops.aten.where.self](args = (%le, %full_default, %mm), kwargs = {})
#   %sum_2 : Tensor "f32[1, 64][64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%where, [0], True), kwargs = {})
#   return %where,%sum_2
triton_per_fused_sum_threshold_backward_1 = async_compile.triton('triton_per_fused_sum_threshold_backward_1', '''
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
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_per_fused_sum_threshold_backward_1', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'autotune_hints': set(), 'tiling_scores': {'x': 8704, 'r0_': 0}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False}
)
@triton.jit
def triton_per_fused_sum_threshold_backward_1(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
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
    tl.store(out_ptr0 + (x0), tmp8, xmask)
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
        primals_3, primals_4, relu, tangents_1 = args
        args.clear()
        assert_size_stride(tangents_1, (8, 16), (16, 1), 'input')
        assert_size_stride(primals_4, (16, 64), (64, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            tangents_1 = copy_if_misaligned(tangents_1)
            buf0 = empty_strided_xpu((8, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [linear_1, permute_2, mm], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(tangents_1, primals_4, out=buf0)
            del primals_4
            assert_size_stride(relu, (8, 64), (64, 1), 'input')
            buf1 = empty_strided_xpu((16, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_3, mm_1], Original ATen: [aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(tangents_1, (16, 8), (1, 16), 0), relu, out=buf1)
            buf2 = empty_strided_xpu((1, 16), (16, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_1], Original ATen: [aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_0.run(tangents_1, buf2, 16, 8, stream=raw_stream0)
            del tangents_1
            buf3 = relu; del relu  # reuse
            buf5 = empty_strided_xpu((1, 64), (64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [le, full_default, where, sum_2], Original ATen: [aten.threshold_backward, aten.sum]
            raw_stream0 = get_raw_stream(0)
            triton_per_fused_sum_threshold_backward_1.run(buf3, buf0, buf5, 64, 8, stream=raw_stream0)
            del buf0
            assert_size_stride(primals_3, (8, 32), (32, 1), 'input')
            buf4 = empty_strided_xpu((64, 32), (32, 1), torch.float32)
            # Topologically Sorted Source Nodes: [le, full_default, where, permute_6, mm_2], Original ATen: [aten.threshold_backward, aten.t, aten.mm]
            extern_kernels.mm(reinterpret_tensor(buf3, (64, 8), (1, 64), 0), primals_3, out=buf4)
            del buf3
            del primals_3
        return (buf4, reinterpret_tensor(buf5, (64, ), (1, ), 0), None, buf1, reinterpret_tensor(buf2, (16, ), (1, ), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_3 = rand_strided((8, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    primals_4 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    relu = rand_strided((8, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    tangents_1 = rand_strided((8, 16), (16, 1), device='xpu:0', dtype=torch.float32)
    return [primals_3, primals_4, relu, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
# ===== graph 2 of 3: optimizer =====
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
from torch._C import _xpu_getCurrentRawStream as get_raw_stream
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
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_0 = async_compile.triton('triton_for_fused_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 4, 'min_blocks': 0, 'autotune_grouping': True, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 1, 'no_x_dim_1': False, 'xnumel_1': 1, 'no_x_dim_2': False, 'xnumel_2': 1, 'no_x_dim_3': False, 'xnumel_3': 1}, 'kernel_name': 'triton_for_fused_0', 'mutated_arg_names': ['in_ptr0', 'in_ptr1', 'in_ptr2', 'in_ptr3', 'out_ptr0', 'out_ptr1', 'out_ptr2', 'out_ptr3'], 'optimize_mem': True, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, out_ptr2, out_ptr3):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(1, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(1, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(1, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(1, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp0 = tl.load(in_ptr0 + (0))
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK])
        tmp2 = tl.where(xmask, tmp1, 0.0)
        tmp3 = tl.full([1], 1.0, tl.float32)
        tmp4 = tmp2 + tmp3
        tl.store(out_ptr0 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp4, xmask)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp5 = tl.load(in_ptr1 + (0))
        tmp6 = tl.broadcast_to(tmp5, [XBLOCK])
        tmp7 = tl.where(xmask, tmp6, 0.0)
        tmp8 = tl.full([1], 1.0, tl.float32)
        tmp9 = tmp7 + tmp8
        tl.store(out_ptr1 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp9, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp10 = tl.load(in_ptr2 + (0))
        tmp11 = tl.broadcast_to(tmp10, [XBLOCK])
        tmp12 = tl.where(xmask, tmp11, 0.0)
        tmp13 = tl.full([1], 1.0, tl.float32)
        tmp14 = tmp12 + tmp13
        tl.store(out_ptr2 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp14, xmask)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 1
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        tmp15 = tl.load(in_ptr3 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp17 = tl.where(xmask, tmp16, 0.0)
        tmp18 = tl.full([1], 1.0, tl.float32)
        tmp19 = tmp17 + tmp18
        tl.store(out_ptr3 + (tl.full([XBLOCK], 0, tl.int32).broadcast_to([XBLOCK])), tmp19, xmask)
    else:
        pass
''', device_str='xpu')


# kernel path: <kernel cache path>
# Unsorted Source Nodes: [], Original ATen: []
# Source node to ATen node mapping:
triton_for_fused_1 = async_compile.triton('triton_for_fused_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

@triton_heuristics.foreach(
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'in_ptr8': '*fp32', 'in_ptr9': '*fp32', 'in_ptr10': '*fp32', 'in_ptr11': '*fp32', 'in_ptr12': '*fp32', 'in_ptr13': '*fp32', 'in_ptr14': '*fp32', 'in_ptr15': '*fp32', 'in_ptr16': '*fp32', 'in_ptr17': '*fp32', 'in_ptr18': '*fp32', 'in_ptr19': '*fp32', 'out_ptr1': '*fp32', 'out_ptr3': '*fp32', 'out_ptr4': '*fp32', 'out_ptr6': '*fp32', 'out_ptr8': '*fp32', 'out_ptr9': '*fp32', 'out_ptr11': '*fp32', 'out_ptr13': '*fp32', 'out_ptr14': '*fp32', 'out_ptr16': '*fp32', 'out_ptr18': '*fp32', 'out_ptr19': '*fp32'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]], (14,): [['tt.divisibility', 16]], (15,): [['tt.divisibility', 16]], (16,): [['tt.divisibility', 16]], (17,): [['tt.divisibility', 16]], (18,): [['tt.divisibility', 16]], (19,): [['tt.divisibility', 16]], (20,): [['tt.divisibility', 16]], (21,): [['tt.divisibility', 16]], (22,): [['tt.divisibility', 16]], (23,): [['tt.divisibility', 16]], (24,): [['tt.divisibility', 16]], (25,): [['tt.divisibility', 16]], (26,): [['tt.divisibility', 16]], (27,): [['tt.divisibility', 16]], (28,): [['tt.divisibility', 16]], (29,): [['tt.divisibility', 16]], (30,): [['tt.divisibility', 16]], (31,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'SequentialComboKernelGrid', 'combo_grid_meta': {'num_kernels': 4, 'min_blocks': 0, 'autotune_grouping': True, 'default_config': {'XBLOCK': 1024}, 'no_x_dim_0': False, 'xnumel_0': 2048, 'no_x_dim_1': False, 'xnumel_1': 64, 'no_x_dim_2': False, 'xnumel_2': 1024, 'no_x_dim_3': False, 'xnumel_3': 16}, 'kernel_name': 'triton_for_fused_1', 'mutated_arg_names': ['in_ptr0', 'in_ptr10', 'in_ptr12', 'in_ptr13', 'in_ptr15', 'in_ptr17', 'in_ptr18', 'in_ptr2', 'in_ptr3', 'in_ptr5', 'in_ptr7', 'in_ptr8', 'out_ptr1', 'out_ptr11', 'out_ptr13', 'out_ptr14', 'out_ptr16', 'out_ptr18', 'out_ptr19', 'out_ptr3', 'out_ptr4', 'out_ptr6', 'out_ptr8', 'out_ptr9'], 'optimize_mem': True, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
)
@triton.jit
def triton_for_fused_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, in_ptr9, in_ptr10, in_ptr11, in_ptr12, in_ptr13, in_ptr14, in_ptr15, in_ptr16, in_ptr17, in_ptr18, in_ptr19, out_ptr1, out_ptr3, out_ptr4, out_ptr6, out_ptr8, out_ptr9, out_ptr11, out_ptr13, out_ptr14, out_ptr16, out_ptr18, out_ptr19):
    pid = tl.program_id(0)
    XBLOCK: tl.constexpr = 1024
    num_xblocks_0 = tl.cdiv(2048, XBLOCK)
    num_xblocks_1 = num_xblocks_0 + tl.cdiv(64, XBLOCK)
    num_xblocks_2 = num_xblocks_1 + tl.cdiv(1024, XBLOCK)
    num_xblocks_3 = num_xblocks_2 + tl.cdiv(16, XBLOCK)
    if pid < num_xblocks_0:
        pid_offset = pid
        xnumel = 2048
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x0 = xindex
        tmp0 = tl.load(in_ptr0 + (x0), xmask)
        tmp3 = tl.load(in_ptr1 + (x0), xmask)
        tmp7 = tl.load(in_ptr2 + (x0), xmask)
        tmp11 = tl.load(in_ptr3 + (x0), xmask)
        tmp15 = tl.load(in_ptr4 + (0))
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK])
        tmp17 = tl.where(xmask, tmp16, 0.0)
        tmp1 = tl.full([1], 0.999, tl.float32)
        tmp2 = tmp0 * tmp1
        tmp4 = libdevice.mul_rn(tmp3, tmp3)
        tmp5 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp6 = tl.fma(tmp5, tmp4, tmp2)
        tmp8 = tmp3 - tmp7
        tmp9 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp10 = tl.fma(tmp9, tmp8, tmp7)
        tmp12 = tl.full([1], 0.99999, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tl.sqrt_rn(tmp6)
        tmp18 = libdevice.pow(tmp1, tmp17)
        tmp19 = tl.full([1], 1.0, tl.float32)
        tmp20 = tmp18 - tmp19
        tmp21 = -tmp20
        tmp22 = tl.sqrt_rn(tmp21)
        tmp23 = (tmp14 / tmp22)
        tmp24 = tl.full([1], 1e-08, tl.float32)
        tmp25 = tmp23 + tmp24
        tmp26 = tl.full([1], 0.9, tl.float32)
        tmp27 = libdevice.pow(tmp26, tmp17)
        tmp28 = tmp27 - tmp19
        tmp29 = tl.full([1], 1000.0, tl.float32)
        tmp30 = tmp28 * tmp29
        tmp31 = (tmp19 / tmp30)
        tmp32 = (tmp25 / tmp31)
        tmp33 = triton.language.div_rn(tmp10, tmp32)
        tmp34 = tmp13 + tmp33
        tl.store(out_ptr1 + (x0), tmp10, xmask)
        tl.store(out_ptr3 + (x0), tmp34, xmask)
        tl.store(out_ptr4 + (x0), tmp6, xmask)
    elif pid < num_xblocks_1:
        pid_offset = pid - num_xblocks_0
        xnumel = 64
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x1 = xindex
        tmp35 = tl.load(in_ptr5 + (x1), xmask)
        tmp38 = tl.load(in_ptr6 + (x1), xmask)
        tmp42 = tl.load(in_ptr7 + (x1), xmask)
        tmp46 = tl.load(in_ptr8 + (x1), xmask)
        tmp50 = tl.load(in_ptr9 + (0))
        tmp51 = tl.broadcast_to(tmp50, [XBLOCK])
        tmp52 = tl.where(xmask, tmp51, 0.0)
        tmp36 = tl.full([1], 0.999, tl.float32)
        tmp37 = tmp35 * tmp36
        tmp39 = libdevice.mul_rn(tmp38, tmp38)
        tmp40 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp41 = tl.fma(tmp40, tmp39, tmp37)
        tmp43 = tmp38 - tmp42
        tmp44 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp45 = tl.fma(tmp44, tmp43, tmp42)
        tmp47 = tl.full([1], 0.99999, tl.float32)
        tmp48 = tmp46 * tmp47
        tmp49 = tl.sqrt_rn(tmp41)
        tmp53 = libdevice.pow(tmp36, tmp52)
        tmp54 = tl.full([1], 1.0, tl.float32)
        tmp55 = tmp53 - tmp54
        tmp56 = -tmp55
        tmp57 = tl.sqrt_rn(tmp56)
        tmp58 = (tmp49 / tmp57)
        tmp59 = tl.full([1], 1e-08, tl.float32)
        tmp60 = tmp58 + tmp59
        tmp61 = tl.full([1], 0.9, tl.float32)
        tmp62 = libdevice.pow(tmp61, tmp52)
        tmp63 = tmp62 - tmp54
        tmp64 = tl.full([1], 1000.0, tl.float32)
        tmp65 = tmp63 * tmp64
        tmp66 = (tmp54 / tmp65)
        tmp67 = (tmp60 / tmp66)
        tmp68 = triton.language.div_rn(tmp45, tmp67)
        tmp69 = tmp48 + tmp68
        tl.store(out_ptr6 + (x1), tmp45, xmask)
        tl.store(out_ptr8 + (x1), tmp69, xmask)
        tl.store(out_ptr9 + (x1), tmp41, xmask)
    elif pid < num_xblocks_2:
        pid_offset = pid - num_xblocks_1
        xnumel = 1024
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x2 = xindex
        tmp70 = tl.load(in_ptr10 + (x2), xmask)
        tmp73 = tl.load(in_ptr11 + (x2), xmask)
        tmp77 = tl.load(in_ptr12 + (x2), xmask)
        tmp81 = tl.load(in_ptr13 + (x2), xmask)
        tmp85 = tl.load(in_ptr14 + (0))
        tmp86 = tl.broadcast_to(tmp85, [XBLOCK])
        tmp87 = tl.where(xmask, tmp86, 0.0)
        tmp71 = tl.full([1], 0.999, tl.float32)
        tmp72 = tmp70 * tmp71
        tmp74 = libdevice.mul_rn(tmp73, tmp73)
        tmp75 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp76 = tl.fma(tmp75, tmp74, tmp72)
        tmp78 = tmp73 - tmp77
        tmp79 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp80 = tl.fma(tmp79, tmp78, tmp77)
        tmp82 = tl.full([1], 0.99999, tl.float32)
        tmp83 = tmp81 * tmp82
        tmp84 = tl.sqrt_rn(tmp76)
        tmp88 = libdevice.pow(tmp71, tmp87)
        tmp89 = tl.full([1], 1.0, tl.float32)
        tmp90 = tmp88 - tmp89
        tmp91 = -tmp90
        tmp92 = tl.sqrt_rn(tmp91)
        tmp93 = (tmp84 / tmp92)
        tmp94 = tl.full([1], 1e-08, tl.float32)
        tmp95 = tmp93 + tmp94
        tmp96 = tl.full([1], 0.9, tl.float32)
        tmp97 = libdevice.pow(tmp96, tmp87)
        tmp98 = tmp97 - tmp89
        tmp99 = tl.full([1], 1000.0, tl.float32)
        tmp100 = tmp98 * tmp99
        tmp101 = (tmp89 / tmp100)
        tmp102 = (tmp95 / tmp101)
        tmp103 = triton.language.div_rn(tmp80, tmp102)
        tmp104 = tmp83 + tmp103
        tl.store(out_ptr11 + (x2), tmp80, xmask)
        tl.store(out_ptr13 + (x2), tmp104, xmask)
        tl.store(out_ptr14 + (x2), tmp76, xmask)
    elif pid < num_xblocks_3:
        pid_offset = pid - num_xblocks_2
        xnumel = 16
        r0_numel = 1
        xoffset = pid_offset * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = xindex < xnumel
        x3 = xindex
        tmp105 = tl.load(in_ptr15 + (x3), xmask)
        tmp108 = tl.load(in_ptr16 + (x3), xmask)
        tmp112 = tl.load(in_ptr17 + (x3), xmask)
        tmp116 = tl.load(in_ptr18 + (x3), xmask)
        tmp120 = tl.load(in_ptr19 + (0))
        tmp121 = tl.broadcast_to(tmp120, [XBLOCK])
        tmp122 = tl.where(xmask, tmp121, 0.0)
        tmp106 = tl.full([1], 0.999, tl.float32)
        tmp107 = tmp105 * tmp106
        tmp109 = libdevice.mul_rn(tmp108, tmp108)
        tmp110 = tl.full([1], 0.0010000000000000009, tl.float32)
        tmp111 = tl.fma(tmp110, tmp109, tmp107)
        tmp113 = tmp108 - tmp112
        tmp114 = tl.full([1], 0.09999999999999998, tl.float32)
        tmp115 = tl.fma(tmp114, tmp113, tmp112)
        tmp117 = tl.full([1], 0.99999, tl.float32)
        tmp118 = tmp116 * tmp117
        tmp119 = tl.sqrt_rn(tmp111)
        tmp123 = libdevice.pow(tmp106, tmp122)
        tmp124 = tl.full([1], 1.0, tl.float32)
        tmp125 = tmp123 - tmp124
        tmp126 = -tmp125
        tmp127 = tl.sqrt_rn(tmp126)
        tmp128 = (tmp119 / tmp127)
        tmp129 = tl.full([1], 1e-08, tl.float32)
        tmp130 = tmp128 + tmp129
        tmp131 = tl.full([1], 0.9, tl.float32)
        tmp132 = libdevice.pow(tmp131, tmp122)
        tmp133 = tmp132 - tmp124
        tmp134 = tl.full([1], 1000.0, tl.float32)
        tmp135 = tmp133 * tmp134
        tmp136 = (tmp124 / tmp135)
        tmp137 = (tmp130 / tmp136)
        tmp138 = triton.language.div_rn(tmp115, tmp137)
        tmp139 = tmp118 + tmp138
        tl.store(out_ptr16 + (x3), tmp115, xmask)
        tl.store(out_ptr18 + (x3), tmp139, xmask)
        tl.store(out_ptr19 + (x3), tmp111, xmask)
    else:
        pass
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1 = args
        args.clear()
        assert_size_stride(arg9_1, (), (), 'input')
        assert_size_stride(arg4_1, (), (), 'input')
        assert_size_stride(arg10_1, (), (), 'input')
        assert_size_stride(arg11_1, (), (), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            # Topologically Sorted Source Nodes: [_foreach_add_], Original ATen: [aten._foreach_add]
            raw_stream0 = get_raw_stream(0)
            triton_for_fused_0.run(arg9_1, arg4_1, arg10_1, arg11_1, arg9_1, arg4_1, arg10_1, arg11_1, stream=raw_stream0)
            assert_size_stride(arg8_1, (64, 32), (32, 1), 'input')
            assert_size_stride(arg16_1, (64, 32), (32, 1), 'input')
            assert_size_stride(arg7_1, (64, 32), (32, 1), 'input')
            assert_size_stride(arg0_1, (64, 32), (32, 1), 'input')
            assert_size_stride(arg6_1, (64, ), (1, ), 'input')
            assert_size_stride(arg17_1, (64, ), (1, ), 'input')
            assert_size_stride(arg5_1, (64, ), (1, ), 'input')
            assert_size_stride(arg1_1, (64, ), (1, ), 'input')
            assert_size_stride(arg14_1, (16, 64), (64, 1), 'input')
            assert_size_stride(arg18_1, (16, 64), (64, 1), 'input')
            assert_size_stride(arg12_1, (16, 64), (64, 1), 'input')
            assert_size_stride(arg2_1, (16, 64), (64, 1), 'input')
            assert_size_stride(arg15_1, (16, ), (1, ), 'input')
            assert_size_stride(arg19_1, (16, ), (1, ), 'input')
            assert_size_stride(arg13_1, (16, ), (1, ), 'input')
            assert_size_stride(arg3_1, (16, ), (1, ), 'input')
            arg16_1 = copy_if_misaligned(arg16_1)
            arg17_1 = copy_if_misaligned(arg17_1)
            arg18_1 = copy_if_misaligned(arg18_1)
            arg19_1 = copy_if_misaligned(arg19_1)
            # Unsorted Source Nodes: [], Original ATen: []
            raw_stream0 = get_raw_stream(0)
            triton_for_fused_1.run(arg8_1, arg16_1, arg7_1, arg0_1, arg9_1, arg6_1, arg17_1, arg5_1, arg1_1, arg4_1, arg14_1, arg18_1, arg12_1, arg2_1, arg10_1, arg15_1, arg19_1, arg13_1, arg3_1, arg11_1, arg7_1, arg0_1, arg8_1, arg5_1, arg1_1, arg6_1, arg12_1, arg2_1, arg14_1, arg13_1, arg3_1, arg15_1, stream=raw_stream0)
            del arg0_1
            del arg10_1
            del arg11_1
            del arg12_1
            del arg13_1
            del arg14_1
            del arg15_1
            del arg16_1
            del arg17_1
            del arg18_1
            del arg19_1
            del arg1_1
            del arg2_1
            del arg3_1
            del arg4_1
            del arg5_1
            del arg6_1
            del arg7_1
            del arg8_1
            del arg9_1
        return ()

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    arg1_1 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg2_1 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    arg3_1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg4_1 = rand_strided((), (), device='xpu:0', dtype=torch.float32)
    arg5_1 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg6_1 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg7_1 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    arg8_1 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    arg9_1 = rand_strided((), (), device='xpu:0', dtype=torch.float32)
    arg10_1 = rand_strided((), (), device='xpu:0', dtype=torch.float32)
    arg11_1 = rand_strided((), (), device='xpu:0', dtype=torch.float32)
    arg12_1 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    arg13_1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg14_1 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    arg15_1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg16_1 = rand_strided((64, 32), (32, 1), device='xpu:0', dtype=torch.float32)
    arg17_1 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.float32)
    arg18_1 = rand_strided((16, 64), (64, 1), device='xpu:0', dtype=torch.float32)
    arg19_1 = rand_strided((16, ), (1, ), device='xpu:0', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
