"""Intel Arc B580 (Battlemage, BMG-G21, Xe2-HPG).

No public torch.xpu dump of a B580 was found; the Arc Pro B60 uses the same
BMG-G21 die (20 Xe2-cores) and intel/torch-xpu-ops CI prints its properties
([TXO-5087]).  Die-level fields come from that dump (and the older one of [TXO-2990]);
the B580's own name, PCI ID and memory size from the sources cited next to
them.
"""

from inductor_xpu.device.profile import DeviceProfile
from inductor_xpu.device.profiles._sources import ARCHDEF, ARCHNAME, PCIID, XEARCH


PROFILE = DeviceProfile(
    key="b580",
    aliases=("arc-b580", "bmg", "bmg-g21"),
    description="Intel Arc B580 12 GB discrete GPU, Xe2-HPG (BMG-G21)",
    # Windows device name "Intel(R) Arc(TM) B580 Graphics"
    # (https://github.com/IGCIT/Intel-GPU-Community-Issue-Tracker-IGCIT/issues/1370)
    name="Intel(R) Arc(TM) B580 Graphics",
    # [TXO-5087] (B60, BMG-G21): platform_name='Intel(R) oneAPI Unified Runtime over Level-Zero V2'
    platform_name="Intel(R) oneAPI Unified Runtime over Level-Zero V2",
    # SYCL vendor string of Intel GPUs (https://github.com/intel/compute-runtime/issues/869)
    vendor="Intel(R) Corporation",
    # [PCIID]: 0xE20B "BMG B580"
    device_id=0xE20B,
    # [TXO-5087]: driver_version='1.15.38308+1'
    driver_version="1.15.38308+1",
    # [ARCHDEF]: intel_gpu_20_1_4 = intel_gpu_bmg_g21
    version="20.1.4",
    # [TXO-5087]: max_compute_units=160
    max_compute_units=160,
    # [TXO-5087]: gpu_eu_count=160 (B580: 20 Xe2-cores x 8 vector engines,
    # https://www.techpowerup.com/review/intel-arc-b580/single-page.html)
    gpu_eu_count=160,
    # [TXO-5087]: max_work_group_size=1024
    max_work_group_size=1024,
    # [TXO-2990] (B60, same die): max_num_sub_groups=64
    max_num_sub_groups=64,
    # [TXO-5087]: memory_clock_rate=2400MHz (B60 GDDR6 19 Gbps; B580 also
    # 19 Gbps GDDR6, https://www.techpowerup.com/review/intel-arc-b580/single-page.html)
    memory_clock_rate=2400,
    # [TXO-5087]: memory_bus_width=64-bit (per channel; B580 is 192-bit total)
    memory_bus_width=64,
    # [TXO-2990] (B60): sub_group_sizes=[16 32]
    sub_group_sizes=(16, 32),
    # [TXO-5087]: local_mem_size=128KB
    local_mem_size=128 * 1024,
    # [TXO-5087]: last_level_cache_size=18432KB (18 MB L2 on BMG-G21)
    last_level_cache_size=18432 * 1024,
    # [TXO-2990]: has_fp16=1
    has_fp16=True,
    # [TXO-2990]: has_fp64=1
    has_fp64=True,
    # [TXO-2990]: has_atomic64=1
    has_atomic64=True,
    # Xe2 XMX takes bf16 ([XEARCH]); bf16 conversions assumed from that.
    has_bfloat16_conversions=True,
    # Xe2-core: 8 XMX engines (https://www.techpowerup.com/review/intel-arc-b580/single-page.html:
    # "XMX Cores 160"); the Intel Triton backend emits DPAS on BMG.
    has_subgroup_matrix_multiply_accumulate=True,
    # Not confirmed for Xe2 from a public dump; set False (the Intel Triton
    # backend then keeps TF32 dots off DPAS, the conservative choice).
    has_subgroup_matrix_multiply_accumulate_tensor_float32=False,
    # Xe2 has 2D block IO; the Intel Triton backend targets it on BMG
    # (https://github.com/intel/intel-xpu-backend-for-triton/issues/4138).
    has_subgroup_2d_block_io=True,
    # Discrete card ([TXO-5087] B60: is_integrated_gpu=0 on the same die).
    is_integrated_gpu=False,
    # Intel spec 12 GB GDDR6 ("VRAM (MB) 12,288",
    # https://fpsbench.com/compare/gpu/intel-arc-b580-vs-intel-hd-graphics-p4600).
    # A real device reports a little less (the 24 GB B60 reports 24480MB, [TXO-5087]).
    total_memory=12288 * 1024 * 1024,
    # [TXO-5087]: gpu_subslice_count=20
    gpu_subslice_count=20,
    # [ARCHDEF]: intel_gpu_bmg_g21 = 0x0000000500400400
    architecture=0x0000000500400400,
    # [TXO-5087]: type='gpu'
    type="gpu",
    # [ARCHNAME]: architecture::intel_gpu_bmg_g21 -> "bmg"
    triton_arch="bmg",
    sources=(
        "https://github.com/intel/torch-xpu-ops/issues/5087",
        "https://github.com/intel/torch-xpu-ops/issues/2990",
        "https://github.com/IGCIT/Intel-GPU-Community-Issue-Tracker-IGCIT/issues/1370",
        "https://www.techpowerup.com/review/intel-arc-b580/single-page.html",
        "https://fpsbench.com/compare/gpu/intel-arc-b580-vs-intel-hd-graphics-p4600",
        PCIID,
        ARCHDEF,
        ARCHNAME,
        XEARCH,
    ),
)
