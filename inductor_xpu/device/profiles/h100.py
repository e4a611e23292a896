"""NVIDIA H100 SXM5 80GB (Hopper, GH100, compute capability 9.0).

A cuda profile: the fields of ``torch.cuda.get_device_properties()``.  The
SXM5 board enables 132 of GH100's 144 SMs and 50 MB of its 60 MB L2 (the
PCIe board, 114 SMs, would be another profile).
"""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import (
    CUDA_CC_TABLE,
    H100_DATASHEET,
    HOPPER_BLOG,
    HOPPER_TUNING,
)


# nvidia-smi on HGX H100 SXM nodes: "NVIDIA H100 80GB HBM3", 81559MiB.
_NVIDIA_SMI = "https://github.com/NVIDIA/nccl/issues/1264"

PROFILE = DeviceProfile(
    key="h100",
    aliases=("h100sxm", "h100-sxm5", "h100-80gb-hbm3", "nvidia-h100"),
    description="NVIDIA H100 SXM5 80GB HBM3, Hopper (sm_90)",
    device_type="cuda",
    # [_NVIDIA_SMI]: the device name of the SXM5 80 GB board.
    name="NVIDIA H100 80GB HBM3",
    # Compute capability 9.0 ([CUDA_CC_TABLE]; https://developer.nvidia.com/cuda-gpus).
    major=9,
    minor=0,
    # [H100_DATASHEET], [HOPPER_BLOG]: 132 SMs on H100 SXM5.
    multi_processor_count=132,
    # torch reports cudaDeviceProp::totalGlobalMem, which excludes memory
    # the driver reserves: 85017493504 bytes (81079 MiB) on the lent H100 of
    # the workplace this profile was written in (torch 2.11.0+cu130,
    # driver 580.159.04, 2026-11-24; test_simulation_gpu.py compares every
    # field with that GPU); nvidia-smi shows 81559MiB ([_NVIDIA_SMI]).
    total_memory=85017493504,
    # A discrete board, one GPU per board.
    is_integrated=False,
    is_multi_gpu_board=False,
    # [CUDA_CC_TABLE] / [HOPPER_TUNING]: 2048 resident threads (64 warps) per SM.
    max_threads_per_multi_processor=2048,
    # [CUDA_CC_TABLE]: 1024 threads per block.
    max_threads_per_block=1024,
    # [CUDA_CC_TABLE]: warp size 32.
    warp_size=32,
    # [H100_DATASHEET] / [HOPPER_BLOG]: 50 MB L2 (cudaDeviceProp::l2CacheSize 52428800).
    L2_cache_size=50 * 1024 * 1024,
    # Max boost clock 1980 MHz (H100 SXM5; cudaDeviceProp::clockRate is kHz),
    # https://glennklockwood.com/garden/processors/h100 ("1.98 GHz").
    clock_rate=1980 * 1000,
    # Derived: [H100_DATASHEET] 3.35 TB/s over a 5120-bit (640-byte) double
    # data rate bus is 3.35e12 / (640 * 2) = 2.617 GHz; deviceQuery's
    # "Memory Clock rate" of this board is 2619 MHz (kHz in torch).
    memory_clock_rate=2619 * 1000,
    # [H100_DATASHEET]: 5120-bit HBM3 (5 stacks x 1024 bits, [HOPPER_BLOG]).
    memory_bus_width=5120,
    # [HOPPER_TUNING]: 48 KB per block without opt-in ...
    shared_memory_per_block=48 * 1024,
    # ... 228 KB of shared memory per SM ...
    shared_memory_per_multiprocessor=228 * 1024,
    # ... of which one block can opt in to 227 KB.
    shared_memory_per_block_optin=227 * 1024,
    # [HOPPER_TUNING] / [CUDA_CC_TABLE]: 64K 32-bit registers per SM.
    regs_per_multiprocessor=65536,
    sources=(H100_DATASHEET, HOPPER_BLOG, HOPPER_TUNING, CUDA_CC_TABLE, _NVIDIA_SMI),
)
