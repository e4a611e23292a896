"""Intel Arc A770 16 GB (Alchemist, DG2-G10 / ACM-G10, Xe-HPG)."""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import ARCHDEF, ARCHNAME, XEARCH


# [A770-DUMP]: torch.xpu.get_device_properties() printed by a public Arc A770
# setup tutorial (torch 2.7.0+xpu / IPEX 2.7.10+xpu, Level-Zero driver
# 1.6.32567+18): "_XpuDeviceProperties(name='Intel(R) Arc(TM) A770 Graphics',
# platform_name='Intel(R) oneAPI Unified Runtime over Level-Zero', type='gpu',
# driver_version='1.6.32567+18', total_memory=15473MB, max_compute_units=512,
# gpu_eu_count=512, gpu_subslice_count=32, max_work_group_size=1024,
# max_num_sub_groups=128, sub_group_sizes=[8 16 32], has_fp16=1, has_fp64=0,
# has_atomic64=1)".  The same values appear in the IPEX 2.3/2.5 xpu guides.
PROFILE = DeviceProfile(
    key="a770",
    aliases=("arc-a770", "dg2", "acm-g10"),
    description="Intel Arc A770 16 GB discrete GPU, Xe-HPG (DG2-G10)",
    # [A770-DUMP]
    name="Intel(R) Arc(TM) A770 Graphics",
    # [A770-DUMP]
    platform_name="Intel(R) oneAPI Unified Runtime over Level-Zero",
    # xpu-smi on an A770: "Vendor Name: Intel(R) Corporation"
    # (https://github.com/intel/compute-runtime/issues/869)
    vendor="Intel(R) Corporation",
    # xpu-smi on an A770: "PCI Device ID: 0x56a0"
    # (https://github.com/intel/compute-runtime/issues/869)
    device_id=0x56A0,
    # [A770-DUMP]: driver_version='1.6.32567+18'
    driver_version="1.6.32567+18",
    # [ARCHDEF]: intel_gpu_12_55_8 = intel_gpu_acm_g10
    version="12.55.8",
    # [A770-DUMP]: max_compute_units=512
    max_compute_units=512,
    # [A770-DUMP]: gpu_eu_count=512
    gpu_eu_count=512,
    # [A770-DUMP]: max_work_group_size=1024
    max_work_group_size=1024,
    # [A770-DUMP]: max_num_sub_groups=128; clinfo of the same DG2 die (A750):
    # "Max sub-groups per work group 128"
    # (https://github.com/openvinotoolkit/openvino/issues/20012)
    max_num_sub_groups=128,
    # Not in the dump.  GDDR6 at 17.5 Gbps (Intel ARK, Arc A770 16GB), i.e.
    # 17500 / 8 ~= 2187 MHz; Level Zero reports the same relation for BMG's
    # 19 Gbps GDDR6 as 2400 MHz ([TXO-5087]).  Derived, approximate.
    memory_clock_rate=2187,
    # Not in the dump.  Level Zero reports the per-channel width, 64 bits, on
    # PVC ([TXO-3891]) and BMG ([TXO-5087]); assumed the same here.
    memory_bus_width=64,
    # [A770-DUMP]: sub_group_sizes=[8 16 32]
    sub_group_sizes=(8, 16, 32),
    # Level Zero on the same DG2 die (A750): "Local Memory Size: 64.0 KB"
    # (https://github.com/intel/compute-runtime/issues/586)
    local_mem_size=64 * 1024,
    # clinfo on an A770 16GB: "Global Memory cache size 16777216 (16MiB)"
    # (https://github.com/intel/compute-runtime/issues/618); torch reads the
    # same SYCL global_mem_cache_size (pytorch/pytorch#184499).
    last_level_cache_size=16 * 1024 * 1024,
    # [A770-DUMP]: has_fp16=1
    has_fp16=True,
    # [A770-DUMP]: has_fp64=0 (clinfo on A750: "double 0 / 0 (n/a)",
    # https://github.com/openvinotoolkit/openvino/issues/20012)
    has_fp64=False,
    # [A770-DUMP]: has_atomic64=1
    has_atomic64=True,
    # Xe-HPG XMX takes bf16 ([XEARCH]); bf16<->f32 conversion instructions
    # exist on DG2 (assumed from that; not in the dump).
    has_bfloat16_conversions=True,
    # DPAS on A770 (sub-group size 8):
    # https://github.com/intel/intel-xpu-backend-for-triton/issues/991
    has_subgroup_matrix_multiply_accumulate=True,
    # Xe-HPG XMX has no TF32 input type ([XEARCH]: TF32 is an Xe-HPC type).
    has_subgroup_matrix_multiply_accumulate_tensor_float32=False,
    # No 2D block IO on Xe-HPG; the Intel Triton backend uses it on PVC and
    # Xe2 only (https://github.com/intel/intel-xpu-backend-for-triton/issues/4138).
    has_subgroup_2d_block_io=False,
    # Discrete card.
    is_integrated_gpu=False,
    # [A770-DUMP]: total_memory=15473MB (torch prints bytes // 2**20)
    total_memory=15473 * 1024 * 1024,
    # [A770-DUMP]: gpu_subslice_count=32 (Intel ARK: 32 Xe-cores)
    gpu_subslice_count=32,
    # [ARCHDEF]: intel_gpu_acm_g10 (alias intel_gpu_dg2_g10) = 0x000000030dc00800
    architecture=0x000000030DC00800,
    # [A770-DUMP]: type='gpu'
    type="gpu",
    # [ARCHNAME]: architecture::intel_gpu_dg2_g10 -> "dg2"
    triton_arch="dg2",
    sources=(
        "public Arc A770 setup tutorial printing torch.xpu.get_device_properties() "
        "(torch 2.7.0+xpu)",
        "https://github.com/intel/compute-runtime/issues/869",
        "https://github.com/intel/compute-runtime/issues/618",
        "https://github.com/intel/compute-runtime/issues/586",
        "https://github.com/openvinotoolkit/openvino/issues/20012",
        "https://github.com/intel/intel-xpu-backend-for-triton/issues/991",
        ARCHDEF,
        ARCHNAME,
        XEARCH,
    ),
)
