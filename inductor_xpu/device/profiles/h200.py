"""NVIDIA H200 SXM 141GB (Hopper, GH100, compute capability 9.0).

A cuda profile: the fields of ``torch.cuda.get_device_properties()``.  The
H200 has the H100 SXM5's 132 SMs, with 141 GB of HBM3e on six stacks
instead of 80 GB of HBM3 on five.

[LENT-H200]: the lent H200 machine of the workplace this profile was
written in, as recorded on 2026-10-28 (torch 2.11.0+cu130,
``torch.cuda.get_device_properties(0)`` and nvidia-smi): "NVIDIA H200",
132 multiprocessors, 60 MB of L2, memory clock 3201 MHz, 143771 MiB.
"""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import (
    CUDA_CC_TABLE,
    H200_DATASHEET,
    HOPPER_BLOG,
    HOPPER_TUNING,
)


# nvidia-smi on an H200 server: "NVIDIA H200", 143771MiB.
_NVIDIA_SMI = "https://github.com/NVIDIA/cuda-samples/issues/311"

PROFILE = DeviceProfile(
    key="h200",
    aliases=("h200sxm", "h200-sxm", "h200-141gb", "nvidia-h200"),
    description="NVIDIA H200 SXM 141GB HBM3e, Hopper (sm_90)",
    device_type="cuda",
    # [_NVIDIA_SMI]: the device name.
    name="NVIDIA H200",
    # Compute capability 9.0 ([CUDA_CC_TABLE]; https://developer.nvidia.com/cuda-gpus).
    major=9,
    minor=0,
    # [H200_DATASHEET]: the H100 SXM5's compute (132 SMs, [HOPPER_BLOG]).
    multi_processor_count=132,
    # [_NVIDIA_SMI]: 143771MiB total framebuffer (nvidia-smi; torch's
    # totalGlobalMem excludes driver-reserved memory: an upper bound).
    total_memory=143771 * 1024 * 1024,
    is_integrated=False,
    is_multi_gpu_board=False,
    # [CUDA_CC_TABLE] / [HOPPER_TUNING]: compute capability 9.0 limits.
    max_threads_per_multi_processor=2048,
    max_threads_per_block=1024,
    warp_size=32,
    # [LENT-H200]: torch reports 60 MB of L2 (all of GH100's, [HOPPER_BLOG];
    # the H100 SXM5 enables 50 MB).
    L2_cache_size=60 * 1024 * 1024,
    # Max boost clock 1980 MHz, as H100 SXM5 (same GH100 configuration), kHz.
    clock_rate=1980 * 1000,
    # [LENT-H200]: nvidia-smi's memory clock 3201 MHz (kHz in torch); cf.
    # [H200_DATASHEET] 4.8 TB/s over a 6144-bit (768-byte) double data rate
    # bus: 4.8e12 / (768 * 2) = 3.125 GHz.
    memory_clock_rate=3201 * 1000,
    # Six HBM3e stacks x 1024 bits ([H200_DATASHEET]: 141 GB HBM3e on the
    # six stack sites of GH100, [HOPPER_BLOG]).
    memory_bus_width=6144,
    # [HOPPER_TUNING]: 48 KB per block, 228 KB per SM, 227 KB opt-in per block.
    shared_memory_per_block=48 * 1024,
    shared_memory_per_multiprocessor=228 * 1024,
    shared_memory_per_block_optin=227 * 1024,
    # [HOPPER_TUNING] / [CUDA_CC_TABLE]: 64K 32-bit registers per SM.
    regs_per_multiprocessor=65536,
    sources=(
        H200_DATASHEET, HOPPER_BLOG, HOPPER_TUNING, CUDA_CC_TABLE, _NVIDIA_SMI,
        "lent H200 of this workplace, 2026-10-28: torch 2.11.0+cu130 get_device_properties(0), nvidia-smi",
    ),
)
