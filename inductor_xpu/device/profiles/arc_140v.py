"""Intel Arc 140V (Lunar Lake Core Ultra 200V iGPU, Xe2-LPG).

No public torch.xpu dump of this iGPU was found.  Its name and PCI ID come
from public device listings; its per-core figures from the Xe2-core it
shares with BMG ([TXO-5087], [TXO-2990]); the memory it can use is the
amount its device name states.  Treat the derived fields as such.
"""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import ARCHDEF, ARCHNAME, XEARCH


PROFILE = DeviceProfile(
    key="arc140v",
    aliases=("lnl", "lunarlake", "lunar-lake", "140v", "xe2-lpg"),
    description="Intel Arc 140V integrated GPU (Lunar Lake, Core Ultra 7 258V), Xe2-LPG",
    # Device name as Windows and torch 2.14.1+xpu report it on a Core Ultra 7
    # 258V laptop: "Intel(R) Arc(TM) 140V GPU (16GB)" (public probe notes and
    # benchmark records of such machines on GitHub).
    name="Intel(R) Arc(TM) 140V GPU (16GB)",
    # Unified Runtime V2 adapter, as on the Xe2 CI machines ([TXO-5087]).
    platform_name="Intel(R) oneAPI Unified Runtime over Level-Zero V2",
    # SYCL vendor string of Intel GPUs (https://github.com/intel/compute-runtime/issues/869)
    vendor="Intel(R) Corporation",
    # PCI 8086:64A0 (the same public probe notes of a Core Ultra 7 258V)
    device_id=0x64A0,
    # Same compute-runtime line as the Xe2 CI machines ([TXO-5087]); assumed.
    driver_version="1.15.38308+1",
    # [ARCHDEF]: intel_gpu_20_4_4 = intel_gpu_lnl_m
    version="20.4.4",
    # 8 Xe2-cores x 8 vector engines: Intel's Arc 140V figures (8 Xe-cores,
    # 64 XMX engines), cf. [XEARCH] for 8 XVEs per Xe2-core.
    max_compute_units=64,
    # as max_compute_units
    gpu_eu_count=64,
    # Xe2-core limit, as on BMG ([TXO-5087]: max_work_group_size=1024).
    max_work_group_size=1024,
    # Xe2-core limit, as on BMG ([TXO-2990]: max_num_sub_groups=64).
    max_num_sub_groups=64,
    # LPDDR5X-8533 system memory (probe notes above: "8 x 4 GiB at 8533 MT/s");
    # 8533 / 2 ~= 4266 MHz.  Derived, approximate.
    memory_clock_rate=4266,
    # Per-channel width as Level Zero reports it on Xe2 ([TXO-5087]); assumed.
    memory_bus_width=64,
    # Arc 140V reports minSubgroupSize 16 (Xe2), IGCIT#1402
    # (https://github.com/IGCIT/Intel-GPU-Community-Issue-Tracker-IGCIT/issues/1402);
    # Xe2 sub-group sizes are [16 32] ([TXO-2990]).
    sub_group_sizes=(16, 32),
    # Xe2-core shared local memory, as on BMG ([TXO-5087]: local_mem_size=128KB).
    local_mem_size=128 * 1024,
    # 8 MB GPU L2 on Lunar Lake (Intel Lunar Lake architecture disclosure,
    # Xe2 "8MB L2 cache"); derived, not from a dump.
    last_level_cache_size=8 * 1024 * 1024,
    # Xe2 ([TXO-2990]: has_fp16=1 on BMG)
    has_fp16=True,
    # Xe2 ([TXO-2990]: has_fp64=1 on BMG); assumed to hold for Xe2-LPG.
    has_fp64=True,
    # Xe2 ([TXO-2990]: has_atomic64=1 on BMG)
    has_atomic64=True,
    # Xe2 XMX takes bf16 ([XEARCH]); as on BMG.
    has_bfloat16_conversions=True,
    # Arc 140V has XMX engines (64, Intel's figures); DPAS available.
    has_subgroup_matrix_multiply_accumulate=True,
    # Not confirmed for Xe2; False, as for BMG (see arc_b580.py).
    has_subgroup_matrix_multiply_accumulate_tensor_float32=False,
    # Xe2 2D block IO, as on BMG
    # (https://github.com/intel/intel-xpu-backend-for-triton/issues/4138).
    has_subgroup_2d_block_io=True,
    # iGPU: shares system memory.
    is_integrated_gpu=True,
    # The "(16GB)" of the device name: the share of system memory the driver
    # gives the GPU on that SKU.  Derived from the name.
    total_memory=16 * 1024 * 1024 * 1024,
    # 8 Xe2-cores (Intel Arc 140V figures)
    gpu_subslice_count=8,
    # [ARCHDEF]: intel_gpu_lnl_m = 0x0000000501000400
    architecture=0x0000000501000400,
    # SYCL device type of a GPU
    type="gpu",
    # [ARCHNAME]: architecture::intel_gpu_lnl_m -> "lnl"
    triton_arch="lnl",
    sources=(
        "public probe notes of a Lenovo 83MC (Core Ultra 7 258V): "
        "'Intel(R) Arc(TM) 140V GPU (16GB)', PCI 8086:64A0",
        "https://github.com/IGCIT/Intel-GPU-Community-Issue-Tracker-IGCIT/issues/1402",
        "https://github.com/intel/torch-xpu-ops/issues/5087",
        "https://github.com/intel/torch-xpu-ops/issues/2990",
        ARCHDEF,
        ARCHNAME,
        XEARCH,
    ),
)
