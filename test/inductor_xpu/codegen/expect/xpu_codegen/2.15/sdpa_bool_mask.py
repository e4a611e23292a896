# golden: sdpa_bool_mask on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
# ===== graph 0 of 1 =====
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


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [scaled_dot_product_attention], Original ATen: [aten.logical_not, aten.scalar_tensor, aten.where, aten._scaled_dot_product_fused_attention_overrideable]
# Source node to ATen node mapping:
#   scaled_dot_product_attention => _scaled_dot_product_fused_attention_overrideable, full_default, full_default_1, logical_not, where
# Graph fragment:
#   %arg1_1 : Tensor "b8[2, 1, 64, 64][4096, 4096, 64, 1]xpu:0" = PlaceHolder[target=arg1_1]
#   %logical_not : Tensor "b8[2, 1, 64, 64][4096, 4096, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.logical_not.default](args = (%arg1_1,), kwargs = {})
#   %full_default_1 : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], -inf), kwargs = {dtype: torch.float32, layout: torch.strided, device: xpu:0, pin_memory: False})
#   %full_default : Tensor "f32[][]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: xpu:0, pin_memory: False})
#   %where : Tensor "f32[2, 1, 64, 64][4096, 4096, 64, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%logical_not, %full_default_1, %full_default), kwargs = {})
#   %_scaled_dot_product_fused_attention_overrideable : [num_users=1] = call_function[target=torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default](args = (%arg2_1, %arg0_1, %arg3_1, %where), kwargs = {})
#   return %buf0
triton_poi_fused__scaled_dot_product_fused_attention_overrideable_logical_not_scalar_tensor_where_0 = async_compile.triton('triton_poi_fused__scaled_dot_product_fused_attention_overrideable_logical_not_scalar_tensor_where_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 8192}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i1', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused__scaled_dot_product_fused_attention_overrideable_logical_not_scalar_tensor_where_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 73728}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused__scaled_dot_product_fused_attention_overrideable_logical_not_scalar_tensor_where_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 8192
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), None).to(tl.int1)
    tmp1 = tmp0 == 0
    tmp2 = tl.full([1], float("-inf"), tl.float32)
    tmp3 = tl.full([1], 0.0, tl.float32)
    tmp4 = tl.where(tmp1, tmp2, tmp3)
    tl.store(out_ptr0 + (x0), tmp4, None)
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
        arg0_1, arg1_1, arg2_1, arg3_1 = args
        args.clear()
        assert_size_stride(arg1_1, (2, 1, 64, 64), (4096, 4096, 64, 1), 'input')
        with torch.xpu._DeviceGuard(0):
            torch.xpu.set_device(0)
            arg1_1 = copy_if_misaligned(arg1_1)
            buf0 = empty_strided_xpu((2, 1, 64, 64), (4096, 4096, 64, 1), torch.float32)
            # Topologically Sorted Source Nodes: [scaled_dot_product_attention], Original ATen: [aten.logical_not, aten.scalar_tensor, aten.where, aten._scaled_dot_product_fused_attention_overrideable]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused__scaled_dot_product_fused_attention_overrideable_logical_not_scalar_tensor_where_0.run(arg1_1, buf0, 8192, stream=raw_stream0)
            del arg1_1
            assert_size_stride_grouped((arg2_1, arg0_1, arg3_1), ((2, 4, 64, 32), (2, 4, 64, 32), (2, 4, 64, 32)), ((8192, 2048, 32, 1), (8192, 2048, 32, 1), (8192, 2048, 32, 1)), 'input')
            arg2_1 = copy_if_misaligned(arg2_1)
            arg0_1 = copy_if_misaligned(arg0_1)
            arg3_1 = copy_if_misaligned(arg3_1)
            # Topologically Sorted Source Nodes: [scaled_dot_product_attention], Original ATen: [aten.logical_not, aten.scalar_tensor, aten.where, aten._scaled_dot_product_fused_attention_overrideable]
            buf1 = torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default(arg2_1, arg0_1, arg3_1, buf0)
            del arg0_1
            del arg2_1
            del arg3_1
            del buf0
            buf2 = buf1[0]
            assert_tensor_metadata(buf2, (2, 4, 64, 32), (8192, 2048, 32, 1), torch.float32, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            assert_alignment(buf2, 16, 'torch.ops.aten._scaled_dot_product_fused_attention_overrideable.default')
            del buf1
        return (buf2, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((2, 4, 64, 32), (8192, 2048, 32, 1), device='xpu:0', dtype=torch.float32)
    arg1_1 = rand_strided((2, 1, 64, 64), (4096, 4096, 64, 1), device='xpu:0', dtype=torch.bool)
    arg2_1 = rand_strided((2, 4, 64, 32), (8192, 2048, 32, 1), device='xpu:0', dtype=torch.float32)
    arg3_1 = rand_strided((2, 4, 64, 32), (8192, 2048, 32, 1), device='xpu:0', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='xpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
