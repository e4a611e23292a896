"""Intel Data Center GPU Max 1100 (Ponte Vecchio, Xe-HPC), a one-stack card."""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import ARCHDEF, ARCHNAME, PCIID, XEARCH


PROFILE = DeviceProfile(
    key="max1100",
    aliases=("pvc1100", "data-center-gpu-max-1100"),
    description="Intel Data Center GPU Max 1100 (one stack), Xe-HPC",
    # [TXO-4117]: name='Intel(R) Data Center GPU Max 1100'
    name="Intel(R) Data Center GPU Max 1100",
    # [TXO-4117]: platform_name='Intel(R) oneAPI Unified Runtime over Level-Zero'
    platform_name="Intel(R) oneAPI Unified Runtime over Level-Zero",
    # SYCL vendor string of Intel GPUs (https://github.com/intel/compute-runtime/issues/869)
    vendor="Intel(R) Corporation",
    # [TXO-4117]: device_id=0xBDA; [PCIID]: 0x0BDA "PVC Max 1100"
    device_id=0x0BDA,
    # [TXO-4117]: driver_version='1.6.33578+51'
    driver_version="1.6.33578+51",
    # Xe-HPC IP version 12.60.7 ([ARCHDEF]: intel_gpu_12_60_7 = intel_gpu_pvc)
    version="12.60.7",
    # [TXO-4117]: max_compute_units=448
    max_compute_units=448,
    # [TXO-4117]: gpu_eu_count=448; Intel ARK: 56 Xe-cores x 8
    # (https://www.intel.com/content/www/us/en/products/sku/232876/
    #  intel-data-center-gpu-max-1100/specifications.html)
    gpu_eu_count=448,
    # [TXO-4117]: max_work_group_size=1024
    max_work_group_size=1024,
    # [TXO-4117]: max_num_sub_groups=64
    max_num_sub_groups=64,
    # [TXO-4117]: memory_clock_rate=3200MHz
    memory_clock_rate=3200,
    # [TXO-4117]: memory_bus_width=64-bit
    memory_bus_width=64,
    # [TXO-4117]: sub_group_sizes=[16 32]
    sub_group_sizes=(16, 32),
    # [TXO-4117]: local_mem_size=128KB
    local_mem_size=128 * 1024,
    # [TXO-4117]: last_level_cache_size=196608KB (as the runtime reports it)
    last_level_cache_size=196608 * 1024,
    # [TXO-4117]: has_fp16=1
    has_fp16=True,
    # [TXO-4117]: has_fp64=1
    has_fp64=True,
    # [TXO-4117]: has_atomic64=1
    has_atomic64=True,
    # Same Xe-HPC core as the Max 1550 ([XEARCH]): bf16 conversions in hardware.
    has_bfloat16_conversions=True,
    # Same Xe-HPC core: XMX/DPAS ([XEARCH]).
    has_subgroup_matrix_multiply_accumulate=True,
    # Same Xe-HPC core: TF32 XMX inputs ([XEARCH]).
    has_subgroup_matrix_multiply_accumulate_tensor_float32=True,
    # Same Xe-HPC core: 2D block IO
    # (https://github.com/intel/intel-xpu-backend-for-triton/issues/4138).
    has_subgroup_2d_block_io=True,
    # [TXO-4117]: is_integrated_gpu=0
    is_integrated_gpu=False,
    # [TXO-4117]: total_memory=49136MB (torch prints bytes // 2**20)
    total_memory=49136 * 1024 * 1024,
    # [TXO-4117]: gpu_subslice_count=56
    gpu_subslice_count=56,
    # [ARCHDEF]: intel_gpu_pvc = 0x000000030f000700
    architecture=0x000000030F000700,
    # [TXO-4117]: type='gpu'
    type="gpu",
    # [ARCHNAME]: architecture::intel_gpu_pvc -> "pvc"
    triton_arch="pvc",
    sources=(
        "https://github.com/intel/torch-xpu-ops/issues/4117",
        "https://github.com/intel/torch-xpu-ops/issues/4157",
        "https://www.intel.com/content/www/us/en/products/sku/232876/"
        "intel-data-center-gpu-max-1100/specifications.html",
        ARCHDEF,
        ARCHNAME,
        PCIID,
        XEARCH,
    ),
)
