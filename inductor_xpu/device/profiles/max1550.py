"""Intel Data Center GPU Max 1550 (Ponte Vecchio, Xe-HPC), one stack.

The card has two stacks (128 Xe-cores, 128 GB HBM2e in all).  With the
default FLAT device hierarchy each stack is its own torch device, so one
profile is one stack and a card is ``devices_per_card=2`` devices; the CI
logs cited below list the stacks of each card as separate devices.
"""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import ARCHDEF, ARCHNAME, PCIID, XEARCH


PROFILE = DeviceProfile(
    key="max1550",
    aliases=("pvc1550", "pvc", "data-center-gpu-max-1550"),
    description="Intel Data Center GPU Max 1550, one stack (FLAT mode), Xe-HPC",
    # [TXO-3891]: name='Intel(R) Data Center GPU Max 1550'
    name="Intel(R) Data Center GPU Max 1550",
    # [TXO-3891]: platform_name='Intel(R) oneAPI Unified Runtime over Level-Zero'
    platform_name="Intel(R) oneAPI Unified Runtime over Level-Zero",
    # SYCL vendor string of Intel GPUs, "Vendor Name: Intel(R) Corporation"
    # in xpu-smi output, https://github.com/intel/compute-runtime/issues/869
    vendor="Intel(R) Corporation",
    # [TXO-3891]: device_id=0xBD5; [PCIID]: 0x0BD5 "PVC Max 1550"
    device_id=0x0BD5,
    # [TXO-3891]: driver_version='1.6.33578+51'
    driver_version="1.6.33578+51",
    # Xe-HPC IP version 12.60.7 ([ARCHDEF]: intel_gpu_12_60_7 = intel_gpu_pvc);
    # SYCL reports the IP version as the device version string.
    version="12.60.7",
    # [TXO-3891]: max_compute_units=512
    max_compute_units=512,
    # [TXO-3891]: gpu_eu_count=512 (64 Xe-cores x 8 vector engines, [XEARCH])
    gpu_eu_count=512,
    # [TXO-3891]: max_work_group_size=1024
    max_work_group_size=1024,
    # [TXO-3891]: max_num_sub_groups=64
    max_num_sub_groups=64,
    # [TXO-3891]: memory_clock_rate=3200MHz
    memory_clock_rate=3200,
    # [TXO-3891]: memory_bus_width=64-bit
    memory_bus_width=64,
    # [TXO-3891]: sub_group_sizes=[16 32]
    sub_group_sizes=(16, 32),
    # [TXO-3891]: local_mem_size=128KB
    local_mem_size=128 * 1024,
    # [TXO-3891]: last_level_cache_size=196608KB
    last_level_cache_size=196608 * 1024,
    # [TXO-3891]: has_fp16=1
    has_fp16=True,
    # [TXO-3891]: has_fp64=1
    has_fp64=True,
    # [TXO-3891]: has_atomic64=1
    has_atomic64=True,
    # Xe-HPC converts bf16 in hardware ([XEARCH]: XMX bf16); the Intel Triton
    # backend queries SPV_INTEL_bfloat16_conversion for it (extension_utils.py).
    has_bfloat16_conversions=True,
    # DPAS/XMX: 8 matrix engines per Xe-core on Xe-HPC ([XEARCH]).
    has_subgroup_matrix_multiply_accumulate=True,
    # Xe-HPC XMX accepts TF32 inputs ([XEARCH], data types per generation).
    has_subgroup_matrix_multiply_accumulate_tensor_float32=True,
    # 2D block loads/stores (SPV_INTEL_2d_block_io) exist on Xe-HPC; the Intel
    # Triton backend lowers tt.load to them on PVC
    # (https://github.com/intel/intel-xpu-backend-for-triton/issues/4138).
    has_subgroup_2d_block_io=True,
    # [TXO-3891]: is_integrated_gpu=0
    is_integrated_gpu=False,
    # [TXO-3891]: total_memory=65520MB (torch prints bytes // 2**20)
    total_memory=65520 * 1024 * 1024,
    # [TXO-3891]: gpu_subslice_count=64
    gpu_subslice_count=64,
    # [ARCHDEF]: intel_gpu_pvc = 0x000000030f000700
    architecture=0x000000030F000700,
    # [TXO-3891]: type='gpu'
    type="gpu",
    # [ARCHNAME]: architecture::intel_gpu_pvc -> "pvc"
    triton_arch="pvc",
    sources=(
        "https://github.com/intel/torch-xpu-ops/issues/3891",
        "https://github.com/intel/torch-xpu-ops/issues/3625",
        ARCHDEF,
        ARCHNAME,
        PCIID,
        XEARCH,
    ),
    # Two stacks per card, each a torch device in FLAT mode: the CI machine of
    # [TXO-3625] lists uuid ...-000000000001 and ...-000000000002 per card.
    devices_per_card=2,
)
