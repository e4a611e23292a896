# golden: --quant int8 mlp on simulated max1550 (normalised; EXPECTTEST_ACCEPT=1 refreshes)
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
x_scale = None  # device(type='cpu') torch.float32 () () <hash>
x_zp = None  # device(type='cpu') torch.int32 () () <hash>
_frozen_param4_0 = None  # device(type='xpu', index=0) torch.int32 (64,) (1,) <hash>
x_scale_0 = None  # device(type='cpu') torch.float32 () () <hash>
x_zp_0 = None  # device(type='cpu') torch.int32 () () <hash>
_frozen_param7_0 = None  # device(type='xpu', index=0) torch.int32 (32,) (1,) <hash>


# kernel path: <kernel cache path>
# Topologically Sorted Source Nodes: [quantize_per_tensor_default], Original ATen: [quantized_decomposed.quantize_per_tensor]
# Source node to ATen node mapping:
#   quantize_per_tensor_default => quantize_per_tensor
# Graph fragment:
#   %arg8_1 : Tensor "f32[8, 32][32, 1]xpu:0" = PlaceHolder[target=arg8_1]
#   %quantize_per_tensor : Tensor "i8[8, 32][32, 1]xpu:0"[num_users=1] = call_function[target=torch.ops.quantized_decomposed.quantize_per_tensor.default](args = (%arg8_1, <float>, -1, -128, 127, torch.int8), kwargs = {})
#   return %quantize_per_tensor
triton_poi_fused_quantize_per_tensor_0 = async_compile.triton('triton_poi_fused_quantize_per_tensor_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 256}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*i8', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='xpu', index=0, multi_processor_count=64, cc=<capability of max1550>, major=None, regs_per_multiprocessor=None, max_threads_per_multi_processor=None, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_poi_fused_quantize_per_tensor_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'autotune_hints': (), 'tiling_scores': {'x': 1536}, 'backend_hash': '<backend hash>', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'incremental_autotune': False, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'batch_invariant': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': True, 'dynamic_disable_pipelining': True, 'are_deterministic_algorithms_enabled': False},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_quantize_per_tensor_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 256
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl.full([1], <float>, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = libdevice.nearbyint(tmp2)
    tmp4 = tl.full([1], -1.0, tl.float32)
    tmp5 = tmp3 + tmp4
    tmp6 = tl.full([1], -128.0, tl.float32)
    tmp7 = tl.maximum(tmp5, tmp6, tl.PropagateNan.ALL)
    tmp8 = tl.full([1], 127.0, tl.float32)
    tmp9 = tl.minimum(tmp7, tmp8, tl.PropagateNan.ALL)
    tmp10 = tmp9.to(tl.int8)
    tl.store(out_ptr0 + (x0), tmp10, xmask)
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
            buf0 = empty_strided_xpu((8, 32), (32, 1), torch.int8)
            # Topologically Sorted Source Nodes: [quantize_per_tensor_default], Original ATen: [quantized_decomposed.quantize_per_tensor]
            raw_stream0 = get_raw_stream(0)
            triton_poi_fused_quantize_per_tensor_0.run(arg8_1, buf0, 256, stream=raw_stream0)
            del arg8_1
            # Topologically Sorted Source Nodes: [quantize_per_tensor_default, quantize_per_tensor_default_1], Original ATen: [quantized_decomposed.quantize_per_tensor]
            buf1 = torch.ops.onednn.qlinear_pointwise.tensor(buf0, x_scale, x_zp, _frozen_param8, _frozen_param3, _frozen_param4_0, _frozen_param0, <float>, -106, torch.int8, 'gelu', [None], 'none')
            assert_tensor_metadata(buf1, (8, 64), (64, 1), torch.int8, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -1, 'packed_weight': qlinear_prepack_1, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'output_scale': <float>, 'output_zero_point': -106, 'output_dtype': torch.int8, 'postop_name': 'gelu', 'postop_args': [], 'postop_algorithm': 'none'}))")
            assert_tensor_metadata(buf1, (8, 64), (64, 1), torch.int8, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': quantize_per_tensor, 'x_scale': <float>, 'x_zp': -1, 'packed_weight': qlinear_prepack_1, 'w_scale': arg3_1, 'w_zp': arg4_1, 'b': arg0_1, 'output_scale': <float>, 'output_zero_point': -106, 'output_dtype': torch.int8, 'postop_name': 'gelu', 'postop_args': [], 'postop_algorithm': 'none'}))")
            del buf0
            # Topologically Sorted Source Nodes: [linear_default_1], Original ATen: [aten.addmm]
            buf2 = torch.ops.onednn.qlinear_pointwise.tensor(buf1, x_scale_0, x_zp_0, _frozen_param9, _frozen_param6, _frozen_param7_0, _frozen_param1, 1.0, 0, torch.float32, 'none', [None], '')
            assert_tensor_metadata(buf2, (8, 32), (32, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': qlinear_pointwise_default_2, 'x_scale': <float>, 'x_zp': -106, 'packed_weight': qlinear_prepack, 'w_scale': arg6_1, 'w_zp': arg7_1, 'b': arg1_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            assert_tensor_metadata(buf2, (8, 32), (32, 1), torch.float32, "torch._inductor.fx_passes.functools.partial(<function _register_quantized_linear_unary_lowering.<locals>.qlinear at <address>>, Match(..., [], {'x': qlinear_pointwise_default_2, 'x_scale': <float>, 'x_zp': -106, 'packed_weight': qlinear_prepack, 'w_scale': arg6_1, 'w_zp': arg7_1, 'b': arg1_1, 'output_scale': 1.0, 'output_zero_point': 0, 'output_dtype': torch.float32, 'postop_name': 'none', 'postop_args': [], 'postop_algorithm': ''}))")
            del buf1
        return (buf2, )

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
    global x_scale
    x_scale = rand_strided((), (), device='cpu', dtype=torch.float32)
    global x_zp
    x_zp = rand_strided((), (), device='cpu', dtype=torch.int32)
    global _frozen_param4_0
    _frozen_param4_0 = rand_strided((64, ), (1, ), device='xpu:0', dtype=torch.int32)
    global x_scale_0
    x_scale_0 = rand_strided((), (), device='cpu', dtype=torch.float32)
    global x_zp_0
    x_zp_0 = rand_strided((), (), device='cpu', dtype=torch.int32)
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
